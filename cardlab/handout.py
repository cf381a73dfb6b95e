"""Printable handouts: one A4 page per game with a rules summary and a worked example deal, in any language of
``cardlab.i18n.LANGUAGES``.

    from cardlab.handout import handout_html, write_handout
    html = handout_html("golyi", lang="ru", players=4, seed=0)    # the page as one HTML string
    write_handout("golyi", "golyi-ru.html", lang="ru")            # python -m cardlab handout golyi --lang ru

Pure: builds a string, imports no Jupyter. The page has its own print stylesheet (A4 portrait, one page), no
scripts and no external resources: cards are inline SVG from ``cardlab.render``, each with its name in words as
a text alternative (``aria-label`` and ``<title>``; Russian names on a Russian page).

This module is the page only — its layout, its styles and the words every handout shares — and names no game. Each
game's package gives its part (``GameDefinition.handout``, a ``cardlab.handout_parts.Handout``): the rule texts and
the builder of the worked example. The example is one deal played by the "smart" agents from the given seed with
the standard rules (``cardlab.play``), replayed action by action; the game tells its key moments from the engine's
own data — cards, seats, scores — in the page's language, never by translating the English narration. Every
sentence is a catalogued message (``cardlab.i18n``).
"""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from cardlab import render
from cardlab._version import __version__
from cardlab.agents import play
from cardlab.cards import Card
from cardlab.engine import Game, RulesError, definition, load_game
from cardlab.handout_parts import Group, Handout, Moment, Walk, count, say, sentence_start
from cardlab.i18n import LANGUAGES, Joined, Words, language, messages

__all__ = ["LANGUAGES", "check_language", "handout_html", "write_handout"]

CARD_WIDTH = 27  # px: a 13-card hand is about 300 px wide, so two moments fit side by side on A4
COLUMN_ROOM, WIDE_ROOM = 330, 690  # px for one list of cards: in one column of the example, across the page
JOINER_WIDTH, MIN_CAPTION = 22, 110  # px: the "vs" between two lists; the narrowest caption line


# errors are raised with the Text itself, so str(error) reads in the language current when it is read
_t = messages("handout", {
    "error.language": "unknown language {lang} for a handout; languages: {languages}",
    "error.write": "cannot write the handout to {path}: {reason}",
    # the words every handout shares
    "rules_summary": "Rules summary",
    "players": "Players",
    "cards": "Cards",
    "goal": "Goal",
    "options": "Rule options",
    "option": "Option",
    "values": "Values",
    "standard_bold": "(standard values in bold)",
    "meaning": "What it does",
    "any_whole": "any whole number ≥ 1",
    "tip": "Worth knowing",
    "example": "Worked example",
    "example_intro": "One deal played by the computer's “smart” players with the standard rules (seed {seed}, "
                     "{players}). Type the same command and you get the same cards.",
    "scores": "Deal scores",
    "winner": "Highest score",
    "footer": "Full rules: {rules_file} (cite as “{game} §4.3”). Made with cardlab {version}: {command}",
    "ranks_legend": "Card ranks: 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A.",
    # "yes" if this language writes the ranks J, Q, K, A with other letters than the ones printed on the cards: the
    # page then explains them (the line above); "no" otherwise
    "ranks_legend.shown": "no",
})


def _shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_language(lang: Any) -> str:
    """The language code, or RulesError naming the languages a handout can be written in."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise RulesError(_t("error.language", lang=_shown(lang), languages=", ".join(LANGUAGES)))
    return lang


class _Page:
    """The page's language: its shared words, and the game's names for its seats."""

    def __init__(self, lang: str, game: Game, part: Handout, seat: Callable[[int], Words]) -> None:
        self.lang = check_language(lang)
        self.game = game
        self.part = part
        self._seat = seat  # the example deal's name for a seat inside a sentence

    def __getitem__(self, key: str) -> str:
        return _t(key).render(self.lang)

    def read(self, words: Words) -> str:
        return words.render(self.lang)

    def say(self, key: str, **values: Any) -> str:
        return say(_t(key, **values), self.lang)

    def count(self, n: int, noun: str) -> str:
        return count(n, noun).render(self.lang)

    def seat(self, seat: int) -> str:
        return self.read(self._seat(seat))


def _walk(game: Game, seed: int) -> Walk[Any]:
    """Play one deal with the smart agents, then replay its actions on a fresh deal, keeping a copy of the deal
    before every action: ``deals[i]`` is the deal before action ``i``, ``deals[i + 1]`` the deal after it."""
    played = play(game, "smart", seed=seed)
    actions = list(played.deal.actions)
    state = game.deal(seed=seed)
    deals = [copy.deepcopy(state.deal)]
    for action in actions:
        state.apply(action)
        deals.append(copy.deepcopy(state.deal))
    assert state.scores() == played.scores()
    return Walk(game, played, actions, deals)


# ----------------------------------------------------------------------------------------------------- html
STYLE = """
@page { size: A4 portrait; margin: 8mm 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #d9d9d9; color: #111; font: 8.4pt/1.28 'DejaVu Sans', 'Liberation Sans', Arial,
       Helvetica, sans-serif; }
.sheet { width: 190mm; margin: 0 auto; background: #fff; }
@media screen { .sheet { width: 210mm; margin: 6mm auto; padding: 8mm 10mm; box-shadow: 0 1px 6px #888; } }
@media print { body { background: #fff; } }
header h1 { font-size: 16pt; line-height: 1.1; margin: 0; }
header .native { font-size: 11pt; font-weight: 400; color: #333; }
header .kind { float: right; font-size: 8pt; color: #333; margin-top: 2mm; }
.tagline { font-size: 9.6pt; margin: 0.6mm 0 1.2mm; }
.facts { display: flex; gap: 5mm; margin: 0 0 1mm; padding: 0.8mm 2.5mm; border: 1px solid #777;
         border-radius: 1.5mm; }
.facts div { flex: 1 1 auto; }
.facts dt { font-weight: 700; display: inline; }
.facts dt::after { content: ": "; }
.facts dd { display: inline; margin: 0; }
.legend { font-size: 7.8pt; color: #222; margin: 0 0 1.2mm; }
.rules { column-count: 2; column-gap: 6mm; }
.rules section { break-inside: avoid; margin: 0 0 1.4mm; }
h2 small { font-size: 7.6pt; font-weight: 400; }
h2 { font-size: 10pt; margin: 0 0 0.8mm; padding-bottom: 0.3mm; border-bottom: 1.2px solid #333; }
.rules ul { margin: 0; padding-left: 3.6mm; }
.rules li { margin: 0 0 0.6mm; }
table.options { border-collapse: collapse; width: 100%; font-size: 7.6pt; line-height: 1.25; }
table.options th, table.options td { text-align: left; vertical-align: top; padding: 0.4mm 1mm 0.4mm 0;
                                     border-bottom: 0.6px solid #aaa; }
table.options th { font-weight: 700; border-bottom: 1px solid #333; }
code { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 0.95em; }
.tip { break-inside: avoid; margin: 0 0 1mm; padding: 1mm 2mm; background: #f1f1f1; border-left: 1.2mm solid #555; }
.example { margin-top: 1.4mm; }
.example .intro { margin: 0 0 1mm; }
.moments { display: grid; grid-template-columns: 1fr 1fr; gap: 1.2mm 5mm; }
.moment { break-inside: avoid; }
.moment.wide { grid-column: 1 / -1; }
.moment h3 { font-size: 9pt; margin: 0 0 0.3mm; }
.moment p { margin: 0 0 0.4mm; }
.moment.side .body { display: flex; gap: 3mm; align-items: flex-start; }
.moment.side .words { flex: 1 1 auto; }
.moment.side .groups { flex: none; }
.moment ul.lines { margin: 0.2mm 0 0; padding-left: 3.6mm; }
.groups { display: flex; flex-wrap: wrap; gap: 0.6mm 4mm; align-items: flex-end; }
figure.group { margin: 0; }
figure.group figcaption { font-size: 7.4pt; color: #222; line-height: 1.15; }
.group .joiner { font-size: 7.6pt; margin: 0 1.2mm; vertical-align: middle; }
.group ul.cardlab-cards { padding-top: 6px !important; }
.group li.cardlab-marked { transform: translateY(-4px) !important; }
.result { margin: 1.2mm 0 0; padding: 1mm 2mm; border: 1.2px solid #333; border-radius: 1.5mm; font-size: 9pt; }
footer { margin-top: 1.2mm; font-size: 7pt; color: #444; }
"""


def _inline(text: str) -> str:
    """Escape, then turn ``**bold**`` into <strong>."""
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(text))


def _overlap(count: int, room: int) -> int:
    """How many pixels each card covers of the one before: a little, or more for a long pile (a Golyi capture can
    take 30 cards) so that the list fits in ``room`` pixels; the corner index always stays visible."""
    overlap = round(CARD_WIDTH * 0.2)
    if count > 1 and CARD_WIDTH + (count - 1) * (CARD_WIDTH - overlap) > room:
        overlap = math.ceil(CARD_WIDTH - (room - CARD_WIDTH) / (count - 1))
    return min(overlap, round(CARD_WIDTH * 0.62))


def _card_list(cards: Sequence[Card], label: str, marked: Sequence[int], w: _Page, room: int) -> str:
    """A labelled list of card pictures (``render.cards_html``), read in the page's language."""
    with language(w.lang):
        return render.cards_html(cards, label=label, marked=marked, overlap=_overlap(len(cards), room),
                                 width=CARD_WIDTH)


def _group_html(group: Group, w: _Page, room: int) -> str:
    parts, width = [], 0
    for k, card_list in enumerate(group.lists):
        if k and group.joiner:
            parts.append(f'<span class="joiner">{escape(group.joiner)}</span>')
            width += JOINER_WIDTH
        parts.append(_card_list(card_list.cards, card_list.label, card_list.marked, w, room))
        count = len(card_list.cards)
        width += CARD_WIDTH + (count - 1) * (CARD_WIDTH - _overlap(count, room)) if count else CARD_WIDTH
    # the caption wraps within the width of its cards (at least a short line), so captions never spread a row
    caption = (f'<figcaption style="max-width:{max(width, MIN_CAPTION)}px">{escape(sentence_start(group.caption))}'
               "</figcaption>")
    return (f'<figure class="group">{caption}'
            f'<div class="lists">{"".join(parts)}</div></figure>')


def _moment_html(moment: Moment, w: _Page) -> str:
    classes = "moment" + (" wide" if moment.wide else "") + (" side" if moment.side else "")
    html = [f'<article class="{classes}"><h3>{escape(moment.title)}</h3><div class="body"><div class="words">']
    if moment.text:
        html.append(f"<p>{escape(moment.text)}</p>")
    if moment.lines:
        html.append('<ul class="lines">' + "".join(f"<li>{escape(line)}</li>" for line in moment.lines) + "</ul>")
    html.append("</div>")
    if moment.groups:
        room = WIDE_ROOM if moment.wide else COLUMN_ROOM
        html.append('<div class="groups">' + "".join(_group_html(g, w, room) for g in moment.groups) + "</div>")
    html.append("</div></article>")
    return "".join(html)


def _value_text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _options_html(game: Game, w: _Page) -> str:
    rows = []
    for name, option in game.definition.options.items():
        standard = game.rules[name]
        values = [f"<strong><code>{escape(_value_text(standard))}</code></strong>"]
        if option.values is None:
            values.append(escape(w["any_whole"]))
        else:
            values += [f"<code>{escape(_value_text(v))}</code>" for v in option.values if v != standard]
        rows.append(f"<tr><td><code>{escape(name)}</code></td><td>{', '.join(values)}</td>"
                    f"<td>{_inline(w.read(w.part.options[name]))}</td></tr>")
    head = "".join(f"<th>{escape(w[key])}</th>" for key in ("option", "values", "meaning"))
    heading = f'{escape(w["options"])} <small>{escape(w["standard_bold"])}</small>'
    return (f'<section class="options"><h2>{heading}</h2><table class="options"><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></section>')


def _tip(w: _Page) -> str:
    tip = w.read(w.part.tip)
    return f'<p class="tip"><strong>{escape(w["tip"])}:</strong> {_inline(tip)}</p>'


def handout_html(game: str, lang: str = "en", players: int | None = None, seed: int = 0) -> str:
    """The one-page handout of ``game`` as an HTML document: rules summary, options, and a worked example deal
    played by the smart agents from ``seed``. RulesError for an unknown game, language or player count."""
    check_language(lang)
    spec = definition(game)  # RulesError naming the games
    loaded = load_game(spec.name, players=players)
    part: Handout = spec.handout
    walk = _walk(loaded, seed)
    w = _Page(lang, loaded, part, walk.played.deal.seat_name)
    example = part.example(walk, lang)

    facts = "".join(f"<div><dt>{escape(w[key])}</dt><dd>{_inline(w.read(getattr(part, key)))}</dd></div>"
                    for key in ("players", "cards", "goal"))
    legend = f'<p class="legend">{escape(w["ranks_legend"])}</p>' if w["ranks_legend.shown"] == "yes" else ""
    sections = "".join(
        f'<section><h2>{escape(w.read(title))}</h2>'
        f'<ul>{"".join(f"<li>{_inline(w.read(item))}</li>" for item in items)}</ul>'
        "</section>" for title, items in part.sections)
    intro = w.say("example_intro", seed=seed, players=w.count(loaded.players, "player"))
    moments = "".join(_moment_html(m, w) for m in example.moments)
    scores = w.read(Joined((f"{w.seat(s)} {v}".replace("-", "−") for s, v in enumerate(example.scores)), "list"))
    winners = w.read(Joined((w.seat(s) for s in example.winners), "list"))
    command = f"python -m cardlab handout {spec.name} --lang {lang} --players {loaded.players} --seed {seed}"
    # the full rules ship in the kit, one document per language (docs/rules/README.md)
    rules_file = f"docs/rules/{spec.name}.md" if lang == "en" else f"docs/rules/{lang}/{spec.name}.md"
    footer = w.say("footer", rules_file=rules_file, game=spec.name, version=__version__, command=command)
    scores_heading = w.read(part.scores) if part.scores is not None else w["scores"]
    name = w.read(spec.words("title"))
    title = f"{name} — {w['rules_summary']}"
    result = (f'<p class="result" data-scores="{escape(json.dumps(example.scores))}" '
              f'data-winners="{escape(json.dumps(example.winners))}"><strong>{escape(scores_heading)}:</strong> '
              f'{escape(scores)}. <strong>{escape(w["winner"])}:</strong> {escape(winners)}.</p>')
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<main class="sheet" data-game="{spec.name}" data-lang="{lang}" data-players="{loaded.players}" data-seed="{seed}">
<header>
<span class="kind">{escape(w['rules_summary'])}</span>
<h1>{escape(name)} <span class="native">({escape(w.read(part.native))})</span></h1>
<p class="tagline">{_inline(w.read(part.tagline))}</p>
<dl class="facts">{facts}</dl>
{legend}
</header>
<div class="rules">{sections}{_options_html(loaded, w)}{_tip(w)}</div>
<section class="example" aria-label="{escape(w['example'])}">
<h2>{escape(w['example'])}</h2>
<p class="intro">{escape(intro)}</p>
<div class="moments">{moments}</div>
{result}
</section>
<footer>{escape(footer)}</footer>
</main>
</body>
</html>
"""


def write_handout(game: str, output: str | Path | None = None, lang: str = "en", players: int | None = None,
                  seed: int = 0) -> str | None:
    """Write the handout to ``output`` (default ``<game>-handout-<lang>.html``; ``"-"`` for standard output) and
    return the file's path (None for standard output). RulesError for bad input, including a file that cannot be
    written."""
    html = handout_html(game, lang=lang, players=players, seed=seed)
    if output == "-":
        sys.stdout.write(html)
        return None
    path = Path(output) if output is not None else Path(f"{definition(game).name}-handout-{lang}.html")
    try:
        path.write_text(html, encoding="utf-8")
    except OSError as error:
        # the system's reason is in English whatever the language: quoted, as a value it gives
        raise RulesError(_t("error.write", path=_shown(str(path)), reason=_shown(error.strerror))) from None
    return str(path)
