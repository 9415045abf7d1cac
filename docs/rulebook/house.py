"""``{napspec-house-rules}``: the rules of one table, from a house-rules file.

The page of a house-rules edition (``napspec rulebook --house-rules FILE``): the base profile
the table plays, the variants it adds, and each value the file changes, in words, beside the
profile's own value, each with the sources' words for it. The file is named by the
configuration value ``napspec_house_rules`` and noted as a dependency of the page.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes

from napspec.spec.errors import SpecError
from napspec.spec.house_rules import HouseRules, load_house_rules
from napspec.spec.register import Option, OptionValueType, value_id

from .directives import NapDirective, normal
from .render import NodeLike, literal, para, rubric, section, strong, xref


class HouseRulesDirective(NapDirective):
    """``{napspec-house-rules}``: the table's base profile and every value it changes."""

    def build(self) -> list[nodes.Node]:
        setting = str(self.config.napspec_house_rules)
        if not setting:
            raise self.error("no house-rules file given (set napspec_house_rules)")
        path = Path(setting).resolve()
        self.env.note_dependency(str(path))
        register = self.data.register
        try:
            rules = load_house_rules(path, register)
        except SpecError as error:
            raise self.error(str(error)) from None
        profile = register.profiles[rules.base]
        source = register.sources[profile.source]
        page = section(f"House rules: {rules.name}", ["house-rules"], classes=["nap-house-rules"])
        if rules.description:
            page.extend(self.prose(rules.description, classes=["nap-intro"]))
        changes = len(rules.overrides)
        page += para(
            "This table plays the game of the profile ",
            xref("profile", profile.id, profile.title),
            " (",
            xref("source", source.id, f"{source.short}, {source.title}"),
            f") with {changes} {'change' if changes == 1 else 'changes'}, written in ",
            literal(path.name),
            ". Every rule of this book not changed below holds as that profile plays it.",
            classes=["nap-house-base"],
        )
        page += para(strong("Base profile: "), literal(profile.id), " — ", *self.linked(normal(profile.summary)))
        if rules.variants:
            page += para(
                strong("Variants played: "),
                *[item for name in rules.variants for item in (", " if name != rules.variants[0] else "", name)],
                f" (as {source.short} gives them).",
                classes=["nap-house-variants"],
            )
        if not rules.overrides:
            page += para("The file changes no value: the table plays the profile as it stands.")
            return [page]
        page += rubric("What this table changes")
        before = register.variant_values(rules.base, rules.variants)
        for option_id, value in rules.overrides.items():
            page += self.change(rules, register.options[option_id], value, before[option_id])
        return [page]

    def change(
        self, rules: HouseRules, option: Option, value: OptionValueType, base_value: OptionValueType
    ) -> nodes.section:
        """One changed value: the question, the table's answer and the profile's, with the
        sources' words for each cited value."""
        register = self.data.register
        profile = register.profiles[rules.base]
        node = section(option.title, [f"house-{option.id}"], classes=["nap-house-change"])
        node += para(xref("option", option.id, option.title), " ", literal(option.id), ": ", self.said(option.question))
        node += para(strong("This table plays: "), *self.spelled(option, value), " — ", *self.meaning(option, value))
        note = rules.notes.get(option.id, "")
        if note:
            node += para(strong("The table's note: "), note, classes=["nap-note"])
        same = type(value) is type(base_value) and value == base_value
        node += para(
            strong(f"The profile {profile.title} plays: "),
            *self.spelled(option, base_value),
            " — ",
            *(["the same value."] if same else self.meaning(option, base_value)),
        )
        if not same:
            node.extend(self.profile_grounds(rules, option, base_value))
        if option.allows(value):
            cited = option.value(value).citations
            if cited:
                node += para(strong("The sources' words for this table's value:"), classes=["nap-house-cited"])
                node.extend(self.citation(c, show_source=True) for c in cited)
            else:
                node += para("No source names this value in words.", classes=["nap-note"])
        else:
            node += para(
                strong("Uncited: "),
                "no source names this number; the sources' own values are ",
                ", ".join(v.phrase for v in option.values),
                " (see ",
                xref("option", option.id, option.title),
                ").",
                classes=["nap-note"],
            )
        return node

    @staticmethod
    def spelled(option: Option, value: OptionValueType) -> list[NodeLike]:
        """A value in words, and as a house-rules file spells it (for the table that edits it)."""
        words, spelling = option.phrase(value), value_id(value)
        return [words] if words == spelling else [words, " (", literal(spelling), " in the file)"]

    def profile_grounds(self, rules: HouseRules, option: Option, base_value: OptionValueType) -> list[nodes.Node]:
        """Why the profile plays what the table changes: its own source's words for the value,
        or the labelled interpretation it rests on, so the table sees what it sets aside."""
        register = self.data.register
        profile = register.profiles[rules.base]
        source = register.sources[profile.source]
        choice = profile.choices.get(option.id)
        stated = option.value(base_value) if option.allows(base_value) else None
        interp = (choice.interpretation if choice else "") or (stated.interpretation if stated else "")
        own = [c for c in stated.citations if c.source == source.id] if stated else []
        out: list[nodes.Node] = []
        if own:
            out.append(para(strong(f"{source.short}'s words for the profile's value:"), classes=["nap-house-cited"]))
            out.extend(self.citation(c) for c in own)
        if interp:
            out.append(
                para(
                    "The profile reads its source so by a labelled interpretation: ",
                    xref("interp", interp, literal(interp)),
                    ".",
                    classes=["nap-note"],
                )
            )
        if not own and not interp:
            out.append(para(f"{source.short} gives no words for the profile's value here.", classes=["nap-note"]))
        return out

    def meaning(self, option: Option, value: OptionValueType) -> list[NodeLike]:
        """A value in words: the meaning the register gives it, or for a number of an int
        option's range that no source names, the range it stands in."""
        if option.allows(value):
            return self.linked(normal(option.value(value).meaning))
        assert option.range is not None
        low, high = option.range.minimum, option.range.maximum
        return [f"the number {value} (any whole number from {low} to {high} may be played)."]


__all__ = ["HouseRulesDirective"]
