#include "studies/memory_probe.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace pacer {

namespace {

// Four independent 16-byte sums (the vectors every x86-64 and AArch64 core
// has in registers): the loads, not an addition chain, set the rate. The
// sums leave through a volatile store after the loop. A first version with
// 32-byte vectors (lowered through the stack without AVX) and a barrier on
// the sums' addresses ran at the rate of its own stores: 25 GB/s where
// memory gives 42.
using Lanes = std::uint64_t __attribute__((vector_size(16)));

volatile std::uint64_t sink;

double seconds_to_read(const Lanes* a, std::size_t n) {
  Lanes s0{}, s1{}, s2{}, s3{};
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i + 3 < n; i += 4) s0 += a[i], s1 += a[i + 1], s2 += a[i + 2], s3 += a[i + 3];
  s0 += s1 + s2 + s3;
  sink = s0[0] + s0[1];
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

constexpr int reads_per_probe = 3;

}  // namespace

std::size_t memory_probe_bytes(const Hardware& hw) {
  const double level3 = hw.has("memory", "l3_size") ? hw.require("memory", "l3_size", "the memory probe").value : 0;
  return std::max(std::size_t{64} << 20, static_cast<std::size_t>(4 * level3));
}

struct MemoryProbe::Buffer {
  std::vector<Lanes> data;  // value-initialised: every page written once
};

MemoryProbe::MemoryProbe(std::size_t bytes)
    : buffer_(std::make_unique<Buffer>(Buffer{std::vector<Lanes>(bytes / sizeof(Lanes))})) {}
MemoryProbe::~MemoryProbe() = default;

double MemoryProbe::read_rate() const {
  double fastest = 0;
  for (int k = 0; k < reads_per_probe; ++k) {
    const double t = seconds_to_read(buffer_->data.data(), buffer_->data.size());
    if (t > 0) fastest = std::max(fastest, static_cast<double>(buffer_->data.size() * sizeof(Lanes)) / t);
  }
  return fastest;
}

double MemoryProbe::probe() {
  const double rate = read_rate();
  quiet_ = std::max(quiet_, rate);
  return rate;
}

}  // namespace pacer
