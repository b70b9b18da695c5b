// How fast the memory shared with the host's other tenants is now: the rate
// one core reads a buffer larger than the machine's level 3. On this project's
// machines their traffic slows it for seconds at a time (44 GB/s falling to
// 26 and back within ten seconds), and a memory-bound kernel's time moves
// with it, while steal time in /proc/stat shows nothing. A study probes
// around each round of runs and keeps for its estimate the rounds the memory
// was undisturbed in (studies/measurement.hpp).
#pragma once
#include <cstddef>
#include <memory>

#include "framework/hardware.hpp"

namespace pacer {

// A buffer a probe of `hw`'s memory reads: 64 MiB, or four times its level 3
// when that is larger, so that the probe reads memory and not a cache.
std::size_t memory_probe_bytes(const Hardware& hw);

class MemoryProbe {
 public:
  // `bytes` of buffer, touched once here so that a probe reads memory and
  // does not fault pages in.
  explicit MemoryProbe(std::size_t bytes = std::size_t{64} << 20);
  ~MemoryProbe();
  MemoryProbe(const MemoryProbe&) = delete;
  MemoryProbe& operator=(const MemoryProbe&) = delete;

  // Bytes a second of the fastest of a few reads of the whole buffer (the
  // fastest is what the memory gives when its other users let it),
  // remembered in quiet_rate().
  double probe();
  // The highest probe() so far: the memory undisturbed, as far as this
  // study saw it.
  double quiet_rate() const { return quiet_; }

 private:
  double read_rate() const;
  struct Buffer;
  std::unique_ptr<Buffer> buffer_;
  double quiet_ = 0;
};

}  // namespace pacer
