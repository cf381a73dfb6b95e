"""cardlab: four card games (Strike, Clash, Golyi, Pick Up) for learning to play and for teaching probability.

    import cardlab
    game = cardlab.load_game("golyi", players=4)
    state = cardlab.play(game, "smart", seed=7)
    state.scores()
"""

from cardlab.agents import RandomAgent, agent_names, make_agents, play
from cardlab.cards import Card, CardError, format_cards, make_deck, parse_cards
from cardlab.engine import (
    Action,
    Event,
    Game,
    IllegalActionError,
    Layout,
    RecordError,
    Rules,
    RulesError,
    State,
    Zone,
    load_game,
    replay,
)

import cardlab.games as games  # noqa: E402  (callable: games() lists the game names)

__version__ = "0.1.0"

__all__ = [
    "Action", "Card", "CardError", "Event", "Game", "IllegalActionError", "Layout", "RandomAgent", "RecordError",
    "Rules", "RulesError", "State", "Zone", "agent_names", "format_cards", "games", "load_game", "make_agents",
    "make_deck", "parse_cards", "play", "question", "questions", "replay", "simulate",
]


def simulate(*args, **kwargs):
    """Many games with agents as a pandas DataFrame (see ``cardlab.simulate.simulate``); imports pandas lazily."""
    from cardlab.simulate import simulate as _simulate

    return _simulate(*args, **kwargs)


def questions(game: str | None = None):
    """The probability question catalogue (optionally one game's)."""
    from cardlab.questions import questions as _questions

    return _questions(game)


def question(question_id: str, **params):
    """One catalogue question with its parameters, e.g. ``question("golyi.sweep", players=4)``."""
    from cardlab.questions import question as _question

    return _question(question_id, **params)
