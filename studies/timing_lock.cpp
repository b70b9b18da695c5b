#include "studies/timing_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace pacer {

TimingLock::TimingLock() {
  const std::string path = (std::filesystem::temp_directory_path() / "pacer-timing.lock").string();
  // Readable and writable by every user, whoever made it first.
  const mode_t old_mask = umask(0);
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  umask(old_mask);
  if (fd_ < 0) return;  // no lock to take (a read-only temporary folder): time anyway
  while (flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
  }
}

TimingLock::~TimingLock() {
  if (fd_ >= 0) close(fd_);  // releases the lock
}

}  // namespace pacer
