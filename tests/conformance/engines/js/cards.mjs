// Cards as the contract writes them: two characters, rank then suit ("AS", "TD", "2C").

export const RANKS = "23456789TJQKA";
export const SUITS = "CDHS";

const CARD = /^[2-9TJQKA][CDHS]$/;

/** Whether `value` is a card string. */
export function isCard(value) {
  return typeof value === "string" && CARD.test(value);
}

export function suitOf(card) {
  return card[1];
}

/** The rank of `card` in play: 0 for the two up to 12 for the ace. */
export function rankOf(card) {
  return RANKS.indexOf(card[0]);
}

/** Canonical order: by suit C, D, H, S, then by rank from the two up to the ace. */
export function canonical(cards) {
  return [...cards].sort(
    (a, b) => SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b)) || rankOf(a) - rankOf(b),
  );
}
