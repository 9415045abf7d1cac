"""Words, not markup: how the register's texts are shown to readers.

The register writes its prose for people who know its ids: a rule's statement says
"Under `compulsory-call` = `none`…", an option's value may be ``True``, and the
transcriptions keep their printers' ``_italic_`` underscores and ``--`` dashes. Every page
of the rulebook shows such text through this module, so that what a reader sees is words:

- :func:`pieces` reads a text of the register (a statement, a note, an interpretation) into
  pieces: plain text, a variation point (shown by its title), one of its values (shown in
  words, with the profiles that play it), an amount a value carries, or code;
- an option's value is put in words by the register (:attr:`~napspec.spec.register.OptionValue.phrase`:
  its ``words``, or yes, no or the number); :func:`variant_name` names a profile's variant;
- :func:`who_plays` names the profiles (and their variants) that play a value;
- :func:`quote_pieces` reads a source's words for display: ``_x_`` is emphasis and ``--`` an em
  dash. The quotation itself is left as the register keeps it (verbatim, as transcribed).

:func:`plain` and :func:`quote_plain` give the text a reader sees, for the tests and for
comparisons; the directives turn the same pieces into nodes (:mod:`.directives`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from napspec.spec.register import PROFILE_IDS, Option, OptionValueType, Register
from napspec.spec.transcriptions import quote_spans

Kind = Literal["text", "option", "value", "amount", "code", "emphasis"]

#: A span between backticks, maybe ``option = value`` inside one pair or ``option` = `value``.
TICKED = re.compile(r"`([^`]+)`(?:\s*=\s*`([^`]+)`)?( is (?:true|false)\b)?")
#: A word that may be an id of the register (``play.follow-suit``, ``cut-any-depth``).
ID_WORD = re.compile(r"\b[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+\b")


@dataclass(frozen=True)
class Piece:
    """A piece of shown text. ``text`` is what the reader sees of it, less the profiles that
    play a value (``plays``, shown after it; empty when every profile plays it,
    :func:`everyone_plays`); ``option`` and ``value`` say what it names."""

    kind: Kind
    text: str
    option: str = ""
    value: OptionValueType | None = None
    meaning: str = ""
    plays: str = ""


def variant_name(register: Register, variant: str, in_sentence: bool = False) -> str:
    """A profile's variant by name: its option's title, or its own name's words; ``in_sentence``,
    as it stands inside a sentence ("with the pool (kitty)", not "with The pool (kitty)").

    >>> from napspec import spec
    >>> [variant_name(spec.load(), v) for v in ("seven-card", "short-pack", "pool")]
    ['Seven-card Nap', 'Short pack', 'The pool (kitty)']
    >>> variant_name(spec.load(), "pool", in_sentence=True), variant_name(spec.load(), "short-pack", in_sentence=True)
    ('the pool (kitty)', 'a short pack')
    """
    if variant not in register.options:
        words = variant.replace("-", " ")
        return f"a {words}" if in_sentence else words.capitalize()
    name = register.options[variant].title
    return re.sub(r"^(The|A|An) ", lambda m: m[1].lower() + " ", name) if in_sentence else name


# ---------------------------------------------------------------------- what the profiles play

#: A value with its type, so that ``True`` and ``1`` are not taken for one another.
Typed = tuple[str, OptionValueType]
#: What a profile answers on a variation point: its own choice, and the values the variants its
#: source gives switch the point to (whatever the variants are called).
Answer = tuple[Typed | None, frozenset[Typed]]


def _typed(value: OptionValueType) -> Typed:
    return (type(value).__name__, value)


def answer(register: Register, profile_id: str, option_id: str) -> Answer:
    """What a profile's game plays on a variation point: its choice and its variants' values.

    >>> from napspec import spec
    >>> answer(spec.load(), "hoyle", "misery")
    (('str', 'not-played'), frozenset({('str', 'no-trumps')}))
    """
    profile = register.profiles[profile_id]
    choice = profile.choices.get(option_id)
    variants = frozenset(_typed(bundle[option_id].value) for bundle in profile.variants.values() if option_id in bundle)
    return (_typed(choice.value) if choice is not None else None, variants)


def differing(register: Register, first: str, second: str) -> list[Option]:
    """The variation points on which two profiles' games differ, in the register's order."""
    return [
        option
        for option in register.options.values()
        if answer(register, first, option.id) != answer(register, second, option.id)
    ]


def disputed(register: Register) -> list[Option]:
    """The variation points on which the profiles do not all give the same answer."""
    out = []
    for option in register.options.values():
        if len({answer(register, p, option.id) for p in ordered(register)}) > 1:
            out.append(option)
    return out


def ordered(register: Register) -> list[str]:
    """The profiles in the register's order (their sources' order)."""
    return list(register.profiles)


def same(a: object, b: object) -> bool:
    """Whether two values are one value: of one type too, so that ``True`` is not ``1``.

    >>> same(True, 1), same(4, 4)
    (False, True)
    """
    return type(a) is type(b) and a == b


Player = tuple[str, str, str]


def players(register: Register, option_id: str, value: OptionValueType) -> list[Player]:
    """Who plays a value: ``(profile id, variant or "", words)`` for each profile choosing it,
    then each profile's variant switching it on (named when it is not the option's own)."""
    out: list[Player] = []
    profiles = sorted(register.profiles.values(), key=lambda p: (*PROFILE_IDS, p.id).index(p.id))
    for profile in profiles:
        choice = profile.choices.get(option_id)
        if choice is not None and same(choice.value, value):
            out.append((profile.id, "", register.sources[profile.source].short))
    for profile in profiles:
        for variant, bundle in profile.variants.items():
            if option_id in bundle and same(bundle[option_id].value, value):
                short = register.sources[profile.source].short
                if variant != option_id:
                    short = f"{short} with {variant_name(register, variant, in_sentence=True)}"
                out.append((profile.id, variant, short))
    return out


def listed(items: list[str | Player]) -> list[str | Player]:
    """Items joined as a list is read: "a", "a and b", "a, b and c"."""
    out: list[str | Player] = []
    for index, item in enumerate(items):
        if index:
            out.append(" and " if index == len(items) - 1 else ", ")
        out.append(item)
    return out


#: What is said of a value no game plays (a house rule may still choose it).
NO_GAME = "in none of the four games"


def who_plays_parts(register: Register, option_id: str, value: OptionValueType) -> list[str | Player]:
    """:func:`who_plays` as words and players, for the pages to link each player: the games that
    play the value, then those that play it as a variant of their own ("a variant in …"), then
    the games that take it with another variant, each named with it."""
    found = players(register, option_id, value)
    if not found:
        return [NO_GAME]
    chosen: list[str | Player] = [p for p in found if not p[1]]
    own: list[str | Player] = [p for p in found if p[1] == option_id]
    named: list[str | Player] = [p for p in found if p[1] and p[1] != option_id]
    groups = [listed(chosen), ["a variant in ", *listed(own)] if own else [], listed(named)]
    groups = [group for group in groups if group]
    out: list[str | Player] = []
    for index, group in enumerate(groups):
        out += (["; "] if index else []) + group
    return out


def who_plays(register: Register, option_id: str, value: OptionValueType) -> str:
    """The games that play a value, in words (what a reader reads after the value: no "played
    by" list of profiles).

    >>> from napspec import spec
    >>> register = spec.load()
    >>> who_plays(register, "pack", "full")
    'Peel, Hoyle, Britannica and Wikipedia'
    >>> who_plays(register, "compulsory-call", "none")
    'Britannica and Wikipedia'
    >>> who_plays(register, "peep", "played")
    'a variant in Hoyle and Wikipedia'
    >>> who_plays(register, "misery", "no-trumps")
    'a variant in Hoyle and Wikipedia; Wikipedia with Seven-card Nap'
    >>> who_plays(register, "pool-failed-nap", "pays-nothing")
    'Peel, Hoyle, Britannica and Wikipedia; Peel with the pool (kitty)'
    >>> who_plays(register, "compulsory-call", "eldest-cannot-pass")
    'in none of the four games'
    """
    return "".join(part if isinstance(part, str) else part[2] for part in who_plays_parts(register, option_id, value))


def _amounts(register: Register, names: tuple[str, ...]) -> set[str]:
    return {
        key
        for option in register.options.values()
        if not names or option.id in names
        for value in option.values
        for key in value.amounts
    }


def _value_of(option: Option, word: str) -> OptionValueType | None:
    for value in option.values:
        if str(value.value).lower() == word.lower():
            return value.value
    return None


def everyone_plays(register: Register, option_id: str, value: OptionValueType) -> bool:
    """Whether every profile plays a value and no variant changes the point: named in prose,
    such a value needs no list of who plays it (the lowest call, "1", in all four sources).

    >>> from napspec import spec
    >>> register = spec.load()
    >>> everyone_plays(register, "lowest-call", 1), everyone_plays(register, "pack", "full")
    (True, False)
    """
    profiles = register.profiles.values()
    chosen = all(p.choices.get(option_id) is not None and same(p.choices[option_id].value, value) for p in profiles)
    return chosen and not any(option_id in bundle for p in profiles for bundle in p.variants.values())


def _value_piece(register: Register, option: Option, value: OptionValueType) -> Piece:
    return Piece(
        "value",
        option.phrase(value),
        option=option.id,
        value=value,
        meaning=option.value(value).meaning,
        plays="" if everyone_plays(register, option.id, value) else who_plays(register, option.id, value),
    )


@cache
def proper_names(register: Register) -> frozenset[str]:
    """The names of the game: the words the register's titles capitalise after their first
    (Nap, Misery, Wellington, Sir Garnet…). A title that begins with one keeps its capital."""
    titles = [o.title for o in register.options.values()]
    titles += [r.title for r in register.rules.values()] + [c.title for c in register.chapters.values()]
    return frozenset(
        word.strip("():,;.'’").split("'")[0]
        for title in titles
        for word in title.split()[1:]
        if word.strip("():,;.'’")[:1].isupper()
    )


def _title_in(title: str, before: str, so_far: list[Piece], names: frozenset[str] = frozenset()) -> str:
    """A title as it stands in a sentence: "The pack" and "Who must play…" begin one, but
    "where the pack", "as who must play… says"; a name of ``names`` ("Misery: a call…") and a
    title that is a name ("Peep Nap", every word capitalised) are kept.

    >>> titles = ("The pack", "Who must play", "Misery: a call", "The Double Header", "What a Nap wins", "Peep Nap")
    >>> [_title_in(t, "as ", [], frozenset({"Misery", "Nap"})) for t in titles]
    ['the pack', 'who must play', 'Misery: a call', 'the Double Header', 'what a Nap wins', 'Peep Nap']
    >>> _title_in("The pack", "", [])
    'The pack'
    """
    starts = not (before.strip() or so_far) or before.rstrip().endswith((".", "?", "!"))
    first, _, rest = title.partition(" ")
    if starts or not rest or first.rstrip(":") in names:
        return title
    if first in ("The", "A", "An") or any(word[:1].islower() for word in rest.split()):
        return first.lower() + " " + rest
    return title


#: Words after which a title stands as a title, not as a part of the sentence: the conditions
#: the rulebook writes ("where the pack is…", "if showing… is yes") and a reference ("see").
_TITLE_SLOTS = ("where", "if", "whether", "see", "unless")
#: Words after a title that make it the subject of the sentence ("as … says").
_TITLE_SAYS = re.compile(r"^\s*(says|gives|names|decides|sets)\b")


def is_name(title: str) -> bool:
    """Whether a title is a name (every word capitalised: "Peep Nap", "Purchase (Ecarté)
    Nap", "Seven-card Nap"), which stands in a sentence as any name does.

    >>> is_name("Peep Nap"), is_name("Purchase (Ecarté) Nap"), is_name("A pool left when play ends")
    (True, True, False)
    """
    words = [word.strip("()“”\"',:;.") for word in title.split()]
    return all(word[:1].isupper() for word in words if word)


def standing_alone(before: str) -> bool:
    """Whether a title that comes after ``before`` (the text before it) would stand as a part
    of its sentence: not in parentheses, not after "where", "if" or "see".

    >>> standing_alone("it is disposed of as "), standing_alone("a revoke ("), standing_alone("Where ")
    (True, False, False)
    """
    if before.count("(") > before.count(")"):
        return False
    sentence = re.split(r"(?<=[.!?:;])\s+", before)[-1]
    words = sentence.lower().split()
    return not words or words[-1] not in _TITLE_SLOTS


def cited(title: str, before: str, after: str, names: frozenset[str] = frozenset()) -> tuple[str, str, str]:
    """A title named in the register's prose, as it is shown: the words to put before it, the
    title, and the words after it. A title is a short sentence ("Players must follow suit") or
    a heading ("A pool left when play ends"), not a part of another sentence: one
    that would stand as one ("it is disposed of as … says") is cited, as *the rule “A pool
    left when play ends”*; in parentheses, after "where" or "see", and a name ("Peep Nap")
    but as the subject of "says", it stands as it is.

    >>> cited("A pool left when play ends", "it is disposed of as ", " says.")
    ('the rule “', 'A pool left when play ends', '”')
    >>> cited("Players must follow suit", "a revoke (", ").")
    ('', 'players must follow suit', '')
    >>> cited("Blücher", "Blücher is paid as ", " says"), cited("Blücher", "both Wellington and ", "")
    (('the rule “', 'Blücher', '”'), ('', 'Blücher', ''))
    """
    alone = standing_alone(before)
    if alone and (not is_name(title) or _TITLE_SAYS.match(after)):
        return "the rule “", title, "”"
    return "", _title_in(title, before, [], names), ""


def pieces(text: str, register: Register, options: tuple[str, ...] = ()) -> list[Piece]:
    """A text of the register in pieces. ``options`` are the variation points the text belongs
    to (a rule's): a bare value names a value of the option named last, else of one of these.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> for piece in pieces("Under `pack` = `full`, fifty-two", register):
    ...     print(piece.kind, repr(piece.text), piece.plays or "-")
    text 'Where ' -
    option 'the pack' -
    text ' is ' -
    value 'the full pack' Peel, Hoyle, Britannica and Wikipedia
    text ', fifty-two' -
    >>> plain("with `none` he may pass", register, ("compulsory-call",))
    'with “nobody” (Britannica and Wikipedia) he may pass'
    >>> print(plain("If `show-cards` is true, he shows; with `false` not", register))
    ... # doctest: +ELLIPSIS
    If showing ... is “yes” (Hoyle), he shows; with “no” (Peel, Britannica and Wikipedia) not
    >>> plain("at least `players-min` players", register)
    'at least “2” (Peel, Hoyle and Britannica) or “3” (Wikipedia) players'
    >>> plain("the amount `peep-fee`; run `napspec check`", register)
    'the amount peep fee; run napspec check'
    """
    out: list[Piece] = []
    current: Option | None = None
    amounts = _amounts(register, options)
    position = 0
    for match in TICKED.finditer(text):
        first, second, truth = match.groups()
        if second is None and " = " in first:
            first, second = (part.strip() for part in first.split(" = ", 1))
        before = text[position : match.start()]
        option = register.options.get(first.strip())
        word = second if second is not None else (truth.split()[-1] if truth else None)
        if option is not None and word is not None and _value_of(option, word) is not None:
            # ``option = value``: the option, and the value it takes, with who plays it
            joiner = " is " if truth else " being "
            if second is not None and before.endswith(("Under ", "under ")):
                before = before[:-6] + ("Where " if before[-6] == "U" else "where ")
                joiner = " is "
            title = _title_in(option.title, before, out, proper_names(register))
            out += [Piece("text", before), Piece("option", title, option=option.id), Piece("text", joiner)]
            value = _value_of(option, word)
            assert value is not None
            out.append(_value_piece(register, option, value))
            current = option
        elif option is not None and option.type == "int" and second is None and not truth:
            # A number named by its variation point ("at least `players-min`"): the numbers the
            # profiles play, each with who plays it; the point's title would not read as a number.
            out.append(Piece("text", before))
            played = [v.value for v in option.values if players(register, option.id, v.value)]
            for index, number in enumerate(played):
                if index:
                    out.append(Piece("text", " or " if index == len(played) - 1 else ", "))
                out.append(_value_piece(register, option, number))
            current = option
        elif option is not None:
            if truth or second is not None:
                lead, title, trail = "", _title_in(option.title, before, out, proper_names(register)), ""
            else:
                lead, title, trail = cited(
                    option.title, text[: match.start()], text[match.end() :], proper_names(register)
                )
            out += [Piece("text", before + lead), Piece("option", title, option=option.id), Piece("text", trail)]
            current = option
            if truth:
                out.append(Piece("text", truth))
            if second is not None:
                out += [Piece("text", " = "), Piece("code", second)]
        else:
            out.append(Piece("text", before))
            candidates = [current] if current is not None else []
            candidates += [register.options[o] for o in options if o in register.options]
            found = next((c for c in candidates if _value_of(c, first) is not None), None)
            if found is not None and second is None:
                value = _value_of(found, first)
                assert value is not None
                out.append(_value_piece(register, found, value))
            elif first in amounts or first in _amounts(register, ()):
                out.append(Piece("amount", first.replace("-", " ")))
            else:
                out.append(Piece("code", first if second is None else f"{first} = {second}"))
            if truth:
                out.append(Piece("text", truth))
        position = match.end()
    out.append(Piece("text", text[position:]))
    return [split for piece in out if piece.text for split in copy_italics(piece)]


#: A copy's words quoted in the register's prose that open with the copy's mark of italics and
#: break off before its closing one ("_MIS", where Peel's copy ends).
_OPEN_ITALICS = re.compile(r'(?<=["“])_([^\s"”_][^"”_]*)(?=["”])')


def copy_italics(piece: Piece) -> list[Piece]:
    """A text piece with the copy's words it quotes in italics, the copy's mark taken off.

    >>> [(p.kind, p.text) for p in copy_italics(Piece("text", 'breaks off at "_MIS" (p. 12)'))]
    [('text', 'breaks off at "'), ('emphasis', 'MIS'), ('text', '" (p. 12)')]
    """
    if piece.kind != "text" or "_" not in piece.text:
        return [piece]
    out: list[Piece] = []
    position = 0
    for match in _OPEN_ITALICS.finditer(piece.text):
        out += [Piece("text", piece.text[position : match.start()]), Piece("emphasis", match[1])]
        position = match.end()
    out.append(Piece("text", piece.text[position:]))
    return [part for part in out if part.text]


def rule_title_in(register: Register, rule_id: str, before: str, after: str = "") -> tuple[str, str, str]:
    """A rule named in prose by its id, as the reader sees it: its title, as it stands in the
    sentence, with the words that cite it (:func:`cited`).

    >>> from napspec import spec
    >>> rule_title_in(spec.load(), "play.follow-suit", "a revoke (")
    ('', 'players must follow suit', '')
    >>> rule_title_in(spec.load(), "dealing.first-dealer", "the dealer is given by ")
    ('the rule “', 'Finding the first dealer', '”')
    """
    return cited(register.rules[rule_id].title, before, after, proper_names(register))


def titled(text: str, register: Register) -> str:
    """Plain prose with the rules it names by id named by their titles.

    >>> from napspec import spec
    >>> titled("is a revoke (play.follow-suit).", spec.load())
    'is a revoke (players must follow suit).'
    """
    return ID_WORD.sub(
        lambda m: (
            "".join(rule_title_in(register, m.group(), text[: m.start()], text[m.end() :]))
            if m.group() in register.rules
            else m.group()
        ),
        text,
    )


def plain(text: str, register: Register, options: tuple[str, ...] = ()) -> str:
    """What a reader sees of a text of the register (see :func:`pieces`), the rules it names by
    id named by their titles."""
    shown = []
    for piece in pieces(text, register, options):
        if piece.kind == "value":
            shown.append(f"“{piece.text}” ({piece.plays})" if piece.plays else f"“{piece.text}”")
        elif piece.kind == "text":
            shown.append(titled(piece.text, register))
        else:
            shown.append(piece.text)
    return "".join(shown)


def quote_pieces(text: str) -> list[Piece]:
    """A source's words for display: ``_x_`` as emphasis, ``--`` as an em dash.

    >>> [(p.kind, p.text) for p in quote_pieces("a suit--_i.e._ one card")]
    [('text', 'a suit—'), ('emphasis', 'i.e.'), ('text', ' one card')]
    >>> [(p.kind, p.text) for p in quote_pieces('mid-word: "_MIS".')]
    [('text', 'mid-word: "'), ('emphasis', 'MIS'), ('text', '".')]
    """
    spans = [Piece("emphasis" if italic else "text", words) for words, italic in quote_spans(text)]
    return [split for piece in spans for split in copy_italics(piece)]


def quote_plain(text: str) -> str:
    """What a reader sees of a source's words.

    >>> quote_plain("they agree --if all are willing--to play (_see_ p. 9)")
    'they agree—if all are willing—to play (see p. 9)'
    """
    return "".join(piece.text for piece in quote_pieces(text))
