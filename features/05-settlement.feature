@chapter:settlement
Feature: Settlement
  Each hand is settled between the soloist and every other player, in stakes per trick called:
  the same amount whether he makes the call or fails, nothing for tricks beyond it, and no more
  for failing badly. Only Nap is paid at odds. A dealer who sits out pays and receives like
  the others. The stakes are paid before the next deal.

  @rule:settlement.stake-per-trick @rule:settlement.paid-between-players @rule:settlement.before-next-deal @rule:play.made-or-defeated @id:settlement-made-call-paid-per-trick
  Scenario Outline: A made call of three is paid three stakes by every other player
    Peel p. 8: "Say, for example, he declared to win three tricks, and succeeded, then each of the other players would pay him three times the amount of the stake"
    Hoyle p. 95: "if a man calls three at "penny Nap," he receives 3d. from every other player if he makes the three tricks"
    Britannica p. 229, description: "If he wins he receives from each of the other players the amount previously agreed on for each trick stood for"
    Wikipedia § Scoring: "Less than 5: in the event of a win, the bidder wins 1 stake from each opponent for each trick announced"
    Hoyle p. 95: "The round being over and the stakes paid, the deal passes in the usual way to the person to the left of the last dealer, and so on."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 8S 4H 4D 2C |
      | 1    | AS KS 2H 2D AC |
      | 2    | 3S 6S AH 3D 4C |
      | 3    | 4S 7S 3H AD 3C |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 3S 4S 5S |
      | 1      | KS 6S 7S 8S |
      | 1      | 2H AH 3H 4H |
      | 2      | 3D AD 4D 2D |
      | 3      | 3C 2C AC 4C |
    Then seat 1 has won 3 tricks
    And the phase is "finished"
    And the outcome is "made"
    And the payments are "-3 9 -3 -3"
    And the next dealer is seat 1

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 8                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.level-money @rule:settlement.paid-between-players @rule:play.made-or-defeated @id:settlement-defeated-call-pays-the-same @needs:dealer-sits-out
  Scenario Outline: A call of two that fails by one trick pays two stakes to every other player
    Peel p. 8: "if the senior hand did not succeed, he would have to pay a similar amount to each of the others."
    Hoyle p. 95: "It is a level-money transaction all round"
    Britannica p. 229, description: "if he loses he similarly pays all the others."
    Wikipedia § Scoring: "if the bidder loses, the bidder pays 1 stake per trick announced to each player."

    Given the profile "<profile>"
    And 5 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 5H 4D 3C KC |
      | 1    | AS 2H 5D 4C QC |
      | 2    | 2S AH 2D 5C 7C |
      | 3    | 3S 3H AD 2C 8C |
      | 4    | 4S 4H 3D AC 6C |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 4 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards          |
      | 1      | AS 2S 3S 4S 5S |
      | 1      | 2H AH 3H 4H 5H |
      | 2      | 2D AD 3D 4D 5D |
      | 3      | 2C AC 3C 4C 5C |
      | 4      | 6C KC QC 7C 8C |
    Then seat 1 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "2 -8 2 2 2"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 8                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.no-overtricks @id:settlement-no-pay-for-overtricks
  Scenario Outline: Tricks won beyond the call are not paid for
    Hoyle p. 95: "It matters nothing whether he makes two or even three tricks more than he declared to make; he is only paid for the number that he originally announced"
    Wikipedia § Scoring: "It matters not if more tricks were taken than announced; the winner is only paid for the number of tricks announced."
    Peel p. 8: "In other cases the players win or lose one stake for each trick that the senior hand has declared for."
    Britannica p. 229, description: "the amount previously agreed on for each trick stood for"

    Given the profile "<profile>"
    And the option "stop-when-decided" is "false"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 6S 3H 3D 3C |
      | 1    | AS KS AH AD AC |
      | 2    | 3S 4S 2H 2D 2C |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 3S 5S |
      | 1      | KS 4S 6S |
      | 1      | AH 2H 3H |
      | 1      | AD 2D 3D |
      | 1      | AC 2C 3C |
    Then seat 1 has won 5 tricks
    And the outcome is "made"
    And the payments are "-2 4 -2"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 8                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.flat-loss @rule:play.stop-when-decided @id:settlement-flat-loss-stopped-early
  Scenario Outline: Under Peel and Hoyle a soloist who takes no trick pays only for his call
    Hoyle p. 95: "and even if he does not take a trick, he simply pays for the number he called."
    Peel p. 8: "In other cases the players win or lose one stake for each trick that the senior hand has declared for."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 4H 4D 4C 7S |
      | 1    | 2S 3S 2H 2D 2C |
      | 2    | AS AH AD AC KS |
      | 3    | 4S 3H 3D 3C 6S |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2S AS 4S 5S |
      | 2      | AH 3H 4H 2H |
      | 2      | AD 3D 4D 2D |
    Then 3 tricks have been played
    And seat 1 has won 0 tricks
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile | source                                 |
      | peel    | Peel p. 8                              |
      | hoyle   | interpretation hoyle-stop-when-decided |

  @rule:settlement.flat-loss @id:settlement-flat-loss-played-out @needs:stop-when-decided
  Scenario Outline: Under Britannica and Wikipedia a soloist who takes no trick in five pays only for his call
    Wikipedia § Scoring: "A bidder who fails to achieve the tricks bid, loses and pays every other player for the number of tricks announced before play."
    Britannica p. 229, description: "if he loses he similarly pays all the others."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 4H 4D 4C 7S |
      | 1    | 2S 3S 2H 2D 2C |
      | 2    | AS AH AD AC KS |
      | 3    | 4S 3H 3D 3C 6S |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | 2S AS 4S 5S |
      | 2      | AH 3H 4H 2H |
      | 2      | AD 3D 4D 2D |
      | 2      | AC 3C 4C 2C |
      | 2      | KS 6S 7S 3S |
    Then 5 tricks have been played
    And seat 1 has won 0 tricks
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile    | source                         |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.nap @rule:play.made-or-defeated @id:settlement-nap-made @needs:compulsory-call
  Scenario Outline: A made Nap receives ten stakes from every other player
    Peel p. 6: "for Nap he receives ten, paying only five, however, if he loses."
    Hoyle p. 95: "But if he calls Napoleon (five tricks) he receives 10d. if he wins, and only pays 5d. if he loses."
    Britannica p. 229, description: "If the player declaring Nap wins he receives double stakes all round"
    Wikipedia § Scoring: "Nap: Bidder wins 10 from every player, or loses 5 to every player."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | 2S 2H 3H 4H 5H |
      | 2    | 3S 2D 3D 4D 5D |
      | 3    | 4S 2C 3C 4C 5C |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 calls Nap
    Then the soloist is seat 0 with a call of Nap
    When the tricks are played:
      | leader | cards       |
      | 0      | AS 2S 3S 4S |
      | 0      | KS 2H 2D 2C |
      | 0      | QS 3H 3D 3C |
      | 0      | JS 4H 4D 4C |
      | 0      | TS 5H 5D 5C |
    Then seat 0 has won 5 tricks
    And the outcome is "made"
    And the payments are "30 -10 -10 -10"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 6                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.nap @rule:play.made-or-defeated @id:settlement-nap-lost-on-the-last-trick @needs:compulsory-call
  Scenario Outline: A Nap that wins four tricks is lost, and pays five stakes to every other player
    Peel p. 4: "if however, after declaring his intention to try for Nap he fails, he only pays a single, _i.e._, for five tricks"
    Hoyle p. 95: "and only pays 5d. if he loses."
    Britannica p. 229, description: "if he loses he only pays single stakes all round."
    Wikipedia § Scoring: "or lose 20 chips (the bidder pays 5 to every player)."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS 2H |
      | 1    | 2S 3D 4D 5D AH |
      | 2    | 3S 2C 3C 4C 5C |
      | 3    | 4S 6D 7D 8D 9D |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 calls Nap
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2S 3S 4S |
      | 0      | KS 3D 2C 6D |
      | 0      | QS 4D 3C 7D |
      | 0      | JS 5D 4C 8D |
      | 0      | 2H AH 5C 9D |
    Then seat 0 has won 4 tricks
    And the outcome is "defeated"
    And the payments are "-15 5 5 5"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 4                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |

  @rule:settlement.nap @id:settlement-nap-shilling-made @needs:compulsory-call
  Scenario: Hoyle's custom: a made Nap receives a shilling, twelve stakes, from every other player
    Hoyle p. 95: "We may say here that in most places where penny Nap is played, the 10d. and 5d. are raised to 1s. to win and 6d. to lose, on the plea of making it even money."

    Given the profile "hoyle"
    And the option "nap-stakes" is "win-12-lose-6"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS TS |
      | 1    | 2S 2H 3H 4H 5H |
      | 2    | 3S 2D 3D 4D 5D |
      | 3    | 4S 2C 3C 4C 5C |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 calls Nap
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2S 3S 4S |
      | 0      | KS 2H 2D 2C |
      | 0      | QS 3H 3D 3C |
      | 0      | JS 4H 4D 4C |
      | 0      | TS 5H 5D 5C |
    Then the outcome is "made"
    And the payments are "36 -12 -12 -12"

  @rule:settlement.nap @id:settlement-nap-sixpence-lost @needs:compulsory-call
  Scenario: Hoyle's custom: a lost Nap pays sixpence, six stakes, to every other player
    Hoyle p. 95: "the 10d. and 5d. are raised to 1s. to win and 6d. to lose"

    Given the profile "hoyle"
    And the option "nap-stakes" is "win-12-lose-6"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | AS KS QS JS 2H |
      | 1    | 2S 3D 4D 5D AH |
      | 2    | 3S 2C 3C 4C 5C |
      | 3    | 4S 6D 7D 8D 9D |
    When seat 1 passes
    And seat 2 passes
    And seat 3 passes
    And seat 0 calls Nap
    And the tricks are played:
      | leader | cards       |
      | 0      | AS 2S 3S 4S |
      | 0      | KS 3D 2C 6D |
      | 0      | QS 4D 3C 7D |
      | 0      | JS 5D 4C 8D |
      | 0      | 2H AH 5C 9D |
    Then the outcome is "defeated"
    And the payments are "-18 6 6 6"

  @rule:settlement.sitting-out-dealer @rule:players.dealer-sits-out @id:settlement-dealer-out-pays-a-made-call @needs:compulsory-call
  Scenario Outline: A dealer who sits out pays a made call like every other player
    Peel p. 3: "though he receives and pays for the tricks like the others"
    Britannica p. 229, description: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."
    Wikipedia § Set-up: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."

    Given the profile "<profile>"
    And 6 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | -              |
      | 1    | 5S 5H 5D 5C 7C |
      | 2    | AS 2H 3D 4C KC |
      | 3    | 2S AH 2D 3C 8C |
      | 4    | 3S 3H AD 2C 9C |
      | 5    | 4S 4H 4D AC 6C |
    When seat 1 passes
    And seat 2 calls 2
    And seat 3 passes
    And seat 4 passes
    And seat 5 passes
    And the tricks are played:
      | leader | cards          |
      | 2      | AS 2S 3S 4S 5S |
      | 2      | 2H AH 3H 4H 5H |
      | 3      | 2D AD 4D 5D 3D |
      | 4      | 2C AC 5C 4C 3C |
      | 5      | 6C 7C KC 8C 9C |
    Then seat 2 has won 2 tricks
    And the outcome is "made"
    And the payments are "-2 -2 10 -2 -2 -2"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 3                      |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Set-up             |

  @rule:settlement.sitting-out-dealer @rule:players.dealer-sits-out @id:settlement-dealer-out-paid-on-a-failed-call @needs:compulsory-call
  Scenario Outline: A dealer who sits out is paid on a failed call like every other player
    Peel p. 3: "though he receives and pays for the tricks like the others"
    Britannica p. 229, description: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."
    Wikipedia § Set-up: "When six play the dealer deals himself no hand, but pays or receives the same as the other players."

    Given the profile "<profile>"
    And 6 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | -              |
      | 1    | 5S 5H 5D 5C KC |
      | 2    | AS 2H 3D 4C QC |
      | 3    | 2S AH 2D 3C 8C |
      | 4    | 3S 3H AD 2C 9C |
      | 5    | 4S 4H 4D AC 6C |
    When seat 1 passes
    And seat 2 calls 2
    And seat 3 passes
    And seat 4 passes
    And seat 5 passes
    And the tricks are played:
      | leader | cards          |
      | 2      | AS 2S 3S 4S 5S |
      | 2      | 2H AH 3H 4H 5H |
      | 3      | 2D AD 4D 5D 3D |
      | 4      | 2C AC 5C 4C 3C |
      | 5      | 6C KC QC 8C 9C |
    Then seat 2 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "2 2 -10 2 2 2"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 3                      |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Set-up             |

  @rule:settlement.flat-loss @id:settlement-flat-loss-one-short
  Scenario Outline: A soloist who falls one trick short pays for his whole call, as one who takes none
    Hoyle p. 95: "and even if he does not take a trick, he simply pays for the number he called."
    Peel p. 8: "In other cases the players win or lose one stake for each trick that the senior hand has declared for."
    Wikipedia § Scoring: "A bidder who fails to achieve the tricks bid, loses and pays every other player for the number of tricks announced before play."
    Britannica p. 229, description: "if he loses he similarly pays all the others."

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 4C 5H 5D 5C |
      | 1    | AS KS 2H 2D 2C |
      | 2    | AH AD AC 3S 3H |
      | 3    | 4S 3D 3C 4H 4D |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 3S 4S 5S |
      | 1      | KS 3H 3D 4C |
      | 1      | 2H AH 4H 5H |
      | 2      | AD 4D 5D 2D |
      | 2      | AC 3C 5C 2C |
    Then 5 tricks have been played
    And seat 1 has won 2 tricks
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 8                      |
      | hoyle      | Hoyle p. 95                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Scoring            |
