// Eq. 5 of Papaefstathiou et al. 1994 (after Bomans, extended for packet
// switching by Tron): a message of l bytes over d hops is one packet of up to
// p bytes with an h-byte header, and each further packet costs a packet
// preparation, a start-up and p bytes on the wire:
//   l <= p: alpha + d (beta + tau (l + h))
//   l >  p: alpha + d (beta + tau p) + (l / p - 1)(alpha2 + beta + tau p)
#include "templates/comm/comm_model.hpp"

namespace pacer {

namespace {

class PacketModel : public CommModel {
 public:
  explicit PacketModel(std::map<std::string, double> p) : p_(std::move(p)) {}
  std::string name() const override { return "packet"; }
  const std::map<std::string, double>& parameters() const override { return p_; }
  double seconds(double l, double d) const override {
    const double alpha = p_.at("alpha"), beta = p_.at("beta"), tau = p_.at("tau"), h = p_.at("h"),
                 p = p_.at("p"), alpha2 = p_.at("alpha2");
    if (l <= p) return alpha + d * (beta + tau * (l + h));
    return alpha + d * (beta + tau * p) + (l / p - 1) * (alpha2 + beta + tau * p);
  }

 private:
  std::map<std::string, double> p_;
};

}  // namespace

std::unique_ptr<CommModel> make_packet_model(std::map<std::string, double> params) {
  if (!(params.at("p") > 0)) throw InputError("the packet model needs a packet size p above 0");
  return std::make_unique<PacketModel>(std::move(params));
}

}  // namespace pacer
