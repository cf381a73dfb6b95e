"""Checking a student's typed answer: a small arithmetic parser (never ``eval``) and a tolerant comparison.

    parse_answer("1 - comb(44,4)/comb(52,4)")   # Fraction(…) exactly
    parse_answer("0.4986"); parse_answer("0,4986"); parse_answer("49.86%"); parse_answer("3/8")
    parse_answer("13!/(4!*9!)"); parse_answer("1 000 × 2"); parse_answer("−0,5")
    check_answer("0.50", Fraction(19282, 38675))  # Verdict(correct=True, …)

Grammar (spaces between tokens ignored; ``^`` and ``**`` both mean power):
    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/") unary)*
    unary   := ("-" | "+")* power                   (so -2^2 is -(2^2), as in mathematics)
    power   := postfix ("^" unary)?                  (right-associative: 2^3^2 is 2^9)
    postfix := atom ("!" | "%")*
    atom    := number | name "(" sum ("," sum)* ")" | "(" sum ")"
Functions: comb(n, k) (also C, choose), perm(n, k) (also P, A; perm(n) and P(n) are n!), factorial(n) (also fact).
The Cyrillic letters С, Р and А (as Russian textbooks write C, P and A) name the same functions.
Everything is exact (Fraction).

What a student may type, in any language (the answer box reads English and Russian habits alike):
    multiply   * × · ⋅ ∙          divide   / ÷ :          minus   - − – — (hyphen, minus sign, dashes)
    percent    49.9%              power    ^ **
    thousands  a space (also the no-break spaces U+00A0, U+202F and the thin space U+2009) or ``_`` between
               groups of three digits: 1 000, 12 345 678, 1_000 (only before the decimal separator)
    decimals   0.397 and 0,397 (a point or a comma)

How a comma is read (one rule, the same whatever the current language):
  * Directly inside the brackets of a function, a comma always separates its numbers: comb(44,4) is comb(44, 4),
    and comb(4,5, 2) has three numbers (refused: comb takes two; a decimal there needs a point, and comb only
    takes whole numbers anyway).
  * Anywhere else (including inside plain brackets within a function's numbers), a comma between two digits, with
    no space around it, is a decimal comma: 0,397 and 12,5 and 1 000,25. A comma anywhere else is refused.
  * One comma followed by exactly three digits after a short whole number, as in 1,820, could be English
    thousands (1820) or a decimal comma (1.82): it is refused, with both readings offered, rather than guessed.
    A leading 0 (0,397), a space-grouped whole part (1 000,125) or another count of digits (12,5) decides it.
    Several commas with groups of three, or commas then a point (1,820,000 and 1,820.5), can only be thousands.
  * A point is always a decimal point; a number has at most one.

Limits, so that any answer is read (or refused with a clear message) in well under 0.1 s (about 15 ms of CPU for
the costliest 1,000 characters found): at most MAX_LENGTH characters; brackets, calls and powers nested at most
MAX_DEPTH deep; no number beyond MAX_DIGITS digits (numerator and denominator alike). The size of every power,
factorial, comb and perm is estimated from its operands (logarithms) BEFORE it is computed, every other step is
checked as it is made, and a work budget (MAX_WORK, counted in units of multiplied machine words) bounds the whole
calculation. ``parse_answer(text, work=Work())`` reports what was spent.
Every message is a catalogued text (cardlab.i18n): ``AnswerError.words`` and ``Verdict.words`` read in English or
Russian; ``str()`` reads them in the current language.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from cardlab.i18n import Joined, Words, messages

MAX_LENGTH = 1000  # characters; a longer answer is refused before it is read
MAX_DEPTH = 40  # brackets, function calls and exponents nested in one another
MAX_DIGITS = 4000  # no number may reach 10**MAX_DIGITS; below Python's 4300-digit limit on int → str
MAX_FACTORIAL = 1000  # 1000! has 2568 digits
MAX_ARGUMENT = 10**6  # the largest n of comb(n, k) and perm(n, k)
MAX_WORK = 500_000  # units: about (machine words)² of every step, summed (see _Parser.pay): ~15 ms at most
_LIMIT = 10**MAX_DIGITS
_WORD = 64  # bits in a machine word, for the work estimate

_t = messages("answers", {
    # the verdicts of check_answer
    "right": "Right: {value} is exactly the answer.",
    "rounded": "Right: {value} is the answer, rounded (exactly {exact}).",
    "too_high": "Not yet: {value} is too high.",
    "too_low": "Not yet: {value} is too low.",
    "unreadable": "I could not read that: {error}.",
    # what the parser found wrong (AnswerError)
    "text": "an answer is text such as 3/8 or 0.375, got {a}",
    "empty": "type an answer first: a fraction such as 3/8, a decimal such as 0.375, or a calculation",
    "long": "that answer is too long (at most {a} characters)",
    "character": "“{a}” cannot be used in an answer; use numbers, + - * / ^ ( ) ! % and comb(n, k)",
    "number": "“{a}” is not a number: write a decimal as 0.375 or 0,375, and group thousands with a space, as in 1 000",
    "ambiguous": "“{a}” could be the whole number {b} or the decimal {c}: write {b} (or {d}) for the first, {c} for "
                 "the second",
    "comma": "a comma is a decimal comma only between two digits (0,397), and separates numbers only inside comb(…) "
             "and perm(…)",
    "point": "a decimal point goes between digits, as in 0.375",
    "missing": "the answer stops too early: a “{a}” is missing",
    "early": "the answer stops too early",
    "expected": "expected “{a}” but found “{b}”",
    "unexpected": "“{a}” was not expected there",
    "place": "“{a}” cannot stand there",
    "unknown": "“{a}” is not known here; the functions are {b}",
    "arguments": "{a} takes {b} {n|number|numbers}, got {c}",
    "arguments_comma": "{a} takes {b} {n|number|numbers}, got {c}: inside {a}(…) every comma separates numbers, so a "
                       "decimal there is written with a point",
    "zero": "the answer divides by zero",
    "power_whole": "a power must be a whole number, got {a}",
    "whole": "{a} needs whole numbers 0 or more, got {b}",
    "limited": "{a} is limited to numbers up to {b}",
    "factorials": "factorials are limited to {a}!",
    "large": "the numbers in this answer grow too large (more than {a} digits)",
    "too_big": "{what} would have about {n} {n|digit|digits}, more than the {a} allowed",
    "far_too_big": "{what} would have far more than the {a} digits allowed",
    "deep": "the brackets and powers are nested too deeply (at most {a} levels)",
    "work": "this calculation is too long to check; please shorten it",
    "a_factorial": "a factorial",
    "a_power": "a power",
})


class AnswerError(ValueError):
    """Text that is not an arithmetic answer. ``words`` say what is wrong (in English or Russian); ``str()`` reads
    them in the current language."""

    def __init__(self, words: Words) -> None:
        super().__init__(words)
        self.words = words

    def __str__(self) -> str:
        return self.words.render()


def _error(key: str, **params: object) -> AnswerError:
    return AnswerError(_t(key, **params))


def _brief(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of something the student typed, for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Work:
    """What reading one answer cost: ``steps`` (tokens read and operations done), ``units`` (the estimated cost
    of the arithmetic, see MAX_WORK) and ``largest_digits`` (the most digits of any number kept, at most
    MAX_DIGITS; a single step may briefly hold up to twice that before its result is checked)."""

    steps: int = 0
    units: int = 0
    largest_digits: int = 0


# --- reading the text into tokens ---------------------------------------------------------------------------

_DIGITS = "0123456789"
_GROUP = " \u00a0\u202f\u2009_"  # between groups of three digits: space, no-break spaces, thin space, underscore
_OPERATORS = {
    "+": "+", "-": "-", "−": "-", "–": "-", "—": "-", "‐": "-", "‑": "-",
    "*": "*", "×": "*", "·": "*", "⋅": "*", "∙": "*",
    "/": "/", "÷": "/", ":": "/", "∶": "/",
    "^": "^", "(": "(", ")": ")", "!": "!", "%": "%", ",": ",",
}
# comb, perm and factorial under every name a student may use: name -> (function, how many numbers it takes)
_FUNCTIONS: dict[str, tuple[str, tuple[int, ...]]] = {
    "comb": ("comb", (2,)), "c": ("comb", (2,)), "choose": ("comb", (2,)),
    "perm": ("perm", (1, 2)), "p": ("perm", (1, 2)), "a": ("perm", (2,)),
    "factorial": ("factorial", (1,)), "fact": ("factorial", (1,)),
}
_CYRILLIC = str.maketrans({"с": "c", "р": "p", "а": "a"})  # С(n, k), Р(n), А(n, k) as Russian textbooks write them
_KNOWN = "comb(n, k), perm(n, k), factorial(n)"

_D = "[0-9]"
_G = f"[{_GROUP}]"
_WHOLE_GROUPED = f"[1-9]{_D}{{0,2}}(?:{_G}{_D}{{3}})+"
_WHOLE = f"(?:{_D}+|{_WHOLE_GROUPED})"
_POINT = re.compile(f"({_WHOLE}?)\\.({_D}+)")
_COMMA = re.compile(f"({_WHOLE}),({_D}+)")
_THOUSANDS_COMMAS = re.compile(f"([1-9]{_D}{{0,2}}(?:,{_D}{{3}})+)(?:\\.({_D}+))?")
_GROUPED = re.compile(_WHOLE_GROUPED)
_SHORT_WHOLE = re.compile(f"[1-9]{_D}{{0,2}}")


class _Token(NamedTuple):
    kind: str  # "number", "name", or one of + - * / ^ ( ) ! % ,
    text: str  # what was typed, for messages
    value: Fraction | None = None


def _digits_only(text: str) -> str:
    return "".join(char for char in text if char in _DIGITS)


def _decimal(whole: str, fraction: str) -> Fraction:
    whole = _digits_only(whole) or "0"
    return Fraction(int(whole + fraction), 10 ** len(fraction))


def _number(text: str) -> Fraction:
    """The value of one number as typed (digits, group separators, at most one decimal point or comma)."""
    if text.isdigit() and text.isascii():
        return Fraction(int(text))
    if _GROUPED.fullmatch(text):
        return Fraction(int(_digits_only(text)))
    match = _POINT.fullmatch(text)
    if match:
        return _decimal(match.group(1), match.group(2))
    match = _COMMA.fullmatch(text)
    if match:
        whole, fraction = match.groups()
        if _SHORT_WHOLE.fullmatch(whole) and len(fraction) == 3:  # 1,820: thousands or a decimal comma?
            raise _error("ambiguous", a=text, b=whole + fraction, c=f"{whole}.{fraction}", d=f"{whole} {fraction}")
        return _decimal(whole, fraction)
    match = _THOUSANDS_COMMAS.fullmatch(text)
    if match:  # several commas, or commas then a point: English thousands
        return _decimal(match.group(1), match.group(2) or "")
    raise _error("number", a=_brief(text))


def _scan_number(text: str, start: int, in_call: bool) -> int:
    """Where the number that starts at ``start`` ends. A point, a comma (outside a function's brackets) or a group
    separator (before any point or comma) belongs to the number when a digit follows it at once."""
    end, separated = start, False
    while end < len(text):
        char = text[end]
        if char in _DIGITS:
            end += 1
            continue
        digit_next = end + 1 < len(text) and text[end + 1] in _DIGITS
        if not digit_next:
            break
        if char == "." or (char == "," and not in_call and end > start):
            separated = True
        elif not (char in _GROUP and not separated):
            break
        end += 1
    return end


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    brackets: list[bool] = []  # for each open bracket: is it a function's argument list?
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in _DIGITS or (char == "." and i + 1 < len(text) and text[i + 1] in _DIGITS):
            end = _scan_number(text, i, bool(brackets) and brackets[-1])
            tokens.append(_Token("number", text[i:end], _number(text[i:end])))
            i = end
        elif char.isalpha():
            end = i
            while end < len(text) and text[end].isalpha():
                end += 1
            tokens.append(_Token("name", text[i:end]))
            i = end
        elif text.startswith("**", i):
            tokens.append(_Token("^", "**"))
            i += 2
        elif char in _OPERATORS:
            kind = _OPERATORS[char]
            if kind == "(":
                brackets.append(bool(tokens) and tokens[-1].kind == "name")
                if len(brackets) > MAX_DEPTH:
                    raise _error("deep", a=MAX_DEPTH)
            elif kind == ")" and brackets:
                brackets.pop()
            elif kind == "," and not (brackets and brackets[-1]):
                raise _error("comma")
            tokens.append(_Token(kind, char))
            i += 1
        elif char == ".":
            raise _error("point")
        else:
            raise _error("character", a=char if char.isprintable() else f"U+{ord(char):04X}")
    return tokens


# --- sizes and costs ----------------------------------------------------------------------------------------


def _bits(value: Fraction) -> int:
    return max(value.numerator.bit_length(), value.denominator.bit_length())


def _digits_of_bits(bits: int) -> int:
    return max(1, math.ceil(bits * math.log10(2)))


def _words(bits: float) -> int:
    """A number's length in machine words: the work estimates below are counted in words multiplied by words."""
    return math.ceil(bits) // _WORD + 1


def _pair_cost(left_bits: float, right_bits: float) -> int:
    """An arithmetic step on two Fractions: its greatest common divisors cost about the square of both lengths."""
    return (_words(left_bits) + _words(right_bits)) ** 2


def _refuse_size(what: Words | str, digits: float) -> AnswerError:
    """A result estimated at ``digits`` digits (a float, perhaps enormous) is too big."""
    if digits < 1e15:
        return _error("too_big", what=what, n=math.floor(digits) + 1, a=MAX_DIGITS)
    return _error("far_too_big", what=what, a=MAX_DIGITS)


class _Parser:
    def __init__(self, tokens: list[_Token], work: Work) -> None:
        self.tokens = tokens
        self.position = 0
        self.depth = 0
        self.work = work
        work.steps += len(tokens)

    def peek(self) -> str | None:
        return self.tokens[self.position].kind if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> _Token:
        if self.position >= len(self.tokens):
            raise _error("missing", a=expected) if expected else _error("early")
        token = self.tokens[self.position]
        if expected is not None and token.kind != expected:
            raise _error("expected", a=expected, b=_brief(token.text))
        self.position += 1
        return token

    # each step is paid for before it is made, and its result checked before it is kept
    def pay(self, units: int) -> None:
        if self.work.units + units > MAX_WORK:  # refused before it is made: ``work.units`` never passes MAX_WORK
            raise _error("work")
        self.work.steps += 1
        self.work.units += units

    def keep(self, value: Fraction) -> Fraction:
        if abs(value.numerator) >= _LIMIT or value.denominator >= _LIMIT:
            raise _error("large", a=MAX_DIGITS)
        self.work.largest_digits = max(self.work.largest_digits, _digits_of_bits(_bits(value)))
        return value

    def binary(self, operator: str, left: Fraction, right: Fraction) -> Fraction:
        if operator == "/" and right == 0:
            raise _error("zero")
        self.pay(_pair_cost(_bits(left), _bits(right)))
        if operator == "+":
            return self.keep(left + right)
        if operator == "-":
            return self.keep(left - right)
        return self.keep(left * right if operator == "*" else left / right)

    def sum(self) -> Fraction:
        value = self.product()
        while self.peek() in ("+", "-"):
            operator = self.take().kind
            value = self.binary(operator, value, self.product())
        return value

    def product(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            operator = self.take().kind
            value = self.binary(operator, value, self.unary())
        return value

    def unary(self) -> Fraction:
        self.depth += 1  # every bracket, argument and exponent comes through here: this bounds the recursion
        if self.depth > MAX_DEPTH:
            raise _error("deep", a=MAX_DEPTH)
        negative = False
        while self.peek() in ("-", "+"):  # a loop, so that a long run of signs costs no depth
            negative ^= self.take().kind == "-"
        value = self.power()
        self.depth -= 1
        return -value if negative else value

    def power(self) -> Fraction:
        base = self.postfix()
        if self.peek() != "^":
            return base
        self.take()
        exponent = self.unary()  # 2^-2 is allowed; -2^2 is -(2^2), as in mathematics
        if exponent.denominator != 1:
            raise _error("power_whole", a=_show(exponent))
        return self.raise_to(base, exponent.numerator)

    def raise_to(self, base: Fraction, exponent: int) -> Fraction:
        if base == 0 and exponent < 0:
            raise _error("zero")
        self.pay(1)
        if base in (0, 1, -1):  # whatever the exponent: 0^0 = 1, as in Python; (-1)^n by its parity
            return Fraction(1) if exponent == 0 or base == 1 or (base == -1 and exponent % 2 == 0) else base
        biggest = max(abs(base.numerator), base.denominator)  # at least 2
        if abs(exponent) > 4 * MAX_DIGITS:  # 2**(4 * MAX_DIGITS) is already beyond 10**MAX_DIGITS
            estimate = abs(exponent) * math.log10(biggest) if abs(exponent) < 10**300 else math.inf
            raise _refuse_size(_t("a_power"), estimate)
        digits = abs(exponent) * math.log10(biggest)
        if digits >= MAX_DIGITS + 0.5:  # surely too big (the exact check below catches the borderline)
            raise _refuse_size(_t("a_power"), digits)
        self.pay(_words(digits * math.log2(10)) ** 2)
        return self.keep(base**exponent)

    def postfix(self) -> Fraction:
        value = self.atom()
        while self.peek() in ("!", "%"):
            if self.take().kind == "!":
                value = self.factorial(value)
            else:
                self.pay(_pair_cost(_bits(value), 7))
                value = self.keep(value / 100)
        return value

    def factorial(self, value: Fraction) -> Fraction:
        n = _whole(value, _t("a_factorial"))
        if n > MAX_FACTORIAL:
            raise _error("factorials", a=MAX_FACTORIAL)
        self.pay(_words(_log2_factorial(n)) ** 2)
        return self.keep(Fraction(math.factorial(n)))

    def atom(self) -> Fraction:
        token = self.take()
        if token.kind == "(":
            value = self.sum()
            self.take(")")
            return value
        if token.kind == "number":
            assert token.value is not None
            return self.keep(token.value)
        if token.kind == "name":
            name = token.text.lower().translate(_CYRILLIC)
            if name not in _FUNCTIONS:
                raise _error("unknown", a=_brief(token.text), b=_KNOWN)
            return self.call(name, *_FUNCTIONS[name])
        raise _error("place", a=_brief(token.text))

    def call(self, name: str, function: str, arities: tuple[int, ...]) -> Fraction:
        self.take("(")
        args = [self.argument()]
        while self.peek() == ",":
            self.take()
            args.append(self.argument())
        self.take(")")
        if len(args) not in arities:
            numbers = Joined(arities, "or") if len(arities) > 1 else arities[0]
            key = "arguments_comma" if len(args) > max(arities) else "arguments"
            raise _error(key, a=name, b=numbers, n=max(arities), c=len(args))
        if function == "factorial" or len(args) == 1:
            return self.factorial(args[0])
        n, k = (_whole(arg, f"{function}(n, k)") for arg in args)
        if n > MAX_ARGUMENT:
            raise _error("limited", a=f"{function}(n, k)", b=MAX_ARGUMENT)
        if k > n:
            return Fraction(0)
        digits = (_log2_factorial(n) - _log2_factorial(n - k)
                  - (_log2_factorial(k) if function == "comb" else 0)) * math.log10(2)
        if digits >= MAX_DIGITS + 0.5:
            raise _refuse_size(f"{function}({n}, {k})", digits)
        # math.comb and math.perm take about one step per factor, each on a number that grows to the result
        self.pay((min(k, n - k) if function == "comb" else k) * (_words(digits * math.log2(10)) + 25))
        return self.keep(Fraction(math.comb(n, k) if function == "comb" else math.perm(n, k)))

    def argument(self) -> Fraction:
        """One number given to a function: a whole sum, nested one level deeper."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _error("deep", a=MAX_DEPTH)
        value = self.sum()
        self.depth -= 1
        return value


def _log2_factorial(n: int) -> float:
    return math.lgamma(n + 1) / math.log(2)


def _whole(value: Fraction, what: Words | str) -> int:
    if value.denominator != 1 or value < 0:
        raise _error("whole", a=what, b=_show(value))
    return value.numerator


def parse_answer(text: str, *, work: Work | None = None) -> Fraction:
    """The exact value of an arithmetic answer; AnswerError (a friendly message) if it cannot be read. ``work``,
    if given, is filled in with what reading it cost."""
    if not isinstance(text, str):
        raise _error("text", a=_brief(repr(text)))
    if len(text) > 4 * MAX_LENGTH:  # refused before even the spaces around it are looked at
        raise _error("long", a=MAX_LENGTH)
    text = text.strip()
    if not text:
        raise _error("empty")
    if len(text) > MAX_LENGTH:
        raise _error("long", a=MAX_LENGTH)
    parser = _Parser(_tokens(text), work if work is not None else Work())
    value = parser.sum()
    if parser.peek() is not None:
        raise _error("unexpected", a=_brief(parser.tokens[parser.position].text))
    return value


@dataclass(frozen=True)
class Verdict:
    """What ``check_answer`` says about a typed answer: whether it is right, the number it was read as, and a message
    for the student."""

    correct: bool
    value: Fraction | None  # what the answer parsed to (None if it could not be read)
    message: str  # ``words`` read in the language that was current when the answer was checked
    words: Words | None = field(default=None, compare=False, repr=False)  # the message, in any language


def _exact(expected: Fraction | float) -> Fraction:
    """The expected answer as a Fraction; a ValueError for one that is no finite number (the lesson's mistake,
    not the student's)."""
    try:
        return expected if isinstance(expected, Fraction) else Fraction(expected)
    except (ValueError, OverflowError, TypeError) as error:
        raise ValueError(f"the expected answer must be a finite number, got {_brief(repr(expected))}") from error


def check_answer(text: str, expected: Fraction | float, *, tolerance: float = 0.005, relative: float = 0.01) -> Verdict:
    """Right if equal to ``expected``, or close enough for a rounded decimal (within ``tolerance`` absolute or
    ``relative`` of it). Never raises for any typed text: the verdict carries a friendly message instead.
    Compares exactly (Fractions), so an answer of any size is compared without overflow."""
    exact = _exact(expected)
    try:
        value = parse_answer(text)
    except AnswerError as error:
        words: Words = _t("unreadable", error=error.words)
        return Verdict(False, None, str(words), words)
    if value == exact:
        words = _t("right", value=_show(value))
    elif abs(value - exact) <= max(Fraction(tolerance), Fraction(relative) * abs(exact)):
        words = _t("rounded", value=_show(value), exact=_show(exact))
    else:
        words = _t("too_high" if value > exact else "too_low", value=_show(value))
        return Verdict(False, value, str(words), words)
    return Verdict(True, value, str(words), words)


def _show(value: Fraction) -> str:
    """A value for a person: exact when short (1820, 3/8 ≈ 0.375), else about four significant digits; any size."""
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1 and abs(numerator) < 10**15:
        return str(numerator)
    if denominator == 1:
        return f"≈ {_approximately(value)}"
    if denominator < 10**6 and abs(numerator) < 10**9:
        return f"{value} ≈ {_approximately(value)}"
    return f"≈ {_approximately(value)}"


def _approximately(value: Fraction) -> str:
    """Four significant digits, like ``f"{float(value):.4g}"``, for a value of any size (no float overflow)."""
    if value == 0:
        return "0"
    numerator, denominator = abs(value.numerator), value.denominator
    scale = numerator.bit_length() - denominator.bit_length()
    if abs(scale) < 1000:  # well inside the range of a float
        return f"{float(value):.4g}"
    exponent = math.floor(scale * math.log10(2)) - 3  # value / 10**exponent is about 1000..20000
    while True:
        shifted = (numerator * 10**-exponent, denominator) if exponent < 0 else (numerator, denominator * 10**exponent)
        mantissa = (2 * shifted[0] + shifted[1]) // (2 * shifted[1])  # rounded to the nearest whole number
        if mantissa >= 10000:
            exponent += 1
        elif mantissa < 1000:
            exponent -= 1
        else:
            break
    digits = f"{mantissa / 1000:.3f}".rstrip("0").rstrip(".")
    power = exponent + 3
    return f"{'-' if value < 0 else ''}{digits}e{'+' if power >= 0 else '-'}{abs(power):02d}"
