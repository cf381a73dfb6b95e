"""Fuzzing the record reader: real records of every game, player count and preset (random agents, single deals
and short matches) are damaged in many ways (cards, actions, fields, types, sizes, nesting, encodings, deletions,
duplications). For each damaged record ``cardlab.replay`` must either refuse it with a RecordError, or accept it,
and then an independent re-play of its actions through ``game.deal(deck=..., dealer=...)`` must give the scores,
totals and winner it records. Never another exception. A small sample goes through the command line too.

``HYPOTHESIS_PROFILE=thorough`` runs many more examples; ``pytest -s`` prints what the fuzzers ran.
"""

import copy
import json
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import RecordError
from cardlab.engine import PRESETS, definition
from cardlab.games.clash import deal_with_defender
from cardlab.records import CARD_CODES, canonical_form

SEEDS = (0, 1)
COUNTS: Counter = Counter()  # what the fuzzers ran: examples, accepted, refused (reported with -s)
BASE_EXAMPLES = settings().max_examples  # the profile's number ("ci": 100, "thorough": 2000)


def _base_records():
    records = {}
    for name in cardlab.games():
        for players in definition(name).players:
            for preset in PRESETS:
                game = cardlab.load_game(name, players=players, preset=preset)
                for seed in SEEDS:
                    records[f"{name}-{players}-{preset}-deal-{seed}"] = cardlab.play(game, "random", seed=seed).record()
                match = cardlab.play(game, "random", seed=5, match=True)
                full = match.record()
                records[f"{name}-{players}-{preset}-match"] = _cut_match(full, match, len(match.deals))
                if len(match.deals) > 2:  # a short match: its first two deals, still unfinished
                    records[f"{name}-{players}-{preset}-match2"] = _cut_match(full, match, 2)
                partial = copy.deepcopy(full)  # a match stopped in the middle of its first deal
                del partial["deals"][1:]
                partial["deals"][0]["actions"] = partial["deals"][0]["actions"][:5]
                partial["deals"][0]["scores"] = None
                partial["deals"][0]["shuffles"] = []
                partial.update(totals=[0] * players, winner=[])
                records[f"{name}-{players}-{preset}-partial"] = partial
    # the one game with chance events inside a deal: Strike's shuffled reserve (§4.7), so records with shuffles
    game = cardlab.load_game("strike", players=3, reshuffle=True)
    for seed in SEEDS:
        state = cardlab.play(game, "random", seed=seed)
        records[f"strike-3-reshuffle-{seed}"] = state.record()
    return records


def _cut_match(full, match, deals):
    cut = copy.deepcopy(full)
    del cut["deals"][deals:]
    cut["totals"] = match.totals_history[deals - 1]
    cut["winner"] = full["winner"] if deals == len(match.deals) else []
    return cut


BASE = _base_records()
NAMES = sorted(BASE)


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    print(f"\nrecord fuzzing: {dict(sorted(COUNTS.items()))}")


def test_every_base_record_replays():
    assert any(r["deals"][0]["shuffles"] for r in BASE.values())  # some records have shuffles
    assert {r["game"] for r in BASE.values()} == set(cardlab.games())
    for name in NAMES:
        cardlab.replay(BASE[name])


# ----------------------------------------------------------------------------------------------------- mutations
CARD_LIKE = st.one_of(
    st.sampled_from(sorted(CARD_CODES)),
    st.sampled_from(["2d", "10♥", " 7D ", "1H", "TH", "qs", "JOKER", "🃏", "", "ZZ", "A", "10", "11H", "AS ",
                     "Ａ S", "١٠H", "\x00", "\ud800", "A" * 300]),
    st.text(max_size=6),
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(allow_nan=False),
                    CARD_LIKE, st.sampled_from([10**60, -(10**60), 4.0, 2**63, "0", "true"]))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                           max_leaves=12)


def locations(value, path=()):
    """Every (path, value) in a JSON tree, containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from locations(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from locations(item, (*path, index))


def parent_of(record, path):
    node = record
    for step in path[:-1]:
        node = node[step]
    return node


def pick(data, record, want=lambda path, value: True):
    spots = [(p, v) for p, v in locations(record) if p and want(p, v)]
    if not spots:
        return None
    return spots[data.draw(st.integers(0, len(spots) - 1), label="spot")]


def mutate_card(data, record):
    spot = pick(data, record, lambda p, v: isinstance(v, str) and v in CARD_CODES)
    if spot:
        path, _ = spot
        parent_of(record, path)[path[-1]] = data.draw(CARD_LIKE, label="card")


def mutate_value(data, record):
    spot = pick(data, record)
    if spot:
        path, value = spot
        parent_of(record, path)[path[-1]] = data.draw(st.one_of(JSON_VALUES, retype(value)), label="value")


def retype(value):
    """The same value in another JSON type: 4 -> 4.0, true, "4"; a list -> an object; ..."""
    options = [json.dumps(value)[:40], [value], {"0": value}, None]
    if isinstance(value, bool):
        options += [int(value)]
    elif isinstance(value, int):
        options += [float(value), bool(value), str(value), value + 1, -value - 1, value * 10**45]
    if isinstance(value, list):
        options += [dict(enumerate(map(str, range(len(value))))), value[::-1], value[:-1], value + value[:1]]
    if isinstance(value, dict):
        options += [list(value), list(value.values())]
    return st.sampled_from(options)


def delete(data, record):
    spot = pick(data, record)
    if spot:
        path, _ = spot
        parent = parent_of(record, path)
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])


def duplicate(data, record):
    spot = pick(data, record, lambda p, v: isinstance(v, list) and v)
    if spot:
        _, items = spot
        where = data.draw(st.integers(0, len(items) - 1), label="item")
        items.insert(data.draw(st.integers(0, len(items)), label="to"), copy.deepcopy(items[where]))


def move(data, record):
    spot = pick(data, record, lambda p, v: isinstance(v, list) and len(v) > 1)
    if spot:
        _, items = spot
        i, j = data.draw(st.integers(0, len(items) - 1)), data.draw(st.integers(0, len(items) - 1))
        items[i], items[j] = items[j], items[i]


def add_field(data, record):
    spot = pick(data, record, lambda p, v: isinstance(v, dict))
    node = spot[1] if spot else record
    key = data.draw(st.one_of(st.sampled_from(["match", "note", "preset", "players", "name", "scores", "0", "10",
                                               "player", "play", "pass", "hand", "swap", "draw", "keep"]),
                              st.text(max_size=5)), label="key")
    node[key] = data.draw(JSON_VALUES, label="new value")


def change_player(data, record):
    spot = pick(data, record, lambda p, v: len(p) >= 2 and p[-1] == "player")
    if spot:
        path, value = spot
        parent_of(record, path)["player"] = data.draw(st.one_of(st.integers(-1, 7), retype(value)), label="player")


def resize(data, record):
    spot = pick(data, record, lambda p, v: isinstance(v, list))
    if spot:
        _, items = spot
        filler = data.draw(st.sampled_from([[], "AS", 0, None, {"player": 0, "draw": True}]), label="filler")
        size = data.draw(st.sampled_from([1, 50, 5000, 25_000]), label="size")
        # a copy per item, as json.loads makes them: one shared list resized again would hold itself 25,000 times
        # over (hundreds of millions of places for this harness to walk, minutes of a run, not what a file holds)
        items.extend(copy.copy(filler) for _ in range(size))


def nest(data, record):
    spot = pick(data, record)
    if spot:
        path, value = spot
        for _ in range(data.draw(st.sampled_from([1, 3, 8, 20, 200, 1500]), label="depth")):
            value = [value]
        parent_of(record, path)[path[-1]] = value


def set_match(data, record):
    record["match"] = data.draw(st.sampled_from([False, True, 0, 1, None, "false"]), label="match")


def swap_record_part(data, record):
    """A part of another real record of the same game in its place: plausible but wrong."""
    others = [BASE[n] for n in NAMES if BASE[n]["game"] == record.get("game")] or [BASE[n] for n in NAMES]
    other = others[data.draw(st.integers(0, len(others) - 1), label="other")]
    field = data.draw(st.sampled_from(["deals", "totals", "winner", "rules", "players", "seed", "deal", "actions"]))
    deals = record.get("deals")
    first_deal = deals[0] if isinstance(deals, list) and deals and isinstance(deals[0], dict) else None
    if field == "deal" and first_deal is not None:
        deals[0] = copy.deepcopy(other["deals"][0])
    elif field == "actions" and first_deal is not None:
        first_deal["actions"] = copy.deepcopy(other["deals"][0]["actions"])
    elif field not in ("deal", "actions"):
        record[field] = copy.deepcopy(other[field])


MUTATIONS = [mutate_card, mutate_value, delete, duplicate, move, add_field, change_player, resize, nest, set_match,
             swap_record_part]


def encode(data, record):
    """The damaged record as it reaches replay: a dict, JSON text or bytes, perhaps damaged as text too."""
    form = data.draw(st.sampled_from(["dict", "text", "bytes", "bytes-damaged", "text-damaged"]), label="form")
    if form == "dict":
        return record
    try:
        text = json.dumps(record, ensure_ascii=data.draw(st.booleans(), label="ascii"))
    except (ValueError, RecursionError):  # a value json cannot write (too deep, too long): the dict itself
        return record
    if form == "text":
        return text
    if form == "text-damaged":
        cut = data.draw(st.integers(0, len(text)), label="at")
        piece = data.draw(st.sampled_from(['"', "{", "]", ",", '"seed": 1, "seed": 1, ', "NaN", "\ud800", "1e999",
                                           "-0", "9" * 5000, ""]), label="piece")
        return text[:cut] + piece + text[cut + data.draw(st.integers(0, 3), label="drop"):]
    raw = text.encode("utf-8", "surrogatepass")
    if form == "bytes-damaged":
        kind = data.draw(st.sampled_from(["byte", "latin1", "utf16", "bom", "truncate"]), label="encoding")
        if kind == "byte":
            at = data.draw(st.integers(0, len(raw)), label="at")
            raw = raw[:at] + bytes([data.draw(st.integers(0x80, 0xff), label="byte")]) + raw[at:]
        elif kind == "latin1":
            raw = text.replace('"', '"é', 1).encode("latin-1", "replace")
        elif kind == "utf16":
            raw = text.encode("utf-16", "surrogatepass")
        elif kind == "bom":
            raw = b"\xef\xbb\xbf" + raw
        else:
            raw = raw[:data.draw(st.integers(0, len(raw)), label="length")]
    return raw


def damaged_record(data):
    name = data.draw(st.sampled_from(NAMES), label="base")
    record = copy.deepcopy(BASE[name])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        mutation(data, record)
        if mutation is nest:  # the last one: this harness walks the record recursively
            break
    return encode(data, record)


# ----------------------------------------------------------------------------------------------------- oracle
def check_accepted(source, state):
    """An accepted record: its fields are those of the replayed state, and re-playing every deal's actions on a
    fresh deal with the same deck and dealer gives the recorded scores; single-deal winners are the best seats."""
    record = source if isinstance(source, dict) else json.loads(source)
    game = cardlab.load_game(record["game"], players=record["players"], **record["rules"])
    replayed = state.record()
    assert record["totals"] == replayed["totals"] and record["winner"] == replayed["winner"]
    for index, entry in enumerate(record["deals"]):
        again = replayed["deals"][index]
        assert (entry["dealer"], entry["deck"], entry["shuffles"], entry["scores"]) == \
               (again["dealer"], again["deck"], again["shuffles"], again["scores"])
        assert [canonical_form(a) for a in entry["actions"]] == [canonical_form(a) for a in again["actions"]]
        independent = len(entry["deck"]) == len(game.full_deck()) and not entry["shuffles"]
        if independent:  # a deal that game.deal can start on its own (not a Clash round with kept cards)
            fresh = fresh_deal(game, entry)
            for action in entry["actions"]:
                fresh.apply(action)
            assert fresh.scores() == entry["scores"]
        if independent and record.get("match") is False:
            assert (record["totals"], record["winner"]) == (fresh.totals(), fresh.winners())
    if record.get("match") is False:
        scores = record["deals"][0]["scores"]
        assert record["winner"] == [seat for seat, score in enumerate(scores) if score == max(scores)]
    elif game.definition.add_scores is None:  # totals are the sums of the deal scores
        finished = [entry["scores"] for entry in record["deals"] if entry["scores"] is not None]
        assert record["totals"] == [sum(s[seat] for s in finished) for seat in range(record["players"])]


def fresh_deal(game, entry):
    """A new deal with the entry's deck and dealer. Clash draws round 1's defender by lot (§3.1), which a record
    shows as the player of its first action: fix it the same way."""
    if game.name == "clash" and entry["actions"]:
        return deal_with_defender(game, entry["actions"][0]["player"], deck=entry["deck"], dealer=entry["dealer"])
    return game.deal(deck=entry["deck"], dealer=entry["dealer"])


def replay_or_refuse(source):
    COUNTS["examples"] += 1
    try:
        state = cardlab.replay(source)
    except RecordError as error:
        COUNTS["refused"] += 1
        message = str(error)
        assert message and "\n" not in message and len(message) < 600, message
        return None
    COUNTS["accepted"] += 1
    check_accepted(source, state)
    return state


@settings(max_examples=6 * BASE_EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_damaged_records_are_refused_or_replay_to_what_they_say(data):
    replay_or_refuse(damaged_record(data))


@settings(max_examples=2 * BASE_EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_one_changed_card_or_action_is_refused_or_consistent(data):
    """The subtle damage: one card of a deck or an action changed to another real card, or one action moved."""
    name = data.draw(st.sampled_from(NAMES), label="base")
    record = copy.deepcopy(BASE[name])
    data.draw(st.sampled_from([mutate_card, move, change_player]))(data, record)
    state = replay_or_refuse(record)
    if state is not None and record != BASE[name]:
        COUNTS["accepted-after-change"] += 1


@settings(max_examples=max(12, BASE_EXAMPLES // 8), suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_command_line_exits_0_or_2_with_one_line(tmp_path_factory, data):
    source = damaged_record(data)
    if isinstance(source, dict):
        try:
            source = json.dumps(source)
        except (ValueError, RecursionError):
            return
    raw = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    path = tmp_path_factory.mktemp("cli") / "record.json"
    path.write_bytes(raw)
    result = subprocess.run([sys.executable, "-m", "cardlab", "replay", str(path)], capture_output=True,
                            text=True, timeout=120)
    COUNTS["cli"] += 1
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode in (0, 2), result.stderr
    try:
        cardlab.replay(path)
        accepted = True
    except RecordError:
        accepted = False
    if result.returncode == 2:
        assert not accepted and len(result.stderr.splitlines()) == 1 and result.stdout == ""
    else:
        assert accepted and result.stderr == ""
