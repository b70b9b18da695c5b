// The streamed JSON writer prints exactly the text json_text prints for the
// same tree: views switch between the two without changing their output.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cli/views/json_text.hpp"

using pacer::cli::JsonWriter;
using pacer::cli::json_text;
using json = nlohmann::ordered_json;

TEST_CASE("JsonWriter writes what json_text writes for the same tree", "[json]") {
  json tree = {{"name", "matmul \"tiled\"\tv2"},
               {"paper", "P · t(v_a) + (1 - P) · t(v_b) é"},
               {"count", 3},
               {"ratio", 0.25},
               {"whole", 2.0},
               {"none", nullptr},
               {"empty_object", json::object()},
               {"empty_array", json::array()},
               {"row", {1.5, 2, 3e-7}},
               {"names", {"a", "b"}},
               {"nested", {{{"id", "n1"}, {"body", json::array()}}, {{"id", "n2"}, {"body", {{{"x", 1}}}}}}}};
  JsonWriter w;
  w.begin_object().member("name", "matmul \"tiled\"\tv2").member("paper", "P · t(v_a) + (1 - P) · t(v_b) é");
  w.member("count", 3).member("ratio", 0.25);
  w.member("whole", 2.0).key("none").null();
  w.key("empty_object").begin_object().end_object();
  w.key("empty_array").begin_array().end_array();
  w.key("row").begin_array(true).value(1.5).value(2).value(3e-7).end_array();
  w.key("names").begin_array().value("a").value("b").end_array();
  w.key("nested").begin_array();
  w.begin_object().member("id", "n1").key("body").begin_array().end_array().end_object();
  w.begin_object().member("id", "n2").key("body").begin_array().begin_object().member("x", 1).end_object().end_array();
  w.end_object().end_array().end_object();
  CHECK(w.take() == json_text(tree));
}

TEST_CASE("JsonWriter embeds a small tree at its depth", "[json]") {
  json inner = {{"a", {1, 2}}, {"b", {{"c", "d"}}}};
  JsonWriter w;
  w.begin_object().key("outer").begin_object().key("inner").value(inner).end_object().end_object();
  CHECK(w.take() == json_text(json{{"outer", {{"inner", inner}}}}));
}

TEST_CASE("JsonWriter prints whole numbers as json_text does", "[json]") {
  const std::vector<double> values = {0.0, -0.0, 3.0, -42.0, 123456789012345.0, 999999999999999.0, 1e15, -1e15, 2.5, 1e-5};
  json tree = json::object();
  JsonWriter w;
  w.begin_object();
  for (size_t i = 0; i < values.size(); ++i) {
    tree["v" + std::to_string(i)] = values[i];
    w.member("v" + std::to_string(i), values[i]);
  }
  w.end_object();
  CHECK(w.take() == json_text(tree));
}

TEST_CASE("JsonWriter given a stream hands it the same text in chunks", "[json]") {
  // Far more than a chunk, nested, so that the text is handed over mid-object.
  auto write = [](JsonWriter& w) {
    w.begin_object().key("nodes").begin_array();
    for (int i = 0; i < 20000; ++i)
      w.begin_object().member("id", "seg_L" + std::to_string(i)).member("count", i * 0.5).end_object();
    w.end_array().end_object();
  };
  JsonWriter whole;
  write(whole);
  const std::string expected = whole.take();
  REQUIRE(expected.size() > 4 * (1 << 16));
  std::ostringstream out;
  JsonWriter streamed(out);
  write(streamed);
  CHECK(streamed.take().empty());
  CHECK(out.str() == expected);
}

// Keys and strings are checked for bytes to escape eight at a time: each
// byte that needs it (a control byte, DEL, a quote, a backslash, a byte of
// UTF-8) is found at every place in a word and in the tail after the words,
// and the text is nlohmann's escaping of it.
TEST_CASE("JsonWriter escapes every byte that needs it, wherever it falls", "[json]") {
  for (char special : {'\x01', '\x1f', '\x7f', '"', '\\', '\n', '\xc3'}) {
    for (size_t length : {1, 7, 8, 9, 16, 17, 23}) {
      for (size_t at = 0; at < length; ++at) {
        std::string s(length, 'a');
        s[at] = special;
        if (special == '\xc3' && at + 1 < length) s[at + 1] = '\xa9';  // é, whole
        if (special == '\xc3' && at + 1 == length) s[at] = '\x7e';     // no half character: plain
        JsonWriter w;
        w.begin_object().member(s, s).end_object();
        CHECK(w.take() == json_text(json{{s, s}}));
      }
    }
  }
  // The bytes around those that need escaping do not: a space, a tilde.
  JsonWriter w;
  w.begin_object().member(" ~ ~ ~ ~ ~ ~", "~~~~~~~~ ").end_object();
  CHECK(w.take() == "{\n  \" ~ ~ ~ ~ ~ ~\": \"~~~~~~~~ \"\n}\n");
}
