// One timing at a time on a machine: pacer processes on one host (the ranks
// of an MPI job that share a node, or two users' studies) take turns to
// build and time kernels, so that one's compiling or running never slows
// what the other is timing. A lock on a file in the temporary folder
// (flock(2)), held while the object lives; it is released when the process
// ends, however it ends.
#pragma once

namespace pacer {

class TimingLock {
 public:
  TimingLock();  // waits for the lock
  ~TimingLock();
  TimingLock(const TimingLock&) = delete;
  TimingLock& operator=(const TimingLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace pacer
