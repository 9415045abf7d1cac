"""Campaign (``pytest -m campaign``): every row of every scenario of the calls beyond Nap, the
exchanges and the pool, certified under every configuration of its pairwise cover (see
:mod:`tests.conformance.test_applicability`)."""

from __future__ import annotations

import pytest

from tests.conformance.test_applicability import CAMPAIGN_CHAPTERS, certify_under_its_covers, scenario_ids

CHAPTERS = CAMPAIGN_CHAPTERS["variants"]


@pytest.mark.campaign
@pytest.mark.parametrize("scenario_id", scenario_ids(*CHAPTERS))
def test_every_row_passes_under_every_configuration_of_its_cover(
    tmp_path_factory: pytest.TempPathFactory, scenario_id: str
) -> None:
    certify_under_its_covers(tmp_path_factory.mktemp("house-rules"), scenario_id)
