"""Every message a person can read is in the current language — errors included.

(a) No ``raise SomeError("English words")`` in cardlab: an exception's message is a catalogued Text (or made from
    one). The few left are programmer's mistakes, listed one by one with exact counts, so any new one fails.
(b) Each game refuses bad actions in Russian words (and in English words in English), the state unchanged; the
    error object itself reads in the language current when it is read.
(c) A Russian PlayTable shows a refused move in Russian, the engine's reason included.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

import cardlab
from cardlab.cards import Card, CardError, parse_cards
from cardlab.engine import Action, IllegalActionError
from cardlab.games import golyi
from cardlab.games.clash import ranking as clash_ranking
from cardlab.games.pickup import TakeAction
from cardlab.i18n import language

PACKAGE = Path(cardlab.__file__).parent

# The raises left with a literal English message, each a programmer's mistake no student or teacher meets
# (a Rules attribute, a zone name, narration that skipped the catalogue, an empty estimate, a lesson's expected
# answer): (file, function) -> how many. Exact counts, so a new English-only raise anywhere fails.
ALLOWED = {
    ("answers.py", "_exact"): 1,
    ("engine.py", "__getattr__"): 1,
    ("engine.py", "__setattr__"): 1,
    ("engine.py", "zone"): 1,
    ("engine.py", "emit"): 1,
    ("simulate.py", "from_samples"): 1,
}


def _is_text(node: ast.AST) -> bool:
    """A message written in the code: a string, an f-string, a sum with one, or ``"...".format(...)``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _is_text(node.func.value)
    return False


def _resolve(node: ast.AST, namespace: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return namespace.get(node.id, getattr(builtins, node.id, None))
    if isinstance(node, ast.Attribute):
        base = _resolve(node.value, namespace)
        return getattr(base, node.attr, None) if base is not None else None
    return None


def _is_exception_class(node: ast.AST, namespace: dict[str, Any]) -> bool:
    found = _resolve(node, namespace)
    if isinstance(found, type):
        return issubclass(found, BaseException)
    # a name imported inside a function is not in the module's namespace: judge it by its name
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return found is None and name.endswith(("Error", "Exception"))


def english_raises(path: Path, namespace: dict[str, Any]) -> list[tuple[str | None, int, str]]:
    """(enclosing function, line, exception name) of every ``raise X(<literal message>, ...)`` in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Raise) and isinstance(child.exc, ast.Call) and child.exc.args \
                    and _is_text(child.exc.args[0]) and _is_exception_class(child.exc.func, namespace):
                found.append((function, child.lineno, ast.unparse(child.exc.func)))
            visit(child, inner)

    visit(tree, None)
    return found


def module_namespace(path: Path) -> dict[str, Any]:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return vars(importlib.import_module(name))


def test_the_scan_finds_an_english_raise(tmp_path):
    source = ('class E(ValueError):\n    pass\n\ndef f(x):\n    raise E(f"bad {x}")\n\n'
              'def g():\n    raise E(T("k"))\n\ndef h():\n    raise ValueError("bad " + "words")\n')
    path = tmp_path / "sample.py"
    path.write_text(source, encoding="utf-8")
    namespace: dict[str, Any] = {}
    exec(compile(source, "sample", "exec"), namespace)
    assert english_raises(path, namespace) == [("f", 5, "E"), ("h", 11, "ValueError")]


def test_no_exception_is_raised_with_an_english_only_message():
    failures, counts = [], {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__main__.py":  # it runs the command line when imported
            continue
        relative = path.relative_to(PACKAGE).as_posix()
        for function, line, name in english_raises(path, module_namespace(path)):
            key = (relative, function)
            if key in ALLOWED:
                counts[key] = counts.get(key, 0) + 1
            else:
                failures.append(f"cardlab/{relative}:{line} raise {name}(...) in {function or 'the module'}")
    over = {key: (count, ALLOWED[key]) for key, count in counts.items() if count != ALLOWED[key]}
    assert failures == [], "messages must be catalogued (cardlab.i18n):\n" + "\n".join(failures)
    assert over == {}, f"English-only raises (found, allowed): {over}"


# ------------------------------------------------------------------------------------------------- behaviour
# Three or more Latin letters in a row are an English word, outside what a message quotes: values in quotes
# ('draw', "AS"), record forms in braces ({'player': 1, 'draw': true}) and Python's own values echoed as given
# (True, False, None). Card codes (10♥, JK) and team letters are shorter.
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\{[^{}]*\}|\b(?:True|False|None)\b")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def english_words(text: str) -> list[str]:
    return ENGLISH_WORD.findall(QUOTED.sub(" ", text))


def snapshot(state: Any) -> tuple[str, int]:
    return json.dumps(state.record(), ensure_ascii=False), len(state.events)


def refusals(state: Any, actions: list[Action]) -> list[IllegalActionError]:
    """Apply each action in Russian; each must be refused with a Russian message and change nothing."""
    errors = []
    for action in actions:
        before = snapshot(state)
        with language("ru"), pytest.raises(IllegalActionError) as caught:
            state.apply(action)
        assert snapshot(state) == before, action
        errors.append(caught.value)
    return errors


def assert_both_languages(errors: list[Exception]) -> None:
    for error in errors:
        with language("ru"):
            russian = str(error)
        with language("en"):
            english = str(error)
        assert CYRILLIC.search(russian) and not english_words(russian), russian
        assert english and not CYRILLIC.search(english), english
        assert russian != english


def other_seat(state: Any) -> int:
    return (state.current_player + 1) % state.game.players


def test_golyi_refuses_in_the_current_language():
    state = cardlab.load_game("golyi", players=4).deal(seed=3)
    seat = state.current_player
    hand = state.deal.hands[seat]
    missing = next(card for card in parse_cards("AS 2S 3S 4S 5S 6S") if card not in hand)
    errors = refusals(state, [
        Action(other_seat(state), "play", state.legal_actions()[0].value),  # out of turn
        Action(seat, "play", missing),  # a card the seat does not hold
        Action(seat, "take", True),  # no such kind of action
        Action(9, "play", hand[0]),  # not a seat
    ])
    assert_both_languages(errors)
    with language("en"):
        assert "it is Seat" in str(errors[0]) and "does not hold" in str(errors[1])


def test_pick_up_refuses_in_the_current_language():
    state = cardlab.load_game("pickup").deal(seed=5)
    deal = state.deal
    seat = state.current_player
    tops = deal.tops()
    face_down = next(card for pile in deal.piles for card in pile[:-1])
    hand = deal.hands[seat]
    not_held = next(card for card in cardlab.cards.make_deck() if card not in hand and card not in tops
                    and card.rank == tops[0].rank)
    other_rank = next(card for card in hand if card.rank != tops[0].rank)
    actions = [
        Action(other_seat(state), "pass", True),  # out of turn
        Action(seat, "steal", True),  # no such kind
        Action(seat, "pass", False),  # a pass is true
        TakeAction(seat, face_down, [hand[0]]),  # not a face-up card
        TakeAction(seat, tops[0], hand[:2]),  # a set of 3
        TakeAction(seat, tops[0], [not_held]),  # not in the hand
        TakeAction(seat, tops[0], [other_rank]),  # another rank
    ]
    if any(a.kind == "take" for a in state.legal_actions()):
        actions.append(Action(seat, "pass", True))  # a take is possible, so no pass
    assert_both_languages(refusals(state, actions))


def test_strike_refuses_in_the_current_language():
    state = cardlab.load_game("strike", players=3).deal(seed=2)
    deal = state.deal
    seat = state.current_player
    hand = deal.hands[seat]
    not_held = next(card for card in parse_cards("AS AH AD AC 2S 2H") if hand.count(card) < 2)
    actions = [
        Action(seat, "draw", True),  # the exchange comes first
        Action(other_seat(state), "exchange", []),  # out of turn
        Action(seat, "exchange", [not_held, not_held]),  # two copies the hand does not hold
        Action(seat, "exchange", "AS"),  # not a list
        Action(seat, "exchange", ["AS"]),  # not cards
        Action(seat, "dance", True),  # no such kind
    ]
    kept = [card for card in hand if card.rank in ("10", "J", "Q")]
    if kept:
        actions.append(Action(seat, "exchange", kept[:1]))  # seed rules: high cards may not go
    errors = refusals(state, actions)
    while deal.phase == "exchange":
        state.apply(Action(state.current_player, "exchange", []))
    seat = state.current_player
    errors += refusals(state, [
        Action(seat, "exchange", []),  # the exchange is over
        Action(seat, "draw", False),  # a draw is true
        Action(seat, "swap", {}),  # a swap places cards
        Action(seat, "swap", {7: deal.hands[seat][0]}),  # no position 7
    ])
    assert_both_languages(errors)


def test_clash_refuses_in_the_current_language():
    state = cardlab.load_game("clash").deal(seed=4)
    deal = state.deal
    defender = state.current_player
    arrangement = state.legal_actions()[0]
    value = dict(arrangement.value)
    errors = refusals(state, [
        Action(defender, "reveal", 4),  # arrange first
        Action(1 - defender, "arrange", value),  # out of turn
        Action(defender, "arrange", {**value, "5": ()}),  # an unknown slot
        Action(defender, "arrange", {**value, "1": value["2"]}),  # a set of the wrong size
        Action(defender, "shuffle", True),  # no such kind
    ])
    state.apply(arrangement)
    errors += refusals(state, [Action(defender, "reveal", 9)])  # no 9-card set
    state.apply(Action(defender, "reveal", 4))
    attacker = state.current_player
    hand = deal.hands[attacker]
    not_held = next(card for card in cardlab.cards.make_deck() if card not in hand)
    errors += refusals(state, [
        Action(attacker, "answer", tuple(hand[:3])),  # 3 cards for a 4-card set
        Action(attacker, "answer", (hand[0], hand[0], hand[1], hand[2])),  # a card twice
        Action(attacker, "answer", (not_held, hand[0], hand[1], hand[2])),  # a card not held
        Action(attacker, "answer", "7S"),  # not cards
    ])
    assert_both_languages(errors)


def test_cards_and_rankings_refuse_in_the_current_language():
    errors: list[Exception] = []
    for bad in (lambda: Card.parse("ZZ"), lambda: Card.parse(7), lambda: Card("11", "S"),
                lambda: clash_ranking.check_ranking("bridge"), lambda: clash_ranking.category_count(5, "pair"),
                lambda: clash_ranking.category_count(2, "royal"), lambda: clash_ranking.classify(parse_cards("AS AS"))):
        with language("ru"), pytest.raises((CardError, clash_ranking.RankingError)) as caught:
            bad()
        errors.append(caught.value)
    assert_both_languages(errors)


def test_a_russian_play_table_refuses_in_russian(monkeypatch):
    from cardlab.widgets import PlayTable

    with language("en"):  # the widget's language, not the global one, decides
        table = PlayTable("golyi", seat=0, seed=1, lang="ru")
        state = table.state
        before = snapshot(state)
        other = Action(1, "play", state.deal.hands[1][0], golyi.play_label(state.deal.hands[1][0]))
        assert table.play(other) is False  # not the human's move
        assert CYRILLIC.search(table.message) and not english_words(table.message), table.message
        # a move the widget offers but the engine refuses: the engine's reason is read in Russian
        missing = next(card for card in cardlab.cards.make_deck() if card not in state.deal.hands[0])
        bad = Action(0, "play", missing, golyi.play_label(missing))
        monkeypatch.setattr(state.deal, "legal_actions", lambda: [bad])
        assert table.play(bad) is False
        message = table.message
        assert snapshot(state) == before
        assert "не может положить" in message, message
        assert CYRILLIC.search(message) and not english_words(message), message
        table.lang = "en"
        assert "does not hold" in table.message and not CYRILLIC.search(table.message), table.message
