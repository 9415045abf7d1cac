// One hand of plain Nap under the rules of a case: the cut, the deal, the calling, the play,
// the showing of cards and the settlement, as docs/implementers.md describes them.

import { canonical, rankOf, RANKS, suitOf } from "./cards.mjs";

const HAND_SIZE = 5;
const NAP = 5;

/** A case this engine cannot play: answered with an "unsupported" error response. */
export class Unsupported extends Error {}

/** A case that cannot be set up: answered with a "bad-request" error response. */
export class BadCase extends Error {}

/** A refused action: its step is {"ok": false, "error": code}. */
class Refused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const refuse = (code, message) => {
  throw new Refused(code, message);
};

/** The refusals to show his cards a hand allows (the register's rule irregularities.show-cards,
 * its number refusals-to-show; interpretation hoyle-refusal-to-show-once): after them a player
 * required to show must show. */
const REFUSALS_TO_SHOW = 1;

export class Hand {
  constructor(caseData) {
    this.refusalsToShow = 0;
    this.options = caseData.options;
    this.players = caseData.players;
    this.dealer = caseData.dealer;
    const sitsOut = this.options["dealer-sits-out"];
    this.dealerSitsOut =
      (sitsOut === "six-players" && this.players === 6) ||
      (sitsOut === "five-or-six-players" && (this.players === 5 || this.players === 6));
    // The seats that call and play, in the order of play from the eldest hand.
    this.order = [];
    for (let step = 1; step <= this.players; step += 1) {
      const seat = (this.dealer + step) % this.players;
      if (!(seat === this.dealer && this.dealerSitsOut)) this.order.push(seat);
    }
    this.eldest = this.order[0];
    this.holdings = Array.from({ length: this.players }, () => []);
    this.deck = null;
    this.phase = null;
    this.toAct = null;
    this.calls = 0; // how many players have called or passed
    this.highest = null; // the highest call so far: {seat, tricks}
    this.soloist = null;
    this.call = null;
    this.trumps = null;
    this.completed = [];
    this.current = null;
    this.tricksWon = new Array(this.players).fill(0);
    this.table = Array.from({ length: this.players }, () => []);
    this.toShow = [];
    this.result = null;
    this.irregular = caseData.irregular;
    this.offences = []; // {kind, seat, claimed}, in the order recorded
    this.playHoldings = null; // the holdings when the play began, for a replay
    this.revokers = []; // opponents whose revoke replayed the hand (Hoyle)
    this.wrongNumbers = []; // seats whose wrong number was claimed and adjusts the settlement
    this.settledAtOnce = false;
    this.playLog = []; // the cards played, in order, since the play began
    this.fines = []; // {seat, stakes}: fines paid to the soloist (Britannica)
    this.receiveNothing = []; // fined players who receive nothing if the soloist fails

    const start = caseData.start;
    if (start.hands) {
      start.hands.forEach((cards, seat) => {
        this.holdings[seat] = [...cards];
      });
      this.recordWrongNumbers();
      this.beginCalling();
    } else if (start.deck) {
      this.deck = [...start.deck];
      if (this.deck.length !== 52 || new Set(this.deck).size !== 52) this.record("faulty-pack", null);
      this.phase = "cut";
      this.toAct = this.cutter();
    }
  }

  /** How many cards `seat` should hold after the deal. */
  dealtTo(seat) {
    return this.order.includes(seat) ? HAND_SIZE : 0;
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

  /** The first of `seats` to the left of `seat`, in the order of play. */
  nextOf(seat, seats) {
    let next = this.next(seat);
    while (!seats.includes(next)) next = this.next(next);
    return next;
  }

  /** A trick led by `leader`, or by the first player on his left who still holds a card
   * (a player left without cards by a wrong number takes no part). */
  openTrick(leader) {
    const players = this.order.filter((seat) => this.holdings[seat].length > 0);
    if (players.length === 0) return null;
    const first = players.includes(leader) ? leader : this.nextOf(leader, players);
    return { leader: first, plays: [], players };
  }

  beginCalling() {
    this.phase = "calling";
    this.toAct = this.eldest;
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
    // Two actions are judged by the right before the moment (section 8, precedence).
    if (action.type === "expose" && !this.irregular) refuse("irregular-play-not-allowed", "exposing a card is irregular play");
    if (action.type === "ask" && !this.options["right-to-information"]) {
      refuse("not-provided-for", "the rules in force give no right to be told the call");
    }
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
      default:
        return refuse("invalid-action", `unknown action type ${JSON.stringify(action.type)}`);
    }
  }

  expectTurn(seat) {
    if (seat !== this.toAct) refuse("not-your-turn", `seat ${this.toAct} is to act, not seat ${seat}`);
  }

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
    if ("exposed" in action && !this.deck.includes(action.exposed)) {
      refuse("invalid-action", `${action.exposed} is not in the pack`);
    }
    const counts = action.counts ?? Array.from({ length: this.players }, (_, seat) => this.dealtTo(seat));
    if (counts.length !== this.players) refuse("invalid-action", `counts give ${counts.length} seats, not ${this.players}`);
    if (counts.reduce((a, b) => a + b, 0) > this.deck.length) refuse("invalid-action", "the counts are beyond the pack");
    if (uncut) this.record("uncut", this.dealer);
    if ("exposed" in action) this.record("exposed-in-dealing", this.dealer);
    // The deal goes round from the eldest hand in the rounds of the deal pattern; a seat
    // wrongly dealt more goes on taking one card a round, a seat dealt fewer stops early.
    const rounds = this.options["deal-pattern"] === "three-then-two" ? [3, 2] : [1];
    const seats = Array.from({ length: this.players }, (_, step) => (this.dealer + 1 + step) % this.players);
    let top = 0;
    for (let round = 0; seats.some((seat) => this.holdings[seat].length < counts[seat]); round += 1) {
      const size = rounds[round] ?? 1;
      for (const seat of seats) {
        const take = Math.min(size, counts[seat] - this.holdings[seat].length);
        this.holdings[seat].push(...this.deck.slice(top, top + take));
        top += take;
      }
    }
    this.deck = this.deck.slice(top);
    if ("counts" in action) {
      this.record("misdeal", this.dealer);
      this.recordWrongNumbers();
    }
    this.beginCalling();
  }

  // ------------------------------------------------------------------ the calling

  mayPass() {
    const rule = this.options["compulsory-call"];
    if (rule === "eldest-cannot-pass") return this.toAct !== this.eldest;
    if (rule === "dealer-if-all-pass") return this.highest !== null || this.toAct !== this.dealer;
    return true;
  }

  lowestCall() {
    return this.highest === null ? 1 : this.highest.tricks + 1;
  }

  calling(action) {
    if (this.phase !== "calling") refuse("wrong-phase", `no ${action.type} in the ${this.phase} phase`);
    this.expectTurn(action.seat);
    if (action.type === "take-extra-hand") refuse("call-not-allowed", "there is no extra hand (sir-garnet)");
    if (action.type === "discard") refuse("bad-discard", "no extra hand has been taken");
    if (action.type === "pass") {
      if (!this.mayPass()) refuse("cannot-pass", `the rules (${this.options["compulsory-call"]}) oblige seat ${action.seat} to call`);
    } else {
      if ("call" in action) refuse("call-not-allowed", `the rules in force have no call "${action.call}"`);
      if (!(action.tricks >= 1 && action.tricks <= NAP)) refuse("invalid-action", `there is no call of ${action.tricks} tricks`);
      if (action.tricks < this.lowestCall()) {
        refuse("call-too-low", `a call must exceed the highest so far (${this.highest.tricks})`);
      }
      this.highest = { seat: action.seat, tricks: action.tricks };
    }
    this.calls += 1;
    if (this.calls < this.order.length) {
      this.toAct = this.next(action.seat);
      return;
    }
    if (this.highest === null && this.options["compulsory-call"] === "eldest-if-all-pass") {
      this.highest = { seat: this.eldest, tricks: 1 };
    }
    if (this.highest === null) {
      this.finish("all-passed");
      return;
    }
    this.soloist = this.highest.seat;
    this.call = this.highest.tricks;
    this.phase = "play";
    this.playHoldings = this.holdings.map((cards) => [...cards]);
    this.current = this.openTrick(this.soloist);
    this.toAct = this.current ? this.current.leader : this.soloist;
  }

  // ------------------------------------------------------------------ the play

  playable(seat) {
    const hand = this.holdings[seat];
    if (this.current.plays.length === 0) return [...hand];
    const led = suitOf(this.current.plays[0].card);
    const following = hand.filter((card) => suitOf(card) === led);
    return following.length > 0 ? following : [...hand];
  }

  play(action) {
    if (this.phase !== "play") refuse("wrong-phase", `no card is played in the ${this.phase} phase`);
    const hand = this.holdings[action.seat];
    if (action.seat !== this.toAct && this.irregular && hand.includes(action.card)) {
      // A card played out of turn is recorded and taken back: nothing else changes.
      this.record("out-of-turn", action.seat, this.playLog.length);
      return;
    }
    this.expectTurn(action.seat);
    if (!hand.includes(action.card)) refuse("card-not-held", `seat ${action.seat} does not hold ${action.card}`);
    if (!this.playable(action.seat).includes(action.card)) {
      if (!this.irregular) refuse("must-follow-suit", `seat ${action.seat} holds the suit led`);
      this.record("revoke", action.seat, this.playLog.length);
      // The suit he failed to follow: a card of it among the cards he shows proves the revoke.
      this.offences[this.offences.length - 1].suit = suitOf(this.current.plays[0].card);
    }
    this.place(action.seat, action.card);
  }

  /** Puts `card` of `seat` on the trick (the checks are done), and closes the trick when
   * everyone in it has played. */
  place(seat, card) {
    const hand = this.holdings[seat];
    hand.splice(hand.indexOf(card), 1);
    this.playLog.push({ seat, card });
    if (this.trumps === null) this.trumps = suitOf(card);
    this.current.plays.push({ seat, card });
    this.table[seat].push({ card, face_up: true });
    const waiting = this.current.players.filter((player) => !this.current.plays.some((played) => played.seat === player));
    if (waiting.length > 0) {
      this.toAct = this.nextOf(seat, waiting);
      return;
    }
    this.closeTrick();
  }

  closeTrick() {
    const trick = this.current;
    const led = suitOf(trick.plays[0].card);
    const strength = ({ card }) =>
      (suitOf(card) === this.trumps ? 200 : suitOf(card) === led ? 100 : 0) + rankOf(card);
    const best = trick.plays.reduce((a, b) => (strength(b) > strength(a) ? b : a));
    trick.winner = best.seat;
    delete trick.players;
    this.tricksWon[best.seat] += 1;
    if (this.options["cards-left"] === "face-up-winner-turned-down") {
      const placed = this.table[best.seat];
      placed[placed.length - 1].face_up = false;
    }
    this.completed.push(trick);
    this.current = this.completed.length < HAND_SIZE ? this.openTrick(best.seat) : null;
    this.toAct = this.current ? this.current.leader : null;
    const made = this.tricksWon[this.soloist];
    const left = HAND_SIZE - this.completed.length;
    if (left === 0 || this.current === null) {
      this.settle();
      return;
    }
    const decided = made >= this.call || made + left < this.call;
    if (!decided || !this.options["stop-when-decided"]) return;
    // Play stops. Under show-cards, whoever trumped or renounced in the deciding trick shows
    // his remaining cards, in the order of that trick, before the hand is settled.
    this.toShow = this.options["show-cards"]
      ? trick.plays.filter(({ card }) => suitOf(card) !== led).map(({ seat }) => seat)
      : [];
    if (this.toShow.length > 0) {
      this.phase = "show";
      this.toAct = this.toShow[0];
      return;
    }
    this.settle();
  }

  show(action) {
    if (this.phase !== "show") refuse("wrong-phase", `no ${action.type} in the ${this.phase} phase`);
    this.expectTurn(action.seat);
    if (action.type === "refuse-to-show" && this.refusalsToShow >= REFUSALS_TO_SHOW) {
      refuse("not-provided-for", `seat ${action.seat} must show: a hand allows ${REFUSALS_TO_SHOW} refusal to show`);
    }
    if (action.type === "refuse-to-show") this.refusalsToShow += 1;
    this.toShow.shift();
    if (action.type === "show") {
      // Shown cards holding a card of a suit he failed to follow in an open revoke of this
      // hand prove it: the earliest such revoke is penalised as if claimed (interpretation
      // hoyle-showing-reveals).
      const held = new Set(this.holdings[action.seat].map(suitOf));
      const index = this.offences.findIndex(
        (offence) => offence.kind === "revoke" && offence.seat === action.seat && held.has(offence.suit) && !offence.claimed && !offence.void,
      );
      if (index >= 0 && this.claimRefusal(index) === null) {
        this.claim({ type: "claim", seat: action.seat, offence: index });
        return;
      }
    }
    if (action.type === "refuse-to-show") {
      // A refusal is held a revoke at the refuser's card in the deciding trick, penalised at
      // once as if claimed: nobody need claim it (option show-cards, interpretation
      // hoyle-showing-reveals). Under revoke = none it is recorded and the showing goes on.
      this.record("revoke", action.seat, this.playLog.map((played) => played.seat).lastIndexOf(action.seat));
      const index = this.offences.length - 1;
      if (this.claimRefusal(index) === null) {
        this.claim({ type: "claim", seat: action.seat, offence: index });
        return;
      }
    }
    if (this.toShow.length > 0) {
      this.toAct = this.toShow[0];
      return;
    }
    this.settle();
  }

  ask() {
    if (this.soloist === null || (this.phase !== "play" && this.phase !== "show")) {
      refuse("wrong-phase", "there is no stand-hand in play to ask about");
    }
    return { call: this.call, tricks_made: this.tricksWon[this.soloist] };
  }

  // ------------------------------------------------------------------ offences and claims

  expose(action) {
    if (!["calling", "play", "show"].includes(this.phase)) refuse("wrong-phase", `no card is exposed in the ${this.phase} phase`);
    if (!this.holdings[action.seat].includes(action.card)) refuse("card-not-held", `seat ${action.seat} does not hold ${action.card}`);
    this.record("exposed-after-deal", action.seat);
  }

  /** Why a claim of the offence at `index` is refused now, or null if it is accepted. */
  claimRefusal(index) {
    const offence = this.offences[index];
    if (!offence || offence.claimed || offence.void) return ["no-such-offence", `offence ${index} is not open`];
    if (this.result && ["fresh-deal", "redeal"].includes(this.result.outcome)) {
      return ["not-provided-for", "the hand is void: the cards are dealt again"];
    }
    const freshDeal = {
      "exposed-in-dealing": "fresh-deal-exposed-card",
      misdeal: "fresh-deal-misdeal",
      "faulty-pack": "fresh-deal-faulty-pack",
      uncut: "fresh-deal-uncut",
    }[offence.kind];
    if (freshDeal) {
      const timing = this.options[freshDeal];
      if (timing === "none") return ["not-provided-for", `the rules give no fresh deal for ${offence.kind}`];
      const beforeCalling = ["cut", "deal"].includes(this.phase) || (this.phase === "calling" && this.calls === 0);
      if (timing === "before-calling" && !beforeCalling) return ["not-provided-for", "the claim comes after the calling began"];
      if (this.phase === "finished") return ["not-provided-for", "the hand is settled"];
      return null;
    }
    const [option, value] = this.penaltyOf(offence);
    if (value === "none") return ["not-provided-for", `the rules give no remedy for ${offence.kind} (${option}=none)`];
    if (this.settledAtOnce) return ["not-provided-for", "the hand was settled at once for a revoke"];
    if (this.phase === "finished" && this.soloist === null) return ["not-provided-for", "nobody played the hand"];
    if (value === "fine-three-tricks" && option !== "wrong-number" && offence.seat === this.soloist) {
      return ["not-provided-for", "the stand-hand pays no fine for this"];
    }
    if (option === "wrong-number" && this.result && this.result.outcome === "redeal") return ["not-provided-for", "the cards are redealt"];
    return null;
  }

  /** The option and value whose penalty a claim of `offence` brings: its own, except that a
   * card out of turn under out-of-turn = as-revoke is penalised as a revoke. */
  penaltyOf(offence) {
    const value = this.options[offence.kind];
    if (offence.kind === "out-of-turn" && value === "as-revoke") return ["revoke", this.options.revoke];
    return [offence.kind, value];
  }

  claim(action) {
    const refusal = this.claimRefusal(action.offence);
    if (refusal) refuse(...refusal);
    const offence = this.offences[action.offence];
    offence.claimed = true;
    const penalty = this.penaltyOf(offence).join("=");
    if (penalty === "revoke=abandon-revoker-pays-soloist") {
      this.abandon(offence.seat);
    } else if (penalty === "revoke=replay-hand-revoker-pays-all") {
      this.replay(offence.seat);
    } else if (penalty === "revoke=replay-from-revoke-fine-five") {
      this.replayFromRevoke(offence);
    } else if (penalty.endsWith("=fine-three-tricks")) {
      // Britannica: an opponent pays the stand-hand three stakes, and receives nothing if
      // the stand-hand loses; a stand-hand with the wrong number who wins receives nothing
      // and the cards are dealt afresh.
      if (offence.seat === this.soloist) this.wrongNumbers.push(offence.seat);
      else {
        this.fines.push({ seat: offence.seat, stakes: 3 });
        this.receiveNothing.push(offence.seat);
      }
      if (this.phase === "finished") this.settle();
    } else if (penalty === "wrong-number=redeal-before-calls-else-adjust") {
      const napCalled = this.highest !== null && this.highest.tricks === NAP;
      if (this.phase === "calling" && !napCalled) {
        this.finish("redeal");
        return;
      }
      this.wrongNumbers.push(offence.seat);
      if (this.phase === "finished") this.settle();
    } else {
      this.finish("fresh-deal");
    }
  }

  /** Wikipedia: play is abandoned and settled at once. A revoking soloist pays every other
   * player as on a lost call; another revoker pays the soloist what all the others would
   * have paid on a made call, and they pay nothing. */
  abandon(revoker) {
    const payments = new Array(this.players).fill(0);
    if (revoker === this.soloist) {
      for (let seat = 0; seat < this.players; seat += 1) {
        if (seat !== this.soloist) {
          payments[seat] += this.stake(false);
          payments[this.soloist] -= this.stake(false);
        }
      }
    } else {
      payments[revoker] -= this.stake(true) * (this.players - 1);
      payments[this.soloist] += this.stake(true) * (this.players - 1);
    }
    this.settledAtOnce = true;
    this.finish("abandoned", payments);
  }

  /** Hoyle: a revoking soloist loses his stakes at once; after another player's revoke the
   * cards are taken up and the hand is replayed from the first lead, and he pays at the
   * settlement. The replay voids the revokes and cards out of turn still open. */
  replay(revoker) {
    if (revoker === this.soloist) {
      this.settledAtOnce = true;
      this.finish("defeated");
      return;
    }
    this.revokers.push(revoker);
    this.replayFrom(0);
  }

  /** The cards from the `from`th played on are taken back and played again; the revokes
   * and cards out of turn still open among them are void. */
  replayFrom(from) {
    for (const offence of this.offences) {
      if (!offence.claimed && (offence.kind === "revoke" || offence.kind === "out-of-turn") && offence.at >= from) {
        offence.void = true;
      }
    }
    const kept = this.playLog.slice(0, from);
    this.playLog = [];
    this.holdings = this.playHoldings.map((cards) => [...cards]);
    this.completed = [];
    this.tricksWon.fill(0);
    this.table = Array.from({ length: this.players }, () => []);
    this.trumps = null;
    this.toShow = [];
    this.result = null;
    this.phase = "play";
    this.current = this.openTrick(this.soloist);
    this.toAct = this.current ? this.current.leader : this.soloist;
    for (const { seat, card } of kept) this.place(seat, card);
  }

  /** Britannica: a revoking stand-hand loses at once; another revoker pays a fine of five
   * and receives nothing if the stand-hand loses, and the cards are played over again
   * from the revoke. */
  replayFromRevoke(offence) {
    if (offence.seat === this.soloist) {
      this.settledAtOnce = true;
      this.finish("defeated");
      return;
    }
    this.fines.push({ seat: offence.seat, stakes: 5 });
    this.receiveNothing.push(offence.seat);
    this.replayFrom(offence.at);
  }

  // ------------------------------------------------------------------ the settlement

  /** What each other player pays the soloist if he makes his call (`made`), or receives
   * from him if he fails. */
  stake(made) {
    if (this.call !== NAP) return this.call;
    const [win, lose] = this.options["nap-stakes"] === "win-12-lose-6" ? [12, 6] : [10, 5];
    return made ? win : lose;
  }

  /** The result of a hand played to its end (or stopped once decided). */
  settle() {
    this.finish(this.tricksWon[this.soloist] >= this.call ? "made" : "defeated");
  }

  finish(outcome, payments = new Array(this.players).fill(0)) {
    if (outcome === "made" || outcome === "defeated") {
      const made = outcome === "made";
      const stake = this.stake(made);
      const sign = made ? 1 : -1;
      for (let seat = 0; seat < this.players; seat += 1) {
        if (seat !== this.soloist) {
          payments[seat] -= sign * stake;
          payments[this.soloist] += sign * stake;
        }
      }
      if (!this.settledAtOnce && this.revokers.length > 0) {
        // Hoyle's revoker settlement replaces the ordinary one; each revoker pays in full:
        // on a made call the stakes of every opponent to the soloist, on a failed call the
        // stake of every opponent but himself, the soloist paying nothing.
        payments.fill(0);
        for (const revoker of this.revokers) {
          for (let seat = 0; seat < this.players; seat += 1) {
            if (seat === this.soloist || seat === revoker) continue;
            const receiver = made ? this.soloist : seat;
            payments[revoker] -= stake;
            payments[receiver] += stake;
          }
          if (made) {
            payments[revoker] -= stake;
            payments[this.soloist] += stake;
          }
        }
      } else if (!this.settledAtOnce && this.wrongNumbers.length > 0 && this.options["wrong-number"] === "fine-three-tricks") {
        // Britannica: the stand-hand with the wrong number who wins receives nothing, and
        // there is a fresh deal; if he loses he pays as usual.
        if (made) {
          this.finish("fresh-deal");
          return;
        }
      } else if (!this.settledAtOnce && this.wrongNumbers.length > 0) {
        // Hoyle's adjustment: a soloist with the right number is paid if he succeeds and
        // neither pays nor receives if he fails; one with the wrong number neither receives
        // nor pays if he succeeds and pays if he fails.
        const soloistWrong = this.wrongNumbers.includes(this.soloist);
        if (soloistWrong === made) payments.fill(0);
      }
    }
    if (outcome === "defeated" || outcome === "made" || outcome === "abandoned") {
      for (const seat of this.receiveNothing) {
        if (outcome === "defeated" && seat !== this.soloist && payments[seat] > 0) {
          payments[this.soloist] += payments[seat];
          payments[seat] = 0;
        }
      }
      for (const { seat, stakes } of this.fines) {
        payments[seat] -= stakes;
        payments[this.soloist] += stakes;
      }
    }
    this.phase = "finished";
    this.toAct = null;
    const sameDealer = outcome === "fresh-deal" || outcome === "redeal";
    this.result = { outcome, payments, next_dealer: sameDealer ? this.dealer : (this.dealer + 1) % this.players };
  }

  // ------------------------------------------------------------------ answers

  legalActions() {
    const seat = this.toAct;
    switch (this.phase) {
      case "cut":
        return this.cutDepths().map((depth) => ({ type: "cut", seat, depth }));
      case "deal":
        return [{ type: "deal", seat }];
      case "calling": {
        const actions = this.mayPass() ? [{ type: "pass", seat }] : [];
        for (let tricks = this.lowestCall(); tricks <= NAP; tricks += 1) actions.push({ type: "call", seat, tricks });
        return actions;
      }
      case "play":
        return this.playable(seat).map((card) => ({ type: "play", seat, card }));
      case "show":
        return this.refusalsToShow < REFUSALS_TO_SHOW
          ? [
              { type: "show", seat },
              { type: "refuse-to-show", seat },
            ]
          : [{ type: "show", seat }];
      default:
        return [];
    }
  }

  /** Every claim accepted now: one per seat at the table for each open offence. */
  claims() {
    const claims = [];
    this.offences.forEach((_, offence) => {
      if (this.claimRefusal(offence) === null) {
        for (let seat = 0; seat < this.players; seat += 1) claims.push({ type: "claim", seat, offence });
      }
    });
    return claims;
  }

  tricks() {
    const tricks = this.completed.map(({ leader, plays, winner }) => ({ leader, plays, winner }));
    if (this.current && this.current.plays.length > 0) {
      tricks.push({ leader: this.current.leader, plays: this.current.plays, winner: null });
    }
    return tricks;
  }

  state() {
    return {
      phase: this.phase,
      to_act: this.toAct,
      soloist: this.soloist,
      call: this.call,
      trumps: this.trumps,
      tricks_won: this.tricksWon,
      holdings: this.holdings.map(canonical),
    };
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
        return this.table;
      case "result":
        return this.result;
      case "offences":
        return this.offences.map(({ kind, seat, claimed }) => ({ kind, seat, claimed }));
      default:
        throw new Error(`query ${query} cannot be asked of a hand`);
    }
  }
}

/**
 * The first dealer from the cards drawn (start.draw), under the option first-dealer: the
 * first knave dealt face up round the table, or the lowest card with ties drawing again.
 */
export function firstDealer(draw, players, rule) {
  if (rule === "first-jack-face-up") {
    const index = draw.findIndex((card) => card[0] === "J");
    if (index < 0) throw new BadCase("start.draw: no knave among the cards drawn");
    return index % players;
  }
  const value = (card) => (card[0] === "A" ? (rule === "lowest-card-ace-low" ? -1 : RANKS.length) : rankOf(card));
  let drawing = Array.from({ length: players }, (_, seat) => seat);
  let next = 0;
  while (drawing.length > 1) {
    if (next + drawing.length > draw.length) throw new BadCase("start.draw: the cards run out before the tie is broken");
    const drawn = drawing.map((seat) => ({ seat, value: value(draw[next + drawing.indexOf(seat)]) }));
    next += drawing.length;
    const lowest = Math.min(...drawn.map((entry) => entry.value));
    drawing = drawn.filter((entry) => entry.value === lowest).map((entry) => entry.seat);
  }
  return drawing[0];
}
