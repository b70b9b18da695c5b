#include <sstream>

#include "frontends/xml/model_io.hpp"
#include "frontends/xml/xml_source.hpp"

namespace pacer {

namespace {

std::string number_text(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

void write_seg(pugi::xml_node parent, const Seg& seg);

void write_node(pugi::xml_node parent, const SegNode& n) {
  auto common = [&](const char* element) {
    pugi::xml_node e = parent.append_child(element);
    e.append_attribute("id") = n.id.c_str();
    if (!n.label.empty()) e.append_attribute("label") = n.label.c_str();
    if (!n.source.empty()) e.append_attribute("source") = n.source.str().c_str();
    return e;
  };
  switch (n.kind) {
    case NodeKind::Compute: {
      pugi::xml_node e = common("compute");
      if (n.vector != n.id) {
        // The reader rebuilds shared RUVs from like=, so the first node of
        // the vector carries them.
        e.append_attribute("like") = n.vector.c_str();
        break;
      }
      if (auto it = n.ruvs.find(ruv_kind::constructs); it != n.ruvs.end()) {
        pugi::xml_node c = e.append_child("constructs");
        for (const auto& [name, count] : it->second) c.append_attribute(name.c_str()) = number_text(count).c_str();
      }
      if (auto it = n.ruvs.find(ruv_kind::flops); it != n.ruvs.end())
        e.append_child("flops").append_attribute("value") = number_text(it->second.get("flops")).c_str();
      for (const char* kind : {ruv_kind::time, ruv_kind::instructions})
        if (auto it = n.ruvs.find(kind); it != n.ruvs.end()) {
          pugi::xml_node t = e.append_child(kind);
          for (const auto& [name, v] : it->second) t.append_attribute(name.c_str()) = number_text(v).c_str();
        }
      break;
    }
    case NodeKind::Loop: {
      pugi::xml_node e = common("loop");
      e.append_attribute("trips") = to_string(n.trips).c_str();
      if (n.trips_at) e.append_attribute("trips_at") = to_string(n.trips_at).c_str();
      if (!n.induction.empty()) {
        e.append_attribute("induction") = n.induction.c_str();
        e.append_attribute("induction_start") = to_string(n.induction_start).c_str();
        e.append_attribute("induction_step") = number_text(n.induction_step).c_str();
      }
      write_seg(e, *n.body);
      break;
    }
    case NodeKind::Branch: {
      pugi::xml_node e = common("branch");
      for (const auto& arm : n.arms) {
        pugi::xml_node a = e.append_child(arm.probability ? "arm" : "else");
        if (arm.probability) a.append_attribute("probability") = to_string(arm.probability).c_str();
        write_seg(a, *arm.body);
      }
      break;
    }
    case NodeKind::Call: {
      pugi::xml_node e = common("call");
      e.append_attribute("callee") = n.callee.c_str();
      break;
    }
  }
}

void write_seg(pugi::xml_node parent, const Seg& seg) {
  for (const SegNode* n : seg.sequence()) write_node(parent, *n);
}

void write_task(pugi::xml_node parent, const char* element, const Task& t) {
  pugi::xml_node e = parent.append_child(element);
  e.append_attribute("name") = t.name.c_str();
  if (!t.description.empty()) e.append_attribute("description") = t.description.c_str();
  write_seg(e, t.seg);
}

}  // namespace

std::string write_model(const ApplicationModel& m) {
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version") = "1.0";
  decl.append_attribute("encoding") = "UTF-8";
  pugi::xml_node root = doc.append_child("application");
  root.append_attribute("name") = m.name.c_str();
  if (!m.description.empty()) root.append_child("description").text() = m.description.c_str();
  for (const auto& p : m.parameters) {
    pugi::xml_node e = root.append_child("parameter");
    e.append_attribute("name") = p.name.c_str();
    e.append_attribute("kind") = kind_name(p.kind);
    if (p.default_value) e.append_attribute("default") = number_text(*p.default_value).c_str();
    if (!p.description.empty()) e.append_attribute("description") = p.description.c_str();
  }
  for (const auto& t : m.tasks) write_task(root, "task", t);
  for (const auto& f : m.functions) write_task(root, "function", f);
  std::ostringstream os;
  doc.save(os, "  ");
  return os.str();
}

}  // namespace pacer
