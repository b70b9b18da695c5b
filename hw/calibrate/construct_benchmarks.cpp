#include "hw/calibrate/construct_benchmarks.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "framework/constructs.hpp"

namespace pacer::calibrate {

const std::vector<ConstructBenchmark>& construct_benchmarks() {
  // Operands: iy = 1, iz = a prime, is = 0, fy/dy small, fy1/dy1 = 1: the
  // chains stay finite and in range however long they run.
  static const std::vector<ConstructBenchmark> table = {
      {"int_add", "i# = i# + iy; BI(i#);", "i0 = i0 + iy; BI(i0);", {}},
      {"int_sub", "i# = i# - iy; BI(i#);", "i0 = i0 - iy; BI(i0);", {}},
      {"int_mul", "i# = i# * iy; BI(i#);", "i0 = i0 * iy; BI(i0);", {}},
      {"int_div", "i# = i# / iy; BI(i#);", "i0 = i0 / iy; BI(i0);", {}},
      {"int_mod", "i# = i# % iz + iy; BI(i#);", "i0 = i0 % iz + iy; BI(i0);", {"int_add"}},
      {"int_shift", "i# = i# >> is; BI(i#);", "i0 = i0 >> is; BI(i0);", {}},
      {"int_abs", "i# = abs(i#); BI(i#);", "i0 = abs(i0); BI(i0);", {}},
      {"int_bitwise", "i# = i# ^ iy; BI(i#);", "i0 = i0 ^ iy; BI(i0);", {}},
      {"int_cmp", "BI(i#); c# += (i# < iz); BI(c#);", "BI(i0); c0 += (i0 < iz); BI(c0);", {"int_add"}},
      {"float_add", "f# = f# + fy; BF(f#);", "f0 = f0 + fy; BF(f0);", {}},
      {"float_sub", "f# = f# - fy; BF(f#);", "f0 = f0 - fy; BF(f0);", {}},
      {"float_mul", "f# = f# * fy1; BF(f#);", "f0 = f0 * fy1; BF(f0);", {}},
      {"float_div", "f# = f# / fy1; BF(f#);", "f0 = f0 / fy1; BF(f0);", {}},
      {"float_sqrt", "f# = sqrtf(f#); BF(f#);", "f0 = sqrtf(f0); BF(f0);", {}},
      {"float_abs", "f# = fabsf(f#); BF(f#);", "f0 = fabsf(f0); BF(f0);", {}},
      {"float_cmp", "BF(f#); c# += (f# < fy); BI(c#);", "BF(f0); c0 += (f0 < fy); BI(c0);", {"int_add"}},
      {"double_add", "d# = d# + dy; BF(d#);", "d0 = d0 + dy; BF(d0);", {}},
      {"double_sub", "d# = d# - dy; BF(d#);", "d0 = d0 - dy; BF(d0);", {}},
      {"double_mul", "d# = d# * dy1; BF(d#);", "d0 = d0 * dy1; BF(d0);", {}},
      {"double_div", "d# = d# / dy1; BF(d#);", "d0 = d0 / dy1; BF(d0);", {}},
      {"double_sqrt", "d# = sqrt(d#); BF(d#);", "d0 = sqrt(d0); BF(d0);", {}},
      {"double_abs", "d# = fabs(d#); BF(d#);", "d0 = fabs(d0); BF(d0);", {}},
      {"double_cmp", "BF(d#); c# += (d# < dy); BI(c#);", "BF(d0); c0 += (d0 < dy); BI(c0);", {"int_add"}},
      {"conv_int_fp", "BI(i#); d# = (double)i#; BF(d#);", "", {}},
      {"conv_fp_int", "BF(d#); i# = (int)d#; BI(i#);", "", {}},
      {"conv_fp_fp", "BF(d#); f# = (float)d#; BF(f#);", "", {}},
      {"logic", "c# = c# && iy; BI(c#);", "c0 = c0 && iy; BI(c0);", {}},
      {"if", "BI(c#); if (c# > 0) { i# = i# + iy; BI(i#); }", "", {"int_add", "int_cmp"}},
      {"switch",
       "BI(s#); switch (s#) { case 0: i# += iy; break; case 1: i# -= iy; break; "
       "case 2: i# ^= iy; break; default: i# *= iy; } BI(i#);",
       "", {"int_sub"}},
      {"call", "i# = pacer_callee(i#);", "i0 = pacer_callee(i0);", {}},
      // A local variable of optimised code lives in a register: reading it
      // is an operand, writing it a move the renamer may remove.
      {"local_load", "i# = i# + l#; BI(i#);", "i0 = i0 + l0; BI(i0);", {"int_add"}},
      {"local_store", "l# = i#; BI(l#);", "", {}},
      {"global_load", "i# = i# + g_array[#]; BM(i#);", "p0 = *(void**)p0; BM(p0);", {"int_add"}},
      {"global_store", "g_array[# + 8] = i#; BM(i#);", "", {}},
      {"array_index", "BI(j#); i# = i# + g_array[j#]; BM(i#);", "", {"int_add", "global_load"}},
      {"math_exp", "BF(d#); e# = exp(d#); BF(e#);", "", {}},
      {"math_log", "BF(d#); e# = log(d#); BF(e#);", "", {}},
      {"math_pow", "BF(d#); e# = pow(d#, dy); BF(e#);", "", {}},
      {"math_trig", "BF(d#); e# = sin(d#); BF(e#);", "", {}},
      {"mathf_exp", "BF(f#); g# = expf(f#); BF(g#);", "", {}},
      {"mathf_log", "BF(f#); g# = logf(f#); BF(g#);", "", {}},
      {"mathf_pow", "BF(f#); g# = powf(f#, fy); BF(g#);", "", {}},
      {"mathf_trig", "BF(f#); g# = sinf(f#); BF(g#);", "", {}},
  };
  return table;
}

const std::vector<ConstructBenchmark>& ir_class_benchmarks() {
  // Vectors of one 16-byte register: x (2 doubles), w (4 floats), k (4
  // ints); xy/wy/ky the small operands, xy1/wy1 ones.
  static const std::vector<ConstructBenchmark> table = {
      {"double_add.v2", "x# = x# + xy; BF(x#);", "x0 = x0 + xy; BF(x0);", {}},
      {"double_sub.v2", "x# = x# - xy; BF(x#);", "x0 = x0 - xy; BF(x0);", {}},
      {"double_mul.v2", "x# = x# * xy1; BF(x#);", "x0 = x0 * xy1; BF(x0);", {}},
      {"double_div.v2", "x# = x# / xy1; BF(x#);", "x0 = x0 / xy1; BF(x0);", {}},
      {"float_add.v4", "w# = w# + wy; BF(w#);", "w0 = w0 + wy; BF(w0);", {}},
      {"float_mul.v4", "w# = w# * wy1; BF(w#);", "w0 = w0 * wy1; BF(w0);", {}},
      {"float_div.v4", "w# = w# / wy1; BF(w#);", "w0 = w0 / wy1; BF(w0);", {}},
      // The divider at every width: LLVM's models may keep it busy longer
      // for a wide form than the machine does (Zen 4's model on Zen 5 halves
      // 512-bit divides the machine does whole). The 32- and 64-byte forms
      // are timed only where the flags give registers that hold them.
      {"double_sqrt.v2", "x# = VSQRT(x#); BF(x#);", "x0 = VSQRT(x0); BF(x0);", {}},
      {"float_sqrt.v4", "w# = VSQRT(w#); BF(w#);", "w0 = VSQRT(w0); BF(w0);", {}},
      {"double_div.v4", "y# = y# / yy1; BF(y#);", "y0 = y0 / yy1; BF(y0);", {}},
      {"double_sqrt.v4", "y# = VSQRT(y#); BF(y#);", "y0 = VSQRT(y0); BF(y0);", {}},
      {"float_div.v8", "u# = u# / uy1; BF(u#);", "u0 = u0 / uy1; BF(u0);", {}},
      {"float_sqrt.v8", "u# = VSQRT(u#); BF(u#);", "u0 = VSQRT(u0); BF(u0);", {}},
      {"double_div.v8", "z# = z# / zy1; BF(z#);", "z0 = z0 / zy1; BF(z0);", {}},
      {"double_sqrt.v8", "z# = VSQRT(z#); BF(z#);", "z0 = VSQRT(z0); BF(z0);", {}},
      {"float_div.v16", "h# = h# / hy1; BF(h#);", "h0 = h0 / hy1; BF(h0);", {}},
      {"float_sqrt.v16", "h# = VSQRT(h#); BF(h#);", "h0 = VSQRT(h0); BF(h0);", {}},
      {"int_add.v4", "k# = k# + ky; BF(k#);", "k0 = k0 + ky; BF(k0);", {}},
      {"int_mul.v4", "k# = k# * ky; BF(k#);", "k0 = k0 * ky; BF(k0);", {}},
      {"int_bitwise.v4", "k# = k# ^ ky; BF(k#);", "k0 = k0 ^ ky; BF(k0);", {}},
      {"load.v2", "x# = x# + g_vectors[#]; BFM(x#);", "", {"double_add.v2"}},
      // Stores to the elements load.v2 reads: stores no code reads are removed.
      {"store.v2", "g_vectors[#] = x#; BFM(x#);", "", {}},
  };
  return table;
}

namespace {
const ConstructBenchmark& benchmark_of(std::string_view construct) {
  for (const auto& b : construct_benchmarks())
    if (b.construct == construct) return b;
  throw std::logic_error("no construct benchmark for " + std::string(construct));
}
}  // namespace

const std::vector<ConstructBenchmark>& pipeline_pair_benchmarks() {
  static const std::vector<ConstructBenchmark> table = [] {
    std::vector<ConstructBenchmark> out;
    for (const auto& [p, q] : pipeline_pairs()) {
      const ConstructBenchmark& a = benchmark_of(pipeline_representative(p));
      const ConstructBenchmark& b = benchmark_of(pipeline_representative(q));
      std::string second = b.independent;
      std::replace(second.begin(), second.end(), '#', '@');
      std::vector<std::string> minus = a.minus;
      minus.insert(minus.end(), b.minus.begin(), b.minus.end());
      out.push_back({construct_pair(a.construct, b.construct), a.independent + " " + second, "", minus});
    }
    return out;
  }();
  return table;
}

namespace {

// '#' is the chain (0-3); '@' the chain of a pair's second construct (4-7),
// so that the two constructs of a pair never wait on each other.
std::string chain(const std::string& statement, int k) {
  std::string out;
  for (char ch : statement)
    out += ch == '#' ? std::to_string(k) : ch == '@' ? std::to_string(k + 4) : std::string(1, ch);
  return out;
}

// The timed loop around a body; every variable a statement may use is
// declared, seeded from volatiles the compiler cannot see through.
std::string function(const std::string& name, const std::string& body) {
  std::ostringstream f;
  f << "static double " << name << "(long reps) {\n"
    << "  int i0 = v_int, i1 = v_int, i2 = v_int, i3 = v_int, c0 = v_one, c1 = v_one, c2 = v_one, c3 = v_one;\n"
    << "  int l0 = v_one, l1 = v_one, l2 = v_one, l3 = v_one, j0 = v_zero, j1 = v_zero, j2 = v_zero, j3 = v_zero;\n"
    << "  int s0 = v_one, s1 = v_one, s2 = v_one, s3 = v_one, iy = v_one, iz = v_prime, is = v_zero;\n"
    << "  float f0 = v_float, f1 = v_float, f2 = v_float, f3 = v_float, fy = v_float_small, fy1 = v_float_one;\n"
    << "  double d0 = v_double, d1 = v_double, d2 = v_double, d3 = v_double, dy = v_double_small, dy1 = v_double_one;\n"
    << "  double e0 = 0, e1 = 0, e2 = 0, e3 = 0;\n"
    << "  float g0 = 0, g1 = 0, g2 = 0, g3 = 0;\n"
    << "  int i4 = v_int, i5 = v_int, i6 = v_int, i7 = v_int;\n"
    << "  double d4 = v_double, d5 = v_double, d6 = v_double, d7 = v_double;\n"
    << "  pacer_v2d x0 = {v_double, v_double}, x1 = x0, x2 = x0, x3 = x0;\n"
    << "  pacer_v2d xy = {v_double_small, v_double_small}, xy1 = {v_double_one, v_double_one};\n"
    << "  pacer_v4f w0 = {v_float, v_float, v_float, v_float}, w1 = w0, w2 = w0, w3 = w0;\n"
    << "  pacer_v4f wy = {v_float_small, v_float_small, v_float_small, v_float_small};\n"
    << "  pacer_v4f wy1 = {v_float_one, v_float_one, v_float_one, v_float_one};\n"
    << "  pacer_v4i k0 = {v_int, v_int, v_int, v_int}, k1 = k0, k2 = k0, k3 = k0, ky = {v_one, v_one, v_one, v_one};\n"
    << "#if PACER_REGISTER_BYTES >= 32\n"
    << "  pacer_v4d y0 = x0[0] + (pacer_v4d){0}, y1 = y0, y2 = y0, y3 = y0, yy1 = xy1[0] + (pacer_v4d){0};\n"
    << "  pacer_v8f u0 = w0[0] + (pacer_v8f){0}, u1 = u0, u2 = u0, u3 = u0, uy1 = wy1[0] + (pacer_v8f){0};\n"
    << "#endif\n"
    << "#if PACER_REGISTER_BYTES >= 64\n"
    << "  pacer_v8d z0 = x0[0] + (pacer_v8d){0}, z1 = z0, z2 = z0, z3 = z0, zy1 = xy1[0] + (pacer_v8d){0};\n"
    << "  pacer_v16f h0 = w0[0] + (pacer_v16f){0}, h1 = h0, h2 = h0, h3 = h0, hy1 = wy1[0] + (pacer_v16f){0};\n"
    << "#endif\n"
    << "  void* p0 = g_chase[0];\n"
    << "  double t0 = now();\n"
    << "  for (long r = 0; r < reps; r++) {\n" << body << "  }\n"
    << "  return now() - t0;\n}\n";
  return f.str();
}

std::string unrolled_independent(const std::string& statement) {
  std::string body;
  for (int n = 0; n < ops_per_repetition; ++n) body += "    " + chain(statement, n % 4) + "\n";
  return body;
}

std::string unrolled_dependent(const std::string& statement) {
  std::string body;
  for (int n = 0; n < ops_per_repetition; ++n) body += "    " + statement + "\n";
  return body;
}

const char* const harness_source =
#include "harness.inc"
    ;

}  // namespace

std::string benchmark_function(const std::string& name) {
  std::string out = name;
  for (char& ch : out)
    if (ch == ':' || ch == '.' || ch == '+') ch = '_';  // "irclass:double_add.v2:dependent", "pair:a+b:independent"
  return "bench_" + out;
}

std::string construct_benchmark_program() {
  std::string source = harness_source;
  const std::string marker = "/* @CONSTRUCT_BENCHMARKS@ */";
  source.replace(source.find(marker), marker.size(), generate_construct_benchmarks());
  return source;
}

size_t vector_bytes(const std::string& construct) {
  const size_t at = construct.rfind(".v");
  if (at == std::string::npos) return 0;
  const size_t lanes = std::stoul(construct.substr(at + 2));
  return lanes * (construct.starts_with("double_") ? 8 : 4);
}

std::string generate_construct_benchmarks() {
  struct Bench {
    std::string name, body;
    size_t bytes;  // a vector wider than 16 bytes needs registers that hold it
  };
  std::vector<Bench> benches = {
      {"baseline", unrolled_independent("BI(i#);"), 0},
      {"loop", "    BI(i0);\n", 0},  // one iteration per repetition
  };
  for (const auto& [kind, table] : {std::pair{"construct:", &construct_benchmarks()},
                                    {"irclass:", &ir_class_benchmarks()},
                                    {"pair:", &pipeline_pair_benchmarks()}})
    for (const auto& b : *table) {
      const size_t bytes = vector_bytes(b.construct);
      benches.push_back({kind + b.construct + ":independent", unrolled_independent(b.independent), bytes});
      if (!b.dependent.empty())
        benches.push_back({kind + b.construct + ":dependent", unrolled_dependent(b.dependent), bytes});
    }
  // Where the flags' registers are narrower, the benchmark is left out (a
  // null entry the harness skips): it would time the compiler's split of
  // the vector, which no instruction of code compiled with these flags is.
  std::ostringstream out;
  for (const auto& b : benches) {
    const bool wide = b.bytes > 16;
    if (wide) out << "#if PACER_REGISTER_BYTES >= " << b.bytes << "\n";
    out << function(benchmark_function(b.name), b.body);
    if (wide) out << "#else\n#define " << benchmark_function(b.name) << " 0\n#endif\n";
  }
  out << "static const struct { const char* name; double (*run)(long); } construct_benchmarks[] = {\n";
  for (const auto& b : benches) out << "  {\"" << b.name << "\", " << benchmark_function(b.name) << "},\n";
  out << "};\n";
  return out.str();
}

}  // namespace pacer::calibrate
