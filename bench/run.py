"""Speed of cardlab, printed as one table per topic. Run: ``make bench`` (or ``python bench/run.py [--quick]``).

1. ``import cardlab``: seconds in a fresh interpreter (best of 5); target under 0.3 s.
2. The engine: random-agent deals per second and actions per second, per game and player count; targets (4 players
   where a game has several counts): Golyi and Pick Up 1,000 deals/s, Strike 300, Clash 100 rounds/s. Then smart
   agents' milliseconds per deal beside random ones, and how long a person waits: the explorer's and Guess's
   clicks (the click's return, and the result after it).
3. Every catalogue question: ``exact()`` seconds and ``simulate(100_000)`` seconds beside the floor — the seconds
   numpy needs merely to shuffle 100,000 decks of that game — and their ratio; targets for a question answered
   from the shuffle alone: under 0.5 s and within 10 × the floor. Questions that play whole deals with bots are
   timed on 100,000 deals where the game's batch player plays them, else on 2,000 (no target).
4. ``cardlab.simulate`` of whole random-agent matches on 1 and 2 worker processes, and the speed-up (the 2-worker
   time includes starting the processes).
5. The batch players (many deals at once, the engine's deals exactly): smart and random ms per deal against the
   engine's, in the 1,000-deal pieces of a question and in the 250-deal chunks of ``simulate``, and
   ``simulate(100_000, agents="smart", workers=2)`` in seconds (issue #17: about 10 s or less on 2 cores).
6. Every lesson as an app in headless chromium (``bench/apps.py``): seconds to the first screen and to ready.

Simulation times are the best of 3 runs: the machines are shared, and the best run is the least disturbed.
Nothing here is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import cardlab
from cardlab.engine import definition
from cardlab.simulate import batch_columns, engine_rows, row_seeds

SIMULATION_ONLY_DEALS = 2_000  # questions that play whole deals with agents are timed on fewer deals
DEALS_PER_SECOND = {"golyi": 1_000, "pickup": 1_000, "strike": 300, "clash": 100}  # the targets
STRIKE_TARGETS = ("A", "5", "K", "JK")  # a few targets for Strike's target questions


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def import_seconds() -> float:
    code = "import time; t = time.perf_counter(); import cardlab; print(time.perf_counter() - t)"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                 check=True).stdout) for _ in range(5)]
    return min(runs)


def time_deals(name: str, players: int, seconds: float, agents: str = "random") -> tuple[float, float, int]:
    game = cardlab.load_game(name, players=players)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardlab.play(game, agents, seed=deals)
        deals += 1
        actions += len(state.deal.actions)
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed, deals


def deck_size(spec, params: dict) -> int:
    game = cardlab.load_game(spec.game, players=params.get("players"))
    return len(game.full_deck())


def shuffle_floor(size: int, n: int, runs: int) -> float:
    """Seconds to shuffle n decks of ``size`` cards with numpy, nothing else (the floor of a fast path)."""
    rng = np.random.default_rng(0)
    decks = np.broadcast_to(np.arange(size, dtype=np.int16), (n, size))
    return best_of(runs, lambda: rng.permuted(decks, axis=1))


def question_cases():
    for spec in cardlab.questions():
        values = {p.name: (p.values or (p.default,)) for p in spec.params}
        if "target" in values:
            values["target"] = STRIKE_TARGETS
        for combination in (dict(zip(values, v)) for v in itertools.product(*values.values())):
            if spec.id == "clash.category_probability" and combination["category"] not in ("pair", "straight"):
                continue  # every category costs the same; two are enough
            yield spec, combination


def widget_times(deals: int) -> None:
    """How long a person waits for the explorer and Guess: the click's return, and the result after it."""
    from cardlab.widgets.explorer import QuestionExplorer, deal_cap
    from cardlab.widgets.guess import Guess

    print(f"\n{'widget action':62} {'click returns ms':>16} {'result s':>9}")
    golyi = QuestionExplorer("golyi", "golyi.sweep", deals=100)
    played = cardlab.question("clash.attacker_wins_round")
    cap = min(deals, deal_cap(played) or deals)
    clash = QuestionExplorer("clash", "clash.category_probability", deals=cap)
    cases = [(f"explorer: deals slider to {deals:,} (golyi.sweep)", golyi,
              lambda: setattr(golyi.slider, "value", deals)),
             (f"explorer: a question bots play, {cap:,} deals (clash.attacker_wins_round)", clash,
              lambda: setattr(clash.question_choice, "value", "clash.attacker_wins_round"))]
    for label, widget, act in cases:
        start = time.perf_counter()
        act()
        returned = time.perf_counter() - start
        widget.wait()
        print(f"{label:62} {returned * 1000:>16.1f} {time.perf_counter() - start:>9.2f}")
    guess = Guess(cardlab.question("pickup.deal_score_zero", agents="smart"), n=1_000)
    guess.guess = 0.1  # Reveal waits for a guess
    start = time.perf_counter()
    guess.reveal_button.click()
    returned = time.perf_counter() - start
    guess.reveal()
    print(f"{'guess: Reveal of 1,000 smart-bot deals (pickup)':62} {returned * 1000:>16.1f} "
          f"{time.perf_counter() - start:>9.2f}")
    from cardlab.widgets import DealStepper

    for name in cardlab.games():
        game = cardlab.load_game(name)
        stepper = DealStepper(cardlab.play(game, "smart", seed=7), viewer=0)
        stepper.show_odds = True
        clicks = min(20, stepper.steps)
        start = time.perf_counter()
        for _ in range(clicks):
            stepper.next_button.click()
        each = (time.perf_counter() - start) / clicks
        print(f"{f'stepper: Next with odds on ({name}, mean of {clicks} clicks)':62} {each * 1000:>16.1f} "
              f"{'':>9}  (the odds are counted in the background)")


def batch_ms(game: cardlab.engine.Game, agents: str, deals: int, piece: int) -> float:
    seeds = row_seeds(1, deals)
    names = (agents,) * game.players
    start = time.perf_counter()
    for first in range(0, deals, piece):
        batch_columns(game, seeds[first:first + piece], names)
    return (time.perf_counter() - start) * 1000 / deals


def engine_ms(game: cardlab.engine.Game, agents: str, deals: int) -> float:
    start = time.perf_counter()
    engine_rows(game, agents, row_seeds(1, deals), False)
    return (time.perf_counter() - start) * 1000 / deals


def batch_times(simulated: int, quick: bool) -> None:
    print(f"\n{'game':8} {'players':>7} {'agents':>7} {'engine ms':>10} {'batch ms':>9} {'in 250s':>8} "
          f"{'speed-up':>9} {f'simulate {simulated:,}, 2 workers s':>30}")
    for name in cardlab.games():
        if definition(name).batch is None:
            print(f"{name:8} (no batch player: the engine plays every deal)")
            continue
        game = cardlab.load_game(name)
        for agents in ("smart", "random"):
            engine = engine_ms(game, agents, 100 if quick else 1_000)
            piece = batch_ms(game, agents, 2_000 if quick else 20_000, 1_000)
            chunk = batch_ms(game, agents, 1_000 if quick else 5_000, 250)
            whole = ""
            if agents == "smart":
                whole = f"{best_of(1, lambda g=game: cardlab.simulate(g, simulated, agents='smart', workers=2)):.1f}"
            print(f"{name:8} {game.players:>7} {agents:>7} {engine:>10.3f} {piece:>9.3f} {chunk:>8.3f} "
                  f"{engine / piece:>8.0f}x {whole:>30}")


def yes(flag: bool) -> str:
    return "yes" if flag else "NO"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test of this script)")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else 3.0
    simulated = 10_000 if args.quick else 100_000
    runs = 1 if args.quick else 3
    worker_matches = 40 if args.quick else 1_000

    print(f"cardlab benchmark on {os.cpu_count()} cores, Python {sys.version.split()[0]}, numpy {np.__version__}")
    seconds_import = import_seconds()
    print(f"\nimport cardlab: {seconds_import:.3f} s (target < 0.3 s: {yes(seconds_import < 0.3)})")

    print(f"\n{'game':8} {'players':>7} {'deals/s':>10} {'actions/s':>11} {'deals':>7} {'target':>8} {'met':>4}")
    for name in cardlab.games():
        players_list = definition(name).players
        for players in players_list:
            per_deal, per_action, deals = time_deals(name, players, seconds)
            main_count = 4 if 4 in players_list else players_list[0]
            target = DEALS_PER_SECOND.get(name) if players == main_count else None
            met = "" if target is None else yes(per_deal >= target)
            shown = "" if target is None else f"{target:,}"
            print(f"{name:8} {players:>7} {per_deal:>10,.0f} {per_action:>11,.0f} {deals:>7} {shown:>8} {met:>4}")

    print(f"\n{'game':8} {'players':>7} {'random ms':>10} {'smart ms':>9} {'smart deals/s':>14} {'smart/random':>13}"
          "  (ms per deal, every seat that agent)")
    for name in cardlab.games():
        players_list = definition(name).players
        players = 4 if 4 in players_list else players_list[0]
        random_rate = time_deals(name, players, seconds)[0]
        smart_rate = time_deals(name, players, seconds, "smart")[0]
        print(f"{name:8} {players:>7} {1000 / random_rate:>10.2f} {1000 / smart_rate:>9.2f} {smart_rate:>14,.0f} "
              f"{random_rate / smart_rate:>12.1f}x")

    widget_times(simulated)

    print(f"\n{'question':34} {'params':44} {'exact s':>8} {'simulate s':>10} {'n':>8} {'floor s':>8} "
          f"{'ratio':>6} {'<0.5s':>5} {'<10x':>5}")
    floors: dict[int, float] = {}
    for spec, params in question_cases():
        q = cardlab.question(spec.id, **params)
        exact_seconds = best_of(runs, q.exact)
        shown = ", ".join(f"{k}={v}" for k, v in q.params.items() if not (k == "players" and spec.game in
                                                                          ("clash", "pickup")))
        if spec.exact is None:
            fast = q.plays_fast
            n = simulated if fast else min(simulated, SIMULATION_ONLY_DEALS)
            sim = best_of(1, lambda q=q, n=n: q.simulate(n, seed=0))
            print(f"{spec.id:34} {shown:44} {exact_seconds:>8.4f} {sim:>10.3f} {n:>8,} {'':>8} {'':>6} "
                  f"{'':>5} {'':>5}  (bots play whole deals{', many at once' if fast else ''}: simulation only)")
            continue
        size = deck_size(spec, q.params)
        if size not in floors:
            floors[size] = shuffle_floor(size, simulated, runs)
        sim = best_of(runs, lambda q=q: q.simulate(simulated, seed=0))
        ratio = sim / floors[size]
        print(f"{spec.id:34} {shown:44} {exact_seconds:>8.4f} {sim:>10.3f} {simulated:>8,} {floors[size]:>8.3f} "
              f"{ratio:>6.1f} {yes(sim < 0.5 * simulated / 100_000):>5} {yes(ratio <= 10):>5}")

    print(f"\n{'game':8} {'players':>7} {'matches':>8} {'1 worker s':>11} {'2 workers s':>12} {'speed-up':>9}  "
          "(8 chunks; about 6 s of work on one worker)")
    for name in cardlab.games():
        game = cardlab.load_game(name)
        warm = best_of(1, lambda game=game: cardlab.simulate(game, 20, agents="random", seed=0, match=True))
        matches = worker_matches if args.quick else max(80, int(round(6.0 / (warm / 20), -1)))
        chunk = max(1, matches // 8)  # 8 chunks: both workers stay busy to the end
        one = best_of(1, lambda game=game, n=matches, c=chunk: cardlab.simulate(
            game, n, agents="random", seed=1, match=True, chunk_size=c))
        two = best_of(1, lambda game=game, n=matches, c=chunk: cardlab.simulate(
            game, n, agents="random", seed=1, match=True, workers=2, chunk_size=c))
        print(f"{name:8} {game.players:>7} {matches:>8,} {one:>11.2f} {two:>12.2f} {one / two:>8.2f}x")


    batch_times(simulated, quick=args.quick)

    apps = Path(__file__).with_name("apps.py")
    if Path("/usr/bin/chromium").exists():
        print()
        subprocess.run([sys.executable, str(apps), *([] if not args.quick else ["notebooks/00-welcome.ipynb"])],
                       check=False)
    else:
        print(f"\nlesson apps: not timed (no chromium here; see {apps.name})")


if __name__ == "__main__":
    main()
