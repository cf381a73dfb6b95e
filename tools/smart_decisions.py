"""Record the smart agents' decisions: every game, player count and preset, many seeded deals and a few matches
played by the smart agents; per deal played, the number of its actions and a digest of them in record form.

``python tools/smart_decisions.py record`` writes ``tests/data/smart-decisions.json``; the test suite
(tests/test_smart_decisions.py) plays the same games again and names each deal whose actions differ. Record again
only after a deliberate change to an agent's policy (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cardlab
from cardlab.engine import PRESETS, definition

STORE = Path(__file__).resolve().parents[1] / "tests" / "data" / "smart-decisions.json"
DEALS = 40  # seeded single deals per game, player count and preset
MATCHES = 2  # seeded whole matches per game, player count and preset


def games_to_play() -> Iterator[tuple[str, int, str, int, bool]]:
    """(game, players, preset, seed, match) for every game the store holds."""
    for name in cardlab.games():
        for players in definition(name).players:
            for preset in PRESETS:
                for seed in range(DEALS):
                    yield name, players, preset, seed, False
                for seed in range(MATCHES):
                    yield name, players, preset, 1000 + seed, True


def key_of(name: str, players: int, preset: str, seed: int, match: bool) -> str:
    return f"{name}/{players}/{preset}/{'match' if match else 'deal'}/{seed}"


def played(name: str, players: int, preset: str, seed: int, match: bool) -> list[list[Any]]:
    """Per deal of one game played by the smart agents: [number of actions, digest of the actions]."""
    game = cardlab.load_game(name, players=players, preset=preset)
    state = cardlab.play(game, "smart", seed=seed, match=match)
    digests = []
    for deal in state.deals:
        actions = json.dumps([action.to_json() for action in deal.actions], sort_keys=True)
        digests.append([len(deal.actions), hashlib.sha256(actions.encode()).hexdigest()[:16]])
    return digests


def record() -> None:
    store = {key_of(*game): played(*game) for game in games_to_play()}
    STORE.write_text(json.dumps(store, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["record"]:
        sys.exit(__doc__)
    record()
