"""Many games with agents: one row per deal (or match) in a pandas DataFrame, and estimates with error bars.

    cardlab.simulate(game, 10_000, agents="random", seed=0)                  # in this process
    cardlab.simulate(game, 10_000, agents="random", seed=0, workers=2)       # on two processes, same table
    cardlab.simulate(game, 10_000, progress=True)                            # with a tqdm progress bar
    cardlab.simulate(game, 10_000, executor=pool)    # any concurrent.futures.Executor: a process pool, a cluster

Every row has its own seed, drawn from ``numpy.random.SeedSequence(seed)``, so row ``i`` can be replayed alone
with ``game.deal(seed=row_seed)`` (or ``game.match``), and the table does not depend on how it was split into
chunks or on how many processes played them. ``workers=`` starts that many processes (the "forkserver" start
method where there is one, else "spawn": both are safe with numpy), but never more than the machine has cores
(``os.cpu_count()``: more would only compete for them; the cap is quiet, as the table is the same for any number of
workers); the agents must then be given by name. In a
notebook that is all; a script that asks for workers must call ``simulate`` under ``if __name__ == "__main__":``
(the new processes import the script's main module, as with every multiprocessing program).

``executor=`` plays the chunks on an executor you made and keep: a ``concurrent.futures.ProcessPoolExecutor``, or a
Dask cluster's (``distributed.Client(...).get_executor()``). Each chunk is one task (the game by name and options,
the agents by name, the chunk's row seeds), so the table is again the same as in this process, whatever the
executor and ``chunk_size``. The executor is not shut down afterwards; on Ctrl-C the chunks not started are
cancelled.

Bounds: at most ``MAX_GAMES`` (1,000,000) games in one call: the table of a million deals already takes about a
gigabyte, and a million deals of the slowest game (Strike) take about an hour. Ctrl-C (KeyboardInterrupt) stops a
run between chunks, with the worker processes, and leaves no progress bar behind.
"""

from __future__ import annotations

import math
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

import numpy as np

if TYPE_CHECKING:
    from concurrent.futures import Executor

from cardlab.agents import AgentSpec, check_game, check_match, make_agents, play, seat_specs
from cardlab.engine import Game, RulesError, SeedLike, State, best_seats, load_game, normalise_seed, shown_value
from cardlab.i18n import messages

CHUNK_GAMES = 250  # games per chunk: a chunk is the unit of work of a worker and of a progress-bar step
MAX_GAMES = 1_000_000  # games in one simulate call (see the module docstring)

_errors = messages("simulate.errors", {
    "count_games": "the number of games must be a whole number 1 or more, at most {most:,}, got {value}",
    "count_deals": "the number of deals must be a whole number 1 or more, at most {most:,}, got {value}",
    "workers": "workers must be a whole number 1 or more (processes to use; more than the {cores} cores here are not "
               "started), got {value}",
    "workers_by_name": "with workers > 1 give the agents by name (e.g. 'random' or 'smart,random'): an agent object "
                       "lives in this process only, and its own random stream would make the table depend on how the "
                       "games were split between processes",
    "chunk_size": "chunk_size must be a whole number 1 or more, got {value}",
    "executor": "executor must be a concurrent.futures.Executor (a process pool, or a Dask client's get_executor()), "
                "got {value}",
    "executor_and_workers": "give either workers (processes started here) or an executor you made, not both",
})


Z95 = 1.96  # the normal quantile of a 95 % interval (both tails 2.5 %)


@overload
def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]: ...
@overload
def wilson_interval(successes: np.ndarray, n: np.ndarray | float, z: float = Z95) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def wilson_interval(successes: float, n: np.ndarray, z: float = Z95) -> tuple[np.ndarray, np.ndarray]: ...


def wilson_interval(successes: Any, n: Any, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval for a probability seen ``successes`` times in ``n`` trials: the p for which the
    share seen is within ``z`` standard errors √(p(1−p)/n) of p. Unlike share ± z·stderr it stays inside [0, 1]
    and has a width at 0 of n and n of n (never seeing an event is not proof that it cannot happen).
    Floats for numbers; arrays, element by element, for numpy arrays (e.g. a running count against 1, 2, …, k).

    >>> low, high = wilson_interval(0, 10)
    >>> round(low, 4), round(high, 4)
    (0.0, 0.2775)
    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    successes, n = np.asarray(successes, dtype=float), np.asarray(n, dtype=float)
    share = successes / n
    z2 = z * z
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(share * (1 - share) / n + z2 / (4 * n * n))
    # at 0 and n of n the interval ends on 0 or 1 exactly (centre ∓ half would miss it by a rounding error)
    low = np.where(successes <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
    high = np.where(successes >= n, 1.0, np.clip(centre + half, 0.0, 1.0))
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def is_zero_one(samples: np.ndarray) -> bool:
    """Are all ``samples`` 0 or 1 (a "did it happen?" outcome, whose mean is a probability)?"""
    return bool(np.all((samples == 0) | (samples == 1)))


@dataclass(frozen=True)
class Estimate:
    """A simulated probability or mean: value ± stderr from n samples, with a 95 % interval [low, high]
    (the Wilson interval for a probability, value ± 1.96·stderr for a mean)."""

    value: float
    stderr: float
    n: int
    low: float
    high: float

    @classmethod
    def from_samples(cls, samples: np.ndarray) -> Estimate:
        """The estimate of the mean of ``samples``: its standard error (infinite for a single sample) and 95 % interval:
        for 0/1 samples (bools too) the Wilson interval, which stays inside [0, 1] and keeps a width when every
        sample is 0 or every one is 1; for other numbers mean ± 1.96·stderr. ValueError for no samples at all."""
        samples = np.asarray(samples, dtype=float)
        n = samples.size
        if n == 0:
            raise ValueError("an estimate needs at least one sample")
        value = float(samples.mean())
        stderr = float(samples.std(ddof=1) / math.sqrt(n)) if n > 1 else float("inf")
        if is_zero_one(samples):
            low, high = wilson_interval(float(samples.sum()), n)
            return cls(value, stderr, n, low, high)
        return cls(value, stderr, n, value - Z95 * stderr, value + Z95 * stderr)

    def contains(self, x: float) -> bool:
        """Whether ``x`` lies in the 95 % interval [low, high]."""
        return self.low <= float(x) <= self.high

    def within(self, x: float, k: float = 4.0) -> bool:
        """Is ``x`` within ``k`` standard errors (the tests' agreement check)?"""
        return abs(self.value - float(x)) <= k * self.stderr

    def is_symmetric(self, decimals: int = 5) -> bool:
        """Is the interval value ± the same amount on both sides, to ``decimals`` places (a mean's is; a
        probability's Wilson interval leans towards 1/2)?"""
        return f"{self.high - self.value:.{decimals}f}" == f"{self.value - self.low:.{decimals}f}"

    def __str__(self) -> str:
        if self.is_symmetric():
            return f"{self.value:.5f} ± {self.high - self.value:.5f} (95 %, n = {self.n:,})"
        return f"{self.value:.5f} [{self.low:.5f}, {self.high:.5f}] (95 %, n = {self.n:,})"


def row_seeds(seed: SeedLike, n: int) -> list[int]:
    """``n`` independent 63-bit seeds, one per simulated deal or match (``n`` at most ``MAX_GAMES``)."""
    n = check_count(n, "games")
    words = np.random.SeedSequence(normalise_seed(seed)).generate_state(n, dtype=np.uint64)
    return [int(w) >> 1 for w in words]


def check_count(n: Any, what: str = "games", most: int = MAX_GAMES) -> int:
    """``n`` as an int if it is a whole number from 1 to ``most``; otherwise RulesError saying so.
    ``what``: "games" or "deals" (the word in the message)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= most:
        raise RulesError(str(_errors(f"count_{what}", most=most, value=shown_value(n))))
    return int(n)


def cores() -> int:
    """The processor cores of this machine (the most worker processes ``simulate`` starts)."""
    return os.cpu_count() or 1


# ----------------------------------------------------------------------------------------------------- progress
class Progress:
    """A progress report: a tqdm bar (``tqdm.auto``: the notebook flavour in Jupyter, text on stderr elsewhere),
    a callable ``progress(done, total)``, or nothing. ``update(k)`` adds k finished games."""

    def __init__(self, progress: bool | Callable[[int, int], Any] | None, total: int, unit: str,
                 description: str) -> None:
        self.total = total
        self.done = 0
        self._bar = None
        self._callback = None
        if callable(progress):
            self._callback = progress
        elif progress:
            from tqdm.auto import tqdm

            self._bar = tqdm(total=total, unit=unit, file=sys.stderr, desc=description)

    def update(self, k: int) -> None:
        """Count ``k`` more finished games, on the bar or to the callable."""
        self.done += k
        if self._bar is not None:
            self._bar.update(k)
        if self._callback is not None:
            self._callback(self.done, self.total)

    def close(self, clear: bool = False) -> None:
        """Finish the bar; ``clear``: take it off the screen (after an interruption, which reports itself)."""
        if self._bar is not None:
            if clear:
                self._bar.leave = False
            self._bar.close()


# ----------------------------------------------------------------------------------------------------- rows
# what a worker process needs to load the same game: (name, players, preset, rule options)
GameSpec = tuple[str, int, str, tuple[tuple[str, Any], ...]]


def game_spec(game: Game) -> GameSpec:
    """What a worker process needs to load the same game (a Game holds functions, which do not pickle)."""
    return game.name, game.players, game.rules.preset, tuple(game.rules.asdict().items())


_LOADED: dict[GameSpec, Game] = {}


def load_spec(spec: GameSpec) -> Game:
    """The game a ``GameSpec`` describes, loaded once per process and reused after that."""
    game = _LOADED.get(spec)
    if game is None:
        name, players, preset, options = spec
        game = _LOADED[spec] = load_game(name, players=players, preset=preset, **dict(options))
    return game


def result_row(state: State, row_seed: int, match: bool) -> dict[str, Any]:
    """The table row of one finished deal or match (the columns of ``simulate``)."""
    row: dict[str, Any] = {"seed": row_seed, "dealer": state.deals[0].dealer, "deals": len(state.deals)}
    values = state.totals() if match else state.scores()
    assert values is not None  # a played deal is over: it has its scores
    for seat, value in enumerate(values):
        row[f"{'total' if match else 'score'}_{seat}"] = value
    row["winners"] = tuple(state.winners())
    row["actions"] = sum(len(d.actions) for d in state.deals)
    if not match:
        row.update(state.deal.stats())
    return row


def play_rows(game: Game, agents: AgentSpec, seeds: Sequence[int], match: bool) -> list[dict[str, Any]]:
    """The table rows of the deals (or matches) that ``agents`` play from each of ``seeds``, in order: by the game's
    batch player where it plays these deals (the same rows, many deals at once), else by the engine."""
    names = None if match else batch_agents(game, agents)
    if names is None:
        return engine_rows(game, agents, seeds, match)
    columns = batch_columns(game, seeds, names)
    return [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]


def engine_rows(game: Game, agents: AgentSpec, seeds: Sequence[int], match: bool) -> list[dict[str, Any]]:
    """``play_rows`` by the engine alone, game after game (the reference a batch player is checked against)."""
    return [result_row(play(game, agents, seed=row_seed, match=match), row_seed, match) for row_seed in seeds]


def batch_agents(game: Game, agents: AgentSpec) -> tuple[str, ...] | None:
    """One agent name per seat when the game's batch player can play single deals with ``agents`` (names, as
    ``make_agents`` reads them) under the game's rules; None when the engine must play them."""
    player = game.definition.batch
    if player is None:
        return None
    names = seat_specs(game, agents)
    if not all(isinstance(name, str) for name in names):
        return None  # agent objects: only the engine can ask them
    return tuple(names) if player.can_play(game, names) else None


def batch_columns(game: Game, seeds: Sequence[int], agents: tuple[str, ...]) -> dict[str, list[Any]]:
    """The columns of ``simulate``'s table (seed, dealer, deals, scores, winners, actions, the deal's stats) for
    single deals the game's batch player plays from ``seeds`` with ``agents`` (one name per seat)."""
    player = game.definition.batch
    assert player is not None
    deals = player.play(game, list(seeds), agents, False)
    scores = np.asarray(deals.scores).tolist()
    columns: dict[str, list[Any]] = {"seed": [int(s) for s in seeds], "dealer": np.asarray(deals.dealer).tolist(),
                                     "deals": [1] * len(seeds)}
    for seat in range(game.players):
        columns[f"score_{seat}"] = [row[seat] for row in scores]
    columns["winners"] = [tuple(best_seats(row)) for row in scores]
    columns["actions"] = np.asarray(deals.actions).tolist()
    for name, values in deals.stats.items():
        columns[name] = values.tolist() if isinstance(values, np.ndarray) else list(values)
    return columns


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the main process, which stops the pool (and reports it once)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_rows(spec: GameSpec, agents: AgentSpec, seeds: Sequence[int], match: bool) -> list[dict[str, Any]]:
    """One chunk, played in a worker process (a module-level function, so every start method can import it)."""
    return play_rows(load_spec(spec), agents, seeds, match)


def start_method() -> str:
    """'forkserver' where the platform has it (Linux, macOS), else 'spawn'; never plain 'fork', which can
    deadlock a process that already runs numpy's threads."""
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _check_workers(workers: Any, agents: AgentSpec, game: Game, executor: Any = None) -> int:
    """The number of processes to use: ``workers`` capped at the machine's cores (and an executor, if given, is
    one; the agents then must be given by name, as for workers)."""
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise RulesError(str(_errors("workers", cores=cores(), value=shown_value(workers))))
    from concurrent.futures import Executor  # here: `import cardlab` leaves concurrent.futures alone

    if executor is not None and not isinstance(executor, Executor):
        raise RulesError(str(_errors("executor", value=shown_value(executor))))
    if executor is not None and workers > 1:
        raise RulesError(str(_errors("executor_and_workers")))
    make_agents(game, agents)  # unknown names and things that are not agents fail here, not after a chunk
    if (workers > 1 or executor is not None) and not all(isinstance(item, str) for item in seat_specs(game, agents)):
        raise RulesError(str(_errors("workers_by_name")))
    return min(int(workers), cores())


def simulate(game: Game, n: int, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
             progress: bool | Callable[[int, int], Any] | None = False, workers: int = 1,
             chunk_size: int = CHUNK_GAMES, executor: Executor | None = None) -> Any:
    """A pandas DataFrame with one row per deal (or match): seed, dealer, deals, scores (or match totals) per
    seat, winners, actions, and the game's own facts for a deal (e.g. Golyi's ``sweep`` and ``last_capturer``).

    ``game`` is a loaded game (``cardlab.load_game("golyi")``, not the name); ``n`` a whole number from 1 to
    ``MAX_GAMES``; ``agents`` as in ``cardlab.make_agents``; ``seed`` a whole number 0 or more or a numpy Generator.
    Anything else raises RulesError saying what is allowed.

    The games are played in chunks of ``chunk_size``; ``workers`` > 1 plays the chunks on that many processes
    (at most one per core: a larger number is quietly capped at ``os.cpu_count()``); ``executor``, an
    executor of your own (a process pool, a Dask cluster's), plays them there instead.
    The table is the same for every ``workers``, ``executor`` and ``chunk_size``: row i is always the game of row
    seed i.
    ``progress``: True for a tqdm bar, or a callable ``progress(done, total)`` called after each chunk.
    """
    return _simulate(game, n, agents, seed, match, progress, workers, chunk_size, executor, keep_partial=False)[0]


def simulate_so_far(game: Game, n: int, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
                    progress: bool | Callable[[int, int], Any] | None = False, workers: int = 1,
                    chunk_size: int = CHUNK_GAMES, executor: Executor | None = None) -> tuple[Any, bool]:
    """``simulate(...)`` and False; or, when Ctrl-C stops it after some chunks, the table of the games before the
    first unfinished chunk (the first rows ``simulate`` would give) and True. Ctrl-C before any chunk is done
    still raises."""
    return _simulate(game, n, agents, seed, match, progress, workers, chunk_size, executor, keep_partial=True)


def _simulate(game: Game, n: int, agents: AgentSpec, seed: SeedLike, match: bool,
              progress: bool | Callable[[int, int], Any] | None, workers: int, chunk_size: int,
              executor: Executor | None, keep_partial: bool) -> tuple[Any, bool]:
    import pandas as pd

    game = check_game(game, "simulate")
    n = check_count(n, "games")
    match = check_match(match)
    workers = _check_workers(workers, agents, game, executor)
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, (int, np.integer)) or chunk_size < 1:
        raise RulesError(str(_errors("chunk_size", value=shown_value(chunk_size))))
    seeds = row_seeds(seed, n)
    size = int(chunk_size)
    chunks = [seeds[i:i + size] for i in range(0, n, size)]
    bar = Progress(progress, n, "match" if match else game.definition.deal_word, game.title)
    parts: list[list[dict[str, Any]] | None] = [None for _ in chunks]
    interrupted = False
    try:
        if executor is not None:
            _play_on(executor, game, agents, chunks, match, parts, bar)
        elif workers == 1 or len(chunks) == 1:
            for i, chunk in enumerate(chunks):
                parts[i] = play_rows(game, agents, chunk, match)
                bar.update(len(chunk))
        else:
            _play_on_workers(game, agents, chunks, match, min(workers, len(chunks)), parts, bar)
    except KeyboardInterrupt:
        interrupted = True
        if not (keep_partial and parts[0] is not None):
            raise
    finally:
        bar.close(clear=interrupted)
    done = []
    for part in parts:
        if part is None:  # the first chunk not finished: the table stops before it
            break
        done.extend(part)
    return pd.DataFrame(done), interrupted


def _play_on_workers(game: Game, agents: AgentSpec, chunks: list[list[int]], match: bool, workers: int,
                     parts: list[list[dict[str, Any]] | None], bar: Progress) -> None:
    """Play the chunks on ``workers`` processes into ``parts``. On Ctrl-C (or any error) the chunks not started
    are cancelled and the worker processes stopped at once: they ignore Ctrl-C themselves, so the main process
    decides, and reports it once. (A worker that dies, e.g. out of memory, raises BrokenProcessPool here rather
    than leaving the pool waiting for it.)"""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(start_method())
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_interrupts)
    try:
        _play_on(pool, game, agents, chunks, match, parts, bar)
    except BaseException:
        # the executor has no public way to stop running work; without this it would finish the chunks in hand.
        # Its own manager thread may then complain of the processes stopped under it: not the reader's concern
        # (the main process reports the interruption once), so its traceback is kept off the screen meanwhile.
        import threading

        shown = threading.excepthook
        threading.excepthook = lambda _: None
        try:
            processes = getattr(pool, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            threading.excepthook = shown
        raise
    pool.shutdown(wait=True)


def _play_on(executor: Executor, game: Game, agents: AgentSpec, chunks: list[list[int]], match: bool,
             parts: list[list[dict[str, Any]] | None], bar: Progress) -> None:
    """Play each chunk as one task on ``executor`` into ``parts``, as the results come; on any error (Ctrl-C
    included) the tasks not started are cancelled."""
    from concurrent.futures import Future, as_completed

    spec = game_spec(game)
    futures: dict[Future[list[dict[str, Any]]], int] = {
        executor.submit(_worker_rows, spec, agents, chunk, match): i for i, chunk in enumerate(chunks)}
    try:
        for future in as_completed(futures):
            i = futures[future]
            parts[i] = future.result()
            bar.update(len(chunks[i]))
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def iter_games(game: Game, n: int, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
               progress: bool | Callable[[int, int], Any] | None = False) -> Iterator[tuple[int, State]]:
    """Yield (row seed, finished state) for ``n`` games, in this process; arguments as in ``simulate``."""
    game = check_game(game, "iter_games")
    seeds = row_seeds(seed, n)
    make_agents(game, agents)  # bad agents fail before the first game
    bar = Progress(progress, n, "match" if match else game.definition.deal_word, game.title)
    interrupted = False
    try:
        for row_seed in seeds:
            yield row_seed, play(game, agents, seed=row_seed, match=match)
            bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        bar.close(clear=interrupted)


def outcomes(game: Game, n: int, measure: Callable[[State], float], agents: AgentSpec = None,
             seed: SeedLike = 0, match: bool = False,
             progress: bool | Callable[[int, int], Any] | None = False) -> np.ndarray:
    """One number per simulated game: ``measure(finished_state)`` (in this process: ``measure`` may be any
    function, even one that does not pickle)."""
    return np.array([float(measure(state)) for _, state in iter_games(game, n, agents, seed, match, progress)])
