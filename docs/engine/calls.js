// The calls of the rules in force, their ranking and their stakes. A call is
// {tricks, declaration}: a call of tricks has no declaration; a Misery is {0, "misery"}; a
// Wellington, a Blücher and a Nap on Sir Garnet's extra hand are five tricks declared so
// (the contract's `state.call` and `state.declaration`).
(function (nap) {
  "use strict";

  const NAP = 5;

  /** Whether the rules deal seven cards (seven-card Nap, any of its readings). */
  const isSevenCard = (options) => options["seven-card"] !== "not-played";

  /** The cards each playing seat is dealt: the tricks of a hand. */
  const handSize = (options) => (isSevenCard(options) ? 7 : 5);

  const isNap = (call) => call.tricks === NAP && (call.declaration === null || call.declaration === "sir-garnet");

  /**
   * The calls the rules have, lowest first (rule variants.ranking): from the lowest call up
   * to Nap, Misery after three (after Nap at seven-card Nap, or after four read the other
   * way), then Wellington and Blücher; at seven-card Nap from three to seven.
   */
  function ladder(options) {
    const seven = isSevenCard(options);
    // At seven-card Nap the calls start at three, whatever lowest-call says (section 22).
    const lowest = seven ? 3 : options["lowest-call"];
    let miseryAfter = null;
    if (options.misery !== "not-played")
      miseryAfter = seven ? (options["seven-card"] === "played-misery-below-nap" ? 4 : 5) : 3;
    const calls = [];
    for (let tricks = lowest; tricks <= handSize(options); tricks += 1) {
      calls.push({ tricks, declaration: null });
      if (tricks === miseryAfter) calls.push({ tricks: 0, declaration: "misery" });
    }
    if (!seven && options.wellington !== "not-played") calls.push({ tricks: NAP, declaration: "wellington" });
    if (!seven && options.blucher !== "not-played") calls.push({ tricks: NAP, declaration: "blucher" });
    return calls;
  }

  /** The place of `call` in the ranking, or -1 if the rules have no such call; a Nap on the
   * extra hand ranks as a Nap. */
  function rank(options, call) {
    const named = call.declaration === "sir-garnet" ? null : call.declaration;
    return ladder(options).findIndex((step) => step.tricks === call.tricks && step.declaration === named);
  }

  /** The call a `call` action names. */
  function fromAction(action) {
    if ("tricks" in action) return { tricks: action.tricks, declaration: null };
    return { tricks: action.call === "misery" ? 0 : NAP, declaration: action.call };
  }

  /** The `call` action of `seat` making `call`. */
  function toAction(seat, call) {
    return call.declaration
      ? { type: "call", seat, call: call.declaration }
      : { type: "call", seat, tricks: call.tricks };
  }

  /** Why `call` cannot be made over `highest` (null: nobody has called), as [code, message],
   * or null if it can. */
  function refusal(options, call, highest) {
    const place = rank(options, call);
    if (place < 0) {
      return call.declaration
        ? ["call-not-allowed", `the rules in force have no call "${call.declaration}"`]
        : ["invalid-action", `the rules in force have no call of ${call.tricks} tricks`];
    }
    // A Wellington only over a Nap, a Blücher only over a Wellington (variants.wellington-call).
    if (call.declaration === "wellington" && !(highest && isNap(highest))) {
      return ["call-not-allowed", "a Wellington is called only over a Nap"];
    }
    if (call.declaration === "blucher" && !(highest && highest.declaration === "wellington")) {
      return ["call-not-allowed", "a Blücher is called only over a Wellington"];
    }
    if (highest && place <= rank(options, highest)) return ["call-too-low", "a call must exceed the highest so far"];
    return null;
  }

  /** The calls open over `highest`. */
  function open(options, highest) {
    return ladder(options).filter((call) => refusal(options, call, highest) === null);
  }

  /** Whether `highest` is the highest call the rules have: the calls are then complete
   * (interpretation calls-complete-at-highest-call), the later players can only pass. */
  function closes(options, highest) {
    return highest !== null && rank(options, highest) === ladder(options).length - 1;
  }

  /** What each other player pays the soloist of `call` if he makes it (`made`), or receives
   * from him if he fails: the stakes of rules settlement.*, variants.*-stakes. */
  function stake(options, call, made) {
    const [napWin, napLose] = options["nap-stakes"] === "win-12-lose-6" ? [12, 6] : [10, 5];
    const wellington = options.wellington === "double-nap-stakes" ? [2 * napWin, 2 * napLose] : [10, 10];
    let win;
    let lose;
    if (call.declaration === "misery") [win, lose] = [3, 3];
    else if (call.declaration === "wellington") [win, lose] = wellington;
    else if (call.declaration === "blucher") {
      [win, lose] = options.blucher === "double-wellington-stakes" ? [2 * wellington[0], 2 * wellington[1]] : [10, 20];
    } else if (call.tricks === NAP) [win, lose] = [napWin, napLose];
    else {
      const perTrick = options["seven-card"] === "played-double-above-nap" && call.tricks > NAP ? 2 : 1;
      [win, lose] = [perTrick * call.tricks, call.tricks];
    }
    // Seven-card Nap: the losers of Nap, Misery, six or seven pay half stakes, half of what
    // the call would have won, rounded up (interpretation seven-card-half-stakes-rounded-up).
    if (isSevenCard(options) && (call.declaration !== null || call.tricks >= NAP)) lose = Math.ceil(win / 2);
    return made ? win : lose;
  }

  /** Whether `call` is one that takes the pool when made, and pays into it when failed under
   * pool-failed-nap: a Nap or any call of all the tricks in its place or above it, never a
   * Misery (interpretation pool-taken-beyond-nap). */
  function forThePool(call) {
    return call.declaration !== "misery" && call.tricks >= NAP;
  }

  nap.calls = {
    NAP,
    isSevenCard,
    handSize,
    isNap,
    ladder,
    rank,
    fromAction,
    toAction,
    refusal,
    open,
    closes,
    stake,
    forThePool,
  };
})((globalThis.NapEngine ??= {}));
