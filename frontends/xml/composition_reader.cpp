#include <cmath>
#include <filesystem>

#include "frontends/xml/composition_io.hpp"
#include "frontends/xml/xml_source.hpp"

namespace pacer {

namespace fs = std::filesystem;

bool is_composition(const std::string& path) {
  pugi::xml_document doc;
  if (!doc.load_file(path.c_str())) return false;
  for (pugi::xml_node t : doc.document_element().children("task"))
    if (t.attribute("model") || t.attribute("source")) return true;
  return false;
}

namespace {

std::string beside(const std::string& file, const std::string& relative) {
  if (relative.empty() || fs::path(relative).is_absolute()) return relative;
  return (fs::path(file).parent_path() / relative).lexically_normal().string();
}

}  // namespace

Composition read_composition_file(const std::string& path) {
  XmlSource src = XmlSource::from_file(path);
  pugi::xml_node root = src.root();
  if (std::string(root.name()) != "application")
    src.fail(root, root.name(), "expected <application> as the document element");
  src.allow_attributes(root, {"name"});
  src.allow_children(root, {"description", "parameter", "task"});
  Composition c{src.required(root, "name"), root.child_value("description"), path, {}, {}};
  for (pugi::xml_node p : root.children("parameter")) {
    src.allow_attributes(p, {"name", "default", "description"});
    Parameter param;
    param.name = src.required(p, "name");
    param.where = src.at(p);
    param.description = p.attribute("description").as_string();
    param.default_value = src.number(p, "default");
    c.parameters.push_back(param);
  }
  for (pugi::xml_node t : root.children("task")) {
    src.allow_attributes(t, {"name", "model", "source", "function", "profile", "template", "procs", "hardware"});
    src.allow_children(t, {});
    ComposedTask task;
    task.where = src.at(t);
    task.name = src.required(t, "name");
    task.model = beside(path, t.attribute("model").as_string());
    task.source = beside(path, t.attribute("source").as_string());
    task.profile = beside(path, t.attribute("profile").as_string());
    if (task.model.empty() == task.source.empty())
      src.fail(t, "model", "a task names either an application model (model=) or C source (source=), not both");
    if (t.attribute("function")) task.functions = {t.attribute("function").as_string()};
    task.template_name = t.attribute("template").as_string("sequential");
    const double procs = src.number(t, "procs", 1);
    if (procs < 1 || procs != std::floor(procs) || procs > 1e6)
      src.fail(t, "procs", "P must be a positive whole number");
    task.procs = static_cast<int>(procs);
    task.hardware = t.attribute("hardware").as_string();
    if (!task.hardware.empty() && (task.hardware.find('/') != std::string::npos || task.hardware.find(".xml") != std::string::npos))
      task.hardware = beside(path, task.hardware);
    c.tasks.push_back(std::move(task));
  }
  if (c.tasks.empty()) src.fail(root, "task", "the application lists no tasks");
  return c;
}

}  // namespace pacer
