"""cardlab.widgets.guess.Guess at the Python level: the slider, the Reveal button and the reveal sentence."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from math import comb

import pytest

widgets = pytest.importorskip("ipywidgets")

import cardlab  # noqa: E402
from cardlab.render import decimal_text, fraction_text  # noqa: E402
from cardlab.widgets.guess import Guess  # noqa: E402


@pytest.fixture
def sweep():
    return cardlab.question("golyi.sweep", players=4)


def all_classes(widget) -> set[str]:
    classes = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        classes |= all_classes(child)
    return classes


def test_controls_and_classes(sweep):
    guess = Guess(sweep)
    assert isinstance(guess, widgets.VBox)
    assert {"cardlab-guess", "cardlab-reveal"} <= all_classes(guess)
    assert "cardlab-guess" in guess._dom_classes
    assert "cardlab-reveal" in guess.reveal_button._dom_classes
    slider = guess.slider
    assert isinstance(slider, widgets.FloatSlider)
    assert (slider.min, slider.max, slider.step) == (0.0, 1.0, 0.01)
    assert slider.continuous_update is False
    assert slider.description == "Your guess"
    assert guess.reveal_button.description == "Reveal" and guess.reveal_button.tooltip
    assert sweep.text in guess.prompt.value


def test_nothing_is_shown_before_the_reveal(sweep):
    guess = Guess(sweep)
    assert not guess.revealed
    assert guess.answer_text == "" and guess.answer is None
    guess.guess = 0.3
    assert guess.guess == pytest.approx(0.3)
    assert not guess.revealed and guess.answer_text == "" and guess.answer_widget.value == ""


def test_reveal_shows_the_exact_fraction_and_decimal(sweep):
    guess = Guess(sweep)
    guess.guess = 0.2
    guess.reveal()
    exact = sweep.exact()
    # an independent count: all 8 Aces and Tens among one side's 28 or 24 deck positions
    assert exact == Fraction(comb(28, 8) + comb(24, 8), comb(52, 8)) == Fraction(9284, 1817725)
    assert guess.revealed and guess.answer == exact
    text = guess.answer_text
    assert text.startswith("You guessed 0.20 = 1 in 5; the exact answer is 9284/1817725 ≈ 0.00511.")
    assert "0.19 too high" in text
    assert "9284/1817725" in guess.answer_widget.value


def test_the_button_reveals(sweep):
    guess = Guess(sweep)
    guess.slider.value = 0.1  # as a reader dragging the slider
    assert not guess.reveal_button.disabled
    guess.reveal_button.click()
    guess.wait()
    assert guess.revealed
    assert fraction_text(sweep.exact()) in guess.answer_text


def test_revealing_twice_is_harmless(sweep):
    guess = Guess(sweep)
    guess.guess = 0.01
    guess.reveal()
    first, html = guess.answer_text, guess.answer_widget.value
    guess.reveal()
    guess.reveal_button.click()
    assert guess.revealed
    assert guess.answer_text == first and guess.answer_widget.value == html


def test_changing_the_guess_after_the_reveal_updates_the_text(sweep):
    guess = Guess(sweep)
    guess.guess = 0.5
    guess.reveal()
    assert "You guessed 0.50" in guess.answer_text and "too high" in guess.answer_text
    guess.slider.value = 0.0  # as a reader dragging the slider
    assert "You guessed 0.00 = never" in guess.answer_text
    assert "Close: your guess was 0.00511 too low." in guess.answer_text
    assert "9284/1817725" in guess.answer_text
    assert "You guessed 0.00" in guess.answer_widget.value


def test_question_by_id_and_distance_words():
    guess = Guess("golyi.ace_or_ten_in_first_hand", players=4)
    exact = 1 - Fraction(comb(44, 4), comb(52, 4))
    assert guess.question.exact() == exact
    guess.guess = 0.5
    guess.reveal()
    assert f"{exact.numerator}/{exact.denominator}" in guess.answer_text
    assert "spot on" in guess.answer_text


def test_a_tiny_probability_is_written_with_a_power_of_ten():
    q = cardlab.question("golyi.sweep", players=6)
    guess = Guess(q, value=0.0)
    guess.guess = 0.0
    guess.reveal()
    assert "3219/561396677849" in guess.answer_text
    assert "5.73 × 10⁻⁹" in guess.answer_text
    guess.guess = 0.01
    assert "times the answer" in guess.answer_text


def test_a_question_without_an_exact_answer_is_simulated_once():
    q = cardlab.question("golyi.last_capture_by_leader_team", players=2, agents="random")
    assert q.exact() is None
    guess = Guess(q, n=40, seed=3)
    guess.guess = 0.1
    guess.reveal()
    estimate = q.simulate(40, seed=3)
    assert guess.estimate == estimate
    assert guess.answer == estimate.value
    assert "no exact count" in guess.answer_text and "40 deals" in guess.answer_text
    assert decimal_text(estimate.value) in guess.answer_text
    before = guess.estimate
    guess.reveal()
    assert guess.estimate is before


def test_bad_guesses_are_refused(sweep):
    guess = Guess(sweep)
    for bad in (-0.1, 1.5, True, "half"):
        with pytest.raises(ValueError):
            guess.guess = bad
    assert guess.guess is None and guess.reveal_button.disabled
    guess.guess = 0.25
    for bad in (-0.1, 1.5, True, "half"):
        with pytest.raises(ValueError):
            guess.guess = bad
    assert guess.guess == 0.25


def test_number_words():
    assert fraction_text(Fraction(1)) == "1" and fraction_text(Fraction(3, 28)) == "3/28"
    assert decimal_text(0) == "0" and decimal_text(1.0) == "1"
    assert decimal_text(0.49856) == "0.499" and decimal_text(0.0051074) == "0.00511"
    assert decimal_text(5.7339e-9) == "5.73 × 10⁻⁹"


# ----------------------------------------------------------------------------------------------------- languages
def test_the_toggle_reads_the_question_and_the_reveal_in_russian_and_back(sweep):
    guess = Guess(sweep, lang="en")
    assert "cardlab-lang" in all_classes(guess)
    guess.guess = 0.2
    guess.reveal()
    english = (guess.answer_text, guess.prompt.value, guess.slider.description, guess.reveal_button.description)
    guess.lang_toggle.value = "ru"
    assert guess.lang == "ru" and guess.slider.description == "Ваша догадка"
    assert guess.reveal_button.description == "Показать ответ" and guess.reveal_button.tooltip.startswith("Показать")
    from cardlab.i18n import language

    with language("ru"):
        assert sweep.text in guess.prompt.value
    assert guess.answer_text == ("Ваша догадка: 0.20 = 1 из 5; точный ответ — 9284/1817725 ≈ 0.00511. Ваша догадка "
                                 "больше ответа на 0.19. Это примерно в 39 раз больше ответа. При моделировании "
                                 "4\u00a0000 сдач получилось 0.00325 (95-процентный интервал — от 0.0019 до 0.00555): "
                                 "ваша догадка в него не попадает.")
    assert guess.answer_text in guess.answer_widget.value
    guess.slider.value = 0.0
    assert "Близко: ваша догадка меньше ответа на 0.00511." in guess.answer_text
    guess.slider.value = 0.2
    guess.lang_toggle.value = "en"
    assert (guess.answer_text, guess.prompt.value, guess.slider.description,
            guess.reveal_button.description) == english


def test_russian_numbers_of_a_simulated_answer():
    q = cardlab.question("golyi.last_capture_by_leader_team", players=2, agents="random")
    guess = Guess(q, n=2_000, seed=3, lang="ru", description={"en": "Your guess", "ru": "Ваша оценка"})
    assert guess.slider.description == "Ваша оценка"
    guess.guess = 0.4
    guess.reveal()
    assert "Сыграно сдач: 2\u00a0000" in guess.answer_text and "95-процентный интервал" in guess.answer_text
    guess.lang = "en"
    assert "2,000 deals give" in guess.answer_text and guess.slider.description == "Your guess"


def test_a_bad_language_is_refused(sweep):
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Guess(sweep, lang="fr")
    guess = Guess(sweep, lang="ru")
    with pytest.raises(ValueError, match="unknown language"):
        guess.lang = "Russian"
    assert guess.lang == "ru" and guess.reveal_button.description == "Показать ответ"


@pytest.mark.parametrize("arguments, words", [
    ({"n": 0}, "at most"), ({"n": -5}, "at most"), ({"n": 2.5}, "at most"), ({"n": True}, "at most"),
    ({"n": 10**12}, "at most"), ({"seed": -1}, "seed"), ({"seed": "7"}, "seed"), ({"value": 1.5}, "0 to 1"),
    ({"scale": "log"}, "'one_in' (1 in N)"),
])
def test_bad_arguments_are_refused_at_construction(arguments, words):
    """Guess(q, n=0) or seed=-1 was accepted, and the error appeared only in the log when Reveal was pressed,
    with nothing on screen: a bad argument is refused when the widget is made, saying what is allowed."""
    with pytest.raises(cardlab.RulesError) as raised:
        Guess("golyi.sweep", players=4, **arguments)
    assert words in str(raised.value)


def test_the_reveal_button_returns_at_once_and_the_answer_follows(monkeypatch):
    """A question that only bots answer is simulated on a worker thread: the click returns while the deals are
    still being played (the page says how far it has got), and the answer is the one ``reveal()`` gives."""
    import threading

    from cardlab.questions import Question

    release = threading.Event()
    real = Question.sample_chunks

    def held(self, n, seed=0, **more):
        for k, piece in enumerate(real(self, n, seed, games_per_chunk=10)):
            if k:
                assert release.wait(30), "the test never released the run"
            yield piece

    monkeypatch.setattr(Question, "sample_chunks", held)
    q = cardlab.question("golyi.last_capture_by_leader_team", players=2, agents="random")
    guess = Guess(q, n=40, seed=3)
    guess.guess = 0.4
    guess.reveal_button.click()
    assert not guess.revealed and guess.answer is None
    assert guess.answer_text.startswith("Simulating:") and "of 40 deals played" in guess.answer_text
    release.set()
    guess.reveal()  # waits for the run the click started; does not start another
    assert guess.revealed and guess.estimate == q.simulate(40, seed=3)
    assert "no exact count" in guess.answer_text


# ----------------------------------------------------------------------------------------------------- issue #16
def test_no_guess_no_reveal_and_never_spot_on():
    """The slider started at 0.50 and Golyi's question 1 (answer 0.499) said "spot on" to a student who had not
    guessed at all: no starting position counts as a guess, and Reveal waits for one."""
    q = cardlab.question("golyi.ace_or_ten_in_first_hand", players=4)
    guess = Guess(q)
    assert guess.guess is None and guess.reveal_button.disabled
    assert "No guess yet" in guess.shown_guess.value
    guess.reveal()
    guess.reveal_button.click()  # a click reaching the kernel anyway (the button is off on the page)
    assert not guess.revealed and guess.answer is None and guess.answer_text == ""
    assert "spot on" not in guess.answer_widget.value and guess.answer_widget.value == ""
    assert guess.message == "Make a guess first: move a slider or type it, then press Reveal."
    guess.slider.value = 0.3  # the student's own guess
    assert guess.message == "" and not guess.reveal_button.disabled
    guess.reveal()
    assert guess.revealed and "You guessed 0.30" in guess.answer_text


def test_a_one_in_a_thousand_guess_can_be_made_and_reads_both_ways():
    """A 0 to 1 slider in steps of 0.01 cannot say "1 in 1,000": the "1 in N" scale (log) and typing can."""
    q = cardlab.question("golyi.sweep", players=4)
    guess = Guess(q)
    assert guess.slider.layout.display is None and guess.one_in_slider.layout.display == "none"
    guess.scale_toggle.value = "one_in"
    assert guess.slider.layout.display == "none" and guess.one_in_slider.layout.display is None
    assert isinstance(guess.one_in_slider, widgets.FloatLogSlider)
    guess.one_in_slider.value = 1000.0  # as a reader typing 1000 into the slider's readout
    assert guess.guess == pytest.approx(0.001)
    assert "Your guess: 0.001 = 1 in 1,000" in guess.shown_guess.value
    guess.one_in_slider.value = 1023.2929922807539  # a drag lands between whole numbers: 1 in 1,023
    assert guess.guess == 1 / 1023 and "1 in 1,023" in guess.shown_guess.value
    for typed in ("1 in 1000", "1/1000", "0.1%", "0,001", "1 in 1 000"):
        guess.typed.value = typed
        assert guess.guess == pytest.approx(0.001), typed
    guess.reveal()
    assert guess.answer_text.startswith("You guessed 0.001 = 1 in 1,000; the exact answer is 9284/1817725")
    # 0.004 below the answer, yet 5 times too rare: not "spot on", as a gap of less than 0.005 used to say
    assert "spot on" not in guess.answer_text and "0.00411 too low" in guess.answer_text
    assert "The answer is about 5 times your guess." in guess.answer_text
    assert Guess(q, scale="one_in").one_in_slider.layout.display is None


def test_the_reveal_names_the_simulation_interval_and_whether_the_guess_is_inside():
    q = cardlab.question("golyi.ace_or_ten_in_first_hand", players=4)
    guess = Guess(q, seed=5)
    guess.guess = 0.3
    guess.reveal()
    estimate = q.simulate(4_000, seed=5)  # a quick simulation beside the exact answer
    assert guess.estimate == estimate and estimate.low < 0.499 < estimate.high
    interval = (f"A simulation of 4,000 deals gives {decimal_text(estimate.value)} (95 % interval "
                f"{decimal_text(estimate.low)} to {decimal_text(estimate.high)}): ")
    assert interval + "your guess is outside it." in guess.answer_text
    assert guess.answer == q.exact()  # the answer is still the exact one
    guess.guess = estimate.value
    assert interval + "your guess is inside it." in guess.answer_text


def test_a_simulated_only_answer_says_whether_the_guess_is_in_its_interval():
    q = cardlab.question("golyi.last_capture_by_leader_team", players=2, agents="random")
    guess = Guess(q, n=200, seed=3)
    guess.guess = 0.01
    guess.reveal()
    assert "Your guess is outside that interval." in guess.answer_text
    guess.guess = guess.estimate.value
    assert "Your guess is inside that interval." in guess.answer_text


def test_the_exact_answer_shows_at_once_and_the_check_follows(monkeypatch):
    """The simulation beside an exact answer runs on the worker: the click returns with the exact answer shown
    and "Simulating: …" after it; the interval comes when the deals are done."""
    import threading

    from cardlab.questions import Question

    release = threading.Event()
    real = Question.sample_chunks

    def held(self, n, seed=0, **more):
        pieces = real(self, n, seed)
        assert release.wait(30), "the test never released the run"
        yield from pieces

    monkeypatch.setattr(Question, "sample_chunks", held)
    q = cardlab.question("golyi.ace_or_ten_in_first_hand", players=4)
    guess = Guess(q)
    guess.guess = 0.5
    guess.reveal_button.click()
    assert guess.revealed and guess.estimate is None
    assert "the exact answer is 19282/38675" in guess.answer_text
    assert guess.answer_text.endswith("Simulating: 0 of 4,000 deals played…")
    release.set()
    guess.wait()
    assert "A simulation of 4,000 deals gives" in guess.answer_text and "Simulating" not in guess.answer_text


@pytest.mark.parametrize("typed, says", [
    ("abc", "'abc' cannot be read as a guess: “abc” is not known here"),
    ("1.5", "'1.5' is 1.5, but a guess is a probability from 0 to 1"),
    ("-1/4", "'-1/4' is -0.25, but a guess is a probability from 0 to 1"),
    ("1 in 0", "'1 in 0': in “1 in N”, N is a number of deals, 1 or more"),
    ("", None),
])
def test_a_bad_typed_guess_says_what_is_wrong_and_changes_nothing(sweep, typed, says):
    guess = Guess(sweep)
    guess.guess = 0.2
    guess.reveal()
    before = guess.answer_text
    guess.typed.value = typed
    assert guess.guess == 0.2 and guess.answer_text == before
    if says is None:
        assert guess.message == ""
    else:
        assert guess.message.startswith(says) and escape(says) in guess.message_widget.value


def test_russian_guesses_and_interval():
    q = cardlab.question("golyi.sweep", players=4)
    guess = Guess(q, lang="ru")
    assert guess.reveal_button.tooltip.startswith("Сначала")
    assert "Догадки пока нет" in guess.shown_guess.value
    guess.reveal()
    assert guess.message.startswith("Сначала сделайте догадку")
    assert [label for label, _ in guess.scale_toggle.options] == ["от 0 до 1", "1 из N"]
    guess.type_guess("1 из 1000")
    assert guess.guess == pytest.approx(0.001) and "Ваша догадка: 0.001 = 1 из 1\u00a0000" in guess.shown_guess.value
    guess.type_guess("абв")
    assert guess.message.startswith("'абв' не читается как догадка") and guess.guess == pytest.approx(0.001)
    guess.reveal()
    text = guess.answer_text
    assert text.startswith("Ваша догадка: 0.001 = 1 из 1\u00a0000; точный ответ — 9284/1817725")
    assert "При моделировании 4\u00a0000 сдач получилось" in text and "95-процентный интервал" in text
    assert "ваша догадка в него не попадает." in text or "ваша догадка попадает в него." in text
    guess.lang = "en"
    assert "A simulation of 4,000 deals gives" in guess.answer_text


def test_a_large_guess_is_not_read_as_about_1_in_1():
    # seen in the Lab: "Your guess: 0.70 = about 1 in 1", a rounding that says nothing
    from cardlab.widgets.guess import guess_words

    assert str(guess_words(0.7)) == "0.70"
    assert str(guess_words(0.3)) == "0.30 = about 1 in 3"
    assert str(guess_words(0.001)) == "0.001 = 1 in 1,000"
