"""DealStepper: step through a played deal (or a whole match) one narrated event at a time.

    DealStepper(state)              # a State: its record is replayed
    DealStepper(record, viewer=1)   # a cardlab.record/1 dict (or JSON text or file), seen by seat 1

Step ``i`` is event ``i`` of the state (across all deals); the table shown is the layout traced right after
that event (``cardlab.replay(record, trace=True)``), masked for the chosen viewer.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardlab import render
from cardlab.engine import Event, Layout, State, replay
from cardlab.widgets._common import button, event_text, heading, html_widget, line_html, seat_name, seat_names

EVERYONE = -1  # the Dropdown value for "Everyone" (None is the viewer in the Python API)


class DealStepper(widgets.VBox):
    """Buttons ◀◀ ◀ ▶ ▶▶, a step slider, a "Show cards of:" choice, the narration, a short log and the table.

    Python API: ``step`` (0-based, settable), ``steps``, ``next()``, ``back()``, ``start()``, ``end()``,
    ``viewer`` (None for everyone, or a seat; settable), ``narration``, ``table_html``, ``log_html``.
    The slider shows steps counted from 1 (``slider.value == step + 1``).
    """

    def __init__(self, source: State | dict[str, Any] | str, viewer: int | None = None, *,
                 log_size: int = 6) -> None:
        record = source.record() if isinstance(source, State) else source
        self.state = replay(record, trace=True)
        self.game = self.state.game
        self.log_size = log_size
        self._events: list[Event] = []
        self._layouts: list[Layout] = []
        for deal in self.state.deals:
            trace = deal.trace or []
            if len(trace) != len(deal.events):
                raise ValueError(f"deal {deal.index + 1}: {len(deal.events)} events but {len(trace)} "
                                 "traced tables")
            self._events.extend(deal.events)
            self._layouts.extend(trace)
        self._step = 0
        self._viewer: int | None = None
        self._syncing = False

        self.start_button = button("◀◀ Start", "Go to the first step", "cardlab-start")
        self.back_button = button("◀ Back", "One step back", "cardlab-back")
        self.next_button = button("Next ▶", "One step forward", "cardlab-next")
        self.end_button = button("End ▶▶", "Go to the last step", "cardlab-end")
        self.start_button.on_click(lambda _: self.start())
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.end_button.on_click(lambda _: self.end())
        self.slider = widgets.IntSlider(value=1, min=1, max=max(1, self.steps), step=1, description="Step",
                                        continuous_update=False, layout=widgets.Layout(width="360px"))
        self.slider.add_class("cardlab-slider")
        self.slider.observe(self._on_slider, names="value")
        options = [("Everyone", EVERYONE)] + [(name, seat) for seat, name in enumerate(seat_names(self.game))]
        self.viewer_choice = widgets.Dropdown(options=options, value=EVERYONE, description="Show cards of:",
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="auto"))
        self.viewer_choice.add_class("cardlab-viewer")
        self.viewer_choice.observe(self._on_viewer, names="value")
        self.position = html_widget("cardlab-position")
        self.narration_widget = html_widget("cardlab-narration")
        self.log_widget = html_widget("cardlab-log")
        self.table = html_widget("cardlab-table")

        wrap = {"flex_flow": "row wrap", "align_items": "center"}
        controls = widgets.HBox([self.start_button, self.back_button, self.next_button, self.end_button,
                                 self.slider], layout=widgets.Layout(**wrap))
        controls.add_class("cardlab-controls")
        second = widgets.HBox([self.viewer_choice, self.position], layout=widgets.Layout(**wrap))
        super().__init__([controls, second, self.narration_widget, self.table, self.log_widget])
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
            raise TypeError(f"step must be a whole number, got {value!r}")
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
        self.step = 0

    def end(self) -> None:
        self.step = self.steps - 1

    @property
    def viewer(self) -> int | None:
        """Whose cards are shown: None for everyone (every hand face up), or a seat (only what it may see)."""
        return self._viewer

    @viewer.setter
    def viewer(self, value: int | None) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < self.game.players):
            raise ValueError(f"viewer must be None (everyone) or a seat 0..{self.game.players - 1}, "
                             f"got {value!r}")
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
        """The current event's text as the viewer may read it."""
        event = self.event
        return "" if event is None else event_text(event, self._viewer, self.game)

    @property
    def table_html(self) -> str:
        return self.table.value

    @property
    def log_html(self) -> str:
        return self.log_widget.value

    def layout_at(self, step: int | None = None) -> Layout:
        """The table right after the event of ``step`` (default: the current step), masked for the viewer."""
        return self._layouts[self._step if step is None else step].masked(self._viewer)

    # ------------------------------------------------------------------ internals
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.step = int(change["new"]) - 1

    def _on_viewer(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.viewer = None if change["new"] == EVERYONE else int(change["new"])

    def _render(self) -> None:
        if not hasattr(self, "table"):  # during __init__
            return
        self._syncing = True
        try:
            self.slider.value = self._step + 1
        finally:
            self._syncing = False
        if not self._events:
            self.narration_widget.value = line_html("Nothing to show: this record has no events.",
                                                    "cardlab-narration")
            self.table.value = ""
            self.log_widget.value = ""
            return
        event = self._events[self._step]
        deals = len(self.state.deals)
        viewer = self._viewer
        who = "everyone's cards" if viewer is None else f"what {seat_name(self.game, viewer)} sees"
        self.position.value = line_html(
            f"Step {self._step + 1} of {self.steps} · deal {event.deal + 1} of {deals} · showing {who}",
            "cardlab-position")
        self.narration_widget.value = line_html(self.narration, "cardlab-narration", bold=True, live=True)
        self.table.value = render.layout_html(self.layout_at())
        first = max(0, self._step - self.log_size + 1)
        texts = [event_text(e, self._viewer, self.game) for e in self._events[first:self._step + 1]]
        self.log_widget.value = heading("Recent steps") + render.events_html(
            texts, label="Recent steps", current=len(texts) - 1, start=first + 1)
