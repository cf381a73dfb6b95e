"""The command line checks its arguments: every number has a bound, every file error is one line, nothing shows a
traceback, and Ctrl-C stops a long run with one line and exit code 130."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab.cli import main

HUGE = "1" * 5000  # Python refuses to read an int of more than 4300 digits


def run(*args: str, stdout=subprocess.PIPE, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardlab", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=timeout)


def refused(capsys, *args: str) -> str:
    """Run the command in this process; it must exit 2 with exactly one line on stderr and nothing on stdout."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(("error: ", "ошибка: ")), err
    assert "Traceback" not in err
    return lines[0]


# ----------------------------------------------------------------------------------------- --option and --param
@pytest.mark.parametrize("option,flag", [("players=4", "--players"), ("preset=original", "--preset"),
                                         ("name=pickup", "the first argument")])
def test_an_option_that_is_a_load_game_argument_is_refused_with_the_options_listed(capsys, option, flag):
    line = refused(capsys, "play", "golyi", "--option", option)
    assert f"give it as {flag}" in line and "options of Golyi: burn, lead_capture" in line


def test_an_unknown_option_is_refused_with_the_options_listed(capsys):
    line = refused(capsys, "simulate", "strike", "-n", "5", "--option", "speed=2")
    assert "has no option 'speed'" in line and "frames" in line and "exchange" in line


def test_an_option_value_of_5000_digits_is_refused(capsys):
    line = refused(capsys, "play", "strike", "--option", f"frames={HUGE}")
    assert "5000 digits" in line and len(line) < 200


def test_frames_is_bounded_so_a_match_always_ends(capsys):
    line = refused(capsys, "play", "strike", "--option", "frames=1000000000", "--match")
    assert "'frames' cannot be 1000000000" in line and "up to 100" in line
    assert main(["play", "strike", "--option", "frames=2", "--match", "--agents", "random", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["deals"]) == 2


@pytest.mark.parametrize("value", ["4.0", "true", "[4]", HUGE])
def test_a_question_parameter_must_be_one_of_its_values_exactly(capsys, value):
    line = refused(capsys, "ask", "golyi.sweep", "--param", f"players={value}", "-n", "10")
    assert "players" in line and "2, 4, 6" in line or "digits" in line
    assert len(line) < 300


# ----------------------------------------------------------------------------------------- numbers
def test_simulate_n_is_at_most_a_million(capsys):
    line = refused(capsys, "simulate", "golyi", "-n", "1000000000000")
    assert "at most 1,000,000" in line and "1000000000000" in line
    assert "at most 1,000,000" in refused(capsys, "simulate", "golyi", "-n", "1000001")
    assert "1 or more" in refused(capsys, "simulate", "golyi", "-n", "0")


def test_ask_n_is_at_most_ten_million_and_a_million_for_played_deals(capsys):
    assert "at most 10,000,000" in refused(capsys, "ask", "golyi.sweep", "-n", "1000000000000")
    assert "at most 10,000,000" in refused(capsys, "ask", "golyi.sweep", "-n", "10000001")
    played = next(s.id for s in cardlab.questions() if any(p.name == "agents" for p in s.params))  # played deals
    assert "at most 1,000,000" in refused(capsys, "ask", played, "-n", "1000001")


@pytest.mark.parametrize("args,words", [
    (("simulate", "golyi", "-n", HUGE), "5000 digits"),
    (("simulate", "golyi", "-n", "ten"), "'ten' is not a whole number"),
    (("play", "golyi", "--seed", "-1"), "from 0 to 9223372036854775807"),
    (("play", "golyi", "--seed", str(2**63)), "from 0 to 9223372036854775807"),
    (("ask", "golyi.sweep", "--seed", HUGE), "5000 digits"),
    (("play", "golyi", "--players", HUGE), "5000 digits"),
    (("play", "golyi", "--players", "4.0"), "not a whole number"),
    (("simulate", "golyi", "--workers", "0"), "workers must be a whole number 1 or more"),
    (("handout", "golyi", "--seed", "1.5"), "not a whole number"),
])
def test_a_number_out_of_its_bounds_is_one_line_naming_them(capsys, args, words):
    line = refused(capsys, *args)
    assert words in line and len(line) < 300


def test_workers_are_capped_at_the_machines_cores(monkeypatch, capsys):
    simulate_module = importlib.import_module("cardlab.simulate")  # cardlab.simulate is the function

    started = []

    def in_this_process(game, agents, chunks, match, workers, parts, bar):  # records how many would start
        started.append(workers)
        for i, chunk in enumerate(chunks):
            parts[i] = simulate_module.play_rows(game, agents, chunk, match)

    monkeypatch.setattr(simulate_module, "_play_on_workers", in_this_process)
    monkeypatch.setattr(simulate_module, "cores", lambda: 2)
    assert main(["simulate", "pickup", "-n", "600", "--workers", "1000", "--agents", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["n"] == 600  # three chunks of 250: worth a pool
    assert started == [2]


def test_a_thousand_workers_on_the_real_machine_run_on_its_cores():
    result = run("simulate", "pickup", "-n", "30", "--workers", "1000", "--agents", "random", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["n"] == 30


# ----------------------------------------------------------------------------------------- files
@pytest.mark.parametrize("where,reason", [("missing/r.json", "there is no such folder"),
                                          (".", "that is a folder, not a file")])
def test_a_record_that_cannot_be_written_is_one_line(capsys, tmp_path, where, reason):
    line = refused(capsys, "play", "golyi", "--record", str(tmp_path / where))
    assert "cannot write the record to" in line and reason in line


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_record_on_a_full_disk_is_one_line(capsys):
    line = refused(capsys, "play", "golyi", "--record", "/dev/full")
    assert line == "error: cannot write the record to '/dev/full': the disk is full"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [("play", "golyi", "--match"), ("questions", "--json"),
                                  ("handout", "pickup", "-o", "-")])
def test_output_to_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        result = run(*args, stdout=full)
    assert result.returncode == 2
    assert result.stderr == "error: cannot write the output: the disk is full\n"


def test_a_reader_that_goes_away_is_not_an_error():
    process = subprocess.Popen([sys.executable, "-m", "cardlab", "questions"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    err = process.stderr.read()
    assert process.wait(timeout=60) == 0 and "Traceback" not in err and "Exception" not in err


# ----------------------------------------------------------------------------------------- language
def test_errors_read_in_the_language_of_lang(capsys):
    assert refused(capsys, "play", "golyi", "--players", "3", "--lang", "ru") == \
        "ошибка: Голый: число игроков может быть 2, 4, 6, а не 3"
    assert "число сдач должно быть целым числом от 1 до 10,000,000" in refused(
        capsys, "ask", "golyi.sweep", "-n", "0", "--lang", "ru")
    assert refused(capsys, "play", "golyi", "--bogus", "--lang", "ru") == "ошибка: неизвестные аргументы: --bogus"
    assert refused(capsys, "play", "golyi", "--option", "players=4", "--lang", "ru").startswith(
        "ошибка: --option players=…: players — не настройка правил")
    assert "такой папки нет" in refused(capsys, "play", "golyi", "--record", "/no/such/dir/r.json", "--lang", "ru")
    assert refused(capsys, "play", "golyi", "--players", "3") == "error: Golyi is played by 2, 4, 6 players, not 3"


# ----------------------------------------------------------------------------------------- Ctrl-C
def _interrupt_once_started(args: list[str], whole_group: bool, done: int = 0) -> tuple[int, str, str]:
    """Start a long command, wait until its progress bar on stderr shows at least ``done`` games finished (by
    default: until the bar is there), then press Ctrl-C (SIGINT to the process, or to its whole process group as a
    terminal does, which also reaches the worker processes)."""
    process = subprocess.Popen([sys.executable, "-m", "cardlab", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    err = bytearray()
    started = threading.Event()

    def read() -> None:
        while chunk := os.read(process.stderr.fileno(), 4096):
            err.extend(chunk)
            shown = [int(count) for count in re.findall(rb"(\d+)/1000000", bytes(err))]
            if shown and max(shown) >= done:  # the bar: the run has started (and got that far)
                started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert started.wait(120), bytes(err).decode(errors="replace")
    time.sleep(0.5)
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    reader.join(10)
    out = process.stdout.read().decode(errors="replace")
    return process.returncode, bytes(err).decode(errors="replace"), out


@pytest.mark.parametrize("args,whole_group", [
    (["simulate", "strike", "-n", "1000000", "--agents", "random"], False),
    (["simulate", "pickup", "-n", "1000000", "--agents", "random", "--workers", "2"], True),
])
def test_ctrl_c_stops_a_long_run_with_the_summary_so_far_and_exit_130(args, whole_group):
    """Ctrl-C once some chunks are done: the summary of the games before the first unfinished chunk (exactly the
    first rows of the whole table: a number of whole chunks), one line saying so, exit 130."""
    code, err, out = _interrupt_once_started(args, whole_group, done=1500)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    last = [line for line in err.replace("\r", "\n").splitlines() if line.strip()][-1]
    done = int(last.split(" after ")[1].split(" of ")[0])
    assert last == f"interrupted (Ctrl-C) after {done} of 1000000 games: the summary above is of those {done}"
    assert err.count("interrupted") == 1
    assert done >= 1500 and done % 250 == 0  # whole chunks of 250 (simulate.CHUNK_GAMES)
    first = out.splitlines()[0]
    assert int(first.split(" deals of ")[0].replace(",", "")) == done, first


def test_ctrl_c_before_any_game_is_done_prints_nothing():
    """Matches of Strike by smart bots: the first chunk of 250 takes far longer than the wait for the bar."""
    code, err, out = _interrupt_once_started(["simulate", "strike", "-n", "1000000", "--agents", "smart",
                                              "--match"], False)
    assert code == 130, err
    last = [line for line in err.replace("\r", "\n").splitlines() if line.strip()][-1]
    assert last == "interrupted (Ctrl-C): stopped before the end, nothing more was printed or written"
    assert out == ""


# ----------------------------------------------------------------------------------------- fuzz
NUMBERS = st.one_of(st.integers(-3, 60).map(str), st.integers(10**6, 10**40).map(str),
                    st.sampled_from(["", "x", "4.0", "1e9", "-0", "1_0", HUGE, "true", "[]", "{}", "null"]))
VALUES = st.one_of(NUMBERS, st.text(max_size=20))


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(["play", "simulate", "ask", "questions", "handout"]))
    game = draw(st.sampled_from(["golyi", "pickup", "strike", "clash", "chess", "", HUGE]))
    args = [command] + ([draw(st.sampled_from(["golyi.sweep", "pickup.scoring_cards_same_suit", "nope"]))]
                        if command == "ask" else [] if command == "questions" else [game])
    flags = {"play": ["--players", "--seed", "--option", "--agents", "--preset"],
             "simulate": ["--players", "--seed", "--option", "--agents", "-n", "--workers"],
             "ask": ["--param", "-n", "--seed"], "questions": ["--game"], "handout": ["--players", "--seed"]}[command]
    for flag in draw(st.lists(st.sampled_from(flags), max_size=3)):
        if flag in ("--option", "--param"):
            args += [flag, f"{draw(st.sampled_from(['players', 'frames', 'burn', 'points', 'name', 'x']))}="
                           f"{draw(VALUES)}"]
        elif flag == "-n":
            args += [flag, draw(st.sampled_from(["1", "7", "0", "-5", "10000001", HUGE, "many"]))]
        else:
            args += [flag, draw(VALUES)]
    if command in ("play", "handout", "simulate") and "--output" not in args:
        args += ["--agents", "random"] if command != "handout" else ["-o", "-"]
    return args


@given(command_lines())
def test_any_command_line_ends_with_a_result_or_one_error_line(args):
    if args[0] == "simulate" and "-n" not in args:
        args += ["-n", "3"]
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(args)
    out, err = stdout.getvalue(), stderr.getvalue()
    assert code in (0, 2), (args, err)
    assert "Traceback" not in err
    if code == 2:
        assert out == "" or args[0] == "handout"
        assert len(err.strip().splitlines()) == 1, (args, err)


def test_ctrl_c_during_ask_prints_the_estimate_of_the_deals_played():
    code, err, out = _interrupt_once_started(["ask", "golyi.last_capture_by_leader_team", "--param", "players=2",
                                              "--param", "agents=smart", "-n", "1000000"], False,
                                             done=1)  # some deals played (on a busy machine the first takes a while)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    last = [line for line in err.replace("\r", "\n").splitlines() if line.strip()][-1]
    done = int(last.split(" after ")[1].split(" of ")[0])
    assert 0 < done < 1_000_000
    assert last == (f"interrupted (Ctrl-C) after {done} of 1000000 deals: the estimate above is of those {done}")
    estimate = cardlab.question("golyi.last_capture_by_leader_team", players=2, agents="smart").simulate(done)
    assert out.splitlines()[-1] == f"  simulated: {estimate}"
