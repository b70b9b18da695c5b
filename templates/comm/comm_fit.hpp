// Fitting a communication model to point-to-point measurements, as the
// paper obtained Eq. 5's parameters "through the regression of a set of
// measurements" of message sizes and distances. Measurements are a CSV file
// `bytes,distance,seconds`, one line per timed repetition; the fit uses the
// median of each (bytes, distance) and keeps the spread.
#pragma once
#include <istream>
#include <map>
#include <string>
#include <vector>

namespace pacer {

struct CommSample {
  double bytes = 0, distance = 1, seconds = 0;
};

// One (bytes, distance) with its repetitions reduced.
struct CommPoint {
  double bytes = 0, distance = 1;
  double median = 0, min = 0, max = 0;
  size_t repetitions = 0;
  double spread() const { return median > 0 ? (max - min) / median : 0; }  // relative
};

// Throws InputError with file, line and column for malformed lines.
std::vector<CommSample> read_comm_csv(const std::string& path);
std::vector<CommSample> parse_comm_csv(std::istream& in, const std::string& name);
std::string comm_csv(const std::vector<CommSample>& samples);
std::vector<CommPoint> comm_points(const std::vector<CommSample>& samples);

struct CommFitOptions {
  std::string model;  // packet, hockney, loggp
  double header_bytes = 0;  // packet: h, known from the protocol, not fitted
  double packet_bytes = 0;  // packet: p; 0 = chosen by the fit from the sizes measured
};

struct CommFitPoint {
  CommPoint point;
  double predicted = 0;
  double relative_error() const { return (predicted - point.median) / point.median; }
};

struct CommFit {
  std::string model;
  std::map<std::string, double> parameters;  // SI units, names of the hardware schema
  std::vector<CommFitPoint> residuals;
  double rms_relative = 0;  // root mean square of the relative errors
  double max_relative = 0;
  std::vector<std::string> notes;  // parameters the data cannot separate, and what was done
};

// Least squares on relative errors (every size counts alike, from 100 bytes
// to megabytes). Throws InputError when there are too few distinct points
// or the result is not physical (a negative bandwidth).
CommFit fit_comm_model(const std::vector<CommPoint>& points, const CommFitOptions& o);

}  // namespace pacer
