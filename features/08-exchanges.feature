@chapter:exchanges
Feature: Exchanges: Peep and Purchase
  Two forms of the game change cards for a fee paid into the pool. At Peep Nap one card more
  lies face down on the table; a player may peep at it in his turn to call, and the soloist, if
  he peeped, may take it for a card of his hand. At Purchase (Ecarté) Nap the dealer sells fresh
  cards before the calls, to every player in turn and himself last. Each scenario plays the
  variant as its profile's source gives it (Given the variant "...").

  # ------------------------------------------------------------------ Peep Nap

  @rule:exchanges.peep-card @id:exchanges-peep-card-dealt-after-the-hands
  Scenario Outline: The peep card is dealt face down to the table when the hands are complete
    Hoyle p. 97: "In "Peep Nap" one extra card only is dealt, face downwards on the table"
    Wikipedia § Peep Nap: "In Peep Nap, an extra card is dealt face downwards on the table"

    Given the profile "<profile>"
    And the variant "peep"
    And 3 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH"
    When seat 2 cuts 4 cards
    And seat 0 deals
    Then the peep card is "QH"
    And the stock holds 36 cards
    And the phase is "calling"
    And nobody has peeped
    And seat 1 may peep

    Examples:
      | profile   | source                              |
      | hoyle     | interpretation peep-card-dealt-last |
      | wikipedia | interpretation peep-card-dealt-last |

  @rule:exchanges.peep @id:exchanges-peep-in-turn-for-a-fee @needs:compulsory-call
  Scenario Outline: A player peeps in his turn to call, before he calls or passes, once, for a fee into the pool
    Hoyle p. 97: "and each player, on his turn to call, may at his option have a private peep at the card by paying one penny--or higher, according to the stakes--into the pool."
    Wikipedia § Peep Nap: "and each player, on his turn to bid, may at his option have a private peep at the card by paying one penny, or higher stake, to the pool."

    Given the profile "<profile>"
    And the variant "peep"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the peep card on the table is "AS"
    Then seat 1 may peep
    When seat 2 peeps
    Then the action is rejected as "not-your-turn"
    When seat 1 peeps
    Then the action is accepted
    And seat 1 is to act
    And the seats that peeped are "1"
    And the pool holds 1
    And seat 1 pays 1 into the pool for "peep-fee"
    And seat 1 may not peep
    When seat 1 peeps
    Then the action is rejected as "not-provided-for"
    And the pool holds 1
    When seat 1 passes
    And seat 1 peeps
    Then the action is rejected as "not-your-turn"
    And seat 2 may peep
    When seat 2 peeps
    And seat 2 calls 2
    Then the seats that peeped are "1 2"
    And the pool holds 2
    And the peep card is "AS"
    And seat 2 holds "2H 3H 4H 5H 6H"
    When seat 3 passes
    And seat 0 passes
    Then the phase is "peep-exchange"

    Examples:
      | profile   | source               |
      | hoyle     | Hoyle p. 97          |
      | wikipedia | Wikipedia § Peep Nap |

  @rule:exchanges.peep-exchange @id:exchanges-peep-soloist-takes-the-peep-card
  Scenario Outline: When all have called, the soloist who peeped may give up a card for the peep card
    Hoyle p. 97: "When all the players have called, the superior declaring hand has the privilege, if he has "peeped," of exchanging the table card for one of his own."
    Wikipedia § Peep Nap: "When all have bid, if the winning bidder has "peeped", he or she has the privilege of exchanging a hand card for the table card."

    Given the profile "<profile>"
    And the variant "peep"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the peep card on the table is "AS"
    When seat 1 peeps
    And seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "peep-exchange"
    And the soloist is seat 1 with a call of 3
    And seat 1 is to act
    And seat 1 may take the peep card for any of his cards or leave it
    When seat 2 takes the peep card for "2H"
    Then the action is rejected as "not-your-turn"
    When seat 1 plays "2D"
    Then the action is rejected as "wrong-phase"
    When seat 1 takes the peep card for "2H"
    Then the action is rejected as "card-not-held"
    When seat 1 takes the peep card for "2D"
    Then the action is accepted
    And seat 1 holds "3D 4D 5D 6D AS"
    And no peep card lies on the table
    And the stock holds 31 cards
    And the phase is "play"
    And seat 1 is to act

    Examples:
      | profile   | source               |
      | hoyle     | Hoyle p. 97          |
      | wikipedia | Wikipedia § Peep Nap |

  @rule:exchanges.peep-exchange @id:exchanges-peep-nap-caller-waits-for-the-later-players
  Scenario Outline: A Nap caller who peeped takes the peep card only after the later players have had their turn and their peep
    Hoyle p. 97: "nor, even if a player calls Nap, can he appropriate the peep card until the following hands have had the option of seeing it as above."

    Given the profile "<profile>"
    And the variant "peep"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the peep card on the table is "AS"
    When seat 1 peeps
    And seat 1 calls Nap
    Then the phase is "calling"
    And seat 2 is to act
    And seat 2 may peep
    When seat 2 peeps
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "peep-exchange"
    And the seats that peeped are "1 2"
    When seat 1 leaves the peep card
    Then the action is accepted
    And no peep card lies on the table
    And seat 1 holds "2D 3D 4D 5D 6D"
    And the phase is "play"
    And seat 1 is to act

    Examples:
      | profile | source      |
      | hoyle   | Hoyle p. 97 |

  @rule:exchanges.peep-exchange @id:exchanges-peep-nobody-else-exchanges
  Scenario Outline: A soloist who did not peep leads at once, and nobody else may take the peep card
    Hoyle p. 97: "nobody but the superior caller can exchange"
    Wikipedia § Peep Nap: "When all have bid, if the winning bidder has "peeped", he or she has the privilege of exchanging a hand card for the table card."

    Given the profile "<profile>"
    And the variant "peep"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the peep card on the table is "AS"
    When seat 1 calls 2
    And seat 2 peeps
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 1 with a call of 2
    And seat 1 is to act
    And the peep card is "AS"
    When seat 2 takes the peep card for "2H"
    Then the action is rejected as "wrong-phase"
    When seat 1 takes the peep card for "2D"
    Then the action is rejected as "wrong-phase"
    And seat 1 holds "2D 3D 4D 5D 6D"
    And seat 2 holds "2H 3H 4H 5H 6H"

    Examples:
      | profile   | source               |
      | hoyle     | Hoyle p. 97          |
      | wikipedia | Wikipedia § Peep Nap |

  # ------------------------------------------------------------------ Purchase (Ecarté) Nap

  @rule:exchanges.purchase @id:exchanges-purchase-in-turn-dealer-last
  Scenario Outline: Before the calls each player in turn, the dealer last, throws away cards and buys as many from the top of the pack
    Hoyle p. 97: "After the dealer has dealt, and before anybody starts calling, the dealer goes round again in turn, and serves out fresh cards from the pack in exchange for as many cards as the players may wish to throw away from their original hands. For every fresh card so exchanged the player has to pay one penny (or more, according to the stakes) into the pool."
    Hoyle p. 98: "The dealer must sell to each player in turn, and to himself last, after which the calls start from his left in the usual way."
    Wikipedia § Ecarté Nap: "After the deal, and before any bid, the dealer goes round and serves out fresh cards from the pack in exchange of as many cards as the players wish to throw away from their original hands. For every fresh card, the players pay one stake to the pool."

    Given the profile "<profile>"
    And the variant "purchase"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the stock from the top is "AS KS QS JS TS 9S"
    Then the phase is "purchase"
    And seat 1 is to act
    And seat 1 may buy from none to 5 of his cards
    And the stock holds 32 cards
    When seat 1 calls 2
    Then the action is rejected as "wrong-phase"
    When seat 2 refuses to buy
    Then the action is rejected as "not-your-turn"
    When seat 1 buys 2 cards throwing away "2D 3D"
    Then the action is accepted
    And seat 1 holds "4D 5D 6D AS KS"
    And seat 1 pays 2 into the pool for "purchase-fee"
    And the pool holds 2
    And the stock holds 30 cards
    And seat 2 is to act
    When seat 2 refuses to buy
    Then seat 2 holds "2H 3H 4H 5H 6H"
    And seat 2 pays nothing into the pool
    When seat 3 buys 5 cards throwing away "2S 3S 4S 5S 6S"
    Then seat 3 holds "QS JS TS 9S 7C"
    And seat 0 is to act
    When seat 0 buys 1 cards throwing away "2C"
    Then seat 0 holds "3C 4C 5C 6C 8C"
    And the pool holds 8
    And the stock holds 24 cards
    And the phase is "calling"
    And seat 1 is to act

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle p. 98             |
      | wikipedia | Wikipedia § Ecarté Nap  |

  @rule:exchanges.purchase @id:exchanges-purchase-dealer-sitting-out-buys-nothing @needs:dealer-sits-out @needs:compulsory-call
  Scenario Outline: A dealer who sits out buys nothing: the calls start when the last player has bought
    Wikipedia § Ecarté Nap: "They must not exchange cards more than once in each round, but they can either refuse or buy any quantity up to five."

    Given the profile "<profile>"
    And the variant "purchase"
    And 6 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | -              |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
      | 4    | 2C 3C 4C 5C 6C |
      | 5    | 7D 8D 9D TD JD |
    Then the phase is "purchase"
    When seat 1 refuses to buy
    And seat 2 refuses to buy
    And seat 3 refuses to buy
    And seat 4 refuses to buy
    And seat 5 buys 1 cards throwing away "7D"
    Then the phase is "calling"
    And seat 1 is to act
    And the pool holds 1

    Examples:
      | profile   | source                                |
      | wikipedia | interpretation purchase-once-a-deal   |

  @rule:exchanges.purchase-final @id:exchanges-purchase-decision-is-final
  Scenario Outline: A player who has bought or refused cannot buy again
    Hoyle p. 100: "A player at Purchase Nap, having once bought fresh cards or refused to buy, cannot subsequently amend his decision."
    Wikipedia § Ecarté Nap: "They must not exchange cards more than once in each round, but they can either refuse or buy any quantity up to five."

    Given the profile "<profile>"
    And the variant "purchase"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    And the stock from the top is "AS KS QS"
    When seat 1 refuses to buy
    And seat 1 buys 1 cards throwing away "2D"
    Then the action is rejected as "not-your-turn"
    When seat 2 buys 1 cards throwing away "2H"
    And seat 2 buys 1 cards throwing away "3H"
    Then the action is rejected as "not-your-turn"
    And seat 2 holds "3H 4H 5H 6H AS"
    When seat 0 refuses to buy
    Then the phase is "calling"
    When seat 1 buys 1 cards throwing away "2D"
    Then the action is rejected as "wrong-phase"
    And seat 1 holds "2D 3D 4D 5D 6D"
    And the pool holds 1

    Examples:
      | profile   | source                 |
      | hoyle     | Hoyle p. 100           |
      | wikipedia | Wikipedia § Ecarté Nap |

  @rule:exchanges.purchase @id:exchanges-purchase-up-to-five-distinct-cards-held
  Scenario Outline: A player throws away only cards he holds, each once, up to five
    Hoyle pp. 97–98: "He must not exchange cards more than once in each round, but he can then purchase any quantity up to five."
    Wikipedia § Ecarté Nap: "They must not exchange cards more than once in each round, but they can either refuse or buy any quantity up to five."

    Given the profile "<profile>"
    And the variant "purchase"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    When seat 1 buys 1 cards throwing away "2H"
    Then the action is rejected as "card-not-held"
    When seat 1 buys 2 cards throwing away "2D 2D"
    Then the action is rejected as "invalid-action"
    And seat 1 is to act
    And the pool holds 0
    And seat 1 holds "2D 3D 4D 5D 6D"

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle pp. 97–98         |
      | wikipedia | Wikipedia § Ecarté Nap  |

  @rule:exchanges.purchase-stock @id:exchanges-purchase-while-the-pack-lasts @needs:dealer-sits-out
  Scenario Outline: The dealer serves while the pack lasts; then the players can only refuse
    Hoyle p. 97: "serves out fresh cards from the pack in exchange for as many cards as the players may wish to throw away from their original hands."

    Given the profile "<profile>"
    And the variant "purchase"
    And 6 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
      | 4    | 7C 8C 9C TC JC |
      | 5    | 7D 8D 9D TD JD |
    Then the stock holds 22 cards
    When seat 1 buys 5 cards throwing away "2D 3D 4D 5D 6D"
    And seat 2 buys 5 cards throwing away "2H 3H 4H 5H 6H"
    And seat 3 buys 5 cards throwing away "2S 3S 4S 5S 6S"
    And seat 4 buys 5 cards throwing away "7C 8C 9C TC JC"
    Then the stock holds 2 cards
    And seat 5 may buy from none to 2 of his cards
    When seat 5 buys 3 cards throwing away "7D 8D 9D"
    Then the action is rejected as "not-enough-stock"
    When seat 5 buys 2 cards throwing away "7D 8D"
    Then the action is accepted
    And the stock holds 0 cards
    And seat 0 may buy from none to 0 of his cards
    When seat 0 buys 1 cards throwing away "2C"
    Then the action is rejected as "not-enough-stock"
    When seat 0 refuses to buy
    Then the phase is "calling"
    And the pool holds 22

    Examples:
      | profile | source                                 |
      | hoyle   | interpretation purchase-stock-runs-out |

  @rule:exchanges.purchase-stock @id:exchanges-purchase-thrown-cards-do-not-refill-the-pack
  Scenario Outline: The cards thrown away are not used again: at a table of seven the pack runs out
    Wikipedia § Ecarté Nap: "The cards thrown away are not shown and are not used again till the next deal."

    Given the profile "<profile>"
    And the variant "purchase"
    And 7 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
      | 4    | 7C 8C 9C TC JC |
      | 5    | 7D 8D 9D TD JD |
      | 6    | 7H 8H 9H TH JH |
    Then the stock holds 17 cards
    When seat 1 buys 5 cards throwing away "2D 3D 4D 5D 6D"
    And seat 2 buys 5 cards throwing away "2H 3H 4H 5H 6H"
    And seat 3 buys 5 cards throwing away "2S 3S 4S 5S 6S"
    Then the stock holds 2 cards
    When seat 4 buys 3 cards throwing away "7C 8C 9C"
    Then the action is rejected as "not-enough-stock"
    When seat 4 buys 2 cards throwing away "7C 8C"
    Then the stock holds 0 cards
    And seat 5 may buy from none to 0 of his cards
    When seat 5 refuses to buy
    And seat 6 refuses to buy
    And seat 0 refuses to buy
    Then the phase is "calling"
    And the pool holds 17

    Examples:
      | profile   | source                                 |
      | wikipedia | interpretation purchase-stock-runs-out |

  # ------------------------------------------------------------------ both

  @rule:exchanges.one-form @id:exchanges-peep-nap-has-no-purchase
  Scenario Outline: At Peep Nap nobody buys fresh cards
    Hoyle pp. 98–99: "In Peep or Purchase Nap the pools are made by the payments for "peeping" and "purchasing" respectively"
    Wikipedia § Ecarté Nap: "Arguably the most interesting form of Napoleon."

    Given the profile "<profile>"
    And the variant "peep"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    Then the phase is "calling"
    When seat 1 buys 1 cards throwing away "2D"
    Then the action is rejected as "wrong-phase"
    And seat 1 holds "2D 3D 4D 5D 6D"

    Examples:
      | profile   | source                        |
      | hoyle     | interpretation exchanges-apart |
      | wikipedia | interpretation exchanges-apart |

  @rule:exchanges.one-form @id:exchanges-purchase-nap-has-no-peep
  Scenario Outline: At Purchase Nap nobody peeps
    Hoyle pp. 98–99: "In Peep or Purchase Nap the pools are made by the payments for "peeping" and "purchasing" respectively"
    Wikipedia § Ecarté Nap: "Arguably the most interesting form of Napoleon."

    Given the profile "<profile>"
    And the variant "purchase"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    When seat 1 peeps
    Then the action is rejected as "not-provided-for"
    When seat 1 refuses to buy
    And seat 2 refuses to buy
    And seat 0 refuses to buy
    Then the phase is "calling"
    And seat 1 may not peep
    When seat 1 peeps
    Then the action is rejected as "not-provided-for"
    And the pool holds 0

    Examples:
      | profile   | source                        |
      | hoyle     | interpretation exchanges-apart |
      | wikipedia | interpretation exchanges-apart |

  @rule:exchanges.one-form @id:exchanges-no-extra-hand-at-peep-or-purchase
  Scenario Outline: At Peep or Purchase Nap there is no extra hand to take up
    Hoyle p. 97: ""Purchase" or "ecarte" Nap, however, is unquestionably the most interesting form of Napoleon."
    Wikipedia § Seven-card Nap: "There is no exchange of cards and no peep."

    Given the profile "<profile>"
    And the variant "<variant>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    Then seat 1 may not take the extra hand

    Examples:
      | profile   | variant  | source                         |
      | hoyle     | peep     | interpretation exchanges-apart |
      | hoyle     | purchase | interpretation exchanges-apart |
      | wikipedia | peep     | interpretation exchanges-apart |
      | wikipedia | purchase | interpretation exchanges-apart |

  @rule:exchanges.not-at-seven-card @id:exchanges-no-peep-and-no-purchase-at-seven-card
  Scenario Outline: At seven-card Nap nobody buys and nobody peeps
    Wikipedia § Seven-card Nap: "Each player receives seven cards. There is no exchange of cards and no peep."

    Given the profile "<profile>"
    And the variant "seven-card"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 3S 9H 8H AD KD |
      | 1    | AS KS QS 2S AH 7H 6H |
      | 2    | JS TS 9S KH QH 5H 4H |
      | 3    | 8S 7S 6S JH TH 3H 2H |
    Then the phase is "calling"
    And seat 1 may not peep
    When seat 1 peeps
    Then the action is rejected as "not-provided-for"
    When seat 1 refuses to buy
    Then the action is rejected as "wrong-phase"
    And seat 1 holds "AS KS QS 2S AH 7H 6H"

    Examples:
      | profile   | source                     |
      | wikipedia | Wikipedia § Seven-card Nap |

  @rule:exchanges.stakes @id:exchanges-peep-fees-go-to-the-pool-calls-at-their-stakes
  Scenario Outline: The calls are paid at their stakes; the fees go into the pool, not to the players
    Hoyle p. 99: "We have gone upon the principle of calling the stake a penny per trick, but of course it can be sixpence, or any other amount."
    Wikipedia § Seven-card Nap › Penalties: "Ecarté Nap: At the same stakes it will be found to be more expensive than the latter game, but a great deal more interesting."

    Given the profile "<profile>"
    And the variant "peep"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | TC 9C TD JD QD |
      | 1    | AS KS 2S 2C 3C |
      | 2    | AC KC 4D 5D 6D |
      | 3    | QC JC 7D 8D 9D |
    And the peep card on the table is "AH"
    When seat 1 peeps
    And seat 1 calls 3
    And seat 2 peeps
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 leaves the peep card
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 4D 7D TD |
      | 1      | KS 5D 8D JD |
      | 1      | 2C AC JC 9C |
      | 2      | KC QC TC 3C |
      | 2      | 6D 9D QD 2S |
    Then seat 1 has won 3 tricks
    And the outcome is "made"
    And the payments are "-3 8 -4 -3"
    And the pool holds 2
    And seat 1 pays 1 into the pool for "peep-fee"
    And seat 2 pays 1 into the pool for "peep-fee"

    Examples:
      | profile   | source                                  |
      | hoyle     | Hoyle p. 99                             |
      | wikipedia | Wikipedia § Seven-card Nap › Penalties  |
