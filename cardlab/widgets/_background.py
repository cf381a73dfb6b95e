"""Long simulations off the kernel's main thread: a widget's click starts a run and returns at once.

A :class:`BackgroundRun` plays one run at a time on a worker thread, piece by piece (an iterator of pieces, e.g.
``Question.sample_chunks``). After each piece it calls the widget back (the chart and the reading grow as the
deals come in); a new ``start`` replaces the run in progress, which stops at its next piece and is never shown
again; ``stop()`` ends the run in progress after the piece it is playing, keeping what it has. Widget updates from
the worker thread reach the page as those of the odds panel do (ipykernel sends them from any thread).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Any

__all__ = ["BackgroundRun"]

# one worker for every widget's simulations: two runs at once would only share the same cores
_SIMULATION_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-simulation")


class BackgroundRun:
    """One run at a time on the simulation worker: ``start(pieces, on_piece, on_end)``, ``stop()``, ``cancel()``,
    ``wait()``.

    ``on_piece(piece)`` runs on the worker after each piece of the current run; ``on_end(stopped, error)`` once
    at its end (``stopped``: True after ``stop()``; ``error``: the exception a piece raised, or None). A run that
    a newer ``start`` replaced calls neither again. The callbacks hold ``lock`` (hold it too to change what they
    read), so two of them never overlap, and ``running`` is False once ``on_end`` has run."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self._ticket = 0  # the newest run; an older one stops at its next piece
        self._stop = False
        self._job: Future[None] | None = None

    @property
    def running(self) -> bool:
        """Is a run going on (or waiting for the worker)?"""
        job = self._job
        return job is not None and not job.done()

    def start(self, pieces: Iterable[Any], on_piece: Callable[[Any], None],
              on_end: Callable[[bool, BaseException | None], None]) -> None:
        """Replace the run in progress, if any, by a run over ``pieces``; returns at once."""
        with self.lock:
            self._ticket += 1
            ticket = self._ticket
            self._stop = False
            if self._job is not None:
                self._job.cancel()  # not yet begun: it never will
            self._job = _SIMULATION_WORKER.submit(self._run, ticket, pieces, on_piece, on_end)

    def cancel(self) -> None:
        """Drop the run in progress: it stops at its next piece and calls back nothing more."""
        with self.lock:
            self._ticket += 1
            if self._job is not None:
                self._job.cancel()

    def stop(self) -> None:
        """End the run in progress after the piece it is playing (what it has so far stays shown)."""
        with self.lock:
            self._stop = True

    def wait(self) -> None:
        """Wait until the newest run has ended (its ``on_end`` has run); an error of a piece is raised here."""
        job = self._job
        if job is None:
            return
        try:
            job.result()
        except CancelledError:
            pass

    def _current(self, ticket: int) -> bool:
        return ticket == self._ticket

    def _run(self, ticket: int, pieces: Iterable[Any], on_piece: Callable[[Any], None],
             on_end: Callable[[bool, BaseException | None], None]) -> None:
        error: BaseException | None = None
        stopped = False
        try:
            for piece in pieces:
                with self.lock:
                    if not self._current(ticket):
                        return  # replaced by a newer run: nothing of this one is shown again
                    on_piece(piece)
                    if self._stop:
                        stopped = True
                        break
        except Exception as failure:  # noqa: BLE001 - the widget shows it; wait() raises it again
            error = failure
        with self.lock:
            if self._current(ticket):
                on_end(stopped, error)
        if error is not None:
            raise error
