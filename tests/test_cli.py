"""The command line, run as a real subprocess (python -m cardlab)."""

import json
import subprocess
import sys
from fractions import Fraction
from math import comb

import pytest


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_play_a_match_record_and_replay(tmp_path):
    record = tmp_path / "r.json"
    result = run("play", "golyi", "--players", "4", "--seed", "7", "--match", "--record", str(record))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Deal 1.") and "wins the match" in result.stdout or "win the match" in result.stdout
    data = json.loads(record.read_text())
    assert data["format"] == "cardlab.record/1" and data["seed"] == 7 and data["winner"]
    replayed = run("replay", str(record))
    assert replayed.returncode == 0 and "The record is valid" in replayed.stdout

    # one card changed: refused, naming the deal and the action
    first = data["deals"][0]["actions"][0]
    data["deals"][0]["actions"][0]["play"] = "AS" if first["play"] != "AS" else "2S"
    record.write_text(json.dumps(data))
    refused = run("replay", str(record))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("error: deal 1, action 1 (")


def test_play_json_is_one_document_and_options_work():
    result = run("play", "golyi", "--players", "2", "--seed", "3", "--option", "lead_capture=false", "--json",
                 "--agents", "random,smart")
    assert result.returncode == 0
    record = json.loads(result.stdout)
    assert record["rules"] == {"burn": False, "lead_capture": False} and record["players"] == 2


@pytest.mark.parametrize("args,message", [
    (("play", "chess"), "unknown game 'chess'"),
    (("play", "golyi", "--players", "3"), "played by 2, 4, 6 players"),
    (("play", "golyi", "--option", "burn=maybe"), "option 'burn' cannot be 'maybe'"),
    (("play", "golyi", "--option", "speed=2"), "has no option 'speed'"),
    (("play", "golyi", "--option", "burn"), "key=value"),
    (("play", "golyi", "--agents", "genius"), "unknown agent 'genius'"),
    (("play", "golyi", "--preset", "house"), "unknown preset 'house'"),
    (("ask", "golyi.sweep", "--param", "players=5"), "players cannot be 5"),
    (("ask", "nope"), "unknown question 'nope'"),
    (("replay", "/no/such/file.json"), "cannot read record file"),
    (("simulate", "golyi", "-n", "0"), "whole number 1 or more"),
    (("simulate", "golyi", "--workers", "0"), "workers must be a whole number 1 or more"),
])
def test_bad_input_exits_2_with_a_clear_message(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr and result.stdout == ""


def test_simulate_json_with_progress_on_stderr():
    result = run("simulate", "golyi", "-n", "50", "--seed", "1", "--agents", "random", "--json")
    assert result.returncode == 0
    summary = json.loads(result.stdout)
    assert summary["n"] == 50 and sum(summary["wins"].values()) >= 50
    assert "50/50" in result.stderr  # the tqdm bar


def test_simulate_on_two_processes_gives_the_same_summary():
    one = run("simulate", "pickup", "-n", "40", "--seed", "5", "--agents", "random", "--json")
    two = run("simulate", "pickup", "-n", "40", "--seed", "5", "--agents", "random", "--json", "--workers", "2")
    assert one.returncode == two.returncode == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_questions_and_ask_json():
    listing = json.loads(run("questions", "--game", "golyi", "--json").stdout)
    assert {q["id"] for q in listing} >= {"golyi.sweep", "golyi.team_card_points_at_least"}
    answer = run("ask", "golyi.sweep", "--param", "players=4", "-n", "20000", "--seed", "2", "--json")
    data = json.loads(answer.stdout)
    assert data["exact"] == str(Fraction(comb(28, 8) + comb(24, 8), comb(52, 8)))
    assert data["estimate"]["n"] == 20000 and data["agrees"] is True
    text = run("ask", "golyi.team_card_points_at_least", "--param", "points=40", "-n", "1000")
    assert text.returncode == 0 and "exact:" in text.stdout and "simulated:" in text.stdout


def test_help_states_the_bounds():
    simulate = run("simulate", "--help")
    assert simulate.returncode == 0 and "1,000,000" in simulate.stdout and "capped" in simulate.stdout
    ask = run("ask", "--help")
    assert ask.returncode == 0 and "10,000,000" in ask.stdout


def test_a_short_agent_list_is_refused_with_the_seat_count():
    result = run("simulate", "golyi", "-n", "10", "--agents", "random,smart")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "error: give one agent for every seat or one per seat (4); got 2\n"


@pytest.mark.parametrize("args", [(), ("--lang", "xx"), ("play",), ("simulate", "golyi", "-n")])
def test_a_malformed_command_line_is_one_error_line(args):
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
