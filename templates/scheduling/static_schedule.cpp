// OpenMP's schedule(static): without a chunk size, thread t gets one block
// of n/T iterations, the first n mod T threads one more (as libgomp does);
// with a chunk size, chunks are dealt to threads round-robin.
#include "templates/scheduling/strategies.hpp"

namespace pacer::sched {

namespace {

class Static final : public Strategy {
 public:
  explicit Static(size_t chunk) : chunk_(chunk) {}
  std::string name() const override { return chunk_ ? "static," + std::to_string(chunk_) : "static"; }
  bool planned() const override { return true; }

  Plan plan(const std::vector<double>& loads, int threads, const std::vector<double>&) const override {
    size_t n = loads.size(), T = static_cast<size_t>(threads);
    Plan p;
    Assignment& a = p.assignment;
    a.threads = threads;
    a.offsets.assign(T + 1, 0);
    a.iterations.resize(n);
    p.dispatches.assign(T, 0);
    if (!chunk_) {
      size_t q = n / T, r = n % T;
      for (size_t t = 0; t < T; ++t) {
        a.offsets[t + 1] = a.offsets[t] + q + (t < r ? 1 : 0);
        p.dispatches[t] = a.offsets[t + 1] > a.offsets[t] ? 1 : 0;
      }
      for (size_t i = 0; i < n; ++i) a.iterations[i] = i;
      return p;
    }
    size_t nchunks = (n + chunk_ - 1) / chunk_;
    size_t k = 0;
    for (size_t t = 0; t < T; ++t) {
      for (size_t c = t; c < nchunks; c += T) {
        for (size_t i = c * chunk_; i < std::min(n, (c + 1) * chunk_); ++i) a.iterations[k++] = i;
        ++p.dispatches[t];
      }
      a.offsets[t + 1] = k;
    }
    return p;
  }

 private:
  size_t chunk_;
};

}  // namespace

std::unique_ptr<Strategy> make_static(size_t chunk) { return std::make_unique<Static>(chunk); }

}  // namespace pacer::sched
