// Every template `pacer predict --template` knows, and its kind: the only
// list of their names. Message-passing templates come from their registry
// (parallel/parallel_templates.cpp), speedup laws from theirs
// (speedup/laws.cpp), and the loop template is omp_loop.
#pragma once
#include <string>
#include <vector>

namespace pacer {

enum class TemplateKind {
  MessagePassing,  // P processors, messages priced by the machine's communication model
  Loop,            // a loop run by threads under a schedule (omp_loop)
  SpeedupLaw,      // the whole task on p cores at a processor and memory frequency
};

struct TemplateEntry {
  std::string name;
  TemplateKind kind;
};

const std::vector<TemplateEntry>& template_registry();
// The names of one kind, in registry order.
std::vector<std::string> template_names(TemplateKind kind);
std::vector<std::string> template_names();
// Throws InputError naming every known template.
TemplateKind template_kind(const std::string& name);

}  // namespace pacer
