@chapter:players-and-pack
Feature: Players and pack
  Who sits at the table and what they play with: how many may play, when the dealer deals
  himself no hand (and still pays and receives), the full pack of fifty-two cards, and the
  ranking of the cards, ace high.

  @rule:players.number @id:players-number-smallest-table
  Scenario Outline: The smallest table each source allows can be dealt and called
    Peel p. 3: "It is an admirable game for three, four, or five persons, and is also available for two and six"
    Hoyle p. 99: "Nap is played by any number of persons, from two to six"
    Britannica p. 229, description: "Any number may play; about four or five makes the best game."
    Wikipedia infobox: "Players3-7 (5 best)"

    Given the profile "<profile>"
    And <players> players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH"
    When seat <cutter> cuts 4 cards
    And seat 0 deals
    Then the action is accepted
    And the phase is "calling"
    And seat 1 is to act
    And seat 1 holds "<eldest holds>"

    Examples:
      | profile    | players | cutter | eldest holds   | source                            |
      | peel       | 2       | 1      | AS QS TS 8S 6S | Peel p. 3                         |
      | hoyle      | 2       | 1      | AS QS TS 8S 6S | Hoyle p. 99                       |
      | britannica | 2       | 1      | AS QS TS 8S 6S | interpretation britannica-any-number |
      | wikipedia  | 3       | 2      | AS KS QS 5S 4S | Wikipedia infobox                 |

  @rule:players.number @id:players-number-largest-table @needs:compulsory-call @needs:dealer-sits-out
  Scenario Outline: The largest table each source allows can be dealt and called
    Peel p. 3: "It is an admirable game for three, four, or five persons, and is also available for two and six"
    Hoyle p. 99: "Nap is played by any number of persons, from two to six"
    Britannica p. 229, description: "Any number may play"
    Wikipedia infobox: "Players3-7 (5 best)"

    Given the profile "<profile>"
    And <players> players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    When seat <cutter> cuts 4 cards
    And seat 0 deals
    Then the action is accepted
    And the phase is "calling"
    And seat 1 is to act

    Examples:
      | profile    | players | cutter | source                               |
      | peel       | 6       | 5      | Peel p. 3                            |
      | hoyle      | 6       | 5      | Hoyle p. 99                          |
      | britannica | 10      | 9      | interpretation britannica-any-number |
      | wikipedia  | 7       | 6      | Wikipedia infobox                    |

  @rule:players.dealer-sits-out @rule:dealing.five-cards @id:players-six-dealer-deals-himself-no-hand @needs:compulsory-call
  Scenario Outline: At six players the dealer deals himself no hand, except under Hoyle
    Peel p. 3: "With six persons taking part in the game the dealer stands out of the play, not dealing any cards to himself"
    Hoyle p. 94: "The old game of Napoleon consists simply of five cards being dealt out singly and in order to each of the party"
    Britannica p. 229, description: "When six play the dealer deals himself no hand"
    Wikipedia § Set-up: "When six play the dealer deals himself no hand"

    Given the profile "<profile>"
    And 6 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD"
    When seat 5 cuts 4 cards
    And seat 0 deals
    Then the hands are:
      | seat | cards    |
      | 0    | <seat 0> |
      | 1    | <seat 1> |
      | 2    | <seat 2> |
      | 3    | <seat 3> |
      | 4    | <seat 4> |
      | 5    | <seat 5> |
    And seat 1 is to act

    Examples:
      | profile    | seat 0         | seat 1         | seat 2         | seat 3         | seat 4         | seat 5         | source                         |
      | peel       | -              | AS 9S 4S QH 7H | KS 8S 3S JH 6H | QS 7S 2S TH 5H | JS 6S AH 9H 4H | TS 5S KH 8H 3H | Peel p. 3                      |
      | hoyle      | 9S 3S TH 4H JD | AS 8S 2S 9H 3H | KS 7S AH 8H 2H | QS 6S KH 7H AD | JS 5S QH 6H KD | TS 4S JH 5H QD | Hoyle p. 94                    |
      | britannica | -              | AS 9S 4S QH 7H | KS 8S 3S JH 6H | QS 7S 2S TH 5H | JS 6S AH 9H 4H | TS 5S KH 8H 3H | Britannica p. 229, description |
      | wikipedia  | -              | AS KS QS QH JH | JS TS 9S TH 9H | 8S 7S 6S 8H 7H | 5S 4S 3S 6H 5H | 2S AH KH 4H 3H | Wikipedia § Set-up             |

  @rule:players.dealer-sits-out @rule:dealing.five-cards @id:players-seven-dealer-plays
  Scenario Outline: Above six players the dealer deals himself a hand again
    Britannica p. 229, description: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."
    Wikipedia § Set-up: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."

    Given the profile "<profile>"
    And 7 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D 6D"
    When seat 6 cuts 4 cards
    And seat 0 deals
    Then the hands are:
      | seat | cards    |
      | 0    | <seat 0> |
      | 1    | <seat 1> |
      | 2    | <seat 2> |
      | 3    | <seat 3> |
      | 4    | <seat 4> |
      | 5    | <seat 5> |
      | 6    | <seat 6> |

    Examples:
      | profile    | seat 0         | seat 1         | seat 2         | seat 3         | seat 4         | seat 5         | seat 6         | source                                |
      | britannica | 8S AH 7H KD 6D | AS 7S KH 6H QD | KS 6S QH 5H JD | QS 5S JH 4H TD | JS 4S TH 3H 9D | TS 3S 9H 2H 8D | 9S 2S 8H AD 7D | interpretation britannica-any-number  |
      | wikipedia  | 9H 8H 7H 7D 6D | AS KS QS 6H 5H | JS TS 9S 4H 3H | 8S 7S 6S 2H AD | 5S 4S 3S KD QD | 2S AH KH JD TD | QH JH TH 9D 8D | interpretation wikipedia-seven-players |

  @rule:players.dealer-sits-out @rule:calling.dealer-last @rule:play.rotation @rule:settlement.sitting-out-dealer @id:players-six-dealer-neither-calls-nor-plays @needs:stop-when-decided @needs:compulsory-call
  Scenario: At six players the dealer who sits out neither calls nor plays, but pays
    Peel p. 3: "With six persons taking part in the game the dealer stands out of the play, not dealing any cards to himself, though he receives and pays for the tricks like the others"
    Peel p. 10: "If he cannot stand for more tricks than have already been called he must pass, and the same holds good all round, until the dealer is reached."
    Peel p. 10: "The player on the left of the leader then follows."

    Given the profile "peel"
    And 6 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | -              |
      | 1    | 6S 7S 2D 3D 4D |
      | 2    | 8S 9S 5D 6D 7D |
      | 3    | AS KS 2H 3H 4H |
      | 4    | 2S 3S 5H 6H 7H |
      | 5    | 4S 5S 8H 9H TH |
    When seat 1 passes
    And seat 2 passes
    And seat 3 calls 2
    And seat 4 passes
    Then seat 5 is to act
    When seat 5 passes
    Then the phase is "play"
    And the soloist is seat 3 with a call of 2
    And seat 3 is to act
    And seat 0 may call "none"
    When seat 3 plays "AS"
    And seat 4 plays "2S"
    And seat 5 plays "4S"
    Then seat 1 is to act
    When seat 1 plays "6S"
    And seat 2 plays "8S"
    Then trick 1 is won by seat 3
    When the tricks are played:
      | leader | cards          |
      | 3      | KS 3S 5S 7S 9S |
    Then the phase is "finished"
    And the outcome is "made"
    And the payments are "-2 -2 -2 10 -2 -2"
    And the next dealer is seat 1

  @rule:players.dealer-sits-out @id:players-five-dealer-sits-out-by-option @needs:compulsory-call
  Scenario Outline: Peel's option: at five players the dealer may also sit out
    Peel p. 3: "With six persons taking part in the game the dealer stands out of the play, not dealing any cards to himself, though he receives and pays for the tricks like the others, and the same system is sometimes adopted when there are five players"

    Given the profile "<profile>"
    And the option "dealer-sits-out" is "<dealer sits out>"
    And 5 players with seat 2 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"
    When seat 1 cuts 4 cards
    And seat 2 deals
    Then the hands are:
      | seat | cards    |
      | 0    | <seat 0> |
      | 1    | <seat 1> |
      | 2    | <seat 2> |
      | 3    | <seat 3> |
      | 4    | <seat 4> |
    And seat 3 is to act

    Examples:
      | profile | dealer sits out     | seat 0         | seat 1         | seat 2         | seat 3         | seat 4         | source    |
      | peel    | six-players         | QS 7S 2S TH 5H | JS 6S AH 9H 4H | TS 5S KH 8H 3H | AS 9S 4S QH 7H | KS 8S 3S JH 6H | Peel p. 3 |
      | peel    | five-or-six-players | QS 8S 4S KH 9H | JS 7S 3S QH 8H | -              | AS TS 6S 2S JH | KS 9S 5S AH TH | Peel p. 3 |

  @rule:players.dealer-sits-out @rule:settlement.sitting-out-dealer @rule:calling.dealer-last @id:players-five-dealer-out-calls-play-and-pays @needs:compulsory-call @needs:stop-when-decided
  Scenario: With Peel's five-player option the calling ends on the dealer's right and the dealer still pays
    Peel p. 3: "though he receives and pays for the tricks like the others, and the same system is sometimes adopted when there are five players"
    Peel p. 9: "inasmuch as the dealer has the last call"

    Given the profile "peel"
    And the option "dealer-sits-out" is "five-or-six-players"
    And 5 players with seat 2 dealing
    And the hands:
      | seat | cards          |
      | 0    | 6H 7H 2D 3D 4D |
      | 1    | AH KH 2C 3C 4C |
      | 2    | -              |
      | 3    | 2H 3H 5C 6C 7C |
      | 4    | 4H 5H 8C 9C TC |
    When seat 3 passes
    And seat 4 passes
    And seat 0 passes
    And seat 1 calls 2
    Then the phase is "play"
    And the soloist is seat 1 with a call of 2
    When seat 1 plays "AH"
    Then seat 3 is to act
    When seat 3 plays "2H"
    And seat 4 plays "4H"
    And seat 0 plays "6H"
    Then trick 1 is won by seat 1
    When the tricks are played:
      | leader | cards       |
      | 1      | KH 3H 5H 7H |
    Then the outcome is "made"
    And the payments are "-2 8 -2 -2 -2"
    And the next dealer is seat 3

  @rule:players.pack @rule:dealing.five-cards @id:players-full-pack-under-wikipedia
  Scenario: The Wikipedia profile plays with the full pack: the low cards are dealt too
    Wikipedia infobox: "Cards28-52"
    Peel p. 3: "it is played with an ordinary pack of fifty-two cards"
    Hoyle p. 99: "with a full pack of fifty-two cards"
    Britannica p. 229, description: "A pack of fifty-two cards is required."

    Given the profile "wikipedia"
    And 4 players with seat 0 dealing
    And the pack from the top is "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S"
    When seat 3 cuts 4 cards
    And seat 0 deals
    Then the hands are:
      | seat | cards          |
      | 0    | 4D 4H 4S 6H 6S |
      | 1    | 2C 2D 2H 5C 5D |
      | 2    | 2S 3C 3D 5H 5S |
      | 3    | 3H 3S 4C 6C 6D |

  @rule:players.short-pack @rule:players.pack @rule:dealing.five-cards @id:players-short-pack-of-28-for-four
  Scenario: With the shortened pack four play with 28 cards, ace to eight
    Wikipedia § Set-up: "Nap is best for four to five players using a shortened pack of 28 from 52 cards. If four play, 28 to 32 cards are used"
    Wikipedia infobox: "Cards28-52"

    Given the profile "wikipedia"
    And the variant "short-pack"
    And 4 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS TS"
    When seat 3 cuts 4 cards
    And seat 0 deals
    Then the action is accepted
    And the hands are:
      | seat | cards          |
      | 0    | 9D TD JD JH QH |
      | 1    | TS 8C 9C QD KD |
      | 2    | TC JC QC AD 8H |
      | 3    | KC AC 8D 9H TH |

  @rule:players.short-pack @rule:dealing.undealt-cards @id:players-short-pack-undealt-cards-not-used
  Scenario: The eight cards of the shortened pack left undealt stay out of play
    Wikipedia § Set-up: "Nap is best for four to five players using a shortened pack of 28 from 52 cards."
    Hoyle p. 99: "There is no turn-up, and the undealt cards must be placed in a heap face downwards in the middle of the table, and not touched until the round is over"

    Given the profile "wikipedia"
    And the variant "short-pack"
    And 4 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS TS"
    When seat 3 cuts 4 cards
    And seat 0 deals
    And seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    Then the action is rejected as "card-not-held"
    When seat 1 plays "TS"
    Then the action is accepted
    And trumps are "S"

  @rule:players.short-pack @rule:players.number @id:players-short-pack-of-36-for-five @needs:dealer-sits-out
  Scenario: With the shortened pack five play with 36 cards, ace to six
    Wikipedia § Set-up: "If four play, 28 to 32 cards are used, if five, 36 to 40 cards."

    Given the profile "wikipedia"
    And the variant "short-pack"
    And 5 players with seat 0 dealing
    And the pack from the top is "AS KS QS JS TS"
    When seat 4 cuts 4 cards
    And seat 0 deals
    Then the action is accepted
    And the hands are:
      | seat | cards          |
      | 0    | 8D 9D TD TH JH |
      | 1    | TS 6C 7C JD QD |
      | 2    | 8C 9C TC KD AD |
      | 3    | JC QC KC 6H 7H |
      | 4    | AC 6D 7D 8H 9H |

  @rule:players.short-pack @id:players-short-pack-draw-for-the-first-deal @needs:cut-minimum @needs:first-dealer
  Scenario: The first dealer is drawn from the shortened pack, the lowest card dealing
    Wikipedia § Set-up: "Nap is best for four to five players using a shortened pack of 28 from 52 cards."

    Given the profile "wikipedia"
    And the variant "short-pack"
    And 4 players with seat 0 dealing
    And the cards turned for the first deal are "9C 8D AS TH"
    Then the first dealer is seat 2

  @rule:players.short-pack @rule:play.trick-winner @id:players-short-pack-keeps-the-ranking
  Scenario: The shortened pack keeps the ranking: the eight is the lowest card of a suit
    Wikipedia § Set-up: "Nap is best for four to five players using a shortened pack of 28 from 52 cards."

    Given the profile "wikipedia"
    And the variant "short-pack"
    And 4 players with seat 3 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8S AH KH QH JH |
      | 1    | 9S AC KC QC JC |
      | 2    | TS AD KD QD JD |
      | 3    | JS 8H 8C 8D 9H |
    When seat 0 calls 2
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | 8S 9S TS JS |
    Then trick 1 is won by seat 3

  @rule:players.ranking @rule:play.trick-winner @id:players-ranking-ace-high
  Scenario Outline: The cards rank ace, king, queen, knave, ten and down to the deuce
    Peel p. 4: "The only safe and perfect Nap is ace, king, queen, knave, and ten of the same suit"
    Hoyle p. 99: "ranking as at Whist, ace highest and deuce lowest"
    Britannica p. 229, description: "The cards rank as at whist"
    Wikipedia § Set-up: "The cards in each suit rank from high to low (ace high)."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS JH 3D 7C 4C |
      | 1    | KS 9H 2D 6C 3S |
      | 2    | AS TH 4D 8C 5C |
    When seat 1 calls 1
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | KS AS QS |
      | 2      | TH JH 9H |
      | 0      | 3D 2D 4D |
      | 2      | 8C 7C 6C |
      | 2      | 5C 4C 3S |
    Then trick 1 is won by seat 2
    And trick 2 is won by seat 0
    And trick 3 is won by seat 2
    And trick 4 is won by seat 2
    And trick 5 is won by seat 1
    And the outcome is "made"
    And the payments are "-1 2 -1"

    Examples:
      | profile    | source                           |
      | peel       | interpretation peel-card-ranking |
      | hoyle      | Hoyle p. 99                      |
      | britannica | Britannica p. 229, description   |
      | wikipedia  | Wikipedia § Set-up               |
