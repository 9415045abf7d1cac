"""The play page, played as a reader plays it, in headless Chromium from the built site's folder
(``file://``): a whole hand under two profiles, a card that does not follow suit refused with
the rule it breaks and that rule's sources' words, and the settlement the page shows checked
against the engine's own answer for the same deal (the JavaScript engine through its Node entry,
and the reference engine through the harness). The page opens, its game dealt, within a few
seconds. The campaign plays a hand under every target the page offers.

Needs the Debian packages ``chromium`` and ``nodejs``. Without them the test fails in CI
(``CI=true``) and is skipped elsewhere.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest

from napspec import spec
from napspec.conformance.harness.drivers import open_engine
from napspec.docs.rulebook.play_page import SETTLEMENT_RULES, kilobytes, play_data
from napspec.docs.rulebook.text import quote_plain
from napspec.spec.transcriptions import normalise
from napspec.suite.targets import every_target
from tests.machine import needs, node_program

from .chromium import Chromium
from .conftest import REPO, Builds
from .test_browser import chromium_binary

REGISTER = spec.load()
ENGINE = REPO / "docs" / "engine" / "nap.mjs"
#: What a reader waits for the play page, its hand dealt, at most (issue: "within a few seconds").
OPENS_WITHIN = 5.0

#: The state of the game as the page shows it.
STATUS = """(() => {
  const root = document.getElementById('nap-play');
  const result = document.getElementById('nap-play-result');
  const refusal = document.getElementById('nap-play-refusal');
  return {
    phase: root.dataset.phase, toAct: Number(root.dataset.toAct), led: root.dataset.led,
    hand: [...root.querySelectorAll('.nap-play-hand [data-card]')].map((b) => b.dataset.card),
    calls: [...root.querySelectorAll('[data-call]')].map((b) => b.dataset.call),
    others: [...root.querySelectorAll('[data-action]')].map((b) => b.dataset.action),
    result: result && {outcome: result.dataset.outcome, payments: JSON.parse(result.dataset.payments),
                       rules: [...result.querySelectorAll('[data-rule]')].map((r) => r.dataset.rule)},
    refusal: refusal && {error: refusal.dataset.error, text: refusal.innerText,
                         rules: [...refusal.querySelectorAll('[data-rule]')].map((r) => r.dataset.rule)},
    case: JSON.parse(document.getElementById('nap-play-case').textContent),
  };
})()"""


def click(browser: Chromium, selector: str) -> None:
    """Click the page's element ``selector`` (a button of the game)."""
    script = f"(() => {{ const b = document.querySelector({json.dumps(selector)}); b?.click(); return !!b; }})()"
    found = browser.evaluate(script)
    assert found, selector


def node_binary() -> str:
    return needs(
        node_program(), "node is not installed (apt-get install -y nodejs): the engine's own answer is asked of it"
    )


def node_answer(case: dict[str, Any]) -> dict[str, Any]:
    """The JavaScript engine's run response to ``case``, over the protocol through Node."""
    lines = [json.dumps({"cmd": "hello", "protocol": "napspec/1.4"}), json.dumps({"cmd": "run", "case": case})]
    completed = subprocess.run(
        [node_binary(), str(ENGINE)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    response: dict[str, Any] = json.loads(completed.stdout.splitlines()[-1])
    return response


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-play"), 1200, 1000) as chromium:
        yield chromium


def play_hand(browser: Chromium, page: Path, target: str, players: int, deal: int) -> dict[str, Any]:
    """Open the play page on a deal and play the reader's seat (0) to the end of the hand: in the
    calling, first the lowest call once a seat has called (it must be refused), then pass when the
    rules allow it, else the lowest call they take; in the play, first a card that does not follow
    suit when the hand holds one (it must be refused), then the first card taken.
    Returns the last status, the refusals met, and the seconds the page took to open."""
    started = time.monotonic()
    browser.open(f"{page.as_uri()}#target={quote(target)}&players={players}&seat=0&deal={deal}")
    status = browser.evaluate(STATUS)
    opened = time.monotonic() - started
    refusals: list[dict[str, Any]] = []
    for _ in range(100):
        if status["result"]:
            break
        assert status["toAct"] == 0, status
        if status["phase"] == "calling":
            # Once a seat has called, the lowest call of all cannot exceed it: it must be refused.
            called = any(action["type"] == "call" for action in status["case"]["actions"])
            tries = [*status["calls"][1:2] * called, "pass", *status["calls"][1:]]
            for call in tries:
                click(browser, f'[data-call="{call}"]')
                status = browser.evaluate(STATUS)
                if not status["refusal"]:
                    break
                refusals.append({"tried": call, **status["refusal"]})
        elif status["phase"] == "play":
            led = status["led"][1:] if status["led"] else ""
            off = [card for card in status["hand"] if led and card[1] != led]
            follows = [card for card in status["hand"] if led and card[1] == led]
            order = [*off[:1], *follows, *status["hand"]] if follows and off else status["hand"]
            for card in order:
                click(browser, f'.nap-play-hand [data-card="{card}"]')
                status = browser.evaluate(STATUS)
                if not status["refusal"]:
                    break
                refusals.append({"tried": card, "led": led, **status["refusal"]})
        else:
            click(browser, f'[data-action="{status["others"][0]}"]')
            status = browser.evaluate(STATUS)
    assert status["result"], status
    return {"status": status, "refusals": refusals, "opened": opened}


def quoted(rule_id: str) -> list[str]:
    return [normalise(quote_plain(citation.quote)) for citation in REGISTER.rules[rule_id].citations]


def check_hand(played: dict[str, Any]) -> None:
    """The settlement the page shows is the engine's own answer for the same deal and moves,
    and names the rules that pay it."""
    status = played["status"]
    case = status["case"]
    page = status["result"]
    for answer in (node_answer(case), reference_answer(case)):
        assert [step["ok"] for step in answer["steps"]] == [True] * len(case["actions"])
        result = answer["answers"]["result"]
        assert (result["outcome"], result["payments"]) == (page["outcome"], page["payments"])
    paying = {rule for rules in SETTLEMENT_RULES.values() for rule in rules}
    assert page["rules"] and set(page["rules"]) <= paying, page


def reference_answer(case: dict[str, Any]) -> dict[str, Any]:
    engine = open_engine("reference", None)
    try:
        return engine.run(case)
    finally:
        engine.close()


#: (target, table size, deal): Hoyle's game at four, Wikipedia's at five.
HANDS = [("hoyle", 4, 2), ("wikipedia", 5, 3)]


#: Every file the page loaded besides itself.
LOADED = """[...document.querySelectorAll('script[src], link[rel=stylesheet], img[src]')]
  .map((element) => element.src || element.href)"""
#: The most the page may weigh, itself and every file it loads (the theme's included).
WEIGHS_AT_MOST = 600 * 1024


def weight(page: Path, loaded: list[str]) -> int:
    """What the page and the files it loaded weigh, in bytes."""
    files = {Path(unquote(urlsplit(url).path)) for url in loaded}
    return page.stat().st_size + sum(path.stat().st_size for path in files)


def test_the_page_offers_the_targets_the_engine_is_certified_under() -> None:
    # The main job's targets, each certified for the JavaScript engine by tests/conformance/test_js_engine.py:
    # what the page's script is given offers each, with its option values, in that order.
    certified = every_target()
    offered = play_data(spec.load())["targets"]
    assert [(t["name"], t["options"]) for t in offered] == [(t.name, dict(t.values)) for t in certified]


def test_the_page_states_what_it_loads_and_its_weight(builds: Builds) -> None:
    html = builds.full.html
    text = (html / "play.html").read_text(encoding="utf-8")
    engine = sum(path.stat().st_size for path in (html / "_static" / "engine").glob("*.js"))
    scripts = len(list((html / "_static" / "engine").glob("*.js")))
    own = (html / "_static" / "napspec-play.js").stat().st_size
    stated = f"the engine, {scripts} scripts ({kilobytes(engine)}); the page's script ({kilobytes(own)})"
    assert stated in " ".join(text.split()), stated
    assert "nothing from the network" in text
    # The data the page is given stands inside its element: no text of it can close it.
    data = text.split('<script type="application/json" id="nap-play-data">')[1].split("</script>")[0]
    assert "<" not in data and json.loads(data)["targets"]


def test_a_hand_under_two_profiles_a_card_and_a_call_refused_with_their_rules(
    builds: Builds, browser: Chromium
) -> None:
    page = builds.full.html / "play.html"
    follow_suit, too_low = [], []
    for target, players, deal in HANDS:
        played = play_hand(browser, page, target, players, deal)
        assert played["opened"] < OPENS_WITHIN, played["opened"]
        # Everything it loads comes from the site's folder.
        loaded = browser.evaluate(LOADED)
        assert loaded and all(url.startswith("file://") for url in loaded), loaded
        assert weight(page, loaded) < WEIGHS_AT_MOST, weight(page, loaded)
        check_hand(played)
        follow_suit += [refusal for refusal in played["refusals"] if refusal["error"] == "must-follow-suit"]
        # Every seat but the reader's played only moves the engine took: the case replays whole.
        too_low += [refusal for refusal in played["refusals"] if refusal["error"] == "call-too-low"]
    # The next hand: the next deal's number, the deal passed on as the engine says.
    click(browser, "#nap-play-result button")
    after = browser.evaluate(STATUS)
    assert after["result"] is None and after["case"]["dealer"] == played["status"]["case"]["dealer"] + 1
    assert browser.evaluate("document.getElementById('nap-play-deal').value") == str(HANDS[-1][2] + 1)
    assert follow_suit, "no hand offered a card that does not follow suit"
    assert follow_suit[0]["tried"][1] != follow_suit[0]["led"]
    assert too_low, "no hand offered a call below one made"
    for refused, rule in ((follow_suit[0], "play.follow-suit"), (too_low[0], "calling.must-exceed")):
        assert refused["rules"] == [rule], refused
        shown = normalise(refused["text"])
        assert REGISTER.rules[rule].title in refused["text"]
        assert all(words in shown for words in quoted(rule)), shown


@pytest.mark.campaign
@pytest.mark.parametrize("target", [target.name for target in every_target()])
def test_a_hand_is_played_under_every_target_the_page_offers(builds: Builds, browser: Chromium, target: str) -> None:
    base = target.split("+", maxsplit=1)[0]
    players = 4 if base != "wikipedia" or "short" in target else 5
    played = play_hand(browser, builds.full.html / "play.html", target, players, 1)
    check_hand(played)
    for refusal in played["refusals"]:
        assert refusal["rules"], refusal  # every refusal a reader can meet names its rule
