"""Analysis of the rules by machine: claims of the books about hands, decided exactly.

* :mod:`~napspec.reference.analysis.solver`: how many tricks a hand is sure of against every
  layout and defence, with the strategy's lead or the defence that refutes a claim.
* :mod:`~napspec.reference.analysis.brute`: the same question for tiny packs, answered by
  enumerating every layout, to check the solver.
* :mod:`~napspec.reference.analysis.sweep`: every five-card hand up to the symmetry of the
  suits, in parallel.
"""
