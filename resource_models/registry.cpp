#include "resource_models/resource_model.hpp"

#include "framework/application_model.hpp"

#include "framework/error.hpp"
#include "framework/names.hpp"

namespace pacer {

// Each model's file defines its factory; registering a model is one line in
// the list below (and its declaration here).
std::unique_ptr<ResourceModel> make_dbc();
std::unique_ptr<ResourceModel> make_poc();
std::unique_ptr<ResourceModel> make_hllc();
std::unique_ptr<ResourceModel> make_hllc_plus();
std::unique_ptr<ResourceModel> make_intcc();
std::unique_ptr<ResourceModel> make_icc();
std::unique_ptr<ResourceModel> make_ct();

const std::vector<std::unique_ptr<ResourceModel>>& resource_models() {
  static const std::vector<std::unique_ptr<ResourceModel>> models = [] {
    std::vector<std::unique_ptr<ResourceModel>> m;
    m.push_back(make_dbc());
    m.push_back(make_poc());
    m.push_back(make_hllc());
    m.push_back(make_hllc_plus());
    m.push_back(make_intcc());
    m.push_back(make_icc());
    m.push_back(make_ct());
    return m;
  }();
  return models;
}

std::vector<std::string> resource_model_names() {
  std::vector<std::string> out;
  for (const auto& m : resource_models()) out.push_back(m->name());
  return out;
}

const ResourceModel& find_resource_model(const std::string& name) {
  for (const auto& m : resource_models())
    if (m->name() == name) return *m;
  throw InputError("unknown resource model '" + name + "' (known: " + join_names(resource_model_names(), ", ") + ", all)");
}

bool can_price(const ResourceModel& rm, const ApplicationModel& model) {
  if (rm.prepares(model)) return true;
  bool ok = true;
  auto check = [&](const SegNode& n) {
    if (n.kind != NodeKind::Compute) return;
    bool any = false;
    for (const auto& kind : rm.reads()) any = any || n.ruvs.count(kind);
    ok = ok && any;
  };
  for (const auto& t : model.tasks) for_each_node(t.seg, check);
  for (const auto& f : model.functions) for_each_node(f.seg, check);
  return ok;
}

const Ruv& require_ruv(const SegNode& node, const std::string& kind, const std::string& model) {
  auto it = node.ruvs.find(kind);
  if (it == node.ruvs.end())
    throw InputError(node.where, "ruv",
                     "node '" + node.id + "' has no '" + kind + "' RUV, which the " + model +
                         " model needs");
  return it->second;
}

}  // namespace pacer
