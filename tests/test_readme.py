"""README.md's examples run as written: every line of the "On the command line" block, in order, in one temporary
folder, with the kit's environment first on PATH (so `python` is the interpreter running these tests); and the
"In Python" block, whose commented outputs must be the real ones.

The command-line block takes about 15-25 s on two busy cores (mostly the two `simulate` lines); each line's time is
printed (``pytest -s``) so that a slow example shows up.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tokenize
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def fenced_blocks(text: str) -> list[tuple[str, str, str]]:
    """Every fenced code block as (the "## " heading it is under, its info string, its text)."""
    blocks, heading, inside, info, lines = [], "", False, "", []
    for line in text.splitlines():
        if not inside and line.startswith("## "):
            heading = line[3:].strip()
        elif line.startswith("```"):
            if inside:
                blocks.append((heading, info, "\n".join(lines)))
                inside, lines = False, []
            else:
                inside, info = True, line[3:].strip()
        elif inside:
            lines.append(line)
    assert not inside, "README.md has a code block that is never closed"
    return blocks


def section(heading: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def block(heading: str) -> str:
    found = [body for under, _, body in fenced_blocks(README.read_text(encoding="utf-8")) if under == heading]
    assert len(found) == 1, f"expected one code block under '## {heading}', found {len(found)}"
    return found[0]


def kit_environment() -> dict[str, str]:
    """The environment a reader gets after `source .venv/bin/activate`: the kit's bin folder first on PATH."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("PYTHONPATH", None)  # as a reader's shell: cardlab comes from the environment, not from this checkout
    return env


def test_the_kit_environment_is_the_one_the_readme_tells_readers_to_use():
    env = kit_environment()
    python = shutil.which("python", path=env["PATH"])
    assert python is not None and Path(python).parent == Path(sys.executable).parent
    prose = section("On the command line")
    assert "source .venv/bin/activate" in prose and ".venv/bin/python" in prose
    assert "source .venv/bin/activate" in section("In Python")


def command_lines() -> list[str]:
    lines = [line for line in block("On the command line").splitlines() if line.strip()]
    assert lines and all(line.startswith("python -m cardlab ") for line in lines), lines
    return lines


def words_of(line: str) -> list[str]:
    return shlex.split(line, comments=True)


def option(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words else None


def check_output(words: list[str], result: subprocess.CompletedProcess, folder: Path) -> None:
    """What each kind of line must show, beyond exit status 0."""
    command = words[3]
    if "--json" in words:
        document = json.loads(result.stdout)  # one JSON document on stdout, nothing else
        if command == "simulate":
            assert document["n"] == int(option(words, "-n")) and document["agents"] == option(words, "--agents")
            assert sum(document["wins"].values()) >= document["n"]
    if command == "play":
        assert result.stdout.splitlines()[-1].startswith("Итого:" if "ru" in words else "Totals:")
        if "--match" in words:
            assert "the match with" in result.stdout
        record = option(words, "--record")
        if record:
            data = json.loads((folder / record).read_text(encoding="utf-8"))
            assert data["format"] == "cardlab.record/1" and data["seed"] == int(option(words, "--seed"))
            assert f"Record written to {record}." in result.stderr
    elif command == "replay":
        assert "The record is valid" in result.stdout.splitlines()[-1]
    elif command == "simulate" and "--json" not in words:
        game = words[4].capitalize()
        assert result.stdout.startswith(f"{int(option(words, '-n')):d} deals of {game}")
    elif command == "questions":
        ids = [line.split()[0] for line in result.stdout.splitlines() if not line.startswith(" ")]
        assert ids and all(i.startswith(f"{option(words, '--game')}.") for i in ids)
    elif command == "ask":
        assert "exact:" in result.stdout and "simulated:" in result.stdout
    elif command == "handout":
        written = folder / f"{words[4]}-handout-{option(words, '--lang') or 'en'}.html"
        assert written.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    if "--lang" in words and option(words, "--lang") == "ru" and command == "play":
        assert re.search("[а-яА-Я]", result.stdout)


def test_every_command_line_example_runs_as_written(tmp_path):
    env = kit_environment()
    took = []
    for line in command_lines():  # in order, in one folder: replay reads the record the play line wrote
        start = time.monotonic()
        result = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True,
                                timeout=300)
        took.append((time.monotonic() - start, line))
        assert result.returncode == 0, f"{line}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr
        check_output(words_of(line), result, tmp_path)
    for seconds, line in took:
        print(f"{seconds:6.1f} s  {line}")
    print(f"{sum(s for s, _ in took):6.1f} s  in all")

    # the damaged-record example in the prose is what replay says of the record the play line wrote
    example = re.search(r"`(error: deal (\d+), action (\d+) \((\{.*?\})\): .*?)`", section("On the command line"))
    assert example, "the README's damaged-record example is missing"
    message, deal, action, changed = example.group(1), int(example.group(2)), int(example.group(3)), example.group(4)
    record = next(words_of(line)[words_of(line).index("--record") + 1] for line in command_lines()
                  if "--record" in line)
    data = json.loads((tmp_path / record).read_text(encoding="utf-8"))
    data["deals"][deal - 1]["actions"][action - 1] = ast.literal_eval(changed)
    (tmp_path / "damaged.json").write_text(json.dumps(data), encoding="utf-8")
    refused = subprocess.run("python -m cardlab replay damaged.json", shell=True, cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and refused.stderr.strip() == message


def comments(code: str) -> dict[int, str]:
    """Line number -> the text of the comment that ends that line."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string[1:].strip()
    return found


def test_the_python_example_runs_and_its_comments_are_its_outputs():
    code = block("In Python")
    script = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env=kit_environment())
    assert script.returncode == 0, script.stderr  # the block runs as a script

    notes = comments(code)
    namespace: dict = {}
    checked = []
    for statement in ast.parse(code).body:
        source = ast.get_source_segment(code, statement)
        claim = notes.get(statement.end_lineno)
        if not isinstance(statement, ast.Expr) or claim is None:
            exec(compile(source, "README.md", "exec"), namespace)
            continue
        call = statement.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print":
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(source, "README.md", "exec"), namespace)
            shown = printed.getvalue().strip()
        else:
            value = eval(compile(source, "README.md", "eval"), namespace)
            shown = repr(value)
        assert shown == claim, f"README.md says `{source}` gives {claim!r}; it gives {shown!r}"
        checked.append(claim)
    assert "Fraction(9284, 1817725)" in checked and len(checked) >= 4, checked


def test_the_executor_example_gives_the_same_table():
    code = block("Many games on many processes, or on a cluster")
    assert "executor=pool" in code and code.rstrip().endswith("# True")
    script = subprocess.run([sys.executable, "-c", code.replace("there.equals(here)", "print(there.equals(here))")],
                            capture_output=True, text=True, timeout=300, env=kit_environment())
    assert script.returncode == 0, script.stderr
    assert script.stdout.strip() == "True"


@pytest.mark.parametrize("heading", ["On the command line", "In Python",
                                     "Many games on many processes, or on a cluster"])
def test_the_examples_are_where_the_tests_look_for_them(heading):
    assert block(heading).strip()
