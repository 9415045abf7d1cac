"""The rules an engine is certified against: a profile, or house rules on top of one.

A scenario is written for the option values of its own profile (and any options it sets).
It *applies* to a target when every option it needs — the variation points of the rules it
tests, the options it sets, and any it declares with ``@needs:<option>`` — has the same value
in the target; it then runs under the target's full option map.

>>> target = Target.from_options("wikipedia", None)
>>> target.applies({"cut-minimum": 4, "deal-pattern": "singly"}, {"cut-minimum"}, players=4)
(True, '')
>>> target.applies({"cut-minimum": 1}, {"cut-minimum"}, players=4)
(False, 'needs cut-minimum=1, the target has 4')
>>> target.applies({}, set(), players=2)
(False, 'needs 2 players, the target allows 3 to 7')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from napspec.spec import PROFILE_IDS, UnknownVariant, load, load_house_rules
from napspec.spec.register import value_id


@dataclass(frozen=True)
class Target:
    """A named, complete option map, and the variants (calls beyond Nap) its profile's
    bundles switched on in it."""

    name: str
    base: str
    values: Mapping[str, Any]
    variants: tuple[str, ...] = ()

    @classmethod
    def from_options(cls, profile: str | None, house_rules: str | None, variants: Sequence[str] = ()) -> Target | None:
        """The target of a run: ``None`` when each scenario runs under its own profile.

        With ``variants``, the profile's bundles of those variants are applied in order
        (the target is named ``profile+variant+...``); :class:`ValueError` for a variant the
        profile does not give (naming those it gives) or a combination that conflicts.

        >>> Target.from_options("peel", None, ["misery"])
        Traceback (most recent call last):
        ...
        ValueError: the profile 'peel' gives no variant 'misery' (it gives pool)
        """
        if house_rules:
            if variants:
                raise ValueError("variants go with a profile: house rules name theirs in the file (variants = [...])")
            rules = load_house_rules(house_rules)
            if profile and profile != rules.base:
                raise ValueError(f"--profile {profile!r} and the house rules' base {rules.base!r} differ; give one")
            return cls(
                name=f"{rules.base}+{rules.name}",
                base=rules.base,
                values=dict(rules.values),
                variants=tuple(rules.variants),
            )
        if not profile:
            return None
        register = load()
        if not variants:
            return cls(name=profile, base=profile, values=register.profile_values(profile))
        try:
            values = register.variant_values(profile, variants)
        except UnknownVariant as error:
            raise ValueError(str(error)) from None
        conflicts = register.conflicts(values)
        if conflicts:
            raise ValueError(f"the variants {', '.join(variants)} cannot go together: {'; '.join(conflicts)}")
        return cls(name="+".join([profile, *variants]), base=profile, values=values, variants=tuple(variants))

    def applies(self, scenario: Mapping[str, Any], needs: Iterable[str], players: int) -> tuple[bool, str]:
        """Whether a scenario written for ``scenario`` option values applies to this target."""
        for option in sorted(needs):
            wanted, have = scenario.get(option), self.values.get(option)
            if type(wanted) is not type(have) or wanted != have:
                return False, f"needs {option}={_show(wanted)}, the target has {_show(have)}"
        low, high = self.values["players-min"], self.values["players-max"]
        if not low <= players <= high:
            return False, f"needs {players} players, the target allows {low} to {high}"
        return True, ""


def _show(value: Any) -> str:
    return value_id(value)


def each_variant(profile: str) -> list[Target]:
    """The plain ``profile``, then one target per variant its source gives, in the profile's order.

    >>> [target.name for target in each_variant("peel")]
    ['peel', 'peel+pool']
    """
    given = load().profile(profile).variants
    targets = [Target.from_options(profile, None, variants) for variants in ([], *([v] for v in given))]
    return [target for target in targets if target is not None]  # never None: a profile is given


def every_target() -> list[Target]:
    """Every profile, plain and with each variant its source gives, in the order of the
    sources: the targets the main job certifies (and the play page offers)."""
    return [target for profile in PROFILE_IDS for target in each_variant(profile)]
