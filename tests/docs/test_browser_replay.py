"""Scenarios stepped through in their pages, in headless Chromium, as a reader steps them: a
plain scenario, an irregular one and a variant's (both its rows), each to its end and back, by
the arrow keys, Home and End, and by the buttons clicked; at every step what the page shows is
held against the scenario's own data (its plan: the hands dealt, the action each step takes, the
checks each Then judges and the rules they enforce, from the register) and the engine's recorded
answers the site was built from. On a phone the table fits the screen and the buttons a finger.

Needs the Debian package ``chromium``. Without it the test fails in CI (``CI=true``) and is
skipped elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from napspec import spec
from napspec.docs.rulebook.domain import anchor
from napspec.docs.rulebook.replay_pages import replay_anchor
from napspec.docs.rulebook.replays import load_record, scenario_replay
from napspec.suite.plan import plan_row
from napspec.suite.replay import replay_case
from napspec.suite.rows import rows_of
from napspec.suite.scenarios import Scenario, load_scenarios

from .chromium import Chromium
from .conftest import Builds, Editions
from .test_browser import chromium_binary

REGISTER = spec.load()
SCENARIOS = {scenario.id: scenario for scenario in load_scenarios()}
PLAIN = "settlement-nap-shilling-made"
IRREGULAR = "irregularities-revoke-recorded-not-penalised-until-claimed"
VARIANT = "variants-misery-made-without-trumps"
PHONE = (390, 844)
#: The smallest a button may be for a finger, in CSS pixels.
FINGER = 44

#: What a replay shows now: its step, the hands at each seat, the trick, what is said, the steps
#: of the scenario lit, the checks with their rules and the sources quoted.
SHOWN_SCRIPT = """((id) => {
  const box = document.getElementById(id);
  const cards = (node) => [...node.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  return {
    at: Number(box.dataset.at),
    counter: box.querySelector('.nap-rp-counter').textContent,
    hands: [...box.querySelectorAll('.nap-rp-seat')].map(s => cards(s.querySelector('.nap-rp-hand'))),
    badges: [...box.querySelectorAll('.nap-rp-seat')].map(
      s => [...s.querySelectorAll('.nap-rp-badge')].map(b => b.textContent)),
    trick: [...box.querySelectorAll('.nap-rp-play')].map(p => [Number(p.dataset.seat), cards(p)[0]]),
    say: box.querySelector('.nap-rp-say').textContent,
    sayCards: cards(box.querySelector('.nap-rp-say')),
    lit: [...box.querySelectorAll('.nap-rp-step')].flatMap((li, i) => li.classList.contains('nap-rp-now') ? [i] : []),
    checks: [...box.querySelectorAll('.nap-rp-check')].map(c => ({
      then: c.querySelector('.nap-rp-then').textContent,
      verdict: c.querySelector('.nap-rp-verdict').textContent,
      rules: [...c.querySelectorAll('.nap-rp-rule')].map(r => r.dataset.rule),
      sources: [...c.querySelectorAll('.nap-rp-source')].map(q => q.textContent),
      titles: [...c.querySelectorAll('.nap-rp-rule-title strong')].map(q => q.textContent),
      statements: [...c.querySelectorAll('.nap-rp-statement')].map(q => q.textContent),
    })),
    back: box.querySelector('.nap-rp-back').disabled,
    next: box.querySelector('.nap-rp-next').disabled,
    rows: [...box.querySelectorAll('.nap-rp-row')].map(b => b.getAttribute('aria-pressed')),
  };
})"""

#: Where to click a control of a replay: brought into view, its middle, and whether a click
#: there lands on it.
AIM_SCRIPT = """((id, selector, index) => {
  const control = document.getElementById(id).querySelectorAll(selector)[index];
  control.scrollIntoView({block: 'center', behavior: 'instant'});
  const box = control.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, hit: hit === control || control.contains(hit)};
})"""

READY_SCRIPT = """((id) => new Promise(done => {
  const started = performance.now();
  const look = () => {
    const box = document.getElementById(id);
    if (box && box.napspecViewer) done(true);
    else if (performance.now() - started > 10000) done(false);
    else requestAnimationFrame(look);
  };
  look();
}))"""

KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-replay")) as chromium:
        yield chromium


class Replay:
    """One scenario's replay open in the browser, and what its data say it should show."""

    def __init__(self, browser: Chromium, builds: Builds, scenario: Scenario) -> None:
        self.browser = browser
        self.scenario = scenario
        self.id = replay_anchor(anchor("scenario", scenario.id))
        record = load_record(builds.full.certify)
        assert record is not None, "the site was built without the record of the replays"
        self.data = scenario_replay(scenario, record, REGISTER)
        home = next(rule for rule in scenario.rules if rule in REGISTER.rules)
        page = builds.full.html / "chapters" / f"{REGISTER.rules[home].chapter}.html"
        browser.open(f"{page.as_uri()}#{anchor('scenario', scenario.id)}")
        assert browser.evaluate(f"({READY_SCRIPT})({self.id!r})"), f"{scenario.id}: the replay did not start"
        self.url = browser.evaluate("location.href")
        self.row = 0
        self.focused = False

    def shown(self) -> dict[str, Any]:
        assert self.browser.evaluate("location.href") == self.url, "a key or a click turned the page"
        shown: dict[str, Any] = self.browser.evaluate(f"({SHOWN_SCRIPT})({self.id!r})")
        return shown

    def key(self, name: str) -> None:
        # the keys go to the replay that has the focus: a reader's tab to it before the first
        # key (given here without a scroll, which would move the buttons under the pointer), or
        # where the last click in it left it (never given again: a replay that let the focus
        # go would let the next arrow key turn the page, which the tests see)
        if not self.focused:
            self.browser.evaluate(f"document.getElementById({self.id!r}).focus({{preventScroll: true}})")
            self.focused = True
        for kind in ("keyDown", "keyUp"):
            self.browser.call(
                "Input.dispatchKeyEvent", session=True, type=kind, key=name, code=name, windowsVirtualKeyCode=KEYS[name]
            )

    def click(self, selector: str, index: int = 0) -> None:
        aim = self.browser.evaluate(f"({AIM_SCRIPT})({self.id!r}, {selector!r}, {index})")
        assert aim["hit"], f"{selector} is covered where a reader would click it"
        self.browser.click(aim["x"], aim["y"])

    def choose_row(self, index: int) -> None:
        self.click(".nap-rp-row", index)
        self.row = index
        assert self.shown()["rows"][index] == "true"

    def check(self, taken: int) -> None:
        """What the replay shows at ``taken`` actions, against the scenario's plan of the row
        and the engine's answers recorded."""
        shown = self.shown()
        scenario, row = self.scenario, rows_of(self.scenario)[self.row]
        plan = plan_row(scenario, row)
        case = replay_case(plan)
        frame = self.data["rows"][self.row]["frames"][taken]
        label = f"{plan.label} at step {taken}"
        assert shown["at"] == taken and shown["counter"] == f"Step {taken} of {len(case['actions'])}", label
        assert shown["back"] is (taken == 0) and shown["next"] is (taken == len(case["actions"])), label
        engine_hands = self.table(taken)["hands"]
        assert shown["hands"] == engine_hands, label
        if taken == 0:
            dealt = case["start"]["hands"]  # the hands the scenario deals (the three start so)
            assert [sorted(hand) for hand in shown["hands"]] == [sorted(hand) for hand in dealt], label
            given = range(min((i for i, s in enumerate(plan.steps) if s.actions), default=len(plan.steps)))
            assert set(given) <= set(shown["lit"]), label
        else:
            action = case["actions"][taken - 1]
            assert shown["say"].startswith(f"Seat {action['seat']} "), (label, shown["say"])
            if "card" in action:
                assert shown["sayCards"][0] == action["card"], label
            step = next(i for i, s in enumerate(plan.steps) if taken - 1 in s.actions)
            assert step in shown["lit"], label
            if action["type"] == "play" and not frame["refused"] and not case["irregular"]:
                assert action["card"] not in shown["hands"][action["seat"]], label
                assert shown["trick"][-1] == [action["seat"], action["card"]], label
        # the checks the plan judges after exactly these actions, each with its Then and rules
        wanted = [
            (position, check.what)
            for planned in plan.cases
            if len(planned.message["actions"]) == taken
            for position, check in zip(planned.steps, planned.checks)
        ]
        assert len(shown["checks"]) == len(wanted), label
        for (position, _what), check, data in zip(wanted, shown["checks"], frame["checks"]):
            assert check["then"].startswith("Then ") and data["step"] == position
            assert position in shown["lit"], label
            assert check["verdict"].startswith("\u2713 The certified engine answers"), (label, check)
            assert check["rules"] == [rule for rule in data["rules"] if rule in REGISTER.rules], label
            # each rule by its title and our wording, and every source's words on it by their place
            assert check["titles"] == [REGISTER.rules[rule].title for rule in check["rules"]], label
            assert check["statements"] == [self.data["rules"][rule]["statement"] for rule in check["rules"]], label
            for rule_id in check["rules"]:
                for citation in REGISTER.rules[rule_id].citations:
                    assert f"{REGISTER.sources[citation.source].short} {citation.locator}: " in check["sources"]
        result = self.table(taken)["result"]
        if result is not None:
            for seat, amount in enumerate(result["payments"]):
                assert f"{'+' if amount > 0 else ''}{amount}" in shown["badges"][seat], label

    def table(self, taken: int) -> dict[str, Any]:
        """The table after ``taken`` actions, as the engine answered (the data's frames whole)."""
        table: dict[str, Any] = dict(self.data["rows"][self.row]["frames"][taken]["table"])
        return table

    def through(self) -> None:
        """Step the row through to its end and back, by keys and buttons, checking every step."""
        last = len(self.data["rows"][self.row]["frames"]) - 1
        self.check(0)
        for taken in range(1, last + 1):
            if taken % 2:
                self.key("ArrowRight")
            else:
                self.click(".nap-rp-next")
            self.check(taken)
        self.key("ArrowRight")  # at the end, nothing moves, nor does the page change
        self.check(last)
        self.click(".nap-rp-back")
        self.check(last - 1)
        self.key("ArrowLeft")
        self.check(last - 2)
        self.key("Home")
        self.check(0)
        self.key("ArrowLeft")
        self.check(0)
        self.key("End")
        self.check(last)
        self.click(".nap-rp-first")
        self.check(0)
        self.click(".nap-rp-last")
        self.check(last)
        assert self.browser.evaluate("location.href") == self.url, "a key left the page"


@pytest.mark.parametrize("scenario_id", [PLAIN, IRREGULAR])
def test_a_scenario_steps_through_to_its_end_and_back(browser: Chromium, builds: Builds, scenario_id: str) -> None:
    Replay(browser, builds, SCENARIOS[scenario_id]).through()


def test_an_irregular_scenario_shows_the_offence_and_then_the_penalty(browser: Chromium, builds: Builds) -> None:
    replay = Replay(browser, builds, SCENARIOS[IRREGULAR])
    frames = replay.data["rows"][0]["frames"]
    revoke = next(n for n, frame in enumerate(frames) if frame["table"].get("offences"))
    for _ in range(revoke):
        replay.key("ArrowRight")
    shown = replay.shown()
    assert "Offence recorded: a revoke by seat 2." in shown["say"]
    assert "revoke" in shown["badges"][2]
    replay.key("End")
    shown = replay.shown()
    assert "Seat 1 claims a revoke by seat 2." in shown["say"] and "The claim of a revoke is upheld." in shown["say"]
    assert "Settlement: the hand is abandoned" in shown["say"]
    assert "revoke (claimed)" in shown["badges"][2] and "-6" in shown["badges"][2] and "+6" in shown["badges"][1]


def test_a_variant_s_scenario_steps_through_each_of_its_rows(browser: Chromium, builds: Builds) -> None:
    scenario = SCENARIOS[VARIANT]
    assert len(rows_of(scenario)) > 1 and any("variant" in step.text for step in scenario.steps)
    replay = Replay(browser, builds, scenario)
    replay.through()
    replay.choose_row(1)
    replay.check(0)
    replay.through()


#: The largest table a scenario deals: seven players.
SEVEN = "exchanges-purchase-thrown-cards-do-not-refill-the-pack"

SEATS_APART_SCRIPT = """((id) => {
  const seats = [...document.getElementById(id).querySelectorAll('.nap-rp-seat')].map(s => s.getBoundingClientRect());
  const meet = [];
  const apart = (a, b) =>
    a.right - 1 <= b.left || b.right - 1 <= a.left || a.bottom - 1 <= b.top || b.bottom - 1 <= a.top;
  seats.forEach((a, i) => seats.forEach((b, j) => { if (i < j && !apart(a, b)) meet.push([i, j]); }));
  return meet;
})"""


@pytest.mark.parametrize("size", [PHONE, (1400, 1000)], ids=["phone", "desktop"])
def test_no_seat_covers_another_at_the_largest_table(browser: Chromium, builds: Builds, size: tuple[int, int]) -> None:
    browser.resize(*size)
    try:
        replay = Replay(browser, builds, SCENARIOS[SEVEN])
        assert replay.data["rows"][0]["players"] == 7
        for _ in range(len(replay.data["rows"][0]["frames"])):
            assert browser.evaluate(f"({SEATS_APART_SCRIPT})({replay.id!r})") == [], replay.shown()["at"]
            replay.key("ArrowRight")
    finally:
        browser.resize(1400, 1000)


def test_on_a_phone_the_table_fits_and_the_buttons_take_a_finger(browser: Chromium, builds: Builds) -> None:
    browser.resize(*PHONE)
    try:
        replay = Replay(browser, builds, SCENARIOS[IRREGULAR])
        replay.key("End")
        assert browser.evaluate(f"({SEATS_APART_SCRIPT})({replay.id!r})") == []
        fit = browser.evaluate(
            f"""(() => {{
              const box = document.getElementById({replay.id!r});
              const table = box.querySelector('.nap-rp-table').getBoundingClientRect();
              const seats = [...box.querySelectorAll('.nap-rp-seat')].map(s => s.getBoundingClientRect());
              const buttons = [...box.querySelectorAll('button')].map(b => b.getBoundingClientRect());
              return {{
                inside: seats.every(s => s.left >= table.left - 1 && s.right <= table.right + 1),
                onScreen: table.left >= 0 && table.right <= innerWidth,
                smallest: Math.min(...buttons.map(b => Math.min(b.width, b.height))),
                scrolls: document.documentElement.scrollWidth > innerWidth,
              }};
            }})()"""
        )
        assert fit["inside"] and fit["onScreen"] and not fit["scrolls"], fit
        assert fit["smallest"] >= FINGER, fit
        replay.click(".nap-rp-first")
        replay.check(0)
    finally:
        browser.resize(1400, 1000)


def test_the_single_page_s_link_to_a_replay_opens_it_started_and_in_view(
    browser: Chromium, builds: Builds, editions: Editions
) -> None:
    """The single page links a scenario's replay on the site (``../<page>.html#<replay anchor>``):
    followed, the site's page opens the scenario's fold, the replay starts, and it is in view."""
    scenario = SCENARIOS[IRREGULAR]
    target = replay_anchor(anchor("scenario", scenario.id))
    page = f"chapters/{REGISTER.rules[scenario.rules[0]].chapter}.html"
    assert f'href="../{page}#{target}"' in editions.single.read_text(encoding="utf-8")
    browser.open(f"{(builds.full.html / page).as_uri()}#{target}")
    assert browser.evaluate(f"({READY_SCRIPT})({target!r})")
    place = browser.evaluate(f"[document.getElementById({target!r}).getBoundingClientRect().top, innerHeight]")
    assert 0 <= place[0] < place[1], place


#: Every replay of a page opened at once, each row of each stepped through, and the steps at
#: which two seats meet, by replay, row and step.
EVERY_STEP_SCRIPT = """(() => new Promise(done => {
  const boxes = [...document.querySelectorAll('div.nap-replay[data-replay]')];
  boxes.forEach(box => { box.closest('details').open = true; });
  const look = () => {
    if (!boxes.every(box => box.napspecViewer)) { setTimeout(look, 50); return; }
    const meet = [];
    for (const box of boxes) {
      const viewer = box.napspecViewer;
      viewer.data.rows.forEach((row, index) => {
        viewer.choose(index);
        row.frames.forEach((_frame, at) => {
          viewer.go(at);
          const seats = (SEATS)(box.id);
          if (seats.length) meet.push([box.id, index, at, seats]);
        });
      });
    }
    done({replays: boxes.length, meet});
  };
  look();
}))()"""


@pytest.mark.campaign
@pytest.mark.parametrize("size", [PHONE, (1400, 1000)], ids=["phone", "desktop"])
def test_no_seat_covers_another_at_any_step_of_any_scenario(
    browser: Chromium, builds: Builds, size: tuple[int, int]
) -> None:
    browser.resize(*size)
    browser.timeout = 120
    try:
        replays = 0
        for page in sorted((builds.full.html / "chapters").glob("*.html")):
            browser.open(page.as_uri())
            found = browser.evaluate(EVERY_STEP_SCRIPT.replace("(SEATS)", f"({SEATS_APART_SCRIPT})"))
            assert found["meet"] == [], (page.name, found["meet"][:5])
            replays += found["replays"]
        assert replays == len(SCENARIOS)
    finally:
        browser.resize(1400, 1000)
        browser.timeout = 30
