"""``python -m spec``: the same commands as ``napspec``."""

from spec.cli import main

main()
