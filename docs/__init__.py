"""The annotated rulebook's sources (Sphinx + MyST pages, ``conf.py``, static files), the
main-job pipeline (:mod:`napspec.docs.pipeline`) and, at the top of the project, the tree of
the ``napspec`` command (:mod:`napspec.docs.commands`), the one module that knows every part.

The pages are data of this package, so that an installed ``napspec`` can build the rulebook
anywhere; the Sphinx extension that writes them from the register, the suite and saved
reports is :mod:`napspec.docs.rulebook`.
"""
