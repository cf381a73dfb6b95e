"""Reading records strictly (rules/README.md, "Record format"): one test per way a record can be wrong, the
single-deal records (``"match": false``), the size limits and the messages."""

import copy
import json
import subprocess
import sys
from functools import cache

import pytest

import cardlab
from cardlab import IllegalActionError, RecordError
from cardlab.i18n import language


@cache
def _record_text(name, players, match, seed, options=()):
    game = cardlab.load_game(name, players=players, **dict(options))
    return json.dumps(cardlab.play(game, "random", seed=seed, match=match).record())


def record(name="golyi", players=4, match=False, seed=1, **options):
    """A fresh copy of a real record, played by random agents."""
    return json.loads(_record_text(name, players, match, seed, tuple(sorted(options.items()))))


def refused(data, message=None, **kwargs):
    with pytest.raises(RecordError) as caught:
        cardlab.replay(data, **kwargs)
    text = str(caught.value)
    if message is not None:
        assert message in text, text
    assert len(text) < 400 and "\n" not in text, text
    return text


def first(actions, kind):
    return next(i for i, a in enumerate(actions) if kind in a)


# ----------------------------------------------------------------------------------------------------- crashes
@pytest.mark.parametrize("winner", [["0", 1], 2, [1, 1], [5], [True], None])
def test_winner_of_the_wrong_type_is_refused(winner):
    data = record()
    data["winner"] = winner
    refused(data, "'winner' must be a list of different seats 0..3")


@pytest.mark.parametrize("key", ["players", "preset", "name", "game", "trace"])
def test_rules_keys_that_are_load_game_arguments_are_unknown_options(key):
    data = record()
    data["rules"] = {key: 4}
    refused(data, f"has no option '{key}'")


def test_a_joker_in_a_clash_answer_is_refused():
    data = record("clash", 2)
    actions = data["deals"][0]["actions"]
    actions[first(actions, "answer")]["answer"][0] = "JK"
    refused(data, "Clash is played without jokers")


def swapped_record(key):
    data = record("strike", 3, seed=1)
    actions = data["deals"][0]["actions"]
    swap = actions[first(actions, "swap")]["swap"]
    old = next(iter(swap))
    swap[key] = swap.pop(old)
    return data


@pytest.mark.parametrize("key", ["²", "9" * 5000, "0003", "٣", "03", " 3", "-1"])
def test_strike_swap_keys_are_exactly_0_to_5(key):
    text = refused(swapped_record(key), "swap positions are '0'–'5'")
    assert len(text) < 300


def test_a_5000_digit_integer_is_refused_in_text_and_in_a_dict():
    text = _record_text("golyi", 4, False, 1)
    refused(text.replace('"seed": 1', '"seed": ' + "7" * 5000), "a number with 5000 digits")
    refused(text.replace('"dealer": ', '"dealer": 1' + "0" * 5000 + ", \"x\": "), "a number with 5001 digits")
    data = record()
    data["deals"][0]["actions"][3]["player"] = 10**5000
    refused(data, "a number with 5001 digits")


def test_json_nested_1000_deep_is_refused():
    deep = '{"format": ' + "[" * 1000 + "]" * 1000 + "}"
    refused(deep, "nested more than")
    data = record()
    nest = []
    for _ in range(1000):
        nest = [nest]
    data["deals"][0]["actions"][0]["play"] = nest
    refused(data, "nested more than")


def test_a_file_with_a_byte_that_is_not_utf8_is_refused(tmp_path):
    text = _record_text("golyi", 4, False, 1).encode()
    for position in (0, 5, len(text) // 2, len(text) - 1):
        path = tmp_path / f"bad{position}.json"
        path.write_bytes(text[:position] + b"\xff" + text[position:])
        refused(path, f"byte 0xff at position {position} is not UTF-8")
    refused(b"\xc3" + text, "is not UTF-8")


@pytest.mark.parametrize("source", [None, 7, 2.5, ["a"], object()])
def test_a_source_of_the_wrong_type_is_refused(source):
    refused(source, "a record must be a dict, JSON text (str or bytes) or a file path, got")


def test_a_path_is_a_file_and_bytes_are_the_document(tmp_path):
    text = _record_text("golyi", 4, False, 1)
    path = tmp_path / "r.json"
    path.write_text(text)
    assert cardlab.replay(path).record() == json.loads(text)
    assert cardlab.replay(text.encode()).record() == json.loads(text)
    refused(tmp_path / "missing.json", "cannot read record file")
    refused(str(tmp_path / "nul\0.json"), "cannot read record file")


# ----------------------------------------------------------------------------------------------------- canonical
@pytest.mark.parametrize("card", ["2d", "10♥", " 7D ", "1H", "TH", "qs", "joker"])
def test_cards_are_written_exactly_as_the_notation(card):
    data = record()
    data["deals"][0]["deck"][0] = card
    refused(data, "deal 1: deck: cannot read card")
    data = record()
    data["deals"][0]["actions"][0]["play"] = card
    refused(data, "deal 1, action 1 (")


@pytest.mark.parametrize("field", ["format", "game", "players", "rules", "seed", "deals", "totals", "winner"])
def test_every_field_of_a_record_is_required(field):
    data = record()
    del data[field]
    refused(data, f"the field '{field}' is missing")


@pytest.mark.parametrize("field", ["dealer", "deck", "shuffles", "actions", "scores"])
def test_every_field_of_a_deal_is_required(field):
    data = record()
    del data["deals"][0][field]
    refused(data, f"deal 1: the field '{field}' is missing")


def test_unknown_fields_are_refused():
    data = record()
    data["note"] = "hi"
    refused(data, "unknown field 'note'")
    data = record()
    data["deals"][0]["extra"] = []
    refused(data, "unknown field 'extra'")


def test_rules_list_every_option_of_the_game_and_nothing_else():
    data = record()
    data["rules"] = {"preset": "original"}
    refused(data, "has no option 'preset'")
    data["rules"] = {"burn": False}
    refused(data, "must list every option of Golyi with its value; missing: lead_capture")
    data["rules"] = {"burn": 0, "lead_capture": True}
    refused(data, "option 'burn' cannot be 0")
    strike = record("strike", 3)
    for bad in (0, -3, 1.0, True, "1", None):
        strike["rules"]["frames"] = bad
        refused(strike, "option 'frames' cannot be")


def test_shuffles_only_where_the_game_has_later_chance_events():
    golyi = record()
    golyi["deals"][0]["shuffles"] = [golyi["deals"][0]["deck"]]
    refused(golyi, "deal 1: 1 shuffles listed, but the deal has 0 chance events")
    strike = record("strike", 3)
    assert strike["rules"]["reshuffle"] is False
    strike["deals"][0]["shuffles"] = [["AS"]]
    refused(strike, "1 shuffles listed, but the deal has 0")
    strike["deals"][0]["shuffles"] = [[] for _ in range(20_000)]
    refused(strike, "20000 shuffles listed")


@pytest.mark.parametrize("players", [4.0, None, True, "4", 3, 10**30])
def test_players_is_a_whole_number_the_game_allows(players):
    data = record()
    data["players"] = players
    refused(data, "Golyi is played by 2, 4, 6 players")


def test_bools_are_not_taken_for_whole_numbers():
    data = record("pickup", 2)
    winner = data["winner"][0]
    for change, message in [
        (lambda d: d["deals"][0].update(dealer=bool(d["deals"][0]["dealer"])), "dealer must be a seat"),
        (lambda d: d["deals"][0]["actions"][0].update(player=bool(d["deals"][0]["actions"][0]["player"])),
         "'player' must be a seat"),
        (lambda d: d.update(winner=[True] if winner == 1 else [False]), "'winner' must be"),
        (lambda d: d.update(seed=True), "'seed' must be"),
    ]:
        bad = copy.deepcopy(data)
        change(bad)
        refused(bad, message)
    scores = data["deals"][0]["scores"]
    if 1 in scores or 0 in scores:  # a score of 1 or 0 written as true/false
        bad = copy.deepcopy(data)
        bad["deals"][0]["scores"] = [True if v == 1 else False if v == 0 else v for v in scores]
        refused(bad, "'scores' must be a list of 2 whole numbers")
    bad = copy.deepcopy(data)
    bad["totals"] = [float(v) for v in bad["totals"]]
    refused(bad, "'totals' must be a list of 2 whole numbers")


def test_scores_totals_and_winner_are_checked_against_the_recomputed_ones():
    data = record("golyi", 4, match=True, seed=7)
    for change, message in [
        (lambda d: d["deals"][0]["scores"].__setitem__(0, d["deals"][0]["scores"][0] + 1), "deal 1: recorded scores"),
        (lambda d: d["totals"].__setitem__(1, d["totals"][1] + 1), "recorded totals"),
        (lambda d: d.update(winner=[s for s in range(4) if s not in d["winner"]]), "recorded winner"),
        (lambda d: d["deals"][0]["scores"].__setitem__(0, float(d["deals"][0]["scores"][0])), "'scores' must be"),
        (lambda d: d.update(winner=d["winner"][::-1]), "in increasing order"),
    ]:
        bad = copy.deepcopy(data)
        change(bad)
        refused(bad, message)


def test_duplicate_keys_and_nan_are_refused():
    text = _record_text("golyi", 4, False, 1)
    refused(text.replace('"seed": 1', '"seed": 1, "seed": 1'), "names the key 'seed' twice")
    refused(text.replace('"seed": 1', '"seed": NaN'), "NaN")


def test_other_readers_of_the_document_shape():
    data = record()
    data["deals"][0]["actions"][0] = {"player": 0, 5: 1}
    refused(data, "is not a string")
    data = record()
    data["deals"][0]["actions"][0]["play"] = ("AS",)
    refused(data, "is not a JSON value")


# ----------------------------------------------------------------------------------------------------- single deals
def test_a_single_deal_record_says_match_false_and_names_the_deal_winner():
    game = cardlab.load_game("golyi", players=4)
    state = cardlab.play(game, "random", seed=3)
    data = state.record()
    scores = data["deals"][0]["scores"]
    assert data["match"] is False and data["winner"] == [s for s in range(4) if scores[s] == max(scores)]
    assert len(data["winner"]) >= 2  # Golyi plays in teams: both members of the winning team
    again = cardlab.replay(data)
    assert again.record() == data and not again.is_match
    data["winner"] = data["winner"][:1]
    refused(data, "recorded winner")


def test_a_match_record_has_no_match_field_and_a_one_deal_match_is_not_won():
    game = cardlab.load_game("golyi", players=4)
    match = game.match(seed=3)
    single = cardlab.play(game, "random", seed=3)
    for action in single.deal.actions:
        match.apply(action)
    data = match.record()
    assert "match" not in data and data["winner"] == [] and len(data["deals"]) == 2
    data["deals"].pop()  # the record of the first deal only: a match record whose winner is still []
    again = cardlab.replay(data)
    assert again.is_match and again.winners() == [] and again.totals() == data["totals"]
    data["winner"] = single.winners()
    refused(data, "recorded winner")
    data["match"] = True
    data["winner"] = []
    assert cardlab.replay(data).is_match


def test_a_single_deal_record_holds_one_finished_deal():
    data = record("golyi", 4, match=True, seed=7)
    assert len(data["deals"]) > 1
    data["match"] = False
    refused(data, "holds exactly one deal, this one has")
    data = record()
    data["deals"][0]["actions"].pop()
    data["deals"][0]["scores"] = None
    data["totals"], data["winner"] = [0, 0, 0, 0], []
    refused(data, "the actions stop before its end")
    del data["match"]  # the same unfinished deal is the start of a match
    assert not cardlab.replay(data).is_terminal()
    data["match"] = 1
    refused(data, "'match' must be true or false")


def test_an_unfinished_single_deal_is_written_as_the_start_of_a_match():
    game = cardlab.load_game("clash")
    state = game.deal(seed=2)
    state.apply(state.legal_actions()[0])
    data = state.record()
    assert "match" not in data and data["winner"] == [] and data["deals"][0]["scores"] is None
    assert cardlab.replay(data).record() == data


def test_the_cli_play_without_match_writes_a_single_deal_record():
    result = subprocess.run([sys.executable, "-m", "cardlab", "play", "pickup", "--seed", "4", "--json"],
                            capture_output=True, text=True, timeout=120)
    data = json.loads(result.stdout)
    assert data["match"] is False and len(data["deals"]) == 1
    assert cardlab.replay(data).winners() == data["winner"]


# ----------------------------------------------------------------------------------------------------- limits
def test_records_over_max_bytes_are_refused_before_parsing(tmp_path):
    text = _record_text("golyi", 4, False, 1)
    path = tmp_path / "r.json"
    path.write_text(text)
    assert cardlab.replay(path, max_bytes=len(text))
    refused(path, f"has {len(text)} bytes, more than the limit of {len(text) - 1}", max_bytes=len(text) - 1)
    refused(text, "more than the limit of 100", max_bytes=100)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:  # 11 MB of something that is not JSON: the size is what is refused
        handle.truncate(11_000_000)
    refused(huge, "more than the limit of 10000000")


def test_echoed_values_are_shortened():
    from cardlab.records import shorten

    data = record()
    data["deals"][0]["dealer"] = 2**5000
    refused(data, "a number with 1506 digits")
    assert shorten(2**5000) == "(an integer of 1506 digits)"
    assert shorten("x" * 5000) == "'" + "x" * 78 + "…"
    assert shorten({"a": [True, None, 2.5]}) == "{'a': [True, None, 2.5]}"
    loop = []
    loop.append(loop)
    assert len(shorten(loop)) <= 80 and len(shorten([["y" * 50] * 9] * 9)) == 80
    game = cardlab.load_game("golyi", players=4)
    with pytest.raises(IllegalActionError) as caught:
        game.deal(seed=1).apply({"player": 0, "play": "Q" * 10_000})
    assert len(str(caught.value)) < 400


# ----------------------------------------------------------------------------------------------------- actions
@pytest.mark.parametrize("action", [
    {"player": 3, 5: 1}, {"player": 0, "play": ["AS"]}, {"player": 0, "play": None}, {"player": "0", "play": "AS"},
    {"player": 0}, {"play": "AS"}, {"player": 0, "play": "AS", "pass": True}, ["player", 0], None,
])
def test_malformed_action_dicts_are_illegal_actions(action):
    state = cardlab.load_game("golyi", players=4).deal(seed=1)
    with pytest.raises(IllegalActionError):
        state.apply(action)


@pytest.mark.parametrize("name,action", [
    ("pickup", {"player": 0, "pass": 10**5000}), ("pickup", {"player": 0, "take": "AS", "hand": "AH"}),
    ("strike", {"player": 0, "swap": {"²": "AS"}}), ("strike", {"player": 0, "exchange": [["AS"]]}),
    ("clash", {"player": 0, "reveal": 10**5000}), ("clash", {"player": 0, "answer": ["JK"]}),
    ("clash", {"player": 0, "arrange": {"1": "AS"}}),
])
def test_malformed_actions_of_every_game_are_illegal_actions(name, action):
    state = cardlab.load_game(name).deal(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert len(str(caught.value)) < 400


# ----------------------------------------------------------------------------------------------------- language
def test_record_errors_read_in_the_current_language():
    data = record()
    data["deals"][0]["actions"][0]["play"] = "ZZ"
    with language("ru"):
        text = refused(data)
    assert text.startswith("сдача 1, ход 1 (")
    data = record()
    del data["totals"]
    with language("ru"):
        assert "нет поля 'totals'" in refused(data)
    assert "the field 'totals' is missing" in refused(data)


def test_the_cli_prints_one_line_and_exits_2(tmp_path):
    cases = {"deep.json": b'{"a": ' + b"[" * 1000 + b"]" * 1000 + b"}", "latin1.json": b'{"game": "\xe9"}',
             "winner.json": _record_text("golyi", 4, False, 1).replace('"winner": [', '"winner": ["0", ').encode()}
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        result = subprocess.run([sys.executable, "-m", "cardlab", "replay", str(path), "--lang", "ru"],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(("error: ", "ошибка: "))
    braces = tmp_path / "{odd}.json"  # a file name that looks like JSON is still a file name on the command line
    braces.write_text(_record_text("pickup", 2, False, 1))
    ok = subprocess.run([sys.executable, "-m", "cardlab", "replay", str(braces)], capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0, ok.stderr


def test_until_replays_a_prefix_of_a_checked_record():
    data = record("golyi", 4, match=True, seed=7)
    state = cardlab.replay(data, until=(1, 10))
    assert state.deals[1].index == 1 and len(state.deals[1].actions) == 10
    for bad in [(5, 0), (0, 10**6), (1, -1), "1,2", (True, 1)]:
        refused(data, "until= must be", until=bad)


def test_later_decks_of_a_seeded_match_come_from_its_seed():
    data = record("golyi", 4, match=True, seed=7)
    assert len(data["deals"]) > 1
    data["seed"] = 8
    refused(data, "deal 2: the deck is not the one seed 8 gives this deal")
    data["seed"] = None  # decks given, not drawn: nothing to compare
    assert cardlab.replay(data).totals() == data["totals"]


@pytest.mark.parametrize("limit", [-1, 1.5, None, "10"])
def test_max_bytes_must_be_a_whole_number(limit):
    refused(record(), "max_bytes= must be a whole number of bytes", max_bytes=limit)
