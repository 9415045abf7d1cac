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

extensions = ["myst_parser", "sphinx_copybutton", "napspec.docs.rulebook"]
# the copy button copies a command, not the prompt or the output shown with it
copybutton_exclude = ".linenos, .gp, .go"
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

# furo: a responsive theme whose left sidebar holds the rulebook's contents and whose right
# sidebar, kept in view while the page scrolls, lists the page's sections (a chapter's rules);
# on a phone both fold away behind buttons in the header.
html_theme = "furo"
html_title = "napspec — the annotated rulebook of Napoleon"
html_static_path = ["_static"]
html_css_files = ["napspec.css"]
# a link to a folded scenario unfolds it
html_js_files = ["napspec.js"]
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}
html_show_sourcelink = False
html_copy_source = False

# The PDF edition (``napspec rulebook``: ``build/docs/pdf/napspec-rulebook.pdf``), set by Typst
# (the builder ``typst`` of napspec.docs.rulebook.book_builder): the book, from its own root page
# (napspec.docs.rulebook.editions), its pages as book.typ lays them out.
napspec_book = {
    "target": "napspec-rulebook",
    "title": "The annotated rulebook of Napoleon",
    "subtitle": "The cited, executable rules of Nap",
    "author": "napspec contributors",
}
