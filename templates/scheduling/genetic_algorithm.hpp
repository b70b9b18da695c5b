// The genetic algorithm of the loop-scheduling paper (Algorithm 1): a
// chromosome gives the thread of every iteration; roulette-wheel selection
// of 2 x popsize parents, single-point crossover, mutation of one gene,
// replacement with elitism; it stops when the best organism has not
// changed for a number of generations. It explores the solution space of
// one workload, to show how far a strategy is from what is achievable.
#pragma once
#include <cstdint>
#include <vector>

#include "templates/scheduling/simulator.hpp"

namespace pacer::sched {

struct GeneticOptions {
  size_t population = 100;
  double crossover = 0.80;    // the paper's rates
  double mutation = 0.10;
  double replacement = 0.90;  // share of the new population taken from the offspring
  double elitism = 0.01;      // share of the best organisms kept as they are (at least one)
  size_t stall_generations = 10000;  // stop when the best is unchanged this long
  size_t max_generations = 1000000;
  double time_limit_seconds = 60;  // a guard for very large workloads
  double target_imbalance = -1;  // stop early when (max - min) / total reaches this (-1: never)
  uint64_t seed = 1;
};

struct GeneticResult {
  std::vector<int> thread_of;
  std::vector<double> thread_loads;
  size_t generations = 0;
  double seconds = 0;
  // (generation, imbalance of the best organism) each time the best improved.
  std::vector<std::pair<size_t, double>> history;
};

// Fitness 1 / (1 + (max - min) / mean) of the threads' loads: Eq. 2's
// objective, finite (1) when the loads balance perfectly.
double genetic_fitness(const std::vector<double>& thread_loads);

// Throws InputError for rates outside [0, 1], a population below 2 or bad loads.
GeneticResult genetic_search(const std::vector<double>& loads, int threads, const GeneticOptions& o);

}  // namespace pacer::sched
