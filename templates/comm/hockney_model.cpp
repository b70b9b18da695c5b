// Hockney's model: a start-up latency plus the message over the asymptotic
// bandwidth, t = latency + l / bandwidth, whatever the distance.
#include "templates/comm/comm_model.hpp"

namespace pacer {

namespace {

class HockneyModel : public CommModel {
 public:
  explicit HockneyModel(std::map<std::string, double> p) : p_(std::move(p)) {}
  std::string name() const override { return "hockney"; }
  const std::map<std::string, double>& parameters() const override { return p_; }
  double seconds(double l, double) const override { return p_.at("latency") + l / p_.at("bandwidth"); }

 private:
  std::map<std::string, double> p_;
};

}  // namespace

std::unique_ptr<CommModel> make_hockney_model(std::map<std::string, double> params) {
  if (!(params.at("bandwidth") > 0)) throw InputError("the Hockney model needs a bandwidth above 0");
  return std::make_unique<HockneyModel>(std::move(params));
}

}  // namespace pacer
