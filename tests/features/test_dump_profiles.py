"""The reference engine judged from the dump of other profiles than Hoyle's, by the runner of
:mod:`tests.features.test_dump`, exactly as ``napspec certify`` judges it. A file of its own,
so that it runs beside the Hoyle tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.spec import PROFILE_IDS
from tests.features.test_dump import SERVE_REFERENCE, _judged_alike, _validator


def _judged_alike_on(tmp_path: Path, profile: str, *selection: str) -> dict[str, str]:
    """The reference judged from the dump of ``profile``, written by the suite's code in this
    process, each line checked against the schema read on its own, as by certify."""
    from napspec.suite.dump import dump_lines
    from napspec.suite.targets import Target

    target = Target.from_options(profile, None)
    assert target is not None
    lines = list(dump_lines(target))
    validator = _validator()  # the schema read on its own, without the suite's code
    for line in lines:
        errors = [error.message for error in validator.iter_errors(line)]
        assert not errors, (line["label"], errors[:3])
    statuses = _judged_alike(tmp_path, lines, SERVE_REFERENCE, "--engine", "reference", *selection)
    assert set(statuses.values()) == {"passed", "not-applicable"}
    return statuses


def test_the_reference_judged_from_the_dump_as_by_certify_on_another_profile(tmp_path: Path) -> None:
    """Britannica, on the chapters where its options differ most from Hoyle's (the revoke
    replayed, the stakes); every profile in full is a campaign (below)."""
    statuses = _judged_alike_on(tmp_path, "britannica", "--rule", "irregularities", "--rule", "settlement")
    assert len(statuses) > 50


@pytest.mark.campaign
@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_every_profile_judged_from_the_dump_as_by_certify(tmp_path: Path, profile: str) -> None:
    _judged_alike_on(tmp_path, profile)
