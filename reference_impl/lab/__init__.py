"""The lab beside the reference engine: analyses of the game by machine.

A package of its own (``napspec.lab``, in the engine's folder ``reference_impl/lab/``): it uses
the engine (:mod:`napspec.reference`) and the register (:mod:`napspec.spec`), and the engine
imports nothing of it (``tests/test_architecture.py``). Its command is ``napspec-lab``
(:mod:`~napspec.lab.cli`); its optional packages, Dask and OpenSpiel, the ``lab`` extra. Its
stored results, the sweeps of every hand (``results/``), stay in the repository and out of the
wheel: the claims read them from a checkout, or from ``napspec-lab claims --results DIR``.

* :mod:`~napspec.lab.solver`: how many tricks a hand is sure of against every
  layout and defence, with the strategy's lead or the defence that refutes a claim.
* :mod:`~napspec.lab.brute`: the same question for tiny packs, answered by
  enumerating every layout, to check the solver.
* :mod:`~napspec.lab.executors`: where the long runs go, the local cores or a
  Dask cluster the user names (Dask optional: the ``lab`` extra).
* :mod:`~napspec.lab.store`: the chunks of a run kept as they are done, so that a
  run stopped halfway resumes; :mod:`~napspec.lab.progress`: its progress shown.
* :mod:`~napspec.lab.sweep`: every five-card hand up to the symmetry of the
  suits, in parallel.
* :mod:`~napspec.lab.claims`: the checks that judge the sources' claims
  (``spec/claims.toml``), and the evidence they write: the arithmetic there, the rest in
  :mod:`~napspec.lab.certainty` (from the sweeps and the solver),
  :mod:`~napspec.lab.payments` (the engine playing the worked examples) and
  :mod:`~napspec.lab.simulated` (samples of play by
  :mod:`~napspec.lab.simulate`'s agents, sized by
  :mod:`~napspec.lab.samples`, judged on
  :mod:`~napspec.lab.intervals`).
* :mod:`~napspec.lab.openspiel_game`: the engine as an OpenSpiel game for
  OpenSpiel's agents (OpenSpiel optional: the ``lab`` extra); the game without OpenSpiel, its
  state in :mod:`~napspec.lab.game_state` and the ids of its actions in
  :mod:`~napspec.lab.action_ids`.
* :mod:`~napspec.lab.compare`: the engine side by side with OpenSpiel's Oh Hell.
"""
