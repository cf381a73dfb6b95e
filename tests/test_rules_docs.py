"""The rules documents in docs/rules (English) and docs/rules/ru (Russian): every "game §N.M" cited anywhere in the
kit resolves in both languages, the two languages number the same rules as the shared specification, every link in
the documents leads to a file of the kit, and the handout footer names the document of its language.

Numbering convention of the documents (docs/rules/README.md): a section is a heading ``## §N Title``; a rule or a
sub-rule is a line (a paragraph or a list item) that starts with ``**§N.M`` or ``**§N.M.K``. Nothing else defines a
number, so a cross-reference such as "(§4.2)" inside a rule's text never counts as a definition.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardlab import i18n
from cardlab.handout import handout_html

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
SPEC = ROOT.parent / "shared" / "rules"  # beside the clone in CI; a student's copy may not have it
GAMES = ("clash", "golyi", "pickup", "strike")
LANGS = {"en": DOCS, "ru": DOCS / "ru"}

# The section and rule numbers of every game, as the specification numbers them (derived once from
# shared/rules/<game>.md; "4.1-8" means 4.1 … 4.8). The documents must number exactly these, in both languages;
# when the specification is beside the clone, these lists must still equal what it numbers (so a new rule there
# fails here until the documents get it too).
EXPECTED_NUMBERS = {
    "golyi": "1 1.1-4 2 2.1-2 3 3.1-3 4 4.1-8 5 5.1-6 6 7 7.1-2 8 8.1-6 9",
    "pickup": "1 1.1-4 2 2.1-3 3 3.1-4 4 4.1-8 4.6.1-3 5 5.1-5 6 7 7.1-3 8 8.1-6 9",
    "strike": "1 1.1-4 2 2.1-4 3 3.1-7 3.6.1-3 4 4.1-11 4.6.1-4 4.9.1-3 5 5.1-3 6 7 7.1-5 8 8.1-9 9",
    "clash": "1 1.1-4 2 2.1-4 3 3.1-5 4 4.1-6 4.2.1-3 5 5.1-3 6 7 7.1-4 8 8.1-7 9",
}

# A game named before "§": the kit's ids and the Russian names (Голый, Взять карты, Удар, Столкновение).
GAME_NAMES = {"golyi": "golyi", "pickup": "pickup", "strike": "strike", "clash": "clash", "голый": "golyi",
              "взять карты": "pickup", "удар": "strike", "столкновение": "clash"}
NUMBER = r"\d+(?:\.\d+)*"  # "4", "4.2", "4.6.1"; a sentence's full stop after "§8.6." is not part of it
# One citation: "§4.2", and what continues it: ", §7.2", " and §5.3", " и §5.3", ranges "–§5.6" or "–4.4"
CITATION = re.compile(rf"§\s?({NUMBER})((?:(?:\s*,\s*|\s+and\s+|\s+и\s+)§\s?{NUMBER}|\s*[–-]\s*§?\s?{NUMBER})*)")
NAMED_BEFORE = re.compile(r"(golyi|pickup|strike|clash|голый|взять карты|удар|столкновение)\s*$", re.IGNORECASE)
OTHER_DOCUMENT_BEFORE = re.compile(r"\.md\s*$")  # "rules/README.md §3" cites another document, not a game


def expand(numbers: str) -> list[str]:
    result = []
    for item in numbers.split():
        head, _, last = item.rpartition(".")
        if "-" in last:
            low, high = (int(v) for v in last.split("-"))
            result += [f"{head}.{k}" for k in range(low, high + 1)]
        else:
            result.append(item)
    return sorted(result, key=lambda number: [int(part) for part in number.split(".")])  # reading order


def spec_numbers(text: str) -> list[str]:
    """The numbers of a specification file: "## 4. Play" is 4; a line starting "4.2" or "**4.2" is 4.2; a numbered
    list item "1. …" inside rule 4.6 of §1–§7 is 4.6.1 (the worked examples of §8 and the notes of §9 number their
    lists too, but those are not rules)."""
    numbers, section, rule = [], 0, None
    for line in text.splitlines():
        if m := re.match(r"## (\d+)\.", line):
            section, rule = int(m.group(1)), None
            numbers.append(m.group(1))
        elif m := re.match(r"(?:\*\*)?(\d+\.\d+)\b", line):
            rule = m.group(1)
            numbers.append(rule)
        elif (m := re.match(r"(\d+)\. ", line)) and rule and section <= 7:
            numbers.append(f"{rule}.{m.group(1)}")
    return numbers


def document_numbers(text: str) -> list[str]:
    """The numbers a rules document defines, in reading order (the convention in this module's docstring)."""
    numbers = []
    for line in text.splitlines():
        if m := re.match(r"## §(\d+) ", line):
            numbers.append(m.group(1))
        elif m := re.match(rf"(?:[-*] |\d+\. )?\*\*§({NUMBER})\b", line.lstrip()):
            numbers.append(m.group(1))
    return numbers


def document(game: str, lang: str) -> Path:
    return LANGS[lang] / f"{game}.md"


def read_document(game: str, lang: str) -> str:
    path = document(game, lang)
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    return path.read_text(encoding="utf-8")


def citations(text: str, default: str | None) -> Iterator[tuple[str, str, str]]:
    """(game, number, the citation as written) for every citation in ``text``; a bare "§4.2" belongs to
    ``default`` (the game whose file or folder it is in) and is ignored where there is none."""
    for match in CITATION.finditer(text):
        before = text[max(0, match.start() - 30):match.start()]
        named = NAMED_BEFORE.search(before)
        if named:
            game = GAME_NAMES[named.group(1).lower()]
        elif OTHER_DOCUMENT_BEFORE.search(before) or default is None:
            continue
        else:
            game = default
        written = (named.group(0) if named else "") + match.group(0)
        for number in [match.group(1), *re.findall(NUMBER, match.group(2))]:
            yield game, number, written


def notebook_text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def game_of(path: Path) -> str | None:
    """The game a file belongs to: notebooks/pickup/…, cardlab/games/clash/ranking.py, docs/rules/ru/strike.md."""
    for part in (*path.relative_to(ROOT).parts[:-1], path.stem.split("_")[0]):
        if part in GAMES:
            return part
    return None


def kit_sources() -> Iterator[tuple[str, str, str | None]]:
    """(where, text, default game) for every place of the kit a citation can be in."""
    files = [*sorted((ROOT / "notebooks").rglob("*.ipynb")), *sorted((ROOT / "cardlab").rglob("*.py")),
             ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for path in files:
        if ".ipynb_checkpoints" in path.parts:
            continue
        text = notebook_text(path) if path.suffix == ".ipynb" else path.read_text(encoding="utf-8")
        yield str(path.relative_to(ROOT)), text, game_of(path)
    # a game's handout texts (cardlab/games/<game>/handout.py, messages "<game>.handout.*") cite bare "§4.2": the
    # English is read with the file above, every translation here, from the catalogues
    for key in i18n.catalogue(own=True):
        game, _, rest = key.partition(".")
        if game in GAMES and rest.startswith("handout."):
            for lang in i18n.LANGUAGES:
                if lang != i18n.DEFAULT:
                    yield f"{key} ({lang} catalogue)", i18n.template(key, lang), game


def all_citations() -> list[tuple[str, str, str, str]]:
    return [(where, game, number, written) for where, text, default in kit_sources()
            for game, number, written in citations(text, default)]


def test_the_citation_finder_reads_the_kits_forms():
    found = list(citations('rules (golyi §5.4–§5.6), (pickup §3.2–§3.4); (clash §5.3, §8.7) and §4.2–4.4 in '
                           'strike §8.6. «Удар §4.2» rules/README.md §3, §6; §9 open point 3', "clash"))
    assert [(g, n) for g, n, _ in found] == [
        ("golyi", "5.4"), ("golyi", "5.6"), ("pickup", "3.2"), ("pickup", "3.4"), ("clash", "5.3"),
        ("clash", "8.7"), ("clash", "4.2"), ("clash", "4.4"), ("strike", "8.6"), ("strike", "4.2"), ("clash", "9")]
    assert list(citations("see §4.2", None)) == []
    assert game_of(ROOT / "cardlab" / "games" / "clash" / "ranking.py") == "clash"
    assert game_of(ROOT / "notebooks" / "pickup" / "1-rules.ipynb") == "pickup"
    assert game_of(ROOT / "docs" / "rules" / "ru" / "strike.md") == "strike"
    assert game_of(ROOT / "cardlab" / "engine.py") is None


def test_every_citation_in_the_kit_resolves_in_both_languages():
    found = all_citations()
    # the kit cites its rules in well over a hundred places, of every game: the finder must see them
    assert len(found) > 150 and {game for _, game, _, _ in found} == set(GAMES)
    # the Russian of every game's handout is read from the catalogue
    assert {game for where, game, _, _ in found if where.endswith("(ru catalogue)")} == set(GAMES)
    defined = {(game, lang): set(document_numbers(read_document(game, lang))) for game in GAMES for lang in LANGS}
    broken = sorted({f"{where}: {written!r} — §{number} is not in {document(game, lang).relative_to(ROOT)}"
                     for where, game, number, written in found for lang in LANGS
                     if number not in defined[game, lang]})
    assert not broken, "\n".join(broken)


def test_the_pickup_citations_of_the_new_empty_hand_rule_resolve():
    for lang in LANGS:
        numbers = set(document_numbers(read_document("pickup", lang)))
        assert {"4.6", "4.6.1", "4.6.2", "4.6.3", "6", "8.6", "9"} <= numbers
        assert "empty_hand" in read_document("pickup", lang)


def test_english_and_russian_number_the_same_rules_as_the_specification():
    for game in GAMES:
        expected = expand(EXPECTED_NUMBERS[game])
        assert expected[0] == "1" and expected[-1] == "9" and len(expected) == len(set(expected))
        for lang in LANGS:
            numbers = document_numbers(read_document(game, lang))
            assert numbers == expected, (
                f"{document(game, lang).relative_to(ROOT)}: missing {sorted(set(expected) - set(numbers))}, "
                f"not in the specification {sorted(set(numbers) - set(expected))}, "
                f"or out of order / repeated")
        spec = SPEC / f"{game}.md"
        if spec.is_file():  # CI has shared/ beside the clone; a student's copy checks the list above only
            assert spec_numbers(spec.read_text(encoding="utf-8")) == expected, (
                f"the numbering of {spec} changed: update EXPECTED_NUMBERS and both documents")


def test_the_specification_reader_and_the_document_reader_agree_on_a_sample():
    spec = "## 4. Play\n\n**4.1 Turns.** x\n4.2 y\n1. a\n2. b\n## 8. Facts\n**8.1** z\n1. not a rule\n"
    assert spec_numbers(spec) == ["4", "4.1", "4.2", "4.2.1", "4.2.2", "8", "8.1"]
    doc = "## §4 Play\n\n**§4.1 Turns.** x (§4.2)\n- **§4.2.1** a\n1. **§4.2.2** b\nSee **§4.1**.\n"
    assert document_numbers(doc) == ["4", "4.1", "4.2.1", "4.2.2"]
    assert expand("1 4.1-3 4.2.1-2 4.10") == ["1", "4.1", "4.2", "4.2.1", "4.2.2", "4.3", "4.10"]


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def test_every_relative_link_in_the_rules_documents_leads_to_a_file_of_the_kit():
    pages = sorted(DOCS.glob("*.md")) + sorted((DOCS / "ru").glob("*.md"))
    assert len(pages) == 9, [str(p.relative_to(ROOT)) for p in pages]  # the index and 4 games in 2 languages
    checked, broken = 0, []
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            checked += 1
            if not path.exists() or ROOT not in path.parents:
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
    assert checked >= 17  # the index links all 8 documents; every document links back to it


def test_the_index_links_every_document():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    links = set(LINK.findall(index))
    for game in GAMES:
        assert {f"{game}.md", f"ru/{game}.md"} <= links, game
    assert "`match`" in index  # the record format's single-deal field


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_handout_footer_names_the_shipped_document(lang):
    for game in GAMES:
        footer = re.search(r"<footer>(.*?)</footer>", handout_html(game, lang=lang), re.S).group(1)
        path = document(game, lang).relative_to(ROOT).as_posix()
        assert path in footer, (game, lang, footer)
        assert (ROOT / path).is_file()
