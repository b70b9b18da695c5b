// Times `pacer analyse FILE.c --json` against `clang -fsyntax-only` on a
// large generated C file, and prints the ratio of their medians. Parsing and
// checking the file is work both commands must do, so syntax-only is the
// floor; the target is that analysis costs at most 1.3x that floor, and
// 1.1x on real files (csmith programs of about a thousand lines, when csmith
// is installed).
//
//   bench_analyse [--pacer PATH] [--clang PATH] [--lines N] [--keep]
//
// The generated file is realistic numeric C (loops, branches, switches,
// arrays, structs, pointers, math calls, calls between functions) so that
// pacer sees the constructs it analyses in real code, in the proportions a
// numeric code has. It has no goto, function pointers, VLAs or recursion:
// every call goes to a function defined earlier, so the call graph is acyclic.
// Standard C++20 and POSIX only; it links no pacer library.
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#ifndef PACER_CLANG
#define PACER_CLANG "clang"
#endif
#ifndef PACER_BINARY
#define PACER_BINARY "pacer"
#endif

namespace {

using Clock = std::chrono::steady_clock;
using Lines = std::vector<std::string>;

// ---------------------------------------------------------------------------
// Random choices
// ---------------------------------------------------------------------------

// std::uniform_int_distribution differs between standard libraries; reducing
// the engine's output ourselves keeps the file identical everywhere.
class Rng {
 public:
  explicit Rng(unsigned seed) : eng_(seed) {}
  int range(int lo, int hi) { return lo + static_cast<int>(eng_() % static_cast<unsigned>(hi - lo + 1)); }
  bool chance(int percent) { return range(1, 100) <= percent; }
  std::string pick(std::initializer_list<const char*> options) {
    return *(options.begin() + range(0, static_cast<int>(options.size()) - 1));
  }
  const char* pick(const std::vector<const char*>& options) {
    return options[static_cast<size_t>(range(0, static_cast<int>(options.size()) - 1))];
  }

 private:
  std::mt19937 eng_;
};

// ---------------------------------------------------------------------------
// Function kinds: what a function takes, returns, reads and writes
// ---------------------------------------------------------------------------

// Four shapes of numeric kernel. Keeping the signatures to a few shapes lets
// any function call any earlier one with arguments of the right types.
enum class Kind { Vec, Mat, Part, Int };

// In the element patterns, "$" stands for a loop index.
struct KindSpec {
  const char* prefix;               // function names are prefix + index
  const char* ret;                  // return type
  const char* params;               // parameter list
  const char* count;                // parameter used as a symbolic loop bound
  const char* scalar;               // scalar parameter
  std::vector<const char*> reads;   // element expressions
  std::vector<const char*> writes;  // element lvalues
  bool is_int;                      // the elements and the scalar are int
  const char* walk;                 // header of a pointer walk over the data
  std::vector<const char*> walk_body;
  const char* ret_expr;             // uses every local, so none is unused
};

const KindSpec& spec(Kind k) {
  static const KindSpec specs[] = {
      {"vec_", "double", "double *a, const double *b, int n, double s", "n", "s",
       {"a[$]", "b[$]", "b[n - 1 - $]", "*(b + $)"}, {"a[$]"}, false,
       "for (const double *q = b; q < b + n; ++q) {",
       {"acc += *q * s;", "t = *q > t ? *q : t;", "tmp[c++ & 15] = *q;"},
       "acc + t * 0.001 + f + c"},
      {"mat_", "double", "double m[][MAT_N], int rows, int cols, double s", "rows", "s",
       {"m[$][0]", "m[0][$]", "m[$][$]"}, {"m[$][0]", "m[$][cols - 1]"}, false,
       "for (const double *q = m[rows - 1]; q != m[rows - 1] + cols; q++) {",
       {"acc += *q * *q;", "t -= q[0] * s;", "c += *q > 0.0;"},
       "acc + t * 0.001 + f + c"},
      {"part_", "float", "struct particle *p, int n, float dt", "n", "dt",
       {"p[$].x", "p[$].vx", "p[$].mass", "(p + $)->y"}, {"p[$].x", "p[$].vy"}, false,
       "for (struct particle *q = p; q < p + n; ++q) {",
       {"q->x += q->vx * dt;", "q->vy -= 9.81 * dt;", "acc += 0.5 * q->mass * (q->vx * q->vx + q->vy * q->vy);",
        "if (q->flags & 1) q->vz = -q->vz;"},
       "(float)(acc + t) + f + c * 0.001f"},
      {"ivec_", "int", "int *v, int n, int k", "n", "k",
       {"v[$]", "v[n - 1 - $]", "*(v + $)", "g_ivec[$ % NVEC]"}, {"v[$]"}, true,
       "for (int *q = v; q < v + n; q += 2) {",
       {"*q = (*q * 3 + k) & 0xffff;", "c += *q >> 2;", "acc += (double)*q * 0.5;"},
       "c + (int)(acc + t * f)"},
  };
  return specs[static_cast<int>(k)];
}

struct Function {
  std::string name;
  Kind kind;
};

// Everything a generator needs: the random source, the function being
// written, and the functions it may call (all defined before it).
struct Ctx {
  Rng& rng;
  Kind kind;
  const std::vector<Function>& earlier;
  const KindSpec& ks() const { return spec(kind); }
};

std::string indent(int level) { return std::string(static_cast<size_t>(level) * 4, ' '); }

std::string subst(std::string pattern, const std::string& idx) {
  for (size_t at; (at = pattern.find('$')) != std::string::npos;) pattern.replace(at, 1, idx);
  return pattern;
}

// ---------------------------------------------------------------------------
// Expressions and one-line statements
// ---------------------------------------------------------------------------

std::string constant(Rng& rng) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d.%02d", rng.range(0, 3), rng.range(1, 99));
  return buf;
}

// An expression and whether it is int-typed: fabs() of an int draws a
// warning from clang, so int arguments to it get a cast.
struct Expr {
  std::string text;
  bool is_int;
};

// A leaf: an element of the function's data (when a loop index is in scope),
// a parameter, a local, or a constant.
Expr leaf(Ctx& c, const std::string& idx) {
  switch (c.rng.range(0, idx.empty() ? 2 : 4)) {
    case 0: return {c.ks().scalar, c.ks().is_int};
    case 1: {
      std::string local = c.rng.pick({"acc", "t", "f", "c", "tmp[c & 15]"});
      return {local, local == "c"};
    }
    case 2: return {constant(c.rng), false};
    case 3: return {"(double)" + idx, false};
    default: return {subst(c.rng.pick(c.ks().reads), idx), c.ks().is_int};
  }
}

std::string as_double(const Expr& e) {
  if (!e.is_int) return e.text;
  return e.text.find(' ') == std::string::npos ? "(double)" + e.text : "(double)(" + e.text + ")";
}

// A double-valued expression mixing arithmetic and math library calls;
// depth bounds its size so lines stay readable.
Expr expr(Ctx& c, const std::string& idx, int depth) {
  if (depth == 0 || c.rng.chance(30)) return leaf(c, idx);
  Expr l = expr(c, idx, depth - 1);
  switch (c.rng.range(0, 5)) {
    case 0: return {"sqrt(fabs(" + as_double(l) + "))", false};
    case 1: return {c.rng.pick({"sin(", "cos(", "fabs("}) + as_double(l) + ")", false};
    case 2: return {"exp(-fabs(" + as_double(l) + "))", false};
    case 3: {
      Expr r = expr(c, idx, depth - 1);
      return {"(" + l.text + " + " + r.text + ")", l.is_int && r.is_int};
    }
    default: {
      std::string op = c.rng.pick({" * ", " - ", " + "});
      Expr r = expr(c, idx, depth - 1);
      return {l.text + op + r.text, l.is_int && r.is_int};
    }
  }
}

std::string value(Ctx& c, const std::string& idx, int depth = 2) { return expr(c, idx, depth).text; }

// Like value(), but never just `avoid`: clang warns on `t = t` and `k > k`.
std::string value_except(Ctx& c, const std::string& idx, int depth, const std::string& avoid) {
  std::string v;
  do v = value(c, idx, depth);
  while (v == avoid);
  return v;
}

std::string condition(Ctx& c, const std::string& idx) {
  switch (c.rng.range(0, idx.empty() ? 3 : 5)) {
    case 0: {
      std::string l = value(c, idx, 1);
      return l + c.rng.pick({" > ", " < "}) + value_except(c, idx, 1, l);
    }
    case 1: return "(c & " + std::to_string(c.rng.range(1, 7)) + ") == 0";
    case 2: return "fabs(t) < 1e-6";
    case 3: return std::string("acc > ") + c.ks().scalar;
    case 4: return idx + " % " + std::to_string(c.rng.range(2, 5)) + " == 0";
    default: return subst(c.rng.pick(c.ks().reads), idx) + " > 0.0 && c < 100";
  }
}

// A write to the function's data, converting for int elements.
std::string store(Ctx& c, const std::string& idx) {
  std::string lhs = subst(c.rng.pick(c.ks().writes), idx);
  if (c.ks().is_int)
    return c.rng.chance(50) ? lhs + " = (" + lhs + " + c) & 0xff;" : lhs + " = (int)(" + value_except(c, idx, 2, lhs) + ");";
  return lhs + c.rng.pick({" = ", " += ", " *= "}) + value_except(c, idx, 2, lhs) + ";";
}

// One statement: accumulation, a compound update of an int/float/double
// local, a conditional expression, or (in a loop) a store.
std::string statement(Ctx& c, const std::string& idx) {
  switch (c.rng.range(0, idx.empty() ? 5 : 7)) {
    case 0: return "acc += " + value(c, idx) + ";";
    case 1: return "t = " + value_except(c, idx, 2, "t") + ";";
    case 2: return "t = (" + condition(c, idx) + ") ? " + value(c, idx, 1) + " : " + value(c, idx, 1) + ";";
    case 3:
      return c.rng.pick({"acc *= 0.99;", "c = (c << 1) & 0xfff;", "c |= 1;", "f -= 0.25f;", "f *= 0.5f;",
                         "acc /= 1.0 + fabs(t);", "c %= 97;"});
    case 4: return c.rng.pick({"f += (float)(", "c += (int)(", "c ^= (int)("}) + value(c, idx) + ");";
    case 5: return "tmp[c & 15] += " + value(c, idx) + ";";
    case 6: return "tmp[" + idx + " & 15] = " + value(c, idx) + ";";
    default: return store(c, idx);
  }
}

// Statements of a loop or branch body; now and then a guarded statement,
// as real loop bodies often test before they update.
void body(Ctx& c, Lines& out, const std::string& idx, int level, int count) {
  for (int s = 0; s < count; ++s) {
    if (c.rng.chance(20)) {
      out.push_back(indent(level) + "if (" + condition(c, idx) + ") {");
      out.push_back(indent(level + 1) + statement(c, idx));
      out.push_back(indent(level) + "}");
    } else {
      out.push_back(indent(level) + statement(c, idx));
    }
  }
}

// ---------------------------------------------------------------------------
// Constructs: one generator per kind, each returning whole lines at level 1
// ---------------------------------------------------------------------------

// Arguments for calling `callee` from the current function: its own data
// when the shapes match, else the file's global buffers or the local tmp.
std::string call_args(Ctx& c, Kind callee) {
  bool own = callee == c.kind;
  switch (callee) {
    case Kind::Vec:
      return own ? c.rng.pick({"(a, b, n / 2, s)", "(a + 1, b + 1, n - 1, acc)", "(tmp, b, 16, t)"})
                 : c.rng.pick({"(g_vec, g_vec2, NVEC, t)", "(tmp, g_vec, 16, acc)"});
    case Kind::Mat:
      return own ? c.rng.pick({"(m, rows, cols, s)", "(m + 1, rows - 1, cols, t)"})
                 : c.rng.pick({"(g_mat, MAT_N, MAT_N, acc)", "(g_mat, MAT_N / 2, MAT_N, t)"});
    case Kind::Part:
      return own ? c.rng.pick({"(p, n, dt)", "(p + n / 2, n - n / 2, dt * 0.5f)"})
                 : c.rng.pick({"(g_parts, NPART, (float)t)", "(g_parts + 1, NPART - 1, f)"});
    default:
      return own ? c.rng.pick({"(v, n, k + 1)", "(v + 1, n - 1, c)"})
                 : c.rng.pick({"(g_ivec, NVEC, c)", "(g_ivec, NVEC / 2, (int)acc)"});
  }
}

// A call to an earlier function, mostly a recent one, as helpers tend to be
// defined just above their users. Never a later one: no recursion.
Lines gen_call(Ctx& c) {
  if (c.earlier.empty()) return {indent(1) + statement(c, "")};
  int n = static_cast<int>(c.earlier.size());
  const Function& f = c.earlier[static_cast<size_t>(n - 1 - c.rng.range(0, std::min(n, 64) - 1))];
  std::string call = f.name + call_args(c, f.kind);
  return {indent(1) + c.rng.pick({"acc += ", "t = 0.5 * ", "c += (int)", "f += (float)"}) + call + ";"};
}

Lines gen_for_const(Ctx& c) {
  Lines out{indent(1) + c.rng.pick({"for (i = 0; i < 16; ++i) {", "for (i = 0; i < 8; i++) {",
                                    "for (i = 0; i < 64; i += 4) {", "for (i = 15; i >= 0; --i) {"})};
  body(c, out, "i", 2, c.rng.range(1, 2));
  out.push_back(indent(1) + "}");
  return out;
}

// Loop bounds taken from parameters: the trip counts pacer must keep symbolic.
Lines gen_for_symbolic(Ctx& c) {
  std::string header = c.rng.pick({"for (i = 0; i < $; ++i) {", "for (i = 1; i < $ - 1; i++) {",
                                   "for (i = $ - 1; i >= 0; i--) {", "for (i = 0; i < $; i += 2) {"});
  Lines out{indent(1) + subst(header, c.ks().count)};
  body(c, out, "i", 2, c.rng.range(1, 3));
  out.push_back(indent(1) + "}");
  return out;
}

// Nested loops over a matrix: the function's own (symbolic bounds) or the
// global one (constant bounds), sometimes triangular.
Lines gen_nested_loops(Ctx& c) {
  bool own = c.kind == Kind::Mat;
  std::string mat = own ? "m" : "g_mat";
  std::string inner = c.rng.chance(30) ? "j <= i" : (own ? "j < cols" : "j < MAT_N");
  Lines out{indent(1) + "for (i = 0; i < " + (own ? "rows" : "MAT_N") + "; ++i) {",
            indent(2) + "for (j = 0; " + inner + "; ++j) {"};
  std::string mij = mat + "[i][j]";
  std::string update;
  switch (c.rng.range(0, 3)) {
    case 0: update = "acc += " + mij + " * " + value(c, "i", 1) + ";"; break;
    case 1: update = mij + " = " + mij + " * 0.5 + " + value(c, "j", 1) + ";"; break;
    case 2: update = "t = fabs(" + mij + ") > t ? fabs(" + mij + ") : t;"; break;
    default: update = "tmp[j & 15] += " + mij + ";"; break;
  }
  out.push_back(indent(3) + update);
  if (c.rng.chance(40)) out.push_back(indent(3) + "c += " + mij + " > " + c.ks().scalar + ";");
  out.push_back(indent(2) + "}");
  if (c.rng.chance(40)) out.push_back(indent(2) + statement(c, "i"));
  out.push_back(indent(1) + "}");
  return out;
}

// A while loop with a data-dependent exit besides its bound.
Lines gen_while(Ctx& c) {
  std::string limit = c.rng.chance(30) ? c.ks().scalar : c.rng.pick({"1.0e6", "100.0"});
  Lines out{indent(1) + "i = 0;", indent(1) + "while (i < " + c.ks().count + " && acc < " + limit + ") {"};
  body(c, out, "i", 2, c.rng.range(1, 2));
  out.push_back(indent(2) + c.rng.pick({"i++;", "i += 2;", "i += 1 + (c & 1);"}));
  out.push_back(indent(1) + "}");
  return out;
}

Lines gen_do_while(Ctx& c) {
  Lines out{indent(1) + "j = 0;", indent(1) + "do {"};
  body(c, out, "j", 2, c.rng.range(1, 2));
  out.push_back(indent(2) + "j++;");
  out.push_back(indent(1) + "} while (j < " + c.rng.pick({"4", "8", "3"}) + ");");
  return out;
}

Lines gen_if_chain(Ctx& c) {
  Lines out{indent(1) + "if (" + condition(c, "") + ") {"};
  body(c, out, "", 2, 1);
  for (int b = c.rng.range(0, 1); b > 0; --b) {
    out.push_back(indent(1) + "} else if (" + condition(c, "") + ") {");
    body(c, out, "", 2, 1);
  }
  if (c.rng.chance(70)) {
    out.push_back(indent(1) + "} else {");
    body(c, out, "", 2, 1);
  }
  out.push_back(indent(1) + "}");
  return out;
}

Lines gen_switch(Ctx& c) {
  std::string sel = c.rng.pick({"c & 3", "(int)(t * 4.0) & 3", "(int)acc % 4"});
  Lines out{indent(1) + "switch (" + sel + ") {"};
  int cases = c.rng.range(2, 3);
  for (int k = 0; k < cases; ++k) {
    out.push_back(indent(1) + "case " + std::to_string(k) + ":");
    body(c, out, "", 2, 1);
    out.push_back(indent(2) + "break;");
  }
  out.push_back(indent(1) + "default:");
  out.push_back(indent(2) + statement(c, ""));
  out.push_back(indent(2) + "break;");
  out.push_back(indent(1) + "}");
  return out;
}

Lines gen_pointer_walk(Ctx& c) {
  Lines out{indent(1) + c.ks().walk};
  // One or two different updates per element.
  const std::vector<const char*>& updates = c.ks().walk_body;
  int first = c.rng.range(0, static_cast<int>(updates.size()) - 1);
  out.push_back(indent(2) + updates[static_cast<size_t>(first)]);
  if (c.rng.chance(50)) {
    int second = (first + c.rng.range(1, static_cast<int>(updates.size()) - 1)) % static_cast<int>(updates.size());
    out.push_back(indent(2) + updates[static_cast<size_t>(second)]);
  }
  out.push_back(indent(1) + "}");
  return out;
}

// A statement heavy in math library calls, as in physics kernels.
Lines gen_math(Ctx& c) {
  std::string arg = as_double(expr(c, "", 1));
  std::string line;
  switch (c.rng.range(0, 3)) {
    case 0: line = "acc += sqrt(fabs(acc)) + sin(t) * exp(-fabs(" + arg + "));"; break;
    case 1: line = "t = fabs(t - " + arg + ");"; break;
    case 2: line = "f = (float)sqrt(fabs(" + arg + "));"; break;
    default: line = "acc -= cos(t) * sin(" + arg + ");"; break;
  }
  return {indent(1) + line};
}

Lines gen_statement(Ctx& c) { return {indent(1) + statement(c, "")}; }

// Picks a construct. Single statements are one choice among many so the
// bodies are mostly control flow, as in the kernels pacer targets.
Lines gen_construct(Ctx& c) {
  switch (c.rng.range(0, 10)) {
    case 0: return gen_for_const(c);
    case 1:
    case 2: return gen_for_symbolic(c);
    case 3: return gen_nested_loops(c);
    case 4: return gen_while(c);
    case 5: return gen_do_while(c);
    case 6: return gen_if_chain(c);
    case 7: return gen_switch(c);
    case 8: return gen_pointer_walk(c);
    case 9: return gen_math(c);
    default: return gen_statement(c);
  }
}

// ---------------------------------------------------------------------------
// Functions and the file
// ---------------------------------------------------------------------------

bool is_ident_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

// Whether any line names the identifier `name`.
bool mentions(const std::vector<Lines>& blocks, const std::string& name) {
  for (const Lines& block : blocks) {
    for (const std::string& line : block) {
      for (size_t at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) {
        bool starts = at == 0 || !is_ident_char(line[at - 1]);
        bool ends = at + name.size() == line.size() || !is_ident_char(line[at + name.size()]);
        if (starts && ends) return true;
      }
    }
  }
  return false;
}

// Lines of a function that are not its body: signature, braces, locals,
// memset, return.
constexpr int kFixedLines = 8;

Lines gen_function(Rng& rng, const Function& fn, const std::vector<Function>& earlier) {
  Ctx c{rng, fn.kind, earlier};
  int budget = rng.range(20, 30) - kFixedLines;
  std::vector<Lines> blocks;
  // Most functions call an earlier one; reserve its line, insert it anywhere.
  bool calls = !earlier.empty() && rng.chance(85);
  budget -= calls;
  while (budget > 0) {
    Lines block = gen_construct(c);
    for (int tries = 0; static_cast<int>(block.size()) > budget; ++tries)
      block = tries < 8 ? gen_construct(c) : gen_statement(c);
    budget -= static_cast<int>(block.size());
    blocks.push_back(std::move(block));
  }
  if (calls) blocks.insert(blocks.begin() + rng.range(0, static_cast<int>(blocks.size())), gen_call(c));

  // Loop indices are declared only when used, as a person would.
  std::string ints = std::string(mentions(blocks, "i") ? "i, " : "") + (mentions(blocks, "j") ? "j, " : "");
  const KindSpec& ks = c.ks();
  Lines out{std::string(ks.ret) + " " + fn.name + "(" + ks.params + ")",
            "{",
            indent(1) + "int " + ints + "c = 0;",
            indent(1) + "double acc = 0.0, t = 1.0, tmp[16];",
            indent(1) + "float f = 0.5f;",
            indent(1) + "memset(tmp, 0, sizeof tmp);"};
  for (const Lines& b : blocks) out.insert(out.end(), b.begin(), b.end());
  out.push_back(indent(1) + "return " + ks.ret_expr + ";");
  out.push_back("}");
  return out;
}

// Shared declarations: the struct the particle kernels use and the global
// buffers other kernels pass to them.
const char* kPrologue =
    "/* Generated by bench_analyse: synthetic numeric kernels. */\n"
    "#include <math.h>\n"
    "#include <string.h>\n"
    "\n"
    "#define MAT_N 32\n"
    "#define NPART 128\n"
    "#define NVEC 256\n"
    "\n"
    "struct particle {\n"
    "    double x, y, z;\n"
    "    double vx, vy, vz;\n"
    "    float mass;\n"
    "    int flags;\n"
    "};\n"
    "\n"
    "static double g_vec[NVEC];\n"
    "static double g_vec2[NVEC];\n"
    "static int g_ivec[NVEC];\n"
    "static double g_mat[MAT_N][MAT_N];\n"
    "static struct particle g_parts[NPART];\n";

struct Generated {
  std::string text;
  long lines = 0;
  long functions = 0;
};

// Adds functions until the file has `min_lines` lines and one function per
// 25 of them (2,000 for 50,000 lines), whichever comes later.
Generated generate(long min_lines) {
  Rng rng(20240601u);
  Generated g{kPrologue};
  g.lines = std::count(g.text.begin(), g.text.end(), '\n');
  std::vector<Function> fns;
  while (g.lines < min_lines || g.functions < min_lines / 25) {
    Kind kind = static_cast<Kind>(rng.range(0, 3));
    Function fn{spec(kind).prefix + std::to_string(fns.size()), kind};
    g.text += '\n';
    for (const std::string& line : gen_function(rng, fn, fns)) g.text += line + '\n';
    g.lines = std::count(g.text.begin(), g.text.end(), '\n');
    fns.push_back(fn);
    ++g.functions;
  }
  return g;
}

// ---------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

// Runs a shell command and returns its exit status (-1 if it did not exit
// normally); `ms` receives the wall time, which includes the shell's start.
int run(const std::string& cmd, double* ms = nullptr) {
  auto t0 = Clock::now();
  int status = std::system(cmd.c_str());
  if (ms) *ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct Command {
  std::string label;
  std::string shell;  // what runs, output redirected
  std::string shown;  // what the user would type, for error messages
  std::string err_file;
  std::vector<double> ms;
};

void report_failure(const Command& c, int status) {
  std::fprintf(stderr, "error: command failed (exit status %d): %s\n", status, c.shown.c_str());
  std::ifstream err(c.err_file);
  std::string line;
  for (int n = 0; n < 20 && std::getline(err, line); ++n) std::fprintf(stderr, "  %s\n", line.c_str());
}

struct Stats {
  double median, min, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return {median, v.front(), v.back()};
}

// ---------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------

struct Options {
  std::string pacer = PACER_BINARY;
  std::string clang = PACER_CLANG;
  long lines = 50000;
  bool keep = false;
};

bool parse_args(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    if (a == "--keep") {
      o.keep = true;
    } else if (a == "--pacer" && has_value) {
      o.pacer = argv[++i];
    } else if (a == "--clang" && has_value) {
      o.clang = argv[++i];
    } else if (a == "--lines" && has_value) {
      char* end = nullptr;
      o.lines = std::strtol(argv[++i], &end, 10);
      if (*end != '\0' || o.lines <= 0) return false;
    } else {
      return false;
    }
  }
  return true;
}

// The temporary directory, removed on every way out unless --keep.
struct TempDir {
  std::string path;
  bool keep = false;
  ~TempDir() {
    if (path.empty()) return;
    if (keep) {
      std::printf("kept %s\n", path.c_str());
    } else {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  }
};

constexpr int kRuns = 11;  // neighbours move single runs by up to 10%: eleven pairs keep the medians to a few per cent
constexpr double kTarget = 1.3;      // the dense generated file
constexpr double kRealTarget = 1.1;  // real files of a few thousand lines

// Runs each command once to warm up, then kRuns times, alternating so that
// slow drift in machine load hits both equally. False when one fails.
bool time_pair(std::vector<Command>& cmds, const std::string& pin) {
  for (Command& c : cmds) c.shell = pin + "sh -c " + quote(c.shown) + " >/dev/null 2>" + quote(c.err_file);
  std::fflush(stdout);  // keep our lines ahead of any error output
  for (const Command& c : cmds)
    if (int status = run(c.shell); status != 0) {
      report_failure(c, status);
      return false;
    }
  for (int r = 0; r < kRuns; ++r)
    for (Command& c : cmds) {
      double ms = 0;
      if (int status = run(c.shell, &ms); status != 0) {
        report_failure(c, status);
        return false;
      }
      c.ms.push_back(ms);
    }
  return true;
}

void report(const std::vector<Command>& cmds, const char* what, double target) {
  for (const Command& c : cmds) {
    Stats s = stats(c.ms);
    std::printf("%-20s median %8.1f ms  (min %.1f, max %.1f, %d runs)\n", (c.label + ":").c_str(), s.median, s.min,
                s.max, kRuns);
  }
  double ratio = stats(cmds[1].ms).median / stats(cmds[0].ms).median;
  std::printf("%s: %.2fx (target <= %.1fx) %s\n", what, ratio, target, ratio <= target ? "PASS" : "OVER");
}

// Lines in all the files.
long count_lines(const std::vector<std::string>& paths) {
  long n = 0;
  for (const auto& p : paths) {
    std::ifstream in(p);
    for (std::string line; std::getline(in, line);) ++n;
  }
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!parse_args(argc, argv, opt)) {
    std::fprintf(stderr, "usage: %s [--pacer PATH] [--clang PATH] [--lines N] [--keep]\n", argv[0]);
    return 2;
  }

  TempDir dir;
  dir.keep = opt.keep;
  char tmpl[] = "/tmp/bench_analyse.XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::perror("mkdtemp");
    return 1;
  }
  dir.path = tmpl;
  std::string file = dir.path + "/kernels.c";

  Generated g = generate(opt.lines);
  std::ofstream(file, std::ios::binary) << g.text;
  std::printf("generated %s: %ld lines, %ld functions, %.2f MB\n", file.c_str(), g.lines, g.functions,
              static_cast<double>(g.text.size()) / 1e6);

  // One CPU for every run, so scheduling on the other core (where builds may
  // run) moves neither command. Trying it also checks CPU 1 exists.
  std::string pin;
  if (run("command -v taskset >/dev/null 2>&1 && taskset -c 1 true >/dev/null 2>&1") == 0) {
    pin = "taskset -c 1 ";
    std::printf("pinned to CPU 1 with taskset\n");
  } else {
    std::printf("taskset unavailable: runs are not pinned\n");
  }

  // The dense generated file, then real files of a thousand lines or so:
  // random programs from csmith, where it is installed.
  std::vector<Command> cmds = {
      {"clang -fsyntax-only", "", quote(opt.clang) + " -fsyntax-only -std=gnu11 " + quote(file), dir.path + "/clang.err", {}},
      {"pacer analyse", "", quote(opt.pacer) + " analyse " + quote(file) + " --json", dir.path + "/pacer.err", {}},
  };
  if (!time_pair(cmds, pin)) return 1;
  report(cmds, "analyse/syntax-only ratio", kTarget);

  if (run("command -v csmith >/dev/null 2>&1") != 0) {
    std::printf("csmith not installed: no real files timed\n");
    return 0;
  }
  std::string files;
  std::vector<std::string> paths;
  for (int seed = 1; seed <= 5; ++seed) {
    paths.push_back(dir.path + "/csmith" + std::to_string(seed) + ".c");
    if (run("csmith --seed " + std::to_string(seed) + " --no-packed-struct > " + quote(paths.back())) != 0) return 1;
    files += " " + quote(paths.back());
  }
  // Each command takes the five files one after the other, as a user would.
  const std::string flags = " -isystem /usr/include/csmith";
  std::vector<Command> real = {
      {"clang -fsyntax-only", "", "for f in" + files + "; do " + quote(opt.clang) + " -fsyntax-only -w" + flags + " $f; done",
       dir.path + "/clang-real.err", {}},
      {"pacer analyse", "", "for f in" + files + "; do " + quote(opt.pacer) + " analyse $f --json --" + flags + "; done",
       dir.path + "/pacer-real.err", {}},
  };
  std::printf("\nreal files: csmith seeds 1-5 (%s lines in all), each command run on the five in turn\n",
              std::to_string(count_lines(paths)).c_str());
  if (!time_pair(real, pin)) return 1;
  report(real, "analyse/syntax-only ratio on real files", kRealTarget);
  return 0;
}
