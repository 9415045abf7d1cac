"""The search index's links to the ``nap`` targets, kept whole.

The search shows a target by the label the domain gives it (:func:`.domain.search_label`: its
title, the id beside it). Sphinx's index shortens a target's anchor when it can be rebuilt
from the target's id (``""`` for an anchor equal to the id, ``"-"`` for ``type-id``), but the
search page rebuilds it from the label it shows, not from the id: ``#option-The pack (pack)``
where the anchor is ``option-pack``. This module gives such entries their whole anchor back,
just before the index is written (the ``html-collect-pages`` event runs before it, in order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sphinx.application import Sphinx

from .domain import NapDomain, search_label

Objects = dict[str, list[tuple[int, int, int, str, str]]]


def whole_anchors(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """Wrap the builder's search indexer so that the ``nap`` entries keep their anchors."""
    indexer = getattr(app.builder, "indexer", None)
    if indexer is None or getattr(indexer, "napspec_whole_anchors", False):
        return []
    domain: NapDomain = app.env.domains["nap"]  # type: ignore[assignment]
    original: Callable[[dict[str, int]], Objects] = indexer.get_objects

    def get_objects(fn2index: dict[str, int]) -> Objects:
        found = original(fn2index)
        types: dict[tuple[str, str], int] = getattr(indexer, "_objtypes", {})
        anchors = {
            (fn2index[doc], types.get(("nap", kind), -1), search_label(title, name)): anchor_id
            for (kind, name), (doc, anchor_id, title) in domain.objects.items()
            if doc in fn2index
        }
        for prefix, entries in found.items():
            for number, (doc, kind, priority, short, name) in enumerate(entries):
                if short not in ("", "-"):
                    continue
                label = f"{prefix}.{name}" if prefix else name
                whole = anchors.get((doc, kind, label))
                if whole is not None:
                    entries[number] = (doc, kind, priority, whole, name)
        return found

    indexer.get_objects = get_objects
    indexer.napspec_whole_anchors = True
    return []
