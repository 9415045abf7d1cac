"""A rule as the book prints it (:class:`PrintedRule`, used by :mod:`.chapters` for the book).

A printed rule is read, not browsed: its title; the games it binds, where not all four; the law
in the book's own words; each source's words set as quotations under the source's name, the
sources that say nothing named in one line; what each game plays on the points where they
differ, as a table; the interpretations it rests on, each with its kind and its reading; an
example from the scenarios (the first whose own rule it is, a deal with its hands), told as a
book tells a hand; and how many scenarios test it. No id, no file, no engine: those are the
site's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes

from napspec.spec.register import Rule
from napspec.suite.scenarios import Scenario
from napspec.suite.vocabulary import Context, join

from .book_deals import told, told_table
from .directives import NapDirective, normal
from .printed import scenarios_paragraph
from .render import Cell, NodeLike, bullet_list, container, para, section, strong, table, xref
from .steps import sentence
from .text import variant_name

#: The step that names a scenario's game, told in the book by the game's name; the step that
#: names a variant, by the variant's.
_PROFILE_STEP = re.compile(r'^the profile "([^"]+)"$')
_VARIANT_STEP = re.compile(r'^the variant "([^"]+)"$')
#: A scenario's name that speaks of a source's profile, which the book calls its game.
_PROFILE_NAMED = re.compile(r"\bThe (Peel|Hoyle|Britannica|Wikipedia) profile\b")
#: Steps that only check what a hand of the book goes on to show.
_NOT_TOLD = frozenset({"the action is accepted"})


def without_codes(children: Sequence[nodes.Node]) -> list[nodes.Node]:
    """A sentence's words less the protocol's codes it gives in parentheses after the words that
    mean them ("the fee for a peep (peep-fee)": a reader of the book has the words).

    >>> said = [nodes.Text("a peep (", ), nodes.literal(text="peep-fee"), nodes.Text(")."), nodes.Text(" Next")]
    >>> "".join(node.astext() for node in without_codes(said))
    'a peep. Next'
    """
    out = list(children)
    for index in range(len(out) - 2, 0, -1):
        before, code, after = out[index - 1], out[index], out[index + 1]
        if (
            isinstance(code, nodes.literal)
            and isinstance(before, nodes.Text)
            and isinstance(after, nodes.Text)
            and str(before).endswith(" (")
            and str(after).startswith(")")
        ):
            out[index - 1 : index + 2] = [nodes.Text(str(before)[:-2]), nodes.Text(str(after)[1:])]
    return out


def listed_words(words: Sequence[str]) -> str:
    """Names joined as a sentence joins them.

    >>> listed_words(["Peel"]), listed_words(["Peel", "Hoyle"]), listed_words(["A", "B", "C"])
    ('Peel', 'Peel and Hoyle', 'A, B and C')
    """
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class PrintedRule(NapDirective):
    """The book's form of a rule; see the module."""

    def printed_rule(self, rule: Rule) -> nodes.section:
        register = self.data.register
        node = section(rule.title, [], classes=["nap-rule"])
        self.target(node, "rule", rule.id, rule.title, rule.id)
        games = [register.profiles[p].title for p in rule.applies_to if p in register.profiles]
        if len(games) < len(register.profiles):
            node += para(f"In the games of {listed_words(games)} only.", classes=["nap-rule-meta"])
        node.extend(self.prose(rule.statement, classes=["nap-statement"], options=rule.options))
        node.extend(self.printed_sources(rule))
        if rule.options:
            node += self.games_table(rule)
            node += para(
                "Where the games part: ",
                *join([xref("option", o, register.options[o].title) for o in rule.options], ", ", " and "),
                ".",
                classes=["nap-rests"],
            )
        if rule.interpretations:
            node += para(strong("Readings this rule rests on"), classes=["nap-rubric"])
            node += bullet_list([self.reading(i) for i in rule.interpretations], classes=["nap-rests-list"])
        scenarios = self.data.scenarios_of(rule.id)
        example = next(
            (s for s in scenarios if self.data.home_rule(s) == rule.id and any(step.table for step in s.steps)), None
        )
        if example is not None:
            node += self.example(example)
        if scenarios:
            node.extend(scenarios_paragraph(register, scenarios))
        return node

    def printed_sources(self, rule: Rule) -> list[nodes.Node]:
        """Each source's words under its name, as quotations; the silent sources in one line."""
        register = self.data.register
        known = register.lacunae()
        out: list[nodes.Node] = []
        silent: list[str] = []
        for sid, source in register.sources.items():
            own: list[nodes.Node] = [self.citation(c) for c in rule.citations if c.source == sid]
            own += [self.lacuna_block(known[i]) for i in rule.lacunae if i in known and known[i].source == sid]
            if not own:
                silent.append(source.short)
                continue
            block = container(classes=["nap-printed-source", f"nap-from-{sid}"])
            block += para(source.short, classes=["nap-source-label"])
            block.extend(own)
            out.append(block)
        if silent:
            verb = "says" if len(silent) == 1 else "say"
            out.append(para(f"{listed_words(silent)} {verb} nothing of it.", classes=["nap-silent-sources"]))
        return out

    def games_table(self, rule: Rule) -> nodes.table:
        """What each game plays on each variation point of the rule, a column a game."""
        register = self.data.register
        profiles = list(register.profiles.values())
        rows: list[list[Cell]] = []
        for option_id in rule.options:
            option = register.options[option_id]
            row: list[Cell] = [[option.title]]
            for profile in profiles:
                choice = profile.choices.get(option_id)
                said: list[NodeLike] = [option.phrase(choice.value)] if choice is not None else ["—"]
                for variant, bundle in profile.variants.items():
                    if option_id in bundle and (choice is None or bundle[option_id].value != choice.value):
                        said += [
                            f"; with {variant_name(register, variant, in_sentence=True)}: ",
                            option.phrase(bundle[option_id].value),
                        ]
                row.append(said)
            rows.append(row)
        header: list[Cell] = ["What each game plays", *[register.sources[p.source].short for p in profiles]]
        return table(header, rows, classes=["nap-games"])

    def reading(self, interpretation_id: str) -> list[NodeLike]:
        interpretation = self.data.register.interpretations[interpretation_id]
        sources = listed_words([self.data.register.sources[s].short for s in interpretation.sources])
        return [
            strong(f"{interpretation.kind.capitalize()}"),
            f" ({sources}): ",
            *self.linked(normal(interpretation.reading)),
            " ",
            xref("interp", interpretation.id, ""),
        ]

    def example(self, scenario: Scenario) -> nodes.container:
        """A scenario's deal told as a book tells a hand: its game, the table, the hands, the
        calls, the tricks and the settlement, in sentences, the players by their places at the
        table (:mod:`.book_deals`; an outline's first row of Examples)."""
        register = self.data.register
        row = scenario.examples[0] if scenario.examples else {}
        block = container(classes=["nap-example"])
        title = _PROFILE_NAMED.sub(lambda m: f"{m[1]}'s game", scenario.name)  # a game, not a profile
        block += para(f"Example: {title}", classes=["nap-example-title"])
        context = Context()
        said: list[NodeLike] = []
        for written in scenario.steps:
            step = written.rendered(row) if row else written
            game = _PROFILE_STEP.match(step.text)
            if game and game.group(1) in register.profiles:
                said.append(f"The game is {register.profiles[game.group(1)].title}. ")
                continue
            variant = _VARIANT_STEP.match(step.text)
            if variant:
                name = variant_name(register, variant.group(1), in_sentence=True)  # "the pool (kitty)"
                said.append(f"It is played with {name}. ")
                continue
            if step.text in _NOT_TOLD:
                continue
            drawn = sentence(step, context)
            first = drawn[0]
            said += [*told(without_codes(first.children), context), " "]
            if len(drawn) > 1:
                block += para(*said, classes=["nap-example-text"])
                said = []
                block.extend(told_table(t, context) if isinstance(t, nodes.table) else t for t in drawn[1:])
        if said:
            block += para(*said, classes=["nap-example-text"])
        return block


__all__ = ["PrintedRule", "listed_words"]
