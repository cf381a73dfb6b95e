"""What Strike's table looks like (the ``Layout`` that views, renderers and widgets share): zones and notes in
catalogued words, every sentence starting with a capital letter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.engine import Layout, Zone, ZoneCards
from cardlab.games.strike.messages import EXCHANGE_TEXT, _t
from cardlab.games.strike.values import ROW_LENGTH

if TYPE_CHECKING:
    from cardlab.games.strike.rules import StrikeDeal




def table_cards(deal: StrikeDeal) -> tuple[ZoneCards, ...]:
    """The zones of :func:`table_layout` without their words: reserve, discard, then per seat its row (a face-down
    row card as None), covers and hand."""
    zones = [ZoneCards("reserve", None, "none", (None,) * len(deal.reserve)),
             ZoneCards("discard", None, "all", tuple(deal.discard))]
    face_down = deal.rules.row_face_down
    for seat in range(deal.n):
        row = deal.rows[seat]
        shown = (tuple(card if up else None for card, up in zip(row, deal.face_up[seat])) if face_down
                 else tuple(row))
        zones += [ZoneCards("row", seat, "all", shown),
                  ZoneCards("covers", seat, "all", tuple(deal.covers[seat])),
                  ZoneCards("hand", seat, "owner", tuple(deal.hands[seat]))]
    return tuple(zones)


def table_layout(deal: StrikeDeal) -> Layout:
    """The table at this moment (every card, hidden ones included; ``Layout.masked`` hides them per seat): the
    reserve and the discard pile, then per seat its row (the target marked), its covers and its hand."""
    n = deal.n
    stock = _t("zone_stock" if deal.phase == "exchange" else "zone_reserve", n=len(deal.reserve))
    discard = (_t("zone_discard", n=len(deal.discard), top=deal.discard[-1].symbol) if deal.discard
               else _t("zone_discard_empty", n=0))
    zones = [
        Zone("reserve", stock, (None,) * len(deal.reserve), None, "none", "stack"),
        Zone("discard", discard, tuple(deal.discard), None, "all", "stack"),
    ]
    for seat in range(n):
        name = deal.seat_name(seat)
        p = len(deal.covers[seat])
        row = deal.rows[seat]
        shown = tuple(card if (not deal.rules.row_face_down or deal.face_up[seat][i]) else None
                      for i, card in enumerate(row))
        if p < ROW_LENGTH:
            stuck = deal.phase == "play" and deal.is_stuck(seat)
            state = _t("row_state_stuck" if stuck else "row_state", p=p, target=row[p].symbol)
        else:
            state = _t("row_done")
        zones.append(Zone("row", _t("zone_row", seat=name, state=state), shown, seat, "all", "fan",
                          (p,) if p < ROW_LENGTH else ()))
        covers = tuple(deal.covers[seat])
        covered = (_t("zone_no_pairs", seat=name) if p == 0 else _t("zone_cover", seat=name) if p == 1
                   else _t("zone_covers", seat=name, last=p - 1))
        zones.append(Zone("covers", covered, covers, seat, "all", "fan",
                          (p - 1,) if deal.just_covered == seat else ()))
        zones.append(Zone("hand", _t("zone_hand_swapped" if deal.swapped[seat] else "zone_hand", seat=name),
                          tuple(deal.hands[seat]), seat, "owner"))
    notes = []
    if deal.turn is not None:
        name = deal.seat_name(deal.turn)
        if deal.phase == "exchange":
            notes.append(_t("note_exchange", seat=name, cards=EXCHANGE_TEXT[deal.rules.exchange]))
        else:
            can = deal.may_swap(deal.turn) and not deal.swapped_this_turn
            notes.append(_t("note_play_swap" if can else "note_play", seat=name))
    if deal.is_over():
        notes.append(_t("note_scores", scores=deal.seat_scores()))
    title = _t("title", n=n, number=deal.index + 1, phase=_t(f"phase_{deal.phase}"))
    return Layout(title, tuple(zones), tuple(notes), deal.turn).sentence_case()
