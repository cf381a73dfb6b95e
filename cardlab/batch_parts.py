"""What a game gives to play many deals at once: :class:`BatchPlayer`, its result :class:`BatchDeals`, and the
random streams it must draw from (:func:`deal_streams`, :func:`agent_streams`).

A batch player plays a whole array of seeded deals step by step with numpy (every deal's hands are rows of one
array), following the same policies as the engine's agents. It must give, deal by deal, exactly what the engine
gives for the same row seed: the same deck and dealer, the same actions, the same scores and the same
``stats()``; the game's ``tests/test_batch_<game>.py`` proves it on thousands of deals. ``cardlab.simulate`` and
the questions played by agents (layer 4) use it where it can play the game and the agents, and the engine
otherwise. A game (layer 3) imports this module; nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.engine import agent_rng, chance_rng

if TYPE_CHECKING:
    from cardlab.engine import Game

__all__ = ["BatchDeals", "BatchPlayer", "agent_streams", "card_indices", "deal_streams", "random_pick"]


@dataclass(frozen=True)
class BatchDeals:
    """Deals played by a batch player, one entry per row seed, in order.

    ``dealer``: shape (n,); ``scores``: shape (n, players), the deal scores; ``actions``: shape (n,), how many
    actions each deal took; ``stats``: the columns of the game's ``Deal.stats()``, in its order, each a sequence
    of n values of the same types as ``stats()`` gives (bool, int, float, str, or None); ``played``: with
    ``record=True``, each deal's actions in their record form (``Action.to_json()``), else None.
    """

    dealer: np.ndarray
    scores: np.ndarray
    actions: np.ndarray
    stats: dict[str, Sequence[Any]] = field(default_factory=dict)
    played: list[list[dict[str, Any]]] | None = None


# (game, row seeds, one agent name per seat, record) -> the deals
PlayBatch = Callable[["Game", Sequence[int], tuple[str, ...], bool], BatchDeals]


def _every_game(game: Game) -> bool:
    return True


@dataclass(frozen=True)
class BatchPlayer:
    """A game's batch player: ``play(game, seeds, agents, record)`` for the agents named in ``agents`` (one name per
    seat, each one of ``agents``), under the rules ``supports(game)`` accepts."""

    play: PlayBatch
    agents: frozenset[str]
    supports: Callable[[Game], bool] = _every_game

    def can_play(self, game: Game, agents: Sequence[str]) -> bool:
        """Can it play ``game`` (its players and rule options) with these agents, one name per seat?"""
        return len(agents) == game.players and all(name in self.agents for name in agents) and self.supports(game)


def card_indices(game: Game, decks: np.ndarray) -> np.ndarray:
    """``deal_streams``' decks (indices into ``game.full_deck()``) as the cards' own indices (``Card.index``), top
    card first: what a batch player's hands and piles hold."""
    index_of: np.ndarray = np.array([card.index for card in game.full_deck()], dtype=np.int64)
    cards: np.ndarray = index_of[decks]
    return cards


def deal_streams(game: Game, seeds: Sequence[int]) -> tuple[np.ndarray, np.ndarray, list[np.random.Generator]]:
    """The first deal of each seeded state, drawn as ``State`` draws it: the dealer (the lot), the deck as
    indices into ``game.full_deck()`` (top card first), and each deal's chance stream after those two draws, for
    the shuffles inside the deal (``Deal.shuffle`` draws ``permutation(len(cards))`` from it)."""
    size = len(game.full_deck())
    dealers = np.empty(len(seeds), dtype=np.int64)
    decks = np.empty((len(seeds), size), dtype=np.int64)
    streams = []
    for row, seed in enumerate(seeds):
        rng = chance_rng(int(seed), 0)
        dealers[row] = rng.integers(game.players)
        decks[row] = rng.permutation(size)
        streams.append(rng)
    return dealers, decks, streams


def agent_streams(seeds: Sequence[int], seat: int) -> list[np.random.Generator]:
    """The random stream of the agent in ``seat`` for each seeded game (what ``make_agents`` gives it)."""
    return [agent_rng(int(seed), seat) for seed in seeds]


def random_pick(stream: np.random.Generator, choices: int) -> int:
    """The index ``RandomAgent`` picks among ``choices`` legal actions (in the engine's order) from its seat's
    stream. With one choice it draws nothing: numpy's ``integers(1)`` leaves the stream where it was, and a batch
    player must leave it there too."""
    return int(stream.integers(choices)) if choices > 1 else 0
