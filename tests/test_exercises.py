"""The exercises at the end of each probability lesson (notebooks/<game>/3-probability.ipynb).

Each exercise's exact answer, hint and worked solution live in its game's package (cardlab/games/<game>/exercises.py,
read through cardlab.exercises), so that the notebook's code cell only names the exercise and nothing on the page gives
the answer away. The hint and the solution are catalogued messages: each has its Russian translation, whose solution
ends with the same answer («Ответ: …»). Here every exact answer is
checked against an independent count (another method, written from the rules in rules/<game>.md, not from cardlab's
formulas) and against a seeded simulation of shuffled decks (within 4 standard errors). The worked solution's final
answer, typed into the exercise's AnswerBox, must be marked right; a wrong number must not be. The notebook's
"Exercises" section must pose exercises 1-7 in order, each followed by the cell that names it, and no code cell there
may hold an answer, a hint or a solution.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from html import escape
from itertools import combinations
from math import comb, perm, prod, sqrt
from pathlib import Path

import numpy as np
import pytest
from translated import translated_messages

from cardlab import exercises, i18n
from cardlab.answers import parse_answer
from cardlab.engine import RulesError, definition
from cardlab.exercise_parts import Exercise
from cardlab.i18n import Words, language, messages

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("golyi", "pickup", "strike", "clash")
HEADING = "## Exercises"
END = "## What you have learned"
EXERCISES = range(1, 8)  # every lesson poses exercises 1-7
N = 100_000  # simulated decks per exercise
# what a code cell of the exercises section must not hold: the answer's computation, the hint or the solution
GIVEAWAYS = ("AnswerBox(", "exact_", "hint", "solution", "Answer:")


# --- the notebook's exercises section and the exercise data -------------------------------------------------------

def headed(cells: list[dict], heading: str) -> list[int]:
    """The indices of the markdown cells with a line that is exactly this heading."""
    return [i for i, cell in enumerate(cells)
            if cell["cell_type"] == "markdown" and heading in "".join(cell["source"]).splitlines()]


def section(game: str) -> list[dict]:
    """The cells of the notebook's exercises section: from its heading up to "What you have learned"."""
    notebook = json.loads((ROOT / "notebooks" / game / "3-probability.ipynb").read_text(encoding="utf-8"))
    cells = notebook["cells"]
    starts, ends = headed(cells, HEADING), headed(cells, END)
    assert len(starts) == 1, f"{game}: expected exactly one '{HEADING}' section"
    assert len(ends) == 1 and ends[0] > starts[0], f"{game}: expected one '{END}' after '{HEADING}'"
    return cells[starts[0]:ends[0]]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def answer(game: str, number: int) -> Fraction:
    return exercises.find(game, number).answer


def boxes(game: str) -> dict[int, object]:
    """The AnswerBox of each exercise, built the way the notebook builds it."""
    from cardlab.widgets.answer import exercise

    return {number: exercise(game, number) for number in EXERCISES}


def english(words) -> str:
    """A box's hint or solution as English text (a str, or the Words an AnswerBox keeps for the EN/RU toggle)."""
    return words if isinstance(words, str) else words.render("en")


def final_answer(solution: str, word: str = "Answer:") -> list[str]:
    """The pieces of the solution's last line, 'Answer: EXPRESSION = FRACTION ≈ DECIMAL.', each a typed answer
    (``word``: «Ответ:» in Russian)."""
    assert word in solution, f"a worked solution ends with '{word} …'"
    line = solution.rsplit(word, 1)[1].strip().removesuffix(".")
    return [piece.strip() for piece in re.split("[=≈]", line)]


# --- independent counts and simulations, from the rules -----------------------------------------------------------

def shuffles(rng: np.random.Generator, cards: int, n: int = N) -> np.ndarray:
    """n shuffled decks: row i, column k is the card at deck position k (cards are numbered 0 .. cards-1)."""
    return rng.permuted(np.tile(np.arange(cards, dtype=np.int16), (n, 1)), axis=1)


def share(hits) -> tuple[float, float]:
    hits = np.asarray(hits, dtype=bool)
    assert len(hits) > 1000, "too few simulated cases to judge"
    p = hits.mean()
    return float(p), sqrt(max(p * (1 - p), 1e-12) / len(hits))


def average(values) -> tuple[float, float]:
    values = np.asarray(values, dtype=float)
    return float(values.mean()), float(values.std(ddof=1) / sqrt(len(values)))


# Golyi (rules §3.2, §3.3): deck[k] goes to seat (L + k) % n for k < 4n, then blocks of 4 from L on. Seats are counted
# from L = 0 here, so L's partner is 2. Cards 0-7 are the Aces and Tens.
def golyi_receivers(players: int = 4, cards: int = 52) -> np.ndarray:
    seats = [k % players for k in range(4 * players)]
    while len(seats) < cards:
        for seat in range(players):
            seats += [seat] * min(4, cards - len(seats))
    return np.array(seats)


GOLYI = golyi_receivers()
L_FIRST = [k for k in range(16) if GOLYI[k] == 0]
PARTNER_FIRST = [k for k in range(16) if GOLYI[k] == 2]
L_ALL = [k for k in range(52) if GOLYI[k] == 0]


def golyi_1(rng):
    # 6 players, two packs: 104 cards, cards 0-15 are the Aces and Tens; L's first four are positions 0, 6, 12, 18
    first = [k for k, seat in enumerate(golyi_receivers(6, 104)[:24]) if seat == 0]
    exact = 1 - prod(Fraction(88 - i, 104 - i) for i in range(4))  # four plain cards, one after another
    return exact, share((shuffles(rng, 104)[:, first] < 16).any(axis=1))


def golyi_2(rng):
    # 40 card points each: 4 of the 8 Aces and Tens in L's team's positions (seats 0 and 2), 4 in the others
    team = GOLYI % 2 == 0
    exact = comb(8, 4) * Fraction(perm(int(team.sum()), 4) * perm(int((~team).sum()), 4), perm(52, 8))
    return exact, share((shuffles(rng, 52)[:, team] < 8).sum(axis=1) == 4)


def golyi_3(rng):
    # 2 players, each a team of one: a sweep is all 8 Aces and Tens dealt to one player (rules §4.8, §5.3)
    seats = golyi_receivers(2)
    mine = int((seats == 0).sum())
    exact = Fraction(perm(mine, 8) + perm(52 - mine, 8), perm(52, 8))  # the 8 cards placed one by one
    to_l = ((shuffles(rng, 52) < 8) & (seats == 0)).sum(axis=1)
    return exact, share((to_l == 0) | (to_l == 8))


def golyi_4(rng):
    exact = 4 * Fraction(8, 52) * Fraction(44, 51) * Fraction(43, 50) * Fraction(42, 49)  # which card of 4 is it
    hits = (shuffles(rng, 52)[:, L_FIRST] < 8).sum(axis=1) == 1
    return exact, share(hits)


def golyi_5(rng):
    exact = 1 - prod(Fraction(44 - i, 52 - i) for i in range(8))
    hits = (shuffles(rng, 52)[:, L_FIRST + PARTNER_FIRST] < 8).any(axis=1)
    return exact, share(hits)


def golyi_6(rng):
    exact = 1 - prod(Fraction(40 - i, 48 - i) for i in range(4))
    decks = shuffles(rng, 52)
    l_has_none = ~(decks[:, L_FIRST] < 8).any(axis=1)
    return exact, share((decks[l_has_none][:, PARTNER_FIRST] < 8).any(axis=1))


def golyi_7(rng):
    mine = len(L_ALL)  # 16 positions
    exact = 10 * sum(k * Fraction(comb(mine, k) * comb(52 - mine, 8 - k), comb(52, 8)) for k in range(9))
    return exact, average(10 * (shuffles(rng, 52)[:, L_ALL] < 8).sum(axis=1))


# Pick Up (rules §3.2-3.4): the non-dealer holds deck[0, 2, …, 24]; deck[44 .. 49] are the six face-up cards.
# Card c has rank c // 4: rank 0 is the Ace, rank 12 the King.
HAND = list(range(0, 26, 2))
FACE_UP = list(range(44, 50))


def pickup_1(rng):
    exact = Fraction(4, 52) * Fraction(3, 51)  # the plus card deck[50] an Ace, then the minus card deck[51]
    return exact, share((shuffles(rng, 52)[:, [50, 51]] // 4 == 0).all(axis=1))


def pickup_2(rng):
    # Three face-up cards: any three positions outside the hands are alike, so take the tops of piles 0-2. Count the
    # (hand, face-up cards) deals with no move rank by rank: each rank puts j of its cards in the hand or t face up,
    # never both (a rank in both gives a move, rules §4.2).
    ways = {(0, 0): 1}  # (hand cards, face-up cards) so far: the number of ways
    for _ in range(13):
        grown: dict[tuple[int, int], int] = {}
        for (in_hand, shown), n in ways.items():
            for j, t in [(j, 0) for j in range(5)] + [(0, t) for t in range(1, 5)]:
                if in_hand + j <= 13 and shown + t <= 3:
                    key = (in_hand + j, shown + t)
                    grown[key] = grown.get(key, 0) + n * comb(4, j) * comb(4, t)
        ways = grown
    exact = 1 - Fraction(ways[13, 3], comb(52, 13) * comb(39, 3))
    decks = shuffles(rng, 52)
    hand, face_up = decks[:, HAND] // 4, decks[:, FACE_UP[:3]] // 4
    return exact, share((hand[:, :, None] == face_up[:, None, :]).any(axis=(1, 2)))


def pickup_3(rng):
    exact = Fraction(perm(13, 4), perm(52, 4))  # the four Aces placed one by one, each in a hand position left
    return exact, share((shuffles(rng, 52)[:, HAND] // 4 == 0).sum(axis=1) == 4)


def pickup_4(rng):
    exact = comb(13, 2) * Fraction(prod(range(3, 5)) * prod(range(38, 49)), prod(range(40, 53)))  # Aces in 2 slots
    hits = (shuffles(rng, 52)[:, HAND] // 4 == 0).sum(axis=1) == 2
    return exact, share(hits)


def pickup_5(rng):
    exact = 1 - prod(Fraction(48 - i, 52 - i) for i in range(6))
    return exact, share((shuffles(rng, 52)[:, FACE_UP] // 4 == 0).any(axis=1))


def pickup_6(rng):
    exact = 1 - prod(Fraction(37 - i, 39 - i) for i in range(6))
    decks = shuffles(rng, 52)
    two_kings = (decks[:, HAND] // 4 == 12).sum(axis=1) == 2
    return exact, share((decks[two_kings][:, FACE_UP] // 4 == 12).any(axis=1))


def pickup_7(rng):
    exact = 13 * (1 - prod(Fraction(48 - i, 52 - i) for i in range(6)))
    ranks = np.sort(shuffles(rng, 52)[:, FACE_UP] // 4, axis=1)
    distinct = 1 + (np.diff(ranks, axis=1) != 0).sum(axis=1)
    return exact, average(distinct)


# Strike (rules §2.1-2.3): 8 cards of each rank and 4 jokers; two cards pair when play values can make exactly ten.
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
PLAY = {"A": {1}, "2": {0, 2}, **{str(v): {v} for v in range(3, 11)}, "J": {10}, "Q": {10}, "K": {0},
        "JK": set(range(11))}
SCORE = {"A": 1, "2": 10, **{str(v): v for v in range(3, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 15}
DECK = [rank for rank in RANKS[:-1] for _ in range(8)] + ["JK"] * 4


def pair(a: str, b: str) -> bool:
    return any(x + y == 10 for x in PLAY[a] for y in PLAY[b])


def pile_without(target: str) -> list[str]:
    pile = list(DECK)
    pile.remove(target)
    return pile


def strike_1(rng):
    hit = np.array([pair("K", card) for card in pile_without("K")])
    exact = Fraction(int(hit.sum()), len(hit))
    return exact, share(hit[shuffles(rng, 107)[:, 0]])


def strike_2(rng):
    # the average number of draws is the sum over k of P(more than k draws) = P(the first k cards all miss)
    hit = np.array([pair("5", card) for card in pile_without("5")])
    misses = int((~hit).sum())
    exact = sum(Fraction(perm(misses, k), perm(107, k)) for k in range(misses + 1))
    return exact, average(hit[shuffles(rng, 107)].argmax(axis=1) + 1)


def strike_3(rng):
    # 3 players (rules §3.3): deck[k] for k < 18 goes to seat (L + k) % 3, so L's row is positions 0, 3, …, 15
    row = [k for k in range(18) if k % 3 == 0]
    jokers = np.array([rank == "JK" for rank in DECK])
    exact = 1 - prod(Fraction(108 - 4 - i, 108 - i) for i in range(len(row)))  # six non-jokers in a row
    return exact, share(jokers[shuffles(rng, 108)[:, row]].any(axis=1))


def strike_4(rng):
    exact = Fraction(sum(pair(DECK[a], DECK[b]) for a, b in combinations(range(108), 2)), comb(108, 2))
    pairs = np.array([[pair(a, b) for b in RANKS] for a in RANKS])
    rank_index = np.array([RANKS.index(rank) for rank in DECK])
    decks = shuffles(rng, 108)
    return exact, share(pairs[rank_index[decks[:, 0]], rank_index[decks[:, 1]]])


def strike_5(rng):
    hit = np.array([pair("5", card) for card in pile_without("5")])
    misses = int((~hit).sum())
    exact = 1 - prod(Fraction(misses - i, 107 - i) for i in range(10))
    return exact, share(hit[shuffles(rng, 107)[:, :10]].any(axis=1))


def strike_6(rng):
    hit = np.array([pair("A", card) for card in pile_without("A")])
    exact = Fraction(int(hit.sum()), 107 - 10)
    drawn = hit[shuffles(rng, 107)[:, :11]]
    ten_misses = ~drawn[:, :10].any(axis=1)
    return exact, share(drawn[ten_misses, 10])


def strike_7(rng):
    pile = pile_without("K")
    hit = np.array([pair("K", card) for card in pile])
    value = np.array([SCORE[card] for card in pile])
    exact = SCORE["K"] + Fraction(int(value[hit].sum()), int(hit.sum()))
    decks = shuffles(rng, 107)
    first = hit[decks].argmax(axis=1)  # the position of the first card that pairs (there always is one)
    return exact, average(SCORE["K"] + value[decks[np.arange(len(decks)), first]])


# Clash (rules §2.2, §3.3, §5.2): card c has rank c % 13 (12 is the Ace) and suit c // 13; the non-dealer holds
# deck[0, 2, …, 24] and the dealer deck[1, 3, …, 25]. Winning sets of these sizes make 6 or more captured cards:
CLASH_SCORING = [{2, 4}, {3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}, {1, 2, 3, 4}]  # rules §5.2, copied


def clash_1(rng):
    exact = Fraction(sum(a % 13 == b % 13 for a, b in combinations(range(52), 2)), comb(52, 2))
    decks = shuffles(rng, 52)
    return exact, share(decks[:, 0] % 13 == decks[:, 1] % 13)


def clash_2(rng):
    exact = Fraction(sum(a % 13 == b % 13 == c % 13 for a, b, c in combinations(range(52), 3)), comb(52, 3))
    ranks = shuffles(rng, 52)[:, :3] % 13
    return exact, share((ranks[:, 0] == ranks[:, 1]) & (ranks[:, 1] == ranks[:, 2]))


def clash_3(rng):
    # hands without a complete rank, rank by rank: 0-3 of its 4 cards, the coefficient of x^16 in (Σ comb(4, j) x^j)^13
    ways = [1]
    for _ in range(13):
        ways = [sum(ways[n - j] * comb(4, j) for j in range(4) if 0 <= n - j < len(ways))
                for n in range(min(len(ways) + 3, 17))]
    exact = 1 - Fraction(ways[16], comb(52, 16))
    ranks = shuffles(rng, 52)[:, :16] % 13
    return exact, share(np.stack([(ranks == rank).sum(axis=1) for rank in range(13)], axis=1).max(axis=1) == 4)


def clash_4(rng):
    ranks = np.sort(np.array(list(combinations(range(52), 4)), dtype=np.int16) % 13, axis=1)
    two_pair = (ranks[:, 0] == ranks[:, 1]) & (ranks[:, 2] == ranks[:, 3]) & (ranks[:, 1] != ranks[:, 2])
    exact = Fraction(int(two_pair.sum()), len(ranks))
    sample = np.sort(shuffles(rng, 52)[:, :4] % 13, axis=1)
    hits = (sample[:, 0] == sample[:, 1]) & (sample[:, 2] == sample[:, 3]) & (sample[:, 1] != sample[:, 2])
    return exact, share(hits)


def clash_5(rng):
    exact = 1 - prod(Fraction(48 - i, 52 - i) for i in range(13))
    return exact, share((shuffles(rng, 52)[:, :13] % 13 == 12).any(axis=1))


def clash_6(rng):
    exact = 1 - prod(Fraction(35 - i, 39 - i) for i in range(13))
    decks = shuffles(rng, 52)
    defender, attacker = decks[:, 0:26:2] % 13, decks[:, 1:26:2] % 13
    situation = ~(defender == 12).any(axis=1) & (defender == 11).any(axis=1)  # no Ace, a King
    return exact, share((attacker[situation] == 12).any(axis=1))


def clash_7(rng):
    # an unfair coin, won with probability 2/3, for each of the sets of 1, 2, 3, 4 cards
    exact = 5 * sum(Fraction(2, 3) ** len(won) * Fraction(1, 3) ** (4 - len(won)) for won in CLASH_SCORING)
    won = rng.random((N, 4)) < 2 / 3
    captured = won @ np.array([1, 2, 3, 4])
    return exact, average(5 * (captured >= 6))


CHECKS: dict[tuple[str, int], Callable] = {
    ("golyi", 1): golyi_1, ("golyi", 2): golyi_2, ("golyi", 3): golyi_3,
    ("golyi", 4): golyi_4, ("golyi", 5): golyi_5, ("golyi", 6): golyi_6, ("golyi", 7): golyi_7,
    ("pickup", 1): pickup_1, ("pickup", 2): pickup_2, ("pickup", 3): pickup_3,
    ("pickup", 4): pickup_4, ("pickup", 5): pickup_5, ("pickup", 6): pickup_6, ("pickup", 7): pickup_7,
    ("strike", 1): strike_1, ("strike", 2): strike_2, ("strike", 3): strike_3,
    ("strike", 4): strike_4, ("strike", 5): strike_5, ("strike", 6): strike_6, ("strike", 7): strike_7,
    ("clash", 1): clash_1, ("clash", 2): clash_2, ("clash", 3): clash_3,
    ("clash", 4): clash_4, ("clash", 5): clash_5, ("clash", 6): clash_6, ("clash", 7): clash_7,
}


@cache
def independent(game: str, number: int) -> tuple[Fraction, tuple[float, float]]:
    return CHECKS[game, number](np.random.default_rng(1000 + number))


def problems(answer: Fraction, game: str, number: int) -> list[str]:
    """What disagrees with an answer: the independent count, or the simulation by more than 4 standard errors."""
    exact, (estimate, stderr) = independent(game, number)
    found = []
    if answer != exact:
        found.append(f"independent count {exact} ≈ {float(exact):.6g}, not {answer} ≈ {float(answer):.6g}")
    if abs(float(answer) - estimate) > 4 * stderr:
        found.append(f"simulation {estimate:.5g} ± {stderr:.2g} is over 4 standard errors from {float(answer):.6g}")
    return found


# --- tests --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_has_data_and_an_independent_check(game):
    posed = exercises.for_game(game)
    assert [exercise.number for exercise in posed] == list(EXERCISES), f"{game}: expected exercises 1-7"
    assert {number for g, number in CHECKS if g == game} == set(EXERCISES), "every exercise needs an independent check"
    for exercise in posed:
        assert exercise.game == game
        assert isinstance(exercise.answer, Fraction) and exercise.answer > 0
        hint, solution = exercise.hint.render("en"), exercise.solution.render("en")
        assert hint.strip() and solution.strip() and hint != solution
        assert 0 < exercise.tolerance <= 0.005
    assert definition(game).exercises == posed, "the game's definition carries its exercises"


@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_reads_in_russian_with_the_same_answer(game):
    for exercise in exercises.for_game(game):
        where = f"{game} exercise {exercise.number}"
        for words in (exercise.hint, exercise.solution):
            assert isinstance(words, Words)
            english, russian = words.render("en"), words.render("ru")
            assert russian.strip() and russian != english, f"{where}: no Russian translation"
            assert re.search("[а-яё]", russian), f"{where}: the Russian text has no Russian word"
            with language("ru"):
                assert str(words) == russian, "read in the current language"
        russian = exercise.solution.render("ru")
        assert "Answer:" not in russian and russian.rstrip().endswith(".")
        pieces = final_answer(russian, "Ответ:")
        assert "\n" not in russian.rsplit("Ответ:", 1)[1], f"{where}: «Ответ: …» is the solution's last line"
        english = final_answer(exercise.solution.render("en"))
        assert len(pieces) == len(english), f"{where}: {pieces} is not the answer line {english}"
        for theirs, ours in zip(english, pieces):
            assert parse_answer(ours) == parse_answer(theirs), f"{where}: «{ours}» is not {theirs}"


@pytest.mark.parametrize("game", GAMES)
def test_section_poses_each_exercise_and_then_only_names_it(game):
    cells = section(game)
    posed = [cell for cell in cells if cell["cell_type"] == "markdown"]
    order = [int(number) for cell in posed for number in re.findall(r"\*\*Exercise (\d+)", source(cell))]
    assert order == list(EXERCISES), f"{game}: the exercises are posed in the order {order}, not 1-7"
    for number in EXERCISES:
        naming = [i for i, cell in enumerate(cells)
                  if cell["cell_type"] == "code" and source(cell).strip() == f'exercise("{game}", {number})']
        assert len(naming) == 1, f"{game}: exercise {number} needs one cell that is just exercise(\"{game}\", {number})"
        before = next(cell for cell in reversed(cells[:naming[0]]) if cell["cell_type"] == "markdown")
        assert f"**Exercise {number}" in source(before), "the markdown just before a box poses its exercise"
    for cell in cells:
        if cell["cell_type"] == "code":
            found = [word for word in GIVEAWAYS if word in source(cell)]
            assert not found, f"{game}: code cell {cell['id']} shows {found} before the student has tried"
    text = " ".join(source(cell) for cell in posed)
    assert "read the code afterwards" not in text, "the lesson still says the code computes the answers"


@pytest.mark.parametrize(("game", "number"), list(CHECKS), ids=[f"{g}-{n}" for g, n in CHECKS])
def test_answer_agrees_with_an_independent_count_and_a_simulation(game, number):
    assert problems(answer(game, number), game, number) == []


@pytest.mark.parametrize(("game", "number"), list(CHECKS), ids=[f"{g}-{n}" for g, n in CHECKS])
def test_the_checks_would_catch_a_wrong_answer(game, number):
    right = answer(game, number)
    for wrong in (right * Fraction(21, 20), right * Fraction(19, 20), 1 - right):
        if wrong != right:
            assert problems(wrong, game, number), f"{wrong} would pass the checks of exercise {number}"


@pytest.mark.parametrize("game", GAMES)
def test_typing_the_solution_marks_it_right_and_a_wrong_number_wrong(game):
    from cardlab.widgets import AnswerBox

    for number, box in boxes(game).items():
        assert isinstance(box, AnswerBox) and box.answer == answer(game, number)
        assert box.extra.value == "", "nothing of the hint or the solution is on the page before it is asked for"
        wrong = box.answer * Fraction(3, 2) + Fraction(1, 20)
        for text in (f"{wrong.numerator}/{wrong.denominator}", f"{float(wrong):.3g}", "0"):
            verdict = box.submit(text)
            assert not verdict.correct and verdict.value is not None, f"exercise {number}: {text} was taken as right"
        assert not box.solved and box.tries == 3
        assert box.hint_button.layout.display is None, "a wrong try shows the Hint button"
        box.show_hint()
        assert escape(english(box.hint)) in box.extra.value
        assert english(box.hint) == exercises.find(game, number).hint.render("en")
        pieces = final_answer(english(box.solution))
        assert len(pieces) >= 2, f"exercise {number}: the answer line should show the calculation and its value"
        for piece in pieces:
            verdict = box.submit(piece)
            assert verdict.correct, f"exercise {number}: the solution's '{piece}' was marked wrong: {verdict.message}"
        assert box.solved
        box.show_solution()
        assert escape(english(box.solution)) in box.extra.value


@pytest.mark.parametrize("game", GAMES)
def test_a_russian_box_reads_the_catalogued_texts_and_takes_the_russian_answer(game):
    from cardlab.widgets.answer import exercise

    for posed in exercises.for_game(game):
        number = posed.number
        box = exercise(game, number, lang="ru")
        assert box.hint is posed.hint and box.solution is posed.solution, "the box keeps the catalogued texts"
        box.show_hint()
        assert escape(posed.hint.render("ru")) in box.extra.value
        box.show_solution()
        assert escape(posed.solution.render("ru")) in box.extra.value
        for piece in final_answer(posed.solution.render("ru"), "Ответ:"):
            verdict = box.submit(piece)
            assert verdict.correct, f"exercise {number}: the Russian solution's «{piece}» was marked wrong"
        box.lang_toggle.value = "en"  # the EN/RU toggle reads the same texts in English
        assert escape(posed.solution.render("en")) in box.extra.value


@pytest.fixture
def untranslated():
    """``messages(namespace, table)`` for made-up messages the catalogues do not translate, forgotten again after
    the test (so that the checks that every message has a Russian form never see them)."""
    made: list[str] = []

    def make(namespace: str, table: dict[str, str]):
        made.extend(f"{namespace}.{key}" for key in table)
        return messages(namespace, table)

    yield make
    for key in made:
        del i18n._CATALOGUE[key], i18n._ORIGIN[key]


def test_an_exercise_text_is_read_by_the_box_in_its_language(untranslated):
    from cardlab.widgets.answer import AnswerBox

    t = translated_messages("test_exercises", {"hint": {"en": "Count.", "ru": "Посчитайте."},
                                               "solution": {"en": "Answer: 1/4.", "ru": "Ответ: 1/4."}})
    made_up = Exercise("test", 1, lambda: Fraction(1, 4), hint=t("hint"), solution=t("solution"))
    box = AnswerBox.for_exercise(made_up, lang="ru")
    box.submit("1/2")
    box.show_hint()
    assert "Посчитайте." in box.extra.value
    box.lang = "en"
    assert "Count." in box.extra.value and box.answer == Fraction(1, 4)
    english_only = untranslated("test_exercises.english", {"hint": "Only in English.", "solution": "Answer: 1/2."})
    in_english = Exercise("test", 2, lambda: Fraction(1, 2), hint=english_only("hint"),
                          solution=english_only("solution"))
    russian_box = AnswerBox.for_exercise(in_english, lang="ru")
    russian_box.show_solution()
    assert "Answer: 1/2." in russian_box.extra.value, "a text the catalogue does not translate reads in English"


@pytest.mark.parametrize("hint", [{"en": "Count.", "ru": "Посчитайте."}, "Count.", ""])
def test_a_teachers_own_box_takes_a_str_or_a_dict_in_either_language(hint):
    from cardlab.widgets.answer import AnswerBox

    box = AnswerBox(Fraction(1, 4), hint=hint, solution="Answer: 1/4.", lang="ru")
    assert box.submit("1/2").value is not None and not box.solved
    box.show_hint()
    if hint == "":
        assert box.extra.value == "" and box.hint_button.layout.display == "none", "no hint: nothing to show"
        return
    assert ("Count." if hint == "Count." else "Посчитайте.") in box.extra.value
    box.lang = "en"
    assert "Count." in box.extra.value and "Посчитайте." not in box.extra.value
    box.show_solution()
    assert "Answer: 1/4." in box.extra.value, "one str reads the same in every language"


@pytest.mark.parametrize("text", [{"ru": "только по-русски"}, {"en": "x", "fr": "non"}, {"en": "Count."},
                                  "plain text", None, "blank"])
def test_an_exercise_text_that_is_no_catalogued_words_is_refused(text, untranslated):
    if text == "blank":
        text = untranslated("test_exercises.blank", {"hint": " "})("hint")  # catalogued, but empty in English
    solution = untranslated("test_exercises.refused", {"solution": "Answer: 1/2."})("solution")
    with pytest.raises(ValueError, match="exercise's hint"):
        Exercise("test", 1, lambda: Fraction(1, 2), hint=text, solution=solution)
    with language("ru"), pytest.raises(ValueError, match="подсказка упражнения"):
        Exercise("test", 1, lambda: Fraction(1, 2), hint=text, solution=solution)


def test_unknown_games_and_numbers_say_what_exists_in_either_language():
    with pytest.raises(RulesError, match=r"no exercises for the game 'poker'; games with exercises: clash, golyi"):
        exercises.for_game("poker")
    with pytest.raises(RulesError, match=r"golyi has no exercise 8; its exercises are 1, 2, 3, 4, 5, 6, 7"):
        exercises.find("golyi", 8)
    with pytest.raises(RulesError, match="golyi has no exercise True"):
        exercises.find("golyi", True)
    with language("ru"), pytest.raises(RulesError, match="у игры golyi нет упражнения 0; её упражнения: 1, 2"):
        exercises.find("golyi", 0)


def test_the_exercise_data_does_not_import_the_widgets():
    code = ("import sys; from cardlab import exercises\n"
            "for game in exercises.games():\n"
            "    [exercise.answer for exercise in exercises.for_game(game)]\n"
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'plotly') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip() == "[]"
    assert exercises.games() == tuple(sorted(GAMES))
