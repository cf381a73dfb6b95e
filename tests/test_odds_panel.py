"""The odds panel never holds a click: a long count runs on the worker thread, the panel says it is counting, and
fills in with the odds of the moment shown (never a moment left behind), in the widget's language."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("ipywidgets")

import cardlab  # noqa: E402
import cardlab.widgets.play as play_module  # noqa: E402
import cardlab.widgets.stepper as stepper_module  # noqa: E402
from cardlab.i18n import language  # noqa: E402
from cardlab.widgets import DealStepper, PlayTable  # noqa: E402
from cardlab.widgets._common import odds_of  # noqa: E402

RELEASE_AFTER = 20  # seconds: a count held longer than this means the click itself waited for it


class HeldCount:
    """Stands in for ``odds_of``: each count waits until the test releases it, then gives the real odds."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.counted: list[int] = []
        self.unchanged: list[bool] = []

    def __call__(self, deal, seat):
        began = len(deal.actions)
        self.started.set()
        self.release.wait(RELEASE_AFTER)
        self.counted.append(len(deal.actions))
        self.unchanged.append(len(deal.actions) == began)  # the deal counted on never moves during the count
        return odds_of(deal, seat)


@pytest.fixture
def golyi_stepper():
    state = cardlab.play(cardlab.load_game("golyi", players=2), "smart", seed=4)
    stepper = DealStepper(state, viewer=0)
    stepper.step = 5
    return stepper


def test_a_click_returns_before_a_long_count_and_the_panel_fills_in_after(golyi_stepper, monkeypatch):
    held = HeldCount()
    monkeypatch.setattr(stepper_module, "odds_of", held)
    golyi_stepper.show_odds = True  # the switch is a click too
    assert not held.release.is_set() and held.counted == []  # the click came back while the count waits
    assert "Counting the odds…" in golyi_stepper.odds_widget.value
    assert "Odds for" in golyi_stepper.odds_widget.value  # whose odds they will be is said at once
    held.release.set()
    golyi_stepper.wait_for_odds()
    shown = golyi_stepper.odds_widget.value
    assert "Counting" not in shown and held.counted
    expected = odds_of(golyi_stepper.deal_at(), 0)
    assert expected and all(str(item.label) in shown for item in expected)


def test_a_count_finished_late_never_shows_a_moment_left_behind(golyi_stepper, monkeypatch):
    held = HeldCount()
    monkeypatch.setattr(stepper_module, "odds_of", held)
    golyi_stepper.show_odds = True
    first = golyi_stepper.deal_at()
    golyi_stepper.step = 40  # clicked on while the first count still waits
    later = golyi_stepper.deal_at()
    assert len(later.actions) != len(first.actions)
    held.release.set()
    golyi_stepper.wait_for_odds()
    assert len(later.actions) in held.counted
    shown = golyi_stepper.odds_widget.value
    assert all(str(item.label) in shown for item in odds_of(later, 0))
    assert "Counting" not in shown
    # going back to the first moment: its count is remembered or done again, and shown
    golyi_stepper.step = 5
    golyi_stepper.wait_for_odds()
    assert all(str(item.label) in golyi_stepper.odds_widget.value for item in odds_of(first, 0))


def test_the_worker_reads_the_panel_in_the_widgets_language_whatever_the_kernel_reads(golyi_stepper, monkeypatch):
    held = HeldCount()
    monkeypatch.setattr(stepper_module, "odds_of", held)
    golyi_stepper.lang = "ru"
    golyi_stepper.show_odds = True
    assert "Считаем шансы…" in golyi_stepper.odds_widget.value
    with language("en"):  # the kernel's thread reads English meanwhile
        held.release.set()
        golyi_stepper.wait_for_odds()
    assert "Шансы с точки зрения:" in golyi_stepper.odds_widget.value
    assert "Odds for" not in golyi_stepper.odds_widget.value


def test_a_failed_count_says_so_on_the_panel_and_to_whoever_waits(golyi_stepper, monkeypatch):
    def broken(deal, seat):
        raise RuntimeError("no odds today")

    monkeypatch.setattr(stepper_module, "odds_of", broken)
    golyi_stepper.show_odds = True
    with pytest.raises(RuntimeError, match="no odds today"):
        golyi_stepper.wait_for_odds()
    assert "The odds could not be counted: no odds today" in golyi_stepper.odds_widget.value


def test_the_play_table_counts_on_a_copy_while_play_goes_on(monkeypatch):
    held = HeldCount()
    monkeypatch.setattr(play_module, "odds_of", held)
    table = PlayTable(cardlab.load_game("golyi", players=2), seed=3)
    table.show_odds = True
    assert "Counting the odds…" in table.odds_widget.value
    before = table.state.deal.snapshot()
    assert held.started.wait(RELEASE_AFTER)  # the worker is counting (a count not yet begun would be dropped)
    assert table.play(0)  # the human moves while the count waits (the bot answers)
    assert len(table.state.deal.actions) > len(before.actions)
    held.release.set()
    table.wait_for_odds()
    # the count begun before the move saw the deal as it was, though play went on meanwhile; then the deal now
    assert held.counted == [len(before.actions), len(table.state.deal.actions)] and all(held.unchanged)
    assert all(str(item.label) in table.odds_widget.value for item in odds_of(table.state.deal, table.seat))
