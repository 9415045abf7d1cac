#!/usr/bin/env node
// A Nap engine for the napspec conformance suite, written from the contract alone
// (docs/implementers.md and conformance/protocol/schema/). It plays the plain game, irregular play and
// its penalties included, under every option value of napspec/1 (so under every profile),
// and no call beyond Nap, pool or short pack. It speaks napspec/1.1 (or napspec/1 when asked). It reads one
// JSON request per line on stdin and writes one JSON response per line on stdout; logs go to
// stderr. Node 20, no dependencies: `node nap.mjs`.

import { isCard } from "./cards.mjs";
import { BadCase, firstDealer, Hand, Unsupported } from "./game.mjs";
import { checkOptions, handshake, PROTOCOLS, QUERIES } from "./rules.mjs";

const MAX_LINE = 16 * 1024 * 1024; // a request longer than this is refused unread

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
};
const REQUIRED_FIELDS = { cut: ["depth"], play: ["card"], expose: ["card"], claim: ["offence"], discard: ["cards"] };
const NAMED_CALLS = ["misery", "wellington", "blucher"];

/** A malformed request: answered with a "bad-request" error response naming where. */
class BadRequest extends Error {}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isInteger = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

function expect(condition, where, what) {
  if (!condition) throw new BadRequest(`${where}: ${what}`);
}

function checkCards(cards, where, { distinct = true } = {}) {
  expect(Array.isArray(cards), where, "must be an array of cards");
  cards.forEach((card, index) => expect(isCard(card), `${where}[${index}]`, `${JSON.stringify(card)} is not a card`));
  if (distinct) expect(new Set(cards).size === cards.length, where, "gives a card twice");
}

function checkAction(action, where, players) {
  expect(isObject(action), where, "must be an object");
  expect(Object.hasOwn(ACTION_FIELDS, action.type), `${where}.type`, `unknown action type ${JSON.stringify(action.type)}`);
  expect(isInteger(action.seat, 0, players - 1), `${where}.seat`, `must be a seat from 0 to ${players - 1}`);
  for (const field of Object.keys(action)) {
    expect(["type", "seat", ...ACTION_FIELDS[action.type]].includes(field), `${where}.${field}`, `is not a field of ${action.type}`);
  }
  for (const field of REQUIRED_FIELDS[action.type] ?? []) {
    expect(Object.hasOwn(action, field), where, `${action.type} needs ${field}`);
  }
  switch (action.type) {
    case "cut":
      expect(isInteger(action.depth, 0, 52), `${where}.depth`, "must be an integer from 0 to 52");
      break;
    case "deal":
      if ("exposed" in action) expect(isCard(action.exposed), `${where}.exposed`, "must be a card");
      if ("counts" in action) {
        expect(Array.isArray(action.counts) && action.counts.length >= 2 && action.counts.length <= 10, `${where}.counts`, "must be an array of 2 to 10 counts");
        action.counts.forEach((count, index) => expect(isInteger(count, 0, 52), `${where}.counts[${index}]`, "must be an integer from 0 to 52"));
      }
      break;
    case "call":
      expect(("tricks" in action) !== ("call" in action), where, "a call gives exactly one of tricks and call");
      if ("tricks" in action) expect(isInteger(action.tricks, 1, 7), `${where}.tricks`, "must be an integer from 1 to 7");
      else expect(NAMED_CALLS.includes(action.call), `${where}.call`, `must be one of ${NAMED_CALLS.join(", ")}`);
      break;
    case "play":
    case "expose":
      expect(isCard(action.card), `${where}.card`, "must be a card");
      break;
    case "claim":
      expect(Number.isInteger(action.offence) && action.offence >= 0, `${where}.offence`, "must be an integer from 0");
      break;
    case "discard":
      checkCards(action.cards, `${where}.cards`);
      expect(action.cards.length === 5, `${where}.cards`, "must be five cards");
      break;
    default:
      break;
  }
}

/** Checks the shape of a case (conformance/protocol/schema/case.schema.json) and returns it. */
function checkCase(data) {
  expect(isObject(data), "case", "must be an object");
  const fields = ["id", "options", "players", "dealer", "irregular", "start", "actions", "queries"];
  for (const field of fields) expect(Object.hasOwn(data, field), "case", `'${field}' is missing`);
  for (const field of Object.keys(data)) expect(fields.includes(field), `case.${field}`, "is not a field of a case");
  expect(typeof data.id === "string" && data.id.length >= 1 && data.id.length <= 300, "case.id", "must be a string of 1 to 300 characters");
  expect(isObject(data.options), "case.options", "must be an object");
  for (const [option, value] of Object.entries(data.options)) {
    expect(["string", "number", "boolean"].includes(typeof value) && (typeof value !== "number" || Number.isInteger(value)), `case.options.${option}`, "must be a string, an integer or a boolean");
  }
  expect(isInteger(data.players, 2, 10), "case.players", "must be an integer from 2 to 10");
  expect(isInteger(data.dealer, 0, data.players - 1), "case.dealer", `must be a seat from 0 to ${data.players - 1}`);
  expect(typeof data.irregular === "boolean", "case.irregular", "must be true or false");
  expect(isObject(data.start), "case.start", "must be an object");
  const starts = ["hands", "deck", "draw"].filter((key) => Object.hasOwn(data.start, key));
  expect(starts.length === 1, "case.start", "must give exactly one of hands, deck and draw");
  for (const key of Object.keys(data.start)) {
    expect(key === starts[0] || (key === "extra_hand" && starts[0] === "hands"), `case.start.${key}`, "is not a field of this start");
  }
  if (starts[0] === "hands") {
    const hands = data.start.hands;
    expect(Array.isArray(hands) && hands.length === data.players, "case.start.hands", `must give one holding for each of the ${data.players} seats`);
    hands.forEach((cards, seat) => checkCards(cards, `case.start.hands[${seat}]`));
    if ("extra_hand" in data.start) checkCards(data.start.extra_hand, "case.start.extra_hand");
  } else if (starts[0] === "deck") {
    checkCards(data.start.deck, "case.start.deck", { distinct: false });
    expect(data.start.deck.length <= 104, "case.start.deck", "holds more than 104 cards");
  } else {
    checkCards(data.start.draw, "case.start.draw");
    expect(data.start.draw.length >= 1, "case.start.draw", "draws no card");
  }
  expect(Array.isArray(data.actions), "case.actions", "must be an array");
  data.actions.forEach((action, index) => checkAction(action, `case.actions[${index}]`, data.players));
  expect(Array.isArray(data.queries), "case.queries", "must be an array");
  data.queries.forEach((query, index) => expect(QUERIES.includes(query), `case.queries[${index}]`, `unknown query ${JSON.stringify(query)}`));
  expect(new Set(data.queries).size === data.queries.length, "case.queries", "asks a query twice");
  return data;
}

/** What this engine can set up and play, beyond the shape of the case. */
function checkPlayable(data, protocol) {
  const problem = checkOptions(data.options, protocol);
  if (problem) {
    if (problem.code === "unsupported") throw new Unsupported(problem.message);
    throw new BadRequest(problem.message);
  }
  const { options, players } = data;
  expect(players >= options["players-min"] && players <= options["players-max"], "case.players", `${players} players are outside the rules' ${options["players-min"]} to ${options["players-max"]}`);
  if ("extra_hand" in data.start) throw new Unsupported("an extra hand (sir-garnet) is not played by this engine");
  // The rules would compel a dealer who takes no part in the calling: no reading is invented.
  expect(!(options["compulsory-call"] === "dealer-if-all-pass" && new Hand(data).dealerSitsOut), "case.options", `compulsory-call = dealer-if-all-pass binds a dealer who sits out (dealer-sits-out = ${options["dealer-sits-out"]}, ${players} players)`);
  if (data.start.draw) {
    expect(data.actions.length === 0, "case.actions", "a draw case has no actions");
    expect(data.queries.length === 1 && data.queries[0] === "first-dealer", "case.queries", "a draw case asks first-dealer alone");
    return;
  }
  expect(!data.queries.includes("first-dealer"), "case.queries", "first-dealer is asked only with a draw");
  if (data.irregular) return;
  const seen = new Set();
  if (data.start.hands) {
    const sitsOut = new Hand(data).dealerSitsOut;
    data.start.hands.forEach((cards, seat) => {
      const expected = sitsOut && seat === data.dealer ? 0 : 5;
      expect(cards.length === expected, `case.start.hands[${seat}]`, `holds ${cards.length} cards in a regular case, not ${expected}`);
      for (const card of cards) {
        expect(!seen.has(card), `case.start.hands[${seat}]`, `${card} is held twice`);
        seen.add(card);
      }
    });
  } else {
    expect(data.start.deck.length === 52 && new Set(data.start.deck).size === 52, "case.start.deck", "a regular pack is the 52 distinct cards");
  }
}

function runCase(data, protocol) {
  checkCase(data);
  checkPlayable(data, protocol);
  if (data.start.draw) {
    const seat = firstDealer(data.start.draw, data.players, data.options["first-dealer"]);
    return { case: data.id, steps: [], answers: { "first-dealer": { seat } } };
  }
  const hand = new Hand(data);
  const steps = data.actions.map((action) => hand.apply(action));
  const answers = {};
  for (const query of data.queries) answers[query] = hand.answer(query);
  return { case: data.id, steps, answers };
}

// ------------------------------------------------------------------------ the protocol

let protocol = "napspec/1.1";

function respond(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function errorResponse(message, code, caseId) {
  const error = { message, code };
  if (typeof caseId === "string") error.case = caseId;
  return { error };
}

/** Answers one request line; returns false after bye. */
function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    respond(errorResponse(`the request is not JSON: ${error.message}`, "bad-request"));
    return true;
  }
  if (!isObject(request) || typeof request.cmd !== "string") {
    respond(errorResponse("a request is an object with a string 'cmd'", "bad-request"));
    return true;
  }
  const extra = Object.keys(request).filter((key) => !({ hello: ["cmd", "protocol"], run: ["cmd", "case"], bye: ["cmd"] }[request.cmd] ?? []).includes(key));
  if (request.cmd === "hello") {
    if (extra.length > 0) respond(errorResponse(`hello: unknown field '${extra[0]}'`, "bad-request"));
    else if (!PROTOCOLS.includes(request.protocol)) {
      respond(errorResponse(`this engine speaks ${PROTOCOLS.join(" or ")}, not ${JSON.stringify(request.protocol)}`, "bad-request"));
    } else {
      protocol = request.protocol;
      respond(handshake(protocol));
    }
    return true;
  }
  if (request.cmd === "bye") {
    respond({ bye: true });
    return false;
  }
  if (request.cmd !== "run") {
    respond(errorResponse(`unknown command ${JSON.stringify(request.cmd)}`, "bad-request"));
    return true;
  }
  const caseId = isObject(request.case) ? request.case.id : undefined;
  if (extra.length > 0) {
    respond(errorResponse(`run: unknown field '${extra[0]}'`, "bad-request", caseId));
    return true;
  }
  try {
    respond(runCase(request.case, protocol));
  } catch (error) {
    if (error instanceof Unsupported) respond(errorResponse(error.message, "unsupported", caseId));
    else if (error instanceof BadRequest || error instanceof BadCase) respond(errorResponse(error.message, "bad-request", caseId));
    else {
      process.stderr.write(`${caseId}: ${error.stack}\n`);
      respond(errorResponse(`internal error: ${error.message}`, "internal", caseId));
    }
  }
  return true;
}

// Lines are split by hand so that a line has a bound: beyond MAX_LINE the rest of it is
// skipped and the request refused.
let pending = "";
let skipping = false;
let done = false;

function finish() {
  if (done) return;
  done = true;
  process.stdin.pause();
  process.stdout.write("", () => process.exit(0));
}

// The harness has gone: there is nobody left to answer.
process.stdout.on("error", () => process.exit(0));
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  if (done) return;
  let text = chunk;
  for (;;) {
    const end = text.indexOf("\n");
    if (end < 0) {
      if (!skipping) pending += text;
      if (pending.length > MAX_LINE) {
        pending = "";
        skipping = true;
        respond(errorResponse(`a request line is longer than ${MAX_LINE} characters`, "bad-request"));
      }
      return;
    }
    const line = skipping ? "" : (pending + text.slice(0, end)).replace(/\r$/, "");
    const wasSkipping = skipping;
    pending = "";
    skipping = false;
    text = text.slice(end + 1);
    if (wasSkipping || line.trim() === "") continue;
    if (line.length > MAX_LINE) {
      respond(errorResponse(`a request line is longer than ${MAX_LINE} characters`, "bad-request"));
      continue;
    }
    if (!handle(line)) {
      finish();
      return;
    }
  }
});
process.stdin.on("end", () => {
  if (!done && pending.trim() !== "" && !skipping) handle(pending);
  finish();
});
