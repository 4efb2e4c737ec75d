"""The commands of `printkit`, one module each, named after the command (export-tts: export_tts.py;
`build --watch`: watch.py), as MkDocs names its own. cli.py parses a command line into the
command's value in options.py and calls the module; a module composes the pipeline's stages.
Supporting modules of one command sit beside it (new_from_table.py for `new --deck-from`)."""
