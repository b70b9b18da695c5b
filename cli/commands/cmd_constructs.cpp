// pacer constructs: the C constructs HLLC counts and prices, with their
// McMahon flop weights for POC.
#include "framework/constructs.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"

namespace pacer::cli {

void add_constructs_command(CLI::App& app) {
  auto as_json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("constructs", "List the C constructs RUVs count and cost vectors price");
  cmd->add_flag("--json", *as_json, "Print JSON");
  cmd->callback([as_json] {
    if (*as_json) {
      json out = json::array();
      for (const auto& c : constructs())
        out.push_back({{"name", c.name}, {"group", group_name(c.group)}, {"mcmahon_flops", c.mcmahon_flops},
                       {"description", c.description}});
      emit(out);
      return;
    }
    Table t({"construct", "group", "flops", "meaning"});
    for (const auto& c : constructs())
      t.add({std::string(c.name), std::string(group_name(c.group)), format_number(c.mcmahon_flops),
             std::string(c.description)});
    emit(t.text());
  });
}

}  // namespace pacer::cli
