"""The replays on the site: every scenario stepped through in its page.

A scenario's folded block (:meth:`.chapters.ChapterDirective.scenario_block`) holds a
:class:`replay` node. On the site it is a ``<div>`` the viewer (``_static/napspec-replay.js``, a
small classic script that works from ``file://``) fills when the scenario is opened: it loads the
scenario's data, ``_replays/<scenario id>.js``, written when the site is built
(:func:`write_replays`, from :func:`.replays.scenario_replay`), and draws its frames, nothing else.
The single page links each scenario's replay on the site (:mod:`.single`); the book has no replay
(the chapters it prints tell no scenario).

The data come from the record of the certified engine's answers in the report folder
(``replays.json``, :mod:`napspec.conformance.replays`); without one, a scenario says where its
replay would come from, and the page stays as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.writers.html5 import HTML5Translator

from .data import rulebook_data
from .editions import SITE, edition
from .render import para
from .replays import Record, ReplayError, load_record, scenario_replay

logger = logging.getLogger(__name__)

#: The folder of the site that holds each scenario's replay data.
REPLAYS_FOLDER = "_replays"
#: The viewer, in the site's static files.
VIEWER = "napspec-replay.js"
STYLE = "napspec-replay.css"
#: What is said where there is no record to replay from.
NO_RECORD = (
    "No replay: the engine's answers to this scenario were not recorded for this build "
    "(napspec rulebook and napspec build record them beside the certification reports)."
)


class replay(nodes.General, nodes.Element):  # docutils names its node classes in lower case
    """Where a scenario's replay is drawn: ``scenario`` (its id) and ``ids`` (its anchor)."""


def replay_anchor(scenario_anchor: str) -> str:
    """The anchor of a scenario's replay, from the scenario's.

    >>> replay_anchor("scenario-play-follow-suit")
    'scenario-play-follow-suit-replay'
    """
    return f"{scenario_anchor}-replay"


def replay_node(scenario_id: str, scenario_anchor: str, certify_dir: Path) -> nodes.Element:
    """The replay of a scenario, or the note that says why there is none (no record)."""
    try:
        record = load_record(certify_dir)
    except ReplayError as error:
        logger.warning("napspec: %s", error)
        record = None
    if record is None or not record.rows:
        return para(NO_RECORD, classes=["nap-replay-none"])
    return replay(scenario=scenario_id, ids=[replay_anchor(scenario_anchor)], classes=["nap-replay"])


def data_file(scenario_id: str) -> str:
    """The site's file of a scenario's replay data (from the site's top folder)."""
    return f"{REPLAYS_FOLDER}/{scenario_id}.js"


def visit_replay_html(translator: HTML5Translator, node: replay) -> None:
    """On the site: the viewer's place, naming the data file; on the single page, nothing
    (it links the site's replay instead)."""
    if translator.builder.name != "html":
        raise nodes.SkipNode
    docname = translator.builder.current_docname
    up = "../" * docname.count("/")
    attributes: dict[str, Any] = {
        "data-replay": up + data_file(str(node["scenario"])),
        "data-scenario": str(node["scenario"]),
    }
    translator.body.append(translator.starttag(node, "div", **attributes))
    translator.body.append(
        '<p class="nap-replay-wait">The replay of this scenario, step by step, opens here '
        "(it needs JavaScript).</p></div>\n"
    )
    raise nodes.SkipNode


def skip(translator: nodes.NodeVisitor, node: nodes.Node) -> None:
    raise nodes.SkipNode


def delta_encoded(scenario: dict[str, Any]) -> dict[str, Any]:
    """Each frame's table given only where it differs from the frame before it (the viewer
    puts the rest back): the hands are the bulk, and most actions change one."""
    for row in scenario["rows"]:
        before: dict[str, Any] = {}
        for frame in row["frames"]:
            table = frame["table"]
            frame["table"] = {key: value for key, value in table.items() if key not in before or before[key] != value}
            before = table
    return scenario


def script(scenario: dict[str, Any]) -> str:
    """A scenario's replay data as a classic script (a page opened from ``file://`` may load a
    script, not fetch a file): JSON, which the viewer reads as data and puts in the page as text."""
    data = json.dumps(delta_encoded(scenario), ensure_ascii=True, separators=(",", ":"))
    name = json.dumps(scenario["id"])
    return f"window.napspecReplays=window.napspecReplays||{{}};window.napspecReplays[{name}]={data};\n"


def site_replays(record: Record, certify_dir: str) -> dict[str, str]:
    """Every replay the site shows: the scenarios shown in full (under their home rule), each
    as its script, by its file."""
    data = rulebook_data(certify_dir)
    out: dict[str, str] = {}
    for scenario in data.scenarios:
        if data.home_rule(scenario) is None:
            continue
        out[data_file(scenario.id)] = script(scenario_replay(scenario, record, data.register))
    return out


def write_replays(app: Sphinx, exception: BaseException | None) -> None:
    """When the site is built, write each scenario's replay data into it."""
    if exception is not None or app.builder.name != "html" or edition(app.env) != SITE:
        return
    data = rulebook_data(app.config.napspec_certify_dir)
    try:
        record = load_record(data.certify_dir)
        if record is None:
            return
        files = site_replays(record, app.config.napspec_certify_dir)
    except ReplayError as error:
        logger.warning("napspec: the replays cannot be made: %s", error)
        return
    folder = Path(app.outdir) / REPLAYS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.js"):
        if f"{REPLAYS_FOLDER}/{stale.name}" not in files:
            stale.unlink()
    for name, text in files.items():
        path = Path(app.outdir) / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def viewer_where_needed(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    """The viewer and its style on the site's pages that hold a replay, and on no other."""
    if app.builder.name == "html" and doctree is not None and any(doctree.findall(replay)):
        app.add_js_file(VIEWER)
        app.add_css_file(STYLE)


def setup(app: Sphinx) -> None:
    whole = (skip, None)
    app.add_node(replay, html=(visit_replay_html, None), latex=whole, text=whole, man=whole, texinfo=whole)
    app.connect("html-page-context", viewer_where_needed)
    app.connect("build-finished", write_replays)


__all__ = ["REPLAYS_FOLDER", "replay", "replay_anchor", "replay_node", "setup", "site_replays", "write_replays"]
