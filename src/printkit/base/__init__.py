"""What every part of printkit stands on: errors, units, the user's cache and config files, progress."""
