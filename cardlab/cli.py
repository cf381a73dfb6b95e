"""The command line: ``python -m cardlab play|replay|simulate|questions|ask|handout`` (DESIGN.md, "Command line").

Exit codes: 0 success, 2 bad input (unknown game, option, malformed or illegal record) with a one-line message.
``--json`` prints exactly one JSON document on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from cardlab.agents import make_agents, play
from cardlab.cards import CardError
from cardlab.engine import IllegalActionError, RecordError, RulesError, load_game, replay


def _value(text: str) -> Any:
    """Option and parameter values as JSON where they parse (true, 3, "x"), otherwise the plain string."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _pairs(items: Sequence[str] | None, what: str) -> dict[str, Any]:
    result = {}
    for item in items or []:
        if "=" not in item:
            raise RulesError(f"{what} must be written key=value, got {item!r}")
        key, value = item.split("=", 1)
        result[key.strip()] = _value(value.strip())
    return result


def _narrate(state, out) -> None:
    for event in state.events:
        print(event.text, file=out)


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.game, players=args.players, preset=args.preset, **_pairs(args.option, "--option"))
    make_agents(game, args.agents)  # check the names before playing
    state = play(game, args.agents, seed=args.seed, match=args.match)
    if args.json:
        json.dump(state.record(), sys.stdout)
        print()
    else:
        _narrate(state, sys.stdout)
        names = ", ".join(game.definition.seat_name(s, game.players) for s in state.winners())
        print(f"Totals: {state.totals()}. Winner: {names}.")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            json.dump(state.record(), handle, indent=1)
        print(f"Record written to {args.record}.", file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    state = replay(args.file)
    if args.json:
        json.dump({"valid": True, "totals": state.totals(), "winner": state.winners(),
                   "deals": len(state.deals)}, sys.stdout)
        print()
    else:
        _narrate(state, sys.stdout)
        print(f"The record is valid: {len(state.deals)} deal(s), totals {state.totals()}, "
              f"winner {state.winners()}.")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cardlab.simulate import simulate

    game = load_game(args.game, players=args.players, preset=args.preset, **_pairs(args.option, "--option"))
    make_agents(game, args.agents)
    table = simulate(game, args.n, agents=args.agents, seed=args.seed, match=args.match, progress=True)
    score_columns = [c for c in table.columns if c.startswith(("score_", "total_"))]
    summary = {
        "game": game.name, "players": game.players, "rules": game.rules.asdict(), "n": args.n,
        "seed": args.seed, "agents": args.agents or "smart", "match": args.match,
        "mean": {c: float(table[c].mean()) for c in score_columns},
        "wins": {str(seat): int(sum(seat in w for w in table["winners"])) for seat in range(game.players)},
    }
    for column in ("sweep", "last_capture_by_leader_team"):
        if column in table:
            summary[f"{column}_rate"] = float(table[column].mean())
    if args.json:
        json.dump(summary, sys.stdout)
        print()
    else:
        print(f"{args.n} {'matches' if args.match else 'deals'} of {game.title} ({game.players} players), "
              f"agents {summary['agents']}, seed {args.seed}")
        for column, mean in summary["mean"].items():
            print(f"  mean {column}: {mean:.2f}")
        for seat, wins in summary["wins"].items():
            print(f"  wins for seat {seat}: {wins}")
        for key, value in summary.items():
            if key.endswith("_rate"):
                print(f"  {key}: {value:.4f}")
    return 0


def cmd_questions(args: argparse.Namespace) -> int:
    from cardlab.questions import question, questions

    specs = questions(args.game)
    if args.json:
        json.dump([{"id": s.id, "game": s.game, "title": s.title,
                    "params": {p.name: {"default": p.default, "values": p.values, "doc": p.doc} for p in s.params},
                    "exact": s.exact is not None, "text": question(s.id).text} for s in specs], sys.stdout)
        print()
    else:
        for spec in specs:
            params = ", ".join(f"{p.name}={p.default}" for p in spec.params)
            kind = "exact + simulation" if spec.exact else "simulation only"
            print(f"{spec.id}  ({params}; {kind})\n    {question(spec.id).text}")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from cardlab.questions import question

    q = question(args.question, **_pairs(args.param, "--param"))
    exact = q.exact()
    estimate = q.simulate(args.n, seed=args.seed)
    result = q.to_json() | {
        "n": args.n, "seed": args.seed,
        "estimate": {"value": estimate.value, "stderr": estimate.stderr, "low": estimate.low,
                     "high": estimate.high, "n": estimate.n},
        "agrees": None if exact is None else q.agrees(estimate),
    }
    if args.json:
        json.dump(result, sys.stdout)
        print()
    else:
        print(q.text)
        if exact is not None:
            print(f"  exact:     {exact} = {float(exact):.6f}")
        else:
            print("  exact:     none known (simulation only)")
        print(f"  simulated: {estimate}")
    return 0


def cmd_handout(args: argparse.Namespace) -> int:
    from cardlab.handout import write_handout

    where = write_handout(args.game, args.output, lang=args.lang, players=args.players, seed=args.seed)
    if where is not None:
        print(f"Handout written to {where}: open it in a browser and print it (one A4 page).", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardlab", description="cardlab: card games and probability")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="clash, golyi, pickup or strike")
        p.add_argument("--players", type=int, default=None, help="number of players")
        p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same deals)")
        p.add_argument("--preset", default="seed", help="rules preset: seed (default) or original")
        p.add_argument("--option", action="append", metavar="K=V", help="a rule option, e.g. burn=true")
        p.add_argument("--agents", default=None, help="one agent for all seats or one per seat: random,smart,…")
        p.add_argument("--match", action="store_true", help="a whole match instead of one deal")

    p = sub.add_parser("play", help="play a deal or match with agents and narrate it")
    game_options(p)
    p.add_argument("--record", metavar="FILE", help="write the cardlab.record/1 JSON to FILE")
    p.add_argument("--json", action="store_true", help="print the record as JSON instead of the narration")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check a record file and narrate it")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="simulate many deals or matches")
    game_options(p)
    p.add_argument("-n", type=int, default=1000, help="number of deals (or matches)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("questions", help="list the probability questions")
    p.add_argument("--game", default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_questions)

    p = sub.add_parser("ask", help="answer one question exactly and by simulation")
    p.add_argument("question")
    p.add_argument("--param", action="append", metavar="K=V", help="a question parameter, e.g. players=4")
    p.add_argument("-n", type=int, default=100_000, help="number of simulated deals")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("handout", help="write a one-page printable rules summary with a worked example (HTML)")
    p.add_argument("game", help="clash, golyi, pickup or strike")
    p.add_argument("--lang", default="en", help="language of the handout: en (default) or ru")
    p.add_argument("--players", type=int, default=None, help="number of players in the example deal")
    p.add_argument("--seed", type=int, default=0, help="seed of the example deal (same seed, same cards)")
    p.add_argument("--output", "-o", metavar="FILE", default=None,
                   help="where to write it (default: GAME-handout-LANG.html here; - for standard output)")
    p.set_defaults(func=cmd_handout)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (RulesError, RecordError, IllegalActionError, CardError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        sys.stderr.close()
        return 0
