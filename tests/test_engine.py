"""The engine protocol: rules, errors, records and replay (rules/README.md record format)."""

import copy
import json

import numpy as np
import pytest

import cardlab
from cardlab.cards import make_deck
from cardlab.engine import RECORD_FORMAT, IllegalActionError, RecordError, RulesError


@pytest.fixture
def golyi4():
    return cardlab.load_game("golyi", players=4)


@pytest.fixture
def match_record(golyi4):
    return cardlab.play(golyi4, "random", seed=7, match=True).record()


def test_games_and_errors_are_value_errors():
    assert "golyi" in cardlab.games() and list(cardlab.games()) == sorted(cardlab.games())
    for error in (RulesError, IllegalActionError, RecordError, cardlab.CardError):
        assert issubclass(error, ValueError)
    with pytest.raises(RulesError, match="unknown game 'poker'; games: .*golyi"):
        cardlab.load_game("poker")


def test_rules_resolve_presets_and_are_immutable(golyi4):
    assert golyi4.rules.asdict() == {"burn": False, "lead_capture": True}
    assert golyi4.rules.burn is False and golyi4.rules["lead_capture"] is True
    with pytest.raises(AttributeError):
        golyi4.rules.burn = True
    burn = cardlab.load_game("golyi", players=4, burn=True)
    assert burn.rules.burn is True
    with pytest.raises(RulesError, match="allowed values: false, true"):
        cardlab.load_game("golyi", burn=1)


def test_seed_and_deck_arguments_are_checked(golyi4):
    for bad in (-1, 1.5, "7", True):
        with pytest.raises(RulesError, match="seed must be"):
            golyi4.deal(seed=bad)
    with pytest.raises(RulesError, match="missing"):
        golyi4.deal(deck=make_deck()[:-1])
    with pytest.raises(RulesError, match="cannot read card"):
        golyi4.deal(deck=["XX"] * 52)
    with pytest.raises(RulesError, match="dealer must be a seat 0..3"):
        golyi4.deal(seed=1, dealer=4)
    generator = np.random.default_rng(5)
    assert golyi4.deal(seed=generator).seed == int(np.random.default_rng(5).integers(2**63))
    given = golyi4.deal(deck=make_deck(), dealer=2)
    assert given.seed is None and given.deal.dealer == 2 and given.record()["seed"] is None


def test_apply_accepts_the_record_form_and_returns_the_state(golyi4):
    state = golyi4.deal(deck=make_deck(), dealer=3)
    assert state.apply({"player": 0, "play": "A♠"}) is state
    assert state.deal.actions[-1].to_json() == {"player": 0, "play": "AS"}
    assert str(state.deal.actions[-1]) == "play A♠"
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply({"player": 0, "play": "AH"})
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply({"player": 2, "play": "3S"})


def test_record_has_every_field(match_record, golyi4):
    record = match_record
    assert record["format"] == RECORD_FORMAT and record["game"] == "golyi" and record["players"] == 4
    assert record["rules"] == golyi4.rules.asdict() and record["seed"] == 7
    assert record["winner"] and record["totals"] == [sum(d["scores"][s] for d in record["deals"]) for s in range(4)]
    for deal in record["deals"]:
        assert set(deal) == {"dealer", "deck", "shuffles", "actions", "scores"}
        assert len(deal["deck"]) == 52 and deal["shuffles"] == [] and len(deal["actions"]) == 52
        assert all(set(a) == {"player", "play"} for a in deal["actions"])
    json.dumps(record)  # JSON-ready


def damaged(record, change):
    record = copy.deepcopy(record)
    change(record)
    return record


def other_card(record, deal, action):
    held = record["deals"][deal]["actions"][action]["play"]
    return "2H" if held != "2H" else "3H"


@pytest.mark.parametrize("change,message", [
    (lambda r: r["deals"][1]["actions"][5].update(play=other_card(r, 1, 5)), r"deal 2, action 6 .*does not hold"),
    (lambda r: r["deals"][0]["actions"][0].update(play="ZZ"), r"deal 1, action 1 .*cannot read card 'ZZ'"),
    (lambda r: r["deals"][0]["actions"][3].update(player=9), r"deal 1, action 4 .*'player' must be a seat"),
    (lambda r: r["deals"][0]["actions"].pop(), r"deal 1: the actions stop before the deal is over"),
    (lambda r: r["deals"][0]["actions"].append({"player": 0, "play": "AS"}), r"deal 1, action 53 .*already over"),
    (lambda r: r["deals"][0]["scores"].__setitem__(0, 5), r"deal 1: recorded scores"),
    (lambda r: r["deals"][1]["deck"].__setitem__(0, "JK"), r"deal 2: deck must hold"),
    (lambda r: r["deals"][1].update(dealer=(r["deals"][1]["dealer"] + 1) % 4), r"deal 2: the dealer must be seat"),
    (lambda r: r.update(totals=[0, 0, 0, 0]), r"recorded totals"),
    (lambda r: r.update(winner=[1]), r"recorded winner"),
    (lambda r: r.update(format="cardlab.record/0"), r"'format' must be"),
    (lambda r: r.update(game="chess"), r"unknown game 'chess'"),
    (lambda r: r.update(rules={"burn": "yes"}), r"option 'burn' cannot be 'yes'"),
    (lambda r: r.update(deals=[]), r"'deals' must be a non-empty list"),
    (lambda r: r["deals"][1]["actions"].__setitem__(0, ["play"]), r"deal 2, action 1 .*must be an object"),
])
def test_damaged_records_are_refused_with_where_and_why(match_record, change, message):
    cardlab.replay(match_record)  # the undamaged record is fine
    with pytest.raises(RecordError, match=message):
        cardlab.replay(damaged(match_record, change))


def test_replay_reads_json_text_and_files(match_record, tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(match_record))
    assert cardlab.replay(str(path)).record() == match_record
    assert cardlab.replay(json.dumps(match_record)).record() == match_record
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        cardlab.replay(str(path))
    with pytest.raises(RecordError, match="cannot read record file"):
        cardlab.replay(str(tmp_path / "missing.json"))


def test_replay_continues_an_unfinished_match_like_the_original(golyi4):
    full = cardlab.play(golyi4, "random", seed=3, match=True)
    partial = golyi4.match(seed=3)
    for action in full.deals[0].actions + full.deals[1].actions[:10]:
        partial.apply(action)
    resumed = cardlab.replay(partial.record())
    for deal in full.deals[1:]:
        for action in deal.actions[len(resumed.deal.actions) if deal.index == 1 else 0:]:
            resumed.apply(action)
    assert resumed.record() == full.record()


def test_trace_gives_one_layout_per_event(golyi4):
    state = cardlab.play(golyi4, "random", seed=1)
    traced = cardlab.replay(state.record(), trace=True)
    deal = traced.deal
    assert len(deal.trace) == len(deal.events)
    plays = [i for i, e in enumerate(deal.events) if e.kind in ("play", "capture")]
    first = plays[0]
    laid = deal.actions[0].value
    assert laid in deal.trace[first].zone("table").cards or any(laid in z.cards for z in deal.trace[first].zones
                                                                 if z.name == "won")
    assert laid in deal.trace[first - 1].zone("hand", deal.actions[0].player).cards


def test_view_checks_the_seat(golyi4):
    state = golyi4.deal(seed=1)
    with pytest.raises(IllegalActionError, match="player must be a seat 0..3"):
        state.view(4)
    assert state.view(state.current_player).legal_actions


def test_no_global_random_state_is_touched(golyi4):
    np.random.seed(123)
    expected = np.random.random()
    np.random.seed(123)
    cardlab.play(golyi4, "random", seed=2, match=True)
    cardlab.question("golyi.sweep", players=4).simulate(100, seed=1)
    assert np.random.random() == expected
