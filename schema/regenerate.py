"""Regenerate what is generated from printkit's models and committed: schema/kit.schema.json.

Run it after changing a model (src/printkit/kit/shared.py, kit/table_spec.py, kinds/NAME/model.py), review the
diff, commit it with the change:

    python schema/regenerate.py

tests/test_schema.py fails while the file differs from what the models generate. The guide's
field reference is not committed: the docs site makes it from the same models at every build
(docs/hooks/reference.py).
"""

from __future__ import annotations

from pathlib import Path

from printkit.commands.schema import schema_text
from printkit.output.files import write_atomic

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "schema" / "kit.schema.json"


def main() -> None:
    write_atomic(SCHEMA, schema_text().encode("utf-8"))
    print(f"wrote {SCHEMA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
