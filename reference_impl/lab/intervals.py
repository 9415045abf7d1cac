"""The 95% confidence intervals the simulated claims are judged on: of a mean, by the normal
approximation, and of a proportion, by Wilson's score."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """A mean from a sample, with its 95% confidence interval (``low``, ``high``) and the
    sample's size."""

    mean: float
    low: float
    high: float
    n: int

    def as_data(self, digits: int = 4) -> dict[str, Any]:
        return {
            "mean": round(self.mean, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
            "n": self.n,
        }

    def above(self, value: float) -> bool | None:
        """True if the whole interval is above ``value``, False if wholly below, else None."""
        return True if self.low > value else False if self.high < value else None

    def __str__(self) -> str:
        return f"{self.mean:.3f} (95% CI {self.low:.3f} to {self.high:.3f}, n = {self.n})"


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its 95% interval by the normal approximation (the samples
    here are thousands of hands).

    >>> print(mean_interval([1, -1] * 50))
    0.000 (95% CI -0.197 to 0.197, n = 100)
    """
    n = len(values)
    mean = sum(values) / n
    variance = sum((value - mean) ** 2 for value in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def proportion_interval(successes: int, n: int) -> Estimate:
    """A proportion and its 95% Wilson score interval.

    >>> print(proportion_interval(30, 100))
    0.300 (95% CI 0.219 to 0.396, n = 100)
    """
    p = successes / n
    z2 = Z95**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, centre - half, centre + half, n)


__all__ = ["Z95", "Estimate", "mean_interval", "proportion_interval"]
