"""Analyses of the game by machine, with the reference engine.

* :mod:`~napspec.reference.analysis.solver`: how many tricks a hand is sure of against every
  layout and defence, with the strategy's lead or the defence that refutes a claim.
* :mod:`~napspec.reference.analysis.brute`: the same question for tiny packs, answered by
  enumerating every layout, to check the solver.
* :mod:`~napspec.reference.analysis.executors`: where the long runs go, the local cores or a
  Dask cluster the user names (Dask optional: the ``cluster`` extra).
* :mod:`~napspec.reference.analysis.store`: the chunks of a run kept as they are done, so that a
  run stopped halfway resumes; :mod:`~napspec.reference.analysis.progress`: its progress shown.
* :mod:`~napspec.reference.analysis.sweep`: every five-card hand up to the symmetry of the
  suits, in parallel.
* :mod:`~napspec.reference.analysis.claims`: the checks that judge the sources' claims
  (``spec/claims.toml``), and the evidence they write: the arithmetic there, the rest in
  :mod:`~napspec.reference.analysis.certainty` (from the sweeps and the solver),
  :mod:`~napspec.reference.analysis.payments` (the engine playing the worked examples) and
  :mod:`~napspec.reference.analysis.simulated` (samples of play by
  :mod:`~napspec.reference.analysis.simulate`'s agents, sized by
  :mod:`~napspec.reference.analysis.samples`, judged on
  :mod:`~napspec.reference.analysis.intervals`).
* :mod:`~napspec.reference.analysis.openspiel_game`: the engine as an OpenSpiel game for
  OpenSpiel's agents (OpenSpiel optional: the ``bench`` extra); the game without OpenSpiel, its
  state in :mod:`~napspec.reference.analysis.game_state` and the ids of its actions in
  :mod:`~napspec.reference.analysis.action_ids`.
"""
