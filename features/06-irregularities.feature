@chapter:irregularities
Feature: Irregularities
  Faults of the deal (a card exposed in dealing, a misdeal, a faulty pack, an uncut deal, a
  wrong number of cards) and faults of the play (a revoke, a card played out of turn or
  exposed). Every fault is recorded when it happens and dealt with only when a player claims
  it; a claim that the profile's source does not provide for is refused. The sources differ
  widely on the remedies.

  # ------------------------------------------------------------------ claims and revokes

  @rule:irregularities.claims @rule:irregularities.revoke-definition @id:irregularities-revoke-recorded-not-penalised-until-claimed @needs:revoke
  Scenario: A revoke is recorded when made; until claimed the hand goes on as if it were regular
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly"
    Hoyle p. 101: "It is so common for persons to play valueless or losing cards out of turn without remark"
    Wikipedia § Penalties: "Failure to follow suit to the lead when able is called a revoke."

    Given the profile "wikipedia"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 9H 6H 7H |
      | 2      | TC JC QC 2D |
      | 0      | 5D 3D 5S 4D |
    Then the offences are "revoke@2"
    And the outcome is "made"
    And the payments are "-2 6 -2 -2"
    When seat 1 claims the revoke by seat 2
    Then the outcome is "abandoned"
    And the payments are "0 6 -6 0"

  @rule:irregularities.claims @id:irregularities-claim-of-no-offence
  Scenario: A claim of an offence that was not committed is refused
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5S 6S 7S |
    Then the offences are "none"
    When seat 1 claims the revoke by seat 2
    Then the action is rejected as "no-such-offence"
    And the phase is "play"
    And seat 1 is to act

  @rule:irregularities.revoke-definition @id:irregularities-revoke-by-discard-or-by-trump
  Scenario: Discarding or trumping while holding the suit led are both revokes
    Hoyle p. 95: "under penalty of a revoke for trumping or discarding when holding a card of the suit called for."
    Hoyle p. 100: "and always remember that a revoke is just as much a revoke if you throw away a card of another suit, holding a card of the suit led, as if you trumped under the same circumstances."
    Britannica p. 229, Rules of Play: "If a player, not the stand-hand, revokes"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    Then the offences are "revoke@2"
    When the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5S 6H 7H |
    Then trick 3 is won by seat 2
    And the offences are "revoke@2 revoke@2"

  @rule:irregularities.revoke-penalty @id:irregularities-revoke-claim-by-profile
  Scenario Outline: A claimed revoke by an opponent: played on, replayed from the start, replayed from the revoke, or abandoned
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly--that is to say, players must follow suit, if they can"
    Britannica p. 229, Rules of Play: "The cards are played over again from the point at which the revoke was made"
    Wikipedia § Penalties: "In every case, play is abandoned and settlement is made at once."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    Then the offences are "revoke@2"
    When seat 1 claims the revoke by seat 2
    Then the phase is "<phase>"
    And <tricks> tricks have been played

    Examples:
      | profile    | phase    | tricks | source                           |
      | peel       | play     | 1      | interpretation peel-revoke       |
      | hoyle      | play     | 0      | Hoyle p. 100                     |
      | britannica | play     | 0      | Britannica p. 229, Rules of Play |
      | wikipedia  | finished | 1      | Wikipedia § Penalties            |

  @rule:irregularities.revoke-penalty @rule:play.follow-suit @id:irregularities-peel-revoke-no-penalty @needs:stop-when-decided
  Scenario: Under Peel a revoke is recorded but a claim of it is refused, and the hand stands
    Peel p. 11: "A player having one of the suit led in either round must play it"

    Given the profile "peel"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    Then the action is rejected as "not-provided-for"
    And the offences are "revoke@2"
    And seat 1 is to act
    When the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
    Then the outcome is "made"
    And the payments are "-2 6 -2 -2"

  @rule:irregularities.revoke-penalty @id:irregularities-hoyle-revoke-replayed-call-made @needs:stop-when-decided
  Scenario: Under Hoyle the hand is replayed from the start; if the call is then made the revoker pays for everyone
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly"
    Hoyle p. 100: "The hand having been replayed, the offender pays the stakes for himself and every one of the other players to the caller, if the call succeeds."

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    Then the phase is "play"
    And seat 1 is to act
    And the soloist is seat 1 with a call of 2
    And the hands are:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When the tricks are played:
      | leader | cards       |
      | 1      | AS 5S 6S 7S |
      | 1      | KS 8S 9S TS |
    Then the phase is "finished"
    And the outcome is "made"
    And the payments are "0 6 -6 0"

  @rule:irregularities.revoke-penalty @id:irregularities-hoyle-revoke-replayed-call-fails
  Scenario: Under Hoyle, if the replayed call fails, the revoker pays the other opponents and the caller pays nothing
    Hoyle p. 100: "If the call fails, he pays the stakes to every other player, except the caller."

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5S 6S 7S |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5H 6H 7H |
      | 0      | QC 2D TC JC |
      | 0      | 5D 3D 9H 4D |
    Then seat 1 has won 2 tricks
    And the outcome is "defeated"
    And the payments are "3 0 -6 3"

  @rule:irregularities.revoke-penalty @id:irregularities-hoyle-replay-takes-trumps-from-its-own-lead
  Scenario: Under Hoyle the replayed hand takes its trumps from the soloist's new first lead
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    And the tricks are played:
      | leader | cards       |
      | 1      | 3D 5S 4D 5D |
    Then trumps are "D"
    And trick 1 is won by seat 0
    And seat 0 is to act

  @rule:irregularities.revoke-penalty @id:irregularities-britannica-revoke-replayed-from-the-revoke
  Scenario: Under Britannica the cards from the revoke on are played again and the revoker pays a fine of five
    Britannica p. 229, Rules of Play: "If a player, not the stand-hand, revokes he has to pay the value of five tricks to the stand-hand, in addition to what he may lose on the hand. The cards are played over again from the point at which the revoke was made"

    Given the profile "britannica"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    Then seat 2 is to act
    And seat 2 may play "5S 8S"
    And the hands are:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | KS 4H 2D 3D    |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 2 plays "5S"
    And seat 3 plays "6S"
    And seat 0 plays "7S"
    Then trick 1 is won by seat 1
    When the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5H 6H 7H |
      | 0      | QC 2D TC JC |
      | 0      | 5D 3D 9H 4D |
    Then seat 1 has won 2 tricks
    And the outcome is "made"
    And the payments are "-2 11 -7 -2"

  @rule:irregularities.revoke-penalty @id:irregularities-britannica-revoker-receives-nothing
  Scenario: Under Britannica, if the stand-hand loses, the revoker still pays his fine and receives nothing
    Britannica p. 229, Rules of Play: "and if the stand-hand loses the revoker receives nothing."

    Given the profile "britannica"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    And seat 2 plays "5S"
    And seat 3 plays "6S"
    And seat 0 plays "7S"
    And the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5H 6H 7H |
      | 0      | QC 2D TC JC |
      | 0      | 5D 3D 9H 4D |
    Then seat 1 has won 2 tricks
    And the outcome is "defeated"
    And the payments are "3 -1 -5 3"

  @rule:irregularities.revoke-penalty @rule:settlement.before-next-deal @id:irregularities-wikipedia-revoke-abandons-the-hand
  Scenario: Under Wikipedia play is abandoned and the revoker pays the bidder what all would have paid
    Wikipedia § Penalties: "A revoking player must pay the bidder the full amount the bidder would have collected had he or she won. In the last case, the other opponents pay nothing. In every case, play is abandoned and settlement is made at once."

    Given the profile "wikipedia"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 5H 6S 7S |
    And seat 1 claims the revoke by seat 2
    Then the phase is "finished"
    And nobody is to act
    And the outcome is "abandoned"
    And the payments are "0 6 -6 0"
    And the next dealer is seat 1

  @rule:irregularities.soloist-revoke @id:irregularities-soloist-revoke-by-profile
  Scenario Outline: A soloist who revoked loses his call, however many tricks he made
    Hoyle p. 100: "A revoke proved against the caller himself entails the immediate penalty of the loss of the stakes; that is to say, if a man calls three and revokes, it matters not how many tricks he makes, he must pay (at penny Nap) 3d. to every one of his opponents."
    Britannica p. 229, Rules of Play: "If the stand-hand revokes he loses what he declared to play for."
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 7D 4H 8D 7H |
      | 1    | AS KS 2D 3D AH |
      | 2    | 2S AD 2H 5D 8H |
      | 3    | 3S 6D 3H KD 6H |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 2S 3S 4S |
      | 1      | 2D AD 6D 7D |
      | 2      | 2H 3H 4H KS |
      | 1      | 3D 5D KD 8D |
      | 3      | 6H 7H AH 8H |
    Then the offences are "revoke@1"
    And seat 1 has won 3 tricks
    When seat 2 claims the revoke by seat 1
    Then the payments are "<payments>"

    Examples:
      | profile    | payments    | source                           |
      | peel       | -3 9 -3 -3  | interpretation peel-revoke       |
      | hoyle      | 3 -9 3 3    | Hoyle p. 100                     |
      | britannica | 3 -9 3 3    | Britannica p. 229, Rules of Play |
      | wikipedia  | 3 -9 3 3    | Wikipedia § Penalties            |

  @rule:irregularities.soloist-revoke @id:irregularities-wikipedia-soloist-revoke-abandons
  Scenario: Under Wikipedia a revoking bidder's hand is abandoned at once and he pays as if he had lost
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."
    Wikipedia § Penalties: "In every case, play is abandoned and settlement is made at once."

    Given the profile "wikipedia"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 7D 4H 8D 7H |
      | 1    | AS KS 2D 3D AH |
      | 2    | 2S AD 2H 5D 8H |
      | 3    | 3S 6D 3H KD 6H |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 2S 3S 4S |
      | 1      | 2D AD 6D 7D |
      | 2      | 2H 3H 4H KS |
    And seat 2 claims the revoke by seat 1
    Then the phase is "finished"
    And the outcome is "abandoned"
    And the payments are "3 -9 3 3"
    And the next dealer is seat 1

  @rule:irregularities.soloist-revoke @id:irregularities-soloist-revoke-at-nap-pays-single-stakes @needs:compulsory-call @needs:nap-stakes @needs:stop-when-decided
  Scenario Outline: A soloist who revokes at Nap pays single stakes at once, as on a lost Nap
    Britannica p. 229, Rules of Play: "If the stand-hand revokes he loses what he declared to play for."
    Wikipedia § Penalties: "A revoking bidder must pay all opponents as though the game has been lost."
    Wikipedia § Penalties: "In every case, play is abandoned and settlement is made at once."

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | KS QS 4H 5D 6D |
      | 1    | AS 2H 7H 2C 3C |
      | 2    | 2S 3H 8H 4C 5C |
    When seat 1 passes
    And seat 2 passes
    And seat 0 calls Nap
    And the tricks are played:
      | leader | cards    |
      | 0      | KS AS 2S |
      | 1      | 2H 3H QS |
    Then the offences are "revoke@0"
    And the phase is "play"
    When seat 1 claims the revoke by seat 0
    Then the phase is "finished"
    And the outcome is "<outcome>"
    And 2 tricks have been played
    And the payments are "-10 5 5"

    Examples:
      | profile    | outcome   | source                             |
      | britannica | defeated  | interpretation soloist-revoke-nap  |
      | wikipedia  | abandoned | Wikipedia § Penalties              |

  # ------------------------------------------------------------------ showing the cards

  @rule:irregularities.show-cards @rule:play.stop-when-decided @id:irregularities-show-cards-by-profile
  Scenario Outline: Only Hoyle makes a player who renounced in the deciding trick show his remaining cards
    Hoyle p. 100: "Any one who has trumped a suit, or renounced upon a suit before all the five tricks have been played out, and so made or defeated a declaration, must immediately show his remaining cards to prove that he has not revoked."
    Peel p. 11: "unless the senior hand shall have previously won the number of tricks he declared"
    Wikipedia § Play: "The hands are played out in tricks with clockwise rotation."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                    |
      | peel       | finished | interpretation peel-irregularities-lacuna |
      | hoyle      | show     | Hoyle p. 100                              |
      | britannica | play     | interpretation no-remedy-where-silent     |
      | wikipedia  | play     | interpretation no-remedy-where-silent     |

  @rule:irregularities.show-cards @id:irregularities-hoyle-shows-cards-then-settled @needs:stop-when-decided
  Scenario: Under Hoyle the player who renounced shows his cards, and the hand is then settled
    Hoyle p. 100: "Any one who has trumped a suit, or renounced upon a suit before all the five tricks have been played out, and so made or defeated a declaration, must immediately show his remaining cards to prove that he has not revoked."

    Given the profile "hoyle"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    Then the phase is "show"
    And seat 2 is to act
    When seat 2 shows his cards
    Then the phase is "finished"
    And the outcome is "made"
    And the payments are "-2 4 -2"

  @rule:irregularities.show-cards @rule:irregularities.revoke-penalty @id:irregularities-hoyle-refusal-to-show-is-a-revoke @needs:stop-when-decided
  Scenario: Under Hoyle a player who refuses to show his cards is held to have revoked, and the hand is replayed at once
    Hoyle p. 100: "So stringent is this rule, that if he should refuse to show them, he is held to have revoked, and a revoke entails the following penalties:--"
    Hoyle p. 100: "The hand having been replayed, the offender pays the stakes for himself and every one of the other players to the caller, if the call succeeds."

    Given the profile "hoyle"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    And seat 2 refuses to show his cards
    Then the offences are "revoke@2"
    And the phase is "play"
    And seat 1 is to act
    When the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    And seat 2 shows his cards
    Then the phase is "finished"
    And the payments are "0 4 -4"

  @rule:irregularities.show-cards @rule:irregularities.revoke-penalty @id:irregularities-hoyle-shown-cards-prove-an-earlier-revoke @needs:stop-when-decided
  Scenario: Under Hoyle the cards a player shows prove a revoke he made earlier in the hand, which is then penalised
    Hoyle p. 100: "Any one who has trumped a suit, or renounced upon a suit before all the five tricks have been played out, and so made or defeated a declaration, must immediately show his remaining cards to prove that he has not revoked."
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S AH 2C 3C 4C |
      | 1    | AS KS QS JS 2H |
      | 2    | 3S 4D 5D 6D 7D |
      | 3    | 4S 3H 8C 9C TC |
    When seat 1 calls Nap
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 4D 4S 5S |
      | 1      | 2H 5D 3H AH |
    Then the phase is "show"
    And seat 2 is to act
    And the offences are "revoke@2"
    When seat 2 shows his cards
    Then the phase is "play"
    And seat 1 is to act
    And the hands are:
      | seat | cards          |
      | 0    | 5S AH 2C 3C 4C |
      | 1    | AS KS QS JS 2H |
      | 2    | 3S 4D 5D 6D 7D |
      | 3    | 4S 3H 8C 9C TC |

  @rule:irregularities.show-cards @rule:irregularities.revoke-penalty @id:irregularities-hoyle-one-refusal-to-show-a-hand @needs:stop-when-decided
  Scenario: Under Hoyle a hand allows one refusal to show: in the replay the player must show
    Hoyle p. 100: "So stringent is this rule, that if he should refuse to show them, he is held to have revoked, and a revoke entails the following penalties:--"
    Hoyle p. 100: "On the revoke being discovered, the cards must be taken up and replayed properly--that is to say, players must follow suit, if they can"

    Given the profile "hoyle"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    And seat 2 refuses to show his cards
    Then the phase is "play"
    When the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | KS 2D 4S |
    Then the phase is "show"
    When seat 2 refuses to show his cards
    Then the action is rejected as "not-provided-for"
    And seat 2 is to act
    When seat 2 shows his cards
    Then the phase is "finished"
    And the payments are "0 4 -4"

  # ------------------------------------------------------------------ out of turn, exposed cards

  @rule:irregularities.out-of-turn @rule:irregularities.claims @id:irregularities-card-out-of-turn-taken-back
  Scenario Outline: A card played out of turn is taken back and recorded; play goes on from the right player
    Hoyle p. 101: "There is one rule at Napoleon that has fallen into disuse, and that relates to playing out of turn."
    Britannica p. 229, Rules of Play: "Any one, except the stand-hand, playing out of turn"

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    Then the offences are "out-of-turn@3"
    And seat 3 holds "6S 9S 6H JC 4D"
    And seat 2 is to act

    Examples:
      | profile    | source                                       |
      | peel       | interpretation out-of-turn-card-taken-back   |
      | hoyle      | interpretation out-of-turn-card-taken-back   |
      | britannica | interpretation out-of-turn-card-taken-back   |
      | wikipedia  | interpretation out-of-turn-card-taken-back   |

  @rule:irregularities.out-of-turn @id:irregularities-out-of-turn-claim-by-profile @needs:revoke
  Scenario Outline: A claim of a card played out of turn: refused, penalised as a revoke, or fined
    Hoyle p. 101: "A person who, out of his turn, plays a card that obviously influences the game should be subjected to the same penalty as if he had revoked."
    Britannica p. 229, Rules of Play: "Any one, except the stand-hand, playing out of turn, or exposing a card after the deal is completed, or playing with the wrong number of cards, has to pay a fine of the value of three tricks to the stand-hand"

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    And seat 1 claims the out-of-turn by seat 3
    Then seat <to act> is to act
    And seat 1 holds "<soloist holds>"

    Examples:
      | profile    | to act | soloist holds  | source                                    |
      | peel       | 2      | KS 4H 2D 3D    | interpretation peel-irregularities-lacuna |
      | hoyle      | 1      | AS KS 4H 2D 3D | Hoyle p. 101                              |
      | britannica | 2      | KS 4H 2D 3D    | Britannica p. 229, Rules of Play          |
      | wikipedia  | 2      | KS 4H 2D 3D    | interpretation no-remedy-where-silent     |

  @rule:irregularities.out-of-turn @id:irregularities-out-of-turn-not-provided-for
  Scenario Outline: Peel and Wikipedia give no penalty for playing out of turn
    Hoyle p. 101: "There is one rule at Napoleon that has fallen into disuse, and that relates to playing out of turn."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    And seat 1 claims the out-of-turn by seat 3
    Then the action is rejected as "not-provided-for"
    And the offences are "out-of-turn@3"
    And seat 2 is to act
    When seat 2 plays "5S"
    And seat 3 plays "6S"
    And seat 0 plays "7S"
    Then trick 1 is won by seat 1

    Examples:
      | profile   | source                                    |
      | peel      | interpretation peel-irregularities-lacuna |
      | wikipedia | interpretation no-remedy-where-silent     |

  @rule:irregularities.out-of-turn @id:irregularities-hoyle-out-of-turn-as-revoke @needs:revoke @needs:stop-when-decided
  Scenario: Under Hoyle a claimed card out of turn is penalised as a revoke: the hand is replayed and the offender pays
    Hoyle p. 101: "A person who, out of his turn, plays a card that obviously influences the game should be subjected to the same penalty as if he had revoked."

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    And seat 1 claims the out-of-turn by seat 3
    Then the phase is "play"
    And seat 1 is to act
    When the tricks are played:
      | leader | cards       |
      | 1      | AS 5S 6S 7S |
      | 1      | KS 8S 9S TS |
    Then the outcome is "made"
    And the payments are "0 6 0 -6"

  @rule:irregularities.out-of-turn @id:irregularities-britannica-out-of-turn-fine
  Scenario: Under Britannica an opponent who played out of turn pays the stand-hand three stakes besides his loss
    Britannica p. 229, Rules of Play: "has to pay a fine of the value of three tricks to the stand-hand, in addition to what he may lose if the hand is played out"

    Given the profile "britannica"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    And seat 1 claims the out-of-turn by seat 3
    Then the action is accepted
    When seat 2 plays "5S"
    And seat 3 plays "6S"
    And seat 0 plays "7S"
    And the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5H 6H 7H |
      | 0      | QC 2D TC JC |
      | 0      | 5D 3D 9H 4D |
    Then the outcome is "made"
    And the payments are "-2 9 -2 -5"

  @rule:irregularities.out-of-turn @id:irregularities-britannica-out-of-turn-offender-receives-nothing
  Scenario: Under Britannica, if the stand-hand loses, the offender pays his fine and receives nothing
    Britannica p. 229, Rules of Play: "and if the stand-hand loses the offender-receives nothing."

    Given the profile "britannica"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 7S TS 7H QC 5D |
      | 1    | AS KS 4H 2D 3D |
      | 2    | 5S 8S 5H 9H TC |
      | 3    | 6S 9S 6H JC 4D |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 3 plays "6S"
    And seat 1 claims the out-of-turn by seat 3
    And seat 2 plays "5S"
    And seat 3 plays "6S"
    And seat 0 plays "7S"
    And the tricks are played:
      | leader | cards       |
      | 1      | KS 8S 9S TS |
      | 1      | 4H 5H 6H 7H |
      | 0      | QC 2D TC JC |
      | 0      | 5D 3D 9H 4D |
    Then the outcome is "defeated"
    And the payments are "3 -3 3 -3"

  @rule:irregularities.exposed-after-deal @id:irregularities-exposed-card-by-profile
  Scenario Outline: A card exposed after the deal: a fine of three under Britannica, nothing elsewhere
    Britannica p. 229, Rules of Play: "Any one, except the stand-hand, playing out of turn, or exposing a card after the deal is completed, or playing with the wrong number of cards, has to pay a fine of the value of three tricks to the stand-hand, in addition to what he may lose if the hand is played out"

    Given the profile "<profile>"
    And irregular play is allowed
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
    And seat 3 exposes "AD"
    Then the offences are "exposed-after-deal@3"
    And seat 3 holds "4S 7S 3H AD 3C"
    When seat 1 claims the exposed-after-deal by seat 3
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 3S 4S 5S |
      | 1      | KS 6S 7S 8S |
      | 1      | 2H AH 3H 4H |
      | 2      | 3D AD 4D 2D |
      | 3      | 3C 2C AC 4C |
    Then the outcome is "made"
    And the payments are "<payments>"

    Examples:
      | profile    | payments    | source                                    |
      | peel       | -3 9 -3 -3  | interpretation peel-irregularities-lacuna |
      | hoyle      | -3 9 -3 -3  | interpretation no-remedy-where-silent     |
      | britannica | -3 12 -3 -6 | Britannica p. 229, Rules of Play          |
      | wikipedia  | -3 9 -3 -3  | interpretation no-remedy-where-silent     |

  @rule:irregularities.exposed-after-deal @id:irregularities-exposed-card-not-provided-for
  Scenario Outline: Peel, Hoyle and Wikipedia refuse a claim of a card exposed after the deal
    Britannica p. 229, Rules of Play: "or exposing a card after the deal is completed"

    Given the profile "<profile>"
    And irregular play is allowed
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
    And seat 3 exposes "AD"
    And seat 1 claims the exposed-after-deal by seat 3
    Then the action is rejected as "not-provided-for"

    Examples:
      | profile   | source                                    |
      | peel      | interpretation peel-irregularities-lacuna |
      | hoyle     | interpretation no-remedy-where-silent     |
      | wikipedia | interpretation no-remedy-where-silent     |

  @rule:irregularities.exposed-after-deal @id:irregularities-britannica-exposed-card-offender-receives-nothing
  Scenario: Under Britannica, if the stand-hand loses, the player who exposed a card pays his fine and receives nothing
    Britannica p. 229, Rules of Play: "and if the stand-hand loses the offender-receives nothing."

    Given the profile "britannica"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 5S 8S 4H 4D AC |
      | 1    | AS KS 2H 2D 2C |
      | 2    | 3S 6S AH 3D 4C |
      | 3    | 4S 7S 3H AD 3C |
    When seat 1 calls 3
    And seat 2 passes
    And seat 3 passes
    And seat 0 passes
    And seat 3 exposes "AD"
    And seat 1 claims the exposed-after-deal by seat 3
    Then the action is accepted
    When the tricks are played:
      | leader | cards       |
      | 1      | AS 3S 4S 5S |
      | 1      | KS 6S 7S 8S |
      | 1      | 2H AH 3H 4H |
      | 2      | 3D AD 4D 2D |
      | 3      | 3C AC 2C 4C |
    Then the outcome is "defeated"
    And the payments are "3 -3 3 -3"

  # ------------------------------------------------------------------ faults of the deal

  @rule:irregularities.exposed-in-dealing @id:irregularities-exposed-in-dealing-by-profile
  Scenario Outline: A card exposed in dealing, claimed at once: a fresh deal everywhere but under Wikipedia
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card, the whole pack must be collected, shuffled and re-cut, as before, after which the cards are to be re-dealt by the same player who made the mistake."
    Hoyle pp. 100–101: "If a card is exposed in the pack or in dealing, or if there is a mis-deal, or if the pack is shown to be faulty, or if the cards are dealt without being cut, there should be a fresh deal by the same player."
    Britannica p. 229, Rules of Play: "If a card is exposed in dealing, or the cards are wrongly dealt, there must be a fresh deal, even if the hand has been partly played."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    Then the offences are "exposed-in-dealing@0"
    When seat 1 claims the exposed-in-dealing by seat 0
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                          |
      | peel       | finished | Peel p. 9                                       |
      | hoyle      | finished | Hoyle pp. 100–101                               |
      | britannica | finished | Britannica p. 229, Rules of Play                |
      | wikipedia  | calling  | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.fresh-deal @rule:irregularities.no-misdeal-penalty @rule:irregularities.exposed-in-dealing @id:irregularities-fresh-deal-by-the-same-dealer
  Scenario Outline: A fresh deal is made by the same dealer, and nobody pays
    Peel p. 9: "As the deal is a disadvantage, inasmuch as the dealer has the last call, there is no penalty attaching to a misdeal"
    Peel p. 9: "after which the cards are to be re-dealt by the same player who made the mistake."
    Hoyle p. 101: "there should be a fresh deal by the same player."
    Britannica p. 229, Rules of Play: "There is no misdeal, and consequently no penalty for errors in dealing."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    And seat 1 claims the exposed-in-dealing by seat 0
    Then the action is accepted
    And the outcome is "fresh-deal"
    And the payments are "0 0 0 0"
    And the next dealer is seat 0

    Examples:
      | profile    | source                                    |
      | peel       | Peel p. 9                                 |
      | hoyle      | Hoyle p. 101                              |
      | britannica | interpretation britannica-fresh-deal-dealer |

  @rule:irregularities.exposed-in-dealing @id:irregularities-exposed-in-dealing-too-late
  Scenario Outline: Under Peel and Hoyle the claim must come before the first call, otherwise the deal stands
    Hoyle p. 101: "Any player can demand a fresh deal if any one of these faults is committed, but the demand must be made before the hands are looked at; otherwise the deal must stand."
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card, the whole pack must be collected, shuffled and re-cut"

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    And seat 1 calls 2
    And seat 2 claims the exposed-in-dealing by seat 0
    Then the phase is "calling"
    And seat 2 is to act

    Examples:
      | profile | source                                 |
      | peel    | interpretation peel-fresh-deal-timing  |
      | hoyle   | Hoyle p. 101                           |

  @rule:irregularities.exposed-in-dealing @rule:irregularities.fresh-deal @id:irregularities-britannica-fresh-deal-after-play @needs:stop-when-decided
  Scenario: Under Britannica a card exposed in dealing brings a fresh deal even when the hand is partly played
    Britannica p. 229, Rules of Play: "If a card is exposed in dealing, or the cards are wrongly dealt, there must be a fresh deal, even if the hand has been partly played."

    Given the profile "britannica"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH"
    When seat 2 cuts 4 cards
    And seat 0 deals exposing "AS"
    Then the hands are:
      | seat | cards          |
      | 0    | QS 9S 6S 3S KH |
      | 1    | AS JS 8S 5S 2S |
      | 2    | KS TS 7S 4S AH |
    When seat 1 calls 3
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS KS QS |
      | 1      | JS TS 9S |
    And seat 2 claims the exposed-in-dealing by seat 0
    Then the outcome is "fresh-deal"
    And the payments are "0 0 0"
    And the next dealer is seat 0

  @rule:irregularities.exposed-in-dealing @id:irregularities-wikipedia-exposed-in-dealing-stands
  Scenario: Wikipedia gives no remedy for a card exposed in dealing: the deal stands
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card"

    Given the profile "wikipedia"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals exposing "AS"
    And seat 1 claims the exposed-in-dealing by seat 0
    Then the action is rejected as "not-provided-for"
    And the phase is "calling"
    And seat 1 is to act

  @rule:irregularities.misdeal @rule:irregularities.no-misdeal-penalty @id:irregularities-misdeal-by-profile
  Scenario Outline: Cards wrongly dealt, claimed before the calling: a fresh deal under Peel and Britannica, none under Wikipedia
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card, the whole pack must be collected, shuffled and re-cut, as before, after which the cards are to be re-dealt by the same player who made the mistake."
    Britannica p. 229, Rules of Play: "If a card is exposed in dealing, or the cards are wrongly dealt, there must be a fresh deal, even if the hand has been partly played."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals the counts "6 4 5 5"
    And seat 1 claims the misdeal by seat 0
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                          |
      | peel       | finished | Peel p. 9                                       |
      | britannica | finished | Britannica p. 229, Rules of Play                |
      | wikipedia  | calling  | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.misdeal @rule:irregularities.fresh-deal @rule:irregularities.no-misdeal-penalty @id:irregularities-misdeal-fresh-deal-same-dealer
  Scenario Outline: After a misdeal the same dealer deals again, without penalty
    Peel p. 9: "there is no penalty attaching to a misdeal"
    Britannica p. 229, Rules of Play: "There is no misdeal, and consequently no penalty for errors in dealing."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 2 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 1 cuts 4 cards
    And seat 2 deals the counts "5 5 4 6"
    And seat 3 claims the misdeal by seat 2
    Then the outcome is "fresh-deal"
    And the payments are "0 0 0 0"
    And the next dealer is seat 2

    Examples:
      | profile    | source                                      |
      | peel       | Peel p. 9                                   |
      | britannica | interpretation britannica-fresh-deal-dealer |

  @rule:irregularities.misdeal @id:irregularities-misdeal-claimed-after-first-call @needs:compulsory-call
  Scenario Outline: A misdeal claimed once the calling has begun: too late under Peel, still a fresh deal under Britannica
    Britannica p. 229, Rules of Play: "If a card is exposed in dealing, or the cards are wrongly dealt, there must be a fresh deal, even if the hand has been partly played."
    Peel p. 9: "In the event of a misdeal, or accidental exposure of a card, the whole pack must be collected, shuffled and re-cut"

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals the counts "6 4 5 5"
    And seat 1 passes
    And seat 2 claims the misdeal by seat 0
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                |
      | peel       | calling  | interpretation peel-fresh-deal-timing |
      | britannica | finished | Britannica p. 229, Rules of Play      |

  @rule:irregularities.misdeal @id:irregularities-wikipedia-misdeal-not-provided-for
  Scenario: Wikipedia gives no remedy for cards wrongly dealt
    Peel p. 9: "In the event of a misdeal"

    Given the profile "wikipedia"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 3 cuts 4 cards
    And seat 0 deals the counts "6 4 5 5"
    And seat 1 claims the misdeal by seat 0
    Then the action is rejected as "not-provided-for"

  @rule:irregularities.faulty-pack @id:irregularities-faulty-pack-by-profile
  Scenario Outline: A faulty pack: a fresh deal under Hoyle if claimed before the calling, no remedy elsewhere
    Hoyle pp. 100–101: "or if the pack is shown to be faulty"
    Hoyle p. 101: "Any player can demand a fresh deal if any one of these faults is committed, but the demand must be made before the hands are looked at; otherwise the deal must stand."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS AS"
    When seat 3 cuts 4 cards
    And seat 0 deals
    Then the offences are "faulty-pack@nobody"
    When seat 1 claims the faulty-pack
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                          |
      | peel       | calling  | interpretation peel-irregularities-lacuna       |
      | hoyle      | finished | Hoyle pp. 100–101                               |
      | britannica | calling  | interpretation no-remedy-where-silent           |
      | wikipedia  | calling  | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.faulty-pack @rule:irregularities.fresh-deal @id:irregularities-hoyle-faulty-pack-fresh-deal
  Scenario: Under Hoyle a faulty pack claimed before the calling brings a fresh deal by the same dealer
    Hoyle pp. 100–101: "or if the pack is shown to be faulty"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS AS"
    When seat 3 cuts 4 cards
    And seat 0 deals
    And seat 1 claims the faulty-pack
    Then the outcome is "fresh-deal"
    And the payments are "0 0 0 0"
    And the next dealer is seat 0

  @rule:irregularities.uncut-deal @id:irregularities-uncut-deal-by-profile
  Scenario Outline: Cards dealt without a cut: a fresh deal under Hoyle if claimed before the calling, no remedy elsewhere
    Hoyle pp. 100–101: "or if the cards are dealt without being cut, there should be a fresh deal by the same player."
    Peel p. 9: "where they are to be left until the player on his right cuts them."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 0 deals
    Then the offences are "uncut@0"
    And the phase is "calling"
    When seat 1 claims the uncut by seat 0
    Then the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                          |
      | peel       | calling  | interpretation peel-irregularities-lacuna       |
      | hoyle      | finished | Hoyle pp. 100–101                               |
      | britannica | calling  | interpretation no-remedy-where-silent           |
      | wikipedia  | calling  | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.uncut-deal @rule:irregularities.fresh-deal @id:irregularities-hoyle-uncut-fresh-deal
  Scenario: Under Hoyle an uncut deal claimed before the calling is dealt afresh by the same dealer
    Hoyle p. 101: "Any player can demand a fresh deal if any one of these faults is committed, but the demand must be made before the hands are looked at"

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 0 deals
    And seat 1 claims the uncut by seat 0
    Then the outcome is "fresh-deal"
    And the payments are "0 0 0 0"
    And the next dealer is seat 0

  @rule:irregularities.faulty-pack @id:irregularities-hoyle-faulty-pack-too-late
  Scenario: Under Hoyle a faulty pack claimed after the first call is too late: the deal stands
    Hoyle p. 101: "Any player can demand a fresh deal if any one of these faults is committed, but the demand must be made before the hands are looked at; otherwise the deal must stand."

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS AS"
    When seat 3 cuts 4 cards
    And seat 0 deals
    And seat 1 calls 2
    And seat 2 claims the faulty-pack
    Then the phase is "calling"
    And seat 2 is to act

  @rule:irregularities.uncut-deal @id:irregularities-hoyle-uncut-too-late
  Scenario: Under Hoyle an uncut deal claimed after the first call is too late: the deal stands
    Hoyle p. 101: "Any player can demand a fresh deal if any one of these faults is committed, but the demand must be made before the hands are looked at; otherwise the deal must stand."

    Given the profile "hoyle"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 0 deals
    And seat 1 calls 2
    And seat 2 claims the uncut by seat 0
    Then the phase is "calling"
    And seat 2 is to act

  @rule:irregularities.uncut-deal @id:irregularities-uncut-deal-not-provided-for
  Scenario Outline: Peel, Britannica and Wikipedia give no remedy for an uncut deal
    Peel p. 9: "where they are to be left until the player on his right cuts them."

    Given the profile "<profile>"
    And irregular play is allowed
    And 4 players with seat 0 dealing
    And the pack from the top is "2C 3C 4C 5C AS"
    When seat 0 deals
    And seat 1 claims the uncut by seat 0
    Then the action is rejected as "not-provided-for"

    Examples:
      | profile    | source                                          |
      | peel       | interpretation peel-irregularities-lacuna       |
      | britannica | interpretation no-remedy-where-silent           |
      | wikipedia  | interpretation wikipedia-no-deal-irregularities |

  # ------------------------------------------------------------------ wrong number of cards

  @rule:irregularities.wrong-number @id:irregularities-wrong-number-opponent-call-made
  Scenario Outline: An opponent found with six cards after the calling, and the call made
    Hoyle p. 101: "if the number in the superior caller's hand be correct he takes the stakes, if he succeeds in making his call good"
    Britannica p. 229, Rules of Play: "or playing with the wrong number of cards, has to pay a fine of the value of three tricks to the stand-hand, in addition to what he may lose if the hand is played out"

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C 6C    |
      | 1    | AS 2H 2D 2C AC    |
      | 2    | 2S 3H 3D 4C 5C 9D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 claims the wrong-number by seat 2
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | 2H 3H AH |
      | 0      | AD 2D 3D |
      | 0      | 3C 2C 4C |
      | 2      | 5C 6C AC |
    Then seat 1 has won 2 tricks
    And the payments are "<payments>"

    Examples:
      | profile    | payments | source                                          |
      | peel       | -2 4 -2  | interpretation peel-irregularities-lacuna       |
      | hoyle      | -2 4 -2  | Hoyle p. 101                                    |
      | britannica | -2 7 -5  | Britannica p. 229, Rules of Play                |
      | wikipedia  | -2 4 -2  | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.wrong-number @id:irregularities-wrong-number-opponent-call-failed
  Scenario Outline: An opponent found with six cards after the calling, and the call failed
    Hoyle p. 101: "if the number in the superior caller's hand be correct he takes the stakes, if he succeeds in making his call good, but neither receives nor pays if he fails."
    Britannica p. 229, Rules of Play: "and if the stand-hand loses the offender-receives nothing."

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C AC    |
      | 1    | AS 2H 2D 2C 6C    |
      | 2    | 2S 3H 3D 4C 5C 9D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 claims the wrong-number by seat 2
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | 2H 3H AH |
      | 0      | AD 2D 3D |
      | 0      | 3C 2C 4C |
      | 2      | 5C AC 6C |
    Then seat 1 has won 1 tricks
    And the payments are "<payments>"

    Examples:
      | profile    | payments | source                                          |
      | peel       | 2 -4 2   | interpretation peel-irregularities-lacuna       |
      | hoyle      | 0 0 0    | Hoyle p. 101                                    |
      | britannica | 2 1 -3   | Britannica p. 229, Rules of Play                |
      | wikipedia  | 2 -4 2   | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.wrong-number @id:irregularities-wrong-number-soloist-call-made
  Scenario Outline: A soloist found with six cards after the calling, who makes his call
    Hoyle p. 101: "Should the caller, however, hold a wrong number in his hand, he neither receives nor pays if he wins, but pays if he fails."
    Britannica p. 229, Rules of Play: "If the stand-hand plays with the wrong number of cards, and wins, he receives nothing, and there is a fresh deal."

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C 6C    |
      | 1    | AS 2H 2D 2C AC 9D |
      | 2    | 2S 3H 3D 4C 5C    |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 2 claims the wrong-number by seat 1
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | 2H 3H AH |
      | 0      | AD 2D 3D |
      | 0      | 3C 2C 4C |
      | 2      | 5C 6C AC |
    Then seat 1 has won 2 tricks
    And the outcome is "<outcome>"
    And the payments are "<payments>"
    And the next dealer is seat <next dealer>

    Examples:
      | profile    | outcome    | payments | next dealer | source                                          |
      | peel       | made       | -2 4 -2  | 1           | interpretation peel-irregularities-lacuna       |
      | hoyle      | made       | 0 0 0    | 1           | Hoyle p. 101                                    |
      | britannica | fresh-deal | 0 0 0    | 0           | interpretation britannica-fresh-deal-dealer     |
      | wikipedia  | made       | -2 4 -2  | 1           | interpretation wikipedia-no-deal-irregularities |

  @rule:irregularities.wrong-number @id:irregularities-wrong-number-soloist-call-failed
  Scenario Outline: A soloist found with six cards after the calling, who fails, pays as usual
    Hoyle p. 101: "Should the caller, however, hold a wrong number in his hand, he neither receives nor pays if he wins, but pays if he fails."
    Britannica p. 229, Rules of Play: "If the stand-hand plays with the wrong number of cards, and wins, he receives nothing"

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C AC    |
      | 1    | AS 2H 2D 2C 6C 9D |
      | 2    | 2S 3H 3D 4C 5C    |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 2 claims the wrong-number by seat 1
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
      | 1      | 2H 3H AH |
      | 0      | AD 2D 3D |
      | 0      | 3C 2C 4C |
      | 2      | 5C AC 6C |
    Then seat 1 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "2 -4 2"
    And the next dealer is seat 1

    Examples:
      | profile    | source                                               |
      | peel       | interpretation peel-irregularities-lacuna            |
      | hoyle      | Hoyle p. 101                                         |
      | britannica | interpretation britannica-soloist-wrong-number-loses |
      | wikipedia  | interpretation wikipedia-no-deal-irregularities      |

  @rule:irregularities.wrong-number @id:irregularities-hoyle-wrong-number-redeal-before-all-called
  Scenario: Under Hoyle a wrong number found before all have called, and no Nap called, means a redeal
    Hoyle p. 101: "but, failing a Nap call, the cards must be redealt should any irregularity be discovered before all the players have declared."

    Given the profile "hoyle"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C 6C    |
      | 1    | AS 2H 2D 2C AC    |
      | 2    | 2S 3H 3D 4C 5C 9D |
    When seat 1 calls 2
    And seat 0 claims the wrong-number by seat 2
    Then the action is accepted
    And the outcome is "redeal"
    And the payments are "0 0 0"

  @rule:irregularities.wrong-number @id:irregularities-wrong-number-not-provided-for
  Scenario Outline: Peel and Wikipedia give no remedy for a wrong number of cards
    Hoyle p. 101: "should a player discover that he has too few or too many cards the game must be played out"

    Given the profile "<profile>"
    And irregular play is allowed
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards             |
      | 0    | 3S AH AD 3C 6C    |
      | 1    | AS 2H 2D 2C AC    |
      | 2    | 2S 3H 3D 4C 5C 9D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 claims the wrong-number by seat 2
    Then the action is rejected as "not-provided-for"
    And seat 1 is to act

    Examples:
      | profile   | source                                          |
      | peel      | interpretation peel-irregularities-lacuna       |
      | wikipedia | interpretation wikipedia-no-deal-irregularities |

  # ------------------------------------------------------------------ the right to information

  @rule:irregularities.right-to-information @id:irregularities-britannica-told-call-and-tricks
  Scenario: Under Britannica any player may ask how many tricks were called and how many are made
    Britannica p. 229, Rules of Play: "A player is entitled to be informed how many tricks were stood for, and how many tricks the stand-hand has made."

    Given the profile "britannica"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
    And seat 2 asks for the call and the tricks made
    Then the action is accepted
    And seat 2 is told the call 2 and 1 tricks made
    And seat 1 is to act

  @rule:irregularities.right-to-information @id:irregularities-no-right-to-information
  Scenario Outline: Elsewhere the question is not answered as of right
    Britannica p. 229, Rules of Play: "A player is entitled to be informed how many tricks were stood for"

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 8H 9H 3D |
      | 1    | AS KS 2H 3H 4H |
      | 2    | 2S 5H 6H 7H 2D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 3S |
    And seat 2 asks for the call and the tricks made
    Then the action is rejected as "not-provided-for"

    Examples:
      | profile   | source                                    |
      | peel      | interpretation peel-irregularities-lacuna |
      | hoyle     | interpretation no-right-where-silent      |
      | wikipedia | interpretation no-right-where-silent      |
