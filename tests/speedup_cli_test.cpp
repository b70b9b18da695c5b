// `pacer speedup` and the speedup-law templates as a user runs them: the
// issue's acceptance commands, the JSON they promise, a real measurement on
// this machine, and bad input (exit 2, one message, no output).
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/run_pacer.hpp"

using nlohmann::json;
using pacer::test::check_refused;
using pacer::test::run_json;
using pacer::test::run_pacer;
using pacer::test::Run;
using pacer::test::temp_file;

namespace {

std::string generated_data() {
  static const std::string path = [] {
    const auto p = (std::filesystem::temp_directory_path() / "pacer-speedup-cli-data.csv").string();
    std::filesystem::remove(p);
    Run r = run_pacer("speedup generate --params f=0.99,k=1.7,m1=0.002,m2=0.28 --noise 0.02 --seed 1 --out " + p);
    REQUIRE(r.status == 0);
    return p;
  }();
  return path;
}

}  // namespace

TEST_CASE("speedup generate writes the paper's grid with the promised header", "[cli][speedup]") {
  const std::string data = generated_data();
  std::ifstream in(data);
  std::string header;
  std::getline(in, header);
  CHECK(header == "cores,cpu_freq_hz,mem_freq_hz,time_s");
  int lines = 0;
  for (std::string l; std::getline(in, l);) ++lines;
  CHECK(lines == 336);
}

TEST_CASE("speedup generate --table-row uses the paper's Table 1 parameters", "[cli][speedup]") {
  Run r = run_pacer("speedup generate --table-row parsec-x264 --speedup --cores 2,4 --cpu-freq 2.5GHz");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("cores,cpu_freq_hz,mem_freq_hz,speedup\n2,2500000000,1066000000,"));
  check_refused("speedup generate --table-row parsec-nothing", "no program 'parsec-nothing' in Table 1");
  check_refused("speedup generate --table-row parsec-x264 --params f=0.9,k=1,m1=0,m2=0", "--table-row");
}

TEST_CASE("speedup fit --json has params, mse and the gain over Amdahl", "[cli][speedup]") {
  const json mw = run_json("speedup fit " + generated_data() + " --model memwall --optimizer csa --json");
  CHECK(mw["points"] == 322);
  for (const char* p : {"f", "k", "m1", "m2"}) CHECK(mw["params"].contains(p));
  CHECK(mw["mse"].get<double>() > 0);
  CHECK(mw["gain_over_amdahl_percent"].get<double>() > 90);
  const json am = run_json("speedup fit " + generated_data() + " --model amdahl --optimizer pso --json");
  CHECK(am["params"].size() == 1);
  CHECK(am["mse"].get<double>() > mw["mse"].get<double>());
  CHECK_FALSE(am.contains("gain_over_amdahl_percent"));
}

TEST_CASE("speedup study --json reports median and sd per size and model", "[cli][speedup]") {
  const json j = run_json("speedup study " + generated_data() + " --repeats 2 --iterations 300 --quiet --json");
  CHECK(j["sizes"] == json({4, 8, 16, 32, 64, 128, 256}));
  CHECK(j["results"].size() == 7 * 5);
  for (const auto& r : j["results"]) {
    CHECK(r.contains("median_mse"));
    CHECK(r.contains("sd_mse"));
  }
}

// The study's KRR shares its basis, projection and eigendecomposition across
// the alpha grid and skips dlib's repeated projections of samples that
// cannot enter the basis; SVR skips the folds of a grid point that can no
// longer win. Neither may change a result: these figures are what dlib's own
// krr_trainer and fill_lisf, with every fold trained, gave on this data.
TEST_CASE("the study's shortcuts give what dlib's trainers give", "[cli][speedup]") {
  const std::string data = (std::filesystem::temp_directory_path() / "pacer-study-12.csv").string();
  std::filesystem::remove(data);
  REQUIRE(run_pacer("speedup generate --params f=0.99,k=1.7,m1=0.002,m2=0.28 --noise 0.02 --seed 1 --cores 1-12 --out " +
                    data).status == 0);
  const json j = run_json("speedup study " + data + " --repeats 3 --models krr,svr --quiet --json");
  struct Expected {
    int size;
    std::string model;
    double median, mean;
  };
  const std::vector<Expected> expected{
      {4, "krr", 0.6013831035589638, 1.8221777304721538},
      {4, "svr", 2.6925051953083248, 6.568609211682095},
      {8, "krr", 0.5518371802168884, 0.6703185263303509},
      {8, "svr", 1.2330978425555996, 1.6597213864645557},
      {16, "krr", 0.33375672668071593, 0.3362568611200863},
      {16, "svr", 0.32194582808230565, 0.39580799329397687},
      {32, "krr", 0.2519217358622356, 0.2546544436055682},
      {32, "svr", 0.18882138925654446, 0.20721310542360113},
      {64, "krr", 0.13970924461577217, 0.13471489461571087},
      {64, "svr", 0.1467030312098528, 0.1470769172284345},
      {128, "krr", 0.10735392229118292, 0.10508973404747006},
      {128, "svr", 0.08746414107829177, 0.09681780744288715}};
  REQUIRE(j["results"].size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const json& r = j["results"][i];
    INFO(expected[i].model << " at " << expected[i].size << " points");
    CHECK(r["size"] == expected[i].size);
    CHECK(r["model"] == expected[i].model);
    CHECK(r["median_mse"].get<double>() == Approx(expected[i].median).epsilon(1e-9));
    CHECK(r["mean_mse"].get<double>() == Approx(expected[i].mean).epsilon(1e-9));
  }
}

TEST_CASE("speedup predict and best evaluate a law over cores and frequencies", "[cli][speedup]") {
  const std::string law = "--model memwall --params f=0.99,k=1.7,m1=0.002,m2=0.28 --cores 1-24 --cpu-freq 1.2GHz:2.5GHz:0.1GHz";
  const json p = run_json("speedup predict " + law + " --json");
  REQUIRE(p["points"].size() == 24 * 14);
  CHECK(p["points"][0]["speedup"].get<double>() == Approx(1.0));
  const json b = run_json("speedup best " + law + " --json");
  double best_speedup = 0, best_time = 1e300;
  for (const auto& pt : p["points"]) {
    best_speedup = std::max(best_speedup, pt["speedup"].get<double>());
    best_time = std::min(best_time, pt["relative_time"].get<double>());
  }
  CHECK(b["highest_speedup"]["speedup"].get<double>() == Approx(best_speedup));
  CHECK(b["shortest_time"]["relative_time"].get<double>() == Approx(best_time));
  CHECK(b["shortest_time"]["cores"] == 24);
  CHECK(b["lowest_energy"].is_null());
  const auto hw = temp_file("pacer-power.xml",
                            "<hardware name='power-test'><cpu><param name='clock' value='2.5' unit='GHz' source='test'/></cpu>"
                            "<power><param name='static_power' value='60' unit='W' source='test'/>"
                            "<param name='core_power' value='5' unit='W' source='test'/>"
                            "<param name='dynamic_exponent' value='3' source='test'/></power></hardware>");
  const json e = run_json("speedup best " + law + " --hw " + hw + " --json");
  CHECK(e["lowest_energy"]["relative_energy"].get<double>() > 0);
}

TEST_CASE("predict --template memwall carries the sequential time to p cores and frequencies", "[cli][speedup]") {
  const json j = run_json(
      "predict examples/models/matmul.xml --hw hw/parsytec-t800.xml --model poc --template memwall "
      "--template-params f=0.99,k=1.7,m1=0.002,m2=0.28 --cores 1,4 --cpu-freq 20MHz,25MHz --mem-freq 10MHz --json");
  const auto& pred = j["predictions"][0];
  const double t_ref = pred["sequential_seconds"].get<double>();
  const auto& pts = pred["points"];
  REQUIRE(pts.size() == 4);
  CHECK(pts[2]["total_seconds"].get<double>() == Approx(t_ref));  // one core at the clock
  for (const auto& p : pts)
    CHECK(p["total_seconds"].get<double>() == Approx(p["sequential_seconds"].get<double>() / p["speedup"].get<double>()));
  check_refused("predict examples/models/matmul.xml --hw hw/parsytec-t800.xml --model poc --template memwall --cores 2",
                "--template-params");
  check_refused("predict examples/models/matmul.xml --hw hw/parsytec-t800.xml --model poc --template memwall "
                "--template-params f=0.99,k=1.7,m1=0.002,m2=0.28 --cores 2",
                "mem_frequency");
}

TEST_CASE("speedup measure times a real OpenMP program on this machine's cores", "[cli][speedup]") {
  const auto out = (std::filesystem::temp_directory_path() / "pacer-measure.csv").string();
  std::filesystem::remove(out);
  Run r = run_pacer("speedup measure --cores 1,2 --runs 2 --mem-freq 1.6GHz --out " + out + " -- " PACER_TRIAD " 200000 4");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.err, Catch::Contains("speedup point"));
  std::ifstream in(out);
  int lines = 0;
  for (std::string l; std::getline(in, l);) ++lines;
  CHECK(lines == 1 + 2 * 2);
  check_refused("speedup measure --runs 1 --mem-freq 1GHz -- /nonexistent/prog", "cannot run");
  check_refused("speedup measure --cores 1,4096 --mem-freq 1GHz -- " PACER_TRIAD, "cores available");
  check_refused("speedup measure --mem-freq 1GHz", "no program");
}

TEST_CASE("speedup commands refuse bad input with exit 2 and no output", "[cli][speedup]") {
  const auto missing = temp_file("pacer-speedup-missing.csv", "cores,cpu_freq_hz,speedup\n2,1e9,1.5\n");
  check_refused("speedup fit " + missing + " --json", "mem_freq_hz");
  const auto neg = temp_file("pacer-speedup-neg-cli.csv", "cores,cpu_freq_hz,mem_freq_hz,time_s\n1,1e9,1e9,1\n2,1e9,1e9,0\n");
  check_refused("speedup fit " + neg, "positive");
  const auto few = temp_file("pacer-speedup-few.csv", "cores,cpu_freq_hz,mem_freq_hz,speedup\n2,1e9,1e9,1.9\n4,1e9,1e9,3.5\n");
  check_refused("speedup fit " + few + " --model memwall", "at least 4");
  check_refused("speedup fit " + generated_data() + " --bounds k=5:1", "above");
  check_refused("speedup fit " + generated_data() + " --optimizer newton", "unknown optimizer");
  check_refused("speedup fit " + generated_data() + " --model kepler", "unknown speedup model");
  check_refused("speedup generate --params f=1.5", "outside");
  check_refused("speedup generate --params f=0.9,k=1,m1=0,m2=0.1 --noise -1", "--noise");
  check_refused("speedup generate --params f=0.9,k=1,m1=0,m2=0.1 --cores 0-3", "--cores");
  check_refused("speedup predict --params f=0.9 --model amdahl --cpu-freq -2GHz", "--cpu-freq");
  check_refused("speedup study " + few, "more than 4");
  check_refused("speedup study " + generated_data() + " --repeats 0", "--repeats");
}
