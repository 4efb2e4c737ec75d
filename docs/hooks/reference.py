"""MkDocs hook: the field reference page, generated from printkit's models at every docs build.

The page is `printkit schema --markdown` (the models' own descriptions, the same ones that check a
kit and make the JSON Schema) under a title, so it is never written by hand and never out of date.
It runs the installed printkit's command line, as a user would, rather than importing its modules.
"""

from __future__ import annotations

import re
import subprocess
import sys

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

PAGE = "reference.md"
INTRO = """# Field reference

Every field of every part of a kit file, generated from printkit's models (the same ones that
check your kit and produce the JSON Schema, `printkit schema`) when this site is built, so it is
always complete and current. `printkit schema --markdown` prints this page's tables.

"""


def schema_markdown() -> str:
    """What `printkit schema --markdown` prints, by the Python that runs MkDocs."""
    command = [sys.executable, "-m", "printkit", "schema", "--markdown"]
    return subprocess.run(command, check=True, capture_output=True, text=True, encoding="utf-8").stdout


def reference_page(markdown: str) -> str:
    """The page: the title, then each model's section one heading level up (the reference's `###`
    sections sit under the page's title)."""
    return INTRO + re.sub(r"^### ", "## ", markdown, flags=re.MULTILINE)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(File.generated(config, PAGE, content=reference_page(schema_markdown())))
    return files
