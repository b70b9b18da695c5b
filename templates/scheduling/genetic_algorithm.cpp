#include "templates/scheduling/genetic_algorithm.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

#include "framework/error.hpp"
#include "templates/scheduling/workload.hpp"

namespace pacer::sched {

namespace {

using Genes = std::vector<uint16_t>;

struct Organism {
  Genes genes;
  double fitness = 0;
  double imbalance = 0;  // (max - min) / total
};

class Search {
 public:
  Search(const std::vector<double>& loads, int threads, const GeneticOptions& o)
      : loads_(loads), T_(threads), o_(o), rng_(o.seed), busy_(size_t(threads)) {}

  GeneticResult run();

 private:
  void evaluate(Organism& x) {
    std::fill(busy_.begin(), busy_.end(), 0.0);
    for (size_t i = 0; i < x.genes.size(); ++i) busy_[x.genes[i]] += loads_[i];
    x.fitness = genetic_fitness(busy_);
    auto [lo, hi] = std::minmax_element(busy_.begin(), busy_.end());
    double total = std::accumulate(busy_.begin(), busy_.end(), 0.0);
    x.imbalance = total > 0 ? (*hi - *lo) / total : 0;
  }
  Organism random_organism() {
    Organism x{Genes(loads_.size()), 0, 0};
    std::uniform_int_distribution<int> thread(0, T_ - 1);
    for (auto& g : x.genes) g = uint16_t(thread(rng_));
    evaluate(x);
    return x;
  }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  std::vector<size_t> select_parents(const std::vector<Organism>& pop);
  void breed(const Organism& x, const Organism& y, std::vector<Organism>& out);
  void replace(std::vector<Organism>& pop, std::vector<Organism>& offspring);

  const std::vector<double>& loads_;
  int T_;
  GeneticOptions o_;
  std::mt19937_64 rng_;
  std::vector<double> busy_;
};

// Roulette wheel: each draw picks an organism with probability
// proportional to its fitness.
std::vector<size_t> Search::select_parents(const std::vector<Organism>& pop) {
  std::vector<double> wheel(pop.size());
  double sum = 0;
  for (size_t i = 0; i < pop.size(); ++i) wheel[i] = (sum += pop[i].fitness);
  std::uniform_real_distribution<double> spin(0, sum);
  std::vector<size_t> parents(2 * o_.population);
  for (auto& p : parents)
    p = std::min(pop.size() - 1, size_t(std::upper_bound(wheel.begin(), wheel.end(), spin(rng_)) - wheel.begin()));
  return parents;
}

void Search::breed(const Organism& x, const Organism& y, std::vector<Organism>& out) {
  size_t n = x.genes.size();
  size_t cut = n > 1 ? std::uniform_int_distribution<size_t>(1, n - 1)(rng_) : 0;
  for (int c = 0; c < 2; ++c) {
    const Organism& head = c == 0 ? x : y;
    const Organism& tail = c == 0 ? y : x;
    Organism child{Genes(n), 0, 0};
    std::copy(head.genes.begin(), head.genes.begin() + std::ptrdiff_t(cut), child.genes.begin());
    std::copy(tail.genes.begin() + std::ptrdiff_t(cut), tail.genes.end(), child.genes.begin() + std::ptrdiff_t(cut));
    if (chance(o_.mutation)) {
      size_t gene = std::uniform_int_distribution<size_t>(0, n - 1)(rng_);
      child.genes[gene] = uint16_t(std::uniform_int_distribution<int>(0, T_ - 1)(rng_));
    }
    evaluate(child);
    out.push_back(std::move(child));
  }
}

// Elitism keeps the best of the old population; of the other places,
// `replacement` go to offspring drawn at random, the rest to survivors of
// the old population drawn at random.
void Search::replace(std::vector<Organism>& pop, std::vector<Organism>& offspring) {
  size_t P = o_.population;
  size_t elite = std::max<size_t>(1, size_t(std::ceil(o_.elitism * double(P))));
  std::partial_sort(pop.begin(), pop.begin() + std::ptrdiff_t(elite), pop.end(),
                    [](const Organism& a, const Organism& b) { return a.fitness > b.fitness; });
  std::shuffle(offspring.begin(), offspring.end(), rng_);
  std::shuffle(pop.begin() + std::ptrdiff_t(elite), pop.end(), rng_);
  size_t from_offspring = std::min(offspring.size(), size_t(std::lround(o_.replacement * double(P - elite))));
  std::vector<Organism> next;
  next.reserve(P);
  for (size_t i = 0; i < elite; ++i) next.push_back(std::move(pop[i]));
  for (size_t i = 0; i < from_offspring; ++i) next.push_back(std::move(offspring[i]));
  for (size_t i = elite; next.size() < P; ++i) next.push_back(std::move(pop[i]));
  pop.swap(next);
}

GeneticResult Search::run() {
  auto start = std::chrono::steady_clock::now();
  std::vector<Organism> pop;
  for (size_t i = 0; i < o_.population; ++i) pop.push_back(random_organism());
  auto best_of = [](const std::vector<Organism>& p) {
    return *std::max_element(p.begin(), p.end(),
                             [](const Organism& a, const Organism& b) { return a.fitness < b.fitness; });
  };
  Organism best = best_of(pop);
  GeneticResult r;
  r.history.emplace_back(0, best.imbalance);
  size_t stall = 0, gen = 0;
  auto out_of_time = [&] {
    return gen % 64 == 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > o_.time_limit_seconds;
  };
  while (stall < o_.stall_generations && gen < o_.max_generations &&
         !(o_.target_imbalance >= 0 && best.imbalance <= o_.target_imbalance) && !out_of_time()) {
    ++gen;
    std::vector<size_t> parents = select_parents(pop);
    std::vector<Organism> offspring;
    std::uniform_int_distribution<size_t> pick(0, parents.size() - 1);
    for (size_t i = 0; i < o_.population; ++i) {
      const Organism& x = pop[parents[pick(rng_)]];
      const Organism& y = pop[parents[pick(rng_)]];
      if (chance(o_.crossover)) breed(x, y, offspring);
    }
    replace(pop, offspring);
    Organism candidate = best_of(pop);
    if (candidate.fitness > best.fitness) {
      best = std::move(candidate);
      r.history.emplace_back(gen, best.imbalance);
      stall = 0;
    } else {
      ++stall;
    }
  }
  r.generations = gen;
  r.thread_of.assign(best.genes.begin(), best.genes.end());
  r.thread_loads.assign(size_t(T_), 0.0);
  for (size_t i = 0; i < loads_.size(); ++i) r.thread_loads[best.genes[i]] += loads_[i];
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void check_rate(double v, const char* name) {
  if (!(v >= 0 && v <= 1)) throw InputError(std::string("the GA's ") + name + " rate must lie in [0, 1]");
}

}  // namespace

double genetic_fitness(const std::vector<double>& thread_loads) {
  auto [lo, hi] = std::minmax_element(thread_loads.begin(), thread_loads.end());
  double mean = std::accumulate(thread_loads.begin(), thread_loads.end(), 0.0) / double(thread_loads.size());
  return mean > 0 ? 1.0 / (1.0 + (*hi - *lo) / mean) : 1.0;
}

GeneticResult genetic_search(const std::vector<double>& loads, int threads, const GeneticOptions& o) {
  check_loads(loads, "genetic algorithm");
  if (threads < 1 || threads > 65535) throw InputError("the number of threads must lie in [1, 65535]");
  if (o.population < 2 || o.population > 100000) throw InputError("the GA's population must lie in [2, 100000]");
  if (!(o.time_limit_seconds > 0)) throw InputError("the GA's time limit must be positive");
  check_rate(o.crossover, "crossover");
  check_rate(o.mutation, "mutation");
  check_rate(o.replacement, "replacement");
  check_rate(o.elitism, "elitism");
  return Search(loads, threads, o).run();
}

}  // namespace pacer::sched
