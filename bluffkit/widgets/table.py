"""The table: play You're Bluffing! or Horse Trading in the notebook, against bots or
each other on one screen (hot seat).

A thin view over a :class:`bluffkit.session.Session`. It shows one human seat's
view at a time, drawn from that seat's observation only; with several human seats, when
the seat changes, a cover screen hides the table until the next player asks to see it
(with one, the table stays on that seat's view). Only the legal
moves are offered, as buttons: pass, sell and the rest; a bid with a stepper in the
game's steps and quick bids (+10, +50, +100), its box read as every bid box is (digits,
thousands commas, whole e-notation: :func:`~bluffkit.widgets.auction_moves.read_amount`),
Bid closed, saying what a bid may be, for what is no bid (:meth:`TablePanel._label_bid`);
notes to pay or offer chosen by clicking the seat's own drawn notes. A refused move says why in plain words, naming the player, and
changes nothing. After a trade each trader's prompt says what they gave and received
(:func:`~bluffkit.receipts.trade_receipt`), and where the table sees only how
many notes pay for a lot (``payment_seen="count"``) the payee's says which
(:func:`~bluffkit.games.youre_bluffing.receipts.payment_receipt`), until their next move.

>>> t = TablePanel("horse-trading", players=3, humans=[1, 2], names=["Ana", "Bo", "Cy"], seed=2)
>>> t.cover.layout.display is None, t.show.description
(True, "Show Bo's view")
>>> t.show.click()
>>> t.cover.layout.display
'none'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import ipywidgets as W

from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.money import MAX_DIGITS, amount, fmt, total
from bluffkit.games.youre_bluffing import actions as A
from bluffkit.games.youre_bluffing.game import YoureBluffing
from bluffkit.games.youre_bluffing.narrate import words
from bluffkit.games.youre_bluffing.scoring import scores as herd_scores
from bluffkit.receipts import receipts_for
from bluffkit.widgets.auction_moves import AmountBox, closed_bid_said, closed_bid_words, read_amount
from bluffkit.widgets.seat_panel import (
    _HIDE,
    _SHOW,
    SeatPanel,
    choose_counts,
    chosen_counts,
    drawn_anew,
    live,
    note,
    note_toggle,
    receipt_html,
    retire,
    slotted,
)
from bluffkit.widgets.words import overbid_words, yb_prompt

#: The buttons' words for the moves that take no argument.
#: (Buy, in each ruleset's own words: :meth:`TablePanel._label`.)
LABELS = {"auction": "Hold an auction", "pass": "Pass", "sell": "Sell", "accept": "Accept the offer"}
#: The quick bids: this much above the highest bid (rounded up to the game's bid step).
QUICK = (10, 50, 100)
#: The Pay button's tooltip while no note is chosen (it is disabled then).
PAY_FIRST = "click your {} above to choose them first"
PARTNER_FIRST = "choose whom to trade with first: click one of the buttons beside \u201cTrade for\u201d"


def _button(text: str, cls: str = "", **kw) -> W.Button:
    b = W.Button(description=text, layout=W.Layout(width="auto"), **kw)
    if cls:
        b.add_class(cls)
    return b


class TablePanel(SeatPanel):
    """A game at the table: ``humans`` are the human seats, the rest are ``bots``."""

    placeholder = "e.g. bid 30, pass, trade 2 cow 10+0"

    def __init__(self, game: str = "horse-trading", players: int = 3, humans=(0,), bots: str = "heuristic",
                 names=None, seed: int | None = None, variants=(), undo: str = "own", **options_):
        game_ = make_game(game, variants=list(variants) if isinstance(variants, Iterable) and not isinstance(variants, (str, bytes)) else variants,
                          **options_)
        if not isinstance(game_, YoureBluffing):
            raise RulesError(f"TablePanel plays You're Bluffing! and Horse Trading, not {game_.name}; the other "
                             "games have panels of their own in bluffkit.widgets (BloffTable, BlufferTable, "
                             "BidderUpTable, AuctionLab)")
        self.denominations = game_.rules.denominations
        self.simple_box = slotted(W.HBox(layout=W.Layout(flex_flow="row wrap")), "simple")
        # a text box the panel reads itself, as the auctions' bid box is (see _label_bid)
        self.amount = AmountBox(value=0, description="Your bid", tooltip="the amount to bid",
                                layout=W.Layout(width="200px"))
        self.amount.add_class("bk-bid-amount")
        #: all the money the players can ever hold together (public: see most)
        r = game_.rules
        self.all_money = players * (total(r.start_money, r.denominations) + sum(r.paydays))
        self.down, self.up = _button("\u2212", tooltip="a step lower"), _button("+", tooltip="a step higher")
        self.down.on_click(lambda _: self._step_bid(-1))
        self.up.on_click(lambda _: self._step_bid(+1))
        self.bid_button = _button("Bid", "bk-go")
        self._over_bid: tuple | None = None     # a bid above the seat's money, asked about once (see bid)
        self.quick_box = slotted(W.HBox(layout=W.Layout(flex_flow="row wrap")), "quick")
        # wrapped, not shrunk: on the projector "Bid at most 2,820" squeezed the step buttons to "−." and "+."
        self.stepper = W.HBox([self.down, self.amount, self.up, self.bid_button], layout=W.Layout(flex_flow="row wrap"))
        self.bid_box = W.VBox([self.stepper, self.quick_box])
        self.bid_button.on_click(live(lambda _: self._bid_typed(), inside=lambda: (self.bid_box,)))
        self._lowest = 1                         # the lowest bid the rules allow now (public: see _label_bid)
        self.amount.observe(lambda _: self._label_bid(), names="value")
        self.target = W.ToggleButtons(description="Trade for", style={"button_width": "auto"})
        self.target.observe(self._chose_partner, names="value")
        self.note_row = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end", min_height="3.2em",
                                               padding="10px 0 0 0"))
        self.note_row.add_class("bk-money-row")          # (a big hand's drawn smaller on a projector: art.py)
        self.note_toggles: list[W.ToggleButton] = []
        self.chosen = W.HTML()
        self.pay_button = _button("Pay", "bk-go", disabled=True,          # open once notes are chosen
                                  tooltip=PAY_FIRST.format(words(game_.rules)["notes"]))
        self.pay_button.on_click(live(lambda _: self.try_move(f"pay {self._chosen_text()}")))
        self.suggest = _button("Choose for me", tooltip="the smallest payment that is allowed")
        self.suggest.on_click(lambda _: self._suggest())
        self.offer_button = _button("Offer", "bk-go")
        self.offer_button.on_click(live(lambda _: self._offer()))
        self.money_box = W.VBox([self.target, W.HTML(f"<i>Click your {words(game_.rules)['notes']} to choose "
                                                     "them:</i>"), self.note_row,
                                 W.HBox([self.chosen, self.pay_button, self.suggest, self.offer_button],
                                        layout=W.Layout(align_items="center", flex_flow="row wrap"))])
        super().__init__(game_, players, humans, bots, names, seed,
                         [self.simple_box, self.bid_box, self.money_box], undo=undo)

    def __repr__(self) -> str:
        return f"TablePanel({self.game.name!r}, {self.session.players} players, {self.repr_tail()})"

    def text_boxes_anew(self) -> None:
        """The Move box and the bid box drawn anew for the next seat (see SeatPanel): an
        amount typed and not bid (the player passed instead) stayed in the bid box's
        typing history."""
        super().text_boxes_anew()
        drawn_anew(self.stepper, self.amount)

    def clear_controls(self) -> None:
        """Blank every control: no moves, no amount, no notes to click (a hand, or a
        face-down offer left selected, would show), no trade partner chosen, no question
        about a bid above the seat's money still open (after a pass taken back, the same
        bid at the same position is asked about again, not played at the first click)."""
        self._over_bid = None
        retire(self.simple_box.children + self.quick_box.children + self.note_row.children)
        self.simple_box.children = self.quick_box.children = self.note_row.children = ()
        self.note_toggles = []
        for box in (self.bid_box, self.money_box, self.target, self.pay_button, self.suggest, self.offer_button):
            box.layout.display = _HIDE
        self._lowest = 1
        self.amount.value = 0               # an empty box, and the Bid button's words of no seat's
        self._label_bid()
        if self.target.options:      # the browser keeps an emptied row's last buttons, one marked chosen
            self.target.options = ()
            self.target.tooltips = []  # (their titles, the one chosen among them)
            drawn_anew(self.money_box, self.target)
        self.chosen.value = ""
        self.pay_button.description, self.offer_button.description = "Pay", "Offer"
        self.pay_button.disabled, self.pay_button.tooltip = True, PAY_FIRST.format(words(self.game.rules)["notes"])
        self.offer_button.disabled, self.offer_button.tooltip = False, ""

    def public_scores(self, obs):
        """The score of each herd as it stands (herds are public; money does not count)."""
        return herd_scores(obs.herds, obs.rules)

    def _label(self, action) -> str:
        """A move's button words; "buy" in the ruleset's own words (YB "Buy it back", HT
        "Buy it yourself")."""
        if str(action) == "buy":
            return words(self.game.rules)["buy_button"]
        return LABELS.get(str(action), str(action))

    def bid_step(self) -> int | None:
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        return legal.bid[2] if legal is not None and legal.bid else None

    def draw_seat(self, seat: int, obs) -> None:
        s, legal = self.session, obs.legal
        self.legal_text.value = f"<div class='bk-box'>{receipt_html(receipts_for(s, seat))}{yb_prompt(s.names[seat], obs, s.names)}</div>"
        buttons = []
        for action in legal.simple:
            b = _button(self._label(action), "bk-stop" if str(action) == "pass" else "bk-go")
            b.on_click(live(lambda _, a=str(action): self.try_move(a)))
            buttons.append(b)
        self.simple_box.children = buttons
        self.bid_box.layout.display = _SHOW if legal.bid else _HIDE
        if legal.bid:
            self._draw_bids(obs)
        paying = legal.pay is not None
        free = legal.notes_for is not None and (legal.notes_for is not A.Trade or bool(legal.trades))
        self.money_box.layout.display = _SHOW if paying or free else _HIDE
        if paying or free:
            self._draw_notes(legal.hand)
        self.pay_button.layout.display = self.suggest.layout.display = _SHOW if paying else _HIDE
        self.offer_button.layout.display = _SHOW if free else _HIDE
        if free:
            labels = self.game.rules.labels
            self.target.options = [(f"{s.names[t]}'s {labels[f]}", (t, f)) for t, f in legal.trades]
            self.target.layout.display = _SHOW if legal.trades else _HIDE
            self.target.value = None
            self._partner_tips()
        self._update_chosen()

    def _draw_bids(self, obs) -> None:
        lo, cap, step = obs.legal.bid
        self._lowest = lo
        self.amount.value = lo
        self._label_bid()
        base = obs.high_bid if obs.high_bidder >= 0 else 0
        amounts = []
        for plus in QUICK:
            x = max(lo, -(-(base + plus) // step) * step)
            if (cap is None or x <= cap) and x not in amounts:
                amounts.append(x)
        quick = []
        for x in amounts:
            b = _button(f"+{x - base} \u2192 bid {amount(x)}" if base else f"Bid {amount(x)}", "bk-quick")
            b.on_click(live(lambda _, x=x, b=b: self.bid(x, f"\u201c{b.description}\u201d"), inside=lambda: (self.bid_box,)))
            quick.append(b)
        self.quick_box.children = quick

    def bid(self, amount: int, button: str = "Bid") -> None:
        """Bid ``amount`` for the seat on screen. A bid above the notes the seat holds is
        allowed (a bluff), but a slip of the keyboard (10**12) would force the seat to show
        all its money (YB "Not Enough Money?"), which cannot be undone: the first click says
        so, and a second click on the same bid (``button``, or Bid) plays it: a click sent
        before the question could show (a double click) does not answer it."""
        if self.clicks.stale():
            return
        obs = self.session.observe(self.viewer) if self.viewer is not None else None
        if obs is not None and obs.legal.bid and isinstance(amount, int) and amount > obs.hand_total \
                and (obs.legal.bid[1] is None or amount <= obs.legal.bid[1]):   # over a shown cap: refused anyway
            ask = (len(self.session.moves), self.viewer, amount)
            if self._over_bid == ask and self.clicks.too_soon_to_answer():
                return                          # the double click's second click: the question unread
            if self._over_bid != ask:
                self._over_bid = ask
                self.amount.value = amount          # so that Bid, as the words say, plays this bid
                self.message.value = note(escape(overbid_words(obs.hand_total, amount, button=button)), error=True)
                self.clicks.done(asked=True)
                return
        self._over_bid = None
        self.try_move(f"bid {amount}")

    def most(self) -> int:
        """The largest amount the bid box offers as a bid: all the money the players can ever
        hold together, their start money and every payday's note (YB "Setup", "The Golden
        Donkey"; HT "Setup", "Paydays": money only changes hands otherwise), within the
        :data:`~bluffkit.core.money.MAX_DIGITS` digits a bid has; never below the lowest bid
        the rules allow now (a bid past all the money, typed in the Move box, is a legal bluff
        the next bidder may outbid). Public: the same for every seat, so it may be told on
        the button, which is kept from one seat to the next (as
        :meth:`bluffkit.widgets.auction_moves.MoveControls.most`); never the seat's own money
        (a bid above it is a bluff the rules allow, asked about once: :meth:`bid`)."""
        return max(min(self.all_money, 10 ** MAX_DIGITS - 1), self._lowest)

    def _label_bid(self) -> None:
        """Bid opens for an amount the box reads (:func:`~bluffkit.widgets.auction_moves.read_amount`:
        digits, thousands commas, whole e-notation) from 1 to :meth:`most`; else it is closed and
        says what a bid may be ("Bid 10 or more", "Bid at most 2,820"), as the auctions' bid box
        does (:func:`~bluffkit.widgets.auction_moves.closed_bid_words`). An IntText made 13 of a
        typed "1e3", and the browser's number rounded twenty 9s to 10**20. An amount below the
        lowest bid is played and refused in words, which say why ("the lowest bid now is 10")."""
        b = self.bid_button
        closed = closed_bid_words(read_amount(self.amount.value), self._lowest, self.most(),
                                  all_money=True, typed=self.amount.value)
        if closed is None:
            b.description, b.tooltip, b.disabled = "Bid", "bid the amount typed", False
        else:
            (b.description, b.tooltip), b.disabled = closed, True

    def _bid_typed(self) -> None:
        """Bid: the amount in the box. A click on the closed button (from code: the browser
        sends none) is refused in words: an amount of 0 or less as the rules refuse it (they
        say why: "Bo can't bid 0: ..."), one that is no number or past all the money in the
        game in the button's words (a bid past all the money is a legal bluff: it is typed
        in the Move box, not played by a closed button), once (:func:`~bluffkit.widgets.auction_moves.closed_bid_said`:
        "Bid 10 or more: an amount above 0.")."""
        if self.covered():
            return
        n = read_amount(self.amount.value)
        if n is not None and not self.bid_button.disabled:
            self.bid(n)
        elif n is not None and -10 ** MAX_DIGITS < n <= 0:     # (-1e999: the refusal quoted 101 digits)
            self.try_move(f"bid {n}")
        else:           # (the button's words once, then why: its tooltip said them again)
            said = closed_bid_said(n, self._lowest, self.most(), all_money=True, typed=self.amount.value)
            self.message.value = note(escape(said or self.bid_button.description), error=True)

    def _step_bid(self, sign: int) -> None:
        if self.covered():
            return
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        if legal is None or not legal.bid:
            return
        lo, cap, step = legal.bid
        typed = read_amount(self.amount.value)          # (none: from the lowest bid)
        now = lo if typed is None else min(typed, self.most())      # (past all the money: from the most)
        x = max(lo, now + sign * step)
        self.amount.value = min(x, self.most()) if cap is None else min(x, cap)

    def _draw_notes(self, hand) -> None:
        """One toggle per note the seat holds, styled as that note: click to choose it."""
        toggles = []
        for k, (value, held) in enumerate(zip(self.denominations, hand)):
            for _ in range(held):
                t = note_toggle(value, k, words(self.game.rules)["money_card"])
                t.observe(lambda ch: self._chose(), names="value")
                toggles.append(t)
        self.note_toggles = toggles
        self.note_row.children = toggles

    def chosen_notes(self) -> tuple[int, ...]:
        """The notes chosen by clicking, as a count per denomination."""
        return chosen_counts(self.note_toggles, len(self.denominations))

    def choose_notes(self, notes) -> None:
        """Click the toggles so that exactly ``notes`` (a count per denomination) are chosen."""
        choose_counts(self.note_toggles, notes)

    def _chosen_text(self) -> str:
        notes = self.chosen_notes()
        return fmt(notes, self.denominations) if any(notes) else "none"

    def _chose(self) -> None:
        """A note clicked: the labels follow, and a refusal of the notes chosen before goes."""
        self._update_chosen()
        self.drop_refusal()

    def _update_chosen(self) -> None:
        notes = self.chosen_notes()
        k, worth = sum(notes), total(notes, self.denominations)
        w = words(self.game.rules)
        self.chosen.value = (f"<span class='bk-box' style='white-space: nowrap'>chosen: <b>{k} "
                             f"{w['money_card'] if k == 1 else w['notes']} = {amount(worth)}</b></span>")
        self.pay_button.description = f"Pay {amount(worth)}" if k else "Pay"
        self.offer_button.description = f"Offer {k} face-down {w['money_card'] if k == 1 else w['notes']}"
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        # Pay opens once a note is chosen: no payment is of no notes, a price being a bid of
        # at least `min_bid` >= 1 (YB "The Auctions"); the engine still refuses a click that
        # comes anyway, from code
        self.pay_button.disabled = not k
        word = words(self.game.rules)["notes"]
        self.pay_button.tooltip = PAY_FIRST.format(word) if self.pay_button.disabled else f"pay with the {word} chosen"
        if legal is not None and legal.notes_for is A.Counter:
            self.offer_button.description = "Counter with " + self.offer_button.description[len("Offer "):]
        self._partner_first(legal)

    def _partner_first(self, legal) -> None:
        """A trade's offer opens once a partner is chosen under "Trade for" (the engine still
        refuses a click that comes anyway, from code)."""
        waiting = legal is not None and legal.notes_for is A.Trade and self.target.value is None
        self.offer_button.disabled = waiting
        self.offer_button.tooltip = PARTNER_FIRST if waiting else ""

    def _partner_tips(self) -> None:
        """Each trade partner's title says whether it is the one chosen: ipywidgets marks the
        chosen button by a class alone, and a screen reader reads the title."""
        t = self.target
        t.tooltips = [f"{label}: chosen" if value == t.value else f"{label}: click to trade for it"
                      for label, value in t.options]

    def _chose_partner(self, change) -> None:
        self._partner_tips()
        if change["new"] is not None:
            self.drop_refusal()
        if self.viewer is not None:
            self._partner_first(self.session.legal(self.viewer))

    def _suggest(self) -> None:
        if self.covered():
            return
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        if legal is not None and legal.pay is not None and legal.payment_notes(self.denominations):
            self.choose_notes(legal.payment_notes(self.denominations)[0])

    def _offer(self) -> None:
        if self.covered():
            return
        notes = self._chosen_text()
        legal = self.session.legal(self.viewer) if self.viewer is not None else None
        if legal is not None and legal.notes_for is A.Counter:
            self.try_move(f"counter {notes}")
        elif legal is not None and legal.notes_for is A.Offer:
            self.try_move(f"offer {notes}")
        else:
            target = self.target.value
            if target is None:
                self.message.value = note(f"{PARTNER_FIRST[0].upper()}{PARTNER_FIRST[1:]}.", error=True)
                return
            self.try_move(f"trade {target[0]} {self.game.rules.families[target[1]]} {notes}")

    def click_action(self, action) -> bool:
        """Play ``action`` through the panel's own controls, as a person would click it
        (used by the tests and the widget check); False when no control plays it."""
        for b in self.simple_box.children:
            if b.description == self._label(action):
                b.click()
                return True
        if isinstance(action, A.Bid):
            quick = [b for b in self.quick_box.children if b.description.endswith(f"id {action.amount}")]
            if quick:
                quick[0].click()
            else:
                self.amount.value = action.amount
                if self.bid_button.disabled:     # no bid the box offers (past all the money): typed
                    return False
                self.bid_button.click()
            if self._over_bid is not None:   # asked about (above the seat's money): confirmed, as a person would
                self.bid_button.click()
            return True
        if isinstance(action, (A.Pay, A.Trade, A.Counter, A.Offer)) and self.money_box.layout.display != _HIDE:
            if isinstance(action, A.Trade):
                self.target.value = (action.target, action.family)
            self.choose_notes(action.notes)
            (self.pay_button if isinstance(action, A.Pay) else self.offer_button).click()
            return True
        return False
