// The addresses of C memory references as affine functions of the enclosing
// for loops' counters (framework/memory_access.hpp): a[i][j], p[i * n + j],
// *(p + i), s.f, p->f and global scalars, with coefficients that stay fixed
// while the loops run (constants, and variables the trip counts already
// made parameters). Anything else (a pointer the loop moves, an index read
// from memory, a call) is counted as opaque: present, but not placed.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/DenseMap.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "framework/memory_access.hpp"
#include "frontends/clang/trip_count.hpp"

namespace pacer::cfront {

class AccessReader {
 public:
  AccessReader(clang::ASTContext& ctx, const clang::FunctionDecl& function, const TripCounter& trips)
      : ctx_(ctx), function_(function), trips_(trips) {}

  // Adds the reference an lvalue makes (a load, or a store when `store`)
  // inside `loops` (outermost first) to `out`.
  void read(const clang::Expr& lvalue, bool store, const std::vector<const clang::Stmt*>& loops,
            MemoryReferences& out);
  // The same for `bytes` from where `pointer` points (memcpy's source or
  // destination).
  void read_range(const clang::Expr& pointer, double bytes, bool store, const std::vector<const clang::Stmt*>& loops,
                  MemoryReferences& out);

 private:
  // sum of coefficient x counter, plus a constant; bytes or elements.
  struct Affine {
    Expr constant;
    std::map<std::string, Expr> coefficients;
    void scale(const Expr& by);
    void plus(const Affine& other, bool subtract = false);
  };
  struct Place {
    std::string object;
    Expr object_bytes;
    Affine bytes;
  };
  struct Scope;

  // The reference at an lvalue, or where a pointer points (`is_pointer`).
  void reference(const clang::Expr* e, bool is_pointer, double width, bool store,
                 const std::vector<const clang::Stmt*>& loops, MemoryReferences& out);
  bool address(const clang::Expr* lvalue, const Scope& scope, Place& out);
  bool pointer(const clang::Expr* e, const Scope& scope, Place& out);
  bool index(const clang::Expr* e, const Scope& scope, int depth, Affine& out);
  bool invariant(const clang::VarDecl& var, const Scope& scope, int depth, Affine& out);
  Expr size_of(clang::QualType type) const;

  clang::ASTContext& ctx_;
  const clang::FunctionDecl& function_;
  const TripCounter& trips_;
};

}  // namespace pacer::cfront
