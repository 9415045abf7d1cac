"""The ``nap`` domain: every rule, variation point, interpretation, profile, source place and
scenario of the rulebook as a cross-reference target.

The generating directives register the targets they write (:meth:`NapDomain.note`); links
between pages are ``pending_xref`` nodes resolved here, so that a link to anything missing is
a (nitpicky) warning and the build fails under ``-W``. Authors of hand-written pages can use
the same targets: ``{nap:rule}`play.follow-suit```, ``{nap:option}`revoke```,
``{nap:interp}`cut-any-depth```, ``{nap:loc}`peel-p9```, ``{nap:scenario}`...```.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from docutils import nodes
from docutils.nodes import Element
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from .editions import BOOK, book_pages, edition

logger = logging.getLogger(__name__)

#: object type → what it is (for messages and the object inventory)
OBJECT_TYPES = {
    "chapter": "chapter",
    "rule": "rule",
    "option": "variation point",
    "optvalue": "value of a variation point",
    "optsource": "a source on a variation point",
    "interp": "interpretation",
    "kind": "kind of interpretation",
    "lacuna": "lacuna",
    "profile": "profile",
    "choice": "profile choice",
    "variant": "variant a profile gives",
    "source": "source",
    "loc": "place in a source",
    "scenario": "scenario",
    "status": "conformance status of a rule",
    "cases": "an engine's cases of a rule on a target",
    "claim": "claim of a source",
}


#: How Sphinx's search ranks each kind of target among the results for a word (its object
#: priorities: 0 first, 1 by default, 2 last): the rules and the variation points first, the
#: interpretations, chapters, sources, profiles, scenarios and claims next, and the targets that
#: only point into a table or a text (a value's row, a source's stance on a point, a profile's
#: choice, a page of a source, a rule's status) last.
SEARCH_PRIORITY = {
    "rule": 0,
    "option": 0,
    "interp": 1,
    "chapter": 1,
    "source": 1,
    "profile": 1,
    "variant": 1,
    "scenario": 1,
    "claim": 1,
    "optvalue": 2,
    "optsource": 2,
    "choice": 2,
    "loc": 2,
    "lacuna": 2,
    "kind": 2,
    "status": 2,
}

#: Characters the search page would show as entities: Sphinx escapes an object's name for HTML
#: when it writes the index (``html.escape``) and its ``searchtools.js`` escapes it again before
#: showing it, so that ``'`` would read ``&#x27;``. The label uses the typographic forms instead.
_SEARCH_SAFE = str.maketrans({"'": "\u2019", "&": "and", "<": "\u2039", ">": "\u203a"})


def search_label(title: str, name: str) -> str:
    """What a search result shows for a target: its title, as a reader knows it, with its id
    after it (searching for the id still finds it), in characters the search page shows as
    they are (no ``'``, ``"``, ``&``, ``<`` or ``>``: see :data:`_SEARCH_SAFE`).

    >>> search_label("The dealer's left", "calling.eldest-first")
    'The dealer\u2019s left (calling.eldest-first)'
    >>> search_label('He "stands"', "x")
    'He \u201cstands\u201d (x)'
    >>> search_label("play.follow-suit", "play.follow-suit")
    'play.follow-suit'
    """
    shown = " ".join(title.split())
    if '"' in shown:
        parts = shown.split('"')
        shown = "".join(part + ("\u201c" if n % 2 == 0 else "\u201d") for n, part in enumerate(parts[:-1])) + parts[-1]
    shown = shown.translate(_SEARCH_SAFE)
    if not shown or shown == name:
        return name
    return f"{shown} ({name})"


def slug(text: str) -> str:
    """An HTML id fragment: ``play.follow-suit`` → ``play-follow-suit``."""
    out = []
    for char in str(text).lower():
        out.append(char if char.isalnum() else "-")
    return "-".join(part for part in "".join(out).split("-") if part)


def anchor(kind: str, *names: object) -> str:
    """The anchor of a target, e.g. ``anchor("rule", "play.follow-suit")`` → ``rule-play-follow-suit``."""
    prefix = {
        "interp": "interpretation",
        "optvalue": "option",
        "optsource": "option",
        "choice": "profile",
    }.get(kind, kind)
    return "-".join([prefix, *(slug(str(n)) for n in names)])


class NapDomain(Domain):
    name = "nap"
    label = "napspec"
    object_types: ClassVar[dict[str, ObjType]] = {kind: ObjType(label, kind) for kind, label in OBJECT_TYPES.items()}
    roles: ClassVar[dict[str, Any]] = {kind: XRefRole() for kind in OBJECT_TYPES}
    initial_data: ClassVar[dict[str, Any]] = {"objects": {}}
    dangling_warnings: ClassVar[dict[str, str]] = {
        kind: f"napspec {label} not found: %(target)s" for kind, label in OBJECT_TYPES.items()
    }

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str, str]]:
        objects: dict[tuple[str, str], tuple[str, str, str]] = self.data.setdefault("objects", {})
        return objects

    def note(self, kind: str, name: str, anchor_id: str, title: str, location: Any = None) -> None:
        """Register a target written on the current document."""
        key = (kind, name)
        docname = self.env.current_document.docname
        if key in self.objects and self.objects[key][0] != docname:
            other = self.objects[key][0]
            logger.warning(
                "napspec %s %r written twice: here and in %s", OBJECT_TYPES[kind], name, other, location=location
            )
        self.objects[key] = (docname, anchor_id, title)

    def lookup(self, kind: str, name: str) -> tuple[str, str, str] | None:
        return self.objects.get((kind, name))

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _anchor, _title) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        wanted = set(docnames)
        for key, value in otherdata["objects"].items():
            if value[0] in wanted:
                self.objects[key] = value

    def resolve_xref(
        self,
        env: Any,
        fromdocname: str,
        builder: Any,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        found = self.objects.get((typ, target))
        if found is None:
            return None
        docname, anchor_id, title = found
        if not self.printed(docname):
            # the book links only within itself: a link to a page it leaves to the site
            # (the status page, a source read in its own order) keeps its words, unlinked
            return contnode  # type: ignore[return-value]
        return make_refnode(builder, fromdocname, docname, anchor_id, contnode, title)

    def printed(self, docname: str) -> bool:
        """Whether the page is in the edition being built (the book prints only some)."""
        if edition(self.env) != BOOK:
            return True
        pages: set[str] | None = getattr(self, "_book_pages", None)
        if pages is None:
            pages = book_pages(self.env)
            self._book_pages = pages
        return docname in pages

    def resolve_any_xref(
        self,
        env: Any,
        fromdocname: str,
        builder: Any,
        target: str,
        node: addnodes.pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        results = []
        for kind in OBJECT_TYPES:
            found = self.objects.get((kind, target))
            if found:
                docname, anchor_id, title = found
                results.append((f"nap:{kind}", make_refnode(builder, fromdocname, docname, anchor_id, contnode, title)))
        return results

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        """The objects Sphinx's search shows: each by its title in words, the id beside it
        (:func:`search_label`), ranked by :data:`SEARCH_PRIORITY`."""
        for (kind, name), (docname, anchor_id, title) in self.objects.items():
            yield name, search_label(title, name), kind, docname, anchor_id, SEARCH_PRIORITY.get(kind, 1)
