"""Fuzzing the answer parser (cardlab.answers): random expression trees read exactly as an independent evaluator
here says, or are refused with AnswerError; junk, long, deep and huge inputs never raise anything else. The work of
every input is bounded by counting it, never by a clock: the parser's own count (``Work``: units, steps, the digits
of every number kept) and, independently, the peak memory it allocates (tracemalloc); the recursion is bounded by
running the parser with only a few hundred stack frames to spare."""

import math
import sys
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

from hypothesis import event, example, given
from hypothesis import strategies as st

from cardlab.answers import MAX_DIGITS, MAX_LENGTH, MAX_WORK, AnswerError, Work, check_answer, parse_answer
from cardlab.i18n import language

MEMORY = 512 * 1024  # bytes the parser may hold at its peak: ~100 KiB at the worst found, 10**400000 needs 166 KiB
REFUSED = "refused"  # the parser must raise AnswerError
UNKNOWN = "unknown"  # too big for this evaluator to be sure: either outcome, but no other exception

# --- the parser's budget, checked on every input --------------------------------------------------------------


def stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@contextmanager
def frames_to_spare(frames: int) -> Iterator[None]:
    """Only ``frames`` more stack frames may be used inside: a parser whose recursion is not bounded fails here."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(stack_depth() + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def read(text: str) -> Fraction | str:
    """The parser's value, or REFUSED; asserting that the work stayed within budget and nothing else was raised."""
    work = Work()
    with frames_to_spare(400):
        tracemalloc.start()
        try:
            value: Fraction | str = parse_answer(text, work=work)
        except AnswerError as error:
            value = REFUSED
            assert str(error) and error.words.render("ru") and error.words.render("en")
        finally:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        assert peak < MEMORY, (text[:80], peak)  # memory, unlike time, can be measured exactly
        for lang in ("en", "ru"):
            with language(lang):
                verdict = check_answer(text, Fraction(1, 3))
            assert isinstance(verdict.message, str) and verdict.message
            assert (verdict.value is None) == (value == REFUSED) and (value == REFUSED or verdict.value == value)
    assert work.units <= MAX_WORK, text[:80]
    assert work.largest_digits <= MAX_DIGITS, text[:80]
    assert work.steps <= 2 * len(text) + 1, text[:80]  # a token and at most one operation per character
    if value != REFUSED:
        assert abs(value.numerator) < 10**MAX_DIGITS and value.denominator < 10**MAX_DIGITS
    return value


# --- random expression trees, rendered as a student might type them -------------------------------------------
# nodes: ("num", text, value or REFUSED) | ("neg", sign, child) | ("bin", op, symbol, left, right)
#        | ("post", "!" or "%", child) | ("call", function, name, [args]) | ("paren", child)


def decimal(whole: int, digits: str, separator: str) -> tuple:
    text = f"{whole}{separator}{digits}"
    ambiguous = separator == "," and whole >= 1 and len(digits) == 3  # 1,250: thousands or a decimal comma?
    return ("num", text, REFUSED if ambiguous else Fraction(int(f"{whole}{digits}"), 10 ** len(digits)))


def grouped(number: int, separator: str) -> tuple:
    ambiguous = separator == "," and number < 10**6  # 12,345: one comma and three digits could be a decimal comma
    return ("num", f"{number:,}".replace(",", separator), REFUSED if ambiguous else Fraction(number))


LITERALS = st.one_of(
    st.integers(0, 30).map(lambda n: ("num", str(n), Fraction(n))),
    st.builds(decimal, st.integers(0, 30), st.sampled_from(["5", "25", "125", "75", "0625", "2"]),
              st.sampled_from([".", ","])),
    st.builds(lambda digits: ("num", f".{digits}", Fraction(int(digits), 10 ** len(digits))),
              st.sampled_from(["5", "25", "125"])),
    st.builds(grouped, st.integers(1000, 99999) | st.integers(10**6, 10**7),
              st.sampled_from([" ", "\u00a0", "\u202f", "\u2009", "_", ","])),
)
BINARY = [("+", "+"), ("-", "-"), ("-", "−"), ("-", "–"), ("*", "*"), ("*", "×"), ("*", "·"), ("/", "/"),
          ("/", "÷"), ("/", ":"), ("^", "^"), ("^", "**")]
# (function, name typed, how many numbers that name takes): the test's own table, not the parser's
CALLS = [("comb", "comb", (2,)), ("comb", "C", (2,)), ("comb", "С", (2,)), ("comb", "choose", (2,)),
         ("perm", "perm", (1, 2)), ("perm", "P", (1, 2)), ("perm", "Р", (1, 2)), ("perm", "A", (2,)),
         ("perm", "А", (2,)), ("factorial", "factorial", (1,)), ("factorial", "fact", (1,))]


def extend(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(
        st.tuples(st.just("neg"), st.sampled_from(["-", "−", "–", "+"]), children),
        st.builds(lambda op, left, right: ("bin", op[0], op[1], left, right), st.sampled_from(BINARY), children,
                  children),
        st.tuples(st.just("post"), st.sampled_from(["!", "%"]), children),
        st.tuples(st.just("call"), st.sampled_from(CALLS), st.lists(children, min_size=1, max_size=3)),
        st.tuples(st.just("paren"), children),
    )


TREES = st.recursive(LITERALS, extend, max_leaves=10)
SPACING = st.sampled_from(["", " ", "  ", "\u00a0"])


def render(tree: tuple, gap: str) -> str:
    kind = tree[0]

    def child(node: tuple) -> str:
        return render(node, gap) if node[0] == "num" else f"({render(node, gap)})"

    if kind == "num":
        return tree[1]
    if kind == "neg":
        return tree[1] + child(tree[2])
    if kind == "bin":
        return f"{child(tree[3])}{gap}{tree[2]}{gap}{child(tree[4])}"
    if kind == "post":
        return child(tree[2]) + tree[1]
    if kind == "call":
        # a comma right inside a function's brackets separates its numbers: a number with a comma goes in brackets
        args = [render(arg, gap) for arg in tree[2]]
        return f"{tree[1][1]}({(',' + gap).join(f'({a})' if ',' in a else a for a in args)})"
    return f"({render(tree[1], gap)})"


def comfortable(value: Fraction) -> Fraction | str:
    return value if abs(value.numerator) < 10**300 and value.denominator < 10**300 else UNKNOWN


def whole(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 and value >= 0 else REFUSED


def evaluate(tree: tuple) -> Fraction | str:
    """The exact value, by plain Fractions and math; REFUSED where mathematics or the rules say no."""
    kind = tree[0]
    if kind == "num":
        return tree[2]
    children = [tree[2]] if kind in ("neg", "post") else [tree[3], tree[4]] if kind == "bin" else \
        list(tree[2]) if kind == "call" else [tree[1]]
    values = [evaluate(node) for node in children]
    if REFUSED in values:
        return REFUSED
    if kind == "call":
        function, _, arities = tree[1]
        if len(values) not in arities:
            return REFUSED
    if UNKNOWN in values:
        return UNKNOWN
    if kind == "neg":
        return -values[0] if tree[1] != "+" else values[0]
    if kind == "paren":
        return values[0]
    if kind == "post":
        return comfortable(values[0] / 100) if tree[1] == "%" else factorial(values[0])
    if kind == "call":
        if function == "factorial" or len(values) == 1:
            return factorial(values[0])
        n, k = whole(values[0]), whole(values[1])
        if REFUSED in (n, k) or n > 10**6:
            return REFUSED
        if n > 300:
            return UNKNOWN
        return comfortable(Fraction(math.comb(n, k) if function == "comb" else math.perm(n, k)))
    left, right = values
    op = tree[1]
    if op == "+":
        return comfortable(left + right)
    if op == "-":
        return comfortable(left - right)
    if op == "*":
        return comfortable(left * right)
    if op == "/":
        return REFUSED if right == 0 else comfortable(left / right)
    if right.denominator != 1 or (left == 0 and right < 0):
        return REFUSED
    if left in (0, 1) or right == 0:
        return left ** min(int(right), 1) if right else Fraction(1)
    if left == -1:
        return Fraction(-1 if right.numerator % 2 else 1)
    if abs(right) > 1000 or abs(right) * math.log10(max(abs(left.numerator), left.denominator)) > 300:
        return UNKNOWN
    return comfortable(left ** int(right))


def factorial(value: Fraction) -> Fraction | str:
    n = whole(value)
    if n == REFUSED or n > 1000:
        return REFUSED
    return Fraction(math.factorial(n)) if n <= 170 else UNKNOWN


def nesting(text: str) -> int:
    depth = deepest = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        deepest = max(deepest, depth)
    return deepest


@given(TREES, SPACING)
@example(("call", ("comb", "comb", (2,)), [("num", "44", Fraction(44)), ("num", "4", Fraction(4))]), "")
@example(("bin", "-", "−", ("num", "0,5", Fraction(1, 2)), ("num", "1 000", Fraction(1000))), "")
@example(("bin", "^", "^", ("post", "!", ("num", "20", Fraction(20))), ("num", "20", Fraction(20))), " ")
def test_random_expressions_read_exactly_or_are_refused(tree, gap):
    text = render(tree, gap)
    expected = evaluate(tree)
    if len(text) > MAX_LENGTH:
        expected = REFUSED
    elif nesting(text) > 12 and expected != REFUSED:  # brackets, exponents and calls may reach MAX_DEPTH levels
        expected = UNKNOWN
    value = read(text)
    event("read" if isinstance(value, Fraction) else "refused")  # see --hypothesis-show-statistics
    if expected != UNKNOWN:
        assert value == expected, (text, value, expected)


# --- junk, long, deep and huge inputs --------------------------------------------------------------------------

ANSWER_CHARACTERS = ("0123456789" * 3 + "+-*/^()!%,.:_ " + "×·÷−–—\u00a0\u202f\u2009" + "combpeartfxCPAСРА"
                     + "\u200b\t\n²½")
TOKENS = ["(", ")", "!", "%", "^", "**", ",", ".", "-", "+", "*", "/", " ", "0", "1", "2", "9", "10", "1 000",
          "0,5", "1,820", "comb(", "perm(", "fact(", "C(", "9^4000", "1000!", "2^", "10^", "(1/3)^", "999",
          "13000", "6500", "-1", "^-"]


@given(st.text(max_size=MAX_LENGTH))
def test_unicode_junk_never_raises_anything_else(text):
    read(text)


@given(st.text(alphabet=ANSWER_CHARACTERS, max_size=MAX_LENGTH))
def test_answer_like_junk_never_raises_anything_else(text):
    read(text)


@given(st.lists(st.sampled_from(TOKENS), max_size=300).map(lambda parts: "".join(parts)[:MAX_LENGTH]))
@example("+".join(["(9^1400+1)/(7^1600-1)"] * 45))  # big fractions added: stopped by the work budget
@example("comb(13000,6500)/" * 58 + "1")  # math.comb is slow for these: stopped by the work budget
@example("2000!^2000")  # 15 s before
@example("(10^2000)^2000")  # 5 s before
def test_costly_token_soup_stays_within_its_budget(text):
    read(text)


PATTERNS = [("(", "1", ")"), ("-", "1", ""), ("2^", "2", ""), ("comb(", "3", ", 1)"), ("fact(", "3", ")"),
            ("((", "", ""), ("", "3", "!"), ("", "2", "%"), ("−(", "0,5", ")"), ("2^(", "2", ")"),
            ("perm(", "2", ")"), ("(1+", "1", ")*2"), ("", "1", "/1"), ("", "9", "^9")]


@given(st.sampled_from(PATTERNS), st.integers(0, MAX_LENGTH))
@example(("(", "", ""), 165)  # RecursionError before
@example(("(", "1", ")"), 333)
def test_long_and_deep_inputs_never_raise_anything_else(pattern, times):
    before, middle, after = pattern
    text = (before * times + middle + after * times)[:MAX_LENGTH]
    read(text)


@given(st.integers(10**300, 10**999), st.integers(0, 10**999),
       st.sampled_from(["{a}", "{a}^{b}", "{b}^{a}", "{a}!", "{a}*{a}*{a}*{a}", "comb({a}, {b})", "{a}/{b}",
                        "perm({a})", "2^{a}", "(1/{a})^{b}", "{a}^-{b}", "0,{a}", "{a}%", "-{a}^2", "({a})^(1/2)",
                        "(-1)^{a}", "1^{a}", "0^{a}"]))
@example(10**308, 0, "{a}*10")  # OverflowError before
def test_huge_literals_never_raise_anything_else(a, b, template):
    read(template.format(a=a, b=b)[:MAX_LENGTH])


@given(st.text(min_size=MAX_LENGTH + 1, max_size=3 * MAX_LENGTH).filter(lambda t: len(t.strip()) > MAX_LENGTH))
def test_longer_input_is_refused_at_once(text):
    work = Work()
    try:
        parse_answer(text, work=work)
        raise AssertionError("a long text was read")
    except AnswerError as error:
        assert "too long" in error.words.render("en")
    assert work.steps == 0 and work.units == 0
    assert "too long" in check_answer(text, 1).message
