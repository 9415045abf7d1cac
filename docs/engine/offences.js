// Irregular play: exposed cards, claims of the offences recorded, and the remedies and
// penalties the rules in force give for them (docs/implementers.md, section 7; the register's
// chapter irregularities).
(function (nap) {
  "use strict";

  const { refuse } = nap;
  const calls = nap.calls;

  /** The option that says when a fault of the deal gives a fresh deal. */
  const FRESH_DEAL = {
    "exposed-in-dealing": "fresh-deal-exposed-card",
    misdeal: "fresh-deal-misdeal",
    "faulty-pack": "fresh-deal-faulty-pack",
    uncut: "fresh-deal-uncut",
  };

  Object.assign(nap.Hand.prototype, {
    expose(action) {
      if (!["purchase", "calling", "peep-exchange", "play", "show"].includes(this.phase)) {
        refuse("wrong-phase", `no card is exposed in the ${this.phase} phase`);
      }
      if (!this.holdings[action.seat].includes(action.card))
        refuse("card-not-held", `seat ${action.seat} does not hold ${action.card}`);
      this.record("exposed-after-deal", action.seat);
    },

    /** Whether the hands have not yet been looked at: before the first call or pass
     * (interpretation hands-looked-at-means-first-call), before the first turn to buy at
     * Purchase Nap (purchase-hands-looked-at). */
    beforeCalling() {
      if (this.phase === "cut" || this.phase === "deal") return true;
      if (this.phase === "purchase") return this.buyers === 0;
      return this.phase === "calling" && this.turns === 0 && this.options.purchase !== "played";
    },

    /** Why a claim of the offence at `index` is refused now, or null if it is accepted. */
    claimRefusal(index) {
      const offence = this.offences[index];
      if (!offence || offence.claimed || offence.void) return ["no-such-offence", `offence ${index} is not open`];
      if (this.result && ["fresh-deal", "redeal"].includes(this.result.outcome)) {
        return ["not-provided-for", "the hand is void: the cards are dealt again"];
      }
      const freshDeal = FRESH_DEAL[offence.kind];
      if (freshDeal) {
        const timing = this.options[freshDeal];
        if (timing === "none") return ["not-provided-for", `the rules give no fresh deal for ${offence.kind}`];
        if (timing === "before-calling" && !this.beforeCalling())
          return ["not-provided-for", "the claim comes after the hands were looked at"];
        if (this.phase === "finished") return ["not-provided-for", "the hand is settled"];
        return null;
      }
      const [option, value] = this.penaltyOf(offence);
      if (value === "none")
        return ["not-provided-for", `the rules give no remedy for ${offence.kind} (${option}=none)`];
      if (this.settledAtOnce) return ["not-provided-for", "the hand was settled at once for a revoke"];
      if (this.phase === "finished" && this.soloist === null) return ["not-provided-for", "nobody played the hand"];
      // A fine is paid to the stand-hand: there must be one (interpretation fines-need-a-stand-hand).
      if (value === "fine-three-tricks" && this.soloist === null)
        return ["not-provided-for", "the fine is paid to the stand-hand: claim it after the calling"];
      if (value === "fine-three-tricks" && option !== "wrong-number" && offence.seat === this.soloist) {
        return ["not-provided-for", "the stand-hand pays no fine for this"];
      }
      if (option === "wrong-number" && this.result && this.result.outcome === "redeal")
        return ["not-provided-for", "the cards are redealt"];
      return null;
    },

    /** The option and value whose penalty a claim of `offence` brings: its own, except that a
     * card out of turn under out-of-turn = as-revoke is penalised as a revoke. */
    penaltyOf(offence) {
      const value = this.options[offence.kind];
      if (offence.kind === "out-of-turn" && value === "as-revoke") return ["revoke", this.options.revoke];
      return [offence.kind, value];
    },

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
        // Redealt if found before the calls are complete (interpretations
        // calls-complete-at-highest-call, exchanges-wrong-number), else the settlement adjusts.
        if (this.phase === "purchase" || (this.phase === "calling" && !this.callsComplete())) {
          this.finish("redeal");
          return;
        }
        this.wrongNumbers.push(offence.seat);
        if (this.phase === "finished") this.settle();
      } else {
        this.finish("fresh-deal");
      }
    },

    /** Wikipedia: play is abandoned and settled at once. A revoking soloist pays every other
     * player as on a lost call; another revoker pays the soloist what all the others would
     * have paid on a made call, and they pay nothing (interpretation
     * wikipedia-revoke-full-amount). */
    abandon(revoker) {
      const payments = new Array(this.players).fill(0);
      const others = this.players - 1;
      if (revoker === this.soloist) {
        const stake = calls.stake(this.options, this.call, false);
        for (let seat = 0; seat < this.players; seat += 1) {
          if (seat !== this.soloist) payments[seat] += stake;
        }
        payments[this.soloist] -= stake * others;
      } else {
        payments[revoker] -= calls.stake(this.options, this.call, true) * others;
        payments[this.soloist] += calls.stake(this.options, this.call, true) * others;
      }
      this.settledAtOnce = true;
      this.finish("abandoned", payments);
    },

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
      this.mustFollow.push(revoker);
      this.replayFrom(0);
    },

    /** The cards from the `from`th played on are taken back and played again; the revokes
     * and cards out of turn still open among them are void (interpretation
     * replays-and-several-penalties). A card out of turn was taken back when it was played, in
     * the place of the card then due: one in the place `from` came before the cards taken back,
     * and stands. */
    replayFrom(from) {
      for (const offence of this.offences) {
        const among =
          offence.kind === "revoke" ? offence.at >= from : offence.kind === "out-of-turn" && offence.at > from;
        if (!offence.claimed && among) offence.void = true;
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
      this.settlementTransfers = [];
      this.phase = "play";
      this.current = this.openTrick(this.soloist);
      this.toAct = this.current ? this.current.leader : this.soloist;
      for (const { seat, card } of kept) this.place(seat, card);
    },

    /** Britannica: a revoking stand-hand loses at once; another revoker pays a fine of five
     * and receives nothing if the stand-hand loses, and the cards are played over again
     * from the revoke (interpretation britannica-replay-from-revoke). */
    replayFromRevoke(offence) {
      if (offence.seat === this.soloist) {
        this.settledAtOnce = true;
        this.finish("defeated");
        return;
      }
      this.fines.push({ seat: offence.seat, stakes: 5 });
      this.receiveNothing.push(offence.seat);
      this.mustFollow.push(offence.seat);
      this.replayFrom(offence.at);
    },

    /** Every claim accepted now: one per seat at the table for each open offence. */
    claims() {
      const claims = [];
      this.offences.forEach((_, offence) => {
        if (this.claimRefusal(offence) === null) {
          for (let seat = 0; seat < this.players; seat += 1) claims.push({ type: "claim", seat, offence });
        }
      });
      return claims;
    },
  });
})(globalThis.NapEngine);
