#include "apps/common/writer.hpp"

#include <cerrno>
#include <cstring>

#include "apps/common/search_progress.hpp"

namespace apps_common {

bool Writer::flush() {
  if (pipe_closed_ || !error_.empty()) return false;
  if (!buf_.empty()) {
    clear_search_progress();  // a search's progress line on the terminal, if one is drawn
    errno = 0;
    const std::size_t n = std::fwrite(buf_.data(), 1, buf_.size(), out_);
    const bool short_write = n != buf_.size();
    buf_.clear();
    if (short_write || std::fflush(out_) != 0) {
      if (errno == EPIPE) pipe_closed_ = true;
      else error_ = std::string("write error: ") + std::strerror(errno != 0 ? errno : EIO);
      return false;
    }
  }
  return true;
}

}  // namespace apps_common
