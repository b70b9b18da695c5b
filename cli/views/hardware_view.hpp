// The views of `pacer hw`: the catalogue of shipped descriptions, one
// description with every figure and its source (and which models read each
// section), the summary of a check, and HLLC costs derived through MCA
// beside measured ones; in text and JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "frontends/xml/catalogue.hpp"
#include "hw/calibrate/derived_hllc.hpp"

namespace pacer::cli {

nlohmann::ordered_json hardware_list_json(const std::vector<CatalogueEntry>& entries);
std::string hardware_list_text(const std::string& dir, const std::vector<CatalogueEntry>& entries);
nlohmann::ordered_json hardware_json(const Hardware& hw);
std::string hardware_text(const Hardware& hw);
nlohmann::ordered_json hardware_check_json(const Hardware& h);
std::string hardware_check_text(const Hardware& h);
// Derived HLLC costs beside the description's own (measured) ones, if any.
nlohmann::ordered_json derived_hllc_json(const Hardware& hw, const calibrate::DerivedHllc& d);
std::string derived_hllc_text(const Hardware& hw, const calibrate::DerivedHllc& d);

}  // namespace pacer::cli
