"""Words: languages, printkit's own messages, plurals, placeholders, typography, icon characters."""
