"""Bløff (Cheat) at the table: hot seat with hidden hands, a cover screen between
seats (with several human seats), the "Bløff!" button open only during the call window,
bots in the other seats. Cards are chosen by clicking them in the drawn hand.

>>> t = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
>>> t.lay.description, t.lay.disabled            # open once a card is chosen
('Say “… aces”', True)
>>> t.call_box.layout.display
'none'
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from bluffkit.core.errors import count as how_many
from bluffkit.core.game import make_game
from bluffkit.games.bloff.cards import RANK_WORDS, cards_text, claim_text
from bluffkit.widgets import render_bloff
from bluffkit.widgets.render_bloff import SUIT_SIGNS, card_parts, cards_html, sort_hand
from bluffkit.widgets.seat_panel import _HIDE, _SHOW, SeatPanel, live, retire, tells_chosen

#: A card's suit in words, for its tooltip.
_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

#: The Lay button's tooltip while no card is chosen (it is disabled then).
CHOOSE_FIRST = "click one or more cards in your hand first"


#: A hand of more cards than this is drawn with smaller cards in projector mode.
MANY_CARDS = 14


class BloffTable(SeatPanel):
    """Play Bløff: click cards in your hand and lay them as the rank in turn; when
    someone else has laid cards, call "Bløff!" or let it go."""

    placeholder = "e.g. play AS,9S  or  call  or  pass"

    def __init__(self, players: int = 4, humans=(0,), bots: str = "caller", names=None, seed: int | None = None,
                 undo: str = "own", **options_):
        game = make_game("bloff", **options_)
        self.rank = game.rules.first_rank
        self.hand = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="flex-end", padding="12px 0 0 0"))
        self.hand.add_class("bk-hand")
        self.card_toggles: list[W.ToggleButton] = []
        self.lay = W.Button(description="Lay", layout=W.Layout(width="auto", align_self="flex-start"),
                            disabled=True, tooltip=CHOOSE_FIRST)
        self.lay.add_class("bk-go")
        self.lay.add_class("bk-lay")
        self.lay.on_click(live(lambda _: self.try_move("play " + cards_text(self.chosen_cards())
                                                  if self.chosen_cards() else "play none")))
        self.play_box = W.VBox([self.hand, self.lay])
        # never narrower than its word (a column of 256 px, the file browser open at 150 % zoom,
        # shrank it to "Bl…" on a projector), "Let it go" wrapping to its own line if need be
        self.call = W.Button(description="Bløff!", layout=W.Layout(width="auto", flex="none"))
        self.call.add_class("bk-stop")
        self.call.on_click(live(lambda _: self.try_move("call")))
        self.let_go = W.Button(description="Let it go", layout=W.Layout(width="auto"))
        self.let_go.on_click(live(lambda _: self.try_move("pass")))
        self.call_box = W.HBox([self.call, self.let_go], layout=W.Layout(flex_flow="row wrap"))
        # on a projector, the seat's hand when it is not to lay cards (at a call): beside the
        # table, under the buttons, as the cards to click are while it lays (see draw_held)
        self.held = W.HTML(layout=W.Layout(display=_HIDE))
        self.held.add_class("bk-held")
        super().__init__(game, players, humans, bots, names, seed, [self.play_box, self.call_box, self.held],
                         undo=undo)

    def __repr__(self) -> str:
        return f"BloffTable({self.session.players} players, {self.repr_tail()})"

    def set_projector(self, on: bool) -> None:
        """As :meth:`SeatPanel.set_projector`; on a projector the Say button comes above the
        hand, so that a big hand does not push it below the screen: first in the page too, so
        that the keyboard's Tab reaches it before the cards, in the order they are seen. The
        seat on screen's table and hand are drawn again for the layout (from its observation
        alone; the cards to click, and a choice among them, stay as they are): on a projector
        the hand stands beside the table at a call too (:meth:`draw_held`)."""
        super().set_projector(on)
        self.play_box.children = (self.lay, self.hand) if on else (self.hand, self.lay)
        seat = self.viewer
        if seat is not None and self.screen == ("seat", seat):
            obs = self.session.observe(seat)
            self.view.value = self.seat_html(obs)
            self.draw_held(obs)

    @property
    def cards(self):
        """The cards of the hand on screen, in the order they are drawn."""
        return tuple(t.card for t in self.card_toggles)        # type: ignore[attr-defined]

    def chosen_cards(self) -> tuple[int, ...]:
        """The cards clicked (chosen) in the hand."""
        return tuple(t.card for t in self.card_toggles if t.value)     # type: ignore[attr-defined]

    def choose(self, cards) -> None:
        """Click the hand's cards so that exactly ``cards`` are chosen."""
        wanted = set(cards)
        for t in self.card_toggles:
            t.value = t.card in wanted                     # type: ignore[attr-defined]

    scores_unit = ("cards left", True)

    def seat_html(self, obs) -> str:
        """The seat's view with its hand counted only, while it lays cards: the hand is drawn
        apart then, as cards to click (under the table; beside it on a projector); and on a
        projector at every other moment too, drawn beside the table (:meth:`draw_held`)."""
        return render_bloff.seat_html(self.game, obs, self.session.names, hand_to_click=True,
                                      hand_beside=bool(self.projector.value))

    def draw_held(self, obs) -> None:
        """On a projector, the seat's hand when it is not laying cards (at a call, and after
        its own move while the bots play), drawn beside the table, under the buttons: drawn
        in the seat, a hand of 15 cards took three rows and pushed the other seats and the
        last call below a 1280 x 720 screen. A big hand (a pile taken) is drawn smaller, as
        the cards to click are, and its title leads the cards' first row (on a line of its
        own, 28 cards ran 9 px below the screen, the file browser open). Empty and hidden
        otherwise, and for a hand of no cards (the seat says "Your hand: none"; a cover
        holds nothing of it: :meth:`clear_controls`)."""
        on = bool(self.projector.value) and obs.legal.play_from is None and bool(obs.hand)
        many = " bk-held-many" if len(obs.hand) > MANY_CARDS else ""
        title = (f"<span class='bk-held-title'><b>Your hand</b><br>"
                 f"<span class='bk-secret'>{how_many(len(obs.hand), 'card')}</span></span>")
        self.held.value = f"<div class='bk-box{many}'>{cards_html(obs.hand, False, title)}</div>" if on else ""
        self.held.layout.display = _SHOW if on else _HIDE

    def show_own_move(self) -> None:
        """As :meth:`SeatPanel.show_own_move`; the cards just laid are no longer to click, and
        on a projector the hand left stands beside the table meanwhile (:meth:`draw_held`)."""
        s = self.session
        drawn = not s.over and self.viewer is not None and self.seat_now() != self.viewer
        super().show_own_move()
        if drawn and self.viewer is not None:
            self.play_box.layout.display = self.call_box.layout.display = _HIDE
            self.legal_text.value = ""
            self.draw_held(s.observe(self.viewer))

    def public_scores(self, obs):
        """Cards left in each hand (fewest is best: the first with none wins)."""
        return tuple(obs.hand_sizes)

    def clear_controls(self) -> None:
        """No cards in the hand and none chosen (the last player's hand, and the cards they
        just laid face down, would show), both move boxes hidden, and the hand drawn beside
        the table on a projector (:meth:`draw_held`) emptied and hidden."""
        retire(self.hand.children)
        self.hand.children = ()
        self.hand.remove_class("bk-hand-many")         # (the last hand's size would stay on the cover)
        self.card_toggles = []
        self.lay.description, self.lay.disabled, self.lay.tooltip = "Lay", True, CHOOSE_FIRST
        self.held.value = ""
        self.play_box.layout.display = self.call_box.layout.display = self.held.layout.display = _HIDE

    def draw_seat(self, seat: int, obs) -> None:
        legal = obs.legal
        name = escape(self.session.names[seat])
        playing = legal.play_from is not None
        self.play_box.layout.display = _SHOW if playing else _HIDE
        self.call_box.layout.display = _SHOW if legal.call else _HIDE       # only while the window is open
        self.draw_held(obs)
        if playing:
            self.rank = obs.rank
            toggles = []
            for c in sort_hand(legal.play_from):
                rank, suit, second = card_parts(c)
                t = tells_chosen(W.ToggleButton(description=f"{rank}{SUIT_SIGNS[suit]}" + ("*" if second else "")),
                                 f"the {RANK_WORDS[c % 52 // 4][0]} of {_SUITS[suit]}" + (" (second deck)" if second else ""))
                t.add_class("bk-card-btn")
                if suit in "HD":
                    t.add_class("bk-red")
                t.card = c                                 # type: ignore[attr-defined]
                t.observe(lambda ch: self._chose(), names="value")
                toggles.append(t)
            self.card_toggles = toggles
            self.hand.children = toggles
            # a big hand (a pile taken) is drawn smaller on a projector, to keep its rows on screen
            (self.hand.add_class if len(toggles) > MANY_CARDS else self.hand.remove_class)("bk-hand-many")
            self._label()
            most = f" (at most {legal.max_cards})" if legal.max_cards is not None else ""     # (rule option max_cards)
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>, click one or more cards{most} and lay them "
                                     f"face down as the rank in turn. They need not be true.</div>")
        else:
            player, rank, count = obs.claims[-1]
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: {escape(self.session.names[player])} said "
                                     f"\u201c{claim_text(count, rank)}\u201d. Call it a lie, or let it go?</div>")

    def _chose(self) -> None:
        """A card clicked: the button's words follow, and a refusal of the cards chosen before goes."""
        self._label()
        self.drop_refusal()

    def _label(self) -> None:
        """The Lay button says the claim the cards chosen make; it opens once a card is
        chosen (the engine still refuses an empty play that comes anyway, from code)."""
        k = len(self.chosen_cards())
        # With nothing chosen the count is left open ("Say “… aces”"), not shown as one card.
        said = claim_text(k, self.rank) if k else f"\u2026 {RANK_WORDS[self.rank][1]}"
        self.lay.description = f"Say \u201c{said}\u201d"
        self.lay.disabled = not k
        self.lay.tooltip = CHOOSE_FIRST if not k else "lay the cards chosen face down, saying this"

    def click_action(self, action) -> bool:
        """Play ``action`` by clicking cards and buttons, as a person would."""
        from bluffkit.games.bloff.engine import CALL_, PASS_, Play
        if isinstance(action, Play) and self.play_box.layout.display != _HIDE:
            self.choose(action.cards)
            self.lay.click()
        elif action == CALL_ and self.call_box.layout.display != _HIDE:
            self.call.click()
        elif action == PASS_ and self.call_box.layout.display != _HIDE:
            self.let_go.click()
        else:
            return False
        return True
