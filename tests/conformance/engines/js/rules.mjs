// What this engine plays, as the handshake declares it, and the check of a case's rules
// against it. The engine plays the plain game (no call beyond Nap, no pool, the full pack)
// with every value of every option of napspec/1, irregular play included.

const range = (low, high) => Array.from({ length: high - low + 1 }, (_, index) => low + index);

/** Every option of napspec/1 with every value this engine plays. */
const NAPSPEC_1_OPTIONS = {
  "players-min": range(2, 10),
  "players-max": range(2, 10),
  "dealer-sits-out": ["six-players", "five-or-six-players", "never"],
  "first-dealer": ["first-jack-face-up", "lowest-card-ace-low", "lowest-card-ace-high"],
  "cut-minimum": range(1, 26),
  "deal-pattern": ["singly", "three-then-two"],
  "compulsory-call": ["none", "eldest-cannot-pass", "eldest-if-all-pass", "dealer-if-all-pass"],
  "cards-left": ["face-up-winner-turned-down", "face-up"],
  "stop-when-decided": [true, false],
  "nap-stakes": ["win-10-lose-5", "win-12-lose-6"],
  // The remedies and penalties of irregular play.
  "fresh-deal-exposed-card": ["before-calling", "before-settlement", "none"],
  "fresh-deal-misdeal": ["before-calling", "before-settlement", "none"],
  "fresh-deal-faulty-pack": ["before-calling", "none"],
  "fresh-deal-uncut": ["before-calling", "none"],
  "wrong-number": ["redeal-before-calls-else-adjust", "fine-three-tricks", "none"],
  "out-of-turn": ["as-revoke", "fine-three-tricks", "none"],
  "exposed-after-deal": ["fine-three-tricks", "none"],
  revoke: ["replay-hand-revoker-pays-all", "replay-from-revoke-fine-five", "abandon-revoker-pays-soloist", "none"],
  "show-cards": [true, false],
  "right-to-information": [true, false],
};

/** The options napspec/1.1 added: only their plain values (the game of napspec/1). The lead
 * of a Wellington matters only when a Wellington is called, which never happens here. */
const NAPSPEC_1_1_OPTIONS = {
  misery: ["not-played"],
  wellington: ["not-played"],
  "wellington-lead": ["any-card", "lowest-trump"],
  blucher: ["not-played"],
  "sir-garnet": ["not-played"],
  "seven-card": ["not-played"],
};

/** Options the register has beyond napspec/1.1 (the exchanges, the pool, the pack): a case
 * carries them to an engine that declares them (section 13), and this engine plays their
 * plain values, the plain game. */
const LATER_OPTIONS = {
  peep: ["not-played"],
  purchase: ["not-played"],
  pool: ["not-played"],
  "pool-contributions": ["none"],
  "pool-fines": ["none"],
  "pool-failed-nap": ["pays-nothing"],
  "pool-end": ["none"],
  pack: ["full"],
  "double-header": ["not-played"],
};

export const PROTOCOLS = ["napspec/1", "napspec/1.1"];
export const QUERIES = ["state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer"];

/** The options an engine speaking `protocol` declares and reads from a case. */
export function optionsFor(protocol) {
  return protocol === "napspec/1"
    ? { ...NAPSPEC_1_OPTIONS, ...LATER_OPTIONS }
    : { ...NAPSPEC_1_OPTIONS, ...NAPSPEC_1_1_OPTIONS, ...LATER_OPTIONS };
}

/** The handshake for `protocol`. */
export function handshake(protocol) {
  return {
    protocol,
    engine: { name: "napspec-js", version: "0.1.0", language: "JavaScript" },
    capabilities: {
      profiles: ["britannica", "hoyle", "peel", "wikipedia"],
      options: optionsFor(protocol),
      variants: [],
      queries: QUERIES,
      irregular_play: true,
    },
  };
}

/** The options of napspec/1 that this engine reads: a case must give each of them. */
export const REQUIRED_OPTIONS = Object.keys(NAPSPEC_1_OPTIONS);

/**
 * Why the rules of a case cannot be played by an engine speaking `protocol`, or null. An
 * option unknown to the engine, or a value it does not play, makes the case unsupported;
 * an option it needs and the case leaves out makes the case malformed.
 */
export function checkOptions(options, protocol) {
  const known = optionsFor(protocol);
  for (const option of REQUIRED_OPTIONS) {
    if (!Object.hasOwn(options, option)) {
      return { code: "bad-request", message: `options: '${option}' is missing (a case gives every option)` };
    }
  }
  for (const [option, value] of Object.entries(options)) {
    if (!Object.hasOwn(known, option)) {
      return { code: "unsupported", message: `options: '${option}' is not an option this engine plays` };
    }
    if (!known[option].some((played) => played === value)) {
      return { code: "unsupported", message: `options: ${option}=${JSON.stringify(value)} is not played by this engine` };
    }
  }
  if (options["players-min"] > options["players-max"]) {
    return { code: "bad-request", message: "options: players-min is above players-max" };
  }
  return null;
}
