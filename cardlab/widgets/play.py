"""PlayTable: play one seat of any game against the bots.

    PlayTable("golyi", seat=0, seed=7)                 # a name (default player count) or a loaded Game
    PlayTable(cardlab.load_game("golyi", players=2), agents="random", match=True)

The table is drawn from the human seat's view; its legal actions are buttons. A kind of action with more than
``MAX_MOVE_BUTTONS`` legal actions (Strike's swaps: up to 228) is offered instead as one list of them (a Dropdown,
in the engine's order) and a button that plays the chosen one: a ``MoveList``. After each move the bots play
until it is the human's turn again or the game is over. A click on a button that is out of date (the table has
changed since it was drawn, or the game is over) changes nothing: it shows a short message and redraws.
"Show odds" (off by default) adds the game's exact odds for the human seat (``Deal.odds``), computed only from
what that seat may see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlab import render
from cardlab.agents import make_agents
from cardlab.engine import Action, Game, IllegalActionError, State, load_game
from cardlab.i18n import LANGUAGES, Listing, Words, language, messages
from cardlab.widgets._common import (
    OddsPanel,
    OddsSubject,
    Speaking,
    all_joined,
    button,
    heading,
    html_widget,
    label,
    label_odds_toggle,
    line_html,
    listing,
    odds_html,
    odds_of,
    seat_name,
    shown,
)
from cardlab.widgets.builder import BuilderPanel

MAX_BOT_ACTIONS = 100_000  # a safety net against a game that never returns the turn
MAX_MOVE_BUTTONS = 12  # a kind of action with more legal actions than this is one list, not a wall of buttons
MAX_TEXT_SEARCH = 1_000  # a move typed as text is looked for among at most this many legal moves (each read aloud)

# A unit of a match is a "deal" (a "round" in Clash): the sentences that name it come in both forms, since
# Russian agrees the words with it («сдача окончена», «раунд окончен»).
_t = messages("widgets", {
    "play.new_deal": "New deal",
    "play.new_match": "New match",
    "play.new_tip": "Start again with the next seed",
    "play.deal_word_deal": "Deal",
    "play.deal_word_round": "Round",
    "play.over_deal": "Deal over.",
    "play.over_round": "Round over.",
    "play.match_over": "Match over.",
    "play.status_over": "{over} You are {seat}.",
    "play.status_turn": "{where}You are {seat}. Your turn: choose a move below.",
    "play.where_deal": "Deal {n} · ",
    "play.where_round": "Round {n} · ",
    "play.result_match": "Match over. Totals: {totals}.",
    "play.result_deal": "Deal over. Scores: {scores}.",
    "play.result_round": "Round over. Scores: {scores}.",
    "play.winners": "{n|Winner|Winners}: {seats}.",
    "play.you_win": "You win!",
    "play.you_lose": "You did not win this time.",
    "play.text_too_many": "There are {n} possible moves now, too many to find one by its text; build the move with "
                          "the cards above instead (a move given as text is looked for among at most {most} moves).",
    # the result itself stays on screen below the message (the result line and the score table)
    "play.refuse_over_deal": "The game is over: press “New deal” to play again.",
    "play.refuse_over_match": "The game is over: press “New match” to play again.",
    "play.not_your_turn": "It is not your turn ({other} is to play).",
    "play.not_possible": "“{action}” is not possible now (the table has changed); choose one of the moves below.",
    "play.refused": "That move was refused: {error}",
    "play.summary_deal": "Deal {n} is over. Scores: {scores}. Totals: {totals}. Deal {next} has begun.",
    "play.summary_round": "Round {n} is over. Scores: {scores}. Totals: {totals}. Round {next} has begun.",
    "play.stale": "That button (“{action}”) was out of date; the table is up to date now.",
    "play.move_tip": "{seat}: {action}",
    "play.your_moves": "Your moves:",
    "play.list": "Choose one of {n} {n|move|moves}:",
    "play.list_tip": "{seat}: choose a move in this list, then press “{play}”",
    "play.chosen": "Play this move",
    "play.chosen_tip": "{seat}: make the move chosen in the list",
    "play.log": "What happened (latest last)",
    "play.log_label": "What happened",
    "play.col_seat": "Seat",
    "play.col_deal": "Deal score",
    "play.col_round": "Deal score",
    "play.col_total": "Match total",
    "play.col_result": "Result",
    "play.you": "{seat} (you)",
    "play.winner": "winner",
    "play.scores": "Scores",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "play.error.seat": "seat must be 0..{last}, got {value}",
    "play.error.bots": "the bots made {n} moves without returning the turn",
    "play.error.no_move": "no move {action} in this list of {n} {kind} moves",
    "play.error.not_in_list": "{action} is not in this list of {n} {kind} moves",
})


class PlayTable(Speaking, OddsPanel, widgets.VBox):
    """The human plays ``seat``; every other seat is an agent from ``make_agents(game, agents, seed)``.

    Python API: ``state``, ``moves`` (the current move buttons), ``move_lists`` (the current ``MoveList``s: one
    per kind of action with more than ``MAX_MOVE_BUTTONS`` legal actions), ``play(action_or_index)`` (an Action, its
    index in ``state.legal_actions()`` or its text such as ``"play A♠"``; returns True if played),
    ``message`` (feedback: a refused move, or the result at the end), ``status``, ``result``, ``new_deal()``,
    ``show_odds`` (bool, settable; off by default), ``odds`` (the human seat's Odds now), ``odds_html``.
    ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the EN/RU toggle ``lang_toggle``
    choose the language of everything shown, the moves and the narration included.
    """

    def __init__(self, game: Game | str, seat: int = 0, agents: Any = "smart", seed: int = 0,
                 match: bool = False, *, log_size: int = 8, lang: str | None = None) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise ValueError(_t("play.error.seat", last=self.game.players - 1, value=shown(seat)))
        self._start_speaking(lang)
        self.seat = seat
        self.agent_spec = agents
        self.match = match
        self.log_size = log_size
        self.seed = seed
        self.state: State
        self.agents: list[Any] = []
        self._message: Any = ""  # Words (or "") read in the widget's language when shown
        self._token = 0  # changes whenever the state changes; buttons drawn before then are stale

        self.status_widget = html_widget("cardlab-status")
        self.table = html_widget("cardlab-table")
        self.moves_label = html_widget("cardlab-moves-label")
        self.moves_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.moves_box.add_class("cardlab-moves")
        self.message_widget = html_widget("cardlab-message")
        self.result_widget = html_widget("cardlab-result")
        self.new_button = button("", "", "cardlab-new")
        self.new_button.on_click(lambda _: self.new_deal())
        self.log_widget = html_widget("cardlab-log")
        self._start_odds(self._render_odds)
        switches = widgets.HBox([self.odds_button, self.lang_toggle],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.status_widget, switches, self.odds_widget, self.table, self.moves_label,
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
    def move_lists(self) -> tuple[MoveList, ...]:
        """The lists of the human's legal moves now: one per kind of action with too many actions for buttons."""
        return tuple(c for c in self.moves_box.children if isinstance(c, MoveList))

    @property
    def builder_panel(self) -> BuilderPanel | None:
        """The panel for building a move card by card (Clash's arrangement), when that is the move now."""
        return next((c for c in self.moves_box.children if isinstance(c, BuilderPanel)), None)

    @property
    def odds(self) -> list[Any] | None:
        """The game's odds now, from the human seat's view ([] when there is nothing to count, None when the game
        has no odds)."""
        key, count, _ = self._odds_subject()
        return self._counted_odds(key, count)

    @property
    def message(self) -> str:
        """Feedback in the widget's language: a refused move, what a finished deal gave, or the result."""
        return self.say(self._message)

    @property
    def status(self) -> str:
        """The status line in the widget's language: the human's seat and that it is their turn, or that the deal or
        match is over."""
        return self.say(self._status_words())

    @property
    def deal_word(self) -> str:
        """ "Deal" (or "Round" in Clash), for the start of a sentence, in the widget's language."""
        return self.say(_t(f"play.deal_word_{self._unit}"))

    @property
    def seat_label(self) -> str:
        """The human's seat as the game names it, in the widget's language."""
        return self.say(seat_name(self.game, self.seat))

    @property
    def result(self) -> str:
        """The final scores and winners in words ("" while the game goes on), in the widget's language."""
        return self.say(self._result_words())

    def play(self, action: Action | int | str) -> bool:
        """Make the human's move; the bots then answer. False (and a message) if it is not possible now."""
        state = self.state
        if state.is_terminal():
            over = "match" if self.match else "deal"
            return self._refuse(_t(f"play.refuse_over_{over}"))
        if state.current_player != self.seat:
            assert state.current_player is not None  # the game is not over: a seat has the turn
            return self._refuse(_t("play.not_your_turn", other=seat_name(self.game, state.current_player)))
        legal = state.legal_actions()
        chosen: Action | None = None
        if isinstance(action, Action):
            chosen = action if action in legal else None
        elif isinstance(action, int) and not isinstance(action, bool):
            chosen = legal[action] if 0 <= action < len(legal) else None
        elif isinstance(action, str):
            if len(legal) > MAX_TEXT_SEARCH:  # Clash's arrangements: millions of moves, read one by one, take minutes
                return self._refuse(_t("play.text_too_many", n=len(legal), most=MAX_TEXT_SEARCH))
            with self.speaking():  # the text of a move button, as the widget shows it
                chosen = next((a for a in legal if str(a) == action), None)
            if chosen is None:  # or as another language reads it
                chosen = next((a for a in legal if action in _readings(a)), None)
        if chosen is None:
            return self._refuse(_t("play.not_possible", action=Listing(action)))
        try:
            with self.speaking():  # an error whose words are made when it is raised is made in the widget's language
                state.apply(chosen)
        except IllegalActionError as error:  # the engine has the last word; the state is unchanged
            return self._refuse(_t("play.refused", error=Listing(error)))
        self._message = ""
        self._token += 1
        deal_before = state.deal.index
        self._run_bots()
        if state.is_terminal():
            self._message = self._result_words()
        elif state.deal.index != deal_before:
            self._message = self._deal_summary(deal_before)
        self._render()
        return True

    def new_deal(self) -> None:
        """Start again (a new deal, or a new match) with the next seed."""
        self._start(self.seed + 1)

    @property
    def table_html(self) -> str:
        """The HTML of the table as the human's seat sees it now."""
        html: str = self.table.value  # an ipywidgets HTML's value (ipywidgets has no types)
        return html

    @property
    def log_html(self) -> str:
        """The HTML of the log: the last ``log_size`` events the human's seat may read."""
        html: str = self.log_widget.value
        return html

    # ------------------------------------------------------------------ internals
    @property
    def _unit(self) -> str:
        """What a unit of the match is called in the catalogue keys: "deal" or "round" (Clash)."""
        return "round" if self.game.definition.deal_word == "round" else "deal"

    def _names(self) -> list[Any]:
        return [seat_name(self.game, s) for s in range(self.game.players)]

    def _status_words(self) -> Words:
        seat = seat_name(self.game, self.seat)
        if self.state.is_terminal():
            over = _t("play.match_over") if self.state.is_match else _t(f"play.over_{self._unit}")
            return _t("play.status_over", over=over, seat=seat)
        where = _t(f"play.where_{self._unit}", n=self.state.deal.index + 1) if self.state.is_match else ""
        return _t("play.status_turn", where=where, seat=seat)

    def _result_words(self) -> Words | str:
        state = self.state
        if not state.is_terminal():
            return ""
        names = self._names()
        winners = state.winners()
        parts: list[Any] = []
        if state.is_match:
            parts.append(_t("play.result_match", totals=listing(names, state.totals())))
        else:
            parts.append(_t(f"play.result_{self._unit}", scores=listing(names, state.scores() or [])))
        if winners:
            parts.append(_t("play.winners", n=len(winners), seats=all_joined([names[s] for s in winners])))
        parts.append(_t("play.you_win") if self.seat in winners else _t("play.you_lose"))
        return Listing(*parts, sep=" ")

    def _start(self, seed: int) -> None:
        self.seed = seed
        self.state = self.game.match(seed=seed) if self.match else self.game.deal(seed=seed)
        self._odds_known.clear()  # odds are remembered by seed and moment: a new game keeps none
        self.agents = make_agents(self.game, self.agent_spec, seed)
        self._token += 1
        self._message = ""
        self._run_bots()
        if self.state.is_terminal():
            self._message = self._result_words()
        self._render()

    def _run_bots(self) -> None:
        state = self.state
        for _ in range(MAX_BOT_ACTIONS):
            if state.is_terminal() or state.current_player == self.seat:
                return
            seat = state.current_player
            assert seat is not None  # the game is not over: a seat has the turn
            state.apply(self.agents[seat].act(state, seat))
        raise RuntimeError(_t("play.error.bots", n=MAX_BOT_ACTIONS))

    def _refuse(self, words: Words) -> bool:
        self._message = words
        self._render()
        return False

    def _deal_summary(self, index: int) -> Words:
        """What a finished deal of a match gave, said when the next deal has begun."""
        names = self._names()
        scores = self.state.deals[index].scores()
        totals = self.state.totals()
        return _t(f"play.summary_{self._unit}", n=index + 1, scores=listing(names, scores),
                  totals=listing(names, totals), next=self.state.deal.index + 1)

    def _click(self, token: int, action: Action) -> None:
        if token != self._token and not self.state.is_terminal():
            self._refuse(_t("play.stale", action=Listing(action)))
        else:
            self.play(action)

    def _render(self) -> None:
        self.redraw()

    def _relabel(self) -> None:
        label(self.new_button, _t("play.new_match") if self.match else _t("play.new_deal"), _t("play.new_tip"))
        label_odds_toggle(self.odds_button)

    def _refresh(self) -> None:
        state = self.state
        view = state.view(self.seat)
        over = state.is_terminal()
        self.status_widget.value = line_html(self._status_words(), "cardlab-status", bold=True, live=True)
        self.table.value = render.layout_html(view.layout)
        token = self._token
        panel = self.builder_panel
        if panel is not None and panel.token == token and not over:
            panel.lang = self.language  # the same table drawn again (another language): keep the cards placed
            builder = panel.builder
        else:
            builder = state.deal.action_builder(self.seat) if view.legal_actions and not over else None
            if builder is not None:  # too many choices for buttons: build the action card by card
                # (mypy cannot type a lambda whose default binds the token now)
                panel = BuilderPanel(builder, lambda action, t=token: self._click(t, action),  # type: ignore[misc]
                                     lang=self.language, toggle=False, token=token)
                self.moves_box.children = (panel,)
        if builder is None:
            self.moves_box.children = self._move_controls(view.legal_actions, token)
        self.moves_label.value = "" if over else line_html(_t("play.your_moves"), "cardlab-moves-label")
        message = str(self._message)
        if over and message == str(self._result_words()):
            message = ""  # the result line below says it, in bold above the score table: once is enough
        self.message_widget.value = line_html(message, "cardlab-message", live=True) if message else ""
        self.result_widget.value = self._result_html() if over else ""
        self.new_button.layout.display = None if over else "none"
        self._render_odds()
        events = view.events[-self.log_size:]
        start = len(view.events) - len(events) + 1
        self.log_widget.value = (heading(_t("play.log"))
                                 + render.events_html(events, label=str(_t("play.log_label")), start=start))

    def _move_controls(self, legal: Sequence[Action], token: int) -> tuple[widgets.Widget, ...]:
        """A button per legal action, except that a kind with more than ``MAX_MOVE_BUTTONS`` actions is one
        ``MoveList``, placed where its first action is. Drawn again for the same table (another language), a list
        keeps the move chosen in it."""
        chosen = {ml.kind: ml.chosen for ml in self.move_lists if ml.token == token}
        counts = Counter(action.kind for action in legal)
        seat = seat_name(self.game, self.seat)
        controls: list[widgets.Widget] = []
        listed: set[str] = set()
        for action in legal:
            kind = action.kind
            if counts[kind] <= MAX_MOVE_BUTTONS:
                move = button(action, _t("play.move_tip", seat=seat, action=Listing(action)), "cardlab-move")
                move.on_click(lambda _, a=action, t=token: self._click(t, a))
                controls.append(move)
            elif kind not in listed:
                listed.add(kind)
                controls.append(MoveList(kind, [a for a in legal if a.kind == kind], seat,
                                         lambda a, t=token: self._click(t, a),  # type: ignore[misc]  # as above
                                         token, chosen.get(kind)))
        return tuple(controls)

    def _result_html(self) -> str:
        state = self.state
        names = self._names()
        winners = set(state.winners())
        scores: Sequence[int | None] = state.scores() or [None] * self.game.players
        totals = state.totals()
        head = (f"<tr><th scope='col'>{escape(str(_t('play.col_seat')))}</th>"
                f"<th scope='col'>{escape(str(_t(f'play.col_{self._unit}')))}</th>"
                + (f"<th scope='col'>{escape(str(_t('play.col_total')))}</th>" if state.is_match else "")
                + f"<th scope='col'>{escape(str(_t('play.col_result')))}</th></tr>")
        rows = []
        for s, name in enumerate(names):
            who = str(_t("play.you", seat=name)) if s == self.seat else str(name)
            total = f"<td style='text-align:right'>{totals[s]}</td>" if state.is_match else ""
            rows.append(f"<tr><th scope='row' style='text-align:left'>{escape(who)}</th>"
                        f"<td style='text-align:right'>{scores[s]}</td>{total}"
                        f"<td>{escape(str(_t('play.winner'))) if s in winners else ''}</td></tr>")
        return (f'<div role="status" style="font-size:14px;line-height:20px;margin:4px 0">'
                f"<strong>{escape(str(self._result_words()))}</strong>"
                f'<table style="border-collapse:collapse;margin-top:4px" cellpadding="3">'
                f"<caption style='text-align:left;font-size:13px'>{escape(str(_t('play.scores')))}</caption>"
                f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")

    def _odds_subject(self) -> OddsSubject:
        deal, seat = self.state.deal, self.seat
        key = (self.seed, deal.index, len(deal.actions), seat)  # the moment: only play changes a deal
        # play goes on while the worker counts: it counts on a copy (made only when the count is needed)
        frozen = deal if key in self._odds_known else deal.snapshot()
        who, lang = seat_name(self.game, seat), self.language
        return key, lambda: odds_of(frozen, seat), lambda odds: odds_html(odds, who, lang=lang)


class MoveList(widgets.HBox):
    """The legal actions of one kind, too many for buttons: a Dropdown of their texts in the engine's order (CSS
    class ``cardlab-move-list``) and a button that plays the chosen one (``cardlab-move cardlab-move-chosen``),
    both native controls that the keyboard reaches. Its words are read in the current language when it is made
    (the table makes it again when its language changes).

    ``kind``, ``actions``, ``token`` (the table's state when drawn), ``choice`` (the Dropdown; its values are the
    actions), ``button``, ``chosen`` (the action chosen), ``choose(action_or_text)``, ``play_chosen()``."""

    def __init__(self, kind: str, actions: Sequence[Action], seat: Any, on_play: Callable[[Action], Any],
                 token: int, chosen: Action | None = None) -> None:
        self.kind = kind
        self.actions = tuple(actions)
        self.token = token
        self._on_play = on_play
        play_words = _t("play.chosen")
        self.choice = widgets.Dropdown(options=[(str(a), a) for a in self.actions],
                                       description=str(_t("play.list", n=len(self.actions))),
                                       tooltip=str(_t("play.list_tip", seat=seat, play=play_words)),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        if chosen is not None and chosen in self.actions:
            self.choice.value = chosen
        self.choice.add_class("cardlab-move-list")
        self.button = button(play_words, _t("play.chosen_tip", seat=seat), "cardlab-move")
        self.button.add_class("cardlab-move-chosen")
        self.button.on_click(lambda _: self.play_chosen())
        super().__init__([self.choice, self.button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("cardlab-move-group")

    @property
    def chosen(self) -> Action | None:
        """The action chosen in the list (None when nothing is chosen)."""
        action: Action | None = self.choice.value  # an ipywidgets Dropdown's value (ipywidgets has no types)
        return action

    def choose(self, action: Action | str) -> None:
        """Choose an action of the list, or the action with this text; ValueError if it is not in the list."""
        if isinstance(action, str):
            found = next((a for a in self.actions if str(a) == action), None)
            if found is None:
                found = next((a for a in self.actions if action in _readings(a)), None)
            if found is None:
                raise ValueError(_t("play.error.no_move", action=shown(action), n=len(self.actions),
                                    kind=repr(self.kind)))
            action = found
        if action not in self.actions:
            raise ValueError(_t("play.error.not_in_list", action=shown(action), n=len(self.actions),
                                kind=repr(self.kind)))
        self.choice.value = action

    def play_chosen(self) -> None:
        """What the button does: play the chosen action through the table (a stale list is refused there)."""
        if self.chosen is not None:
            self._on_play(self.chosen)


def _readings(action: Action) -> set[str]:
    """An action's text in every language (a move typed as another language shows it is still that move)."""
    readings = set()
    for lang in LANGUAGES:
        with language(lang):
            readings.add(str(action))
    return readings
