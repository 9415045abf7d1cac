"""The page a table settles a dispute on, checked against the register: every question at the
top, a link to its answers; the plain game's questions in the order of the game, then the
variants'; under each, one line for each game, in the sources' order, folded under a line that
holds no link; a source's lost text or silence said as such, never as its ruling; the source's
words in the fold; no id of the register, no engine and no "played by" list in what a player
reads. (The browser test opens the folds by their lines: ``test_browser_single_page``.)

The expectations are worked out here from the register, not through the directive's functions."""

from __future__ import annotations

import re

import pytest

from napspec import spec
from napspec.spec.register import Option, Profile
from napspec.spec.transcriptions import normalise

from . import visible
from .conftest import Builds
from .dom import Element, Page
from .shown import DISPUTED, quote, variant
from .test_rulebook import html, slug

REGISTER = spec.load()
PROFILES = [REGISTER.profiles[p] for p in REGISTER.profile_ids]
SHORTS = [REGISTER.sources[p.source].short for p in PROFILES]
PLAIN = [o for o in REGISTER.options.values() if not o.is_variant and o.chapter != "calls-beyond-nap"]
#: The ids a reader must never be shown: rules, variation points, interpretations, lacunae.
IDS = {
    *REGISTER.rules,
    *REGISTER.options,
    *REGISTER.interpretations,
    *(lacuna.id for source in REGISTER.sources.values() for lacuna in source.lacunae),
}
ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+\b")


def dispute(builds: Builds) -> Page:
    return html(builds, "dispute.html")


def game_lines(entry: Element) -> list[Element]:
    return entry.find_all("details", "nap-dispute-game")


def summary(fold: Element) -> Element:
    line = fold.find("summary")
    assert line is not None
    return line


def agreed(name: str) -> str:
    """A variant as the line names it: its name, lower-cased unless it is a name ("Misery")."""
    words = [word.strip("()“”\"',:;.") for word in name.split()]
    return name if all(w[:1].isupper() for w in words if w) else name[:1].lower() + name[1:]


def expected_line(profile: Profile, option: Option) -> tuple[str, bool]:
    """How the line of a game must begin, and whether it must say the answer is our reading."""
    choice = profile.choices[option.id]
    words = option.phrase(choice.value)
    stance, cited = option.stance(profile.source)
    if stance == "lacuna":
        return f"the text is lost here; the profile plays “{words}” by our reading", True
    if stance != "cited":
        return f"says nothing of it; the profile plays “{words}” by our reading", True
    own = [c for c in option.value(choice.value).citations if c.source == profile.source]
    read = choice.value not in cited or bool(choice.interpretation) or any(c.interpretation for c in own)
    return words, read


@pytest.mark.parametrize("option_id", list(REGISTER.options))
def test_each_question_is_answered_for_each_game_in_one_line(builds: Builds, option_id: str) -> None:
    option = REGISTER.options[option_id]
    entry = dispute(builds).by_id(f"dispute-{slug(option_id)}")
    marked = entry.find("span", "nap-differ-mark") is not None
    assert marked == (option_id in DISPUTED), "marked where the games differ, and only there"
    assert any(link.endswith(f"conflicts.html#option-{slug(option_id)}") for link in entry.links())
    folds = game_lines(entry)
    assert len(folds) == len(PROFILES)
    for fold, profile, short in zip(folds, PROFILES, SHORTS, strict=True):
        line = summary(fold)
        assert not line.find_all("a"), f"the line of {short} holds a link: a tap would leave the page"
        said = line.text()
        assert said.startswith(f"{short}: "), said
        begins, read = expected_line(profile, option)
        answer = said.removeprefix(f"{short}: ")
        assert answer.startswith(begins), (option_id, profile.id, answer)
        if read:
            assert "by our reading" in answer.split("; with ")[0], (option_id, profile.id, answer)
            assert any("#interpretation-" in link for link in fold.links()), "the reading a tap away"
        for name, bundle in profile.variants.items():
            if option_id in bundle:
                assert f"; with {agreed(variant(name))} agreed: {option.phrase(bundle[option_id].value)}" in answer
        stance, _values = option.stance(profile.source)
        shown = normalise(fold.text())
        quotations = [c for v in option.values for c in v.citations if c.source == profile.source]
        if stance == "cited":
            assert quotations
            for citation in quotations:
                assert quote(citation.quote) in shown, (option_id, profile.id, citation.quote[:40])
            assert any(f"#{profile.source}-" in link for link in fold.links()), "each quotation's page is linked"
        else:
            assert not quotations and not fold.find_all("p", "nap-quote")


def test_lost_text_reads_as_lost_never_as_the_source_s_ruling(builds: Builds) -> None:
    """Peel's revoke and faulty pack (his copy breaks off): the line says the text is lost first,
    and what the profile plays there as our reading."""
    page = dispute(builds)
    lost = [(o, s) for o in REGISTER.options.values() for s in o.lacuna]
    assert lost
    for option, source_id in lost:
        profile = next(p for p in PROFILES if p.source == source_id)
        line = summary(page.by_id(f"dispute-{slug(option.id)}-{profile.id}")).text()
        short = REGISTER.sources[source_id].short
        assert line.startswith(f"{short}: the text is lost here; the profile plays “"), line
        assert "by our reading" in line
    revoke = summary(page.by_id("dispute-revoke-peel")).text()
    assert revoke == "Peel: the text is lost here; the profile plays “no penalty” by our reading"


def test_the_questions_open_the_page_each_a_link_to_its_answers(builds: Builds) -> None:
    page = dispute(builds)
    questions = page.root.find("div", "nap-dispute-questions")
    assert questions is not None
    first_group = page.root.find("section", "nap-dispute-group")
    assert first_group is not None
    html_text = (builds.full.html / "dispute.html").read_text(encoding="utf-8")
    assert html_text.index("nap-dispute-questions") < html_text.index('class="nap-dispute-group')
    linked = [link.removeprefix("#") for link in questions.links()]
    for option in REGISTER.options.values():
        assert f"dispute-{slug(option.id)}" in linked, option.id


def test_the_plain_game_comes_before_the_variants(builds: Builds) -> None:
    page = dispute(builds)
    order = [s.id for s in page.root.find_all("section") if s.id.startswith("dispute-")]
    place = {name: index for index, name in enumerate(order)}
    plain = [place[f"dispute-{slug(o.id)}"] for o in PLAIN]
    later = [place["dispute-variants"], place["dispute-each-variant"], place["dispute-pool-games"]]
    assert max(plain) < min(later), "every question of the plain game before any variant"
    assert later == sorted(later)


def test_a_player_reads_no_id_no_engine_and_no_list_of_players(builds: Builds) -> None:
    """What the dispute page shows (its text, not its links' addresses) names no id of the
    register, says nothing of engines, and lists no "(played by Peel, Hoyle, …)" after a value."""
    page = (builds.full.html / "dispute.html").read_text(encoding="utf-8")
    text = visible.visible_text(page[page.index("<article") : page.index("</article>")])
    assert "Settle a dispute" in text and len(text) > 20_000
    ids = sorted({word for word in ID_LIKE.findall(text) if word in IDS})
    # a variant named in its own words ("seven-card Nap") is its name, not its id
    ids = [word for word in ids if not re.search(rf"\b{re.escape(word)} Nap\b", text, re.IGNORECASE)]
    assert not ids, f"ids shown to a player: {ids[:10]}"
    for words in ("engine", "(played by", "configuration", "profiles' sources"):
        assert words not in text.lower(), words


def test_the_dispute_page_counts_the_questions_the_games_differ_on(builds: Builds) -> None:
    page = dispute(builds).root
    intro = page.find("p", "nap-dispute-count")
    assert intro is not None
    total = len(REGISTER.options)
    assert f"The games differ on {len(DISPUTED)} of the {total} questions" in intro.text()
    assert f"all four agree on the other {total - len(DISPUTED)}" in intro.text()
    assert len(page.find_all("span", "nap-differ-mark")) == len(DISPUTED) + 1  # and the one in the intro
