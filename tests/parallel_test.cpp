// The parallel templates' formulas on a model small enough to work by hand,
// the mapping's errors, and `pacer predict --template NAME --procs`.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <thread>

#include "frontends/xml/hardware_io.hpp"
#include "resource_models/resource_model.hpp"
#include "studies/timing_lock.hpp"
#include "templates/parallel/parallel_prediction.hpp"
#include "tests/run_pacer.hpp"
#include "tests/test_support.hpp"

using namespace pacer;

namespace {

// One task of `work` steps of 1 us each (DBC), and a Hockney network of 10 us + 1 us per 100 bytes.
const char* kTemplates = R"xml(
  <template name="multiphase">
    <phase name="compute" task="t" repeat="1"><bind param="work" formula="n / P"/></phase>
    <message name="result" bytes="100"/>
  </template>
  <template name="butterfly">
    <phase name="local" task="t" repeat="2"><bind param="work" formula="n / P"/></phase>
    <phase name="merge" task="t"><bind param="work" formula="n / P"/></phase>
    <message name="exchange" bytes="n / P"/>
  </template>
  <template name="rowcol">
    <phase name="compute" task="t"><bind param="work" formula="n / (rows * cols * steps)"/></phase>
    <message name="a_block" bytes="200"/>
    <message name="b_block" bytes="300"/>
  </template>)xml";

ApplicationModel model() {
  return test::model(std::string(R"(<task name="t"><loop id="l" trips="work"><compute id="c"><time seconds="1e-6"/></compute></loop></task>)") +
                         kTemplates,
                     R"(<parameter name="n" default="6400"/><parameter name="work" kind="count" default="1"/>)");
}

Hardware machine() {
  return read_hardware_string(R"(<hardware name="m"><communication model="hockney">
    <param name="latency" value="10" unit="us" source="t"/><param name="bandwidth" value="100" unit="MB/s" source="t"/>
    </communication></hardware>)",
                              "m.xml");
}

ParallelTime at(const std::string& name, int p) {
  const ApplicationModel m = model();
  const ParallelPrediction r =
      predict_parallel(m, machine(), find_resource_model("dbc"), {}, *find_parallel_template(name), {p});
  return r.times.front();
}

}  // namespace

TEST_CASE("multiphase: a 1/P share, then ceil(log2 P) messages", "[parallel]") {
  // P = 4: 6400 / 4 = 1600 us; 2 rounds of 10 + 1 us.
  CHECK(at("multiphase", 4).compute == Approx(1600e-6));
  CHECK(at("multiphase", 4).comm == Approx(22e-6));
  CHECK(at("multiphase", 1).comm == 0);
  CHECK(at("multiphase", 3).comm == Approx(22e-6));  // 2 rounds for 3 processors too
}

TEST_CASE("butterfly: local, then d (d + 1) / 2 bitonic stages", "[parallel]") {
  // P = 8: local 2 x 800 us; 6 stages of an 800 us merge and an 800-byte message (10 + 8 us).
  ParallelTime t = at("butterfly", 8);
  CHECK(t.compute == Approx(1600e-6 + 6 * 800e-6));
  CHECK(t.comm == Approx(6 * 18e-6));
  CHECK_THAT(test::error_message([] { at("butterfly", 6); }), Catch::Contains("not a power of two"));
}

TEST_CASE("rowcol: lcm(rows, cols) steps of two broadcasts and a block product", "[parallel]") {
  // P = 4: a 2 x 2 grid, 2 steps; work 6400 / 8 = 800 us per step; one round per broadcast: 12 + 13 us.
  ParallelTime t = at("rowcol", 4);
  CHECK(t.compute == Approx(2 * 800e-6));
  CHECK(t.comm == Approx(2 * 25e-6));
  // P = 2: 1 x 2, 2 steps: A along the row of 2 (one round), B along a column of 1 (none).
  CHECK(at("rowcol", 2).comm == Approx(2 * 12e-6));
}

TEST_CASE("mesh distances: the row bits, then the column bits", "[parallel]") {
  CHECK(mesh_distance(16, 0) == 1);
  CHECK(mesh_distance(16, 1) == 2);
  CHECK(mesh_distance(16, 2) == 1);  // a 4-wide mesh: bit 2 moves one row
  CHECK(mesh_distance(128, 3) == 8);
  CHECK(mesh_distance(128, 4) == 1);
}

TEST_CASE("predict --template with --procs: JSON per P, and bad input", "[parallel][cli]") {
  nlohmann::json j = test::run_json(
      "predict examples/models/sort.xml --hw hw/parsytec-t800.xml --model hllc --template butterfly --procs "
      "2,4,8,16,32,64,128 --json");
  const auto& p = j["predictions"][0];
  CHECK(p["procs"].size() == 7);
  for (size_t i = 0; i < 7; ++i)
    CHECK(p["total_seconds"][i].get<double>() ==
          Approx(p["compute_seconds"][i].get<double>() + p["comm_seconds"][i].get<double>()));
  CHECK(p["total_seconds"][6].get<double>() < p["total_seconds"][0].get<double>());
  const std::string sort = "predict examples/models/sort.xml --hw hw/parsytec-t800.xml --model hllc ";
  test::check_refused(sort + "--template butterfly --procs 2,6", "not a power of two");
  test::check_refused(sort + "--template butterfly --procs 0", "--procs");
  test::check_refused(sort + "--template butterfly --procs 2.5", "--procs");
  test::check_refused(sort + "--template rowcol --procs 2", "no <template name=\"rowcol\">");
  test::check_refused("predict examples/models/sort.xml --hw xeon-e5-2650l-v3 --model dbc --template butterfly --procs 2",
                      "no <communication> section");
}

TEST_CASE("the MPI kernels run and check themselves on 2 processes", "[parallel][mpi]") {
  for (const char* k : {"integration_mpi", "sort_mpi", "matmul_mpi"}) {
    INFO(k);
    const std::string cmd = std::string("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun -np 2 "
                                        "--oversubscribe '" PACER_KERNEL_DIR "/") + k + "' 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buf[512];
    while (fgets(buf, sizeof buf, p)) out += buf;
    CHECK(pclose(p) == 0);
    CHECK_THAT(out, Catch::Contains("P=2") && Catch::Contains(": correct"));
  }
}

namespace {

// A report without its run time, which no two runs share.
std::string without_seconds(const std::string& json_text) {
  std::istringstream in(json_text);
  std::string line, out;
  while (std::getline(in, line))
    if (line.find("\"seconds\"") == std::string::npos) out += line + '\n';
  return out;
}

}  // namespace

TEST_CASE("under mpirun the studies spread over the ranks print the single process's output", "[parallel][mpi]") {
  const std::string data = test::temp_file("mpi-speedup.csv", "");
  // Up to 12 cores: 18 training sets of up to 128 points, enough to spread
  // over 8 ranks, without the 256-point SVR fits that cost the most.
  REQUIRE(test::run_pacer("speedup generate --params f=0.99,k=1.7,m1=0.002,m2=0.28 --noise 0.02 --seed 1 --cores 1-12 --out " +
                          data)
              .status == 0);
  for (const std::string& args : std::vector<std::string>{
           "schedule compare --dist beta --iterations 48,96 --threads 12 --seeds 1:20 --oracle --json",
        "speedup study " + data + " --repeats 3 --iterations 300 --models amdahl,memwall,svr --quiet --json",
        std::string("predict examples/models/integration.xml --hw hw/parsytec-t800.xml --model hllc "
                    "--sweep N_ivals=1:200000:1 --json")}) {
    INFO(args);
    const test::Run alone = test::run_pacer(args);
    REQUIRE(alone.status == 0);
    for (int ranks : {2, 8}) {
      INFO(ranks << " ranks");
      const test::Run spread = test::run_pacer(args, test::mpirun_launcher(ranks));
      INFO(spread.err);
      CHECK(spread.status == 0);
      CHECK(without_seconds(spread.out) == without_seconds(alone.out));
    }
  }
}

TEST_CASE("under mpirun bad input is reported once, by rank 0", "[parallel][mpi]") {
  const test::Run r = test::run_pacer("schedule compare --dist nope --iterations 48 --threads 4 --seeds 1:3",
                                      test::mpirun_launcher(2));
  CHECK(r.status != 0);
  CHECK(r.out.empty());
  INFO(r.err);
  REQUIRE(r.err.find("pacer: error: unknown distribution 'nope'") != std::string::npos);
  CHECK(r.err.find("pacer: error:") == r.err.rfind("pacer: error:"));
}

TEST_CASE("under mpirun validate --suite runs the whole suite on the node, its ranks sharing the kernels",
          "[parallel][mpi][validate]") {
  const test::Run r = test::run_pacer("validate --suite examples/kernels/paper-suite.json --hw hw/host.xml --runs 5 --json",
                                      test::mpirun_launcher(2));
  INFO(r.err);
  REQUIRE((r.status == 0 || r.status == 3));  // 3: this machine too noisy to judge a kernel
  const nlohmann::json j = nlohmann::json::parse(r.out);
  REQUIRE(j["machines"].size() == 1);  // both ranks are on this host
  const nlohmann::json& m = j["machines"][0];
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  CHECK(m["host"] == host);
  CHECK(m["hardware"] == "hw/host.xml");
  REQUIRE(m["kernels"].size() == 3);
  for (const auto& k : m["kernels"]) {
    INFO(k.dump());
    CHECK(k["status"] != "failed");
    CHECK(k["predicted_seconds"]["icc"].get<double>() > 0);
  }
}

TEST_CASE("under mpirun a host with no description fails its kernels with the reason", "[parallel][mpi][validate]") {
  const std::string empty = std::filesystem::temp_directory_path() / ("pacer-no-hw-" + std::to_string(getpid()));
  std::filesystem::create_directories(empty);
  const test::Run r = test::run_pacer("validate --suite examples/kernels/paper-suite.json",
                                      "PACER_HW_DIR='" + empty + "' " + test::mpirun_launcher(2) + " -x PACER_HW_DIR");
  std::filesystem::remove_all(empty);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("(no description)") && Catch::Contains("give --hw, or --calibrate"));
  CHECK(r.err.find("pacer: error:") == r.err.rfind("pacer: error:"));  // one message
}

TEST_CASE("a timing lock is held by one holder at a time", "[parallel][validate]") {
  std::atomic<bool> second_holds{false};
  std::thread waiter;
  {
    const TimingLock first;
    waiter = std::thread([&] {
      const TimingLock second;  // its own open of the lock file: it waits for the first
      second_holds = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    CHECK_FALSE(second_holds.load());
  }
  waiter.join();
  CHECK(second_holds.load());
}

TEST_CASE("under mpirun validate --calibrate measures and writes the description a host lacks",
          "[parallel][mpi][validate][calibrate]") {
  const auto dir = std::filesystem::temp_directory_path() / ("pacer-calibrate-hw-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string manifest = test::temp_file(
      "one-kernel-suite.json", R"({"kernels": [{"name": "integration", "files": [")" PACER_SOURCE_DIR
                               R"(/examples/kernels/integration.c"], "function": "integrate"}]})");
  const test::Run r = test::run_pacer("validate --suite " + manifest + " --runs 3 --calibrate --json",
                                      "PACER_HW_DIR='" + dir.string() + "' " + test::mpirun_launcher(2) + " -x PACER_HW_DIR");
  INFO(r.err);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const auto written = dir / (std::string(host) + ".xml");
  CHECK(std::filesystem::exists(written));
  CHECK((r.status == 0 || r.status == 3));
  if (!r.out.empty()) {
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["machines"][0]["hardware"] == written.string());
    CHECK(j["machines"][0]["kernels"][0]["status"] != "failed");
  }
  // One rank measured; the other found the description written.
  std::size_t calibrations = 0;
  for (std::size_t at = 0; (at = r.err.find("compiling the benchmarks", at)) != std::string::npos; ++at) ++calibrations;
  CHECK(calibrations == 1);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(manifest);
}
