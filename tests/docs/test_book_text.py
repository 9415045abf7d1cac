"""The book's words as a proof-reader reads them, in the quick tests: its pages read as the
book's build reads them and written as plain text, without the typesetter (the PDF is the
campaign's, ``test_editions.py``, which reads the same marks in the printed pages).

Each test reads every page of the book for a family of slips, not one instance of it: the
names of code and of the lab (``hoyle-refusal-to-show-once``, ``trumps_sure``), seats counted
from nought, the suite's "The action is rejected", a value followed by a list of who plays it,
a word or a label said twice, a transcription's header keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from napspec import spec

from .conftest import book_page_names
from .proofreading import DOUBLED, MACHINE_SAMPLES, MACHINE_TOKENS, PLAYERS_LISTED, SEAT_NUMBERS, marked

REGISTER = spec.load()


def page_text(book_text: Path, page: str) -> str:
    """A page's words: the text builder's marks of emphasis taken off."""
    return (book_text / f"{page}.txt").read_text(encoding="utf-8").replace("*", "")


def whole(book_text: Path) -> str:
    return "\n".join(page_text(book_text, page) for page in book_page_names())


def paragraphs(book_text: Path) -> list[str]:
    """The book's paragraphs, each on one line (a table's rows, as the text builder draws them,
    each cell of a row alone)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", whole(book_text)):
        if re.search(r"^\s*[+|]", block, flags=re.MULTILINE):  # a table: its cells, row by row
            out += [cell.strip() for line in block.splitlines() for cell in line.split("|") if cell.strip("-+= ")]
        else:
            out.append(" ".join(block.split()))
    return out


def test_each_family_of_tokens_of_the_machine_is_found() -> None:
    """The proof-reader's patterns find their family (the book may have none left to show it)
    and leave a book's own words alone."""
    assert set(MACHINE_SAMPLES) == set(MACHINE_TOKENS)
    for family, (first, second, fine) in MACHINE_SAMPLES.items():
        pattern = MACHINE_TOKENS[family]
        assert pattern.search(first) and pattern.search(second), family
        assert not pattern.search(fine), (family, pattern.findall(fine))
    assert SEAT_NUMBERS.search("Seat 2 calls 3. The action is rejected") and not SEAT_NUMBERS.search("the second hand")
    assert PLAYERS_LISTED.search("“2” (p. 123) (played by Peel)") and not PLAYERS_LISTED.search("“2” (Peel; p. 123)")
    assert DOUBLED.search("An interpretation: Interpretation of") and DOUBLED.search("from the the revoker")
    assert not DOUBLED.search("no peep: Peep Nap; Hoyle: Hoyle's Games; had had")


def test_every_page_of_the_book_is_read_and_written(book_text: Path) -> None:
    """Every page of the book's contents is read as the book reads it, its directives run as
    they run for the book (a fold whose line holds a link, which the book's interpretations
    once made, stops this build as it stopped the PDF's), and written."""
    for page in book_page_names():
        assert page_text(book_text, page).strip(), page
    text = whole(book_text)
    assert all(chapter.title in text for chapter in REGISTER.chapters.values())
    assert "Ambiguities and labelled interpretations" in text


@pytest.mark.parametrize("family", list(MACHINE_TOKENS))
def test_the_book_prints_no_token_of_the_machine(book_text: Path, family: str) -> None:
    """A proof-reader marks what a program wrote for itself: the names of its code, of the lab's
    hands and ways of play, of its files; its literals; cards by their codes; a chance as a
    fraction of six figures; "2th"; "2000 deals"."""
    hits = marked(MACHINE_TOKENS[family], whole(book_text))
    assert not hits, f"{len(hits)} times {family}: " + "\n".join(hits[:8])


def test_the_book_tells_a_deal_by_the_players_places(book_text: Path) -> None:
    """The example deals and the claims' worked examples name the players by their places (the
    dealer, the eldest hand, the second hand…), not by seats counted from nought; an action the
    rules refuse is one the player "may not" make."""
    text = whole(book_text)
    hits = marked(SEAT_NUMBERS, text)
    assert not hits, f"{len(hits)} seats by number: " + "\n".join(hits[:8])
    flat = " ".join(text.split())
    assert flat.count("The eldest hand calls") > 10 and "He may not: it is not his turn." in flat


def test_a_value_names_its_games_in_one_parenthesis(book_text: Path) -> None:
    """A value the rules name is followed by the games that play it, and (in print) its page,
    in one parenthesis: "“2” (Peel, Hoyle and Britannica; p. 123)", not "“2” (p. 123) (played
    by Peel, Hoyle and Britannica)". The text has no pages: the parenthesis ends where the page
    would stand."""
    flat = " ".join(whole(book_text).split())
    hits = marked(PLAYERS_LISTED, flat)
    assert not hits, f"{len(hits)} lists of players: " + "\n".join(hits[:8])
    games = r"[A-Z][\w ,]+|a variant in [\w ,]+|in none of the four games"
    assert len(re.findall(rf"“[^”]+” \((?:{games})(?:; (?:{games}))*; \)", flat)) > 30


def test_no_word_or_label_is_said_twice(book_text: Path) -> None:
    """Read as a reader reads it: a paragraph whole, each cell of a table alone."""
    hits = [hit for run in paragraphs(book_text) for hit in marked(DOUBLED, run)]
    assert not hits, "\n".join(hits[:8])


def test_the_appendices_give_the_provenance_in_words(book_text: Path) -> None:
    """Each transcription's provenance is printed under the names a reader reads ("Changes
    made", "Licence"), not the keys its file's header gives them ("changes", "license")."""
    for source in REGISTER.sources.values():
        keys = {
            line.partition(":")[0].strip()
            for line in source.header.splitlines()
            if ":" in line and " " not in line.partition(":")[0].strip()
        }
        text = page_text(book_text, f"sources/{source.id}")
        block = text.partition("Provenance of the transcription")[2].partition("Not recorded:")[0]
        names = re.findall(r"^(\S[^:\n]*):$", block, flags=re.MULTILINE)
        assert names and names[0] == "The copy" and "Licence" in names, (source.id, names)
        assert not set(names) & keys, (source.id, sorted(set(names) & keys))
