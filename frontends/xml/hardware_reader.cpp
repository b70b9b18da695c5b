#include "framework/constructs.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "frontends/xml/xml_source.hpp"
#include "resource_models/intcc/ir_classes.hpp"

namespace pacer {

namespace {

class HardwareReader {
 public:
  explicit HardwareReader(const XmlSource& src) : src_(src) {}

  Hardware read() {
    pugi::xml_node root = src_.root();
    if (std::string(root.name()) != "hardware")
      src_.fail(root, root.name(), "expected <hardware> as the document element");
    src_.allow_attributes(root, {"name"});
    std::vector<std::string> sections = cost_vector_sections();
    sections.push_back("description");
    for (const auto& s : hardware_schema()) sections.push_back(s.name);
    src_.allow_children(root, sections);
    Hardware hw;
    hw.file = src_.path();
    hw.name = src_.required(root, "name");
    hw.description = root.child_value("description");
    for (pugi::xml_node c : root.children()) {
      if (c.type() != pugi::node_element) continue;
      std::string name = c.name();
      if (name == "description") continue;
      if (name == "hllc") cost_vector(c, hw, "construct", known_construct_or_pair,
                                      "is not a construct pacer counts, nor a pair of them (\"int_add+double_mul\")");
      else if (name == "intcc")
        cost_vector(c, hw, "class", known_ir_class, "is not an IR class IntCC counts (resource_models/intcc/ir_classes.cpp)");
      else section(c, *find_section_spec(name), hw);
    }
    return hw;
  }

 private:
  static const ParamSpec* spec_param(const SectionSpec& spec, const std::string& name) {
    for (const auto& candidate : spec.params)
      if (candidate.name == name) return &candidate;
    return nullptr;
  }

  Figure figure(pugi::xml_node n, const char* value_attr, Dimension dim, const std::string& what) {
    Figure f;
    f.where = src_.at(n);
    f.written = src_.number(n, value_attr);
    f.unit = n.attribute("unit").as_string();
    auto factor = si_factor(dim, f.unit);
    if (!factor)
      src_.fail(n, "unit", "'" + f.unit + "' is not a unit of " + dimension_name(dim) + " for " + what +
                               " (use one of: " + units_of(dim) + ")");
    f.value = f.written * *factor;
    if (f.value < 0) src_.fail(n, value_attr, what + " cannot be negative");
    f.source = n.attribute("source").as_string();
    if (f.source.empty())
      src_.fail(n, "source", what + " has no source: every figure must say where it came from");
    std::string estimated = n.attribute("estimated").as_string("false");
    if (estimated != "true" && estimated != "false")
      src_.fail(n, "estimated", "must be true or false");
    f.estimated = estimated == "true";
    f.spread = optional_same_unit(n, "spread", *factor, what);
    f.dependent = optional_same_unit(n, "dependent", *factor, what);
    return f;
  }

  // A further figure of the same unit as the value (spread, dependent cost).
  double optional_same_unit(pugi::xml_node n, const char* attr, double factor, const std::string& what) {
    if (!n.attribute(attr)) return -1;
    double v = src_.number(n, attr);
    if (v < 0) src_.fail(n, attr, "the " + std::string(attr) + " of " + what + " cannot be negative");
    return v * factor;
  }

  void section(pugi::xml_node n, const SectionSpec& spec, Hardware& hw) {
    src_.allow_attributes(n, spec.attributes);
    src_.allow_children(n, {"param", "unknown"});
    if (hw.sections.count(spec.name)) src_.fail(n, spec.name, "<" + spec.name + "> appears twice");
    HwSection s;
    s.name = spec.name;
    s.where = src_.at(n);
    for (pugi::xml_attribute a : n.attributes()) s.attributes[a.name()] = a.value();
    for (pugi::xml_node p : n.children("param")) {
      src_.allow_attributes(p, {"name", "value", "unit", "source", "estimated", "spread"});
      std::string name = src_.required(p, "name");
      const ParamSpec* ps = spec_param(spec, name);
      if (!ps) {
        std::string known;
        for (const auto& c : spec.params) known += (known.empty() ? "" : ", ") + c.name;
        src_.fail(p, name, "<" + spec.name + "> has no parameter '" + name + "' (known: " + known + ")");
      }
      if (s.params.count(name)) src_.fail(p, name, "'" + name + "' is given twice");
      s.params[name] = figure(p, "value", ps->dim, spec.name + "/" + name);
      if (ps->share && s.params[name].value > 1)
        src_.fail(p, "value", spec.name + "/" + name + " is a share, from 0 to 1");
    }
    for (pugi::xml_node u : n.children("unknown")) {
      src_.allow_attributes(u, {"name", "reason"});
      const std::string name = src_.required(u, "name");
      if (!spec_param(spec, name)) src_.fail(u, name, "<" + spec.name + "> has no parameter '" + name + "'");
      if (s.params.count(name) || s.unknown.count(name)) src_.fail(u, name, "'" + name + "' is given twice");
      s.unknown[name] = src_.required(u, "reason");
    }
    hw.sections[spec.name] = std::move(s);
  }

  // A cost vector in a section of its own (HLLC's, by construct; IntCC's,
  // by IR class): one <cost> per name, or <unknown> with a reason.
  template <class Known>
  void cost_vector(pugi::xml_node n, Hardware& hw, const char* key, Known known, const std::string& not_known) {
    const std::string section = n.name();
    src_.allow_attributes(n, {});
    src_.allow_children(n, {"cost", "unknown"});
    HwSection& s = hw.sections[section];
    s.name = section;
    s.where = src_.at(n);
    for (pugi::xml_node c : n.children()) {
      if (c.type() != pugi::node_element) continue;
      std::string name = src_.required(c, key);
      if (!known(name)) src_.fail(c, key, "'" + name + "' " + not_known);
      if (s.params.count(name) || s.unknown.count(name)) src_.fail(c, key, "'" + name + "' is given twice");
      if (std::string(c.name()) == "cost") {
        src_.allow_attributes(c, {key, "value", "unit", "source", "estimated", "spread", "dependent"});
        s.params[name] = figure(c, "value", Dimension::Time, "the cost of " + name);
      } else {
        src_.allow_attributes(c, {key, "reason"});
        s.unknown[name] = src_.required(c, "reason");
      }
    }
    if (s.params.empty() && s.unknown.empty()) hw.sections.erase(section);  // an empty section gives no cost vector
  }

  // A construct, or a pair measured together ("int_add+double_mul").
  static bool known_construct_or_pair(const std::string& name) {
    const size_t plus = name.find('+');
    if (plus == std::string::npos) return find_construct(name) != nullptr;
    return find_construct(name.substr(0, plus)) && find_construct(name.substr(plus + 1));
  }

  // A scalar class, or one with its lanes (".v4", ".vscale").
  static bool known_ir_class(const std::string& name) {
    if (!find_ir_class(scalar_class(name))) return false;
    if (name == scalar_class(name)) return true;
    const std::string lanes = name.substr(scalar_class(name).size() + 2);
    return lanes == "scale" || (!lanes.empty() && lanes.find_first_not_of("0123456789") == std::string::npos);
  }

  const XmlSource& src_;
};

}  // namespace

Hardware read_hardware_file(const std::string& path) { return read_xml_file<HardwareReader>(path); }

Hardware read_hardware_string(const std::string& xml, const std::string& name) { return read_xml_string<HardwareReader>(xml, name); }

}  // namespace pacer
