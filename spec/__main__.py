"""``python -m spec``: the same commands as ``napspec``."""

from napspec.spec.cli import main

main()
