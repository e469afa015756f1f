"""The Auction lab: choose a Bidder Up! format, the number of bidders, how their private
values are drawn and how each one bids; then play one auction step by step (taking a
seat yourself if you like) or run thousands at once and see the charts.

A bidder is a bot (truthful, equilibrium, shade, random), a script of moves typed in the
Scripts box, or you. Seat 0 is the auctioneer (it never bids; it may use its right of first refusal, and it
values the lot too); bidders 1..n. Values are drawn on [0, 1] and count as money times
1,000, rounded to whole money, or typed in (in whole money, the auctioneer's first: Bidder Up!'s
money is notes of whole amounts) for the next auction. The many-auctions tab plays every auction through the engine, rule by rule, with
a progress bar.

With a seat of your own ("You play"), the lab lets chance and the bots act until it is
your move, shows your move as buttons (a bid stepper in the format's steps, your notes to
click, pass and the other words), then goes on to your next move or the end. At the end
it shows each player's payoff: what the lot is worth to its owner, plus the money received,
minus the money paid (the auctioneer who sells gets the price).
The Projector switch sets large type and hides the settings, so that one auction fits a
1280x720 screen.

>>> lab = AuctionLab(fmt="second-hand", bidders=3, seed=2)
>>> lab.run_button.click()                       # one auction to its end
>>> lab.session.over
True
>>> lab = AuctionLab(fmt="classic", bidders=2, human=1, seed=3)
>>> lab.session.waiting_for                     # the lot is out: bidder 1's move at once
1
>>> lab.controls.bid_button.description
'Bid 10'
>>> lab.controls.bid_button.click(); lab.session.moves[1]
(1, Bid(amount=10))
>>> lab.count.value = 200
>>> lab.simulate_button.click()
>>> len(lab.frame), lab.progress.value
(200, 200)
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as W

from bluffkit.agents.auction import STRATEGIES, Bidder
from bluffkit.analysis.auction_lab import (
    MAX_LAB_BIDDERS,
    SCALE,
    below_theory,
    draw_values,
    equilibrium_in_money,
    lab_game,
    parse_scripts,
    parse_values,
    payoffs,
    simulate_engine,
    summary,
)
from bluffkit.auctions.actions import PASS
from bluffkit.auctions.narrate import awards_lines
from bluffkit.auctions.rules import FORMATS
from bluffkit.core.errors import BluffkitError, IllegalAction, by_name, quote, unknown_move
from bluffkit.core.money import dot_thousands, total
from bluffkit.core.seeding import MAX_SEED, check_seed, fresh_seed
from bluffkit.session import HUMAN, Session
from bluffkit.widgets.auction_moves import AmountBox, MoveControls, choice_words, read_amount, visible_text
from bluffkit.widgets.closing import ClosesWhole
from bluffkit.widgets.render_auction import all_seeing_html, owed_prices, payoff_html, refusal_html, seat_html
from bluffkit.widgets.seat_panel import ClickClock, bot_failure, note as _box, retire

VALUE_LAWS = ("uniform", "beta(2, 2)", "beta(0.5, 0.5)", "beta(2, 5)")
#: What each kind of bidder bids (bluffkit.agents.auction.Bidder), on hover over its choice.
STRATEGY_TIP = ("truthful: its value; equilibrium: in the first-price formats, the equilibrium bid for the value "
                "law chosen and this many bidders (with uniform values (n-1)/n of the value; under a beta law it "
                "differs), else its value; shade: its value less the Shade fraction; random: a random share of its "
                "value; script: the moves typed below")
#: The most auctions one Simulate plays: a few minutes in the slowest format (about 1,300
#: auctions/s, American Count, 5 bidders). The kernel's stop button ends a run sooner.
MAX_AUCTIONS = 200_000

#: The lab's own look: notes drawn as notes, and the projector's large type (scoped to the
#: lab, so nothing else on the page changes; its table in 19 px type, and a seat's own notes
#: wrapping at their commas where it is still too wide: in 21 px type the bid column went past
#: the box's right edge with JupyterLab's file browser open); at the end of an auction on the projector the
#: table's own lines of the sale and the owners are left out, since the result heading the
#: lab says them (a 1280 x 720 screen is short). Paying on the projector, the picker's
#: "Click your notes to choose them:" is left out (the prompt says to click the notes, then
#: Pay, and the Pay button what is owed): with 23 notes in a hand, two rows of them, Pay fell
#: below the screen. Laying notes on the projector (Secret Count, lesson 05), as the Bidder Up!
#: table's auction does: the notes in 18 px type, 38 px wide, the lab's 23 in one row; the
#: picker's line, which the lab's prompt does not replace, beside Lay and Pass; the boxes'
#: gaps and the tab's padding smaller, the table's lines closer, the sentence beside one's
#: value in 16 px (class bk-aside) and What happened right under the moves in 18 px, three
#: lines high: with the file browser folded "Lay N notes" sat at the screen's foot and What
#: happened below it. With the file browser open (Secret Count) and paying in the Dutch Auction
#: (lesson 05, step 5), What happened's newest line was still below the screen: the auction's
#: buttons now stand in the top row beside the switch (:meth:`AuctionLab._project`; the row
#: wraps rather than shrink a button: at 150 % zoom, the file browser open, they read "N…" and
#: "New au"), the prompt
#: leaves out its examples as typed (:func:`without_examples`), and while the lab's player pays
#: the table's lines of the lots sold and of what the player owes (bk-settling,
#: under bk-paying) are left out: What happened's newest line says the sale, and Pay what is
#: owed to whom (a bidder who could not pay and showed all their money, and in a double pen
#: what the other winner owes, stay said). At the end of an auction on the projector
#: What happened (class bk-happened) stands right under the result and the payoffs (bk-view;
#: the lab's word, bk-message, above them), before the private values and the table (the
#: lab has class bk-over then): after them its newest line, which says how the auction
#: ended, was at 760 to 905 px, below the screen's foot at some 690 px.
LAB_STYLE = """<style>
.bk-lab .bk-note button, .bk-lab button.bk-note {background: #e8f3e0; border: 1px solid #5b8a3c;
  border-radius: 3px; font-weight: bold; color: #23401a}
.bk-lab .bk-note.mod-active, .bk-lab button.bk-note.mod-active {background: #2f6b1f; color: #fff}
.bk-lab .bk-lot {font-size: 16px}
.bk-lab .bk-table td {white-space: nowrap}
.bk-lab .bk-refusal {font-size: 15px}
.bk-lab button:focus-visible, .bk-lab input:focus-visible, .bk-lab select:focus-visible,
.bk-lab textarea:focus-visible {outline: 3px solid #1b1b1b !important; outline-offset: 2px}
.bk-lab.bk-projector .bk-box {font-size: 21px; line-height: 1.3}
.bk-lab.bk-projector .bk-table {font-size: 19px; line-height: 1.3}
.bk-lab.bk-projector .bk-lot {font-size: 26px}
.bk-lab.bk-projector .bk-table td, .bk-lab.bk-projector .bk-table th {padding: 2px 12px}
.bk-lab.bk-projector .bk-table td.bk-notes-cell {white-space: normal}
.bk-lab.bk-projector button {font-size: 19px; height: 40px}
.bk-lab.bk-projector .bk-bid-amount input {font-size: 20px; height: 36px}
.bk-lab .bk-bid-amount {width: 90px !important}
.bk-lab.bk-projector .bk-bid-amount {width: 110px !important}
.bk-lab.bk-projector .bk-settings, .bk-lab.bk-projector .lm-TabBar, .bk-lab.bk-projector .bk-typed {display: none !important}
.bk-lab.bk-projector .bk-settled {display: none}
.bk-lab.bk-projector .bk-notes-pay > .widget-html:first-child {display: none}
.bk-lab .bk-log-up {display: flex; flex-direction: column-reverse; overflow-y: auto;
  max-height: calc(PROJECTOR_EVENTS * 1.3em)}
.bk-lab.bk-projector .widget-tab > .widget-tab-contents {padding: 2px 8px}
.bk-lab.bk-projector .bk-box, .bk-lab.bk-projector .bk-table {margin-top: 2px; margin-bottom: 2px}
.bk-lab.bk-projector .bk-table {line-height: 1.2}
.bk-lab.bk-projector .bk-aside {font-size: 16px}
.bk-lab.bk-projector .bk-box.bk-events {font-size: 18px}
.bk-lab.bk-projector .bk-note.jupyter-button, .bk-lab.bk-projector button.bk-note {min-width: 38px !important;
  height: 34px; min-height: 34px; padding: 0 4px; margin: 2px 1px; font-size: 18px !important}
.bk-lab.bk-projector .bk-notes-lay {flex-flow: row wrap !important; align-items: center}
.bk-lab.bk-projector .bk-notes-lay > .widget-hbox:nth-child(2) {order: -1; width: 100%}
.bk-lab.bk-projector .bk-notes-lay > .widget-html:first-child {order: 1; margin-left: 12px}
.bk-lab.bk-projector .bk-head > .widget-hbox {margin-left: 12px}
.bk-lab .bk-head, .bk-lab .bk-head > .widget-hbox {flex-wrap: wrap}
.bk-lab .bk-head button {flex: none}
.bk-lab.bk-projector .bk-paying .bk-settling {display: none}
.bk-lab.bk-projector .bk-notes-pay {flex-flow: row wrap !important; align-items: center}
.bk-lab.bk-projector .bk-notes-pay > .widget-hbox {display: contents}
.bk-lab.bk-projector.bk-over .bk-message, .bk-lab.bk-projector.bk-over .bk-view {order: -2}
.bk-lab.bk-projector.bk-over .bk-happened {order: -1}
</style>"""

#: How many lines of "What happened" are shown (in projector mode a box only three lines high,
#: oldest first and scrolled to the newest at its foot, scrolls up to the rest: with four
#: lines the newest fell some 10 px below a 1280×720 screen).
EVENTS, PROJECTOR_EVENTS = 12, 3
LAB_STYLE = LAB_STYLE.replace("PROJECTOR_EVENTS", str(PROJECTOR_EVENTS))


#: The move box's words while no move is yours (at your move it gives an example of it: :func:`move_examples`).
MOVE_HINT = "type a move (Enter plays it)"


def move_examples(legal) -> list[str]:
    """Moves as they are typed that ``legal`` (a seat's :class:`~bluffkit.auctions.legal.Legal`)
    allows now, each of a kind of its own, for the move box's placeholder: the moves of the
    format's own rules ("The Auctions": a bid in money or in notes, notes laid face down in
    Secret Count, one note raised in the American Count, take in the Dutch Auction, accept or
    refuse the call, pick from the face-down pen, pay what is owed) and its words. A bid is
    the lowest allowed (in money, the lowest in tens); a note laid or raised is the seat's
    smallest above 0 (``lay 0`` reads as laying nothing); where the seat holds two notes above
    0, its two smallest, joined with ``+`` (``lay 10+10``, ``lay 10+50``: notes typed with
    commas or spaces are refused); a payment
    the one the seat's own prompt suggests."""
    from bluffkit.auctions.sample import cheapest
    from bluffkit.core.money import fmt, some_payment
    out = []
    d, hand = (legal.rules.denominations, legal.hand) if legal.rules is not None else ((), ())
    held = [n for n, c in zip(d, hand) if c]
    note = next((n for n in held if n), held[0] if held else None)
    if legal.bid:
        lo, hi = legal.bid
        ten = -(-lo // 10) * 10                 # a bid in money: the lowest in tens (10, not a sealed bid's 1)
        count = legal.rules is not None and legal.rules.pricing == "count"
        out.append(f"bid {lo if count or (hi is not None and ten > hi) else ten}")
    if legal.place and note is not None:
        two = [n for n, c in zip(d, hand) if n for _ in range(min(c, 2))][:2]
        out.append(f"lay {'+'.join(map(str, two))}" if len(two) == 2 else f"lay {note}")
    if legal.raise_ and note is not None:
        out.append(f"raise {note}")
    if legal.call:
        out.append(f"call {legal.call[0]}")
    if legal.pick:
        out.append("pick " + ",".join(str(k) for k in range(1, legal.pick[0] + 1)))
    if legal.pay and hand:
        amount, mode, _payee = legal.pay
        notes = cheapest(hand, amount) if mode == "count" else some_payment(hand, amount, d, legal.rules.payment)
        if notes is not None and any(notes):
            out.append(f"pay {fmt(notes, d)}")
    out += [f"choose {k}" for k in legal.choose[:1]]
    out += [str(r) for r in legal.refusals] + [str(w) for w in legal.words]
    return out


def without_examples(said: str) -> str:
    """A prompt's moves (:attr:`~bluffkit.auctions.legal.Legal.description`) without their
    examples as typed ("(e.g. lay 0: your 0 note)", "e.g. pay 10+10+0"), for the projector,
    where the typed move's box is hidden and the buttons are the moves: a payment's example
    of 23 notes ran past the screen's right edge, and the examples took a line of a 720 px
    screen.

    >>> without_examples("pass or lay NOTES face down (e.g. lay 0: your 0 note)")
    'pass or lay NOTES face down'
    >>> without_examples("pay 10 notes to Auctioneer, any notes (their value does not count), e.g. pay 10+10+0")
    'pay 10 notes to Auctioneer, any notes (their value does not count)'
    >>> without_examples("pass or raise NOTE (one of your notes, face down: e.g. raise 0)")
    'pass or raise NOTE (one of your notes, face down)'
    """
    said = re.sub(r" \(e\.g\. [^()]*\)", "", said)
    said = re.sub(r": e\.g\. [^()]*\)", ")", said)
    return re.sub(r", e\.g\. pay [^\s,]+", "", said)


def without_owed(said: str) -> str:
    """A prompt to pay an amount of money without the amount and the payee, for the
    projector, where the Pay button says both ("Pay 0 notes (0) — you owe Auctioneer 900"):
    with the file browser open the prompt took two lines, and in a double pen, where the
    other winner's debt stays said, What happened's newest line fell below the screen once
    notes were clicked (the Pay button's longer words took a row of their own).

    >>> without_owed("pay 900 to Auctioneer in notes (no change is given)")
    'pay in notes (no change is given)'
    >>> without_owed("pay 10 notes to Auctioneer, any notes (their value does not count)")
    'pay 10 notes to Auctioneer, any notes (their value does not count)'
    """
    return re.sub(r"^pay [0-9][0-9,]* to .+ in notes \(no change is given\)$", "pay in notes (no change is given)", said)


def _fraction(typed: str) -> bool:
    """Whether ``typed`` is a number in ASCII digits (thousands commas in threes) that is not
    whole: ``1.5``, ``.5``, ``1e-3``, ``1,000.5`` (not ``5.``, ``1,00`` or ``nan``)."""
    from decimal import Decimal
    if not re.fullmatch(r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]{1,6})?", typed):
        return False
    try:
        value = Decimal(typed.replace(",", ""))
    except ArithmeticError:
        return False
    return value.is_finite() and value != value.to_integral_value()


def axis_ticks(lo: float, hi: float, most: int = 8) -> list[float]:
    """Where an axis from ``lo`` to ``hi`` is labelled: the multiples of one round step (1, 2,
    2.5 or 5 times a power of ten) between them, at most ``most`` steps apart in all, so 0
    is among them whenever the axis crosses it (the lab's cash chart, left to its drawing,
    read -0.5, -0.3, -0.1, 0.1, ...: every other label dropped, 0 among them).

    >>> axis_ticks(-0.5, 0.9)
    [-0.4, -0.2, 0.0, 0.2, 0.4, 0.6, 0.8]
    >>> axis_ticks(0.17, 0.86)
    [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
    """
    import math
    span = max(hi - lo, 1e-9)
    power = 10.0 ** math.floor(math.log10(span / most))
    step = next(k * power for k in (1, 2, 2.5, 5, 10) if span / (k * power) <= most)
    first, last = math.ceil(lo / step - 1e-9), math.floor(hi / step + 1e-9)
    return [round(k * step, 10) + 0.0 for k in range(first, last + 1)]


def cash_charts(df) -> list:
    """The Many auctions tab's two charts of a :func:`~bluffkit.analysis.auction_lab.simulate_engine`
    frame (:func:`~bluffkit.analysis.auction_charts.revenue_chart`): the auctioneer's cash
    per auction, its x axis titled so too (it read "revenue of one auction" under a title of
    cash), and its payoff (cash, plus its value of a lot it kept); both in money / 1,000,
    labelled at round steps with 0 among them when it is in range (:func:`axis_ticks`). A
    cash below 0 is a lot the auctioneer kept by its right of first refusal, paying the
    winner the price ("Winning bid awarded?"): a share of the auctions too small to see at
    the chart's height, so the subtitle says it."""
    import altair as alt

    from bluffkit.analysis.auction_charts import revenue_chart
    from bluffkit.analysis.chart_style import MAX_WIDTH, TITLE_SIZE, wrap
    kept = float(df.refused.mean())
    out = []
    for column, title, below in (
            ("cash", "The auctioneer's cash per auction (money / 1,000)",
             f"; below 0: a lot the auctioneer kept by its right of first refusal, paying the winner the price "
             f"({kept:.1%} of the auctions)" if (df.revenue < 0).any() else ""),
            ("payoff", "The auctioneer's payoff: cash, plus its value of a lot it kept", "")):
        source = df.revenue if column == "cash" else df.auctioneer_payoff
        chart = revenue_chart(df.assign(**{column: source}), column, title=title)
        edges = chart.data.edge                        # (the outlines' bin edges: the axis's extent)
        chart.spec.layer[0].encoding.x.axis = alt.Axis(values=axis_ticks(float(edges.min()), float(edges.max())))
        words = f"height: share of auctions per unit of {column}; dashed: the mean{below}"
        chart.title.subtitle = wrap(words, MAX_WIDTH - 80, TITLE_SIZE, bold=False)
        out.append(chart)
    return out


def _check_settings(bidders, values, strategies, human, right, double, seed) -> None:
    """Refuse a setting the lab's controls cannot show, in words, before any is made."""
    def need(ok, msg):
        if not ok:
            raise BluffkitError(msg)

    need(isinstance(bidders, int) and not isinstance(bidders, bool) and 1 <= bidders <= MAX_LAB_BIDDERS,
         f"bidders must be 1 to {MAX_LAB_BIDDERS}, got {bidders!r}")
    need(values in VALUE_LAWS, f"values must be one of {', '.join(VALUE_LAWS)}, got {values!r}")
    kinds = STRATEGIES + ("script",)
    need(strategies is None or (isinstance(strategies, (list, tuple)) and all(k in kinds for k in strategies)),
         f"strategies: a list of {', '.join(kinds)}, one per bidder, got {strategies!r}")
    need(human is None or (isinstance(human, int) and not isinstance(human, bool) and 1 <= human <= bidders),
         f"human must be a bidder seat 1..{bidders} or None, got {human!r}")
    need(isinstance(right, bool) and isinstance(double, bool), f"right and double are true or false, got "
         f"{right!r} and {double!r}")
    check_seed(seed)


class AuctionLab(ClosesWhole, W.VBox):
    """The lab (see the module docstring). ``fmt`` a format name of
    :data:`bluffkit.auctions.FORMATS`; ``bidders`` how many (``None``: 1 for the two-player
    formats, else 3); ``strategies`` one per bidder; ``human`` the bidder seat (1..n) you
    play, or ``None``; ``seed`` where the auctions' values and chance start (each
    auction, the first too, plays from the next seed after the last), or ``None`` (the default) for a new draw each time the
    lab is made, as every table panel deals: values nobody knows from an earlier run."""

    def __init__(self, fmt: str = "second-hand", bidders: int | None = None, values: str = "uniform", strategies=None,
                 human: int | None = None, right: bool = True, double: bool = False, seed: int | None = None):
        if seed is None:
            seed = fresh_seed()
        self.seed = seed                          # (charts draw offline: bluffkit.widgets sees to it)
        self._quiet = False
        self.session: Session | None = None
        self.said: list[str] = []
        self.clicks = ClickClock()                # a double click's second click is dropped (see ClickClock)
        if not isinstance(fmt, str) or fmt not in FORMATS:
            raise BluffkitError(f"unknown auction format {quote(fmt)}; the formats are: {', '.join(FORMATS)}")
        if bidders is None:                       # the two-player auctions seat one bidder
            bidders = 1 if FORMATS[fmt].two_player else 3
        _check_settings(bidders, values, strategies, human, right, double, seed)
        self.fmt = W.Dropdown(options=[(f"{f.number}. {f.title} ({f.pricing})", name) for name, f in FORMATS.items()],
                              value=fmt, description="Format")
        self.bidders = W.IntSlider(value=bidders, min=1, max=MAX_LAB_BIDDERS, description="Bidders")
        # shown only while some bidder shades (see _show_shade): it changes no other strategy
        self.shade = W.FloatSlider(value=0.2, min=0.0, max=1.0, step=0.05, description="Shade",
                                   tooltip="a shading bidder bids its value less this fraction")
        self.values = W.Dropdown(options=VALUE_LAWS, value=values, description="Values")
        self.typed = W.Text(description="or type", placeholder="values, auctioneer first: 300, 450, 800, 120",
                            layout=W.Layout(width="420px"), continuous_update=False)
        self.typed.observe(lambda ch: self.new_auction(), names="value")
        self.right = W.Checkbox(value=right, description="auctioneer uses the right of first refusal",
                                style={"description_width": "initial"}, layout=W.Layout(width="330px"))
        self.double = W.Checkbox(value=double, description="double pen", style={"description_width": "initial"})
        self.human = W.Dropdown(description="You play")
        # one menu per bidder, 210 px each: in rows that wrap (six ran past a 1280 x 720 screen's
        # right edge, to "Bidde" with JupyterLab's file browser open, and nine need 1,890 px)
        self.strategy_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.script = W.Text(description="Scripts", continuous_update=False, layout=W.Layout(width="520px"),
                             placeholder="for 'script' bidders, e.g. 1: bid 100, pass; 2: bid 120")
        self.script.observe(lambda ch: self.new_auction(), names="value")
        self.message = W.HTML()
        # one auction
        auto = W.Layout(width="auto")
        self.new_button = W.Button(description="New auction", button_style="primary", layout=auto)
        self.step_button = W.Button(description="Next step", layout=auto)
        self.run_button = W.Button(description="Run to the end", layout=auto)
        self.projector = W.ToggleButton(description="Projector", icon="desktop", value=False,
                                        tooltip="large type; hides the settings so one auction fits the screen")
        self.projector.observe(lambda ch: self._project(ch["new"]), names="value")
        self.move = W.Text(description="or type", placeholder=MOVE_HINT,
                           continuous_update=False, layout=W.Layout(width="360px"))
        # (a box of spaces alone plays nothing and is emptied, as a played move's is)
        self.move.observe(lambda ch: self.play_move(ch["new"]) if ch["new"].strip()
                          else setattr(self.move, "value", "") if ch["new"] else None, names="value")
        self.move_button = W.Button(description="Play typed move", layout=W.Layout(width="auto"))
        self.refusal = W.HTML()
        self.controls = MoveControls(self._play, drop_out=self.drop_out,
                                     warn=lambda text: setattr(self.refusal, "value", _box(escape(text), error=True)),
                                     on_choice=self._drop_refusal)
        # the move's rows side by side while they fit ("Bid 10" then "Pass" on one line), not
        # one under the other; the notes to click take a line of their own (see draw)
        self.controls.layout.flex_flow, self.controls.layout.align_items = "row wrap", "center"
        self.private = W.HTML()
        self.view = W.HTML()
        self.events = W.HTML()
        for w, name in ((self.message, "bk-message"), (self.view, "bk-view"), (self.events, "bk-happened")):
            w.add_class(name)               # (their order at the end on the projector: see LAB_STYLE)
        self.new_button.on_click(lambda _: self.new_auction())
        self.step_button.on_click(lambda _: self.step())
        self.run_button.on_click(lambda _: self.step(to_end=True))
        self.move_button.on_click(lambda _: self.play_move(self.move.value))
        typed = W.HBox([self.move, self.move_button])
        typed.add_class("bk-typed")
        self.typed_row = typed
        # the lab's word on this auction (a script run out, a bidder failed, settings that seat
        # nobody) just under its buttons, beside the auction it is about, not above the tabs
        self.one_buttons = W.HBox([self.new_button, self.step_button, self.run_button])
        one = W.VBox([self.one_buttons, self.message, self.view, self.private, self.controls, self.refusal, typed,
                      self.events])
        # many auctions
        # a text box the lab reads itself (read_amount, as the bid box): the browser's number
        # box stripped letters as they were typed ("1e3" became 13) and read "10,000" as 10
        self.count = AmountBox(value=10_000, description="Auctions", layout=W.Layout(width="230px"),
                               tooltip=f"1 to {MAX_AUCTIONS:,} (1e4, 10,000 and 10000 alike); the kernel's stop "
                                       "button ends a run, and the results shown before stay")
        self.count_note = W.HTML()               # a count refused, in words beside the box
        # (its width kept: the words beside a refused count, three lines at 1280 px with the file
        # browser open, narrowed it to "Simul...")
        self.simulate_button = W.Button(description="Simulate", button_style="primary",
                                        layout=W.Layout(flex="0 0 auto"))
        self.count.observe(lambda ch: self._check_count(), names="value")
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Progress")
        self.summary = W.HTML()
        self.charts = W.VBox()
        self.frame = None
        self._last_summary = ""                 # the summary of the last whole run
        self.simulate_button.on_click(lambda _: self.simulate())
        many = W.VBox([W.HBox([self.count, self.count_note, self.simulate_button, self.progress]), self.summary,
                       self.charts])
        self.tabs = W.Tab(children=[one, many])
        self.tabs.set_title(0, "One auction")
        self.tabs.set_title(1, "Many auctions")
        for w in (self.fmt, self.bidders, self.values, self.right, self.double, self.shade):
            w.observe(lambda ch: self._settings_changed(), names="value")
        self._strategies(strategies)
        self._humans(human)
        self.human.observe(lambda ch: None if self._quiet else self.new_auction(), names="value")
        settings = W.VBox([W.HBox([self.fmt, self.bidders, self.values]), self.typed,
                           W.HBox([self.right, self.double, self.human]), self.shade,
                           self.strategy_box, self.script])
        settings.add_class("bk-settings")
        self.settings = settings
        self.title = W.HTML("<div class='bk-box'><b>Auction lab</b></div>", layout=W.Layout(margin="0 16px 0 0"))
        self.head = W.HBox([self.title, self.projector])
        self.head.add_class("bk-head")
        super().__init__([W.HTML(LAB_STYLE), self.head, settings, self.tabs])
        self.add_class("bk-lab")
        self.new_auction()

    def __repr__(self) -> str:
        state = "no auction" if self.session is None else "over" if self.session.over else \
            f"{len(self.session.moves)} move{'s' if len(self.session.moves) != 1 else ''}"
        return f"AuctionLab({self.fmt.value!r}, {self.bidders.value} bidders, {state})"

    # settings ---------------------------------------------------------------------------
    def _strategies(self, given=None) -> None:
        old = [d.value for d in self.strategy_box.children]
        n = self.bidders.value
        given = list(given) if given is not None else old
        replaced = self.strategy_box.children
        self.strategy_box.children = [
            W.Dropdown(options=STRATEGIES + ("script",), value=given[k] if k < len(given) else "equilibrium",
                       description=f"Bidder {k + 1}", layout=W.Layout(width="210px"), tooltip=STRATEGY_TIP)
            for k in range(n)]
        retire(replaced)                      # closed: no old dropdown lives on in the browser
        for d in self.strategy_box.children:
            d.observe(lambda ch: self._strategy_changed(), names="value")
        self._show_shade()

    def _strategy_changed(self) -> None:
        self._show_shade()
        self.new_auction()

    def _show_shade(self) -> None:
        """The Shade slider only while some bidder's strategy is shade (no other uses it)."""
        shading = any(d.value == "shade" for d in self.strategy_box.children)
        self.shade.layout.display = None if shading else "none"

    def _humans(self, human=None) -> None:
        options = [("nobody (all bots)", 0)] + [(f"bidder {k}", k) for k in range(1, self.bidders.value + 1)]
        value = human if human is not None and 1 <= human <= self.bidders.value else 0
        self._quiet = True
        self.human.options = options
        self.human.value = value
        self._quiet = False

    def _settings_changed(self) -> None:
        if FORMATS[self.fmt.value].two_player and self.bidders.value != 1:
            self.bidders.value = 1                 # a two-player auction: this calls back here
            return
        self._strategies()
        self._humans(self.human.value)
        self.new_auction()

    def game(self):
        return lab_game(self.fmt.value, self.double.value)

    def _seats_refused(self, game) -> str:
        """Why ``game`` (:meth:`game`) cannot seat the Bidders slider's number, in the panel's
        words (the slider, not ``bidders=1``), escaped; ``""`` when it can."""
        f = FORMATS[self.fmt.value]
        try:
            game.check_players(self.bidders.value + 1)
        except BluffkitError:
            lo, hi = f.players[0] - 1, f.players[1] - 1
            bidders = f"{lo} to {hi} bidders" if lo != hi else f"{lo} bidder" + ("s" if lo != 1 else "")
            return f"{escape(f.title)} is for {bidders} and the auctioneer: choose another number of bidders."
        return ""

    # one auction ----------------------------------------------------------------------
    def new_auction(self) -> None:
        """Draw new private values and seat the bots (and you) for a new auction."""
        n = self.bidders.value
        self.remove_class("bk-over")              # (an auction refused below shows no end)
        game = self.game()
        refused = self._seats_refused(game)
        if refused:
            self.session = None                  # no stale auction goes on under new settings
            self.message.value = _box(refused, error=True)
            self.view.value = self.private.value = ""
            return
        self.seed = (self.seed + 1) % (MAX_SEED + 1)      # the next auction's (past the top: from 0)
        vals = draw_values(self.values.value, n + 1, self.seed)
        if self.typed.value.strip():
            try:
                vals = parse_values(self.typed.value, n + 1)
            except BluffkitError as e:
                self.session = None
                self.message.value = _box(escape(str(e)), error=True)
                self.view.value = self.private.value = ""
                return
        self.vals = vals
        try:
            scripts = self._scripts(n)
        except BluffkitError as e:
            self.session = None
            self.message.value = _box(escape(str(e)), error=True)
            self.view.value = self.private.value = ""
            return
        me = self.human.value
        strategies = [d.value for d in self.strategy_box.children]
        seats: list[str | Bidder] = [Bidder(values=self.vals[0], use_right=self.right.value, name="auctioneer")]
        # "equilibrium" bidders bid the equilibrium of the value law chosen (as in Simulate),
        # the bidders believing the others' values drawn from it (typed values too)
        eq = equilibrium_in_money(n, self.values.value, self.seed, SCALE) if "equilibrium" in strategies else None
        seats += [HUMAN if k == me else scripts[k] if strategies[k - 1] == "script" else
                  Bidder(values=self.vals[k], strategy=strategies[k - 1], shade=self.shade.value,
                         name=f"{strategies[k - 1]}", equilibrium_bid=eq) for k in range(1, n + 1)]
        names = ["Auctioneer"] + [f"Bidder {k}" + (" (you)" if k == me else "") for k in range(1, n + 1)]
        self.session = Session(game, seats, names=names, seed=self.seed)
        # Past all the money at the table the bid box offers no bid ("Bid at most 6,400"): every
        # seat starts with the same notes (the rules' start money, public) and an auction only
        # moves them from seat to seat; never the seat's own money (see MoveControls.most)
        r = game.rules
        self.controls.all_money = ((n + 1) * total(r.start_money, r.denominations), (n + 1) * sum(r.start_money))
        self.said = []
        self.bot_error: BluffkitError | None = None     # the last bidder failure, whole (see bot_failure)
        self.dropped = False
        self.message.value = self.refusal.value = ""
        self._to_your_move()
        self.draw()

    def _to_your_move(self) -> None:
        """With a seat of your own: chance and the bots act until it is your move (or the end).
        After Drop out, your passes are played for you while the bidding lasts."""
        s = self.session
        if s is None or not self.human.value:
            return
        before = len(s.says)                   # the table's words already in self.said
        try:
            while not s.over:
                if s.waiting_for is None:
                    self.said += s.advance()
                elif self.dropped and s.state.phase == "bid" and PASS in s.legal(s.waiting_for).words:
                    self.said.append(s.play(PASS, s.waiting_for))
                else:
                    break
                before = len(s.says)
        except BluffkitError as e:             # a script ran out, its move was refused, an agent object failed
            self.said += s.says[before:]        # the moves made up to it
            self.bot_error = e
            self.message.value = _box(bot_failure(s, e, "bidder"), error=True)

    def drop_out(self) -> None:
        """Pass now and whenever asked again while the bidding lasts (the open auctions ask
        everyone again after each new bid)."""
        self.dropped = True
        self._play(PASS)

    def _drop_refusal(self) -> None:
        """A note clicked: a refusal of the notes chosen before no longer applies."""
        if "bk-refusal" in self.refusal.value:
            self.refusal.value = ""

    def _project(self, on: bool) -> None:
        """The projector switch: large type, settings hidden (see :data:`LAB_STYLE`), and
        New auction, Next step and Run to the end beside the switch, in the lab's top row,
        not on a row of their own under it. The tabs are hidden: the one auction is shown,
        its tab chosen (with Many auctions chosen the projector showed the simulation, and New
        auction changed an auction nobody could reach). Projector off leaves the One auction
        tab chosen (the panel keeps no memory of an earlier screen)."""
        (self.add_class if on else self.remove_class)("bk-projector")
        one = self.tabs.children[0]
        rest = [w for w in one.children if w is not self.one_buttons]
        with self.hold_sync():
            if on:
                self.tabs.selected_index = 0
            self.head.children = (self.title, self.projector) + ((self.one_buttons,) if on else ())
            one.children = rest if on else [self.one_buttons] + rest
        if self.session is not None:
            self.draw()

    def step(self, to_end: bool = False) -> None:
        """One step of chance or a bot (or all of them to the end, or to your move)."""
        s = self.session
        if s is None:
            self.message.value = _box("Fix the settings above first.", error=True)
            return
        if s.over:
            self.message.value = _box("This auction is over: press New auction.")
            return
        if s.waiting_for is not None:
            self.message.value = _box("It is your move: use the buttons below.")
            return
        before = len(s.says)
        try:
            self.said += s.advance(limit=None if to_end else 1)
        except BluffkitError as e:             # a script ran out, its move was refused, an agent object failed
            self.said += s.says[before:]        # the moves made up to it
            self.bot_error = e
            self.message.value = _box(bot_failure(s, e, "bidder"), error=True)
            self.draw()
            return
        self.message.value = ""
        self.draw()

    def _scripts(self, n: int) -> dict:
        """The moves of each 'script' bidder, from the Scripts box (``1: bid 100, pass; 2: ...``)."""
        scripted = [k for k, d in enumerate(self.strategy_box.children, 1) if d.value == "script"]
        return parse_scripts(self.script.value, n, scripted)

    def play_move(self, text: str) -> None:
        """Play a typed move (``bid 120``, ``pass``, ``pay 100+20``) for your seat."""
        s = self.session
        if s is None or not text.strip():
            return
        try:
            action = s.game.parse(text)
        except BluffkitError as e:
            me = self._mover()
            who = s.names[me] if me is not None else "You"
            why = f"that is not a move ({e})"
            if unknown_move(e):             # the moves you have now, not those of all ten formats
                legal = s.legal(me) if me is not None else None
                why = "that is not a move" + (f"; you may: {legal.description}" if legal else "")
            self.refusal.value = refusal_html(who, f"play \u201c{text.strip()}\u201d", "notation", why, s.names)
            return
        self._play(action)
        if not self.refusal.value:
            self.move.value = ""

    def _play(self, action) -> None:
        """Your move (from a button or typed); then on to your next move. A refused move
        changes nothing and is shown in words that name you."""
        s = self.session
        if s is None:
            self.message.value = _box("Fix the settings above first.", error=True)
            return
        if self.clicks.stale():        # silent: the second click of a double click on a move just played
            return
        me = self._mover()
        if me is None:
            if not self.human.value:
                self.refusal.value = _box("Every bidder is a bot: choose a bidder under \u201cYou play\u201d to "
                                          "make moves yourself.", error=True)
                return
            who = s.names[self.human.value]
            why = "the auction is over" if s.over else f"it is not {who}'s move now"
            self.refusal.value = refusal_html(who, str(action), "not-your-turn", why, s.names)
            return
        try:
            self.said.append(s.play(action, me))
        except IllegalAction as e:
            self.refusal.value = refusal_html(s.names[me], str(action), e.rule, e.reason, s.names)
            return
        except BluffkitError as e:
            self.refusal.value = refusal_html(s.names[me], str(action), "not-a-move", str(e), s.names)
            return
        self.refusal.value = self.message.value = ""
        self._to_your_move()
        self.draw()
        self.clicks.done()

    def _mover(self) -> int | None:
        """The seat a move made here plays for: your bidder, while it is among the seats to
        move (in an open or sealed bidding, any of them may act, not only the first: a
        script ahead of you that has run out does not keep you from bidding)."""
        s = self.session
        me = self.human.value or None
        if s is None or me is None or s.over:
            return None
        return me if me in s.to_move else None

    def draw(self) -> None:
        s = self.session
        assert s is not None                     # drawn only once an auction is set up
        me = self.human.value or None
        with self.hold_sync():
            paying = False
            if me is not None and not s.over:
                each = " (each animal)" if s.game.rules.double else ""      # (a small pen's lot of one: no "each")
                # values typed in the settings stay in them (and in the browser, Projector or
                # not): the sentence must not claim them hidden
                # (on the projector, which hides the settings, without how to hide them: a line
                # of a 720 px screen, with the file browser open)
                others = ("The others' values are hidden." if not self.typed.value.strip() else
                          "The others' values are the ones typed in the settings" + (
                              "." if self.projector.value else "; values drawn from a value law are hidden."))
                self.private.value = _box(f"Your value for the lot: <b>{self.vals[me]:,.0f}</b>{each}. "
                                          f"<span class='bk-aside'>{others}</span>")
                obs = s.observe(me)
                self.view.value = seat_html(s.game, obs, s.names)
                if me in s.to_move and obs.legal:
                    said = by_name(obs.legal.description, s.names)
                    if self.projector.value and not obs.legal.pay:
                        # the typed move's box is hidden there and the buttons are the moves:
                        # said in their words, as Bidder Up!'s prompt says them, not in the
                        # notation ("raise NOTE" over "Lay a 10 note", Number Call's "bid 1"
                        # of a count of notes, "bid 1010" beside "Bid 1,010")
                        said = choice_words(obs, s.names)
                    elif self.projector.value:       # (see without_examples, without_owed)
                        said = without_owed(without_examples(said))
                    self.private.value += _box(f"<b>Your move, {escape(s.names[me])}</b>: {escape(said)}.")
                    self.controls.show(obs, s.names)
                    paying = bool(obs.legal.pay)
                    # an example of the moves this format asks for now (a count auction's "bid
                    # 120" was refused: "not now"), each legal as typed
                    self.move.placeholder = "e.g. " + " or ".join(move_examples(obs.legal)[:2]) + " (Enter plays it)"
                    for row in self.controls.children:     # the notes to click: a line of their own
                        if isinstance(row, W.VBox):
                            row.layout.width = "100%"
                else:
                    self.controls.clear()
                    self.move.placeholder = MOVE_HINT
            else:
                self.controls.clear()
                vals = ", ".join(f"{escape(n)} {v:,.0f}" for n, v in zip(s.names, self.vals))
                self.private.value = _box(f"Private values (of each animal): {vals}.")
                table = all_seeing_html(s.game, s.state, s.names, values=self.vals)
                if s.over:                       # the payoffs first, then the table
                    unit = " notes" if s.game.rules.pricing == "count" else ""
                    self.view.value = payoff_html(payoffs(s.game, s.state, self.vals), s.names, unit, me,
                                                  sold=awards_lines(s.state, s.names, s.game.rules),
                                                  owed=None if unit else owed_prices(s.state))
                    self.private.value += table
                else:
                    self.view.value = table
            (self.view.add_class if paying else self.view.remove_class)("bk-paying")
            (self.add_class if s.over else self.remove_class)("bk-over")
            self.typed_row.layout.display = "none" if me is None or s.over else None
            last = [escape(x) for x in self.said[-EVENTS:]]
            if self.projector.value:
                # a box three lines high, the newest at its foot: a column drawn from the foot up
                # (the lines in reverse) starts scrolled to the newest, and scrolls up to the older
                more = "; scroll up for older" if len(last) > PROJECTOR_EVENTS else ""
                # (a screen reader reads the page's order, newest first here: it is given the
                # lines oldest first, as the heading says, out of sight, and the box hidden)
                body = ("<div class='bk-sr-only'>" + "".join(f"<div>{x}</div>" for x in last) + "</div>"
                        "<div class='bk-log-up' aria-hidden='true'>"
                        + "".join(f"<div>{x}</div>" for x in reversed(last)) + "</div>")
            else:
                more, body = "", "<br>" + "<br>".join(last)
            self.events.value = ("<div class='bk-box bk-events'><b>What happened</b> "
                                 f"<span class='bk-secret'>(oldest first{more})</span>{body}</div>")

    # many auctions --------------------------------------------------------------------
    def sim_seed(self) -> int:
        """The seed of the Many auctions tab: a stream of its own, derived from the lab's seed.
        With the lab's own seed its first auction was the auction on screen, bots in every
        seat, so one simulated auction told the price the bots' private values give."""
        import numpy as np
        return int(np.random.SeedSequence([self.seed, 0x5EED]).generate_state(1)[0])

    def auctions(self) -> int | None:
        """The number of auctions typed in the Auctions box (:func:`~bluffkit.widgets.auction_moves.read_amount`:
        ``1e4``, ``10,000`` and ``10000`` alike), or ``None`` when it is not a count of 1 to
        :data:`MAX_AUCTIONS`."""
        n = read_amount(self.count.value)
        return n if n is not None and 1 <= n <= MAX_AUCTIONS else None

    def _count_words(self) -> str:
        """Why the Auctions box holds no count it can run, in plain words ('' when it does),
        read as :meth:`auctions` reads it: a whole number past the bounds is too many or too
        few; ``10.000`` is 10 or ten thousand (where a dot separates thousands), as the bid box
        reads it; a fraction (``1.5``) is no whole number; anything else (``1_000``, ``10 000``,
        ``1,00``, full-width digits, a no-break space between digits) is not written in the
        digits 0 to 9 as the box reads them. The text is read as the box shows it
        (:func:`~bluffkit.widgets.auction_moves.visible_text`: a no-break space around the
        count, or a zero-width space, is left out, as it is when the count is read)."""
        if self.auctions() is not None:
            return ""
        typed = visible_text(str(self.count.value))          # (as read_amount reads it)
        n = read_amount(typed)
        said = quote(typed)
        if not typed:
            why = "how many?"
        elif n is not None:
            why = f"{said} is too many." if n > MAX_AUCTIONS else f"{said} is too few."
        elif (readings := dot_thousands(typed)) is not None:     # (read_amount's 1.000: two readings)
            why = f"{said} may be {readings[0]:,} or {readings[1]:,}: write one of them."
        elif _fraction(typed):
            why = f"{said} is not a whole number."
        else:
            why = f"{said} is not a count in the digits 0 to 9."
        return f"Auctions: {why} Type 1 to {MAX_AUCTIONS:,} (1e3 or 1,000 for a thousand)."

    def _check_count(self) -> None:
        """The Auctions box read as it is typed: a count refused is said beside it, and
        Simulate is closed until it holds one."""
        words = self._count_words()
        self.count_note.value = _box(escape(words), error=True) if words else ""
        self.simulate_button.disabled = bool(words)
        self.simulate_button.tooltip = words and f"closed: {words}"

    def simulate(self) -> None:
        """Play ``count`` auctions through the engine with the current settings (bots in
        every seat), with a progress bar; then summarise and chart them."""
        from bluffkit.widgets.charts import interactive
        n, total = self.bidders.value, self.auctions()
        if total is None:                       # (Simulate is closed then; a click from code is refused)
            self._check_count()
            return
        if any(d.value == "script" for d in self.strategy_box.children):
            self.summary.value = _box("Scripted bidders play one auction; choose bots for many auctions.", error=True)
            return
        refused = self._seats_refused(self.game())
        if refused:                             # (the panel's words, not simulate_engine's bidders=1)
            self.summary.value = _box(f"Cannot simulate: {refused}" + (
                " The results below are the last run's." if self.frame is not None else ""),
                error=True) + self._last_summary
            return
        self.progress.max, self.progress.value = total, 0

        def tick(done, _total):
            self.progress.value = done

        strategies = [d.value for d in self.strategy_box.children]
        try:
            df = simulate_engine(self.fmt.value, n, total, values=self.values.value, scale=SCALE,
                                 strategy=strategies, shade=self.shade.value,
                                 right=self.right.value, double=self.double.value, seed=self.sim_seed(),
                                 progress=tick)
        except BluffkitError as e:              # nothing new: the last results stay, said to be the last run's
            self.summary.value = _box(f"Cannot simulate: {escape(str(e))}" + (
                " (the results below are the last run's)" if self.frame is not None else ""),
                error=True) + self._last_summary
            return
        except KeyboardInterrupt:               # the kernel's stop button: the last results stay
            self.summary.value = _box(f"Stopped after {self.progress.value:,} of {total:,} auctions: nothing new "
                                      "is shown" + ("; the results below are the last run's." if self.frame is not None
                                                    else "."), error=True) + self._last_summary
            return
        self.frame = df
        st = summary(df)
        self.summary.value = self._last_summary = _box(
            f"<b>{st['auctions']:,} auction{'s' * (st['auctions'] != 1)}</b> of "
            f"{escape(FORMATS[self.fmt.value].title)}, {n} bidder{'s' * (n != 1)}: the auctioneer's cash per auction "
            f"{st['revenue']:.3f} " + (f"&plusmn; {st['se']:.3f} (sd {st['sd']:.3f}; money / 1,000)"
                                       if st['auctions'] > 1 else "(money / 1,000; one auction: no spread)") +
            f"; won by the bidder who values the lot most: {st['efficient']:.1%}; the right of first refusal "
            f"used: {st['refused']:.1%}; nobody bid: {st['nobody']:.1%}." + (
                f"<br>{escape(why)}" if (why := below_theory(df, self.fmt.value, self.values.value, strategies,
                                                             self.double.value, SCALE)) else ""))
        replaced = self.charts.children
        self.charts.children = [interactive(chart) for chart in cash_charts(df)]
        retire(replaced)                      # each chart holds some 1 MB of the browser's memory
