// Communication models against values worked by hand, their fitting on
// generated data with noise, and `pacer comm` with a real 2-process Open MPI
// ping-pong.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <random>

#include "frontends/xml/hardware_io.hpp"
#include "templates/comm/comm_fit.hpp"
#include "templates/comm/comm_model.hpp"
#include "tests/run_pacer.hpp"
#include "tests/test_support.hpp"

using namespace pacer;

namespace {

const std::map<std::string, double> kPacket = {{"alpha", 5e-6}, {"beta", 1e-6}, {"tau", 1e-7},
                                               {"h", 8},        {"p", 100},     {"alpha2", 2e-6}};

std::vector<CommSample> generated(const CommModel& m, const std::vector<double>& distances, double noise, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> n(0, noise);
  std::vector<CommSample> out;
  for (double d : distances)
    for (double l : {100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0, 20000.0, 100000.0, 1e6})
      for (int r = 0; r < 9; ++r) out.push_back({l, d, m.seconds(l, d) * (1 + n(rng))});
  return out;
}

}  // namespace

TEST_CASE("Eq. 5, Hockney and LogGP by hand", "[comm]") {
  auto packet = make_comm_model("packet", kPacket);
  // One packet: alpha + d (beta + tau (l + h)) = 5 + 2 (1 + 0.1 * 58) = 18.6 us.
  CHECK(packet->seconds(50, 2) == Approx(18.6e-6));
  // Three packets: alpha + d (beta + tau p) + (300 / 100 - 1)(alpha2 + beta + tau p) = 5 + 22 + 26 = 53 us.
  CHECK(packet->seconds(300, 2) == Approx(53e-6));
  CHECK(packet->seconds(100, 1) == Approx(5e-6 + 1e-6 + 1e-7 * 108));  // l = p: still one packet
  CHECK(make_comm_model("hockney", {{"latency", 1e-6}, {"bandwidth", 1e9}})->seconds(1000, 7) == Approx(2e-6));
  CHECK(make_comm_model("loggp", {{"L", 1e-6}, {"o", 0.5e-6}, {"G", 1e-9}})->seconds(1001, 1) == Approx(3e-6));
  CHECK_THAT(test::error_message([] { make_comm_model("hockney", {{"latency", 1e-6}}); }),
             Catch::Contains("'bandwidth'"));
  CHECK_THAT(test::error_message([] { find_comm_model("smoke-signals"); }), Catch::Contains("known: packet"));
}

TEST_CASE("the T800 description carries Eq. 5", "[comm]") {
  Hardware t800 = read_hardware_file(test::source_path("hw/parsytec-t800.xml"));
  auto m = comm_model_of(t800);
  CHECK(m->name() == "packet");
  CHECK(m->seconds(1000, 2) > m->seconds(1000, 1));
  Hardware bare = read_hardware_string("<hardware name=\"bare\"/>", "bare.xml");
  CHECK_THROWS_AS(comm_model_of(bare), MissingFigure);
}

TEST_CASE("fitting recovers known parameters from noisy data", "[comm]") {
  auto hockney = make_comm_model("hockney", {{"latency", 2e-6}, {"bandwidth", 5e8}});
  CommFit h = fit_comm_model(comm_points(generated(*hockney, {1}, 0.03, 1)), {"hockney", 0, 0});
  CHECK(h.parameters.at("latency") == Approx(2e-6).epsilon(0.03));
  CHECK(h.parameters.at("bandwidth") == Approx(5e8).epsilon(0.03));
  CHECK(h.rms_relative < 0.03);

  // Distances from 1 to 10, as the paper measured, separate beta from alpha; h and p known.
  auto packet = make_comm_model("packet", kPacket);
  CommFit exact = fit_comm_model(comm_points(generated(*packet, {1, 2, 5, 10}, 0.0, 2)), {"packet", 8, 100});
  for (const char* k : {"alpha", "beta", "tau", "alpha2"}) {
    INFO(k);
    CHECK(exact.parameters.at(k) == Approx(kPacket.at(k)).epsilon(1e-6));
  }
  // With 2% noise the per-hop start-up is the hardest to separate (its column is close to alpha2's for
  // long messages); the per-packet cost alpha2 + beta + tau p is what the data pin down.
  CommFit p = fit_comm_model(comm_points(generated(*packet, {1, 2, 5, 10}, 0.02, 2)), {"packet", 8, 100});
  const double per_packet = p.parameters.at("alpha2") + p.parameters.at("beta") + 100 * p.parameters.at("tau");
  CHECK(per_packet == Approx(13e-6).epsilon(0.02));
  CHECK(p.parameters.at("tau") == Approx(1e-7).epsilon(0.1));
  CHECK(p.parameters.at("alpha") == Approx(5e-6).epsilon(0.2));
  // Without p, the fit finds the step.
  CommFit free = fit_comm_model(comm_points(generated(*packet, {1, 4}, 0.0, 3)), {"packet", 8, 0});
  CHECK(free.parameters.at("p") == 100);

  auto loggp = make_comm_model("loggp", {{"L", 3e-6}, {"o", 0}, {"G", 2e-9}});
  CommFit g = fit_comm_model(comm_points(generated(*loggp, {1}, 0.02, 4)), {"loggp", 0, 0});
  CHECK(g.parameters.at("G") == Approx(2e-9).epsilon(0.03));
  CHECK_THAT(g.notes.front(), Catch::Contains("L + 2o"));
}

TEST_CASE("too few points, bad files", "[comm]") {
  std::vector<CommPoint> two = {{100, 1, 1e-6, 1e-6, 1e-6, 1}, {1000, 1, 2e-6, 2e-6, 2e-6, 1}};
  CHECK_THAT(test::error_message([&] { fit_comm_model(two, {"hockney", 0, 0}); }),
             Catch::Contains("at least 3 distinct message sizes"));
  test::check_refused("comm fit " + test::temp_file("c1.csv", "bytes,seconds\n100,1e-6\n") + " --model hockney",
                      "expected the header 'bytes,distance,seconds'");
  test::check_refused("comm fit " + test::temp_file("c2.csv", "bytes,distance,seconds\n100,1,1e-6\n200,1,x\n") +
                          " --model hockney",
                      ":3: field 'column 3'");
  test::check_refused("comm fit " + test::temp_file("c3.csv", "bytes,distance,seconds\n100,1,1e-6\n") + " --model carrier-pigeon",
                      "unknown communication model");
}

TEST_CASE("comm measure runs a 2-process Open MPI ping-pong; fit writes a description", "[comm][cli][mpi]") {
  const std::string csv = (std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "-comm.csv")).string();
  test::Run m = test::run_pacer("comm measure --sizes 100,1000,10000,100000 --reps 3 --out '" + csv + "'");
  INFO(m.err);
  REQUIRE(m.status == 0);
  auto samples = read_comm_csv(csv);
  CHECK(samples.size() == 12);
  std::ifstream in(test::source_path("hw/parsytec-t800.xml"));
  std::string t800((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string hw = test::temp_file("host-comm.xml", t800);
  nlohmann::json f = test::run_json("comm fit '" + csv + "' --model hockney --json --into '" + hw + "'");
  CHECK(f["parameters"]["bandwidth"].get<double>() > 0);
  CHECK(f["residuals"].size() == 4);
  Hardware written = read_hardware_file(hw);
  CHECK(comm_model_of(written)->name() == "hockney");
  CHECK(written.sections.at("hllc").params.size() == 16);  // the rest of the description is kept
}
