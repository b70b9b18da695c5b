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

}  // namespace pacer::cli
