// A resource model prices one execution of a SEG compute node on a machine:
// t(v) of Papaefstathiou et al. 1994 Eq. 1. Each model reads the RUV kind it understands and
// the hardware section it needs; see docs/extending.md to add one.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/application_model.hpp"
#include "framework/hardware.hpp"
#include "framework/seg.hpp"

namespace pacer {

struct NodeCost {
  double seconds = 0;
  // Constructs the node uses that the machine gives no cost for, with their
  // counts. They were priced at zero, so the time is a lower bound.
  std::map<std::string, double> unpriced;
  // What the time is made of, for a model that composes several terms
  // (seconds per execution: "core", "mispredictions", "from mem",
  // "scattered lines", ...), and the term that set it ("core" or the
  // slowest transfer). Empty for a model of one term.
  std::map<std::string, double> terms;
  std::string bound;

  // A time of one term, nothing unpriced.
  static NodeCost of(double seconds) {
    NodeCost c;
    c.seconds = seconds;
    return c;
  }
  void add_term(const std::string& name, double s) {
    if (s > 0) terms[name] += s;
  }
  double term(const std::string& name) const {
    const auto it = terms.find(name);
    return it == terms.end() ? 0 : it->second;
  }
};

class ResourceModel {
 public:
  virtual ~ResourceModel() = default;
  virtual std::string name() const = 0;   // as on the command line: "hllc"
  virtual std::string title() const = 0;  // as in the paper
  // The RUV kinds it can price from, any one sufficing (ruv_kind::...).
  virtual std::vector<std::string> reads() const = 0;
  // The hardware description's sections it takes figures from.
  virtual std::vector<std::string> sections() const = 0;
  // Throws InputError when the node lacks the RUV or the machine the figure
  // this model needs.
  virtual NodeCost price(const SegNode& node, const Hardware& hw) const = 0;

  // A model whose RUVs come from the machine's compiled code (ICC) compiles
  // a model analysed from C for each machine: the model with those RUVs for
  // `hw` (trip counts evaluated at `bound`), and notes on what could not be
  // matched. Null when there is nothing to add (a model file, or RUVs
  // already attached). Throws MissingFigure when the machine does not say
  // how its code is compiled.
  struct Prepared {
    std::shared_ptr<const ApplicationModel> model;
    std::vector<std::string> notes;
  };
  virtual Prepared prepare(const ApplicationModel&, const Hardware&, const ParamValues&) const { return {}; }
  // Whether prepare() gives every compute node of the model an RUV it reads.
  virtual bool prepares(const ApplicationModel&) const { return false; }
};

// All registered models, in the order the paper ranks them by detail.
const std::vector<std::unique_ptr<ResourceModel>>& resource_models();
const ResourceModel& find_resource_model(const std::string& name);  // throws InputError
std::vector<std::string> resource_model_names();

// Whether every compute node of the model has an RUV the resource model
// reads, or will have once prepared for a machine.
bool can_price(const ResourceModel& rm, const ApplicationModel& model);

// The RUV of a kind, or an InputError naming the node and the model.
const Ruv& require_ruv(const SegNode& node, const std::string& kind, const std::string& model);

}  // namespace pacer
