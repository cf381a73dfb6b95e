"""Reading ``cardlab.record/1`` documents strictly (rules/README.md, "Record format").

A record is read in two steps before any card is played:

1. ``read_document(source)``: the source (a dict, JSON text as ``str`` or ``bytes``, or a file path as ``str`` or
   ``pathlib.Path``) becomes a plain JSON object. Files and texts over ``max_bytes`` (10 MB by default) are refused
   before they are parsed; so are bytes that are not UTF-8, duplicate keys, ``NaN``, numbers with more than
   ``MAX_DIGITS`` digits and nesting deeper than ``MAX_DEPTH``.
2. ``check_record(data, lookup)``: every field the README names is present with its type, and nothing else; the
   rules list every option of the game with a legal value; cards are written exactly as the notation section
   writes them (``"10H"``, ``"QS"``, ``"JK"``).

``cardlab.replay`` (in ``cardlab.engine``) then plays the actions and compares the recorded scores, totals and
winner with the recomputed ones. Every error is a ``RecordError`` whose message is read in the current language
and quotes at most about 80 characters of any value it echoes (``shorten``).

This module sits beside the engine and imports nothing from it: the engine imports it.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from cardlab.cards import Card, CardError, make_deck
from cardlab.i18n import Words, messages

if TYPE_CHECKING:
    from cardlab.engine import GameDefinition

RECORD_FORMAT = "cardlab.record/1"
MAX_BYTES = 10_000_000  # the default size limit of a record file or text (``max_bytes=`` overrides it)
MAX_DEPTH = 12  # nesting of objects and lists: the deepest field (a Clash arrangement's card) is 7 levels down
MAX_DIGITS = 40  # no number in a record needs more (a seed below 2**128 has at most 39 digits)
MAX_NODES = 5_000_000  # values in a record given as a dict (a text is bounded by max_bytes instead)
SEED_LIMIT = 2**128
SHOWN_CHARS = 80  # at most this much of an echoed value is quoted in a message
CARD_CODES = frozenset(card.code for card in make_deck(1, 1))  # the notation: "AS" … "KC", "JK"

TOP_FIELDS = ("format", "game", "players", "rules", "seed", "deals", "totals", "winner")
OPTIONAL_FIELDS = ("match",)
DEAL_FIELDS = ("dealer", "deck", "shuffles", "actions", "scores")


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message says which deal and action is wrong."""


_t = messages("record", {
    "card_text": "cannot read card {value}: a card is rank then suit, e.g. '10H', 'QS', or 'JK'",
    "card_type": "a card must be written as a string like '10H' or 'QS', got {value}",
    # reading the document
    "not_a_source": "a record must be a dict, JSON text (str or bytes) or a file path, got {kind}",
    "cannot_read": "cannot read record file {path}: {reason}",
    "file_too_big": "the record file {path} has {size} bytes, more than the limit of {limit} (max_bytes= raises it)",
    "text_too_big": "the record text has {size} bytes, more than the limit of {limit} (max_bytes= raises it)",
    "not_utf8": "the record is not UTF-8 text: byte {byte} at position {position} is not UTF-8",
    "not_json": "the record is not valid JSON: {reason} at line {line}, column {column}",
    "too_deep": "the record is nested more than {depth} levels deep; a record needs at most 7",
    "long_number": "the record holds a number with {digits} digits; no field takes more than {limit}",
    "constant": "the record holds {value}, which JSON does not allow",
    "duplicate_key": "the record names the key {name} twice in one object",
    "not_an_object": "the record must be a JSON object, got {value}",
    "not_json_value": "{where}: {value} ({kind}) is not a JSON value (object, list, string, number, true, false or "
                      "null)",
    "key_not_string": "{where}: the key {name} is not a string",
    "too_many_values": "the record holds more than {limit} values",
    "many_digits": "{sign}(an integer of {digits} digits)",
    # fields
    "missing_field": "{where}: the field {field} is missing; {what} has the fields {fields}",
    "unknown_field": "{where}: unknown field {field}; {what} has the fields {fields}",
    "the_record": "a record",
    "a_deal": "a deal",
    "header": "record header",
    "format": "'format' must be {expected}, got {value}",
    "game": "record header: unknown game {value}; games: {games}",
    "players": "record header: {game} is played by {allowed} players, not {value}",
    "header_error": "record header: {error}",
    "rules_type": "'rules' must be an object of option values, got {value}",
    "unknown_option": "record header: {game} has no option {name}; its options are: {options}",
    "option_value": "record header: {game} option {name} cannot be {value}; allowed: {allowed}",
    "missing_option": "record header: 'rules' must list every option of {game} with its value; missing: {missing}",
    "seed": "'seed' must be a whole number from 0 to 2**128 - 1, or null; got {value}",
    "match": "'match' must be true or false (or left out, meaning true), got {value}",
    "deals": "'deals' must be a non-empty list",
    "deal_type": "deal {number}: must be an object with dealer, deck, shuffles, actions, scores; got {value}",
    "dealer": "deal {number}: dealer must be a seat 0..{last}, got {value}",
    "card_list": "{where} must be a list of cards, got {value}",
    "card": "{where}: cannot read card {value}: a record writes rank then suit letter, ranks A 2 3 4 5 6 7 8 9 10 J Q "
            "K, suits S H D C, a joker JK (e.g. '10H', 'QS')",
    "shuffles": "deal {number}: 'shuffles' must be a list of card lists, got {value}",
    "too_many_shuffles": "deal {number}: {count} shuffles listed, but a deal with {actions} actions has at most "
                         "{actions}",
    "long_shuffle": "deal {number}, shuffle {index}: {count} cards, more than the deck's {size}",
    "actions": "deal {number}: 'actions' must be a list, got {value}",
    "scores_type": "deal {number}: 'scores' must be a list of {n} whole numbers, or null while the deal is "
                   "unfinished; got {value}",
    "totals_type": "'totals' must be a list of {n} whole numbers, got {value}",
    "winner_type": "'winner' must be a list of different seats 0..{last} in increasing order, got {value}",
    "single_deals": "a single-deal record (\"match\": false) holds exactly one deal, this one has {count}",
    # actions
    "action_type": "{where}: an action must be an object like {{'player': 1, ...}}",
    "action_player": "{where}: 'player' must be a seat 0..{last}",
    "action_form": "{where}: not the record form of this action, which is {canonical} (cards as '10H', 'QS', 'JK'; "
                   "swap positions '0'–'5')",
    "action_where": "deal {number}, action {position} ({action})",
    "deal_where": "deal {number}",
    "wrapped": "{where}: {error}",
    # replaying
    "deal_over": "{where}: the deal is already over; remove the extra actions",
    "no_deal": "deal {number}: the match was already over (or the deal did not start) after deal {before}",
    "scores_differ": "deal {number}: recorded scores {recorded} but the actions give {actual}",
    "unfinished": "deal {number}: the actions stop before the deal is over",
    "unfinished_single": "deal 1: a single-deal record (\"match\": false) holds a finished deal, but the actions stop "
                         "before its end",
    "unfinished_scores": "deal {number}: scores {recorded} recorded for an unfinished deal",
    "after_end": "deal {next}: the record goes on after the game ended in deal {number}",
    "unused_shuffles": "deal {number}: {listed} shuffles listed, but the deal has {used} chance events after the deal "
                       "(a game without them lists [])",
    "totals_differ": "recorded totals {recorded} but the deals give {actual}",
    "winner_differ": "recorded winner {recorded} but the deals give {actual}",
    "deck": "deal {number}: {error}",
    "next_dealer": "deal {number}: the dealer must be seat {expected} (the rules' next dealer), the record says "
                   "{value}",
    "seed_deck": "deal {number}: the deck is not the one seed {seed} gives this deal (after the first deal, a seeded "
                 "match shuffles every deck from its seed)",
    "shuffle_missing": "deal {number} needs shuffle {index}, but the record lists no more",
    "shuffle_cards": "deal {number}, shuffle {index} is not an order of the {count} cards being shuffled",
    "max_bytes": "max_bytes= must be a whole number of bytes, got {value}",
    "until": "until= must be (deal index, number of actions) within the record, got {value}",
})


def clip(text: Any, limit: int = 4 * SHOWN_CHARS) -> str:
    """A message from elsewhere (a game's IllegalActionError) as a record error quotes it: one line, at most
    ``limit`` characters (a game's message may list every card of a huge action)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def fail(key: str, /, **params: Any) -> RecordError:
    """The RecordError for message ``key``, read now in the current language (so a caller that leaves its
    ``with language(...)`` block before printing still prints it in that language)."""
    return RecordError(_t(key, **params).render())


# ----------------------------------------------------------------------------------------------------- shorten
def shorten(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``value`` as a message quotes it: its ``repr``, as the other error messages of the kit write values, cut to
    at most ``limit`` characters with "…". Never fails and never takes long, whatever the value: a huge integer
    is described by its number of digits (Python cannot print one over 4300 digits), deep or cyclic nesting and
    long containers are cut without being printed whole."""
    parts: list[str] = []
    budget = [limit + 1]

    def put(text: str) -> None:
        if budget[0] > 0:
            parts.append(text[:budget[0]])
            budget[0] -= len(text)

    def walk(item: Any, depth: int) -> None:
        if budget[0] <= 0:
            return
        if item is None or isinstance(item, bool):
            put(repr(item))
        elif isinstance(item, int):
            put(_int_text(item))
        elif isinstance(item, str):
            put(repr(item[:limit + 2]))
        elif isinstance(item, float):
            put(repr(item))
        elif isinstance(item, (list, tuple, Mapping)):
            if depth >= 6:
                put("…")
                return
            is_map = isinstance(item, Mapping)
            put("{" if is_map else "[")
            for number, element in enumerate(item.items() if isinstance(item, Mapping) else item):
                if budget[0] <= 0:
                    return
                if number:
                    put(", ")
                if is_map:
                    walk(element[0], depth + 1)
                    put(": ")
                    walk(element[1], depth + 1)
                else:
                    walk(element, depth + 1)
            put("}" if is_map else "]")
        elif isinstance(item, (bytes, bytearray)):
            put(repr(bytes(item[:limit])))
        else:
            try:
                text = str(item)
            except Exception:  # an object whose str() fails is still named in the message
                text = f"<{type(item).__name__}>"
            put(text[:limit + 1])

    walk(value, 0)
    text = "".join(parts)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _int_text(value: int) -> str:
    digits = _digits(value)
    if digits <= SHOWN_CHARS:
        return str(value)
    return _t("many_digits", sign="-" if value < 0 else "", digits=digits).render()


def _digits(value: int) -> int:
    """The number of decimal digits of ``value``, without converting it to text (which fails past 4300)."""
    bits = abs(value).bit_length()
    if bits < 4000:
        return len(str(abs(value)))
    return int(bits * math.log10(2)) + 1


def read_card(value: Any) -> Card:
    """``Card.parse`` for a value read from an action (lenient notation, as ``state.apply`` accepts it), but a
    CardError that quotes at most ~80 characters of a long or strange value."""
    if isinstance(value, Card) or isinstance(value, str) and len(value) <= 12:
        return Card.parse(value)
    if isinstance(value, str):
        raise CardError(_t("card_text", value=shorten(value)))
    raise CardError(_t("card_type", value=shorten(value)))


# ----------------------------------------------------------------------------------------------------- document
def read_document(source: Any, *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The record as a plain JSON object: from a dict, from JSON text (``str`` starting with ``{`` or ``[``, or
    ``bytes``), or from a file (a path as ``str`` or ``os.PathLike``). RecordError when it cannot be one."""
    if not is_whole(max_bytes) or max_bytes < 0:
        raise fail("max_bytes", value=shorten(max_bytes))
    if isinstance(source, Mapping):
        check_values(source)
        return dict(source)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if len(data) > max_bytes:
            raise fail("text_too_big", size=len(data), limit=max_bytes)
        return _parse(_decode(data))
    if isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        # a character is at least one byte: a text too long in characters is not encoded just to be measured
        size = len(source) if len(source) > max_bytes else len(source.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            raise fail("text_too_big", size=size, limit=max_bytes)
        return _parse(source)
    if isinstance(source, (str, os.PathLike)):
        return _parse(_decode(_read_file(source, max_bytes)))
    raise fail("not_a_source", kind=type(source).__name__)


def _read_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    shown = shorten(os.fspath(path) if isinstance(path, os.PathLike) else path)
    size = -1
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            # a device or a growing file may say 0 bytes and give more: never read past the limit
            data = handle.read(max_bytes + 1) if size <= max_bytes else b""
    except OSError as error:
        raise fail("cannot_read", path=shown, reason=error.strerror or type(error).__name__) from None
    except (ValueError, TypeError) as error:  # an embedded NUL byte, a path of the wrong type
        raise fail("cannot_read", path=shown, reason=shorten(str(error))) from None
    if size > max_bytes:
        raise fail("file_too_big", path=shown, size=size, limit=max_bytes)
    if len(data) > max_bytes:
        raise fail("file_too_big", path=shown, size=f"> {max_bytes}", limit=max_bytes)
    return data


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise fail("not_utf8", byte=f"0x{data[error.start]:02x}", position=error.start) from None


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise fail("long_number", digits=digits, limit=MAX_DIGITS)
    return int(text)


def _parse_float(text: str) -> float:
    mantissa = re.split(r"[eE]", text)[0]
    if len(mantissa) > MAX_DIGITS + 2:
        raise fail("long_number", digits=len(mantissa), limit=MAX_DIGITS)
    return float(text)


def _parse_constant(text: str) -> float:
    raise fail("constant", value=text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise fail("duplicate_key", name=shorten(key))
            seen.add(key)
    return result


def _parse(text: str) -> dict[str, Any]:
    try:
        # an object is read by _no_duplicates as a dict; check_values refuses any other top-level value
        data: dict[str, Any] = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                                          parse_constant=_parse_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        raise fail("not_json", reason=error.msg, line=error.lineno, column=error.colno) from None
    except RecursionError:
        raise fail("too_deep", depth=MAX_DEPTH) from None
    check_values(data)
    return data


def check_values(data: Any) -> None:
    """Every value in ``data`` is a JSON value (string keys; no float NaN; integers of at most MAX_DIGITS digits),
    nested at most MAX_DEPTH deep; the whole is an object. Iterative, so deep or cyclic input cannot overflow."""
    if not isinstance(data, Mapping):
        raise fail("not_an_object", value=shorten(data))
    stack: list[tuple[Any, int, str]] = [(data, 1, "record")]
    count = 0
    while stack:
        item, depth, where = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise fail("too_many_values", limit=MAX_NODES)
        if isinstance(item, (str, bool)) or item is None:
            continue
        if isinstance(item, int):
            if abs(item).bit_length() > MAX_DIGITS * 3.33:
                raise fail("long_number", digits=_digits(item), limit=MAX_DIGITS)
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise fail("constant", value=repr(item))
            continue
        if isinstance(item, (Mapping, list)):
            if depth > MAX_DEPTH:
                raise fail("too_deep", depth=MAX_DEPTH)
            if isinstance(item, Mapping):
                for key, value in item.items():
                    if not isinstance(key, str):
                        raise fail("key_not_string", where=where, name=shorten(key))
                    stack.append((value, depth + 1, f"{where}.{key[:20]}"))
            else:
                stack.extend((value, depth + 1, f"{where}[{index}]") for index, value in enumerate(item))
            continue
        raise fail("not_json_value", where=where, value=shorten(item), kind=type(item).__name__)


# ----------------------------------------------------------------------------------------------------- fields
@dataclass(frozen=True)
class DealEntry:
    """One checked entry of ``deals``: the dealer, cards as Card objects, the raw action objects."""

    dealer: int
    deck: list[Card]
    shuffles: list[list[Card]]
    actions: list[dict[str, Any]]
    scores: list[int] | None


@dataclass(frozen=True)
class RecordShape:
    """A record whose every field has the type and form the README gives (not yet replayed)."""

    definition: GameDefinition[Any]
    players: int
    rules: dict[str, Any]
    seed: int | None
    match: bool
    deals: list[DealEntry]
    totals: list[int]
    winner: list[int]


def is_whole(value: Any) -> TypeGuard[int]:
    """An int that is not a bool (JSON's 4.0, true and null are not whole numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(data: Mapping[str, Any], required: tuple[str, ...], optional: tuple[str, ...], where: str,
                 what: str) -> None:
    """RecordError unless ``data`` has every field of ``required`` and none beyond ``required`` and ``optional``
    (``where`` and ``what`` name the object in the message)."""
    allowed = required + optional
    fields = ", ".join(allowed)
    for name in data:
        if name not in allowed:
            raise fail("unknown_field", where=where, field=shorten(name), what=_t(what), fields=fields)
    for name in required:
        if name not in data:
            raise fail("missing_field", where=where, field=repr(name), what=_t(what), fields=fields)


def check_cards(value: Any, where: str) -> list[Card]:
    """``value`` as cards if it is a list of card codes as the notation writes them; otherwise RecordError."""
    if not isinstance(value, list):
        raise fail("card_list", where=where, value=shorten(value))
    for item in value:
        if not (isinstance(item, str) and item in CARD_CODES):
            raise fail("card", where=where, value=shorten(item))
    return [Card.parse(code) for code in value]


def is_whole_list(value: Any, length: int | None = None) -> bool:
    """Whether ``value`` is a list of whole numbers (of ``length`` of them, when given)."""
    if not isinstance(value, list) or not all(is_whole(v) for v in value):
        return False
    return length is None or len(value) == length


def check_record(data: Mapping[str, Any], lookup: Callable[[str], GameDefinition[Any] | None],
                 names: tuple[str, ...]) -> RecordShape:
    """The fields of a record, each checked for presence, type and form. ``lookup(name)`` gives a game's
    definition (or None for an unknown game); ``names`` are the known games, for the message."""
    check_fields(data, TOP_FIELDS, OPTIONAL_FIELDS, _t("header").render(), "the_record")
    if data["format"] != RECORD_FORMAT or not isinstance(data["format"], str):
        raise fail("format", expected=repr(RECORD_FORMAT), value=shorten(data["format"]))
    game = data["game"]
    spec = lookup(game) if isinstance(game, str) and game in names else None
    if spec is None:
        raise fail("game", value=shorten(game), games=", ".join(names))
    players = data["players"]
    if not is_whole(players) or players not in spec.players:
        raise fail("players", game=spec.title, allowed=", ".join(str(p) for p in spec.players),
                   value=shorten(players))
    rules = _check_rules(data["rules"], spec)
    seed = data["seed"]
    if seed is not None and not (is_whole(seed) and 0 <= seed < SEED_LIMIT):
        raise fail("seed", value=shorten(seed))
    match = data.get("match", True)
    if not isinstance(match, bool):
        raise fail("match", value=shorten(match))
    deals = data["deals"]
    if not isinstance(deals, list) or not deals:
        raise fail("deals")
    if not match and len(deals) != 1:
        raise fail("single_deals", count=len(deals))
    entries = [_check_deal(entry, number, players) for number, entry in enumerate(deals, start=1)]
    totals = data["totals"]
    if not is_whole_list(totals, players):
        raise fail("totals_type", n=players, value=shorten(totals))
    winner = data["winner"]
    if not (is_whole_list(winner) and all(0 <= seat < players for seat in winner)
            and winner == sorted(set(winner))):
        raise fail("winner_type", last=players - 1, value=shorten(winner))
    return RecordShape(spec, players, rules, seed, match, entries, list(totals), list(winner))


def _check_rules(rules: Any, spec: GameDefinition[Any]) -> dict[str, Any]:
    if not isinstance(rules, Mapping):
        raise fail("rules_type", value=shorten(rules))
    options = spec.options
    names = ", ".join(options) or "(none)"
    for name in rules:
        if name not in options:
            raise fail("unknown_option", game=spec.title, name=shorten(name), options=names)
    for name, value in rules.items():
        option = options[name]
        if option.values is not None:
            good = any(value == allowed and type(value) is type(allowed) for allowed in option.values)
            allowed: Words | str = ", ".join(json.dumps(v) for v in option.values)
        else:
            try:
                good = option.check is not None and bool(option.check(value))
            except Exception:  # a check written for well-typed values: a strange type simply fails it
                good = False
            allowed = option.allowed
        if not good:
            raise fail("option_value", game=spec.title, name=repr(name), value=shorten(value), allowed=allowed)
        try:
            option.validate(value, spec.title)  # any further bound of the option (Strike's frames has a largest)
        except ValueError as error:
            raise fail("header_error", error=clip(error)) from None
    missing = [name for name in options if name not in rules]
    if missing:
        raise fail("missing_option", game=spec.title, missing=", ".join(missing))
    return dict(rules)


def _check_deal(entry: Any, number: int, players: int) -> DealEntry:
    if not isinstance(entry, Mapping):
        raise fail("deal_type", number=number, value=shorten(entry))
    where = _t("deal_where", number=number).render()
    check_fields(entry, DEAL_FIELDS, (), where, "a_deal")
    dealer = entry["dealer"]
    if not is_whole(dealer) or not 0 <= dealer < players:
        raise fail("dealer", number=number, last=players - 1, value=shorten(dealer))
    deck = check_cards(entry["deck"], f"{where}: deck")
    actions = entry["actions"]
    if not isinstance(actions, list):
        raise fail("actions", number=number, value=shorten(actions))
    shuffles = entry["shuffles"]
    if not isinstance(shuffles, list):
        raise fail("shuffles", number=number, value=shorten(shuffles))
    # a shuffle happens inside a turn (Strike's rebuilt reserve), so a deal has at most one per action
    if len(shuffles) > len(actions):
        raise fail("too_many_shuffles", number=number, count=len(shuffles), actions=len(actions))
    for index, order in enumerate(shuffles, start=1):
        if isinstance(order, list) and len(order) > len(deck):
            raise fail("long_shuffle", number=number, index=index, count=len(order), size=len(deck))
    orders = [check_cards(order, f"{where}: shuffle {index}") for index, order in enumerate(shuffles, start=1)]
    scores = entry["scores"]
    if scores is not None and not is_whole_list(scores, players):
        raise fail("scores_type", number=number, n=players, value=shorten(scores))
    return DealEntry(dealer, deck, orders, actions, None if scores is None else list(scores))


# ----------------------------------------------------------------------------------------------------- actions
def action_where(number: int, position: int, action: Any) -> str:
    """Where an action is in a record, for an error message: "deal 2, action 5 (...)", in the current language."""
    return _t("action_where", number=number, position=position, action=shorten(action)).render()


def check_action(action: Any, players: int, where: str) -> None:
    """The shape every game's actions share: an object with string keys and a seat in ``"player"``."""
    if not isinstance(action, Mapping):
        raise fail("action_type", where=where)
    player = action.get("player")
    if not is_whole(player) or not 0 <= player < players:
        raise fail("action_player", where=where, last=players - 1)


def canonical_form(value: Any) -> Any:
    """A comparable form of an action's record: the order inside lists does not count (a Clash set, a Pick Up
    hand), the type of every value does (true is not 1)."""
    if isinstance(value, Mapping):
        return ("object", tuple(sorted((key, canonical_form(item)) for key, item in value.items())))
    if isinstance(value, list):
        return ("list", tuple(sorted((canonical_form(item) for item in value), key=repr)))
    return (type(value).__name__, value)


def check_action_form(action: Mapping[str, Any], canonical: Mapping[str, Any], where: str) -> None:
    """The recorded action must be written as the record form of the action it was read as (cards exactly as
    the notation writes them, swap keys '0'–'5'); only the order inside lists may differ."""
    if canonical_form(action) != canonical_form(canonical):
        raise fail("action_form", where=where, canonical=shorten(canonical))
