// The vocabulary of C constructs that HLLC RUVs count and HLLC cost vectors
// price (Papaefstathiou et al. 1994 section 3.3.3, Eq. 2 and 3). One table: adding a construct
// is one line in constructs.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace pacer {

enum class ConstructGroup { Integer, Float, Double, Conversion, Logic, Control, Memory, MathLibrary };

struct Construct {
  std::string_view name;
  ConstructGroup group;
  // McMahon's flop weight (Papaefstathiou et al. 1994 Table 1) for POC; 0 for non-flops.
  double mcmahon_flops;
  std::string_view description;
};

const std::vector<Construct>& constructs();
const Construct* find_construct(std::string_view name);
std::string_view group_name(ConstructGroup group);

}  // namespace pacer
