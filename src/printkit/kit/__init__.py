"""A kit file read into a typed kit: YAML with lines, the path policy, tables, the models."""
