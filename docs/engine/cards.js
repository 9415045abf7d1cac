// Cards as the contract writes them: two characters, rank then suit ("AS", "TD", "2C"), and
// the packs they come in. Every file of this engine is a classic script that adds one part to
// the global NapEngine, so that a page opened from its folder (file://, where ES modules are
// refused) loads them with plain <script> tags, in the order of scripts.json; nap.mjs loads the
// same files into Node.
(function (nap) {
  "use strict";

  const RANKS = "23456789TJQKA";
  const SUITS = "CDHS";
  const CARD = /^[2-9TJQKA][CDHS]$/;

  /** Whether `value` is a card string. */
  function isCard(value) {
    return typeof value === "string" && CARD.test(value);
  }

  function suitOf(card) {
    return card[1];
  }

  /** The rank of `card` in play: 0 for the two up to 12 for the ace. */
  function rankOf(card) {
    return RANKS.indexOf(card[0]);
  }

  /** Canonical order: by suit C, D, H, S, then by rank from the two up to the ace. */
  function canonical(cards) {
    return [...cards].sort((a, b) => SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b)) || rankOf(a) - rankOf(b));
  }

  /** The pack of `size` cards in canonical order: the full 52, or a short pack of the highest
   * ranks of every suit, the lowest taken out alike (interpretation short-pack-lowest-cards-out). */
  function pack(size = 52) {
    const ranks = RANKS.slice(RANKS.length - size / SUITS.length);
    return [...SUITS].flatMap((suit) => [...ranks].map((rank) => rank + suit));
  }

  nap.cards = { RANKS, SUITS, isCard, suitOf, rankOf, canonical, pack };
})((globalThis.NapEngine ??= {}));
