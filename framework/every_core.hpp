// Independent tasks shared out over the machine's cores: each thread takes
// the next task in turn. For the few large inputs that cost more to read or
// write than to model (a million-iteration workload file and its JSON).
#pragma once
#include <cstddef>
#include <functional>

namespace pacer {

// Runs task(0) .. task(count - 1), each once, on up to one thread per core
// (on the calling thread alone inside an OpenMP parallel region), and
// returns when all are done. An exception leaves the remaining tasks
// undone; the one of the lowest task is rethrown, as a loop would have.
void on_every_core(std::size_t count, const std::function<void(std::size_t)>& task);

}  // namespace pacer
