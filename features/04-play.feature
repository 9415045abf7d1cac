@chapter:play
Feature: Play
  The soloist plays alone against all the others. He leads, and his first lead makes trumps.
  Players must follow suit if they can and are otherwise free; the highest trump, or failing
  one the highest card of the suit led, wins the trick, and its winner leads next. The sources
  differ on how the played cards lie and on whether play stops once the result is decided.

  @rule:play.one-against-all @rule:play.made-or-defeated @id:play-opponents-tricks-count-together
  Scenario Outline: Tricks won by different opponents all count against the soloist
    Peel p. 10: "his object is to make the tricks he has declared, in opposition to the united efforts of the other players"
    Hoyle p. 94: "Whoever makes the highest call has all the other players pitted against him"
    Britannica p. 229, description: "The stand-hand plays against all the others."
    Wikipedia § Rules: "Whoever bids highest plays alone against the rest"

    Given the profile "<profile>"
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
    And the tricks are played:
      | leader | cards       |
      | 1      | AS 3S 4S 5S |
      | 1      | KS 6S 7S 8S |
      | 1      | 2H AH 3H 4H |
      | 2      | 3D AD 4D 2D |
      | 3      | 3C AC 2C 4C |
    Then seat 1 has won 2 tricks
    And seat 2 has won 1 tricks
    And seat 3 has won 1 tricks
    And seat 0 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "3 -9 3 3"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Rules              |

  @rule:play.soloist-leads @rule:play.free-lead @rule:play.first-lead-trumps @rule:play.rotation @rule:play.trick @rule:play.winner-leads @id:play-soloist-leads-and-makes-trumps @needs:compulsory-call
  Scenario Outline: The soloist leads any card he likes, its suit is trumps, and play goes to the left
    Peel p. 10: "The senior hand may make trumps of any suit he chooses, and this he signifies by leading one of the suit he selects."
    Hoyle p. 94: "the playing of that card determining the trump suit, as whatever suit is first led by the caller is trumps by virtue of the lead."
    Britannica p. 229, description: "He has the first lead, and the first card he leads makes the trump suit."
    Wikipedia § Play: "The highest bidder makes the opening lead, and the suit of this lead becomes trump."
    Britannica p. 229, description: "The cards played one by each player constitute a “trick.”"

    Given the profile "<profile>"
    And 4 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2C 3C 4C 5C 6C |
      | 1    | 2D 3D 4D 5D 6D |
      | 2    | AS KH QD JC TS |
      | 3    | 2S 3S 4S 5S 6S |
    When seat 1 passes
    And seat 2 calls 2
    And seat 3 passes
    And seat 0 passes
    Then seat 2 is to act
    When seat 1 plays "2D"
    Then the action is rejected as "not-your-turn"
    And seat 2 may play "AS KH QD JC TS"
    When seat 2 plays "KH"
    Then trumps are "H"
    And seat 3 is to act
    When seat 3 plays "2S"
    Then seat 0 is to act
    When seat 0 plays "2C"
    Then seat 1 is to act
    And 0 tricks have been played
    When seat 1 plays "2D"
    Then 1 tricks have been played
    And trick 1 is won by seat 2
    And seat 2 is to act
    And seat 2 may play "AS QD JC TS"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Play               |

  @rule:play.first-lead-trumps @rule:play.trick-winner @rule:play.winner-leads @id:play-trumps-stay-for-the-hand
  Scenario Outline: Trumps stay as first led, and a small trump beats the ace of another suit
    Peel p. 11: "the trumps remaining unaltered."
    Peel p. 11: "or head the trick by playing a trump."
    Hoyle p. 94: "whatever suit is first led by the caller is trumps by virtue of the lead."
    Wikipedia § Play: "A trick is won by the highest trump in it"

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4H 5H 2D 3D 4D |
      | 1    | AH 2C 3C 6D 7D |
      | 2    | 3H AC KC 8D 9D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AH 3H 4H |
      | 1      | 2C AC 5H |
    Then trumps are "H"
    And trick 1 is won by seat 1
    And trick 2 is won by seat 0
    And seat 0 is to act

    Examples:
      | profile    | source                               |
      | peel       | interpretation trick-winner-peel-hoyle |
      | hoyle      | interpretation trick-winner-peel-hoyle |
      | britannica | interpretation trick-winner-where-unstated |
      | wikipedia  | Wikipedia § Play                     |

  @rule:play.follow-suit @id:play-must-follow-suit
  Scenario Outline: A player holding the suit led may play only a card of that suit
    Peel p. 10: "If he has a card of the suit led he must play it"
    Hoyle p. 94: "The players then follow in order, it being imperative to follow suit if possible"
    Britannica p. 229, description: "The players must follow suit if able."
    Wikipedia § Play: "A player must follow the suit led if able."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8D 9D TD 5H 6H |
      | 1    | AS 4D 5D 6D 7D |
      | 2    | 2S 3S 2H 3H 4H |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 plays "AS"
    Then seat 2 is to act
    And seat 2 may play "2S 3S"

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Play               |

  @rule:play.follow-suit @id:play-failing-to-follow-is-refused
  Scenario Outline: In regular play a card that does not follow suit, while the suit is held, is refused
    Peel p. 11: "A player having one of the suit led in either round must play it"
    Hoyle p. 94: "it being imperative to follow suit if possible"
    Britannica p. 229, description: "The players must follow suit if able."
    Wikipedia § Rules: "Players must follow suit"

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8D 9D TD 5H 6H |
      | 1    | AS 4D 5D 6D 7D |
      | 2    | 2S 3S 2H 3H 4H |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 2 plays "2H"
    Then the action is rejected as "must-follow-suit"
    And seat 2 holds "2S 3S 2H 3H 4H"
    And seat 2 is to act
    When seat 2 plays "3S"
    Then the action is accepted
    And seat 0 is to act

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 11                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Rules              |

  @rule:play.void-any-card @id:play-void-may-play-any-card
  Scenario Outline: A player with none of the suit led may play any card
    Peel p. 10: "If he has a card of the suit led he must play it, but if not he may throw off any card he chooses."
    Hoyle p. 94: "it being imperative to follow suit if possible, but, except for this, any card may be played."
    Britannica p. 229, description: "If unable to follow suit a player may play any card he pleases."
    Wikipedia § Play: "If unable to follow, any card may be played."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8D 9D TD 5H 6H |
      | 1    | AS 4D 5D 6D 7D |
      | 2    | 2S 3S 2H 3H 4H |
    When seat 1 calls 3
    And seat 2 passes
    And seat 0 passes
    And seat 1 plays "AS"
    And seat 2 plays "3S"
    Then seat 0 may play "8D 9D TD 5H 6H"
    When seat 0 plays "5H"
    Then the action is accepted
    And trick 1 is won by seat 1

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Play               |

  @rule:play.no-obligation-to-head @id:play-need-not-head-the-trick
  Scenario Outline: A player following suit need not play higher, even holding the ace
    Peel p. 10: "If he has more than one card of the suit he can play either, as he is not forced to head the trick even if he has a card higher than that led"
    Hoyle pp. 94–95: "There is no rule as to heading a trick or playing a trump after a trick, or indeed any restriction whatever beyond following the led suit if you can"
    Britannica p. 229, description: "No one is obliged to head the trick nor to trump."
    Wikipedia § Play: "A player must follow the suit led if able. If unable to follow, any card may be played."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 3S 4S 3H 8C 9C |
      | 1    | KS 2H 5C 6C 7C |
      | 2    | AS 2S 4D 5D 6D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And seat 1 plays "KS"
    Then seat 2 may play "AS 2S"
    When seat 2 plays "2S"
    Then the action is accepted
    When seat 0 plays "3S"
    Then trick 1 is won by seat 1

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 10                     |
      | hoyle      | Hoyle pp. 94–95                |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Play               |

  @rule:play.no-obligation-to-trump @rule:play.void-any-card @id:play-need-not-trump-or-overtrump
  Scenario Outline: A player who cannot follow need not trump, nor overtrump a trump already played
    Peel p. 11: "but if he has none of the suit he may either discard one of the others, or head the trick by playing a trump."
    Hoyle pp. 94–95: "There is no rule as to heading a trick or playing a trump after a trick"
    Britannica p. 229, description: "No one is obliged to head the trick nor to trump."
    Wikipedia § Play: "If unable to follow, any card may be played."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S QS 7D 8D 9D |
      | 1    | AS 2H 3H 4C 5C |
      | 2    | 3S 8S 4D 5D 6D |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 3S 4S |
    And seat 1 plays "2H"
    Then seat 2 may play "8S 4D 5D 6D"
    When seat 2 plays "8S"
    Then seat 0 may play "QS 7D 8D 9D"
    When seat 0 plays "7D"
    Then the action is accepted
    And trick 2 is won by seat 2

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 11                     |
      | hoyle      | Hoyle pp. 94–95                |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Play               |

  @rule:play.trick-winner @rule:play.winner-leads @id:play-who-wins-the-trick
  Scenario Outline: The highest trump wins; without a trump the highest card of the suit led, whatever else is discarded
    Peel pp. 10–11: "the trick is scored by the senior hand, and he leads for the second round."
    Peel p. 11: "If, however, one of the players has taken the trick, then the lead passes to the winner of that trick"
    Hoyle p. 95: "The highest card of the led suit takes the first trick"
    Hoyle p. 95: "The winner of the second trick leads to the third, and so on"
    Wikipedia § Play: "A trick is won by the highest trump in it; if no trump is played, the highest card of the suit led wins."
    Wikipedia § Play: "The winner of the trick leads to the next trick."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 2S 8S AH 6C 7C |
      | 1    | 5S 3D 4D 2C 3C |
      | 2    | 6S 7S 2D 4C 5C |
    When seat 1 calls 2
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | 5S 6S 2S |
      | 2      | 2D AH 3D |
      | 1      | 4D 7S 8S |
    Then trick 1 is won by seat 2
    And trick 2 is won by seat 1
    And trick 3 is won by seat 0
    And seat 0 is to act

    Examples:
      | profile    | source                                     |
      | peel       | interpretation trick-winner-peel-hoyle     |
      | hoyle      | interpretation trick-winner-peel-hoyle     |
      | britannica | interpretation trick-winner-where-unstated |
      | wikipedia  | Wikipedia § Play                           |

  @rule:play.cards-left @id:play-winning-card-turned-down
  Scenario Outline: The played cards lie face up before their players; Hoyle and Wikipedia turn the winning card down
    Hoyle p. 95: "the cards played not being packed or gathered together, but being left face upwards in front of their owners. The winning card is alone turned down."
    Britannica p. 229, description: "except that the played cards remain face upwards on the table in front of the persons playing them."
    Wikipedia § Rules: "except for the winning card, which must be kept turned face down on the table."
    Peel p. 11: "in either of which cases the cards are collected for the next deal."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8D 9D TD 5H 6H |
      | 1    | AS 4D 5D 6D 7D |
      | 2    | 2S 3S 2H 3H 4H |
    When seat 1 calls 3
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 5H |
    Then trick 1 is won by seat 1
    And the winning card of trick 1 is face <winning card>

    Examples:
      | profile    | winning card | source                         |
      | peel       | up           | interpretation peel-cards-left |
      | hoyle      | down         | Hoyle p. 95                    |
      | britannica | up           | Britannica p. 229, description |
      | wikipedia  | down         | Wikipedia § Rules              |

  @rule:play.cards-left @id:play-every-card-face-up
  Scenario Outline: Under Peel and Britannica every played card, the winner included, stays face up
    Britannica p. 229, description: "except that the played cards remain face upwards on the table in front of the persons playing them."
    Peel p. 11: "in either of which cases the cards are collected for the next deal."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 8D 9D TD 5H 6H |
      | 1    | AS 4D 5D 6D 7D |
      | 2    | 2S 3S 2H 3H 4H |
    When seat 1 calls 3
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | AS 2S 5H |
    Then every card played is face up

    Examples:
      | profile    | source                         |
      | peel       | interpretation peel-cards-left |
      | britannica | Britannica p. 229, description |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @id:play-stop-when-call-made
  Scenario Outline: Whether play stops as soon as the soloist has made his call
    Peel p. 11: "This continues throughout the five rounds, unless the senior hand shall have previously won the number of tricks he declared, or shall have lost such a number as to render his success impossible, in either of which cases the cards are collected for the next deal."
    Hoyle p. 100: "Any one who has trumped a suit, or renounced upon a suit before all the five tricks have been played out, and so made or defeated a declaration, must immediately show his remaining cards to prove that he has not revoked."
    Hoyle p. 95: "It matters nothing whether he makes two or even three tricks more than he declared to make"
    Britannica p. 229, Rules of Play: "in addition to what he may lose if the hand is played out"
    Wikipedia § Play: "The hands are played out in tricks with clockwise rotation."
    Wikipedia § Scoring: "It matters not if more tricks were taken than announced"

    Given the profile "<profile>"
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
    Then 2 tricks have been played
    And the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                 |
      | peel       | finished | Peel p. 11                             |
      | hoyle      | finished | interpretation hoyle-stop-when-decided |
      | britannica | play     | interpretation britannica-played-out   |
      | wikipedia  | play     | interpretation wikipedia-played-out    |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @id:play-peel-hoyle-cards-collected-once-made
  Scenario Outline: Under Peel and Hoyle the hand is over once the call is made
    Peel p. 11: "unless the senior hand shall have previously won the number of tricks he declared"
    Hoyle p. 95: "the declaration succeeding or failing according as the caller makes or fails to make the number of tricks that he declared."

    Given the profile "<profile>"
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
    Then the phase is "finished"
    And nobody is to act
    And the outcome is "made"
    And the payments are "-2 4 -2"
    When seat 1 plays "AH"
    Then the action is rejected as "wrong-phase"
    And 2 tricks have been played

    Examples:
      | profile | source                                 |
      | peel    | Peel p. 11                             |
      | hoyle   | interpretation hoyle-stop-when-decided |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @rule:settlement.no-overtricks @id:play-britannica-wikipedia-play-all-five
  Scenario Outline: Under Britannica and Wikipedia all five tricks are played out
    Wikipedia § Play: "The hands are played out in tricks with clockwise rotation."
    Britannica p. 229, Rules of Play: "in addition to what he may lose if the hand is played out"

    Given the profile "<profile>"
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
    Then the phase is "play"
    And seat 1 is to act
    When the tricks are played:
      | leader | cards    |
      | 1      | AH 2H 3H |
      | 1      | AD 2D 3D |
      | 1      | AC 2C 3C |
    Then 5 tricks have been played
    And seat 1 has won 5 tricks
    And the outcome is "made"
    And the payments are "-2 4 -2"

    Examples:
      | profile    | source                               |
      | britannica | interpretation britannica-played-out |
      | wikipedia  | interpretation wikipedia-played-out  |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @id:play-stop-when-call-lost
  Scenario Outline: Whether play stops as soon as the soloist can no longer make his call
    Peel p. 11: "or shall have lost such a number as to render his success impossible, in either of which cases the cards are collected for the next deal."
    Hoyle p. 100: "before all the five tricks have been played out, and so made or defeated a declaration"
    Britannica p. 229, Rules of Play: "in addition to what he may lose if the hand is played out"
    Wikipedia § Play: "The hands are played out in tricks with clockwise rotation."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 5S AH 4D 4C |
      | 1    | KS QS 2H 2D 2C |
      | 2    | AS 3S 3H 3D 3C |
    When seat 1 calls 4
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | KS AS 4S |
      | 2      | 3H AH 2H |
    Then 2 tricks have been played
    And the phase is "<phase>"

    Examples:
      | profile    | phase    | source                                 |
      | peel       | finished | Peel p. 11                             |
      | hoyle      | finished | interpretation hoyle-stop-when-decided |
      | britannica | play     | interpretation britannica-played-out   |
      | wikipedia  | play     | interpretation wikipedia-played-out    |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @rule:settlement.level-money @id:play-peel-hoyle-cards-collected-once-lost
  Scenario Outline: Under Peel and Hoyle the hand is over once the call can no longer be made
    Peel p. 11: "or shall have lost such a number as to render his success impossible, in either of which cases the cards are collected for the next deal."
    Hoyle p. 95: "the declaration succeeding or failing according as the caller makes or fails to make the number of tricks that he declared."
    Hoyle p. 95: "and pays 3d. to every other player if he does not make three tricks."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 5S AH 4D 4C |
      | 1    | KS QS 2H 2D 2C |
      | 2    | AS 3S 3H 3D 3C |
    When seat 1 calls 4
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | KS AS 4S |
      | 2      | 3H AH 2H |
    Then the phase is "finished"
    And seat 1 has won 0 tricks
    And the outcome is "defeated"
    And the payments are "4 -8 4"
    And the next dealer is seat 1

    Examples:
      | profile | source                                 |
      | peel    | Peel p. 11                             |
      | hoyle   | interpretation hoyle-stop-when-decided |

  @rule:play.stop-when-decided @rule:play.made-or-defeated @rule:settlement.level-money @id:play-lost-call-played-out
  Scenario Outline: Under Britannica and Wikipedia a call already lost is still played out, and pays the same
    Peel p. 11: "or shall have lost such a number as to render his success impossible"
    Wikipedia § Play: "The hands are played out in tricks with clockwise rotation."
    Hoyle p. 95: "and pays 3d. to every other player if he does not make three tricks."
    Britannica p. 229, description: "if he loses he similarly pays all the others."

    Given the profile "<profile>"
    And 3 players with seat 0 dealing
    And the hands:
      | seat | cards          |
      | 0    | 4S 5S AH 4D 4C |
      | 1    | KS QS 2H 2D 2C |
      | 2    | AS 3S 3H 3D 3C |
    When seat 1 calls 4
    And seat 2 passes
    And seat 0 passes
    And the tricks are played:
      | leader | cards    |
      | 1      | KS AS 4S |
      | 2      | 3H AH 2H |
      | 0      | 5S QS 3S |
      | 1      | 2D 3D 4D |
      | 0      | 4C 2C 3C |
    Then 5 tricks have been played
    And seat 1 has won 1 tricks
    And the outcome is "defeated"
    And the payments are "4 -8 4"

    Examples:
      | profile    | source                               |
      | britannica | interpretation britannica-played-out |
      | wikipedia  | interpretation wikipedia-played-out  |

  @rule:play.trick @id:play-trick-five-to-a-hand
  Scenario Outline: A trick is one card from each player, and a hand has five: after the fourth, play goes on
    Britannica p. 229, description: "The cards played one by each player constitute a “trick.”"
    Peel p. 11: "This continues throughout the five rounds"
    Hoyle p. 94: ""Nap," which is a declaration to take all the five tricks."
    Wikipedia § Rules: "Napoleon, which is a bid to take all five tricks."

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
    Then 4 tricks have been played
    And the phase is "play"
    And seat 2 is to act
    When the tricks are played:
      | leader | cards       |
      | 2      | AC 3C 5C 2C |
    Then 5 tricks have been played
    And seat 2 has won 3 tricks

    Examples:
      | profile    | source                         |
      | peel       | Peel p. 11                     |
      | hoyle      | Hoyle p. 94                    |
      | britannica | Britannica p. 229, description |
      | wikipedia  | Wikipedia § Rules              |
