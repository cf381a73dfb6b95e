"""How long a click on a widget takes in Python (the kernel's side of a click), printed as a table.

For a whole match of each game played by the smart bots, a DealStepper with "Show odds" on: every "Next" click from
the first step to the last, then 200 jumps of the step slider to random steps (seeded), and switching the odds on
(the first panel). A click returns once the table is drawn; the odds are counted on a worker thread and fill the
panel when done ("odds max ms": the longest wait from a click to its odds). Target: every click well under 0.2 s.
Run: ``python bench/widget_clicks.py``. Nothing here is asserted: tests never time.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import cardlab
from cardlab.agents import make_agents
from cardlab.widgets import DealStepper

GAMES = (("golyi", 6), ("golyi", 4), ("pickup", 2), ("strike", 4), ("clash", 2))


def played_match(name: str, players: int, seed: int = 3) -> cardlab.engine.State:
    game = cardlab.load_game(name, players=players)
    state = game.match(seed=seed)
    agents = make_agents(game, "smart", seed)
    while not state.is_terminal():
        state.apply(agents[state.current_player].act(state, state.current_player))
    return state


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    print(f"{'game':<8} {'players':>7} {'steps':>6} {'odds on s':>9} {'next mean ms':>12} {'next p99 ms':>11} "
          f"{'next max ms':>11} {'odds max ms':>11} {'jump mean ms':>12} {'jump max ms':>11}")
    rng = np.random.default_rng(0)
    for name, players in GAMES:
        stepper = DealStepper(played_match(name, players))
        switch_on = timed(lambda s=stepper: setattr(s, "show_odds", True))
        nexts, ready = [], []
        for _ in range(stepper.steps - 1):
            start = time.perf_counter()
            stepper.next()
            nexts.append(time.perf_counter() - start)
            stepper.wait_for_odds()
            ready.append(time.perf_counter() - start)
        jumps = []
        for step in rng.integers(0, stepper.steps, size=200):
            jumps.append(timed(lambda s=stepper, i=int(step): setattr(s, "step", i)))
        print(f"{name:<8} {players:>7} {stepper.steps:>6} {switch_on:>9.3f} {1000 * statistics.mean(nexts):>12.1f} "
              f"{1000 * float(np.quantile(nexts, 0.99)):>11.1f} {1000 * max(nexts):>11.1f} {1000 * max(ready):>11.1f} "
              f"{1000 * statistics.mean(jumps):>12.1f} {1000 * max(jumps):>11.1f}")


if __name__ == "__main__":
    main()
