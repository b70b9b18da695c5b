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
enum { MAX_TASKS = 64 };
static struct { void* fn; char name[256]; long depth, calls, faults, at_entry; } tasks[MAX_TASKS];
static int found = -1;
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
HOOK static void find_tasks(void) {
  found = 0;
  const char* list = getenv("PACER_FIRST_TOUCH_FUNCTIONS");
  if (!list) return;
  char names[8192];
  snprintf(names, sizeof names, "%s", list);
  for (char* name = strtok(names, " "); name && found < MAX_TASKS; name = strtok(NULL, " ")) {
    void* fn = dlsym(RTLD_DEFAULT, name);
    if (!fn) continue;
    tasks[found].fn = fn;
    snprintf(tasks[found].name, sizeof tasks[found].name, "%s", name);
    found++;
  }
  atexit(report);
}
HOOK void __cyg_profile_func_enter(void* fn, void* site) {
  (void)site;
  if (found < 0) find_tasks();
  for (int i = 0; i < found; i++)
    if (tasks[i].fn == fn) {
      if (tasks[i].depth++ == 0) tasks[i].at_entry = minor_faults();
      return;
    }
}
HOOK void __cyg_profile_func_exit(void* fn, void* site) {
  (void)site;
  for (int i = 0; i < found; i++)
    if (tasks[i].fn == fn) {
      if (--tasks[i].depth == 0) tasks[i].faults += minor_faults() - tasks[i].at_entry, tasks[i].calls++;
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
