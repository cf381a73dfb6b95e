"""The shared game protocol: rules and options, actions, narrated events, deals, matches, records and replay.

A game (a package ``cardlab/games/<game>/``) supplies a ``Deal`` subclass (one deal's state machine) and a
``GameDefinition`` (options, decks, match rules, agents). Everything a user touches is the engine's ``State``,
which plays one deal or a whole match through that game's ``Deal`` objects:

    game = load_game("golyi", players=4)
    s = game.deal(seed=7)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    s.scores(); s.record()

Randomness never comes from global state: deal ``k`` of a state seeded with ``seed`` draws its deck (and any
shuffle inside the deal) from ``numpy.random.default_rng([seed, 0, k])``, so the same seed gives the same deals.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, cast

import numpy as np

from cardlab.cards import Card, CardError, drawing, format_cards
from cardlab.i18n import Joined, Listing, Sentences, Text, Words, messages
from cardlab.records import MAX_BYTES, RECORD_FORMAT, fail, shorten
from cardlab.records import RecordError as RecordError  # part of the engine's API (cardlab.engine.RecordError)

if TYPE_CHECKING:
    from cardlab.batch_parts import BatchPlayer
    from cardlab.exercise_parts import Exercise


# ----------------------------------------------------------------------------------------------------- errors
class RulesError(ValueError):
    """An unknown game, player count, preset, option or option value (or an impossible deck or dealer)."""


class IllegalActionError(ValueError):
    """An action that is not allowed now; the state is left exactly as it was."""


# ----------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Option:
    """One rule option of a game (its §6 table)."""

    name: str
    values: tuple[Any, ...] | None  # None: any value that `check` accepts
    seed: Any  # value in the "seed" preset (the default)
    original: Any  # value in the "original" preset
    doc: str
    check: Callable[[Any], bool] | None = None
    allowed: Words | str = ""  # the allowed values in words (a catalogued Text) when `values` is None
    most: int | None = None  # the largest value of a whole-number option (so that a match of frames ends soon)

    def validate(self, value: Any, game: str | Words) -> Any:
        """``value`` if this option allows it; otherwise RulesError saying what ``game``'s option allows."""
        if self.values is not None:
            # bool is a subclass of int: compare types too, so 1 is not taken for True
            if any(value == allowed and type(value) is type(allowed) for allowed in self.values):
                return value
            shown = ", ".join(json.dumps(v) for v in self.values)
            raise rules_error("option_values", game=game, name=repr(self.name), value=shown_value(value),
                              allowed=shown)
        if self.check is not None and self.check(value) and (self.most is None or value <= self.most):
            return value
        allowed: Words | str = self.allowed
        if self.most is not None:
            allowed = _errors("option_at_most", allowed=allowed, most=self.most)
        raise rules_error("option_check", game=game, name=repr(self.name), value=shown_value(value), allowed=allowed)


PRESETS = ("seed", "original")


class Rules(Mapping[str, Any]):
    """Every option of a game with its resolved value. Immutable; read as ``rules.burn`` or ``rules["burn"]``."""

    __slots__ = ("_values", "preset")

    def __init__(self, values: dict[str, Any], preset: str) -> None:
        object.__setattr__(self, "_values", dict(values))
        object.__setattr__(self, "preset", preset)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"no rule option {name!r}; options: {', '.join(self._values)}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rules are immutable: load the game again with other options")

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"Rules({inner})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    def asdict(self) -> dict[str, Any]:
        """Every option and its value as a plain dict (as a record writes them)."""
        return dict(self._values)


def resolve_rules(options: Mapping[str, Option], game: str | Words, preset: str,
                  overrides: Mapping[str, Any]) -> Rules:
    """The rules of ``game`` under ``preset``, with ``overrides`` in place of the preset's values; RulesError for an
    unknown preset or option, or a value an option does not allow."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise rules_error("unknown_preset", preset=shown_value(preset), game=game, presets=", ".join(PRESETS))
    unknown = [name for name in overrides if name not in options]
    if unknown:
        known = ", ".join(options) or "(none)"
        raise rules_error("no_option", game=game, name=shown_value(unknown[0]), known=known)
    values = {}
    for name, option in options.items():
        value = overrides[name] if name in overrides else getattr(option, preset)
        values[name] = option.validate(value, game)
    return Rules(values, preset)


# ----------------------------------------------------------------------------------------------------- actions
def to_json_value(value: Any) -> Any:
    """Cards become their codes, tuples become lists: the record form of an action's value."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return [to_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


class Action:
    """One decision: ``player`` does ``kind`` with ``value``; ``to_json()`` is the record form.

    Two actions are equal when player, kind and value are equal. ``str(a)`` reads well ("play A♠").
    """

    __slots__ = ("player", "kind", "value", "label", "_key")

    def __init__(self, player: int, kind: str, value: Any = True, label: str | Words | None = None) -> None:
        self.player = player
        self.kind = kind
        self.value = value
        self.label = label
        self._key: tuple[int, str, Any] | None = None  # made when first compared: most actions never are

    def to_json(self) -> dict[str, Any]:
        """The record form: ``{"player": 1, "play": "QS"}`` (the kind is the key, cards are their codes)."""
        return {"player": self.player, self.kind: to_json_value(self.value)}

    @property
    def _identity(self) -> tuple[int, str, Any]:
        """What equality compares: player, kind and the value with its lists made tuples."""
        if self._key is None:
            self._key = (self.player, self.kind, _freeze(self.value))
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._identity == other._identity

    def __hash__(self) -> int:
        return hash(self._identity)

    def __str__(self) -> str:
        if self.label is not None:
            return str(self.label)
        value = self.value
        if value is True:
            return self.kind
        if isinstance(value, Card):
            return f"{self.kind} {value.symbol}"
        if isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
            return f"{self.kind} {format_cards(value)}" if value else f"{self.kind} nothing"
        return f"{self.kind} {to_json_value(value)}"

    def __repr__(self) -> str:
        return f"Action({json.dumps(self.to_json(), ensure_ascii=False)})"

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self  # actions are never mutated


# ----------------------------------------------------------------------------------------------------- events
class Event(NamedTuple):  # a named tuple: a deal makes one per card drawn, and a tuple is made 3 times faster
    """One narrated step: ``kind`` is a short tag ("play", "capture", "refill", …), ``text`` reads like a teacher,
    in the current language (``message`` is the catalogued Text; ``message.render("ru")`` reads it in Russian).

    ``visible_to`` is None for public events, or the one seat that may see it (a private card received).
    ``action`` is the index, within its deal, of the action that caused it (None before the first action).
    """

    kind: str
    message: Words
    player: int | None = None
    deal: int = 0
    action: int | None = None
    visible_to: int | None = None

    @property
    def text(self) -> str:
        """The message read in the current language."""
        return self.message.render()

    def __str__(self) -> str:
        return self.text


# ----------------------------------------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Zone:
    """A group of cards on the table as a player would describe it: a hand, the table pile, the stock.

    ``cards`` in display order; ``None`` stands for a card whose face is hidden from the viewer.
    ``visible_to``: "all" (face up), "owner" (only ``owner`` sees them) or "none" (face down for everybody).
    ``style``: "fan" (every card shown), "pile" (overlapping, newest last) or "stack" (a count and the top card).
    """

    name: str
    label: Words | str  # a catalogued name, read in the current language when drawn
    cards: tuple[Card | None, ...]
    owner: int | None = None
    visible_to: str = "all"
    style: str = "fan"
    marked: tuple[int, ...] = ()  # indices of cards to highlight (the card just played, a target)

    def hidden_for(self, viewer: int | None) -> bool:
        """Whether the faces of these cards are hidden from ``viewer``: an "owner" zone from every other seat (not from
        None, the whole table), a "none" zone from everybody."""
        return _hidden(self.visible_to, self.owner, viewer)

    def masked(self, viewer: int | None) -> Zone:
        """The zone as ``viewer`` sees it: itself, or, when hidden from them, every card face down and nothing
        marked."""
        if not self.hidden_for(viewer):
            return self
        return Zone(self.name, self.label, (None,) * len(self.cards), self.owner, self.visible_to, self.style, ())


def _hidden(visible_to: str, owner: int | None, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: everybody's hands shown) sees a zone's faces (Zone.visible_to)."""
    if visible_to == "all":
        return False
    if visible_to == "owner":
        return viewer is not None and viewer != owner
    return True


class ZoneCards(NamedTuple):
    """A zone's cards without its words: what an agent reads (``State.observe``), cheap to make at every decision.
    ``Deal.zone_cards()`` lists one per zone of ``Deal.layout()``, in the same order and with the same cards."""

    name: str
    owner: int | None
    visible_to: str
    cards: tuple[Card | None, ...]

    def masked(self, viewer: int | None) -> ZoneCards:
        """These cards as ``viewer`` sees them (hidden faces as None), as ``Zone.masked``."""
        if not _hidden(self.visible_to, self.owner, viewer):
            return self
        return ZoneCards(self.name, self.owner, self.visible_to, (None,) * len(self.cards))


@dataclass(frozen=True)
class Layout:
    """The whole table at one moment: zones plus short status lines. Pure data; ``render`` draws it."""

    title: Words | str  # catalogued Words, read in the current language when drawn
    zones: tuple[Zone, ...]
    notes: tuple[Words | str, ...] = ()
    current_player: int | None = None

    def sentence_case(self) -> Layout:
        """The same table with every sentence of its words starting with a capital letter (``Sentences``): a
        game whose seat names are lower case inside a sentence (Russian: «ходит игрок 1») draws its table so."""
        zones = tuple(replace(zone, label=Sentences(zone.label)) for zone in self.zones)
        return Layout(Sentences(self.title), zones, tuple(Sentences(note) for note in self.notes), self.current_player)

    def masked(self, viewer: int | None) -> Layout:
        """What ``viewer`` may see (``None``: every hand shown, face-down piles still hidden)."""
        return Layout(self.title, tuple(z.masked(viewer) for z in self.zones), self.notes, self.current_player)

    def zone(self, name: str, owner: int | None = None) -> Zone:
        """The zone called ``name`` (of seat ``owner``, if given); KeyError listing the zones if there is none."""
        for z in self.zones:
            if z.name == name and (owner is None or z.owner == owner):
                return z
        names = sorted({f"{z.name}" + ("" if z.owner is None else f"[{z.owner}]") for z in self.zones})
        raise KeyError(f"no zone {name!r}" + ("" if owner is None else f" of seat {owner}") + f"; zones: {names}")

    def _repr_html_(self) -> str | None:
        return drawing(self)


# ----------------------------------------------------------------------------------------------------- deal
class Deal:
    """One deal's state machine. Game modules subclass it and implement the methods marked "game"."""

    def __init__(self, game: Game, deck: Sequence[Card], dealer: int, index: int,
                 chance: np.random.Generator | None, shuffles: Sequence[Sequence[Card]] | None = None,
                 previous: Deal | None = None, recorded: Sequence[Any] | None = None) -> None:
        self.game = game
        self.rules = game.rules
        self.n: int = game.players
        self.deck = tuple(deck)
        self.dealer: int = dealer
        self.index = index
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.shuffles: list[tuple[Card, ...]] = []
        self._chance = chance
        self._given_shuffles = [tuple(s) for s in shuffles] if shuffles is not None else None
        self.trace: list[Layout] | None = None  # when a list, a layout is stored after every event
        # The deal before this one in a match (a game may carry cards over, e.g. Clash's kept cards), and, in a
        # replay, the recorded actions of this deal: a chance outcome that the record shows only through its
        # actions (Clash's first defender is the player of the first action) may be read from them in setup().
        self.previous = previous
        self.recorded_actions = list(recorded) if recorded is not None else None
        self.setup()

    # --- game
    def setup(self) -> None:
        """Deal the cards (game)."""
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        """The seat to act now, or None when nobody is to act (game)."""
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action now (game). Usually a list; where there are too many to list (Clash's 13-card
        arrangements) a lazy ``Sequence`` with ``len``, indexing and a fast ``in``."""
        raise NotImplementedError

    def check(self, action: Action) -> None:
        """Raise IllegalActionError saying why ``action`` is not allowed now (game may make this faster)."""
        if action not in self.legal_actions():
            allowed = ", ".join(str(a) for a in self.legal_actions()[:12])
            raise IllegalActionError(_errors("not_allowed", action=shorten(action), allowed=allowed))

    def do(self, action: Action) -> None:
        """Carry out a checked action and every automatic step after it (game)."""
        raise NotImplementedError

    # what the finished deal adds to each seat's total: the game sets it when the deal ends
    _scores: list[int] | None = None

    def is_over(self) -> bool:
        """Whether the deal has ended (its scores are set)."""
        return self._scores is not None

    def odds(self, player: int) -> list[Odds] | None:
        """The exact chances, from ``player``'s view, of the chance events about to matter to that seat ([] when
        there is nothing to count now); None for a game without odds in context. Each game's deal says."""
        return None

    def scores(self) -> list[int]:
        """What the finished deal adds to each seat's total (game)."""
        if self._scores is None:
            raise IllegalActionError(_errors(f"not_over_{self.game.definition.deal_word}"))
        return list(self._scores)

    def layout(self) -> Layout:
        """Every zone of the table with its visibility (game)."""
        raise NotImplementedError

    def zone_cards(self) -> tuple[ZoneCards, ...]:
        """The zones of ``layout()`` without their words (agents read these at every decision). This one reads
        them off the layout; a game overrides it with a direct reading of its state, and the conformance tests
        prove the two equal at every step."""
        return tuple(ZoneCards(zone.name, zone.owner, zone.visible_to, zone.cards) for zone in self.layout().zones)

    def cards_in_play(self) -> list[Card]:
        """Every card of the deal wherever it is now; conservation tests compare it with the deck (game)."""
        raise NotImplementedError

    def stats(self) -> dict[str, Any]:
        """Game-specific facts of a finished deal for simulation tables (game; optional)."""
        return {}

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """How the finished deal's score is made up, per scoring side: ``[("team A", {"card points": 40,
        "last capture": 10}), …]``; the parts of a side add up to its deal score (game)."""
        raise NotImplementedError

    def action_builder(self, player: int) -> Any | None:
        """For a decision with too many legal actions to show as buttons (Clash's arrangements): an object that
        lets a person build the action card by card, or None (game; optional). The widgets use its ``cards``,
        ``slots`` (each with ``name``, ``size``, ``label``), ``selected``, ``select(name)``, ``click(card) -> str``,
        ``slot_of(card)``, ``slot_text(name)``, ``fill_rest()``, ``suggest()``, ``clear()``, ``problems()`` and
        ``action()``."""
        return None

    # --- shared
    def apply(self, action: Action) -> None:
        """Check ``action`` and carry it out; IllegalActionError, with the deal unchanged, if the deal is over or the
        action is not allowed now."""
        if self.is_over():
            raise IllegalActionError(_errors("deal_over"))
        self.check(action)
        self.actions.append(action)
        self.do(action)

    def emit(self, kind: str, message: Words, player: int | None = None, visible_to: int | None = None) -> None:
        """Narrate a step; call it after the change it describes, so a traced layout shows the change.
        ``message`` comes from the game's catalogue (cardlab.i18n), so it can be read in every language."""
        if not isinstance(message, Words):
            raise TypeError(f"narration must be a catalogued message (cardlab.i18n), not {type(message).__name__}:"
                            f" {message!r}")
        action = len(self.actions) - 1 if self.actions else None
        # read as sentences: a seat's name, lower case inside one («ходит игрок 1»), takes a capital at its start
        self.events.append(Event(kind, Sentences(message), player, self.index, action, visible_to))
        if self.trace is not None:
            self.trace.append(self.layout())

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A chance event inside the deal: ``cards`` in a new order, drawn or read from the record."""
        if self._given_shuffles is not None:
            number = len(self.shuffles) + 1
            if not self._given_shuffles:
                raise fail("shuffle_missing", number=self.index + 1, index=number)
            order = self._given_shuffles.pop(0)
            if Counter(order) != Counter(cards):
                raise fail("shuffle_cards", number=self.index + 1, index=number, count=len(cards))
        else:
            assert self._chance is not None
            order = tuple([cards[i] for i in self._chance.permutation(len(cards)).tolist()])
        self.shuffles.append(tuple(order))
        return list(order)

    def seat_name(self, seat: int) -> Words:
        """The seat's name inside the narration (``seat_in_sentence``); a game with other names overrides it."""
        return seat_in_sentence(seat)

    def snapshot(self) -> Deal:
        """A copy of this deal to play on, lighter than a clone: no trace of layouts, and the deal before it
        shared rather than copied (it is over, so nothing changes it)."""
        memo: dict[int, Any] = {}
        if self.trace is not None:
            memo[id(self.trace)] = None
        if self.previous is not None:
            memo[id(self.previous)] = self.previous
        return copy.deepcopy(self, memo)

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            if key in ("game", "rules", "deck"):
                setattr(clone, key, value)  # immutable
            elif key == "events":
                clone.events = list(value)  # events are frozen
            else:
                setattr(clone, key, copy.deepcopy(value, memo))
        return clone


# ----------------------------------------------------------------------------------------------------- questions
@dataclass(frozen=True)
class Param:
    """A parameter of a catalogue question."""

    name: str
    default: Any
    values: tuple[Any, ...] | None = None  # allowed values, or None when `check` decides
    doc: str = ""
    check: Callable[[Any, Mapping[str, Any]], str | None] | None = None  # returns an error message or None


AGENTS_PARAM = Param("agents", "smart", None, "agent name(s), e.g. smart or random,smart")


@dataclass(frozen=True)
class QuestionSpec:
    """A probability question about a game; ``cardlab.questions`` turns these into the catalogue.

    Either ``sampler(n, rng, **params)`` gives n outcomes from shuffled decks (fast, no play), or ``measure(state)``
    reads one outcome from a finished deal played by the agents named in the ``agents`` parameter.
    ``exact(**params)`` counts the answer as a Fraction; None means simulation only.
    """

    id: str
    game: str
    title: str
    text: str  # str.format template over the parameters; ends with "?"
    params: tuple[Param, ...]
    exact: Callable[..., Any] | None = None
    sampler: Callable[..., Any] | None = None
    measure: Callable[[Any], float] | None = None
    # the same outcome read from the columns of a simulation table of deals (``cardlab.simulate``), one per row:
    # how a game's batch player answers the question without a State
    table_measure: Callable[[Mapping[str, np.ndarray]], np.ndarray] | None = None
    rule: str = ""  # the rules the question rests on, e.g. "golyi §4.8"
    kind: str = "probability"  # or "mean"
    notes: str = ""
    # parameter values that are identifiers read as words in the text ("poker" -> «покерный»): each is catalogued
    value_words: tuple[str, ...] = ()
    # parameters that are rule options of the game (for a ``measure`` question: the deals are played under them)
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Odds:
    """An exact chance, seen from one seat, of a chance event that is about to matter to it ("the next card from
    the reserve pairs with your target"). Each game module's ``odds(deal, player)`` returns a list of these,
    computed only from what ``player`` may see (its view) and the rules.
    """

    label: str | Words  # the event in plain words (catalogued Words read in the current language, or a str)
    probability: Fraction
    player: int  # whose view the chance is computed from
    detail: str | Words = ""  # how it was counted, in a sentence
    kind: str = ""  # a short tag, e.g. "next_pair"

    def __str__(self) -> str:
        p = self.probability
        text = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator} ≈ {float(p):.3f}"
        return f"{self.label}: {text}"


# ----------------------------------------------------------------------------------------------------- games
# the game's own Deal subclass: a game's callbacks are given its deals (the engine itself knows only Deal)
DealT = TypeVar("DealT", bound=Deal)


@dataclass(frozen=True)
class GameDefinition(Generic[DealT]):
    """Everything the engine needs to know about one game; each game module makes one and registers it."""

    name: str
    title: str
    players: tuple[int, ...]
    options: Mapping[str, Option]
    deal_class: type[DealT]
    make_deck: Callable[[int], list[Card]]  # players -> the full deck in base order
    summary: str = ""
    next_dealer: Callable[[DealT], int] = lambda deal: (deal.dealer + 1) % deal.n
    # (totals, game, finished deals) -> winning seats once the match is over, else None
    match_winners: Callable[[list[int], Game, Sequence[DealT]], list[int] | None] = lambda totals, game, deals: None
    # (totals, finished deal) -> totals after the deal's scores (a game may reset totals, e.g. Golyi's burn)
    add_scores: Callable[[list[int], DealT], list[int]] | None = None
    # the cards the next deal's deck holds, given the deal before (default: the full deck every time)
    deck_cards: Callable[[DealT], list[Card]] | None = None
    agents: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    parse_action: Callable[[dict[str, Any], DealT], Action] | None = None
    seat_names: Callable[[int, int], Words] | None = None  # a catalogued name, read in the current language
    default_players: int | None = None
    target: Callable[[Game], int | None] = lambda game: None  # the match target (points), if any
    questions: tuple[QuestionSpec, ...] = ()
    deal_word: str = "deal"  # what one unit of a match is called in narration: "deal" or "round" (Clash)
    # the game's part of its printable handout (a cardlab.handout_parts.Handout: rule texts, the worked example);
    # typed Any: that module imports this one
    handout: Any = None
    # the exercises of the game's probability lesson (cardlab.exercise_parts.Exercise, from its exercises.py), in
    # order; cardlab.exercises reads them here
    exercises: tuple[Exercise, ...] = ()
    # plays many seeded deals at once, deal by deal as the engine would (cardlab.batch_parts); None: the engine only
    batch: BatchPlayer | None = None

    def words(self, what: str) -> Text:
        """The game's ``"title"`` or ``"summary"`` as a catalogued message (read in the current language)."""
        return Text(f"game.{self.name}.{what}")

    def seat_name(self, seat: int, players: int) -> Words:
        """The name of ``seat`` among ``players`` seats as a label shows it: the game's own name for it, else
        "Seat 2"."""
        return self.seat_names(seat, players) if self.seat_names else _t("seat", seat=seat)


_t = messages("engine", {
    "seat": "Seat {seat}",
    "who": "Seat {seat}",  # inside a sentence
    "match_won": "{seats} {n|wins|win} the match with {points} points.",
    "seat_total": "{seat} {total}",
    "totals_next_deal": "Match totals: {totals}. Next deal.",
    "totals_next_round": "Match totals: {totals}. Next round.",
})
_REGISTRY: dict[str, GameDefinition[Any]] = {}


@cache  # made once per seat: a Text is never changed, and nearly every event of every game names a seat
def seat_in_sentence(seat: int) -> Text:
    """A seat's name inside a sentence: "Seat 2", lower case in Russian («ходит игрок 2»). Narration is read as
    ``Sentences``, so a sentence that starts with the name gives it a capital letter."""
    return _t("who", seat=seat)


def register(definition: GameDefinition[DealT]) -> GameDefinition[DealT]:
    """Add a game to the registry, and its title, summary and questions to the message catalogue
    (their translations are in the catalogues, faithful to the original texts in shared/seeds)."""
    messages(f"game.{definition.name}", {"title": definition.title, "summary": definition.summary})
    for spec in definition.questions:
        messages(f"question.{spec.id}", {"title": spec.title, "text": spec.text})
        messages(f"question.{spec.id}.value", {value: value for value in spec.value_words})
        messages(f"question.{spec.id}.param", {p.name: p.doc for p in spec.params})
    _REGISTRY[definition.name] = definition
    return definition


def games() -> tuple[str, ...]:
    """The names of every game, sorted: ``("clash", "golyi", "pickup", "strike")`` once all are in."""
    return tuple(sorted(_REGISTRY))


def definition(name: str) -> GameDefinition[Any]:
    """The registered definition of the game called ``name`` (in any case); RulesError for an unknown name or for a
    loaded Game given instead."""
    if isinstance(name, Game):
        raise rules_error("game_given", name=repr(name.name), games=", ".join(sorted(_REGISTRY)))
    if not isinstance(name, str) or name.lower() not in _REGISTRY:
        raise rules_error("unknown_game", name=shown_value(name), games=", ".join(sorted(_REGISTRY)))
    return _REGISTRY[name.lower()]


# Errors about games, players, presets, options and seeds, in the current language (read when raised)
_errors = messages("engine.errors", {
    "stale_observation": "this observation was taken before the last action: observe the state again",
    "no_zone": "no zone {name} in this observation",
    "no_zone_of": "no zone {name} of seat {owner} in this observation",
    "unknown_game": "unknown game {name}; games: {games}",
    "game_given": "load_game takes a game's name, and this is already a loaded game: use it as it is, or "
                  "cardlab.load_game({name}, ...) for other options; games: {games}",
    "players_count": "{game} is played by {allowed} players, not {value}",
    "players_whole": "{game} is played by {allowed} players; players must be a whole number, not {value}",
    "unknown_preset": "unknown preset {preset} for {game}; presets: {presets}",
    "no_option": "{game} has no option {name}; its options are: {known}",
    "option_values": "{game} option {name} cannot be {value}; allowed values: {allowed}",
    "option_check": "{game} option {name} cannot be {value}; allowed: {allowed}",
    "option_at_most": "{allowed}, up to {most}",
    # a person reads these too (a refused move in a play table): every one in both languages
    "not_allowed": "{action} is not allowed now; legal: {allowed}",
    "not_over_deal": "the deal is not over yet; scores exist only at its end",
    "not_over_round": "the round is not over yet; scores exist only at its end",
    "deal_over": "this deal is over; no more actions are allowed",
    "game_over": "the game is over; no more actions are allowed",
    "wrapped": "{what}: {error}",
    "deck_cards": "{what} must hold the {n} cards of this {game} deal for {players} players; got {got} cards",
    "deck_missing": "missing {cards}",
    "deck_extra": "unexpected or extra {cards}",
    "dealer": "dealer must be a seat 0..{last}, got {value}",
    "action_object": "an action must be an object like {{'player': 1, ...}}, got {value}",
    "action_keys": "action {value}: every key must be a string ('player', 'play', ...)",
    "action_player": "action {value}: 'player' must be a seat 0..{last}",
    "view_player": "player must be a seat 0..{last}, got {value}",
    "seed": "seed must be a whole number 0 or more (or a numpy Generator), got {value}",
})


def shown_value(value: Any, limit: int = 80) -> str:
    """``value`` as an error message quotes it: at most ``limit`` characters, never failing (``records.shorten``:
    the one way the kit echoes a value)."""
    return shorten(value, limit)


def rules_error(key: str, **params: Any) -> RulesError:
    """A RulesError with the catalogued message ``engine.errors.<key>``, read in the current language now."""
    return RulesError(str(_errors(key, **params)))


SeedLike = int | np.random.Generator | None


def best_seats(scores: Sequence[int]) -> list[int]:
    """The seats with the highest score (all of them when they tie): a finished deal's winners."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def normalise_seed(seed: SeedLike) -> int:
    """An int seed for the record: a Generator gives one draw; None takes fresh entropy (not reproducible)."""
    if seed is None:
        return int(cast(int, np.random.SeedSequence().entropy)) % (2**63)  # made without a seed: an int from the OS
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**63))
    if isinstance(seed, (bool, float)) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise rules_error("seed", value=shown_value(seed))
    return int(seed)


def chance_rng(seed: int, deal_index: int) -> np.random.Generator:
    """The random stream of one deal of a seeded state (its deck, dealer lot and shuffles)."""
    return np.random.default_rng([seed, 0, deal_index])


def agent_rng(seed: int, seat: int) -> np.random.Generator:
    """The random stream of the agent in ``seat`` for a seeded game (independent of the deck streams)."""
    return np.random.default_rng([seed, 1, seat])


class Game:
    """A game bound to a player count and resolved rules: the factory for deals and matches."""

    def __init__(self, definition: GameDefinition[Any], players: int, rules: Rules) -> None:
        self.definition = definition
        self.name = definition.name
        self.players = players
        self.rules = rules
        self.seat_names = tuple(definition.seat_name(seat, players) for seat in range(players))

    @property
    def title(self) -> str:
        """The game's name in the current language ("Golyi" / "Голый")."""
        return self.definition.words("title").render()

    @property
    def summary(self) -> str:
        """The rules in one line, in the current language."""
        return self.definition.words("summary").render()

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.rules.items())
        return f"<{self.title}: {self.players} players, preset {self.rules.preset!r}; {options}>"

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def full_deck(self) -> list[Card]:
        """Every card of one deal for this number of players, in the base order of the rules."""
        return self.definition.make_deck(self.players)

    def deal(self, seed: SeedLike = None, deck: Iterable[str | Card] | None = None,
             dealer: int | None = None) -> State:
        """One deal. ``seed`` fixes the deck and the dealer lot; ``deck`` (top card first) and ``dealer`` override."""
        return State(self, seed=seed, match=False, deck=deck, dealer=dealer)

    def match(self, seed: SeedLike = None, deck: Iterable[str | Card] | None = None,
              dealer: int | None = None) -> State:
        """A whole match to the target; every deal after the first shuffles from the seed."""
        return State(self, seed=seed, match=True, deck=deck, dealer=dealer)

    def check_deck(self, deck: Iterable[str | Card], what: str = "deck",
                   expected: list[Card] | None = None) -> list[Card]:
        """``deck`` as cards if it holds exactly the cards of ``expected`` (the full deck by default), in any order;
        otherwise RulesError naming ``what`` and the cards missing or extra."""
        try:
            cards = [Card.parse(c) for c in deck]
        except (CardError, TypeError) as error:
            raise RulesError(_errors("wrapped", what=what, error=error)) from None
        expected = self.full_deck() if expected is None else expected
        if len(cards) != len(expected) or Counter(cards) != Counter(expected):
            have, want = Counter(cards), Counter(expected)
            missing = [c.code for c in want if have.get(c, 0) < want[c]]
            extra = [c.code for c in have if have[c] > want.get(c, 0)]
            raise RulesError(Listing(
                _errors("deck_cards", what=what, n=len(expected), game=self.title, players=self.players,
                        got=len(cards)),
                *([_errors("deck_missing", cards=" ".join(missing[:8]))] if missing else []),
                *([_errors("deck_extra", cards=" ".join(extra[:8]))] if extra else []), sep=", "))
        return cards

    def check_dealer(self, dealer: Any) -> int:
        """``dealer`` as an int if it is one of this game's seats; otherwise RulesError."""
        if isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer)) or not 0 <= dealer < self.players:
            raise RulesError(_errors("dealer", last=self.players - 1, value=shorten(dealer)))
        return int(dealer)

    def parse_action(self, data: Any, deal: Deal) -> Action:
        """The record form ``{"player": 1, "play": "QS"}`` as an Action (IllegalActionError if malformed)."""
        if not isinstance(data, Mapping):
            raise IllegalActionError(_errors("action_object", value=shorten(data)))
        if not all(isinstance(key, str) for key in data):
            raise IllegalActionError(_errors("action_keys", value=shorten(data)))
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalActionError(_errors("action_player", value=shorten(data), last=self.players - 1))
        assert self.definition.parse_action is not None
        return self.definition.parse_action(dict(data), deal)


def load_game(name: str, /, players: int | None = None, preset: str = "seed", **options: Any) -> Game:
    """A game with its rules: ``load_game("golyi", players=4, burn=True)``. An unknown name, a player count
    that is not a whole number the game allows (4.0 and True are refused), an unknown preset or option, or a
    value an option does not allow raise RulesError saying what is allowed."""
    spec = definition(name)
    title = spec.words("title")
    if players is None:
        players = spec.default_players or spec.players[0]
    allowed = ", ".join(str(p) for p in spec.players)
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise rules_error("players_whole", game=title, allowed=allowed, value=shown_value(players))
    if players not in spec.players:
        raise rules_error("players_count", game=title, allowed=allowed, value=shown_value(players))
    return Game(spec, int(players), resolve_rules(spec.options, title, preset, options))


# ----------------------------------------------------------------------------------------------------- state
class State:
    """A deal or a whole match in progress: the object every lesson, widget and agent works with."""

    def __init__(self, game: Game, seed: SeedLike = None, match: bool = False,
                 deck: Iterable[str | Card] | None = None, dealer: int | None = None,
                 *, trace: bool = False, _given: list[dict[str, Any]] | None = None) -> None:
        self.game = game
        self.is_match = match
        self.seed: int | None = None if (deck is not None and seed is None) else normalise_seed(seed)
        self._entropy = self.seed if self.seed is not None else normalise_seed(None)
        # decks, dealers, shuffles and actions read from a record, one entry per deal, consumed in order
        self._given = list(_given or [])
        self._trace = trace
        self.deals: list[Deal] = []
        self.totals_history: list[list[int]] = []
        self._totals = [0] * game.players
        self._winners: list[int] | None = None
        first_deck = game.check_deck(deck) if deck is not None else None
        first_dealer = game.check_dealer(dealer) if dealer is not None else None
        self._start_deal(first_deck, first_dealer)

    # ------------------------------------------------------------------ protocol
    @property
    def deal(self) -> Deal:
        """The current (or last) deal."""
        return self.deals[-1]

    @property
    def current_player(self) -> int | None:
        """The seat to act now; None once the deal (or the match) is over."""
        return None if self.is_terminal() else self.deal.current_player

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action now ([] once the deal or the match is over)."""
        return [] if self.is_terminal() else self.deal.legal_actions()

    def is_terminal(self) -> bool:
        """Whether play has ended: the deal is over, or, in a match, the match has its winners."""
        if self.is_match:
            return self._winners is not None
        return self.deal.is_over()

    def apply(self, action: Action | Mapping[str, Any]) -> State:
        """Take one action (an Action or its record dict). Illegal actions raise and change nothing."""
        if self.is_terminal():
            raise IllegalActionError(_errors("game_over"))
        if not isinstance(action, Action):
            action = self.game.parse_action(action, self.deal)
        self.deal.apply(action)
        if self.deal.is_over():
            self._finish_deal()
        return self

    def scores(self) -> list[int] | None:
        """What the current deal adds to each seat (a team's score repeated per member); None until it ends."""
        return self.deal.scores() if self.deal.is_over() else None

    def totals(self) -> list[int]:
        """Match totals after the finished deals (for a single deal: its scores once over)."""
        return list(self._totals)

    def winners(self) -> list[int]:
        """The winning seats (all members of a winning team; all sharers of a tie); [] while unfinished."""
        if not self.is_terminal():
            return []
        if self.is_match:
            return list(self._winners or [])
        return best_seats(self.deal.scores())

    @property
    def events(self) -> list[Event]:
        """Every event narrated so far, deal after deal (private ones too)."""
        return [event for deal in self.deals for event in deal.events]

    def view(self, player: int) -> View:
        """What ``player`` may see: own hand, public cards, counts of the rest, public events, legal actions."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.players:
            raise IllegalActionError(_errors("view_player", last=self.game.players - 1, value=shorten(player)))
        return View(self, player)

    def layout(self, viewer: int | None = None) -> Layout:
        """The current deal's table as ``viewer`` may see it (None: every hand shown, face-down piles still hidden)."""
        return self.deal.layout().masked(viewer)

    def observe(self, player: int) -> Observation:
        """What ``player`` may see, light, for an agent's decision: every zone's cards (hidden faces as None), the
        rules and, on its turn, the legal actions. The same cards as ``view(player)``, without the words."""
        return Observation(self, player)

    def clone(self) -> State:
        """A copy of the state to play on without changing this one (the game itself is shared)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        clone = object.__new__(State)
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            setattr(clone, key, value if key == "game" else copy.deepcopy(value, memo))
        return clone

    def __repr__(self) -> str:
        deal = self.deal
        status = "over" if self.is_terminal() else f"seat {self.current_player} to act"
        kind = "match" if self.is_match else "deal"
        return (f"<{self.game.title} {kind}, {self.game.players} players, deal {deal.index + 1}, "
                f"{len(deal.actions)} actions, {status}; totals {self._totals}>")

    def __str__(self) -> str:
        return drawing(self.layout(None), "text") or repr(self)

    def _repr_html_(self) -> str | None:
        return drawing(self.layout(None))

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The JSON-ready ``cardlab.record/1`` dict of everything played so far.

        A finished single deal (``game.deal(...)``) is written with ``"match": false`` and the deal's winner; a
        match, and a single deal still in progress (the README's single-deal record holds a finished deal, and an
        unfinished deal is the start of a match as well), are written without ``match`` (a match record)."""
        single = {"match": False} if not self.is_match and self.deal.is_over() else {}
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "players": self.game.players,
            "rules": self.game.rules.asdict(),
            "seed": self.seed,
            **single,
            "deals": [
                {
                    "dealer": deal.dealer,
                    "deck": [card.code for card in deal.deck],
                    "shuffles": [[card.code for card in s] for s in deal.shuffles],
                    "actions": [action.to_json() for action in deal.actions],
                    "scores": deal.scores() if deal.is_over() else None,
                }
                for deal in self.deals
            ],
            "totals": self.totals(),
            "winner": self.winners(),
        }

    # ------------------------------------------------------------------ internals
    def _start_deal(self, deck: list[Card] | None = None, dealer: int | None = None) -> None:
        index = len(self.deals)
        rng = chance_rng(self._entropy, index)
        previous = self.deals[-1] if self.deals else None
        lot = int(rng.integers(self.game.players))  # drawn even when the dealer is given: decks stay the same
        deck_cards = self.game.definition.deck_cards
        cards = deck_cards(previous) if previous is not None and deck_cards else self.game.full_deck()
        shuffles = recorded = None
        if self._given:
            given = self._given.pop(0)
            shuffles, recorded = given["shuffles"], given["actions"]
            dealer = given["dealer"]
            try:
                deck = self.game.check_deck(given["deck"], "deck", cards)
            except RulesError as error:
                raise fail("deck", number=index + 1, error=error) from None
            # every deal after the first of a seeded match is shuffled from the seed (only the first deck may be
            # given): a recorded deck that the seed does not give belongs to another seed
            if previous is not None and self.seed is not None \
                    and deck != [cards[i] for i in rng.permutation(len(cards)).tolist()]:
                raise fail("seed_deck", number=index + 1, seed=shorten(self.seed))
        if deck is None:
            deck = [cards[i] for i in rng.permutation(len(cards)).tolist()]
        if previous is not None:
            expected = self.game.definition.next_dealer(previous)
            if dealer is not None and dealer != expected:
                raise fail("next_dealer", number=index + 1, expected=expected, value=shorten(dealer))
            dealer = expected
        elif dealer is None:
            dealer = lot
        deal = self.game.definition.deal_class(self.game, deck, dealer, index, rng, shuffles, previous, recorded)
        if self._trace:
            deal.trace = []
            deal.trace.extend(deal.layout() for _ in deal.events)
        self.deals.append(deal)

    def _finish_deal(self) -> None:
        deal = self.deal
        scores = deal.scores()
        add = self.game.definition.add_scores
        self._totals = add(self._totals, deal) if add else [t + s for t, s in zip(self._totals, scores)]
        self.totals_history.append(list(self._totals))
        if not self.is_match:
            return
        winners = self.game.definition.match_winners(self._totals, self.game, self.deals)
        if winners is not None:
            self._winners = winners
            deal.emit("match", _t("match_won", seats=Joined(deal.seat_name(s) for s in winners), n=len(winners),
                                  points=self._totals[winners[0]]))
            return
        totals = Joined((_t("seat_total", seat=deal.seat_name(s), total=str(t).replace("-", "−"))  # U+2212
                         for s, t in enumerate(self._totals)),
                        word="list")
        deal.emit("totals", _t(f"totals_next_{self.game.definition.deal_word}", totals=totals))
        self._start_deal()


class View:
    """One seat's view of a state: the masked layout, the events it may read, its legal actions.

    The events are read lazily (agents rarely need them), but only those that existed when the view was taken.
    """

    def __init__(self, state: State, player: int) -> None:
        deal = state.deal
        self.player = player
        self.current_player = state.current_player
        # kept as the game returns it: a game with a huge action space (Clash's arrangements) may return a lazy
        # Sequence that computes its items on demand
        self.legal_actions: Sequence[Action] = state.legal_actions() if self.current_player == player else ()
        self.layout: Layout = deal.layout().masked(player)
        self.deal_index = deal.index
        self.scores = state.scores()
        self.totals = state.totals()
        self.rules = state.game.rules
        self._deals = [(d.events, len(d.events)) for d in state.deals]

    @property
    def events(self) -> tuple[Event, ...]:
        """The events this seat may read (public ones and its own), of those there were when the view was taken."""
        return tuple(e for events, count in self._deals for e in events[:count]
                     if e.visible_to is None or e.visible_to == self.player)

    def zone(self, name: str, owner: int | None = None) -> Zone:
        """The zone called ``name`` (of seat ``owner``, if given) as this seat sees it."""
        return self.layout.zone(name, owner)

    @property
    def zones(self) -> tuple[Zone, ...]:
        """Every zone as this seat sees it (read as an ``Observation``'s zones are)."""
        return self.layout.zones

    def cards(self, name: str, owner: int | None = None) -> tuple[Card | None, ...]:
        """The cards of the first zone called ``name`` (of ``owner``, if given), as ``Observation.cards``."""
        return self.layout.zone(name, owner).cards

    def seen(self) -> Iterator[Card]:
        """Every face this seat can see, zone by zone (as ``Observation.seen``)."""
        return (card for zone in self.layout.zones for card in zone.cards if card is not None)

    def _repr_html_(self) -> str | None:
        return drawing(self.layout)


class Observation:
    """One seat's light view of a state, taken when an agent decides: every zone's cards as the seat sees them
    (``Deal.zone_cards`` masked), the rules, and on the seat's own turn the legal actions. Nothing here is drawn or
    worded, so it costs a fraction of a ``View``; a zone is masked only when it is read."""

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self.current_player = state.current_player
        self.rules = state.game.rules
        self._raw = state.deal.zone_cards()  # read now: the state may move on before a zone is read
        self._zones: tuple[ZoneCards, ...] | None = None
        self._state = state
        self._at = (state.deal, len(state.deal.actions))
        self._legal: Sequence[Action] | None = None

    @property
    def zones(self) -> tuple[ZoneCards, ...]:
        """Every zone's cards as this seat sees them (hidden faces as None), in ``Deal.layout()``'s order."""
        if self._zones is None:
            self._zones = tuple(zone.masked(self.player) for zone in self._raw)
        return self._zones

    @property
    def legal_actions(self) -> Sequence[Action]:
        """On the seat's turn its legal actions, else none; listed when first read (an agent that builds its
        own action never pays for them), which must be before the state moves on."""
        if self._legal is None:
            state = self._state
            if (state.deal, len(state.deal.actions)) != self._at:
                raise RuntimeError(_errors("stale_observation"))
            self._legal = state.legal_actions() if self.current_player == self.player else ()
        return self._legal

    def cards(self, name: str, owner: int | None = None) -> tuple[Card | None, ...]:
        """The cards of the first zone called ``name`` (of ``owner``, if given), as ``View.zone(...).cards``."""
        for zone in self._raw:
            if zone.name == name and (owner is None or zone.owner == owner):
                return zone.masked(self.player).cards
        raise KeyError(_errors("no_zone", name=shorten(name)) if owner is None
                       else _errors("no_zone_of", name=shorten(name), owner=owner))

    def seen(self) -> Iterator[Card]:
        """Every face this seat can see, zone by zone."""
        return (card for zone in self.zones for card in zone.cards if card is not None)


# ----------------------------------------------------------------------------------------------------- replay
def load_record(source: Any, *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """A record as a plain JSON object, from a dict, JSON text (``str`` or ``bytes``) or a file path (``str`` or
    ``pathlib.Path``); RecordError if it is not one (cardlab.records.read_document)."""
    from cardlab.records import read_document

    return read_document(source, max_bytes=max_bytes)


def _definition_or_none(name: str) -> GameDefinition[Any] | None:
    return _REGISTRY.get(name)


def replay(record: Any, *, trace: bool = False, max_bytes: int = MAX_BYTES,
           until: tuple[int, int] | None = None, starts: list[Deal] | None = None) -> State:
    """Rebuild a state from its record, checking every field and action; RecordError says where it is wrong.

    ``record`` is a dict, JSON text (``str`` starting with ``{``, or ``bytes``), or a file path (``str`` or
    ``pathlib.Path``). Texts and files over ``max_bytes`` (10 MB) are refused before they are read. The record
    must be canonical (rules/README.md): every field present with its type, every rule option listed, cards
    written as the notation writes them, scores, totals and winner as the actions give them.
    ``trace=True`` keeps a layout after every event. ``until=(deal index, actions)`` stops after that many
    actions of that deal (0-based index; earlier deals whole): the record is checked whole, but scores, totals
    and the winner are compared only for the deals played to their end before that point.
    ``starts``: a list that receives a copy of each deal as it began, before its first action (a stepper walks
    forward from there instead of replaying the record again).
    """
    from cardlab import records

    data = records.read_document(record, max_bytes=max_bytes)
    shape = records.check_record(data, _definition_or_none, games())
    spec, players = shape.definition, shape.players
    last = _check_until(until, shape)
    try:
        game = Game(spec, players, resolve_rules(spec.options, spec.title, "seed", shape.rules))
    except RulesError as error:  # checked already; a game's own further constraint is still the record's fault
        raise fail("header_error", error=records.clip(error)) from None
    entries = shape.deals if last is None else shape.deals[:last[0] + 1]
    given = [{"deck": entry.deck, "dealer": entry.dealer, "shuffles": entry.shuffles, "actions": entry.actions}
             for entry in entries]
    state = State(game, seed=shape.seed, match=shape.match, trace=trace, _given=given)
    state.seed = shape.seed  # null when the decks were given rather than drawn
    for number, entry in enumerate(entries, start=1):
        deal = state.deal
        if starts is not None:
            starts.append(deal.snapshot())
        if deal.index != number - 1:
            raise fail("no_deal", number=number, before=number - 1)
        cut = last is not None and number == len(entries)
        actions = entry.actions[:last[1]] if cut and last is not None else entry.actions
        for position, action in enumerate(actions, start=1):
            where = records.action_where(number, position, action)
            records.check_action(action, players, where)
            if deal.is_over():
                raise fail("deal_over", where=where)
            try:
                parsed = game.parse_action(action, deal)
            except (IllegalActionError, CardError, RulesError) as error:
                raise fail("wrapped", where=where, error=records.clip(error)) from None
            records.check_action_form(action, parsed.to_json(), where)
            try:
                state.apply(parsed)
            except (IllegalActionError, CardError, RulesError, RecordError) as error:
                raise fail("wrapped", where=where, error=records.clip(error)) from None
        if cut:
            break
        _check_deal_end(state, deal, entry, number, shape)
    if last is None:
        if shape.totals != state.totals():
            raise fail("totals_differ", recorded=shape.totals, actual=state.totals())
        if shape.winner != state.winners():
            raise fail("winner_differ", recorded=shape.winner, actual=state.winners())
    return state


def _check_until(until: Any, shape: Any) -> tuple[int, int] | None:
    if until is None:
        return None
    if not (isinstance(until, (tuple, list)) and len(until) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in until)
            and 0 <= until[0] < len(shape.deals) and 0 <= until[1] <= len(shape.deals[until[0]].actions)):
        raise fail("until", value=shorten(until))
    return int(until[0]), int(until[1])


def _check_deal_end(state: State, deal: Deal, entry: Any, number: int, shape: Any) -> None:
    """After a deal's recorded actions: its scores, its shuffles, and whether the record may go on."""
    recorded = entry.scores
    if deal.is_over():
        actual = deal.scores()
        if recorded != actual:
            raise fail("scores_differ", number=number, recorded=shorten(recorded), actual=actual)
    else:
        if number != len(shape.deals):
            raise fail("unfinished", number=number)
        if not shape.match:
            raise fail("unfinished_single")
        if recorded is not None:
            raise fail("unfinished_scores", number=number, recorded=shorten(recorded))
    if deal._given_shuffles:  # shuffles the deal never asked for (a game without later chance events lists [])
        raise fail("unused_shuffles", number=number, listed=len(entry.shuffles), used=len(deal.shuffles))
    if deal.is_over() and number < len(shape.deals) and not (state.is_match and not state.is_terminal()):
        raise fail("after_end", next=number + 1, number=number)
