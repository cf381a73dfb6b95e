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

# DESIGN.md names functions ``cardlab.games()``, ``cardlab.questions()`` and ``cardlab.simulate(...)`` that share
# their names with modules (the package of game packages, the question catalogue, the simulator). Binding the
# functions here, after the modules are imported, makes ``cardlab.<name>`` the function for good; the modules stay
# importable by their full names (``from cardlab.simulate import Estimate``, ``from cardlab.games import golyi``).
import cardlab.render as render  # cardlab.render.set_four_colour(True): the four-colour deck everywhere
from cardlab import games as _game_packages  # noqa: F401  (imports, so registers, every game)
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
    games,
    load_game,
    replay,
)
from cardlab.i18n import get_language, set_language
from cardlab.questions import question, questions
from cardlab.simulate import simulate

__all__ = [
    "Action", "Card", "CardError", "Event", "Game", "IllegalActionError", "Layout", "RandomAgent", "RecordError",
    "Rules", "RulesError", "State", "Zone", "agent_names", "format_cards", "games", "get_language", "load_game",
    "make_agents", "make_deck", "parse_cards", "play", "question", "questions", "render", "replay", "set_language",
    "simulate",
]
