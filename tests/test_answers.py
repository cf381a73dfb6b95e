"""The answer parser (no eval) and the AnswerBox widget."""

from fractions import Fraction
from math import comb, factorial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.answers import AnswerError, check_answer, parse_answer


@pytest.mark.parametrize("text,value", [
    ("3/8", Fraction(3, 8)),
    ("0.375", Fraction(3, 8)),
    ("37.5%", Fraction(3, 8)),
    (" 1 - comb(44,4)/comb(52,4) ", 1 - Fraction(comb(44, 4), comb(52, 4))),
    ("13!/(4!*9!)", Fraction(factorial(13), factorial(4) * factorial(9))),
    ("C(5, 2) * P(4, 2)", Fraction(10 * 12)),
    ("2^10", Fraction(1024)),
    ("2**3**2", Fraction(2**9)),  # right-associative
    ("-2^2", Fraction(-4)),
    ("-(1/2)^2", Fraction(-1, 4)),
    ("(1/2)^-2", Fraction(4)),
    ("12 ÷ 51 × 17", Fraction(4)),
    ("1 − 1/4", Fraction(3, 4)),
    ("factorial(5)/fact(3)", Fraction(20)),
    ("1_000/4", Fraction(250)),
])
def test_parse_answer(text, value):
    assert parse_answer(text) == value


@pytest.mark.parametrize("text,words", [
    ("", "type an answer first"),
    ("__import__('os')", "cannot be used"),
    ("open(1)", "not known here"),
    ("1/0", "divides by zero"),
    ("2^10^10", "powers must be whole numbers up to"),
    ("(1", "“)” is missing"),
    ("3 4", "was not expected"),
    ("comb(5)", "takes 2 number(s)"),
    ("comb(5.5, 2)", "whole numbers"),
    ("99999!", "limited"),
    ("1" * 400, "too long"),
    ("x + 3", "not known here"),
    ("x = 3", "cannot be used"),
    ("1;2", "cannot be used"),
])
def test_bad_answers_get_friendly_messages(text, words):
    with pytest.raises(AnswerError) as error:
        parse_answer(text)
    assert words in str(error.value)


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=1000))
def test_a_fraction_written_out_reads_back(value):
    assert parse_answer(str(value)) == value
    assert parse_answer(f"({value.numerator})/({value.denominator})") == value


def test_check_answer_accepts_exact_and_rounded_values():
    expected = Fraction(19282, 38675)  # ≈ 0.49856
    assert check_answer("19282/38675", expected).correct
    assert check_answer("0.4986", expected).correct and "rounded" in check_answer("0.4986", expected).message
    assert check_answer("0.5", expected).correct  # within 1 % relative
    assert not check_answer("0.45", expected).correct and "too low" in check_answer("0.45", expected).message
    verdict = check_answer("what?", expected)
    assert not verdict.correct and verdict.value is None and verdict.message.startswith("I could not read that")


def test_answer_box_hint_and_solution():
    from cardlab.widgets import AnswerBox

    box = AnswerBox(Fraction(4, 17), hint="Count the cards of the plus suit.", solution="12/51 = 4/17.")
    assert not box.submit("nonsense(").correct and box.tries == 0  # unreadable input is not a try
    assert box.hint_button.layout.display == "none"
    verdict = box.submit("1/4")
    assert not verdict.correct and box.tries == 1 and "press Hint" in box.feedback
    assert box.hint_button.layout.display is None
    box.show_hint()
    assert "Count the cards" in box.extra.value
    assert box.submit("12/51").correct and box.solved and box.tries == 2
    box.show_solution()
    assert "12/51 = 4/17" in box.extra.value
    box.text.value = "0.2353"
    box.check_button.click()
    assert "rounded" in box.feedback
