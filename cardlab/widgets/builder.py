"""BuilderPanel: build one action card by card, for decisions with too many legal actions for buttons.

The game module supplies the builder (``Deal.action_builder(player)``, e.g. Clash's ArrangementBuilder); this
panel only shows it: a choice of slot, one button per card saying where the card is, a line per slot naming
what it holds ("3-card set: 8♦ 9♦ 10♦ — a straight flush to the Ten"), and Fill the rest / Suggest / Clear /
Play. Nothing here is game-specific.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlab.widgets._common import button, html_widget, line_html


class BuilderPanel(widgets.VBox):
    """Shows ``builder`` and calls ``on_done(action)`` when the person presses Play on a complete action."""

    def __init__(self, builder: Any, on_done: Callable[[Any], Any]) -> None:
        self.builder = builder
        self.on_done = on_done
        self.slot_choice = widgets.ToggleButtons(
            options=[(slot.label, slot.name) for slot in builder.slots], value=builder.selected,
            description="Put cards in:", style={"description_width": "initial"},
            tooltips=[f"Cards you click go to the {slot.label} ({slot.size} cards)" for slot in builder.slots])
        self.slot_choice.add_class("cardlab-slot-choice")
        self.slot_choice.observe(self._on_slot, names="value")
        self.card_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.card_box.add_class("cardlab-builder-cards")
        self.slots_html = html_widget("cardlab-builder-slots")
        self.feedback = html_widget("cardlab-builder-feedback")
        fill = button("Fill the rest", "Put the cards still in your hand into the slots with room", "cardlab-fill")
        suggest = button("Suggest", "Start from the bot's arrangement; you can change it", "cardlab-suggest")
        clear = button("Clear", "Take every card back into your hand", "cardlab-clear")
        self.done_button = button("Play this", "Play the finished action", "cardlab-build-done")
        fill.on_click(lambda _: self._run(builder.fill_rest, "The free cards went into the slots with room."))
        suggest.on_click(lambda _: self._run(builder.suggest, "This is what the bot would do; change any card."))
        clear.on_click(lambda _: self._run(builder.clear, "Every card is back in your hand."))
        self.done_button.on_click(lambda _: self.finish())
        tools = widgets.HBox([fill, suggest, clear, self.done_button])
        super().__init__([self.slot_choice, self.card_box, self.slots_html, tools, self.feedback])
        self.add_class("cardlab-builder")
        self._render("Click a card to put it in the chosen slot; click it again to take it back.")

    def click(self, card: Any) -> None:
        self._render(self.builder.click(card))

    def finish(self) -> bool:
        problems = self.builder.problems()
        if problems:
            self._render("Not finished yet: " + "; ".join(problems) + ".")
            return False
        self.on_done(self.builder.action())
        return True

    def _run(self, step: Callable[[], Any], text: str) -> None:
        step()
        self._render(text)

    def _on_slot(self, change: dict) -> None:
        if change["new"] != self.builder.selected:
            self.builder.select(change["new"])

    def _render(self, text: str) -> None:
        builder = self.builder
        buttons = []
        for card in builder.cards:
            slot = builder.slot_of(card)
            where = "in hand" if slot is None else next(s.label for s in builder.slots if s.name == slot)
            widget = button(card.symbol if slot is None else f"{card.symbol} → {slot}",
                            f"{card.name}: {where}", "cardlab-build-card")
            widget.button_style = "" if slot is None else "info"
            widget.on_click(lambda _, c=card: self.click(c))
            buttons.append(widget)
        self.card_box.children = tuple(buttons)
        if self.slot_choice.value != builder.selected:
            self.slot_choice.value = builder.selected
        lines = "".join(f"<li>{escape(builder.slot_text(slot.name))}</li>" for slot in builder.slots)
        self.slots_html.value = f'<ul aria-label="Your sets" style="margin:4px 0;font-size:14px">{lines}</ul>'
        self.feedback.value = line_html(text, "cardlab-builder-feedback", live=True)
        self.done_button.disabled = bool(builder.problems())
