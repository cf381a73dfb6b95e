"""cardlab: four card games (Strike, Clash, Golyi, Pick Up) for learning to play and for teaching probability.

The public API, as DESIGN.md names it (these examples are run by the test suite: pytest's doctests):

>>> import cardlab
>>> cardlab.games()
('clash', 'golyi', 'pickup', 'strike')
>>> game = cardlab.load_game("golyi", players=4)   # preset "seed" by default; options as keywords
>>> state = game.deal(seed=7)                        # one deal: seed 7 is always this deal
>>> state.current_player
0
>>> [str(action) for action in state.legal_actions()[:3]]
['play J♠', 'play Q♣', 'play Q♥']
>>> state.legal_actions()[0].to_json()               # the record form of an action
{'player': 0, 'play': 'JS'}
>>> finished = cardlab.play(game, "smart", seed=7)   # played to the end by bots
>>> finished.scores(), finished.winners()
([40, 50, 40, 50], [1, 3])
>>> print(finished.events[-1])
Deal over. Team A 30 card points + 10 last capture = 40; team B 50 card points = 50.
>>> record = finished.record()                       # JSON-ready: "cardlab.record/1"
>>> cardlab.replay(record).scores()                  # rebuilt, every action checked
[40, 50, 40, 50]
>>> q = cardlab.question("golyi.sweep", players=4)
>>> q.exact()
Fraction(9284, 1817725)
>>> cardlab.parse_cards("QS 10h")                    # lenient where a person types
[Card('QS'), Card('10H')]
>>> cardlab.load_game("golyi", players=3)
Traceback (most recent call last):
    ...
cardlab.engine.RulesError: Golyi is played by 2, 4, 6 players, not 3
"""

import sys
import types
from collections.abc import Callable
from typing import Any

from cardlab import engine as _engine
from cardlab._version import __version__ as __version__
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
from cardlab.i18n import get_language, set_language


def _make_callable(module_name: str, target: Callable[..., Any]) -> None:
    """DESIGN.md names both functions (``cardlab.games()``, ``cardlab.simulate(...)``, ``cardlab.questions()``)
    and modules of the same names; Python binds ``cardlab.<name>`` to the module once it is imported, so the
    module itself is made callable and forwards to the function."""

    class CallableModule(types.ModuleType):
        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return target(*args, **kwargs)

    sys.modules[module_name].__class__ = CallableModule


import cardlab.games as games  # noqa: E402
import cardlab.questions as questions  # noqa: E402
import cardlab.render as render  # noqa: E402  (cardlab.render.set_four_colour(True): the four-colour deck everywhere)
import cardlab.simulate as simulate  # noqa: E402
from cardlab.questions import question  # noqa: E402

_make_callable("cardlab.games", _engine.games)
_make_callable("cardlab.questions", questions.questions)
_make_callable("cardlab.simulate", simulate.simulate)

__all__ = [
    "Action", "Card", "CardError", "Event", "Game", "IllegalActionError", "Layout", "RandomAgent", "RecordError",
    "Rules", "RulesError", "State", "Zone", "agent_names", "format_cards", "games", "get_language", "load_game",
    "make_agents", "make_deck", "parse_cards", "play", "question", "questions", "render", "replay", "set_language",
    "simulate",
]
