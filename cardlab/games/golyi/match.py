"""Golyi's match (shared/rules/golyi.md §5.4–§5.6): deal scores added up (and burnt after a sweep), the winners once
a total reaches the target, and who deals next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardlab.engine import Deal, Game
from cardlab.games.golyi.messages import t
from cardlab.games.golyi.rules import target, team_of

if TYPE_CHECKING:
    from cardlab.games.golyi.deal import GolyiDeal


def add_scores(totals: list[int], deal: GolyiDeal) -> list[int]:
    """§5.4: scores are added; with burn, a sweep also sets the other teams' totals to 0."""
    new = [total + score for total, score in zip(totals, deal.scores())]
    if deal.rules.burn and deal.sweep_team is not None:
        new = [total if team_of(seat, deal.n) == deal.sweep_team else 0 for seat, total in enumerate(new)]
        deal.emit("burn", t("burn"))
    return new


def match_winners(totals: list[int], game: Game, deals: Sequence[Deal]) -> list[int] | None:
    """§5.5: once some total reaches the target the highest total wins; a shared highest total plays on."""
    if max(totals) < target(game.players):
        return None
    best = max(totals)
    teams = {team_of(seat, game.players) for seat, total in enumerate(totals) if total == best}
    if len(teams) > 1:
        return None
    return [seat for seat in range(game.players) if team_of(seat, game.players) in teams]


def next_dealer(deal: GolyiDeal) -> int:
    """§5.6: first seat after the dealer that belongs to a team with the lowest deal score."""
    scores = deal.scores()
    lowest = min(scores)
    for step in range(1, deal.n + 1):
        seat = (deal.dealer + step) % deal.n
        if scores[seat] == lowest:
            return seat
    raise AssertionError(t("error.no_dealer"))
