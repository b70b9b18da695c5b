// `pacer energy` and `pacer predict --energy` as a user runs them, and the
// energy case-study kernels: equal results across formats and algorithms.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "tests/run_pacer.hpp"

using namespace pacer;
using nlohmann::json;

TEST_CASE("energy compare: the acceptance commands", "[energy][cli]") {
  json j = test::run_json("energy compare --platform xeon-e5-2650l-v3 --algo spmv-csc --algo spmv-csb --matrix bone010 --json");
  REQUIRE(j["algorithms"].size() == 2);
  for (const auto& a : j["algorithms"]) {
    CHECK(a["energy_joules"].get<double>() ==
          Approx(a["static"].get<double>() + a["ops"].get<double>() + a["io"].get<double>()));
    CHECK(a["bound"] == "memory");  // SpMV is memory-bound, as section 4 says
  }
  CHECK(j["ratio"].get<double>() ==
        Approx(j["algorithms"][0]["energy_joules"].get<double>() / j["algorithms"][1]["energy_joules"].get<double>()));
  CHECK(j["ratio"].get<double>() > 1);
  CHECK(j["matrix"] == "bone010");

  json m = test::run_json("energy compare --platform xeon-phi-31s1p --algo matmul-basic --algo matmul-co --param n=4096 --json");
  CHECK(m["ratio"].get<double>() > 1);
  CHECK(m["algorithms"][1]["bound"] == "cpu");  // matmul is computation-bound (section 5)
  CHECK(m["algorithms"][1]["complexity"]["work"].get<double>() == Approx(2.0 * 4096 * 4096 * 4096));
}

TEST_CASE("energy compare: every matrix, several platforms", "[energy][cli]") {
  json j = test::run_json("energy compare --platform xeon-e5-2650l-v3 --platform xeon-phi-31s1p --algo spmv-csc "
                          "--algo spmv-csb --matrix all --json");
  REQUIRE(j["comparisons"].size() == 18);
  for (const auto& c : j["comparisons"]) CHECK(c["ratio"].get<double>() > 1);
}

TEST_CASE("energy compare and predict --energy refuse bad input", "[energy][cli]") {
  test::check_refused("energy compare --platform no-such-machine --algo spmv-csc --matrix bone010",
                      "unknown platform 'no-such-machine'");
  test::check_refused("energy compare --platform parsytec-t800 --algo spmv-csc --matrix bone010", "no ICE energy figures");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo spmv-xyz", "unknown algorithm 'spmv-xyz'");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo spmv-csc --matrix nope", "unknown matrix 'nope'");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo matmul-co --param n=-5", "cannot be negative");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo spmv-csc --param n=10 --param nz=0 --param nc=1",
                      "Work");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo spmv-csr --matrix rajat31",
                      "needs the parameter 'nr'");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo matmul-co --param n=8 --param q=3",
                      "no compared algorithm has a parameter 'q'");
  const std::string no_io = test::temp_file("pacer-no-io.xml",
                                            "<algorithm name=\"a\"><parameter name=\"n\"/><work formula=\"n\" "
                                            "source=\"s\"/><span formula=\"n\" source=\"s\"/></algorithm>");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo " + no_io + " --param n=5", "<io");
  test::check_refused("predict examples/models/matmul.xml --hw parsytec-t800 --energy", "no ICE energy figures");
  test::check_refused("energy compare --platform xeon-e5-2650l-v3 --algo matmul-basic --matrix bone010",
                      "takes matmul inputs, not the matrix 'bone010'");
  test::check_refused("energy measure --tick 0 -- true", "--tick");
  const std::string matmul = "predict examples/kernels/matmul.c --function matmul --param matmul.n=8 ";
  test::check_refused(matmul + "--hw xeon-e5-2650l-v3 --energy-parallelism 2", "need --energy");
  test::check_refused(matmul + "--hw xeon-e5-2650l-v3 --energy --energy-parallelism 0.5", "at least 1");
  test::check_refused(matmul + "--hw xeon-e5-2650l-v3 --energy --access-bytes inf", "bytes per memory access");
  test::check_refused(matmul + "--hw xeon-e5-2650l-v3 --energy --template omp_loop --threads 2",
                      "--template needs a time model");
}

TEST_CASE("hw list shows the eleven platforms of Table 3", "[energy][cli]") {
  json j = test::run_json("hw list --json");
  std::set<std::string> names;
  for (const auto& h : j) names.insert(h.value("name", ""));
  for (const char* n : {"nehalem-i7-950", "ivy-bridge-i3-3217u", "bobcat-cpu", "fermi-gtx-580", "kepler-gtx-680",
                        "kepler-gtx-titan", "xeonphi-knc", "cortex-a9", "arndale-cortex-a15", "xeon-e5-2650l-v3",
                        "xeon-phi-31s1p"})
    CHECK(names.count(n));
}

TEST_CASE("predict --energy: each node a phase, the total their sum", "[energy][cli]") {
  json j = test::run_json("predict examples/kernels/matmul.c --function matmul --hw xeon-e5-2650l-v3 --energy "
                          "--param matmul.n=64 --json");
  REQUIRE(j["energy"].size() == 1);
  const json& e = j["energy"][0];
  double sum = 0;
  for (const auto& n : e["nodes"]) {
    sum += n["energy_joules"].get<double>();
    // eps_op Work + eps_io I/O on the Xeon of Table 3.
    CHECK(n["ops"].get<double>() == Approx(0.263e-9 * n["work"].get<double>()));
    CHECK(n["io_energy"].get<double>() == Approx(8.86e-9 * n["io"].get<double>()).margin(1e-30));
  }
  CHECK(e["energy_joules"].get<double>() == Approx(sum));
  // The dot product runs 64^3 times; its two loads move 2 x 8 / 64 lines each time (8 bytes per access
  // by default, though this kernel's floats are 4: --access-bytes 4 would halve it).
  auto dot = std::find_if(e["nodes"].begin(), e["nodes"].end(), [](const json& n) { return n["executions"] == 262144; });
  REQUIRE(dot != e["nodes"].end());
  CHECK((*dot)["io"].get<double>() == Approx(262144 * 2 * 8 / 64.0));
  // Table 3 platforms have no time figures: the time models are left out and say why.
  CHECK(j["models_left_out"].dump().find("hllc left out on xeon-e5-2650l-v3") != std::string::npos);
}

TEST_CASE("energy measure: no counters here is said, never a zero", "[energy][cli][rapl]") {
  if (std::filesystem::exists("/sys/class/powercap/intel-rapl:0")) return;  // a machine with RAPL
  test::Run r = test::run_pacer("energy measure -- true");
  CHECK(r.status == 3);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains("no energy counters") && Catch::Contains("/sys/class/powercap"));
}

TEST_CASE("energy measure: counters sampled while the program runs, through two wraps", "[energy][cli][rapl]") {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("pacer-powercap-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "intel-rapl:0");
  std::ofstream(root / "intel-rapl:0" / "name") << "package-0\n";
  std::ofstream(root / "intel-rapl:0" / "max_energy_range_uj") << "1000000\n";
  std::ofstream(root / "intel-rapl:0" / "energy_uj") << "990000\n";
  // 990000 -> 500000 (a wrap: +510000) -> 400000 (another: +900000): 1.41 J. Only
  // a sample between the two writes sees both wraps. Each value is written
  // aside and renamed, as a sysfs counter is never seen empty (a plain
  // `echo >` truncates first, and a sample under load could read nothing).
  const std::string f = (root / "intel-rapl:0" / "energy_uj").string();
  auto set = [&](const char* value) { return std::string("echo ") + value + " > " + f + ".new && mv " + f + ".new " + f; };
  json j = test::run_json("energy measure --powercap-root '" + root.string() + "' --tick 0.02 --json -- sh -c '" +
                          set("500000") + "; sleep 0.5; " + set("400000") + "'");
  CHECK(j["energy_joules"].get<double>() == Approx(1.41));
  CHECK(j["samples"].get<int>() > 3);
  fs::remove_all(root);
}

namespace {

std::string checksum_of(const std::string& kernel, const std::string& args) {
  const std::string cmd = std::string("'" PACER_KERNEL_DIR "/") + kernel + "' " + args;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[512] = {0};
  std::string out;
  while (fgets(buf, sizeof buf, p)) out += buf;
  REQUIRE(pclose(p) == 0);
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex(": (.*checksum=[0-9a-f]{16})")));
  return m[1];
}

}  // namespace

TEST_CASE("the energy kernels give equal results and the frontend analyses them", "[energy][kernels]") {
  for (const char* args : {"", "5000"}) {
    INFO("spmv " << args);
    const std::string csr = checksum_of("spmv_csr", args);
    CHECK(checksum_of("spmv_csc", args) == csr);
    CHECK(checksum_of("spmv_csb", args) == csr);
  }
  for (const char* args : {"", "200 150 100"}) {
    INFO("matmul " << args);
    CHECK(checksum_of("matmul_co", args) == checksum_of("matmul_basic", args));
  }
  for (const char* k : {"spmv_csr", "spmv_csc", "spmv_csb", "matmul_basic", "matmul_co"}) {
    json a = test::run_json(std::string("analyse examples/kernels/") + k + ".c --function " + k + " --json");
    CHECK(!a["functions"].empty());
  }
}

TEST_CASE("predict --energy with a template: Span = Work / the template's speedup", "[energy][cli]") {
  // The T800 with made-up ICE figures: a machine with both time and energy figures.
  std::ifstream in(std::string(PACER_SOURCE_DIR) + "/hw/parsytec-t800.xml");
  std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  xml.replace(xml.find("</hardware>"), 11,
              "<energy><param name=\"eps_op\" value=\"1\" unit=\"nJ\" source=\"test\"/><param name=\"pi_op\" value=\"2\" "
              "unit=\"nJ\" source=\"test\"/><param name=\"eps_io\" value=\"10\" unit=\"nJ\" source=\"test\"/><param "
              "name=\"pi_io\" value=\"20\" unit=\"nJ\" source=\"test\"/></energy></hardware>");
  const std::string hw = test::temp_file("pacer-t800-energy.xml", xml);
  json j = test::run_json("predict examples/models/integration.xml --hw " + hw +
                          " --model poc --template amdahl --template-params f=0.9 --cores 1,2,4 --energy --json");
  const json& points = j["predictions"][0]["points"];
  REQUIRE(points.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    // Operations and I/O do not change with the cores; static energy falls as 1 / S.
    CHECK(points[i]["energy"]["ops"].get<double>() == Approx(points[0]["energy"]["ops"].get<double>()));
    CHECK(points[i]["energy"]["static"].get<double>() ==
          Approx(points[0]["energy"]["static"].get<double>() / points[i]["speedup"].get<double>()));
  }
  CHECK(points[2]["energy_joules"].get<double>() < points[0]["energy_joules"].get<double>());
}
