"""The reference engine held to one set of rules, whatever a case asks.

A case names the option values it is played under, and the reference engine plays each as
named. Held, it plays every case under the values it was given instead (a profile's, or a
house-rules file's) and still declares every value in its handshake: an engine that says it
plays everything and plays one game. It is what a test of ``napspec discover`` runs on, since
the rules that command finds must come from the play, not from the handshake.

>>> from napspec.spec import load
>>> held = HeldEngine.profile("hoyle")
>>> held.hello()["engine"]["name"]
'napspec-reference held to hoyle'
>>> peel = load().profile_values("peel")
>>> case = {"id": "doc/1", "options": peel, "players": 3, "dealer": 2, "irregular": False,
...         "start": {"hands": [["AS", "KS", "QS", "JS", "TS"], ["2C", "3C", "4C", "5C", "6C"],
...                             ["2D", "3D", "4D", "5D", "6D"]]},
...         "actions": [{"type": "pass", "seat": 0}, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2}],
...         "queries": ["state"]}
>>> [step["ok"] for step in held.run(case)["steps"]]  # Hoyle's dealer may not pass; Peel's may
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import load, load_house_rules
from napspec.spec.register import OptionValueType


class HeldEngine(ReferenceEngine):
    """The reference engine playing every case under ``values`` (a complete option map),
    named ``napspec-reference held to <name>``."""

    def __init__(self, values: Mapping[str, OptionValueType], name: str) -> None:
        super().__init__()
        self.values = dict(values)
        self._hello["engine"]["name"] = f"napspec-reference held to {name}"

    @classmethod
    def profile(cls, profile: str) -> HeldEngine:
        """Held to a profile of the register (:class:`KeyError` for an unknown one)."""
        return cls(load().profile_values(profile), profile)

    @classmethod
    def house_rules(cls, path: str | Path) -> HeldEngine:
        """Held to a house-rules file (:class:`~napspec.spec.errors.HouseRulesError` for a wrong one)."""
        rules = load_house_rules(path)
        return cls(rules.values, f"{rules.base}+{rules.name}")

    def _run(self, case: dict[str, Any], case_id: str) -> dict[str, Any]:
        return super()._run({**case, "options": dict(self.values)}, case_id)


__all__ = ["HeldEngine"]
