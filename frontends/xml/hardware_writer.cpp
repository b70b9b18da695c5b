// Writing figures into a hardware description: the file's other sections,
// comments and layout stay as they are; one section is replaced.
#include <pugixml.hpp>

#include <sstream>

#include "frontends/xml/hardware_io.hpp"
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

}  // namespace pacer
