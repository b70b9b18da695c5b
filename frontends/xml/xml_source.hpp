// An XML file held with its text so that every error can say file, line and
// field. Readers use the strict accessors: an unknown element or attribute
// is an error, never silently ignored.
#pragma once
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "framework/error.hpp"

namespace pacer {

class XmlSource {
 public:
  // Reads and parses `path`; throws InputError for a missing file or
  // malformed XML (with the parser's line).
  static XmlSource from_file(const std::string& path);
  static XmlSource from_string(const std::string& text, const std::string& name);

  const pugi::xml_node root() const { return doc_.document_element(); }
  const std::string& path() const { return path_; }
  SourceLocation at(const pugi::xml_node& node) const;

  [[noreturn]] void fail(const pugi::xml_node& node, const std::string& field, const std::string& message) const;
  std::string required(const pugi::xml_node& node, const char* attr) const;
  double number(const pugi::xml_node& node, const char* attr) const;  // required, finite
  double number(const pugi::xml_node& node, const char* attr, double fallback) const;
  void allow_attributes(const pugi::xml_node& node, const std::vector<std::string>& names) const;
  void allow_children(const pugi::xml_node& node, const std::vector<std::string>& names) const;

 private:
  XmlSource() = default;
  void parse(const std::string& name);
  int line_of(ptrdiff_t offset) const;

  std::string path_;
  std::string text_;
  std::vector<size_t> newlines_;
  pugi::xml_document doc_;
};

double parse_finite(const std::string& text, bool* ok);

// What every reader's file and string entry points do: parse, then read
// with `Reader(source).read()`.
template <class Reader>
auto read_xml_file(const std::string& path) {
  const XmlSource src = XmlSource::from_file(path);
  return Reader(src).read();
}
template <class Reader>
auto read_xml_string(const std::string& xml, const std::string& name) {
  const XmlSource src = XmlSource::from_string(xml, name);
  return Reader(src).read();
}

}  // namespace pacer
