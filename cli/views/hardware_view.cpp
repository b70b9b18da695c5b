#include "cli/views/hardware_view.hpp"

#include "resource_models/pipelines.hpp"

#include <algorithm>
#include <sstream>

#include "cli/views/report.hpp"
#include "framework/constructs.hpp"
#include "framework/names.hpp"
#include "resource_models/resource_model.hpp"

namespace pacer::cli {

namespace {

size_t figure_count(const Hardware& hw, size_t* estimated) {
  size_t n = 0;
  *estimated = 0;
  auto count = [&](const Figure& f) {
    ++n;
    if (f.estimated) ++*estimated;
  };
  for (const auto& [name, s] : hw.sections)
    for (const auto& [p, f] : s.params) count(f);
  return n;
}

std::vector<std::string> sections_of(const Hardware& hw) {
  std::vector<std::string> out;
  for (const auto& spec : hardware_schema())
    if (hw.sections.count(spec.name)) out.push_back(spec.name);
  if (const HwSection* costs = hw.section("hllc"); costs && !costs->params.empty()) out.push_back("hllc");
  return out;
}

json figure_json(const Figure& f) {
  return {{"value", f.value}, {"written", f.written}, {"unit", f.unit}, {"source", f.source},
          {"estimated", f.estimated}, {"line", f.where.line}};
}

// "  (read by poc)", from the models' declarations; empty for none.
std::string readers_of(const std::string& section) {
  std::vector<std::string> names;
  for (const auto& rm : resource_models()) {
    const auto s = rm->sections();
    if (std::find(s.begin(), s.end(), section) != s.end()) names.push_back(rm->name());
  }
  return names.empty() ? "" : "  (read by " + join_names(names, ", ") + ")";
}

// The table stays readable; `hw show` has the rest. A ". " inside
// parentheses ("Papaefstathiou et al. 1994") does not end the sentence.
std::string first_sentence(const std::string& text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') return text.substr(0, i);
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (depth == 0 && text.compare(i, 2, ". ") == 0) return text.substr(0, i + 1);
  }
  return text;
}

}  // namespace

json hardware_json(const Hardware& hw) {
  json j{{"name", hw.name}, {"file", hw.file}, {"description", hw.description}};
  json sections = json::object();
  for (const auto& [name, s] : hw.sections) {
    if (name == "hllc") continue;  // below, as a cost vector
    json js{{"attributes", s.attributes}};
    json params = json::object();
    for (const auto& [p, f] : s.params) params[p] = figure_json(f);
    js["params"] = params;
    if (!s.unknown.empty()) js["unknown"] = s.unknown;
    sections[name] = js;
  }
  j["sections"] = sections;
  const HwSection none;
  const HwSection& hllc = hw.section("hllc") ? *hw.section("hllc") : none;
  json costs = json::object();
  for (const auto& [c, f] : hllc.params) costs[c] = figure_json(f);
  j["hllc_costs"] = costs;
  j["hllc_unknown"] = hllc.unknown;
  return j;
}

std::string hardware_text(const Hardware& hw) {
  std::ostringstream os;
  os << hw.name << " (" << hw.file << ")\n";
  if (!hw.description.empty()) os << hw.description << "\n";
  for (const auto& spec : hardware_schema()) {
    auto it = hw.sections.find(spec.name);
    if (it == hw.sections.end()) continue;
    os << "\n[" << spec.name << "] " << spec.meaning << readers_of(spec.name);
    for (const auto& [k, v] : it->second.attributes) os << "  " << k << "=" << v;
    os << '\n';
    Table t({"parameter", "value", "unit", "source"});
    for (const auto& [p, f] : it->second.params)
      t.add({p, format_number(f.written), f.unit, (f.estimated ? "estimate: " : "") + f.source});
    for (const auto& [p, why] : it->second.unknown) t.add({p, "unknown", "", why});
    os << t.text();
  }
  if (const HwSection* costs = hw.section("hllc")) {
    os << "\n[hllc] cost vector of C constructs (Papaefstathiou et al. 1994 Eq. 2)" << readers_of("hllc") << "\n";
    Table t({"construct", "cost", "source"});
    for (const auto& c : constructs()) {
      std::string name(c.name);
      if (auto f = costs->params.find(name); f != costs->params.end())
        t.add({name, format_seconds(f->second.value), (f->second.estimated ? "estimate: " : "") + f->second.source});
      else if (auto u = costs->unknown.find(name); u != costs->unknown.end())
        t.add({name, "unknown", u->second});
      else if (const Figure* as = construct_figure(*costs, name))
        t.add({name, format_seconds(as->value), "priced as " + std::string(priced_as(name)) + ", which this description gives"});
    }
    // The pipelines measured two at a time, and how far each pair overlaps (HLLC+, IntCC).
    for (const auto& [p, q] : pipeline_pairs()) {
      const std::string name = construct_pair(pipeline_representative(p), pipeline_representative(q));
      if (auto f = costs->params.find(name); f != costs->params.end())
        t.add({name, format_seconds(f->second.value),
               "overlap " + digits(pipeline_overlap(hw, p, q), 2) + "; " + f->second.source});
    }
    os << t.text();
  }
  return os.str();
}

json hardware_list_json(const std::vector<CatalogueEntry>& entries) {
  json out = json::array();
  for (const auto& e : entries) {
    if (e.hardware)
      out.push_back({{"name", e.hardware->name}, {"file", e.file}, {"sections", sections_of(*e.hardware)}, {"valid", true}});
    else
      out.push_back({{"file", e.file}, {"valid", false}, {"error", e.error}});
  }
  return out;
}

std::string hardware_list_text(const std::string& dir, const std::vector<CatalogueEntry>& entries) {
  Table t({"name", "file", "sections", "description"});
  for (const auto& e : entries) {
    if (!e.hardware) {
      t.add({"(invalid)", e.file, "", e.error});
      continue;
    }
    t.add({e.hardware->name, e.file, join_names(sections_of(*e.hardware), ","), first_sentence(e.hardware->description)});
  }
  return "hardware descriptions in " + dir + ":\n" + t.text();
}

json hardware_check_json(const Hardware& h) {
  const HwSection none;
  const HwSection& hllc = h.section("hllc") ? *h.section("hllc") : none;
  size_t estimated = 0;
  const size_t n = figure_count(h, &estimated);
  return {{"file", h.file}, {"name", h.name}, {"valid", true}, {"figures", n}, {"estimated", estimated},
          {"hllc_costs", hllc.params.size()}, {"hllc_unknown", hllc.unknown.size()}, {"sections", sections_of(h)}};
}

std::string hardware_check_text(const Hardware& h) {
  const HwSection none;
  const HwSection& hllc = h.section("hllc") ? *h.section("hllc") : none;
  size_t estimated = 0;
  const size_t n = figure_count(h, &estimated);
  std::ostringstream os;
  os << "ok: " << h.file << " (" << h.name << "): " << n << " figures, each with its source";
  if (estimated) os << "; " << estimated << " marked as estimates";
  size_t priced = 0, declared = 0, pairs = 0, stood_in = 0;
  for (const auto& [name, f] : hllc.params) (find_construct(name) ? priced : pairs) += 1;
  for (const auto& [name, why] : hllc.unknown) declared += find_construct(name) ? 1 : 0;
  for (const auto& c : constructs())
    stood_in += !hllc.params.count(std::string(c.name)) && !hllc.unknown.count(std::string(c.name)) &&
                construct_figure(hllc, c.name);
  os << "\n  HLLC cost vector: " << priced << " of " << constructs().size() << " constructs";
  if (stood_in) os << ", " << stood_in << " priced as their double forms";
  if (declared) os << ", " << declared << " declared unknown";
  if (const size_t missing = constructs().size() - priced - declared - stood_in) os << ", " << missing << " absent";
  if (pairs) os << "; " << pairs << " pairs of pipelines measured together";
  os << "\n  sections:";
  for (const auto& s : sections_of(h)) os << ' ' << s;
  os << '\n';
  return os.str();
}

namespace {

// The description's own cost of a construct, if it gives one.
const Figure* own_cost(const Hardware& hw, const std::string& construct) {
  auto s = hw.sections.find("hllc");
  if (s == hw.sections.end()) return nullptr;
  auto f = s->second.params.find(construct);
  return f == s->second.params.end() ? nullptr : &f->second;
}

}  // namespace

json derived_hllc_json(const Hardware& hw, const calibrate::DerivedHllc& d) {
  json costs = json::array();
  for (const auto& [construct, f] : d.hllc.params) {
    json row = {{"construct", construct}, {"derived_seconds", f.value},
                {"derived_dependent_seconds", f.dependent >= 0 ? json(f.dependent) : json(nullptr)}};
    const Figure* own = own_cost(hw, construct);
    row["description_seconds"] = own ? json(own->value) : json(nullptr);
    costs.push_back(row);
  }
  json unknown = json::object();
  for (const auto& [construct, why] : d.hllc.unknown) unknown[construct] = why;
  return {{"hardware", hw.name}, {"file", hw.file}, {"costs", costs}, {"not_derived", unknown}, {"notes", d.notes}};
}

std::string derived_hllc_text(const Hardware& hw, const calibrate::DerivedHllc& d) {
  Table t({"construct", "derived", "dependent", hw.name + "'s own", "derived / own"});
  for (const auto& [construct, f] : d.hllc.params) {
    const Figure* own = own_cost(hw, construct);
    t.add({construct, format_seconds(f.value), f.dependent >= 0 ? format_seconds(f.dependent) : "-",
           own ? format_seconds(own->value) : "-", own && own->value > 0 ? digits(f.value / own->value, 3) : "-"});
  }
  std::string out = "HLLC costs of " + hw.name + " (" + hw.file + ") derived through MCA, not measured:\n" + t.text();
  for (const auto& [construct, why] : d.hllc.unknown) out += "not derived: " + construct + ": " + why + "\n";
  for (const auto& n : d.notes) out += "note: " + n + "\n";
  return out;
}

}  // namespace pacer::cli
