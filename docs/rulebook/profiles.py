"""A profile's page: ``{napspec-profile}`` writes every choice a source's profile makes, what
each rests on, and the variants the source gives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docutils import nodes
from sphinx.util import logging

from napspec.spec.register import Option, Profile
from napspec.suite.vocabulary import join

from .directives import NapDirective, normal
from .domain import anchor
from .render import Cell, NodeLike, bullet_list, inline, literal, para, rubric, section, strong, table, xref

logger = logging.getLogger(__name__)


class ProfileDirective(NapDirective):
    """``{napspec-profile} <id>``: every choice a profile makes and what it rests on."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        profile = self.named("profile", register.profiles, self.arguments[0])
        source = register.sources[profile.source]
        page = section(f"Profile: {profile.title}", [], classes=["nap-profile"])
        anchor_id = self.target(page, "profile", profile.id, profile.title)
        page += self.index(anchor_id, f"{profile.id} (profile)")
        page += para(*self.linked(normal(profile.summary)), classes=["nap-intro"])
        page += para(
            "Profile ",
            literal(profile.id),
            " (",
            profile.file,
            ") · the game of ",
            xref("source", source.id, f"{source.short}, {source.title}"),
            f" · {len(profile.choices)} choices, one for each variation point.",
            classes=["nap-profile-meta"],
        )
        rows, row_ids = [], []
        for option in register.options.values():
            choice = profile.choices.get(option.id)
            cells: list[Any] = [[xref("option", option.id, option.title), " ", literal(option.id)]]
            if choice is None:
                logger.warning(
                    "napspec: profile %s makes no choice for %s", profile.id, option.id, location=self.get_location()
                )
                continue
            value = option.value(choice.value)
            cells.append(
                [
                    para(self.value(option.id, choice.value, quoted=False)),
                    *self.prose(value.meaning, classes=["nap-meaning"]),
                ]
            )
            cells.append(self.basis(profile.source, option, choice))
            rows.append(cells)
            choice_id = anchor("choice", profile.id, option.id)
            row_ids.append([choice_id])
            self.domain.note("choice", f"{profile.id}/{option.id}", choice_id, f"{profile.title}: {option.title}")
        page += table(
            ["Variation point", "Choice", "What it rests on"], rows, classes=["nap-profile-choices"], row_ids=row_ids
        )
        page += self.variants_section(profile)
        own = [r for r in register.rules.values() if tuple(r.applies_to) == (profile.id,)]
        if own:
            page += rubric(f"Rules that bind this profile alone ({len(own)})")
            page += bullet_list([[xref("rule", r.id, r.title), " ", literal(r.id)] for r in own])
        skipped = [r for r in register.rules.values() if profile.id not in r.applies_to]
        if skipped:
            page += rubric(f"Rules that do not bind this profile ({len(skipped)})")
            page += bullet_list([[xref("rule", r.id, r.title), " ", literal(r.id)] for r in skipped])
        return [page]

    def variants_section(self, profile: Profile) -> nodes.section:
        """ "Variants this source gives": each bundle of option values that switches a variant
        on as the profile's source plays it, with what each value rests on; where the source
        gives none, what it says on each variant."""
        register = self.data.register
        source = register.sources[profile.source]
        node = section("Variants this source gives", [f"profile-{profile.id}-variants"], classes=["nap-variants"])
        variant_options = [o for o in register.options.values() if o.plain is not None]
        if not profile.variants:
            node += para(
                f"{source.short} gives no variant this profile can play: every variant option stays at its plain "
                "value. What the source says on each:",
                classes=["nap-intro"],
            )
            items: list[Sequence[NodeLike]] = []
            for option in variant_options:
                stance, values = option.stance(source.id)
                notes = [option.silent.get(source.id) or option.lacuna.get(source.id, "")]
                notes += [c.note for v in option.values for c in v.citations if c.source == source.id]
                words = {"silent": "silent", "lacuna": "missing text"}.get(
                    stance, "cited for " + " or ".join(option.phrase(v) for v in values)
                )
                said: list[NodeLike] = [item for note in notes if note for item in (" ", *self.linked(normal(note)))]
                entry: list[NodeLike] = [
                    xref("option", option.id, option.title),
                    ": ",
                    xref("optsource", f"{option.id}/{source.id}", words),
                ]
                if said:
                    entry += [" —", *said]
                items.append(entry)
            node += bullet_list(items, classes=["nap-no-variants"])
            missing = [
                (lacuna_id, rule.id)
                for rule in register.rules.values()
                if any(register.options[o].plain is not None for o in rule.options)
                for lacuna_id in rule.lacunae
                if register.lacunae()[lacuna_id].source == source.id
            ]
            if missing:
                node += para(
                    f"Where {source.short}'s words on the variants would stand, the copy lacks them: ",
                    *join(
                        [
                            inline(xref("lacuna", i, literal(i)), " (", xref("rule", r, literal(r)), ")")
                            for i, r in missing
                        ],
                        ", ",
                    ),
                    ".",
                    classes=["nap-variant-lacunae"],
                )
            return node
        node += para(
            "Each variant is switched on by the option values below, applied over the profile's own choices ",
            "(for instance with ",
            literal(f"napspec certify --profile {profile.id} --variants {next(iter(profile.variants))}"),
            ").",
            classes=["nap-intro"],
        )
        for variant, bundle in profile.variants.items():
            block = section(f"Variant: {variant}", [], classes=["nap-variant"])
            anchor_id = self.target(block, "variant", f"{profile.id}/{variant}", f"{profile.title}: {variant}")
            block += self.index(anchor_id, f"{variant} (variant of {profile.id})")
            rows: list[list[Cell]] = []
            for option_id, choice in bundle.items():
                option = register.options[option_id]
                value = option.value(choice.value)
                rows.append(
                    [
                        [xref("option", option.id, option.title), " ", literal(option.id)],
                        [
                            para(self.value(option.id, choice.value, quoted=False)),
                            *self.prose(value.meaning, classes=["nap-meaning"]),
                        ],
                        self.basis(profile.source, option, choice),
                    ]
                )
            block += table(["Variation point", "Value", "What it rests on"], rows, classes=["nap-variant-choices"])
            node += block
        return node

    def basis(self, source_id: str, option: Option, choice: Any) -> list[nodes.Node]:
        register = self.data.register
        value = option.value(choice.value)
        out: list[nodes.Node] = []
        own = [c for c in value.citations if c.source == source_id]
        out.extend(self.citation(c) for c in own)
        for interp_id in dict.fromkeys(i for i in (choice.interpretation, value.interpretation) if i):
            interp = register.interpretations[interp_id]
            if interp_id != choice.interpretation and choice.interpretation and source_id not in interp.sources:
                continue  # the value's reading of other sources; the choice names its own
            out.append(
                para(
                    strong("Interpretation "),
                    xref("interp", interp.id, literal(interp.id)),
                    f" ({interp.kind}): ",
                    *self.linked(normal(interp.reading)),
                    classes=["nap-basis-interpretation"],
                )
            )
        if choice.note:
            out.extend(self.prose(choice.note, classes=["nap-note"]))
        if not own:
            stance, _values = option.stance(source_id)
            short = register.sources[source_id].short
            if stance == "silent":
                out.append(
                    para(
                        f"{short} is ",
                        xref("optsource", f"{option.id}/{source_id}", "silent"),
                        " on this point.",
                        classes=["nap-note"],
                    )
                )
            elif stance == "lacuna":
                out.append(
                    para(
                        f"{short}'s ",
                        xref("optsource", f"{option.id}/{source_id}", "text is missing"),
                        " on this point.",
                        classes=["nap-note"],
                    )
                )
            else:
                out.append(
                    para(
                        f"{short} ",
                        xref("optsource", f"{option.id}/{source_id}", "says otherwise"),
                        "; the profile departs from it by the interpretation above.",
                        classes=["nap-note"],
                    )
                )
        if not own and not choice.interpretation and not value.interpretation:
            logger.warning(
                "napspec: profile choice %s=%r rests on neither a quotation of %s nor an interpretation",
                option.id,
                choice.value,
                source_id,
                location=self.get_location(),
            )
        return out
