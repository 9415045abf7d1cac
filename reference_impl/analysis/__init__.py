"""Analyses of the game with the reference engine: the checks that judge the sources' claims
(:mod:`~napspec.reference.analysis.claims`)."""
