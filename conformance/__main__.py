"""``python -m conformance``: the ``napspec`` command."""

from conformance.cli import main

main()
