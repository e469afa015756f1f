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

from bluffkit.core.game import make_game
from bluffkit.games.bloff.cards import RANK_WORDS, cards_text, claim_text
from bluffkit.widgets import render_bloff
from bluffkit.widgets.render_bloff import SUIT_SIGNS, card_parts, sort_hand
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
        self.call = W.Button(description="Bløff!", layout=W.Layout(width="auto"))
        self.call.add_class("bk-stop")
        self.call.on_click(live(lambda _: self.try_move("call")))
        self.let_go = W.Button(description="Let it go", layout=W.Layout(width="auto"))
        self.let_go.on_click(live(lambda _: self.try_move("pass")))
        self.call_box = W.HBox([self.call, self.let_go])
        super().__init__(game, players, humans, bots, names, seed, [self.play_box, self.call_box], undo=undo)

    def __repr__(self) -> str:
        return f"BloffTable({self.session.players} players, {self.repr_tail()})"

    def set_projector(self, on: bool) -> None:
        """As :meth:`SeatPanel.set_projector`; on a projector the Say button comes above the
        hand, so that a big hand does not push it below the screen: first in the page too, so
        that the keyboard's Tab reaches it before the cards, in the order they are seen."""
        super().set_projector(on)
        self.play_box.children = (self.lay, self.hand) if on else (self.hand, self.lay)

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
        apart then, as cards to click (under the table; beside it on a projector)."""
        return render_bloff.seat_html(self.game, obs, self.session.names, hand_to_click=True)

    def public_scores(self, obs):
        """Cards left in each hand (fewest is best: the first with none wins)."""
        return tuple(obs.hand_sizes)

    def clear_controls(self) -> None:
        """No cards in the hand and none chosen (the last player's hand, and the cards they
        just laid face down, would show), both move boxes hidden."""
        retire(self.hand.children)
        self.hand.children = ()
        self.hand.remove_class("bk-hand-many")         # (the last hand's size would stay on the cover)
        self.card_toggles = []
        self.lay.description, self.lay.disabled, self.lay.tooltip = "Lay", True, CHOOSE_FIRST
        self.play_box.layout.display = self.call_box.layout.display = _HIDE

    def draw_seat(self, seat: int, obs) -> None:
        legal = obs.legal
        name = escape(self.session.names[seat])
        playing = legal.play_from is not None
        self.play_box.layout.display = _SHOW if playing else _HIDE
        self.call_box.layout.display = _SHOW if legal.call else _HIDE       # only while the window is open
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
