"""The widget no-leak check: a panel's widgets hold only what the seat on screen may know.

A panel's widget models live in the browser, where anyone with the developer tools can
read them, hidden and collapsed widgets included. So the check reads what the browser
would hold: the model state (``get_state()``) of every widget reachable from the panel,
recursively (children, layouts, styles, any widget a state refers to).

It is differential, so it needs no list of what a secret looks like: after every click,
the whole tree is compared with the tree of a *twin* panel drawn afresh at a state
redealt by the game's own ``hide_from(state, seat, rng)`` (everything the seat on screen
cannot see is dealt again). The two must be identical. A value that differs either
depends on another seat's secret (a hand, notes, a face-down offer or sealed bid, an
unread answer, an author, a sealed vote) or was left over from an earlier screen (the
last player's hand in a hidden list): both are leaks. A cover screen, and any screen
that belongs to nobody, must survive a redeal of every seat's secrets at once
(``hide_from`` for each seat in turn): they hold only what everyone may know. A screen
shown to a group (Bluffer's writing team) must survive the redeal of each member in turn:
it holds only what every member knows. The end of a game is all-seeing and is not checked.

A redeal may change what a game keeps beside the state's own fields: Bluffer's
``hide_from`` deals another true answer onto the card in play, in a deck the redealt
state holds. The twin is drawn with the game as it goes with its state
(:func:`game_for`: the game's ``for_state(state)`` where it has one), so a panel that
shows the card's answer too early, read from ``game.deck``, differs from its twin too.

The message line is the answer to the click just made, so the twin makes its own: on
a seat's screen, where the click played a move or brought the screen, the twin drawn
there afresh from no message; where it played nothing (a refusal, a question), the twin
given the message before it and then the same click. So a message that tells another
seat's secret, drawn with the screen or given in answer to a refused move, is caught.
Undo's answer is public and given to the twin as it is. On a cover (``"cover"``,
``"leader-cover"``: see :func:`is_cover`) the twin shows what a panel drawn afresh
there shows, no message, unless the click was made at that cover or was Undo. So a
message left on a cover from the last seat's screen (a refused move names what was
refused) is caught too. (A click made outside the check, by a test's own code, is not
known to the check: after it, the twin is given the panel's message on a seat's screen.)

:func:`check_panel` plays whole games through the panel's own buttons (every seat human, or
the panel's human seats against its bots), choosing random legal moves (and now and then
Undo, or a click that must be refused):

>>> from bluffkit.widgets import BloffTable
>>> report = check_panel(lambda: BloffTable(players=3, humans=[0, 1, 2], seed=4), seeds=[1], clicks=40)
>>> report["clicks"], report["compared"] > 30
(40, True)

A leak raises :class:`WidgetLeak`, naming the widget, the key, and the two values.
"""

from __future__ import annotations

import numpy as np

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import BluffkitError

__all__ = ["WidgetLeak", "check_panel", "check_screen", "compare_trees", "driver_for", "game_for", "is_cover",
           "model_state", "widget_tree"]


class WidgetLeak(AssertionError):
    """A widget holds something the seat on screen may not know."""


# -- reading the widget tree -------------------------------------------------------------------

def widget_tree(root) -> list[tuple[str, dict]]:
    """Every widget reachable from ``root``, in a fixed order, as ``(model name, state)``:
    its ``get_state()`` with each reference to another widget replaced by that widget's
    position in the list (so two panels built alike compare equal, whatever their model ids)."""
    from ipywidgets import Widget
    serializer = _widget_serializer()
    out: list = []
    seen: dict[int, int] = {}

    def ref(raw):
        if isinstance(raw, Widget):
            return ("widget", walk(raw))
        if isinstance(raw, (list, tuple)) and any(isinstance(x, Widget) for x in raw):
            return tuple(ref(x) for x in raw)
        if isinstance(raw, dict) and any(isinstance(x, Widget) for x in raw.values()):
            return {k: ref(v) for k, v in raw.items()}
        return None

    def walk(w) -> int:
        if id(w) in seen:
            return seen[id(w)]
        seen[id(w)] = i = len(out)
        out.append(None)
        state = {}
        plan = _plan(w)
        if plan is None:                    # trait metadata of its own: read as get_state reads it
            for key, value in w.get_state().items():
                state[key] = _linked(w, key, value, ref)
        else:
            values = w._trait_values
            for key, to_json in plan[1]:
                raw = values[key] if key in values else getattr(w, key)
                if to_json is None:         # the value itself: no widget in it (get_state could not send one)
                    state[key] = raw
                elif to_json is serializer:
                    linked = ref(raw)       # the widgets it holds, by their place in the list
                    state[key] = linked if linked is not None else to_json(raw, w)
                else:
                    state[key] = _linked(w, key, to_json(raw, w), ref)
        out[i] = (state.get("_model_name", type(w).__name__), state)
        return i

    walk(root)
    return out


#: Per widget class: its synced keys; for each, the trait's own ``to_json`` (None where it
#: is the identity ``Widget._trait_to_json``), as ``get_state`` looks them up; and the
#: names of per-instance trait metadata that would override them.
_PLANS: dict[type, tuple[tuple[str, ...], tuple, frozenset]] = {}


def model_state(w) -> dict:
    """``w.get_state()``, the same dict, computed faster: the keys' ``to_json`` functions
    are looked up once per widget class instead of once per key and call, and a value
    already set is read from the widget's trait values without the descriptor (which
    returns that same value). The check reads every widget after every click, and
    ``get_state`` was most of its time. A widget with trait metadata of its own
    (``_<name>_metadata`` set on the instance) is read by ``get_state`` itself."""
    plan = _plan(w)
    if plan is None:
        return w.get_state()
    values = w._trait_values
    state = {}
    for k, to_json in plan[1]:
        value = values[k] if k in values else getattr(w, k)
        state[k] = value if to_json is None else to_json(value, w)
    return state


def _widget_serializer():
    """ipywidgets' ``to_json`` of every trait that holds widgets (``widget_serialization``)."""
    from ipywidgets import widget_serialization
    return widget_serialization["to_json"]


def _plan(w):
    """``w``'s entry in ``_PLANS`` (made on the first widget of its class), or ``None`` when
    ``w`` has trait metadata of its own and must be read by ``get_state`` itself."""
    keys = tuple(w.keys)
    cls = type(w)
    plan = _PLANS.get(cls)
    if plan is None or plan[0] != keys:          # first of its class, or its own keys
        from ipywidgets import Widget
        identity = Widget._trait_to_json
        default = cls._trait_to_json
        plan = (keys, tuple((k, None if f is identity else f)
                            for k in keys for f in (w.trait_metadata(k, "to_json", default),)),
                frozenset(f"_{k}_metadata" for k in keys))
        _PLANS[cls] = plan
    if not plan[2].isdisjoint(w.__dict__):
        return None
    return plan


def _linked(w, key: str, value, ref):
    """A serialized value, with the widgets it refers to (``"IPY_MODEL_<id>"``) as ``ref`` gives them."""
    if value.__class__ is str:
        linked = ref(getattr(w, key, None)) if value.startswith("IPY_MODEL_") else None
    elif value is None or value.__class__ in (int, bool, float):
        linked = None
    else:
        linked = ref(getattr(w, key, None)) if _refers(value) else None
    return linked if linked is not None else value


def _widgets(root) -> list:
    """Every widget object reachable from ``root`` (as :func:`widget_tree` walks them)."""
    from ipywidgets import Widget
    found: dict[int, object] = {}

    def walk(w):
        if id(w) in found:
            return
        found[id(w)] = w
        values = w._trait_values                # a value already set, read as model_state reads it
        for key in w.keys:
            raw = values[key] if key in values else getattr(w, key, None)
            if raw is None or raw.__class__ in _PLAIN:
                continue
            items = raw if isinstance(raw, (list, tuple)) else raw.values() if isinstance(raw, dict) else (raw,)
            for x in items:
                if isinstance(x, Widget):
                    walk(x)

    walk(root)
    return list(found.values())


#: Values that hold no widget, skipped at once by :func:`_widgets`.
_PLAIN = frozenset({str, int, float, bool})


class Pristine:
    """A panel's widgets as they were when it was built: :meth:`restore` puts every trait
    back, so a twin drawn next holds nothing from the screens it showed before (as if
    built afresh, without the cost of building it)."""

    #: A selection widget's own copies of its options, kept beside its traits (ipywidgets
    #: sets them when ``options`` changes): restored with the traits, or a list restored to
    #: its first options kept the values of the last ones, and the next change to the first
    #: options, being no change, left them so ("Invalid selection" on a value shown).
    KEPT = ("_options_full", "_options_values")

    def __init__(self, panel):
        self.saved = [(w, dict(w._trait_values), {k: w.__dict__[k] for k in self.KEPT if k in w.__dict__})
                      for w in _widgets(panel)]

    def restore(self) -> None:
        for w, values, kept in self.saved:
            w._trait_values.clear()
            w._trait_values.update(values)
            w.__dict__.update(kept)


def _refers(value) -> bool:
    """Whether a serialized value holds a reference to a widget (``"IPY_MODEL_<id>"``)."""
    if isinstance(value, str):
        return value.startswith("IPY_MODEL_")
    if isinstance(value, (list, tuple)):
        return any(_refers(v) for v in value)
    if isinstance(value, dict):
        return any(_refers(v) for v in value.values())
    return False


def _label(tree, i: int) -> str:
    name, state = tree[i]
    for key in ("description", "placeholder", "tooltip"):
        if state.get(key):
            return f"{name} #{i} ({key} {str(state[key])[:40]!r})"
    return f"{name} #{i}"


def compare_trees(real, twin) -> str | None:
    """``None`` when the two trees are the same, else where they first differ, in words."""
    for i, ((name, a), (name2, b)) in enumerate(zip(real, twin)):
        if name != name2:
            return f"widget #{i} is a {name} here, a {name2} in the redealt game"
        if a == b:                      # the usual case, in one comparison
            continue
        for key in sorted(set(a) | set(b)):
            x, y = a.get(key), b.get(key)
            if x != y:
                if isinstance(x, str) and isinstance(y, str):       # long text: show where it differs
                    k = next((j for j, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
                    x, y = x[max(0, k - 60):k + 80], y[max(0, k - 60):k + 80]
                return (f"{_label(real, i)} {key}: {_show(x, real)} here, "
                        f"{_show(y, twin)} in the redealt game")
    if len(real) != len(twin):
        return f"the panel holds {len(real)} widgets, the redealt game's {len(twin)}"
    return None


def _show(value, tree) -> str:
    """A value in words, widgets it refers to by their label (a button's description, ...)."""
    def named(v):
        if isinstance(v, tuple) and len(v) == 2 and v[0] == "widget" and isinstance(v[1], int):
            return _label(tree, v[1])
        if isinstance(v, (list, tuple)):
            return type(v)(named(x) for x in v)
        return v
    text = repr(named(value))
    return text if len(text) <= 240 else text[:237] + "..."


# -- how the check drives and mirrors each kind of panel ----------------------------------------

def game_for(game, state):
    """The game to draw ``state`` with: ``game.for_state(state)`` when the game has it (a
    Bluffer state dealt by ``hide_from`` holds a deck whose card says another true answer,
    and the twin's game must read that card), else ``game`` itself."""
    dealt = getattr(game, "for_state", None)
    return game if dealt is None else dealt(state)


def is_cover(kind: str) -> bool:
    """Whether a screen of this kind (the first of a panel's ``screen``) is a cover: the
    seat cover ``"cover"``, or a cover before another private screen (``"leader-cover"``)."""
    return kind == "cover" or kind.endswith("-cover")


class SeatPanelDriver:
    """A hot-seat panel (:class:`bluffkit.widgets.seat_panel.SeatPanel`): its ``screen``
    says who is on screen and ``show_screen`` draws a twin there.

    The message line is the answer to the click just made, so on a seat's screen the
    twin makes its own answer (:meth:`click` notes how): where the click played a move or
    brought the screen, the twin is drawn afresh there from an empty message, as the
    panel was; where it played nothing (a refusal, a question), the twin is given the
    message the panel showed before it and the same click (:meth:`make` notes it). Undo's
    answer (the moves taken back, or why none can be) is public, and given to the twin as
    it is; so is the message after a click the driver did not make or note (a test's own
    click, or one of a driver's own that does not use :meth:`make`). A cover is shown to
    whoever sits at the screen next, so there the twin shows what a panel drawn afresh at
    that cover shows (no message), unless the click was made at the cover itself or was
    Undo. A message that tells a secret (a refusal that names another seat's card), or
    one left from the last seat's screen (a refused move names what was refused), then
    differs from the twin's and is caught."""

    def __init__(self, panel):
        self.bot = make_agent("random", panel.game)
        self.cover_says = ""            # what a cover may say after the last click (see click)
        self.undid = False
        self.made = None                # the last click, as a function of a panel (see make)
        self.answer = None              # how the twin answers it (see click), None: not known
        self.said_before = ""           # the message before it
        self.left = None                # the panel as the last click left it (see left_as), None: not kept
        self._past: dict = {}           # seat -> [(an earlier state, redealt for that seat)] (see redealt_past)

    def current(self, panel):
        """The game, the state on screen and the number of players."""
        return panel.session.game, panel.session.state, panel.session.players

    def scope(self, panel):
        """``("seat", s)``: only seat s's knowledge; ``("public", None)``: nobody's; ``None``: all-seeing."""
        kind, seat = panel.screen
        if kind == "over":
            return None
        return ("seat", seat) if kind in ("seat", "leader") else ("public", None)

    #: How many kept earlier states a check redeals afresh, drawn at random (see redealt_past).
    FRESH = 16

    def redealt_past(self, session, seat: int, rng) -> list:
        """The session's earlier states, each redealt by ``hide_from`` for ``seat``. A
        state's redeal is kept for the next checks while the session still holds that
        state (the same object, or an equal one) at that step (an Undo drops the rest),
        and each check redeals afresh the states new since the last one and up to
        :attr:`FRESH` kept ones drawn at random: a game's checks cost some 16 redeals a
        click, not one per earlier state, and every state is still redealt many times
        over a game (a leak a single redeal happened to hide is caught at another)."""
        kept = self._past.setdefault(seat, [])
        earlier = session.states[:-1]
        n = 0
        while n < len(kept) and n < len(earlier) and (kept[n][0] is earlier[n] or kept[n][0] == earlier[n]):
            n += 1
        del kept[n:]
        hide = session.game.hide_from
        if n:
            for i in rng.integers(n, size=min(n, self.FRESH)).tolist():
                x = kept[i][0]
                kept[i] = (x, hide(x, seat, rng))
        kept.extend((x, hide(x, seat, rng)) for x in earlier[n:])
        return [redealt for _, redealt in kept]

    def mirror(self, twin, panel, state, past=None) -> None:
        """Draw ``twin`` at ``state`` on the panel's screen; ``past``, ``(seat, rng)``, redeals
        the earlier states for that seat as well (:meth:`redealt_past`)."""
        s, t = panel.session, twin.session
        twin.game = t.game = game_for(twin.game, state)     # (a redealt card: see game_for)
        if past is not None:            # the earlier states too, each redealt for the seat on screen
            t.states = self.redealt_past(s, *past) + [state]
        else:
            t.states = s.states[:-1] + [state]
        t.moves, t.says = list(s.moves), list(s.says)
        t._histories = {}               # (drawn anew from these: an Undo on the panel left the twin's longer)
        t.shown_steps = list(s.shown_steps)             # which steps showed something: public record
        twin.said = list(panel.said)
        twin._undone = panel._undone                    # an Undo was clicked (seen by the table)
        twin.message.value = ""         # a screen brought by a move or a click: drawn from no message
        twin.show_screen(panel.screen)
        answer = self.answer if self.left is None or self.left == self.left_as(panel) else None
        if is_cover(panel.screen[0]):
            twin.message.value = self.cover_says        # nothing left from the last seat's screen
        elif answer is None or answer == "public":
            twin.message.value = panel.message.value    # Undo's answer, or a click not noted
        elif answer != "drawn":         # a click that played nothing: the twin's own answer to it
            twin.message.value = self.said_before
            answer(twin)

    @staticmethod
    def left_as(panel) -> tuple:
        """The panel's message, game, moves and screen: where they are not as the driver's
        last click left them, a click the driver did not make came since (a test's own), and
        the twin is given the panel's message, as after any click not noted."""
        s = panel.session
        return panel.message.value, id(s), len(s.moves), panel.screen

    def click(self, panel, rng) -> bool:
        """One click a player could make (:meth:`press`); False once the game is over.
        Notes what a cover may say next: the answer to a click made at a cover, or to
        Undo; after any other click, nothing. And how the twin answers the click on a
        seat's screen (:attr:`answer`, see :meth:`mirror`): ``"drawn"`` where it played a
        move or changed the screen, the click itself (:meth:`make`) where it played nothing,
        ``"public"`` for Undo and a click not noted."""
        s, screen = panel.session, panel.screen
        at_cover = is_cover(screen[0])
        self.undid, self.made, self.said_before = False, None, panel.message.value
        moves = len(s.moves)
        if not self.press(panel, rng):
            return False
        moved = panel.session is not s or len(s.moves) != moves or panel.screen != screen
        self.answer = ("public" if self.undid else "drawn" if moved else
                       self.made if self.made is not None else "public")
        self.cover_says = panel.message.value if at_cover or self.undid else ""
        self.left = self.left_as(panel)
        return True

    def drawn(self) -> None:
        """The panel was just drawn (built): the twin draws its own message too."""
        self.answer, self.left = "drawn", None

    def make(self, panel, click) -> None:
        """Make ``click``, a function of a panel, on ``panel``; noted, so that the twin is
        given the same click where it played nothing (see :meth:`mirror`)."""
        self.made = click
        click(panel)

    def undo(self, panel) -> None:
        """Click Undo."""
        self.undid = True
        self.make(panel, lambda p: p.undo_button.click())

    def press(self, panel, rng) -> bool:
        """Choose a click and make it; False once the game is over."""
        kind, seat = panel.screen
        if kind == "over":
            return False
        r = rng.random()
        if r < 0.04:
            self.undo(panel)
        elif is_cover(kind):
            if r < 0.07:
                self.make(panel, lambda p: p.typed_button.click())     # a move under the cover: refused
            else:
                self.make(panel, lambda p: p.show.click())
        elif kind == "leader":
            self.make(panel, lambda p: p.hide_leader.click())
        elif kind == "seat":
            if r < 0.08 and hasattr(panel, "leader_button"):
                self.make(panel, lambda p: p.leader_button.click())
                return True
            obs = panel.session.observe(seat)
            action = self.bot.act(obs, obs.legal, rng)
            self.make(panel, lambda p: self.act(p, action) or self.type_move(p, str(action)))
        else:
            return False
        return True

    def act(self, panel, action) -> bool:
        """Play ``action`` through the panel's own controls (its ``click_action``: clicking
        drawn notes, cards, answer sheets and buttons); False when no control plays it."""
        clicker = getattr(panel, "click_action", None)
        return bool(clicker is not None and clicker(action))

    @staticmethod
    def type_move(panel, move: str) -> None:
        """Type ``move`` in the Move box and click its button."""
        panel.typed.value = move
        panel.typed_button.click()


class TableDriver(SeatPanelDriver):
    """You're Bluffing!/Horse Trading: buttons, the bid stepper and quick bids, notes clicked."""


class BloffDriver(SeatPanelDriver):
    """Bløff: cards clicked in the hand, "Bløff!" and "Let it go"."""


class BlufferDriver(SeatPanelDriver):
    """Bluffer: the answer box and its buttons, answer sheets clicked to vote; and now and
    then a typed move that must be refused, so that a seat's screen shows a refusal when
    the leader's screen (a cover of its own) is asked for."""

    def scope(self, panel):
        """As :meth:`SeatPanelDriver.scope`; the writing team's screen of the team game is
        shown to the whole team: ``("seats", team)``, what every member knows."""
        kind, seat = panel.screen
        if kind == "leader" and panel.team_game():
            return ("seats", tuple(panel.game.table(panel.session.state).knowers()))
        return super().scope(panel)

    def press(self, panel, rng) -> bool:
        if panel.screen[0] == "seat" and rng.random() < 0.05:
            self.make(panel, self.mistype)
            return True
        return super().press(panel, rng)

    @staticmethod
    def mistype(panel) -> None:
        """Enter a move no game knows in the Move box, then clear the box."""
        panel.typed.value = "no such move"          # Enter plays it: refused, the reason shown
        panel.typed.value = ""                      # and the box cleared


class BidderUpDriver(SeatPanelDriver):
    """Bidder Up!: the die rolled with its button, spaces clicked on the board, the
    auction's buttons, the trade's notes clicked, the market's steps chosen."""

    def press(self, panel, rng) -> bool:
        kind, seat = panel.screen
        if kind == "seat" and panel.chance_seat() == seat:
            if rng.random() >= 0.04:
                self.make(panel, lambda p: p.roll_button.click())
            else:
                self.undo(panel)
            return True
        return super().press(panel, rng)


class LabDriver:
    """The auction lab: one human bidder at most (no hot seat); its own value is private."""

    def __init__(self, panel):
        pass

    def current(self, panel):
        return panel.session.game, panel.session.state, panel.session.players

    def scope(self, panel):
        me = panel.human.value or None
        s = panel.session
        if s is None or s.over:
            return None
        return ("seat", me) if me is not None else None     # no human: the teacher's all-seeing lab

    def mirror(self, twin, panel, state, past=None) -> None:
        """(``past`` is not used: the lab draws no earlier state.) The twin is given the
        panel's message: a message that told another bidder's value would not be caught
        here (every click of the lab's plays a move; its answers are drawn by its steps)."""
        import copy
        twin.session = t = copy.copy(panel.session)
        t.states = panel.session.states[:-1] + [state]
        me = panel.human.value
        rng = np.random.default_rng(len(t.states))
        twin.vals = [v if i == me else float(rng.uniform(0, 1000)) for i, v in enumerate(panel.vals)]
        twin.said = list(panel.said)
        twin.draw()
        twin.message.value = panel.message.value

    def click(self, panel, rng) -> bool:
        s = panel.session
        if s is None or s.over:
            return False
        me = s.waiting_for
        if me is None:
            panel.step_button.click()
            return True
        obs = s.observe(me)
        action = make_agent("random", s.game).act(obs, obs.legal, rng)
        panel.move.value = str(action)
        panel.move_button.click()
        return True


class ReplayDriver:
    """The replay viewer: any step, from any seat's view (the all-seeing view is not checked);
    a seat's view must not change when what that seat could not see at that step is redealt."""

    def __init__(self, panel):
        pass

    def current(self, panel):
        return panel.game, panel.states[panel.step.value], len(panel.names)

    def scope(self, panel):
        return ("seat", panel.viewer.value) if panel.viewer.value >= 0 else None

    def mirror(self, twin, panel, state, past=None) -> None:
        """(``past`` is not used: the other steps are the log's, as the viewer shows them.)"""
        from types import SimpleNamespace
        i = panel.step.value
        states = list(panel.states)
        states[i] = state
        twin.load(SimpleNamespace(game=game_for(panel.game, state), states=states, moves=panel.moves,
                                  names=panel.names))
        twin.viewer.value, twin.step.value = panel.viewer.value, i

    def click(self, panel, rng) -> bool:
        if rng.random() < 0.3:
            panel.viewer.value = panel.viewer.options[int(rng.integers(len(panel.viewer.options)))][1]
        else:
            panel.step.value = int(rng.integers(panel.step.max + 1))
        return True


class ScenarioDriver(ReplayDriver):
    """The scenario player: another example chosen, Back, Next, Reset, any seat's view."""

    def current(self, panel):
        return panel.scenario.game, panel.result.states[panel.step.value], len(panel.scenario.seats)

    def mirror(self, twin, panel, state, past=None) -> None:
        """(``past`` is not used, as in the replay.)"""
        import copy
        import dataclasses
        # loaded, not chosen in the twin's Example list: a choice there keeps the view shown,
        # the twin's View as built, and names its seat from the example still held from the
        # last check (a seat past the end of a smaller example: an IndexError); load shows the
        # example in the list too
        twin.load(panel.scenario.name, None if panel.viewer.value < 0 else panel.viewer.value)
        # the view shown before the example was chosen, which it lacks (its first seat's view
        # shown instead: the player says so until another view is chosen): the names of an
        # example and a seat, public; the twin writes its own word from them
        moved = panel._moved_from
        if moved is not None and not (isinstance(moved, tuple) and len(moved) == 2 and isinstance(moved[0], str)
                                      and type(moved[1]) is int):
            raise WidgetLeak(f"the scenario player keeps more than an example's and a seat's name: {moved!r}")
        twin._moved_from = moved
        twin.scenario = dataclasses.replace(twin.scenario, game=game_for(twin.scenario.game, state))
        twin.result = copy.copy(panel.result)
        twin.result.states = list(panel.result.states)
        twin.result.states[panel.step.value] = state
        twin.step.value = panel.step.value
        twin.draw()

    def click(self, panel, rng) -> bool:
        r = rng.random()
        if r < 0.05:
            names = list(panel.scenarios)
            panel.choose.value = names[int(rng.integers(len(names)))]
        elif r < 0.3:
            panel.viewer.value = panel.viewer.options[int(rng.integers(len(panel.viewer.options)))][1]
        else:
            (panel.back if r < 0.4 else panel.reset if r < 0.45 else panel.next).click()
        return True


def driver_for(panel):
    """The driver of a panel, by its class."""
    from bluffkit.widgets.auction_lab import AuctionLab
    from bluffkit.widgets.bidder_up import BidderUpTable
    from bluffkit.widgets.bloff import BloffTable
    from bluffkit.widgets.bluffer import BlufferTable
    from bluffkit.widgets.replay import ReplayViewer
    from bluffkit.widgets.scenario_player import ScenarioPlayer
    from bluffkit.widgets.table import TablePanel
    for cls, driver in ((BidderUpTable, BidderUpDriver), (TablePanel, TableDriver), (BloffTable, BloffDriver), (BlufferTable, BlufferDriver),
                        (AuctionLab, LabDriver), (ReplayViewer, ReplayDriver), (ScenarioPlayer, ScenarioDriver)):
        if isinstance(panel, cls):
            return driver(panel)
    raise TypeError(f"no widget check driver for {type(panel).__name__}")


# -- the check ---------------------------------------------------------------------------------

def check_screen(panel, twin, driver, rng, redeals: int = 1, where: str = "", pristine=None) -> int:
    """Compare ``panel``'s widget tree with ``twin`` drawn afresh (``pristine``: the twin's
    :class:`Pristine`, taken when it was built) at redealt states; raises
    :class:`WidgetLeak` on a difference; returns how many comparisons were made. On a
    seat's screen the earlier states of a table's session are redealt for that seat too
    (:meth:`SeatPanelDriver.redealt_past`), each as the seat knew
    it then: a panel that drew a secret from the history would otherwise draw the same in
    the twin; a panel must draw what was shown later (a card a call turned) from the state
    on screen or ``session.history(seat)``, not from an earlier state. The moves and the
    narration are the real ones, and so are the earlier states on a cover."""
    pristine = pristine or Pristine(twin)
    scope = driver.scope(panel)
    if scope is None:
        return 0
    game, state, players = driver.current(panel)
    if game.is_over(state):               # the end is all-seeing (scores, every hand)
        return 0
    kind, seat = scope
    real = widget_tree(panel)
    done = 0
    for _ in range(redeals):
        # a group's screen: redealt for each member in turn (what one may not know, another does)
        for one in (seat if kind == "seats" else (seat,)):
            if kind in ("seat", "seats"):
                other = game.hide_from(state, one, rng)
            else:                       # nobody's screen: redeal every seat's secrets
                other = state
                for s in rng.permutation(players):
                    other = game.hide_from(other, int(s), rng)
            pristine.restore()
            driver.mirror(twin, panel, other, past=(one, rng) if kind in ("seat", "seats") else None)
            problem = compare_trees(real, widget_tree(twin))
            if problem is not None:
                pristine.restore()
                driver.mirror(twin, panel, state)
                stale = compare_trees(real, widget_tree(twin)) is not None
                whose = (f"seat {seat}'s view" if kind == "seat" else
                         f"the screen of seats {', '.join(map(str, seat))} (what seat {one} may not know)"
                         if kind == "seats" else "a screen that is no seat's view (the cover)")
                why = ("it holds something left from an earlier screen, not drawn from what is on screen now"
                       if stale else "it depends on what is hidden from the seat on screen")
                raise WidgetLeak(f"{where}{type(panel).__name__} on {whose}: {why}: {problem}")
            done += 1
    return done


def lasting_widgets(panel, shown: list | None = None) -> list:
    """The widgets a panel keeps open from one screen to the next, on screen or not (the
    auction controls' amount box, steppers and word buttons), with what they hold; blank
    while off screen (see :func:`check_off_screen`). ``shown``: the panel's widgets, when
    already walked."""
    from bluffkit.widgets.auction_moves import MoveControls
    kept: list = []
    for w in shown if shown is not None else _widgets(panel):
        if isinstance(w, MoveControls):
            kept += [w.amount, *(row for row, _ in w._steppers.values()), *w._words.values()]
    return [x for k in kept for x in _widgets(k)]


def check_off_screen(panel, made: dict, where: str = "") -> None:
    """Every widget the panel made (``made``: ``id(widget)`` to widget) is on screen or closed (a
    closed widget's model leaves the browser), but those it keeps (:func:`lasting_widgets`),
    whose amount box and "Bid N" buttons hold nothing while off screen: the browser holds a
    model that is open but shown nowhere, where the widget tree, and so
    :func:`check_screen`, does not look. Raises :class:`WidgetLeak`."""
    from bluffkit.widgets.auction_moves import MoveControls
    for key in [k for k, w in made.items() if w.comm is None]:
        del made[key]                           # closed: gone from the browser
    widgets = _widgets(panel)
    shown = {id(w) for w in widgets}
    kept = {id(w) for w in lasting_widgets(panel, widgets)}
    left = {k for k, w in made.items() if k not in shown and k not in kept
            and type(w).__name__ not in ("Link", "DirectionalLink")}     # a jslink: two references, no value
    if left:
        kinds = sorted({type(made[k]).__name__ for k in left})
        raise WidgetLeak(f"{where}{type(panel).__name__}: {len(left)} widget(s) open off screen ({', '.join(kinds)}): "
                         f"the browser keeps their models")
    for controls in (w for w in widgets if isinstance(w, MoveControls)):
        # the steps and the words are the format's and the phase's; the amount and "Bid N" may be a seat's
        for w, keys in [(controls.amount, ("value",))] + [(bid, ("description", "tooltip"))
                                                           for _, bid in controls._steppers.values()]:
            state = model_state(w)
            held = {k: state[k] for k in keys if state.get(k)}
            if id(w) not in shown and held:
                raise WidgetLeak(f"{where}{type(panel).__name__}: a kept {type(w).__name__} off screen holds {held}")


class _Made:
    """The widgets made while on (``Widget.on_widget_constructed``): the panel's, not its
    twin's. Any hook set before is called too, and put back by :meth:`close`."""

    def __init__(self):
        from ipywidgets import Widget
        self.widgets: dict = {}
        self.on = False
        self._before = Widget._widget_construction_callback
        Widget.on_widget_constructed(self._made)

    def _made(self, w) -> None:
        if self.on:
            self.widgets[id(w)] = w              # (its model id is given once its comm opens)
        if callable(self._before):
            self._before(w)

    def close(self) -> None:
        from ipywidgets import Widget
        Widget.on_widget_constructed(self._before)


def check_panel(make, seeds=(0, 1, 2), clicks: int = 200, redeals: int = 1, driver=None) -> dict:
    """Play ``make()`` panels through their own buttons (one per seed, up to ``clicks``
    clicks each, as the panel seats its humans and bots) and check every screen after every
    click (see the module docstring), and that no widget the panel made stays open off screen
    (:func:`check_off_screen`). Returns counts: ``games``, ``clicks``, ``compared``.
    A ``driver`` of one's own has the methods of :class:`SeatPanelDriver`, its
    ``mirror(twin, panel, state, past=None)`` taking ``past`` (``(seat, rng)`` on a seat's
    screen) even where it redeals no earlier state."""
    report = {"games": 0, "clicks": 0, "compared": 0}
    made = _Made()
    try:
        for seed in seeds:
            rng = np.random.default_rng(seed)
            made.widgets, made.on = {}, True
            panel = make()
            made.on = False                      # the twin's widgets are not the panel's
            twin = make()
            pristine = Pristine(twin)
            drive = (driver or driver_for)(panel)
            if hasattr(drive, "drawn"):
                drive.drawn()                    # (its message is the panel's own, not a click's answer)
            report["compared"] += check_screen(panel, twin, drive, rng, redeals, f"seed {seed}, start: ", pristine)
            for k in range(clicks):
                made.on = True
                clicked = drive.click(panel, rng)
                made.on = False
                if not clicked:
                    break
                report["clicks"] += 1
                where = f"seed {seed}, click {k + 1}: "
                check_off_screen(panel, made.widgets, where)
                try:
                    report["compared"] += check_screen(panel, twin, drive, rng, redeals, where, pristine)
                except BluffkitError as e:          # pragma: no cover - a redeal the game refused
                    raise WidgetLeak(f"{where}the check could not redraw: {e}") from e
            report["games"] += 1
    finally:
        made.close()
    return report
