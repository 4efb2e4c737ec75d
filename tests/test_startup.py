"""What a build imports: pydantic without asyncio (typing_extensions 4.16 no longer loads it), and no
paragraph engine of reportlab's. Each case runs in a fresh interpreter, where the test runner has imported nothing."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def fresh_python(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_build_loads_neither_asyncio_nor_reportlabs_paragraph_engine(tmp_path):
    out = fresh_python(
        f"""
        import sys
        from printkit.cli import main
        try:
            main(["build", "kpn", "-o", {str(tmp_path / "kpn.pdf")!r}])
        except SystemExit as exit:
            assert not exit.code, exit.code
        print(sorted(name for name in sys.modules if name == "asyncio" or name.startswith("reportlab.platypus")))
        """
    )
    assert out.splitlines()[-1] == "[]"


def test_the_console_entry_leaves_its_objects_to_the_end_of_the_process_and_tests_do_not():
    out = fresh_python(
        """
        import gc, sys
        from printkit.cli import main
        main(["list"])
        print(gc.get_freeze_count() == 0)
        sys.argv = ["printkit", "list"]
        main()
        print(gc.get_freeze_count() > 0, gc.isenabled())
        """
    )
    lines = out.splitlines()
    assert lines[0] == lines[7] and lines[0].split() == ["kit", "title", "players", "languages", "pages"]
    assert (lines[6], lines[-1]) == ("True", "True True")
