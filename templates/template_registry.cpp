#include "templates/template_registry.hpp"

#include "framework/error.hpp"
#include "framework/names.hpp"
#include "templates/parallel/parallel_template.hpp"
#include "templates/speedup/speedup_law.hpp"

namespace pacer {

const std::vector<TemplateEntry>& template_registry() {
  static const std::vector<TemplateEntry> entries = [] {
    std::vector<TemplateEntry> e;
    for (const auto& t : parallel_templates()) e.push_back({t->name(), TemplateKind::MessagePassing});
    e.push_back({"omp_loop", TemplateKind::Loop});
    for (const SpeedupLaw* law : speedup_laws()) e.push_back({law->name(), TemplateKind::SpeedupLaw});
    return e;
  }();
  return entries;
}

std::vector<std::string> template_names(TemplateKind kind) {
  std::vector<std::string> out;
  for (const auto& e : template_registry())
    if (e.kind == kind) out.push_back(e.name);
  return out;
}

std::vector<std::string> template_names() {
  std::vector<std::string> out;
  for (const auto& e : template_registry()) out.push_back(e.name);
  return out;
}

TemplateKind template_kind(const std::string& name) {
  for (const auto& e : template_registry())
    if (e.name == name) return e.kind;
  throw InputError("unknown template '" + name + "' (known: " + join_names(template_names(), ", ") + ")");
}

}  // namespace pacer
