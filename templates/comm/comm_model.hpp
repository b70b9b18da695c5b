// Communication models: the time of one point-to-point message of `bytes`
// over `distance` hops. The packet model is Eq. 5 of "An analysis of
// processor resource models for use in performance prediction"; Hockney and
// LogGP are the field's standard alternatives. A hardware description's
// <communication model="..."> section chooses one and gives its parameters;
// a new model is one file plus one line in comm_models.cpp.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/hardware.hpp"

namespace pacer {

class CommModel {
 public:
  virtual ~CommModel() = default;
  virtual std::string name() const = 0;
  // Parameters in SI units, by their names in the hardware schema.
  virtual const std::map<std::string, double>& parameters() const = 0;
  virtual double seconds(double bytes, double distance) const = 0;
};

struct CommModelInfo {
  std::string name;
  std::string title;
  std::vector<std::string> parameters;  // required, in the hardware schema's <communication>
  std::unique_ptr<CommModel> (*make)(std::map<std::string, double> params);
};

const std::vector<CommModelInfo>& comm_models();
std::vector<std::string> comm_model_names();
const CommModelInfo& find_comm_model(const std::string& name);  // throws InputError listing the known ones

// The model a description's <communication model="..."> names, with its
// parameters. Throws MissingFigure when there is no such section.
std::unique_ptr<CommModel> comm_model_of(const Hardware& hw);
std::unique_ptr<CommModel> make_comm_model(const std::string& name, const std::map<std::string, double>& params);

}  // namespace pacer
