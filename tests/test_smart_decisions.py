"""The smart agents decide exactly as they did when their decisions were recorded (tools/smart_decisions.py):
every game, player count and preset, 40 seeded deals and 2 matches each. Agents that read a light observation
instead of a drawn layout must make the same choice at every step."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import cardlab

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("smart_decisions", ROOT / "tools" / "smart_decisions.py")
assert _spec is not None and _spec.loader is not None
decisions = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(decisions)
STORE = json.loads(decisions.STORE.read_text(encoding="utf-8"))


def differing(name: str) -> list[str]:
    """The stored games of ``name`` whose deals the smart agents now play differently."""
    games = [game for game in decisions.games_to_play() if game[0] == name]
    assert games and all(decisions.key_of(*game) in STORE for game in games), "record the decisions again"
    return [decisions.key_of(*game) for game in games if decisions.played(*game) != STORE[decisions.key_of(*game)]]


@pytest.mark.parametrize("name", cardlab.games())
def test_the_smart_agents_choose_as_recorded(name):
    assert differing(name) == []


def test_a_changed_decision_is_caught(monkeypatch):
    from cardlab.games.golyi.agents import GolyiSmartAgent

    monkeypatch.setattr(GolyiSmartAgent, "_lowest", staticmethod(lambda actions: actions[-1]))
    assert len(differing("golyi")) > 100
