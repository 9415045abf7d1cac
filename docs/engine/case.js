// A case of the contract played whole: its shape checked (conformance/protocol/schema/
// case.schema.json), its rules read, each action applied and the queries answered, after the
// last action and, asked for the trace (napspec/1.4), after every action. This is the engine's
// one entry point: the protocol server (nap.mjs) and a page call NapEngine.runCase alike.
(function (nap) {
  "use strict";

  const { isCard, rankOf, RANKS } = nap.cards;
  const { BadCase, Hand, Unsupported } = nap;

  const ACTION_FIELDS = {
    cut: ["depth"],
    deal: ["exposed", "counts"],
    call: ["tricks", "call"],
    pass: [],
    play: ["card"],
    expose: ["card"],
    claim: ["offence"],
    show: [],
    "refuse-to-show": [],
    ask: [],
    "take-extra-hand": [],
    discard: ["cards"],
    buy: ["cards"],
    peep: [],
    "take-peep-card": ["card"],
    "decline-peep-card": [],
  };
  const REQUIRED_FIELDS = {
    cut: ["depth"],
    play: ["card"],
    expose: ["card"],
    claim: ["offence"],
    discard: ["cards"],
    buy: ["cards"],
    "take-peep-card": ["card"],
  };
  const NAMED_CALLS = ["misery", "wellington", "blucher"];
  const QUERIES = [...nap.rules.QUERIES, "pool"];
  const START_FIELDS = {
    hands: ["hands", "extra_hand", "peep_card", "stock"],
    deck: ["deck"],
    draw: ["draw"],
    end_of_session: ["end_of_session"],
  };
  const CASE_FIELDS = [
    "id",
    "options",
    "players",
    "dealer",
    "irregular",
    "start",
    "actions",
    "queries",
    "pool",
    "original_dealer",
    "trace",
  ];

  const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
  const isInteger = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

  /** A malformed case: answered with a "bad-request" error naming where. */
  function expect(condition, where, what) {
    if (!condition) throw new BadCase(`${where}: ${what}`);
  }

  function checkCards(cards, where, { distinct = true, most = 1024 } = {}) {
    expect(Array.isArray(cards) && cards.length <= most, where, `must be an array of at most ${most} cards`);
    cards.forEach((card, index) => expect(isCard(card), `${where}[${index}]`, `${JSON.stringify(card)} is not a card`));
    if (distinct) expect(new Set(cards).size === cards.length, where, "gives a card twice");
  }

  function checkAction(action, where, players) {
    expect(isObject(action), where, "must be an object");
    expect(
      Object.hasOwn(ACTION_FIELDS, action.type),
      `${where}.type`,
      `unknown action type ${JSON.stringify(action.type)}`,
    );
    expect(isInteger(action.seat, 0, players - 1), `${where}.seat`, `must be a seat from 0 to ${players - 1}`);
    for (const field of Object.keys(action)) {
      expect(
        ["type", "seat", ...ACTION_FIELDS[action.type]].includes(field),
        `${where}.${field}`,
        `is not a field of ${action.type}`,
      );
    }
    for (const field of REQUIRED_FIELDS[action.type] ?? [])
      expect(Object.hasOwn(action, field), where, `${action.type} needs ${field}`);
    switch (action.type) {
      case "cut":
        expect(isInteger(action.depth, 0, 52), `${where}.depth`, "must be an integer from 0 to 52");
        break;
      case "deal":
        if ("exposed" in action) expect(isCard(action.exposed), `${where}.exposed`, "must be a card");
        if ("counts" in action) {
          expect(
            Array.isArray(action.counts) && action.counts.length >= 2 && action.counts.length <= 10,
            `${where}.counts`,
            "must be an array of 2 to 10 counts",
          );
          action.counts.forEach((count, index) =>
            expect(isInteger(count, 0, 52), `${where}.counts[${index}]`, "must be an integer from 0 to 52"),
          );
        }
        break;
      case "call":
        expect("tricks" in action !== "call" in action, where, "a call gives exactly one of tricks and call");
        if ("tricks" in action)
          expect(isInteger(action.tricks, 1, 7), `${where}.tricks`, "must be an integer from 1 to 7");
        else expect(NAMED_CALLS.includes(action.call), `${where}.call`, `must be one of ${NAMED_CALLS.join(", ")}`);
        break;
      case "play":
      case "expose":
      case "take-peep-card":
        expect(isCard(action.card), `${where}.card`, "must be a card");
        break;
      case "claim":
        expect(
          Number.isInteger(action.offence) && action.offence >= 0,
          `${where}.offence`,
          "must be an integer from 0",
        );
        break;
      case "discard":
        checkCards(action.cards, `${where}.cards`);
        expect(action.cards.length === 5, `${where}.cards`, "must be five cards");
        break;
      case "buy":
        // A card given twice, or more than five, is the engine's to refuse (invalid-action).
        checkCards(action.cards, `${where}.cards`, { distinct: false, most: 10 });
        break;
      default:
        break;
    }
  }

  /** Checks the shape of a case and returns it. */
  function checkCase(data) {
    expect(isObject(data), "case", "must be an object");
    for (const field of CASE_FIELDS.slice(0, 8)) expect(Object.hasOwn(data, field), "case", `'${field}' is missing`);
    for (const field of Object.keys(data))
      expect(CASE_FIELDS.includes(field), `case.${field}`, "is not a field of a case");
    expect(
      typeof data.id === "string" && data.id.length >= 1 && data.id.length <= 300,
      "case.id",
      "must be a string of 1 to 300 characters",
    );
    expect(isObject(data.options), "case.options", "must be an object");
    for (const [option, value] of Object.entries(data.options)) {
      const scalar =
        ["string", "number", "boolean"].includes(typeof value) &&
        (typeof value !== "number" || Number.isInteger(value));
      expect(scalar, `case.options.${option}`, "must be a string, an integer or a boolean");
    }
    expect(isInteger(data.players, 2, 10), "case.players", "must be an integer from 2 to 10");
    expect(isInteger(data.dealer, 0, data.players - 1), "case.dealer", `must be a seat from 0 to ${data.players - 1}`);
    if ("original_dealer" in data)
      expect(
        isInteger(data.original_dealer, 0, data.players - 1),
        "case.original_dealer",
        `must be a seat from 0 to ${data.players - 1}`,
      );
    if ("pool" in data) expect(Number.isInteger(data.pool) && data.pool >= 0, "case.pool", "must be an integer from 0");
    if ("trace" in data) expect(typeof data.trace === "boolean", "case.trace", "must be true or false");
    expect(typeof data.irregular === "boolean", "case.irregular", "must be true or false");
    expect(isObject(data.start), "case.start", "must be an object");
    const kinds = Object.keys(START_FIELDS).filter((key) => Object.hasOwn(data.start, key));
    expect(kinds.length === 1, "case.start", "must give exactly one of hands, deck, draw and end_of_session");
    for (const key of Object.keys(data.start))
      expect(START_FIELDS[kinds[0]].includes(key), `case.start.${key}`, "is not a field of this start");
    const start = data.start;
    if (start.hands) {
      expect(
        Array.isArray(start.hands) && start.hands.length === data.players,
        "case.start.hands",
        `must give one holding for each of the ${data.players} seats`,
      );
      start.hands.forEach((cards, seat) => checkCards(cards, `case.start.hands[${seat}]`));
      if ("extra_hand" in start) {
        checkCards(start.extra_hand, "case.start.extra_hand");
        expect(start.extra_hand.length === 5, "case.start.extra_hand", "must be five cards");
      }
      if ("peep_card" in start) expect(isCard(start.peep_card), "case.start.peep_card", "must be a card");
      if ("stock" in start) checkCards(start.stock, "case.start.stock", { most: 52 });
    } else if (start.deck) {
      checkCards(start.deck, "case.start.deck", { distinct: false, most: 104 });
    } else if (start.draw) {
      checkCards(start.draw, "case.start.draw", { most: 52 });
      expect(start.draw.length >= 1, "case.start.draw", "draws no card");
    } else {
      expect(
        isObject(start.end_of_session) && Object.keys(start.end_of_session).join() === "draw",
        "case.start.end_of_session",
        "must be {draw: [cards]}",
      );
      checkCards(start.end_of_session.draw, "case.start.end_of_session.draw", { most: 52 });
    }
    expect(Array.isArray(data.actions), "case.actions", "must be an array");
    data.actions.forEach((action, index) => checkAction(action, `case.actions[${index}]`, data.players));
    expect(Array.isArray(data.queries), "case.queries", "must be an array");
    data.queries.forEach((query, index) =>
      expect(QUERIES.includes(query), `case.queries[${index}]`, `unknown query ${JSON.stringify(query)}`),
    );
    expect(new Set(data.queries).size === data.queries.length, "case.queries", "asks a query twice");
    return data;
  }

  /** What the suite guarantees of a case beyond its shape (section 6): a case breaking it
   * is malformed. */
  function checkGuarantees(data, options) {
    const pool = options.pool === "played";
    expect(
      "pool" in data === pool && "original_dealer" in data === pool,
      "case",
      "gives pool and original_dealer exactly when pool = played",
    );
    expect(pool || !data.queries.includes("pool"), "case.queries", "the pool is asked only when pool = played");
    const { start } = data;
    if (start.draw || start.end_of_session) {
      const only = start.draw ? "first-dealer" : "pool";
      expect(data.actions.length === 0, "case.actions", "a draw has no actions");
      expect(data.queries.length === 1 && data.queries[0] === only, "case.queries", `this start asks ${only} alone`);
      expect(pool || start.draw, "case.start", "the end of a session is played only under pool = played");
      return;
    }
    expect(!data.queries.includes("first-dealer"), "case.queries", "first-dealer is asked only with a draw");
    if (data.irregular) return;
    const hand = new Hand(data, options); // the table's facts: who plays, how many cards each
    if (start.hands) {
      const seen = new Set();
      start.hands.forEach((cards, seat) => {
        const expected = hand.dealtTo(seat);
        expect(
          cards.length === expected,
          `case.start.hands[${seat}]`,
          `holds ${cards.length} cards in a regular case, not ${expected}`,
        );
        for (const card of cards) {
          expect(!seen.has(card), `case.start.hands[${seat}]`, `${card} is held twice`);
          seen.add(card);
        }
      });
    } else {
      const sound =
        start.deck.length === hand.pack.length &&
        new Set(start.deck).size === hand.pack.length &&
        start.deck.every((card) => hand.pack.includes(card));
      expect(sound, "case.start.deck", `a regular pack is the ${hand.pack.length} distinct cards of the pack in play`);
    }
  }

  /**
   * The first dealer from the cards drawn (start.draw), under the option first-dealer: the
   * first knave dealt face up round the table, or the lowest card with ties drawing again
   * (rule dealing.first-dealer; interpretations draw-order, tie-for-lowest).
   */
  function firstDealer(draw, players, rule) {
    if (rule === "first-jack-face-up") {
      const index = draw.findIndex((card) => card[0] === "J");
      expect(index >= 0, "case.start.draw", "no knave among the cards drawn");
      return index % players;
    }
    const value = (card) => (card[0] === "A" ? (rule === "lowest-card-ace-low" ? -1 : RANKS.length) : rankOf(card));
    let drawing = Array.from({ length: players }, (_, seat) => seat);
    let next = 0;
    while (drawing.length > 1) {
      expect(next + drawing.length <= draw.length, "case.start.draw", "the cards run out before the tie is broken");
      const drawn = drawing.map((seat, index) => ({ seat, value: value(draw[next + index]) }));
      next += drawing.length;
      const lowest = Math.min(...drawn.map((entry) => entry.value));
      drawing = drawn.filter((entry) => entry.value === lowest).map((entry) => entry.seat);
    }
    return drawing[0];
  }

  /** A deep copy of answers, as the wire would carry them: the hand goes on changing. */
  const copy = (answers) => JSON.parse(JSON.stringify(answers));

  /**
   * The run response to `data`, a case of the version `protocol` (the newest by default):
   * {case, steps, answers} and, asked for it, the trace. Throws BadCase for a malformed case
   * and Unsupported for one this engine does not play.
   */
  function runCase(data, protocol = nap.rules.NEWEST) {
    checkCase(data);
    const read = nap.rules.readOptions(data.options, protocol);
    if (read.code === "unsupported") throw new Unsupported(read.message);
    if (read.code) throw new BadCase(read.message);
    const { options } = read;
    checkGuarantees(data, options);
    let answersNow;
    let hand = null;
    if (data.start.draw) {
      const seat = firstDealer(data.start.draw, data.players, options["first-dealer"]);
      answersNow = () => ({ "first-dealer": { seat } });
    } else if (data.start.end_of_session) {
      const pool = nap.endOfSession(options, data.players, data.dealer, data.pool, data.start.end_of_session.draw);
      answersNow = () => ({ pool });
    } else {
      hand = new Hand(data, options);
      answersNow = () => Object.fromEntries(data.queries.map((query) => [query, hand.answer(query)]));
    }
    const trace = data.trace ? [copy(answersNow())] : null;
    const steps = data.actions.map((action) => {
      const step = hand.apply(action);
      if (trace) trace.push(copy(answersNow()));
      return step;
    });
    const response = { case: data.id, steps, answers: trace ? trace[trace.length - 1] : copy(answersNow()) };
    if (trace) response.trace = trace;
    return response;
  }

  Object.assign(nap, { checkCase, runCase, firstDealer });
})(globalThis.NapEngine);
