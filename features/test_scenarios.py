"""Binds every scenario of features/ to pytest."""

import pytest
from pytest_bdd import scenarios

# The engine is used only inside steps; naming it here makes pytest set it up per session
# (and parametrize it, where a run asks for that).
pytestmark = pytest.mark.usefixtures("engine")

scenarios(".")
