// What this engine plays, as its handshake declares it, and the check of a case's rules
// against it: every option of the register (spec/variations.toml) with every value its
// profiles and their variants take, and the versions of the protocol it speaks.
(function (nap) {
  "use strict";

  const range = (low, high) => Array.from({ length: high - low + 1 }, (_, index) => low + index);

  /** The options of napspec/1 (the plain game and its irregularities): every value. */
  const NAPSPEC_1 = {
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

  /** The options napspec/1.1 added (the calls beyond Nap), each with its plain value first. */
  const NAPSPEC_1_1 = {
    misery: ["not-played", "no-trumps", "trumps-by-first-lead"],
    wellington: ["not-played", "double-nap-stakes", "win-10-lose-10"],
    "wellington-lead": ["any-card", "lowest-trump"],
    blucher: ["not-played", "win-10-lose-20", "double-wellington-stakes"],
    "sir-garnet": ["not-played", "played"],
    "seven-card": ["not-played", "played", "played-misery-below-nap", "played-double-above-nap"],
  };

  /** The options napspec/1.2 added (Peep, Purchase, the pool, the pack), plain value first. */
  const NAPSPEC_1_2 = {
    peep: ["not-played", "played"],
    purchase: ["not-played", "played"],
    pool: ["not-played", "played"],
    "pool-contributions": [
      "none",
      "each-dealer",
      "all-at-original-deal",
      "dealer-three-players-one",
      "knaves-and-fives",
    ],
    "pool-fines": ["none", "misdeal-one-stake"],
    "pool-failed-nap": ["pays-nothing", "pays-pool-amount"],
    "pool-end": ["none", "divided-equally", "drawn-for"],
    pack: ["full", "short-28-36", "short-32-40"],
    "double-header": ["not-played"],
  };

  /** napspec/1.3's option of the plain game: the fewest tricks a call may name. */
  const NAPSPEC_1_3 = { "lowest-call": range(1, 3) };

  /** Each version this engine speaks, oldest first, with the options a case of it carries. */
  const VERSIONS = {
    "napspec/1": NAPSPEC_1,
    "napspec/1.1": { ...NAPSPEC_1, ...NAPSPEC_1_1 },
    "napspec/1.2": { ...NAPSPEC_1, ...NAPSPEC_1_1, ...NAPSPEC_1_2 },
    "napspec/1.3": { ...NAPSPEC_1, ...NAPSPEC_1_1, ...NAPSPEC_1_2, ...NAPSPEC_1_3 },
    "napspec/1.4": { ...NAPSPEC_1, ...NAPSPEC_1_1, ...NAPSPEC_1_2, ...NAPSPEC_1_3 },
  };
  const PROTOCOLS = Object.keys(VERSIONS);
  const NEWEST = PROTOCOLS[PROTOCOLS.length - 1];

  /** The game an older version plays, for the options it does not carry: each variant at its
   * plain value (the first listed), the Wellington's lead as any card, and the lowest call
   * every source gives, one. A case of that version is played under these. */
  const PLAIN = {
    ...Object.fromEntries(
      Object.entries({ ...NAPSPEC_1_1, ...NAPSPEC_1_2 }).map(([option, values]) => [option, values[0]]),
    ),
    "lowest-call": 1,
  };

  /** Whether `options` set an option that `version` (napspec/1.1 or 1.2) added away from its
   * plain value: a case that does answers the fields of `state` that version added (sections
   * 20 and 21). The Wellington's lead has no plain value: it plays nothing by itself. */
  function playsAddedIn(options, version) {
    const added = version === "napspec/1.1" ? NAPSPEC_1_1 : NAPSPEC_1_2;
    return Object.entries(added).some(
      ([option, values]) => option !== "wellington-lead" && options[option] !== values[0],
    );
  }

  /** The variants, by the register's names, in the version that added them. */
  const VARIANTS = {
    "napspec/1.1": ["misery", "wellington", "blucher", "sir-garnet", "seven-card"],
    "napspec/1.2": ["peep", "purchase", "pool", "short-pack"],
  };

  const QUERIES = ["state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer"];

  /** The handshake for `protocol`: only what that version carries is declared. */
  function handshake(protocol) {
    const older = (version) => PROTOCOLS.indexOf(protocol) >= PROTOCOLS.indexOf(version);
    const capabilities = {
      profiles: ["britannica", "hoyle", "peel", "wikipedia"],
      options: VERSIONS[protocol],
      variants: Object.entries(VARIANTS).flatMap(([version, names]) => (older(version) ? names : [])),
      queries: older("napspec/1.2") ? [...QUERIES, "pool"] : QUERIES,
      irregular_play: true,
    };
    // napspec/1.4: the answers after every action of a case asked with "trace": true.
    if (older("napspec/1.4")) capabilities.trace = true;
    return { protocol, engine: { name: "napspec-js", version: "0.2.0", language: "JavaScript" }, capabilities };
  }

  /**
   * The options of a case as this engine plays them (those an older version does not carry at
   * the plain game's values), or a problem: {code, message}. An option the version carries
   * and the case leaves out makes the case malformed; one the engine does not know, or a value
   * it does not play, makes it unsupported.
   */
  function readOptions(options, protocol) {
    const known = VERSIONS[protocol];
    for (const option of Object.keys(known)) {
      if (!Object.hasOwn(options, option)) {
        return { code: "bad-request", message: `options: '${option}' is missing (a case gives every option)` };
      }
    }
    for (const [option, value] of Object.entries(options)) {
      if (!Object.hasOwn(known, option)) {
        return { code: "unsupported", message: `options: '${option}' is not an option of ${protocol}` };
      }
      if (!known[option].some((played) => played === value)) {
        return {
          code: "unsupported",
          message: `options: ${option}=${JSON.stringify(value)} is not played by this engine`,
        };
      }
    }
    if (options["players-min"] > options["players-max"]) {
      return { code: "bad-request", message: "options: players-min is above players-max" };
    }
    return { options: { ...PLAIN, ...options } };
  }

  nap.rules = { PROTOCOLS, NEWEST, QUERIES, handshake, readOptions, playsAddedIn };
})((globalThis.NapEngine ??= {}));
