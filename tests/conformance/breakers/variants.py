"""Breakers of the rules of the calls beyond Nap, the exchanges and the pool."""

from __future__ import annotations
