#include <catch2/catch.hpp>

#include "framework/clock_scaling.hpp"
#include "framework/constructs.hpp"
#include "test_support.hpp"

using namespace pacer;

TEST_CASE("the T800 description carries Table 4 in seconds, with sources", "[hardware]") {
  Hardware hw = read_hardware_file(test::source_path("hw/parsytec-t800.xml"));
  CHECK(hw.name == "parsytec-t800");
  CHECK(hw.require("cpu", "clock", "test").value == Approx(25e6));
  CHECK(hw.require("poc", "flop_rate", "test").value == Approx(1.5e6));
  CHECK(hw.require("icc", "t_cyc", "test").value == Approx(40e-9));
  CHECK(hw.require("icc", "e", "test").value == 5);
  // Table 4 of the paper, typed in here independently of the file.
  const std::map<std::string, double> table4_us = {
      {"int_add", 0.41}, {"int_sub", 0.41}, {"int_mul", 0.57}, {"int_div", 2.08}, {"int_shift", 0.12},
      {"int_abs", 0.84}, {"float_add", 0.51}, {"float_sub", 0.50}, {"float_mul", 0.69}, {"float_div", 1.32},
      {"double_add", 0.48}, {"double_sub", 0.49}, {"double_mul", 1.18}, {"double_div", 1.61},
      {"double_sqrt", 9.77}, {"double_abs", 0.96}};
  CHECK(hw.sections.at("hllc").params.size() == table4_us.size());
  for (const auto& [c, us] : table4_us) {
    INFO(c);
    REQUIRE(hw.sections.at("hllc").params.count(c));
    CHECK(hw.sections.at("hllc").params.at(c).value == Approx(us * 1e-6));
    CHECK_THAT(hw.sections.at("hllc").params.at(c).source, Catch::Contains("Table 4"));
  }
  // Every other construct is declared unknown, with a reason.
  CHECK(hw.sections.at("hllc").params.size() + hw.sections.at("hllc").unknown.size() == constructs().size());
  CHECK_THAT(hw.sections.at("hllc").unknown.at("loop"), Catch::Contains("does not publish"));
}

namespace {
std::string hardware_error_of(const std::string& body) {
  return test::error_message([&] { read_hardware_string("<hardware name=\"h\">\n" + body + "\n</hardware>", "hw.xml"); });
}
}  // namespace

TEST_CASE("bad hardware files name the file, line and field", "[hardware][bad-input]") {
  CHECK_THROWS_WITH(read_hardware_file("/nonexistent/hw.xml"), Catch::Contains("cannot open"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"clock\" value=\"1\" unit=\"GHz\"/></cpu>"),
             Catch::Contains("hw.xml:2") && Catch::Contains("field 'source'"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"clock\" value=\"1\" unit=\"furlong\" source=\"x\"/></cpu>"),
             Catch::Contains("field 'unit'") && Catch::Contains("MHz"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"clock\" value=\"fast\" unit=\"GHz\" source=\"x\"/></cpu>"),
             Catch::Contains("field 'value'"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"clock\" value=\"-1\" unit=\"GHz\" source=\"x\"/></cpu>"),
             Catch::Contains("negative"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"warp\" value=\"1\" source=\"x\"/></cpu>"),
             Catch::Contains("field 'warp'") && Catch::Contains("clock"));
  CHECK_THAT(hardware_error_of("<gpu/>"), Catch::Contains("field 'gpu'"));
  CHECK_THAT(hardware_error_of("<hllc><cost construct=\"int_frob\" value=\"1\" unit=\"ns\" source=\"x\"/></hllc>"),
             Catch::Contains("field 'construct'"));
  CHECK_THAT(hardware_error_of("<hllc><cost construct=\"int_add\" value=\"1\" unit=\"ns\" source=\"x\"/>\n"
                      "<cost construct=\"int_add\" value=\"1\" unit=\"ns\" source=\"x\"/></hllc>"),
             Catch::Contains("hw.xml:3") && Catch::Contains("twice"));
  CHECK_THAT(hardware_error_of("<cpu><param name=\"clock\" value=\"1\" unit=\"GHz\" source=\"x\" estimated=\"maybe\"/></cpu>"),
             Catch::Contains("field 'estimated'"));
  CHECK_THAT(hardware_error_of("<cpu>"), Catch::Contains("malformed XML"));
}

TEST_CASE("a model asking for a figure the machine lacks gets a clear error", "[hardware][bad-input]") {
  Hardware hw = read_hardware_string("<hardware name=\"bare\"/>", "bare.xml");
  CHECK_THROWS_WITH(hw.require("poc", "flop_rate", "poc"), Catch::Contains("bare.xml") &&
                                                               Catch::Contains("poc/flop_rate"));
}

TEST_CASE("a section may declare a figure unknown, with its reason, and it reads and writes back", "[hardware]") {
  const std::string xml = R"(<hardware name="vm">
  <memory>
    <param name="l1_size" value="48" unit="KiB" source="CPUID"/>
    <unknown name="l3_size" reason="neither sysfs, CPUID nor the latency curve showed it"/>
  </memory>
</hardware>)";
  const Hardware hw = read_hardware_string(xml, "vm.xml");
  CHECK(hw.has("memory", "l1_size"));
  CHECK(!hw.has("memory", "l3_size"));
  CHECK_THROWS_WITH(hw.require("memory", "l3_size", "icc"),
                    Catch::Contains("memory/l3_size") && Catch::Contains("declared unknown: neither sysfs"));
  const Hardware back = read_hardware_string(hardware_to_xml(hw, ""), "back.xml");
  CHECK(back.sections.at("memory").unknown.at("l3_size") == hw.sections.at("memory").unknown.at("l3_size"));
  CHECK_THAT(test::error_message([] {
               read_hardware_string("<hardware name=\"x\"><memory><unknown name=\"l9_size\" reason=\"r\"/></memory></hardware>",
                                    "x.xml");
             }),
             Catch::Contains("field 'l9_size'"));
  CHECK_THAT(test::error_message([] {
               read_hardware_string("<hardware name=\"x\"><memory><unknown name=\"l1_size\"/></memory></hardware>", "x.xml");
             }),
             Catch::Contains("field 'reason'"));
}

TEST_CASE("a cost measured as zero keeps its latency and spread in its unit when written back", "[hardware]") {
  // A load the core hides costs 0 overlapped, yet its chained form is its
  // latency: the writer converts by the unit, not by value / written.
  const Hardware hw = read_hardware_string(R"(<hardware name="m"><hllc>
    <cost construct="global_load" value="0" unit="ns" dependent="0.9" spread="0.0004" source="t"/>
  </hllc></hardware>)", "m.xml");
  const Figure& f = hw.sections.at("hllc").params.at("global_load");
  CHECK(f.dependent == Approx(0.9e-9));
  const Hardware back = read_hardware_string(hardware_to_xml(hw, ""), "back.xml");
  const Figure& b = back.sections.at("hllc").params.at("global_load");
  CHECK(b.dependent == Approx(0.9e-9));
  CHECK(b.spread == Approx(0.0004e-9));
  CHECK(b.value == 0);
}

TEST_CASE("IntCC's cost vector reads and writes back by IR class, and an unknown class is named", "[hardware][intcc]") {
  const Hardware hw = read_hardware_string(R"(<hardware name="m"><intcc>
    <cost class="double_add" value="0.1" unit="ns" dependent="0.5" source="t"/>
    <cost class="double_add.v2" value="0.12" unit="ns" source="t"/>
    <unknown class="math_exp" reason="r"/>
  </intcc></hardware>)", "m.xml");
  const Hardware back = read_hardware_string(hardware_to_xml(hw, ""), "back.xml");
  const HwSection& ir = back.sections.at("intcc");
  CHECK(ir.params.at("double_add").dependent == Approx(0.5e-9));
  CHECK(ir.params.at("double_add.v2").value == Approx(0.12e-9));
  CHECK(ir.unknown.at("math_exp") == "r");
  CHECK_THAT(test::error_message([] {
               read_hardware_string("<hardware name=\"x\"><intcc><cost class=\"double_frob\" value=\"1\" unit=\"ns\" "
                                    "source=\"t\"/></intcc></hardware>", "x.xml");
             }),
             Catch::Contains("x.xml:1: field 'class'") && Catch::Contains("not an IR class"));
  CHECK_THAT(test::error_message([] {
               read_hardware_string("<hardware name=\"x\"><intcc><cost class=\"double_add.vx\" value=\"1\" unit=\"ns\" "
                                    "source=\"t\"/></intcc></hardware>", "x.xml");
             }),
             Catch::Contains("field 'class'"));
}

TEST_CASE("a description at another core clock moves what the core's clock sets and leaves memory; at another rate of its shared levels, level 3's and memory's", "[hardware][clock]") {
  const Hardware hw = read_hardware_string(R"(<hardware name="h">
  <cpu><param name="clock" value="4" unit="GHz" source="t"/></cpu>
  <icc><param name="t_cyc" value="0.25" unit="ns" source="t"/><param name="e" value="3" unit="cycles" source="t"/></icc>
  <memory>
    <param name="l1_size" value="32" unit="KiB" source="t"/>
    <param name="l1_bandwidth" value="100" unit="GB/s" source="t"/>
    <param name="l3_latency" value="11" unit="ns" source="t"/>
    <param name="mem_bandwidth" value="40" unit="GB/s" source="t"/>
    <param name="mem_latency" value="100" unit="ns" source="t"/>
    <param name="mem_scattered_line" value="20" unit="ns" source="t"/>
  </memory>
  <hllc><cost construct="double_add" value="0.5" dependent="1" unit="ns" source="t"/></hllc>
</hardware>)", "h.xml");
  const Hardware fast = at_core_clock(hw, 4.4e9);
  auto value = [&](const Hardware& h, const char* section, const char* name) { return h.sections.at(section).params.at(name).value; };
  CHECK(value(fast, "cpu", "clock") == Approx(4.4e9));
  CHECK(value(fast, "icc", "t_cyc") == Approx(0.25e-9 / 1.1));
  CHECK(value(fast, "icc", "e") == Approx(3));  // cycles are the clock's own unit
  CHECK(value(fast, "memory", "l1_bandwidth") == Approx(110e9));
  CHECK(value(fast, "memory", "l3_latency") == Approx(10e-9));
  CHECK(value(fast, "memory", "l1_size") == Approx(32 * 1024));
  CHECK(value(fast, "memory", "mem_bandwidth") == Approx(40e9));  // memory keeps its own pace
  CHECK(value(fast, "memory", "mem_latency") == Approx(100e-9));
  CHECK(value(fast, "hllc", "double_add") == Approx(0.5e-9 / 1.1));
  CHECK(fast.sections.at("hllc").params.at("double_add").dependent == Approx(1e-9 / 1.1));
  CHECK(value(at_core_clock(fast, 4e9), "memory", "l3_latency") == Approx(11e-9));  // and back
  const Hardware no_clock = read_hardware_string(R"(<hardware name="n"><memory><param name="l1_latency" value="1" unit="ns" source="t"/></memory></hardware>)", "n.xml");
  CHECK_THROWS_AS(at_core_clock(no_clock, 4e9), MissingFigure);
  CHECK_THROWS_AS(at_core_clock(hw, 0), InputError);
  // The shared levels at another rate: memory and level 3, nothing else.
  const Hardware slowed = at_shared_rate(hw, 0.8);
  CHECK(value(slowed, "memory", "mem_bandwidth") == Approx(32e9));
  CHECK(value(slowed, "memory", "mem_latency") == Approx(125e-9));
  CHECK(value(slowed, "memory", "mem_scattered_line") == Approx(25e-9));
  CHECK(value(slowed, "memory", "l1_bandwidth") == Approx(100e9));
  CHECK(value(slowed, "memory", "l3_latency") == Approx(13.75e-9));  // level 3 is shared too
  CHECK(value(slowed, "memory", "l1_size") == Approx(32 * 1024));
  CHECK(value(slowed, "cpu", "clock") == Approx(4e9));
  CHECK(value(slowed, "hllc", "double_add") == Approx(0.5e-9));
  CHECK(value(at_shared_rate(no_clock, 2), "memory", "l1_latency") == Approx(1e-9));
  CHECK_THROWS_AS(at_shared_rate(hw, -1), InputError);
}
