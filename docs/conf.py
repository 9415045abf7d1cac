"""Sphinx configuration of the napspec rulebook.

Build: ``napspec rulebook -o build/docs`` (or ``python -m sphinx -E -W -n -b html docs
build/docs`` from a checkout with napspec installed). The pages are written from the register,
the scenarios and the certification reports by the extension :mod:`napspec.docs.rulebook`; no
network is used.
"""

from __future__ import annotations

project = "napspec"
author = "napspec contributors"
copyright = "napspec contributors; the sources' texts under their own licences (see the Bibliography)"
release = "0.1.0"

extensions = ["myst_parser", "napspec.docs.rulebook"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "rulebook", "__pycache__"]

# Every link is checked: a missing rule, variation point, source place or term fails the build.
nitpicky = True
# The sources' words are quoted verbatim: no curly quotes or dashes put in by Sphinx.
smartquotes = False

myst_heading_anchors = 3

# The certification reports (``napspec certify --engine reference --profile all``); a relative
# folder is taken from the directory the build runs in. ``napspec rulebook --reports`` sets it.
napspec_certify_dir = "build/certify"

html_theme = "alabaster"
html_title = "napspec — the annotated rulebook of Napoleon"
html_static_path = ["_static"]
html_css_files = ["napspec.css"]
html_theme_options = {
    "page_width": "1320px",
    "body_max_width": "none",
    "sidebar_width": "240px",
    "description": "The cited, executable rules of Napoleon (Nap)",
    "show_relbars": True,
    "show_powered_by": False,
}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_show_sourcelink = False
html_copy_source = False
