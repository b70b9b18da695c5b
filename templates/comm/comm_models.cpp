#include "templates/comm/comm_model.hpp"

#include "framework/names.hpp"

namespace pacer {

std::unique_ptr<CommModel> make_packet_model(std::map<std::string, double> params);
std::unique_ptr<CommModel> make_hockney_model(std::map<std::string, double> params);
std::unique_ptr<CommModel> make_loggp_model(std::map<std::string, double> params);

const std::vector<CommModelInfo>& comm_models() {
  static const std::vector<CommModelInfo> models = {
      {"packet", "the packet model of Eq. 5 (Papaefstathiou et al. 1994)", {"alpha", "beta", "tau", "h", "p", "alpha2"},
       make_packet_model},
      {"hockney", "Hockney: latency + bytes / bandwidth", {"latency", "bandwidth"}, make_hockney_model},
      {"loggp", "LogGP: L + 2 o + (bytes - 1) G", {"L", "o", "G"}, make_loggp_model},
  };
  return models;
}

std::vector<std::string> comm_model_names() {
  std::vector<std::string> out;
  for (const auto& m : comm_models()) out.push_back(m.name);
  return out;
}

const CommModelInfo& find_comm_model(const std::string& name) {
  for (const auto& m : comm_models())
    if (m.name == name) return m;
  throw InputError("unknown communication model '" + name + "' (known: " + join_names(comm_model_names(), ", ") + ")");
}

std::unique_ptr<CommModel> make_comm_model(const std::string& name, const std::map<std::string, double>& params) {
  const CommModelInfo& info = find_comm_model(name);
  std::map<std::string, double> p;
  for (const auto& n : info.parameters) {
    auto it = params.find(n);
    if (it == params.end()) throw InputError("the " + name + " communication model needs the parameter '" + n + "'");
    p[n] = it->second;
  }
  return info.make(std::move(p));
}

std::unique_ptr<CommModel> comm_model_of(const Hardware& hw) {
  auto s = hw.sections.find("communication");
  if (s == hw.sections.end())
    throw MissingFigure(SourceLocation{hw.file, 0}, "communication",
                        "'" + hw.name + "' has no <communication> section, which a parallel template needs to price "
                        "its messages (pacer comm fit --into writes one)");
  auto model = s->second.attributes.find("model");
  if (model == s->second.attributes.end())
    throw InputError(SourceLocation{hw.file, s->second.where.line}, "communication/model",
                     "<communication> must say which model its parameters are for: model=\"packet|hockney|loggp\"");
  const CommModelInfo& info = find_comm_model(model->second);
  std::map<std::string, double> params;
  for (const auto& n : info.parameters) params[n] = hw.require("communication", n, info.name).value;
  return info.make(std::move(params));
}

}  // namespace pacer
