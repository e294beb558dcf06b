"""Real `keizer-xl` processes, started quickly: a server that has imported keizer-xl forks one
child per command (no second interpreter start-up, ~5 ms instead of ~1.5 s a run).

Used by the tests that race two runs or kill a run at a random moment: each child is a separate
process with its own file descriptors and locks, killed and reaped like any `keizer-xl` run.

Protocol (one JSON line each way): ``{"run": [argv...], "out": path}`` -> ``{"pid": n}``;
``{"wait": pid}`` -> ``{"status": code}`` (exit code, or -signal when killed).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path


def serve() -> None:  # pragma: no cover - runs in the server process
    from keizer_xl.frontends.cli import main
    import keizer_xl.clients.xlsx
    # loaded once here, before the fork, so each forked command starts with them in memory
    import keizer_xl.clients.files  # noqa: F401 - preloaded, see above
    import openpyxl.writer.excel  # noqa: F401 - preloaded, see above
    import pandas  # noqa: F401 - preloaded, see above

    for line in sys.stdin:
        req = json.loads(line)
        if "run" in req:
            pid = os.fork()
            if pid == 0:
                code = 70
                try:
                    fd = os.open(req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(fd, 1)
                    os.dup2(fd, 2)
                    sys.stdin.close()
                    os.environ.update(req.get("env") or {})
                    _slow_write(os.environ.get("KEIZER_XL_TEST_SLOW_WRITE"))
                    # as in a terminal: Ctrl+C raises KeyboardInterrupt (a background job, as
                    # under CI, starts with SIGINT ignored)
                    signal.signal(signal.SIGINT, signal.default_int_handler)
                    code = main(req["run"])
                    sys.stdout.flush()
                    sys.stderr.flush()
                except KeyboardInterrupt:  # before main() took over: as a shell reports it
                    code = 130
                finally:
                    os._exit(code)
            print(json.dumps({"pid": pid}), flush=True)
        elif "wait" in req:
            _, status = os.waitpid(req["wait"], 0)
            code = os.waitstatus_to_exitcode(status)
            print(json.dumps({"status": code}), flush=True)


def _slow_write(seconds: str | None) -> None:  # pragma: no cover - runs in a child
    """A workbook save that writes half its bytes, waits ``seconds`` and writes the rest: the
    temporary file exists, half written, for that long (a slow disk), so that a kill lands
    inside the write often enough to test it; the save itself is a few ms (issue 25)."""
    if not seconds:
        return
    import io
    import time

    from keizer_xl.clients.xlsx import save

    real = save._save_workbook

    def slowly(wb, fh):  # type: ignore[no-untyped-def]
        buffer = io.BytesIO()
        real(wb, buffer)
        data = buffer.getvalue()
        fh.write(data[:len(data) // 2])
        fh.flush()
        time.sleep(float(seconds))
        fh.write(data[len(data) // 2:])
    save._save_workbook = slowly


class ForkRunner:
    """The test side: start the server, run commands, wait for or kill them."""

    def __init__(self, cwd: Path):
        root = Path(__file__).resolve().parents[2]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(root), str(root / "tests")] +
                                            ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        serve = "from support import forkrunner; forkrunner.serve()"
        self.proc = subprocess.Popen([sys.executable, "-c", serve],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     cwd=cwd, env=env)
        self.outputs = 0
        self.cwd = cwd

    def _ask(self, req: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the fork server died")
        return json.loads(line)

    def start(self, *argv: object, env: dict[str, str] | None = None) -> tuple[int, Path]:
        self.outputs += 1
        out = self.cwd / f"run-{self.outputs}.log"
        req = {"run": [str(a) for a in argv], "out": str(out), "env": env or {}}
        return self._ask(req)["pid"], out

    def wait(self, pid: int) -> int:
        return int(self._ask({"wait": pid})["status"])

    def run(self, *argv: object, env: dict[str, str] | None = None) -> tuple[int, str]:
        pid, out = self.start(*argv, env=env)
        code = self.wait(pid)
        return code, out.read_text(encoding="utf-8", errors="replace")

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)

    def __enter__(self) -> ForkRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
