// The play of a hand: the tricks, trumps, the showing of cards when play stops early, and the
// question of the call (docs/implementers.md, sections 7 to 9).
(function (nap) {
  "use strict";

  const { rankOf, suitOf } = nap.cards;
  const { refuse } = nap;

  /** The refusals to show his cards a hand allows (the register's rule irregularities.show-cards,
   * its number refusals-to-show; interpretation hoyle-refusal-to-show-once): after them a player
   * required to show must show. */
  nap.REFUSALS_TO_SHOW = 1;

  Object.assign(nap.Hand.prototype, {
    /** The play begins, the soloist leading; the holdings are kept for a replay (after the
     * exchanges and the discard: interpretations exchanges-replay-after-exchanges and
     * sir-garnet-replay-after-discard). */
    beginPlay() {
      this.phase = "play";
      this.playHoldings = this.holdings.map((cards) => [...cards]);
      this.current = this.openTrick(this.soloist);
      this.toAct = this.current ? this.current.leader : this.soloist;
    },

    /** Whether the first lead makes trumps: always, but in a Misery played without trumps
     * (option misery = no-trumps; rule variants.misery-trumps). */
    leadMakesTrumps() {
      return !(this.call.declaration === "misery" && this.options.misery === "no-trumps");
    },

    /** The first of `seats` to the left of `seat`, in the order of play. */
    nextOf(seat, seats) {
      let next = this.next(seat);
      while (!seats.includes(next)) next = this.next(next);
      return next;
    },

    /** A trick led by `leader`, or by the first player on his left who still holds a card
     * (a player left without cards by a wrong number takes no part). */
    openTrick(leader) {
      const players = this.order.filter((seat) => this.holdings[seat].length > 0);
      if (players.length === 0) return null;
      const first = players.includes(leader) ? leader : this.nextOf(leader, players);
      return { leader: first, plays: [], players };
    },

    /** The cards `seat` may play now, each once (a faulty pack may have given him one twice). */
    playable(seat) {
      const hand = [...new Set(this.holdings[seat])];
      if (this.current.plays.length === 0) return this.leads(seat);
      const led = suitOf(this.current.plays[0].card);
      const following = hand.filter((card) => suitOf(card) === led);
      return following.length > 0 ? following : [...hand];
    },

    /** The cards `seat` may lead: any, but the Wellington caller's first lead under
     * wellington-lead = lowest-trump is his lowest card of the suit he leads (rule
     * variants.wellington-lead; interpretation wellington-lowest-trump-read). */
    leads(seat) {
      const hand = [...new Set(this.holdings[seat])];
      if (!this.mustLeadLowest(seat)) return [...hand];
      return hand.filter(
        (card) => !hand.some((other) => suitOf(other) === suitOf(card) && rankOf(other) < rankOf(card)),
      );
    },

    mustLeadLowest(seat) {
      return (
        this.options["wellington-lead"] === "lowest-trump" &&
        this.call.declaration === "wellington" &&
        seat === this.soloist &&
        this.playLog.length === 0
      );
    },

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
      // Not an offence to record: a lead the rules refuse, even in irregular play
      // (interpretation wellington-lead-refused-not-recorded).
      if (this.mustLeadLowest(action.seat) && !this.leads(action.seat).includes(action.card)) {
        refuse(
          "must-lead-lowest-trump",
          "a Wellington is opened with the lowest card of the suit led (wellington-lead = lowest-trump)",
        );
      }
      if (!this.playable(action.seat).includes(action.card)) {
        if (!this.irregular) refuse("must-follow-suit", `seat ${action.seat} holds the suit led`);
        // The cards taken up for his revoke are "replayed properly--that is to say, players
        // must follow suit" (Hoyle p. 100); the revoker "must then play ... properly"
        // (interpretation britannica-replay-from-revoke): he may not revoke again, even where
        // irregular play is recorded.
        if (this.mustFollow.includes(action.seat))
          refuse("must-follow-suit", `seat ${action.seat} revoked before and must now follow suit`);
        this.record("revoke", action.seat, this.playLog.length);
        // The suit he failed to follow: a card of it among the cards he shows proves the revoke.
        this.offences[this.offences.length - 1].suit = suitOf(this.current.plays[0].card);
      }
      this.place(action.seat, action.card);
    },

    /** Puts `card` of `seat` on the trick (the checks are done), and closes the trick when
     * everyone in it has played. */
    place(seat, card) {
      const hand = this.holdings[seat];
      hand.splice(hand.indexOf(card), 1);
      this.playLog.push({ seat, card });
      if (this.playLog.length === 1 && this.leadMakesTrumps()) this.trumps = suitOf(card);
      this.current.plays.push({ seat, card });
      this.table[seat].push({ card, face_up: true });
      const waiting = this.current.players.filter(
        (player) => !this.current.plays.some((played) => played.seat === player),
      );
      if (waiting.length > 0) {
        this.toAct = this.nextOf(seat, waiting);
        return;
      }
      this.closeTrick();
    },

    /** Whether the soloist's call is decided after `made` tricks won with `left` to play: a
     * Misery is lost at the first trick he wins (interpretation misery-decided-at-first-trick). */
    decided(made, left) {
      if (this.call.declaration === "misery") return made > 0 || left === 0;
      return made >= this.call.tricks || made + left < this.call.tricks;
    },

    /** Whether the soloist has made his call with the tricks he has won. */
    madeCall() {
      const made = this.tricksWon[this.soloist];
      return this.call.declaration === "misery" ? made === 0 : made >= this.call.tricks;
    },

    closeTrick() {
      const trick = this.current;
      const led = suitOf(trick.plays[0].card);
      // The highest trump wins, else the highest card of the suit led (trick-winner-peel-hoyle).
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
      this.current = this.completed.length < this.handSize ? this.openTrick(best.seat) : null;
      this.toAct = this.current ? this.current.leader : null;
      const left = this.handSize - this.completed.length;
      if (left === 0 || this.current === null) {
        this.settle();
        return;
      }
      if (!this.decided(this.tricksWon[this.soloist], left) || !this.options["stop-when-decided"]) return;
      // Play stops. Under show-cards, whoever trumped or renounced in the deciding trick shows
      // his remaining cards, in the order of that trick, before the hand is settled
      // (interpretations hoyle-show-cards-who and hoyle-showing-reveals).
      this.toShow = this.options["show-cards"]
        ? trick.plays.filter(({ card }) => suitOf(card) !== led).map(({ seat }) => seat)
        : [];
      if (this.toShow.length > 0) {
        this.phase = "show";
        this.toAct = this.toShow[0];
        return;
      }
      this.settle();
    },

    show(action) {
      if (this.phase !== "show") refuse("wrong-phase", `no ${action.type} in the ${this.phase} phase`);
      this.expectTurn(action.seat);
      const refusing = action.type === "refuse-to-show";
      if (refusing && this.refusalsToShow >= nap.REFUSALS_TO_SHOW) {
        refuse(
          "not-provided-for",
          `seat ${action.seat} must show: a hand allows ${nap.REFUSALS_TO_SHOW} refusal to show`,
        );
      }
      if (refusing) this.refusalsToShow += 1;
      this.toShow.shift();
      if (!refusing) {
        // Shown cards holding a card of a suit he failed to follow in an open revoke of this
        // hand prove it: the earliest such revoke is penalised as if claimed (interpretation
        // hoyle-showing-reveals).
        const held = new Set(this.holdings[action.seat].map(suitOf));
        const index = this.offences.findIndex(
          (offence) =>
            offence.kind === "revoke" &&
            offence.seat === action.seat &&
            held.has(offence.suit) &&
            !offence.claimed &&
            !offence.void,
        );
        if (index >= 0 && this.claimRefusal(index) === null) {
          this.claim({ type: "claim", seat: action.seat, offence: index });
          return;
        }
      } else {
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
    },

    ask() {
      if (this.soloist === null || (this.phase !== "play" && this.phase !== "show")) {
        refuse("wrong-phase", "there is no stand-hand in play to ask about");
      }
      return { call: this.call.tricks, tricks_made: this.tricksWon[this.soloist] };
    },

    tricks() {
      const copy = (plays) => plays.map(({ seat, card }) => ({ seat, card }));
      const tricks = this.completed.map(({ leader, plays, winner }) => ({ leader, plays: copy(plays), winner }));
      if (this.current && this.current.plays.length > 0)
        tricks.push({ leader: this.current.leader, plays: copy(this.current.plays), winner: null });
      return tricks;
    },
  });
})(globalThis.NapEngine);
