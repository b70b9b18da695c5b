#include <catch2/catch.hpp>

#include "framework/reduction.hpp"
#include "test_support.hpp"

using namespace pacer;
using pacer::test::model;

TEST_CASE("shipped models survive a write and read round trip unchanged", "[xml]") {
  for (const char* name : {"findmax", "integration", "sort", "matmul"}) {
    INFO(name);
    ApplicationModel m = read_model_file(test::source_path(std::string("examples/models/") + name + ".xml"));
    std::string once = write_model(m);
    ApplicationModel again = read_model_string(once, "round-trip.xml");
    CHECK(write_model(again) == once);
    REQUIRE(again.tasks.size() == m.tasks.size());
    CHECK(to_string(reduce(again, again.tasks[0]).formula) == to_string(reduce(m, m.tasks[0]).formula));
    CHECK(again.parameters.size() == m.parameters.size());
  }
}

TEST_CASE("the findmax model has Eq. 1's shape and shared RUVs", "[xml]") {
  ApplicationModel m = read_model_file(test::source_path("examples/models/findmax.xml"));
  TaskFormula f = reduce(m, m.tasks[0]);
  CHECK(to_string(f.formula) == "t(v_assign) + N_element * (t(v_loop) + t(v_if) + P_max * t(v_assign))");
  REQUIRE(f.terms.size() == 4);
  CHECK(f.terms[3].id == "assign_max");
  CHECK(f.terms[3].node->ruvs == f.terms[0].node->ruvs);
}

namespace {
std::string error_of(const std::string& xml) {
  return test::error_message([&] { read_model_string(xml, "bad.xml"); });
}
const char* kP = "<parameter name=\"N\" kind=\"count\"/>";
}  // namespace

TEST_CASE("bad model files name the file, line and field", "[xml][bad-input]") {
  CHECK_THROWS_WITH(read_model_file("/nonexistent/model.xml"), Catch::Contains("/nonexistent/model.xml") &&
                                                                  Catch::Contains("cannot open"));
  CHECK_THAT(error_of("<application name=\"x\">\n<task name=\"t\">\n</application>"),
             Catch::Contains("bad.xml:3") && Catch::Contains("malformed XML"));
  CHECK_THAT(error_of("<application name=\"x\">\n<task name=\"t\">\n<widget id=\"w\"/></task></application>"),
             Catch::Contains("bad.xml:3") && Catch::Contains("field 'widget'"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\" colour=\"red\"/></application>"),
             Catch::Contains("field 'colour'"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><compute id=\"a\"><constructs int_frob=\"1\"/>"
                      "</compute></task></application>"),
             Catch::Contains("field 'int_frob'") && Catch::Contains("unknown construct"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><compute id=\"a\"><constructs int_add=\"-1\"/>"
                      "</compute></task></application>"),
             Catch::Contains("cannot be negative"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><branch id=\"b\"><arm probability=\"1.5\">"
                      "<compute id=\"a\"/></arm></branch></task></application>"),
             Catch::Contains("field 'probability'") && Catch::Contains("[0, 1]"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><loop id=\"l\" trips=\"-3\"><compute id=\"a\"/>"
                      "</loop></task></application>"),
             Catch::Contains("field 'trips'") && Catch::Contains("negative"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><loop id=\"l\" trips=\"M\"><compute id=\"a\"/>"
                      "</loop></task></application>"),
             Catch::Contains("'M'") && Catch::Contains("does not declare"));
  CHECK_THAT(error_of(std::string("<application name=\"x\">") + kP +
                      "<task name=\"t\"><compute id=\"a\"/><compute id=\"a\"/></task></application>"),
             Catch::Contains("appears twice"));
  // The node named is the first met again: b (third), not a (fourth).
  CHECK_THAT(error_of(std::string("<application name=\"x\">") + kP +
                      "<task name=\"t\"><compute id=\"a\"/><compute id=\"b\"/><compute id=\"b\"/>"
                      "<compute id=\"a\"/></task></application>"),
             Catch::Contains("node id 'b' appears twice"));
  // Errors come in the file's order: the undeclared 'M' of the second node
  // before the repeated id of the third.
  CHECK_THAT(error_of(std::string("<application name=\"x\">") + kP +
                      "<task name=\"t\"><compute id=\"a\"/><loop id=\"l\" trips=\"M\"><compute id=\"c\"/></loop>"
                      "<compute id=\"a\"/></task></application>"),
             Catch::Contains("'M'") && Catch::Contains("does not declare"));
  CHECK_THAT(error_of(std::string("<application name=\"x\">") + kP +
                      "<task name=\"t\"><compute id=\"a\"/><compute id=\"a\"/><loop id=\"l\" trips=\"M\">"
                      "<compute id=\"c\"/></loop></task></application>"),
             Catch::Contains("appears twice"));
  CHECK_THAT(error_of("<application name=\"x\"><parameter name=\"P\" kind=\"probability\" default=\"2\"/>"
                      "<task name=\"t\"><compute id=\"a\"/></task></application>"),
             Catch::Contains("field 'default'") && Catch::Contains("[0, 1]"));
  CHECK_THAT(error_of("<application name=\"x\"><parameter name=\"P\" kind=\"often\"/>"
                      "<task name=\"t\"><compute id=\"a\"/></task></application>"),
             Catch::Contains("field 'kind'"));
  CHECK_THAT(error_of("<application name=\"x\"></application>"), Catch::Contains("no task"));
  CHECK_THAT(error_of("<model/>"), Catch::Contains("expected <application>"));
  CHECK_THAT(error_of("<application name=\"x\"><task name=\"t\"><loop id=\"l\" trips=\"N +\"><compute id=\"a\"/>"
                      "</loop></task></application>"),
             Catch::Contains("field 'trips'") && Catch::Contains("column"));
}
