"""The figures of the claims chapter (:mod:`napspec.docs.rulebook.claims`): the estimates of
a simulated claim with their intervals, and the chances of a one-suited Nap, drawn as SVG by
matplotlib the same way at every build."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from docutils import nodes

from .render import container, para


def estimates_figure(
    items: list[tuple[str, Mapping[str, Any]]], line: float, label: str, caption: str
) -> nodes.container:
    """A figure of estimates with their 95% intervals, one row each, and a reference line."""
    plot = nodes.raw("", estimates_plot(items, line, label), format="html")
    return container(plot, para(caption, classes=["nap-plot-caption"]), classes=["nap-plot"])


def svg_plot(height: float, draw: Callable[[Any], None]) -> str:
    """An SVG figure 6 inches wide and ``height`` high, its axes drawn by ``draw``: matplotlib
    draws it the same way at every build (no date, fixed ids, text kept as text)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    with matplotlib.rc_context({"svg.hashsalt": "napspec", "svg.fonttype": "none", "font.size": 10}):
        figure, axes = pyplot.subplots(figsize=(6, height))
        draw(axes)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
        pyplot.close(figure)
    text = buffer.getvalue()
    return scoped_ids(text[text.index("<svg") :])


#: An id an SVG gives one of its parts, and a reference to one.
_SVG_ID = re.compile(r'\bid="([^"]+)"')


def scoped_ids(svg: str) -> str:
    r"""An SVG whose ids (and the references to them) are its own: matplotlib names the parts of
    every figure alike ("figure_1", "patch_1"), and a page that holds two figures must not repeat
    an id. Each id is prefixed by a digest of the figure, so that a figure drawn again is the
    same.

    >>> drawn = scoped_ids('<svg><g id="figure_1"><use xlink:href="#m1"/><path clip-path="url(#p2)"/></g></svg>')
    >>> re.findall(r'(?:id|href)="#?([^"]+)"|url\(#([^)]+)\)', drawn)[0][0].endswith("-figure_1")
    True
    >>> scoped_ids("<svg/>") == "<svg/>"
    True
    """
    prefix = "svg" + hashlib.sha256(svg.encode("utf-8")).hexdigest()[:10]
    for found in sorted(set(_SVG_ID.findall(svg)), key=len, reverse=True):
        name = re.escape(found)
        svg = re.sub(rf'\bid="{name}"', f'id="{prefix}-{found}"', svg)
        svg = re.sub(rf'href="#{name}"', f'href="#{prefix}-{found}"', svg)
        svg = re.sub(rf"url\(#{name}\)", f"url(#{prefix}-{found})", svg)
    return svg


def estimates_plot(items: list[tuple[str, Mapping[str, Any]]], line: float, label: str) -> str:
    """An SVG of ``items`` (label, estimate) as points with horizontal error bars (their 95%
    intervals), and a reference line at ``line``."""

    def draw(axes: Any) -> None:
        places = list(range(len(items)))[::-1]
        means = [data["mean"] for _, data in items]
        errors = [[data["mean"] - data["low"] for _, data in items], [data["high"] - data["mean"] for _, data in items]]
        axes.errorbar(means, places, xerr=errors, fmt="o", capsize=3)
        axes.axvline(line, linestyle="--", color="grey", linewidth=1)
        axes.set_yticks(places)
        axes.set_yticklabels([name for name, _ in items])
        axes.set_xlabel(label)

    return svg_plot(0.6 + 0.28 * len(items), draw)


def one_suit_plot(evidence: Mapping[str, Any]) -> str:
    """An SVG line plot of the chances in ``evidence`` (one line per highest card against the
    hands dealt)."""

    def draw(axes: Any) -> None:
        tables = list(evidence["hands-dealt"])
        for item in evidence["rows"]:
            chances = [float(Fraction(chance)) for chance in item["chances"]]
            axes.plot(tables, chances, marker="o", label=f"{item['highest'].replace('T', '10')} high")
        axes.axhline(1 / 3, linestyle="--", color="grey", linewidth=1)
        axes.set_xticks(tables)
        axes.set_xlabel("hands dealt")
        axes.set_ylabel("chance of making Nap")
        axes.set_ylim(0, 1)
        axes.legend(frameon=False, ncol=2)

    return svg_plot(3.4, draw)


__all__ = ["estimates_figure", "estimates_plot", "one_suit_plot", "scoped_ids", "svg_plot"]
