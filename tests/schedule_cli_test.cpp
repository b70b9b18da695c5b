// `pacer schedule` as a user runs it: the acceptance commands, the
// JSON they promise, and bad input (exit 2, one message, no output).
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/run_pacer.hpp"

using pacer::test::check_refused;
using pacer::test::run_json;
using pacer::test::run_pacer;
using pacer::test::Run;
using pacer::test::temp_file;
using nlohmann::json;

TEST_CASE("schedule simulate --json has makespan, imbalance, thread loads and assignment", "[cli][schedule]") {
  json j = run_json("schedule simulate --dist beta --iterations 97 --threads 12 --strategy srr --seed 1 --json");
  REQUIRE(j["assignment"].size() == 97);
  REQUIRE(j["thread_loads"].size() == 12);
  double total = 0, makespan = 0;
  for (double x : j["thread_loads"]) total += x, makespan = std::max(makespan, x);
  CHECK(j["makespan"].get<double>() == Approx(makespan));
  CHECK(j["imbalance"].get<double>() >= 0);
  CHECK(j["imbalance"].get<double>() < 0.05);
  // The same seed gives the same workload and schedule.
  CHECK(run_json("schedule simulate --dist beta --iterations 97 --threads 12 --strategy srr --seed 1 --json") == j);
}

TEST_CASE("schedule simulate and optimise on a workload file", "[cli][schedule]") {
  std::string loads = temp_file("loads.txt", "5\n3\n8\n2\n7\n4\n1\n6\n");
  json sim = run_json("schedule simulate --workload " + loads + " --threads 2 --strategy lpt --json");
  CHECK(sim["makespan"] == 18.0);
  CHECK(sim["thread_loads"] == json::array({18.0, 18.0}));
  json opt = run_json("schedule optimise --workload " + loads + " --threads 2 --json --stall 200");
  CHECK(opt["makespan"] == 18.0);
  CHECK(opt["lower_bound"] == 18.0);
  CHECK(opt["optimal"] == true);
  CHECK(opt["strategies"].size() >= 7);
}

TEST_CASE("schedule compare summarises strategies and draws Figure 8's shape", "[cli][schedule]") {
  std::string png = (std::filesystem::temp_directory_path() / "pacer-compare.png").string();
  std::filesystem::remove(png);
  json j = run_json("schedule compare --dist gamma --iterations 48,96 --threads 12 --seeds 1:5 --json --plot " + png);
  REQUIRE(j["sizes"].size() == 2);
  CHECK(j["sizes"][0]["seeds"] == 5);
  CHECK(j["sizes"][1]["srr_gain_percent"].contains("static"));
  CHECK(std::filesystem::file_size(png) > 1000);
}

TEST_CASE("schedule refuses bad input with exit status 2", "[cli][schedule]") {
  check_refused("schedule simulate --dist beta --iterations 10 --threads 0 --strategy srr", "threads");
  check_refused("schedule simulate --dist beta --iterations 0 --threads 2 --strategy srr", "iterations");
  check_refused("schedule simulate --dist zipf --iterations 10 --threads 2 --strategy srr", "unknown distribution");
  check_refused("schedule simulate --dist beta --iterations 10 --threads 2 --strategy fifo", "unknown strategy");
  check_refused("schedule simulate --dist beta --iterations 10 --threads 2 --strategy dynamic,0", "at least 1");
  check_refused("schedule simulate --dist beta --dist-params a=-1 --iterations 10 --threads 2 --strategy srr",
                "positive");
  std::string bad = temp_file("negative-loads.txt", "1\n-2\n");
  check_refused("schedule simulate --workload " + bad + " --threads 2 --strategy srr", "negative-loads.txt:2");
  check_refused("schedule simulate --workload " + temp_file("empty-loads.txt", "# none\n") +
                    " --threads 2 --strategy srr",
                "empty");
  check_refused("schedule optimise --workload /no/such/file --threads 2", "cannot read");
  std::string png = (std::filesystem::temp_directory_path() / "never.png").string();
  check_refused("schedule compare --dist beta --iterations 48 --threads 12 --seeds 5:1 --plot " + png, "backwards");
  CHECK_FALSE(std::filesystem::exists(png));
}
