"""Small helpers shared by the widgets (seat names, text lines as HTML)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

# What a private event is called when the viewer may not read it: "Seat 2 receives cards." (never which ones).
PRIVATE_WORDS = {
    "receive": "receives cards",
    "deal": "receives cards",
    "draw": "draws a card",
    "pickup": "picks up cards",
    "pick_up": "picks up cards",
    "take": "takes cards",
    "discard": "discards",
}


def seat_name(game: Any, seat: int) -> str:
    return game.definition.seat_name(seat, game.players)


def seat_names(game: Any) -> list[str]:
    return [seat_name(game, seat) for seat in range(game.players)]


def event_text(event: Any, viewer: int | None, game: Any) -> str:
    """The event's text if ``viewer`` may read it (``None``: everyone's cards shown), else a neutral line."""
    if event.visible_to is None or viewer is None or event.visible_to == viewer:
        return event.text
    who = seat_name(game, event.visible_to)
    words = PRIVATE_WORDS.get(event.kind, "has a private step")
    return f"{who} {words} (only {who} can see which)."


def line_html(text: str, css_class: str, *, bold: bool = False, live: bool = False) -> str:
    """One line of text as HTML (escaped); ``live`` asks screen readers to announce changes."""
    body = f"<strong>{escape(text)}</strong>" if bold else escape(text)
    aria = ' role="status" aria-live="polite"' if live else ""
    return f'<div class="{css_class}-text"{aria} style="font-size:14px;line-height:20px">{body}</div>'


def html_widget(css_class: str, value: str = "") -> widgets.HTML:
    widget = widgets.HTML(value=value)
    widget.add_class(css_class)
    return widget


def button(description: str, tooltip: str, css_class: str) -> widgets.Button:
    widget = widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"))
    widget.add_class(css_class)
    return widget


def heading(text: str) -> str:
    return f'<div style="font-size:13px;font-weight:700;margin:4px 0 2px">{escape(text)}</div>'


# ----------------------------------------------------------------------------------------------------- odds panel
def odds_of(deal: Any, player: int) -> list[Any] | None:
    """The game's odds for ``player`` at this deal (``Deal.odds``), or None if the game has none."""
    method = getattr(deal, "odds", None)
    return None if method is None else list(method(player))


def odds_toggle() -> widgets.ToggleButton:
    """The "Show odds" switch of the stepper and the play table: off by default, for the teacher to turn on."""
    toggle = widgets.ToggleButton(value=False, description="Show odds", icon="",
                                  tooltip="Show the exact chances of what comes next, from the chosen seat's view")
    toggle.add_class("cardlab-odds-toggle")
    return toggle


def odds_html(odds: list[Any] | None, who: str, when: str = "") -> str:
    """The odds panel: each chance as a decimal and a fraction with its plain-words event and how it was counted.
    ``who`` names the seat whose view it is ("Seat 2"); ``when`` qualifies the moment (" as this move began")."""
    from cardlab.widgets.guess import decimal_text, fraction_text

    title = heading(f"Odds for {who}, from what {who} can see{when}")
    if odds is None:
        return title + line_html("This game has no odds to show.", "cardlab-odds-empty")
    if not odds:
        return title + line_html("No chance event to count right now.", "cardlab-odds-empty")
    items = []
    for item in odds:
        p = item.probability
        number = decimal_text(p) if p.denominator == 1 else f"{decimal_text(p)} ({fraction_text(p)})"
        detail = f'<div style="color:#444;font-size:13px">{escape(item.detail)}</div>' if item.detail else ""
        items.append(f"<li style='margin:2px 0'><strong>{escape(number)}</strong> — {escape(item.label)}.{detail}</li>")
    return title + (f'<ul aria-label="Odds for {escape(who)}" style="margin:2px 0 6px 0;padding-left:20px;'
                    f'font-size:14px;line-height:20px">{"".join(items)}</ul>')
