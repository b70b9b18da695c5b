#include "frontends/application_source.hpp"

#include "frontends/clang/c_frontend.hpp"
#include "frontends/clang/profile.hpp"
#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/model_io.hpp"

namespace pacer {

ApplicationModel load_application(const ApplicationSource& o, const std::function<void(const std::string&)>& note) {
  if (!is_c_source(o.path)) {
    if (!o.functions.empty() || !o.profile.empty())
      throw InputError("--function and --profile apply to C source, not to the model file " + o.path);
    return read_model_file(o.path);
  }
  // A profile given here was taken before: its counts bind by node name.
  AnalyseOptions a{{o.path}, o.functions, o.compile_flags, /*count_sites=*/false};
  Profile profile;
  if (!o.profile.empty()) {
    profile = read_profile(o.profile);
    if (a.functions.empty()) a.functions = profile.functions;
    if (a.compile_flags.empty()) a.compile_flags = profile.compile_flags;
  }
  CAnalysis analysis = analyse_c(a);
  size_t unmodelable = 0;
  for (const auto& d : analysis.diagnostics) unmodelable += d.unmodelable();
  if (unmodelable && note)
    note(std::to_string(unmodelable) + " construct(s) in " + o.path + " are not modelled exactly; 'pacer analyse " +
         o.path + "' lists them");
  if (!o.profile.empty()) apply_profile(analysis.model, profile, o.profile);
  return std::move(analysis.model);
}

std::vector<LoadedTask> load_tasks(const Composition& c, const std::vector<std::string>& hardware,
                                   const std::vector<std::string>& compile_flags,
                                   const std::function<void(const std::string&)>& note) {
  std::vector<LoadedTask> out;
  for (const auto& t : c.tasks) {
    LoadedTask l;
    l.task = &t;
    l.model = t.model.empty() ? load_application({t.source, t.functions, t.profile, compile_flags}, note)
                              : read_model_file(t.model);
    if (t.hardware.empty() && hardware.size() != 1)
      throw InputError(t.where, "hardware", "task '" + t.name + "' names no hardware; give it hardware=\"...\" or one --hw");
    l.hardware = load_hardware(t.hardware.empty() ? hardware.front() : t.hardware);
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace pacer
