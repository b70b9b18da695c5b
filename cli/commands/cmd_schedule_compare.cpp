// pacer schedule compare: every strategy on many workloads (loop sizes x
// seeds), as the loop-scheduling paper's section 6.3 and Figure 8 do: mean
// makespan, distance from the lower bound, imbalance, speedup over static,
// and Smart Round-Robin's gain over each other strategy.
#include "framework/error.hpp"
#include "framework/names.hpp"
#include "framework/process_group.hpp"
#include "cli/commands/schedule_options.hpp"
#include "cli/views/schedule_view.hpp"
#include "templates/scheduling/comparison.hpp"
#include "templates/scheduling/strategy.hpp"

namespace pacer::cli {

namespace {

using namespace pacer::sched;

struct CompareOptions {
  WorkloadOptions workload;
  MachineOptions machine;
  std::vector<std::string> strategies;
  std::string plot;
  bool oracle = false;
  size_t oracle_nodes = ComparisonRequest{}.oracle_nodes;
  bool json = false;
};

void run_compare(const CompareOptions& o) {
  MachineModel machine = machine_of(o.machine);
  if (o.workload.file.empty() && o.workload.dist.empty())
    throw InputError("give a workload: --dist NAME --iterations LIST, or --workload FILE");
  if (!o.workload.file.empty() && (!o.workload.iterations.empty() || o.workload.seeds != "1"))
    throw InputError("--iterations and --seeds do not apply to a --workload file");
  ComparisonRequest request;
  request.machine = machine;
  request.strategies = o.strategies;
  request.oracle = o.oracle;
  if (o.oracle_nodes == 0) throw InputError("--oracle-nodes must be at least 1");
  request.oracle_nodes = o.oracle_nodes;
  request.sizes = o.workload.file.empty() ? sizes_of(o.workload) : std::vector<size_t>{0};
  request.seeds = o.workload.file.empty() ? seeds_of(o.workload) : std::vector<uint64_t>{0};
  request.loads = [&](size_t n, uint64_t seed) { return make_instance(o.workload, machine, n, seed).loads; };
  const std::vector<ComparisonAtSize> results = compare_strategies(request);
  if (!root_process()) return;  // under mpirun, rank 0 has every result and prints
  if (!o.plot.empty()) plot_gains(o.plot, results);
  const std::string what = o.workload.file.empty() ? distribution_of(o.workload).describe() : o.workload.file;
  if (o.json) emit(compare_json(what, machine, results, o.plot));
  else emit(compare_text(what, machine, results, o.plot));
}

}  // namespace

void add_schedule_compare_command(CLI::App& schedule) {
  auto o = std::make_shared<CompareOptions>();
  CLI::App* c = schedule.add_subcommand("compare", "Compare strategies over loop sizes and seeds");
  add_workload_options(*c, o->workload, true);
  add_machine_options(*c, o->machine);
  c->add_option("--strategies", o->strategies,
                "Strategies to compare, separated by ; (default: " + join_names(default_comparison(), ", ") + ")")
      ->delimiter(';');
  c->add_flag("--oracle", o->oracle, "Add the oracle's best schedule of each workload as a row");
  c->add_option("--oracle-nodes", o->oracle_nodes,
                "The oracle's search per workload, in branch-and-bound nodes (the same figures on every run)")
      ->capture_default_str();
  c->add_option("--plot", o->plot, "Draw SRR's gains per seed (Figure 8's shape) to this PNG");
  c->add_flag("--json", o->json, "Print JSON");
  c->callback([o] { run_compare(*o); });
}

}  // namespace pacer::cli
