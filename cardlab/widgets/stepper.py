"""DealStepper: step through a played deal (or a whole match) one narrated event at a time.

    DealStepper(state)              # a State: its record is replayed
    DealStepper(record, viewer=1)   # a cardlab.record/1 dict (or JSON text or file), seen by seat 1

Step ``i`` is event ``i`` of the state (across all deals); the table shown is the layout traced right after
that event (``cardlab.replay(record, trace=True)``), masked for the chosen viewer.

"Show odds" (off by default) adds the game's exact odds at that moment (``Deal.odds``), computed from the chosen
viewer's seat — or, when every hand is shown, from the seat whose turn it is — and only from what that seat may
see. The EN/RU toggle (``lang=``) reads the buttons and the narration in English or Russian.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardlab import render
from cardlab.engine import Deal, Event, Layout, State, load_record, replay
from cardlab.i18n import messages
from cardlab.widgets._common import (
    OddsPanel,
    OddsSubject,
    Speaking,
    button,
    event_text,
    heading,
    html_widget,
    label,
    label_odds_toggle,
    line_html,
    mid_move_words,
    odds_html,
    odds_of,
    seat_name,
    seat_names,
    shown,
)

EVERYONE = -1  # the Dropdown value for "Everyone" (None is the viewer in the Python API)

_POSITION = "Step {step} of {steps} · deal {deal} of {deals} · showing {who}"
_t = messages("widgets", {
    "stepper.start": "◀◀ Start",
    "stepper.start_tip": "Go to the first step",
    "stepper.back": "◀ Back",
    "stepper.back_tip": "One step back",
    "stepper.next": "Next ▶",
    "stepper.next_tip": "One step forward",
    "stepper.end": "End ▶▶",
    "stepper.end_tip": "Go to the last step",
    "stepper.step": "Step",
    "stepper.viewer": "Show cards of:",
    "stepper.everyone": "Everyone",
    # a round of Clash is "deal" in English here too; Russian says «раунд»
    "stepper.position_deal": _POSITION,
    "stepper.position_round": _POSITION,
    "stepper.everyones_cards": "everyone's cards",
    "stepper.sees": "what {seat} sees",
    "stepper.empty": "Nothing to show: this record has no events.",
    "stepper.recent": "Recent steps",
    "stepper.nobody": "Nobody is to act at this step: no odds to show.",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "stepper.error.trace": "deal {deal}: {events} events but {tables} traced tables",
    "stepper.error.step": "step must be a whole number, got {value}",
    "stepper.error.viewer": "viewer must be {none} (everyone) or a seat 0..{last}, got {value}",
})


class DealStepper(Speaking, OddsPanel, widgets.VBox):
    """Buttons ◀◀ ◀ ▶ ▶▶, a step slider, a "Show cards of:" choice, the narration, a short log and the table.

    Python API: ``step`` (0-based, settable), ``steps``, ``next()``, ``back()``, ``start()``, ``end()``,
    ``viewer`` (None for everyone, or a seat; settable), ``narration``, ``table_html``, ``log_html``,
    ``show_odds`` (bool, settable; off by default), ``odds_seat``, ``odds`` (the Odds at this step, whether shown
    or not), ``odds_html``, ``deal_at(step)`` (the deal at that step, rebuilt from the record), ``mid_move(step)``.
    The slider shows steps counted from 1 (``slider.value == step + 1``).
    ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the EN/RU toggle ``lang_toggle``
    choose the language of the labels and the narration.
    """

    def __init__(self, source: State | dict[str, Any] | str, viewer: int | None = None, *,
                 log_size: int = 6, lang: str | None = None) -> None:
        self._start_speaking(lang)
        record = source.record() if isinstance(source, State) else source
        self.record = load_record(record)
        self._starts: list[Deal] = []  # each deal as it began, kept by the replay
        self.state = replay(self.record, trace=True, starts=self._starts)
        self.game = self.state.game
        self.log_size = log_size
        self._events: list[Event] = []
        self._layouts: list[Layout] = []
        for deal in self.state.deals:
            trace = deal.trace or []
            if len(trace) != len(deal.events):
                raise ValueError(_t("stepper.error.trace", deal=deal.index + 1, events=len(deal.events),
                                    tables=len(trace)))
            self._events.extend(deal.events)
            self._layouts.extend(trace)
        self._step = 0
        self._viewer: int | None = None
        self._syncing = False
        self._deals: dict[tuple[int, int], Deal] = {}
        self._cursor: tuple[int, Deal] | None = None  # the latest moment rebuilt: (actions taken, the deal then)

        self.start_button = button("", "", "cardlab-start")
        self.back_button = button("", "", "cardlab-back")
        self.next_button = button("", "", "cardlab-next")
        self.end_button = button("", "", "cardlab-end")
        self.start_button.on_click(lambda _: self.start())
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.end_button.on_click(lambda _: self.end())
        self.slider = widgets.IntSlider(value=1, min=1, max=max(1, self.steps), step=1,
                                        continuous_update=False, layout=widgets.Layout(width="360px"))
        self.slider.add_class("cardlab-slider")
        self.slider.observe(self._on_slider, names="value")
        self.viewer_choice = widgets.Dropdown(options=self._viewer_options(), value=EVERYONE,
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="auto"))
        self.viewer_choice.add_class("cardlab-viewer")
        self.viewer_choice.observe(self._on_viewer, names="value")
        self.position = html_widget("cardlab-position")
        self.narration_widget = html_widget("cardlab-narration")
        self.log_widget = html_widget("cardlab-log")
        self.table = html_widget("cardlab-table")
        self._start_odds(self._render)

        wrap = {"flex_flow": "row wrap", "align_items": "center"}
        controls = widgets.HBox([self.start_button, self.back_button, self.next_button, self.end_button,
                                 self.slider], layout=widgets.Layout(**wrap))
        controls.add_class("cardlab-controls")
        second = widgets.HBox([self.viewer_choice, self.odds_button, self.lang_toggle, self.position],
                              layout=widgets.Layout(**wrap))
        super().__init__([controls, second, self.narration_widget, self.odds_widget, self.table, self.log_widget])
        self.add_class("cardlab-stepper")
        self.viewer = viewer
        self._render()

    # ------------------------------------------------------------------ API
    @property
    def steps(self) -> int:
        """How many steps (narrated events) there are."""
        return len(self._events)

    @property
    def step(self) -> int:
        """The current step, 0 .. steps - 1; setting it clamps to that range."""
        return self._step

    @step.setter
    def step(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(_t("stepper.error.step", value=shown(value)))
        self._step = min(max(value, 0), max(self.steps - 1, 0))
        self._render()

    def next(self) -> None:
        """One step forward (nothing at the last step)."""
        if self._step < self.steps - 1:
            self.step = self._step + 1

    def back(self) -> None:
        """One step back (nothing at the first step)."""
        if self._step > 0:
            self.step = self._step - 1

    def start(self) -> None:
        """Go to the first step."""
        self.step = 0

    def end(self) -> None:
        """Go to the last step."""
        self.step = self.steps - 1

    @property
    def viewer(self) -> int | None:
        """Whose cards are shown: None for everyone (every hand face up), or a seat (only what it may see)."""
        return self._viewer

    @viewer.setter
    def viewer(self, value: int | None) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < self.game.players):
            raise ValueError(_t("stepper.error.viewer", none="None", last=self.game.players - 1, value=shown(value)))
        self._viewer = value
        self._syncing = True
        try:
            self.viewer_choice.value = EVERYONE if value is None else value
        finally:
            self._syncing = False
        self._render()

    @property
    def event(self) -> Event | None:
        """The event of the current step."""
        return self._events[self._step] if self._events else None

    @property
    def narration(self) -> str:
        """The current event's text as the viewer may read it, in the widget's language."""
        event = self.event
        return "" if event is None else event_text(event, self._viewer, self.game, self.language)

    @property
    def table_html(self) -> str:
        """The HTML of the table right after the current step's event, as the viewer sees it."""
        html: str = self.table.value  # an ipywidgets HTML's value (ipywidgets has no types)
        return html

    @property
    def log_html(self) -> str:
        """The HTML of the log: the events up to the current step (the last ``log_size``), as the viewer may read
        them."""
        html: str = self.log_widget.value
        return html

    @property
    def odds_seat(self) -> int | None:
        """Whose odds: the viewer, or (every hand shown) the seat to act at this step; None when nobody is."""
        if self._viewer is not None:
            return self._viewer
        if not self._events:
            return None
        return self.deal_at().current_player

    @property
    def odds(self) -> list[Any] | None:
        """The game's odds at this step from ``odds_seat``'s view ([] when there is nothing to count, None when
        the game has no odds)."""
        key, count, _ = self._odds_subject()
        return self._counted_odds(key, count)

    def mid_move(self, step: int | None = None) -> bool:
        """Is the event of ``step`` one of several steps of one move, but not its last (a Strike draw turning card
        after card, a Golyi capture followed by a refill)? Then the move is still going on."""
        i = self._step if step is None else step
        event = self._events[i]
        return (event.action is not None and i + 1 < len(self._events)
                and (self._events[i + 1].deal, self._events[i + 1].action) == (event.deal, event.action))

    def deal_at(self, step: int | None = None) -> Deal:
        """The deal at the moment of ``step`` (default: the current step), rebuilt by replaying the record: after
        the move that caused the event — or, while that move is still going on (``mid_move``), as it began."""
        key = self._moment(step)
        deal = self._deals.get(key)
        if deal is None:
            if len(self._deals) >= 256:  # a long match: keep the memory small
                self._deals.clear()
            deal = self._deals[key] = self._deal_after(*key)
        return deal

    def _moment(self, step: int | None = None) -> tuple[int, int]:
        """(deal index, actions taken) at the moment of ``step``: after the move that caused the event — or,
        while that move is still going on (``mid_move``), as it began."""
        i = self._step if step is None else step
        event = self._events[i]
        done = event.action is None or not self.mid_move(i)
        return event.deal, 0 if event.action is None else event.action + (1 if done else 0)

    def layout_at(self, step: int | None = None) -> Layout:
        """The table right after the event of ``step`` (default: the current step), masked for the viewer."""
        return self._layouts[self._step if step is None else step].masked(self._viewer)

    def _deal_after(self, deal_index: int, actions: int) -> Deal:
        """Deal ``deal_index`` after its first ``actions`` actions. Replaying the record up to there took up to
        seconds a click late in a long match; instead a cursor walks forward from the deal's start (kept by the
        first replay) or from the latest moment rebuilt, applying the deal's own checked actions."""
        start = self._starts[deal_index]
        done, cursor = self._cursor if self._cursor is not None and self._cursor[1].index == deal_index else (0, start)
        if done > actions:
            done, cursor = 0, start
        cursor = cursor.snapshot()  # the start and the moments handed out are never changed
        for action in self.state.deals[deal_index].actions[done:actions]:
            cursor.apply(action)
        self._cursor = (actions, cursor)
        return cursor

    # ------------------------------------------------------------------ internals
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.step = int(change["new"]) - 1

    def _on_viewer(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.viewer = None if change["new"] == EVERYONE else int(change["new"])

    def _viewer_options(self) -> list[tuple[str, int]]:
        return [(str(_t("stepper.everyone")), EVERYONE)] + [(str(name), seat)
                                                            for seat, name in enumerate(seat_names(self.game))]

    def _render(self) -> None:
        if not hasattr(self, "table"):  # during __init__
            return
        self.redraw()

    def _relabel(self) -> None:
        for widget, key in ((self.start_button, "start"), (self.back_button, "back"), (self.next_button, "next"),
                            (self.end_button, "end")):
            label(widget, _t(f"stepper.{key}"), _t(f"stepper.{key}_tip"))
        label(self.slider, _t("stepper.step"))
        label(self.viewer_choice, _t("stepper.viewer"))
        self._syncing = True
        try:
            value = self.viewer_choice.value
            self.viewer_choice.options = self._viewer_options()
            self.viewer_choice.value = value
        finally:
            self._syncing = False
        label_odds_toggle(self.odds_button)

    def _refresh(self) -> None:
        self._syncing = True
        try:
            self.slider.value = self._step + 1
        finally:
            self._syncing = False
        if not self._events:
            self.narration_widget.value = line_html(_t("stepper.empty"), "cardlab-narration")
            self.table.value = ""
            self.log_widget.value = ""
            self.odds_widget.value = ""
            return
        event = self._events[self._step]
        deals = len(self.state.deals)
        viewer = self._viewer
        who = _t("stepper.everyones_cards") if viewer is None else _t("stepper.sees",
                                                                       seat=seat_name(self.game, viewer))
        word = "round" if self.game.definition.deal_word == "round" else "deal"
        self.position.value = line_html(
            _t(f"stepper.position_{word}", step=self._step + 1, steps=self.steps, deal=event.deal + 1, deals=deals,
               who=who), "cardlab-position")
        self.narration_widget.value = line_html(self.narration, "cardlab-narration", bold=True, live=True)
        self.table.value = render.layout_html(self.layout_at())
        self._render_odds()
        first = max(0, self._step - self.log_size + 1)
        texts = [event_text(e, self._viewer, self.game) for e in self._events[first:self._step + 1]]
        recent = str(_t("stepper.recent"))
        self.log_widget.value = heading(recent) + render.events_html(
            texts, label=recent, current=len(texts) - 1, start=first + 1)

    def _odds_subject(self) -> OddsSubject:
        seat = self.odds_seat
        if seat is None:
            return None, list, lambda _: line_html(_t("stepper.nobody"), "cardlab-odds")
        deal = self.deal_at()  # a moment handed out is never changed: safe to count from on the worker
        note = mid_move_words() if self.mid_move() else ""
        who, lang = seat_name(self.game, seat), self.language
        # several steps share a moment (a capture and its refill): count once
        return (*self._moment(), seat), lambda: odds_of(deal, seat), lambda odds: odds_html(odds, who, note, lang)
