// The settlement of a hand and the pool beside it: the stakes of the call made or lost, the
// adjustments the penalties bring, and every movement into or out of the pool
// (docs/implementers.md, section 9 `result`, section 21 `pool`; the register's chapters
// settlement and pool).
(function (nap) {
  "use strict";

  const { rankOf, suitOf } = nap.cards;
  const calls = nap.calls;

  /** The ranks of the knave and the five: the cards of pool-contributions = knaves-and-fives. */
  const RANK_OF = { J: rankOf("JS"), 5: rankOf("5S") };

  /** The seats from the dealer's left round to the dealer. */
  const fromLeft = (dealer, players) => Array.from({ length: players }, (_, step) => (dealer + 1 + step) % players);

  Object.assign(nap.Hand.prototype, {
    // ------------------------------------------------------------------ the pool

    /** The hand starts with the case's pool; the contributions of the turn to deal are paid as
     * it starts (rule pool.contributions; interpretation pool-payment-per-turn-to-deal). */
    openPool(caseData) {
      this.poolAtStart = caseData.pool ?? 0;
      this.transfers = [];
      this.settlementTransfers = [];
      if (this.options.pool !== "played") return;
      const { dealer, players } = this;
      const contributions = this.options["pool-contributions"];
      if (contributions === "all-at-original-deal") {
        const original = caseData.original_dealer ?? dealer;
        if (dealer === original)
          for (const seat of fromLeft(dealer, players)) this.payIn(seat, 1, "player-contribution");
      } else if (contributions === "each-dealer") this.payIn(dealer, 1, "dealer-contribution");
      else if (contributions === "dealer-three-players-one") {
        this.payIn(dealer, 3, "dealer-contribution");
        for (const seat of fromLeft(dealer, players)) if (seat !== dealer) this.payIn(seat, 1, "player-contribution");
      }
    },

    /** What the pool holds now. */
    poolNow() {
      const moves = [...this.transfers, ...this.settlementTransfers];
      return moves.reduce((pool, move) => pool + (move.to === "pool" ? move.amount : -move.amount), this.poolAtStart);
    },

    /** `seat` pays `amount` stakes into the pool for `reason` (`into`: the list it is kept in). */
    payIn(seat, amount, reason, into = this.transfers) {
      if (amount > 0) into.push({ from: seat, to: "pool", amount, reason });
    },

    poolAnswer() {
      return {
        pool: this.poolNow(),
        transfers: [...this.transfers, ...this.settlementTransfers].map((move) => ({ ...move })),
      };
    },

    /** The pool's part of the settlement, made afresh each time the hand is settled: the
     * knaves and fives played (interpretation hoyle-pool-knaves-and-fives), paid first so that
     * a made Nap takes them too; a misdeal's fine on a fresh deal (pool-misdeal-fine); then a
     * made call of Nap or above takes the whole pool, and under pool-failed-nap =
     * pays-pool-amount such a call that fails pays in as much as is there (rules
     * pool.taken-by-nap, pool.failed-nap; interpretation pool-taken-beyond-nap). */
    settlePool(outcome) {
      this.settlementTransfers = [];
      if (this.options.pool !== "played") return;
      const moves = this.settlementTransfers;
      if (this.options["pool-contributions"] === "knaves-and-fives") {
        const played = [...this.completed.flatMap((trick) => trick.plays), ...(this.current ? this.current.plays : [])];
        for (const { seat, card } of played) {
          if (suitOf(card) !== this.trumps && (rankOf(card) === RANK_OF.J || rankOf(card) === RANK_OF[5]))
            this.payIn(seat, 1, "card-contribution", moves);
        }
      }
      const misdeal = this.offences.some((offence) => offence.kind === "misdeal" && offence.claimed);
      if (this.options["pool-fines"] === "misdeal-one-stake" && outcome === "fresh-deal" && misdeal) {
        this.payIn(this.dealer, 1, "misdeal-fine", moves);
      }
      if (this.call === null || this.soloist === null || !calls.forThePool(this.call)) return;
      if (outcome === "made" && this.poolNow() > 0) {
        moves.push({ from: "pool", to: this.soloist, amount: this.poolNow(), reason: "pool-won" });
      } else if (outcome === "defeated" && this.options["pool-failed-nap"] === "pays-pool-amount") {
        this.payIn(this.soloist, this.poolNow(), "failed-nap", moves);
      }
    },

    // ------------------------------------------------------------------ the settlement

    /** The result of a hand played to its end (or stopped once decided). */
    settle() {
      this.finish(this.madeCall() ? "made" : "defeated");
    },

    finish(outcome, payments = new Array(this.players).fill(0)) {
      if (outcome === "made" || outcome === "defeated") {
        const made = outcome === "made";
        const stake = calls.stake(this.options, this.call, made);
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
          // stake of every opponent but himself, the soloist paying nothing
          // (interpretations hoyle-revoke-failed-call, replays-and-several-penalties).
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
        } else if (
          !this.settledAtOnce &&
          this.wrongNumbers.length > 0 &&
          this.options["wrong-number"] === "fine-three-tricks"
        ) {
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
      // The payments include each seat's movements with the pool; those made before the
      // settlement stand when the hand is void (interpretation pool-payments-stand).
      this.settlePool(outcome);
      for (const move of [...this.transfers, ...this.settlementTransfers]) {
        if (move.to === "pool") payments[move.from] -= move.amount;
        else payments[move.to] += move.amount;
      }
      const sameDealer = outcome === "fresh-deal" || outcome === "redeal";
      this.result = { outcome, payments, next_dealer: sameDealer ? this.dealer : (this.dealer + 1) % this.players };
    },
  });

  /**
   * The pool disposed of when play ends (a start `end_of_session`; rule pool.end-of-session):
   * under divided-equally every seat takes an equal share in whole stakes and the stakes left
   * over are drawn for (interpretation pool-division-remainder); under drawn-for the whole pool
   * is. In the draw the cards `draw` go to the seats from the dealer's left round to the
   * dealer; the lowest card takes it, the ace high, those tied drawing again in the same order
   * (interpretation pool-draw-ties).
   */
  function endOfSession(options, players, dealer, pool, draw) {
    const seats = fromLeft(dealer, players);
    const transfers = [];
    let left = pool;
    if (options["pool-end"] === "divided-equally" && Math.floor(pool / players) > 0) {
      const share = Math.floor(pool / players);
      for (const seat of seats) transfers.push({ from: "pool", to: seat, amount: share, reason: "pool-divided" });
      left -= share * players;
    }
    if (left > 0 && options["pool-end"] !== "none") {
      let drawing = seats;
      let next = 0;
      while (drawing.length > 1 || next === 0) {
        if (next + drawing.length > draw.length)
          throw new nap.BadCase("case.start.end_of_session.draw: the cards run out before one player is lowest");
        const ranks = drawing.map((seat, index) => rankOf(draw[next + index]));
        next += drawing.length;
        const lowest = Math.min(...ranks);
        drawing = drawing.filter((_, index) => ranks[index] === lowest);
      }
      transfers.push({ from: "pool", to: drawing[0], amount: left, reason: "pool-drawn" });
      left = 0;
    }
    return { pool: left, transfers };
  }

  nap.endOfSession = endOfSession;
})(globalThis.NapEngine);
