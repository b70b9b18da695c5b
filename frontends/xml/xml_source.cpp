#include "frontends/xml/xml_source.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "framework/file_text.hpp"

namespace pacer {

double parse_finite(const std::string& text, bool* ok) {
  const char* begin = text.c_str();
  while (*begin == ' ') ++begin;
  char* end = nullptr;
  double v = std::strtod(begin, &end);
  while (end && *end == ' ') ++end;
  *ok = end != begin && *end == '\0' && std::isfinite(v);
  return v;
}

XmlSource XmlSource::from_file(const std::string& path) {
  std::optional<std::string> text = file_text(path);
  if (!text) throw InputError(SourceLocation{path, 0}, "", "cannot open the file");
  XmlSource s;
  s.path_ = path;
  s.text_ = std::move(*text);
  s.parse(path);
  return s;
}

XmlSource XmlSource::from_string(const std::string& text, const std::string& name) {
  XmlSource s;
  s.path_ = name;
  s.text_ = text;
  s.parse(name);
  return s;
}

void XmlSource::parse(const std::string& name) {
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') newlines_.push_back(i);
  pugi::xml_parse_result r = doc_.load_buffer(text_.data(), text_.size(), pugi::parse_default);
  if (!r)
    throw InputError(SourceLocation{name, line_of(r.offset)}, "", std::string("malformed XML: ") + r.description());
  if (!doc_.document_element()) throw InputError(SourceLocation{name, 0}, "", "the file has no XML element");
}

int XmlSource::line_of(ptrdiff_t offset) const {
  auto it = std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<size_t>(std::max<ptrdiff_t>(offset, 0)));
  return static_cast<int>(it - newlines_.begin()) + 1;
}

SourceLocation XmlSource::at(const pugi::xml_node& node) const {
  return SourceLocation{path_, line_of(node.offset_debug())};
}

void XmlSource::fail(const pugi::xml_node& node, const std::string& field, const std::string& message) const {
  throw InputError(at(node), field, message);
}

std::string XmlSource::required(const pugi::xml_node& node, const char* attr) const {
  pugi::xml_attribute a = node.attribute(attr);
  if (!a || std::string(a.value()).empty())
    fail(node, attr, std::string("<") + node.name() + "> needs the attribute " + attr);
  return a.value();
}

double XmlSource::number(const pugi::xml_node& node, const char* attr) const {
  std::string text = required(node, attr);
  bool ok = false;
  double v = parse_finite(text, &ok);
  if (!ok) fail(node, attr, "'" + text + "' is not a finite number");
  return v;
}

double XmlSource::number(const pugi::xml_node& node, const char* attr, double fallback) const {
  return node.attribute(attr) ? number(node, attr) : fallback;
}

void XmlSource::allow_attributes(const pugi::xml_node& node, const std::vector<std::string>& names) const {
  for (pugi::xml_attribute a : node.attributes())
    if (std::find(names.begin(), names.end(), a.name()) == names.end()) {
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
      fail(node, a.name(), std::string("unknown attribute of <") + node.name() + "> (known: " +
                               (known.empty() ? "none" : known) + ")");
    }
}

void XmlSource::allow_children(const pugi::xml_node& node, const std::vector<std::string>& names) const {
  for (pugi::xml_node c : node.children()) {
    if (c.type() != pugi::node_element) continue;
    if (std::find(names.begin(), names.end(), c.name()) == names.end()) {
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + ("<" + n + ">");
      fail(c, c.name(), std::string("unknown element inside <") + node.name() + "> (known: " +
                            (known.empty() ? "none" : known) + ")");
    }
  }
}

}  // namespace pacer
