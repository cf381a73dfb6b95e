"""Checking a student's typed answer: a small arithmetic parser (never ``eval``) and a tolerant comparison.

    parse_answer("1 - comb(44,4)/comb(52,4)")   # Fraction(…) exactly
    parse_answer("0.4986"); parse_answer("49.86%"); parse_answer("3/8"); parse_answer("13!/(4!*9!)")
    check_answer("0.50", Fraction(19282, 38675))  # Verdict(correct=True, …)

Grammar (spaces ignored; ``^`` and ``**`` both mean power):
    sum     := product (("+" | "-") product)*
    product := unary (("*" | "×" | "/" | "÷") unary)*
    unary   := ("-" | "+") unary | power               (so -2^2 is -(2^2), as in mathematics)
    power   := postfix (("^" | "**") unary)?           (right-associative: 2^3^2 is 2^9)
    postfix := atom ("!" | "%")*
    atom    := number | name "(" sum ("," sum)* ")" | "(" sum ")"
Functions: comb(n, k) (also C), perm(n, k) (also P), factorial(n) (also fact). Everything is exact (Fraction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

MAX_LENGTH = 300
MAX_EXPONENT = 2000  # keeps 10**10**10 from freezing the notebook
MAX_FACTORIAL = 2000
MAX_DIGITS = 5000  # no intermediate result may grow beyond this many digits


class AnswerError(ValueError):
    """Text that is not an arithmetic answer; the message says what is wrong in friendly words."""


FUNCTIONS = {"comb": 2, "c": 2, "choose": 2, "perm": 2, "p": 2, "factorial": 1, "fact": 1}


def _tokens(text: str) -> list[str]:
    tokens, i = [], 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char.isdigit() or (char == "." and i + 1 < len(text) and text[i + 1].isdigit()):
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] in "._"):
                j += 1
            tokens.append(text[i:j].replace("_", ""))
            i = j
        elif char.isalpha():
            j = i
            while j < len(text) and text[j].isalpha():
                j += 1
            tokens.append(text[i:j].lower())
            i = j
        elif text.startswith("**", i):
            tokens.append("^")
            i += 2
        elif char in "+-*/^()!%,×÷−":
            tokens.append({"×": "*", "÷": "/", "−": "-"}.get(char, char))
            i += 1
        else:
            raise AnswerError(f"“{char}” cannot be used in an answer; use numbers, + - * / ^ ( ) ! % and comb(n, k)")
    return tokens


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.position = 0

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None:
            raise AnswerError("the answer stops too early" + (f": a “{expected}” is missing" if expected else ""))
        if expected is not None and token != expected:
            raise AnswerError(f"expected “{expected}” but found “{token}”")
        self.position += 1
        return token

    def sum(self) -> Fraction:
        value = self.product()
        while self.peek() in ("+", "-"):
            value = _checked(value + self.product() if self.take() == "+" else value - self.product())
        return value

    def product(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            operator = self.take()
            right = self.unary()
            if operator == "/" and right == 0:
                raise AnswerError("the answer divides by zero")
            value = _checked(value * right if operator == "*" else value / right)
        return value

    def power(self) -> Fraction:
        base = self.postfix()
        if self.peek() == "^":
            self.take()
            exponent = self.unary()  # 2^-2 is allowed; -2^2 is -(2^2), as in mathematics
            if exponent.denominator != 1 or abs(exponent) > MAX_EXPONENT:
                raise AnswerError(f"powers must be whole numbers up to {MAX_EXPONENT}")
            if base == 0 and exponent < 0:
                raise AnswerError("the answer divides by zero")
            return _checked(base ** int(exponent))
        return base

    def unary(self) -> Fraction:
        if self.peek() in ("-", "+"):
            return -self.unary() if self.take() == "-" else self.unary()
        return self.power()

    def postfix(self) -> Fraction:
        value = self.atom()
        while self.peek() in ("!", "%"):
            value = _factorial(value) if self.take() == "!" else value / 100
        return value

    def atom(self) -> Fraction:
        token = self.take()
        if token == "(":
            value = self.sum()
            self.take(")")
            return value
        if token[0].isdigit() or token[0] == ".":
            try:
                return Fraction(token)
            except ValueError:
                raise AnswerError(f"“{token}” is not a number") from None
        if token in FUNCTIONS:
            self.take("(")
            args = [self.sum()]
            while self.peek() == ",":
                self.take()
                args.append(self.sum())
            self.take(")")
            if len(args) != FUNCTIONS[token]:
                raise AnswerError(f"{token} takes {FUNCTIONS[token]} number(s), got {len(args)}")
            return _call(token, args)
        if token.isalpha():
            known = "comb(n, k), perm(n, k), factorial(n)"
            raise AnswerError(f"“{token}” is not known here; the functions are {known}")
        raise AnswerError(f"“{token}” cannot stand there")


def _whole(value: Fraction, what: str) -> int:
    if value.denominator != 1 or value < 0:
        raise AnswerError(f"{what} needs whole numbers 0 or more, got {value}")
    if value > MAX_FACTORIAL * 10:
        raise AnswerError(f"{what} is limited to numbers up to {MAX_FACTORIAL * 10}")
    return int(value)


def _factorial(value: Fraction) -> Fraction:
    n = _whole(value, "a factorial")
    if n > MAX_FACTORIAL:
        raise AnswerError(f"factorials are limited to {MAX_FACTORIAL}!")
    return Fraction(math.factorial(n))


def _call(name: str, args: list[Fraction]) -> Fraction:
    if name in ("factorial", "fact"):
        return _factorial(args[0])
    n, k = (_whole(a, f"{name}(n, k)") for a in args)
    return _checked(Fraction(math.comb(n, k) if name in ("comb", "c", "choose") else math.perm(n, k)))


def _checked(value: Fraction) -> Fraction:
    if max(abs(value.numerator), value.denominator).bit_length() > MAX_DIGITS * 3.33:
        raise AnswerError("the numbers in this answer grow too large")
    return value


def parse_answer(text: str) -> Fraction:
    """The exact value of an arithmetic answer; AnswerError (a friendly message) if it cannot be read."""
    if not isinstance(text, str):
        raise AnswerError(f"an answer is text such as 3/8 or 0.375, got {text!r}")
    text = text.strip()
    if not text:
        raise AnswerError("type an answer first: a fraction such as 3/8, a decimal such as 0.375, or a calculation")
    if len(text) > MAX_LENGTH:
        raise AnswerError(f"that answer is too long (at most {MAX_LENGTH} characters)")
    parser = _Parser(_tokens(text))
    value = parser.sum()
    if parser.peek() is not None:
        raise AnswerError(f"“{parser.peek()}” was not expected there")
    return value


@dataclass(frozen=True)
class Verdict:
    correct: bool
    value: Fraction | None  # what the answer parsed to (None if it could not be read)
    message: str


def check_answer(text: str, expected: Fraction | float, *, tolerance: float = 0.005, relative: float = 0.01) -> Verdict:
    """Right if equal to ``expected``, or close enough for a rounded decimal (within ``tolerance`` absolute or
    ``relative`` of it). Never raises for bad input: the verdict carries a friendly message instead."""
    try:
        value = parse_answer(text)
    except AnswerError as error:
        return Verdict(False, None, f"I could not read that: {error}.")
    exact = Fraction(expected) if not isinstance(expected, Fraction) else expected
    difference = abs(float(value - exact))
    if value == exact:
        return Verdict(True, value, f"Right: {_show(value)} is exactly the answer.")
    if difference <= max(tolerance, relative * abs(float(exact))):
        return Verdict(True, value, f"Right: {_show(value)} is the answer, rounded (exactly {_show(exact)}).")
    direction = "too high" if value > exact else "too low"
    return Verdict(False, value, f"Not yet: {_show(value)} is {direction}.")


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator < 10**6 and value.numerator < 10**9:
        return f"{value} ≈ {float(value):.4g}"
    return f"≈ {float(value):.4g}"
