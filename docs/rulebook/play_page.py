"""The play page (``{napspec-play}``): a hand of Nap played in the browser against the
JavaScript engine of ``docs/engine/``, the engine the suite certifies under every target the
page offers (``tests/conformance/test_js_engine.py``).

Why that engine, and not the reference engine: the site is read from its folder as well as from
a server, and a page opened from ``file://`` may not load ES modules, ``fetch`` a file or
instantiate WebAssembly; the engine of ``docs/engine/`` is classic scripts that add one global
(``NapEngine``), so plain ``<script>`` tags run it anywhere, and it weighs a few tens of KB
where the reference engine in Pyodide would weigh some 15 MB. It is certified like any other
engine, over the JSON-lines protocol, through its Node entry (``docs/engine/nap.mjs``).

The page is given, at build time, everything it says of the rules, read from the register: the
targets it offers (each profile, plain and with each variant its source gives: the targets the
main job certifies), and the rules it may quote, each with its title, its statement and its
sources' words. A refusal names its rule by the engine's code (:data:`REFUSAL_RULES`, the suite's
own mapping first); a settlement by what was called and how it ended (:data:`SETTLEMENT_RULES`).
The data goes into the page as JSON in a ``<script type="application/json">``, escaped so that no
text of it can close the element; the page's script shows it as text, never as markup.

In the one-page and printed editions the directive gives a sentence in place of the game.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from napspec.spec.register import Register
from napspec.suite.targets import every_target
from napspec.suite.verdicts import REFUSALS

from .directives import NapDirective
from .editions import SITE, edition
from .render import para
from .text import plain, quote_plain, variant_name

DOCS = Path(__file__).resolve().parent.parent
ENGINE_DIR = DOCS / "engine"
#: The page's own script, beside the theme's static files.
PLAY_SCRIPT = DOCS / "_static" / "napspec-play.js"
#: Where the built site keeps the engine's scripts, under its ``_static`` folder.
ENGINE_FOLDER = "engine"

#: The rule a refusal breaks, by the engine's error code (``code:declaration`` for a named
#: call): the suite's own mapping (:data:`napspec.suite.verdicts.REFUSALS`), and the refusals
#: a reader can meet under the variants.
REFUSAL_RULES: Mapping[str, str] = {
    **REFUSALS,
    "call-not-allowed:wellington": "variants.wellington-call",
    "call-not-allowed:blucher": "variants.blucher-call",
    "must-lead-lowest-trump": "variants.wellington-lead",
    "bad-discard": "variants.sir-garnet-discard",
    "not-enough-stock": "exchanges.purchase-stock",
}

#: The rules that pay a settlement, by what the page's script reads of the hand: how it ended
#: (``made``, ``defeated``, ``all-passed``), the call (a Nap, a named call), the game (seven-card
#: Nap) and the pool.
SETTLEMENT_RULES: Mapping[str, tuple[str, ...]] = {
    "made": ("settlement.stake-per-trick", "settlement.no-overtricks"),
    "defeated": ("settlement.level-money", "settlement.flat-loss"),
    "nap": ("settlement.nap",),
    "misery": ("variants.misery-stakes",),
    "wellington": ("variants.wellington-stakes",),
    "blucher": ("variants.blucher-stakes",),
    "seven-card": ("variants.seven-card-stakes",),
    "exchanges": ("exchanges.stakes",),
    "all-passed": ("calling.all-pass",),
    "pool-taken": ("pool.taken-by-nap",),
    "pool-failed-nap": ("pool.failed-nap",),
}


def engine_scripts() -> list[str]:
    """The engine's scripts in the order they load (``docs/engine/scripts.json``)."""
    names: list[str] = json.loads((ENGINE_DIR / "scripts.json").read_text(encoding="utf-8"))
    return names


def rule_data(register: Register, rule_id: str) -> dict[str, Any]:
    rule = register.rules[rule_id]
    return {
        "title": rule.title,
        "statement": plain(rule.statement, register),
        "quotes": [
            {
                "source": citation.source,
                "short": register.sources[citation.source].short,
                "locator": citation.locator,
                "words": quote_plain(citation.quote),
            }
            for citation in rule.citations
        ],
    }


def play_data(register: Register) -> dict[str, Any]:
    """What the page's script is given: the targets, the rules it may quote, and which rule a
    refusal or a settlement quotes. :class:`KeyError` for a rule the register does not hold."""
    quoted = {*REFUSAL_RULES.values(), *(rule for rules in SETTLEMENT_RULES.values() for rule in rules)}
    missing = sorted(rule for rule in quoted if rule not in register.rules)
    if missing:
        raise KeyError(f"the play page quotes rules the register does not hold: {', '.join(missing)}")
    targets = []
    # the main job's targets: each certified for the JavaScript engine by the suite
    for target in every_target():
        profile = register.profile(target.base)
        variant = target.variants[0] if target.variants else None
        targets.append(
            {
                "name": target.name,
                "profile": target.base,
                "profile_title": profile.title,
                "source": profile.source,
                "variant": variant,
                "variant_title": variant_name(register, variant) if variant else "",
                "options": dict(target.values),
            }
        )
    return {
        "targets": targets,
        "rules": {rule: rule_data(register, rule) for rule in sorted(quoted)},
        "refusals": dict(REFUSAL_RULES),
        "settlement": {key: list(rules) for key, rules in SETTLEMENT_RULES.items()},
    }


def script_json(data: Any) -> str:
    """``data`` as JSON that can stand inside a ``<script>`` element: no ``<``, ``>`` or ``&``
    in it, so no text of the data can end the element or open a comment.

    >>> script_json({"words": "</script><b>"})
    '{"words": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def kilobytes(size: int) -> str:
    """A weight as the page states it.

    >>> kilobytes(40_960), kilobytes(1_500)
    ('40 KB', '1.5 KB')
    """
    value = size / 1024
    return f"{value:.0f} KB" if value >= 10 else f"{value:.1f} KB"


class PlayDirective(NapDirective):
    """``{napspec-play}``: the game, its data, and a statement of what the page loads."""

    def build(self) -> list[nodes.Node]:
        scripts = engine_scripts()
        for path in (ENGINE_DIR / "scripts.json", PLAY_SCRIPT, *(ENGINE_DIR / name for name in scripts)):
            self.env.note_dependency(str(path))
        if edition(self.env) != SITE:
            return [
                para(
                    "The game is played in the site's page of this name, which runs the engine in the "
                    "browser; this edition leaves it there."
                )
            ]
        try:
            data = script_json(play_data(self.data.register))
        except KeyError as error:
            raise self.error(str(error)) from None
        engine_size = sum((ENGINE_DIR / name).stat().st_size for name in scripts)
        own_size = PLAY_SCRIPT.stat().st_size
        data_size = len(data.encode("utf-8"))
        loads = para(
            f"What this page loads, from the site's own folder (nothing from the network): the engine, "
            f"{len(scripts)} scripts ({kilobytes(engine_size)}); the page's script ({kilobytes(own_size)}); "
            f"and the rules it quotes and the targets it offers, written into the page when the site was "
            f"built ({kilobytes(data_size)}); besides the site's theme, as every page.",
            classes=["nap-play-loads"],
        )
        tags = "".join(f'<script src="_static/{ENGINE_FOLDER}/{name}"></script>' for name in scripts)
        html = (
            f'<script type="application/json" id="nap-play-data">{data}</script>'
            '<div id="nap-play" class="nap-play"><p class="nap-play-wait">The game starts once the '
            "engine has loaded; it needs JavaScript.</p></div>"
            f'{tags}<script src="_static/{PLAY_SCRIPT.name}"></script>'
        )
        return [loads, nodes.raw("", html, format="html")]


def copy_engine(app: Sphinx, exception: Exception | None) -> None:
    """The built site's copy of the engine's scripts, under ``_static/engine/``."""
    if exception is not None or app.builder.format != "html" or edition(app.env) != SITE:
        return
    folder = Path(app.outdir) / "_static" / ENGINE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for name in engine_scripts():
        shutil.copyfile(ENGINE_DIR / name, folder / name)


def setup(app: Sphinx) -> None:
    app.add_directive("napspec-play", PlayDirective)
    app.connect("build-finished", copy_engine)
