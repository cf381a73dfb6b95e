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

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from cardlab.agents import agent_words, make_agents
from cardlab.engine import QuestionSpec, RulesError, SeedLike, definition, games, load_game, normalise_seed
from cardlab.i18n import Text, has_message
from cardlab.simulate import Estimate, Progress, check_count, outcomes

SAMPLE_CHUNK = 100_000  # deals per call of a question's fast path


class Question:
    """A catalogue question with its parameters fixed."""

    def __init__(self, spec: QuestionSpec, params: dict[str, Any]) -> None:
        self.spec = spec
        self.params = params

    @property
    def id(self) -> str:
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
        """
        check_count(n, "deals")
        seed = normalise_seed(seed)
        if self.spec.sampler is not None:
            rng = np.random.default_rng([seed, 2])
            bar = Progress(progress, n, "deal", self.title)
            parts = []
            try:
                for start in range(0, n, SAMPLE_CHUNK):
                    size = min(SAMPLE_CHUNK, n - start)
                    parts.append(np.asarray(self.spec.sampler(size, rng, **self.params), dtype=float))
                    bar.update(size)
            finally:
                bar.close()
            return np.concatenate(parts)
        assert self.spec.measure is not None
        game = load_game(self.spec.game, players=self.params.get("players"))
        return outcomes(game, n, self.spec.measure, self.params.get("agents"), seed, progress=progress)

    def simulate(self, n: int, seed: SeedLike = 0,
                 progress: bool | Callable[[int, int], Any] | None = False) -> Estimate:
        return Estimate.from_samples(self.samples(n, seed, progress))

    def agrees(self, estimate: Estimate, k: float = 4.0) -> bool:
        """Does a simulated estimate agree with the exact answer within ``k`` standard errors?

        For a probability the standard error is taken from the exact value, √(p(1−p)/n): a rare event seen
        0 times in n deals has a sample standard error of 0, yet agrees with a tiny exact probability.
        """
        exact = self.exact()
        if exact is None:
            raise RulesError(f"{self.id} has no exact answer to compare with (simulation only)")
        p = float(exact)
        stderr = estimate.stderr
        if self.spec.kind == "probability":
            stderr = (p * (1 - p) / estimate.n) ** 0.5
        return abs(estimate.value - p) <= k * stderr + 1e-12

    def to_json(self) -> dict[str, Any]:
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


def questions(game: str | None = None) -> list[QuestionSpec]:
    """Every question (or one game's), sorted by id."""
    catalogue = _catalogue()
    if game is not None and game not in {spec.game for spec in catalogue.values()}:
        raise RulesError(f"no questions for game {game!r}; games with questions: "
                         f"{', '.join(sorted({s.game for s in catalogue.values()}))}")
    return sorted((s for s in catalogue.values() if game is None or s.game == game), key=lambda s: s.id)


def question(question_id: str, **params: Any) -> Question:
    """A question with its parameters checked: unknown ids, parameters or values raise RulesError."""
    catalogue = _catalogue()
    spec = catalogue.get(question_id)
    if spec is None:
        raise RulesError(f"unknown question {question_id!r}; questions: {', '.join(sorted(catalogue))}")
    known = {p.name for p in spec.params}
    for name in params:
        if name not in known:
            raise RulesError(f"{question_id} has no parameter {name!r}; parameters: {', '.join(sorted(known))}")
    values = {p.name: params.get(p.name, p.default) for p in spec.params}
    for p in spec.params:
        value = values[p.name]
        if p.values is not None and value not in p.values:
            raise RulesError(f"{question_id}: {p.name} cannot be {value!r}; allowed: "
                             f"{', '.join(str(v) for v in p.values)}")
        problem = p.check(value, values) if p.check is not None else None
        if problem is None and p.name == "agents":
            problem = _agents_problem(spec.game, value, values)
        if problem:
            raise RulesError(f"{question_id}: {problem}")
    return Question(spec, values)


def _agents_problem(game: str, value: Any, params: Mapping[str, Any]) -> str | None:
    try:
        make_agents(load_game(game, players=params.get("players")), value)
    except RulesError as error:
        return str(error)
    return None
