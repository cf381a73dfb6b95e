"""cardlab.widgets at the Python level: DealStepper and PlayTable driven through their API and their buttons."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

widgets = pytest.importorskip("ipywidgets")

import cardlab  # noqa: E402
from cardlab.engine import Action  # noqa: E402
from cardlab.widgets import DealStepper, PlayTable  # noqa: E402


@pytest.fixture(scope="module")
def finished():
    return cardlab.play(cardlab.load_game("golyi", players=4), "smart", seed=7)


def data_cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def all_classes(widget) -> set[str]:
    classes = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        classes |= all_classes(child)
    return classes


# ----------------------------------------------------------------------------------------------------- stepper
def test_stepper_has_every_control_with_its_class(finished):
    stepper = DealStepper(finished)
    assert isinstance(stepper, widgets.VBox)
    assert {"cardlab-stepper", "cardlab-next", "cardlab-back", "cardlab-start", "cardlab-end", "cardlab-slider",
            "cardlab-viewer", "cardlab-narration", "cardlab-table"} <= all_classes(stepper)
    buttons = [stepper.start_button, stepper.back_button, stepper.next_button, stepper.end_button]
    assert [b.description for b in buttons] == ["◀◀ Start", "◀ Back", "Next ▶", "End ▶▶"]
    assert all(b.tooltip for b in buttons)
    assert stepper.viewer_choice.description == "Show cards of:"
    assert [label for label, _ in stepper.viewer_choice.options] == [
        "Everyone", "Seat 0 (A)", "Seat 1 (B)", "Seat 2 (A)", "Seat 3 (B)"]


def test_stepping_through_a_whole_deal(finished):
    stepper = DealStepper(finished)
    events = finished.events
    assert stepper.steps == len(events) > 20
    assert stepper.step == 0 and stepper.narration == events[0].text
    seen = [stepper.narration]
    while stepper.step < stepper.steps - 1:
        before = stepper.step
        stepper.next_button.click()
        assert stepper.step == before + 1
        seen.append(stepper.narration)
    assert seen == [e.text for e in events]
    final = stepper.narration
    assert "Deal over" in final or "sweep" in final
    assert final in stepper.log_html and final in stepper.narration_widget.value


def test_back_at_start_and_next_at_end_do_nothing(finished):
    stepper = DealStepper(finished)
    table, narration = stepper.table_html, stepper.narration
    stepper.back()
    stepper.back_button.click()
    stepper.start_button.click()
    assert stepper.step == 0 and stepper.table_html == table and stepper.narration == narration
    stepper.end_button.click()
    last = stepper.steps - 1
    assert stepper.step == last
    table, narration = stepper.table_html, stepper.narration
    stepper.next()
    stepper.next_button.click()
    stepper.end()
    assert stepper.step == last and stepper.table_html == table and stepper.narration == narration


def test_slider_and_step_stay_in_sync(finished):
    stepper = DealStepper(finished)
    assert (stepper.slider.min, stepper.slider.max) == (1, stepper.steps)
    stepper.step = 10
    assert stepper.slider.value == 11
    stepper.slider.value = 31
    assert stepper.step == 30 and stepper.narration == finished.events[30].text
    stepper.back()
    assert stepper.slider.value == 30
    stepper.step = 10_000  # clamped
    assert stepper.step == stepper.steps - 1 and stepper.slider.value == stepper.steps
    stepper.step = -3
    assert stepper.step == 0 and stepper.slider.value == 1


def test_table_follows_the_trace(finished):
    replayed = cardlab.replay(finished.record(), trace=True)
    stepper = DealStepper(finished)
    deal = replayed.deals[0]
    # step 0 is the deal: every hand already holds its four cards (everyone's cards shown)
    for step in (0, 12, len(deal.events) - 1):
        stepper.step = step
        expected = cardlab.render.layout_html(deal.trace[step].masked(None))
        assert stepper.table_html == expected


def test_viewer_hides_other_seats_cards(finished):
    stepper = DealStepper(finished)
    stepper.step = 5  # the four hands are dealt and nothing is played yet
    layout = cardlab.replay(finished.record(), trace=True).deals[0].trace[5]
    hands = {seat: [c.code for c in layout.zone("hand", seat).cards] for seat in range(4)}
    everyone = data_cards(stepper.table_html)
    assert all(code in everyone for seat in hands for code in hands[seat])
    stepper.viewer = 1
    assert stepper.viewer_choice.value == 1
    shown = data_cards(stepper.table_html)
    assert all(code in shown for code in hands[1])
    for seat in (0, 2, 3):
        assert not any(code in shown for code in hands[seat]), seat
    # the Dropdown drives the viewer too
    stepper.viewer_choice.value = -1
    assert stepper.viewer is None and data_cards(stepper.table_html) == everyone
    stepper.viewer_choice.value = 3
    assert stepper.viewer == 3 and all(code in data_cards(stepper.table_html) for code in hands[3])


def test_private_events_are_told_without_the_cards(finished):
    stepper = DealStepper(finished, viewer=1)
    receive = [i for i, e in enumerate(finished.events) if e.kind == "receive"]
    other = next(i for i in receive if finished.events[i].visible_to == 2)
    own = next(i for i in receive if finished.events[i].visible_to == 1)
    stepper.step = other
    assert stepper.narration == "Seat 2 (A) receives cards (only Seat 2 (A) can see which)."
    assert finished.events[other].text not in stepper.log_html
    stepper.step = own
    assert stepper.narration == finished.events[own].text
    stepper.viewer = None
    stepper.step = other
    assert stepper.narration == finished.events[other].text


def test_stepper_takes_a_record_and_rejects_bad_viewers(finished):
    stepper = DealStepper(finished.record(), viewer=2)
    assert stepper.steps == len(finished.events) and stepper.viewer == 2
    with pytest.raises(ValueError, match="viewer"):
        stepper.viewer = 4
    assert stepper.viewer == 2


def test_stepper_walks_a_whole_match():
    match = cardlab.play(cardlab.load_game("golyi", players=2), "smart", seed=3, match=True)
    assert len(match.deals) > 1
    stepper = DealStepper(match)
    assert stepper.steps == len(match.events)
    stepper.end()
    assert stepper.narration == match.events[-1].text and "match" in stepper.narration
    first_of_deal_2 = next(i for i, e in enumerate(match.events) if e.deal == 1)
    stepper.step = first_of_deal_2
    assert "deal 2 of" in stepper.position.value and "Deal 2." in stepper.narration


# ----------------------------------------------------------------------------------------------------- play
def test_playtable_starts_on_the_humans_turn():
    table = PlayTable(cardlab.load_game("golyi", players=4), seat=2, seed=11)
    state = table.state
    assert state.current_player == 2 and not state.is_terminal()
    assert [b.description for b in table.moves] == [str(a) for a in state.legal_actions()]
    assert all("cardlab-move" in b._dom_classes for b in table.moves)
    assert {"cardlab-playtable", "cardlab-table", "cardlab-moves", "cardlab-new"} <= all_classes(table)
    assert "Your turn" in table.status and "Seat 2 (A)" in table.status
    # the table is seat 2's view: its own cards shown, no other hand's
    shown = data_cards(table.table_html)
    full = state.layout(None)
    assert all(c.code in shown for c in full.zone("hand", 2).cards)
    assert not any(c.code in shown for seat in (0, 1, 3) for c in full.zone("hand", seat).cards)
    assert table.new_button.layout.display == "none"


def test_playing_to_the_end():
    table = PlayTable("golyi", seat=0, seed=4)
    clicks = 0
    while not table.state.is_terminal():
        assert table.moves, "the human must have a move whenever the game goes on"
        table.moves[-1].click()
        clicks += 1
    state = table.state
    assert state.is_terminal() and clicks > 5
    players = {a.player for deal in state.deals for a in deal.actions}
    assert players == {0, 1, 2, 3}  # the bots answered
    assert sum(a.player == 0 for a in state.deal.actions) == clicks
    scores = state.scores()
    assert f"Seat 1 (B) {scores[1]}" in table.message and "Winner" in table.message
    assert table.message == table.result and table.result in table.result_widget.value
    # on screen the result line appears once (it was shown twice: plain in the message line, bold above the table)
    on_screen = table.message_widget.value + table.result_widget.value
    assert on_screen.count(html.escape(table.result)) == 1, on_screen
    assert table.moves == ()
    assert table.new_button.layout.display is None
    assert ("You win!" in table.message) == (0 in state.winners())


def test_log_shows_only_what_the_seat_may_see():
    table = PlayTable("golyi", seat=3, seed=2)
    for _ in range(3):
        table.play(0)
    hidden = [e for e in table.state.events if e.visible_to not in (None, 3)]
    assert hidden and not any(e.text in table.log_html for e in hidden)
    visible = [e for e in table.state.events if e.visible_to in (None, 3)]
    assert visible[-1].text in table.log_html
    assert table.log_html.count("<li") == min(8, len(visible))


def test_stale_moves_change_nothing():
    table = PlayTable("golyi", seat=0, seed=5)
    old_button = table.moves[0]
    kept, played = table.state.legal_actions()[:2]
    assert table.play(1) is True
    assert kept in table.state.legal_actions()  # still legal, but the button was drawn for an older table
    record = table.state.record()
    old_button.click()
    assert table.state.record() == record
    assert "out of date" in table.message
    assert table.play(played) is False  # no longer in the hand
    assert table.state.record() == record and "not possible" in table.message
    assert table.play(99) is False and table.state.record() == record
    foreign = Action(1, "play", table.state.layout(None).zone("hand", 1).cards[0])
    assert table.play(foreign) is False and table.state.record() == record
    # a legal move still works afterwards, and clears the message
    assert table.play(str(table.state.legal_actions()[0])) is True and table.message == ""


def test_clicks_after_the_end_change_nothing():
    table = PlayTable("golyi", seat=1, seed=6)
    while not table.state.is_terminal():
        last = table.moves[0]
        table.play(0)
    record = table.state.record()
    last.click()
    assert table.state.record() == record
    assert "over" in table.message and "New deal" in table.message
    assert table.result not in table.message_widget.value
    assert table.result_widget.value.count(html.escape(table.result)) == 1
    assert table.play(0) is False and table.state.record() == record


def test_new_deal_gives_a_fresh_state():
    table = PlayTable("golyi", seat=0, seed=8)
    first = table.state
    while not table.state.is_terminal():
        table.play(0)
    table.new_button.click()
    fresh = table.state
    assert fresh is not first and table.seed == 9
    assert not fresh.is_terminal() and fresh.current_player == 0
    assert fresh.record()["seed"] == 9 and fresh.deal.deck != first.deal.deck
    assert table.message == "" and table.moves and table.new_button.layout.display == "none"
    # same seed, same deal: the widget is reproducible
    assert PlayTable("golyi", seat=0, seed=9).state.record() == fresh.record()


def test_playtable_match_reports_each_deal_and_the_winner():
    table = PlayTable(cardlab.load_game("golyi", players=2), seat=1, seed=5, match=True, agents="random")
    assert table.new_button.description == "New match"
    summaries = []
    while not table.state.is_terminal():
        deal = table.state.deal.index
        table.play(0)
        if table.state.deal.index != deal and not table.state.is_terminal():
            summaries.append(table.message)
    assert len(table.state.deals) == len(summaries) + 1 > 1
    assert summaries[0].startswith("Deal 1 is over.") and "Deal 2 has begun." in summaries[0]
    assert table.message.startswith("Match over. Totals:") and table.state.winners()


def test_play_table_builds_a_huge_move_card_by_card():
    """Clash's defender has 3.6 million arrangements: the table offers a builder panel instead of buttons."""
    game = cardlab.load_game("clash")
    table = next(t for t in (PlayTable(game, seat=0, seed=s) for s in range(20))
                 if t.state.current_player == 0 and t.state.deal.phase == "arrange")
    panel = table.builder_panel
    assert panel is not None and table.moves == ()
    assert len(panel.card_box.children) == 13
    assert not panel.finish() and "Not finished yet" in panel.feedback.value  # nothing placed yet
    assert table.state.deal.phase == "arrange"
    first = panel.builder.cards[0]
    panel.click(first)
    assert panel.builder.slot_of(first) == "4" and "→ 4" in panel.card_box.children[0].description
    panel.click(first)
    assert panel.builder.slot_of(first) is None
    panel.builder.suggest()
    arrangement = panel.builder.action()
    assert panel.finish()
    assert table.state.deal.actions[0] == arrangement
    assert table.state.deal.phase != "arrange" and table.builder_panel is None
    while not table.state.is_terminal():
        assert table.play(0)
    assert table.result


def all_widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from all_widgets(child)


def strike_swap_table(**kwargs):
    """A Strike table (3 players, swap="up_to_3") where the human may draw or make one of 228 swaps."""
    table = PlayTable(cardlab.load_game("strike", players=3, swap="up_to_3"), seat=0, seed=0, **kwargs)
    assert table.state.deal.phase == "exchange" and table.play(0)  # the exchange (§3.6); then the first turn
    state = table.state
    assert state.deal.phase == "play" and state.current_player == 0
    swaps = [a for a in state.legal_actions() if a.kind == "swap"]
    assert len(swaps) > 12 and [a.kind for a in state.legal_actions()] == ["draw"] + ["swap"] * len(swaps)
    return table, swaps


def test_many_moves_of_one_kind_are_one_list_and_the_others_stay_buttons():
    table, swaps = strike_swap_table()
    draw = table.state.legal_actions()[0]
    assert [b.description for b in table.moves] == [str(draw)] and "cardlab-move" in table.moves[0]._dom_classes
    dropdowns = [w for w in all_widgets(table) if isinstance(w, widgets.Dropdown)]
    (move_list,) = table.move_lists
    assert dropdowns == [move_list.choice] and move_list.kind == "swap"
    choice = move_list.choice
    assert len(choice.options) == len(swaps) == 228
    assert [value for _, value in choice.options] == swaps  # the engine's order
    assert [text for text, _ in choice.options] == [str(a) for a in swaps]
    assert choice.value == swaps[0] and choice.description == "Choose one of 228 moves:"
    assert choice.tooltip == "Seat 0: choose a move in this list, then press “Play this move”"
    assert "cardlab-move-list" in choice._dom_classes
    assert {"cardlab-move", "cardlab-move-chosen"} <= set(move_list.button._dom_classes)
    assert move_list.button.description == "Play this move" and move_list.button.tooltip
    assert table.moves_box.children.index(move_list) == 1  # where the swaps begin: after the draw


def test_the_chosen_move_of_a_list_is_played_and_the_bots_answer():
    table, swaps = strike_swap_table()
    deal = table.state.deal
    before = len(deal.actions)
    (move_list,) = table.move_lists
    move_list.choice.value = swaps[7]
    move_list.button.click()
    assert deal.actions[before:] == [swaps[7]] and table.message == ""
    assert table.move_lists == () and [b.description for b in table.moves] == [str(table.state.legal_actions()[0])]
    record = table.state.record()
    move_list.button.click()  # out of date: refused, nothing changes
    assert table.state.record() == record and table.message.startswith("That button (“swap ")
    table.moves[0].click()  # the draw ends the turn: the bots answer
    assert [(a.player, a.kind) for a in deal.actions[before:]][:3] == [(0, "swap"), (0, "draw"), (1, "swap")]
    assert table.state.current_player == 0 and {a.player for a in deal.actions[before:]} == {0, 1, 2}


def test_any_move_of_a_list_can_be_played_by_its_text_or_chosen_by_it():
    table, swaps = strike_swap_table()
    deal = table.state.deal
    before = len(deal.actions)
    assert table.play(str(swaps[-1])) is True and deal.actions[before:] == [swaps[-1]]
    table, swaps = strike_swap_table()
    (move_list,) = table.move_lists
    move_list.choose(str(swaps[100]))
    assert move_list.chosen == swaps[100]
    with pytest.raises(ValueError, match="no move 'swap nothing'"):
        move_list.choose("swap nothing")
    move_list.play_chosen()
    assert table.state.deal.actions[-1] == swaps[100]


def test_a_table_with_few_moves_has_no_list():
    table = PlayTable("golyi", seat=0, seed=4)
    legal = table.state.legal_actions()
    assert 0 < len(legal) <= 12 and table.move_lists == ()
    assert not any(isinstance(w, widgets.Dropdown) for w in all_widgets(table))
    assert "cardlab-move-list" not in all_classes(table) and "cardlab-move-chosen" not in all_classes(table)
    assert [b.description for b in table.moves] == [str(a) for a in legal]


# ----------------------------------------------------------------------------------------------------- languages
from cardlab.i18n import catalogue, get_language, language, placeholders, set_language, template  # noqa: E402
from cardlab.widgets import AnswerBox  # noqa: E402

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
CODE_WORDS = {"comb", "perm", "factorial"}  # function names a reader types into an AnswerBox


def latin_words(text: str) -> set[str]:
    return set(LATIN_WORD.findall(re.sub(r"<[^>]*>", " ", text))) - CODE_WORDS


@pytest.fixture
def english():
    """Tests that change the global language put it back."""
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def test_every_widget_message_has_a_russian_form_with_the_same_parameters():
    widget_messages = {key: {"en": english, "ru": template(key, "ru")} for key, english in catalogue().items()
                       if key.startswith("widgets.")}
    assert len(widget_messages) > 100
    for key, forms in widget_messages.items():
        assert placeholders(forms["en"]) == placeholders(forms["ru"]), key
        assert not latin_words(re.sub(r"\{[^{}]*\}", "", forms["ru"])), (key, forms["ru"])


def test_stepper_toggle_reads_labels_and_narration_in_russian_and_back(finished, english):
    stepper = DealStepper(finished)
    assert "cardlab-lang" in all_classes(stepper) and "cardlab-lang" in stepper.lang_toggle._dom_classes
    toggle = stepper.lang_toggle
    assert isinstance(toggle, widgets.ToggleButtons) and [label for label, _ in toggle.options] == ["EN", "RU"]
    assert toggle.value == "en" and toggle.tooltip and all(toggle.tooltips)
    assert stepper.lang is None and stepper.language == "en"
    stepper.step = 20
    english_view = (stepper.narration, stepper.position.value, stepper.log_html, stepper.next_button.description,
                    stepper.viewer_choice.options, stepper.table_html)
    toggle.value = "ru"  # what a reader does
    assert stepper.lang == "ru" and stepper.language == "ru" and get_language() == "en"
    event = finished.events[20]
    assert stepper.narration == event.message.render("ru") != event.message.render("en")
    assert event.message.render("ru") in stepper.narration_widget.value
    assert [b.description for b in (stepper.start_button, stepper.back_button, stepper.next_button,
                                    stepper.end_button)] == ["◀◀ В начало", "◀ Назад", "Дальше ▶", "В конец ▶▶"]
    assert all(b.tooltip and not latin_words(b.tooltip) for b in (stepper.start_button, stepper.end_button))
    assert stepper.slider.description == "Шаг" and stepper.viewer_choice.description == "Чьи карты видны:"
    assert [label for label, _ in stepper.viewer_choice.options][0] == "Все"
    assert [label for label, _ in stepper.viewer_choice.options][1:] == [
        finished.game.definition.seat_name(s, 4).render("ru") for s in range(4)]
    assert "Шаг 21 из" in stepper.position.value and "сдача 1 из 1" in stepper.position.value
    assert "Последние шаги" in stepper.log_html and finished.events[19].message.render("ru") in stepper.log_html
    assert not latin_words(stepper.position.value)
    assert stepper.odds_button.description == "Показать шансы"
    stepper.next()  # moving on stays in Russian
    assert stepper.narration == finished.events[21].message.render("ru")
    stepper.back()
    toggle.value = "en"
    assert (stepper.narration, stepper.position.value, stepper.log_html, stepper.next_button.description,
            stepper.viewer_choice.options, stepper.table_html) == english_view
    assert stepper.viewer is None and stepper.step == 20


def test_stepper_private_steps_and_odds_in_russian(finished):
    stepper = DealStepper(finished, viewer=1, lang="ru")
    assert stepper.lang_toggle.value == "ru"
    other = next(i for i, e in enumerate(finished.events) if e.kind == "receive" and e.visible_to == 2)
    stepper.step = other
    who = finished.game.definition.seat_name(2, 4).render("ru")
    assert stepper.narration == f"{who} получает карты (какие — видит только {who})."
    assert "видно: то, что видит" in stepper.position.value
    stepper.show_odds = True
    assert "Шансы с точки зрения:" in stepper.odds_html
    stepper.lang = "en"
    assert "Odds for Seat 1 (B)" in stepper.odds_html and stepper.narration.startswith("Seat 2 (A) receives cards")


def test_a_widget_without_lang_follows_the_global_language(finished, english):
    set_language("ru")
    stepper = DealStepper(finished)
    assert stepper.lang is None and stepper.lang_toggle.value == "ru"
    assert stepper.next_button.description == "Дальше ▶" and stepper.narration == finished.events[0].message.render(
        "ru")
    set_language("en")
    stepper.next()  # the next redraw reads the language again
    assert stepper.next_button.description == "Next ▶" and stepper.lang_toggle.value == "en"
    assert stepper.narration == finished.events[1].text
    with language("ru"):
        fixed = DealStepper(finished, lang="en")
        assert fixed.narration == finished.events[0].message.render("en") and fixed.lang_toggle.value == "en"


def test_a_bad_language_is_refused_and_changes_nothing(finished):
    with pytest.raises(ValueError, match=r"unknown language 'fr'; allowed: 'en' \(English\), 'ru' \(Русский\)"):
        DealStepper(finished, lang="fr")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        PlayTable("golyi", seat=0, seed=4, lang="de")
    with pytest.raises(ValueError, match="unknown language"):
        AnswerBox(0.5, lang="EN")
    stepper = DealStepper(finished, lang="ru")
    stepper.step = 3
    before = (stepper.narration, stepper.next_button.description, stepper.lang, stepper.lang_toggle.value)
    with pytest.raises(ValueError, match="unknown language 'english'"):
        stepper.lang = "english"
    assert (stepper.narration, stepper.next_button.description, stepper.lang, stepper.lang_toggle.value) == before
    table = PlayTable("golyi", seat=0, seed=4)
    status = table.status
    with pytest.raises(ValueError, match="unknown language"):
        table.lang = "xx"
    assert table.status == status and table.lang is None


def test_playtable_toggle_reads_moves_status_and_results_in_russian(english):
    table = PlayTable("golyi", seat=0, seed=4)
    assert "cardlab-lang" in all_classes(table)
    english_status, english_moves = table.status, [b.description for b in table.moves]
    table.lang_toggle.value = "ru"
    state = table.state
    with language("ru"):
        russian_moves = [str(a) for a in state.legal_actions()]
    assert [b.description for b in table.moves] == russian_moves != english_moves
    seat = state.game.definition.seat_name(0, 4).render("ru")
    assert table.status == f"Вы — {seat}. Ваш ход: выберите его ниже." and table.seat_label == seat
    assert "Ваши ходы:" in table.moves_label.value and "Что произошло" in table.log_html
    assert table.odds_button.description == "Показать шансы"
    assert table.play(russian_moves[0]) is True  # a move by its Russian text
    assert table.play("положить 99♠") is False and table.message.startswith("Ход «положить 99♠» сейчас невозможен")
    table.lang = "en"
    assert table.message == "“положить 99♠” is not possible now (the table has changed); choose one of the moves below."
    assert table.play(str(table.state.legal_actions()[0])) is True and table.message == ""
    table.lang = "ru"
    while not table.state.is_terminal():
        table.play(0)
    assert table.message.startswith("Сдача окончена. Очки: ") and table.result == table.message
    assert ("Вы выиграли!" in table.message) == (0 in table.state.winners())
    assert "Новая сдача" == table.new_button.description and "победитель" in table.result_widget.value
    assert "Очки за сдачу" in table.result_widget.value and not latin_words(table.result)
    table.lang = "en"
    assert table.message.startswith("Deal over. Scores: Seat 0 (A) ") and table.new_button.description == "New deal"
    assert table.status.startswith("Deal over. You are Seat 0 (A).") and english_status.startswith("You are Seat 0")


def test_playtable_match_in_russian():
    table = PlayTable(cardlab.load_game("golyi", players=2), seat=1, seed=5, match=True, agents="random", lang="ru")
    assert table.new_button.description == "Новый матч" and table.status.startswith("Сдача 1 · Вы — ")
    summary = None
    while not table.state.is_terminal():
        deal = table.state.deal.index
        table.play(0)
        if table.state.deal.index != deal and not table.state.is_terminal() and summary is None:
            summary = table.message
    assert summary.startswith("Сдача 1 окончена. Очки: ") and "Началась сдача 2." in summary
    assert table.message.startswith("Матч окончен. Итог: ")
    assert table.play(0) is False and table.message.startswith("Игра окончена: нажмите «Новый матч»")


def test_builder_panel_follows_the_table_language_and_keeps_the_cards_placed():
    game = cardlab.load_game("clash")
    table = next(t for t in (PlayTable(game, seat=0, seed=s, lang="ru") for s in range(20))
                 if t.state.current_player == 0 and t.state.deal.phase == "arrange")
    panel = table.builder_panel
    assert panel.lang == "ru" and panel.lang_toggle.layout.display == "none"  # the table's toggle serves it
    assert panel.slot_choice.description == "Куда класть карты:"
    assert [b.description for b in (panel.fill_button, panel.suggest_button, panel.clear_button,
                                    panel.done_button)] == ["Дополнить", "Подсказать", "Очистить", "Сыграть так"]
    assert "Нажмите на карту" in panel.feedback.value
    first = panel.builder.cards[0]
    panel.click(first)
    assert not panel.finish() and "Ещё не готово:" in panel.feedback.value
    table.lang = "en"
    assert table.builder_panel is panel and panel.builder.slot_of(first) == "4"  # nothing lost
    assert panel.fill_button.description == "Fill the rest" and "Not finished yet:" in panel.feedback.value
    assert panel.slot_choice.description == "Put cards in:" and panel.builder.selected == panel.slot_choice.value
    panel.builder.suggest()
    assert panel.finish() and table.state.deal.phase != "arrange"


def test_answer_box_in_russian_with_words_for_both_languages():
    hint = {"en": "Count the cards of the plus suit.", "ru": "Сосчитайте карты масти плюса."}
    box = AnswerBox(Fraction(4, 17), hint=hint, solution="12/51 = 4/17.", lang="ru")
    assert "cardlab-lang" in all_classes(box)
    assert box.check_button.description == "Проверить" and box.text.description == "Ваш ответ:"
    assert box.solution_button.description == "Показать решение" and box.text.placeholder.startswith("например")
    box.submit("nonsense(")
    assert box.feedback == ("Не получается прочитать ответ: «nonsense» здесь неизвестно; есть такие функции: "
                            "comb(n, k), perm(n, k), factorial(n).")
    box.submit("1/4")
    assert box.feedback == "Пока нет: 1/4 ≈ 0.25 — это слишком много. Попробуйте ещё раз или нажмите «Подсказка»."
    box.show_hint()
    assert "Подсказка:</strong> Сосчитайте карты масти плюса." in box.extra.value
    box.lang_toggle.value = "en"
    assert box.feedback == "Not yet: 1/4 ≈ 0.25 is too high. Try again, or press Hint."
    assert "Hint:</strong> Count the cards of the plus suit." in box.extra.value
    assert box.check_button.description == "Check"
    box.lang = "ru"
    box.submit("0.2353")
    assert box.feedback == "Верно: 2353/10000 ≈ 0.2353 — это ответ с округлением (точно: 4/17 ≈ 0.2353)."
    box.show_solution()
    assert "Решение:</strong> 12/51 = 4/17." in box.extra.value  # one str serves every language


def test_answer_box_verdicts_keep_the_english_of_check_answer():
    from cardlab.answers import check_answer

    expected = Fraction(19282, 38675)
    for text in ("19282/38675", "0.4986", "0.45", "0.9", "what?", "", "1/0", "2^3^9999", "comb(3)", "3 $", "(1",
                 "1 2", "fact(-1)", "x" * 1001):
        box = AnswerBox(expected, lang="en")
        box.submit(text)
        assert box.feedback == check_answer(text, expected).message, text
        box.lang = "ru"
        assert not latin_words(box.feedback), (text, box.feedback)


def test_answer_box_refuses_words_that_are_not_text():
    with pytest.raises(ValueError, match="hint must be a str or a dict"):
        AnswerBox(0.5, hint={"fr": "Comptez."})
    with pytest.raises(TypeError, match="solution must be a str"):
        AnswerBox(0.5, solution=42)
    box = AnswerBox(0.5, prompt={"en": "p =", "ru": "р ="}, lang="ru")
    assert box.text.description == "р ="
    box.lang = "en"
    assert box.text.description == "p ="


def test_set_language_is_part_of_the_top_package(english):
    assert cardlab.set_language is set_language and cardlab.get_language is get_language
    assert "set_language" in cardlab.__all__


def test_the_toggle_relabels_a_move_list_and_keeps_the_choice(english):
    table, swaps = strike_swap_table()
    table.move_lists[0].choice.value = swaps[5]
    table.lang_toggle.value = "ru"
    (move_list,) = table.move_lists
    with language("ru"):
        russian = [str(a) for a in swaps]
    assert [text for text, _ in move_list.choice.options] == russian != [str(a) for a in swaps]
    assert [value for _, value in move_list.choice.options] == swaps and move_list.chosen == swaps[5]
    assert move_list.choice.description == "Выберите один из 228 ходов:"
    assert move_list.button.description == "Сделать этот ход"
    assert not latin_words(move_list.choice.tooltip + move_list.button.tooltip)
    assert not latin_words(move_list.choice.label) and "cardlab-move-list" in move_list.choice._dom_classes
    table.lang_toggle.value = "en"
    (move_list,) = table.move_lists
    assert move_list.choice.label == str(swaps[5]) and move_list.choice.description == "Choose one of 228 moves:"
    move_list.button.click()
    assert table.state.deal.actions[-1] == swaps[5]


def test_a_typed_move_is_never_searched_for_among_millions():
    """Clash's arrangement has 3,603,600 legal moves: a typed text used to be compared with each of them (over 11
    minutes). It is refused at once, with the reason and what to do, and nothing changes."""
    table = PlayTable(cardlab.load_game("clash"), seed=5)
    assert len(table.state.legal_actions()) > 1_000_000
    record = table.state.record()
    assert table.play("nonsense") is False
    assert "too many" in table.message and "3603600" in table.message
    assert table.state.record() == record
    with cardlab.i18n.language("ru"):
        assert table.play("чепуха") is False
        assert "слишком много" in table.message
