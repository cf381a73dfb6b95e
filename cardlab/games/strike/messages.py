"""Every sentence of Strike a person reads, in English and in Russian: the narration, the action labels, the table's
words, the odds and the errors, registered in the catalogue under the namespace "strike"; and ``Series``, the list
whose joining words are catalogued too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.i18n import Words, get_language, messages

# Every sentence a person reads, in English and in Russian (the seed's words: ряд, резерв, стопка сброса, колода,
# сдатчик, пара; the exchange of §3.6 is «замена», the swap of §4.3 is «обмен», as in the seed).
_t = messages("strike", {
    "frames_allowed": "a whole number 1 or more",  # the values of the option `frames`
    # the record forms of an action (strike §7), for a damaged record
    "error.action_form": "a Strike action is {{'player': seat}} plus one of 'exchange' (a list of cards), 'swap' "
                         "(position → card) or 'draw' (true); got keys {keys}",
    "error.exchange_form": "'exchange' must be a list of hand cards (possibly empty), got {value}",
    "error.swap_form": "'swap' must map row positions '0'–'5' to hand cards, got {value}",
    "error.swap_key": "swap positions are '0'–'5', got {value}",
    "error.kind_card": "{kind}: {error}",
    "error.draw_form": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
    # seats: the name, and the same name where Russian needs the genitive ("ряд игрока 1", "начиная с игрока 1")
    "seat": "Seat {seat}",
    "seat_of": "Seat {seat}",
    "seat_score": "{seat} {points}",
    # lists whose joining words differ between the languages
    "or_sep": " or ",
    "or_last": " or ",
    "and_sep": " and ",
    "and_last": " and ",
    "then": ", then ",
    "plus": " + ",
    # how a card counts (§2.2, §2.3)
    "value_any": "JK (any value)",
    "value_either": "2 (0 or 2)",
    "value_as": "{rank} (as {value})",
    "make_ten": "{a} and {b} make ten",
    "make_sum": "{a} and {b} make {sums}",
    # which cards the exchange (§3.6) throws away and keeps
    "exchange_seed": "low cards (A, 2–9, K)",
    "exchange_original": "10, J, Q and K",
    "keepers_seed": "keepers are high cards: 10, J, Q and jokers",
    "keepers_original": "keepers are all cards but 10, J and Q",
    # action labels
    "exchange_none": "exchange nothing (keep the hand)",
    "exchange_cards": "exchange {cards}",
    "exchange_nothing": "exchange nothing",
    "draw_target": "draw for the target {target}",
    "draw_stuck": "draw (stuck: nothing left pairs with {target})",
    "draw": "draw",
    "swap_action": "swap {moves}",
    "swap_for": "{card} for {old} at {pos}",
    "swap_into": "{card} into {pos}",
    "swap_recorded": "swap {value}",
    # the deal (§3)
    "face_up": "face up",
    "face_down": "face down (only the first card of each row, the target, is turned up)",
    "deal": "Deal {number}. {dealer} deals six row cards {face} to each player, one at a time starting with {leader}, "
            "then three hand cards each; {stock} cards stay in the stock.",
    "row_open": "{seat}'s row: {cards}; the target is {target}.",
    "row_hidden": "{seat}'s row: the target {target} and five cards face down.",
    "receive": "{seat} receives the hand cards {cards}.",
    "exchange_start": "The exchange begins with {seat}: each player may throw away {cards} from his hand, and cards "
                      "are turned from the stock until he has kept as many replacements (strike §3.6).",
    # the exchange (§3.6, §3.7)
    "exchange_kept_all": "{seat} exchanges nothing and keeps all {n} hand cards.",
    "exchange": "{seat} throws away {cards} and turns cards from the stock until {n} {n|replacement is|replacements "
                "are} kept ({keepers}): {turned}.{short}",
    "step_keeper": "a keeper",
    "step_discard": "{cards} onto the discard pile",
    "step_none": "nothing (the stock is empty)",
    "stock_ran_out": " The stock ran out, so {seat} has only {n} {n|hand card|hand cards}.",
    "stock_ran_out_empty": " The stock ran out, so {seat} has no hand cards.",
    "keep": "{seat} keeps {kept}; the hand is now {hand}.",
    "upcard": "The exchange is over. The stock becomes the reserve ({n} cards); its top card, {card}, is turned face "
              "up onto the discard pile{under}. {seat} plays first.",
    "upcard_under": " on top of the {n} {n|card|cards} discarded in the exchange",
    "no_upcard": "The exchange is over and the stock is empty: no card is turned; the first draw will turn the "
                 "discard pile over into a new reserve. {seat} plays first.",
    # the swap (§4.3)
    "swap_hidden": "{seat} swaps {n} {n|hand card|hand cards} face down into {n|position|positions} {where}; the row "
                   "{n|card|cards} there, {out}, {n|goes|go} face up onto the discard pile. The target is "
                   "{target}.{left}",
    "swap_placed": "{seat} placed {moves}.",
    "placed_at": "{card} at {pos}",
    "swap_open": "{seat} swaps: {moves}. The row {n|card|cards} {out} {n|goes|go} onto the discard pile; the target "
                 "is now {target}. A swap is allowed once a deal.{left}",
    "swap_move": "{card} replaces {old} at position {pos}",
    # public: only how many hand cards stay (strike §4.11: hand cards are private); the owner is told which
    "left_in_hand": " {n} {n|hand card stays|hand cards stay} in the hand and will score nothing.",
    "kept_after_swap": "{seat} keeps {cards} in the hand after the swap; {n|it scores|they score} nothing.",
    # the draw (§4.5–§4.7)
    "stuck": "{seat} is stuck: no card in the reserve or the discard pile pairs with the target {target}, so the turn "
             "passes without a pair.",
    "pair": "{seat} draws {card} — {why}: a pair on {target}! ({n} {n|card|cards} drawn this turn.){next}",
    "next_target": " Next target: {target}.",
    "draw_miss": "{seat} draws {card} for {target} — {why}, discarded.",
    "rebuild_shuffle": "{seat} must draw, but the reserve is empty: the {n} cards of the discard pile are shuffled "
                       "into a new reserve.",
    "rebuild_turn": "{seat} must draw, but the reserve is empty: the {n}-card discard pile is turned over as it is to "
                    "make the new reserve, so its oldest card will be drawn first.",
    # finishing and the end (§4.8, §4.9, §5)
    "finished": "{seat} has six pairs and is finished.{more}",
    "no_more_swaps": " From now on nobody may swap.",
    "all_finished": "Every player has six pairs.",
    "all_stuck": "Every player still playing is stuck, and none of them may swap.",
    "quiet_round": "The last {n} {n|turn|turns} ended without a pair or a swap: every player still playing is stuck.",
    "end": "Deal over. {why}{rest}",
    "unpaired_rest": " {n} {n|unpaired position|unpaired positions} score nothing.",
    "score": "{seat} scores {points}: {words}.",
    "no_pairs": "no pairs",
    "pair_strike": "{pair} strike 20",
    "pair_spare": "{pair} spare 15",
    "run_bonus": "run bonus {points}",
    "result": "Deal scores: {scores}. Highest: {winners}.",
    # score parts (§5)
    "part_jokers": "jokers (15 each)",
    "part_tens": "10, J, Q, K and 2 (10 each)",
    "part_face": "A and 3–9 (face value)",
    "part_strikes": "strikes (20 each)",
    "part_spares": "spares (15 each)",
    "part_run": "run bonus",
    # the table
    "zone_stock": "Stock ({n}, face down)",
    "zone_reserve": "Reserve ({n}, face down)",
    "zone_discard": "Discard pile ({n}, top {top})",
    "zone_discard_empty": "Discard pile ({n}, top empty)",
    "zone_row": "{seat} — row ({state})",
    "row_state": "{p} of 6 paired; target {target} at position {p}",
    "row_state_stuck": "{p} of 6 paired; target {target} at position {p}, stuck",
    "row_done": "all six paired, finished",
    "zone_no_pairs": "{seat} — no pairs yet",
    "zone_cover": "{seat} — cover of position 0",
    "zone_covers": "{seat} — covers of positions 0–{last}",
    "zone_hand": "{seat} — hand",
    "zone_hand_swapped": "{seat} — hand (swapped)",
    "note_exchange": "{seat} to exchange: {cards} may go.",
    "note_play_swap": "{seat} to play (may swap first).",
    "note_play": "{seat} to play.",
    "note_scores": "Scores: {scores}",
    "title": "Strike, {n} players — deal {number} ({phase})",
    "phase_exchange": "exchange",
    "phase_play": "play",
    "phase_over": "over",
    # odds (§4.6)
    "odds_label": "The next card from the reserve pairs with your target {target}",
    "odds_stuck": "You are stuck: no card left in the reserve or on the discard pile pairs with {target}.",
    "odds_reshuffle_next": "The reserve is empty: the {n}-card discard pile will be shuffled into a new reserve, and "
                           "{k} of its cards pair with {target}.",
    "odds_turn_next": "The reserve is empty: the discard pile will be turned over as it is, so its oldest card, "
                      "{card}, comes first — it {verdict}.",
    "verdict_pairs": "pairs",
    "verdict_not": "does not pair",
    "odds_reshuffled": "The reserve was shuffled from the face-up discard pile, so its cards are known: {k} of its "
                       "{n} cards pair with {target}.",
    "odds_turned": "The reserve is the old discard pile turned over as it was, so everyone who watched knows its "
                   "order: the next card {verdict}.",
    "odds_unseen": "{k} of the {total} cards you cannot see pair with {target}; the reserve holds {n} of the unseen "
                   "cards, the rest are in other hands{rows}.{hint}",
    "odds_rows": " and face down in rows",
    "odds_hint": " Who is stuck (and who is not), now and earlier, tells which ranks can or must be in the reserve.",
    "odds_keepers": " The other hands took {n} {n|keeper|keepers} in the exchange ({keepers}).",
    "nothing": "",
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("strike", {
    "error.kind": "Strike actions are 'exchange', 'swap' and 'draw', got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.exchange_first": "{seat} must first say which hand cards to exchange (an 'exchange' action, possibly "
                            "empty); {kind} comes later",
    "error.exchange_over": "the exchange phase is over; now each turn is an optional 'swap' then a 'draw'",
    "error.draw_value": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
    "error.an_exchange": "an exchange",
    "error.a_swap": "a swap",
    "error.not_cards": "{what} must name cards, got {value}",
    "error.no_cards": "no cards",
    "error.not_held": "{seat} does not hold {n} {n|copy|copies} of {card}; the hand is {hand}",
    "error.exchange_shape": "an exchange is a list of hand cards (possibly empty), got {value}",
    "error.not_exchangeable": "{cards} may not be exchanged: with exchange={option} only {allowed} may",
    "error.just_swapped": "{seat} has just swapped; now he must draw",
    "error.no_swap": "no swap allowed: {problem}",
    "error.swapped_before": "{seat} has already swapped in this deal (a swap is allowed once)",
    "error.six_pairs": "a player has six pairs, so nobody may swap any more (strike §4.8)",
    "error.no_hand": "{seat} has no hand cards to swap",
    "error.too_few_unpaired": "{seat} must place all {n} hand cards on different unpaired positions but has only "
                              "{unpaired} unpaired",
    "error.swap_shape": "a swap maps row positions to hand cards, e.g. {{'2': 'QS'}}, got {value}",
    "error.position": "swap positions are row positions 0–5, got {value}",
    "error.paired": "position {pos} is already paired; {seat} may only swap onto unpaired positions {paired}–5",
    "error.all_3": "with swap='all_3' the swap places all {n} hand cards, not {got}",
    "error.index": "action index {index} out of range (there are {n})",
    "error.not_ten": "{drawn} and {target} do not make ten",
})


class Series(Words):
    """Items read one after another, joined by catalogued words: ``sep`` between them and ``last`` before the last
    one (``Series(sums, "or_sep", "or_last")`` reads "0 or 2 or 4" / "0, 2 или 4")."""

    __slots__ = ("items", "sep", "last")

    def __init__(self, items: Sequence[Any], sep: str, last: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep
        self.last = sep if last is None else last

    def render(self, lang: str | None = None) -> str:
        """The items read in ``lang`` (None: the current language), joined by the catalogued words."""
        lang = lang or get_language()
        parts = [item.render(lang) if isinstance(item, Words) else str(item) for item in self.items]
        if len(parts) <= 1:
            return "".join(parts)
        sep = _t(self.sep).render(lang)
        return sep.join(parts[:-1]) + _t(self.last).render(lang) + parts[-1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Series) and (self.items, self.sep, self.last) == (other.items, other.sep, other.last)

    def __hash__(self) -> int:
        return hash(self.items)


EXCHANGE_TEXT = {"seed": _t("exchange_seed"), "original": _t("exchange_original")}  # which hand cards may go
KEEPER_TEXT = {"seed": _t("keepers_seed"), "original": _t("keepers_original")}  # which replacements are kept
