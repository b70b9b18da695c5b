// The shipped C kernels analysed: their SEGs have the shape of Table 3 of
// "An analysis of processor resource models for use in performance prediction"
// (docs/kernels.md sets them side by side), and profiling binds them.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "framework/reduction.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "tests/run_pacer.hpp"
#include "tests/test_support.hpp"

using namespace pacer;

namespace {

std::string kernel_formula(const std::string& kernel, const std::string& function) {
  CAnalysis a = analyse_c({{test::source_path("examples/kernels/" + kernel + ".c")}, {function}, {}});
  return to_string(printed_formula(a.model, a.model.tasks.at(0)));
}

}  // namespace

TEST_CASE("integration: P_edge, then N_power, vinit, N_ivals and result", "[kernels]") {
  // Table 3: P_edge t(v_edge) + (1 - P_edge)(N_power t(v_power) + t(v_vinit) + N_ivals t(v_srf) + t(v_result)),
  // after the segment that tests the edge condition.
  CHECK(kernel_formula("integration", "estimate") ==
        "t(v_seg_L20) + P_estimate_L20 * t(v_seg_L20_2) + (1 - P_estimate_L20) * (t(v_seg_L21) + estimate.levels * "
        "t(v_seg_L22) + t(v_seg_L23) + (estimate.n - 1) * t(v_seg_L24) + t(v_seg_L29))");
}

TEST_CASE("sort: init, N_merge merge steps, N_tail tail and N_copy copy", "[kernels]") {
  // Table 3: t(v_init) + N_merge t(v_merge) + N_tail t(v_tail) + N_copy t(v_copy); the merge
  // step's comparison is an explicit branch here, and each loop's first test its own segment.
  CHECK(kernel_formula("sort", "merge") ==
        "t(v_seg_L13) + N_merge_L14 * (t(v_seg_L14) + P_merge_L15 * t(v_seg_L15) + (1 - P_merge_L15) * "
        "t(v_seg_L16)) + t(v_seg_L18) + N_merge_L18 * t(v_seg_L18_2) + t(v_seg_L19) + merge.k * t(v_seg_L19_2)");
}

TEST_CASE("matmul: N_rows N_cols dot products of n steps", "[kernels]") {
  CHECK(kernel_formula("matmul", "matmul") ==
        "t(v_seg_L14) + matmul.n * (t(v_seg_L14_2) + matmul.n * (t(v_seg_L15) + matmul.n * t(v_seg_L17) + "
        "t(v_seg_L18)))");
}

TEST_CASE("the kernels check themselves and profile to their sizes", "[kernels][profile]") {
  std::string profile = (std::filesystem::temp_directory_path() / "pacer-matmul.profile").string();
  test::Run r = test::run_pacer("profile examples/kernels/matmul.c --out '" + profile + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.err, Catch::Contains("256 x 256 correct"));
  auto p = nlohmann::json::parse(std::ifstream(profile))["parameters"];
  CHECK(p["matmul.n"].get<double>() == 256);

  std::string sort_profile = (std::filesystem::temp_directory_path() / "pacer-sort.profile").string();
  REQUIRE(test::run_pacer("profile examples/kernels/sort.c --out '" + sort_profile + "'").status == 0);
  auto s = nlohmann::json::parse(std::ifstream(sort_profile))["parameters"];
  CHECK(s["merge_sort.n"].get<double>() == 128 * 1024);  // from ceil(log2(n)) = 17 passes
}
