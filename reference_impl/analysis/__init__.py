"""Analyses of the game with the reference engine: the checks that judge the sources' claims
(:mod:`~napspec.reference.analysis.claims`), and the engine as an OpenSpiel game for
OpenSpiel's agents (:mod:`~napspec.reference.analysis.openspiel_game`)."""
