"""The answer parser (no eval) and the AnswerBox widget."""

import re
from decimal import Decimal, localcontext
from fractions import Fraction
from math import comb, factorial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.answers import MAX_DIGITS, MAX_WORK, AnswerError, Verdict, Work, _show, check_answer, parse_answer
from cardlab.i18n import catalogue, language, placeholders, template


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
    ("2^10^10", "a power would have about 3010299957 digits, more than the 4000 allowed"),
    ("2^10^100", "a power would have far more than the 4000 digits allowed"),
    ("2^0.5", "a power must be a whole number, got 1/2"),
    ("(1", "“)” is missing"),
    ("3 4", "“3 4” is not a number"),
    ("(3) 4", "“4” was not expected"),
    ("comb(5)", "comb takes 2 numbers, got 1"),
    ("comb(5.5, 2)", "whole numbers"),
    ("99999!", "limited"),
    ("1" * 1001, "too long (at most 1000 characters)"),
    (" " * 900 + "1" + " " * 900, None),  # spaces around an answer do not count
    ("x + 3", "not known here"),
    ("x = 3", "cannot be used"),
    ("1;2", "cannot be used"),
])
def test_bad_answers_get_friendly_messages(text, words):
    if words is None:
        assert parse_answer(text) == 1
        return
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


# --- answers that used to crash or stall the kernel --------------------------------------------------------------

CYRILLIC = re.compile("[А-Яа-яЁё]")
ENGLISH_WORD = re.compile(r"\b(?!comb\b|perm\b|fact\b|factorial\b)[A-Za-z]{3,}\b")


def read_in_both_languages(text: str, expected: Fraction | float = Fraction(1, 2)) -> dict[str, Verdict]:
    verdicts = {}
    for lang in ("en", "ru"):
        with language(lang):
            verdicts[lang] = check_answer(text, expected)
    assert verdicts["en"].words is not None and verdicts["en"].words.render("ru") == verdicts["ru"].message
    assert CYRILLIC.search(verdicts["ru"].message) and not CYRILLIC.search(verdicts["en"].message)
    return verdicts


@pytest.mark.parametrize("text,value,shown", [
    ("10^309", Fraction(10**309), "≈ 1e+309"),  # OverflowError (float of the difference) before
    ("2^2000", Fraction(2**2000), "≈ 1.148e+602"),
    ("-(2^2000)/3", Fraction(-(2**2000), 3), "≈ -3.827e+601"),
    ("1/10^400", Fraction(1, 10**400), "≈ 1e-400"),
    ("10^3999", Fraction(10**3999), "≈ 1e+3999"),  # 4000 digits: the most there may be
])
def test_huge_answers_are_compared_exactly_and_shown_without_overflow(text, value, shown):
    work = Work()
    assert parse_answer(text, work=work) == value and work.largest_digits <= MAX_DIGITS
    verdicts = read_in_both_languages(text)
    assert verdicts["en"].value == value and not verdicts["en"].correct
    assert verdicts["en"].message == f"Not yet: {shown} is {'too high' if value > Fraction(1, 2) else 'too low'}."
    assert check_answer(text, value).correct and check_answer(text, value).message.startswith("Right:")


@pytest.mark.parametrize("text,english", [
    ("2000!", "factorials are limited to 1000!"),  # OverflowError before
    ("2000!^2000", "factorials are limited to 1000!"),  # 15 s before being refused
    ("(10^2000)^2000", "a power would have about 4000001 digits, more than the 4000 allowed"),  # 5 s
    ("(" * 165, "the brackets and powers are nested too deeply (at most 40 levels)"),  # RecursionError
    ("(" * 165 + "1" + ")" * 165, "nested too deeply"),
    ("-" * 999 + "1", None),  # a long run of signs is fine: it costs no depth
    ("2^" * 100 + "1", "nested too deeply"),
    ("comb(" * 30 + "1" + ", 1)" * 30, "nested too deeply"),
    ("10^4000", "the numbers in this answer grow too large (more than 4000 digits)"),
    ("9^4000 * 9^4000", "grow too large"),
    ("2^20000", "a power would have about 6021 digits"),
    ("(1/3)^-9000", "a power would have about 4295 digits"),
    ("perm(10^6, 10^6)", "perm(1000000, 1000000) would have about 5565709 digits"),
    ("comb(10^7, 2)", "comb(n, k) is limited to numbers up to 1000000"),
    ("comb(13000, 6500)", "this calculation is too long to check"),  # 3912 digits, but 11 ms of math.comb
    ("+".join(["1000!"] * 100), "this calculation is too long to check"),
    ("(-1)^(10^999 + 1)", None),
    ("1^(10^999)", None),
])
def test_every_size_is_bounded_before_it_is_computed(text, english):
    work = Work()
    try:
        parse_answer(text, work=work)
        assert english is None, f"{text[:30]} was read"
    except AnswerError as error:
        assert english is not None and english in str(error), str(error)
    assert work.units <= MAX_WORK and work.largest_digits <= MAX_DIGITS
    verdicts = read_in_both_languages(text)
    if english is not None:
        assert verdicts["en"].message.startswith("I could not read that: ") and english in verdicts["en"].message
        assert verdicts["ru"].message.startswith("Не получается прочитать ответ: ")
        assert not ENGLISH_WORD.search(verdicts["ru"].message), verdicts["ru"].message


def test_the_work_of_one_answer_is_counted_and_bounded():
    work = Work()
    assert parse_answer("1 - comb(44,4)/comb(52,4)", work=work) == 1 - Fraction(comb(44, 4), comb(52, 4))
    assert 0 < work.units < 1000 and work.steps == 15 + 4  # 15 tokens, 4 operations
    assert work.largest_digits == 6  # comb(52, 4) = 270725
    heavy = "+".join(["(9^1400+1)/(7^1600-1)"] * 45)  # 989 characters of big fractions
    work = Work()
    with pytest.raises(AnswerError, match="too long to check"):
        parse_answer(heavy, work=work)
    assert MAX_WORK // 2 < work.units <= MAX_WORK and work.largest_digits <= MAX_DIGITS


def test_a_very_long_answer_is_refused_before_it_is_read():
    work = Work()
    with pytest.raises(AnswerError, match="too long"):
        parse_answer("(" * 10**6, work=work)
    assert work.steps == 0
    assert "too long" in check_answer("9" * 10**6, 1).message


def test_the_expected_answer_must_be_a_finite_number():
    for bad in (float("nan"), float("inf"), "three"):
        with pytest.raises(ValueError, match="the expected answer must be a finite number"):
            check_answer("1", bad)
    assert check_answer("0.1", 0.1).correct  # a float expected answer still works


# --- what a Russian student types ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("0,397", Fraction(397, 1000)),  # refused before: "«,» здесь не к месту"
    ("0.397", Fraction(397, 1000)),
    ("1 000", Fraction(1000)),
    ("1\u00a0000", Fraction(1000)),  # no-break space
    ("1\u202f000 000", Fraction(10**6)),  # narrow no-break space
    ("1\u2009000", Fraction(1000)),  # thin space
    ("12 345,5", Fraction(24691, 2)),
    ("1 000,125", Fraction(8001, 8)),  # a space-grouped whole part: the comma is a decimal comma
    ("2×3", Fraction(6)),
    ("2·3", Fraction(6)),
    ("2 ⋅ 3", Fraction(6)),
    ("−0,5", Fraction(-1, 2)),  # U+2212 minus sign
    ("–0,5", Fraction(-1, 2)),  # en dash
    ("1 — 0,25", Fraction(3, 4)),  # em dash
    ("6 : 4", Fraction(3, 2)),
    ("39,7%", Fraction(397, 1000)),
    ("comb(44,4)", Fraction(comb(44, 4))),  # a comma right inside a function's brackets separates its numbers
    ("comb(44, 4)", Fraction(comb(44, 4))),
    ("С(44,4) : С(52,4)", Fraction(comb(44, 4), comb(52, 4))),  # Cyrillic С, as Russian textbooks write it
    ("Р(5)", Fraction(120)),  # Cyrillic Р: permutations of 5, 5!
    ("А(5, 2)", Fraction(20)),  # arrangements, Cyrillic А
    ("1 − С(48, 6)/С(52, 6)", 1 - Fraction(comb(48, 6), comb(52, 6))),
    ("comb((1,5 + 0,5) × 2, 2)", Fraction(6)),  # inside plain brackets the comma is a decimal comma again
    ("12,5", Fraction(25, 2)),
    ("1000,125", Fraction(8001, 8)),  # four digits before it: no thousands reading
    ("0,125", Fraction(1, 8)),  # a leading 0: no thousands reading
    ("1,820,000", Fraction(1820000)),  # several commas: only thousands make sense
    ("1,820.5", Fraction(3641, 2)),  # commas then a point: English thousands
])
def test_russian_and_english_habits_both_read(text, value):
    for lang in ("en", "ru"):
        with language(lang):
            assert parse_answer(text) == value


def test_a_russian_student_is_answered_in_russian():
    with language("ru"):
        verdict = check_answer("0,397", Fraction(21508, 54145))
    assert verdict.correct and verdict.message == ("Верно: 397/1000 ≈ 0.397 — это ответ с округлением "
                                                   "(точно: 21508/54145 ≈ 0.3972).")
    assert verdict.words.render("en") == ("Right: 397/1000 ≈ 0.397 is the answer, rounded "
                                          "(exactly 21508/54145 ≈ 0.3972).")


@pytest.mark.parametrize("text,english,russian", [
    ("1,820", "“1,820” could be the whole number 1820 or the decimal 1.820: write 1820 (or 1 820) for the first, "
              "1.820 for the second", "можно прочитать и как целое число 1820, и как десятичную дробь 1.820"),
    ("comb(4,5, 2)", "comb takes 2 numbers, got 3: inside comb(…) every comma separates numbers, so a decimal "
                     "there is written with a point", "внутри comb(…) каждая запятая разделяет числа"),
    ("perm(5,2,1)", "perm takes 1 or 2 numbers, got 3", "perm: нужно 1 или 2 числа, а дано — 3"),
    ("fact(1,2)", "fact takes 1 number, got 2", "fact: нужно 1 число, а дано — 2"),
    ("comb(5)", "comb takes 2 numbers, got 1", "comb: нужно 2 числа, а дано — 1"),
    ("0, 397", "a comma is a decimal comma only between two digits (0,397)", "запятая бывает десятичной"),
    (",5", "a comma is a decimal comma only between two digits", "запятая бывает десятичной"),
    ("(1, 2)", "separates numbers only inside comb(…) and perm(…)", "разделяет только внутри comb(…)"),
    ("1,5,2", "“1,5,2” is not a number", "«1,5,2» — это не число"),
    ("1.2.3", "“1.2.3” is not a number", "«1.2.3» — это не число"),
    ("1 00", "“1 00” is not a number: write a decimal as 0.375 or 0,375, and group thousands with a space",
     "тысячи отделяют пробелом"),
    ("0,123 456", "“456” was not expected there", "«456» здесь не к месту"),  # decimals are not grouped
    ("5.", "a decimal point goes between digits", "десятичная точка ставится между цифрами"),
    ("1\u200b0", "“U+200B” cannot be used in an answer", "знак «U+200B» в ответе не годится"),
    ("²", "“²” cannot be used in an answer", "знак «²» в ответе не годится"),
    ("x" * 500, "“xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…” is not known here", "здесь неизвестно"),
])
def test_ambiguous_or_wrong_numbers_are_refused_clearly_in_both_languages(text, english, russian):
    for lang, words in (("en", english), ("ru", russian)):
        with language(lang):
            with pytest.raises(AnswerError) as error:
                parse_answer(text)
            assert words in str(error.value)
    assert english in error.value.words.render("en") and russian in error.value.words.render("ru")


def test_every_message_has_english_and_russian_with_the_same_placeholders():
    table = {key: {"en": english, "ru": template(key, "ru")} for key, english in catalogue().items()
             if key.startswith("answers.")}
    assert len(table) > 30
    for key, forms in table.items():
        assert placeholders(forms["en"]) == placeholders(forms["ru"]), key
        assert CYRILLIC.search(forms["ru"]) and not CYRILLIC.search(forms["en"]), key


def test_values_of_any_size_are_shown_with_four_digits_like_a_float():
    for value in (Fraction(2) ** 20000, Fraction(-3) ** 9999 / 7, Fraction(1, 7**5000), Fraction(99995, 10**4000)):
        with localcontext() as context:
            context.prec = 60
            mantissa, exponent = format(Decimal(value.numerator) / Decimal(value.denominator), ".3e").split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")  # as a float's .4g writes it: 3.98e+6020, not 3.980e+6020
        assert _show(value) == f"≈ {mantissa}e{exponent[0]}{int(exponent[1:]):02d}"
    for value in (Fraction(1, 3), Fraction(10**15), Fraction(-5, 7), Fraction(2**900, 3**500)):
        assert _show(value).endswith(f" {float(value):.4g}")
    assert _show(Fraction(10**15 - 1)) == "999999999999999" and _show(Fraction(-3, 8)) == "-3/8 ≈ -0.375"
