@chapter:pool
Feature: The pool
  Where the table agrees on a pool (or kitty), it is fed by the dealers or the players, by fines
  and by the fees of Peep and Purchase Nap; it stays from deal to deal until a made Nap takes it,
  and what is left when the players stop is divided or drawn for. Each scenario plays the pool as
  its profile's source gives it (Given the variant "pool"), or a way of making it that the
  source offers besides (Given the option "...").

  # ------------------------------------------------------------------ by agreement

  @rule:pool.agreed @rule:settlement.nap @id:pool-none-without-agreement
  Scenario Outline: Without a pool, a made Nap is paid its stakes and nothing more
    Peel p. 11: "When a pool is agreed to"
    Hoyle p. 98: "Napoleon is better played without a pool, because then players call the strength of their hands and no more"

    Given the profile "<profile>"
    And 4 players with seat 3 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    When seat 0 calls Nap
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2C 2D 2H |
      | 0      | KS 3C 3D 3H |
      | 0      | QS 4C 4D 4H |
      | 0      | JS 5C 5D 5H |
      | 0      | TS JC JD JH |
    Then the outcome is "made"
    And the payments are "30 -10 -10 -10"

    Examples:
      | profile | source      |
      | peel    | Peel p. 11  |
      | hoyle   | Hoyle p. 98 |

  # ------------------------------------------------------------------ how it is fed

  @rule:pool.contributions @rule:pool.agreed @id:pool-each-dealer-pays-one-stake
  Scenario Outline: Each dealer pays one stake into the pool as he deals
    Peel p. 11: "When a pool is agreed to, payment is made by each dealer according to the value of the stake of the game"
    Hoyle p. 98: "The simplest way to make up a pool is for every dealer to put in a penny."

    Given the profile "<profile>"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 4 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    Then the pool holds 5
    And seat 3 pays 1 into the pool for "dealer-contribution"
    And seat 0 pays nothing into the pool
    And seat 1 pays nothing into the pool

    Examples:
      | profile | source                           |
      | peel    | interpretation peel-pool-each-dealer |
      | hoyle   | interpretation hoyle-pool-simplest   |

  @rule:pool.contributions @id:pool-all-pay-at-the-original-deal
  Scenario: Every player pays one stake when the deal comes to the first dealer of the session
    Peel p. 11: "but it is more convenient for all of the players to pay in when it is the original dealer's turn to play."

    Given the profile "peel"
    And the variant "pool"
    And the option "pool-contributions" is "all-at-original-deal"
    And 4 players with seat 3 dealing
    And seat 3 was the first dealer of the session
    And the pool holds 2 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    Then the pool holds 6
    And seat 0 pays 1 into the pool for "player-contribution"
    And seat 1 pays 1 into the pool for "player-contribution"
    And seat 2 pays 1 into the pool for "player-contribution"
    And seat 3 pays 1 into the pool for "player-contribution"

  @rule:pool.contributions @id:pool-nothing-paid-at-another-deal
  Scenario: When another player deals, nothing is paid in
    Peel p. 11: "it is more convenient for all of the players to pay in when it is the original dealer's turn to play."

    Given the profile "peel"
    And the variant "pool"
    And the option "pool-contributions" is "all-at-original-deal"
    And 4 players with seat 3 dealing
    And seat 1 was the first dealer of the session
    And the pool holds 2 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    Then the pool holds 2
    And nothing is paid into or taken from the pool

  @rule:pool.contributions @id:pool-dealer-three-players-one
  Scenario: The dealer pays three stakes and every other player one
    Hoyle p. 98: "They are, that every dealer shall put in 3d. and every player 1d. every time"

    Given the profile "hoyle"
    And the variant "pool"
    And the option "pool-contributions" is "dealer-three-players-one"
    And 4 players with seat 3 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    Then the pool holds 6
    And seat 3 pays 3 into the pool for "dealer-contribution"
    And seat 0 pays 1 into the pool for "player-contribution"
    And seat 1 pays 1 into the pool for "player-contribution"
    And seat 2 pays 1 into the pool for "player-contribution"

  @rule:pool.contributions @rule:pool.taken-by-nap @id:pool-knaves-and-fives-played @needs:nap-stakes
  Scenario: Every knave and five played is paid for, and the Nap takes what they made
    Hoyle p. 98: "or that every player of a knave or a five of any other suit than trumps shall contribute 1d. to the pool."
    Hoyle p. 99: "The successful caller of Napoleon always takes the pool."

    Given the profile "hoyle"
    And the variant "pool"
    And the option "pool-contributions" is "knaves-and-fives"
    And 4 players with seat 3 dealing
    And the pool holds 3 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    Then the pool holds 3
    When seat 0 calls Nap
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2C 2D 2H |
      | 0      | KS 3C 3D 3H |
      | 0      | QS 4C 4D 4H |
      | 0      | JS 5C 5D 5H |
      | 0      | TS JC JD JH |
    Then seat 1 pays into the pool for 2 knaves and fives
    And seat 2 pays into the pool for 2 knaves and fives
    And seat 3 pays into the pool for 2 knaves and fives
    And seat 0 pays nothing into the pool
    And seat 0 takes 9 from the pool for "pool-won"
    And the pool holds 0
    And the payments are "39 -12 -12 -12"

  @rule:pool.contributions @id:pool-knaves-and-fives-of-trumps-pay-nothing @needs:stop-when-decided
  Scenario: A knave or five of trumps pays nothing
    Hoyle p. 98: "every player of a knave or a five of any other suit than trumps shall contribute 1d. to the pool."

    Given the profile "hoyle"
    And the variant "pool"
    And the option "pool-contributions" is "knaves-and-fives"
    And 4 players with seat 3 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S AD AH KH QH |
      | 1    | JS 5D 4C 6C 7C |
      | 2    | 2S 2D 8C 9C TC |
      | 3    | 3S 3D 2H 3H 4H |
    When seat 0 calls 1
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | 5S JS 2S 3S |
      | 1      | 5D 2D 3D AD |
    Then the outcome is "made"
    And seat 0 pays nothing into the pool
    And seat 1 pays into the pool for 1 knaves and fives
    And the pool holds 1
    And the payments are "3 -2 -1 -1"

  # ------------------------------------------------------------------ exchange fees

  @rule:pool.exchange-fees @id:pool-exchanges-no-other-contribution
  Scenario Outline: At Peep and Purchase Nap no dealer pays into the pool
    Hoyle pp. 98–99: "In Peep or Purchase Nap the pools are made by the payments for "peeping" and "purchasing" respectively, and other methods of contributing to the kitty are dispensed with."

    Given the profile "hoyle"
    And the variant "<variant>"
    And 4 players with seat 3 dealing
    And the pool holds 2 stakes as the hand begins
    And the pack from the top is "AS KS QS JS TS"
    When seat 2 cuts 4 cards
    And seat 3 deals
    Then the pool holds 2
    And nothing is paid into or taken from the pool

    Examples:
      | variant  |
      | peep     |
      | purchase |

  # ------------------------------------------------------------------ fines

  @rule:pool.fines @rule:irregularities.no-misdeal-penalty @id:pool-misdeal-fined @needs:fresh-deal-misdeal
  Scenario Outline: A misdeal claimed is fined one stake into Peel's pool, and nothing into Hoyle's
    Peel p. 9: "in which case the player making a misdeal pays a penalty to the pool equal to the stake of one trick."

    Given the profile "<profile>"
    And the variant "pool"
    And irregular play is allowed
    And 4 players with seat 3 dealing
    And the pack from the top is "AS KS QS JS TS"
    When seat 2 cuts 4 cards
    And seat 3 deals the counts "5 5 6 4"
    And seat 0 claims the misdeal by seat 3
    Then the outcome is "fresh-deal"
    And seat 3 pays 1 into the pool for "dealer-contribution"
    And the pool holds <pool>
    And the payments are "<payments>"

    Examples:
      | profile | pool | payments   | source      |
      | peel    | 2    | 0 0 0 -2   | Peel p. 9   |
      | hoyle   | 1    | 0 0 0 -1   | Hoyle p. 98 |

  # ------------------------------------------------------------------ taken by a made Nap

  @rule:pool.taken-by-nap @rule:settlement.nap @id:pool-taken-by-a-made-nap
  Scenario Outline: A made Nap takes the whole pool besides the stakes
    Peel pp. 11–12: "The Kitty thus formed becomes the property of the caller who makes Nap, and he takes it in addition to the double stakes he receives from each player"
    Hoyle p. 99: "The successful caller of Napoleon always takes the pool."

    Given the profile "<profile>"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 6 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | JC 5C 2C 3C 4C |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    When seat 0 calls Nap
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2C 2D 2H |
      | 0      | KS 3C 3D 3H |
      | 0      | QS 4C 4D 4H |
      | 0      | JS 5C 5D 5H |
      | 0      | TS JC JD JH |
    Then the outcome is "made"
    And seat 0 takes 7 from the pool for "pool-won"
    And the pool holds 0
    And the payments are "37 -10 -10 -11"

    Examples:
      | profile | source         |
      | peel    | Peel pp. 11–12 |
      | hoyle   | Hoyle p. 99    |

  @rule:pool.taken-by-nap @id:pool-taken-by-a-made-wellington @needs:wellington-lead
  Scenario: Where Wellington is played, a made Wellington takes the pool too
    Hoyle p. 98: "The pool remains and accumulates until somebody succeeds in the call of Napoleon--or Wellington, where that higher call is allowed."

    Given the profile "hoyle"
    And the variant "wellington"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 6 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | JC 5C 2C 3C 4C |
      | 1    | AS KS QS JS TS |
      | 2    | JD 5D 2D 3D 4D |
      | 3    | JH 5H 2H 3H 4H |
    When seat 0 calls Nap
    And seat 1 calls Wellington
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 2D 2H 2C |
      | 1      | KS 3D 3H 3C |
      | 1      | QS 4D 4H 4C |
      | 1      | JS 5D 5H 5C |
      | 1      | TS JD JH JC |
    Then the outcome is "made"
    And seat 1 takes 7 from the pool for "pool-won"
    And the pool holds 0

  @rule:pool.taken-by-nap @rule:pool.carries-over @id:pool-stays-after-a-lower-call @needs:stop-when-decided
  Scenario Outline: A made call below Nap leaves the pool where it is
    Peel pp. 11–12: "The Kitty thus formed becomes the property of the caller who makes Nap"
    Hoyle p. 98: "The pool remains and accumulates until somebody succeeds in the call of Napoleon"

    Given the profile "<profile>"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 6 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS AH 2C |
      | 1    | 2S 3S 4S 2H 3C |
      | 2    | 5S 6S 7S 3H 4C |
      | 3    | 8S 9S TS 4H 5C |
    When seat 0 calls 4
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2S 5S 8S |
      | 0      | KS 3S 6S 9S |
      | 0      | QS 4S 7S TS |
      | 0      | AH 2H 3H 4H |
    Then the outcome is "made"
    And seat 0 takes nothing from the pool
    And the pool holds 7
    And the payments are "12 -4 -4 -5"

    Examples:
      | profile | source         |
      | peel    | Peel pp. 11–12 |
      | hoyle   | Hoyle p. 98    |

  @rule:pool.taken-by-nap @id:pool-not-taken-by-a-misery
  Scenario: A made Misery does not take the pool
    Hoyle p. 98: "The pool remains and accumulates until somebody succeeds in the call of Napoleon--or Wellington, where that higher call is allowed."

    Given the profile "hoyle"
    And the variant "misery"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 6 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 2D 3D |
      | 1    | AC KC QC JC TC |
      | 2    | AD KD QD JD TD |
      | 3    | AH KH QH JH 9C |
    When seat 0 calls Misery
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | 2C AC AD 9C |
      | 1      | KC KD AH 3C |
      | 1      | QC QD KH 4C |
      | 1      | JC JD QH 2D |
      | 1      | TC TD JH 3D |
    Then the outcome is "made"
    And seat 0 takes nothing from the pool
    And the pool holds 7

  # ------------------------------------------------------------------ carried over

  @rule:pool.carries-over @id:pool-carried-over-after-a-defeat @needs:stop-when-decided
  Scenario Outline: A defeated call leaves the pool to the next deal, with the dealer's stake added
    Hoyle p. 98: "The pool remains and accumulates until somebody succeeds in the call of Napoleon"
    Peel p. 12: "When it is found desirable to conclude the game before a Nap has been secured"

    Given the profile "<profile>"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the pool holds 9 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 7C |
      | 1    | AC KC QC JC 5H |
      | 2    | 6C 9C 2D 3D 4D |
      | 3    | 8C TC 2H 3H 4H |
    When seat 0 calls 4
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And the tricks are played:
      | leader | cards       |
      | 0      | 2C AC 6C 8C |
      | 1      | KC 9C TC 3C |
    Then the outcome is "defeated"
    And the pool holds 10
    And the payments are "-12 4 4 3"

    Examples:
      | profile | source      |
      | peel    | Peel p. 12  |
      | hoyle   | Hoyle p. 98 |

  # ------------------------------------------------------------------ a failed Nap

  @rule:pool.failed-nap @id:pool-failed-nap-pays-nothing-or-doubles @needs:nap-stakes @needs:stop-when-decided
  Scenario Outline: A failed Nap pays the players only, or at some tables as much again into the pool
    Hoyle p. 98: "The player who calls Nap and fails, does not usually have to double or even increase the pool. At some tables, however, the caller of Nap who fails to make it has to pay into the pool the same amount as is already there."

    Given the profile "hoyle"
    And the variant "pool"
    And the option "pool-failed-nap" is "<value>"
    And 4 players with seat 3 dealing
    And the pool holds 4 stakes as the hand begins
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 7C |
      | 1    | AC KC QC JC TC |
      | 2    | 6C 2D 3D 4D 5D |
      | 3    | 8C 2H 3H 4H 5H |
    When seat 0 calls Nap
    And seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 plays "2C"
    And seat 1 plays "AC"
    And seat 2 plays "6C"
    And seat 3 plays "8C"
    Then the outcome is "defeated"
    And the pool holds <pool>
    And the payments are "<payments>"

    Examples:
      | value            | pool | payments     |
      | pays-nothing     | 5    | -15 5 5 4    |
      | pays-pool-amount | 10   | -20 5 5 4    |

  # ------------------------------------------------------------------ the end of play

  @rule:pool.end-of-session @id:pool-divided-equally-remainder-drawn
  Scenario Outline: When play ends, the pool is divided equally and what is left over drawn for, the ace high
    Peel p. 12: "When it is found desirable to conclude the game before a Nap has been secured, the amount of the kitty is to be equally divided between the players"

    Given the profile "<profile>"
    And the variant "pool"
    And 4 players with seat 3 dealing
    And the players stop with 10 in the pool
    And the cards dealt for the pool are "AC 4D 4H KS 2S 3C"
    Then seat 0 takes 2 from the pool for "pool-divided"
    And seat 2 takes 2 from the pool for "pool-divided"
    And seat 3 takes 2 from the pool for "pool-divided"
    And seat 1 takes 2 from the pool for "pool-divided"
    And seat 1 takes 2 from the pool for "pool-drawn"
    And seat 0 takes 2 from the pool
    And the pool holds 0

    Examples:
      | profile | source                                  |
      | peel    | interpretation peel-pool-divided        |
      | hoyle   | interpretation pool-end-where-unstated  |

  @rule:pool.end-of-session @id:pool-divided-evenly-draws-nothing
  Scenario: A pool that divides evenly is shared without a draw
    Peel p. 12: "the amount of the kitty is to be equally divided between the players"

    Given the profile "peel"
    And the variant "pool"
    And 4 players with seat 0 dealing
    And the players stop with 8 in the pool
    Then seat 1 takes 2 from the pool
    And seat 0 takes 2 from the pool
    And the pool holds 0

  @rule:pool.end-of-session @id:pool-drawn-for-lowest-card-ace-high
  Scenario: A pool drawn for goes whole to the lowest card, the ace counting high
    Peel p. 12: "or it may be drawn for, in which case a card is distributed to each player by the regular dealer, who has the cards properly shuffled and cut for the purpose, when the holder of the lowest card (ace here reckoning as highest) takes the pool."

    Given the profile "peel"
    And the variant "pool"
    And the option "pool-end" is "drawn-for"
    And 3 players with seat 0 dealing
    And the players stop with 7 in the pool
    And the cards dealt for the pool are "9C 2D AH"
    Then seat 2 takes 7 from the pool for "pool-drawn"
    And seat 0 takes nothing from the pool
    And the pool holds 0
