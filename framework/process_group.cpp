#include "framework/process_group.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <unistd.h>

#include "framework/error.hpp"
#include "framework/module.hpp"
#include "framework/mpi_module.hpp"

namespace pacer {

namespace {

struct Group {
  int rank = 0, size = 1;
};

// Open MPI's mpirun names the job's size in each process's environment; a
// job of one needs no MPI at all.
const Group& group() {
  static const Group g = [] {
    Group out;
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (!size || std::atoi(size) <= 1) return out;
    module_api<MpiModuleApi>(mpi_module_name, mpi_module_entry).start(&out.rank, &out.size);
    return out;
  }();
  return g;
}

// A rank's share on the wire: a kind byte, then either the failure's message
// or, per item, its count of numbers and the numbers (native byte order:
// the ranks of one job run one build of pacer).
enum Kind : char { Done = 0, BadInput = 2, CannotMeasure = 3, Failed = 1 };

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
T take(const std::string& in, size_t& at) {
  if (at + sizeof(T) > in.size()) throw std::runtime_error("a rank's results arrived cut short");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

std::string encode(const ItemResults& results) {
  std::string out(1, Done);
  for (const auto& r : results) {
    put<std::uint64_t>(out, r.size());
    out.append(reinterpret_cast<const char*>(r.data()), r.size() * sizeof(double));
  }
  return out;
}

std::string failure(Kind kind, const char* message) { return std::string(1, kind) + message; }

// Runs compute, catching what it throws as this rank's share.
std::string computed_share(const std::vector<size_t>& mine,
                           const std::function<ItemResults(const std::vector<size_t>&)>& compute) {
  try {
    ItemResults r = compute(mine);
    if (r.size() != mine.size()) return failure(Failed, "a study returned a result count unlike its item count");
    return encode(r);
  } catch (const InputError& e) {
    return failure(BadInput, e.what());
  } catch (const Unavailable& e) {
    return failure(CannotMeasure, e.what());
  } catch (const std::exception& e) {
    return failure(Failed, e.what());
  }
}

// The same input fails the same way on every rank, so a failure's message is
// the single process's; only an internal error names its rank.
[[noreturn]] void rethrow(const std::string& share, int rank) {
  const std::string message = share.substr(1);
  if (share[0] == BadInput) throw InputError(message);
  if (share[0] == CannotMeasure) throw Unavailable(message);
  throw std::runtime_error("rank " + std::to_string(rank) + ": " + message);
}

const MpiModuleApi& mpi() { return module_api<MpiModuleApi>(mpi_module_name, mpi_module_entry); }

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "localhost";
  return name;
}

}  // namespace

int process_rank() { return group().rank; }
int process_count() { return group().size; }

ItemResults share_items(size_t count, const std::function<ItemResults(const std::vector<size_t>&)>& compute) {
  const Group& g = group();
  std::vector<size_t> mine;
  for (size_t i = size_t(g.rank); i < count; i += size_t(g.size)) mine.push_back(i);
  if (g.size == 1) return compute(mine);
  const std::vector<std::string> shares = mpi().gather(computed_share(mine, compute));
  if (g.rank != 0) return {};
  for (int r = 0; r < g.size; ++r)
    if (shares[size_t(r)].empty() || shares[size_t(r)][0] != Done) rethrow(shares[size_t(r)], r);
  ItemResults out(count);
  for (int r = 0; r < g.size; ++r) {
    size_t at = 1;
    for (size_t i = size_t(r); i < count; i += size_t(g.size)) {
      const auto n = take<std::uint64_t>(shares[size_t(r)], at);
      out[i].resize(n);
      for (auto& v : out[i]) v = take<double>(shares[size_t(r)], at);
    }
  }
  return out;
}

std::vector<std::string> gather_at_root(const std::string& mine) {
  return process_count() == 1 ? std::vector<std::string>{mine} : mpi().gather(mine);
}

std::vector<std::string> process_hosts() {
  return process_count() == 1 ? std::vector<std::string>{host_name()} : mpi().all_gather(host_name());
}

}  // namespace pacer
