// LogGP (Alexandrov et al. 1995): one message of l bytes takes the sender's
// overhead o, the wire latency L, (l - 1) G for its remaining bytes and the
// receiver's overhead o: t = L + 2 o + (l - 1) G. The gap g between messages
// matters only for trains of messages, which pacer's templates send one at a
// time per link.
#include <algorithm>

#include "templates/comm/comm_model.hpp"

namespace pacer {

namespace {

class LogGpModel : public CommModel {
 public:
  explicit LogGpModel(std::map<std::string, double> p) : p_(std::move(p)) {}
  std::string name() const override { return "loggp"; }
  const std::map<std::string, double>& parameters() const override { return p_; }
  double seconds(double l, double) const override {
    return p_.at("L") + 2 * p_.at("o") + std::max(0.0, l - 1) * p_.at("G");
  }

 private:
  std::map<std::string, double> p_;
};

}  // namespace

std::unique_ptr<CommModel> make_loggp_model(std::map<std::string, double> params) {
  return std::make_unique<LogGpModel>(std::move(params));
}

}  // namespace pacer
