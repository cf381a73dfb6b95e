"""cardlab.widgets at the Python level: DealStepper and PlayTable driven through their API and their buttons."""

from __future__ import annotations

import re

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
    assert "over" in table.message and "Scores" in table.message
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
