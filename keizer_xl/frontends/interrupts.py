"""Ctrl+C and SIGTERM during a command: one KeyboardInterrupt in the command's own code, at any
moment, never a traceback (issues 16, 25 and 34).

While :func:`handling` is active both signals raise KeyboardInterrupt, which the command line
answers ("interrupted; nothing was written").  Python cannot raise from a finalizer or a weakref
callback (a ZipFile collected, an import lock released): an interrupt landing there is handed to
``sys.unraisablehook``, which would print "Exception ignored in ..." with a traceback and lose
it.  :func:`_interrupt_later` takes it instead and delivers it again to the main thread.

It is delivered by a short helper thread, never from the hook itself: a signal raised by the main
thread is handled at the next instruction that checks for one, which is inside the hook (right
after the call that raised it), and a KeyboardInterrupt raised inside the hook is exactly the
traceback this module exists to prevent (issue 34, seen under load).  For the same reason the
handler itself, when it finds the hook on the stack (the helper came quickly, or a second Ctrl+C),
hands the signal to a helper again instead of raising.  Where ``pthread_kill`` exists the helper
sends a real SIGINT to the main thread, so the sections that block signals
(``clients.temp_files.signals_deferred``) hold it back as they hold back the user's own.
"""
from __future__ import annotations

import _thread
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

# the main thread's id while a command runs under handling(), else None: a helper that comes
# after the command has ended sends nothing
_COMMAND: list[int | None] = [None]


def _stop(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGINT and SIGTERM during a command."""
    while frame is not None:
        if frame.f_code is _interrupt_later.__code__:  # never raised inside the hook
            _deliver_again()
            return None
        frame = frame.f_back
    raise KeyboardInterrupt


def _interrupt_later(unraisable: Any) -> None:
    """``sys.unraisablehook`` during a command: an interrupt swallowed by a finalizer is
    delivered again; anything else is Python's to print."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _deliver_again()
        return
    sys.__unraisablehook__(unraisable)


def _deliver_again() -> None:
    # no thread can start (the interpreter shutting down): the command ends anyway
    with suppress(RuntimeError):
        _thread.start_new_thread(_send, ())


def _send() -> None:  # in the helper thread
    main = _COMMAND[0]
    if main is None:  # the command has ended meanwhile
        return
    kill = getattr(signal, "pthread_kill", None)
    if kill is not None:
        kill(main, signal.SIGINT)
    else:  # Windows: no per-thread signals; the same trip, outside the hook
        _thread.interrupt_main()


@contextmanager
def handling() -> Iterator[None]:
    """SIGINT and SIGTERM raise KeyboardInterrupt in the command's code while the block runs
    (in the main thread; elsewhere the block runs with the process's handlers as they are)."""
    try:
        previous = {sig: signal.signal(sig, _stop)
                    for sig in (signal.SIGINT, getattr(signal, "SIGTERM", signal.SIGINT))}
    except (ValueError, OSError):  # not the main thread
        yield
        return
    hook = sys.unraisablehook
    sys.unraisablehook = _interrupt_later
    _COMMAND[0] = _thread.get_ident()
    try:
        yield
    finally:
        _COMMAND[0] = None
        sys.unraisablehook = hook
        for sig, handler in previous.items():
            signal.signal(sig, handler)
