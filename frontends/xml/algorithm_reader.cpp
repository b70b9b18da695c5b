#include "framework/expression_parser.hpp"
#include "frontends/xml/algorithm_io.hpp"
#include "frontends/xml/xml_source.hpp"

namespace pacer {

namespace {

class AlgorithmReader {
 public:
  explicit AlgorithmReader(const XmlSource& src) : src_(src) {}

  AlgorithmComplexity read() {
    pugi::xml_node root = src_.root();
    if (std::string(root.name()) != "algorithm")
      src_.fail(root, root.name(), "expected <algorithm> as the document element");
    src_.allow_attributes(root, {"name", "title", "inputs"});
    src_.allow_children(root, {"description", "parameter", "work", "span", "io", "assumption"});
    AlgorithmComplexity a;
    a.file = src_.path();
    a.name = src_.required(root, "name");
    a.title = root.attribute("title").as_string(a.name.c_str());
    a.inputs = root.attribute("inputs").as_string();
    for (pugi::xml_node p : root.children("parameter")) {
      a.parameters.push_back(parameter(p));
      for (size_t i = 0; i + 1 < a.parameters.size(); ++i)
        if (a.parameters[i].name == a.parameters.back().name)
          src_.fail(p, a.parameters.back().name, "parameter '" + a.parameters.back().name + "' is declared twice");
    }
    a.work = formula(root, "work");
    a.span = formula(root, "span");
    a.io = formula(root, "io");
    for (pugi::xml_node n : root.children("assumption")) {
      src_.allow_attributes(n, {"positive", "text"});
      a.assumptions.push_back({expression(n, "positive"), src_.required(n, "text")});
      check_declared(a, a.assumptions.back().positive, n, "positive");
    }
    for (pugi::xml_node p : root.children("parameter"))
      if (p.attribute("default")) check_declared(a, expression(p, "default"), p, "default");
    for (const char* element : {"work", "span", "io"})
      check_declared(a, expression(root.child(element), "formula"), root.child(element), "formula");
    return a;
  }

 private:
  Expr expression(pugi::xml_node n, const char* attr) {
    std::string text = src_.required(n, attr);
    try {
      return parse_expression(text);
    } catch (const InputError& e) {
      src_.fail(n, attr, e.what());
    }
  }

  AlgorithmParameter parameter(pugi::xml_node n) {
    src_.allow_attributes(n, {"name", "meaning", "default"});
    AlgorithmParameter p{src_.required(n, "name"), n.attribute("meaning").as_string(), "", nullptr};
    if (n.attribute("default")) {
      p.default_text = n.attribute("default").as_string();
      p.default_expr = expression(n, "default");
    }
    return p;
  }

  ComplexityFormula formula(pugi::xml_node root, const char* element) {
    pugi::xml_node n = root.child(element);
    if (!n) src_.fail(root, element, std::string("the algorithm needs <") + element + " formula=\"...\"/>");
    if (n.next_sibling(element)) src_.fail(n.next_sibling(element), element, "given twice");
    src_.allow_attributes(n, {"formula", "source"});
    ComplexityFormula f{expression(n, "formula"), src_.required(n, "formula"), src_.required(n, "source"),
                        src_.at(n)};
    return f;
  }

  // Every name a formula uses is a declared parameter or one the platform lends.
  void check_declared(const AlgorithmComplexity& a, const Expr& e, pugi::xml_node n, const char* attr) {
    std::vector<std::string> names;
    collect_params(e, names);
    for (const auto& name : names) {
      bool declared = name == "B" || name == "Z" || name == "N";
      for (const auto& p : a.parameters) declared = declared || p.name == name;
      if (!declared)
        src_.fail(n, attr, "'" + std::string(n.attribute(attr).as_string()) + "' uses '" + name +
                               "', which is neither a <parameter> nor one of B, Z, N");
    }
  }

  const XmlSource& src_;
};

class InputSetReader {
 public:
  explicit InputSetReader(const XmlSource& src) : src_(src) {}

  std::vector<InputSet> read() {
    pugi::xml_node root = src_.root();
    if (std::string(root.name()) != "inputs") src_.fail(root, root.name(), "expected <inputs> as the document element");
    src_.allow_attributes(root, {"family", "source"});
    src_.allow_children(root, {"description", "set"});
    std::string family = src_.required(root, "family");
    std::string common_source = root.attribute("source").as_string();
    std::vector<InputSet> out;
    for (pugi::xml_node s : root.children("set")) {
      src_.allow_attributes(s, {"name", "source"});
      src_.allow_children(s, {"value"});
      InputSet set{src_.required(s, "name"), family, {}, src_.at(s)};
      std::string set_source = s.attribute("source").as_string(common_source.c_str());
      for (pugi::xml_node v : s.children("value")) {
        src_.allow_attributes(v, {"name", "value", "source"});
        std::string name = src_.required(v, "name");
        if (set.values.count(name)) src_.fail(v, name, "given twice");
        double value = src_.number(v, "value");
        if (value < 0) src_.fail(v, "value", name + " cannot be negative");
        set.values[name] = {value, v.attribute("source").as_string(set_source.c_str())};
      }
      out.push_back(std::move(set));
    }
    return out;
  }

 private:
  const XmlSource& src_;
};

}  // namespace

AlgorithmComplexity read_algorithm_file(const std::string& path) { return read_xml_file<AlgorithmReader>(path); }

AlgorithmComplexity read_algorithm_string(const std::string& xml, const std::string& name) {
  return read_xml_string<AlgorithmReader>(xml, name);
}

std::vector<InputSet> read_input_sets_file(const std::string& path) { return read_xml_file<InputSetReader>(path); }

}  // namespace pacer
