// The omp_loop template end to end: a triangular loop analysed from C (the
// inner count follows the outer counter), its iteration costs from the
// resource model, and the schedule's parallel time against values worked
// out from the per-node times.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/run_pacer.hpp"

using nlohmann::json;
using pacer::test::run_json;
using pacer::test::run_pacer;
using pacer::test::Run;
using pacer::test::temp_file;

namespace {

const char* kTriangle =
    "#include <math.h>\n"
    "double cosinesum(int a, int b) {\n"
    "  double sum = 0.0;\n"
    "  for (int i = a; i < b; i++)\n"
    "    for (int j = a; j < i; j++)\n"
    "      sum += cos(i);\n"
    "  return sum;\n"
    "}\n";

double node_seconds(const json& prediction, const std::string& id) {
  for (const auto& n : prediction["nodes"])
    if (n["id"] == id) return n["seconds"];
  FAIL("no node " << id);
  return 0;
}

}  // namespace

TEST_CASE("a triangular loop's inner count follows the outer counter", "[template][frontend]") {
  std::string c = temp_file("triangle.c", kTriangle);
  json a = run_json("analyse " + c + " --json");
  json outer = a["functions"][0]["nodes"][1];
  json inner = outer["body"][1];
  CHECK(outer["induction"] == "cosinesum.i_L4");
  CHECK(inner["trip_count_per_iteration"] == "cosinesum.i_L4 - cosinesum.a");
  // The sequential count is exact: sum over i of (i - a) = (b - a)(b - a - 1) / 2.
  json p = run_json("predict " + c + " --hw parsytec-t800 --model hllc --param cosinesum.a=0 --param cosinesum.b=200 --json");
  for (const auto& n : p["predictions"][0]["nodes"])
    if (n["id"] == "seg_L5") CHECK(n["executions"] == 19900.0);
}

TEST_CASE("omp_loop predicts static and dynamic schedules of a triangular loop", "[template]") {
  std::string c = temp_file("triangle.c", kTriangle);
  std::string common = "predict " + c + " --hw parsytec-t800 --model hllc --param cosinesum.a=0 --param cosinesum.b=200";
  json seq = run_json(common + " --json")["predictions"][0];
  double outer = node_seconds(seq, "seg_L4"), inner = node_seconds(seq, "seg_L5");
  double total = seq["total_seconds"];

  json st = run_json(common + " --template omp_loop --schedule static --threads 1,2 --json")["predictions"][0];
  CHECK(st["iterations"] == 200);
  CHECK(st["points"][0]["total_seconds"].get<double>() == Approx(total));
  // Two static blocks: the second, i = 100..199, holds 14950 inner iterations.
  double heavy_half = 100 * outer + 14950 * inner;
  CHECK(st["points"][1]["loop_seconds"].get<double>() == Approx(heavy_half));
  CHECK(st["points"][1]["speedup"].get<double>() == Approx(total / (total - st["sequential_loop_seconds"].get<double>() + heavy_half)));

  json dy = run_json(common + " --template omp_loop --schedule dynamic,1 --threads 2 --json")["predictions"][0];
  double loop = st["sequential_loop_seconds"];
  CHECK(dy["points"][0]["loop_seconds"].get<double>() < 0.51 * loop);
  CHECK(dy["points"][0]["loop_seconds"].get<double>() >= 0.5 * loop);
}

TEST_CASE("omp_loop takes per-iteration weights and refuses what it cannot model", "[template]") {
  std::string c = temp_file("triangle.c", kTriangle);
  std::string common = "predict " + c + " --hw parsytec-t800 --model hllc --param cosinesum.a=0 --param cosinesum.b=4";
  std::string weights = temp_file("weights.txt", "1\n1\n1\n5\n");
  json w = run_json(common + " --template omp_loop --schedule static --threads 2 --iteration-weights " + weights + " --json");
  CHECK(w["predictions"][0]["iteration_seconds"]["max"].get<double>() > w["predictions"][0]["iteration_seconds"]["min"].get<double>());
  Run bad = run_pacer(common + " --template omp_loop --threads 2 --iteration-weights " + temp_file("w3.txt", "1\n2\n3\n"));
  CHECK(bad.status == 2);
  CHECK_THAT(bad.err, Catch::Contains("3 iteration weights for a loop of 4 iterations"));
  Run nested = run_pacer(common + " --template omp_loop --threads 2 --loop loop_L5");
  CHECK(nested.status == 2);
  CHECK_THAT(nested.err, Catch::Contains("top-level loop"));
  Run unknown = run_pacer(common + " --template hypercube --threads 2");
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown template"));
  Run unmapped = run_pacer(common + " --template butterfly --procs 2");
  CHECK(unmapped.status == 2);
  CHECK_THAT(unmapped.err, Catch::Contains("has no <template name=\"butterfly\">"));
  Run zero = run_pacer(common + " --template omp_loop --threads 0");
  CHECK(zero.status == 2);
}

TEST_CASE("the shipped triangle kernel checks itself and runs under omp_loop", "[template][kernels]") {
  std::string profile = temp_file("triangle.profile", "");
  Run r = run_pacer("profile examples/kernels/triangle.c --function cosinesum --out '" + profile + "'");
  INFO(r.err);
  CHECK(r.status == 0);
  json j = run_json("predict examples/kernels/triangle.c --function cosinesum --hw parsytec-t800 --model hllc "
                    "--param cosinesum.a=0 --param cosinesum.b=1000 --template omp_loop --schedule dynamic,1 "
                    "--threads 1,2 --json");
  CHECK(j["predictions"][0]["loop"] == "loop_L11");
  CHECK(j["predictions"][0]["points"][1]["speedup"].get<double>() > 1.99);
}
