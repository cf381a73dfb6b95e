"""Small helpers shared by the widgets: the language toggle, seat names, private events, text lines as HTML,
the odds panel. Every sentence a person reads is a catalogued message (cardlab.i18n) in English and Russian."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator, Mapping
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as WaitedTooLong
from contextlib import contextmanager
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlab import plots
from cardlab.i18n import (
    LANGUAGES,
    Joined,
    Words,
    check_language,
    get_language,
    grouped,
    has_message,
    language,
    messages,
)
from cardlab.render import decimal_text, fraction_text

if TYPE_CHECKING:
    from cardlab.engine import Game

_t = messages("widgets", {
    # the language toggle
    "lang.tooltip": "The language of this widget: English or Russian",
    # each button of the toggle says what it does in its own language, for a reader of that language
    "lang.en": "Show this widget in English",
    "lang.ru": "Show this widget in Russian",
    # what a private event is called when the viewer may not read it: "Seat 2 receives cards." (never which ones)
    "private.receive": "{who} receives cards (only {who} can see which).",
    "private.draw": "{who} draws a card (only {who} can see which).",
    "private.pickup": "{who} picks up cards (only {who} can see which).",
    "private.take": "{who} takes cards (only {who} can see which).",
    "private.discard": "{who} discards (only {who} can see which).",
    "private.other": "{who} has a private step (only {who} can see which).",
    # the odds panel
    "odds.toggle": "Show odds",
    "odds.toggle_tooltip": "Show the exact chances of what comes next, from the chosen seat's view",
    "odds.title": "Odds for {who}, from what {who} can see{when}",
    "odds.mid_move": " as this move began (it is still going on)",
    "odds.none": "This game has no odds to show.",
    "odds.nothing": "No chance event to count right now.",
    "odds.list": "Odds for {who}",
    "odds.counting": "Counting the odds…",
    "odds.failed": "The odds could not be counted: {error}",
    # pieces of sentences
    "seat_value": "{seat} {value}",
    "both": "{first} and {second}",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "common.error.name": "{name}",  # a parameter's name: quoted inside Russian words
    "common.error.given_keys": "{what} must be a str or a dict with the languages {allowed} as keys, got {value}",
    "common.error.given_text": "{what}[{key}] must be a str, got {value}",
    "common.error.given_type": "{what} must be a str or a dict such as {{'en': ..., 'ru': ...}}, got {value}",
})


def shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def name_words(name: str) -> Words:
    """A parameter's name inside an error: as it is in English, quoted in Russian («'hint' — это строка…»)."""
    return _t("common.error.name", name=name)

PRIVATE_KINDS = {"receive": "receive", "deal": "receive", "draw": "draw", "pickup": "pickup", "pick_up": "pickup",
                 "take": "take", "discard": "discard"}


# ----------------------------------------------------------------------------------------------------- words
class Count(Words):
    """A whole number with its thousands marked as each language does: "20,000" / "20 000"."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = int(n)

    def render(self, lang: str | None = None) -> str:
        return grouped(self.n, lang)


class Given(Words):
    """Words a lesson gives: one str for every language, or ``{"en": ..., "ru": ...}`` (a missing language is read
    in English, or in the one language given)."""

    __slots__ = ("forms",)

    def __init__(self, value: str | Mapping[str, str], what: str = "text") -> None:
        if isinstance(value, str):
            forms = {"en": value}
        elif isinstance(value, Mapping):
            unknown = [key for key in value if key not in LANGUAGES]
            if unknown or not value:
                allowed = ", ".join(repr(code) for code in LANGUAGES)
                raise ValueError(_t("common.error.given_keys", what=name_words(what), allowed=allowed,
                                    value=shown(dict(value))))
            bad = [key for key, text in value.items() if not isinstance(text, str)]
            if bad:
                raise ValueError(_t("common.error.given_text", what=name_words(what), key=shown(bad[0]),
                                    value=shown(value[bad[0]])))
            forms = dict(value)
        else:
            raise TypeError(_t("common.error.given_type", what=name_words(what), value=shown(value)))
        self.forms = forms

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        return self.forms.get(lang) or self.forms.get("en") or next(iter(self.forms.values()))

    def __bool__(self) -> bool:
        return any(self.forms.values())


def given(value: Any, what: str = "text") -> Words:
    """``value`` (a str, a {"en", "ru"} dict or Words already) as Words."""
    return value if isinstance(value, Words) else Given(value, what)


def all_joined(items: list[Any]) -> Any:
    """"A and B and C" / "A и B и C" (every pair joined by the word, as the winners were always listed)."""
    if not items:
        return ""
    words = items[0]
    for item in items[1:]:
        words = _t("both", first=words, second=item)
    return words


def listing(names: list[Any], values: list[Any]) -> Words:
    """ "Seat 0 5, Seat 1 3" / "Игрок 0: 5, Игрок 1: 3"."""
    return Joined([_t("seat_value", seat=name, value=value) for name, value in zip(names, values, strict=True)],
                  word="list")


# ----------------------------------------------------------------------------------------------------- language
def language_toggle(value: str) -> widgets.ToggleButtons:
    """The small EN/RU switch every widget shows (CSS class ``cardlab-lang``): a button per language of
    ``cardlab.i18n.LANGUAGES``, each saying in its own language what it does."""
    tooltips = [_t(f"lang.{code}").render(code) if has_message(f"widgets.lang.{code}") else name
                for code, name in LANGUAGES.items()]
    toggle = widgets.ToggleButtons(options=[(code.upper(), code) for code in LANGUAGES], value=value,
                                   tooltips=tooltips,
                                   style={"button_width": "3em"}, layout=widgets.Layout(width="auto"))
    toggle.tooltip = _t("lang.tooltip").render(value)
    toggle.add_class("cardlab-lang")
    return toggle


class Speaking:
    """A widget that reads in a language of its own, with the EN/RU toggle ``lang_toggle``.

    ``lang``: None (follow cardlab.i18n's current language, read again at every redraw) or "en"/"ru"; setting it
    (or pressing the toggle) redraws the widget in that language at once, labels and narration alike. A language
    that is not known raises ValueError and changes nothing. A widget using this calls ``_start_speaking(lang)``
    early in ``__init__`` and defines ``_relabel()`` (buttons, tooltips, choices) and ``_refresh()`` (the rest);
    both run inside ``speaking()``."""

    _lang: str | None = None
    _lang_syncing = False
    _labelled: str | None = None  # the language the labels were last set in

    def _start_speaking(self, lang: str | None) -> None:
        self._lang = None if lang is None else check_language(lang)
        self.lang_toggle = language_toggle(self.language)
        self.lang_toggle.observe(self._on_lang_toggle, names="value")

    @property
    def lang(self) -> str | None:
        """The language chosen for this widget, or None when it follows ``cardlab.set_language``."""
        return self._lang

    @lang.setter
    def lang(self, value: str | None) -> None:
        if value is not None:
            check_language(value)
        self._lang = value
        self.redraw()

    @property
    def language(self) -> str:
        """The language the widget reads in now ("en" or "ru")."""
        return self._lang or get_language()

    @contextmanager
    def speaking(self) -> Iterator[str]:
        """``with self.speaking():`` everything read inside is in the widget's language."""
        with language(self.language) as lang:
            yield lang

    def say(self, words: Any) -> str:
        """``words`` (a Text, other Words, or anything with a str) read in the widget's language."""
        with self.speaking() as lang:
            return words.render(lang) if isinstance(words, Words) else str(words)

    def redraw(self) -> None:
        """Draw the widget again in its language: the labels when the language has changed since they were set
        (the toggle, or ``cardlab.set_language`` for a widget that follows it), then everything else."""
        with self.speaking() as lang:
            self._sync_toggle()
            if lang != self._labelled:
                self._relabel()
                self._labelled = lang
            self._refresh()

    def _sync_toggle(self) -> None:
        toggle = getattr(self, "lang_toggle", None)
        if toggle is None:
            return
        self._lang_syncing = True
        try:
            toggle.value = self.language
            toggle.tooltip = _t("lang.tooltip").render(self.language)
        finally:
            self._lang_syncing = False

    def _on_lang_toggle(self, change: dict[str, Any]) -> None:
        if not self._lang_syncing and change["new"] != self._lang:
            self.lang = change["new"]

    def _relabel(self) -> None:  # pragma: no cover - every widget defines it
        raise NotImplementedError

    def _refresh(self) -> None:  # pragma: no cover - every widget defines it
        raise NotImplementedError


# ----------------------------------------------------------------------------------------------------- seats, events
def seat_name(game: Game, seat: int) -> Words:
    """The seat's name as the game gives it (a Text: read it with str() in the language wanted)."""
    return game.definition.seat_name(seat, game.players)


def seat_names(game: Any) -> list[Words | str]:
    return [seat_name(game, seat) for seat in range(game.players)]


def event_words(event: Any, viewer: int | None, game: Any) -> Any:
    """The event's message if ``viewer`` may read it (``None``: everyone's cards shown), else a neutral line."""
    if event.visible_to is None or viewer is None or event.visible_to == viewer:
        return getattr(event, "message", None) or event.text
    kind = PRIVATE_KINDS.get(event.kind, "other")
    return _t(f"private.{kind}", who=seat_name(game, event.visible_to))


def event_text(event: Any, viewer: int | None, game: Any, lang: str | None = None) -> str:
    """``event_words`` read in ``lang`` (default: the current language)."""
    words = event_words(event, viewer, game)
    with language(lang) as chosen:
        return words.render(chosen) if isinstance(words, Words) else str(words)


# ----------------------------------------------------------------------------------------------------- html
def line_html(text: Any, css_class: str, *, bold: bool = False, live: bool = False) -> str:
    """One line of text as HTML (escaped); ``live`` asks screen readers to announce changes."""
    body = f"<strong>{escape(str(text))}</strong>" if bold else escape(str(text))
    aria = ' role="status" aria-live="polite"' if live else ""
    return f'<div class="{css_class}-text"{aria} style="font-size:14px;line-height:20px">{body}</div>'


def html_widget(css_class: str, value: str = "") -> widgets.HTML:
    widget = widgets.HTML(value=value)
    widget.add_class(css_class)
    return widget


def button(description: Any, tooltip: Any, css_class: str) -> widgets.Button:
    widget = widgets.Button(description=str(description), tooltip=str(tooltip), layout=widgets.Layout(width="auto"))
    widget.add_class(css_class)
    return widget


def label(widget: widgets.Widget, description: Any, tooltip: Any = None) -> None:
    """Set a control's words (read in the current language)."""
    widget.description = str(description)
    if tooltip is not None:
        widget.tooltip = str(tooltip)


def figure_output(output: widgets.Output, figure: Any | None) -> None:
    """Make the Output widget ``output`` show the plotly ``figure`` (None: nothing), as a plain plotly output.

    A plain output rather than a plotly FigureWidget: the page's plotly renderer draws it, in views already on the
    page and in views made later alike (an Output's outputs are synced state), and the widget's state is the
    figure's JSON only. A FigureWidget's state also carries plotly.js itself (about 5 MB per page), and a Voilà
    app rendering progressively stalls on it. Setting ``outputs`` (not ``with output:``) works from a background
    run too."""
    output.outputs = () if figure is None else (figure_display(figure),)


def figure_display(figure: Any) -> dict[str, Any]:
    """The plotly ``figure`` as one display output (an item of ``Output.outputs``): its JSON for the page's plotly
    renderer (see ``figure_output`` for why not a FigureWidget)."""
    return {"output_type": "display_data", "data": plots.mime_bundle(figure), "metadata": {}}


def heading(text: Any) -> str:
    return f'<div style="font-size:13px;font-weight:700;margin:4px 0 2px">{escape(str(text))}</div>'


# ----------------------------------------------------------------------------------------------------- odds panel
def odds_of(deal: Any, player: int) -> list[Any] | None:
    """The game's odds for ``player`` at this deal (``Deal.odds``), or None if the game has none."""
    odds = deal.odds(player)
    return None if odds is None else list(odds)


def odds_toggle() -> widgets.ToggleButton:
    """The "Show odds" switch of the stepper and the play table: off by default, for the teacher to turn on."""
    toggle = widgets.ToggleButton(value=False, description=str(_t("odds.toggle")), icon="",
                                  tooltip=str(_t("odds.toggle_tooltip")))
    toggle.add_class("cardlab-odds-toggle")
    return toggle


def label_odds_toggle(toggle: widgets.ToggleButton) -> None:
    label(toggle, _t("odds.toggle"), _t("odds.toggle_tooltip"))


# Odds are counted on one worker thread shared by every widget, so that a click never waits for a long count (a
# Clash round after the first took up to a second): the table moves at once, and the panel fills in when the count
# is done. Texts are lazy and the language of a ``with language()`` block is per thread, so the worker reads the
# panel in the widget's language whatever the kernel's thread is doing.
_ODDS_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-odds")
ODDS_WAIT = 0.05  # seconds a click waits for the count before showing "Counting the odds…"
_MISSING = object()
COUNTING: Any = object()  # given to a panel function instead of odds while they are being counted

OddsSubject = tuple[Hashable, Callable[[], "list[Any] | None"], Callable[["list[Any] | None"], str]]


class OddsPanel:
    """The "Show odds" switch (``odds_button``) and the panel it opens (``odds_widget``), shared by DealStepper
    and PlayTable. A widget calls ``_start_odds(redraw)`` in ``__init__`` (``redraw`` runs when the switch
    moves) and defines ``_odds_subject()``: for the moment shown, a key naming it, a function counting its odds
    (it must not read the widget's changing state: it may run on the worker thread after the next click) and one
    making the panel's HTML from them (read in the widget's language). Odds are remembered by key."""

    def _start_odds(self, redraw: Any) -> None:
        self.odds_button = odds_toggle()
        self.odds_button.observe(lambda _: redraw(), names="value")
        self.odds_widget = html_widget("cardlab-odds")
        self._odds_lock = threading.Lock()
        self._odds_known: dict[Hashable, list[Any] | None] = {}
        self._odds_ticket = 0  # which drawing of the panel is the newest
        self._odds_shown = 0  # which drawing the panel shows in full
        self._odds_job: Future[None] | None = None

    @property
    def show_odds(self) -> bool:
        """Is the odds panel shown? (The "Show odds" switch; off by default.)"""
        return bool(self.odds_button.value)

    @show_odds.setter
    def show_odds(self, value: bool) -> None:
        self.odds_button.value = bool(value)

    @property
    def odds_html(self) -> str:
        """The panel's HTML once the count for the moment shown is done (waiting for it if need be)."""
        self.wait_for_odds()
        html: str = self.odds_widget.value  # an ipywidgets HTML's value (ipywidgets has no types)
        return html

    def wait_for_odds(self) -> None:
        """Wait until the panel shows the odds of the moment shown (a count may be going on in the background)."""
        job = self._odds_job
        if job is not None:
            try:
                job.result()
            except CancelledError:
                pass

    def _counted_odds(self, key: Hashable, count: Callable[[], list[Any] | None]) -> list[Any] | None:
        odds = self._odds_known.get(key, _MISSING)
        if odds is _MISSING:
            odds = count()
            if len(self._odds_known) >= 1024:  # a long match: keep the memory small
                self._odds_known.clear()
            self._odds_known[key] = odds
        return odds  # type: ignore[return-value]

    def _render_odds(self) -> None:
        with self._odds_lock:
            self._odds_ticket += 1
            ticket = self._odds_ticket
            if self._odds_job is not None:
                self._odds_job.cancel()  # a count not yet begun for a moment no longer shown
        if not self.show_odds:
            self.odds_widget.value = ""
            self.odds_widget.layout.display = "none"
            return
        self.odds_widget.layout.display = None
        key, count, panel = self._odds_subject()
        if key in self._odds_known:
            self._show_odds(ticket, key, count, panel)
            return
        job = self._odds_job = _ODDS_WORKER.submit(self._show_odds, ticket, key, count, panel)
        try:
            job.result(timeout=ODDS_WAIT)
            return
        except WaitedTooLong:
            pass
        except Exception:  # noqa: BLE001 - the panel says what went wrong; a click never raises
            return
        with self._odds_lock, self.speaking():  # type: ignore[attr-defined]  # the widget is Speaking too
            if self._odds_shown != ticket:
                self.odds_widget.value = panel(COUNTING)

    def _show_odds(self, ticket: int, key: Hashable, count: Callable[[], list[Any] | None],
                   panel: Callable[[list[Any] | None], str]) -> None:
        failed: Exception | None = None
        try:
            odds = self._counted_odds(key, count)
        except Exception as error:  # shown on the panel, and raised again for whoever waits on the job
            failed = error
        with self.speaking():  # type: ignore[attr-defined]
            html = (line_html(_t("odds.failed", error=str(failed)), "cardlab-odds-failed") if failed is not None
                    else panel(odds))
        with self._odds_lock:
            if ticket == self._odds_ticket:
                self.odds_widget.value = html
                self._odds_shown = ticket
        if failed is not None:
            raise failed

    def _odds_subject(self) -> OddsSubject:  # pragma: no cover - every widget defines it
        raise NotImplementedError


def odds_html(odds: list[Any] | None, who: Any, when: Any = "", lang: str | None = None) -> str:
    """The odds panel: each chance as a decimal and a fraction with its plain-words event and how it was counted.
    ``who`` names the seat whose view it is ("Seat 2"); ``when`` qualifies the moment (``mid_move_words()``:
    " as this move began"); ``lang``: the language (default: the current one)."""
    with language(lang):
        title = heading(_t("odds.title", who=who, when=when))
        if odds is COUNTING:
            return title + line_html(_t("odds.counting"), "cardlab-odds-counting", live=True)
        if odds is None:
            return title + line_html(_t("odds.none"), "cardlab-odds-empty")
        if not odds:
            return title + line_html(_t("odds.nothing"), "cardlab-odds-empty")
        items = []
        for item in odds:
            p = item.probability
            number = decimal_text(p) if p.denominator == 1 else f"{decimal_text(p)} ({fraction_text(p)})"
            detail = (f'<div style="opacity:0.75;font-size:13px">{escape(str(item.detail))}</div>'
                      if item.detail else "")
            items.append(f"<li style='margin:2px 0'><strong>{escape(number)}</strong> — "
                         f"{escape(str(item.label))}.{detail}</li>")
        return title + (f'<ul aria-label="{escape(str(_t("odds.list", who=who)))}" style="margin:2px 0 6px 0;'
                        f'padding-left:20px;font-size:14px;line-height:20px">{"".join(items)}</ul>')


def mid_move_words() -> Words:
    """" as this move began (it is still going on)", for ``odds_html(..., when=...)``."""
    return _t("odds.mid_move")
