// pacer comm measure | fit: point-to-point message times on this machine
// (an Open MPI ping-pong) and communication models fitted to them.

#include <cmath>
#include <iostream>
#include <sstream>

#include "framework/number.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/comm_view.hpp"
#include "cli/views/report.hpp"
#include "framework/names.hpp"
#include "frontends/xml/hardware_io.hpp"
#include "templates/comm/comm_fit.hpp"
#include "templates/comm/comm_model.hpp"
#include "templates/comm/pingpong.hpp"

namespace pacer::cli {

namespace {

// The paper's sizes (100 to 20,000 bytes) and larger ones, where bandwidth shows.
const char* kDefaultSizes = "100,200,500,1000,2000,5000,10000,20000,50000,100000,200000,500000,1000000";

std::vector<double> parse_sizes(const std::string& text) {
  std::vector<double> out;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    auto v = parse_number(item);
    if (!v || *v < 1 || *v != std::floor(*v) || *v > 1e9)
      throw InputError("--sizes: '" + item + "' is not a whole number of bytes from 1 to 1e9");
    out.push_back(*v);
  }
  if (out.empty()) throw InputError("--sizes is empty");
  return out;
}

struct PingPongOptions {
  std::string sizes = kDefaultSizes, out;
  int reps = 10;
};

void run_comm_measure(const PingPongOptions& o) {
  if (o.reps < 1) throw InputError("--reps must be at least 1");
  const std::string csv = run_pingpong(parse_sizes(o.sizes), o.reps, [](const std::string& command) {
    std::cerr << "comm measure: " << command << '\n';
  });
  std::istringstream printed(csv);
  const auto samples = parse_comm_csv(printed, "the ping-pong's output");  // must be a valid data file
  std::cerr << "comm measure: one-way times, 2 processes on this machine (distance 1):\n"
            << comm_points_text(comm_points(samples));
  if (o.out.empty()) emit(comm_csv(samples));
  else write_atomically(o.out, comm_csv(samples), "the measurements");
}

struct FitOptions {
  std::string file, into;
  CommFitOptions fit;
  bool json = false;
};

void run_fit(const FitOptions& o) {
  const auto points = comm_points(read_comm_csv(o.file));
  const CommFit f = fit_comm_model(points, o.fit);
  if (!o.into.empty())
    write_atomically(o.into, with_communication_section(o.into, f, o.file, points.size()), o.into);
  if (o.json) emit(comm_fit_json(o.file, f));
  else emit(comm_fit_text(o.file, points.size(), f) + (o.into.empty() ? "" : "written into " + o.into + "\n"));
}

}  // namespace

void add_comm_command(CLI::App& app) {
  CLI::App* comm = app.add_subcommand("comm", "Communication: measure point-to-point times, fit a model to them");
  comm->require_subcommand(1);

  auto m = std::make_shared<PingPongOptions>();
  CLI::App* measure = comm->add_subcommand("measure", "Ping-pong between 2 Open MPI processes on this machine");
  measure->add_option("--sizes", m->sizes, "message sizes in bytes, comma-separated")->capture_default_str();
  measure->add_option("--reps", m->reps, "timed repetitions per size (the fit uses their median)")->capture_default_str();
  measure->add_option("--out", m->out, "CSV file to write, bytes,distance,seconds (default: stdout)");
  measure->callback([m] { run_comm_measure(*m); });

  auto f = std::make_shared<FitOptions>();
  CLI::App* fit = comm->add_subcommand("fit", "Fit a communication model to bytes,distance,seconds measurements");
  fit->add_option("file", f->file, "CSV of measurements (pacer comm measure --out)")->required();
  fit->add_option("--model", f->fit.model, join_names(comm_model_names()))->required();
  fit->add_option("--header", f->fit.header_bytes, "packet: header bytes h, known from the protocol (0)");
  fit->add_option("--packet", f->fit.packet_bytes, "packet: packet size p in bytes (default: chosen by the fit)");
  fit->add_option("--into", f->into, "write the fitted <communication> section into this hardware description");
  fit->add_flag("--json", f->json, "Print JSON");
  fit->callback([f] { run_fit(*f); });
}

}  // namespace pacer::cli
