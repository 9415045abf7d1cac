"""What a proof-reader marks in the book's text: the tokens of the machine, a seat by its
number, a value followed by a list of the players, a word or a label said twice. The quick
tests read the book's text set without the typesetter (``test_book_text.py``), the campaign
the PDF's (``test_editions.py``)."""

from __future__ import annotations

import re


def marked(pattern: re.Pattern[str], text: str) -> list[str]:
    """Each match of ``pattern`` in ``text``, with some words either side."""
    flat = " ".join(text.split())
    return [f"…{flat[max(0, m.start() - 40) : m.end() + 30]}…" for m in pattern.finditer(flat)]


#: Tokens of the machine, not of a book: each family with what finds it.
MACHINE_TOKENS = {
    "an underscore (a name of code, or a copy's mark of italics)": re.compile(r"\w_\w|(?<![\w])_\w"),
    "a literal of Python": re.compile(r"(?<=[a-z,=] )(?:None|True|False)\b|\((?:None|True|False)\)"),
    "an id of hyphenated words": re.compile(r"\b[a-zA-Z]+(?:-[a-zA-Z0-9]+){2,}\b"),
    "a file's name": re.compile(r"\b[\w-]+\.(?:json|toml|py|feature|txt|typ)\b"),
    "cards by their codes": re.compile(r"\b(?:[AKQJT2-9][SHDC] )+[AKQJT2-9][SHDC]\b"),
    "a ten written T": re.compile(r"\b[AKQJ]*T[AKQJ]*-high\b|\b(?=[AKQJT]{2,4}\b)[AKQJ]*T[AKQJ]*\b"),
    "a fraction too long to read": re.compile(r"\b\d+/\d{5,}\b"),
    "an ordinal no one writes": re.compile(r"\b(?:0|(?:\d*[02-9])?[123])th\b"),
    "a count without its thousands marked": re.compile(r"\b\d{4,} (?:deals|hands|cases)\b|\bn = \d{4,}\b"),
}


#: What each family of :data:`MACHINE_TOKENS` finds, and what a book may print beside it.
MACHINE_SAMPLES = {
    "an underscore (a name of code, or a copy's mark of italics)": (
        "one each (trumps_sure)",
        'at "_MIS"',
        "a sure trump",
    ),
    "a literal of Python": ("the dealer is None", "(True)", "None: the deal stands. True to the text"),
    "an id of hyphenated words": ("four-honour-and-AKQ 0.491", "defence-leads trumps-when-one-short", "Seven-card Nap"),
    "a file's name": ("hands sweep-2.json five to two", "claims.toml", "p. 3. The text"),
    "cards by their codes": ("sure of them: AS KS QS JS TS", "KH 2D", "A♠K♠ AS the ace of spades"),
    "a ten written T": ("AKQ: 0, AKT: 0", "T-high 0.326", "AKQ, AKJ; ten-high. TOTAL"),
    "a fraction too long to read": ("a chance of 1/649740", "5096879020/5178066751", "15/52 (0.288), 1/100"),
    "an ordinal no one writes": ("2th from the dealer's left", "the 0th trick", "the 11th, 12th, 20th and 22nd"),
    "a count without its thousands marked": ("(2000 deals). The", "n = 4831", "n = 500, 2,000 deals in 1891"),
}


#: A seat named by its number, and the suite's word for an action the rules refuse.
SEAT_NUMBERS = re.compile(r"\b[Ss]eats? \d+\b|\bThe action is rejected\b|\(dealer\)")


#: A value followed by a list of the profiles that play it, and a value followed by two
#: parentheses, its page's and its players'.
PLAYERS_LISTED = re.compile(r"\(played (?:by|as a variant by) |\bplayed by no profile\b|” \(p\. \d+\) \(")


#: A word said twice running, as only a slip writes it; a label that its text repeats ("An
#: interpretation: Interpretation of…"), not a word and a name it begins ("no peep: Peep Nap").
DOUBLED = re.compile(
    r"\b(the|a|an|of|to|in|is|and|or|as|by|with|for|on|at|that|it) \1\b|\b(\w+): \2\b(?!'|(?-i: [A-Z]))", re.I
)
