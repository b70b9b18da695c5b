// Each subcommand of `pacer` registers itself on the application here.
#pragma once
#include <CLI/CLI.hpp>

namespace pacer::cli {

void add_analyse_command(CLI::App& app);
void add_profile_command(CLI::App& app);
void add_formula_command(CLI::App& app);
void add_predict_command(CLI::App& app);
void add_hw_command(CLI::App& app);
void add_constructs_command(CLI::App& app);
void add_schedule_command(CLI::App& app);
void add_speedup_command(CLI::App& app);
void add_energy_command(CLI::App& app);
void add_comm_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_validate_command(CLI::App& app);
// Subcommands of `pacer speedup` with files of their own.
void add_speedup_study_command(CLI::App& speedup);
void add_speedup_measure_command(CLI::App& speedup);

// The commands by name, in the order help lists them: the one list of them.
// A run registers only the command it names (registering all of them is
// most of the time `pacer` takes to start); help registers them all.
struct Command {
  const char* name;
  void (*add)(CLI::App& app);
};
inline constexpr Command kCommands[] = {
    {"analyse", add_analyse_command},       {"profile", add_profile_command},   {"formula", add_formula_command},
    {"predict", add_predict_command},       {"hw", add_hw_command},             {"constructs", add_constructs_command},
    {"schedule", add_schedule_command},     {"speedup", add_speedup_command},   {"energy", add_energy_command},
    {"comm", add_comm_command},             {"calibrate", add_calibrate_command}, {"validate", add_validate_command},
};

}  // namespace pacer::cli
