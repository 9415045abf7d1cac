"""``python -m napspec.spec``: the register's commands of ``napspec``."""

from napspec.spec.cli import main

main()
