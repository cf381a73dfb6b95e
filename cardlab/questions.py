"""The probability question catalogue: every question answered exactly (by counting) and by simulation.

    q = cardlab.question("golyi.sweep", players=4)
    q.text          # the question in plain words
    q.exact()       # Fraction(…), or None where only simulation answers it
    q.simulate(100_000, seed=0)   # Estimate(value, stderr, n, low, high)
    q.samples(1000, seed=0)       # the per-deal outcomes behind the estimate (0/1 or numbers)

Each game module lists its questions (``GameDefinition.questions``) next to the rules they count; a question's
simulation draws shuffled decks, or plays whole deals with agents, from its own seeded stream.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from cardlab.agents import agent_words, make_agents
from cardlab.engine import (
    Game,
    QuestionSpec,
    RulesError,
    SeedLike,
    definition,
    games,
    load_game,
    normalise_seed,
    shown_value,
)
from cardlab.i18n import Text, has_message, messages
from cardlab.simulate import (
    MAX_GAMES,
    Estimate,
    Progress,
    batch_agents,
    batch_columns,
    check_count,
    iter_games,
    row_seeds,
    wilson_interval,
)

SAMPLE_CHUNK = 100_000  # deals per call of a question's fast path
PLAYED_CHUNK = 50  # deals played by agents per piece of ``Question.sample_chunks``
BATCH_PIECE = 1_000  # deals a game's batch player plays per piece of ``Question.sample_chunks``
# The most deals one simulation of a question may draw: a fast path (shuffled decks, no play) draws ten million in
# seconds and keeps 80 MB of outcomes; a question whose deals are played by agents is bounded by MAX_GAMES.
MAX_SAMPLES = 10_000_000

_errors = messages("questions.errors", {
    "no_exact": "{id} has no exact answer to compare with (simulation only)",
    "no_questions": "no questions for game {game}; games with questions: {games}",
    "question_id": "a question is named by its id, a string such as 'golyi.sweep', got {value} ({kind})",
    "unknown_question": "unknown question {id}; questions: {ids}",
    "no_param": "{id} has no parameter {name}; parameters: {names}",
    "param_value": "{id}: {name} cannot be {value}; allowed: {allowed}",
    "problem": "{id}: {problem}",
    "agents_names": "agents must be given by name, e.g. 'smart' or 'random,smart', got {value}",
    "estimate": "agrees() compares an Estimate (from q.simulate(n)), got {value} ({kind})",
    "k": "k (how many standard errors) must be a positive number, got {value}",
})


def _same(value: Any, allowed: Any) -> bool:
    """Is ``value`` the allowed value itself? 4.0 is not the player count 4, nor True the number 1."""
    if isinstance(allowed, bool) or isinstance(value, bool):
        return type(value) is type(allowed) and value == allowed
    if isinstance(allowed, int):
        return isinstance(value, (int, np.integer)) and value == allowed
    return type(value) is type(allowed) and value == allowed


def _column(values: list[Any]) -> np.ndarray:
    """A table column as an array; one of tuples of different lengths (the winners after a tie) holds the
    tuples themselves."""
    if values and isinstance(values[0], tuple):
        column = np.empty(len(values), dtype=object)
        column[:] = values
        return column
    return np.asarray(values)


class Question:
    """A catalogue question with its parameters fixed."""

    def __init__(self, spec: QuestionSpec, params: dict[str, Any]) -> None:
        self.spec = spec
        self.params = params

    @property
    def id(self) -> str:
        """The question's id in the catalogue, e.g. "golyi.sweep"."""
        return self.spec.id

    @property
    def title(self) -> str:
        """A short name for the question, in the current language."""
        return Text(f"question.{self.id}.title").render()

    @property
    def text(self) -> str:
        """The question in plain words, in the current language."""
        shown: dict[str, Any] = dict(self.params)
        for name, value in self.params.items():
            if name == "agents" and isinstance(value, str):
                shown[name] = agent_words(value)
            elif isinstance(value, str) and has_message(f"question.{self.id}.value.{value}"):
                shown[name] = Text(f"question.{self.id}.value.{value}")
        return Text(f"question.{self.id}.text", shown).render()

    def exact(self) -> Fraction | None:
        """The exact answer for these parameters as a Fraction, or None when only simulation answers it."""
        return None if self.spec.exact is None else self.spec.exact(**self.params)

    @property
    def simulation_only(self) -> bool:
        """True when no exact answer is known (play decides the outcome): only simulation answers it."""
        return self.spec.exact is None

    def samples(self, n: int, seed: SeedLike = 0,
                progress: bool | Callable[[int, int], Any] | None = False) -> np.ndarray:
        """The per-deal outcomes behind ``simulate`` (0/1 for a probability), from their own seeded stream.

        A fast path draws its shuffles in chunks of ``SAMPLE_CHUNK`` deals (so a million deals never need a
        million decks in memory at once); the chunks continue one stream, and since the catalogue's fast paths
        draw deal by deal, the outcomes are those of one big call. ``progress``: True for a tqdm bar, or a
        callable ``progress(done, total)``.

        ``n`` is a whole number from 1 to ``MAX_SAMPLES`` (10,000,000) for a question answered from shuffled
        decks, or to ``MAX_GAMES`` (1,000,000) for one whose deals are played by agents (a question with an
        ``agents`` parameter); RulesError otherwise (``max_samples`` is the bound).
        """
        return self._collect(n, seed, progress, keep_partial=False)[0]

    def samples_so_far(self, n: int, seed: SeedLike = 0,
                       progress: bool | Callable[[int, int], Any] | None = False) -> tuple[np.ndarray, bool]:
        """``samples(n, seed)``, and False; or, when Ctrl-C stops it after some deals, the outcomes of those (the
        first ones ``samples`` would give) and True. Ctrl-C before the first piece is done still raises."""
        return self._collect(n, seed, progress, keep_partial=True)

    def _collect(self, n: int, seed: SeedLike, progress: bool | Callable[[int, int], Any] | None,
                 keep_partial: bool) -> tuple[np.ndarray, bool]:
        pieces = self.sample_chunks(n, seed)  # checks n and seed at once
        bar = Progress(progress, int(n), "deal", self.title)
        parts: list[np.ndarray] = []
        interrupted = False
        try:
            for piece in pieces:
                parts.append(piece)
                bar.update(len(piece))
        except KeyboardInterrupt:
            interrupted = True
            if not (keep_partial and parts):
                raise
        finally:
            bar.close(clear=interrupted)
        return np.concatenate(parts), interrupted

    def sample_chunks(self, n: int, seed: SeedLike = 0, games_per_chunk: int = PLAYED_CHUNK) -> Iterator[np.ndarray]:
        """``samples(n, seed)`` in pieces, one after another (their concatenation is exactly ``samples``): a widget
        shows the estimate as it grows and can stop between two pieces. A fast path's pieces are its chunks of
        ``SAMPLE_CHUNK`` deals; a question played by agents gives ``games_per_chunk`` deals a piece. ``n`` and
        ``seed`` are checked here, before the first piece."""
        check_count(n, "deals", self.max_samples)
        n = int(n)
        seed = normalise_seed(seed)
        if self.spec.sampler is not None:
            return self._sampled_chunks(n, np.random.default_rng([seed, 2]))
        assert self.spec.measure is not None
        game = self._played_game()
        names = batch_agents(game, self.params.get("agents")) if self.spec.table_measure is not None else None
        if names is not None:
            return self._batch_chunks(game, n, seed, names)
        return self._played_chunks(game, n, seed, games_per_chunk)

    def _sampled_chunks(self, n: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
        assert self.spec.sampler is not None
        for start in range(0, n, SAMPLE_CHUNK):
            yield np.asarray(self.spec.sampler(min(SAMPLE_CHUNK, n - start), rng, **self.params), dtype=float)

    def _played_chunks(self, game: Game, n: int, seed: int, games_per_chunk: int) -> Iterator[np.ndarray]:
        measure = self.spec.measure
        assert measure is not None
        part: list[float] = []
        for _, state in iter_games(game, n, self.params.get("agents"), seed):
            part.append(float(measure(state)))
            if len(part) == games_per_chunk:
                yield np.array(part)
                part = []
        if part:
            yield np.array(part)

    def _batch_chunks(self, game: Game, n: int, seed: int, agents: tuple[str, ...]) -> Iterator[np.ndarray]:
        # the engine's deals, played BATCH_PIECE at a time by the game's batch player (the same outcomes)
        measure = self.spec.table_measure
        assert measure is not None
        seeds = row_seeds(seed, n)
        for start in range(0, n, BATCH_PIECE):
            columns = batch_columns(game, seeds[start:start + BATCH_PIECE], agents)
            yield np.asarray(measure({name: _column(values) for name, values in columns.items()}), dtype=float)

    @property
    def plays_fast(self) -> bool:
        """True when the game's batch player plays this question's deals (many at once): a simulation of 100,000
        deals then takes seconds rather than minutes. Always True for a question answered from shuffled decks."""
        if self.spec.sampler is not None and not any(p.name == "agents" for p in self.spec.params):
            return True
        if self.spec.table_measure is None:
            return False
        return batch_agents(self._played_game(), self.params.get("agents")) is not None

    def _played_game(self) -> Game:
        """The game whose deals the agents play for this question: its players and rule options."""
        return load_game(self.spec.game, players=self.params.get("players"),
                         **{name: self.params[name] for name in self.spec.options})

    @property
    def max_samples(self) -> int:
        """The most deals one ``samples``/``simulate`` call may draw for this question: ``MAX_GAMES`` when agents
        play its deals (it has an ``agents`` parameter, or no fast path), else ``MAX_SAMPLES``."""
        played = self.spec.sampler is None or any(p.name == "agents" for p in self.spec.params)
        return MAX_GAMES if played else MAX_SAMPLES

    def simulate(self, n: int, seed: SeedLike = 0,
                 progress: bool | Callable[[int, int], Any] | None = False) -> Estimate:
        """The estimate from ``n`` simulated deals (the mean of ``samples``, with its standard error and 95 % interval);
        ``n`` is bounded as in ``samples``."""
        return Estimate.from_samples(self.samples(n, seed, progress))

    def agrees(self, estimate: Estimate, k: float = 4.0) -> bool:
        """Does a simulated estimate agree with the exact answer within ``k`` standard errors?

        For a probability the standard error is taken from the exact value, √(p(1−p)/n): a rare event seen
        0 times in n deals has a sample standard error of 0, yet agrees with a tiny exact probability. That
        is the same as p lying in the Wilson interval with z = k, which is how it is computed.
        """
        if not isinstance(estimate, Estimate):
            raise RulesError(str(_errors("estimate", value=shown_value(estimate), kind=type(estimate).__name__)))
        if isinstance(k, bool) or not isinstance(k, (int, float)) or not 0 < k < float("inf"):
            raise RulesError(str(_errors("k", value=shown_value(k))))
        exact = self.exact()
        if exact is None:
            raise RulesError(str(_errors("no_exact", id=self.id)))
        p = float(exact)
        if self.spec.kind == "probability":
            low, high = wilson_interval(round(estimate.value * estimate.n), estimate.n, z=k)
            return low - 1e-12 <= p <= high + 1e-12
        return abs(estimate.value - p) <= k * estimate.stderr + 1e-12

    def to_json(self) -> dict[str, Any]:
        """The question as a JSON-ready dict: id, game, title, text, parameters, kind, rule, and the exact answer as a
        fraction string and as a decimal (None for both when there is none)."""
        exact = self.exact()
        return {"id": self.id, "game": self.spec.game, "title": self.title, "text": self.text,
                "params": self.params, "kind": self.spec.kind, "rule": self.spec.rule,
                "exact": None if exact is None else str(exact),
                "exact_decimal": None if exact is None else float(exact)}

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"<Question {self.id}({params}): {self.text}>"


def _catalogue() -> dict[str, QuestionSpec]:
    return {spec.id: spec for name in games() for spec in definition(name).questions}


def questions(game: str | Game | None = None) -> list[QuestionSpec]:
    """Every question (or one game's: its name, or the loaded game), sorted by id; RulesError for a game
    without questions."""
    catalogue = _catalogue()
    if isinstance(game, Game):
        game = game.name
    with_questions = {spec.game for spec in catalogue.values()}
    if game is not None and (not isinstance(game, str) or game not in with_questions):
        raise RulesError(str(_errors("no_questions", game=shown_value(game), games=", ".join(sorted(with_questions)))))
    return sorted((s for s in catalogue.values() if game is None or s.game == game), key=lambda s: s.id)


def question(question_id: str, /, **params: Any) -> Question:
    """A question with its parameters checked: an id that is not a string or not in the catalogue, an unknown
    parameter or a value it does not allow (4.0 players, True for a number) raise RulesError."""
    catalogue = _catalogue()
    if not isinstance(question_id, str):
        raise RulesError(str(_errors("question_id", value=shown_value(question_id), kind=type(question_id).__name__)))
    spec = catalogue.get(question_id)
    if spec is None:
        raise RulesError(str(_errors("unknown_question", id=shown_value(question_id),
                                     ids=", ".join(sorted(catalogue)))))
    known = {p.name for p in spec.params}
    for name in params:
        if name not in known:
            raise RulesError(str(_errors("no_param", id=question_id, name=shown_value(name),
                                         names=", ".join(sorted(known)))))
    values = {p.name: params.get(p.name, p.default) for p in spec.params}
    for p in spec.params:
        value = values[p.name]
        if p.values is not None and not any(_same(value, allowed) for allowed in p.values):
            raise RulesError(str(_errors("param_value", id=question_id, name=p.name, value=shown_value(value),
                                         allowed=", ".join(str(v) for v in p.values))))
        if p.values is not None:
            values[p.name] = value = next(allowed for allowed in p.values if _same(value, allowed))
        problem = p.check(value, values) if p.check is not None else None
        if problem is None and p.name == "agents":
            problem = _agents_problem(spec.game, value, values)
        if problem:
            raise RulesError(str(_errors("problem", id=question_id, problem=problem)))
    return Question(spec, values)


def _agents_problem(game: str, value: Any, params: Mapping[str, Any]) -> str | None:
    if not isinstance(value, str):  # a question's agents are names: the question is shown and stored as text
        return str(_errors("agents_names", value=shown_value(value)))
    try:
        make_agents(load_game(game, players=params.get("players")), value)
    except RulesError as error:
        return str(error)
    return None
