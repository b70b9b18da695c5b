#include "frontends/clang/first_touch.hpp"

#include <fstream>
#include <sstream>

namespace pacer {

const char* first_touch_runtime_source() {
  return R"(#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#define HOOK __attribute__((no_instrument_function))
/* Each task's calls and its own faults: a call's faults less those of the
 * tasks it called, so that a task called from another is not counted twice.
 * Counted at the outermost entry and exit (recursion, or the same task on
 * several threads at once, is one call); the process's count, so that the
 * faults of threads the task starts are its own. */
enum { MAX_TASKS = 64 };
static struct { void* fn; char name[256]; long depth, calls, faults, at_entry, others_at_entry; } tasks[MAX_TASKS];
static int found = -1;
static long counted; /* own faults of every task call ended so far */
extern char __start___llvm_prf_cnts[] __attribute__((weak));
extern char __stop___llvm_prf_cnts[] __attribute__((weak));
HOOK static long minor_faults(void) {
  struct rusage r;
  getrusage(RUSAGE_SELF, &r);
  return r.ru_minflt;
}
HOOK static void report(void) {
  const char* path = getenv("PACER_FIRST_TOUCH_FILE");
  FILE* f = path ? fopen(path, "w") : NULL;
  if (!f) return;
  for (int i = 0; i < found; i++)
    if (tasks[i].calls > 0) fprintf(f, "%s %ld %ld\n", tasks[i].name, tasks[i].calls, tasks[i].faults);
  fclose(f);
}
/* The coverage counters' pages are the program's too: written once here,
 * before any task runs, so that their first writes (faults the timed build
 * does not take) fall outside every task. */
HOOK static void touch_counters(void) {
  if (!__start___llvm_prf_cnts || !__stop___llvm_prf_cnts) return;
  for (volatile char* p = __start___llvm_prf_cnts; p < (volatile char*)__stop___llvm_prf_cnts; p += 4096) *p = *p;
}
HOOK static void find_tasks(void) {
  const char* list = getenv("PACER_FIRST_TOUCH_FUNCTIONS");
  char names[8192], *rest = NULL;
  int n = 0;
  touch_counters();
  if (list) {
    snprintf(names, sizeof names, "%s", list);
    for (char* name = strtok_r(names, " ", &rest); name && n < MAX_TASKS; name = strtok_r(NULL, " ", &rest)) {
      void* fn = dlsym(RTLD_DEFAULT, name);
      if (!fn) continue;
      tasks[n].fn = fn;
      snprintf(tasks[n].name, sizeof tasks[n].name, "%s", name);
      n++;
    }
  }
  atexit(report);
  __atomic_store_n(&found, n, __ATOMIC_RELEASE);
}
HOOK void __cyg_profile_func_enter(void* fn, void* site) {
  (void)site;
  if (__atomic_load_n(&found, __ATOMIC_ACQUIRE) < 0) find_tasks();
  for (int i = 0; i < found; i++)
    if (tasks[i].fn == fn) {
      if (__atomic_fetch_add(&tasks[i].depth, 1, __ATOMIC_ACQ_REL) == 0) {
        tasks[i].at_entry = minor_faults();
        tasks[i].others_at_entry = __atomic_load_n(&counted, __ATOMIC_ACQUIRE);
      }
      return;
    }
}
HOOK void __cyg_profile_func_exit(void* fn, void* site) {
  (void)site;
  for (int i = 0; i < found; i++)
    if (tasks[i].fn == fn) {
      if (__atomic_sub_fetch(&tasks[i].depth, 1, __ATOMIC_ACQ_REL) == 0) {
        const long all = minor_faults() - tasks[i].at_entry;
        const long own = all - (__atomic_load_n(&counted, __ATOMIC_ACQUIRE) - tasks[i].others_at_entry);
        __atomic_fetch_add(&tasks[i].faults, own, __ATOMIC_ACQ_REL);
        __atomic_fetch_add(&tasks[i].calls, 1, __ATOMIC_ACQ_REL);
        __atomic_fetch_add(&counted, own, __ATOMIC_ACQ_REL);
      }
      return;
    }
}
)";
}

std::map<std::string, double> read_first_touches(const std::string& path) {
  std::map<std::string, double> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    double calls = 0, faults = 0;
    if (fields >> name >> calls >> faults && calls > 0 && faults >= 0) out[name] = faults / calls;
  }
  return out;
}

}  // namespace pacer
