"""What printkit writes: files and folders written atomically, the manifest, the cut file, reprints."""
