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
from cardlab.i18n import LANGUAGES, Joined, language, messages

_t = messages("cli", {
    "totals": {"en": "Totals: {totals}. Winner: {winners}.", "ru": "Итого: {totals}. Победитель: {winners}."},
    "record_written": {"en": "Record written to {path}.", "ru": "Запись сохранена в {path}."},
    "record_valid": {"en": "The record is valid: {deals} deal(s), totals {totals}, winner {winners}.",
                     "ru": "Запись верна: {deals} {deals|сдача|сдачи|сдач}, итого {totals}, победитель {winners}."},
    "simulated": {"en": "{n} {what} of {game} ({players} players), agents {agents}, seed {seed}",
                  "ru": "{game}: {n} {what}, игроков: {players}, агенты {agents}, зерно {seed}"},
    "deals": {"en": "{n|deal|deals}", "ru": "{n|сдача|сдачи|сдач}"},
    "matches": {"en": "{n|match|matches}", "ru": "{n|матч|матча|матчей}"},
    "mean": {"en": "  mean {column}: {mean}", "ru": "  среднее {column}: {mean}"},
    "wins": {"en": "  wins for seat {seat}: {wins}", "ru": "  побед у игрока {seat}: {wins}"},
    "exact_and_simulation": {"en": "exact + simulation", "ru": "точно + моделирование"},
    "simulation_only": {"en": "simulation only", "ru": "только моделирование"},
    "exact": {"en": "  exact:     {fraction} = {decimal}", "ru": "  точно:          {fraction} = {decimal}"},
    "no_exact": {"en": "  exact:     none known (simulation only)",
                 "ru": "  точно:          неизвестно (только моделирование)"},
    "simulated_estimate": {"en": "  simulated: {estimate}", "ru": "  моделирование: {estimate}"},
})


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
        names = Joined((game.definition.seat_name(s, game.players) for s in state.winners()), word="list")
        print(_t("totals", totals=state.totals(), winners=names))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as handle:
            json.dump(state.record(), handle, indent=1)
        print(_t("record_written", path=args.record), file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    state = replay(args.file)
    if args.json:
        json.dump({"valid": True, "totals": state.totals(), "winner": state.winners(),
                   "deals": len(state.deals)}, sys.stdout)
        print()
    else:
        _narrate(state, sys.stdout)
        print(_t("record_valid", deals=len(state.deals), totals=state.totals(), winners=state.winners()))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cardlab.simulate import simulate

    game = load_game(args.game, players=args.players, preset=args.preset, **_pairs(args.option, "--option"))
    make_agents(game, args.agents)
    table = simulate(game, args.n, agents=args.agents, seed=args.seed, match=args.match, progress=True,
                     workers=args.workers)
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
        what = _t("matches" if args.match else "deals", n=args.n)
        print(_t("simulated", n=args.n, what=what, game=game.title, players=game.players, agents=summary["agents"],
                 seed=args.seed))
        for column, mean in summary["mean"].items():
            print(_t("mean", column=column, mean=f"{mean:.2f}"))
        for seat, wins in summary["wins"].items():
            print(_t("wins", seat=seat, wins=wins))
        for key, value in summary.items():
            if key.endswith("_rate"):
                print(f"  {key}: {value:.4f}")
    return 0


def cmd_questions(args: argparse.Namespace) -> int:
    from cardlab.questions import question, questions

    specs = questions(args.game)
    if args.json:
        json.dump([{"id": s.id, "game": s.game, "title": question(s.id).title,
                    "params": {p.name: {"default": p.default, "values": p.values, "doc": p.doc} for p in s.params},
                    "exact": s.exact is not None, "text": question(s.id).text} for s in specs], sys.stdout)
        print()
    else:
        for spec in specs:
            params = ", ".join(f"{p.name}={p.default}" for p in spec.params)
            kind = _t("exact_and_simulation" if spec.exact else "simulation_only")
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
            print(_t("exact", fraction=exact, decimal=f"{float(exact):.6f}"))
        else:
            print(_t("no_exact"))
        print(_t("simulated_estimate", estimate=estimate))
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
    common = argparse.ArgumentParser(add_help=False)  # options every command has
    common.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                        help="language of the narration and messages: en (default) or ru")

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="clash, golyi, pickup or strike")
        p.add_argument("--players", type=int, default=None, help="number of players")
        p.add_argument("--seed", type=int, default=0, help="random seed (same seed, same deals)")
        p.add_argument("--preset", default="seed", help="rules preset: seed (default) or original")
        p.add_argument("--option", action="append", metavar="K=V", help="a rule option, e.g. burn=true")
        p.add_argument("--agents", default=None, help="one agent for all seats or one per seat: random,smart,…")
        p.add_argument("--match", action="store_true", help="a whole match instead of one deal")

    p = sub.add_parser("play", parents=[common], help="play a deal or match with agents and narrate it")
    game_options(p)
    p.add_argument("--record", metavar="FILE", help="write the cardlab.record/1 JSON to FILE")
    p.add_argument("--json", action="store_true", help="print the record as JSON instead of the narration")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", parents=[common], help="check a record file and narrate it")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", parents=[common], help="simulate many deals or matches")
    game_options(p)
    p.add_argument("-n", type=int, default=1000, help="number of deals (or matches)")
    p.add_argument("--workers", type=int, default=1, help="processes to play on (the same table for any number)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("questions", parents=[common], help="list the probability questions")
    p.add_argument("--game", default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_questions)

    p = sub.add_parser("ask", parents=[common], help="answer one question exactly and by simulation")
    p.add_argument("question")
    p.add_argument("--param", action="append", metavar="K=V", help="a question parameter, e.g. players=4")
    p.add_argument("-n", type=int, default=100_000, help="number of simulated deals")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("handout", parents=[common],
                       help="write a one-page printable rules summary with a worked example (HTML)")
    p.add_argument("game", help="clash, golyi, pickup or strike")
    p.add_argument("--players", type=int, default=None, help="number of players in the example deal")
    p.add_argument("--seed", type=int, default=0, help="seed of the example deal (same seed, same cards)")
    p.add_argument("--output", "-o", metavar="FILE", default=None,
                   help="where to write it (default: GAME-handout-LANG.html here; - for standard output)")
    p.set_defaults(func=cmd_handout)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with language(args.lang):
            return args.func(args)
    except (RulesError, RecordError, IllegalActionError, CardError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        sys.stderr.close()
        return 0
