#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/property_map/property_map.hpp>
#include <catch2/catch.hpp>

#include "framework/reduction.hpp"
#include "test_support.hpp"

using namespace pacer;
using pacer::test::model;

namespace {
const char* kC = "<constructs int_add=\"1\"/>";
std::string compute(const std::string& id) { return "<compute id=\"" + id + "\">" + kC + "</compute>"; }
std::string formula_of(const ApplicationModel& m) { return to_string(reduce(m, m.tasks[0]).formula); }
}  // namespace

TEST_CASE("a sequence reduces to the sum of its nodes", "[reduction]") {
  auto m = model("<task name=\"t\">" + compute("a") + compute("b") + "</task>");
  CHECK(formula_of(m) == "t(v_a) + t(v_b)");
}

TEST_CASE("nested loops multiply their trip counts", "[reduction]") {
  auto m = model("<task name=\"t\"><loop id=\"i\" trips=\"N\"><loop id=\"j\" trips=\"M\">" + compute("x") +
                     "</loop>" + compute("y") + "</loop></task>",
                 "<parameter name=\"N\"/><parameter name=\"M\"/>");
  TaskFormula f = reduce(m, m.tasks[0]);
  CHECK(to_string(f.formula) == "N * (M * t(v_x) + t(v_y))");
  REQUIRE(f.terms.size() == 2);
  CHECK(to_string(f.terms[0].executions) == "N * M");
  CHECK(to_string(f.terms[1].executions) == "N");
}

TEST_CASE("a branch weights its arms; the else arm takes the rest", "[reduction]") {
  auto m = model("<task name=\"t\"><branch id=\"b\"><arm probability=\"P\">" + compute("a") + "</arm><else>" +
                     compute("c") + "</else></branch></task>",
                 "<parameter name=\"P\" kind=\"probability\"/>");
  CHECK(formula_of(m) == "P * t(v_a) + (1 - P) * t(v_c)");
}

TEST_CASE("arms without an else may sum to less than one", "[reduction]") {
  auto m = model("<task name=\"t\"><branch id=\"b\"><arm probability=\"0.25\">" + compute("a") +
                 "</arm><arm probability=\"0.5\">" + compute("c") + "</arm></branch></task>");
  TaskFormula f = reduce(m, m.tasks[0]);
  CHECK(to_string(f.formula) == "0.25 * t(v_a) + 0.5 * t(v_c)");
  Bindings b;
  b.times = {{"a", 4}, {"c", 2}};
  CHECK(evaluate(f.inlined, b) == 2);
}

TEST_CASE("a call stands for the callee's formula, inlined for evaluation", "[reduction]") {
  auto m = model("<task name=\"t\"><loop id=\"l\" trips=\"N\"><call id=\"c\" callee=\"f\"/></loop></task>"
                 "<function name=\"f\">" + compute("a") + compute("b") + "</function>",
                 "<parameter name=\"N\"/>");
  TaskFormula f = reduce(m, m.tasks[0]);
  CHECK(to_string(f.formula) == "N * T(f)");
  CHECK(to_string(f.inlined) == "N * (t(v_a) + t(v_b))");
  REQUIRE(f.terms.size() == 2);
  CHECK(f.terms[0].id == "c/a");
  CHECK(to_string(f.terms[1].executions) == "N");
}

TEST_CASE("node totals add up to the task's formula", "[reduction]") {
  auto m = pacer::read_model_file(pacer::test::source_path("examples/models/integration.xml"));
  TaskFormula f = reduce(m, m.tasks[0]);
  Bindings b;
  b.params = {{"P_edge", 0.3}, {"N_power", 4}, {"N_ivals", 17}};
  double k = 1;
  for (const auto& t : f.terms) b.times[t.node->vector] = (k *= 1.7);
  double sum = 0;
  for (const auto& t : f.terms) sum += evaluate(t.executions, b) * b.times[t.node->vector];
  CHECK(sum == Approx(evaluate(f.inlined, b)).epsilon(1e-12));
}

TEST_CASE("recursion and unknown callees are errors", "[reduction][bad-input]") {
  CHECK_THROWS_WITH(model("<task name=\"t\"><call id=\"c\" callee=\"f\"/></task>"
                          "<function name=\"f\"><call id=\"d\" callee=\"g\"/></function>"
                          "<function name=\"g\"><call id=\"e\" callee=\"f\"/></function>"),
                    Catch::Contains("recursion"));
  CHECK_THROWS_WITH(model("<task name=\"t\"><call id=\"c\" callee=\"nowhere\"/></task>"),
                    Catch::Contains("'nowhere'"));
}

TEST_CASE("guards catch negative trip counts and probabilities outside [0, 1]", "[reduction][bad-input]") {
  auto m = model("<task name=\"t\"><loop id=\"l\" trips=\"N - 5\"><branch id=\"b\"><arm probability=\"2 * P\">" +
                     compute("a") + "</arm></branch></loop></task>",
                 "<parameter name=\"N\"/><parameter name=\"P\"/>");
  TaskFormula f = reduce(m, m.tasks[0]);
  Bindings b;
  b.params = {{"N", 3}, {"P", 0.1}};
  CHECK_THROWS_WITH(check_guards(f.guards, b), Catch::Contains("loop 'l'") && Catch::Contains("negative"));
  b.params = {{"N", 10}, {"P", 0.6}};
  CHECK_THROWS_WITH(check_guards(f.guards, b), Catch::Contains("branch 'b'") && Catch::Contains("[0, 1]"));
  b.params = {{"N", 10}, {"P", 0.4}};
  CHECK_NOTHROW(check_guards(f.guards, b));
}

TEST_CASE("the SEG is a Boost.Graph chain in control-flow order", "[seg]") {
  Seg s;
  for (const char* id : {"a", "b", "c"}) {
    SegNode n;
    n.id = id;
    s.append(std::move(n));
  }
  CHECK(num_vertices(s) == 3);
  CHECK(num_edges(s) == 2);
  CHECK(out_degree(0, s) == 1);
  CHECK(out_degree(2, s) == 0);
  // Boost.Graph's own algorithms walk it: a depth-first search from the
  // first node meets every node, each by the edge from the one before, and
  // a topological order of the chain is its control-flow order.
  std::vector<Seg::Vertex> parent(3, 99);
  std::vector<boost::default_color_type> colour(3);
  const auto index = boost::typed_identity_property_map<Seg::Vertex>();
  boost::depth_first_visit(s, 0, boost::make_dfs_visitor(boost::record_predecessors(
                                     boost::make_iterator_property_map(parent.begin(), index), boost::on_tree_edge())),
                           boost::make_iterator_property_map(colour.begin(), index));
  CHECK(parent == std::vector<Seg::Vertex>{99, 0, 1});
  std::vector<Seg::Vertex> reversed;
  boost::topological_sort(s, std::back_inserter(reversed),
                          boost::color_map(boost::make_iterator_property_map(colour.begin(), index)));
  CHECK(reversed == std::vector<Seg::Vertex>{2, 1, 0});
  auto seq = s.sequence();
  REQUIRE(seq.size() == 3);
  CHECK(seq[0]->id == "a");
  CHECK(seq[2]->id == "c");
}
