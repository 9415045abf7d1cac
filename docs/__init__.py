"""The annotated rulebook's sources (Sphinx + MyST pages, ``conf.py``, static files) and the
main-job pipeline (:mod:`napspec.docs.pipeline`).

The pages are data of this package, so that an installed ``napspec`` can build the rulebook
anywhere; the Sphinx extension that writes them from the register, the suite and saved
reports is :mod:`napspec.docs.rulebook`.
"""
