#include "cli/views/count_check_view.hpp"

#include <algorithm>
#include <sstream>

namespace pacer::cli {

namespace {

// Disagreements first, then in the model's order.
std::vector<const NodeCount*> in_order(const CountCheck& c) {
  std::vector<const NodeCount*> out;
  for (const auto& n : c.nodes) out.push_back(&n);
  std::stable_partition(out.begin(), out.end(), [](const NodeCount* n) { return !n->agrees(); });
  return out;
}

}  // namespace

std::string count_check_text(const CountCheck& c) {
  Table t({"node", "line", "measured", "modelled", ""});
  for (const NodeCount* n : in_order(c))
    t.add({n->function + "/" + n->node_id, std::to_string(n->where.line), format_number(n->measured),
           format_number(n->modelled), n->agrees() ? "" : n->reached ? "DIFFERS" : "DIFFERS (no task reaches it)"});
  std::ostringstream os;
  os << "execution counts of the compute nodes: the model (with the profile's bindings) against the counters\n"
     << t.text() << c.agreeing() << " of " << c.nodes.size() << " nodes agree\n";
  if (c.stopped) os << "note: the run was stopped at its time limit: code after the point it reached counts 0\n";
  for (const auto& n : c.notes) os << "note: " << n << '\n';
  return os.str();
}

json count_check_json(const CountCheck& c) {
  json nodes = json::array();
  for (const NodeCount* n : in_order(c))
    nodes.push_back({{"function", n->function}, {"node", n->node_id}, {"where", n->where.str()},
                     {"measured", n->measured}, {"modelled", n->modelled}, {"reached", n->reached},
                     {"agrees", n->agrees()}});
  return {{"nodes", nodes}, {"agreeing", c.agreeing()}, {"total", c.nodes.size()}, {"stopped", c.stopped},
          {"notes", c.notes}};
}

}  // namespace pacer::cli
