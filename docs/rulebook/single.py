"""The single page: the whole site on one page (Sphinx's ``singlehtml``), every link of it
landing on an element of the page, and what only the site needs left on the site.

- :func:`same_page_links`: the one-page builder names a place on another page of the site
  ``#document-<page>#<anchor>`` (the page, then the anchor), a fragment that no element
  carries, so that a reader's click went nowhere; every such link is made ``#<anchor>``, the
  anchor the element carries on the one page too. This holds for every link once resolved,
  the ``nap`` domain's and the glossary's alike; the page writes such a link as an anchor
  and its words (:class:`SinglePageTranslator`), without the markup that styles nothing there.
- :func:`no_echoing_tooltips`: a link whose tooltip repeats its own words (a rule's title on a
  link reading that title) loses the tooltip, on every HTML edition: it told the reader nothing
  and weighed a megabyte of the single page. A tooltip that says more (the question of an
  interpretation named by its id) stays.
- :data:`SITE_ONLY`: the pages the single page leaves to the site, where a reader has them a
  click away: each certification target's results, rule by rule (nineteen tables of the same
  rules), each pair of profiles compared (the page that settles disputes answers every question
  for all four), and each source read in its own order (the chapters and the sources'
  transcriptions are on the one page). A link of the one page to any of them goes to the site
  (:func:`to_the_site`). The scenarios are named on the one page, each linked to the site where
  it is told step by step and replayed card by card (:func:`scenarios_on_the_site`).
"""

from __future__ import annotations

from fnmatch import fnmatchcase

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import docname_join, logging
from sphinx.writers.html5 import HTML5Translator

from .editions import SINGLE, edition
from .fold import fold_summary, folded
from .replay_pages import replay, replay_anchor

logger = logging.getLogger(__name__)

#: The pages only the site has (document names, as patterns): see the module.
SITE_ONLY = ("status/*", "compare/*", "reading/*")

#: The builders whose links are fragments of one page.
ONE_PAGE_BUILDERS = ("singlehtml",)


def same_page_link(uri: str) -> str:
    """A link of the one page to a place in it, as the page's elements are named.

    >>> same_page_link("#document-chapters/play#rule-play-follow-suit")
    '#rule-play-follow-suit'
    >>> same_page_link("#document-chapters/play"), same_page_link("../status.html#status-cases")
    ('#document-chapters/play', '../status.html#status-cases')
    """
    if uri.startswith("#") and uri.count("#") > 1:
        return "#" + uri.rsplit("#", 1)[1]
    return uri


#: Set on a link of the page's text to a place in it, which the page writes lean
#: (:class:`SinglePageTranslator`).
SAME_PAGE = "nap_same_page"
#: The classes of a link's words that say only what made the link (a ``nap`` or glossary role).
ROLE_CLASSES = frozenset({"xref", "nap", "std", "std-term", "std-doc", "doc"})


def same_page_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """On the single page, every resolved link to a place in it names that place alone, and is
    marked to be written lean: its words are not wrapped in a span that says only which role
    made it."""
    if app.builder.name not in ONE_PAGE_BUILDERS:
        return
    for link in doctree.findall(nodes.reference):
        if "refuri" in link:
            link["refuri"] = same_page_link(str(link["refuri"]))
        if not str(link.get("refuri", "#")).startswith("#"):
            continue
        link[SAME_PAGE] = True
        for words in list(link.children):
            if isinstance(words, nodes.inline) and ROLE_CLASSES & set(words["classes"]):
                words["classes"] = [name for name in words["classes"] if name not in ROLE_CLASSES]
                if not words["classes"] and not words["ids"]:
                    words.replace_self(words.children)


class SinglePageTranslator(HTML5Translator):
    """The single page's writer: a link of its text to a place in it is an anchor and its
    words (``<a href="#rule-play-follow-suit">``), without the classes that style nothing there;
    with 12,000 links, that is a megabyte."""

    def visit_reference(self, node: nodes.Element) -> None:
        if not node.get(SAME_PAGE):
            super().visit_reference(node)
            return
        href = str(node.get("refuri") or ("#" + str(node["refid"])))
        if "reftitle" in node:
            self.body.append(self.starttag(node, "a", "", href=href, title=str(node["reftitle"])))
        else:
            self.body.append(self.starttag(node, "a", "", href=href))


#: The class of a folded scenario (:meth:`.chapters.ChapterDirective.scenario_block`).
SCENARIO = "nap-scenario"


def scenarios_on_the_site(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The single page names each scenario by its line (what it checks, how long it is) and
    links it to the site, where it is told step by step with its hands and its results: the
    steps of 194 scenarios were half the page's weight. The line keeps the scenario's anchor,
    so that the page's links to it still land."""
    if edition(app.env) != SINGLE:
        return
    for block in list(doctree.findall(folded)):
        if SCENARIO not in block["classes"]:
            continue
        summary = next(iter(block.findall(fold_summary)))
        anchor = block["ids"][0] if block["ids"] else ""
        line = nodes.paragraph(classes=["nap-scenario-line"], ids=list(block["ids"]))
        line += site_link(page_of(block, docname), anchor, *[child.deepcopy() for child in summary.children])
        if any(block.findall(replay)):
            # the scenario stepped through, card by card, is the site's
            line += nodes.Text(" · ")
            line += site_link(page_of(block, docname), replay_anchor(anchor), "step through it on the site")
        # not replace_self, which would give the line the fold's classes
        parent = block.parent
        assert isinstance(parent, nodes.Element)
        parent.replace(block, line)


def page_of(node: nodes.Node, default: str) -> str:
    """The page a node of the single page was written on: Sphinx names it on each section of
    the page as it puts the pages together (``docname``)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and parent.get("docname"):
            return str(parent["docname"])
        parent = parent.parent
    return default


def said(words: str) -> str:
    """Words as a reader tells them apart: not by spacing, capitals or the quotation marks
    around them.

    >>> said("“The  pack”") == said("the pack")
    True
    """
    return " ".join(words.split()).strip('“”"').casefold()


def no_echoing_tooltips(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """A link's tooltip (its ``reftitle``) is dropped where it says what the link's words say."""
    if app.builder.format != "html":
        return
    for link in doctree.findall(nodes.reference):
        title = link.get("reftitle")
        if title is not None and said(str(title)) == said(link.astext()):
            del link["reftitle"]


def site_link(page: str, anchor: str, *content: nodes.Node | str) -> nodes.reference:
    """A link from the single page (``single/index.html``) to a page of the site, which
    ``napspec rulebook`` writes into the folder above it (``status.html``, ``reading/peel.html``…)."""
    target = f"../{page}.html" + (f"#{anchor}" if anchor else "")
    link = nodes.reference("", "", refuri=target, classes=["nap-on-the-site"])
    link.extend(nodes.Text(item) if isinstance(item, str) else item for item in content)
    return link


def site_only(docname: str) -> bool:
    """Whether a page is one the single page leaves to the site.

    >>> site_only("status/hoyle-misery"), site_only("status"), site_only("chapters/play")
    (True, False, False)
    """
    return any(fnmatchcase(docname, pattern) for pattern in SITE_ONLY)


def leave_to_the_site(app: Sphinx) -> None:
    """The single edition reads no page of :data:`SITE_ONLY`; the contents that list them for
    the site (built with ``-W``, which holds them to account) name them without a warning."""
    if edition(app.env) != SINGLE:
        return
    config = app.config
    patterns = [f"{pattern}.md" for pattern in SITE_ONLY]
    config.exclude_patterns = [*config.exclude_patterns, *(p for p in patterns if p not in config.exclude_patterns)]
    if "toc.excluded" not in config.suppress_warnings:
        config.suppress_warnings = [*config.suppress_warnings, "toc.excluded"]


def to_the_site(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """A link of the single page to a page it leaves to the site goes to that page on the site."""
    if edition(env) != SINGLE or (node.get("refdomain"), node.get("reftype")) != ("std", "doc"):
        return None
    docname = docname_join(str(node.get("refdoc", "")), str(node["reftarget"]))
    if not site_only(docname):
        return None
    if not node.get("refexplicit"):
        # the page's title, which such a link shows, is not read for the single page
        logger.warning(
            "napspec: a link to %s, a page of the site only, names it in its own words", docname, location=node
        )
    return site_link(docname, "", *contnode.children)


def setup(app: Sphinx) -> None:
    app.set_translator("singlehtml", SinglePageTranslator)
    app.connect("builder-inited", leave_to_the_site)
    app.connect("missing-reference", to_the_site)
    app.connect("doctree-resolved", scenarios_on_the_site)
    app.connect("doctree-resolved", same_page_links)
    app.connect("doctree-resolved", no_echoing_tooltips)


__all__ = [
    "SITE_ONLY",
    "SinglePageTranslator",
    "leave_to_the_site",
    "no_echoing_tooltips",
    "same_page_link",
    "same_page_links",
    "scenarios_on_the_site",
    "site_link",
    "site_only",
    "to_the_site",
]
