"""AnswerBox: type an answer (a fraction, a decimal or a calculation), check it, get a hint, see the solution.

    AnswerBox(Fraction(4, 17), hint="How many of the other 51 cards share the plus card's suit?",
              solution="12 of the other 51 cards have the plus card's suit: 12/51 = 4/17.")
    AnswerBox(Fraction(4, 17), hint={"en": "Count the cards of the plus suit.", "ru": "Сосчитайте карты масти плюса."})

Answers are read by the small parser in ``cardlab.answers`` (never ``eval``): ``1 - comb(44,4)/comb(52,4)``,
``0.4986``, ``49.9%`` and ``13!/(4!*9!)`` all work; anything else gets a friendly message. The hint, the solution
and the prompt are a str, or a dict ``{"en": ..., "ru": ...}`` so that a lesson can give both; the EN/RU toggle
(``lang=``) reads the box in English or Russian.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlab.answers import AnswerError, Verdict, _show, check_answer, parse_answer
from cardlab.exercises import Exercise, find
from cardlab.i18n import Listing, Words, catalogue, get_language, messages
from cardlab.widgets._common import Speaking, button, given, html_widget, label, line_html

_t = messages("widgets", {
    "answer.prompt": {"en": "Your answer:", "ru": "Ваш ответ:"},
    "answer.placeholder": {"en": "e.g. 3/8, 0.375 or 1 - comb(44,4)/comb(52,4)",
                           "ru": "например, 3/8, 0.375 или 1 - comb(44,4)/comb(52,4)"},
    "answer.check": {"en": "Check", "ru": "Проверить"},
    "answer.check_tip": {"en": "Check your answer", "ru": "Проверить ваш ответ"},
    "answer.hint": {"en": "Hint", "ru": "Подсказка"},
    "answer.hint_tip": {"en": "A hint (after a try)", "ru": "Подсказка (после первой попытки)"},
    "answer.solution": {"en": "Show the solution", "ru": "Показать решение"},
    "answer.solution_tip": {"en": "The worked solution", "ru": "Решение с объяснением"},
    "answer.try_again": {"en": " Try again, or press Hint.", "ru": " Попробуйте ещё раз или нажмите «Подсказка»."},
    "answer.hint_label": {"en": "Hint:", "ru": "Подсказка:"},
    "answer.solution_label": {"en": "Solution:", "ru": "Решение:"},
    # the verdicts of cardlab.answers.check_answer (English: the verdict's own words)
    "answer.right": {"en": "Right: {value} is exactly the answer.", "ru": "Верно: {value} — это в точности ответ."},
    "answer.rounded": {"en": "Right: {value} is the answer, rounded (exactly {exact}).",
                       "ru": "Верно: {value} — это ответ с округлением (точно: {exact})."},
    "answer.too_high": {"en": "Not yet: {value} is too high.", "ru": "Пока нет: {value} — это слишком много."},
    "answer.too_low": {"en": "Not yet: {value} is too low.", "ru": "Пока нет: {value} — это слишком мало."},
    "answer.unreadable": {"en": "I could not read that: {error}.", "ru": "Не получается прочитать ответ: {error}."},
    # what cardlab.answers found wrong (its AnswerError messages)
    "answer.error.character": {
        "en": "“{a}” cannot be used in an answer; use numbers, + - * / ^ ( ) ! % and comb(n, k)",
        "ru": "знак «{a}» в ответе не годится; можно писать числа, + - * / ^ ( ) ! % и comb(n, k)"},
    "answer.error.missing": {"en": "the answer stops too early: a “{a}” is missing",
                             "ru": "ответ обрывается слишком рано: не хватает «{a}»"},
    "answer.error.early": {"en": "the answer stops too early", "ru": "ответ обрывается слишком рано"},
    "answer.error.expected": {"en": "expected “{a}” but found “{b}”", "ru": "здесь нужно «{a}», а стоит «{b}»"},
    "answer.error.zero": {"en": "the answer divides by zero", "ru": "в ответе есть деление на ноль"},
    "answer.error.powers": {"en": "powers must be whole numbers up to {a}",
                            "ru": "показатель степени должен быть целым числом не больше {a}"},
    "answer.error.number": {"en": "“{a}” is not a number", "ru": "«{a}» — это не число"},
    "answer.error.arguments": {"en": "{a} takes {b} number(s), got {c}", "ru": "{a}: нужно чисел — {b}, а дано — {c}"},
    "answer.error.unknown": {"en": "“{a}” is not known here; the functions are {b}",
                             "ru": "«{a}» здесь неизвестно; есть такие функции: {b}"},
    "answer.error.place": {"en": "“{a}” cannot stand there", "ru": "«{a}» не может стоять в этом месте"},
    "answer.error.whole": {"en": "{a} needs whole numbers 0 or more, got {b}",
                           "ru": "{a}: нужны целые числа от 0 и больше, а здесь {b}"},
    "answer.error.limited": {"en": "{a} is limited to numbers up to {b}", "ru": "{a}: числа не могут быть больше {b}"},
    "answer.error.factorials": {"en": "factorials are limited to {a}!", "ru": "факториал можно брать только до {a}!"},
    "answer.error.large": {"en": "the numbers in this answer grow too large",
                           "ru": "числа в этом ответе становятся слишком большими"},
    "answer.error.empty": {
        "en": "type an answer first: a fraction such as 3/8, a decimal such as 0.375, or a calculation",
        "ru": "сначала введите ответ: обыкновенную дробь, например 3/8, десятичную, например 0.375, или вычисление"},
    "answer.error.long": {"en": "that answer is too long (at most {a} characters)",
                          "ru": "ответ слишком длинный (не больше {a} символов)"},
    "answer.error.text": {"en": "an answer is text such as 3/8 or 0.375, got {a}",
                          "ru": "ответ — это текст, например 3/8 или 0.375, а здесь {a}"},
    "answer.error.unexpected": {"en": "“{a}” was not expected there", "ru": "«{a}» здесь не к месту"},
    "answer.error.other": {"en": "write a fraction (3/8), a decimal (0.375) or a calculation",
                           "ru": "напишите дробь (3/8), десятичную дробь (0.375) или вычисление"},
    "answer.a_factorial": {"en": "a factorial", "ru": "факториал"},
})


def _pattern(template: str) -> re.Pattern[str]:
    """An English template read as a pattern: "expected “{a}” but found “{b}”" matches what the parser said."""
    return re.compile(re.sub(r"\\\{(\w)\\\}", r"(?P<\1>.+)", re.escape(template)))


# the parser's messages (cardlab.answers.AnswerError), recognised by the English forms in the catalogue above
_ERRORS = [(_pattern(forms["en"]), key.removeprefix("widgets.")) for key, forms in catalogue().items()
           if key.startswith("widgets.answer.error.") and key != "widgets.answer.error.other"]


def _error_words(error: str) -> Words:
    """What the parser found wrong, as a catalogued message (its English words are the error's own)."""
    for pattern, key in _ERRORS:
        match = pattern.fullmatch(error)
        if match:
            groups: dict[str, Any] = match.groupdict()
            if groups.get("a") == "a factorial":
                groups["a"] = _t("answer.a_factorial")
            return _t(key, **groups)
    return _Unrecognised(error)


class _Unrecognised(Words):
    """A parser message this module does not know: its own words in English, a general advice otherwise."""

    __slots__ = ("error",)

    def __init__(self, error: str) -> None:
        self.error = error

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        return self.error if lang == "en" else _t("answer.error.other").render(lang)


class _VerdictWords(Words):
    """A verdict of ``check_answer`` in words: English is the verdict's own message, other languages come from
    the catalogue (the same parts: the value read, the exact answer, what the parser found wrong)."""

    __slots__ = ("verdict", "words")

    def __init__(self, verdict: Verdict, text: str, expected: Fraction | float) -> None:
        self.verdict = verdict
        if verdict.words is not None:  # cardlab.answers gives its verdict in catalogued words: every language
            self.words = verdict.words
            return
        exact = expected if isinstance(expected, Fraction) else Fraction(expected)
        if verdict.value is None:
            try:
                parse_answer(text)
                detail: Words = _Unrecognised("")
            except AnswerError as error:
                detail = _error_words(str(error))
            self.words = _t("answer.unreadable", error=detail)
        elif verdict.correct:
            self.words = (_t("answer.right", value=_show(verdict.value)) if verdict.value == exact
                          else _t("answer.rounded", value=_show(verdict.value), exact=_show(exact)))
        else:
            key = "answer.too_high" if verdict.value > exact else "answer.too_low"
            self.words = _t(key, value=_show(verdict.value))

    def render(self, lang: str | None = None) -> str:
        if self.verdict.words is not None:
            return self.words.render(lang)
        message = self.verdict.message
        if isinstance(message, Words):
            return message.render(lang)
        if (lang or get_language()) == "en":
            return message
        return self.words.render(lang)


class AnswerBox(Speaking, widgets.VBox):
    """Python API for tests: ``submit(text)`` → Verdict, ``tries``, ``solved``, ``feedback`` (text, in the
    widget's language), ``show_hint()``, ``show_solution()``. ``hint``, ``solution``, ``prompt``: a str or
    ``{"en": ..., "ru": ...}``. ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the
    EN/RU toggle choose the language."""

    def __init__(self, answer: Fraction | float, *, hint: str | dict[str, str] = "",
                 solution: str | dict[str, str] = "", prompt: str | dict[str, str] | None = None,
                 tolerance: float = 0.005, lang: str | None = None) -> None:
        self._start_speaking(lang)
        self.answer = answer
        self.hint = given(hint, "hint")
        self.solution = given(solution, "solution")
        self.prompt = _t("answer.prompt") if prompt is None else given(prompt, "prompt")
        self.tolerance = tolerance
        self.tries = 0
        self.solved = False
        self._feedback: Words | None = None
        self._extra: str | None = None  # "hint" or "solution" once shown
        self.text = widgets.Text(style={"description_width": "initial"}, continuous_update=False,
                                 layout=widgets.Layout(width="28em"))
        self.text.add_class("cardlab-answer-text")
        # with continuous_update off, the value changes on Enter (or leaving the box): check it then
        self.text.observe(lambda change: self.submit(change["new"]) if change["new"].strip() else None, names="value")
        self.check_button = button("", "", "cardlab-answer-check")
        self.check_button.on_click(lambda _: self.submit(self.text.value))
        self.hint_button = button("", "", "cardlab-answer-hint")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.hint_button.layout.display = "none"
        self.solution_button = button("", "", "cardlab-answer-solution")
        self.solution_button.on_click(lambda _: self.show_solution())
        self.solution_button.layout.display = None if self.solution else "none"
        self.feedback_widget = html_widget("cardlab-answer-feedback")
        self.extra = html_widget("cardlab-answer-extra")
        row = widgets.HBox([self.text, self.check_button, self.hint_button, self.solution_button, self.lang_toggle],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.feedback_widget, self.extra])
        self.add_class("cardlab-answerbox")
        self.redraw()

    @classmethod
    def for_exercise(cls, exercise: Exercise, *, lang: str | None = None) -> AnswerBox:
        """The box of a lesson's exercise (``cardlab.exercises``): its answer, hint and solution stay off the page
        until the student asks for them."""
        box = cls(exercise.answer, hint=dict(exercise.hint), solution=dict(exercise.solution),
                  tolerance=exercise.tolerance, lang=lang)
        box.exercise = exercise
        return box

    @property
    def feedback(self) -> str:
        """What the last check said, in the widget's language ("" before the first)."""
        return "" if self._feedback is None else self.say(self._feedback)

    def submit(self, text: str) -> Verdict:
        verdict = check_answer(text, self.answer, tolerance=self.tolerance)
        if verdict.value is not None:  # a try only counts when the answer could be read
            self.tries += 1
        self.solved = self.solved or verdict.correct
        words: Words = _VerdictWords(verdict, text, self.answer)
        if not verdict.correct and verdict.value is not None and self.hint:
            words = Listing(words, _t("answer.try_again"))
            self.hint_button.layout.display = None
        self._feedback = words
        self.redraw()
        return verdict

    def show_hint(self) -> None:
        if self.hint:
            self._extra = "hint"
            self.redraw()

    def show_solution(self) -> None:
        if self.solution:
            self._extra = "solution"
            self.redraw()

    def _relabel(self) -> None:
        label(self.text, self.prompt)
        self.text.placeholder = str(_t("answer.placeholder"))
        for widget, key in ((self.check_button, "check"), (self.hint_button, "hint"),
                            (self.solution_button, "solution")):
            label(widget, _t(f"answer.{key}"), _t(f"answer.{key}_tip"))

    def _refresh(self) -> None:
        self.feedback_widget.value = ("" if self._feedback is None
                                      else line_html(self._feedback, "cardlab-answer-feedback", live=True))
        if self._extra is not None:
            words: Any = self.hint if self._extra == "hint" else self.solution
            self.extra.value = (f'<div style="font-size:14px"><strong>{escape(str(_t(f"answer.{self._extra}_label")))}'
                                f'</strong> {escape(str(words))}</div>')


def exercise(game: str, number: int, *, lang: str | None = None) -> AnswerBox:
    """``exercise("golyi", 1)``: the AnswerBox of exercise 1 of Golyi's probability lesson (cardlab.exercises), so
    that the lesson's code cell shows neither the answer nor the worked solution."""
    return AnswerBox.for_exercise(find(game, number), lang=lang)
