// Factories of the shipped strategies, one file each; strategy.cpp lists
// them. `chunk` is 0 when the user gave none.
#pragma once
#include <memory>

#include "templates/scheduling/strategy.hpp"

namespace pacer::sched {

std::unique_ptr<Strategy> make_static(size_t chunk);
std::unique_ptr<Strategy> make_dynamic(size_t chunk);
std::unique_ptr<Strategy> make_guided(size_t chunk);
std::unique_ptr<Strategy> make_trapezoid(size_t chunk);
std::unique_ptr<Strategy> make_factoring(size_t chunk);
std::unique_ptr<Strategy> make_smart_round_robin(size_t chunk);
std::unique_ptr<Strategy> make_longest_processing_time(size_t chunk);

}  // namespace pacer::sched
