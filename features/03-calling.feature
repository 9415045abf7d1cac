@chapter:calling
Feature: Calling
  Once the deal is complete the players call once round, from the dealer's left to the dealer:
  each call names a number of tricks, must exceed the one before, and Nap (all five) is the
  limit. The highest caller plays alone. The sources differ on whether everyone may pass and on
  what follows when all do.

  @rule:calling.look-at-cards @id:calling-not-before-the-deal
  Scenario Outline: No one calls before the deal is complete
    Peel p. 9: "The deal having been completed the players are entitled to look at their cards, and then declare"
    Hoyle p. 99: "Then follows the process of calling, which has been already described."
    Britannica p. 229, description: "The deal being completed, the player to the dealer’s left looks at his hand"
    Wikipedia § Rules: "requiring only that the players judge the value of their hands regarding the number of players and any bid that may have been previously made."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 1 calls 2
    Then the action is rejected as "wrong-phase"
    When seat 3 cuts 4 cards
    And seat 1 calls 2
    Then the action is rejected as "wrong-phase"
    When seat 0 deals
    Then the phase is "calling"
    When seat 1 calls 2
    Then the action is accepted

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 9                      |
      | hoyle      | Hoyle p. 99                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Rules              |

  @rule:calling.call-tricks @rule:calling.eldest-first @rule:calling.pass @id:calling-eldest-opens-with-any-call-or-a-pass @needs:compulsory-call
  Scenario Outline: The eldest hand calls first: any number of tricks from one to Nap, or a pass
    Peel p. 9: "the player on the dealer's left having the first call."
    Hoyle p. 94: "The eldest hand--that is, the player to the dealer's left--has the first call"
    Britannica p. 229, description: "declares how many tricks he will play for (called “standing”)."
    Wikipedia § Bidding for four- or five-player Nap: "The bidding starts with the player to dealer's left"

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then the phase is "calling"
    And seat 1 is to act
    And seat 1 may make any call from the lowest to Nap
    And seat 1 may pass
    And seat 0 may call "none"

    Examples:
      | profile    | source                                  |
      | peel       | Peel p. 9                               |
      | hoyle      | Hoyle p. 94                             |
      | britannica | Britannica p. 229, description          |
      | wikipedia  | interpretation wikipedia-allowed-bids   |

  @rule:calling.call-tricks @id:calling-calls-start-at-the-lowest-call
  Scenario Outline: The calls start at the lowest call
    Peel p. 9: "If he decide to stand he declares the number of tricks he will stand for"
    Hoyle p. 94: "and then the players declaring in their turn how many tricks they think they can make."
    Britannica p. 229, description: "declares how many tricks he will play for (called “standing”)."
    Wikipedia § Bidding for four- or five-player Nap: "The allowed bids are as follows:"

    Given the profile "<profile>"
    And the option "lowest-call" is "<lowest>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may call "<calls>"
    When seat 1 calls <lowest>
    Then the action is accepted
    And seat 2 may call "<over>"

    Examples:
      | profile    | lowest | calls       | over      | source                                |
      | peel       | 1      | 1 2 3 4 Nap | 2 3 4 Nap | Peel p. 9                             |
      | hoyle      | 1      | 1 2 3 4 Nap | 2 3 4 Nap | Hoyle p. 94                           |
      | britannica | 1      | 1 2 3 4 Nap | 2 3 4 Nap | Britannica p. 229, description        |
      | wikipedia  | 1      | 1 2 3 4 Nap | 2 3 4 Nap | interpretation wikipedia-allowed-bids |
      | britannica | 2      | 2 3 4 Nap   | 3 4 Nap   | uncited                               |
      | britannica | 3      | 3 4 Nap     | 4 Nap     | uncited                               |

  @rule:calling.call-tricks @id:calling-below-the-lowest-call-is-no-call
  Scenario Outline: A call below the lowest call is refused
    Wikipedia § Bidding for four- or five-player Nap: "The allowed bids are as follows:"

    Given the profile "<profile>"
    And the option "lowest-call" is "<lowest>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 calls <below>
    Then the action is rejected as "invalid-action"
    And seat 1 is to act

    Examples:
      | profile    | lowest | below | source  |
      | britannica | 2      | 1     | uncited |
      | britannica | 3      | 2     | uncited |

  @rule:calling.in-rotation @rule:calling.dealer-last @rule:calling.eldest-first @rule:calling.soloist @id:calling-round-to-the-left-ending-with-dealer @needs:compulsory-call
  Scenario Outline: The calls go round to the left and end with the dealer
    Peel p. 10: "If he cannot stand for more tricks than have already been called he must pass, and the same holds good all round, until the dealer is reached."
    Hoyle p. 94: "the players declaring in their turn how many tricks they think they can make."
    Britannica p. 229, description: "If the eldest hand passes, the next player to the left has a similar option of standing or passing, and so on all round."
    Wikipedia § Bidding for four- or five-player Nap: "The bidding starts with the player to dealer's left, and goes clockwise round to end with the dealer."

    Given the profile "<profile>"
    And 4 players with seat 2 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 3 is to act
    When seat 2 makes the lowest call
    Then the action is rejected as "not-your-turn"
    When seat 0 makes the lowest call
    Then the action is rejected as "not-your-turn"
    When seat 3 passes
    Then seat 0 is to act
    When seat 0 makes the lowest call
    Then seat 1 is to act
    When seat 1 passes
    Then seat 2 is to act
    And the phase is "calling"
    When seat 2 calls Nap
    Then the phase is "play"
    And the soloist is seat 2 with a call of Nap
    And seat 2 is to act

    Examples:
      | profile    | source                                          |
      | peel       | Peel p. 10                                      |
      | hoyle      | Hoyle p. 94                                     |
      | britannica | Britannica p. 229, description                  |
      | wikipedia  | Wikipedia § Bidding for four- or five-player Nap |

  @rule:calling.must-exceed @rule:calling.soloist @id:calling-each-call-must-exceed-the-last
  Scenario Outline: A call must be for more tricks than the call before it
    Peel p. 10: "If he cannot stand for more tricks than have already been called he must pass"
    Hoyle p. 94: "and every one after him can declare by increasing his call, up to the limit, "Nap,""
    Britannica p. 229, description: "As soon as any one stands, the next player after him must either pass or stand for more tricks than the one before him, and so on all round."
    Wikipedia § Bidding for four- or five-player Nap: "Each player is allowed only one bid and it must be higher than the preceding bid (or a pass)."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 calls 3
    Then seat 2 may call "4 Nap"
    And seat 2 may pass
    When seat 2 calls 3
    Then the action is rejected as "call-too-low"
    When seat 2 calls 2
    Then the action is rejected as "call-too-low"
    And seat 2 is to act
    When seat 2 calls 4
    Then the action is accepted
    And seat 3 may call "Nap"
    When seat 3 passes
    Then seat 0 may call "Nap"
    And seat 0 may pass
    When seat 0 passes
    Then the soloist is seat 2 with a call of 4

    Examples:
      | profile    | source                                          |
      | peel       | Peel p. 10                                      |
      | hoyle      | Hoyle p. 94                                     |
      | britannica | Britannica p. 229, description                  |
      | wikipedia  | Wikipedia § Bidding for four- or five-player Nap |

  @rule:calling.soloist @rule:calling.pass @id:calling-highest-caller-is-the-soloist
  Scenario: The highest caller plays alone; an earlier caller and the players who passed are his opponents
    Britannica p. 229, description: "If the stand-hand succeeds in making at least the number of tricks he stood for he wins"
    Britannica p. 229, description: "the next player to the left has a similar option of standing or passing"

    Given the profile "britannica"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 calls 2
    And seat 2 calls 3
    And seat 3 passes
    And seat 0 passes
    Then the phase is "play"
    And the soloist is seat 2 with a call of 3
    And seat 2 is to act

  @rule:calling.once-each @rule:calling.no-alteration @id:calling-one-call-each-never-altered @needs:compulsory-call
  Scenario Outline: Each player calls or passes once, and a call once made stands
    Peel p. 10: "No player may make a second declaration, or alter one once made."
    Hoyle p. 100: "A declaration once made stands, and cannot be recalled."
    Britannica p. 229, description: "If the eldest hand passes, the next player to the left has a similar option of standing or passing, and so on all round."
    Wikipedia § Bidding for four- or five-player Nap: "Each player is allowed only one bid"

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    When seat 1 passes
    And seat 1 calls 2
    Then the action is rejected as "not-your-turn"
    When seat 2 calls 2
    And seat 2 calls 3
    Then the action is rejected as "not-your-turn"
    And seat 0 is to act
    When seat 0 passes
    Then the phase is "play"
    And the soloist is seat 2 with a call of 2

    Examples:
      | profile    | source                                          |
      | peel       | Peel p. 10                                      |
      | hoyle      | Hoyle p. 100                                    |
      | britannica | interpretation britannica-one-call-each         |
      | wikipedia  | Wikipedia § Bidding for four- or five-player Nap |

  @rule:calling.nap-ceiling @id:calling-nothing-above-nap
  Scenario Outline: Nap is the limit: after it no one can call
    Hoyle p. 94: "and every one after him can declare by increasing his call, up to the limit, "Nap," which is a declaration to take all the five tricks."
    Britannica p. 229, description: "If any one declares “Nap,” i.e., that he will play for all five tricks, no subsequent player can stand."
    Wikipedia § Rules: "may bid up to the limit, Napoleon, which is a bid to take all five tricks."
    Peel p. 10: "If he cannot stand for more tricks than have already been called he must pass"

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    When seat 1 calls 4
    Then seat 2 may call "Nap"
    When seat 2 calls Nap
    Then the action is accepted
    And seat 0 may call "none"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Rules              |

  @rule:calling.nap-ceiling @rule:calling.soloist @id:calling-dealer-calls-nap-last
  Scenario: A Nap by the dealer ends the calling and is played like any other call
    Britannica p. 229, description: "If any one declares “Nap,” i.e., that he will play for all five tricks, no subsequent player can stand. The hand is played as before."

    Given the profile "britannica"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
    When seat 1 calls 4
    And seat 2 passes
    And seat 0 calls Nap
    Then the phase is "play"
    And the soloist is seat 0 with a call of Nap
    And seat 0 is to act

  @rule:calling.all-pass @rule:calling.compulsory-call @id:calling-when-everyone-passes
  Scenario Outline: What follows when every player passes
    Peel p. 10: "but it is understood that the first caller must stand for one trick, should all the others decide to pass"
    Hoyle p. 100: "Unless there is an agreement to the contrary, the dealer must, in default of any higher call, make one trick"
    Britannica p. 229, description: "If all pass, the hand is not played, and the player to the dealer’s left deals."
    Wikipedia § Bidding for four- or five-player Nap: "(or a pass)"

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                           |
      | peel       | play     | Peel p. 10                       |
      | hoyle      | calling  | Hoyle p. 100                     |
      | britannica | finished | Britannica p. 229, description   |
      | wikipedia  | finished | interpretation wikipedia-all-pass |

  @rule:calling.compulsory-call @rule:calling.all-pass @rule:play.soloist-leads @rule:settlement.stake-per-trick @id:calling-peel-eldest-stands-for-one @needs:stop-when-decided @needs:lowest-call
  Scenario: Under Peel the eldest hand may pass, but stands for one trick if all the others pass
    Peel p. 10: "but it is understood that the first caller must stand for one trick, should all the others decide to pass"
    Peel p. 10: "The senior hand may make trumps of any suit he chooses, and this he signifies by leading one of the suit he selects."

    Given the profile "peel"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 6D 7D 8D 9D |
      | 1    | AS 2H 3H 4H 5H |
      | 2    | 2S 6H 7H 8H 9H |
      | 3    | 3S 2D 3D 4D 5D |
    Then seat 1 may pass
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    Then seat 0 may pass
    When seat 0 passes
    Then the phase is "play"
    And the soloist is seat 1 with a call of 1
    And seat 1 is to act
    When the tricks are played:
      | leader | cards       |
      | 1      | AS 2S 3S 4S |
    Then 1 tricks have been played
    And the outcome is "made"
    And the payments are "-1 3 -1 -1"
    And the next dealer is seat 1

  @rule:calling.compulsory-call @rule:calling.all-pass @rule:play.soloist-leads @rule:settlement.level-money @id:calling-hoyle-dealer-must-play-for-one
  Scenario: Under Hoyle the dealer may not pass when all before him have passed, and pays if he fails
    Hoyle p. 100: "Unless there is an agreement to the contrary, the dealer must, in default of any higher call, make one trick, or pay 1d. each to the other players."

    Given the profile "hoyle"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 6D 7D 8D 9D |
      | 1    | AS 2H 3H 4H 5H |
      | 2    | 2S 6H 7H 8H 9H |
      | 3    | 3S 2D 3D 4D 5D |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    Then seat 0 is to act
    And seat 0 may not pass
    And seat 0 may call "1 2 3 4 Nap"
    When seat 0 passes
    Then the action is rejected as "cannot-pass"
    When seat 0 calls 1
    Then the soloist is seat 0 with a call of 1
    And seat 0 is to act
    When the tricks are played:
      | leader | cards       |
      | 0      | 4S AS 2S 3S |
      | 1      | 2H 6H 2D 6D |
      | 2      | 7H 3D 7D 3H |
      | 2      | 8H 4D 8D 4H |
      | 2      | 9H 5D 9D 5H |
    Then 5 tricks have been played
    And seat 0 has won 0 tricks
    And the outcome is "defeated"
    And the payments are "-3 1 1 1"

  @rule:calling.compulsory-call @rule:calling.all-pass @rule:settlement.level-money @id:calling-hoyle-compelled-dealer-makes-his-trick @needs:stop-when-decided
  Scenario Outline: Under Hoyle a compelled dealer who makes his trick is paid as on any call of one
    Hoyle p. 100: "Unless there is an agreement to the contrary, the dealer must, in default of any higher call, make one trick, or pay 1d. each to the other players."
    Hoyle p. 95: "It is a level-money transaction all round"

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS 6D 7D 8D 9D |
      | 1    | 4S 2H 3H 4H 5H |
      | 2    | 2S 6H 7H 8H 9H |
      | 3    | 3S 2D 3D 4D 5D |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 calls 1
    Then the soloist is seat 0 with a call of 1
    When the tricks are played:
      | leader | cards       |
      | 0      | AS 4S 2S 3S |
    Then seat 0 has won 1 tricks
    And the outcome is "made"
    And the payments are "3 -1 -1 -1"

    Examples:
      | profile | source                                     |
      | hoyle   | interpretation hoyle-compelled-dealer-paid |

  @rule:calling.compulsory-call @rule:calling.pass @id:calling-hoyle-dealer-may-pass-after-a-call
  Scenario: Under Hoyle the dealer may pass when someone before him has called
    Hoyle p. 100: "the dealer must, in default of any higher call, make one trick"

    Given the profile "hoyle"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 passes
    And seat 2 calls 2
    And seat 3 passes
    Then seat 0 may pass
    When seat 0 passes
    Then the action is accepted
    And the soloist is seat 2 with a call of 2

  @rule:calling.all-pass @rule:calling.compulsory-call @rule:dealing.rotation @id:calling-all-pass-hand-not-played
  Scenario Outline: Where anyone may pass and all do, the hand is not played and the deal passes
    Britannica p. 229, description: "If all pass, the hand is not played, and the player to the dealer’s left deals."
    Wikipedia § Bidding for four- or five-player Nap: "Each player is allowed only one bid and it must be higher than the preceding bid (or a pass)."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    Then seat 0 may pass
    When seat 0 passes
    Then the phase is "finished"
    And nobody is to act
    And there is no soloist
    And the outcome is "all-passed"
    And the payments are "0 0 0 0"
    And the next dealer is seat 1

    Examples:
      | profile    | source                            |
      | britannica | Britannica p. 229, description    |
      | wikipedia  | interpretation wikipedia-all-pass |

  @rule:calling.compulsory-call @id:calling-eldest-cannot-pass-custom
  Scenario: Britannica's custom: the eldest hand must declare one trick at least
    Britannica p. 229, description: "Some players make it compulsory for the eldest hand to declare one trick at least"

    Given the profile "britannica"
    And the option "compulsory-call" is "eldest-cannot-pass"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    Then seat 1 may not pass
    And seat 1 may call "1 2 3 4 Nap"
    When seat 1 passes
    Then the action is rejected as "cannot-pass"
    When seat 1 calls 1
    Then the action is accepted
    And seat 2 may pass

  @rule:calling.compulsory-call @id:calling-dealer-compelled-custom
  Scenario: Britannica's other custom: the dealer is compelled to play for at least one trick
    Britannica p. 229, description: "Some players compel the dealer to play for at least one trick."

    Given the profile "britannica"
    And the option "compulsory-call" is "dealer-if-all-pass"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | 2H 3H 4H 5H 6H |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    Then seat 0 may not pass
    When seat 0 passes
    Then the action is rejected as "cannot-pass"
    When seat 0 calls 1
    Then the soloist is seat 0 with a call of 1
