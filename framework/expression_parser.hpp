// Parses the formula syntax used in model files and on the command line:
// numbers, parameter names, t(v_name), T(function), + - * / (or ·), unary
// minus, parentheses and the functions of is_known_function().
#pragma once
#include <string>

#include "framework/expression.hpp"

namespace pacer {

// Throws InputError naming the column of the first problem.
Expr parse_expression(const std::string& text);

}  // namespace pacer
