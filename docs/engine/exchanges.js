// The exchanges of cards with the table: Sir Garnet's extra hand, taken in the calling; the
// peep card of Peep Nap; the purchase of Purchase (Ecarté) Nap before the calling
// (docs/implementers.md, sections 20 and 21; the register's chapters calls-beyond-nap and
// exchanges).
(function (nap) {
  "use strict";

  const { refuse } = nap;
  const { canonical } = nap.cards;
  const calls = nap.calls;
  const SIR_GARNET = { tricks: calls.NAP, declaration: "sir-garnet" };

  /** Every choice of `size` of `cards`, each in their order. */
  function choices(cards, size) {
    if (size === 0) return [[]];
    const chosen = [];
    for (let first = 0; first + size <= cards.length; first += 1) {
      for (const rest of choices(cards.slice(first + 1), size - 1)) chosen.push([cards[first], ...rest]);
    }
    return chosen;
  }

  Object.assign(nap.Hand.prototype, {
    // ------------------------------------------------------------------ Sir Garnet

    /** Whether the player to act may take up the extra hand: it lies untaken and a Nap is
     * still a call he could make (interpretation sir-garnet-only-while-nap-open). */
    extraHandOpen() {
      return (
        this.options["sir-garnet"] === "played" &&
        this.extraHand !== null &&
        this.extraHand.length > 0 &&
        calls.refusal(this.options, SIR_GARNET, this.highest && this.highest.call) === null
      );
    },

    /** He combines the extra hand with his own; taking it is not his call, the discard is
     * (interpretation sir-garnet-take-is-not-a-call). */
    takeExtraHand(action) {
      if (!this.extraHandOpen()) refuse("call-not-allowed", "the extra hand cannot be taken up now (sir-garnet)");
      this.holdings[action.seat].push(...this.extraHand);
      this.extraHand = [];
      this.taker = action.seat;
    },

    /** Five of what he holds, face down and out of play; his call is then a Nap
     * (rule variants.sir-garnet-discard; interpretation sir-garnet-discard-of-what-he-holds). */
    discard(action) {
      const hand = this.holdings[action.seat];
      const distinct = new Set(action.cards).size === action.cards.length;
      if (action.cards.length !== 5 || !distinct || !action.cards.every((card) => hand.includes(card))) {
        refuse("bad-discard", `a discard is five distinct cards of seat ${action.seat}'s hand`);
      }
      for (const card of action.cards) hand.splice(hand.indexOf(card), 1);
      this.taker = null;
      this.highest = { seat: action.seat, call: SIR_GARNET };
    },

    discardsOpen() {
      const seat = this.toAct;
      return choices(canonical(new Set(this.holdings[seat])), 5).map((cards) => ({ type: "discard", seat, cards }));
    },

    // ------------------------------------------------------------------ Peep Nap

    /** Whether the player to act may peep: in his turn to call, once in a deal
     * (interpretation peep-once). */
    mayPeep() {
      return (
        this.options.peep === "played" &&
        this.phase === "calling" &&
        this.peepCard !== null &&
        !this.peeped.includes(this.toAct)
      );
    },

    /** He pays the peep fee into the pool and sees the card (rule exchanges.peep). */
    peep(action) {
      if (this.phase !== "calling") refuse("wrong-phase", `no peep in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      if (this.peeped.includes(action.seat))
        refuse("not-provided-for", `seat ${action.seat} has peeped already (interpretation peep-once)`);
      this.peeped.push(action.seat);
      this.payIn(action.seat, 1, "peep-fee");
    },

    /** The soloist who peeped takes the peep card for a card of his hand, or leaves it; the
     * card given up, or the peep card left, goes out of play (rule exchanges.peep-exchange). */
    peepExchange(action) {
      if (this.phase !== "peep-exchange")
        refuse("wrong-phase", `no exchange with the peep card in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      const hand = this.holdings[action.seat];
      if (action.type === "take-peep-card") {
        if (!hand.includes(action.card)) refuse("card-not-held", `seat ${action.seat} does not hold ${action.card}`);
        hand.splice(hand.indexOf(action.card), 1, this.peepCard);
      }
      this.peepCard = null;
      this.beginPlay();
    },

    // ------------------------------------------------------------------ Purchase Nap

    /** The refusal and every purchase the stock can serve: each set of one to five of the
     * player's cards (interpretation purchase-stock-runs-out), its cards in canonical order
     * (the contract takes them in any order; the random deals compare them in the oracle's). */
    buysOpen() {
      const seat = this.toAct;
      const held = canonical(new Set(this.holdings[seat]));
      const buys = [];
      for (let size = 0; size <= Math.min(5, this.stock.length, held.length); size += 1) {
        for (const cards of choices(held, size)) buys.push({ type: "buy", seat, cards });
      }
      return buys;
    },

    /** He throws away `cards`, face down and out of play, and is served as many from the top
     * of the stock, paying the purchase fee for each into the pool; his turn is his only one
     * (rules exchanges.purchase, exchanges.purchase-final; purchase-once-a-deal). */
    buy(action) {
      if (this.phase !== "purchase")
        refuse("wrong-phase", `fresh cards are bought before the calling, not in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      const cards = action.cards;
      if (new Set(cards).size !== cards.length || cards.length > 5)
        refuse("invalid-action", "a purchase throws away from none to five distinct cards");
      const hand = this.holdings[action.seat];
      const missing = cards.find((card) => !hand.includes(card));
      if (missing) refuse("card-not-held", `seat ${action.seat} does not hold ${missing}`);
      if (cards.length > this.stock.length) refuse("not-enough-stock", `the stock holds ${this.stock.length} cards`);
      for (const card of cards) hand.splice(hand.indexOf(card), 1);
      hand.push(...this.stock.splice(0, cards.length));
      this.payIn(action.seat, cards.length, "purchase-fee");
      this.buyers += 1;
      if (this.buyers < this.order.length) this.toAct = this.next(action.seat);
      else this.beginCalling();
    },
  });
})(globalThis.NapEngine);
