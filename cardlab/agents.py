"""Agents: anything with ``act(state, player) -> Action``. Game-specific agents live in their game module.

An agent is honest when it only reads ``state.view(player)`` (own hand, public cards) — every built-in agent
does. ``state.legal_actions()`` is public knowledge on the agent's own turn, so agents may use it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from cardlab.engine import Action, Game, RulesError, SeedLike, State, agent_rng, normalise_seed
from cardlab.i18n import Joined, Words, has_message, messages

# The built-in agents' names as a person reads them (the names themselves are identifiers: `--agents smart`)
_t = messages("agents", {
    "random": {"en": "random", "ru": "случайный"},
    "smart": {"en": "smart", "ru": "умный"},
    "oldest": {"en": "oldest", "ru": "«старейшая карта»"},
    "greedy": {"en": "greedy", "ru": "жадный"},
    "passive": {"en": "passive", "ru": "пассивный"},
})


class Agent(Protocol):
    name: str

    def act(self, state: State, player: int) -> Action: ...


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own random stream."""

    name = "random"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
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


def make_agent(game: Game, name: str, rng: np.random.Generator | None = None) -> Agent:
    if name == "random":
        return RandomAgent(rng)
    factory = game.definition.agents.get(name)
    if factory is None:
        raise RulesError(f"unknown agent {name!r} for {game.title}; agents: {', '.join(agent_names(game))}")
    return factory(rng)


AgentSpec = str | Agent | Sequence[str | Agent] | None


def make_agents(game: Game, agents: AgentSpec = None, seed: int = 0) -> list[Agent]:
    """One agent per seat from a name ("smart"), a comma list ("random,smart"), a list of names or agents."""
    spec: Any = "smart" if agents is None else agents
    if isinstance(spec, str):
        spec = [part.strip() for part in spec.split(",")]
    elif not isinstance(spec, Sequence):
        spec = [spec]
    spec = list(spec)
    if len(spec) == 1:
        spec = spec * game.players
    if len(spec) != game.players:
        raise RulesError(f"give one agent for every seat or one per seat ({game.players}); got {len(spec)}")
    return [make_agent(game, item, agent_rng(seed, seat)) if isinstance(item, str) else item
            for seat, item in enumerate(spec)]


def play(game: Game, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
         state: State | None = None) -> State:
    """Play a deal (or a match) to the end with agents; returns the finished state. Same seed, same game."""
    seed = normalise_seed(seed)
    if state is None:
        state = game.match(seed=seed) if match else game.deal(seed=seed)
    players = make_agents(game, agents, seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(players[seat].act(state, seat))
    return state
