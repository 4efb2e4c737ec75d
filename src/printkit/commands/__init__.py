"""The commands behind `printkit` that are more than a build: export, new, printer, schema, watch."""
