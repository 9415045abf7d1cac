@chapter:dealing
Feature: Dealing
  How the first dealer is found, who cuts and how deep, how the five cards are dealt (singly,
  or three and then two), that the undealt cards are not used, and that the deal passes to the
  left after every hand.

  @rule:dealing.first-dealer @id:dealing-first-dealer-by-profile
  Scenario Outline: The same cards turned: the first knave deals under Peel, the lowest card (ace low) elsewhere
    Peel p. 9: "The deal is decided by the cards being turned face upwards before each player, until the first knave is exposed. The player to whom the knave falls then becomes the first dealer."
    Hoyle p. 99: "The ace is in this case regarded as the lowest card."
    Britannica p. 229, description: "The players cut for deal; the lowest deals."
    Wikipedia § Draw: "The ace ranks below the two for this purpose."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the cards turned for the first deal are "KD AH 5S JC"
    Then the first dealer is seat <first dealer>

    Examples:
      | profile    | first dealer | source                              |
      | peel       | 3            | Peel p. 9                           |
      | hoyle      | 1            | Hoyle p. 99                         |
      | britannica | 1            | interpretation britannica-ace-in-cut |
      | wikipedia  | 1            | Wikipedia § Draw                    |

  @rule:dealing.first-dealer @id:dealing-first-knave-second-round
  Scenario: Under Peel the cards go on round the table until the first knave appears
    Peel p. 9: "The deal is decided by the cards being turned face upwards before each player, until the first knave is exposed."

    Given the profile "peel"
    And 4 players with seat 0 dealing
    And the cards turned for the first deal are "5H KD 9C 2S AH JD"
    Then the first dealer is seat 1

  @rule:dealing.first-dealer @id:dealing-first-dealer-tie-for-lowest
  Scenario Outline: Players tied for the lowest card draw again among themselves
    Hoyle p. 99: "The original deal is determined by turning up a card in front of each of the players, when the lowest turned up indicates the first dealer."
    Britannica p. 229, description: "The players cut for deal; the lowest deals."
    Wikipedia § Draw: "The player with the lowest card deals first."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the cards turned for the first deal are "5C 3D 9H 3S 8C 4D"
    Then the first dealer is seat 3

    Examples:
      | profile    | source                        |
      | hoyle      | interpretation tie-for-lowest |
      | britannica | interpretation tie-for-lowest |
      | wikipedia  | interpretation tie-for-lowest |

  @rule:dealing.cut @id:dealing-cut-depths-by-profile
  Scenario Outline: The player on the dealer's right cuts, leaving at least the minimum in each packet
    Peel p. 9: "When shuffled the cards are to be placed on the right hand side of the dealer, where they are to be left until the player on his right cuts them."
    Hoyle p. 99: "They are then cut by the player on the dealer's right"
    Britannica p. 229, description: "The cards are shuffled, and cut to the dealer"
    Wikipedia § Shuffle and cut: "The cut must leave at least four cards in each packet."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS"
    Then the phase is "cut"
    And seat 3 is to act
    And seat 3 may cut "<depths>"

    Examples:
      | profile    | depths | source                        |
      | peel       | 1-51   | interpretation cut-any-depth  |
      | hoyle      | 1-51   | interpretation cut-any-depth  |
      | britannica | 1-51   | interpretation cut-any-depth  |
      | wikipedia  | 4-48   | Wikipedia § Shuffle and cut   |

  @rule:dealing.cut @id:dealing-cut-of-three
  Scenario Outline: A cut of three cards is a cut everywhere but under Wikipedia
    Peel p. 9: "where they are to be left until the player on his right cuts them."
    Hoyle p. 99: "They are then cut by the player on the dealer's right"
    Britannica p. 229, description: "The cards are shuffled, and cut to the dealer"
    Wikipedia § Shuffle and cut: "The cut must leave at least four cards in each packet."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS"
    When seat 3 cuts 3 cards
    Then the phase is "<phase>"

    Examples:
      | profile    | phase | source                        |
      | peel       | deal  | interpretation cut-any-depth  |
      | hoyle      | deal  | interpretation cut-any-depth  |
      | britannica | deal  | interpretation cut-any-depth  |
      | wikipedia  | cut   | Wikipedia § Shuffle and cut   |

  @rule:dealing.cut @id:dealing-cut-bounds
  Scenario Outline: A cut that leaves too few cards in either packet is refused
    Peel p. 9: "where they are to be left until the player on his right cuts them."
    Hoyle p. 99: "They are then cut by the player on the dealer's right"
    Britannica p. 229, description: "The cards are shuffled, and cut to the dealer"
    Wikipedia § Shuffle and cut: "The cut must leave at least four cards in each packet."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS"
    When seat 3 cuts <too shallow> cards
    Then the action is rejected as "bad-cut"
    When seat 3 cuts <too deep> cards
    Then the action is rejected as "bad-cut"
    And the phase is "cut"
    When seat 3 cuts <deepest> cards
    Then the action is accepted
    And the phase is "deal"
    And seat 0 is to act

    Examples:
      | profile    | too shallow | too deep | deepest | source                       |
      | peel       | 0           | 52       | 51      | interpretation cut-any-depth |
      | hoyle      | 0           | 52       | 51      | interpretation cut-any-depth |
      | britannica | 0           | 52       | 51      | interpretation cut-any-depth |
      | wikipedia  | 3           | 49       | 48      | Wikipedia § Shuffle and cut  |

  @rule:dealing.cut @id:dealing-only-right-hand-player-cuts
  Scenario: Only the player on the dealer's right may cut
    Hoyle p. 99: "They are then cut by the player on the dealer's right"

    Given the profile "hoyle"
    And 4 players with seat 2 dealing
    And the pack from the top is "AS KS QS JS"
    Then seat 1 is to act
    When seat 3 cuts 10 cards
    Then the action is rejected as "not-your-turn"
    When seat 2 cuts 10 cards
    Then the action is rejected as "not-your-turn"
    When seat 1 cuts 10 cards
    Then the action is accepted
    And the phase is "deal"
    And seat 2 is to act

  @rule:dealing.deal @rule:dealing.five-cards @rule:dealing.cut @id:dealing-deal-pattern-by-profile
  Scenario Outline: After the cut the cards are dealt from the dealer's left, singly or three and two
    Peel p. 9: "The dealer distributes five cards to each player, going from left to might, and dealing the cards one at a time."
    Hoyle p. 99: "the dealer distributes them face downwards, one by one, beginning of course to the left."
    Britannica p. 229, description: "who deals each player five cards by one at a time, as at whist."
    Wikipedia § Deal: "Each player receives five cards, dealt in a round of three at a time, followed by a round of two at a time."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH"
    When seat 2 cuts 4 cards
    Then the phase is "deal"
    And seat 0 is to act
    When seat 0 deals
    Then the hands are:
      | seat | cards    |
      | 0    | <seat 0> |
      | 1    | <seat 1> |
      | 2    | <seat 2> |
    And the phase is "calling"
    And seat 1 is to act

    Examples:
      | profile    | seat 0         | seat 1         | seat 2         | source                               |
      | peel       | QS 9S 6S 3S KH | AS JS 8S 5S 2S | KS TS 7S 4S AH | Peel p. 9                            |
      | hoyle      | QS 9S 6S 3S KH | AS JS 8S 5S 2S | KS TS 7S 4S AH | Hoyle p. 99                          |
      | britannica | QS 9S 6S 3S KH | AS JS 8S 5S 2S | KS TS 7S 4S AH | Britannica p. 229, description       |
      | wikipedia  | 8S 7S 6S AH KH | AS KS QS 5S 4S | JS TS 9S 3S 2S | interpretation wikipedia-deal-pattern |

  @rule:dealing.deal @rule:dealing.five-cards @id:dealing-three-then-two-round-the-table
  Scenario: Three and then two, beginning on the left of a dealer at the last seat
    Wikipedia § Deal: "Each player receives five cards, dealt in a round of three at a time, followed by a round of two at a time."
    Wikipedia § Set-up: "Deal and play are clockwise"

    Given the profile "wikipedia"
    And 4 players with seat 3 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H"
    When seat 2 cuts 4 cards
    And seat 3 deals
    Then the hands are:
      | seat | cards          |
      | 0    | AS KS QS 2S AH |
      | 1    | JS TS 9S KH QH |
      | 2    | 8S 7S 6S JH TH |
      | 3    | 5S 4S 3S 9H 8H |
    And seat 0 is to act

  @rule:dealing.undealt-cards @id:dealing-undealt-cards-not-used
  Scenario: The undealt cards stay out of play: a card of the stock cannot be played
    Hoyle p. 99: "There is no turn-up, and the undealt cards must be placed in a heap face downwards in the middle of the table, and not touched until the round is over"
    Peel p. 9: "nor touch the remainder of the pack when once it has left the dealer's hands."

    Given the profile "hoyle"
    And 3 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH"
    When seat 2 cuts 4 cards
    And seat 0 deals
    And seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 plays "2C"
    Then the action is rejected as "card-not-held"
    When seat 1 plays "AS"
    Then the action is accepted
    And trumps are "S"

  @rule:dealing.face-down @id:dealing-exposing-a-card-is-irregular
  Scenario: Dealing a card face up is not a regular deal
    Hoyle p. 99: "the dealer distributes them face downwards"
    Britannica p. 229, Rules of Play: "If a card is exposed in dealing"

    Given the profile "hoyle"
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    Then the action is rejected as "irregular-play-not-allowed"
    And the phase is "deal"
    And seat 0 is to act

  @rule:dealing.face-down @rule:irregularities.exposed-in-dealing @id:dealing-exposed-card-recorded
  Scenario: A card exposed in dealing is recorded against the dealer
    Hoyle p. 99: "the dealer distributes them face downwards"
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card, the whole pack must be collected, shuffled and re-cut"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    Then the phase is "calling"
    And the offences are "exposed-in-dealing@0"

  @rule:dealing.rotation @rule:settlement.before-next-deal @rule:settlement.nap @id:dealing-deal-passes-to-the-left @needs:compulsory-call
  Scenario Outline: When the hand is over and paid, the deal passes to the left of the dealer
    Peel p. 9: "which operations are to be performed by the player on the next dealer's left hand side"
    Hoyle p. 95: "The round being over and the stakes paid, the deal passes in the usual way to the person to the left of the last dealer, and so on."
    Britannica p. 229, description: "and the deal goes afterwards in rotation to the left, as at whist."
    Wikipedia § Set-up: "Deal and play are clockwise, and the turn to deal passes to the left after each hand."

    Given the profile "<profile>"
    And 4 players with seat 3 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2S 2H 3H 4H 5H |
      | 1    | 3S 2D 3D 4D 5D |
      | 2    | 4S 2C 3C 4C 5C |
      | 3    | AS KS QS JS TS |
    When seat 0 passes
    And seat 1 passes
    And seat 2 passes
    And seat 3 calls Nap
    And the tricks are played:
      | leader | cards       |
      | 3      | AS 2S 3S 4S |
      | 3      | KS 2H 2D 2C |
      | 3      | QS 3H 3D 3C |
      | 3      | JS 4H 4D 4C |
      | 3      | TS 5H 5D 5C |
    Then the phase is "finished"
    And the outcome is "made"
    And the payments are "-10 -10 -10 30"
    And the next dealer is seat 0

    Examples:
      | profile    | source                            |
      | peel       | interpretation peel-deal-rotation |
      | hoyle      | Hoyle p. 95                       |
      | britannica | Britannica p. 229, description    |
      | wikipedia  | Wikipedia § Set-up                |
