// One hand of Nap under the rules of a case: the start, the cut, the deal and the calling, and
// the answers to the contract's queries (docs/implementers.md, sections 6 to 9). The play,
// the offences, the settlement and the exchanges add their methods to Hand from their own
// files (play.js, offences.js, settle.js, exchanges.js).
(function (nap) {
  "use strict";

  const { canonical, pack } = nap.cards;
  const calls = nap.calls;

  /** A refused action: its step is {"ok": false, "error": code}. */
  class Refused extends Error {
    constructor(code, message) {
      super(message);
      this.code = code;
    }
  }

  /** A case this engine cannot play: answered with an "unsupported" error response. */
  class Unsupported extends Error {}

  /** A case that cannot be set up: answered with a "bad-request" error response. */
  class BadCase extends Error {}

  const refuse = (code, message) => {
    throw new Refused(code, message);
  };

  /** Whether the dealer deals himself no cards at this table (option dealer-sits-out). */
  function dealerSitsOut(options, players) {
    const rule = options["dealer-sits-out"];
    return (
      (rule === "six-players" && players === 6) || (rule === "five-or-six-players" && (players === 5 || players === 6))
    );
  }

  /** The pack in play at a table of `players`: the full pack, or a short one (players.short-pack). */
  function packFor(options, players) {
    if (options.pack === "full") return pack(52);
    const sizes = options.pack === "short-28-36" ? { 4: 28, 5: 36 } : { 4: 32, 5: 40 };
    if (!sizes[players])
      throw new BadCase(`a short pack (pack = ${options.pack}) is played by four or five, not ${players}`);
    return pack(sizes[players]);
  }

  class Hand {
    /** The hand as the case's start sets it up, under `options` (every option, read). */
    constructor(caseData, options) {
      this.options = options;
      this.players = caseData.players;
      this.dealer = caseData.dealer;
      this.irregular = caseData.irregular;
      this.handSize = calls.handSize(options);
      this.pack = packFor(options, this.players);
      this.dealerSitsOut = dealerSitsOut(options, this.players);
      this.reportsVariants = nap.rules.playsAddedIn(options, "napspec/1.1");
      this.reportsExchanges = nap.rules.playsAddedIn(options, "napspec/1.2");
      // The seats that call and play, in the order of play from the eldest hand.
      this.order = [];
      for (let step = 1; step <= this.players; step += 1) {
        const seat = (this.dealer + step) % this.players;
        if (!(seat === this.dealer && this.dealerSitsOut)) this.order.push(seat);
      }
      this.eldest = this.order[0];
      this.checkTable();

      this.holdings = Array.from({ length: this.players }, () => []);
      this.deck = null; // the pack before the deal, top card first
      this.stock = []; // the undealt cards after the deal, top card first
      this.extraHand = null; // Sir Garnet's extra hand while it lies untaken; [] once taken
      this.peepCard = null;
      this.peeped = [];
      this.phase = null;
      this.toAct = null;
      this.buyers = 0; // how many players have had their turn to buy
      this.turns = 0; // how many players have called or passed
      this.highest = null; // the highest call so far: {seat, call}
      this.taker = null; // who took the extra hand and has not yet discarded
      this.soloist = null;
      this.call = null; // the soloist's call: {tricks, declaration}
      this.trumps = null;
      this.completed = [];
      this.current = null;
      this.tricksWon = new Array(this.players).fill(0);
      this.table = Array.from({ length: this.players }, () => []);
      this.toShow = [];
      this.refusalsToShow = 0;
      this.result = null;
      this.offences = []; // {kind, seat, claimed, at, suit}, in the order recorded
      this.playHoldings = null; // the holdings when the play began, for a replay
      this.playLog = []; // the cards played, in order, since the play began
      this.revokers = []; // opponents whose revoke replayed the hand (Hoyle)
      this.mustFollow = []; // revokers whose cards were taken back: no more revoking for them
      this.wrongNumbers = []; // seats whose wrong number was claimed and adjusts the settlement
      this.settledAtOnce = false;
      this.fines = []; // {seat, stakes}: fines paid to the soloist (Britannica)
      this.receiveNothing = []; // fined players who receive nothing if the soloist fails
      this.openPool(caseData);

      const start = caseData.start;
      if (start.hands) this.startStacked(start);
      else {
        this.deck = [...start.deck];
        const sound =
          this.deck.length === this.pack.length &&
          new Set(this.deck).size === this.pack.length &&
          this.deck.every((card) => this.pack.includes(card));
        if (!sound) this.record("faulty-pack", null);
        if (this.deck.length < this.cardsDealt() || this.deck.length < 2 * options["cut-minimum"]) {
          throw new BadCase(
            `case.start.deck: a pack of ${this.deck.length} cards cannot be cut and dealt to this table`,
          );
        }
        this.phase = "cut";
        this.toAct = this.cutter();
      }
    }

    /** The tables the rules cannot serve are malformed cases (section 6). */
    checkTable() {
      const { options, players } = this;
      const [least, most] = [options["players-min"], options["players-max"]];
      if (players < least || players > most) {
        throw new BadCase(`case.players: ${players} players are outside the rules' ${least} to ${most}`);
      }
      // The rules would compel a dealer who takes no part in the calling: no reading is invented.
      if (options["compulsory-call"] === "dealer-if-all-pass" && this.dealerSitsOut) {
        const sitting = `dealer-sits-out = ${options["dealer-sits-out"]}, ${players} players`;
        throw new BadCase(
          `case.options: compulsory-call = dealer-if-all-pass binds a dealer who sits out (${sitting})`,
        );
      }
      if (this.cardsDealt() > this.pack.length) {
        const hands = `${this.order.length} hands of ${this.handSize}`;
        const extra = options["sir-garnet"] === "played" ? " and the extra hand" : "";
        throw new BadCase(`case.players: a pack of ${this.pack.length} cannot serve ${hands}${extra}`);
      }
    }

    /** The cards a regular deal takes from the pack: the hands, the extra hand, the peep card. */
    cardsDealt() {
      const extra = this.options["sir-garnet"] === "played" ? this.handSize : 0;
      return this.order.length * this.handSize + extra + (this.options.peep === "played" ? 1 : 0);
    }

    /** Stacked holdings: the hand starts as dealt (section 6; section 21 for the rest). */
    startStacked(start) {
      if (this.dealerSitsOut && start.hands[this.dealer].length > 0) {
        throw new BadCase(`case.start.hands[${this.dealer}]: the dealer sits out and holds no cards`);
      }
      start.hands.forEach((cards, seat) => {
        this.holdings[seat] = [...cards];
      });
      if ("extra_hand" in start) {
        if (this.options["sir-garnet"] !== "played")
          throw new BadCase("case.start.extra_hand: there is no extra hand unless sir-garnet = played");
        this.extraHand = canonical(start.extra_hand);
      }
      if ("peep_card" in start !== (this.options.peep === "played")) {
        throw new BadCase("case.start.peep_card: a peep card lies on the table exactly under peep = played");
      }
      if ("peep_card" in start) this.peepCard = start.peep_card;
      const lying = new Set([
        ...this.holdings.flat(),
        ...(this.extraHand ?? []),
        ...(this.peepCard ? [this.peepCard] : []),
      ]);
      const outside = [...lying].filter((card) => !this.pack.includes(card));
      if (outside.length > 0)
        throw new BadCase(`case.start: ${outside.join(" ")} not in the pack in play (pack = ${this.options.pack})`);
      const undealt = this.pack.filter((card) => !lying.has(card));
      if ("stock" in start) {
        if (start.stock.length !== undealt.length || !start.stock.every((card) => undealt.includes(card))) {
          throw new BadCase("case.start.stock: the stock is the cards of the pack nobody holds, each once");
        }
        this.stock = [...start.stock];
      } else this.stock = undealt; // in canonical order, as the suite sends it (section 21)
      if (this.options.purchase === "played" && !("stock" in start))
        throw new BadCase("case.start.stock: purchase = played needs the stock");
      this.recordWrongNumbers();
      this.dealt();
    }

    /** How many cards `seat` should hold after the deal. */
    dealtTo(seat) {
      return this.order.includes(seat) ? this.handSize : 0;
    }

    /** Records an offence; `at` is, for a card, how many cards had been played before it. */
    record(kind, seat, at = null) {
      this.offences.push({ kind, seat, claimed: false, at });
    }

    /** A wrong-number offence for each seat holding another number than the rules deal, in
     * the order of play from the eldest hand. */
    recordWrongNumbers() {
      for (let step = 1; step <= this.players; step += 1) {
        const seat = (this.dealer + step) % this.players;
        if (this.holdings[seat].length !== this.dealtTo(seat)) this.record("wrong-number", seat);
      }
    }

    cutter() {
      return (this.dealer - 1 + this.players) % this.players;
    }

    next(seat) {
      const index = this.order.indexOf(seat);
      return this.order[(index + 1) % this.order.length];
    }

    // ------------------------------------------------------------------ applying actions

    /** Applies `action` and returns its step; a refused action changes nothing. */
    apply(action) {
      try {
        const told = this.dispatch(action);
        return told ? { ok: true, told } : { ok: true };
      } catch (error) {
        if (error instanceof Refused) return { ok: false, error: error.code, message: error.message };
        throw error;
      }
    }

    dispatch(action) {
      // Some actions are judged by the right before the moment (section 8, precedence).
      if (action.type === "expose" && !this.irregular)
        refuse("irregular-play-not-allowed", "exposing a card is irregular play");
      if (action.type === "ask" && !this.options["right-to-information"]) {
        refuse("not-provided-for", "the rules in force give no right to be told the call");
      }
      if (action.type === "peep" && this.options.peep !== "played")
        refuse("not-provided-for", "there is no peep card (peep = not-played)");
      switch (action.type) {
        case "cut":
          return this.cut(action);
        case "deal":
          return this.deal(action);
        case "call":
        case "pass":
        case "take-extra-hand":
        case "discard":
          return this.calling(action);
        case "play":
          return this.play(action);
        case "show":
        case "refuse-to-show":
          return this.show(action);
        case "ask":
          return this.ask();
        case "expose":
          return this.expose(action);
        case "claim":
          return this.claim(action);
        case "buy":
          return this.buy(action);
        case "peep":
          return this.peep(action);
        case "take-peep-card":
        case "decline-peep-card":
          return this.peepExchange(action);
        default:
          return refuse("invalid-action", `unknown action type ${JSON.stringify(action.type)}`);
      }
    }

    expectTurn(seat) {
      if (seat !== this.toAct) refuse("not-your-turn", `seat ${this.toAct} is to act, not seat ${seat}`);
    }

    // ------------------------------------------------------------------ the cut and the deal

    cutDepths() {
      const least = this.options["cut-minimum"];
      const depths = [];
      for (let depth = least; depth <= this.deck.length - least; depth += 1) depths.push(depth);
      return depths;
    }

    cut(action) {
      if (this.phase !== "cut") refuse("wrong-phase", `no cut in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      if (!this.cutDepths().includes(action.depth)) {
        refuse("bad-cut", `a cut must leave at least ${this.options["cut-minimum"]} cards in each packet`);
      }
      this.deck = [...this.deck.slice(action.depth), ...this.deck.slice(0, action.depth)];
      this.phase = "deal";
      this.toAct = this.dealer;
    }

    deal(action) {
      if (this.phase !== "cut" && this.phase !== "deal") refuse("wrong-phase", `no deal in the ${this.phase} phase`);
      if (action.seat !== this.dealer) refuse("not-your-turn", `seat ${this.dealer} deals`);
      const uncut = this.phase === "cut";
      if (!this.irregular && (uncut || "exposed" in action || "counts" in action)) {
        refuse("irregular-play-not-allowed", uncut ? "a deal before the cut is irregular play" : "an irregular deal");
      }
      if ("exposed" in action && !this.deck.includes(action.exposed))
        refuse("invalid-action", `${action.exposed} is not in the pack`);
      const counts = action.counts ?? Array.from({ length: this.players }, (_, seat) => this.dealtTo(seat));
      if (counts.length !== this.players)
        refuse("invalid-action", `counts give ${counts.length} seats, not ${this.players}`);
      if (this.dealerSitsOut && counts[this.dealer] > 0)
        refuse("invalid-action", `the dealer (seat ${this.dealer}) sits out and deals himself no cards`);
      const table = this.cardsDealt() - this.order.length * this.handSize; // the extra hand and the peep card
      if (counts.reduce((a, b) => a + b, 0) + table > this.deck.length)
        refuse("invalid-action", "the counts are beyond the pack");
      if (uncut) this.record("uncut", this.dealer);
      if ("exposed" in action) this.record("exposed-in-dealing", this.dealer);
      this.dealFrom(counts);
      // Counts that give every seat what the rules deal are a deal like any other: nobody's
      // cards were wrongly dealt, so there is no misdeal to record.
      if (counts.some((count, seat) => count !== this.dealtTo(seat))) {
        this.record("misdeal", this.dealer);
        this.recordWrongNumbers();
      }
      this.dealt();
    }

    /**
     * Deals `counts` cards to the seats from the top of the pack, round from the eldest hand
     * in the rounds of the deal pattern (three then two: a round of three, then rounds of two;
     * singly: rounds of one). Sir Garnet's extra hand is one more hand, served last in each
     * round (interpretation sir-garnet-dealt-last), whatever the players are dealt
     * (extra-hand-in-irregular-deal). A seat wrongly dealt fewer drops out of the rounds once
     * it has its count; one owed more goes on taking one card a round (section 7). Then the
     * peep card, the next card (peep-card-dealt-last); the rest is the stock.
     */
    dealFrom(counts) {
      const pattern = this.options["deal-pattern"] === "three-then-two" ? [3] : [1];
      while (pattern.reduce((a, b) => a + b, 0) < this.handSize)
        pattern.push(this.options["deal-pattern"] === "three-then-two" ? 2 : 1);
      const extra = this.options["sir-garnet"] === "played" ? [] : null;
      const hands = this.order.map((seat) => ({ cards: this.holdings[seat], wanted: counts[seat] }));
      if (extra) hands.push({ cards: extra, wanted: this.handSize });
      let top = 0;
      const give = (hand, size) => {
        const take = Math.min(size, hand.wanted - hand.cards.length);
        if (take <= 0) return;
        hand.cards.push(...this.deck.slice(top, top + take));
        top += take;
      };
      for (const size of pattern) for (const hand of hands) give(hand, size);
      while (hands.some((hand) => hand.cards.length < hand.wanted)) for (const hand of hands) give(hand, 1);
      if (extra) this.extraHand = canonical(extra);
      if (this.options.peep === "played") this.peepCard = this.deck[top++];
      this.stock = this.deck.slice(top);
      this.deck = null;
    }

    /** The deal is complete (or the hands were given): the purchase, else the calling. */
    dealt() {
      if (this.options.purchase === "played") {
        this.phase = "purchase";
        this.toAct = this.eldest;
      } else this.beginCalling();
    }

    // ------------------------------------------------------------------ the calling

    beginCalling() {
      this.phase = "calling";
      this.toAct = this.eldest;
    }

    /** Whether the player to act may pass (option compulsory-call). */
    mayPass() {
      const rule = this.options["compulsory-call"];
      if (rule === "eldest-cannot-pass") return this.toAct !== this.eldest;
      if (rule === "dealer-if-all-pass") return this.highest !== null || this.toAct !== this.dealer;
      return true;
    }

    calling(action) {
      if (this.phase !== "calling") refuse("wrong-phase", `no ${action.type} in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      if (this.taker === action.seat) {
        // Whoever took the extra hand discards before anything else; the discard is his Nap.
        if (action.type !== "discard")
          refuse("call-not-allowed", `seat ${action.seat} took the extra hand and must discard five`);
        this.discard(action);
        return this.endTurn(action.seat);
      }
      if (action.type === "take-extra-hand") return this.takeExtraHand(action);
      if (action.type === "discard") refuse("bad-discard", "no extra hand has been taken");
      if (action.type === "pass") {
        if (!this.mayPass())
          refuse("cannot-pass", `the rules (${this.options["compulsory-call"]}) oblige seat ${action.seat} to call`);
      } else {
        const call = calls.fromAction(action);
        const refusal = calls.refusal(this.options, call, this.highest && this.highest.call);
        if (refusal) refuse(...refusal);
        this.highest = { seat: action.seat, call };
      }
      return this.endTurn(action.seat);
    }

    /** `seat` has called or passed: the next player's turn, or the end of the calling. */
    endTurn(seat) {
      this.turns += 1;
      if (this.turns < this.order.length) {
        this.toAct = this.next(seat);
        return undefined;
      }
      // The eldest hand bound to play when all pass plays for the lowest call there is.
      if (this.highest === null && this.options["compulsory-call"] === "eldest-if-all-pass") {
        this.highest = { seat: this.eldest, call: calls.ladder(this.options)[0] };
      }
      if (this.highest === null) {
        this.finish("all-passed");
        return undefined;
      }
      this.soloist = this.highest.seat;
      this.call = this.highest.call;
      // At Peep Nap a soloist who peeped may exchange before he leads (peep-superior-caller).
      if (this.peeped.includes(this.soloist)) {
        this.phase = "peep-exchange";
        this.toAct = this.soloist;
      } else this.beginPlay();
      return undefined;
    }

    /** Whether the calls are complete: everyone has had his turn, or the highest call the
     * rules have is made (interpretation calls-complete-at-highest-call). */
    callsComplete() {
      return this.phase !== "calling" || calls.closes(this.options, this.highest && this.highest.call);
    }

    // ------------------------------------------------------------------ answers

    legalActions() {
      const seat = this.toAct;
      switch (this.phase) {
        case "cut":
          return this.cutDepths().map((depth) => ({ type: "cut", seat, depth }));
        case "deal":
          return [{ type: "deal", seat }];
        case "purchase":
          return this.buysOpen();
        case "calling": {
          if (this.taker === seat) return this.discardsOpen();
          const actions = [];
          if (this.mayPeep()) actions.push({ type: "peep", seat });
          if (this.mayPass()) actions.push({ type: "pass", seat });
          for (const call of calls.open(this.options, this.highest && this.highest.call))
            actions.push(calls.toAction(seat, call));
          if (this.extraHandOpen()) actions.push({ type: "take-extra-hand", seat });
          return actions;
        }
        case "peep-exchange":
          return [
            { type: "decline-peep-card", seat },
            ...[...new Set(this.holdings[seat])].map((card) => ({ type: "take-peep-card", seat, card })),
          ];
        case "play":
          return this.playable(seat).map((card) => ({ type: "play", seat, card }));
        case "show":
          return this.refusalsToShow < nap.REFUSALS_TO_SHOW
            ? [
                { type: "show", seat },
                { type: "refuse-to-show", seat },
              ]
            : [{ type: "show", seat }];
        default:
          return [];
      }
    }

    state() {
      const state = {
        phase: this.phase,
        to_act: this.toAct,
        soloist: this.soloist,
        call: this.call && this.call.tricks,
        trumps: this.trumps,
        tricks_won: [...this.tricksWon],
        holdings: this.holdings.map(canonical),
      };
      // The fields napspec/1.1 and 1.2 added, in every state of a case that plays their variants.
      if (this.reportsVariants) {
        state.declaration = this.call && this.call.declaration;
        state.extra_hand = this.extraHand && [...this.extraHand];
      }
      if (this.reportsExchanges) {
        state.peep_card = this.peepCard;
        state.peeped = [...this.peeped];
        // The undealt cards: before the deal, the whole pack.
        state.stock = this.deck ? this.deck.length : this.stock.length;
      }
      return state;
    }

    answer(query) {
      switch (query) {
        case "state":
          return this.state();
        case "legal-actions":
          return [...this.legalActions(), ...this.claims()];
        case "tricks":
          return this.tricks();
        case "table":
          return this.table.map((cards) => cards.map((placed) => ({ ...placed })));
        case "result":
          return this.result && { ...this.result, payments: [...this.result.payments] };
        case "offences":
          return this.offences.map(({ kind, seat, claimed }) => ({ kind, seat, claimed }));
        case "pool":
          return this.poolAnswer();
        default:
          throw new BadCase(`the query ${query} is not asked of a hand`);
      }
    }
  }

  Object.assign(nap, { Hand, Refused, Unsupported, BadCase, refuse, packFor, dealerSitsOut });
})((globalThis.NapEngine ??= {}));
