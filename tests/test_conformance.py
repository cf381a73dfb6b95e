"""The generic conformance suite: every registered game, every player count, both presets (DESIGN.md, Testing)."""

import json
from collections import Counter

import numpy as np
import pytest

import cardlab
from cardlab.agents import make_agents
from cardlab.cards import Card
from cardlab.engine import PRESETS, Action, Deal, IllegalActionError, ZoneCards, definition

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
        deck = Counter(state.deal.deck)

        def check(s, _action, deck=deck):
            assert Counter(s.deal.cards_in_play()) == deck

        random_run(state, seed, check)
        assert Counter(state.deal.cards_in_play()) == deck
        scores = state.scores()
        assert len(scores) == players and all(isinstance(v, int) for v in scores)
        assert state.winners() and set(state.winners()) <= set(range(players))


def next_deck_and_carried(game, previous):
    """What the deal after ``previous`` starts with: its deck (``deck_cards(previous)`` where the game defines it,
    else the full deck) and the cards carried over outside that deck (the rest of the full deck)."""
    full = Counter(game.full_deck())
    deck_cards = game.definition.deck_cards
    deck = full if previous is None or deck_cards is None else Counter(deck_cards(previous))
    assert not deck - full, "a deal's deck must be part of the game's full deck"
    return deck, full - deck


def check_clash_carry(previous, deal, carried):
    """Clash §3.4, §4.1, §4.5, §7.1: the carried cards are the 3 of the previous defender's keep group (as his
    arrange action names them), left in his keep zone at the end of that round; he attacks next round with them
    in his 16-card hand, and the other player, now the defender, moves first."""
    if previous is None:
        assert not carried
        return
    arrange = previous.actions[0].to_json()
    keeper = arrange["player"]
    kept = Counter(Card.parse(code) for code in arrange["arrange"]["keep"])
    assert sum(kept.values()) == 3 and carried == kept, f"carried {carried} but the defender kept {kept}"
    left = Counter(c for z in previous.layout().zones if z.name == "keep" and z.owner == keeper for c in z.cards)
    assert left == kept, "the keep group must stay with the defender at the end of the round"
    hand = deal.layout().zone("hand", keeper).cards
    assert len(hand) == 16 and not kept - Counter(hand), "the previous defender attacks with his 3 kept cards"
    assert deal.current_player == 1 - keeper and not deal.actions


def check_deal_start(game, state):
    """The deal that has just begun: its deck is the one the rules give, and what it holds is that deck plus the
    carried cards. Returns that multiset, which every later action of the deal must keep."""
    deal = state.deal
    previous = state.deals[-2] if len(state.deals) > 1 else None
    deck, carried = next_deck_and_carried(game, previous)
    assert Counter(deal.deck) == deck, f"deal {deal.index + 1} does not start with the rules' deck"
    if game.name == "clash":
        check_clash_carry(previous, deal, carried)
    start = deck + carried
    check_cards(deal, start)
    return start


def check_cards(deal, start):
    """Every card of the deal is somewhere, exactly once: in ``cards_in_play`` and in the full layout's zones (which
    show face-down piles as blanks, so only their count and the known faces are compared)."""
    assert Counter(deal.cards_in_play()) == start, f"deal {deal.index + 1}, action {len(deal.actions)}"
    slots = [card for zone in deal.layout().zones for card in zone.cards]
    assert len(slots) == sum(start.values()), f"deal {deal.index + 1}: the layout shows a different card count"
    assert not Counter(c for c in slots if c is not None) - start, f"deal {deal.index + 1}: layout has extra cards"


def check_totals(game, state):
    """One totals entry per finished deal, each the previous totals with the deal's scores added as the game adds
    them (``add_scores``: Golyi's burn resets totals), the match over exactly after the last deal."""
    spec = game.definition
    deals = state.clone().deals  # add_scores may narrate (the burn): add on copies, not the played deals
    totals = [0] * game.players
    assert len(state.totals_history) == len(deals)
    for k, deal in enumerate(deals):
        scores = deal.scores()
        totals = spec.add_scores(totals, deal) if spec.add_scores else [t + s for t, s in zip(totals, scores)]
        assert state.totals_history[k] == totals, f"totals after deal {k + 1}"
        winners = spec.match_winners(totals, game, deals[:k + 1])
        if k < len(deals) - 1:
            assert winners is None, f"the match should have ended after deal {k + 1}"
        else:
            assert winners is not None and sorted(winners) == state.winners()
    assert state.totals() == totals


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_match_conserves_cards_across_deals_and_totals(name, players, preset):
    game = cardlab.load_game(name, players=players, preset=preset)
    for seed in SEEDS[:4]:
        state = game.match(seed=seed)
        rng = np.random.default_rng(seed)
        assert state.totals_history == []
        starts = [check_deal_start(game, state)]
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[int(rng.integers(len(actions)))])
            assert len(state.totals_history) == sum(deal.is_over() for deal in state.deals)
            if len(state.deals) > len(starts):  # that action ended a deal and the next one began
                assert len(state.deals) == len(starts) + 1
                check_cards(state.deals[-2], starts[-1])
                starts.append(check_deal_start(game, state))
            check_cards(state.deal, starts[-1])
        check_totals(game, state)


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


@pytest.mark.parametrize("name,players,preset", CONFIGS, ids=IDS)
def test_an_observation_holds_the_views_cards_without_its_words(name, players, preset):
    """Agents decide on ``state.observe(seat)``, read from the game's own ``zone_cards()``: at every step of
    whole matches (random and smart seats), every zone is the layout's zone, with the same cards in the same
    order, masked for each seat exactly as its view is."""
    game = cardlab.load_game(name, players=players, preset=preset)
    for seed in range(3):
        state = game.match(seed=seed)
        agents = make_agents(game, "smart,random" if players == 2 else "smart", seed=seed)
        while not state.is_terminal():
            deal = state.deal
            assert deal.zone_cards() == Deal.zone_cards(deal), f"{name}: zone_cards() is not the layout's cards"
            for seat in range(players):
                seen = state.observe(seat)
                view = state.view(seat)
                assert seen.zones == tuple(ZoneCards(z.name, z.owner, z.visible_to, z.cards)
                                           for z in view.layout.zones)
                assert len(seen.legal_actions) == len(view.legal_actions)
                assert all(seen.legal_actions[i] == view.legal_actions[i]
                           for i in sample_indices(len(view.legal_actions)))
            seat = state.current_player
            state.apply(agents[seat].act(state, seat))


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
