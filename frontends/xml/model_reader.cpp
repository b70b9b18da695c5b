#include <map>

#include "framework/constructs.hpp"
#include "framework/expression_parser.hpp"
#include "frontends/xml/model_io.hpp"
#include "frontends/xml/xml_source.hpp"

namespace pacer {

namespace {

const std::vector<std::string> kNodeElements = {"compute", "loop", "branch", "call"};

class ModelReader {
 public:
  explicit ModelReader(const XmlSource& src) : src_(src) {}

  ApplicationModel read() {
    pugi::xml_node root = src_.root();
    if (std::string(root.name()) != "application")
      src_.fail(root, root.name(), "expected <application> as the document element");
    src_.allow_attributes(root, {"name"});
    src_.allow_children(root, {"description", "parameter", "task", "function", "template"});
    ApplicationModel m;
    m.file = src_.path();
    m.name = src_.required(root, "name");
    m.description = root.child_value("description");
    for (pugi::xml_node p : root.children("parameter")) m.parameters.push_back(parameter(p));
    for (pugi::xml_node t : root.children("task")) m.tasks.push_back(task(t));
    for (pugi::xml_node f : root.children("function")) m.functions.push_back(task(f));
    for (pugi::xml_node t : root.children("template")) m.templates.push_back(mapping(t, m));
    for (const auto& p : m.parameters)
      if (std::count_if(m.parameters.begin(), m.parameters.end(),
                        [&](const Parameter& q) { return q.name == p.name; }) > 1)
        throw InputError(p.where, "name", "parameter '" + p.name + "' is declared twice");
    validate(m);
    return m;
  }

 private:
  Parameter parameter(pugi::xml_node n) {
    src_.allow_attributes(n, {"name", "kind", "default", "description"});
    Parameter p;
    p.where = src_.at(n);
    p.name = src_.required(n, "name");
    std::string kind = n.attribute("kind").as_string("real");
    if (kind == "count") p.kind = ParamKind::Count;
    else if (kind == "probability") p.kind = ParamKind::Probability;
    else if (kind == "real") p.kind = ParamKind::Real;
    else src_.fail(n, "kind", "'" + kind + "' is not a parameter kind (count, probability, real)");
    p.description = n.attribute("description").as_string();
    if (n.attribute("default")) {
      p.default_value = src_.number(n, "default");
      try {
        check_parameter_value(p, *p.default_value);
      } catch (const InputError& e) {
        src_.fail(n, "default", e.what());
      }
    }
    return p;
  }

  TemplateMapping mapping(pugi::xml_node n, const ApplicationModel& m) {
    src_.allow_attributes(n, {"name"});
    src_.allow_children(n, {"phase", "message"});
    TemplateMapping t{src_.required(n, "name"), {}, {}, src_.at(n)};
    if (m.find_template(t.name)) src_.fail(n, "name", "a mapping for template '" + t.name + "' is given twice");
    for (pugi::xml_node p : n.children("phase")) {
      src_.allow_attributes(p, {"name", "task", "repeat"});
      src_.allow_children(p, {"bind"});
      TemplatePhase ph{src_.required(p, "name"), src_.required(p, "task"),
                       p.attribute("repeat") ? expression(p, "repeat") : constant(1), {}, src_.at(p)};
      for (pugi::xml_node b : p.children("bind")) {
        src_.allow_attributes(b, {"param", "formula"});
        const std::string param = src_.required(b, "param");
        if (!m.find_parameter(param)) src_.fail(b, "param", "'" + param + "' is not a parameter of the model");
        ph.bind[param] = expression(b, "formula");
      }
      t.phases.push_back(std::move(ph));
    }
    for (pugi::xml_node msg : n.children("message")) {
      src_.allow_attributes(msg, {"name", "bytes"});
      t.messages.push_back({src_.required(msg, "name"), expression(msg, "bytes"), src_.at(msg)});
    }
    return t;
  }

  Task task(pugi::xml_node n) {
    src_.allow_attributes(n, {"name", "description"});
    Task t;
    t.where = src_.at(n);
    t.name = src_.required(n, "name");
    t.description = n.attribute("description").as_string();
    nodes_.clear();
    seg(n, t.seg);
    return t;
  }

  void seg(pugi::xml_node parent, Seg& out) {
    for (pugi::xml_node c : parent.children()) {
      if (c.type() != pugi::node_element) continue;
      std::string name = c.name();
      if (name == "compute") out.append(compute(c));
      else if (name == "loop") out.append(loop(c));
      else if (name == "branch") out.append(branch(c));
      else if (name == "call") out.append(call(c));
      else if (name != "description") {
        src_.fail(c, name, "unknown element inside <" + std::string(parent.name()) +
                               "> (known: <compute>, <loop>, <branch>, <call>)");
      }
    }
  }

  SegNode common(pugi::xml_node n, NodeKind kind) {
    SegNode node;
    node.kind = kind;
    node.where = src_.at(n);
    node.id = src_.required(n, "id");
    node.label = n.attribute("label").as_string();
    if (pugi::xml_attribute a = n.attribute("source")) node.source = source_range(n, a.as_string());
    return node;
  }

  // "file.c:12" or "file.c:12-20", as the writer puts it.
  SourceRange source_range(pugi::xml_node n, const std::string& text) {
    SourceRange r;
    size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) src_.fail(n, "source", "expected FILE:LINE or FILE:LINE-LINE");
    r.file = text.substr(0, colon);
    std::string lines = text.substr(colon + 1);
    size_t dash = lines.find('-');
    try {
      r.line = std::stoi(lines.substr(0, dash));
      r.end_line = dash == std::string::npos ? r.line : std::stoi(lines.substr(dash + 1));
    } catch (const std::exception&) {
      src_.fail(n, "source", "expected FILE:LINE or FILE:LINE-LINE, got '" + text + "'");
    }
    return r;
  }

  Expr expression(pugi::xml_node n, const char* attr) {
    std::string text = src_.required(n, attr);
    try {
      return parse_expression(text);
    } catch (const InputError& e) {
      src_.fail(n, attr, e.what());
    }
  }

  SegNode compute(pugi::xml_node n) {
    src_.allow_attributes(n, {"id", "label", "source", "like"});
    src_.allow_children(n, {"constructs", "flops", "time", "instructions"});
    SegNode node = common(n, NodeKind::Compute);
    node.vector = node.id;
    if (n.attribute("like")) {
      std::string like = n.attribute("like").value();
      auto it = nodes_.find(like);
      if (it == nodes_.end())
        src_.fail(n, "like", "no earlier compute node '" + like + "' in this task or function");
      if (n.first_child()) src_.fail(n, "like", "a node with like= takes its RUVs from '" + like + "' and has none of its own");
      node.vector = it->second.vector;
      node.ruvs = it->second.ruvs;
    }
    if (pugi::xml_node c = n.child("constructs")) node.ruvs[ruv_kind::constructs] = constructs(c);
    if (pugi::xml_node f = n.child("flops")) {
      src_.allow_attributes(f, {"value"});
      node.ruvs[ruv_kind::flops].set("flops", non_negative(f, "value"));
    }
    if (pugi::xml_node t = n.child("time")) {
      src_.allow_attributes(t, {"seconds", "cycles"});
      if (!t.attribute("seconds") && !t.attribute("cycles"))
        src_.fail(t, "seconds", "<time> needs seconds or cycles");
      Ruv& r = node.ruvs[ruv_kind::time];
      if (t.attribute("seconds")) r.set("seconds", non_negative(t, "seconds"));
      if (t.attribute("cycles")) r.set("cycles", non_negative(t, "cycles"));
    }
    if (pugi::xml_node i = n.child("instructions")) {  // Eq. 7's RUV
      const std::vector<std::string> fields = {"n_ex", "n_in_mem", "n_ex_mem", "n_inst", "n_fpu_ovr"};
      src_.allow_attributes(i, fields);
      Ruv& r = node.ruvs[ruv_kind::instructions];
      for (const auto& f : fields)
        if (i.attribute(f.c_str())) r.set(f, non_negative(i, f.c_str()));
    }
    nodes_[node.id] = node;
    return node;
  }

  double non_negative(pugi::xml_node n, const char* attr) {
    double v = src_.number(n, attr);
    if (v < 0) src_.fail(n, attr, "a resource count cannot be negative");
    return v;
  }

  Ruv constructs(pugi::xml_node n) {
    Ruv r;
    for (pugi::xml_attribute a : n.attributes()) {
      if (!find_construct(a.name()))
        src_.fail(n, a.name(), "unknown construct (see `pacer constructs` or docs/model-format.md)");
      r.set(a.name(), non_negative(n, a.name()));
    }
    return r;
  }

  SegNode loop(pugi::xml_node n) {
    src_.allow_attributes(n, {"id", "label", "source", "trips", "trips_at", "induction", "induction_start",
                              "induction_step"});
    SegNode node = common(n, NodeKind::Loop);
    node.trips = expression(n, "trips");
    if (n.attribute("trips_at")) node.trips_at = expression(n, "trips_at");
    if (n.attribute("induction")) {
      node.induction = n.attribute("induction").value();
      node.induction_start = expression(n, "induction_start");
      node.induction_step = src_.number(n, "induction_step");
      if (node.induction_step == 0) src_.fail(n, "induction_step", "a loop counter's step cannot be 0");
    }
    if (node.trips->kind == ExprKind::Const && node.trips->value < 0)
      src_.fail(n, "trips", "a trip count cannot be negative");
    node.body = std::make_shared<Seg>();
    seg(n, *node.body);
    if (node.body->empty()) src_.fail(n, "loop", "loop '" + node.id + "' has an empty body");
    return node;
  }

  SegNode branch(pugi::xml_node n) {
    src_.allow_attributes(n, {"id", "label", "source"});
    src_.allow_children(n, {"arm", "else"});
    SegNode node = common(n, NodeKind::Branch);
    for (pugi::xml_node a : n.children()) {
      if (a.type() != pugi::node_element) continue;
      Arm arm;
      if (std::string(a.name()) == "arm") {
        src_.allow_attributes(a, {"probability"});
        arm.probability = expression(a, "probability");
        if (arm.probability->kind == ExprKind::Const &&
            (arm.probability->value < 0 || arm.probability->value > 1))
          src_.fail(a, "probability", "a probability must lie in [0, 1]");
      } else {
        src_.allow_attributes(a, {});
      }
      arm.body = std::make_shared<Seg>();
      seg(a, *arm.body);
      node.arms.push_back(arm);
    }
    int elses = 0;
    for (const auto& arm : node.arms) elses += arm.probability ? 0 : 1;
    if (elses > 1) src_.fail(n, "else", "a branch has at most one <else>");
    if (node.arms.empty()) src_.fail(n, "arm", "branch '" + node.id + "' has no <arm>");
    return node;
  }

  SegNode call(pugi::xml_node n) {
    src_.allow_attributes(n, {"id", "label", "source", "callee"});
    SegNode node = common(n, NodeKind::Call);
    node.callee = src_.required(n, "callee");
    return node;
  }

  const XmlSource& src_;
  std::map<std::string, SegNode> nodes_;  // compute nodes of the current SEG, for like=
};

}  // namespace

ApplicationModel read_model_file(const std::string& path) { return read_xml_file<ModelReader>(path); }

ApplicationModel read_model_string(const std::string& xml, const std::string& name) { return read_xml_string<ModelReader>(xml, name); }

}  // namespace pacer
