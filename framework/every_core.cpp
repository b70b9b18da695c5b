#include "framework/every_core.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <omp.h>
#include <thread>
#include <vector>

namespace pacer {

void on_every_core(std::size_t count, const std::function<void(std::size_t)>& task) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex first_error;
  std::size_t error_task = count;
  std::exception_ptr error;
  const auto work = [&] {
    for (std::size_t i; !failed && (i = next++) < count;) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(first_error);
        if (i < error_task) error_task = i, error = std::current_exception();
        failed = true;
      }
    }
  };
  // Inside an OpenMP team (the sampling study's training sets, restarts) the
  // cores are taken already: the tasks run on the calling thread.
  const std::size_t cores = omp_in_parallel() ? 1 : std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < std::min(cores, count); ++i) helpers.emplace_back(work);
  work();
  for (auto& h : helpers) h.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace pacer
