@chapter:calls-beyond-nap
Feature: Calls beyond Nap
  The variants a table may agree on before play: Misery, a call to lose every trick; Wellington
  and Blücher, calls of all five tricks over a Nap and over a Wellington; Sir Garnet, an extra
  hand on the table that a player may take up and call Nap on; and seven-card Nap. Each
  scenario plays a variant as its profile's source gives it (Given the variant "...").

  # ------------------------------------------------------------------ agreed before play

  @rule:variants.agreed-before-play @id:variants-calls-not-agreed-are-not-allowed
  Scenario Outline: A call of a variant the table has not agreed on is not allowed
    Peel p. 11: "any divergence from the plain game should be carefully settled by the company _before the play is commenced_."
    Hoyle p. 98: "or Wellington, where that higher call is allowed."
    Wikipedia § Variations: "Variations allow the following additional bids:"

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may not take the extra hand
    When seat 1 calls Nap
    Then seat 2 may call "none"
    When seat 2 calls Wellington
    Then the action is rejected as "call-not-allowed"
    When seat 2 takes the extra hand
    Then the action is rejected as "call-not-allowed"
    And seat 2 is to act

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle p. 98             |
      | wikipedia | Wikipedia § Variations  |

  # ------------------------------------------------------------------ Misery

  @rule:variants.ranking @rule:variants.misery-call @id:variants-misery-ranks-between-three-and-four @needs:lowest-call
  Scenario Outline: Misery ranks between three and four
    Hoyle p. 96: "This declaration ranks between the calls of _three_ and _four_"
    Wikipedia § Mis: "It ranks between three and four in the bidding."

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may call "1 2 3 Misery 4 Nap"
    When seat 1 calls 3
    Then seat 2 may call "Misery 4 Nap"
    When seat 2 calls Misery
    Then the action is accepted
    And seat 3 may call "4 Nap"
    When seat 3 calls 3
    Then the action is rejected as "call-too-low"
    When seat 3 calls Misery
    Then the action is rejected as "call-too-low"
    When seat 3 calls 4
    Then the action is accepted
    And seat 0 may call "Nap"
    When seat 0 passes
    Then the phase is "play"
    And the soloist is seat 3 with a call of 4

    Examples:
      | profile   | source           |
      | hoyle     | Hoyle p. 96      |
      | wikipedia | Wikipedia § Mis  |

  @rule:variants.misery-call @rule:variants.misery-trumps @rule:variants.misery-stakes @id:variants-misery-made-without-trumps
  Scenario Outline: A Misery without trumps: the caller leads, no suit is trumps, and he wins three from each if he takes no trick
    Hoyle p. 96: "It is on the principle of the Misere, when, there being no trumps, the caller has to lose the whole five tricks"
    Hoyle p. 96: "and is paid for in the same way as a call of three is paid for"
    Wikipedia § Mis: "At Misère, an adaptation from Solo Whist, there is no trump suit."
    Wikipedia § Seven-card Nap › Scoring: "Misère: Bidder wins 3 from every player."

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS QH JD QD KD |
      | 1    | 2S 3S 2D 3D 4D |
      | 2    | AS AH 5D 6D 7D |
      | 3    | KS KH 8D 9D TD |
    When seat 1 calls Misery
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 1 with a call of Misery
    And seat 1 is to act
    When the tricks are played:
      | leader | cards       |
      | 1      | 2S AS KS QS |
    Then there are no trumps
    When the tricks are played:
      | leader | cards       |
      | 2      | AH KH QH 3S |
    Then trick 2 is won by seat 2
    When the tricks are played:
      | leader | cards       |
      | 2      | 5D 8D JD 2D |
      | 0      | QD 3D 6D 9D |
      | 0      | KD 4D 7D TD |
    Then 5 tricks have been played
    And seat 1 has won 0 tricks
    And the outcome is "made"
    And the payments are "-3 9 -3 -3"

    Examples:
      | profile   | source                                |
      | hoyle     | Hoyle p. 96                           |
      | wikipedia | Wikipedia § Seven-card Nap › Scoring  |

  @rule:variants.misery-call @id:variants-misery-caller-leads @needs:compulsory-call
  Scenario Outline: The Misery caller leads to the first trick, as any soloist does
    Hoyle p. 96: "the caller has to lose the whole five tricks, while his opponents, of course, endeavour to force him to take a trick."
    Wikipedia § Mis: "Mis, Misère, or Mysery is a bid to lose every trick."

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 2 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS QH JD QD KD |
      | 1    | 2S 3S 2D 3D 4D |
      | 2    | AS AH 5D 6D 7D |
      | 3    | KS KH 8D 9D TD |
    When seat 3 passes
    And seat 0 passes
    And seat 1 calls Misery
    And seat 2 passes
    Then the soloist is seat 1 with a call of Misery
    And seat 1 is to act
    And seat 1 may play "2S 3S 2D 3D 4D"
    When seat 0 plays "QS"
    Then the action is rejected as "not-your-turn"

    Examples:
      | profile   | source                             |
      | hoyle     | interpretation misery-caller-leads |
      | wikipedia | interpretation misery-caller-leads |

  @rule:variants.misery-trumps @id:variants-misery-with-trumps-by-first-lead
  Scenario Outline: Where trumps are recognised in a Misery, the first lead makes them, as in the plain game
    Hoyle p. 96: "At some tables trumps, determined in the usual way by the initial lead, are recognised"
    Wikipedia § Mis: "At some tables, trumps are recognized, determined in the usual way by the initial lead."

    Given the profile "<profile>"
    And the variant "misery"
    And the option "misery" is "trumps-by-first-lead"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS QH JD QD KD |
      | 1    | 2S 3S 2D 3D 4D |
      | 2    | AS AH 5D 6D 7D |
      | 3    | KS KH 8D 9D TD |
    When seat 1 calls Misery
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2S AS KS QS |
    Then trumps are "S"
    When the tricks are played:
      | leader | cards       |
      | 2      | AH KH QH 3S |
    Then trick 2 is won by seat 1
    And seat 1 has won 1 tricks

    Examples:
      | profile   | source           |
      | hoyle     | Hoyle p. 96      |
      | wikipedia | Wikipedia § Mis  |

  @rule:variants.misery-call @rule:variants.misery-stakes @id:variants-misery-defeated-at-first-trick-won @needs:stop-when-decided
  Scenario Outline: Where play stops once the result is decided, a Misery is defeated, and play stops, at the first trick its caller wins
    Hoyle p. 96: "the caller has to lose the whole five tricks, while his opponents, of course, endeavour to force him to take a trick."
    Hoyle p. 96: "and to lose would be to pay 3d. to each."

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | JS QH KH AH 4C |
      | 1    | AS 2H 3H 4H 5H |
      | 2    | KS 6H 7H 8H 2C |
      | 3    | QS 9H TH JH 3C |
    When seat 1 calls Misery
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2H 6H 9H QH |
      | 0      | JS AS KS QS |
    Then the phase is "finished"
    And 2 tricks have been played
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile | source                                       |
      | hoyle   | interpretation misery-decided-at-first-trick |

  @rule:variants.misery-call @rule:variants.misery-stakes @id:variants-misery-defeated-played-out @needs:stop-when-decided
  Scenario Outline: Where every trick is played, a defeated Misery is played out and pays three to each
    Wikipedia § Mis: "The principle is that the bidder has to lose the whole five tricks, while his opponents make it their business to force the player to take a trick."
    Wikipedia § Seven-card Nap › Penalties: "Misère: Bidder pays 3 to every player."

    Given the profile "<profile>"
    And the variant "misery"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | JS QH KH AH 4C |
      | 1    | AS 2H 3H 4H 5H |
      | 2    | KS 6H 7H 8H 2C |
      | 3    | QS 9H TH JH 3C |
    When seat 1 calls Misery
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2H 6H 9H QH |
      | 0      | JS AS KS QS |
    Then the phase is "play"
    And seat 1 is to act
    When the tricks are played:
      | leader | cards       |
      | 1      | 3H 7H TH KH |
      | 0      | AH 4H 8H JH |
      | 0      | 4C 5H 2C 3C |
    Then 5 tricks have been played
    And seat 1 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile   | source                              |
      | wikipedia | interpretation wikipedia-played-out |

  # ------------------------------------------------------------------ Wellington

  @rule:variants.wellington-call @rule:variants.ranking @id:variants-wellington-only-over-nap @needs:lowest-call
  Scenario Outline: Wellington can be called only over a Nap, and then closes the calling
    Hoyle p. 96: "Wellington can only be called over Napoleon, that is, it cannot be declared unless "Nap" is declared before it."
    Wikipedia § Wellington: "Wellington can only be bid if another player has already bid Nap."

    Given the profile "<profile>"
    And the variant "wellington"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may call "1 2 3 4 Nap"
    When seat 1 calls Wellington
    Then the action is rejected as "call-not-allowed"
    When seat 1 calls 4
    Then seat 2 may call "Nap"
    When seat 2 calls Wellington
    Then the action is rejected as "call-not-allowed"
    When seat 2 calls Nap
    Then the action is accepted
    And seat 3 may call "Wellington"
    When seat 3 calls Wellington
    Then the action is accepted
    And seat 0 may call "none"
    When seat 0 passes
    Then the phase is "play"
    And the soloist is seat 3 with a call of Wellington
    And seat 3 is to act

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle p. 96             |
      | wikipedia | Wikipedia § Wellington  |

  @rule:variants.wellington-stakes @id:variants-wellington-made @needs:nap-stakes
  Scenario Outline: A Wellington made wins double the Nap stakes (Hoyle) or ten from each (Wikipedia)
    Hoyle p. 96: "but at double the Nap stakes. Thus, if the caller of Nap receives 1s. or pays 6d., on a Wellington he would receive 2s., or pay 1s."
    Wikipedia § Seven-card Nap › Scoring: "Wellington: Bidder wins 10 from every player."

    Given the profile "<profile>"
    And the variant "wellington"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8S 6H 7H 8H 9H |
      | 1    | 9S 2H 3H 4H 5H |
      | 2    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 2      | TS 8S 9S |
      | 2      | JS 6H 2H |
      | 2      | QS 7H 3H |
      | 2      | KS 8H 4H |
      | 2      | AS 9H 5H |
    Then seat 2 has won 5 tricks
    And the outcome is "made"
    And the payments are "<payments>"

    Examples:
      | profile   | payments    | source                                              |
      | hoyle     | -20 -20 40  | Hoyle p. 96                                         |
      | wikipedia | -10 -10 20  | interpretation wikipedia-wellington-list-over-prose |

  @rule:variants.wellington-stakes @id:variants-wellington-defeated @needs:nap-stakes
  Scenario Outline: A Wellington defeated loses double the Nap stakes (Hoyle) or ten to each (Wikipedia)
    Hoyle p. 96: "on a Wellington he would receive 2s., or pay 1s."
    Wikipedia § Seven-card Nap › Penalties: "Wellington: Bidder pays 10 to every player."

    Given the profile "<profile>"
    And the variant "wellington"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8S 7S AH 6H 7H |
      | 1    | TS 9S 3H 4H 5H |
      | 2    | AS KS QS JS 2H |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 2      | JS 7S 9S |
      | 2      | QS 8S TS |
      | 2      | KS 6H 3H |
      | 2      | AS 7H 4H |
      | 2      | 2H AH 5H |
    Then trick 5 is won by seat 0
    And the outcome is "defeated"
    And the payments are "<payments>"

    Examples:
      | profile   | payments   | source                                              |
      | hoyle     | 10 10 -20  | Hoyle p. 96                                         |
      | wikipedia | 10 10 -20  | interpretation wikipedia-wellington-list-over-prose |

  @rule:variants.wellington-lead @id:variants-wellington-leads-lowest-trump
  Scenario Outline: Under Wikipedia the Wellington caller must lead his lowest card of the suit he makes trumps
    Wikipedia § Wellington: "The bidder must lead with his lowest value trump card when bidding Wellington"

    Given the profile "<profile>"
    And the variant "wellington"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8S 6H 7H 8H 9H |
      | 1    | 9S 2H 3H 4H 5H |
      | 2    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 0 passes
    And seat 2 plays "AS"
    Then the action is rejected as "must-lead-lowest-trump"
    When seat 2 plays "JS"
    Then the action is rejected as "must-lead-lowest-trump"
    And seat 2 is to act
    When seat 2 plays "TS"
    Then the action is accepted
    And trumps are "S"

    Examples:
      | profile   | source                  |
      | wikipedia | Wikipedia § Wellington  |

  @rule:variants.wellington-lead @id:variants-wellington-leads-any-card-under-hoyle
  Scenario Outline: Under Hoyle, who says nothing of it, the Wellington caller leads any card he likes
    Hoyle p. 96: "As in the Nap call, the player undertakes to make the whole five tricks"

    Given the profile "<profile>"
    And the variant "wellington"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8S 6H 7H 8H 9H |
      | 1    | 9S 2H 3H 4H 5H |
      | 2    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 0 passes
    And seat 2 plays "AS"
    Then the action is accepted
    And trumps are "S"

    Examples:
      | profile | source                                  |
      | hoyle   | interpretation lead-free-where-unstated |

  @rule:variants.penalties-at-call-stakes @rule:irregularities.soloist-revoke @id:variants-wellington-caller-revokes @needs:stop-when-decided
  Scenario Outline: A Wellington caller who revokes pays as on a lost Wellington
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."

    Given the profile "<profile>"
    And the variant "wellington"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS 5H 6H 5C 6C |
      | 1    | JS AH KH AC KC |
      | 2    | AS KS 2H 3C 4C |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 2      | KS QS JS |
      | 2      | 3C 5C AC |
      | 1      | AH AS 5H |
    Then the offences are "revoke@2"
    When seat 1 claims the revoke by seat 2
    Then the phase is "finished"
    And the outcome is "abandoned"
    And the payments are "10 10 -20"

    Examples:
      | profile   | source                 |
      | wikipedia | Wikipedia § Penalties  |

  # ------------------------------------------------------------------ Blücher

  @rule:variants.blucher-call @rule:variants.ranking @id:variants-blucher-only-over-wellington @needs:lowest-call
  Scenario Outline: Blücher can be called only over a Wellington, and is the highest call of all
    Wikipedia § Blücher: "Blücher is a bid to win all five tricks. It can only be bid after another player has bid Wellington."

    Given the profile "<profile>"
    And the variant "blucher"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may call "1 2 3 4 Nap"
    When seat 1 calls Blücher
    Then the action is rejected as "call-not-allowed"
    When seat 1 calls Nap
    Then seat 2 may call "Wellington"
    When seat 2 calls Blücher
    Then the action is rejected as "call-not-allowed"
    When seat 2 calls Wellington
    Then the action is accepted
    And seat 3 may call "Blücher"
    When seat 3 calls Blücher
    Then the action is accepted
    And seat 0 may call "none"
    When seat 0 passes
    Then the phase is "play"
    And the soloist is seat 3 with a call of Blücher
    And seat 3 is to act

    Examples:
      | profile   | source               |
      | wikipedia | Wikipedia § Blücher  |

  @rule:variants.blucher-stakes @id:variants-blucher-made
  Scenario Outline: A Blücher made wins ten from each player
    Wikipedia § Seven-card Nap › Scoring: "Blücher: Bidder wins 10 from every player."

    Given the profile "<profile>"
    And the variant "blucher"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 9S 2H 3H 4H 5H |
      | 1    | 8S 6H 7H 8H 9H |
      | 2    | 7S 2C 3C 4C 5C |
      | 3    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 3 calls Blücher
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 3      | TS 9S 8S 7S |
      | 3      | JS 2H 6H 2C |
      | 3      | QS 3H 7H 3C |
      | 3      | KS 4H 8H 4C |
      | 3      | AS 5H 9H 5C |
    Then the outcome is "made"
    And the payments are "-10 -10 -10 30"

    Examples:
      | profile   | source                                |
      | wikipedia | Wikipedia § Seven-card Nap › Scoring  |

  @rule:variants.blucher-stakes @id:variants-blucher-defeated
  Scenario Outline: A Blücher defeated pays twenty to each player
    Wikipedia § Seven-card Nap › Penalties: "Blücher: The stakes are double what they are in Wellington. Bidder pays 20 to every player."

    Given the profile "<profile>"
    And the variant "blucher"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | TS 9S 3H 4H AD |
      | 1    | 8S 6H 7H 8H 9H |
      | 2    | 7S 2C 3C 4C 5C |
      | 3    | AS KS QS JS 2D |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 3 calls Blücher
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 3      | JS 9S 8S 7S |
      | 3      | QS TS 6H 2C |
      | 3      | KS 3H 7H 3C |
      | 3      | AS 4H 8H 4C |
      | 3      | 2D AD 9H 5C |
    Then trick 5 is won by seat 0
    And the outcome is "defeated"
    And the payments are "20 20 20 -60"

    Examples:
      | profile   | source                                  |
      | wikipedia | Wikipedia § Seven-card Nap › Penalties  |

  @rule:variants.blucher-stakes @id:variants-blucher-at-double-wellington-stakes
  Scenario Outline: Where a Blücher is played at double the Wellington stakes, a Blücher made wins twice a Wellington's ten
    Wikipedia § Seven-card Nap › Penalties: "Blücher: The stakes are double what they are in Wellington."

    Given the profile "<profile>"
    And the variant "blucher"
    And the option "blucher" is "double-wellington-stakes"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 9S 2H 3H 4H 5H |
      | 1    | 8S 6H 7H 8H 9H |
      | 2    | 7S 2C 3C 4C 5C |
      | 3    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 3 calls Blücher
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 3      | TS 9S 8S 7S |
      | 3      | JS 2H 6H 2C |
      | 3      | QS 3H 7H 3C |
      | 3      | KS 4H 8H 4C |
      | 3      | AS 5H 9H 5C |
    Then the outcome is "made"
    And the payments are "-20 -20 -20 60"

    Examples:
      | profile   | source                                  |
      | wikipedia | Wikipedia § Seven-card Nap › Penalties  |

  @rule:variants.wellington-lead @id:variants-blucher-leads-any-card
  Scenario Outline: The lowest-trump lead binds a Wellington, not a Blücher
    Wikipedia § Wellington: "The bidder must lead with his lowest value trump card when bidding Wellington"

    Given the profile "<profile>"
    And the variant "blucher"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 9S 2H 3H 4H 5H |
      | 1    | 8S 6H 7H 8H 9H |
      | 2    | 7S 2C 3C 4C 5C |
      | 3    | AS KS QS JS TS |
    When seat 1 calls Nap
    And seat 2 calls Wellington
    And seat 3 calls Blücher
    And seat 0 passes
    And seat 3 plays "AS"
    Then the action is accepted
    And trumps are "S"

    Examples:
      | profile   | source                                      |
      | wikipedia | interpretation lowest-trump-wellington-only |

  # ------------------------------------------------------------------ Sir Garnet

  @rule:variants.sir-garnet-hand @id:variants-sir-garnet-extra-hand-dealt-last
  Scenario Outline: The extra hand is dealt as one more hand, served last in each round
    Hoyle p. 96: ""Sir Garnet" consists of an excess hand of five cards, dealt in the usual way and left on the table."
    Wikipedia § Sir Garnet: "Sir Garnet consists of a hand in excess of five cards, dealt in the usual way and left on the table."

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And 3 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H"
    When seat 2 cuts 4 cards
    And seat 0 deals
    Then the hands are:
      | seat | cards    |
      | 0    | <seat 0> |
      | 1    | <seat 1> |
      | 2    | <seat 2> |
    And the extra hand is "<extra>"
    And the phase is "calling"
    And seat 1 may take the extra hand

    Examples:
      | profile   | seat 0         | seat 1         | seat 2         | extra          | source                               |
      | hoyle     | QS 8S 4S KH 9H | AS TS 6S 2S JH | KS 9S 5S AH TH | JS 7S 3S QH 8H | interpretation sir-garnet-dealt-last |
      | wikipedia | 8S 7S 6S JH TH | AS KS QS 2S AH | JS TS 9S KH QH | 5S 4S 3S 9H 8H | interpretation sir-garnet-dealt-last |

  @rule:variants.sir-garnet-taking @rule:variants.sir-garnet-discard @id:variants-sir-garnet-take-discard-and-nap @needs:wellington @needs:compulsory-call
  Scenario Outline: A player takes up the extra hand in his turn, throws away five, and is bound to Nap
    Hoyle p. 97: "Until this extra hand is appropriated, each player, when it is his turn to call, has the privilege of taking it up and combining it with his own hand."
    Hoyle p. 97: "From the ten cards thus in his possession he must reject five, which he throws away face downwards, and on the remaining five he is bound to declare "Nap.""
    Wikipedia § Sir Garnet: "From the ten cards held, the exchanger then discards five, throwing them away face downwards, and must announce a Napoleon on the remaining cards."

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the extra hand on the table is "AS KS QS JS TS"
    Then the extra hand is "AS KS QS JS TS"
    And seat 1 may take the extra hand
    And seat 2 may not take the extra hand
    When seat 1 passes
    Then seat 2 may take the extra hand
    When seat 2 takes the extra hand
    Then the action is accepted
    And the extra hand is "-"
    And seat 2 holds "2H 3H 4H 5H 6H AS KS QS JS TS"
    And seat 2 is to act
    And seat 2 may discard any five of his ten cards
    And seat 2 may call "none"
    And seat 2 may not pass
    When seat 2 calls Nap
    Then the action is rejected as "call-not-allowed"
    When seat 2 passes
    Then the action is rejected as "call-not-allowed"
    When seat 2 discards "2H 3H 4H 5H 2S"
    Then the action is rejected as "bad-discard"
    When seat 2 discards "2H 3H 4H 5H 6H"
    Then the action is accepted
    And seat 2 holds "AS KS QS JS TS"
    And seat 3 is to act
    And seat 3 may call "none"
    And seat 3 may not take the extra hand
    When seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 2 with a Nap on the extra hand
    And seat 2 is to act

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle p. 97             |
      | wikipedia | Wikipedia § Sir Garnet  |

  @rule:variants.sir-garnet-stakes @id:variants-sir-garnet-paid-as-nap @needs:compulsory-call @needs:nap-stakes
  Scenario Outline: A Nap on the extra hand is paid as an ordinary Nap
    Hoyle p. 97: "The stakes are the same as on an ordinary Nap call."
    Wikipedia § Sir Garnet: "The stakes are the same as for an ordinary Nap call."

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the extra hand on the table is "AS KS QS JS TS"
    When seat 1 passes
    And seat 2 takes the extra hand
    And seat 2 discards "2H 3H 4H 5H 6H"
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 2      | AS 2S 2C 2D |
      | 2      | KS 3S 3C 3D |
      | 2      | QS 4S 4C 4D |
      | 2      | JS 5S 5C 5D |
      | 2      | TS 6S 6C 6D |
    Then the outcome is "made"
    And the payments are "-10 -10 30 -10"

    Examples:
      | profile   | source                  |
      | hoyle     | Hoyle p. 97             |
      | wikipedia | Wikipedia § Sir Garnet  |

  @rule:variants.sir-garnet-taking @id:variants-sir-garnet-not-after-a-nap
  Scenario Outline: The extra hand may be taken while a Nap is still open, not after a Nap
    Hoyle p. 97: "Until this extra hand is appropriated, each player, when it is his turn to call, has the privilege of taking it up"
    Wikipedia § Sir Garnet: "Until this extra hand is appropriated, each player, when it is his turn to bid, has the privilege of taking it up"

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the extra hand on the table is "AS KS QS JS TS"
    When seat 1 calls 4
    Then seat 2 may take the extra hand
    When seat 2 calls Nap
    Then seat 3 may not take the extra hand
    When seat 3 takes the extra hand
    Then the action is rejected as "call-not-allowed"
    And the extra hand is "AS KS QS JS TS"

    Examples:
      | profile   | source                                        |
      | hoyle     | interpretation sir-garnet-only-while-nap-open |
      | wikipedia | interpretation sir-garnet-only-while-nap-open |

  @rule:variants.sir-garnet-hand @id:variants-sir-garnet-untaken-hand-unused
  Scenario Outline: An extra hand nobody takes up stays face down, out of play
    Hoyle p. 96: "dealt in the usual way and left on the table."
    Wikipedia § Sir Garnet: "dealt in the usual way and left on the table."

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the extra hand on the table is "AS KS QS JS TS"
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 1 with a call of 2
    And seat 1 may not take the extra hand
    When the tricks are played:
      | leader | cards       |
      | 1      | 6D 2H 2S 2C |
    Then the extra hand is "AS KS QS JS TS"

    Examples:
      | profile   | source                                   |
      | hoyle     | interpretation sir-garnet-untaken-unused |
      | wikipedia | interpretation sir-garnet-untaken-unused |

  @rule:variants.wellington-call @rule:variants.sir-garnet-discard @id:variants-wellington-over-sir-garnet
  Scenario Outline: Where both are played, a Wellington may be called over a Nap on the extra hand
    Hoyle p. 96: "Wellington can only be called over Napoleon, that is, it cannot be declared unless "Nap" is declared before it."
    Hoyle p. 97: "and on the remaining five he is bound to declare "Nap.""

    Given the profile "<profile>"
    And the variant "sir-garnet"
    And the variant "wellington"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    And the extra hand on the table is "AS KS QS JS TS"
    When seat 1 takes the extra hand
    And seat 1 discards "2D 3D 4D 5D 6D"
    Then seat 2 may call "Wellington"
    When seat 2 calls Wellington
    Then the action is accepted
    When seat 3 passes
    And seat 0 passes
    Then the soloist is seat 2 with a call of Wellington

    Examples:
      | profile   | source                                    |
      | hoyle     | interpretation wellington-over-sir-garnet |
      | wikipedia | interpretation wellington-over-sir-garnet |

  # ------------------------------------------------------------------ seven-card Nap

  @rule:variants.seven-card-deal @id:variants-seven-card-deal-of-seven
  Scenario Outline: At seven-card Nap each player receives seven cards: three, then two and two
    Wikipedia § Seven-card Nap: "Each player receives seven cards."

    Given the profile "<profile>"
    And the variant "seven-card"
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD"
    When seat 3 cuts 4 cards
    And seat 0 deals
    Then the hands are:
      | seat | cards                |
      | 0    | 5S 4S 3S 9H 8H AD KD |
      | 1    | AS KS QS 2S AH 7H 6H |
      | 2    | JS TS 9S KH QH 5H 4H |
      | 3    | 8S 7S 6S JH TH 3H 2H |
    And the phase is "calling"
    And seat 1 is to act

    Examples:
      | profile   | source                                |
      | wikipedia | interpretation seven-card-deal-rounds |

  @rule:variants.seven-card-calls @rule:variants.seven-card-excludes @id:variants-seven-card-calls-three-to-seven
  Scenario Outline: At seven-card Nap the calls run from three to seven, with Misery above Nap and no Wellington or Blücher
    Wikipedia § Seven-card Nap: "The players may bid anything from three up to the lot (seven tricks). Misère is played at Seven-card Nap and ranks as next highest bid to Nap."
    Wikipedia § Seven-card Nap: "Bids of Wellington and Blücher are not permitted."

    Given the profile "<profile>"
    And the variant "seven-card"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 3S 9H 8H AD KD |
      | 1    | AS KS QS 2S AH 7H 6H |
      | 2    | JS TS 9S KH QH 5H 4H |
      | 3    | 8S 7S 6S JH TH 3H 2H |
    Then seat 1 may call "3 4 Nap Misery 6 7"
    And seat 1 may not take the extra hand
    When seat 1 calls 2
    Then the action is rejected as "invalid-action"
    When seat 1 calls 3
    Then the action is accepted
    And seat 2 may call "4 Nap Misery 6 7"
    When seat 2 calls Nap
    Then seat 3 may call "Misery 6 7"
    When seat 3 calls Wellington
    Then the action is rejected as "call-not-allowed"
    When seat 3 calls Misery
    Then the action is accepted
    And seat 0 may call "6 7"
    When seat 0 calls Blücher
    Then the action is rejected as "call-not-allowed"
    When seat 0 calls 7
    Then the action is accepted
    And the phase is "play"
    And the soloist is seat 0 with a call of 7

    Examples:
      | profile   | source                                     |
      | wikipedia | interpretation seven-card-misery-above-nap |

  @rule:variants.seven-card-calls @id:variants-seven-card-misery-below-nap
  Scenario Outline: Read the other way, Misery ranks directly below Nap at seven-card Nap
    Wikipedia § Seven-card Nap: "The players may bid anything from three up to the lot (seven tricks). Misère is played at Seven-card Nap and ranks as next highest bid to Nap."

    Given the profile "<profile>"
    And the variant "seven-card"
    And the option "seven-card" is "played-misery-below-nap"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 3S 9H 8H AD KD |
      | 1    | AS KS QS 2S AH 7H 6H |
      | 2    | JS TS 9S KH QH 5H 4H |
      | 3    | 8S 7S 6S JH TH 3H 2H |
    Then seat 1 may call "3 4 Misery Nap 6 7"
    When seat 1 calls Misery
    Then the action is accepted
    And seat 2 may call "Nap 6 7"

    Examples:
      | profile   | source                                     |
      | wikipedia | interpretation seven-card-misery-above-nap |

  @rule:variants.seven-card-excludes @id:variants-seven-card-no-extra-hand
  Scenario Outline: Seven-card Nap has no exchange of cards: no extra hand is dealt or taken
    Wikipedia § Seven-card Nap: "There is no exchange of cards and no peep."

    Given the profile "<profile>"
    And the variant "seven-card"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 3S 9H 8H AD KD |
      | 1    | AS KS QS 2S AH 7H 6H |
      | 2    | JS TS 9S KH QH 5H 4H |
      | 3    | 8S 7S 6S JH TH 3H 2H |
    Then seat 1 may not take the extra hand
    When seat 1 takes the extra hand
    Then the action is rejected as "call-not-allowed"
    And seat 1 holds "AS KS QS 2S AH 7H 6H"

    Examples:
      | profile   | source                                  |
      | wikipedia | interpretation seven-card-no-sir-garnet |

  @rule:variants.seven-card-stakes @rule:variants.seven-card-deal @id:variants-seven-card-stakes-by-call @needs:nap-stakes @needs:stop-when-decided
  Scenario Outline: At seven-card Nap seven tricks are played, and the losers of Nap, Misery, six or seven pay half stakes
    Wikipedia § Seven-card Nap › Penalties: "Seven-card Nap: Players losing nap, misery, six, or seven pay half stakes."

    Given the profile "<profile>"
    And the variant "seven-card"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 8H 7H 6H 6C 7C |
      | 1    | AS KS QS JS TS 2H 3H |
      | 2    | 9S 8S AH KH QH 2C 3C |
      | 3    | 7S 6S JH TH 9H 4C 5C |
    When seat 1 calls <call>
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 9S 7S 5S |
      | 1      | KS 8S 6S 4S |
      | 1      | QS 2C 4C 6C |
      | 1      | JS 3C 5C 7C |
      | 1      | TS QH 9H 6H |
      | 1      | 2H AH TH 7H |
      | 2      | KH JH 8H 3H |
    Then 7 tricks have been played
    And seat 1 has won 5 tricks
    And the outcome is "<outcome>"
    And the payments are "<payments>"

    Examples:
      | profile   | call   | outcome  | payments        | source                                            |
      | wikipedia | 4      | made     | -4 12 -4 -4     | interpretation seven-card-stakes                  |
      | wikipedia | Nap    | made     | -10 30 -10 -10  | interpretation seven-card-stakes                  |
      | wikipedia | Misery | defeated | 2 -6 2 2        | interpretation seven-card-half-stakes-rounded-up  |
      | wikipedia | 6      | defeated | 3 -9 3 3        | Wikipedia § Seven-card Nap › Penalties            |
      | wikipedia | 7      | defeated | 4 -12 4 4       | interpretation seven-card-half-stakes-rounded-up  |

  @rule:variants.seven-card-stakes @id:variants-seven-card-double-above-nap @needs:nap-stakes @needs:stop-when-decided
  Scenario Outline: Read the other way, a call above Nap at seven-card Nap wins double and its loser pays single
    Wikipedia § Seven-card Nap › Penalties: "Seven-card Nap: Players losing nap, misery, six, or seven pay half stakes."

    Given the profile "<profile>"
    And the variant "seven-card"
    And the option "seven-card" is "played-double-above-nap"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 8H 7H 6H 6C 7C |
      | 1    | AS KS QS JS TS 2H 3H |
      | 2    | 9S 8S AH KH QH 2C 3C |
      | 3    | 7S 6S JH TH 9H 4C 5C |
    When seat 1 calls <call>
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 9S 7S 5S |
      | 1      | KS 8S 6S 4S |
      | 1      | QS 2C 4C 6C |
      | 1      | JS 3C 5C 7C |
      | 1      | TS QH 9H 6H |
      | 1      | 2H AH TH 7H |
      | 2      | KH JH 8H 3H |
    Then seat 1 has won 5 tricks
    And the outcome is "<outcome>"
    And the payments are "<payments>"

    Examples:
      | profile   | call | outcome  | payments       | source                           |
      | wikipedia | 4    | made     | -4 12 -4 -4    | interpretation seven-card-stakes |
      | wikipedia | 6    | defeated | 6 -18 6 6      | interpretation seven-card-stakes |
      | wikipedia | 7    | defeated | 7 -21 7 7      | interpretation seven-card-stakes |

  @rule:variants.seven-card-calls @rule:calling.compulsory-call @id:variants-seven-card-compulsory-call-is-three
  Scenario Outline: Where a player must play when all pass, at seven-card Nap he plays for the lowest call, three
    Wikipedia § Seven-card Nap: "The players may bid anything from three up to the lot (seven tricks)."

    Given the profile "<profile>"
    And the variant "seven-card"
    And the option "compulsory-call" is "eldest-if-all-pass"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 8H 7H 6H 6C 7C |
      | 1    | AS KS QS JS TS 2H 3H |
      | 2    | 9S 8S AH KH QH 2C 3C |
      | 3    | 7S 6S JH TH 9H 4C 5C |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 1 with a call of 3
    And seat 1 is to act

    Examples:
      | profile   | source                                           |
      | wikipedia | interpretation seven-card-compulsory-lowest-call |

  # ------------------------------------------------------------------ irregularities

  @rule:variants.penalties-at-call-stakes @rule:irregularities.soloist-revoke @id:variants-misery-caller-revokes
  Scenario Outline: A Misery caller who revokes loses the stakes of his Misery, though he took no trick
    Hoyle p. 100: "A revoke proved against the caller himself entails the immediate penalty of the loss of the stakes"
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."

    Given the profile "<profile>"
    And the variant "misery"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | QS 4H JD QD KD |
      | 1    | 2S AH 2D 3D 4D |
      | 2    | AS 2H 5D 6D 7D |
      | 3    | KS 3H 8D 9D TD |
    When seat 1 calls Misery
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2S AS KS QS |
      | 2      | 2H 3H 4H 4D |
      | 0      | JD 2D 5D 8D |
      | 0      | QD 3D 6D 9D |
      | 0      | KD AH 7D TD |
    Then the offences are "revoke@1"
    And seat 1 has won 0 tricks
    When seat 2 claims the revoke by seat 1
    Then the payments are "3 -9 3 3"

    Examples:
      | profile   | source                 |
      | hoyle     | Hoyle p. 100           |
      | wikipedia | Wikipedia § Penalties  |

  @rule:variants.penalties-at-call-stakes @rule:variants.seven-card-stakes @rule:irregularities.soloist-revoke @id:variants-seven-card-nap-caller-revokes @needs:nap-stakes
  Scenario Outline: At seven-card Nap a revoking Nap caller pays as on a lost Nap: half stakes
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."
    Wikipedia § Seven-card Nap › Penalties: "Seven-card Nap: Players losing nap, misery, six, or seven pay half stakes."

    Given the profile "<profile>"
    And the variant "seven-card"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards                |
      | 0    | 5S 4S 8H 7H 6H 6C 7C |
      | 1    | AS KS QS JS TS 2H 3H |
      | 2    | 9S 8S AH KH QH 2C 3C |
      | 3    | 7S 6S JH TH 9H 4C 5C |
    When seat 1 calls Nap
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2H AH TH 7H |
      | 2      | 9S 7S 5S 3H |
    Then the offences are "revoke@1"
    When seat 2 claims the revoke by seat 1
    Then the phase is "finished"
    And the outcome is "abandoned"
    And the payments are "5 -15 5 5"

    Examples:
      | profile   | source                          |
      | wikipedia | interpretation seven-card-stakes |
