#include "resource_models/icc/priced_code.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "framework/error.hpp"

namespace pacer::icc {

using nlohmann::json;

int FileTable::index(const std::string& file) {
  if (file.empty()) return -1;
  auto [at, fresh] = seen_.try_emplace(file, 0);
  if (!fresh) return at->second;
  const std::string normal = std::filesystem::absolute(file).lexically_normal().string();
  const auto known = std::find(files_.begin(), files_.end(), normal);
  at->second = int(known - files_.begin());
  if (known == files_.end()) files_.push_back(normal);
  return at->second;
}

std::vector<int> innermost_loops(const std::vector<MachineLoop>& loops, size_t instructions) {
  std::vector<int> out(instructions, -1);
  for (size_t l = 0; l < loops.size(); ++l)  // enclosing loops come first
    for (size_t i = loops[l].first; i <= loops[l].last && i < instructions; ++i) out[i] = static_cast<int>(l);
  return out;
}

std::vector<size_t> simulated_instructions(const std::vector<int>& innermost, int region,
                                           const std::vector<PricedInstruction>& instructions) {
  std::vector<size_t> out;
  for (size_t i = 0; i < instructions.size(); ++i)
    if (innermost[i] == region && !instructions[i].call && !instructions[i].returns) out.push_back(i);
  return out;
}

namespace {

// Instructions as [line, flags, text, file, bytes, class, offset, chain, address group, call construct,
// restart]: a compiled file
// has thousands.
enum Flag { conditional = 1, call = 2, returns = 4, loads = 8, stores = 16, vector = 32, feeds_branch = 64, indirect = 128 };

json instruction_json(const PricedInstruction& i) {
  const int flags = (i.conditional_branch ? conditional : 0) | (i.call ? call : 0) | (i.returns ? returns : 0) |
                    (i.loads ? loads : 0) | (i.stores ? stores : 0) | (i.vector ? vector : 0) |
                    (i.feeds_branch ? feeds_branch : 0) | (i.indirect ? indirect : 0);
  return json::array(
      {i.line, flags, i.text, i.file, i.bytes, i.ir_class, i.offset, i.chain, i.address_group, i.call_construct, i.restart});
}

PricedInstruction instruction_of(const json& j) {
  PricedInstruction i;
  i.line = j.at(0).get<unsigned>();
  const int flags = j.at(1).get<int>();
  i.conditional_branch = flags & conditional;
  i.call = flags & call;
  i.returns = flags & returns;
  i.loads = flags & loads;
  i.stores = flags & stores;
  i.vector = flags & vector;
  i.feeds_branch = flags & feeds_branch;
  i.indirect = flags & indirect;
  i.text = j.at(2).get<std::string>();
  i.file = j.at(3).get<int>();
  i.bytes = j.at(4).get<double>();
  i.ir_class = j.at(5).get<std::string>();
  i.offset = j.at(6).get<std::uint64_t>();
  i.chain = j.at(7).get<double>();
  i.address_group = j.at(8).get<int>();
  i.call_construct = j.at(9).get<std::string>();
  i.restart = j.at(10).get<double>();
  return i;
}

json function_json(const PricedFunction& f) {
  json instructions = json::array(), loops = json::array();
  for (const auto& i : f.instructions) instructions.push_back(instruction_json(i));
  for (const auto& l : f.loops) loops.push_back(json::array({l.first, l.last, l.latch, l.depth, l.parent, l.head}));
  json recurrences = json::array();
  for (const auto& loop : f.loop_recurrences) {
    json of_loop = json::array();
    for (const auto& r : loop) of_loop.push_back(json::array({r.line, r.file, r.classes}));
    recurrences.push_back(of_loop);
  }
  return {{"name", f.name}, {"instructions", instructions}, {"loops", loops},
          {"loop_cycles", f.loop_cycles}, {"outside_cycles", f.outside_cycles}, {"recurrences", recurrences},
          {"nest_cycles", f.nest_cycles}, {"loop_skipped", f.loop_skipped}, {"loop_path_cycles", f.loop_path_cycles}};
}

PricedFunction function_of(const json& j) {
  PricedFunction f;
  f.name = j.at("name").get<std::string>();
  for (const auto& i : j.at("instructions")) f.instructions.push_back(instruction_of(i));
  for (const auto& l : j.at("loops"))
    f.loops.push_back({l.at(0).get<size_t>(), l.at(1).get<size_t>(), l.at(2).get<size_t>(), l.at(3).get<unsigned>(),
                       l.at(4).get<int>(), l.at(5).get<size_t>()});
  f.loop_cycles = j.at("loop_cycles").get<std::vector<double>>();
  f.outside_cycles = j.at("outside_cycles").get<double>();
  if (f.loop_cycles.size() != f.loops.size()) throw InputError("priced code: one cycle figure per loop expected");
  f.nest_cycles = j.at("nest_cycles").get<std::vector<std::vector<std::pair<double, double>>>>();
  if (!f.nest_cycles.empty() && f.nest_cycles.size() != f.loops.size())
    throw InputError("priced code: one nest curve per loop expected");
  f.loop_skipped = j.at("loop_skipped").get<std::vector<std::vector<size_t>>>();
  f.loop_path_cycles = j.at("loop_path_cycles").get<std::vector<double>>();
  if (f.loop_skipped.size() != f.loop_path_cycles.size() ||
      (!f.loop_skipped.empty() && f.loop_skipped.size() != f.loops.size()))
    throw InputError("priced code: one path per loop expected");
  for (const auto& skipped : f.loop_skipped)
    for (size_t i : skipped)
      if (i >= f.instructions.size()) throw InputError("priced code: a skipped instruction out of range");
  for (const auto& loop : j.at("recurrences")) {
    f.loop_recurrences.emplace_back();
    for (const auto& r : loop)
      f.loop_recurrences.back().push_back(
          {r.at(0).get<unsigned>(), r.at(1).get<int>(), r.at(2).get<std::map<std::string, double>>()});
  }
  if (!f.loop_recurrences.empty() && f.loop_recurrences.size() != f.loops.size())
    throw InputError("priced code: one list of recurrences per loop expected");
  for (const auto& l : f.loops)
    if (l.first > l.last || l.last >= f.instructions.size() || l.head < l.first || l.head > l.last)
      throw InputError("priced code: a loop outside its function");
  return f;
}

json remark_json(const LoopRemark& r) {
  return {{"function", r.function}, {"file", r.file}, {"line", r.line}, {"column", r.column},
          {"vectorization_factor", r.vectorization_factor}, {"interleave_count", r.interleave_count},
          {"unroll_count", r.unroll_count}, {"fully_unrolled", r.fully_unrolled}, {"library_call", r.library_call}};
}

LoopRemark remark_of(const json& j) {
  LoopRemark r;
  r.function = j.at("function").get<std::string>();
  r.file = j.at("file").get<std::string>();
  r.line = j.at("line").get<unsigned>();
  r.column = j.at("column").get<unsigned>();
  r.vectorization_factor = j.at("vectorization_factor").get<unsigned>();
  r.interleave_count = j.at("interleave_count").get<unsigned>();
  r.unroll_count = j.at("unroll_count").get<unsigned>();
  r.fully_unrolled = j.at("fully_unrolled").get<bool>();
  r.library_call = j.at("library_call").get<std::string>();
  return r;
}

}  // namespace

std::string to_json(const PricedCode& code) {
  json functions = json::array(), remarks = json::array();
  for (const auto& f : code.functions) functions.push_back(function_json(f));
  for (const auto& r : code.remarks) remarks.push_back(remark_json(r));
  return json{{"intermediate", code.intermediate}, {"source", code.source}, {"triple", code.triple}, {"cpu", code.cpu}, {"files", code.files},
              {"functions", functions}, {"remarks", remarks}, {"branch_wait", code.branch_wait}}.dump();
}

PricedCode priced_code_from_json(const std::string& text) {
  try {
    const json j = json::parse(text);
    PricedCode code;
    code.intermediate = j.at("intermediate").get<bool>();
    code.source = j.at("source").get<std::string>();
    code.triple = j.at("triple").get<std::string>();
    code.cpu = j.at("cpu").get<std::string>();
    for (const auto& f : j.at("functions")) code.functions.push_back(function_of(f));
    for (const auto& r : j.at("remarks")) code.remarks.push_back(remark_of(r));
    code.files = j.at("files").get<std::vector<std::string>>();
    code.branch_wait = j.at("branch_wait").get<double>();
    for (const auto& f : code.functions)
      for (const auto& i : f.instructions)
        if (i.file >= int(code.files.size())) throw InputError("priced code: an instruction in an unknown file");
    return code;
  } catch (const json::exception& e) {
    throw InputError(std::string("priced code: ") + e.what());
  }
}

}  // namespace pacer::icc
