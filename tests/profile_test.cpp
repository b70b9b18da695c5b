// pacer profile binds trip counts and probabilities to what the program
// really did: the test program counts its own loop iterations and branch
// outcomes and writes them out, and the profile must agree exactly.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "tests/run_pacer.hpp"

using pacer::test::run_pacer;
using pacer::test::Run;
using pacer::test::temp_file;

namespace {

const char* kSelfCounting = R"(#include <stdio.h>
static int data[1000];
static long entries, iterations, tests, taken;
void work(int n) {
  entries++;
  int i = 0;
  while (data[i % 1000] % 7 != 0 && i < n) {
    iterations++;
    tests++;
    if (data[i % 1000] % 3 == 0) taken++;
    i++;
  }
}
void fill(int *a, int m) {
  for (int i = 0; i < m; i++) a[i] = i;
}
int main(int argc, char **argv) {
  for (int i = 0; i < 1000; i++) data[i] = (i * 37 + 11) % 101;
  for (int r = 0; r < 50; r++) work(r * 5);
  int scratch[64];
  fill(scratch, 10);
  fill(scratch, 20);
  fill(scratch, 30);
  FILE *f = fopen(argv[1], "w");
  if (!f) return 1;
  fprintf(f, "%ld %ld %ld %ld\n", entries, iterations, tests, taken);
  return fclose(f) != 0;
}
)";

}  // namespace

TEST_CASE("profiled trip counts and probabilities equal the program's own counts", "[profile]") {
  std::string source = temp_file("pacer-self-counting.c", kSelfCounting);
  std::string counts = temp_file("pacer-self-counting.counts", "");
  std::string profile = (std::filesystem::temp_directory_path() / "pacer-self-counting.profile").string();
  Run r = run_pacer("profile '" + source + "' --args '" + counts + "' --out '" + profile + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  double entries = 0, iterations = 0, tests = 0, taken = 0;
  std::ifstream(counts) >> entries >> iterations >> tests >> taken;
  REQUIRE(entries == 50);
  auto p = nlohmann::json::parse(std::ifstream(profile))["parameters"];
  CHECK(p["N_work_L7"].get<double>() == Approx(iterations / entries).epsilon(1e-12));
  CHECK(p["P_work_L10"].get<double>() == Approx(taken / tests).epsilon(1e-12));
  CHECK(p["fill.m"].get<double>() == 20);  // solved from the loop's mean trip count
  CHECK(p["P_main_L25"].get<double>() == 0);  // fopen never failed

  // The bound model predicts without any --param.
  Run predict = run_pacer("predict '" + source + "' --profile '" + profile + "' --hw parsytec-t800 --model hllc --json");
  INFO(predict.err);
  REQUIRE(predict.status == 0);
  auto j = nlohmann::json::parse(predict.out);
  CHECK(j["parameters"]["N_work_L7"].get<double>() == Approx(iterations / entries));
}

TEST_CASE("a profile refuses a source edited after profiling", "[profile]") {
  std::string source = temp_file("pacer-edited.c", "int main(void) { int s = 0; for (int i = 0; i < 9; i++) s += i; return s != 36; }\n");
  std::string profile = (std::filesystem::temp_directory_path() / "pacer-edited.profile").string();
  REQUIRE(run_pacer("profile '" + source + "' --out '" + profile + "'").status == 0);
  temp_file("pacer-edited.c", "int main(void) { return 0; }\n");
  Run r = run_pacer("predict '" + source + "' --profile '" + profile + "' --hw parsytec-t800");
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("has changed since this profile was made"));
}

// A program that does not end (random programs need not) is stopped at the
// time limit, and nothing is written.
TEST_CASE("a program that outlives --time-limit is stopped and not profiled", "[profile]") {
  std::string source = temp_file("pacer-forever.c", "int main(void) { volatile int x = 0; for (;;) x++; }\n");
  const std::string out = temp_file("pacer-forever.profile", "");
  std::filesystem::remove(out);
  Run r = run_pacer("profile '" + source + "' --time-limit 0.5 --out '" + out + "'");
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("ran longer than 0.5 s and was stopped"));
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK(run_pacer("profile '" + source + "' --time-limit -1").status == 2);
  // With --partial, the counts of its run so far are the profile, and the
  // check agrees on them.
  Run partial = run_pacer("profile '" + source + "' --time-limit 0.5 --partial --check --json --out '" + out + "'");
  REQUIRE(partial.status == 0);
  const nlohmann::json j = nlohmann::json::parse(partial.out);
  CHECK(j["stopped"] == true);
  CHECK(j["agreeing"] == j["total"]);
  std::ifstream written(out);
  const nlohmann::json profile = nlohmann::json::parse(written);
  CHECK(profile["stopped"] == true);
  CHECK(profile["parameters"].begin().value().get<double>() > 1e5);  // the endless loop's mean trips so far
  CHECK_THAT(profile["notes"].dump(), Catch::Contains("stopped after 0.5 s"));
  std::filesystem::remove(out);
  CHECK_THAT(run_pacer("profile '" + source + "' --partial").err, Catch::Contains("--partial goes with --time-limit"));
}

TEST_CASE("a failing program is not profiled", "[profile]") {
  std::string source = temp_file("pacer-fails.c", "int main(void) { return 3; }\n");
  Run r = run_pacer("profile '" + source + "' --out /tmp/pacer-fails.profile");
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("exited with status 3"));
  CHECK_FALSE(std::filesystem::exists("/tmp/pacer-fails.profile"));
}

// The differential check on random programs: csmith's, seeds 1 to 20. Every
// compute node the counters saw runs as often as the model says; a program
// that outlives the time limit is refused with that reason (seed 20 runs for
// minutes), and no other outcome is accepted.
TEST_CASE("profile --check: on 20 csmith programs every node's count agrees with the counters", "[profile][csmith]") {
  int checked = 0;
  for (int seed = 1; seed <= 20; ++seed) {
    const std::string c = temp_file("csmith-" + std::to_string(seed) + ".c", "");
    REQUIRE(std::system(("csmith --seed " + std::to_string(seed) + " --no-packed-struct > " + c).c_str()) == 0);
    Run r = run_pacer("profile " + c + " --check --json --time-limit 5 -- -isystem /usr/include/csmith");
    std::filesystem::remove(c);
    INFO("seed " << seed << ": " << r.err);
    if (r.status == 2 && r.err.find("--time-limit") != std::string::npos) continue;
    REQUIRE(r.status == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["total"].get<int>() > 0);
    CHECK(j["agreeing"] == j["total"]);
    CHECK(j["notes"].empty());
    ++checked;
  }
  CHECK(checked >= 18);
}

TEST_CASE("profile --check: a call in the right operand of || runs only when the left is false", "[profile]") {
  const std::string c = temp_file("short-circuit.c", R"(int calls;
int f(int x) { calls++; return x > 2; }
int main(void) {
  int n = 0;
  for (int i = 0; i < 10; i++)
    if (i < 7 || f(i)) n++;
  return n == 10 ? 0 : 1;
}
)");
  const nlohmann::json j = nlohmann::json::parse(run_pacer("profile " + c + " --check --json").out);
  bool seen = false;
  for (const auto& n : j["nodes"]) {
    CHECK(n["agrees"] == true);
    if (n["function"] != "f") continue;
    seen = true;
    CHECK(n["measured"] == 3);  // i = 7, 8, 9
  }
  CHECK(seen);
}

// An interpreter's computed-goto dispatch is a loop over its handlers: the
// profile binds how many run per entry and each one's share, and the
// counts of every handler's code then agree with the counters.
TEST_CASE("a computed-goto dispatch is a loop over its handlers, bound by a profile", "[profile]") {
  const std::string c = temp_file("vm.c", R"(enum { PUSH, ADD, MUL, JNZ, HALT };
static long work(long x) { return x * 3 + 1; }
static long run(const int *code) {
  static const void *table[] = {&&op_push, &&op_add, &&op_mul, &&op_jnz, &&op_halt};
  long stack[16];
  int sp = 0, pc = 0;
  long counter = 1000;
#define NEXT goto *table[code[pc++]]
  NEXT;
op_push:
  stack[sp++] = code[pc++];
  NEXT;
op_add:
  sp--;
  stack[sp - 1] += stack[sp];
  NEXT;
op_mul:
  sp--;
  stack[sp - 1] = work(stack[sp - 1] * stack[sp]) % 1000003;
  NEXT;
op_jnz:
  pc = --counter > 0 ? code[pc] : pc + 1;
  NEXT;
op_halt:
  return stack[sp - 1];
}
int main(void) {
  const int code[] = {PUSH, 1, PUSH, 2, ADD, PUSH, 3, MUL, JNZ, 2, HALT};
  return run(code) > 0 ? 0 : 1;
}
)");
  const nlohmann::json analysis = nlohmann::json::parse(run_pacer("analyse " + c + " --json").out);
  std::string run_formula, kinds;
  for (const auto& f : analysis["functions"])
    if (f["name"] == "run") run_formula = f["formula"];
  for (const auto& d : analysis["diagnostics"]) kinds += d["kind"].get<std::string>() + " ";
  CHECK_THAT(run_formula, Catch::Contains("N_run_L10_dispatch") && Catch::Contains("T(work)"));
  CHECK(kinds == "dispatch ");

  const std::string profile = temp_file("vm.profile", "");
  Run r = run_pacer("profile " + c + " --out " + profile + " --check --json");
  REQUIRE(r.status == 0);
  const nlohmann::json check = nlohmann::json::parse(r.out);
  CHECK(check["agreeing"] == check["total"]);
  std::ifstream in(profile);
  const nlohmann::json p = nlohmann::json::parse(in);
  // 5002 dispatches in one entry: 2001 pushes, 1000 each of add, mul and jnz, one halt.
  CHECK(p["parameters"]["N_run_L10_dispatch"] == 5002);
  CHECK(p["parameters"]["P_run_L10"].get<double>() == Approx(2001.0 / 5002));
  CHECK(p["parameters"]["P_run_L24"].get<double>() == Approx(1.0 / 5002));
  std::filesystem::remove(profile);
}

// gotos that leave their constructs for a label the structure reaches
// otherwise: the start of another if's arm, the middle of an else arm from
// a loop after it. The code from the label to the function's end runs once
// more per goto (a loop the profile binds, over a copy of that code), and
// every count agrees with the counters'.
TEST_CASE("gotos into other blocks add passes of the code from their label: the counts agree", "[profile]") {
  const std::string c = temp_file("goto_entries.c", R"(static int retry_into_then(int x) {
  if (x > 5) {
  again:
    x += 100;
    return x;
  } else {
    for (int i = 0; i < 10; i++)
      if (i == x)
        goto again;
  }
  return -x;
}
static int forward_into(int x) {
  if (x & 1)
    goto odd;
  x *= 3;
  if (x > 1000) {
  odd:
    x -= 1;
  }
  return x;
}
static int into_middle(int *v, int n) {
  int s = 0;
  if (n > 3) {
    s = 1;
  } else {
    s = 2;
  mid:
    s += v[0];
  }
  for (int i = 0; i < n; i++)
    if (v[i] < 0) {
      v[i] = 0;
      goto mid;
    }
  return s;
}
int main(void) {
  int s = 0, v[5] = {1, -2, 3, -4, 5};
  for (int k = 0; k < 40; k++) s += retry_into_then(k % 9) + forward_into(k * 37);
  return into_middle(v, 5) + into_middle(v, 2) + s > 0 ? 0 : 1;
}
)");
  const nlohmann::json analysis = nlohmann::json::parse(run_pacer("analyse " + c + " --json").out);
  CHECK(analysis["unmodelable"].empty());
  // One for each goto; the loops the gotos leave have their counts bound too.
  std::multiset<std::string> kinds;
  for (const auto& d : analysis["diagnostics"]) kinds.insert(d["kind"].get<std::string>());
  CHECK(kinds.count("goto_entries") == 3);
  CHECK(kinds.count("goto") == 0);
  const std::string profile = temp_file("goto_entries.profile", "");
  Run r = run_pacer("profile " + c + " --out " + profile + " --check --json");
  REQUIRE(r.status == 0);
  const nlohmann::json check = nlohmann::json::parse(r.out);
  for (const auto& n : check["nodes"]) {
    INFO(n.dump());
    CHECK(n["agrees"] == true);
  }
  // retry_into_then(k % 9) for k < 40: the goto runs when x < 10 and the
  // loop meets i == x, i.e. for x in 0..5: 28 of its 40 calls.
  std::ifstream in(profile);
  const nlohmann::json p = nlohmann::json::parse(in);
  CHECK(p["parameters"]["N_retry_into_then_again_goto"].get<double>() == Approx(28.0 / 40));
  std::filesystem::remove(profile);
}

// gotos within a block: a forward jump to a label of the block joins the
// code there, and a jump back to a label repeats the code from it (a loop
// the profile binds). Every count then agrees with the counters'.
TEST_CASE("forward gotos join and backward gotos repeat: the counts agree", "[profile]") {
  const std::string c = temp_file("gotos.c", R"(#include <string.h>
static unsigned long parse_fields(const char *line, unsigned long *starts, unsigned long max) {
  unsigned long n = 0, i = 0, len = strlen(line);
next_field:
  if (n == max || i > len)
    goto done;
  starts[n++] = i;
  while (i < len && line[i] != ',')
    ++i;
  ++i;
  goto next_field;
done:
  return n;
}
static int clamp(int x) {
  if (x > 100)
    goto out;
  x *= 2;
out:
  return x;
}
static int rescan(int *v, int n) {
  int passes = 0;
again:
  passes++;
  for (int i = 0; i + 1 < n; i++)
    if (v[i] > v[i + 1]) {
      int t = v[i];
      v[i] = v[i + 1];
      v[i + 1] = t;
      goto again;
    }
  return passes;
}
int main(void) {
  unsigned long starts[8];
  int v[6] = {5, 3, 9, 1, 7, 2}, s = 0;
  for (int k = 0; k < 200; k++) s += clamp(k);
  return parse_fields("a,bb,ccc,dddd", starts, 8) == 4 && rescan(v, 6) > 1 && s > 0 ? 0 : 1;
}
)");
  const nlohmann::json analysis = nlohmann::json::parse(run_pacer("analyse " + c + " --json").out);
  CHECK(analysis["unmodelable"].empty());
  Run r = run_pacer("profile " + c + " --check --json");
  REQUIRE(r.status == 0);
  const nlohmann::json check = nlohmann::json::parse(r.out);
  for (const auto& n : check["nodes"]) {
    INFO(n.dump());
    CHECK(n["agrees"] == true);
  }
}

// An array main never writes is the operating system's to find, page by
// page, at its first touch, which the task then pays for: the profile counts
// the faults of each call of the task. Touched by main first, it costs none.
TEST_CASE("a profile counts the page faults of each call of a task: its first touches of memory", "[profile]") {
  const char* program = R"(#include <string.h>
static double out[512 * 512];  /* 2 MiB: 512 pages of 4 KiB */
void fill(int n, double v) {
  for (int i = 0; i < n; i++) out[i] = v;
}
int main(int argc, char **argv) {
  if (argc > 1) memset(out, 1, sizeof out);
  fill(512 * 512, 1.0);
  fill(512 * 512, 2.0);
  return out[7] == 2.0 ? 0 : 1;
}
)";
  const std::string source = temp_file("pacer-first-touch.c", program);
  const std::string profile = (std::filesystem::temp_directory_path() / "pacer-first-touch.profile").string();
  auto touches = [&](const std::string& args) {
    Run r = run_pacer("profile '" + source + "' --function fill" + args + " --out '" + profile + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(std::ifstream(profile))["first_touches"];
  };
  const auto untouched = touches("");
  REQUIRE(untouched.contains("fill"));
  const double pages = 512.0 * 512 * 8 / static_cast<double>(sysconf(_SC_PAGESIZE));
  // Two calls: the first takes every page, the second none; a system that
  // backs the array with transparent huge pages takes fewer, larger faults.
  std::string huge;
  std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), huge);
  if (huge.find("[always]") == std::string::npos)
    CHECK(untouched["fill"].get<double>() == Approx(pages / 2).epsilon(0.1));
  else
    CHECK(untouched["fill"].get<double>() > 0);
  const auto touched = touches(" --args first");
  CHECK(touched["fill"].get<double>() < 0.05 * pages);
}

// A program with hooks of its own cannot take the profile's: it is profiled
// without them, and the profile says its first touches were not counted.
TEST_CASE("a program the fault-counting hooks cannot join is profiled without them, with a note", "[profile]") {
  const char* program = R"(void __cyg_profile_func_enter(void *fn, void *site) { (void)fn; (void)site; }
void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }
static int data[100];
void work(void) {
  for (int i = 0; i < 100; i++) data[i] = i;
}
int main(void) {
  work();
  return data[7] == 7 ? 0 : 1;
}
)";
  const std::string source = temp_file("pacer-own-hooks.c", program);
  const std::string profile = (std::filesystem::temp_directory_path() / "pacer-own-hooks.profile").string();
  Run r = run_pacer("profile '" + source + "' --function work --out '" + profile + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto p = nlohmann::json::parse(std::ifstream(profile));
  CHECK(p["first_touches"].empty());
  CHECK_THAT(p["notes"].dump(), Catch::Contains("not counted"));
  CHECK(p["counts"].contains("work"));  // the counters were still read
}
