// ICC's memory traffic: the frontend's affine addresses of C references, the
// set-associative LRU simulation of them, and the lines per execution it
// attaches to nodes (resource_models/icc/cache_traffic.hpp).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "frontends/clang/c_frontend.hpp"
#include "resource_models/icc/cache_traffic.hpp"
#include "resource_models/icc/memory_term.hpp"
#include "resource_models/resource_model.hpp"
#include "tests/test_support.hpp"

using namespace pacer;

namespace {

CAnalysis analyse_code(const std::string& code) {
  static int serial = 0;
  auto path = std::filesystem::temp_directory_path() /
              ("pacer-traffic-" + std::to_string(getpid()) + "-" + std::to_string(serial++) + ".c");
  std::ofstream(path) << code;
  CAnalysis a = analyse_c({{path.string()}, {}, {}});
  std::filesystem::remove(path);
  return a;
}

// The innermost loop's first compute node of a task.
const SegNode& inner_node(const CAnalysis& a, const std::string& task) {
  const SegNode* found = nullptr;
  for_each_node(a.model.find_seg(task)->seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && !n.memory.affine.empty()) found = &n;
  });
  REQUIRE(found);
  return *found;
}

double stride(const MemoryAccess& a, const std::string& counter_prefix, const ParamValues& bound = {}) {
  for (const auto& [name, s] : a.strides)
    if (name.rfind(counter_prefix, 0) == 0) return evaluate(s, Bindings{bound, {}});
  return 0;
}

// A 512 x 512 matrix of doubles (rows of 4 KiB, a page) times a vector, walked
// along its rows and down its columns.
const char* const kRowsAndColumns =
    "#define N 512\n"
    "static double m[N][N], x[N], y[N];\n"
    "void rows(void) {\n"
    "  for (int i = 0; i < N; i++)\n"
    "    for (int j = 0; j < N; j++) y[i] += m[i][j] * x[j];\n"
    "}\n"
    "void columns(void) {\n"
    "  for (int j = 0; j < N; j++)\n"
    "    for (int i = 0; i < N; i++) y[i] += m[i][j] * x[j];\n"
    "}\n";

// A machine of small caches: 4 KiB 4-way level 1 (16 sets), 64 KiB 8-way
// level 2, 64-byte lines, at 1 GHz.
Hardware small_machine() {
  return read_hardware_string(R"(<hardware name="small"><cpu><param name="clock" value="1" unit="GHz" source="t"/></cpu><memory>
    <param name="l1_size" value="4" unit="KiB" source="t"/><param name="l1_ways" value="4" source="t"/>
    <param name="l2_size" value="64" unit="KiB" source="t"/><param name="l2_ways" value="8" source="t"/>
    <param name="line_size" value="64" unit="B" source="t"/>
    <param name="l1_bandwidth" value="100" unit="GB/s" source="t"/><param name="l2_bandwidth" value="50" unit="GB/s" source="t"/>
    <param name="mem_bandwidth" value="10" unit="GB/s" source="t"/></memory></hardware>)",
                              "small.xml");
}

// A time in nanoseconds, as a description gives one.
Figure ns(double v) {
  Figure f;
  f.value = v * 1e-9, f.written = v, f.unit = "ns", f.source = "t";
  return f;
}

}  // namespace

TEST_CASE("the frontend reads subscripts as affine addresses of the loops' counters", "[traffic]") {
  CAnalysis a = analyse_code(
      "static double a[64][32];\n"
      "void f(double *p, const int *idx, int n) {\n"
      "  for (int i = 0; i < 64; i++)\n"
      "    for (int j = 0; j < n; j++)\n"
      "      a[i][j] = p[i * n + j + 1] + a[i][j] + p[idx[j]];\n"
      "}\n");
  const SegNode& body = inner_node(a, "f");
  // a[i][j] read and written, p[i * n + j + 1], idx[j]; p[idx[j]] is opaque.
  REQUIRE(body.memory.affine.size() == 4);
  CHECK(body.memory.opaque == 1);
  const ParamValues n{{"f.n", 32}};
  int stores = 0;
  for (const MemoryAccess& m : body.memory.affine) {
    CHECK(m.width == (m.object == "*idx" ? 4 : 8));
    stores += m.store;
    if (m.object == "a") {
      CHECK(stride(m, "f.i_L3") == 256);
      CHECK(stride(m, "f.j_L4") == 8);
      CHECK(evaluate(m.object_bytes, {}) == 64 * 32 * 8);
    } else if (m.object == "*p") {
      CHECK(stride(m, "f.i_L3", n) == 32 * 8);
      CHECK(stride(m, "f.j_L4", n) == 8);
      CHECK(evaluate(m.offset, {}) == 8);
      CHECK(!m.object_bytes);
    } else {
      CHECK(m.object == "*idx");
      CHECK(stride(m, "f.j_L4") == 4);
    }
  }
  CHECK(stores == 1);
}

// A triangular nest (LU's): the inner loops start at the outer counter, so
// their counts are formulas of it; their counters are counters of the
// addresses all the same, and the simulation walks each entry from its own
// start.
TEST_CASE("references in a triangular nest are affine in its counters and simulated", "[traffic]") {
  CAnalysis a = analyse_code(
      "#define N 64\n"
      "static double a[N][N];\n"
      "void lu(int n) {\n"
      "  for (int k = 0; k < n; k++)\n"
      "    for (int i = k + 1; i < n; i++) {\n"
      "      double l = a[i][k] / a[k][k];\n"
      "      for (int j = k + 1; j < n; j++) a[i][j] -= l * a[k][j];\n"
      "    }\n"
      "}\n");
  const SegNode& body = inner_node(a, "lu");
  CHECK(body.memory.opaque == 0);
  REQUIRE(body.memory.affine.size() == 3);  // a[i][j] read and written, a[k][j]
  int rows_i = 0;
  for (const MemoryAccess& m : body.memory.affine) {
    CHECK(stride(m, "lu.j_L7") == 8);
    // a[i][j] moves a row per i, a[k][j] a row per k.
    const bool row_i = stride(m, "lu.i_L5") != 0;
    rows_i += row_i;
    CHECK(stride(m, row_i ? "lu.i_L5" : "lu.k_L4") == 64 * 8);
  }
  CHECK(rows_i == 2);
  // The loop over i starts at k + 1: its counter's start reads k's.
  const SegNode* loop_i = nullptr;
  for_each_node(a.model.find_seg("lu")->seg, [&](const SegNode& n) {
    if (n.induction == "lu.i_L5") loop_i = &n;
  });
  REQUIRE(loop_i);
  CHECK(evaluate(loop_i->induction_start, Bindings{{{"lu.k_L4", 10}}, {}}) == 11);
  // Bound to n = 64 (32 KiB, in level 2 of the small machine), the
  // simulation walks the nest: the rows below k stream from level 2.
  attach_cache_traffic(a.model, small_machine(), {{"lu.n", 64}});
  const Ruv& r = inner_node(a, "lu").ruvs.at(ruv_kind::machine);
  CHECK(r.get("traffic") == 1);
  CHECK(r.get("bytes_from_l2") > 0);
  CHECK(r.get("bytes_from_mem") == 0);
}

// memcpy and memset read and write in the C library: with a size Clang can
// evaluate, the destination is a store and memcpy's source a load of that
// many bytes, at the addresses their pointers give.
TEST_CASE("the frontend reads memcpy's and memset's ranges as references of their size", "[traffic]") {
  CAnalysis a = analyse_code(
      "#include <string.h>\n"
      "static double a[64][256], b[64][256];\n"
      "static int perm[64];\n"
      "void f(void) {\n"
      "  for (int r = 0; r < 64; r++) memcpy(b[r], a[perm[r]], sizeof a[0]);\n"
      "}\n"
      "void g(int n) {\n"
      "  for (int r = 0; r < 64; r++) memset(&b[r][1], 0, 16 * sizeof(double));\n"
      "  memcpy(a, b, (size_t)n);\n"
      "}\n");
  const SegNode& copy = inner_node(a, "f");
  int stores = 0;
  for (const MemoryAccess& m : copy.memory.affine) {
    if (m.object == "perm") continue;
    CHECK(m.object == "b");
    CHECK(m.store);
    CHECK(m.width == 2048);
    CHECK(stride(m, "f.r_L5") == 2048);
    ++stores;
  }
  CHECK(stores == 1);
  CHECK(copy.memory.opaque == 1);  // a[perm[r]]: 2 KiB at an index read from memory
  const SegNode& clear = inner_node(a, "g");
  REQUIRE(clear.memory.affine.size() == 1);  // memset reads nothing; memcpy's size is no constant
  CHECK(clear.memory.affine[0].width == 128);
  CHECK(evaluate(clear.memory.affine[0].offset, {}) == 8);
}

TEST_CASE("the LRU simulation moves a line per line streamed, writes dirty lines back, and sees set conflicts",
          "[traffic]") {
  std::vector<std::string> notes;
  const CacheShape shape = cache_shape(small_machine(), notes);
  REQUIRE(shape.levels.size() == 2);
  CHECK(notes.empty());
  CHECK(shape.source_of(0) == "l2");
  CHECK(shape.source_of(1) == "mem");

  SECTION("a read stream of 1 MiB: one line over each boundary per 8 doubles") {
    CacheSimulator sim(shape);
    Crossing crossed[2];
    for (std::uint64_t i = 0; i < 131072; ++i) sim.access(i * 8, 8, false, crossed);
    CHECK(crossed[0].fills == 16384);
    CHECK(crossed[1].fills == 16384);
    CHECK(crossed[0].writebacks == 0);
  }
  SECTION("a written stream: each line is filled and, evicted dirty, written back") {
    CacheSimulator sim(shape);
    Crossing crossed[2];
    for (std::uint64_t i = 0; i < 131072; ++i) sim.access(i * 8, 8, true, crossed);
    // 16384 fills; all but the lines still held in level 1 (64) written back.
    CHECK(crossed[0].fills == 16384);
    CHECK(crossed[0].writebacks == 16384 - 64);
    CHECK(crossed[1].writebacks == 16384 - 1024);  // all but the 1024 lines level 2 still holds
  }
  SECTION("16 lines 1 KiB apart share 4 of level 1's 16 sets: every access misses level 1, none misses level 2") {
    CacheSimulator sim(shape);
    Crossing crossed[2];
    for (int round = 0; round < 10; ++round)
      for (std::uint64_t k = 0; k < 32; ++k) sim.access(k * 1024, 8, false, crossed);
    CHECK(crossed[0].fills == 320);
    CHECK(crossed[1].fills == 32);  // the first round only
  }
}

TEST_CASE("a column walk moves a line per element where a row walk moves one per eight", "[traffic]") {
  CAnalysis a = analyse_code(kRowsAndColumns);
  const auto notes = attach_cache_traffic(a.model, small_machine(), {});
  const Ruv& row = inner_node(a, "rows").ruvs.at(ruv_kind::machine);
  const Ruv& column = inner_node(a, "columns").ruvs.at(ruv_kind::machine);
  CHECK(row.get("traffic") == 1);
  // Rows: m streams from memory (8 bytes of 64 per element); x, 4 KiB, stays
  // in level 2 but not in a level 1 of 4 KiB beside m's stream.
  CHECK(row.get("bytes_from_mem") == Approx(8).epsilon(0.02));
  CHECK(row.get("bytes_from_l2") == Approx(16).epsilon(0.02));
  // Columns: every element of m is a line of its own, from memory (512 rows
  // 4 KiB apart fall into the same sets of level 2 too); y stays in level 2.
  CHECK(column.get("bytes_from_mem") == Approx(64).epsilon(0.05));
  CHECK(column.get("bytes_from_l2") >= 64);
  // A column's stride is a page: no prefetcher brings its lines, so they are
  // counted apart; a row's stream is prefetched.
  CHECK(column.get("lines_scattered_from_mem") == Approx(1).epsilon(0.05));
  CHECK(row.get("lines_scattered_from_mem") == 0);
  CHECK(row.get("lines_scattered_from_l2") == 0);
}

// A time step around a sweep and a copy, as stencils are written: one step
// overruns the budget of accesses, which used to end inside the sweep, so
// the copy never ran in the sample and was priced from its working set as
// if in level 1.
TEST_CASE("every nest inside a time step is sampled, each after the one before", "[traffic]") {
  CAnalysis a = analyse_code(
      "#define N 256\n"
      "static double u[N][N], v[N][N];\n"
      "void step(int steps) {\n"
      "  for (int t = 0; t < steps; t++) {\n"
      "    for (int i = 1; i < N - 1; i++)\n"
      "      for (int j = 1; j < N - 1; j++) v[i][j] = u[i - 1][j] + u[i + 1][j] + u[i][j];\n"
      "    for (int i = 1; i < N - 1; i++)\n"
      "      for (int j = 1; j < N - 1; j++) u[i][j] = v[i][j];\n"
      "  }\n"
      "}\n");
  const ParamValues bound{{"step.steps", 10}};
  const double budget = 100000;  // one step is 254 * 254 * 6, about 387,000 accesses
  // Simulated here, not read from an earlier build's entry on disk.
  const auto dir = std::filesystem::temp_directory_path() / ("pacer-traffic-steps-" + std::to_string(getpid()));
  setenv("PACER_CACHE_DIR", dir.c_str(), 1);
  attach_cache_traffic(a.model, small_machine(), bound, budget);
  std::filesystem::remove_all(dir);
  std::vector<const SegNode*> inner;
  for_each_node(a.model.find_seg("step")->seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && n.memory.affine.size() >= 2) inner.push_back(&n);
  });
  REQUIRE(inner.size() == 2);
  const Ruv& sweep = inner[0]->ruvs.at(ruv_kind::machine);
  const Ruv& copy = inner[1]->ruvs.at(ruv_kind::machine);
  CHECK(sweep.get("traffic") == 1);
  REQUIRE(copy.get("traffic") == 1);
  // 512 KiB of u and v in a 64 KiB level 2: the copy reads v's lines and
  // allocates u's from memory, a line per eight elements each.
  CHECK(copy.get("bytes_from_mem") == Approx(16).epsilon(0.05));
  CHECK(copy.get("bytes_to_mem") == Approx(8).epsilon(0.05));
}

// A kernel run again finds in the caches what its last run left there: the
// ends of all the arrays it streams together, not the first array's end and
// every other array whole (the order the SEG names them), which let the
// sample of triad's first pass find two of its three arrays in level 3.
TEST_CASE("a sample of a stream through more than the caches hold starts from a run's steady state", "[traffic]") {
  CAnalysis a = analyse_code(
      "#define N 4096\n"
      "static double x[N], y[N], z[N];\n"
      "void triad(void) {\n"
      "  for (int i = 0; i < N; i++) x[i] = y[i] + 3 * z[i];\n"
      "}\n");
  // 3 x 32 KiB through 68 KiB of caches; the budget ends a third of the way in.
  const auto dir = std::filesystem::temp_directory_path() / ("pacer-traffic-warm-" + std::to_string(getpid()));
  setenv("PACER_CACHE_DIR", dir.c_str(), 1);
  attach_cache_traffic(a.model, small_machine(), {}, 4000);
  std::filesystem::remove_all(dir);
  const Ruv& r = inner_node(a, "triad").ruvs.at(ruv_kind::machine);
  REQUIRE(r.get("traffic") == 1);
  // Every line of the three from memory, as in the steady state.
  CHECK(r.get("bytes_from_mem") == Approx(24).epsilon(0.05));

  // Three arrays of 4 KiB, which the caches hold whole: a run left them
  // there, so the sample (ended a third of the way in) takes none from memory.
  CAnalysis small = analyse_code(
      "#define N 512\n"
      "static double x[N], y[N], z[N];\n"
      "void triad(void) {\n"
      "  for (int i = 0; i < N; i++) x[i] = y[i] + 3 * z[i];\n"
      "}\n");
  setenv("PACER_CACHE_DIR", dir.c_str(), 1);
  attach_cache_traffic(small.model, small_machine(), {}, 500);
  std::filesystem::remove_all(dir);
  const Ruv& held = inner_node(small, "triad").ruvs.at(ruv_kind::machine);
  REQUIRE(held.get("traffic") == 1);
  CHECK(held.get("bytes_from_mem") == 0);
}

TEST_CASE("caches beyond a page are indexed by physical frames, which the system hands out in no order", "[traffic]") {
  // Level 2 of 1 MiB, 16 ways: 1024 sets, of which a line's page offset
  // picks one in 16 and its page's frame the rest.
  CacheShape shape;
  shape.levels = {{"l1", 4096, 4}, {"l2", 1048576, 16}};
  // 128 lines 64 KiB apart, all at the start of their pages: on virtual
  // addresses they would fall into one set (16 ways) and miss in every
  // round; on frames drawn at random they spread over 16 sets and stay.
  auto level2_fills = [&] {
    CacheSimulator sim(shape);
    Crossing crossed[2];
    for (int round = 0; round < 10; ++round)
      for (std::uint64_t k = 0; k < 128; ++k) sim.access(k * 65536, 8, false, crossed);
    CHECK(crossed[0].fills == 1280);  // level 1 is indexed within the page: one set of 4 ways
    return crossed[1].fills;
  };
  const double fills = level2_fills();
  CHECK(fills >= 128);
  CHECK(fills < 2 * 128);
  CHECK(level2_fills() == fills);  // the same program is given the same frames
}

TEST_CASE("a data TLB: a column walk misses it on every element, a row walk once a page", "[traffic]") {
  CAnalysis a = analyse_code(kRowsAndColumns);
  Hardware hw = small_machine();
  auto count = [&](double entries, double ways) {
    Figure f;
    f.value = f.written = entries, f.source = "t";
    hw.sections["memory"].params["tlb_entries"] = f;
    f.value = f.written = ways;
    hw.sections["memory"].params["tlb_ways"] = f;
  };
  // 64 entries, 4 ways: the 512 pages of a column do not stay; a row's page
  // serves 512 elements.
  count(64, 4);
  attach_cache_traffic(a.model, hw, {});
  CHECK(inner_node(a, "columns").ruvs.at(ruv_kind::machine).get("page_walks") == Approx(1).epsilon(0.05));
  CHECK(inner_node(a, "rows").ruvs.at(ruv_kind::machine).get("page_walks") < 0.01);
  // Priced: a walk of 30 ns on top of the line from memory (20 ns); named
  // when the description does not say what a walk costs.
  const ResourceModel& icc = find_resource_model("icc");
  Figure ns;
  ns.value = 20e-9, ns.written = 20, ns.unit = "ns", ns.source = "t";
  hw.sections["memory"].params["mem_scattered_line"] = ns;
  hw.sections["memory"].params["l2_scattered_line"] = ns;
  CHECK(icc.price(inner_node(a, "columns"), hw).unpriced.count("memory/page_walk (loads that miss the TLB)"));
  ns.value = 30e-9, ns.written = 30;
  hw.sections["memory"].params["page_walk"] = ns;
  CHECK(icc.price(inner_node(a, "columns"), hw).seconds == Approx(50e-9).epsilon(0.05));
  // A TLB that holds the 512 pages: no walks once they are in.
  CAnalysis b = analyse_code(
      "#define N 512\n"
      "static double m[N][N], y[N];\n"
      "void columns(void) {\n"
      "  for (int j = 0; j < N; j++)\n"
      "    for (int i = 0; i < N; i++) y[i] += m[i][j];\n"
      "}\n");
  count(1024, 0);
  attach_cache_traffic(b.model, hw, {});
  CHECK(inner_node(b, "columns").ruvs.at(ruv_kind::machine).get("page_walks") < 0.01);
}

TEST_CASE("ICC prices a node from its simulated traffic over each level's bandwidth", "[traffic]") {
  CAnalysis a = analyse_code(kRowsAndColumns);
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  const SegNode& node = inner_node(a, "rows");
  const ResourceModel& icc = find_resource_model("icc");
  // No cycles attached: the time is the slowest transfer, 8 bytes of m's
  // stream from memory at 10 GB/s (x's 16 from level 2 take less).
  CHECK(icc.price(node, hw).seconds == Approx(8 / 10e9).epsilon(0.05));
  CHECK(icc.price(node, hw).unpriced.empty());
  // A machine whose memory bandwidth is not published: the transfer from
  // memory is left out and named, so the time is a lower bound.
  hw.sections["memory"].params.erase("mem_bandwidth");
  const NodeCost bound = icc.price(node, hw);
  CHECK(bound.seconds < 8 / 10e9 * 0.9);
  CHECK(bound.seconds >= 16 / 50e9 * 0.95);  // what level 2 sends still counts
  REQUIRE(bound.unpriced.size() == 1);
  CHECK(bound.unpriced.begin()->first == "memory/mem_bandwidth (bytes from mem)");
  CHECK(bound.unpriced.begin()->second == Approx(8).epsilon(0.05));
}

// ECM composes the core and the transfers by how far each level's overlap
// the core's work: where they all do (a Zen 4, measured), the larger bounds;
// what a level does not overlap adds to the core.
TEST_CASE("ICC adds to the core the share of a level's transfers that does not overlap it", "[traffic]") {
  Ruv r;  // 8 bytes from memory at 10 GB/s (0.8 ns), 16 from level 2 at 50 (0.32 ns)
  r.set("traffic", 1);
  r.set("bytes_from_mem", 8);
  r.set("bytes_from_l2", 16);
  Hardware hw = small_machine();
  auto seconds = [&](const std::map<std::string, double>& overlaps) {
    for (const auto& [figure, share] : overlaps) {
      Figure f;
      f.value = f.written = share, f.source = "t";
      hw.sections["memory"].params[figure] = f;
    }
    return with_memory_and_branches(0.6e-9, r, hw, "icc").seconds;
  };
  CHECK(seconds({}) == Approx(0.8e-9));                          // none given: full overlap
  CHECK(seconds({{"mem_overlap", 0.5}}) == Approx(1.0e-9));      // 0.6 + 0.4
  CHECK(seconds({{"mem_overlap", 0}}) == Approx(1.4e-9));        // 0.6 + 0.8
  CHECK(seconds({{"mem_overlap", 1}, {"l2_overlap", 0}}) == Approx(0.92e-9));  // 0.6 + 0.32
  CHECK_THAT(test::error_message([] {
               read_hardware_string(R"(<hardware name="h"><memory><param name="mem_overlap" value="1.5" source="t"/></memory></hardware>)",
                                    "h.xml");
             }),
             Catch::Contains("a share, from 0 to 1"));
}

TEST_CASE("ICC prices lines no prefetcher follows at the measured time of such a miss", "[traffic]") {
  CAnalysis a = analyse_code(kRowsAndColumns);
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  const SegNode& node = inner_node(a, "columns");
  const ResourceModel& icc = find_resource_model("icc");
  // Without the figure, the scattered lines are named and the time, 64
  // bytes from memory at 10 GB/s, is a lower bound.
  const NodeCost bound = icc.price(node, hw);
  CHECK(bound.seconds == Approx(64 / 10e9).epsilon(0.05));
  CHECK(bound.unpriced.count("memory/mem_scattered_line (lines from mem no prefetcher follows)"));
  // With it (20 ns a line from memory, against 6.4 ns for a line's bytes at
  // the bandwidth), a line per element takes 20 ns: each line is found in
  // memory, none in level 2 (whose 2 ns would apply to lines found there).
  hw.sections["memory"].params["l2_scattered_line"] = ns(2);
  hw.sections["memory"].params["mem_scattered_line"] = ns(20);
  const NodeCost priced = icc.price(node, hw);
  CHECK(priced.unpriced.empty());
  CHECK(priced.seconds == Approx(20e-9).epsilon(0.05));
}

// The code analysed, its traffic simulated on `hw`.
static CAnalysis simulated(const std::string& code, const Hardware& hw) {
  CAnalysis a = analyse_code(code);
  attach_cache_traffic(a.model, hw, {});
  return a;
}

// A crowded walk's time per line from level 2 at 1, 2, 8 and 16 sets (4
// lies midway between 2 and 8 on a log scale: 2.5 ns).
static void crowded_walk_figures(Hardware& hw) {
  auto& memory = hw.sections["memory"].params;
  memory["l2_line_1_sets"] = ns(8);
  memory["l2_line_2_sets"] = ns(4);
  memory["l2_line_8_sets"] = ns(1);
  memory["l2_line_16_sets"] = ns(0.5);
}

// A column walk down rows 256 bytes apart fills 4 of the small level 1's 16
// sets, over and over; a row walk of the same array fills them all in turn.
// Level 1 takes only so many fills into one set at a time, so the walk's
// lines come at the time pacer calibrate measures for such a walk, not at
// level 2's bandwidth (matmul's column of b, rows 1 KiB apart on a 64-set
// level 1: 1.23 ns a line measured, 0.73 ns at the bandwidth).
TEST_CASE("ICC prices lines whose fills crowd into a few sets of level 1 at the measured time of such a walk",
          "[traffic]") {
  CAnalysis a = analyse_code(
      "static float b[128][64], s;\n"
      "void columns(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 128; i++) s += b[i][j];\n"
      "}\n"
      "void rows(void) {\n"
      "  for (int i = 0; i < 128; i++)\n"
      "    for (int j = 0; j < 64; j++) s += b[i][j];\n"
      "}\n");
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  const SegNode& column = inner_node(a, "columns");
  const SegNode& row = inner_node(a, "rows");
  const Ruv& c = column.ruvs.at(ruv_kind::machine);
  CHECK(c.get("bytes_from_l2") == Approx(64).epsilon(0.05));  // a line per element
  CHECK(c.get("l1_fill_sets") == Approx(4).epsilon(0.1));
  CHECK(row.ruvs.at(ruv_kind::machine).get("l1_fill_sets") == Approx(16).epsilon(0.1));
  const ResourceModel& icc = find_resource_model("icc");
  CHECK(icc.price(column, hw).seconds == Approx(64 / 50e9).epsilon(0.05));  // no figures: the bandwidth
  crowded_walk_figures(hw);
  // 4 sets lies midway between the figures at 2 and 8 on a log scale.
  CHECK(icc.price(column, hw).seconds == Approx(2.5e-9).epsilon(0.1));
  // The row's lines spread over every set: its bandwidth still bounds it.
  CHECK(icc.price(row, hw).seconds == Approx(4 / 50e9).epsilon(0.1));
}

// Two columns walked together, each in sets of its own: each crowds as a
// column alone does (four sets), not as one walk over their union of eight
// (mm_jki's loop: 1.43 ns an element, as two lines of eight-set walks).
TEST_CASE("the sets a walk's fills crowd into are counted for each of its references", "[traffic]") {
  CAnalysis a = analyse_code(
      "static float a[128][64], b[128][64], s;\n"
      "void pairs(void) {\n"
      "  for (int j = 0; j < 48; j++)\n"
      "    for (int i = 0; i < 128; i++) s += a[i][j] + b[i][j + 16];\n"
      "}\n");
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  const Ruv& pair = inner_node(a, "pairs").ruvs.at(ruv_kind::machine);
  CHECK(pair.get("bytes_from_l2") == Approx(128).epsilon(0.05));  // a line per element of each
  CHECK(pair.get("l1_fill_sets") == Approx(4).epsilon(0.1));
}

// Six streams a multiple of level 1's span apart crowd into one of its
// 4-way sets: every source iteration's six loads fetch their lines again,
// and LRU evicts each before its next use. A loop vectorised by two loads
// two cells' lines in one access, and fetches each line half as often (a
// D2Q9 collision: 7.0 ms vectorised by two, 12.4 ms not).
TEST_CASE("a vectorised loop's lanes are walked as one step, sharing each line's fill", "[traffic]") {
  const char* const kCells =
      "static double f[6][512], s;\n"
      "void cells(void) {\n"
      "  for (int c = 0; c < 512; c++)\n"
      "    for (int q = 0; q < 6; q++) s += f[q][c];\n"
      "}\n";
  auto fetched = [&](double step) {
    CAnalysis a = analyse_code(kCells);
    for_each_node_mutable(a.model.tasks.at(0).seg, [&](SegNode& n) {
      if (n.kind == NodeKind::Loop && n.induction.find("c_") != std::string::npos)
        n.ruvs[ruv_kind::machine].set(loop_vector_iterations, step);
    });
    attach_cache_traffic(a.model, small_machine(), {});
    return inner_node(a, "cells").ruvs.at(ruv_kind::machine).get("bytes_from_l2");
  };
  CHECK(fetched(1) == Approx(64).epsilon(0.05));  // a line per element
  CHECK(fetched(2) == Approx(32).epsilon(0.05));  // a line per two
  CHECK(fetched(8) == Approx(8).epsilon(0.05));   // a line's eight doubles at once
  // Three lanes, 24 bytes: 10 lines in 8 steps, those that straddle two lines fetching both.
  CHECK(fetched(3) == Approx(64.0 * 10 / 24).epsilon(0.05));
}

// The same six crowded streams read again in a second loop over the same
// cell: when the compiler unrolled both inner loops away, the second reads
// what the first left in registers and fetches nothing; when they stay
// loops, it fetches every line again. A store through a pointer between
// them, or one through an index read from memory, may alias the arrays:
// the second loop loads them again.
TEST_CASE("loads the compiler keeps in registers within a loop's step are no accesses", "[traffic]") {
  auto fetched = [&](const std::string& between, bool away) {
    CAnalysis a = analyse_code(
        "static double f[6][512], s, t;\n"
        "static int idx[512];\n"
        "void cells(double *p) {\n"
        "  for (int c = 0; c < 512; c++) {\n"
        "    for (int q = 0; q < 6; q++) s += f[q][c];\n" +
        between +
        "    for (int r = 0; r < 6; r++) t += f[r][c];\n"
        "  }\n"
        "}\n");
    for_each_node_mutable(a.model.tasks.at(0).seg, [&](SegNode& n) {
      if (n.kind == NodeKind::Loop && n.induction.find("c_") == std::string::npos)
        n.ruvs[ruv_kind::machine].set(loop_unrolled_away, away ? 1 : 0);
    });
    attach_cache_traffic(a.model, small_machine(), {});
    return inner_node(a, "cells").ruvs.at(ruv_kind::machine).get("bytes_from_l2");  // the second loop's
  };
  CHECK(fetched("", false) == Approx(64).epsilon(0.05));
  CHECK(fetched("", true) == Approx(0).margin(1));  // but t's own line, where the streams crowd it out
  CHECK(fetched("    p[c] = s;\n", true) == Approx(64).epsilon(0.05));
  CHECK(fetched("    p[idx[c]] = s;\n", true) == Approx(64).epsilon(0.05));  // a store no address describes
}

// A column beside a row: the column's runs of fills reach 4 sets, the row's
// every one of level 1's 16. A line's time is convex in its sets, so the
// node's lines are priced by the runs' shares of each count (the column's
// lines as a column's), which costs more than pricing them all at the mean
// count (a transpose's column of stores beside its row of loads).
TEST_CASE("a node's crowded lines are priced by the shares of its runs' sets, not by their mean", "[traffic]") {
  Hardware hw = small_machine();
  const CAnalysis a = simulated(
      "static float a[128][64], r[128 * 64], s;\n"
      "void mixed(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 128; i++) s += a[i][j] + r[j * 128 + i];\n"
      "}\n",
      hw);
  const SegNode& node = inner_node(a, "mixed");
  const Ruv& m = node.ruvs.at(ruv_kind::machine);
  const double column = m.get("l1_fill_sets_share_4"), row = m.get("l1_fill_sets_share_16");
  CHECK(column == Approx(16.0 / 17).epsilon(0.05));  // a fill per element, against one per 16
  CHECK(row == Approx(1.0 / 17).epsilon(0.2));
  CHECK(column + row == Approx(1).epsilon(0.01));
  crowded_walk_figures(hw);
  const ResourceModel& icc = find_resource_model("icc");
  const double lines = m.get("bytes_from_l2") / 64;
  const double by_shares = icc.price(node, hw).seconds;
  CHECK(by_shares == Approx(lines * (column * 2.5e-9 + row * 0.5e-9)).epsilon(0.02));
  SegNode by_mean = node;
  Ruv without;
  for (const auto& [name, value] : m)
    if (name.rfind("l1_fill_sets_share_", 0) != 0) without.set(name, value);
  by_mean.ruvs[ruv_kind::machine] = without;
  CHECK(icc.price(by_mean, hw).seconds < 0.95 * by_shares);
}

// The profile's count of a task's page faults per call is shared among the
// task's nodes by the pages each reaches first: the loop that writes `out`
// gets them all, the loop that reads it after none. ICC adds a fault's
// measured time for each to the node's time (a fault stops the core and the
// transfers alike).
TEST_CASE("ICC prices the page faults a profile counted in a task at the node that reaches the pages first", "[traffic]") {
  CAnalysis a = analyse_code(
      "static double out[64 * 1024], in[64];\n"
      "double fill(void) {\n"
      "  double s = 0;\n"
      "  for (int i = 0; i < 64 * 1024; i++) out[i] = in[i & 63];\n"
      "  for (int i = 0; i < 64 * 1024; i++) s += out[i];\n"
      "  return s;\n"
      "}\n");
  a.model.first_touches["fill"] = 128;  // as a profile would have counted
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  std::vector<const SegNode*> loops;  // the two loops' bodies, in order
  for_each_node(a.model.find_seg("fill")->seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && !n.memory.affine.empty()) loops.push_back(&n);
  });
  REQUIRE(loops.size() == 2);
  const Ruv& writes = loops[0]->ruvs.at(ruv_kind::machine);
  const Ruv& reads = loops[1]->ruvs.at(ruv_kind::machine);
  // out's 512 KiB are 128 pages of 4 KiB, one reached first every 512 writes
  // (and in's page once).
  CHECK(writes.get("fresh_pages") == Approx(1.0 / 512).epsilon(0.05));
  CHECK(reads.get("fresh_pages") == 0);
  CHECK(writes.get("first_touches") * 64 * 1024 == Approx(128).epsilon(0.01));  // all 128 of a call
  CHECK(reads.get("first_touches") == 0);
  const ResourceModel& icc = find_resource_model("icc");
  const NodeCost unpriced = icc.price(*loops[0], hw);
  CHECK(unpriced.unpriced.count("memory/page_fault (first touches of pages the program had not used)"));
  const double without = unpriced.seconds;
  hw.sections["memory"].params["page_fault"] = ns(1000);
  const NodeCost priced = icc.price(*loops[0], hw);
  CHECK(priced.seconds - without == Approx(writes.get("first_touches") * 1e-6).epsilon(0.01));
}

// A page read before it is written takes two faults: the read maps the
// system's page of zeros, the write copies it. The walk tells the loop that
// reads `v` first from the loop that writes it after, the profile's count is
// shared among both kinds, and ICC prices each at its own figure
// (page_fault_read, page_fault_copy), or at page_fault where the
// description has neither.
TEST_CASE("ICC prices a page read first and written after as two faults of their own kinds", "[traffic]") {
  CAnalysis a = analyse_code(
      "static double v[64 * 1024];\n"
      "double scale(void) {\n"
      "  double s = 0;\n"
      "  for (int i = 0; i < 64 * 1024; i++) s += v[i];\n"
      "  for (int i = 0; i < 64 * 1024; i++) v[i] = s;\n"
      "  return s;\n"
      "}\n");
  a.model.first_touches["scale"] = 256;  // a read fault and a copy for each of the 128 pages
  Hardware hw = small_machine();
  attach_cache_traffic(a.model, hw, {});
  std::vector<const SegNode*> loops;
  for_each_node(a.model.find_seg("scale")->seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && !n.memory.affine.empty()) loops.push_back(&n);
  });
  REQUIRE(loops.size() == 2);
  const Ruv& reads = loops[0]->ruvs.at(ruv_kind::machine);
  const Ruv& writes = loops[1]->ruvs.at(ruv_kind::machine);
  CHECK(reads.get("fresh_pages") == 0);
  CHECK(reads.get("fresh_pages_read") == Approx(1.0 / 512).epsilon(0.05));
  CHECK(writes.get("fresh_pages") == 0);
  CHECK(writes.get("fresh_pages_copied") == Approx(1.0 / 512).epsilon(0.05));
  CHECK(reads.get("first_reads") * 64 * 1024 == Approx(128).epsilon(0.01));
  CHECK(writes.get("first_copies") * 64 * 1024 == Approx(128).epsilon(0.01));
  const ResourceModel& icc = find_resource_model("icc");
  hw.sections["memory"].params["page_fault"] = ns(1000);
  const double read_at_fault = icc.price(*loops[0], hw).term("first touches");
  CHECK(read_at_fault == Approx(reads.get("first_reads") * 1e-6));
  hw.sections["memory"].params["page_fault_read"] = ns(500);
  hw.sections["memory"].params["page_fault_copy"] = ns(2000);
  CHECK(icc.price(*loops[0], hw).term("first touches") == Approx(reads.get("first_reads") * 500e-9));
  CHECK(icc.price(*loops[1], hw).term("first touches") == Approx(writes.get("first_copies") * 2000e-9));
}

// A task that reads its input and writes its output: the sample takes both
// for untouched, the profile counted the output's 128 faults only. The
// pages written first take the count first, so none of it is priced as the
// input's reads of the zero page.
TEST_CASE("the faults a profile counted go first to the pages a task writes first, not to its input", "[traffic]") {
  CAnalysis a = analyse_code(
      "static double in[64 * 1024], out[64 * 1024];\n"
      "void twice(void) {\n"
      "  for (int i = 0; i < 64 * 1024; i++) out[i] = 2 * in[i];\n"
      "}\n");
  a.model.first_touches["twice"] = 128;
  attach_cache_traffic(a.model, small_machine(), {});
  const SegNode* loop = nullptr;
  for_each_node(a.model.find_seg("twice")->seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && !n.memory.affine.empty()) loop = &n;
  });
  REQUIRE(loop);
  const Ruv& r = loop->ruvs.at(ruv_kind::machine);
  CHECK(r.get("fresh_pages_read") == Approx(1.0 / 512).epsilon(0.05));  // the sample's view
  CHECK(r.get("first_touches") * 64 * 1024 == Approx(128).epsilon(0.01));
  REQUIRE(r.has("first_reads"));
  CHECK(r.get("first_reads") == 0);
  // A count beyond every page the sample reaches first (the input's too)
  // scales all of them alike: 512 faults for 256 pages, two for each.
  a.model.first_touches["twice"] = 512;
  attach_cache_traffic(a.model, small_machine(), {});
  CHECK(r.get("first_touches") * 64 * 1024 == Approx(256).epsilon(0.01));
  CHECK(r.get("first_reads") * 64 * 1024 == Approx(256).epsilon(0.01));
}

// The small machine with a level 3 of 4 MiB, 16 ways, beyond its level 2.
static Hardware machine_with_level3() {
  Hardware hw = small_machine();
  auto& memory = hw.sections["memory"].params;
  memory["l3_size"] = memory["l2_size"];
  memory["l3_size"].value = 4 * 1048576.0;
  memory["l3_ways"] = memory["l2_ways"];
  memory["l3_ways"].value = 16;
  return hw;
}

// Lines of a crowded walk that level 2 cannot hold come from level 3 while
// the walk still keeps only so many fills in flight: each costs what the
// walk measured from level 3 does, or, without that figure, holds its place
// for level 3's latency. Rows 4 KiB apart fill one set of level 1 and two
// of level 2's set groups, whose 16 lines a column of 512 overruns; level
// 3's 64 groups hold it.
TEST_CASE("ICC prices a crowded walk's lines from level 3 at that walk measured from level 3, else at level 3's latency", "[traffic]") {
  CAnalysis a = analyse_code(
      "static float b[512][1024], s;\n"
      "void columns(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 512; i++) s += b[i][j];\n"
      "}\n");
  Hardware hw = machine_with_level3();
  auto& memory = hw.sections["memory"].params;
  attach_cache_traffic(a.model, hw, {});
  const SegNode& column = inner_node(a, "columns");
  const Ruv& c = column.ruvs.at(ruv_kind::machine);
  REQUIRE(c.get("bytes_from_l3") == Approx(64).epsilon(0.05));  // a line per element, past level 2
  REQUIRE(c.get("lines_scattered_from_l3") == Approx(1).epsilon(0.05));
  REQUIRE(c.get("lines_scattered_from_mem") < 0.05);  // found in level 3
  REQUIRE(c.get("l1_fill_sets") == Approx(1).epsilon(0.1));
  const ResourceModel& icc = find_resource_model("icc");
  memory["l2_line_1_sets"] = ns(8);  // from level 2, 4 ns away: two lines in flight
  memory["l3_scattered_line"] = ns(1);
  memory["l3_bandwidth"] = memory["l2_bandwidth"];
  CHECK(icc.price(column, hw).seconds == Approx(8e-9).epsilon(0.05));  // no latencies: as if from level 2
  memory["l2_latency"] = ns(4);
  memory["l3_latency"] = ns(20);
  CHECK(icc.price(column, hw).seconds == Approx(40e-9).epsilon(0.05));  // two lines per 20 ns
  // The same walk measured from level 3 keeps fewer lines in flight than
  // the latencies say: its own figure, in its ratio to level 2's, wins.
  memory["l3_line_1_sets"] = ns(48);
  CHECK(icc.price(column, hw).seconds == Approx(48e-9).epsilon(0.05));
  memory.erase("l3_line_1_sets");
  // A walk as fast as level 2's bandwidth is bound by that, not by its sets:
  // its lines from level 3 come as spread-out ones do.
  memory["l2_line_1_sets"] = ns(1);
  CHECK(icc.price(column, hw).seconds == Approx(1.28e-9).epsilon(0.05));  // level 3's bandwidth
}

// A column of stores from level 3 evicts, with each fill into its crowded
// set, a line it wrote, which goes back while the set waits: its lines cost
// the walk with stores measured from level 3. The column of loads beside it
// in the same code evicts nothing written and keeps the loads' figure.
TEST_CASE("ICC prices a crowded column of stores from level 3 at the walk with stores, a column of loads at the loads'", "[traffic]") {
  CAnalysis a = analyse_code(
      "static float b[512][1024], c[512][1024], s;\n"
      "void store_columns(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 512; i++) b[i][j] = s;\n"
      "}\n"
      "void load_columns(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 512; i++) s += c[i][j];\n"
      "}\n"
      "void add_columns(void) {\n"
      "  for (int j = 0; j < 64; j++)\n"
      "    for (int i = 0; i < 512; i++) b[i][j] += s;\n"
      "}\n");
  Hardware hw = machine_with_level3();
  auto& memory = hw.sections["memory"].params;
  attach_cache_traffic(a.model, hw, {});
  const Ruv& stores = inner_node(a, "store_columns").ruvs.at(ruv_kind::machine);
  const Ruv& loads = inner_node(a, "load_columns").ruvs.at(ruv_kind::machine);
  REQUIRE(stores.get("lines_scattered_from_l3") == Approx(1).epsilon(0.05));
  REQUIRE(stores.get("lines_scattered_dirty_from_l3") == Approx(1).epsilon(0.05));  // every fill evicts a written line
  REQUIRE(loads.get("lines_scattered_from_l3") == Approx(1).epsilon(0.05));
  REQUIRE(loads.get("lines_scattered_dirty_from_l3") == 0);
  // The load of b[i][j] += s fills the line its store then hits: the
  // written line it evicts is counted though the store fills nothing.
  const Ruv& adds = inner_node(a, "add_columns").ruvs.at(ruv_kind::machine);
  REQUIRE(adds.get("lines_scattered_dirty_from_l3") == Approx(1).epsilon(0.05));
  const ResourceModel& icc = find_resource_model("icc");
  memory["l2_line_1_sets"] = ns(8);
  memory["l3_scattered_line"] = ns(1);
  memory["l3_bandwidth"] = memory["l2_bandwidth"];
  memory["l2_latency"] = ns(4);
  memory["l3_latency"] = ns(20);
  memory["l3_line_1_sets"] = ns(48);
  auto price = [&](const char* function) { return icc.price(inner_node(a, function), hw).seconds; };
  CHECK(price("store_columns") == Approx(48e-9).epsilon(0.05));  // no walk with stores measured: as loads
  memory["l3_line_1_sets_stores"] = ns(96);
  CHECK(price("store_columns") == Approx(96e-9).epsilon(0.05));
  CHECK(price("load_columns") == Approx(48e-9).epsilon(0.05));
}

TEST_CASE("the simulated traffic is kept on disk: a second prediction at the same point simulates nothing", "[traffic]") {
  const auto dir = std::filesystem::temp_directory_path() / ("pacer-traffic-cache-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  setenv("PACER_CACHE_DIR", dir.c_str(), 1);
  const std::string code =
      "static double m[256][256], y[256];\n"
      "void columns(int n) {\n"
      "  for (int j = 0; j < n; j++)\n"
      "    for (int i = 0; i < n; i++) y[i] += m[i][j];\n"
      "}\n";
  auto entries = [&] {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir / "traffic")) ++n;
    return n;
  };
  CAnalysis first = analyse_code(code), second = analyse_code(code), other = analyse_code(code);
  attach_cache_traffic(first.model, small_machine(), {{"columns.n", 256}});
  CHECK(entries() == 1);
  attach_cache_traffic(second.model, small_machine(), {{"columns.n", 256}});
  CHECK(entries() == 1);
  CHECK(inner_node(second, "columns").ruvs.at(ruv_kind::machine) == inner_node(first, "columns").ruvs.at(ruv_kind::machine));
  attach_cache_traffic(other.model, small_machine(), {{"columns.n", 128}});  // another point: its own entry
  CHECK(entries() == 2);
  std::filesystem::remove_all(dir);
}
