"""QuestionExplorer at the Python level: every control, every question of every game, the reading, bad values."""

from __future__ import annotations

import base64
import html
import json
import re
from fractions import Fraction

import numpy as np
import pytest

widgets = pytest.importorskip("ipywidgets")
go = pytest.importorskip("plotly.graph_objects")

import cardlab  # noqa: E402
from cardlab.simulate import Estimate  # noqa: E402
from cardlab.widgets import explorer as explorer_module  # noqa: E402
from cardlab.widgets.explorer import DEAL_COUNTS, QuestionExplorer, reading_text  # noqa: E402


def all_classes(widget) -> set[str]:
    classes = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        classes |= all_classes(child)
    return classes


def trace_names(figure) -> list[str]:
    return [trace.name for trace in figure.data]


@pytest.fixture(scope="module")
def golyi_explorer():
    return QuestionExplorer("golyi", "golyi.sweep", deals=20_000, seed=2)


def test_controls_classes_and_first_run(golyi_explorer):
    e = golyi_explorer
    assert isinstance(e, widgets.VBox) and isinstance(e.figure, go.Figure)
    assert isinstance(e.chart, widgets.Output)
    assert {"cardlab-explorer", "cardlab-explorer-game", "cardlab-explorer-question", "cardlab-explorer-params",
            "cardlab-explorer-param", "cardlab-explorer-slider", "cardlab-explorer-seed", "cardlab-explorer-text",
            "cardlab-explorer-exact", "cardlab-explorer-figure", "cardlab-explorer-reading",
            "cardlab-explorer-message", "cardlab-explorer-progress"} <= all_classes(e)
    assert [v for _, v in e.game_choice.options] == [g for g in cardlab.games() if cardlab.questions(g)]
    assert [v for _, v in e.question_choice.options] == [s.id for s in cardlab.questions("golyi")]
    assert [v for _, v in e.slider.options] == list(DEAL_COUNTS) and DEAL_COUNTS[-1] == 1_000_000
    assert e.slider.continuous_update is False and e.seed_box.continuous_update is False
    q = cardlab.question("golyi.sweep", players=4)
    assert e.question_id == "golyi.sweep" and e.params == {"players": 4} and e.n == 20_000 and e.seed == 2
    assert e.exact == q.exact() and e.exact_text == f"Exact answer: {q.exact()} ≈ 0.00511"
    assert e.estimate == q.simulate(20_000, seed=2)  # the very samples of the catalogue question
    assert e.reading == reading_text(e.estimate, q.exact())
    assert re.fullmatch(r"After 20,000 deals the estimate is [0-9.]+, 95 % interval [0-9.]+ to [0-9.]+; the exact "
                        r"value 0\.005107 is (inside the band\.|outside the band \(.*\)\.)", e.reading)
    assert ("inside" in e.reading) == (e.estimate.low <= float(q.exact()) <= e.estimate.high)
    assert q.text in e.text_widget.value and e.reading in e.reading_widget.value
    assert {"running estimate", "exact 9284/1817725 ≈ 0.005107"} <= set(trace_names(e.figure))
    assert "95 % interval around the estimate" in trace_names(e.figure)
    assert e.figure.layout.meta["cardlab"]["n"] == 20_000
    assert e.figure.layout.xaxis.type == "log" and e.figure.layout.yaxis.title.text == "share of deals"
    assert e.progress.layout.display == "none" and e.message == ""


def test_the_reading_of_the_issue():
    estimate = Estimate(0.00511, 0.00044 / 1.96, 100_000, 0.00511 - 0.00044, 0.00511 + 0.00044)
    from fractions import Fraction
    exact = Fraction(5107, 1_000_000)
    assert reading_text(estimate, exact) == ("After 100,000 deals the estimate is 0.00511 ± 0.00044; the exact value "
                                             "0.005107 is inside the band.")
    far = Estimate(0.0062, 0.0001, 100_000, 0.0060, 0.0064)
    assert reading_text(far, exact).endswith("is outside the band (a 95 % band misses the truth in about 1 run in "
                                             "20: try another seed).")
    never = Estimate(0.0, 0.0, 200_000, 0.0, 0.0)  # an interval of no width (as the Wald interval gave at 0 of n)
    assert "too rare for this many deals" in reading_text(never, Fraction(1, 10**9))
    assert reading_text(Estimate(8.3, 0.007, 10_000, 8.286, 8.314), Fraction(108, 13), "mean").startswith(
        "After 10,000 deals the average is 8.3 ± 0.014; the exact value 8.308 is inside the band")
    assert "play decides it" in reading_text(Estimate(0.7, 0.01, 2_000, 0.68, 0.72), None)


def test_slider_seed_and_parameters_run_again():
    e = QuestionExplorer("golyi", "golyi.ace_or_ten_in_first_hand", deals=1_000, seed=0)
    first = e.estimate
    e.slider.value = 5_000  # what a reader does
    e.wait()  # the run goes on in the background; wait for it
    assert e.estimate.n == 5_000
    e.seed_box.value = 7
    e.wait()  # the run goes on in the background; wait for it
    assert e.estimate != first and e.estimate == cardlab.question(e.question_id, players=4).simulate(5_000, seed=7)
    widget = e.params_box.children[0]
    assert isinstance(widget, widgets.Dropdown) and [v for _, v in widget.options] == [2, 4, 6]
    widget.value = 6
    e.wait()  # the run goes on in the background; wait for it
    assert e.question.params == {"players": 6} and e.exact == cardlab.question(e.question_id, players=6).exact()
    e.n = 1_234  # any count up to a million is accepted
    assert e.estimate.n == 1_234 and 1_234 in [v for _, v in e.slider.options]
    with pytest.raises(ValueError, match="from 1 to 1,000,000"):
        e.n = 2_000_000
    with pytest.raises(ValueError, match="seed must be a whole number"):
        e.seed = -1


def test_changing_the_game_lists_its_questions_and_parameters():
    e = QuestionExplorer("golyi", deals=500)
    e.game_choice.value = "strike"
    e.wait()  # the run goes on in the background; wait for it
    assert e.game == "strike" and e.question_id == cardlab.questions("strike")[0].id
    e.question_choice.value = "strike.pair_on_next_draw"
    e.wait()  # the run goes on in the background; wait for it
    (target,) = e.params_box.children
    assert isinstance(target, widgets.Text) and target.value == "A" and target.continuous_update is False
    target.value = "K"
    e.wait()  # the run goes on in the background; wait for it
    assert e.exact == cardlab.question("strike.pair_on_next_draw", target="K").exact()
    e.question_id = "clash.category_probability"  # across games
    assert e.game == "clash" and set(e.params) == {"players", "n", "category"}
    other = QuestionExplorer("clash", "clash.category_probability", deals=300, params={"n": 2, "category": "pair"})
    assert other.n == 300 and other.question.params == {"players": 2, "n": 2, "category": "pair"}
    e.set_params(n=4, category="two_pair")
    assert e.exact == cardlab.question("clash.category_probability", n=4, category="two_pair").exact()
    e.question_id = "golyi.team_card_points_at_least"
    points = dict(zip(e.params, e.params_box.children))["points"]
    assert isinstance(points, widgets.IntText)
    with pytest.raises(cardlab.RulesError, match="no parameter 'seats'"):
        e.set_params(seats=3)


def test_bad_values_show_a_friendly_message_not_a_traceback():
    e = QuestionExplorer("strike", "strike.pair_on_next_draw", deals=500)
    e.set_params(target="11")
    assert e.question is None and e.estimate is None and e.reading == ""
    assert e.message.startswith("That does not work: strike.pair_on_next_draw: target must be a rank A, 2, 3")
    assert html.escape(e.message) in e.message_widget.value and len(e.figure.data) == 0 and e.exact_text == ""
    assert e.chart.outputs == ()  # the page shows no chart either
    e.set_params(target="JK")  # a joker pairs with everything: certain
    assert e.message == "" and e.exact == 1 and e.exact_text == "Exact answer: 1"
    assert e.reading == "It happened in every one of the 500 deals: its share of deals is likely above 0.9924; the " \
                        "exact value 1 is inside the band."
    e.question_id = "golyi.team_card_points_at_least"
    e.set_params(points=95)
    assert "points must be a whole number from 0 to 80" in e.message
    e.question_id = "golyi.last_capture_by_leader_team"
    e.set_params(agents="genius")
    assert "unknown agent 'genius'" in e.message


def test_simulation_only_questions_are_capped_and_say_so(monkeypatch):
    monkeypatch.setattr(explorer_module, "SIMULATION_ONLY_CAP", 120)
    monkeypatch.setattr(explorer_module, "FAST_PLAY_CAP", 120)
    e = QuestionExplorer("golyi", "golyi.last_capture_by_leader_team", deals=100, agents="random")
    assert e.exact is None and e.exact_text.startswith("Exact answer: none — simulation only")
    assert e.estimate.n == 100 and "there is no exact value to compare with" in e.reading
    assert "exact" not in " ".join(trace_names(e.figure))
    e.n = 100_000
    assert e.estimate.n == 120
    assert e.reading.startswith("After 120 deals (you asked for 100,000, but this question is answered only by bots "
                                "playing whole deals, so the explorer stops at 120)")


@pytest.mark.parametrize("game", ["golyi", "strike", "clash", "pickup"])
def test_every_question_of_every_game(game, monkeypatch):
    monkeypatch.setattr(explorer_module, "SIMULATION_ONLY_CAP", 40)
    monkeypatch.setattr(explorer_module, "FAST_PLAY_CAP", 60)
    e = QuestionExplorer(game, deals=200, seed=1)
    for spec in cardlab.questions(game):
        e.question_id = spec.id
        if "agents" in e.params:
            e.set_params(agents="random")
        q = e.question
        assert q is not None and e.message == "", e.message
        assert e.estimate.n == (200 if spec.exact is not None else 60 if q.plays_fast else 40)
        if spec.exact is not None:
            assert e.exact == q.exact() and ("inside the band" in e.reading or "outside the band" in e.reading
                                             or "same outcome" in e.reading)
        n = f"{e.estimate.n:,}"
        assert e.reading.startswith((f"After {n} deals", f"It did not happen in any of the {n} deals",
                                     f"It happened in every one of the {n} deals"))
        assert e.figure.layout.title.text == f"{spec.title}: the running estimate"


def test_a_question_its_game_plays_fast_is_capped_at_the_fast_cap(monkeypatch):
    monkeypatch.setattr(explorer_module, "SIMULATION_ONLY_CAP", 150)
    monkeypatch.setattr(explorer_module, "FAST_PLAY_CAP", 300)
    definition = cardlab.engine.definition("golyi")
    e = QuestionExplorer("golyi", "golyi.last_capture_by_leader_team", deals=500, agents="random")
    assert e.estimate.n == (300 if e.question.plays_fast else 150)
    # with a batch player (here the engine dressed as one: the same outcomes) the cap is the fast one
    from dataclasses import replace

    from cardlab.batch_parts import BatchPlayer
    from tests.test_batch import _engine_batch

    monkeypatch.setitem(cardlab.engine._REGISTRY, "golyi",
                        replace(definition, batch=BatchPlayer(_engine_batch, frozenset({"random"}))))
    e.seed = 2
    assert e.question.plays_fast and explorer_module.deal_cap(e.question) == 300
    assert e.estimate.n == 300 and "so the explorer stops at 300)" in e.reading
    monkeypatch.setitem(cardlab.engine._REGISTRY, "golyi", replace(definition, batch=None))
    e.seed = 3
    assert not e.question.plays_fast and explorer_module.deal_cap(e.question) == 150
    assert e.estimate.n == 150 and "so the explorer stops at 150)" in e.reading


def test_numbers_are_one_click_away(golyi_explorer):
    e = golyi_explorer
    assert e.numbers_widget.layout.display == "none"
    e.numbers_button.value = True
    html = e.numbers_widget.value
    assert "<table" in html and "running estimate" in html and ">20000<" in html.replace(",", "")
    assert e.table()["deals"].iloc[-1] == 20_000
    e.numbers_button.value = False
    assert e.numbers_widget.value == ""


def test_the_explorer_is_exported_by_cardlab_widgets_on_demand():
    import cardlab.widgets

    assert cardlab.widgets.QuestionExplorer is QuestionExplorer and "QuestionExplorer" in cardlab.widgets.__all__
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        cardlab.widgets.Nope  # noqa: B018


# ----------------------------------------------------------------------------------------------------- languages
def test_the_toggle_reads_the_explorer_in_russian_without_simulating_again(golyi_explorer):
    e = golyi_explorer
    assert "cardlab-lang" in all_classes(e) and e.lang is None
    english = (e.reading, e.exact_text, e.text_widget.value, e.game_choice.options, e.question_choice.options,
               e.figure.layout.title.text)
    estimate, samples = e.estimate, e.samples
    e.lang_toggle.value = "ru"
    assert e.lang == "ru" and e.estimate is estimate and e.samples is samples  # words only: nothing ran again
    assert e.game_choice.description == "Игра:" and e.question_choice.description == "Вопрос:"
    assert e.slider.description == "Сдач:" and e.seed_box.description == "Зерно:"
    assert e.numbers_button.description == "Показать числа" and e.progress.description == "Моделирую:"
    assert [w.description for w in e.params_box.children] == ["игроков:"]
    assert [v for _, v in e.game_choice.options] == [v for _, v in english[3]] and e.game == "golyi"
    assert e.question_id == "golyi.sweep" and e.params == {"players": 4}
    assert e.exact_text == "Точный ответ: 9284/1817725 ≈ 0.00511"
    assert e.reading.startswith("Сыграно сдач: 20\u00a0000; оценка — ") and "точное значение 0.005107" in e.reading
    assert e.reading in e.reading_widget.value.replace("&#x27;", "'")
    q = cardlab.question("golyi.sweep", players=4)
    from cardlab.i18n import language

    with language("ru"):
        assert html.escape(q.text) in e.text_widget.value
        assert e.figure.layout.title.text == f"{q.title}: оценка по ходу моделирования"
    assert e.figure.layout.yaxis.title.text == "доля сдач"
    e.lang = "en"
    assert (e.reading, e.exact_text, e.text_widget.value, e.game_choice.options, e.question_choice.options,
            e.figure.layout.title.text) == english
    assert e.estimate is estimate


def test_russian_reading_messages_and_changes_keep_the_language():
    e = QuestionExplorer("strike", "strike.pair_on_next_draw", deals=500, lang="ru")
    e.set_params(target="11")
    assert e.message.startswith("Так не получится: strike.pair_on_next_draw: target must be")
    assert e.message.endswith("Измените значение, и исследователь запустится снова.")
    e.set_params(target="JK")
    assert e.message == "" and e.exact_text == "Точный ответ: 1"
    assert e.reading == "Сыграно сдач: 500; это случилось в каждой: доля таких сдач, скорее всего, больше 0.9924; " \
                        "точное значение 1 лежит внутри полосы."
    e.game_choice.value = "golyi"  # a new game: its questions are listed in Russian too
    e.wait()  # the run goes on in the background; wait for it
    assert all("(simulation only)" not in label for label, _ in e.question_choice.options)
    assert any("(только моделирование)" in label for label, _ in e.question_choice.options)
    assert e.reading.startswith("Сыграно сдач: 500;")


def test_reading_text_in_each_language():
    estimate = Estimate(0.00511, 0.00044 / 1.96, 100_000, 0.00511 - 0.00044, 0.00511 + 0.00044)
    from fractions import Fraction

    exact = Fraction(5107, 1_000_000)
    assert reading_text(estimate, exact, lang="ru") == ("Сыграно сдач: 100\u00a0000; оценка — 0.00511 ± 0.00044; "
                                                        "точное значение 0.005107 лежит внутри полосы.")
    assert reading_text(estimate, exact, lang="en") == reading_text(estimate, exact)
    assert "вы просили 5\u00a0000" in reading_text(estimate, None, capped=5_000, lang="ru")
    assert reading_text(Estimate(8.3, 0.007, 10_000, 8.286, 8.314), Fraction(108, 13), "mean", lang="ru").startswith(
        "Сыграно сдач: 10\u00a0000; среднее — 8.3 ± 0.014")
    with pytest.raises(ValueError, match="unknown language"):
        reading_text(estimate, exact, lang="fr")


def test_a_bad_language_is_refused_by_the_explorer(golyi_explorer):
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        QuestionExplorer("golyi", deals=100, lang="fr")
    reading, lang = golyi_explorer.reading, golyi_explorer.lang
    with pytest.raises(ValueError, match="unknown language"):
        golyi_explorer.lang = "ру"
    assert golyi_explorer.reading == reading and golyi_explorer.lang == lang


def test_identifier_values_read_in_the_explorers_language():
    explorer = QuestionExplorer("clash", "clash.attacker_wins_round")
    ranking = [w for w in explorer.params_box.children if getattr(w, "options", None) and w.value == "poker"][0]
    ranking.value = "rarity"
    explorer.wait()  # the run goes on in the background; wait for it
    assert [label for label, _ in ranking.options] == ["poker", "rarity"]
    assert ranking.tooltip == "category order (clash §2.3)"
    explorer.lang = "ru"
    assert [label for label, _ in ranking.options] == ["покерный", "по редкости"]
    assert ranking.tooltip == "порядок комбинаций (§2.3)"
    assert ranking.value == "rarity" and explorer.params["ranking"] == "rarity"
    explorer.lang = "en"
    assert [label for label, _ in ranking.options] == ["poker", "rarity"] and ranking.value == "rarity"


def chart_shown(explorer) -> dict:
    """The plotly figure the page is sent: the one output of the chart's Output widget, as it is synced."""
    (output,) = explorer.chart.get_state()["outputs"]
    assert output["output_type"] == "display_data"
    return json.loads(json.dumps(output["data"]["application/vnd.plotly.v1+json"]))  # it must survive JSON


def points(values) -> int:
    """How many values plotly's JSON holds: a list, or a typed array sent as base64 (plotly 6)."""
    if isinstance(values, dict):
        return len(np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"]))
    return len(values)


def test_the_chart_on_the_page_has_the_traces():
    """The chart a view draws (on first display, after a Voilà reload, after each run) is the synced state of an
    Output widget: it must hold every trace with all its points and the layout (a FigureWidget's first view once
    showed axes and no lines), and no plotly.js (a FigureWidget's state carries 5 MB of it)."""
    explorer = QuestionExplorer("golyi", deals=1_000)
    shown = chart_shown(explorer)
    assert [t.get("name") for t in shown["data"]] == [t.name for t in explorer.figure.data] != []
    assert shown["layout"]["title"] == explorer.figure.layout.title.to_plotly_json()
    def sizes(traces) -> list[int]:  # the points of each line (a table trace has none)
        return [points(trace["y"]) for trace in traces if "y" in trace]

    first = sizes(shown["data"])
    assert first == sizes(trace.to_plotly_json() for trace in explorer.figure.data) and min(first) > 0
    explorer.n = 2_000
    shown = chart_shown(explorer)
    assert sizes(shown["data"]) == sizes(trace.to_plotly_json() for trace in explorer.figure.data)
    assert sizes(shown["data"])[0] > first[0]
    assert len(json.dumps(explorer.chart.get_state())) < 200_000


# ---------------------------------------------------------------- the simulation runs in the background
QUESTION = "golyi.ace_or_ten_in_first_hand"
PIECE = 100_000  # a fast path's piece (questions.SAMPLE_CHUNK)


@pytest.fixture
def gate(monkeypatch):
    """Every run's second and later pieces wait for ``release``; ``reached`` is set when a run waits there (its
    first piece shown)."""
    import threading

    from cardlab.questions import Question

    reached, release = threading.Event(), threading.Event()
    real = Question.sample_chunks

    def gated(self, n, seed=0, **more):
        pieces = real(self, n, seed, **more)

        def held():
            for k, piece in enumerate(pieces):
                if k:
                    reached.set()
                    assert release.wait(30), "the test never released the run"
                yield piece
        return held()

    monkeypatch.setattr(Question, "sample_chunks", gated)
    return reached, release


def test_a_change_returns_at_once_and_the_chart_grows_while_the_rest_is_played(gate):
    reached, release = gate
    e = QuestionExplorer("golyi", QUESTION, deals=100)
    e.slider.value = 500_000  # returns although the run cannot end before the test releases it
    assert reached.wait(30)
    assert e.running and e.stop_button.layout.display is None and e.progress.layout.display is None
    assert e.estimate.n == PIECE and len(e.samples) == PIECE  # the first piece is on the chart already
    assert e.progress.value == PIECE and "After 100,000 deals" in e.reading
    release.set()
    e.wait()
    assert not e.running and e.stop_button.layout.display == "none"
    expected = cardlab.question(QUESTION, players=4).simulate(500_000, seed=0)
    assert e.estimate == expected and "After 500,000 deals" in e.reading


def test_a_new_choice_replaces_the_run_in_progress(gate):
    reached, release = gate
    e = QuestionExplorer("golyi", QUESTION, deals=100, seed=0)
    e.slider.value = 500_000
    assert reached.wait(30)
    e.seed_box.value = 4  # the seed-0 run is still waiting for its second piece
    assert e.running
    release.set()
    e.wait()
    assert e.estimate == cardlab.question(QUESTION, players=4).simulate(500_000, seed=4)
    assert len(e.samples) == 500_000


def test_stop_keeps_what_was_played(gate):
    reached, release = gate
    e = QuestionExplorer("golyi", QUESTION, deals=100)
    e.n = 100  # quick, and e.n waits for its run
    reached.clear()
    e.slider.value = 1_000_000
    assert reached.wait(30)
    e.stop_button.click()
    release.set()
    e.wait()
    assert e.estimate.n == 2 * PIECE  # the piece being played when Stop was pressed is kept too
    assert e.reading.endswith("You stopped the run there, before the 1,000,000 deals asked for.")
    assert not e.running and e.stop_button.layout.display == "none"
    assert cardlab.question(QUESTION, players=4).samples(2 * PIECE, seed=0).tolist() == e.samples.tolist()


def test_a_share_never_seen_still_has_an_honest_upper_bound():
    """0 of 20 deals: the Wilson interval says how rare the event can still be; the old Wald interval
    0 ± 0 claimed a certainty the simulation does not have."""
    never = Estimate.from_samples(np.zeros(20))
    assert reading_text(never, Fraction(1, 100)) == ("It did not happen in any of the 20 deals: its share of deals is "
                                                     "likely below 0.16; the exact value 0.01 is inside the band.")
    always = Estimate.from_samples(np.ones(20, dtype=bool))
    assert reading_text(always, None).startswith("It happened in every one of the 20 deals: its share of deals is "
                                                 "likely above 0.84")
    seen = np.zeros(100_000)
    seen[:511] = 1
    assert reading_text(Estimate.from_samples(seen), Fraction(5107, 1_000_000)) == (
        "After 100,000 deals the estimate is 0.00511, 95 % interval 0.0047 to 0.0056; the exact value 0.005107 is "
        "inside the band.")
