"""Agents: anything with ``act(state, player) -> Action``. Game-specific agents live in ``games/<game>/agents.py``.

An agent is honest when it only reads ``state.view(player)`` (own hand, public cards) — every built-in agent
does. ``state.legal_actions()`` is public knowledge on the agent's own turn, so agents may use it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from cardlab.engine import Action, Game, RulesError, SeedLike, State, agent_rng, normalise_seed, shown_value
from cardlab.i18n import Joined, Words, has_message, messages

# The built-in agents' names as a person reads them (the names themselves are identifiers: `--agents smart`)
_t = messages("agents", {
    "random": "random",
    "smart": "smart",
    "oldest": "oldest",
    "greedy": "greedy",
    "passive": "passive",
})
_errors = messages("agents.errors", {
    "unknown_agent": "unknown agent {name} for {game}; agents: {agents}",
    "seat_count": "give one agent for every seat or one per seat ({players}); got {n}",
    "not_an_agent": "{what} is not an agent: {value} ({kind}); give an agent's name (a string such as 'smart' or "
                    "'random,smart'), an object with an act(state, player) method, or a list of these, one per seat",
    "agent_class": "{what} is the class {value}, not an agent: make one first, e.g. {value}()",
    "not_a_game": "{where} needs a loaded game, got {value} ({kind}); pass cardlab.load_game({name})",
    "match_flag": "match must be True (a whole match) or False (one deal), got {value}",
    "not_a_state": "state must be a State to play on (from game.deal() or game.match()), got {value} ({kind})",
})


class Agent(Protocol):
    """What every agent is: a ``name`` and ``act(state, player)``, which chooses the action of ``player``."""

    name: str

    def act(self, state: State, player: int) -> Action:
        """The action this agent chooses for ``player``, one of ``state.legal_actions()``."""


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own random stream."""

    name = "random"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
        """One of the legal actions, each equally likely."""
        actions = state.legal_actions()
        return actions[int(self.rng.integers(len(actions)))]


def agent_words(agents: str) -> Words | str:
    """Agent names ("smart" or "random,smart") as words in the current language; unknown names stay as given."""
    names = [name.strip() for name in agents.split(",")]
    if not all(has_message(f"agents.{name}") for name in names):
        return agents
    return Joined((_t(name) for name in names), word="list")


def agent_names(game: Game) -> tuple[str, ...]:
    """Every agent the game offers: always "random" and "smart" (the game's best heuristic)."""
    return tuple(sorted({"random", *game.definition.agents}))


def check_game(game: Any, where: str) -> Game:
    """``game`` itself if it is a loaded Game; otherwise RulesError (a name such as "golyi" gets the hint to load
    it first: a game's players and options are chosen when it is loaded)."""
    if isinstance(game, Game):
        return game
    name = repr(game) if isinstance(game, str) and len(game) <= 20 else "'golyi'"
    raise RulesError(str(_errors("not_a_game", where=where, value=shown_value(game), kind=type(game).__name__,
                                 name=name)))


def check_match(match: Any) -> bool:
    """``match`` as a bool (True: a whole match, False: one deal); anything else raises RulesError."""
    if not isinstance(match, (bool, np.bool_)):
        raise RulesError(str(_errors("match_flag", value=shown_value(match))))
    return bool(match)


def make_agent(game: Game, name: str, rng: np.random.Generator | None = None) -> Agent:
    """A new agent called ``name`` for ``game`` ("random" or one of the game's own), drawing from ``rng``; RulesError
    for a name the game does not know."""
    if name == "random":
        return RandomAgent(rng)
    factory = game.definition.agents.get(name)
    if factory is None:
        raise RulesError(str(_errors("unknown_agent", name=shown_value(name), game=game.title,
                                     agents=", ".join(agent_names(game)))))
    agent: Agent = factory(rng)  # a game's agent factories make agents (the engine below cannot name the type)
    return agent


AgentSpec = str | Agent | Sequence[str | Agent] | None


def _check_agent(item: Any, what: str) -> Any:
    """An agent object as it is, or RulesError: an agent has a callable ``act`` (and is not a class)."""
    if isinstance(item, type):
        raise RulesError(str(_errors("agent_class", what=what, value=item.__name__)))
    if not callable(getattr(item, "act", None)):
        raise RulesError(str(_errors("not_an_agent", what=what, value=shown_value(item), kind=type(item).__name__)))
    return item


def make_agents(game: Game, agents: AgentSpec = None, seed: SeedLike = 0) -> list[Agent]:
    """One agent per seat from a name ("smart"), a comma list ("random,smart"), a list of names or agents.

    One name or agent plays every seat; otherwise give exactly one per seat. Anything else (None in a list, a
    number, a dict, an agent class instead of an agent) raises RulesError saying what an agent may be."""
    game = check_game(game, "make_agents")
    seed = normalise_seed(seed)
    return [make_agent(game, item, agent_rng(seed, seat)) if isinstance(item, str)
            else _check_agent(item, f"agents[{seat}]") for seat, item in enumerate(seat_specs(game, agents))]


def seat_specs(game: Game, agents: AgentSpec = None) -> list[Any]:
    """What ``agents`` gives each seat, as ``make_agents`` reads it: a name or an agent object per seat (None:
    "smart" everywhere; one name or agent: every seat); RulesError for a count that is neither 1 nor the seats."""
    given: Any = "smart" if agents is None else agents
    if isinstance(given, str):
        spec: list[Any] = [part.strip() for part in given.split(",")]
    elif isinstance(given, Sequence):
        spec = list(given)
    else:
        spec = [_check_agent(given, "agents")]
    if len(spec) == 1:
        spec = spec * game.players
    if len(spec) != game.players:
        raise RulesError(str(_errors("seat_count", players=game.players, n=len(spec))))
    return spec


def play(game: Game, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
         state: State | None = None) -> State:
    """Play a deal (or a match) to the end with agents; returns the finished state. Same seed, same game.

    ``game`` is a loaded game (``cardlab.load_game("golyi")``), ``agents`` as in ``make_agents``, ``seed`` a whole
    number 0 or more or a numpy Generator, ``match`` True or False; anything else raises RulesError."""
    game = check_game(game, "play")
    match = check_match(match)
    if state is not None and not isinstance(state, State):
        raise RulesError(str(_errors("not_a_state", value=shown_value(state), kind=type(state).__name__)))
    seed = normalise_seed(seed)
    if state is None:
        state = game.match(seed=seed) if match else game.deal(seed=seed)
    players = make_agents(game, agents, seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None  # a game that is not over has a seat to act
        state.apply(players[seat].act(state, seat))
    return state
