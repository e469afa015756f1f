"""Bluffer in the classroom: one shared screen, a cover between private moments, bots
in any seat.

The shared screen always shows what the whole class may see (the question once it
is public: at once in the standard game, with the answers in the two-player and team
games; the answers as read, the points, the last reveal with each answer's author, its
votes and its points). With several human seats, a player's private moment (writing an
answer, voting) comes behind a cover screen: "Pass the screen to Ben"; with one, the
table stays on that seat's view. The player's controls (the answer box,
or the answer sheets to vote for, and the message line) come right under the question,
above the last question's reveal and "What happened", so that at 1280 x 720 they are on
screen; while a seat votes, the sheets as read are its vote buttons and are not drawn a
second time above them. A human leader's screen (the true answer and, once read, who
wrote which answer) opens the same way with "Leader's screen", offered only while the
leader is a human seat (a bot leader's screen stays hidden); in the team game, where the
whole writing team knows them, it is "Writing team's screen", offered while any member
is human, and shows what every member knows (no member's own sheet). Undo never goes back across what has been made
public (``Bluffer.reveals``: a question drawn, the last answer written (the leader learns
the true answer), the answers read, the votes revealed, a two-player guess made aloud).

>>> t = BlufferTable(players=4, humans=[0], names=["Anne", "Ben", "Chloé", "Dev"], seed=3)
>>> t.screen                            # Anne, the one human, leads the first question: she writes first
('seat', 0)
>>> t.answer_box.layout.display is None, t.vote_box.layout.display
(True, 'none')
>>> t.answer.value = "a purple cow"
>>> t.write.click()                     # the bots write and vote; Anne's answer is scored
>>> "Last question" in t.last_question.value      # below Anne's controls, for the class
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from bluffkit.agents.bluffer import BluffBot, deck_facts
from bluffkit.core.errors import RulesError, in_words
from bluffkit.core.game import make_game
from bluffkit.games.bluffer.actions import reading
from bluffkit.games.bluffer.view import points_now
from bluffkit.widgets.art import FIT_COLUMN
from bluffkit.widgets.render_bluffer import last_question_html, public_html, seat_html
from bluffkit.widgets.seat_panel import (
    _HIDE,
    _SHOW,
    SeatPanel,
    click_sent_at,
    drawn_anew,
    live,
    note,
    retire,
    slotted,
)


def _how_many(lo: int, hi: int) -> str:
    """How many false answers the two-player asker writes, as the prompt says it (rule
    option ``duel_false_answers``; the rulebook's "two, or even three"): the writing ends by
    itself at ``hi``, and with Done from ``lo``.

    >>> _how_many(2, 3), _how_many(1, 4), _how_many(3, 3), _how_many(1, 1)
    (' (two or three, one at a time; then Done)', ' (one to four, one at a time; then Done)', ' (three, one at a time)', '')
    """
    said = [in_words(n) for n in (lo, hi)]
    if lo == hi:
        return f" ({said[0]}, one at a time)" if hi > 1 else ""
    return f" ({said[0]} {'or' if hi == lo + 1 else 'to'} {said[1]}, one at a time; then Done)"


class BlufferTable(SeatPanel):
    """Play Bluffer: write a false answer in secret, vote for the one you believe, see
    the reveal. ``spot`` sets how often the bots recognise the truth (one number, or
    one per seat)."""

    placeholder = "e.g. write a purple cow  or  vote 3"

    def __init__(self, players: int = 4, humans=(0,), spot=0.4, names=None, seed: int | None = None, undo: str = "own",
                 **options):
        game = make_game("bluffer", **options)
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number, got {players!r}")
        game.check_players(players)        # the player count these rules can seat, or why not
        if isinstance(spot, (list, tuple)):
            spots = list(spot)
            if len(spots) != players:
                raise RulesError(f"spot: give one value per seat ({players}), or one number for every bot; "
                                 f"got {len(spots)} values")
        else:
            spots = [spot] * players
        bots = [BluffBot(p, name=f"bot (spot {p})", facts=deck_facts(game.deck)) for p in spots]
        # never wider than the controls' column, its margins counted: on a projector with
        # JupyterLab's file browser open the column is some 354 px, and a 360 px box ran past
        # its right edge, cut
        self.answer = W.Text(description="Answer", placeholder="your false answer", continuous_update=False,
                             layout=W.Layout(width="360px", max_width=FIT_COLUMN))
        self._filling = False
        self.answer.observe(self._answer_entered, names="value")     # Enter writes it, as Write it does
        self.write = W.Button(description="Write it", layout=W.Layout(width="auto"))   # the whole label, projected
        self.write.add_class("bk-go")
        self._verb = "write"
        self.write.on_click(live(lambda _: self._write()))
        self.done = W.Button(description="Done writing", layout=W.Layout(width="auto"))
        self.done.on_click(live(lambda _: self._done()))
        self.answer_box = W.HBox([self.answer, self.write, self.done], layout=W.Layout(flex_flow="row wrap"))
        self.vote_box = slotted(W.HBox(layout=W.Layout(flex_flow="row wrap")), "vote")
        self.shared = W.HTML()                 # the points, the question, the answers as read
        self.last_question = W.HTML()          # the last question's reveal: below the player's controls
        self.leader_button = W.Button(description="Leader's screen", tooltip="the true answer and the authors",
                                      layout=W.Layout(width="auto"))
        self.leader_button.on_click(live(lambda _: self.peek_leader()))   # (a browser's click sent as it hid: dropped)
        self.hide_leader = W.Button(description="Hide the leader's screen", button_style="warning",
                                    layout=W.Layout(display="none", width="auto"))
        self.hide_leader.on_click(lambda _: self.close_leader())
        self.peeking = False
        super().__init__(game, players, humans, bots, names, seed, [self.answer_box, self.vote_box], undo=undo)
        # the shared screen (with the question) on top, then the cover or the seat's view with
        # its controls and the message, and only then the last question's reveal and what
        # happened: at 1280 x 720 the answer box and the vote buttons are on screen
        # Hide the leader's screen comes right after the cover in the page's order: a keyboard
        # user's Tab after the cover's Show reaches it at once (above the view, it was some
        # 19 Tabs on, past What happened and round the page)
        panels = tuple(self.children)
        k = panels.index(self.message) + 1
        c = panels.index(self.cover) + 1
        self._leader_row = W.HBox([self.leader_button])
        self.children = (panels[:2] + (self.shared, self._leader_row) + panels[2:c] + (W.HBox([self.hide_leader]),)
                         + panels[c:k] + (self.last_question,) + panels[k:])
        self.refresh()

    def text_boxes_anew(self) -> None:
        """The Move box and the Answer box drawn anew for the next seat (see SeatPanel): the
        Answer box's typing history held the last writer's answer, not yet read out."""
        super().text_boxes_anew()
        drawn_anew(self.answer_box, self.answer)

    def _write(self) -> None:
        """Write it: the answer in the box, or, with the box empty, say to type one first (the
        typed move's syntax, "write what? give the answer after 'write'", is not this box's)."""
        text = self.answer.value
        if text.strip():
            self.try_move(f"{self._verb} {text}")
            return
        if self.clicks.stale() or self.clicks.just_typed() or self.covered():   # (the click that left the box,
            return                                                                 # whose answer was just written)
        who = escape(self.session.names[self.viewer]) if self.viewer is not None else "You"
        what = "the true answer" if self._verb == "copy" else "your false answer"
        self.message.value = note(f"{who} can&#x27;t write an empty answer: type {what} in the box first.", error=True)

    def _done(self) -> None:
        """Done writing. Typing an answer and clicking Done writes the answer (the box was
        left) and then plays Done, while Done is still offered to the same seat: the click
        was sent before that answer's result could show, but it was meant for it."""
        if self.clicks.just_typed() and self.viewer is not None and self.session.legal(self.viewer).done:
            self.clicks.let_through()
        self.try_move("done")

    def _answer_entered(self, change) -> None:
        """Enter in the answer box (or leaving it, as in the Move box) writes the answer, when
        a browser sent it; an answer set from code waits for Write it, and so does the true
        answer the panel puts in the box for the leader to copy (set while the kernel handles
        the browser's click that drew the leader's screen)."""
        if change["new"].strip() and not self._filling and click_sent_at() is not None:
            with self.clicks.typing():
                self._write()

    def _fill(self, text: str) -> None:
        """The panel's own text in the answer box: not typed, so not written."""
        self._filling = True
        try:
            self.answer.value = text
        finally:
            self._filling = False

    def __repr__(self) -> str:
        return f"BlufferTable({self.session.players} players, {self.repr_tail()})"

    def refresh(self) -> None:
        self.peeking = False
        if hasattr(self, "hide_leader"):
            self.hide_leader.layout.display = _HIDE
        super().refresh()
        if hasattr(self, "shared"):
            self._draw_shared()
            s = self.session
            # the leader's screen only for a human leader, the writing team's for a team with
            # a human member (whether a seat is human is public)
            seat = None if s.over else self.knowing_human()
            self.leader_button.layout.display = _SHOW if seat is not None else _HIDE
            team = self.team_game()
            self.leader_button.description = "Writing team's screen" if team else "Leader's screen"
            self.hide_leader.description = f"Hide the {'team' if team else 'leader'}'s screen"

    def keys_to_show(self) -> str:
        """On a projector the leader's screen button (the writing team's) comes right after
        the cover, so the first Shift+Tab from the controls reaches it, the second Show."""
        if self.projector.value and not self.session.over and self.knowing_human() is not None:
            button = "Writing team's screen" if self.team_game() else "Leader's screen"
            return f"With the keyboard: Shift+Tab twice reaches the Show button (once: {button})."
        return super().keys_to_show()

    def team_game(self) -> bool:
        """Whether this is the team game, where the whole writing team knows the true answer
        and the authors (``knowers``), not the leader alone."""
        return self.game.table(self.session.state).mode == "teams"

    def knowing_human(self) -> int | None:
        """The human seat whose knowledge the leader's screen shows: the leader, or in the
        team game the first human of the writing team (every member knows the same true
        answer and authors); ``None`` if they are all bots."""
        s = self.session
        knowers = self.game.table(s.state).knowers()
        return next((k for k in ((s.state.leader,) + tuple(knowers)) if s.kinds[k] == "human"), None)

    def _draw_shared(self) -> None:
        """The shared screen: the points, the question and the answers as read above the
        controls (not the sheets while the seat on screen votes: its vote buttons are the
        sheets), the last question's reveal below them."""
        s = self.session
        obs = s.observe(0)                     # any seat's: its own part is left out
        # a seat voting on screen has the sheets in its own view (buttons, and those without a
        # button with their marks: _buttons_cover_all): the shared screen does not draw them too
        voting = self.viewer is not None and self.vote_box.layout.display != _HIDE
        self.shared.value = public_html(self.game, obs, s.names, last=False, sheets=not voting)
        self.last_question.value = last_question_html(obs, s.names)
        # on a projector a seat's private screen takes the whole screen (the others look away),
        # and the shared screen comes right after the cover, whose Show the points and the
        # answers of an eight-player team game pushed below a 1280 x 720 screen
        shown = _HIDE if self.projector.value and self.viewer is not None else _SHOW
        self.shared.layout.display = self.last_question.layout.display = shown
        if not hasattr(self, "_leader_row"):    # (still being built: __init__ places them)
            return
        rest = [c for c in self.children if c is not self.shared and c is not self._leader_row]
        k = rest.index(self.cover) + 1 if self.projector.value and self.cover in rest else 2
        order = tuple(rest[:k] + [self.shared, self._leader_row] + rest[k:])
        if tuple(self.children) != order:
            self.children = order
        if s.over:                             # the all-seeing end below has the points and the last
            self.shared.layout.display = self.last_question.layout.display = _HIDE     # reveal: not twice

    def set_projector(self, on: bool) -> None:
        """As :meth:`SeatPanel.set_projector`; a seat's private screen then shows the
        question and the points itself, in place of the shared screen."""
        super().set_projector(on)
        if hasattr(self, "shared") and not self.peeking:
            self.refresh()
        elif hasattr(self, "shared"):      # the leader's screen or its cover: the shared screen
            self._draw_shared()            # placed as the projector places it (right after the cover)

    def peek_leader(self) -> None:
        """Cover the screen for the leader, who then sees the true answer and the authors
        (only a human leader: a bot's screen stays hidden; the one human seat of a table
        sees it at once, with no cover)."""
        s = self.session
        if s.over:
            self.message.value = note("The game is over: everything is shown.")
            return
        leader, team = s.state.leader, self.team_game()
        seat = self.knowing_human()
        if seat is None:
            self.message.value = note("The writing team are all bots: their screen stays hidden." if team else
                                      f"{escape(s.names[leader])}, the leader, is a bot: its screen stays hidden.")
            return
        self.peeking, self.viewer = True, None
        self.hide_leader.layout.display = _HIDE    # pressed again on the leader's screen: the cover has no Hide
        self.clear()                       # nothing of the last seat's view behind the cover,
        self.message.value = ""            # nor its last message (a refused vote names its own answer)
        self._draw_shared()                # the sheets as read, for the class, again
        if self.only_human is not None:    # the one human seat: no one to pass the screen to, no cover
            self._uncover()
            return
        if team:
            members = [s.names[k] for k in self.game.table(s.state).knowers() if s.kinds[k] == "human"]
            self.cover_text.value = note(f"<b>The writing team's screen.</b> Pass the screen to the writing team "
                                         f"({escape(', '.join(members))}); the others look away.", alert=True)
            self.show.description = "Show the writing team's screen"
        else:
            self.cover_text.value = note(f"<b>The leader's screen.</b> Pass the screen to {escape(s.names[leader])}; "
                                         "the others look away.", alert=True)
            self.show.description = f"Show {s.names[leader]}'s screen"
        self.cover.layout.display, self.board.layout.display = _SHOW, _HIDE
        self.leader_button.layout.display = _SHOW    # as on every cover (pressed again from the leader's screen)
        self.show_undo()

    def _uncover(self, _=None) -> None:
        if not self.peeking:
            return super()._uncover()
        s = self.session
        seat = self.knowing_human()
        if seat is None:                   # (no human knows the truth now: nothing to show)
            return self.close_leader()
        self.cover.layout.display, self.board.layout.display = _HIDE, _SHOW
        self.cover_text.value = ""         # the cover's words go with it (not left behind, hidden,
        self.show.description = "Show"     # for the seat's view after it, which had no cover of its own)
        self.typed.value = ""              # words typed at the cover: not the leader's, as at a seat's view
        self._fill("")                     # (the answer box too, hidden with the controls on this screen)
        self.controls.layout.display = _HIDE
        team = self.team_game()
        seen = s.observe(seat)
        html = seat_html(self.game, seen, s.names, private_only=True, team=team, leader=not team)
        if seen.truth is None:             # while answers are written: why the screen holds so little
            html += note("The true answer " + ("is copied from the card" if seen.rules.leader_copies
                                               else "is read out among the answers")
                         + " once every answer is written"
                         + ("." if seen.mode == "duel" else "; who wrote which answer is known as they are read."))
        self.view.value = html
        self.hide_leader.layout.display = _SHOW
        self.leader_button.layout.display = _HIDE  # (on it already: Hide is the way back)
        self.show_undo()
        whose = "writing team's" if team else "leader's"
        then = ("to go back to your own view" if self.only_human is not None else "before passing it on")
        self.message.value = note(f"The {whose} screen: press <b>{self.hide_leader.description}</b> {then}.")

    def covered(self) -> bool:
        """As :meth:`SeatPanel.covered`; on the leader's screen (no seat's view: nobody moves
        there) a move typed or a control clicked is refused with the way back to the table."""
        if self.viewer is None and not self.session.over and self.screen[0] == "leader":
            whose = "writing team's" if self.team_game() else "leader's"
            self.message.value = note(f"No move is played on the {whose} screen: press "
                                      f"<b>{self.hide_leader.description}</b> first.", error=True)
            return True
        return super().covered()

    def close_leader(self) -> None:
        """Hide the leader's screen: back to the cover for the seat to move (with one human
        seat, straight back to its own view)."""
        self.hide_leader.layout.display = _HIDE
        self.viewer = None
        self.message.value = ""
        self.refresh()

    @property
    def screen(self) -> tuple[str, int | None]:
        """As :attr:`SeatPanel.screen`, and ``("leader-cover", s)`` / ``("leader", s)`` for the
        cover before the leader's screen and the leader's screen itself."""
        if self.peeking:
            seat = self.knowing_human()           # (whose knowledge the screen shows)
            return ("leader-cover", seat) if self.cover.layout.display != _HIDE else ("leader", seat)
        return super().screen

    def show_screen(self, screen: tuple[str, int | None]) -> None:
        super().show_screen(screen if not screen[0].startswith("leader") else ("cover", None))
        if screen[0].startswith("leader"):
            self.peek_leader()
            if screen[0] == "leader":
                self._uncover()

    def clear_controls(self) -> None:
        """No answer in the box (the last writer's answer, or the true answer the leader
        copies, would show), no vote buttons (with own answers refused, which answers are
        missing tells their author), both boxes hidden."""
        self._fill("")
        retire(self.vote_box.children)
        self.vote_box.children = ()
        self.answer_box.layout.display = self.vote_box.layout.display = _HIDE
        for w in (self.answer, self.write, self.done):
            w.layout.display = _HIDE
        self._verb = "write"
        self.write.description = "Write it"
        self.answer.placeholder = "your false answer"

    def draw_seat(self, seat: int, obs) -> None:
        s = self.session                  # the points and the reveal are on the shared screen above
        # (on a projector the view, beside the controls, holds the points: a row per player there)
        self.view.value = seat_html(self.game, obs, s.names, private_only=not self.projector.value,
                                    vote_buttons=True, by_player=self.projector.value)
        legal = obs.legal
        name = escape(self.session.names[seat])
        writing = bool(legal.write or legal.done or legal.copy)
        self.answer_box.layout.display = _SHOW if writing else _HIDE
        self.vote_box.layout.display = _SHOW if legal.vote else _HIDE
        self.write.layout.display = _SHOW if legal.write or legal.copy else _HIDE
        self.answer.layout.display = _SHOW if legal.write or legal.copy else _HIDE
        self.done.layout.display = _SHOW if legal.done else _HIDE
        self._verb = "copy" if legal.copy else "write"
        self.write.description = "Copy it" if legal.copy else "Write it"
        self.answer.placeholder = "the true answer" if legal.copy else "your false answer"
        if legal.copy:
            self._fill(obs.truth or "")            # for the leader to copy, or alter slightly, then Copy it
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: copy the true answer onto the Answer "
                                     "sheet. You may alter its wording slightly to make it more believable.</div>")
        elif writing:
            many = _how_many(*obs.rules.duel_false_answers) if obs.mode == "duel" else ""
            lead = ""
            if seat == obs.leader:              # a copy step only with leader_copies, in every form
                when = {"duel": "once you are done", "teams": "once your team has written"}.get(
                    obs.mode, "once everyone has written")
                lead = (f" You lead: you will copy the true answer {when}."
                        if obs.rules.leader_copies else
                        " You lead: the card's true answer will be read among the answers.")
            fooled = "your opponent" if obs.mode == "duel" else "the other team" if obs.mode == "teams" else "the others"
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: invent a false answer that will fool "
                                     f"{fooled}{many}.{lead}</div>")
        if legal.vote:
            buttons = []
            own = {reading(m) for m in obs.mine}     # the seat's own answers: it knows them, and hears all
            for k in legal.vote:
                text = obs.answers[k - 1]     # (as heard: capitals and stops tell nothing)
                # a sheet that reads like the seat's own answer says so (both, if two read alike:
                # which one is its own it cannot tell either), so that no vote goes there unawares
                like = " (like yours)" if reading(text) in own else ""
                b = W.Button(description=f"#{k} {text}"[:60 - len(like)] + like,
                             tooltip=f"bet on #{k}: {text}{like}"[:200],
                             layout=W.Layout(width="auto", max_width="30em"))
                b.add_class("bk-sheet-btn")
                b.on_click(live(lambda _, k=k: self.try_move(f"vote {k}")))
                buttons.append(b)
            self.vote_box.children = buttons
            if obs.mode == "duel":
                what = "Pick the answer you believe is true; each wrong pick gives a point to the asker."
            elif obs.mode == "teams":
                what = "Bet on the answer you believe is true: 1 point if it is; each bet on a false answer gives its author 2."
            elif obs.rules.own_answer_vote == "refused":
                what = "Bet on the answer you believe is true: 1 point if it is. Answers that read like yours are not offered."
            else:
                what = ("Bet on the answer you believe is true: 1 point if it is. Do not bet on your own answer: "
                        "that bet goes to the leader.")
            self.legal_text.value = (f"<div class='bk-box'><b>{name}</b>: {what} Click the answer sheet you "
                                     "believe.</div>")

    def public_scores(self, obs):
        """The game points so far, as the shared screen shows them (a wrong pick of the
        two-player game is the asker's point at once: :func:`points_now`)."""
        return points_now(obs, obs.chosen, obs.players)[1]

    def click_action(self, action) -> bool:
        """Play ``action`` with the panel's own controls: the answer box and its buttons,
        or a click on an answer sheet to vote."""
        from bluffkit.games.bluffer.engine import Copy, Done, Vote, Write
        if isinstance(action, (Write, Copy)) and self.write.layout.display != _HIDE:
            if isinstance(action, Write):
                self.answer.value = action.text
            self.write.click()
        elif isinstance(action, Done) and self.done.layout.display != _HIDE:
            self.done.click()
        elif isinstance(action, Vote):
            sheets = [b for b in self.vote_box.children if b.description.startswith(f"#{action.number} ")]
            if not sheets:
                return False
            sheets[0].click()
        else:
            return False
        return True
