// Applications of several tasks (templates/composition.hpp) as files.
#pragma once
#include <string>
#include <vector>

#include "templates/composition.hpp"

namespace pacer {

// Whether the file's <task> elements refer to models (model= or source=)
// rather than holding SEGs.
bool is_composition(const std::string& path);
Composition read_composition_file(const std::string& path);

}  // namespace pacer
