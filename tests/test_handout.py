"""Printable handouts (python -m cardlab handout GAME): content, accessibility, no external resources, the CLI,
and one A4 page per handout when printed by chromium."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab.engine import definition, games
from cardlab.handout import LANGUAGES, handout_html

GAMES = ("clash", "golyi", "pickup", "strike")
CASES = [(game, lang) for game in GAMES for lang in LANGUAGES]
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def scores_shown(html: str) -> list[int]:
    return json.loads(re.search(r'data-scores="([^"]*)"', html).group(1))


def svg_tags(html: str) -> list[str]:
    return re.findall(r"<svg\b[^>]*>", html)


@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], str]:
    return {(game, lang): handout_html(game, lang=lang) for game, lang in CASES}


@pytest.mark.parametrize("game,lang", CASES)
def test_title_options_and_the_engines_scores(pages, game, lang):
    html = pages[game, lang]
    title = definition(game).words("title").render(lang)
    assert f"<title>{title} — " in html and re.search(rf"<h1>{re.escape(title)} ", html)
    assert f'<html lang="{lang}">' in html
    loaded = cardlab.load_game(game)
    for option in loaded.rules:
        assert f"<code>{option}</code>" in html, f"option {option} missing"
    played = cardlab.play(loaded, "smart", seed=0)
    assert scores_shown(html) == played.scores()
    assert json.loads(re.search(r'data-winners="([^"]*)"', html).group(1)) == played.winners()
    assert html.count('<article class="moment') >= 3


@pytest.mark.parametrize("game,lang", CASES)
def test_every_card_has_a_text_alternative_in_the_pages_language(pages, game, lang):
    html = pages[game, lang]
    tags = svg_tags(html)
    assert len(tags) >= 20
    labels = []
    for tag in tags:
        assert 'role="img"' in tag, tag
        label = re.search(r'aria-label="([^"]+)"', tag)
        assert label is not None and label.group(1).strip(), tag
        labels.append(label.group(1))
    if lang == "ru":
        assert all(re.search("[а-яё]", label) for label in labels), labels
        assert not any(" of " in label for label in labels)
    else:
        assert all(re.fullmatch(r"(Joker|(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of "
                                r"(spades|hearts|diamonds|clubs))(, highlighted)?", label) for label in labels)
    # every list of cards is a labelled list
    assert all('aria-label="' in ul for ul in re.findall(r'<ul role="list"[^>]*>', html))


@pytest.mark.parametrize("game,lang", CASES)
def test_no_scripts_and_no_external_resources(pages, game, lang):
    html = pages[game, lang].lower()
    for needle in ("<script", "<link", "<iframe", "<img", "@import", "url(", " src=", " href=", "javascript:"):
        assert needle not in html, needle
    # the only address on the page is the SVG namespace, which is a name, not something to fetch
    assert set(re.findall(r"(?:https?:)?//[^\s\"'<>)]+", html)) <= {SVG_NAMESPACE}


def test_russian_pages_use_the_seed_texts_terms_and_describe_the_example_themselves(pages):
    terms = {"golyi": ["Голый", "«голыми»", "сдатчик", "колода"],
             "pickup": ["Взять карты", "стопк", "набор из 2-х карт", "набор из 4-х карт", "пропускает ход"],
             "strike": ["Удар", "ряд", "резерв", "стопк", "сброса", "обмен"],
             "clash": ["Столкновение", "защитник", "нападающий", "комбинаци"]}
    for game, words in terms.items():
        html = pages[game, "ru"]
        for word in words:
            assert word in html, (game, word)
        played = cardlab.play(cardlab.load_game(game), "smart", seed=0)
        for event in played.events:  # the English narration is never copied
            assert event.text not in html
        body = html.split("<footer>")[0]
        for english in ("Seat ", " takes ", " deals", "Worked example", "Rule options"):
            assert english not in body, (game, english)


def test_other_player_counts_and_seeds_follow_the_engine():
    for game, players, seed in (("golyi", 2, 4), ("golyi", 6, 3), ("strike", 3, 5), ("clash", 2, 11)):
        for lang in LANGUAGES:
            html = handout_html(game, lang=lang, players=players, seed=seed)
            played = cardlab.play(cardlab.load_game(game, players=players), "smart", seed=seed)
            assert scores_shown(html) == played.scores()
            assert f"--players {players} --seed {seed}" in html


def test_bad_game_language_or_players_is_a_rules_error_naming_what_is_allowed():
    with pytest.raises(cardlab.RulesError, match="unknown game 'chess'; games: clash, golyi, pickup, strike"):
        handout_html("chess")
    with pytest.raises(cardlab.RulesError, match="unknown language 'fr' for a handout; languages: en, ru"):
        handout_html("golyi", lang="fr")
    with pytest.raises(cardlab.RulesError, match="played by 2 players, not 3"):
        handout_html("pickup", players=3)


def test_the_module_is_pure():
    code = ("import sys, cardlab.handout; "
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'plotly') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "[]", result.stderr


def test_cli_writes_the_file(tmp_path):
    target = tmp_path / "golyi-ru.html"
    result = run("handout", "golyi", "--lang", "ru", "--players", "4", "--seed", "2", "--output", str(target))
    assert result.returncode == 0, result.stderr
    # the note on stderr reads in the language asked for, like every other line of the command line
    assert result.stdout == "" and "Памятка сохранена в" in result.stderr and str(target) in result.stderr
    assert target.read_text(encoding="utf-8") == handout_html("golyi", lang="ru", players=4, seed=2)
    default = run("handout", "pickup", cwd=tmp_path)
    assert default.returncode == 0 and (tmp_path / "pickup-handout-en.html").exists()
    to_stdout = run("handout", "clash", "--output", "-")
    assert to_stdout.returncode == 0 and to_stdout.stdout.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("args,message", [
    (("handout", "chess"), "unknown game 'chess'; games: clash, golyi, pickup, strike"),
    (("handout", "golyi", "--lang", "fr"), "argument --lang: invalid choice: 'fr' (choose from 'en', 'ru')"),
    (("handout", "strike", "--players", "5"), "played by 3, 4 players, not 5"),
    (("handout", "clash", "--output", "/no/such/folder/x.html"), "cannot write the handout"),
])
def test_cli_bad_input_exits_2_with_the_message(args, message, tmp_path):
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr and result.stdout == ""
    assert not list(tmp_path.iterdir())


def test_each_handout_prints_on_one_a4_page(chromium, tmp_path, pages):
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
             "--no-pdf-header-footer"]
    jobs = {}
    for game, lang in CASES:
        html = tmp_path / f"{game}-{lang}.html"
        html.write_text(pages[game, lang], encoding="utf-8")
        pdf = tmp_path / f"{game}-{lang}.pdf"
        command = [chromium, *flags, f"--user-data-dir={tmp_path / f'profile-{game}-{lang}'}",
                   f"--print-to-pdf={pdf}", html.as_uri()]
        jobs[game, lang] = (pdf, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    for (game, lang), (pdf, process) in jobs.items():
        _, errors = process.communicate(timeout=180)
        assert pdf.exists(), f"{game} {lang}: chromium wrote no PDF: {errors.decode(errors='replace')[-500:]}"
        data = Path(pdf).read_bytes()
        pages_printed = len(re.findall(rb"/Type\s*/Page\b", data))
        assert pages_printed == 1, f"{game} {lang}: {pages_printed} pages"
        width, height = (float(v) for v in re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", data).groups())
        assert abs(width - 595.3) < 2 and abs(height - 841.9) < 2, "not A4 portrait"


def _code_words(path: Path) -> str:
    """The names and the string literals of a module, without its docstrings and comments (which may show an
    example call)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.alias):
            words.append(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
    return "\n".join(words)


def test_the_page_names_no_game_and_finds_every_games_part():
    """A game's handout lives in its package (GameDefinition.handout); the page (cardlab/handout.py) names none."""
    code = _code_words(Path(cardlab.__file__).parent / "handout.py")
    named = {game for game in games() if re.search(rf"\b{game}\b", code, re.IGNORECASE)}
    assert named == set(), f"cardlab/handout.py names {sorted(named)}"
    assert set(games()) == set(GAMES)
    for game in games():
        part = definition(game).handout
        assert part is not None and callable(part.example), game
        assert set(part.options) == set(definition(game).options), game  # every option explained
