// Writing figures into a hardware description: the file's other sections,
// comments and layout stay as they are; one section is replaced.
#include <pugixml.hpp>

#include <cmath>
#include <sstream>

#include "framework/constructs.hpp"
#include "framework/format.hpp"
#include "resource_models/intcc/ir_classes.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "templates/comm/comm_fit.hpp"
#include "frontends/xml/xml_source.hpp"

namespace pacer {

std::string replace_section(const std::string& path, const std::string& section,
                            const std::map<std::string, std::string>& attributes, const std::vector<WrittenParam>& params) {
  XmlSource src = XmlSource::from_file(path);  // file and line in any parse error
  pugi::xml_document doc;
  doc.load_file(path.c_str(), pugi::parse_default | pugi::parse_comments | pugi::parse_declaration);
  pugi::xml_node root = doc.document_element();
  if (std::string(root.name()) != "hardware") src.fail(src.root(), root.name(), "expected <hardware> as the document element");
  pugi::xml_node old = root.child(section.c_str());
  pugi::xml_node node = old ? root.insert_child_before(section.c_str(), old) : root.append_child(section.c_str());
  if (old) root.remove_child(old);
  for (const auto& [k, v] : attributes) node.append_attribute(k.c_str()) = v.c_str();
  for (const auto& p : params) {
    pugi::xml_node n = node.append_child("param");
    n.append_attribute("name") = p.name.c_str();
    std::ostringstream value;
    value.precision(6);
    value << p.value;
    n.append_attribute("value") = value.str().c_str();
    if (!p.unit.empty()) n.append_attribute("unit") = p.unit.c_str();
    n.append_attribute("source") = p.source.c_str();
  }
  std::ostringstream out;
  doc.save(out, "  ");
  read_hardware_string(out.str(), path);  // what is written must read back
  return out.str();
}

namespace {

std::string text(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

// A figure in the unit it was written in; spread and dependent cost follow
// it. The unit's factor, not value / written: a cost measured as 0 (a load
// the core hides) still has a latency in that unit.
void write_figure(pugi::xml_node n, const Figure& f, Dimension dim) {
  const double factor = si_factor(dim, f.unit).value_or(f.written != 0 ? f.value / f.written : 1);
  n.append_attribute("value") = text(f.written).c_str();
  if (!f.unit.empty()) n.append_attribute("unit") = f.unit.c_str();
  if (f.dependent >= 0) n.append_attribute("dependent") = text(f.dependent / factor).c_str();
  if (f.spread >= 0) n.append_attribute("spread") = text(f.spread / factor).c_str();
  if (f.estimated) n.append_attribute("estimated") = "true";
  n.append_attribute("source") = f.source.c_str();
}

// A cost vector's <cost> or <unknown> per name, in the order given.
void write_cost_vector(pugi::xml_node section, const char* key, const HwSection& costs,
                       const std::vector<std::string>& names) {
  for (const auto& name : names) {
    if (auto f = costs.params.find(name); f != costs.params.end()) {
      pugi::xml_node n = section.append_child("cost");
      n.append_attribute(key) = name.c_str();
      write_figure(n, f->second, Dimension::Time);
    } else if (auto u = costs.unknown.find(name); u != costs.unknown.end()) {
      pugi::xml_node n = section.append_child("unknown");
      n.append_attribute(key) = name.c_str();
      n.append_attribute("reason") = u->second.c_str();
    }
  }
}

}  // namespace

std::string hardware_to_xml(const Hardware& hw, const std::string& comment) {
  pugi::xml_document doc;
  auto decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  if (!comment.empty()) doc.append_child(pugi::node_comment).set_value((" " + comment + " ").c_str());
  pugi::xml_node root = doc.append_child("hardware");
  root.append_attribute("name") = hw.name.c_str();
  root.append_child("description").text() = hw.description.c_str();
  for (const auto& spec : hardware_schema()) {
    auto s = hw.sections.find(spec.name);
    if (s == hw.sections.end()) continue;
    pugi::xml_node node = root.append_child(spec.name.c_str());
    for (const auto& [k, v] : s->second.attributes) node.append_attribute(k.c_str()) = v.c_str();
    for (const auto& p : spec.params) {  // in the schema's order
      auto f = s->second.params.find(p.name);
      if (f == s->second.params.end()) continue;
      pugi::xml_node n = node.append_child("param");
      n.append_attribute("name") = p.name.c_str();
      write_figure(n, f->second, p.dim);
    }
    for (const auto& [name, reason] : s->second.unknown) {
      pugi::xml_node n = node.append_child("unknown");
      n.append_attribute("name") = name.c_str();
      n.append_attribute("reason") = reason.c_str();
    }
  }
  if (const HwSection* costs = hw.section("hllc")) {
    std::vector<std::string> names;  // the table's constructs, then the pairs measured together
    for (const auto& c : constructs()) names.emplace_back(c.name);
    for (const auto& [name, f] : costs->params)
      if (!find_construct(name)) names.push_back(name);
    for (const auto& [name, why] : costs->unknown)
      if (!find_construct(name)) names.push_back(name);
    write_cost_vector(root.append_child("hllc"), "construct", *costs, names);
  }
  if (const HwSection* costs = hw.section("intcc")) {
    std::vector<std::string> names;  // the table's classes, then the vector ones
    for (const auto& c : ir_classes()) names.push_back(c.name);
    for (const auto& [name, f] : costs->params)
      if (name != scalar_class(name)) names.push_back(name);
    for (const auto& [name, why] : costs->unknown)
      if (name != scalar_class(name)) names.push_back(name);
    write_cost_vector(root.append_child("intcc"), "class", *costs, names);
  }
  std::ostringstream out;
  doc.save(out, "  ");
  read_hardware_string(out.str(), hw.name);  // what is written must read back
  return out.str();
}

namespace {

// Units a reader expects: microseconds, bytes, bytes per second.
WrittenParam written(const std::string& name, double v, const std::string& source) {
  if (name == "bandwidth") return {name, v / 1e6, "MB/s", source};
  if (name == "h" || name == "p") return {name, v, "B", source};
  return {name, v * 1e6, "us", source};
}

}  // namespace

std::string with_communication_section(const std::string& path, const CommFit& fit, const std::string& data_file,
                                       size_t points) {
  const std::string source = "fitted by pacer comm fit to " + data_file + " on " + today() + " (" +
                             std::to_string(points) + " points, rms relative error " +
                             format_number(std::round(fit.rms_relative * 1000) / 10) + "%)";
  std::vector<WrittenParam> params;
  for (const auto& [k, v] : fit.parameters) params.push_back(written(k, v, source));
  return replace_section(path, "communication", {{"model", fit.model}}, params);
}

}  // namespace pacer
