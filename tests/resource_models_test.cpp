#include <catch2/catch.hpp>

#include "framework/construct_tally.hpp"
#include "resource_models/prediction.hpp"
#include "test_support.hpp"

using namespace pacer;

namespace {
const char* kMachine = R"(<hardware name="m">
  <cpu><param name="clock" value="2" unit="GHz" source="test"/></cpu>
  <poc><param name="flop_rate" value="1" unit="Gflop/s" source="test"/></poc>
  <hllc>
    <cost construct="double_add" value="1" unit="ns" source="test"/>
    <cost construct="double_div" value="10" unit="ns" source="test"/>
    <cost construct="loop" value="2" unit="ns" source="test"/>
  </hllc>
</hardware>)";

SegNode node_with(const std::map<std::string, Ruv>& ruvs) {
  SegNode n;
  n.id = "n";
  n.vector = "n";
  n.ruvs.insert(ruvs.begin(), ruvs.end());
  return n;
}
Ruv ruv(std::map<std::string, double> counts) {
  Ruv r;
  for (const auto& [k, v] : counts) r.set(k, v);
  return r;
}
}  // namespace

TEST_CASE("the registry holds dbc, poc, hllc, intcc, icc and ct; unknown names are errors", "[resource-models]") {
  std::vector<std::string> names;
  for (const auto& m : resource_models()) names.push_back(m->name());
  CHECK(names == std::vector<std::string>{"dbc", "poc", "hllc", "hllc+", "intcc", "icc", "ct"});
  CHECK_THROWS_WITH(find_resource_model("oracle"), Catch::Contains("unknown resource model 'oracle'"));
}

TEST_CASE("each resource model declares the sections it reads, and prices nothing without them", "[resource-models]") {
  for (const auto& m : resource_models())
    for (const auto& section : m->sections()) {
      INFO(m->name() << " reads " << section);
      CHECK((section == "hllc" || section == "intcc" || find_section_spec(section) != nullptr));  // cost vectors, or the schema's
    }
  // A node each model could price, on the machine without the model's sections.
  const std::map<std::string, SegNode> nodes = {
      {"dbc", node_with({{ruv_kind::time, ruv({{"cycles", 2000}})}})},
      {"poc", node_with({{ruv_kind::flops, ruv({{"flops", 3}})}})},
      {"hllc", node_with({{ruv_kind::constructs, ruv({{"double_add", 1}})}})},
      {"hllc+", node_with({{ruv_kind::constructs, ruv({{"double_add", 1}})}, {ruv_kind::ir, ruv({{"double_add", 1}})}})},
      {"intcc", node_with({{ruv_kind::ir, ruv({{"double_add", 1}})}})}};
  for (const auto& [name, n] : nodes) {
    const ResourceModel& m = find_resource_model(name);
    Hardware hw = read_hardware_string(kMachine, "m.xml");
    CHECK_NOTHROW(m.price(n, hw));
    for (const auto& section : m.sections()) hw.sections.erase(section);
    INFO(name);
    CHECK_THROWS_AS(m.price(n, hw), MissingFigure);
  }
}

TEST_CASE("POC weights flops as McMahon's Table 1 and divides by the flop rate (Eq. 6)", "[resource-models]") {
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  // 2 adds (1 each) + 1 divide (4) + 1 sqrt (4) + 1 exp (8) + 1 compare (1) = 19 flops; ints are free.
  SegNode n = node_with({{ruv_kind::constructs, ruv({{"double_add", 2}, {"double_div", 1}, {"double_sqrt", 1},
                                                     {"math_exp", 1}, {"double_cmp", 1}, {"int_add", 7}})}});
  CHECK(find_resource_model("poc").price(n, hw).seconds == Approx(19e-9));
  n.ruvs[ruv_kind::flops] = ruv({{"flops", 3}});  // a hand-given count wins
  CHECK(find_resource_model("poc").price(n, hw).seconds == Approx(3e-9));
}

TEST_CASE("a tally by construct id makes the RUV and the flops that counting by name makes", "[resource-models]") {
  // Added out of name order, one construct twice, one count of zero.
  const std::vector<std::pair<std::string, double>> adds = {
      {"math_exp", 1}, {"double_add", 2}, {"int_add", 7}, {"array_index", 0}, {"double_add", 0.5}, {"call", 1}};
  ConstructTally tally;
  Ruv by_name;
  for (const auto& [name, n] : adds) {
    tally.add(static_cast<ConstructId>(construct_index(name)), n);
    by_name.add(name, n);
  }
  const Ruv made = tally.ruv();
  CHECK(made == by_name);
  std::vector<std::string> order;
  for (const auto& [name, n] : made) order.push_back(name);
  CHECK(order == std::vector<std::string>{"array_index", "call", "double_add", "int_add", "math_exp"});
  CHECK(tally.mcmahon_flops() == mcmahon_flops(by_name));  // 2.5 adds + 8 for exp
  CHECK(tally.mcmahon_flops() == 10.5);
  Ruv before = ruv({{"int_add", 1}, {"loop", 1}});
  tally.add_to(before);
  CHECK(before.get("int_add") == 8);
  CHECK(before.get("loop") == 1);
  CHECK(ConstructTally().empty());
  CHECK(construct_id("int_add") == construct_index("int_add"));
}

TEST_CASE("HLLC is the inner product of cost vector and RUV (Eq. 4)", "[resource-models]") {
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  SegNode n = node_with({{ruv_kind::constructs, ruv({{"double_add", 3}, {"double_div", 2}, {"loop", 1}})}});
  NodeCost c = find_resource_model("hllc").price(n, hw);
  CHECK(c.seconds == Approx(3e-9 + 20e-9 + 2e-9));
  CHECK(c.unpriced.empty());
  n.ruvs[ruv_kind::constructs].set("int_mul", 4);
  c = find_resource_model("hllc").price(n, hw);
  CHECK(c.seconds == Approx(25e-9));
  CHECK(c.unpriced == std::map<std::string, double>{{"int_mul", 4}});
}

TEST_CASE("DBC takes design estimates in seconds and in cycles of the clock", "[resource-models]") {
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  SegNode n = node_with({{ruv_kind::time, ruv({{"seconds", 1e-6}, {"cycles", 2000}})}});
  CHECK(find_resource_model("dbc").price(n, hw).seconds == Approx(2e-6));
}

TEST_CASE("a node without the RUV a model needs is an error naming both", "[resource-models][bad-input]") {
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  SegNode n = node_with({});
  n.where = {"model.xml", 12};
  CHECK_THROWS_WITH(find_resource_model("hllc").price(n, hw),
                    Catch::Contains("model.xml:12") && Catch::Contains("'constructs'") && Catch::Contains("hllc"));
  CHECK_THROWS_WITH(find_resource_model("dbc").price(n, hw), Catch::Contains("'time'"));
}

TEST_CASE("predictions bind defaults, reject bad parameters and sweep", "[prediction][bad-input]") {
  ApplicationModel m = read_model_file(test::source_path("examples/models/findmax.xml"));
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  Predictor p(m);
  const ResourceModel& dbc = find_resource_model("dbc");
  CHECK_THROWS_WITH(p.predict(hw, dbc, {{"P_max", 1.5}}), Catch::Contains("P_max") && Catch::Contains("[0, 1]"));
  CHECK_THROWS_WITH(p.predict(hw, dbc, {{"N_element", -1}}), Catch::Contains("negative"));
  CHECK_THROWS_WITH(p.predict(hw, dbc, {{"N_elements", 1}}), Catch::Contains("unknown parameter 'N_elements'"));
  Prediction one = p.predict(hw, dbc, {{"N_element", 10}});
  SweepGrid grid({parse_sweep("N_element=0:100:10")});
  Prediction sweep = p.predict_sweep(hw, dbc, {}, grid);
  REQUIRE(sweep.sweep.total_seconds.size() == 11);
  CHECK(sweep.sweep.total_seconds[1] == Approx(one.total_seconds));
  CHECK_THROWS_WITH(p.predict_sweep(hw, dbc, {}, SweepGrid({parse_sweep("P_max=0:2:0.5")})),
                    Catch::Contains("[0, 1]"));
  CHECK_THROWS_WITH(p.predict_sweep(hw, dbc, {}, SweepGrid({parse_sweep("Q=0:2:0.5")})),
                    Catch::Contains("does not declare"));
}

TEST_CASE("an unbound parameter is an error that says how to bind it", "[prediction][bad-input]") {
  ApplicationModel m = test::model("<task name=\"t\"><loop id=\"l\" trips=\"N\"><compute id=\"a\">"
                                   "<time seconds=\"1\"/></compute></loop></task>",
                                   "<parameter name=\"N\" kind=\"count\"/>");
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  CHECK_THROWS_WITH(Predictor(m).predict(hw, find_resource_model("dbc"), {}), Catch::Contains("--param N="));
}

TEST_CASE("a sweep whose derived trip count turns negative is caught at that point", "[prediction][bad-input]") {
  ApplicationModel m = test::model("<task name=\"t\"><loop id=\"l\" trips=\"N - 5\"><compute id=\"a\">"
                                   "<time seconds=\"1\"/></compute></loop></task>",
                                   "<parameter name=\"N\" kind=\"count\" default=\"10\"/>");
  Hardware hw = read_hardware_string(kMachine, "m.xml");
  Predictor p(m);
  CHECK_NOTHROW(p.predict_sweep(hw, find_resource_model("dbc"), {}, SweepGrid({parse_sweep("N=5:9:1")})));
  CHECK_THROWS_WITH(p.predict_sweep(hw, find_resource_model("dbc"), {}, SweepGrid({parse_sweep("N=0:9:1")})),
                    Catch::Contains("loop 'l'") && Catch::Contains("negative"));
}
