// The streamed JSON writer prints exactly the text json_text prints for the
// same tree: views switch between the two without changing their output.
#include <catch2/catch.hpp>

#include "cli/views/json_text.hpp"

using pacer::cli::JsonWriter;
using pacer::cli::json_text;
using json = nlohmann::ordered_json;

TEST_CASE("JsonWriter writes what json_text writes for the same tree", "[json]") {
  json tree = {{"name", "matmul \"tiled\"\tv2"},
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
  w.begin_object().member("name", "matmul \"tiled\"\tv2").member("count", 3).member("ratio", 0.25);
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
