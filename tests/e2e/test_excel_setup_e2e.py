"""excel-setup asks a Python whether it imports keizer_xl by itself (a fresh interpreter)."""
from __future__ import annotations

from pathlib import Path


def test_a_python_that_cannot_import_keizer_xl_gets_the_folder_that_holds_it(monkeypatch, tmp_path):
    """A source checkout that is not installed: the buttons' Python finds keizer_xl through
    the PYTHONPATH row, so that row must name the folder that holds the package (the import
    is checked for real, without site-packages: ``python -S``)."""
    import subprocess
    import sys

    from keizer_xl.clients import xlwings_conf

    real_run = subprocess.run

    def cannot_import(args, **kwargs):
        if args[1:] == ["-c", "import keizer_xl"]:
            return subprocess.CompletedProcess(args, 1)
        return real_run(args, **kwargs)

    monkeypatch.setattr(xlwings_conf.subprocess, "run", cannot_import)
    folder = xlwings_conf.pythonpath_for(sys.executable)
    assert folder is not None
    monkeypatch.undo()
    done = subprocess.run([sys.executable, "-S", "-c", "import keizer_xl; print(keizer_xl.__file__)"],
                          env={"PYTHONPATH": folder, "PATH": ""}, cwd=tmp_path, capture_output=True,
                          text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == Path(folder) / "keizer_xl" / "__init__.py"
