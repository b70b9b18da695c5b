// The `pacer` program as a user runs it: the issue's acceptance commands,
// JSON shapes, and bad input (exit status 2, one message, nothing on stdout).
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/run_pacer.hpp"

using pacer::test::run_pacer;
using pacer::test::Run;
using pacer::test::temp_file;

namespace {

void check_bad_input(const std::string& args, const std::string& message) {
  INFO(args);
  Run r = run_pacer(args);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(message));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') <= 2);
}

}  // namespace

TEST_CASE("pacer formula prints Eq. 1", "[cli]") {
  Run r = run_pacer("formula examples/models/findmax.xml");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("t_x = t(v_assign) + N_element \u00b7 (t(v_loop) + t(v_if) + P_max \u00b7 t(v_assign))"));
  Run j = run_pacer("formula examples/models/sort.xml --json");
  REQUIRE(j.status == 0);
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["tasks"][0]["formula"] == "t(v_init) + N_merge * t(v_merge) + N_tail * t(v_tail) + N_copy * t(v_copy)");
}

TEST_CASE("pacer predict --json carries hardware, model, total and nodes", "[cli]") {
  Run r = run_pacer("predict examples/models/findmax.xml --hw hw/parsytec-t800.xml --model all "
                "--param N_element=1000 --param P_max=0.05 --json");
  REQUIRE(r.status == 0);
  auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["predictions"].size() == 3);
  for (const auto& p : doc["predictions"]) {
    CHECK(p["hardware"] == "parsytec-t800");
    CHECK(p["total_seconds"].is_number());
    REQUIRE(p["nodes"].size() == 4);
    for (const auto& n : p["nodes"]) {
      CHECK(n["id"].is_string());
      CHECK(n["seconds"].is_number());
    }
  }
  CHECK(doc["predictions"][2]["model"] == "hllc");
  CHECK(doc["predictions"][2]["lower_bound"] == true);
}

TEST_CASE("pacer predict sweeps a parameter", "[cli]") {
  Run r = run_pacer("predict examples/models/integration.xml --hw hw/parsytec-t800.xml --model hllc "
                "--sweep N_ivals=1:1000:1 --json");
  REQUIRE(r.status == 0);
  auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["sweep"]["points"].size() == 1000);
  const auto& totals = doc["predictions"][0]["total_seconds"];
  REQUIRE(totals.size() == 1000);
  // Linear in N_ivals: equal steps.
  double step = totals[1].get<double>() - totals[0].get<double>();
  CHECK(totals[999].get<double>() - totals[998].get<double>() == Approx(step));
  Run csv = run_pacer("predict examples/models/integration.xml --hw parsytec-t800 --model hllc,poc "
                  "--sweep N_ivals=1:3:1 --sweep P_edge=0:1:0.5 --csv");
  REQUIRE(csv.status == 0);
  CHECK_THAT(csv.out, Catch::StartsWith("N_ivals,P_edge,hllc_seconds,poc_seconds\n"));
  CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 10);
}

TEST_CASE("several --hw put machines side by side", "[cli]") {
  std::string other = temp_file("pacer-fast.xml", R"(<hardware name="fast">
  <poc><param name="flop_rate" value="3" unit="Mflop/s" source="test"/></poc></hardware>)");
  Run r = run_pacer("predict examples/models/matmul.xml --hw hw/parsytec-t800.xml --hw " + other + " --model poc --json");
  REQUIRE(r.status == 0);
  auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["predictions"].size() == 2);
  CHECK(doc["predictions"][0]["total_seconds"].get<double>() ==
        Approx(2 * doc["predictions"][1]["total_seconds"].get<double>()));
  Run text = run_pacer("predict examples/models/matmul.xml --hw hw/parsytec-t800.xml --hw " + other + " --model poc");
  CHECK_THAT(text.out, Catch::Contains("parsytec-t800/poc") && Catch::Contains("fast/poc"));
}

TEST_CASE("pacer hw list, show and check", "[cli]") {
  Run check = run_pacer("hw check hw/parsytec-t800.xml");
  REQUIRE(check.status == 0);
  CHECK_THAT(check.out, Catch::StartsWith("ok: hw/parsytec-t800.xml"));
  Run list = run_pacer("hw list --json");
  REQUIRE(list.status == 0);
  CHECK_THAT(list.out, Catch::Contains("parsytec-t800"));
  Run show = run_pacer("hw show parsytec-t800");
  REQUIRE(show.status == 0);
  CHECK_THAT(show.out, Catch::Contains("Table 4") && Catch::Contains("int_add"));
}

TEST_CASE("bad input: one message, exit status 2, nothing on stdout", "[cli][bad-input]") {
  const std::string fm = "predict examples/models/findmax.xml --hw hw/parsytec-t800.xml ";
  check_bad_input("formula no/such/model.xml", "no/such/model.xml: cannot open");
  check_bad_input(fm + "--model oracle", "unknown resource model 'oracle'");
  check_bad_input(fm + "--param P_max=1.5", "[0, 1]");
  check_bad_input(fm + "--param N_element=-1", "negative");
  check_bad_input(fm + "--param N_element=lots", "not a number");
  check_bad_input(fm + "--param Q=1", "unknown parameter 'Q'");
  check_bad_input(fm + "--sweep N_element=1:10", "NAME=FROM:TO:STEP");
  check_bad_input("predict examples/models/findmax.xml --hw no-such-machine", "no-such-machine");
  check_bad_input("predict examples/models/findmax.xml", "--hw");
  check_bad_input("hw check " + temp_file("pacer-bad.xml", "<hardware name=\"b\">\n<cpu>\n<param name=\"clock\" "
                                                           "value=\"1\" unit=\"GHz\"/></cpu></hardware>"),
                  "pacer-bad.xml:3: field 'source'");
  check_bad_input("formula " + temp_file("pacer-broken.xml", "<application name=\"x\">\n<task name=\"t\">\n"),
                  "pacer-broken.xml:2: malformed XML");
  std::string unbound = temp_file("pacer-unbound.xml",
                                  "<application name=\"u\"><parameter name=\"N\" kind=\"count\"/><task name=\"t\">"
                                  "<loop id=\"l\" trips=\"N\"><compute id=\"a\"><time seconds=\"1\"/></compute>"
                                  "</loop></task></application>");
  check_bad_input("predict " + unbound + " --hw hw/parsytec-t800.xml --model dbc", "--param N=");
  check_bad_input("frobnicate", "frobnicate");
}

// A run registers only the command it names, found by name in the command
// list: every command help lists must be found under its own name.
TEST_CASE("every command pacer --help lists runs under its name", "[cli]") {
  Run help = run_pacer("--help");
  REQUIRE(help.status == 0);
  std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  int commands = 0;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    const std::string name = line.substr(2, line.find(' ', 2) - 2);
    INFO(name);
    Run own = run_pacer(name + " --help");
    CHECK(own.status == 0);
    CHECK_THAT(own.out, Catch::Contains(name));
    ++commands;
  }
  CHECK(commands >= 12);
}

// The C frontend's module is loaded with lazy binding, which would report a
// symbol the module cannot find only when a command first called it: every
// symbol it imports must still be found when all are bound at once.
TEST_CASE("the C frontend's module binds every symbol it imports", "[cli][frontend]") {
  Run r = run_pacer("analyse examples/kernels/matmul.c --function matmul", "LD_BIND_NOW=1");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.err.find("symbol") == std::string::npos);
  CHECK_THAT(r.out, Catch::Contains("matmul"));
}

TEST_CASE("pacer analyse --json carries the issue's fields, and --xml feeds predict", "[cli][frontend]") {
  Run r = run_pacer("analyse examples/kernels/matmul.c --json --function matmul");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  const auto& nodes = j["functions"][0]["nodes"];
  REQUIRE(nodes.size() == 2);
  for (const char* field : {"id", "kind", "line"}) CHECK(nodes[1].contains(field));
  CHECK(nodes[0]["kind"] == "segment");
  CHECK(nodes[0].contains("ruv"));
  CHECK(nodes[0].contains("flops"));
  CHECK(nodes[1]["kind"] == "loop");
  CHECK(nodes[1]["trip_count"] == "matmul.n");

  std::string xml = temp_file("pacer-matmul-analysed.xml", "");
  Run x = run_pacer("analyse examples/kernels/matmul.c --function matmul --xml > '" + xml + "'");
  REQUIRE(x.status == 0);
  Run p = run_pacer("predict '" + xml + "' --hw parsytec-t800 --model poc --param matmul.n=256 --json");
  INFO(p.err);
  REQUIRE(p.status == 0);
  // Two flops per step of the 256^3 dot-product steps at 1.5 Mflop/s, plus nothing else with flops.
  CHECK(nlohmann::json::parse(p.out)["predictions"][0]["total_seconds"].get<double>() ==
        Approx(2.0 * 256 * 256 * 256 / 1.5e6));
  check_bad_input("analyse examples/kernels/nonexistent.c", "no such file");
  check_bad_input("analyse examples/kernels/matmul.c --function nosuch", "no function 'nosuch'");
}
