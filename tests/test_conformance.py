"""The generic conformance suite: every registered game, every player count, both presets (DESIGN.md, Testing)."""

import json

import numpy as np
import pytest

import cardlab
from cardlab.cards import card_counts
from cardlab.engine import PRESETS, Action, IllegalActionError, definition

CONFIGS = [(name, players, preset)
           for name in cardlab.games()
           for players in definition(name).players
           for preset in PRESETS]
IDS = [f"{name}-{players}p-{preset}" for name, players, preset in CONFIGS]
SEEDS = range(6)


def sample_indices(size, most=60):
    """All indices of a small action list; an even spread over a huge lazy one (Clash's arrangements)."""
    return range(size) if size <= most else sorted({round(i * (size - 1) / (most - 1)) for i in range(most)})


def snapshot(state):
    return json.dumps(state.record(), sort_keys=True), repr(state.layout(None)), len(state.events)


def random_run(state, seed, each=None):
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert len(actions) > 0, "legal actions must be non-empty until the deal is over"
        assert state.current_player is not None
        assert all(actions[i].player == state.current_player for i in sample_indices(len(actions)))
        action = actions[int(rng.integers(len(actions)))]
        if each:
            each(state, action)
        state.apply(action)
    assert state.current_player is None and len(state.legal_actions()) == 0
    return state


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_random_play_conserves_cards_and_ends(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    for seed in SEEDS:
        state = game.deal(seed=seed)
        deck = card_counts(state.deal.deck)

        def check(s, _action, deck=deck):
            assert card_counts(s.deal.cards_in_play()) == deck

        random_run(state, seed, check)
        assert card_counts(state.deal.cards_in_play()) == deck
        scores = state.scores()
        assert len(scores) == players and all(isinstance(v, int) for v in scores)
        assert state.winners() and set(state.winners()) <= set(range(players))


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_illegal_actions_are_refused_and_change_nothing(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    other = cardlab.play(game, "random", seed=99)  # a source of actions that are legal elsewhere
    foreign = [a for d in other.deals for a in d.actions]
    state = game.deal(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    while not state.is_terminal() and steps < 40:
        legal = state.legal_actions()
        before = snapshot(state)
        wrong_seat = [Action((legal[i].player + 1) % players, legal[i].kind, legal[i].value)
                      for i in range(min(3, len(legal)))]
        elsewhere = [a for a in foreign[steps:steps + 5] if a not in legal]
        malformed = [{"player": state.current_player}, {"player": players, legal[0].kind: True},
                     {"player": state.current_player, "nonsense": 1}, "play", None]
        for bad in wrong_seat + elsewhere + malformed:
            with pytest.raises(IllegalActionError) as error:
                state.apply(bad)
            assert str(error.value)  # a message that says what was wrong
            assert snapshot(state) == before
        state.apply(legal[int(rng.integers(len(legal)))])
        steps += 1


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_clone_is_independent(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    state = game.deal(seed=5)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    random_run(twin, 1)
    assert snapshot(state) == before
    random_run(state, 1)
    assert snapshot(state) == snapshot(twin)


@pytest.mark.parametrize("match", [False, True], ids=["deal", "match"])
@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_record_json_replay_round_trip(name, players, preset, match):
    game = cardlab.load_game(name, players=players, preset=preset)
    for seed in SEEDS[:3]:
        state = cardlab.play(game, "random", seed=seed, match=match)
        text = json.dumps(state.record())
        again = cardlab.replay(text)
        assert again.record() == state.record()
        assert [e.text for e in again.events] == [e.text for e in state.events]
        assert again.totals() == state.totals() and again.winners() == state.winners()
        # an unfinished game replays to the same unfinished state
        partial = game.match(seed=seed) if match else game.deal(seed=seed)
        random_run_steps = min(7, len(state.deal.actions))
        for action in state.deals[0].actions[:random_run_steps]:
            partial.apply(action)
        assert cardlab.replay(partial.record()).record() == partial.record()


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_same_seed_same_record(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    first = cardlab.play(game, "random", seed=42, match=True).record()
    second = cardlab.play(game, "random", seed=42, match=True).record()
    assert first == second
    assert cardlab.play(game, "random", seed=43, match=True).record() != first
    # the first deal of a match is the deal of the same seed
    assert game.deal(seed=42).deal.deck == game.match(seed=42).deal.deck
    assert game.deal(seed=42, dealer=0).deal.deck == game.deal(seed=42).deal.deck


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_views_hide_other_seats_cards(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    state = game.deal(seed=8)
    rng = np.random.default_rng(8)
    while not state.is_terminal():
        full = state.layout(None)
        for seat in range(players):
            view = state.view(seat)
            for zone, seen in zip(full.zones, view.layout.zones):
                assert zone.name == seen.name and len(zone.cards) == len(seen.cards)
                hidden = zone.visible_to == "none" or (zone.visible_to == "owner" and zone.owner != seat)
                if hidden:
                    assert all(c is None for c in seen.cards), f"seat {seat} sees {zone.label}"
                else:
                    assert seen.cards == zone.cards
            assert all(e.visible_to in (None, seat) for e in view.events)
            if state.current_player == seat:
                legal = state.legal_actions()
                assert len(view.legal_actions) == len(legal)
                assert all(view.legal_actions[i] == legal[i] for i in sample_indices(len(legal)))
            else:
                assert len(view.legal_actions) == 0
        actions = state.legal_actions()
        state.apply(actions[int(rng.integers(len(actions)))])


@pytest.mark.parametrize("name", cardlab.games())
def test_unknown_options_presets_and_players_are_refused(name):
    spec = definition(name)
    with pytest.raises(cardlab.RulesError, match="options are"):
        cardlab.load_game(name, no_such_option=1)
    with pytest.raises(cardlab.RulesError, match="presets"):
        cardlab.load_game(name, preset="house")
    with pytest.raises(cardlab.RulesError, match="is played by"):
        cardlab.load_game(name, players=max(spec.players) + 1)
    for option in spec.options.values():
        with pytest.raises(cardlab.RulesError, match=option.name):
            cardlab.load_game(name, **{option.name: "not a value"})
    rules = cardlab.load_game(name).rules
    assert set(rules.asdict()) == set(spec.options)
    assert cardlab.load_game(name, preset="original").rules.preset == "original"
