// Self-scheduling: an idle thread takes the next chunk from a shared
// counter, so only the chunk sizes differ between these strategies.
//  - dynamic (OpenMP): always the chunk size k (default 1).
//  - guided (as libgomp): ceil(remaining / T), never below k.
//  - tss, trapezoid self-scheduling (Tzen and Ni 1993): chunks fall
//    linearly from f = ceil(n / 2T) to l = k (default 1) over
//    N = ceil(2n / (f + l)) chunks.
//  - fac2, factoring with x = 2 (Hummel et al. 1992): batches of T equal
//    chunks, each ceil(R / 2T) for the R iterations left at the batch's
//    start, never below k.
#include <algorithm>
#include <cmath>

#include "templates/scheduling/strategies.hpp"

namespace pacer::sched {

namespace {

class SelfScheduled : public Strategy {
 public:
  SelfScheduled(const char* name, size_t chunk, bool chunk_given) : name_(name), chunk_(chunk), given_(chunk_given) {}
  std::string name() const override { return given_ ? name_ + "," + std::to_string(chunk_) : name_; }
  bool planned() const override { return false; }

 protected:
  std::string name_;
  size_t chunk_;
  bool given_;
};

struct FixedChunks final : ChunkRule {
  explicit FixedChunks(size_t k) : k(k) {}
  size_t next(size_t remaining) override { return std::min(k, remaining); }
  size_t k;
};

struct GuidedChunks final : ChunkRule {
  GuidedChunks(size_t k, size_t T) : k(k), T(T) {}
  size_t next(size_t remaining) override { return std::min(remaining, std::max(k, (remaining + T - 1) / T)); }
  size_t k, T;
};

struct TrapezoidChunks final : ChunkRule {
  TrapezoidChunks(size_t n, size_t T, size_t last) : last(double(last)) {
    first = std::max(this->last, std::ceil(double(n) / double(2 * T)));
    double count = std::ceil(2.0 * double(n) / (first + this->last));
    step = count > 1 ? (first - this->last) / (count - 1) : 0;
  }
  size_t next(size_t remaining) override {
    double size = std::max(last, std::floor(first - step * double(taken++)));
    return std::min(remaining, size_t(size));
  }
  double first, last, step;
  size_t taken = 0;
};

struct FactoringChunks final : ChunkRule {
  FactoringChunks(size_t k, size_t T) : k(k), T(T) {}
  size_t next(size_t remaining) override {
    if (left_in_batch == 0) {
      size = std::max(k, (remaining + 2 * T - 1) / (2 * T));
      left_in_batch = T;
    }
    --left_in_batch;
    return std::min(size, remaining);
  }
  size_t k, T, size = 0, left_in_batch = 0;
};

class Dynamic final : public SelfScheduled {
 public:
  explicit Dynamic(size_t chunk) : SelfScheduled("dynamic", chunk ? chunk : 1, chunk != 0) {}
  std::unique_ptr<ChunkRule> chunks(size_t, int) const override { return std::make_unique<FixedChunks>(chunk_); }
};

class Guided final : public SelfScheduled {
 public:
  explicit Guided(size_t chunk) : SelfScheduled("guided", chunk ? chunk : 1, chunk != 0) {}
  std::unique_ptr<ChunkRule> chunks(size_t, int T) const override {
    return std::make_unique<GuidedChunks>(chunk_, size_t(T));
  }
};

class Trapezoid final : public SelfScheduled {
 public:
  explicit Trapezoid(size_t chunk) : SelfScheduled("tss", chunk ? chunk : 1, chunk != 0) {}
  std::unique_ptr<ChunkRule> chunks(size_t n, int T) const override {
    return std::make_unique<TrapezoidChunks>(n, size_t(T), chunk_);
  }
};

class Factoring final : public SelfScheduled {
 public:
  explicit Factoring(size_t chunk) : SelfScheduled("fac2", chunk ? chunk : 1, chunk != 0) {}
  std::unique_ptr<ChunkRule> chunks(size_t, int T) const override {
    return std::make_unique<FactoringChunks>(chunk_, size_t(T));
  }
};

}  // namespace

std::unique_ptr<Strategy> make_dynamic(size_t chunk) { return std::make_unique<Dynamic>(chunk); }
std::unique_ptr<Strategy> make_guided(size_t chunk) { return std::make_unique<Guided>(chunk); }
std::unique_ptr<Strategy> make_trapezoid(size_t chunk) { return std::make_unique<Trapezoid>(chunk); }
std::unique_ptr<Strategy> make_factoring(size_t chunk) { return std::make_unique<Factoring>(chunk); }

}  // namespace pacer::sched
