// pacer comm measure | fit: point-to-point message times on this machine
// (an Open MPI ping-pong) and communication models fitted to them.

#include <cmath>
#include <iostream>
#include <sstream>

#include "framework/number.hpp"
#include "cli/commands/commands.hpp"
#include "cli/views/report.hpp"
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

Table points_table(const std::vector<CommPoint>& pts) {
  Table t({"bytes", "distance", "median", "min", "max", "spread", "runs"});
  for (const auto& p : pts)
    t.add({digits(p.bytes, 6), digits(p.distance, 6), format_seconds(p.median), format_seconds(p.min),
           format_seconds(p.max), format_number(std::round(p.spread() * 1000) / 10) + "%",
           std::to_string(p.repetitions)});
  return t;
}

struct MeasureOptions {
  std::string sizes = kDefaultSizes, out;
  int reps = 10;
};

void run_measure(const MeasureOptions& o) {
  if (o.reps < 1) throw InputError("--reps must be at least 1");
  const std::string csv = run_pingpong(parse_sizes(o.sizes), o.reps, [](const std::string& command) {
    std::cerr << "comm measure: " << command << '\n';
  });
  std::istringstream printed(csv);
  const auto samples = parse_comm_csv(printed, "the ping-pong's output");  // must be a valid data file
  std::cerr << "comm measure: one-way times, 2 processes on this machine (distance 1):\n"
            << points_table(comm_points(samples)).text();
  if (o.out.empty()) emit(comm_csv(samples));
  else write_atomically(o.out, comm_csv(samples), "the measurements");
}

struct FitOptions {
  std::string file, into;
  CommFitOptions fit;
  bool json = false;
};

// Units a reader expects: microseconds, bytes, bytes per second.
WrittenParam written(const std::string& name, double v, const std::string& source) {
  if (name == "bandwidth") return {name, v / 1e6, "MB/s", source};
  if (name == "h" || name == "p") return {name, v, "B", source};
  return {name, v * 1e6, "us", source};
}


void run_fit(const FitOptions& o) {
  const auto samples = read_comm_csv(o.file);
  const auto points = comm_points(samples);
  const CommFit f = fit_comm_model(points, o.fit);
  if (!o.into.empty()) {
    std::ostringstream source;
    source << "fitted by pacer comm fit to " << o.file << " on " << today() << " (" << points.size()
           << " points, rms relative error " << format_number(std::round(f.rms_relative * 1000) / 10) << "%)";
    std::vector<WrittenParam> params;
    for (const auto& [k, v] : f.parameters) params.push_back(written(k, v, source.str()));
    write_atomically(o.into, replace_section(o.into, "communication", {{"model", f.model}}, params), o.into);
  }
  if (o.json) {
    json res = json::array();
    for (const auto& r : f.residuals)
      res.push_back({{"bytes", r.point.bytes}, {"distance", r.point.distance}, {"measured_seconds", r.point.median},
                     {"spread", r.point.spread()}, {"predicted_seconds", r.predicted},
                     {"relative_error", r.relative_error()}});
    return emit(json{{"model", f.model}, {"file", o.file}, {"parameters", f.parameters},
                     {"rms_relative_error", f.rms_relative}, {"max_relative_error", f.max_relative},
                     {"residuals", res}, {"notes", f.notes}});
  }
  std::ostringstream os;
  os << find_comm_model(f.model).title << " fitted to " << o.file << " (" << points.size() << " points):\n";
  for (const auto& [k, v] : f.parameters) os << "  " << k << " = " << digits(v, 6) << '\n';
  Table t({"bytes", "distance", "measured", "spread", "predicted", "error"});
  for (const auto& r : f.residuals)
    t.add({digits(r.point.bytes, 6), digits(r.point.distance, 6), format_seconds(r.point.median),
           format_number(std::round(r.point.spread() * 1000) / 10) + "%", format_seconds(r.predicted),
           format_number(std::round(r.relative_error() * 1000) / 10) + "%"});
  os << t.text() << "rms relative error " << format_number(std::round(f.rms_relative * 1000) / 10) << "%, max "
     << format_number(std::round(f.max_relative * 1000) / 10) << "%\n";
  for (const auto& n : f.notes) os << "note: " << n << '\n';
  if (!o.into.empty()) os << "written into " << o.into << '\n';
  emit(os.str());
}

}  // namespace

void add_comm_command(CLI::App& app) {
  CLI::App* comm = app.add_subcommand("comm", "Communication: measure point-to-point times, fit a model to them");
  comm->require_subcommand(1);

  auto m = std::make_shared<MeasureOptions>();
  CLI::App* measure = comm->add_subcommand("measure", "Ping-pong between 2 Open MPI processes on this machine");
  measure->add_option("--sizes", m->sizes, "message sizes in bytes, comma-separated")->capture_default_str();
  measure->add_option("--reps", m->reps, "timed repetitions per size (the fit uses their median)")->capture_default_str();
  measure->add_option("--out", m->out, "CSV file to write, bytes,distance,seconds (default: stdout)");
  measure->callback([m] { run_measure(*m); });

  auto f = std::make_shared<FitOptions>();
  CLI::App* fit = comm->add_subcommand("fit", "Fit a communication model to bytes,distance,seconds measurements");
  fit->add_option("file", f->file, "CSV of measurements (pacer comm measure --out)")->required();
  fit->add_option("--model", f->fit.model, "packet (Eq. 5), hockney or loggp")->required();
  fit->add_option("--header", f->fit.header_bytes, "packet: header bytes h, known from the protocol (0)");
  fit->add_option("--packet", f->fit.packet_bytes, "packet: packet size p in bytes (default: chosen by the fit)");
  fit->add_option("--into", f->into, "write the fitted <communication> section into this hardware description");
  fit->add_flag("--json", f->json, "Print JSON");
  fit->callback([f] { run_fit(*f); });
}

}  // namespace pacer::cli
