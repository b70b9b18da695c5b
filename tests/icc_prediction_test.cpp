// ICC in `pacer predict`: C compiled for each machine the user names, on
// first use, and read back from the cache after; a stale entry is never
// used; a machine of another architecture is priced by MCA's model of it.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "run_pacer.hpp"

namespace fs = std::filesystem;
namespace test = pacer::test;
using nlohmann::json;

namespace {

// A private folder for a kernel and ICC's cache, so that this test's first
// prediction really compiles.
struct Workspace {
  fs::path dir = fs::temp_directory_path() / ("pacer-icc-" + std::to_string(getpid()));
  Workspace() {
    fs::remove_all(dir);
    fs::create_directories(dir / "cache");
    setenv("PACER_CACHE_DIR", (dir / "cache").c_str(), 1);
  }
  ~Workspace() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
  std::vector<fs::path> entries() const {
    std::vector<fs::path> out;
    if (fs::exists(dir / "cache" / "icc"))
      for (const auto& e : fs::directory_iterator(dir / "cache" / "icc")) out.push_back(e.path());
    return out;
  }
};

const char* kernel = R"(#include "step.h"
double a[4096];
void work(int n) {
  for (int i = 0; i < n; i++)
    a[i] = STEP(a[i]);
}
int main(void) { work(4096); return a[1] > 0 ? 0 : 1; }
)";

// One execution of the loop body: the node that runs most often.
double body_seconds(const json& prediction) {
  const json* body = nullptr;
  for (const auto& n : prediction["nodes"])
    if (!body || n["executions"] > (*body)["executions"]) body = &n;
  REQUIRE(body);
  return (*body)["seconds"].get<double>();
}

// The host's description with another target: for a machine not in hand.
std::string cross_description(const Workspace& w, const std::string& attributes, const std::string& mcpu) {
  std::ifstream in(PACER_SOURCE_DIR "/hw/host.xml");
  std::stringstream text;
  text << in.rdbuf();
  std::string xml = std::regex_replace(text.str(), std::regex("triple=\"[^\"]*\""), attributes);
  xml = std::regex_replace(xml, std::regex("mcpu=\"[^\"]*\""), "mcpu=\"" + mcpu + "\"");
  xml = std::regex_replace(xml, std::regex("<hardware name=\"host\">"), "<hardware name=\"target-" + mcpu + "\">");
  return w.write("target-" + mcpu + ".xml", xml);
}

// The line of `path` on which `text` first appears (1-based), as a reader
// names it in an error: the description's layout follows its calibration.
int line_of(const std::string& path, const std::string& text) {
  std::ifstream in(path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(text) != std::string::npos) return n;
  FAIL("'" << text << "' is not in " << path);
  return 0;
}

// hw/host.xml without the figures that correct the CPU model's pipeline:
// what MCA's own model of the processor says.
std::string model_pipeline_host() {
  std::ifstream in(PACER_SOURCE_DIR "/hw/host.xml");
  std::stringstream text;
  text << in.rdbuf();
  return std::regex_replace(
      text.str(),
      std::regex("\\s*<param name=\"(dispatch_width|reorder_buffer|fp_queue|int_queue|load_queue|store_queue|fp_bypass|"
                 "fp_logic|fp_logic_bypass|vector_load|vector_load_store)"
                 "\"[^>]*/>"),
      "");
}


// That description with more <icc> figures (`params`, each a <param>
// element), written to the workspace as `name`.
std::string host_with_icc_params(Workspace& w, const std::string& name, const std::string& params) {
  return w.write(name, std::regex_replace(model_pipeline_host(), std::regex("(<icc [^>]*>)"), "$1" + params));
}

// A <param> of that section, in cycles of the description's clock.
std::string cycles_param(const std::string& name, double cycles, double cycle_ns) {
  return "\n    <param name=\"" + name + "\" value=\"" + std::to_string(cycles * cycle_ns) +
         "\" unit=\"ns\" source=\"a test\" />";
}

// That description with one more <icc> figure (`attributes` its name,
// value and unit), written to the workspace as `name`.
std::string host_with_icc_figure(Workspace& w, const std::string& name, const std::string& attributes) {
  return host_with_icc_params(w, name, "\n    <param " + attributes + " source=\"a test\" />");
}

// A description's cycle, in ns, from its <cpu> clock.
double clock_cycle_ns(const std::string& xml) {
  std::smatch clock;
  REQUIRE(std::regex_search(xml, clock, std::regex("name=\"clock\" value=\"([0-9.]+)\" unit=\"GHz\"")));
  return 1 / std::stod(clock[1].str());
}

// A kernel priced by ICC on the model's own pipeline (`model`) and on
// descriptions that correct it: the body's predicted seconds for `call`
// (its --function and --param).
struct PipelineCase {
  Workspace w;
  std::string c, model;
  PipelineCase(const std::string& file, const std::string& source)
      : c(w.write(file, source)), model(w.write("model.xml", model_pipeline_host())) {}
  double seconds(const std::string& call, const std::string& hw) const {
    return body_seconds(test::run_json("predict " + c + " " + call + " --model icc --json --hw " + hw)["predictions"][0]);
  }
};

}  // namespace

TEST_CASE("pacer predict --model icc compiles C for the machine once, then reads the cache until a file changes") {
  Workspace w;
  w.write("step.h", "#define STEP(x) ((x) * 1.5 + 1.0)\n");
  const std::string c = w.write("kernel.c", kernel);
  const std::string args = "predict " + c + " --function work --param work.n=4096 --hw hw/host.xml --model icc --json";

  const json first = test::run_json(args);
  REQUIRE(w.entries().size() == 1);
  const auto stored = fs::last_write_time(w.entries().front());
  const double cheap = body_seconds(first["predictions"][0]);
  CHECK(cheap > 0);
  CHECK(first["predictions"][0]["model"] == "icc");

  // The second prediction reads the entry: the same figures, nothing stored.
  const json second = test::run_json(args);
  CHECK(second == first);
  REQUIRE(w.entries().size() == 1);
  CHECK(fs::last_write_time(w.entries().front()) == stored);

  // A header the source includes changed: the entry is stale and replaced.
  w.write("step.h", "#define STEP(x) ((x) / ((x) + 1.5) / ((x) + 2.5))\n");
  const json changed = test::run_json(args);
  CHECK(body_seconds(changed["predictions"][0]) > 2 * cheap);  // two divisions instead of a fused step
  REQUIRE(w.entries().size() == 1);

  // A sweep and a template read the same compiled code: nothing is stored.
  const auto before = fs::last_write_time(w.entries().front());
  const json sweep = test::run_json("predict " + c + " --function work --hw hw/host.xml --model icc --json "
                                    "--sweep work.n=1024:4096:1024");
  const auto& totals = sweep["predictions"][0]["total_seconds"];
  REQUIRE(totals.size() == 4);
  CHECK(totals[3].get<double>() > 3 * totals[0].get<double>());
  // Each point is priced at its own trip counts: the last is the single prediction at 4096.
  CHECK(totals[3].get<double>() == Approx(changed["predictions"][0]["total_seconds"].get<double>()));
  const json amdahl = test::run_json("predict " + c + " --function work --param work.n=4096 --hw hw/host.xml "
                                     "--model icc --template amdahl --template-params f=0.9 --json");
  CHECK(amdahl.dump().find("icc") != std::string::npos);
  CHECK(fs::last_write_time(w.entries().front()) == before);
  // An application of several tasks: a task analysed from C is priced by icc.
  const std::string app = w.write("app.xml", "<application name=\"two\">\n  <parameter name=\"work.n\" "
                                             "default=\"4096\"/>\n  <task name=\"w\" source=\"" + c +
                                                 "\" function=\"work\" template=\"sequential\" procs=\"1\" "
                                                 "hardware=\"host\"/>\n</application>\n");
  const test::Run composed = test::run_pacer("predict " + app + " --model icc");
  INFO(composed.err);
  CHECK(composed.status == 0);
  CHECK_THAT(composed.out, Catch::Contains("host      icc"));
  CHECK(fs::last_write_time(w.entries().front()) == before);

  // "all" prices C with icc too.
  const json all = test::run_json("predict " + c + " --function work --param work.n=4096 --hw hw/host.xml --json");
  bool icc = false;
  for (const auto& p : all["predictions"]) icc = icc || p["model"] == "icc";
  CHECK(icc);
}

TEST_CASE("ICC prices a kernel for an AArch64 machine beside this one, and one table compares the two") {
  Workspace w;
  const std::string arm =
      cross_description(w, "triple=\"aarch64-linux-gnu\" sysroot=\"/usr/aarch64-linux-gnu\"", "neoverse-v2");
  const json j = test::run_json("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --hw hw/host.xml "
                                "--hw " + arm + " --model icc --json");
  REQUIRE(j["predictions"].size() == 2);
  const double host = j["predictions"][0]["total_seconds"], other = j["predictions"][1]["total_seconds"];
  CHECK(host > 0);
  CHECK(other > 0);
  CHECK(host != other);  // the other machine's code, priced by MCA's Neoverse V2
  bool aarch64 = false;
  for (const auto& e : w.entries()) {
    std::ifstream in(e);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    aarch64 = aarch64 || text.find("\"triple\":\"aarch64") != std::string::npos;
  }
  CHECK(aarch64);

  // One table compares the machines: the ratio to the first machine.
  const json& c = j["comparison"];
  REQUIRE(c["machines"].size() == 2);
  REQUIRE(c["rows"].size() >= 2);
  CHECK(c["rows"][0]["task"].is_null());
  CHECK(c["rows"][0]["ratio"][0] == 1.0);
  CHECK(c["rows"][0]["ratio"][1].get<double>() == Approx(other / host));
  CHECK(c["rows"][0]["lower_bound"] == json::array({false, false}));
  const std::string png = (w.dir / "machines.png").string();
  const std::string text = test::run_pacer("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 "
                                           "--hw hw/host.xml --hw " + arm + " --model icc --plot " + png).out;
  CHECK_THAT(text, Catch::Contains("comparison of machines"));
  CHECK(fs::file_size(png) > 1000);
  const std::string csv = test::run_pacer("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 "
                                          "--hw hw/host.xml --hw " + arm + " --model icc --compare --csv").out;
  CHECK(csv.rfind("model,what,host,host ratio,host lower bound,", 0) == 0);
  test::check_refused("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --hw hw/host.xml "
                      "--model icc --plot " + png, "--plot draws a template's time against P");
}

TEST_CASE("a description ICC cannot compile or price for is named with its file, line and field") {
  Workspace w;
  const std::string run = "predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --model icc --hw ";
  const std::string file = cross_description(w, "triple=\"x86_64-pc-linux-gnu\"", "znver99");
  test::check_refused(run + file, ".xml:" + std::to_string(line_of(file, "mcpu=")) +
                                      ": field 'icc/mcpu': CPU 'znver99' is not known to LLVM");
  test::check_refused(run + cross_description(w, "triple=\"nosuch-arch-none\"", "generic"), "field 'icc/triple'");
  test::check_refused(run + cross_description(w, "triple=\"aarch64-linux-gnu\" sysroot=\"/no/such/root\"", "neoverse-v1"),
                      "field 'icc/sysroot': '/no/such/root' holds no include folder");
  const std::string no_compiler = w.write("no-compiler.xml", std::regex_replace(
      [] {
        std::ifstream in(PACER_SOURCE_DIR "/hw/host.xml");
        return std::string((std::istreambuf_iterator<char>(in)), {});
      }(),
      std::regex("compiler=\"[^\"]*\""), "compiler=\"no-such-compiler-22\""));
  test::check_refused(run + no_compiler, "field 'icc/compiler': the machine's compiler cannot be run");
  test::check_refused(run + "hw/parsytec-t800.xml", "which 'parsytec-t800' does not give");
  // Chosen as "all", icc is left out on a machine it cannot price, in sweeps and templates too.
  for (const char* more : {"--sweep matmul.n=32:64:32", "--param matmul.n=64 --template amdahl --template-params f=0.9"}) {
    const test::Run all = test::run_pacer("predict examples/kernels/matmul.c --function matmul --hw hw/parsytec-t800.xml " +
                                          std::string(more));
    INFO(more << "\n" << all.err);
    CHECK(all.status == 0);
    CHECK_THAT(all.out + all.err, Catch::Contains("icc left out"));
  }
  CHECK(w.entries().empty());  // nothing cached from a failed compile
}

TEST_CASE("pacer hw derive gives HLLC costs through MCA, for this machine beside its measured ones and for an Arm one") {
  Workspace w;
  const json here = test::run_json("hw derive hw/host.xml --json");
  std::map<std::string, json> costs;
  for (const auto& c : here["costs"]) costs[c["construct"]] = c;
  // An integer addition: one cycle in a chain on every x86 core; four
  // interleaved chains overlap. Derived and measured agree within a third.
  REQUIRE(costs.count("int_add"));
  const double clock_period = 1 / 4.15e9;
  CHECK(costs["int_add"]["derived_dependent_seconds"].get<double>() == Approx(clock_period).epsilon(0.1));
  CHECK(costs["int_add"]["derived_seconds"].get<double>() ==
        Approx(costs["int_add"]["description_seconds"].get<double>()).epsilon(0.34));
  CHECK(costs["double_div"]["derived_seconds"].get<double>() > 3 * costs["double_add"]["derived_seconds"].get<double>());
  CHECK(here["not_derived"].contains("math_exp"));  // a library call: MCA cannot see into it

  const std::string arm =
      cross_description(w, "triple=\"aarch64-linux-gnu\" sysroot=\"/usr/aarch64-linux-gnu\"", "neoverse-v2");
  const std::string out = (w.dir / "derived.xml").string();
  const test::Run r = test::run_pacer("hw derive " + arm + " --out " + out);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("neoverse-v2 scheduling model"));
  const json shown = test::run_json("hw show " + out + " --json");
  CHECK(shown.dump().find("derived by pacer from LLVM MCA's neoverse-v2 model, not measured") != std::string::npos);
  // With IntCC's costs: the vector classes priced by MCA from their own benchmarks.
  std::ifstream written(out);
  const std::string xml((std::istreambuf_iterator<char>(written)), {});
  CHECK(std::regex_search(xml, std::regex("<cost class=\"double_add.v2\" value=\"[0-9.e-]+\" unit=\"ns\"[^>]* estimated=\"true\"")));
  CHECK(std::regex_search(xml, std::regex("<cost class=\"store.v2\"")));
  // The derived description prices C with HLLC.
  test::run_json("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --hw " + out +
                 " --model hllc --json");
  test::check_refused("hw derive hw/parsytec-t800.xml", "does not give");
}

TEST_CASE("every machine of the published-figures catalogue prices a C kernel with POC, HLLC and ICC") {
  Workspace w;
  // A sum over 16 KiB, which every level 1 here holds. Genoa's and Grace's
  // descriptions give no level 2 bandwidth (none is published), so ICC
  // refuses the lines larger data brings from level 2 there (even matmul's
  // leading 16 x 16 block: its rows in a, b and c lie 1 KiB apart, so all
  // 48 fall into 4 of Genoa's 64 sets of 8 ways).
  const json j = test::run_json("predict examples/kernels/reduction.c --function reduce --param reduce.repeats=4 "
                                "--param reduce.n=2048 "
                                "--hw hw/intel-xeon-8480.xml --hw hw/amd-epyc-9654.xml --hw hw/nvidia-grace.xml "
                                "--hw hw/fujitsu-a64fx.xml --model poc,hllc,icc --json");
  REQUIRE(j["predictions"].size() == 12);
  for (const auto& p : j["predictions"]) {
    INFO(p["hardware"] << " " << p["model"]);
    CHECK(p["total_seconds"].get<double>() > 0);
  }
  for (const char* f : {"intel-xeon-8480", "amd-epyc-9654", "nvidia-grace", "fujitsu-a64fx", "amd-epyc-9005-zen5"}) {
    const json shown = test::run_json(std::string("hw show hw/") + f + ".xml --json");
    CHECK(shown.dump().find("measured by pacer") == std::string::npos);  // published or derived, never measured here
  }
}

TEST_CASE("a loop the compiler makes a call to memcpy or memset is priced as the loop, and a note says so") {
  Workspace w;
  const std::string c = w.write("idiom.c", "double a[1 << 16], b[1 << 16];\n"
                                           "void copy(int n) { for (int i = 0; i < n; i++) b[i] = a[i]; }\n"
                                           "void zero(int n) { for (int i = 0; i < n; i++) a[i] = 0; }\n"
                                           "int main(void) { copy(1 << 16); zero(1 << 16); return 0; }\n");
  const json j = test::run_json("predict " + c + " --function copy --function zero --param copy.n=65536 "
                                "--param zero.n=65536 --hw hw/host.xml --model icc --json");
  const json& p = j["predictions"][0];
  // Before, the library's code was invisible and both loops cost nothing.
  for (const auto& t : p["tasks"]) CHECK(t["total_seconds"].get<double>() > 1e-6);
  const std::string notes = p["notes"].dump();
  CHECK_THAT(notes, Catch::Contains("idiom.c:2 (copy): the compiler made the loop a call to memcpy"));
  CHECK_THAT(notes, Catch::Contains("idiom.c:3 (zero): the compiler made the loop a call to memset"));
}

TEST_CASE("predict --model icc --energy: a description with ICC and energy figures gives both") {
  Workspace w;
  std::ifstream in(PACER_SOURCE_DIR "/hw/host.xml");
  std::stringstream text;
  text << in.rdbuf();
  std::string energy = "  <energy>\n";
  for (const char* p : {"eps_op\" value=\"0.263", "pi_op\" value=\"0.108", "eps_io\" value=\"8.86", "pi_io\" value=\"23.29"})
    energy += std::string("    <param name=\"") + p + "\" unit=\"nJ\" source=\"Table 3 of the ICE paper, for this test\"/>\n";
  const std::string hw = w.write("host-energy.xml", std::regex_replace(text.str(), std::regex("</hardware>"), energy + "  </energy>\n</hardware>"));
  const json j = test::run_json("predict examples/kernels/matmul.c --function matmul --param matmul.n=64 --hw " + hw +
                                " --model icc --energy --json");
  REQUIRE(j["predictions"].size() == 1);
  CHECK(j["predictions"][0]["model"] == "icc");
  CHECK(j["predictions"][0]["total_seconds"].get<double>() > 0);
  REQUIRE(j["energy"].size() == 1);
  CHECK(j["energy"][0]["energy_joules"].get<double>() > 0);
  CHECK(j.find("models_left_out") == j.end());
}

TEST_CASE("ICC prices the functions of an included project file by their own lines") {
  Workspace w;
  w.write("scale.c", "double data[4096];\n"
                     "double scale(double *x, int n, double k) {\n"
                     "  double s = 0;\n"
                     "  for (int i = 0; i < n; i++) { x[i] *= k; s += x[i]; }\n"
                     "  return s;\n"
                     "}\n");
  const std::string c = w.write("unity.c", "#include \"scale.c\"\n"
                                           "int main(void) { return scale(data, 4096, 0.5) > 0; }\n");
  const json j = test::run_json("predict " + c + " --function scale --param scale.n=4096 --hw hw/host.xml --model icc --json");
  // Before, the included file's instructions were looked for in unity.c and the loop cost nothing.
  CHECK(body_seconds(j["predictions"][0]) > 0);
  CHECK(j["predictions"][0]["notes"].dump().find("scale.c:4") == std::string::npos);
}

TEST_CASE("ICC takes a floating-point latency the description measured over the CPU model's") {
  // A chain of dependent double additions: the loop costs one add's latency
  // per element. LLVM's znver5 model gives the add 3 cycles; this machine's
  // description measured 2 (hllc double_add, dependent form).
  Workspace w;
  const std::string c = w.write("chain.c", "double x[4096];\n"
                                           "double sum(int n) { double s = 0; for (int i = 0; i < n; i++) s += x[i]; "
                                           "return s; }\n"
                                           "int main(void) { return sum(4096) > 0; }\n");
  std::ifstream in(PACER_SOURCE_DIR "/hw/host.xml");
  std::stringstream text;
  text << in.rdbuf();
  const std::string model_only = w.write(
      "model-latency.xml",
      std::regex_replace(std::regex_replace(text.str(), std::regex("<hardware name=\"host\">"),
                                            "<hardware name=\"model-latency\">"),
                         std::regex("(construct=\"double_add\" [^/]*) dependent=\"[^\"]*\""), "$1"));
  const std::string args = "predict " + c + " --function sum --param sum.n=4096 --model icc --json --hw ";
  const double measured = body_seconds(test::run_json(args + PACER_SOURCE_DIR "/hw/host.xml")["predictions"][0]);
  const double model = body_seconds(test::run_json(args + model_only)["predictions"][0]);
  CHECK(measured / model == Approx(2.0 / 3.0).epsilon(0.05));
}

// Independent scalar divides keep the divider busy: LLVM's znver5 model
// gives divsd 5 cycles of it, this Zen 5 measured 4 (hllc double_div, its
// independent form). A description that measured 8 makes the loop twice as
// slow as this machine's.
TEST_CASE("ICC takes the divider's occupancy the description measured over the CPU model's") {
  PipelineCase k("divide.c", "double x[1024], y[1024], z[1024];\n"
                             "void divide(int n) {\n"
                             "#pragma clang loop vectorize(disable) interleave(disable)\n"
                             "  for (int i = 0; i < n; i++) y[i] = x[i] / z[i];\n"
                             "}\n"
                             "int main(void) { divide(1024); return y[7] > 0; }\n");
  const std::string call = "--function divide --param divide.n=1024";
  const std::string host = model_pipeline_host();
  const double cycle_ns = clock_cycle_ns(host);
  const std::string slow = k.w.write(
      "slow-divider.xml", std::regex_replace(host, std::regex("construct=\"double_div\" value=\"[^\"]*\""),
                                             "construct=\"double_div\" value=\"" + std::to_string(8 * cycle_ns) + "\""));
  const double ratio = k.seconds(call, slow) / k.seconds(call, k.model);
  CHECK(ratio == Approx(2.0).epsilon(0.1));
}

// The packed forms at each width have their own measured occupancy (IntCC's
// classes double_div.v2, double_div.v8): LLVM's znver5 keeps the divider 5
// cycles for a divpd and 10 for a 512-bit vdivpd, which this Zen 5 does in
// 4, as it does a divsd. A description that measured 8 doubles the loop.
TEST_CASE("ICC takes the packed divider's occupancy at each width the description measured") {
  PipelineCase k("divide.c", "double x[1024], y[1024], z[1024];\n"
                             "void divide(int n) { for (int i = 0; i < n; i++) y[i] = x[i] / z[i]; }\n"
                             "int main(void) { divide(1024); return y[7] > 0; }\n");
  const std::string call = "--function divide --param divide.n=1024";
  const std::string host = model_pipeline_host();
  const double cycle_ns = clock_cycle_ns(host);
  // The class's figure at `cycles`, on code compiled with `flags`.
  auto described = [&](const std::string& name, const std::string& cls, double cycles, const std::string& flags) {
    std::string xml = std::regex_replace(host, std::regex("flags=\"[^\"]*\""), "flags=\"" + flags + "\"");
    const std::string pattern = std::regex_replace(cls, std::regex("\\."), "\\.");
    xml = std::regex_replace(xml, std::regex("\\s*<(cost|unknown) class=\"" + pattern + "\"[^>]*/>"), "");
    xml = std::regex_replace(xml, std::regex("(<intcc[^>]*>)"),
                             "$1\n    <cost class=\"" + cls + "\" value=\"" + std::to_string(cycles * cycle_ns) +
                                 "\" unit=\"ns\" source=\"a test\" />");
    return k.w.write(name, xml);
  };
  SECTION("divpd, two lanes (SSE2)") {
    const double ratio = k.seconds(call, described("v2-slow.xml", "double_div.v2", 8, "-O2")) /
                         k.seconds(call, described("v2.xml", "double_div.v2", 4, "-O2"));
    CHECK(ratio == Approx(2.0).epsilon(0.1));
  }
  SECTION("vdivpd, eight lanes (AVX-512)") {
    const std::string flags = "-O2 -mavx512f -mprefer-vector-width=512";
    const double model = k.seconds(call, described("v8-none.xml", "double_div.v8", 0, flags));
    const double measured = k.seconds(call, described("v8.xml", "double_div.v8", 4, flags));
    const double slow = k.seconds(call, described("v8-slow.xml", "double_div.v8", 8, flags));
    CHECK(slow / measured == Approx(2.0).epsilon(0.1));
    CHECK(model / measured == Approx(10.0 / 4).epsilon(0.1));  // the model's 10 cycles
  }
}

// A three-point stencil on data in level 1 compiles (-O2, SSE2) to 21
// instructions an iteration that no one unit limits: LLVM's znver5 model
// dispatches six a cycle (about 3.6 cycles), this Zen 5 eight (then its
// six multiplications, two a cycle, bound it near 3 cycles).
TEST_CASE("ICC takes the dispatch width the description gives over the CPU model's") {
  PipelineCase k("stencil.c", "double u[1024], v[1024];\n"
                              "void sweep(int n) { for (int i = 1; i < n - 1; i++) "
                              "v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1]; }\n"
                              "int main(void) { sweep(1024); return v[7] > 0; }\n");
  const std::string call = "--function sweep --param sweep.n=1024";
  const std::string wide = host_with_icc_figure(k.w, "wide.xml", "name=\"dispatch_width\" value=\"8\"");
  const double ratio = k.seconds(call, wide) / k.seconds(call, k.model);
  CHECK(ratio < 0.88);
  CHECK(ratio > 0.75);
}

// Each iteration multiplies 16 loaded values in a chain 15 deep, and the
// next can start before it ends: how many overlap is what the core holds.
// LLVM's znver5 model holds 72 loads (Zen 4's); this Zen 5 holds about
// 210 (pacer calibrate's load_queue), and more iterations overlap.
TEST_CASE("ICC takes the queues the description measured over the CPU model's") {
  PipelineCase k("products.c", "double x[256][16], y[256];\n"
                               "void products(int n) {\n"
                               "#pragma clang loop vectorize(disable)\n"
                               "  for (int i = 0; i < n; i++) {\n"
                               "    double s = x[i][0];\n"
                               "    for (int k = 1; k < 16; k++) s *= x[i][k];\n"
                               "    y[i] = s;\n"
                               "  }\n"
                               "}\n"
                               "int main(void) { products(256); return y[7] > 0; }\n");
  const std::string call = "--function products --param products.n=256";
  auto with_load_queue = [&](const std::string& name, int entries) {
    return k.seconds(call, host_with_icc_figure(k.w, name, "name=\"load_queue\" value=\"" + std::to_string(entries) + "\""));
  };
  const double model = k.seconds(call, k.model);
  CHECK(with_load_queue("same.xml", 72) == Approx(model).epsilon(0.01));  // the model's own size changes nothing
  CHECK(with_load_queue("deeper.xml", 210) < 0.9 * model);
}

// A recursive filter's chain, y = a x + b y: a multiply then an add each
// element. This Zen 5's add takes 2 cycles after an add and 3 after a
// multiply (the description's fp_bypass, 1 cycle here): 6 cycles, not 5.
TEST_CASE("ICC makes a multiply's result reach an add as late as the description measured") {
  PipelineCase k("filter.c", "float x[4096], out[4096];\n"
                             "void filter(int n, float a, float b) { float y = 0; "
                             "for (int j = 0; j < n; j++) { y = a * x[j] + b * y; out[j] = y; } }\n"
                             "int main(void) { filter(4096, 0.25f, 0.75f); return out[7] > 0; }\n");
  const std::string call = "--function filter --param filter.n=4096";
  const double t_cyc = 0.24079e-9;  // hw/host.xml's
  const std::string late = host_with_icc_figure(
      k.w, "late.xml", "name=\"fp_bypass\" value=\"" + std::to_string(t_cyc * 1e9) + "\" unit=\"ns\"");
  CHECK(k.seconds(call, late) / k.seconds(call, k.model) == Approx(6.0 / 5.0).epsilon(0.05));
}

// A conditional sum the compiler makes a select: each element an add, then
// an and, an andn and an or that blend the sum with the old one, a chain of
// add, and, or. LLVM's znver5 gives a bitwise operation 1 cycle; this Zen 5
// takes 2, and an add's result reaches it a cycle late (the description's
// fp_logic and fp_logic_bypass): 2 + 1 + 1 cycles become 2 + 1 + 2 + 2.
TEST_CASE("ICC takes a floating-point bitwise operation's latency and bypass from the description") {
  PipelineCase k("select.c", "double v[4096];\n"
                             "double sum_pos(int n) { double s = 0; for (int i = 0; i < n; i++) if (v[i] > 0) s += v[i]; "
                             "return s; }\n"
                             "int main(void) { for (int i = 0; i < 4096; i++) v[i] = i % 3 - 1; return sum_pos(4096) < 0; }\n");
  const std::string call = "--function sum_pos --param sum_pos.n=4096 --param P_sum_pos_L2=0.5";
  const double cycle_ns = clock_cycle_ns(model_pipeline_host());
  auto with = [&](const std::string& name, double logic, double bypass) {
    std::string figures;
    if (logic > 0) figures += cycles_param("fp_logic", logic, cycle_ns);
    if (bypass > 0) figures += cycles_param("fp_logic_bypass", bypass, cycle_ns);
    return k.seconds(call, host_with_icc_params(k.w, name, figures));
  };
  const double model = k.seconds(call, k.model), logic = with("logic.xml", 2, 0), both = with("both.xml", 2, 1);
  INFO("seconds: model " << model << ", and/or 2 cycles " << logic << ", with the bypass " << both);
  // The chain's and and or each a cycle longer, then the add's result a
  // cycle late to the and: the bypass adds half what the latencies add.
  CHECK(logic > 1.2 * model);
  CHECK((both - logic) / (logic - model) == Approx(0.5).margin(0.1));
}

// y[j] += a * x[j] on data in level 1, compiled to 16-byte SSE: four
// vector loads and two vector stores an iteration of two vectors. LLVM's
// Zen model puts the stores' data on the two pipes that bring vector loads
// in, so the six take 3 cycles; a machine where two loads and a store take
// the two loads' time (the description's vector_load and
// vector_load_store) runs them in 2. Measured as the model has it, or
// between the two, nothing moves.
TEST_CASE("ICC gives vector stores pipes of their own where the description measured them apart from loads") {
  PipelineCase k("axpy.c", "double x[512], y[512];\n"
                           "void axpy(int n, double a) { for (int j = 0; j < n; j++) y[j] += a * x[j]; }\n"
                           "int main(void) { axpy(512, 0.5); return y[3] > 0; }\n");
  const std::string call = "--function axpy --param axpy.n=512";
  const double cycle_ns = clock_cycle_ns(model_pipeline_host());
  auto with = [&](const std::string& name, double group_cycles) {
    return k.seconds(call, host_with_icc_params(k.w, name,
                                                cycles_param("vector_load", 0.5, cycle_ns) +
                                                    cycles_param("vector_load_store", group_cycles, cycle_ns)));
  };
  const double model = k.seconds(call, k.model), apart = with("apart.xml", 1.0), shared = with("shared.xml", 1.5),
               between = with("between.xml", 1.24);  // the Zen 5's 2.48 loads' time a group
  INFO("seconds: model " << model << ", stores apart " << apart << ", stores on the load pipes " << shared
                         << ", between " << between);
  CHECK(apart / model == Approx(2.0 / 3).epsilon(0.1));
  CHECK(shared == Approx(model).epsilon(0.01));
  CHECK(between == Approx(model).epsilon(0.01));
}

// A stream over two 64 MiB arrays waits on memory, a chain of
// divisions on the core: each node says which term set its time, with the
// terms, in JSON always and in text with --explain.
TEST_CASE("pacer predict says what bounds each node's time and what it is made of") {
  Workspace w;
  const std::string c = w.write("bounds.c", R"(double a[1 << 23], b[1 << 23];
void stream(int n) {
  for (int i = 0; i < n; i++) b[i] = 2.0 * a[i] + 1.0;
}
double divide(int n, double x) {
  for (int i = 0; i < n; i++) x = x / (x + 1.5);
  return x;
}
)");
  const std::string args = "predict " + c + " --param stream.n=8388608 --param divide.n=1000 --hw hw/host.xml --model icc";
  const json j = test::run_json(args + " --json");
  std::map<int, json> by_line;
  for (const auto& n : j["predictions"][0]["nodes"]) by_line[n["line"].get<int>()] = n;
  REQUIRE(by_line.count(3));
  REQUIRE(by_line.count(6));
  const json& copy = by_line[3];
  CHECK(copy["bound"] == "from mem");
  CHECK(copy["terms"]["from mem"].get<double>() > copy["terms"].value("core", 0.0));
  CHECK(copy["terms"].value("core", 0.0) > 0);
  CHECK(copy["seconds"].get<double>() == Approx(copy["terms"]["from mem"].get<double>()));
  const json& chain = by_line[6];
  CHECK(chain["bound"] == "core");
  CHECK(chain["seconds"].get<double>() == Approx(chain["terms"]["core"].get<double>()));

  const test::Run text = test::run_pacer(args + " --explain");
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("what each node's time is made of (icc on host"));
  CHECK_THAT(text.out, Catch::Contains("from mem"));
  CHECK(test::run_pacer(args + " --explain --json").status == 2);  // JSON carries them always
}
