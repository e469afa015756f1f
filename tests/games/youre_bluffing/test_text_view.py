"""The text view of a seat (``game.describe``) shows what the table sees, for every seat.

- YB: You're Bluffing! rulebook (shared/seeds/000_24ecb2a39eece5b2.txt)
- HT: Horse Trading rules (shared/seeds/003_cdab582bd47c4f5f.txt)

Expected words are worked out from the rulebooks and the position by hand.
"""

from __future__ import annotations

from bluffkit.games.youre_bluffing import YoureBluffing

NAMES = ["Anna", "Ben", "Carla"]


def test_every_seat_sees_how_many_notes_each_other_seat_holds():
    """YB "The Cattle Trade": "player B will be able to deduce the amount of the offer from
    the number of cards placed" (the number of money cards shows, their values do not);
    docs/youre-bluffing.md (``payment_seen``): a seat's observation keeps each player's
    number of notes. Anna holds 2 notes, Ben 5, Carla 7 (the start money: two 0s, four
    10s, one 50); each seat's view names the others' counts."""
    g = YoureBluffing.create("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, money=["50+10", "200+100+50+10+0", None],
                              herds=[{}, {}, {}])
    lines = {"Anna": "Anna: no animals; 2 notes", "Ben": "Ben: no animals; 5 notes",
             "Carla": "Carla: no animals; 7 notes"}
    for seat, me in enumerate(NAMES):
        text = g.describe(g.observe(s, seat), NAMES)
        for other, line in lines.items():
            if other != me:
                assert line in text, (me, text)


def test_every_seat_sees_the_money_a_bidder_had_to_show():
    """YB "Not Enough Money?": a player who cannot pay their bid "must show all their money
    to the other players"; HT "Can't pay?": "to everybody". Ben bids 100 holding the start
    money (two 0s, four 10s, one 50 = 90); every seat's view, Ben's own too, shows it."""
    g = YoureBluffing.create("youre-bluffing")
    s = g.new_state(players=3)
    for seat, action in ((0, "auction"), (None, "draw cow"), (1, "bid 100"), (2, "pass"), (0, "sell")):
        s = g.step(s, seat, action)
    for seat in range(3):
        text = g.describe(g.observe(s, seat), NAMES)
        assert "Ben had to show their money: 50+10+10+10+10+0+0 = 90" in text, text
