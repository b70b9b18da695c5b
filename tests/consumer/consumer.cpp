// Loads a shipped machine by name and predicts the findmax model on it with
// every resource model that can price it, through the installed library only.
#include <iostream>

#include "frontends/xml/catalogue.hpp"
#include "frontends/xml/model_io.hpp"
#include "resource_models/prediction.hpp"

int main() {
  const pacer::Hardware t800 = pacer::load_hardware("parsytec-t800");
  const pacer::ApplicationModel model =
      pacer::read_model_file(pacer::data_dir() + "/examples/models/findmax.xml");
  const pacer::Predictor predictor(model);
  const pacer::ParamValues point{{"N_element", 1000}, {"P_max", 0.05}};
  int priced = 0;
  for (const auto& rm : pacer::resource_models()) {
    if (!pacer::can_price(*rm, model)) continue;
    const pacer::Prediction p = predictor.predict(t800, *rm, point);
    std::cout << rm->name() << ' ' << p.total_seconds << '\n';
    priced += p.total_seconds > 0;
  }
  return priced >= 3 ? 0 : 1;  // dbc, poc and hllc price findmax on the T800
}
