"""A kit's facts: the invariant language and the provenance of derived numbers."""
