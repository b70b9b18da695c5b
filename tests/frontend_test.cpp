// The Clang frontend on small C functions: SEG shapes, exact RUV counts by
// C semantics, symbolic trip counts, early exits, switch fall-through,
// calls, and the constructs it cannot model.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <fstream>

#include "framework/module.hpp"
#include "framework/reduction.hpp"
#include "frontends/clang/c_frontend.hpp"
#include "tests/test_support.hpp"

using namespace pacer;

namespace {

CAnalysis analyse_source(const std::string& code, std::vector<std::string> functions = {}) {
  // ctest runs each test case in its own process, possibly in parallel: the pid keeps files apart.
  static int serial = 0;
  auto path = std::filesystem::temp_directory_path() /
              ("pacer-frontend-" + std::to_string(getpid()) + "-" + std::to_string(serial++) + ".c");
  std::ofstream(path) << code;
  return analyse_c({{path.string()}, std::move(functions), {}});
}

const Task& task(const CAnalysis& a, const std::string& name) {
  const Task* t = a.model.find_seg(name);
  REQUIRE(t);
  return *t;
}

std::vector<const SegNode*> nodes(const Seg& seg) {
  std::vector<const SegNode*> out;
  for (const SegNode* n : seg.sequence()) out.push_back(n);
  return out;
}

// Every loop's trip count in a task, outermost first, as text.
std::vector<std::string> loop_trips(const CAnalysis& a, const std::string& name) {
  std::vector<std::string> trips;
  for_each_node(task(a, name).seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Loop) trips.push_back(to_string(n.trips));
  });
  return trips;
}

std::map<std::string, double> ruv(const SegNode& n) {
  const auto& counts = n.ruvs.at(ruv_kind::constructs).counts();
  return {counts.begin(), counts.end()};
}

std::string formula(const CAnalysis& a, const std::string& name) {
  return to_string(printed_formula(a.model, task(a, name)));
}

std::set<std::string> unmodelable(const CAnalysis& a) {
  std::set<std::string> out;
  for (const auto& d : a.diagnostics)
    if (d.unmodelable()) out.insert(d.kind);
  return out;
}

}  // namespace

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define TEST_SANITIZER 1
#endif
#endif

TEST_CASE("a program compiled as pacer's are may open the Clang module bound deep, except under a sanitizer",
          "[frontend]") {
  // -fPIC: no copies of the runtimes' data; the module is opened once a
  // file has been analysed.
  const CAnalysis a = analyse_source("int f(int x) { return x + 1; }\n");
  CHECK(a.model.find_seg("f"));
#if defined(TEST_SANITIZER)
  CHECK_FALSE(modules_bound_deep());
#else
  CHECK(modules_bound_deep());
#endif
}

TEST_CASE("straight-line code is one segment counted by C semantics", "[frontend]") {
  CAnalysis a = analyse_source("double f(double *a, int n) { double s = 0; s += a[n - 1] * 2.0; return s; }");
  auto seq = nodes(task(a, "f").seg);
  REQUIRE(seq.size() == 1);
  CHECK(seq[0]->kind == NodeKind::Compute);
  std::map<std::string, double> want = {{"local_store", 2}, {"local_load", 4}, {"array_index", 1}, {"int_sub", 1},
                                        {"global_load", 1}, {"double_mul", 1}, {"double_add", 1}};
  CHECK(ruv(*seq[0]) == want);
  CHECK(seq[0]->ruvs.at(ruv_kind::flops).get("flops") == 2);
  CHECK(seq[0]->source.line == 1);
}

TEST_CASE("implicit conversions, compound assignment and increments", "[frontend]") {
  CAnalysis a = analyse_source(
      "int g;\n"
      "void f(int i, float x) {\n"
      "  x = i * 2;\n"      // int_mul, conv_int_fp, local_load i, local_store x
      "  i += x;\n"         // local_load x, local_load i, conv_int_fp, float_add, conv_fp_int, local_store i
      "  g++;\n"            // global_load, int_add, global_store
      "  x = x / 3.0;\n"    // local_load, conv_fp_fp (to double), double_div, conv_fp_fp (to float), local_store
      "}\n");
  auto seq = nodes(task(a, "f").seg);
  REQUIRE(seq.size() == 1);
  std::map<std::string, double> want = {{"int_mul", 1}, {"conv_int_fp", 2}, {"local_load", 4}, {"local_store", 3},
                                        {"float_add", 1}, {"conv_fp_int", 1}, {"global_load", 1}, {"int_add", 1},
                                        {"global_store", 1}, {"conv_fp_fp", 2}, {"double_div", 1}};
  CHECK(ruv(*seq[0]) == want);
  CHECK(seq[0]->ruvs.at(ruv_kind::flops).get("flops") == 1 + 4);
}

TEST_CASE("a division or remainder by a constant counts as what compilers make of it", "[frontend]") {
  auto counts = [](const std::string& body) {
    CAnalysis a = analyse_source("int f(unsigned u, int s, int d) { int r = 0; " + body + " return r; }");
    std::map<std::string, double> c = ruv(*nodes(task(a, "f").seg)[0]);
    for (const char* plumbing : {"local_load", "local_store", "conv_int_fp", "conv_fp_int"}) c.erase(plumbing);
    return c;
  };
  using Counts = std::map<std::string, double>;
  CHECK(counts("r = u % 4096;") == Counts{{"int_bitwise", 1}});  // a mask
  CHECK(counts("r = u / 64;") == Counts{{"int_shift", 1}});
  CHECK(counts("r = s / 8;") == Counts{{"int_shift", 3}, {"int_add", 1}});  // rounding towards zero
  CHECK(counts("r = u / 10;") == Counts{{"int_mul", 1}, {"int_shift", 1}});  // by the inverse
  CHECK(counts("r = s % 10;") == Counts{{"int_mul", 2}, {"int_shift", 2}, {"int_sub", 2}});
  CHECK(counts("r = s % d;") == Counts{{"int_mod", 1}});  // a divisor the compiler cannot see
  CHECK(counts("r = s / -4;") == Counts{{"int_div", 1}});
  CHECK(counts("r = u; r %= 16;") == Counts{{"int_bitwise", 1}, {"int_shift", 2}, {"int_add", 1}});  // r is signed
}

TEST_CASE("math library calls are constructs, other library calls are calls", "[frontend]") {
  CAnalysis a = analyse_source(
      "#include <math.h>\n#include <string.h>\n"
      "double f(double x, float y, char *d, const char *s) {\n"
      "  memcpy(d, s, 8);\n"
      "  return sqrt(x) + sinf(y) + exp(x) + fabs(x) + sqrtf(y);\n"
      "}\n");
  auto r = ruv(*nodes(task(a, "f").seg)[0]);
  CHECK(r["call"] == 1);
  CHECK(r["double_sqrt"] == 1);
  CHECK(r["float_sqrt"] == 1);
  CHECK(r["mathf_trig"] == 1);  // sinf: the float form
  CHECK(r["math_trig"] == 0);
  CHECK(r["math_exp"] == 1);
  CHECK(r["double_abs"] == 1);
}

TEST_CASE("what every iteration of a loop computes alike is counted once, before the loop", "[frontend]") {
  CAnalysis a = analyse_source(
      "int g;\n"
      "void f(double c[64][64], double *a, int n, int i, int d, int m) {\n"
      "  int *p = &m;\n"
      "  for (int j = 0; j < n - 1; j++) c[i][j] = a[j + 1] * (n * 2.0) + m * 3 + g * 5 + j / d;\n"
      "}\n");
  auto seq = nodes(task(a, "f").seg);
  REQUIRE(seq.size() == 2);
  const SegNode& entry = *seq[0];
  const SegNode* body = nullptr;
  for_each_node(task(a, "f").seg, [&](const SegNode& n) {
    if (n.kind == NodeKind::Compute && &n != &entry) body = &n;
  });
  REQUIRE(body);
  auto before = ruv(entry), each = ruv(*body);
  // n - 1 of the test, the row c[i] and n * 2.0 (with its conversion) are
  // counted before the loop, beside the first test's own n - 1.
  CHECK(before["int_sub"] == 2);
  CHECK(each["int_sub"] == 0);
  CHECK(before["array_index"] == 1);
  CHECK(each["array_index"] == 2);  // the element c[i][j] and a[j + 1]
  CHECK(before["double_mul"] == 1);
  CHECK(before["conv_int_fp"] == 1);
  CHECK(entry.ruvs.at(ruv_kind::flops).get("flops") == 1);
  // Not invariant: j + 1 (j is stepped), m * 3 (m's address is taken),
  // g * 5 (a global), j / d (a division), the product with a[j + 1].
  CHECK(each["int_mul"] == 2);
  CHECK(each["int_div"] == 1);
  CHECK(each["int_add"] == 2);  // j + 1 and j++
  CHECK(each["double_add"] == 3);
  CHECK(each["conv_int_fp"] == 3);
  CHECK(each["double_mul"] == 1);
}

TEST_CASE("nested loops get symbolic trip counts named after the variables", "[frontend]") {
  CAnalysis a = analyse_source(
      "void f(double *a, int n, int m) {\n"
      "  for (int i = 0; i < n; i++)\n"
      "    for (int j = m; j >= 1; j -= 2) a[i] += j;\n"
      "  for (int k = 1; k <= n; k *= 2) a[k] = 0;\n"
      "  for (int k = 0; k < 4 * 8; k++) a[k] = 1;\n"
      "}\n");
  auto seq = nodes(task(a, "f").seg);
  const std::vector<std::string> trips = loop_trips(a, "f");
  REQUIRE(trips.size() == 4);
  CHECK(trips[0] == "f.n");
  CHECK(trips[1] == "floor((f.m - 1) / 2) + 1");
  CHECK(trips[2] == "floor(log2(f.n)) + 1");
  CHECK(trips[3] == "32");
  for (const auto& d : a.diagnostics) CHECK(d.kind != "trip_count");
}

// Constant bounds are counted as C runs them, in the counter's type: an
// unsigned counter that starts above its bound under != wraps around (csmith
// writes such loops), a relational condition false at the start runs no
// iteration, and a counter that steps over its bound or would overflow a
// signed type is refused with the reason, not given a negative count.
TEST_CASE("constant trip counts follow C's integer types and wrap-around", "[frontend]") {
  CAnalysis a = analyse_source(
      "#include <stdint.h>\n"
      "void f(double *a) {\n"
      "  uint32_t u; uint8_t b; int i;\n"
      "  for (u = -28; u != 18; ++u) a[0] += 1;\n"
      "  for (b = 250; b != 4; b += 2) a[1] += 1;\n"
      "  for (i = 10; i < 5; i++) a[2] += 1;\n"
      "  for (u = 7; u <= 3; u += 2) a[3] += 1;\n"
      "  for (i = 3; i != 10; i += 2) a[4] += 1;\n"
      "  for (i = 5; i != 1; i++) a[5] += 1;\n"
      "}\n");
  const std::vector<std::string> trips = loop_trips(a, "f");
  REQUIRE(trips.size() == 6);
  CHECK(trips[0] == "46");  // 2^32 - 28 ... 2^32 - 1, then 0 ... 17
  CHECK(trips[1] == "5");   // 250, 252, 254, 0, 2
  CHECK(trips[2] == "0");
  CHECK(trips[3] == "0");
  CHECK(trips[4] == "N_f_L8");  // 3, 5, 7, 9, 11, ...: steps over 10
  CHECK(trips[5] == "N_f_L9");  // runs away from 1 until int overflows
  std::vector<std::string> why;
  for (const auto& d : a.diagnostics) why.push_back(d.message);
  CHECK_THAT(why.at(why.size() - 2), Catch::Contains("steps over its bound"));
  CHECK_THAT(why.back(), Catch::Contains("overflow its signed type"));
}

TEST_CASE("loops whose count is decided as they run get a named parameter", "[frontend]") {
  CAnalysis a = analyse_source(
      "int f(int *a, int n) {\n"
      "  int i = 0;\n"
      "  while (a[i] != 0) i++;\n"
      "  for (int j = 0; j < n; j++) { if (a[j] < 0) break; a[j] = 1; }\n"
      "  for (int j = 0; j < n; j++) n--;\n"
      "  return i;\n"
      "}\n");
  const std::vector<std::string> trips = loop_trips(a, "f");
  CHECK(trips == std::vector<std::string>{"N_f_L3", "N_f_L4", "N_f_L5"});
  REQUIRE(a.diagnostics.size() == 3);
  CHECK_THAT(a.diagnostics[1].message, Catch::Contains("break at line 4"));
  CHECK_THAT(a.diagnostics[2].message, Catch::Contains("depends on 'n', which changes"));
  CHECK(a.model.find_parameter("N_f_L3")->kind == ParamKind::Count);
}

TEST_CASE("early exits become branches over the code they skip", "[frontend]") {
  CAnalysis a = analyse_source(
      "int f(int *a, int n) {\n"
      "  int s = 0;\n"
      "  if (n <= 0) return -1;\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    if (a[i] == 0) continue;\n"
      "    s += a[i];\n"
      "  }\n"
      "  return s;\n"
      "}\n");
  CHECK(formula(a, "f") ==
        "t(v_seg_L2) + (1 - P_f_L3) * (t(v_seg_L4) + f.n * (t(v_seg_L4_2) + (1 - P_f_L5) * t(v_seg_L6)) + t(v_seg_L8))");
}

TEST_CASE("a return inside a loop makes the rest of the function a continuation", "[frontend]") {
  CAnalysis a = analyse_source(
      "int f(int *a, int n) {\n"
      "  for (int i = 0; i < n; i++)\n"
      "    if (a[i] < 0) return i;\n"
      "  a[0] = 1;\n"
      "  return -1;\n"
      "}\n");
  CHECK(formula(a, "f") == "t(v_seg_L2) + N_f_L2 * (t(v_seg_L2_2) + P_f_L3 * t(v_seg_L3)) + P_f_L4_cont * t(v_seg_L4)");
  CHECK(a.model.find_parameter("P_f_L4_cont")->kind == ParamKind::Probability);
}

TEST_CASE("switch arms run from their label to the next break", "[frontend]") {
  CAnalysis a = analyse_source(
      "int f(int k) {\n"
      "  int x = 0;\n"
      "  switch (k) {\n"
      "    case 0: x = 1;\n"
      "    case 1: x += 2; break;\n"
      "    default: x = 5;\n"
      "  }\n"
      "  return x;\n"
      "}\n");
  auto seq = nodes(task(a, "f").seg);
  REQUIRE(seq.size() == 3);
  const SegNode& sw = *seq[1];
  REQUIRE(sw.kind == NodeKind::Branch);
  REQUIRE(sw.arms.size() == 3);
  CHECK(to_string(sw.arms[0].probability) == "P_f_L4");
  CHECK(to_string(sw.arms[1].probability) == "P_f_L5");
  CHECK_FALSE(sw.arms[2].probability);
  // case 0 falls through into case 1: both assignments, in one segment.
  auto arm0 = nodes(*sw.arms[0].body);
  REQUIRE(arm0.size() == 1);
  CHECK(ruv(*arm0[0]) == std::map<std::string, double>{{"local_store", 2}, {"local_load", 1}, {"int_add", 1}});
  CHECK(ruv(*seq[0])["switch"] == 1);
}

TEST_CASE("?: is a branch inside an expression", "[frontend]") {
  CAnalysis a = analyse_source("int f(int a, int b) { return a > b ? a * 2 : b; }");
  CHECK(formula(a, "f") == "t(v_seg_L1) + P_f_L1 * t(v_seg_L1_2) + (1 - P_f_L1) * t(v_seg_L1_3)");
}

TEST_CASE("calls to functions of the file are call nodes; tasks are the roots", "[frontend]") {
  CAnalysis a = analyse_source(
      "static int sq(int x) { return x * x; }\n"
      "int twice(int x) { return sq(x) + sq(x + 1); }\n"
      "int main(void) { return twice(3) - 13; }\n");
  REQUIRE(a.model.tasks.size() == 1);
  CHECK(a.model.tasks[0].name == "main");
  REQUIRE(a.model.functions.size() == 2);
  CHECK(formula(a, "twice") == "t(v_seg_L2) + T(sq) + t(v_seg_L2_2) + T(sq) + t(v_seg_L2_3)");
  CAnalysis only = analyse_source("static int sq(int x) { return x * x; }\nint g(int y) { return sq(y); }\n", {"sq"});
  CHECK(only.model.tasks.size() == 1);
  CHECK(only.model.functions.empty());
}

TEST_CASE("recursion, goto, function pointers, setjmp, VLAs and asm are diagnosed, not dropped", "[frontend]") {
  CAnalysis a = analyse_source(
      "#include <setjmp.h>\n"
      "static jmp_buf env;\n"
      "int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\n"
      "int apply(int (*op)(int), int v) { return op(v); }\n"
      "int vla(int n) { int t[n]; t[0] = n; return t[0]; }\n"
      "int jump(void) { if (setjmp(env)) return 1; return 0; }\n"
      "int spin(int x) { __asm__ volatile(\"nop\"); return x; }\n"
      "int leave(int x) { if (x) goto in; for (int i = 0; i < 3; i++) { in: x += i; } return x; }\n"
      "int main(void) { return fib(10) + apply(fib, 3) + vla(4) + jump() + spin(1) + leave(0); }\n");
  CHECK(unmodelable(a) == std::set<std::string>{"recursion", "goto", "function_pointer", "setjmp", "vla", "inline_asm"});
  // A recursive function runs R_fib times per call from outside its cycle.
  CHECK_THAT(formula(a, "main"), Catch::Contains("R_fib * T(fib)"));
  for (const auto& d : a.diagnostics) CHECK(d.where.line > 0);
}

TEST_CASE("C that does not compile is an input error", "[frontend]") {
  CHECK_THAT(test::error_message([] { analyse_source("int f( { return 0; }"); }), Catch::Contains("does not compile"));
  CHECK_THAT(test::error_message([] { analyse_c({{"/nonexistent/x.c"}, {}, {}}); }), Catch::Contains("no such file"));
  CHECK_THAT(test::error_message([] { analyse_source("int f(void) { return 0; }", {"g"}); }),
             Catch::Contains("no function 'g'"));
}

TEST_CASE("functions of included project files are analysed; system headers' are not", "[frontend]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("pacer-unity-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "a.c") << "static int sq(int x) { return x * x; }\n"
                                "int sum_sq(int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(i); return s; }\n";
  std::ofstream(dir / "util.h") << "static inline int twice(int x) { return 2 * x; }\n";
  std::ofstream(dir / "unity.c") << "#include <stdlib.h>\n#include \"a.c\"\n";
  std::ofstream(dir / "one.c") << "#include \"util.h\"\nint one(int x) { return twice(x); }\n";
  std::ofstream(dir / "two.c") << "#include \"util.h\"\nint two(int x) { return twice(x) + 1; }\n";
  std::ofstream(dir / "none.c") << "int declared(int);\n";

  // A unity build: the functions are those of the included file, and a note says where.
  const CAnalysis unity = analyse_c({{(dir / "unity.c").string()}, {}, {}});
  CHECK(unity.model.tasks.size() == 1);
  CHECK(task(unity, "sum_sq").where.file == (dir / "a.c").string());
  CHECK(unity.model.find_seg("sq"));
  CHECK_FALSE(unity.model.find_seg("abs"));  // stdlib.h's inline functions are the system's
  REQUIRE(unity.diagnostics.size() == 1);
  CHECK(unity.diagnostics[0].kind == "source_files");
  CHECK_FALSE(unity.diagnostics[0].unmodelable());
  CHECK_THAT(unity.diagnostics[0].message, Catch::Contains("a.c (2)"));

  // A header's function met through two files is one function, not a clash.
  const CAnalysis both = analyse_c({{(dir / "one.c").string(), (dir / "two.c").string()}, {}, {}});
  CHECK(both.model.tasks.size() == 2);
  CHECK(both.model.find_seg("twice"));
  CHECK(both.diagnostics.empty());

  const CAnalysis none = analyse_c({{(dir / "none.c").string()}, {}, {}});
  REQUIRE(none.diagnostics.size() == 1);
  CHECK_THAT(none.diagnostics[0].message, Catch::Contains("defines no function"));
  fs::remove_all(dir);
}
