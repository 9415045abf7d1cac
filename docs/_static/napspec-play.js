// The play page: a hand of Nap played against the JavaScript engine of docs/engine/ (the global
// NapEngine, loaded before this script). The page's data (#nap-play-data) is written from the
// register when the site is built: the targets offered, the rules quoted, which rule a refusal
// breaks and which pays a settlement. Every move goes to the engine as a whole case (the deal,
// the actions so far, the move): the engine alone judges it. Text from the data is set as text,
// never as markup.
(function () {
  "use strict";
  const root = document.getElementById("nap-play");
  const source = document.getElementById("nap-play-data");
  const nap = globalThis.NapEngine;
  if (!root || !source || !nap) return;
  const data = JSON.parse(source.textContent);
  const QUERIES = ["state", "legal-actions", "tricks", "result"];
  const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const { rankOf, canonical } = nap.cards;

  /** An element with attributes and children (strings become text nodes). */
  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "onclick") node.addEventListener("click", value);
      else if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    node.append(...children.filter((child) => child !== null));
    return node;
  }

  function cardNode(card) {
    const red = card[1] === "H" || card[1] === "D";
    const rank = card[0] === "T" ? "10" : card[0];
    return el("span", { class: `nap-card ${red ? "nap-red" : "nap-black"}` }, rank + SYMBOLS[card[1]]);
  }

  /** A generator of numbers in [0, 1) from a deal's number (mulberry32). */
  function random(seed) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const read = (options) => nap.rules.readOptions(options, nap.rules.NEWEST).options;

  function shuffled(target, players, deal) {
    const pack = nap.packFor(read(target.options), players);
    const next = random(deal * 2654435761);
    for (let i = pack.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [pack[i], pack[j]] = [pack[j], pack[i]];
    }
    return pack;
  }

  // ------------------------------------------------------------------ the game

  const game = { target: null, players: 0, seat: 0, deal: 1, dealer: 0, deck: [], actions: [] };
  let response = null;
  let refusal = null;
  const selected = new Set();

  function caseOf(actions) {
    const data = {
      id: `play ${game.target.name}, ${game.players} players, deal ${game.deal}`,
      options: game.target.options,
      players: game.players,
      dealer: game.dealer,
      irregular: false,
      start: { deck: game.deck },
      actions,
      queries: QUERIES,
    };
    if (game.target.options.pool === "played") Object.assign(data, { pool: 0, original_dealer: game.dealer });
    return data;
  }

  const run = (actions) => nap.runCase(caseOf(actions));
  const answers = () => response.answers;

  /** The table sizes the engine plays under `target`: those the rules allow. */
  function tableSizes(target) {
    const sizes = [];
    for (let players = target.options["players-min"]; players <= target.options["players-max"]; players += 1) {
      try {
        const deck = nap.packFor(read(target.options), players);
        const pool = target.options.pool === "played" ? { pool: 0, original_dealer: 0 } : {};
        const options = target.options;
        const check = { id: "table", options, players, dealer: 0, irregular: false, start: { deck }, actions: [], queries: [] };
        nap.runCase({ ...check, ...pool });
        sizes.push(players);
      } catch (error) {
        // a table the rules cannot serve (a short pack, a dealer bound to call who sits out)
      }
    }
    return sizes;
  }

  // ------------------------------------------------------------------ the others' strategy

  const highest = (plays) => plays.reduce((best, a) => (rankOf(a.card) > rankOf(best.card) ? a : best));
  const lowest = (plays) => plays.reduce((best, a) => (rankOf(a.card) < rankOf(best.card) ? a : best));
  const bySuit = (plays) => canonical(plays.map((play) => play.card)).map((card) => plays.find((p) => p.card === card));

  /** The move of a seat the reader does not hold, by the strategy the page states. */
  function othersMove(seat, legal, cut) {
    const kinds = (type) => legal.filter((action) => action.type === type);
    const { state, tricks } = answers();
    if (kinds("cut").length) return kinds("cut")[Math.floor(cut() * kinds("cut").length)];
    if (kinds("deal").length) return kinds("deal")[0];
    if (kinds("buy").length) return kinds("buy").find((action) => action.cards.length === 0);
    if (kinds("decline-peep-card").length) return kinds("decline-peep-card")[0];
    if (kinds("show").length) return kinds("show")[0];
    if (kinds("play").length) {
      const plays = bySuit(kinds("play"));
      const leading = tricks.length === 0 || tricks[tricks.length - 1].winner !== null;
      return leading ? highest(plays) : lowest(plays);
    }
    const counts = {};
    for (const card of state.holdings[seat]) counts[card[1]] = (counts[card[1]] ?? 0) + 1;
    const longest = Math.max(...Object.values(counts));
    const calls = kinds("call");
    return (
      calls.find((action) => action.tricks === longest) ??
      kinds("pass")[0] ??
      calls[0] ??
      legal.find((action) => action.type !== "claim")
    );
  }

  /** Play the other seats (and every cut and deal) until the reader is to act or the hand ends. */
  function playOthers() {
    const cut = random(game.deal * 40503 + game.actions.length);
    for (let moves = 0; moves < 1000; moves += 1) {
      const { state, result } = answers();
      const legal = answers()["legal-actions"].filter((action) => action.type !== "claim");
      if (result || legal.length === 0) return;
      if (state.to_act === game.seat && !["cut", "deal"].includes(state.phase)) return;
      const move = othersMove(state.to_act, legal, cut);
      game.actions.push(move);
      response = run(game.actions);
    }
  }

  /** The reader's move: refused with the rule it breaks, or made. */
  function attempt(action) {
    const tried = run([...game.actions, action]);
    const step = tried.steps[tried.steps.length - 1];
    if (!step.ok) {
      const named = action.call ? `${step.error}:${action.call}` : "";
      refusal = { action, step, rule: data.refusals[named] ?? data.refusals[step.error] ?? null };
    } else {
      refusal = null;
      game.actions.push(action);
      response = tried;
      selected.clear();
      playOthers();
    }
    show();
  }

  function start() {
    game.deck = shuffled(game.target, game.players, game.deal);
    game.actions = [];
    refusal = null;
    selected.clear();
    response = run([]);
    playOthers();
    show();
  }

  // ------------------------------------------------------------------ showing it

  const gameName = (target) => target.profile_title + (target.variant ? `, ${target.variant_title}` : "");
  // A reader counts the players from one (the protocol counts seats from 0).
  const seatName = (seat) => (seat === game.seat ? `Player ${seat + 1} (you)` : `Player ${seat + 1}`);

  function callWords(action) {
    if (action.type === "pass") return "passes";
    if (action.call) return `calls ${action.call[0].toUpperCase()}${action.call.slice(1)}`;
    return `calls ${action.tricks}`;
  }

  function ruleNode(ruleId) {
    const rule = data.rules[ruleId];
    const first = game.target.source;
    const quotes = [...rule.quotes].sort((a, b) => (b.source === first) - (a.source === first));
    return el(
      "div",
      { class: "nap-play-rule", "data-rule": ruleId },
      el("p", {}, el("strong", {}, `${rule.title} `), el("code", {}, ruleId), `: ${rule.statement}`),
      ...quotes.map((quote) =>
        el("blockquote", {}, el("p", {}, `${quote.short} ${quote.locator}: “${quote.words}”`)),
      ),
    );
  }

  function settlementRules(result, state) {
    const options = game.target.options;
    if (result.outcome === "all-passed") return data.settlement["all-passed"];
    if (!["made", "defeated"].includes(result.outcome)) return [];
    const keys = [];
    const declaration = state.declaration;
    if (declaration && data.settlement[declaration]) keys.push(declaration);
    else if (options["seven-card"] !== "not-played") keys.push("seven-card");
    else if (state.call >= nap.calls.NAP) keys.push("nap");
    else keys.push(result.outcome);
    if (options.peep === "played" || options.purchase === "played") keys.push("exchanges");
    if (options.pool === "played" && state.call >= nap.calls.NAP && !declaration) {
      if (result.outcome === "made") keys.push("pool-taken");
      else if (options["pool-failed-nap"] === "pays-pool-amount") keys.push("pool-failed-nap");
    }
    return keys.flatMap((key) => data.settlement[key]);
  }

  function tableNode(state, tricks) {
    const current = tricks.length && tricks[tricks.length - 1].winner === null ? tricks[tricks.length - 1] : null;
    const rows = [];
    for (let seat = 0; seat < game.players; seat += 1) {
      const played = current && current.plays.find((play) => play.seat === seat);
      rows.push(
        el(
          "li",
          { class: seat === state.to_act ? "nap-play-to-act" : "", "data-seat": String(seat) },
          `${seatName(seat)}${seat === game.dealer ? ", dealer" : ""}${seat === state.soloist ? ", soloist" : ""}: `,
          `${state.holdings[seat].length} cards, ${state.tricks_won[seat]} tricks`,
          played ? el("span", {}, " — plays ", cardNode(played.card)) : null,
        ),
      );
    }
    return el("ol", { class: "nap-play-seats", start: "0" }, ...rows);
  }

  function logNode() {
    const lines = [];
    for (const action of game.actions) {
      if (["call", "pass"].includes(action.type)) lines.push(el("li", {}, `${seatName(action.seat)} ${callWords(action)}`));
      else if (!["cut", "deal", "play"].includes(action.type)) lines.push(el("li", {}, `${seatName(action.seat)}: ${action.type}`));
    }
    for (const trick of answers().tricks.filter((trick) => trick.winner !== null)) {
      const cards = trick.plays.flatMap((play) => [` ${play.seat}:`, cardNode(play.card)]);
      lines.push(el("li", {}, "Trick:", ...cards, ` — won by ${seatName(trick.winner)}`));
    }
    return el("ol", { class: "nap-play-log" }, ...lines);
  }

  function button(label, onclick, attributes = {}) {
    return el("button", { type: "button", onclick, ...attributes }, label);
  }

  function actionsNode(state, legal) {
    const mine = state.to_act === game.seat && !answers().result;
    if (!mine) return el("p", {}, answers().result ? "The hand is over." : "");
    const seat = game.seat;
    const buttons = [];
    const has = (type) => legal.some((action) => action.type === type);
    if (state.phase === "calling" && !has("discard")) {
      buttons.push(button("Pass", () => attempt({ type: "pass", seat }), { "data-call": "pass" }));
      for (const call of nap.calls.ladder(read(game.target.options))) {
        const action = nap.calls.toAction(seat, call);
        const label = call.declaration ? callWords(action).slice(6) : `Call ${call.tricks}`;
        buttons.push(button(label, () => attempt(action), { "data-call": call.declaration ?? String(call.tricks) }));
      }
    }
    const chosen = () => canonical([...selected]);
    const withCards = {
      discard: ["Discard the five cards selected", () => ({ cards: chosen() })],
      buy: ["Throw away the cards selected (none: keep the hand) and buy as many", () => ({ cards: chosen() })],
      "take-peep-card": ["Take the peep card for the card selected", () => ({ card: chosen()[0] })],
    };
    for (const [type, [words, fields]] of Object.entries(withCards)) {
      if (has(type)) buttons.push(button(words, () => attempt({ type, seat, ...fields() }), { "data-action": type }));
    }
    const plain = ["pass", "call", "play", "discard", "buy", "take-peep-card", "claim", "cut", "deal"];
    for (const action of legal.filter((action) => !plain.includes(action.type))) {
      buttons.push(button(action.type.replaceAll("-", " "), () => attempt(action), { "data-action": action.type }));
    }
    const playing = state.phase === "play";
    const hint = playing ? "Your turn: play a card of your hand." : "Your turn:";
    return el("div", { class: "nap-play-actions" }, el("p", {}, hint), ...buttons);
  }

  function handNode(state, legal) {
    const playing = state.phase === "play" && state.to_act === game.seat;
    const selecting = legal.some((action) => ["discard", "buy", "take-peep-card"].includes(action.type));
    const cards = state.holdings[game.seat].map((card) => {
      const onclick = () => {
        if (playing) attempt({ type: "play", seat: game.seat, card });
        else if (selecting) {
          if (selected.has(card)) selected.delete(card);
          else selected.add(card);
          show();
        }
      };
      const chosen = selected.has(card) ? " nap-play-selected" : "";
      return el("button", { type: "button", class: `nap-play-card${chosen}`, "data-card": card, onclick }, cardNode(card));
    });
    return el("div", { class: "nap-play-hand" }, el("p", {}, "Your hand:"), ...cards);
  }

  function resultNode(result, state) {
    const lines = result.payments.map((amount, seat) => el("li", {}, `${seatName(seat)}: ${amount > 0 ? "+" : ""}${amount}`));
    return el(
      "div",
      { id: "nap-play-result", class: "nap-play-result", "data-outcome": result.outcome, "data-payments": JSON.stringify(result.payments) },
      el("p", {}, el("strong", {}, `The hand is over: ${result.outcome.replaceAll("-", " ")}. `), "The settlement, in stakes:"),
      el("ul", {}, ...lines),
      el("p", {}, "Paid by:"),
      ...settlementRules(result, state).map(ruleNode),
      button("Next hand", () => {
        game.deal += 1;
        game.dealer = result.next_dealer;
        choose.deal.value = String(game.deal);
        start();
      }),
    );
  }

  function refusalNode() {
    const { step, rule } = refusal;
    return el(
      "div",
      { id: "nap-play-refusal", class: "nap-play-refusal", role: "alert", "data-error": step.error },
      el("p", {}, el("strong", {}, "Refused: "), `${step.message}.`, rule ? " The rule it breaks:" : ""),
      rule ? ruleNode(rule) : null,
    );
  }

  function show() {
    const { state, tricks, result } = answers();
    const legal = answers()["legal-actions"].filter((action) => action.type !== "claim");
    root.dataset.phase = state.phase;
    root.dataset.toAct = String(state.to_act);
    const current = tricks.length && tricks[tricks.length - 1].winner === null ? tricks[tricks.length - 1] : null;
    root.dataset.led = current ? current.plays[0].card : "";
    const trumps = state.trumps ? `Trumps: ${SYMBOLS[state.trumps]}.` : "";
    const called = state.soloist !== null ? `${seatName(state.soloist)} plays ${state.declaration ?? state.call}.` : "";
    const parts = [
      el("p", {}, `Deal ${game.deal}: ${gameName(game.target)}, ${game.players} players. Phase: ${state.phase}. ${called} ${trumps}`),
      tableNode(state, tricks),
      refusal ? refusalNode() : null,
      result ? resultNode(result, state) : actionsNode(state, legal),
      handNode(state, legal),
      el("p", {}, "The hand so far:"),
      logNode(),
      el("details", {}, el("summary", {}, "This hand as a napspec case (run it with any engine)"),
        el("pre", { id: "nap-play-case" }, JSON.stringify(caseOf(game.actions), null, 1))),
    ];
    board.replaceChildren(...parts.filter((part) => part !== null));
  }

  // ------------------------------------------------------------------ choosing the game

  const byName = Object.fromEntries(data.targets.map((target) => [target.name, target]));
  const profiles = [...new Set(data.targets.map((target) => target.profile))];
  const choose = {
    profile: el("select", { id: "nap-play-profile" }),
    variant: el("select", { id: "nap-play-variant" }),
    players: el("select", { id: "nap-play-players" }),
    seat: el("select", { id: "nap-play-seat" }),
    deal: el("input", { id: "nap-play-deal", type: "number", min: "1", value: "1" }),
  };
  const label = (text, control) => el("label", {}, `${text} `, control);
  const board = el("div", { class: "nap-play-board" });
  const options = (select, items) => select.replaceChildren(...items.map(([value, text]) => el("option", { value }, text)));

  function fill(wanted = {}) {
    const profile = wanted.profile ?? choose.profile.value;
    choose.profile.value = profile;
    const targets = data.targets.filter((target) => target.profile === profile);
    options(choose.variant, targets.map((target) => [target.name, target.variant ? target.variant_title : "no variant"]));
    if (wanted.target && byName[wanted.target]) choose.variant.value = wanted.target;
    const target = byName[choose.variant.value];
    const sizes = tableSizes(target);
    const before = Number(wanted.players ?? choose.players.value);
    options(choose.players, sizes.map((size) => [String(size), `${size} players`]));
    choose.players.value = String(sizes.includes(before) ? before : sizes.includes(4) ? 4 : sizes[0]);
    const players = Number(choose.players.value);
    const seat = Number(wanted.seat ?? choose.seat.value) || 0;
    options(choose.seat, Array.from({ length: players }, (_, n) => [String(n), `player ${n + 1}`]));
    choose.seat.value = String(seat < players ? seat : 0);
  }

  function begin() {
    game.target = byName[choose.variant.value];
    game.players = Number(choose.players.value);
    game.seat = Number(choose.seat.value);
    game.deal = Math.max(1, Math.floor(Number(choose.deal.value)) || 1);
    game.dealer = (game.deal - 1) % game.players;
    start();
  }

  options(choose.profile, profiles.map((id) => [id, data.targets.find((target) => target.profile === id).profile_title]));
  // A target's name joins its profile and variant with "+", which a query string reads as a space.
  const asked = Object.fromEntries(new URLSearchParams(location.hash.slice(1).replaceAll("+", "%2B")));
  const target = byName[asked.target] ?? data.targets[0];
  fill({ profile: target.profile, target: target.name, players: asked.players, seat: asked.seat });
  if (asked.deal) choose.deal.value = asked.deal;
  choose.profile.addEventListener("change", () => fill());
  choose.variant.addEventListener("change", () => fill({ target: choose.variant.value }));
  choose.players.addEventListener("change", () => fill({ target: choose.variant.value }));
  const form = el(
    "form",
    { class: "nap-play-choose" },
    label("Profile", choose.profile),
    label("Variant", choose.variant),
    label("Table", choose.players),
    label("Your seat", choose.seat),
    label("Deal number", choose.deal),
    el("button", { type: "submit", id: "nap-play-start" }, "Deal"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    begin();
  });
  root.replaceChildren(form, board);
  begin();
})();
