"""The table: play You're Bluffing! or Horse Trading in the notebook, against bots or
each other on one screen (hot seat).

A thin view over a :class:`bluffkit.session.Session`. It shows one human seat's
view at a time, from that seat's observation only; when the seat changes, a cover
screen hides the table until the next player asks to see it. Only the legal moves
are offered; a move typed by hand that the rules refuse shows the engine's reason
and changes nothing.

>>> t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
>>> t.cover.layout.display is None, t.show.description
(True, "Show Bo's view")
>>> t.show.click()
>>> t.cover.layout.display
'none'
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from bluffkit.core.game import make_game
from bluffkit.core.money import fmt
from bluffkit.games.youre_bluffing.actions import Counter, Offer
from bluffkit.games.youre_bluffing.view import options
from bluffkit.widgets.seat_panel import _HIDE, _SHOW, SeatPanel, note


class TablePanel(SeatPanel):
    """A game at the table: ``humans`` are the human seats, the rest are ``bots``."""

    placeholder = "e.g. bid 30, pass, trade 2 cow 10+0"

    def __init__(self, game: str = "horse-trading", players: int = 3, humans=(0,), bots: str = "heuristic",
                 names=None, seed: int = 0, variants=(), undo: str = "own", **options_):
        game_ = make_game(game, variants=list(variants), **options_)
        self.simple_box = W.HBox()
        self.amount = W.IntText(value=0, description="Amount", layout=W.Layout(width="180px"))
        self.amount.add_class("bk-bid-amount")
        self.bid_button = W.Button(description="Bid")
        self.bid_button.on_click(lambda _: self.try_move(f"bid {self.amount.value}"))
        self.bid_box = W.HBox([self.amount, self.bid_button])
        self.payment = W.Dropdown(description="Notes")
        self.pay_button = W.Button(description="Pay")
        self.pay_button.on_click(lambda _: self.try_move(f"pay {self.payment.value}"))
        self.pay_box = W.HBox([self.payment, self.pay_button])
        self.target = W.Dropdown(description="Trade for")
        self.notes = [W.BoundedIntText(value=0, min=0, max=0, description=f"{value}s", layout=W.Layout(width="120px"))
                      for value in game_.rules.denominations]          # one count box per denomination
        self.offer_button = W.Button(description="Offer")
        self.offer_button.on_click(lambda _: self._offer())
        self.notes_box = W.VBox([self.target, W.HBox(self.notes), self.offer_button])
        super().__init__(game_, players, humans, bots, names, seed,
                         [self.simple_box, self.bid_box, self.pay_box, self.notes_box], undo=undo)

    def __repr__(self) -> str:
        return (f"TablePanel({self.game.name!r}, {self.session.players} players, seed {self.session.seed}, "
                f"{len(self.session.moves)} moves)")

    def clear_controls(self) -> None:
        """Blank every control: no moves, no amount, no payment choices, note boxes at 0
        with a maximum of 0 (a hand's size or a face-down offer left in them would show)."""
        self.simple_box.children = ()
        for box in (self.bid_box, self.pay_box, self.notes_box, self.target):
            box.layout.display = _HIDE
        self.amount.value = 0
        self.payment.options = ()
        self.target.options = ()
        for box in self.notes:
            box.value, box.max = 0, 0
        self.offer_button.description = "Offer"

    def draw_seat(self, seat: int, obs) -> None:
        s, legal = self.session, obs.legal
        self.legal_text.value = f"<div class='bk-box'><b>{escape(s.names[seat])}</b> may: {escape(options(obs))}</div>"
        buttons = []
        for action in legal.simple:
            b = W.Button(description=str(action))
            b.on_click(lambda _, a=str(action): self.try_move(a))
            buttons.append(b)
        self.simple_box.children = buttons
        self.bid_box.layout.display = _SHOW if legal.bid else _HIDE
        if legal.bid:
            self.amount.value = legal.bid[0]
        d = self.game.rules.denominations
        pays = legal.payment_notes(d) if legal.pay is not None else ()
        self.pay_box.layout.display = _SHOW if pays else _HIDE
        if pays:
            self.payment.options = [fmt(p, d) for p in pays]
            self.payment.value = self.payment.options[0]
        free = legal.notes_for is not None
        self.notes_box.layout.display = _SHOW if free else _HIDE
        if free:
            labels = self.game.rules.labels
            self.target.options = [(f"{s.names[t]}'s {labels[f]}", (t, f)) for t, f in legal.trades]
            self.target.layout.display = _SHOW if legal.trades else _HIDE
            for box, held in zip(self.notes, legal.hand):
                box.max = held
            self.offer_button.description = {Counter: "Counter", Offer: "Offer again"}.get(legal.notes_for, "Offer")

    def _offer(self) -> None:
        notes = "+".join(str(v) for v, box in zip(self.game.rules.denominations, self.notes)
                         for _ in range(box.value)) or "none"
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        if legal is not None and legal.notes_for is Counter:
            self.try_move(f"counter {notes}")
        elif legal is not None and legal.notes_for is Offer:
            self.try_move(f"offer {notes}")
        else:
            target = self.target.value
            if target is None:
                self.message.value = note("Choose whom to trade with.", error=True)
                return
            self.try_move(f"trade {target[0]} {self.game.rules.families[target[1]]} {notes}")
