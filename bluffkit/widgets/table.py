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
from pathlib import Path

import ipywidgets as W

from bluffkit.core.errors import BluffkitError
from bluffkit.core.game import make_game
from bluffkit.core.money import fmt
from bluffkit.games.youre_bluffing.actions import Counter, Offer
from bluffkit.games.youre_bluffing.view import options
from bluffkit.session import HUMAN, Session
from bluffkit.widgets.render import table_html

_HIDE, _SHOW = "none", None


class TablePanel(W.VBox):
    """A game at the table: ``humans`` are the human seats, the rest are ``bots``."""

    def __init__(self, game: str = "horse-trading", players: int = 3, humans=(0,), bots: str = "heuristic",
                 names=None, seed: int = 0, variants=(), **options_):
        self.game = make_game(game, variants=list(variants), **options_)
        seats = [HUMAN if s in set(humans) else bots for s in range(players)]
        self.session = Session(self.game, seats, names=names, seed=seed)
        self.viewer: int | None = None          # the seat whose view is on screen
        self.said: list[str] = []
        # cover screen
        self.cover_text = W.HTML()
        self.show = W.Button(description="Show", button_style="primary")
        self.show.on_click(self._uncover)
        self.cover = W.VBox([self.cover_text, self.show])
        # the seat's view and its moves
        self.view = W.HTML()
        self.legal_text = W.HTML()
        self.legal_text.add_class("bk-legal")
        self.simple_box = W.HBox()
        self.amount = W.IntText(value=10, description="Amount", layout=W.Layout(width="180px"))
        self.amount.add_class("bk-bid-amount")
        self.bid_button = W.Button(description="Bid")
        self.bid_button.on_click(lambda _: self._try(f"bid {self.amount.value}"))
        self.bid_box = W.HBox([self.amount, self.bid_button])
        self.payment = W.Dropdown(description="Notes")
        self.pay_button = W.Button(description="Pay")
        self.pay_button.on_click(lambda _: self._try(f"pay {self.payment.value}"))
        self.pay_box = W.HBox([self.payment, self.pay_button])
        self.target = W.Dropdown(description="Trade for")
        self.notes = []                          # one count box per denomination
        for value in self.game.rules.denominations:
            box = W.BoundedIntText(value=0, min=0, max=0, description=f"{value}s", layout=W.Layout(width="120px"))
            self.notes.append(box)
        self.offer_button = W.Button(description="Offer")
        self.offer_button.on_click(lambda _: self._offer())
        self.notes_box = W.VBox([self.target, W.HBox(self.notes), self.offer_button])
        self.typed = W.Text(description="Move", placeholder="e.g. bid 30, pass, trade 2 cow 10+0")
        self.typed_button = W.Button(description="Play move")
        self.typed_button.on_click(lambda _: self._try(self.typed.value))
        self.controls = W.VBox([self.legal_text, self.simple_box, self.bid_box, self.pay_box, self.notes_box,
                                W.HBox([self.typed, self.typed_button])])
        self.message = W.HTML()
        self.message.add_class("bk-message")
        self.events = W.HTML()
        self.events.add_class("bk-log")
        self.undo_button = W.Button(description="Undo")
        self.undo_button.on_click(lambda _: self._undo())
        self.save_path = W.Text(value="game.jsonl", description="Log file")
        self.save_button = W.Button(description="Save log")
        self.save_button.on_click(lambda _: self._save())
        self.board = W.VBox([self.view, self.controls])
        super().__init__([self.cover, self.board, self.message, W.HBox([self.undo_button, self.save_path,
                                                                          self.save_button]), self.events])
        self.refresh()

    def __repr__(self) -> str:
        return (f"TablePanel({self.game.name!r}, {self.session.players} players, seed {self.session.seed}, "
                f"{len(self.session.moves)} moves)")

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Let bots and chance play until a human must move; then draw (or cover) the table."""
        self.said.extend(self.session.advance())
        s = self.session
        with self.hold_sync():
            self.events.value = self._log_html()
            if s.over:
                self.viewer = None
                self.cover.layout.display = _HIDE
                self.board.layout.display = _SHOW
                self.controls.layout.display = _HIDE
                self.view.value = table_html(self.game, s.state, s.names)   # the end: everything is shown
                return
            seat = s.waiting_for
            if seat != self.viewer:
                self.viewer = None
                name = escape(s.names[seat])
                self.cover_text.value = (f"<div class='bk-box'><b>{name}'s turn.</b> Pass the screen to {name}; "
                                         f"the others look away.</div>")
                self.show.description = f"Show {s.names[seat]}'s view"
                self.cover.layout.display = _SHOW
                self.board.layout.display = _HIDE
                return
            self._draw_seat(seat)

    def _draw_seat(self, seat: int) -> None:
        s = self.session
        obs = s.observe(seat)
        legal = obs.legal
        self.cover.layout.display = _HIDE
        self.board.layout.display = _SHOW
        self.controls.layout.display = _SHOW
        self.view.value = table_html(self.game, s.state, s.names, seat)
        self.legal_text.value = f"<div class='bk-box'><b>{escape(s.names[seat])}</b> may: {escape(options(obs))}</div>"
        buttons = []
        for action in legal.simple:
            b = W.Button(description=str(action))
            b.on_click(lambda _, a=str(action): self._try(a))
            buttons.append(b)
        self.simple_box.children = buttons
        self.bid_box.layout.display = _SHOW if legal.bid else _HIDE
        if legal.bid and self.amount.value < legal.bid[0]:
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
                box.max, box.value = held, 0
            self.offer_button.description = {Counter: "Counter", Offer: "Offer again"}.get(legal.notes_for, "Offer")

    def _log_html(self) -> str:
        lines = [escape(x) for x in self.said[-12:]]
        return "<div class='bk-box'><b>What happened</b><br>" + "<br>".join(lines) + "</div>"

    # -- acting ----------------------------------------------------------------------
    def _uncover(self, _=None) -> None:
        self.viewer = self.session.waiting_for
        self.message.value = ""
        self.refresh()

    def _try(self, text: str) -> None:
        """Play ``text`` for the seat on screen; a refused move shows the reason and changes nothing."""
        if self.viewer is None:
            self.message.value = "<div class='bk-box' style='color:#c00'>Uncover the table first.</div>"
            return
        try:
            self.said.append(self.session.play(text, self.viewer))
        except BluffkitError as e:
            self.message.value = f"<div class='bk-box' style='color:#c00'>Not allowed: {escape(str(e))}</div>"
            return
        self.message.value = ""
        self.refresh()

    def _offer(self) -> None:
        notes = "+".join(str(v) for v, box in zip(self.game.rules.denominations, self.notes)
                         for _ in range(box.value)) or "none"
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        if legal is not None and legal.notes_for is Counter:
            self._try(f"counter {notes}")
        elif legal is not None and legal.notes_for is Offer:
            self._try(f"offer {notes}")
        else:
            target = self.target.value
            if target is None:
                self.message.value = "<div class='bk-box' style='color:#c00'>Choose whom to trade with.</div>"
                return
            self._try(f"trade {target[0]} {self.game.rules.families[target[1]]} {notes}")

    def _undo(self) -> None:
        n = self.session.undo()
        self.said = self.said[:max(0, len(self.said) - n)]
        self.viewer = None
        self.message.value = f"<div class='bk-box'>Took back {n} move(s).</div>"
        self.refresh()

    def _save(self) -> None:
        try:
            path = self.session.save(Path(self.save_path.value))
        except (OSError, BluffkitError) as e:
            self.message.value = f"<div class='bk-box' style='color:#c00'>Could not save: {escape(str(e))}</div>"
            return
        self.message.value = f"<div class='bk-box'>Saved the log to {escape(str(path))}.</div>"
