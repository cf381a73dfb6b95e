"""PlayTable: play one seat of any game against the bots.

    PlayTable("golyi", seat=0, seed=7)                 # a name (default player count) or a loaded Game
    PlayTable(cardlab.load_game("golyi", players=2), agents="random", match=True)

The table is drawn from the human seat's view; its legal actions are buttons. After each move the bots play
until it is the human's turn again or the game is over. A click on a button that is out of date (the table has
changed since it was drawn, or the game is over) changes nothing: it shows a short message and redraws.
"Show odds" (off by default) adds the game's exact odds for the human seat (``Deal.odds``), computed only from
what that seat may see.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from cardlab import render
from cardlab.agents import make_agents
from cardlab.engine import Action, Game, IllegalActionError, State, load_game
from cardlab.widgets._common import button, heading, html_widget, line_html, odds_html, odds_of, odds_toggle, seat_name
from cardlab.widgets.builder import BuilderPanel

MAX_BOT_ACTIONS = 100_000  # a safety net against a game that never returns the turn


def _listing(names: list[str], values: list[Any]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


class PlayTable(widgets.VBox):
    """The human plays ``seat``; every other seat is an agent from ``make_agents(game, agents, seed)``.

    Python API: ``state``, ``moves`` (the current move buttons), ``play(action_or_index)`` (an Action, its
    index in ``state.legal_actions()`` or its text such as ``"play A♠"``; returns True if played),
    ``message`` (feedback: a refused move, or the result at the end), ``status``, ``result``, ``new_deal()``,
    ``show_odds`` (bool, settable; off by default), ``odds`` (the human seat's Odds now), ``odds_html``.
    """

    def __init__(self, game: Game | str, seat: int = 0, agents: Any = "smart", seed: int = 0,
                 match: bool = False, *, log_size: int = 8) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise ValueError(f"seat must be 0..{self.game.players - 1}, got {seat!r}")
        self.seat = seat
        self.agent_spec = agents
        self.match = match
        self.log_size = log_size
        self.seed = seed
        self.state: State
        self.agents: list[Any] = []
        self._message = ""
        self._token = 0  # changes whenever the state changes; buttons drawn before then are stale

        self.status_widget = html_widget("cardlab-status")
        self.table = html_widget("cardlab-table")
        self.moves_label = html_widget("cardlab-moves-label")
        self.moves_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.moves_box.add_class("cardlab-moves")
        self.message_widget = html_widget("cardlab-message")
        self.result_widget = html_widget("cardlab-result")
        self.new_button = button("New match" if match else "New deal",
                                 "Start again with the next seed", "cardlab-new")
        self.new_button.on_click(lambda _: self.new_deal())
        self.log_widget = html_widget("cardlab-log")
        self.odds_button = odds_toggle()
        self.odds_button.observe(lambda _: self._render_odds(), names="value")
        self.odds_widget = html_widget("cardlab-odds")
        super().__init__([self.status_widget, self.odds_button, self.odds_widget, self.table, self.moves_label,
                          self.moves_box, self.message_widget, self.result_widget, self.new_button, self.log_widget])
        self.add_class("cardlab-playtable")
        self._start(seed)

    # ------------------------------------------------------------------ API
    @property
    def moves(self) -> tuple[widgets.Button, ...]:
        """The buttons of the human's legal moves now (empty when it is not the human's turn, or when the move
        is built card by card in ``builder_panel``)."""
        return tuple(c for c in self.moves_box.children if isinstance(c, widgets.Button))

    @property
    def builder_panel(self) -> BuilderPanel | None:
        """The panel for building a move card by card (Clash's arrangement), when that is the move now."""
        return next((c for c in self.moves_box.children if isinstance(c, BuilderPanel)), None)

    @property
    def show_odds(self) -> bool:
        """Is the odds panel shown? (The "Show odds" switch; off by default.)"""
        return bool(self.odds_button.value)

    @show_odds.setter
    def show_odds(self, value: bool) -> None:
        self.odds_button.value = bool(value)

    @property
    def odds(self) -> list[Any] | None:
        """The game's odds now, from the human seat's view ([] when there is nothing to count, None when the game
        has no odds)."""
        return odds_of(self.state.deal, self.seat)

    @property
    def odds_html(self) -> str:
        return self.odds_widget.value

    @property
    def message(self) -> str:
        return self._message

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            over = "Match over." if self.state.is_match else f"{self.deal_word} over."
            return f"{over} You are {self.seat_label}."
        where = f"{self.deal_word} {self.state.deal.index + 1} · " if self.state.is_match else ""
        return f"{where}You are {self.seat_label}. Your turn: choose a move below."

    @property
    def deal_word(self) -> str:
        """ "Deal" (or "Round" in Clash), for the start of a sentence."""
        word = self.game.definition.deal_word
        return word[:1].upper() + word[1:]

    @property
    def seat_label(self) -> str:
        return seat_name(self.game, self.seat)

    @property
    def result(self) -> str:
        """The final scores and winners in words ("" while the game goes on)."""
        state = self.state
        if not state.is_terminal():
            return ""
        names = [seat_name(self.game, s) for s in range(self.game.players)]
        winners = state.winners()
        parts = []
        if state.is_match:
            parts.append(f"Match over. Totals: {_listing(names, state.totals())}.")
        else:
            scores = state.scores() or []
            parts.append(f"{self.deal_word} over. Scores: {_listing(names, scores)}.")
        if winners:
            parts.append(("Winners: " if len(winners) > 1 else "Winner: ")
                         + " and ".join(names[s] for s in winners) + ".")
        parts.append("You win!" if self.seat in winners else "You did not win this time.")
        return " ".join(parts)

    def play(self, action: Action | int | str) -> bool:
        """Make the human's move; the bots then answer. False (and a message) if it is not possible now."""
        state = self.state
        if state.is_terminal():
            return self._refuse("The game is over: press “New deal” to play again. " + self.result)
        if state.current_player != self.seat:
            other = seat_name(self.game, state.current_player)
            return self._refuse(f"It is not your turn ({other} is to play).")
        legal = state.legal_actions()
        chosen: Action | None = None
        if isinstance(action, Action):
            chosen = action if action in legal else None
        elif isinstance(action, int) and not isinstance(action, bool):
            chosen = legal[action] if 0 <= action < len(legal) else None
        elif isinstance(action, str):
            chosen = next((a for a in legal if str(a) == action), None)
        if chosen is None:
            return self._refuse(f"“{action}” is not possible now (the table has changed); choose one of the "
                                "moves below.")
        try:
            state.apply(chosen)
        except IllegalActionError as error:  # the engine has the last word; the state is unchanged
            return self._refuse(f"That move was refused: {error}")
        self._message = ""
        self._token += 1
        deal_before = state.deal.index
        self._run_bots()
        if state.is_terminal():
            self._message = self.result
        elif state.deal.index != deal_before:
            self._message = self._deal_summary(deal_before)
        self._render()
        return True

    def new_deal(self) -> None:
        """Start again (a new deal, or a new match) with the next seed."""
        self._start(self.seed + 1)

    @property
    def table_html(self) -> str:
        return self.table.value

    @property
    def log_html(self) -> str:
        return self.log_widget.value

    # ------------------------------------------------------------------ internals
    def _start(self, seed: int) -> None:
        self.seed = seed
        self.state = self.game.match(seed=seed) if self.match else self.game.deal(seed=seed)
        self.agents = make_agents(self.game, self.agent_spec, seed)
        self._token += 1
        self._message = ""
        self._run_bots()
        if self.state.is_terminal():
            self._message = self.result
        self._render()

    def _run_bots(self) -> None:
        state = self.state
        for _ in range(MAX_BOT_ACTIONS):
            if state.is_terminal() or state.current_player == self.seat:
                return
            seat = state.current_player
            state.apply(self.agents[seat].act(state, seat))
        raise RuntimeError(f"the bots made {MAX_BOT_ACTIONS} moves without returning the turn")

    def _refuse(self, text: str) -> bool:
        self._message = text
        self._render()
        return False

    def _deal_summary(self, index: int) -> str:
        """What a finished deal of a match gave, said when the next deal has begun."""
        names = [seat_name(self.game, s) for s in range(self.game.players)]
        scores = self.state.deals[index].scores()
        totals = self.state.totals()
        return (f"{self.deal_word} {index + 1} is over. Scores: {_listing(names, scores)}. "
                f"Totals: {_listing(names, totals)}. {self.deal_word} {self.state.deal.index + 1} has begun.")

    def _click(self, token: int, action: Action) -> None:
        if token != self._token and not self.state.is_terminal():
            self._refuse(f"That button (“{action}”) was out of date; the table is up to date now.")
        else:
            self.play(action)

    def _render(self) -> None:
        state = self.state
        view = state.view(self.seat)
        over = state.is_terminal()
        self.status_widget.value = line_html(self.status, "cardlab-status", bold=True, live=True)
        self.table.value = render.layout_html(view.layout)
        token = self._token
        builder = state.deal.action_builder(self.seat) if view.legal_actions and not over else None
        if builder is not None:  # too many choices for buttons: build the action card by card
            panel = BuilderPanel(builder, lambda action, t=token: self._click(t, action))
            self.moves_box.children = (panel,)
        else:
            buttons = []
            for action in view.legal_actions:
                move = button(str(action), f"{self.seat_label}: {action}", "cardlab-move")
                move.on_click(lambda _, a=action, t=token: self._click(t, a))
                buttons.append(move)
            self.moves_box.children = tuple(buttons)
        self.moves_label.value = "" if over else line_html("Your moves:", "cardlab-moves-label")
        message = line_html(self._message, "cardlab-message", live=True) if self._message else ""
        self.message_widget.value = message
        self.result_widget.value = self._result_html() if over else ""
        self.new_button.layout.display = None if over else "none"
        self._render_odds()
        events = view.events[-self.log_size:]
        start = len(view.events) - len(events) + 1
        self.log_widget.value = (heading("What happened (latest last)")
                                 + render.events_html(events, label="What happened", start=start))

    def _result_html(self) -> str:
        state = self.state
        names = [seat_name(self.game, s) for s in range(self.game.players)]
        winners = set(state.winners())
        scores = state.scores() or [None] * self.game.players
        totals = state.totals()
        head = "<tr><th scope='col'>Seat</th><th scope='col'>Deal score</th>" + (
            "<th scope='col'>Match total</th>" if state.is_match else "") + "<th scope='col'>Result</th></tr>"
        rows = []
        for s, name in enumerate(names):
            you = " (you)" if s == self.seat else ""
            total = f"<td style='text-align:right'>{totals[s]}</td>" if state.is_match else ""
            rows.append(f"<tr><th scope='row' style='text-align:left'>{escape(name + you)}</th>"
                        f"<td style='text-align:right'>{scores[s]}</td>{total}"
                        f"<td>{'winner' if s in winners else ''}</td></tr>")
        return (f'<div role="status" style="font-size:14px;line-height:20px;margin:4px 0">'
                f"<strong>{escape(self.result)}</strong>"
                f'<table style="border-collapse:collapse;margin-top:4px" cellpadding="3">'
                f"<caption style='text-align:left;font-size:13px'>Scores</caption>"
                f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")

    def _render_odds(self) -> None:
        if not hasattr(self, "state"):
            return
        if not self.show_odds:
            self.odds_widget.value = ""
            self.odds_widget.layout.display = "none"
            return
        self.odds_widget.layout.display = None
        self.odds_widget.value = odds_html(self.odds, self.seat_label)
