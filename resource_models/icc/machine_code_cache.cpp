#include "resource_models/icc/machine_code_cache.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "framework/file_text.hpp"
#include "framework/scratch_dir.hpp"
#include "resource_models/icc/compiled_source.hpp"

namespace pacer {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Raise when the entry's layout or what it records changes, or when the
// pricing behind it does (compiled_source.cpp: the loops found, MCA's runs;
// intcc/ir_code.cpp: the IR classes, the loops' layout, the recurrences).
constexpr const char* entry_format = "pacer icc cache 29";  // 29: a branch's restart is its whole path, beside the calibration branch's wait

std::string file_digest(const fs::path& path) {
  const auto bytes = file_text(path);
  return bytes ? content_digest(*bytes) : std::string("missing");
}

// The compiler as the PATH finds it, with what changes when it is upgraded.
std::string compiler_identity(const std::string& compiler) {
  fs::path found = compiler;
  if (compiler.find('/') == std::string::npos) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && ::access((fs::path(d) / compiler).c_str(), X_OK) == 0) {
        found = fs::path(d) / compiler;
        break;
      }
  }
  std::error_code e;
  const fs::path real = fs::canonical(found, e);
  if (e) return compiler;  // not there: compiling says so
  return real.string() + " " + std::to_string(fs::file_size(real, e)) + " " +
         std::to_string(fs::last_write_time(real, e).time_since_epoch().count());
}

std::string entry_key(const std::string& source, const MachineCostOptions& o) {
  std::string key = std::string(entry_format) + "\nllvm " + llvm_version() + "\ncompiler " +
                    compiler_identity(o.compiler) + "\nmcpu " + o.mcpu + "\ntriple " + o.triple + "\nsysroot " + o.sysroot + "\nsource " + source +
                    (o.intermediate ? "\nintermediate code" : "") + "\nflags";
  for (const auto& f : o.flags) key += " " + f;
  key += "\nlatencies";
  for (const auto& [construct, cycles] : o.cpu_model.latencies) key += " " + construct + "=" + std::to_string(cycles);
  key += "\noccupancies";
  for (const auto& [construct, cycles] : o.cpu_model.occupancies) key += " " + construct + "=" + std::to_string(cycles);
  const icc::CpuModelCorrections& m = o.cpu_model;
  for (unsigned v : {m.dispatch_width, m.reorder_buffer, m.fp_queue, m.int_queue, m.load_queue, m.store_queue,
                     m.fp_bypass, m.fp_logic, m.fp_logic_bypass, static_cast<unsigned>(m.vector_stores_apart)})
    key += " " + std::to_string(v);
  // A relative include folder names different headers from another folder.
  for (const auto& f : o.flags)
    for (const char* p : {"-I", "-isystem", "-iquote", "-include"})
      if (f.rfind(p, 0) == 0 && f.size() > std::string(p).size() && f[std::string(p).size()] != '/') {
        std::error_code e;
        return key + "\ncwd " + fs::current_path(e).string();
      }
  return key;
}

// An entry: one line of JSON with the key and the dependencies' digests,
// then the priced code, read only when the first line says it is valid.
std::optional<icc::PricedCode> lookup(const fs::path& entry, const std::string& key) {
  const auto text = file_text(entry);
  if (!text) return std::nullopt;
  const size_t end = text->find('\n');
  if (end == std::string::npos) return std::nullopt;
  try {
    const json head = json::parse(text->substr(0, end));
    if (head.at("key").get<std::string>() != key) return std::nullopt;
    for (const auto& d : head.at("dependencies"))
      if (file_digest(d.at(0).get<std::string>()) != d.at(1).get<std::string>()) return std::nullopt;
    return icc::priced_code_from_json(text->substr(end + 1));
  } catch (const std::exception&) {
    return std::nullopt;  // damaged: compiled again and replaced
  }
}

// `source_before` is the source's digest when compiling began: a source
// changed meanwhile is not stored under its new digest with the old code.
void store(const fs::path& entry, const std::string& key, const CompiledSource& c, const std::string& source_before) {
  json deps = json::array();
  for (const auto& d : c.dependencies) {
    const std::string digest = file_digest(d);
    if (d == c.code.source && digest != source_before) return;
    deps.push_back(json::array({d, digest}));
  }
  write_cache_entry(entry, json{{"key", key}, {"dependencies", deps}}.dump() + "\n" + icc::to_json(c.code));
}

}  // namespace

void write_cache_entry(const fs::path& entry, const std::string& text) {
  std::error_code e;
  fs::create_directories(entry.parent_path(), e);
  // Written aside and renamed: a reader never sees half an entry.
  const fs::path aside = entry.string() + "." + std::to_string(::getpid()) + ".part";
  {
    std::ofstream out(aside, std::ios::binary);
    out << text;
    if (!out.flush()) {
      fs::remove(aside, e);
      return;
    }
  }
  fs::rename(aside, entry, e);
  if (e) fs::remove(aside, e);
}

fs::path cache_directory() {
  if (const char* d = std::getenv("PACER_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d) / "pacer";
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / ".cache" / "pacer";
  return {};
}

icc::PricedCode priced_source(const std::string& source, const MachineCostOptions& o) {
  const std::string path = fs::absolute(source).lexically_normal().string();
  const std::string key = entry_key(path, o);
  const fs::path dir = cache_directory();
  const fs::path entry = dir.empty() ? fs::path() : dir / "icc" / (content_digest(key) + ".json");
  if (!dir.empty())
    if (auto hit = lookup(entry, key)) return *hit;
  const std::string before = file_digest(path);
  ScratchDir scratch("pacer-icc");
  CompiledSource compiled = compile_and_price(path, o, (scratch.path / "code").string());
  if (!dir.empty()) store(entry, key, compiled, before);
  return std::move(compiled.code);
}

}  // namespace pacer
