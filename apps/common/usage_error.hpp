// The error every command throws for a mistake in how it was called (a bad option value, an
// unreadable file): each command's main catches it and exits with its usage status (2).
#pragma once

#include <stdexcept>

namespace apps_common {

/// A mistake in how the command was called; the message names the option or file and what is wrong.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace apps_common
