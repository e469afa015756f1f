"""Bløff (Cheat) at the table: hot seat with hidden hands, a cover screen between
seats, the "Bløff!" button open only during the call window, bots in the other seats.

>>> t = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
>>> t.show.click()
>>> t.lay.description
'Say “one ace”'
>>> t.call_box.layout.display
'none'
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from bluffkit.core.game import make_game
from bluffkit.games.bloff.cards import card_text, cards_text, claim_text
from bluffkit.widgets.seat_panel import _HIDE, _SHOW, SeatPanel


class BloffTable(SeatPanel):
    """Play Bløff: choose cards and lay them as the rank in turn; when someone else has
    laid cards, call "Bløff!" or let it go."""

    placeholder = "e.g. play AS,9S  or  call  or  pass"

    def __init__(self, players: int = 4, humans=(0,), bots: str = "caller", names=None, seed: int = 0,
                 undo: str = "own", **options_):
        game = make_game("bloff", **options_)
        self.rank = game.rules.first_rank
        self.cards = W.SelectMultiple(description="Your cards", rows=8, layout=W.Layout(width="260px"))
        self.cards.observe(lambda ch: self._label(), names="value")
        self.lay = W.Button(description="Lay", button_style="info", layout=W.Layout(width="220px"))
        self.lay.on_click(lambda _: self.try_move("play " + (cards_text(self.cards.value) if self.cards.value else "none")))
        self.play_box = W.HBox([self.cards, self.lay])
        self.call = W.Button(description="Bløff!", button_style="danger")
        self.call.on_click(lambda _: self.try_move("call"))
        self.let_go = W.Button(description="Let it go")
        self.let_go.on_click(lambda _: self.try_move("pass"))
        self.call_box = W.HBox([self.call, self.let_go])
        super().__init__(game, players, humans, bots, names, seed, [self.play_box, self.call_box], undo=undo)
        panels = tuple(self.children)
        self.children = (W.HTML(f"<div class='bk-box'><b>{game.title}</b></div>"),) + panels

    def __repr__(self) -> str:
        return f"BloffTable({self.session.players} players, seed {self.session.seed}, {len(self.session.moves)} moves)"

    def clear_controls(self) -> None:
        """No cards in the list and none selected (the last player's hand, and the cards they
        just laid face down, would show), both move boxes hidden."""
        self.cards.value = ()
        self.cards.options = ()
        self.lay.description = "Lay"
        self.play_box.layout.display = self.call_box.layout.display = _HIDE

    def draw_seat(self, seat: int, obs) -> None:
        legal = obs.legal
        name = escape(self.session.names[seat])
        playing = legal.play_from is not None
        self.play_box.layout.display = _SHOW if playing else _HIDE
        self.call_box.layout.display = _SHOW if legal.call else _HIDE       # only while the window is open
        if playing:
            self.rank = obs.rank
            self.cards.options = [(card_text(c), c) for c in legal.play_from]
            self._label()
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: lay one or more cards face down as "
                                     f"the rank in turn. They need not be true.</div>")
        else:
            player, rank, count = obs.claims[-1]
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: {escape(self.session.names[player])} said "
                                     f"\u201c{claim_text(count, rank)}\u201d. Call it a lie, or let it go?</div>")

    def _label(self) -> None:
        k = len(self.cards.value)
        self.lay.description = f"Say \u201c{claim_text(max(k, 1), self.rank)}\u201d"
