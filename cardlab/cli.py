"""The command line: ``python -m cardlab play|replay|simulate|questions|ask|handout`` (DESIGN.md, "Command line").

Exit codes: 0 success; 2 bad input (an unknown game, option or agent, a number out of its bounds, a malformed or
illegal record, a file that cannot be written) with a one-line message on stderr, in the language of ``--lang``;
130 after Ctrl-C, also with one line (``simulate`` and ``ask`` first print what the games finished so far give, and
the line says how many). ``--json`` prints exactly one JSON document on stdout.

Bounds (every number has one): ``simulate -n`` at most 1,000,000 games (``cardlab.simulate.MAX_GAMES``);
``ask -n`` at most 10,000,000 deals for a question counted from shuffled decks, 1,000,000 for one whose deals are
played by agents (``cardlab.questions.MAX_SAMPLES``, ``MAX_GAMES``); ``--seed`` from 0 to 2**63 - 1; ``--players``
one of the counts the game allows; Strike's ``frames`` option at most 100; ``--workers`` is quietly capped at the
machine's cores (``os.cpu_count()``: more processes would only compete for them, and the table is the same).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import sys
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TextIO

from cardlab.agents import make_agents, play
from cardlab.cards import CardError
from cardlab.engine import (
    Game,
    IllegalActionError,
    RecordError,
    RulesError,
    State,
    definition,
    games,
    load_game,
    replay,
    shown_value,
)
from cardlab.i18n import LANGUAGES, Joined, Words, language, messages

MAX_SEED = 2**63 - 1
NUMBER_DIGITS = 30  # a number on the command line longer than this is refused before it is read
LOAD_GAME_ARGUMENTS = {"players": "--players", "preset": "--preset", "name": None}  # not rule options

_t = messages("cli", {
    "totals": "Totals: {totals}. Winner: {winners}.",
    "record_written": "Record written to {path}.",
    "record_valid": "The record is valid: {deals} deal(s), totals {totals}, winner {winners}.",
    "simulated": "{n} {what} of {game} ({players} players), agents {agents}, seed {seed}",
    "deals": "{n|deal|deals}",
    "matches": "{n|match|matches}",
    "mean": "  mean {column}: {mean}",
    "wins": "  wins for seat {seat}: {wins}",
    "exact_and_simulation": "exact + simulation",
    "simulation_only": "simulation only",
    "exact": "  exact:     {fraction} = {decimal}",
    "no_exact": "  exact:     none known (simulation only)",
    "simulated_estimate": "  simulated: {estimate}",
    "handout_written": "Handout written to {path}: open it in a browser and print it (one A4 page).",
    # errors: one line each, after "error: "
    "error": "error: {message}",
    "interrupted": "interrupted (Ctrl-C): stopped before the end, nothing more was printed or written",
    "interrupted_table": "interrupted (Ctrl-C) after {done} of {n} games: the summary above is of those {done}",
    "interrupted_partial": "interrupted (Ctrl-C) after {done} of {n} deals: the estimate above is of those {done}",
    "key_value": "{what} must be written key=value, got {item}",
    "not_an_option": "--option {name}=…: {name} is not a rule option, give it as {flag}; options of {game}: {known}",
    "game_argument": "the first argument (the game's name)",
    "long_number": "{what} {name}: the value is a number of {digits} digits, far too long",
    "whole_number": "{value} is not a whole number",
    "long_whole": "a number of {digits} digits is far too long (at most {most} digits)",
    "seed_range": "the seed must be a whole number from 0 to {most}, got {value}",
    "cannot_write": "cannot write the record to {path}: {reason}",
    "output_failed": "cannot write the output: {reason}",
    "os_error": "{reason}",
    "worker_died": "a worker process stopped unexpectedly (out of memory?); try fewer --workers or a smaller -n",
    "no_folder": "there is no such folder",
    "is_folder": "that is a folder, not a file",
    "disk_full": "the disk is full",
    "no_permission": "permission denied",
    "read_only": "the file system is read-only",
    # argparse's own messages, worded for the one error line
    "argument": "argument {name}: {problem}",
    "unrecognized": "unrecognised arguments: {args}",
    "required": "the following arguments are required: {args}",
    "expected_one": "expected one argument",
    "invalid_choice": "invalid choice: {value} (choose from {choices})",
    "see_help": "{message} (see: python -m cardlab {command} --help)",
})


class CommandLineError(RulesError):
    """Bad input that only the command line can get wrong (a key=value, a file to write, a number's digits)."""


def _error(message: str, /, **params: Any) -> CommandLineError:
    return CommandLineError(str(_t(message, **params)))


def _value(text: str, what: str, key: str) -> Any:
    """Option and parameter values as JSON where they parse (true, 3, "x"), otherwise the plain string."""
    digits = len(text.lstrip("+-"))
    if digits > NUMBER_DIGITS and text.lstrip("+-").isdigit():  # Python would refuse to read it, or take long
        raise _error("long_number", what=what, name=key, digits=digits)
    try:
        return json.loads(text)
    except ValueError:  # JSONDecodeError, or a number Python will not read
        return text


def _pairs(items: Sequence[str] | None, what: str) -> dict[str, Any]:
    result = {}
    for item in items or []:
        if "=" not in item:
            raise _error("key_value", what=what, item=shown_value(item))
        key, value = item.split("=", 1)
        key = key.strip()
        result[key] = _value(value.strip(), what, shown_value(key))
    return result


def _load_game(args: argparse.Namespace) -> Game:
    """The game of ``play`` and ``simulate``: GAME, --players, --preset and --option (refusing names that are
    load_game's own arguments, which --option would otherwise pass twice)."""
    options = _pairs(args.option, "--option")
    for key in options:
        if key in LOAD_GAME_ARGUMENTS:
            spec = definition(args.game)
            raise _error("not_an_option", name=key, flag=LOAD_GAME_ARGUMENTS[key] or _t("game_argument"),
                         game=spec.words("title"), known=", ".join(spec.options) or "-")
    return load_game(args.game, players=args.players, preset=args.preset, **options)


def _reason(error: OSError) -> str:
    """Why a file could not be written, in the current language where the reason is a common one."""
    # (an OSError's errno may be None: no reason of ours then)
    words: dict[int | None, str] = {
        errno.ENOENT: "no_folder", errno.ENOTDIR: "no_folder", errno.EISDIR: "is_folder", errno.ENOSPC: "disk_full",
        errno.EACCES: "no_permission", errno.EPERM: "no_permission", errno.EROFS: "read_only"}
    key = words.get(error.errno)
    return str(_t(key)) if key else (error.strerror or str(error))


def _write_record(path: str, record: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(record, handle, indent=1)
    except OSError as error:
        raise _error("cannot_write", path=shown_value(path), reason=_reason(error)) from None


def _narrate(state: State, out: TextIO) -> None:
    for event in state.events:
        print(event.text, file=out)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a deal or match with agents and narrate it (``--json``: print its record instead); ``--record`` writes the
    record to a file."""
    game = _load_game(args)
    make_agents(game, args.agents)  # check the names before playing
    state = play(game, args.agents, seed=args.seed, match=args.match)
    if args.record:  # before anything is printed: a record that cannot be written is the one error line
        _write_record(args.record, state.record())
    if args.json:
        json.dump(state.record(), sys.stdout)
        print()
    else:
        _narrate(state, sys.stdout)
        names = Joined((game.definition.seat_name(s, game.players) for s in state.winners()), word="list")
        print(_t("totals", totals=state.totals(), winners=names))
    if args.record:
        print(_t("record_written", path=args.record), file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Check a record file by replaying it and narrate it (``--json``: its totals, winner and number of deals)."""
    from pathlib import Path

    state = replay(Path(args.file))  # always a file name, even one that starts with "{"
    if args.json:
        json.dump({"valid": True, "totals": state.totals(), "winner": state.winners(),
                   "deals": len(state.deals)}, sys.stdout)
        print()
    else:
        _narrate(state, sys.stdout)
        print(_t("record_valid", deals=len(state.deals), totals=state.totals(), winners=state.winners()))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate many deals or matches and print each score column's mean and each seat's wins (``--json``: one JSON
    summary)."""
    from cardlab.simulate import simulate_so_far

    game = _load_game(args)
    make_agents(game, args.agents)
    # Ctrl-C after some chunks: the summary of the games finished before it (the first rows of the whole table)
    table, interrupted = simulate_so_far(game, args.n, agents=args.agents, seed=args.seed, match=args.match,
                                         progress=True, workers=args.workers)
    played = len(table)
    score_columns = [c for c in table.columns if c.startswith(("score_", "total_"))]
    summary = {
        "game": game.name, "players": game.players, "rules": game.rules.asdict(), "n": played,
        "seed": args.seed, "agents": args.agents or "smart", "match": args.match,
        "mean": {c: float(table[c].mean()) for c in score_columns},
        "wins": {str(seat): int(sum(seat in w for w in table["winners"])) for seat in range(game.players)},
        "interrupted": interrupted,
    }
    for column in ("sweep", "last_capture_by_leader_team"):
        if column in table:
            summary[f"{column}_rate"] = float(table[column].mean())
    if args.json:
        json.dump(summary, sys.stdout)
        print()
    else:
        what = _t("matches" if args.match else "deals", n=played)
        print(_t("simulated", n=played, what=what, game=game.title, players=game.players, agents=summary["agents"],
                 seed=args.seed))
        for column, mean in summary["mean"].items():
            print(_t("mean", column=column, mean=f"{mean:.2f}"))
        for seat, wins in summary["wins"].items():
            print(_t("wins", seat=seat, wins=wins))
        for key, value in summary.items():
            if key.endswith("_rate"):
                print(f"  {key}: {value:.4f}")
    if interrupted:
        print(_t("interrupted_table", done=played, n=args.n), file=sys.stderr)
        return 130
    return 0


def cmd_questions(args: argparse.Namespace) -> int:
    """List the probability questions (of one game with ``--game``) with their parameters and texts."""
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
    """Answer one question exactly (where it can be counted) and by simulation, and print both."""
    from cardlab.questions import question
    from cardlab.simulate import Estimate

    q = question(args.question, **_pairs(args.param, "--param"))
    exact = q.exact()
    # Ctrl-C after some deals: the estimate of those, said to be partial (the same as `-n` that many would give)
    outcomes, interrupted = q.samples_so_far(args.n, seed=args.seed, progress=True)
    estimate = Estimate.from_samples(outcomes)
    result = q.to_json() | {
        "n": args.n, "seed": args.seed,
        "estimate": {"value": estimate.value, "stderr": estimate.stderr, "low": estimate.low,
                     "high": estimate.high, "n": estimate.n},
        "agrees": None if exact is None else q.agrees(estimate),
        "interrupted": interrupted,
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
    if interrupted:
        print(_t("interrupted_partial", done=estimate.n, n=args.n), file=sys.stderr)
        return 130
    return 0


def cmd_handout(args: argparse.Namespace) -> int:
    """Write a game's one-page printable handout and say where it was written."""
    from cardlab.handout import write_handout

    where = write_handout(args.game, args.output, lang=args.lang, players=args.players, seed=args.seed)
    if where is not None:
        print(_t("handout_written", path=where), file=sys.stderr)
    return 0


class _UsageError(Exception):
    """argparse found the command line malformed; ``main`` prints it as the one error line."""

    def __init__(self, message: str, command: str) -> None:
        super().__init__(message)
        self.command = command


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line in the current language, not argparse's usage + message
        raise _UsageError(message, self.prog.removeprefix("python -m cardlab").strip())


# argparse's messages (English, from its own gettext domain) -> ours, so that --lang ru reads them in Russian
_ARGPARSE_MESSAGES = [
    (re.compile(r"^argument (?P<name>[^:]+): (?P<problem>.*)$", re.S), "argument"),
    (re.compile(r"^unrecognized arguments: (?P<args>.*)$", re.S), "unrecognized"),
    (re.compile(r"^the following arguments are required: (?P<args>.*)$", re.S), "required"),
    (re.compile(r"^expected one argument$"), "expected_one"),
    (re.compile(r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$", re.S), "invalid_choice"),
]


def _usage_message(message: str) -> str:
    for pattern, key in _ARGPARSE_MESSAGES:
        found = pattern.match(message)
        if found:
            params = {name: _usage_message(value) if name == "problem" else value
                      for name, value in found.groupdict().items()}
            return str(_t(key, **params))
    return message


def _whole(text: str) -> int:
    """An argparse type: a whole number (with at most NUMBER_DIGITS digits; the bounds are checked later)."""
    digits = text.strip().lstrip("+-").replace("_", "")
    if not digits.isdigit():
        raise argparse.ArgumentTypeError(str(_t("whole_number", value=shown_value(text, 40))))
    if len(digits) > NUMBER_DIGITS:
        raise argparse.ArgumentTypeError(str(_t("long_whole", digits=len(digits), most=NUMBER_DIGITS)))
    return int(text.strip().replace("_", ""))


def _seed(text: str) -> int:
    seed = _whole(text)
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(str(_t("seed_range", most=MAX_SEED, value=seed)))
    return seed


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line: one subcommand for each of ``play``, ``replay``, ``simulate``,
    ``questions``, ``ask`` and ``handout``."""
    from cardlab.questions import MAX_SAMPLES
    from cardlab.simulate import MAX_GAMES, cores

    parser = _Parser(prog="python -m cardlab", description="cardlab: card games and probability")
    sub = parser.add_subparsers(dest="command", required=True)
    common = _Parser(add_help=False)  # options every command has (argparse's types want parents of the parser's class)
    common.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                        help=f"language of the narration and messages: {', '.join(LANGUAGES)} (default en)")
    seed_help = "random seed, 0 to 2**63-1 (same seed, same deals); default 0"

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=", ".join(games()))
        p.add_argument("--players", type=_whole, default=None, help="number of players (one the game allows)")
        p.add_argument("--seed", type=_seed, default=0, help=seed_help)
        p.add_argument("--preset", default="seed", help="rules preset: seed (default) or original")
        p.add_argument("--option", action="append", metavar="K=V", help="a rule option, e.g. burn=true")
        p.add_argument("--agents", default=None,
                       help="one agent for every seat, or one per seat: smart (default), random, random,smart,…")
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
    p.add_argument("-n", type=_whole, default=1000, help=f"number of deals (or matches), 1 to {MAX_GAMES:,}")
    p.add_argument("--workers", type=_whole, default=1,
                   help=f"processes to play on (the same table for any number); at most the {cores()} cores "
                        "here: a larger number is quietly capped")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("questions", parents=[common], help="list the probability questions")
    p.add_argument("--game", default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_questions)

    p = sub.add_parser("ask", parents=[common], help="answer one question exactly and by simulation")
    p.add_argument("question")
    p.add_argument("--param", action="append", metavar="K=V", help="a question parameter, e.g. players=4")
    p.add_argument("-n", type=_whole, default=100_000,
                   help=f"number of simulated deals: 1 to {MAX_SAMPLES:,} ({MAX_GAMES:,} for a question whose "
                        "deals are played by agents)")
    p.add_argument("--seed", type=_seed, default=0, help=seed_help)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("handout", parents=[common],
                       help="write a one-page printable rules summary with a worked example (HTML)")
    p.add_argument("game", help=", ".join(games()))
    p.add_argument("--players", type=_whole, default=None, help="number of players in the example deal")
    p.add_argument("--seed", type=_seed, default=0, help="seed of the example deal (same seed, same cards)")
    p.add_argument("--output", "-o", metavar="FILE", default=None,
                   help="where to write it (default: GAME-handout-LANG.html here; - for standard output)")
    p.set_defaults(func=cmd_handout)
    return parser


def _language_of(argv: Sequence[str]) -> str:
    """The --lang of the command line, read before argparse so that its errors too are in that language."""
    lang = "en"
    for i, item in enumerate(argv):
        if item == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif item.startswith("--lang="):
            lang = item.split("=", 1)[1]
    return lang if lang in LANGUAGES else "en"


class _Output:
    """Standard output as the commands write to it, remembering a write that failed (a full disk, a closed pipe),
    so that the failure is reported as the output's, not as some other file's."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failure: OSError | None = None

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            self.failure = error
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            self.failure = error
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _silence(stream: Any) -> None:
    """Point a failed stdout at the null device, so that Python's last flush at exit does not print a second
    error (with a traceback) about the same output."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture): nothing to silence
        pass


def _fail(message: Words | str, code: int = 2) -> int:
    text = " ".join(str(message).split())  # one line, whatever the message held
    try:
        print(text, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr itself is gone: the exit code still says it
        pass
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit code (0 done, 2 bad input with one line on stderr, 130 after Ctrl-C)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    stdout = sys.stdout
    output = sys.stdout = _Output(stdout)
    try:
        with language(_language_of(argv)):
            return _run(argv, output)
    finally:
        sys.stdout = stdout
        if output.failure is not None:
            _silence(stdout)


def _run(argv: list[str], output: _Output) -> int:
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)  # a command returns its exit code
        output.flush()
        return code
    except _UsageError as error:
        message = _usage_message(str(error))
        message = message if len(message) <= 300 else message[:299] + "…"
        if error.command:
            message = str(_t("see_help", message=message, command=error.command))
        return _fail(_t("error", message=message))
    except (RulesError, RecordError, IllegalActionError, CardError) as error:
        return _fail(_t("error", message=error))
    except KeyboardInterrupt:
        return _fail(_t("interrupted"), 130)
    except BrokenProcessPool:
        return _fail(_t("error", message=_t("worker_died")))
    except OSError as error:
        if output.failure is not None and isinstance(output.failure, BrokenPipeError):
            return 0  # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        if output.failure is not None:
            return _fail(_t("error", message=_t("output_failed", reason=_reason(output.failure))))
        return _fail(_t("error", message=_t("os_error", reason=_reason(error))))
