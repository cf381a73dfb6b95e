"""Clash's batch player against the engine: both presets, every combination of the two rule options, the random and
smart agents alone and mixed; tables and actions equal deal by deal (about 9,000 deals compared), decks made for
exact ties, the set tables against the ranking, the search's bounds against the scores they bound, the engine's own
search where no shortlisted completion is an arrangement, and the played question answered through the batch player
as by the engine."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_batch import assert_same_table, case_seed

import cardlab
from cardlab.cards import RANKS, make_deck
from cardlab.engine import chance_rng
from cardlab.games.clash import batch, batch_smart
from cardlab.games.clash.actions import HAND_SIZE, SET_SIZES, combination_table, sort_cards
from cardlab.games.clash.batch import BATCH, play_batch
from cardlab.games.clash.ranking import categories_of, rank_number, strengths_of
from cardlab.games.clash.search import best_arrangement
from cardlab.simulate import outcomes, row_seeds

OPTIONS = [dict(zip(("ranking", "tie"), values)) for values in itertools.product(("poker", "rarity"),
                                                                                 ("defender", "attacker"))]
GAMES = [("seed", options) for options in OPTIONS] + [("original", {}), ("original", {"ranking": "rarity"})]
AGENTS = [("smart", "smart"), ("random", "random"), ("random", "smart"), ("smart", "random")]


def _game(preset: str, options: dict[str, str]) -> cardlab.engine.Game:
    return cardlab.load_game("clash", preset=preset, **options)


@pytest.mark.parametrize(("preset", "options"), GAMES, ids=lambda value: str(value))
@pytest.mark.parametrize("agents", AGENTS, ids=",".join)
def test_the_table_is_the_engines(preset, options, agents):
    game = _game(preset, options)
    assert_same_table(game, agents, case_seed(preset, options, agents), 250)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_the_actions_are_the_engines(options):
    game = _game("seed", options)
    for agents in AGENTS:
        seeds = row_seeds(7, 30)
        played = play_batch(game, seeds, agents, True).played
        assert played == [[action.to_json() for action in cardlab.play(game, list(agents), seed=seed).deal.actions]
                          for seed in seeds], agents


def test_every_agent_of_the_game_is_batched():
    assert BATCH.agents == {"random", *cardlab.engine.definition("clash").agents}
    assert all(BATCH.can_play(_game(preset, options), ("smart", "random")) for preset, options in GAMES)


# ----------------------------------------------------------------------------------------------------- made decks
def _made_decks(rng: np.random.Generator, count: int, same_suit: bool) -> list[list[int]]:
    """Decks (card indices, top first) whose two hands hold the same ranks, so that answers tie exactly; with
    ``same_suit`` each hand is one suit (every set of 3 or 4 is a flush or a straight flush, and many sets of the
    defender's survive alike, so the search's first best decides among equal scores)."""
    decks = []
    for _ in range(count):
        if same_suit:
            suits = rng.permutation(4)
            ranks = rng.permutation(len(RANKS))
            hands = [[int(suits[0]) * 13 + int(r) for r in ranks], [int(suits[1]) * 13 + int(r) for r in ranks]]
        else:
            ranks = rng.permutation(len(RANKS))
            hands = [[], []]
            for r in ranks:
                a, b = rng.choice(4, 2, replace=False)
                hands[0].append(int(a) * 13 + int(r))
                hands[1].append(int(b) * 13 + int(r))
        top = [card for pair in zip(*hands) for card in pair]
        rest = [i for i in rng.permutation(52).tolist() if i not in top]
        decks.append(top + rest)
    return decks


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_decks_made_for_exact_ties_are_played_as_the_engine_plays_them(options, monkeypatch):
    game = _game("seed", options)
    rng = np.random.default_rng(len(str(options)))
    decks = _made_decks(rng, 40, same_suit=False) + _made_decks(rng, 40, same_suit=True)
    seeds = row_seeds(13, len(decks))
    dealers = [int(d) for d in rng.integers(2, size=len(decks))]

    def made_streams(game, seeds):
        streams = []
        for seed in seeds:  # a state given its deck draws the lot (kept only for a later deal) and no permutation
            stream = chance_rng(int(seed), 0)
            stream.integers(game.players)
            streams.append(stream)
        return np.array(dealers), np.array(decks), streams

    monkeypatch.setattr(batch, "deal_streams", made_streams)
    full = make_deck()
    for agents in AGENTS:
        played = play_batch(game, seeds, agents, True)
        for row, (seed, deck, dealer) in enumerate(zip(seeds, decks, dealers, strict=True)):
            state = game.deal(seed=seed, deck=[full[i] for i in deck], dealer=dealer)
            cardlab.play(game, list(agents), seed=seed, state=state)
            assert played.played[row] == [a.to_json() for a in state.deal.actions], (agents, row)
            assert played.scores[row].tolist() == state.scores()
            assert {name: values[row] for name, values in played.stats.items()} == state.deal.stats()
    assert sum(played.stats["ties"]) > 0


# ----------------------------------------------------------------------------------------------------- the parts
@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_the_set_tables_are_the_rankings_strengths_and_categories(ranking):
    rng = np.random.default_rng(2)
    for size in SET_SIZES:
        hands = np.array([sorted(rng.choice(52, 9, replace=False).tolist(), key=lambda i: (rank_number(
            make_deck()[i]), i)) for _ in range(200)])
        keys = batch_smart.set_keys(batch.RANK_OF[hands], hands // 13, size)
        sets = hands[:, combination_table(9, size)].reshape(-1, size)
        strength, _, category = batch_smart.set_table(size, ranking, "defender")
        assert strength[keys].ravel().tolist() == strengths_of(sets, ranking).tolist()
        assert category[keys].ravel().tolist() == categories_of(sets).tolist()


@pytest.mark.parametrize(("ranking", "tie"), [("poker", "defender"), ("rarity", "attacker")])
def test_every_bound_of_the_search_is_at_least_every_score_it_bounds(ranking, tie):
    # a bound below a score could set the best arrangement aside: the tables would then differ only on the rare
    # hands where it does, so the bounds are checked themselves, on every shortlisted (4-set, 3-set) pair
    rng = np.random.default_rng(8)
    order = batch.SORT_KEY
    hands = np.array([sorted(rng.choice(52, HAND_SIZE, replace=False).tolist(), key=lambda i: order[i])
                      for _ in range(1000)])
    sets = batch_smart._Hands(batch.RANK_OF[hands], hands // 13, ranking, tie)
    four = sets.fours().ravel()
    listed = four < 715
    deal, i4 = np.repeat(np.arange(len(hands)), 16)[listed], four[listed]
    bound4, pair_cap = sets.four_bound(deal, i4)
    j = sets.threes(deal, i4).ravel()
    pair = np.repeat(np.arange(len(deal)), 16)[j < 84]
    j = j[j < 84]
    best = np.full(pair.size, -np.inf)
    p, _, score = sets.completions(deal[pair], i4[pair], j, np.full(len(hands), -np.inf), pair_cap[pair])
    np.maximum.at(best, p, score.max(axis=1))
    assert (sets.pair_bound(deal[pair], i4[pair], j) >= best).all()
    assert (bound4[pair] >= best).all()
    assert (pair_cap[pair] >= sets.listed_survive[deal[pair][:, None], batch_smart._layout().twos[
        batch_smart._layout().group[i4[pair], j]]].max(axis=1)).all()
    # the 4-set's bound holds the best of all 84 3-sets of the other cards, also for the 4-sets that none of their
    # hand's 32 likeliest 3-sets misses (it takes 1.0 for them; there are such, and some of them leave a 3-set
    # with a chance above 0)
    lay = batch_smart._layout()
    best3 = batch_smart._at(sets.survive[3], deal[:, None], lay.free3[i4]).max(axis=1)
    top = lay.top_free[i4]
    own = batch_smart._bound(sets.w4(deal, i4), best3, pair_cap, batch_smart._at(sets.survive[1], deal, top[:, 2]),
                             batch_smart._at(sets.ranks, deal[:, None], top).sum(axis=1))
    assert (bound4 >= own).all()
    missed = ((sets.best3[1][deal] & batch_smart._masks(4)[i4][:, None]) != 0).all(axis=1)
    assert missed.sum() > 20 and (best3[missed] > 0).any()


def test_a_hand_without_a_shortlisted_completion_is_searched_by_the_engine(monkeypatch):
    # it never happens in play (every shortlist would have to miss the 6 cards left by every candidate pair),
    # so it is forced here: no completion is found, and each hand goes to the engine's search
    def none(self, *arguments):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros((0, 4))

    monkeypatch.setattr(batch_smart._Hands, "completions", none)
    deck = make_deck()
    rng = np.random.default_rng(4)
    hands = [sort_cards([deck[i] for i in rng.choice(52, HAND_SIZE, replace=False)]) for _ in range(5)]
    index = np.array([[card.index for card in hand] for hand in hands])
    placed = batch_smart.arrangements(index, "poker", "defender")
    for hand, positions in zip(hands, placed.tolist(), strict=True):
        value = best_arrangement(hand, "poker", "defender")
        assert [hand[p] for p in positions] == [card for slot in ("1", "2", "3", "4", "keep")
                                                for card in value[slot]]


# ----------------------------------------------------------------------------------------------------- the question
@pytest.mark.parametrize("agents", ["smart", "random,smart"])
@pytest.mark.parametrize("options", [{}, {"ranking": "rarity", "tie": "attacker"}], ids=str)
def test_the_played_question_gives_the_engines_outcomes(agents, options):
    question = cardlab.question("clash.attacker_wins_round", agents=agents, **options)
    assert question.plays_fast
    game = _game("seed", options)
    assert question.samples(300, seed=9).tolist() == outcomes(game, 300, question.spec.measure, agents,
                                                              seed=9).tolist()
