// IntCC (resource_models/intcc): the optimised LLVM IR of each node counted
// by class, per source iteration, and priced with the machine's cost per
// class beside ICC's memory and branch terms.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "framework/constructs.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "resource_models/icc/compiled_model.hpp"
#include "resource_models/icc/machine_costs.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "resource_models/resource_model.hpp"
#include "tests/run_pacer.hpp"
#include "tests/test_support.hpp"

using namespace pacer;
using nlohmann::json;

namespace {

// The code analysed, with IntCC's RUVs from the host's compiler and flags,
// and `extra` flags after them when given.
CAnalysis analyse_ir(const std::string& code, const ParamValues& bound, const std::string& extra = "") {
  static int serial = 0;
  const auto path = std::filesystem::temp_directory_path() /
                    ("pacer-intcc-" + std::to_string(getpid()) + "-" + std::to_string(serial++) + ".c");
  std::ofstream(path) << code;
  CAnalysis a = analyse_c({{path.string()}, {}, {}});
  MachineCostOptions options = machine_cost_options(load_hardware("host"), {});
  options.intermediate = true;
  if (!extra.empty()) options.flags.push_back(extra);
  attach_machine_costs(a.model, a.sources, options, bound);
  std::filesystem::remove(path);
  return a;
}

// A loop the compiler vectorises, and a strict floating-point sum it cannot.
const char* const kVectorAdd =
    "void add(double *restrict a, const double *restrict b, const double *restrict c, int n) {\n"
    "  for (int i = 0; i < n; i++) a[i] = b[i] + c[i];\n"
    "}\n";
const char* const kStrictSum =
    "double sum(const double *a, int n) {\n"
    "  double s = 0;\n"
    "  for (int i = 0; i < n; i++) s += a[i];\n"
    "  return s;\n"
    "}\n";

// The RUV of a task's innermost compute node.
const Ruv& inner_ir(const CAnalysis& a, const std::string& task) {
  const SegNode* found = nullptr;
  int deepest = -1;
  std::function<void(const Seg&, int)> walk = [&](const Seg& s, int depth) {
    for (const SegNode* n : s.sequence()) {
      if (n->kind == NodeKind::Compute && depth > deepest) found = n, deepest = depth;
      if (n->kind == NodeKind::Loop) walk(*n->body, depth + 1);
    }
  };
  walk(a.model.find_seg(task)->seg, 0);
  REQUIRE(found);
  return found->ruvs.at(ruv_kind::ir);
}

// Instructions of a class per source iteration, vector ones by their lanes.
double per_element(const Ruv& r, const std::string& scalar) {
  double sum = 0;
  for (const auto& [name, count] : r) {
    if (scalar_class(name) != scalar) continue;
    const size_t v = name.rfind(".v");
    sum += count * (v == std::string::npos ? 1 : std::stod(name.substr(v + 2)));
  }
  return sum;
}

}  // namespace

TEST_CASE("IntCC counts a vectorised loop's IR per source iteration, by class and vector width", "[intcc]") {
  const CAnalysis a = analyse_ir(
      kVectorAdd,
      {{"add.n", 4096}});
  const Ruv& r = inner_ir(a, "add");
  bool vector = false;
  for (const auto& [name, count] : r) vector = vector || (name.rfind("double_add.v", 0) == 0 && count > 0);
  CHECK(vector);  // the vectoriser's body, not its scalar remainder
  CHECK(per_element(r, "double_add") == Approx(1));
  CHECK(per_element(r, "load") == Approx(2));
  CHECK(per_element(r, "store") == Approx(1));
  CHECK(r.get("bytes") == Approx(24));
}

// expf is the float construct's class and a call (its code is the C
// library's, which may set errno); abs called as a function (-fno-builtin)
// has the class the llvm.abs intrinsic has.
TEST_CASE("IntCC classes a float math call as mathf_exp, a call, and abs as int_minmax", "[intcc]") {
  const CAnalysis a = analyse_ir(
      "#include <math.h>\n#include <stdlib.h>\n"
      "void g(float *x, int *k, int n) { for (int i = 0; i < n; i++) x[i] = expf(x[i]) + abs(k[i]); }\n",
      {{"g.n", 4096}}, "-fno-builtin");
  const Ruv& r = inner_ir(a, "g");
  CHECK(r.get("mathf_exp") == Approx(1));
  CHECK(r.get("math_exp") == 0);
  CHECK(r.get("int_minmax") == Approx(1));
  CHECK(r.get("int_abs") == 0);
  CHECK(r.get("call") == 0);
  // The call adds no load or store class: the body loads x and k and stores x.
  CHECK(r.get("load") == Approx(2));
  CHECK(r.get("store") == Approx(1));
}

TEST_CASE("IntCC keeps a strict floating-point reduction scalar: one add per element", "[intcc]") {
  const CAnalysis a = analyse_ir(
      kStrictSum,
      {{"sum.n", 4096}});
  const Ruv& r = inner_ir(a, "sum");
  CHECK(r.get("double_add") == Approx(1));
  CHECK(per_element(r, "load") == Approx(1));
  // The sum is a recurrence: each add waits for the last.
  double chained = 0;
  for (const auto& [name, count] : r)
    if (name.rfind("recurrence", 0) == 0 && name.substr(name.find('.') + 1) == "double_add") chained += count;
  CHECK(chained == Approx(1));
}

// s += a[i] * b[i] is one llvm.fmuladd. A target without FMA (x86-64's
// baseline, which -O2 alone targets) computes a multiply and an add: only
// the add waits for the last iteration's sum, the multiply runs off the
// chain. With FMA the fused instruction is on the chain (matvec_row.c read
// +49% for IntCC and HLLC+, pricing the unfused add at the multiply's latency).
TEST_CASE("IntCC puts an unfused multiply-add's add on the recurrence, a fused one whole", "[intcc]") {
  const char* const dot =
      "double dot(const double *a, const double *b, int n) {\n"
      "  double s = 0;\n"
      "  for (int i = 0; i < n; i++) s += a[i] * b[i];\n"
      "  return s;\n"
      "}\n";
  const auto chained = [](const Ruv& r, const std::string& cls) {
    double n = 0;
    for (const auto& [name, count] : r)
      if (name.rfind("recurrence", 0) == 0 && name.substr(name.find('.') + 1) == cls) n += count;
    return n;
  };
  const CAnalysis baseline = analyse_ir(dot, {{"dot.n", 4096}});
  const Ruv& plain = inner_ir(baseline, "dot");
  CHECK(plain.get("double_fma") == Approx(1));  // the IR's one instruction, at its rate
  CHECK(chained(plain, "double_add") == Approx(1));
  CHECK(chained(plain, "double_fma") == 0);
  const CAnalysis with_fma = analyse_ir(dot, {{"dot.n", 4096}}, "-mfma");
  const Ruv& fused = inner_ir(with_fma, "dot");
  CHECK(chained(fused, "double_fma") == Approx(1));
  CHECK(chained(fused, "double_add") == 0);
}

TEST_CASE("a chain of multiplies and adds pays the description's crossing between their pipes once", "[intcc][hllc+]") {
  Hardware hw = load_hardware("host");
  REQUIRE(hw.has("icc", "fp_bypass"));
  const double bypass = hw.require("icc", "fp_bypass", "a test").value;
  CHECK(bypass > 0);
  CHECK(fp_crossing({"double_mul", "double_add"}, hw) == bypass);
  CHECK(fp_crossing({"float_fma.v4", "float_sub", "float_mul"}, hw) == bypass);  // vector classes as scalar
  CHECK(fp_crossing({"double_add", "double_add"}, hw) == 0);                    // adds alone stay on their pipes
  CHECK(fp_crossing({"double_mul", "int_add"}, hw) == 0);
  hw.sections.at("icc").params.erase("fp_bypass");
  CHECK(fp_crossing({"double_mul", "double_add"}, hw) == 0);  // no figure, no crossing
}

TEST_CASE("IntCC names the code no class describes instead of dropping it", "[intcc]") {
  const CAnalysis a = analyse_ir(
      "#include <math.h>\n"
      "void f(double *a, unsigned *b, int n) {\n"
      "  for (int i = 0; i < n; i++) { a[i] = floor(a[i]); b[i] = (unsigned)__builtin_popcount(b[i]); }\n"
      "}\n",
      {{"f.n", 4096}});
  const Ruv& r = inner_ir(a, "f");
  double intrinsic = 0, bitwise = 0;
  for (const auto& [name, count] : r) {
    if (scalar_class(name) == "intrinsic") intrinsic += count;  // floor: no class of its own
    if (scalar_class(name) == "int_bitwise") bitwise += count;  // popcount: one ALU operation
  }
  CHECK(intrinsic > 0);
  CHECK(bitwise > 0);
  SegNode node;
  node.kind = NodeKind::Compute;
  node.ruvs[ruv_kind::ir] = r;
  const NodeCost c = find_resource_model("intcc").price(node, load_hardware("host"));
  bool named = false;
  for (const auto& [name, count] : c.unpriced) named = named || scalar_class(name) == "intrinsic";
  CHECK(named);
}

TEST_CASE("IntCC prices classes by their construct benchmarks: free classes at zero, vector classes as scalar, "
          "unknown ones named", "[intcc]") {
  Hardware hw = read_hardware_string(R"(<hardware name="m"><hllc>
    <cost construct="double_add" value="2" unit="ns" source="t"/><cost construct="global_load" value="1" unit="ns" source="t"/>
    </hllc></hardware>)", "m.xml");
  SegNode node;
  node.kind = NodeKind::Compute;
  Ruv& ir = node.ruvs[ruv_kind::ir];
  for (const auto& [name, count] :
       std::map<std::string, double>{{"double_add", 1}, {"double_add.v4", 0.25}, {"load", 2}, {"jump", 3}, {"double_mod", 5}})
    ir.set(name, count);
  const NodeCost c = find_resource_model("intcc").price(node, hw);
  CHECK(c.seconds == Approx((1 + 0.25) * 2e-9 + 2 * 1e-9));
  REQUIRE(c.unpriced.size() == 1);
  CHECK(c.unpriced.count("double_mod"));
  for (const IrClass& k : ir_classes()) CHECK((k.construct.empty() || find_construct(k.construct)));

  // A description with an <intcc> section prices from it: a vector class by
  // its own figure where it has one, else by its scalar class's.
  Hardware own = read_hardware_string(R"(<hardware name="m"><intcc>
    <cost class="double_add" value="2" unit="ns" source="t"/><cost class="double_add.v4" value="6" unit="ns" source="t"/>
    <cost class="load" value="1" unit="ns" source="t"/></intcc></hardware>)", "m.xml");
  const NodeCost o = find_resource_model("intcc").price(node, own);
  CHECK(o.seconds == Approx(1 * 2e-9 + 0.25 * 6e-9 + 2 * 1e-9));
  CHECK(o.unpriced.count("double_mod"));

  // A recurrence of two dependent adds per iteration, at 5 ns each chained,
  // bounds the node above its throughput.
  Hardware chained = read_hardware_string(R"(<hardware name="m"><hllc>
    <cost construct="double_add" value="2" unit="ns" dependent="5" source="t"/></hllc></hardware>)", "m.xml");
  SegNode loop;
  loop.kind = NodeKind::Compute;
  Ruv& body = loop.ruvs[ruv_kind::ir];
  body.set("double_add", 3);
  CHECK(find_resource_model("intcc").price(loop, chained).seconds == Approx(6e-9));
  body.set("recurrence0.double_add", 2);
  body.set("recurrence1.double_add", 1);
  CHECK(find_resource_model("intcc").price(loop, chained).seconds == Approx(10e-9));
}

TEST_CASE("pacer analyse --intcc shows each node's IR by class; predict prices it beside ICC, here and on AArch64",
          "[intcc]") {
  const json a = test::run_json("analyse examples/kernels/matmul.c --intcc --json");
  bool counted = false;
  std::function<void(const json&)> walk = [&](const json& nodes) {
    for (const auto& n : nodes) {
      if (n.contains("intcc") && n["intcc"].value("load", 0.0) > 0) counted = true;
      if (n.contains("body")) walk(n["body"]);
    }
  };
  for (const auto& f : a["functions"]) walk(f["nodes"]);
  CHECK(counted);

  const json p = test::run_json("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --hw hw/host.xml "
                                "--hw hw/nvidia-grace.xml --model intcc,icc --json");
  REQUIRE(p["predictions"].size() == 4);
  for (const auto& x : p["predictions"]) CHECK(x["total_seconds"].get<double>() > 0);
  const double intcc = p["predictions"][0]["total_seconds"], icc = p["predictions"][1]["total_seconds"];
  CHECK(p["predictions"][0]["model"] == "intcc");
  CHECK(intcc / icc == Approx(1).margin(0.7));  // the same kernel, the same memory term: the same order
  test::check_refused("analyse examples/kernels/matmul.c --hw host", "--hw requires --intcc");
  test::check_refused("analyse examples/kernels/matmul.c --intcc --hw hw/parsytec-t800.xml",
                      "field 'icc': the intcc model compiles code with the machine's <icc compiler=...>");
}

// HLLC beyond the paper (resource_models/hllc_plus.cpp): Eq. 4 divided by
// the reported vector width, against the loop-carried chain.
TEST_CASE("HLLC+ divides a vectorised loop's constructs by its width and waits for a loop-carried chain",
          "[intcc][hllc+]") {
  const Hardware host = load_hardware("host");
  const ResourceModel& plain = find_resource_model("hllc");
  const ResourceModel& plus = find_resource_model("hllc+");
  auto inner = [](const CAnalysis& a, const std::string& task) -> const SegNode& {
    const SegNode* found = nullptr;
    for_each_node(a.model.find_seg(task)->seg, [&](const SegNode& n) {
      if (n.kind == NodeKind::Compute && n.ruvs.count(ruv_kind::ir) && n.ruvs.at(ruv_kind::ir).has(ir_vector_lanes))
        found = &n;
      if (!found && n.kind == NodeKind::Compute && n.ruvs.count(ruv_kind::ir) && n.ruvs.at(ruv_kind::ir).get("double_add") > 0)
        found = &n;
    });
    REQUIRE(found);
    return *found;
  };
  // A vectorised loop: the compiler reports a width, and the constructs cost that much less.
  const CAnalysis v = analyse_ir(
      kVectorAdd,
      {{"add.n", 4096}});
  const SegNode& body = inner(v, "add");
  const double lanes = body.ruvs.at(ruv_kind::ir).get(ir_vector_lanes);
  CHECK(lanes >= 2);
  // Without calibrated pipeline pairs HLLC+ adds the pipelines as Eq. 4
  // does, so the width is all that separates them; with them it overlaps
  // pipelines too, which only ever takes time away.
  Hardware summed = host;
  std::erase_if(summed.sections.at("hllc").params, [](const auto& p) { return p.first.find('+') != std::string::npos; });
  CHECK(plus.price(body, summed).seconds == Approx(plain.price(body, summed).seconds / lanes));
  CHECK(plus.price(body, host).seconds <= plain.price(body, host).seconds / lanes * 1.000001);
  // A strict sum: not vectorised, and its adds wait on each other, so the
  // node costs at least one add's chained cost.
  const CAnalysis s = analyse_ir(
      kStrictSum,
      {{"sum.n", 4096}});
  const SegNode& chain = inner(s, "sum");
  CHECK(!chain.ruvs.at(ruv_kind::ir).has(ir_vector_lanes));
  // The loops themselves: the vectorised one runs its vector body's source
  // iterations a step, which the cache simulation walks together; the
  // strict sum's, one.
  auto loop_step = [](const CAnalysis& a, const std::string& task) {
    double step = 0;
    for_each_node(a.model.find_seg(task)->seg, [&](const SegNode& n) {
      if (n.kind == NodeKind::Loop)
        step = n.ruvs.count(ruv_kind::ir) ? std::max(1.0, n.ruvs.at(ruv_kind::ir).get(loop_vector_iterations)) : 1;
    });
    return step;
  };
  CHECK(loop_step(v, "add") >= lanes);
  CHECK(loop_step(s, "sum") == 1);
  const double add_latency = host.sections.at("hllc").params.at("double_add").dependent;
  REQUIRE(add_latency > 0);
  CHECK(plus.price(chain, host).seconds >= add_latency * 0.999);
  CHECK(plus.price(chain, host).seconds >= plain.price(chain, host).seconds * 0.999);
  // Without the compiler's report (a model with no IR) it prices nothing:
  // that is Eq. 4, the hllc model.
  SegNode bare;
  bare.id = bare.vector = "n";
  bare.ruvs[ruv_kind::constructs].set("double_add", 4);
  CHECK_THROWS_AS(plus.price(bare, host), InputError);
}

// The pipelines of HLLC+ and IntCC (resource_models/pipelines.hpp): constructs of two pipelines
// cost the dearer pipeline when the calibrated pair ran in the time of its
// dearer construct, their sum when it ran in the sum of both, and their sum
// (Eq. 4) when the description has no pair.
TEST_CASE("HLLC+ and IntCC overlap two pipelines as far as their calibrated pair did", "[intcc][hllc+]") {
  auto hardware = [](const std::string& pair) {
    return read_hardware_string(
        "<hardware name=\"pipes\"><hllc>"
        "<cost construct=\"int_add\" value=\"1\" unit=\"ns\" source=\"t\"/>"
        "<cost construct=\"double_mul\" value=\"2\" unit=\"ns\" source=\"t\"/>" +
            pair + "</hllc></hardware>",
        "pipes.xml");
  };
  auto pair = [](double ns) {
    return "<cost construct=\"int_add+double_mul\" value=\"" + std::to_string(ns) + "\" unit=\"ns\" source=\"t\"/>";
  };
  SegNode n;
  n.id = n.vector = "n";
  n.ruvs[ruv_kind::constructs].set("int_add", 10);
  n.ruvs[ruv_kind::constructs].set("double_mul", 10);
  // The compiler's report, with no width and no chain: the same operations.
  n.ruvs[ruv_kind::ir].set("double_mul", 10);
  n.ruvs[ruv_kind::ir].set("int_add", 10);
  for (const char* model : {"hllc+", "intcc"}) {  // IntCC's classes issue on their constructs' pipelines
    INFO(model);
    const ResourceModel& m = find_resource_model(model);
    CHECK(m.price(n, hardware(pair(2))).seconds == Approx(20e-9));    // the multiplier's time alone
    CHECK(m.price(n, hardware(pair(3))).seconds == Approx(30e-9));    // one after the other
    CHECK(m.price(n, hardware(pair(2.5))).seconds == Approx(25e-9));  // half the adds hidden
    CHECK(m.price(n, hardware("")).seconds == Approx(30e-9));         // not measured: Eq. 4's sum
  }
  CHECK(find_resource_model("hllc").price(n, hardware(pair(2))).seconds == Approx(30e-9));  // Eq. 4 itself
  // pacer hw show lists the pair with the overlap it gives.
  const std::string file = test::temp_file(
      "pipes.xml", "<hardware name=\"pipes\"><hllc><cost construct=\"int_add\" value=\"1\" unit=\"ns\" source=\"t\"/>"
                   "<cost construct=\"double_mul\" value=\"2\" unit=\"ns\" source=\"t\"/>" +
                       pair(2.5) + "</hllc></hardware>");
  const test::Run shown = test::run_pacer("hw show " + file);
  CHECK(shown.status == 0);
  CHECK_THAT(shown.out, Catch::Contains("int_add+double_mul") && Catch::Contains("overlap 0.5"));
  // The pair's name must name two constructs.
  CHECK_THAT(test::error_message([&] { hardware("<cost construct=\"int_add+bogus\" value=\"1\" unit=\"ns\" source=\"t\"/>"); }),
             Catch::Contains("nor a pair of them"));
}

// The traffic and branch terms HLLC+ shares with ICC and IntCC: a node
// whose data streams from memory costs its bytes over the bandwidth,
// however few constructs it performs.
TEST_CASE("HLLC+ takes a node's memory traffic as ICC does", "[intcc][hllc+]") {
  const Hardware hw = read_hardware_string(
      "<hardware name=\"m\"><memory><param name=\"mem_bandwidth\" value=\"10\" unit=\"GB/s\" source=\"t\"/></memory>"
      "<hllc><cost construct=\"global_load\" value=\"0.1\" unit=\"ns\" source=\"t\"/></hllc></hardware>",
      "m.xml");
  SegNode n;
  n.id = n.vector = "n";
  n.ruvs[ruv_kind::constructs].set("global_load", 100);
  Ruv& ir = n.ruvs[ruv_kind::ir];
  ir.set("traffic", 1);
  ir.set("bytes_from_mem", 6400);
  const ResourceModel& plus = find_resource_model("hllc+");
  CHECK(plus.price(n, hw).seconds == Approx(6400 / 10e9));  // 640 ns of transfers against 10 ns of loads
  ir.set("bytes_from_mem", 64);
  CHECK(plus.price(n, hw).seconds == Approx(10e-9));
}

TEST_CASE("pacer predict reports HLLC and HLLC+ side by side", "[intcc][hllc+]") {
  const json p = test::run_json("predict examples/kernels/stencil1d.c --function stencil1d --param stencil1d.sweeps=2 "
                                "--param stencil1d.n=4096 --hw hw/host.xml --model hllc,hllc+ --json");
  REQUIRE(p["predictions"].size() == 2);
  CHECK(p["predictions"][1]["model"] == "hllc+");
  const double plain = p["predictions"][0]["total_seconds"], plus = p["predictions"][1]["total_seconds"];
  CHECK(plus < plain * 0.75);  // the stencil is vectorised
  // A description without a compiler cannot tell the vector widths.
  test::check_refused("predict examples/kernels/stencil1d.c --function stencil1d --param stencil1d.sweeps=2 "
                      "--param stencil1d.n=4096 --hw hw/parsytec-t800.xml --model hllc+",
                      "the hllc+ model compiles code with the machine's <icc compiler=");
}

// The marks the cache simulation walks by, as the machine code sets them on
// a collision's loops: the cell loop vectorised, its two loops over the
// directions unrolled away; in IntCC's RUV the same, shared from ICC's.
TEST_CASE("the machine code marks a vectorised loop's step and the loops unrolled away", "[icc][traffic]") {
  const auto path = std::filesystem::temp_directory_path() / ("pacer-steps-" + std::to_string(getpid()) + ".c");
  std::ofstream(path) << "double f[9][4096], g[9][4096];\n"
                         "void collide(void) {\n"
                         "  for (long c = 0; c < 4096; c++) {\n"
                         "    double rho = 0;\n"
                         "    for (int q = 0; q < 9; q++) rho += f[q][c];\n"
                         "    for (int q = 0; q < 9; q++) g[q][c] = f[q][c] - 0.5 * rho;\n"
                         "  }\n"
                         "}\n";
  CAnalysis a = analyse_c({{path.string()}, {}, {}});
  const MachineCostOptions options = machine_cost_options(load_hardware("host"), {});
  attach_machine_costs(a.model, a.sources, options, {});
  MachineCostOptions ir = options;
  ir.intermediate = true;
  attach_machine_costs(a.model, a.sources, ir, {});
  share_machine_terms(a.model);
  std::filesystem::remove(path);
  std::map<int, std::pair<double, double>> marks;  // line -> (step, away), machine
  std::map<int, std::pair<double, double>> ir_marks;
  for_each_node(a.model.tasks.at(0).seg, [&](const SegNode& n) {
    if (n.kind != NodeKind::Loop) return;
    for (auto [kind, into] : {std::pair{ruv_kind::machine, &marks}, std::pair{ruv_kind::ir, &ir_marks}}) {
      const auto r = n.ruvs.find(kind);
      (*into)[n.where.line] =
          r == n.ruvs.end() ? std::pair{1.0, 0.0}
                            : std::pair{std::max(1.0, r->second.get(loop_vector_iterations)), r->second.get(loop_unrolled_away)};
    }
  });
  REQUIRE(marks.size() == 3);
  CHECK(marks[3].first >= 2);  // the cells
  CHECK(marks[3].second == 0);
  CHECK(marks[5] == std::pair{1.0, 1.0});  // the directions, twice
  CHECK(marks[6] == std::pair{1.0, 1.0});
  CHECK(ir_marks == marks);
}
