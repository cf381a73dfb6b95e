"""The probability question catalogue: every question answered exactly (by counting) and by simulation.

    q = cardlab.question("golyi.sweep", players=4)
    q.text          # the question in plain words
    q.exact()       # Fraction(…), or None where only simulation answers it
    q.simulate(100_000, seed=0)   # Estimate(value, stderr, n, low, high)
    q.samples(1000, seed=0)       # the per-deal outcomes behind the estimate (0/1 or numbers)

A question's simulation draws shuffled decks (or plays whole deals with agents) from its own seeded stream; the
counting lives in the game module next to the rules it counts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from cardlab.engine import RulesError, SeedLike, load_game, normalise_seed
from cardlab.games import golyi
from cardlab.simulate import Estimate, outcomes


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    values: tuple[Any, ...] | None = None  # allowed values, or None when `check` decides
    doc: str = ""
    check: Callable[[Any, Mapping[str, Any]], str | None] | None = None  # returns an error message or None


@dataclass(frozen=True)
class QuestionSpec:
    id: str
    game: str
    title: str
    text: str  # str.format template over the parameters
    params: tuple[Param, ...]
    sampler: Callable[..., np.ndarray]  # (n, rng, **params) -> outcomes
    exact: Callable[..., Fraction] | None = None  # (**params) -> Fraction
    rule: str = ""  # the rules section the question rests on, e.g. "golyi §4.8"
    kind: str = "probability"  # or "mean"
    notes: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)


class Question:
    """A catalogue question with its parameters fixed."""

    def __init__(self, spec: QuestionSpec, params: dict[str, Any]) -> None:
        self.spec = spec
        self.params = params

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def text(self) -> str:
        return self.spec.text.format(**self.params)

    def exact(self) -> Fraction | None:
        return None if self.spec.exact is None else self.spec.exact(**self.params)

    def samples(self, n: int, seed: SeedLike = 0) -> np.ndarray:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise RulesError(f"the number of deals must be a whole number 1 or more, got {n!r}")
        rng = np.random.default_rng([normalise_seed(seed), 2])
        return np.asarray(self.spec.sampler(n, rng, **self.params), dtype=float)

    def simulate(self, n: int, seed: SeedLike = 0) -> Estimate:
        return Estimate.from_samples(self.samples(n, seed))

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
        return {"id": self.id, "game": self.spec.game, "title": self.spec.title, "text": self.text,
                "params": self.params, "kind": self.spec.kind, "rule": self.spec.rule,
                "exact": None if exact is None else str(exact),
                "exact_decimal": None if exact is None else float(exact)}

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"<Question {self.id}({params}): {self.text}>"


_CATALOGUE: dict[str, QuestionSpec] = {}


def register_question(spec: QuestionSpec) -> QuestionSpec:
    _CATALOGUE[spec.id] = spec
    return spec


def questions(game: str | None = None) -> list[QuestionSpec]:
    """Every question (or one game's), sorted by id."""
    if game is not None and game not in {spec.game for spec in _CATALOGUE.values()}:
        raise RulesError(f"no questions for game {game!r}; games with questions: "
                         f"{', '.join(sorted({s.game for s in _CATALOGUE.values()}))}")
    return sorted((s for s in _CATALOGUE.values() if game is None or s.game == game), key=lambda s: s.id)


def question(question_id: str, **params: Any) -> Question:
    """A question with its parameters checked: unknown ids, parameters or values raise RulesError."""
    spec = _CATALOGUE.get(question_id)
    if spec is None:
        raise RulesError(f"unknown question {question_id!r}; questions: {', '.join(sorted(_CATALOGUE))}")
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
        if p.check is not None:
            problem = p.check(value, values)
            if problem:
                raise RulesError(f"{question_id}: {problem}")
    return Question(spec, values)


# ----------------------------------------------------------------------------------------------------- golyi
GOLYI_PLAYERS = Param("players", 4, (2, 4, 6), "number of players")


def _check_points(value: Any, params: Mapping[str, Any]) -> str | None:
    most = 10 * golyi.capturing_count(params["players"])
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        return f"points must be a whole number from 0 to {most} with {params['players']} players, got {value!r}"
    return None


def _check_agents(value: Any, params: Mapping[str, Any]) -> str | None:
    from cardlab.agents import make_agents

    try:
        make_agents(load_game("golyi", players=params["players"]), value)
    except RulesError as error:
        return str(error)
    return None


def _golyi_last_capture(n: int, rng: np.random.Generator, players: int, agents: str) -> np.ndarray:
    game = load_game("golyi", players=players)
    seed = int(rng.integers(2**63))
    return outcomes(game, n, lambda s: s.deal.stats()["last_capture_by_leader_team"], agents, seed)


register_question(QuestionSpec(
    id="golyi.sweep", game="golyi", title="A sweep",
    text="In a {players}-player deal of Golyi, what is the probability that one side makes every capture "
         "(a sweep)?",
    params=(GOLYI_PLAYERS,),
    exact=golyi.exact_sweep,
    sampler=lambda n, rng, players: golyi.sweep_outcomes(players, golyi.shuffled_capturing_masks(players, n, rng)),
    rule="golyi §4.8, §5.3",
    notes="With lead_capture on, every Ace and Ten captures for the team that receives it, and which seat "
          "receives which deck position is fixed by the dealing rule: a sweep is all capturing cards landing "
          "in one team's positions.",
))

register_question(QuestionSpec(
    id="golyi.ace_or_ten_in_first_hand", game="golyi", title="An Ace or Ten in the first hand",
    text="In {players}-player Golyi, what is the probability that the player left of the dealer holds at least "
         "one Ace or Ten among the first four cards?",
    params=(GOLYI_PLAYERS,),
    exact=golyi.exact_ace_or_ten_in_first_hand,
    sampler=lambda n, rng, players: golyi.first_hand_outcomes(
        players, golyi.shuffled_capturing_masks(players, n, rng)),
    rule="golyi §3.2",
))

register_question(QuestionSpec(
    id="golyi.team_card_points_at_least", game="golyi", title="Card points of the leader's side",
    text="In {players}-player Golyi, what is the probability that the side of the player left of the dealer "
         "captures at least {points} card points in a deal (the last-capture bonus not counted)?",
    params=(GOLYI_PLAYERS, Param("points", 50, None, "card points threshold (multiple of 10)", _check_points)),
    exact=lambda players, points: golyi.exact_team_card_points_at_least(players, points),
    sampler=lambda n, rng, players, points: golyi.leader_card_points_outcomes(
        players, golyi.shuffled_capturing_masks(players, n, rng)) >= points,
    rule="golyi §4.8, §5.1",
))

register_question(QuestionSpec(
    id="golyi.last_capture_by_leader_team", game="golyi", title="Last capture by the leader's side",
    text="In {players}-player Golyi played by '{agents}' agents, what is the probability that the side of the "
         "player left of the dealer makes the last capture?",
    params=(GOLYI_PLAYERS, Param("agents", "smart", None, "agent name(s), e.g. smart or random,smart",
                                 _check_agents)),
    exact=None,
    sampler=_golyi_last_capture,
    rule="golyi §4.8",
    notes="Play decides who captures last, so there is no count from the deck alone: simulation only.",
))
