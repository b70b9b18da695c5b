// The frontend on the corpus of C files in tests/c_corpus: every style of C
// it may meet. Each file's first line says what must happen (see the
// corpus README): it analyses cleanly, it analyses and reports exactly the
// listed unmodelable constructs, or it does not compile (exit status 2 with
// Clang's diagnostics). Nothing may crash.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "tests/run_pacer.hpp"

using pacer::test::run_pacer;
using pacer::test::Run;

namespace {

struct Expectation {
  enum { Ok, Unmodelable, CompileError } kind;
  std::set<std::string> kinds;
};

Expectation expectation(const std::filesystem::path& file) {
  std::string first;
  std::getline(std::ifstream(file), first);
  std::smatch m;
  if (first == "/* expect: ok */") return {Expectation::Ok, {}};
  if (first == "/* expect: compile-error */") return {Expectation::CompileError, {}};
  if (std::regex_match(first, m, std::regex(R"(/\* expect: unmodelable ([a-z_,]+) \*/)"))) {
    Expectation e{Expectation::Unmodelable, {}};
    std::stringstream list(m[1].str());
    for (std::string k; std::getline(list, k, ',');) e.kinds.insert(k);
    return e;
  }
  FAIL("no expectation line in " << file);
  return {};
}

}  // namespace

TEST_CASE("the frontend meets every file of the C corpus as expected", "[frontend][corpus]") {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(PACER_SOURCE_DIR "/tests/c_corpus"))
    if (entry.path().extension() == ".c") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 40);
  for (const auto& file : files) {
    INFO(file.filename().string());
    Expectation want = expectation(file);
    Run r = run_pacer("analyse '" + file.string() + "' --json");
    if (want.kind == Expectation::CompileError) {
      CHECK(r.status == 2);
      CHECK_THAT(r.err, Catch::Contains("error:"));
      CHECK(r.out.empty());
      continue;
    }
    INFO(r.err);
    REQUIRE(r.status == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["unmodelable"].get<std::set<std::string>>() == want.kinds);
  }
}
