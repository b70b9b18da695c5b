// Parallel templates (Papaefstathiou et al. 1994 section 4.1): the computation
// and communication pattern of one task on P processors. A template names
// the phases and messages it needs; the application model's <template>
// mapping says what they are for that task (docs/parallel.md); the resource
// model prices the phases and the communication model the messages. A new
// template is one file plus one line in parallel_templates.cpp.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "templates/comm/comm_model.hpp"

namespace pacer {

// What a template may ask at one P: a phase's time, a message's size (both
// evaluated with the template's variables), and the time of a message.
class TemplateContext {
 public:
  virtual ~TemplateContext() = default;
  virtual int procs() const = 0;
  virtual double phase_seconds(const std::string& phase, const std::map<std::string, double>& vars) const = 0;
  virtual double message_bytes(const std::string& message, const std::map<std::string, double>& vars) const = 0;
  virtual double message_seconds(double bytes, double distance) const = 0;
};

struct ParallelTime {
  double compute = 0;
  double comm = 0;
  double total() const { return compute + comm; }
};

class ParallelTemplate {
 public:
  virtual ~ParallelTemplate() = default;
  virtual std::string name() const = 0;
  virtual std::string title() const = 0;
  virtual std::vector<std::string> phases() const = 0;
  virtual std::vector<std::string> messages() const = 0;
  // Extra variables its formulas may use besides P (rowcol: rows, cols, steps).
  virtual std::vector<std::string> variables() const { return {}; }
  // Throws InputError when the template does not fit P (butterfly: not a power of two).
  virtual void check_procs(int p) const;
  virtual ParallelTime time(const TemplateContext& c) const = 0;
};

const std::vector<std::unique_ptr<ParallelTemplate>>& parallel_templates();
const ParallelTemplate* find_parallel_template(const std::string& name);  // null when unknown

// Hops between two processors of a 2-D mesh of P processors numbered row by
// row, the mesh 2^ceil(log2(P)/2) wide (the Parsytec's grid), when their
// numbers differ in bit `bit` alone.
double mesh_distance(int p, int bit);
int ceil_log2(int p);

}  // namespace pacer
