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

from cardlab.i18n import Words, language, messages
from cardlab.widgets._common import Speaking, button, html_widget, label, line_html

_t = messages("widgets", {
    "builder.put_in": "Put cards in:",
    "builder.slot_tip": "Cards you click go to the {slot} ({size} cards)",
    "builder.fill": "Fill the rest",
    "builder.fill_tip": "Put the cards still in your hand into the slots with room",
    "builder.suggest": "Suggest",
    "builder.suggest_tip": "Start from the bot's arrangement; you can change it",
    "builder.clear": "Clear",
    "builder.clear_tip": "Take every card back into your hand",
    "builder.done": "Play this",
    "builder.done_tip": "Play the finished action",
    "builder.filled": "The free cards went into the slots with room.",
    "builder.suggested": "This is what the bot would do; change any card.",
    "builder.cleared": "Every card is back in your hand.",
    "builder.start": "Click a card to put it in the chosen slot; click it again to take it back.",
    "builder.not_finished": "Not finished yet: {problems}.",
    "builder.in_hand": "in hand",
    "builder.card_tip": "{card}: {where}",
    "builder.sets": "Your sets",
})


class BuilderPanel(Speaking, widgets.VBox):
    """Shows ``builder`` and calls ``on_done(action)`` when the person presses Play on a complete action.

    ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the EN/RU toggle choose the
    language; a panel inside a PlayTable (``toggle=False``) hides its own toggle and follows the table's.
    ``token``: whatever the owner wants to remember about when the panel was made."""

    def __init__(self, builder: Any, on_done: Callable[[Any], Any], *, lang: str | None = None, toggle: bool = True,
                 token: Any = None) -> None:
        self._start_speaking(lang)
        self.builder = builder
        self.on_done = on_done
        self.token = token
        self._relabelling = False
        self._feedback: Any = _t("builder.start")  # Words (or a str the builder gave), read when shown
        self.slot_choice = widgets.ToggleButtons(
            options=[(str(slot.label), slot.name) for slot in builder.slots], value=builder.selected,
            style={"description_width": "initial"})
        self.slot_choice.add_class("cardlab-slot-choice")
        self.slot_choice.observe(self._on_slot, names="value")
        self.card_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.card_box.add_class("cardlab-builder-cards")
        self.slots_html = html_widget("cardlab-builder-slots")
        self.feedback = html_widget("cardlab-builder-feedback")
        self.fill_button = button("", "", "cardlab-fill")
        self.suggest_button = button("", "", "cardlab-suggest")
        self.clear_button = button("", "", "cardlab-clear")
        self.done_button = button("", "", "cardlab-build-done")
        self.fill_button.on_click(lambda _: self._run(builder.fill_rest, _t("builder.filled")))
        self.suggest_button.on_click(lambda _: self._run(builder.suggest, _t("builder.suggested")))
        self.clear_button.on_click(lambda _: self._run(builder.clear, _t("builder.cleared")))
        self.done_button.on_click(lambda _: self.finish())
        if not toggle:
            self.lang_toggle.layout.display = "none"
        tools = widgets.HBox([self.fill_button, self.suggest_button, self.clear_button, self.done_button,
                              self.lang_toggle], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.slot_choice, self.card_box, self.slots_html, tools, self.feedback])
        self.add_class("cardlab-builder")
        self.redraw()

    def click(self, card: Any) -> None:
        """Pass a click on ``card`` to the builder and show what it did (placed the card or took it back)."""
        with self.speaking():
            self._feedback = self.builder.click(card)
        self.redraw()

    def finish(self) -> bool:
        """Hand the built action to ``on_done`` and return True if it is complete; otherwise show what is missing and
        return False."""
        if self.builder.problems():
            self._feedback = _Unfinished(self.builder)
            self.redraw()
            return False
        self.on_done(self.builder.action())
        return True

    def _run(self, step: Callable[[], Any], words: Words) -> None:
        step()
        self._feedback = words
        self.redraw()

    def _on_slot(self, change: dict[str, Any]) -> None:
        if not self._relabelling and change["new"] != self.builder.selected:
            self.builder.select(change["new"])

    def _relabel(self) -> None:
        builder = self.builder
        self.slot_choice.description = str(_t("builder.put_in"))
        self._relabelling = True  # new option labels must not move the chosen slot
        try:
            self.slot_choice.options = [(str(slot.label), slot.name) for slot in builder.slots]
            self.slot_choice.value = builder.selected
        finally:
            self._relabelling = False
        self.slot_choice.tooltips = [str(_t("builder.slot_tip", slot=slot.label, size=slot.size))
                                     for slot in builder.slots]
        for widget, key in ((self.fill_button, "fill"), (self.suggest_button, "suggest"),
                            (self.clear_button, "clear"), (self.done_button, "done")):
            label(widget, _t(f"builder.{key}"), _t(f"builder.{key}_tip"))

    def _refresh(self) -> None:
        builder = self.builder
        buttons = []
        for card in builder.cards:
            slot = builder.slot_of(card)
            where = _t("builder.in_hand") if slot is None else next(s.label for s in builder.slots if s.name == slot)
            widget = button(card.symbol if slot is None else f"{card.symbol} → {slot}",
                            _t("builder.card_tip", card=card.name, where=where), "cardlab-build-card")
            widget.button_style = "" if slot is None else "info"
            widget.on_click(lambda _, c=card: self.click(c))
            buttons.append(widget)
        self.card_box.children = tuple(buttons)
        if self.slot_choice.value != builder.selected:
            self.slot_choice.value = builder.selected
        lines = "".join(f"<li>{escape(str(builder.slot_text(slot.name)))}</li>" for slot in builder.slots)
        self.slots_html.value = (f'<ul aria-label="{escape(str(_t("builder.sets")))}" style="margin:4px 0;'
                                 f'font-size:14px">{lines}</ul>')
        feedback = self._feedback
        text = feedback.render() if isinstance(feedback, Words) else str(feedback)
        self.feedback.value = line_html(text, "cardlab-builder-feedback", live=True)
        self.done_button.disabled = bool(builder.problems())


class _Unfinished(Words):
    """ "Not finished yet: the 4-card set needs 2 more cards; …" — what the builder still misses, asked again in
    the language it is read in."""

    __slots__ = ("builder",)

    def __init__(self, builder: Any) -> None:
        self.builder = builder

    def render(self, lang: str | None = None) -> str:
        with language(lang) as chosen:
            problems = "; ".join(p.render(chosen) if isinstance(p, Words) else str(p) for p in self.builder.problems())
            return _t("builder.not_finished", problems=problems).render(chosen)
