"""The buttons of one bidder's move in the auction lab, built from its legal actions
(:class:`bluffkit.auctions.legal.Legal`): only the moves it may make now are shown.

- a bid (or The Call's price): a stepper, the amount with buttons in the format's steps
  (&minus;50 &minus;10 +10 +50 in value auctions, &minus;5 &minus;1 +1 +5 notes in count
  auctions), and one "Bid N" button that plays it;
- notes laid face down (Secret Count) or paid: the player's own notes drawn as notes,
  chosen by clicking them, then one button that lays or pays them;
- a raise of one note (American Count): one button per kind of note held;
- pass, take, stop, accept, refuse, sell, buy, a seat to choose, a face-down card to
  pick: one button each; in the open auctions (which ask everyone again after each new
  bid) also Drop out, to pass until the sale.

Each button calls ``play(action)`` with an action record; the lab plays it through its
session and shows a refusal in words when the rules do not allow it (the amount box
takes any whole number above 0, so a student can try an illegal bid and see why). The box
is a text box the panel reads itself (:func:`read_amount`: digits, with or without thousands
commas, or a whole number in e-notation, ``1e3``, where an IntText made 13 of it). An
amount that is no bid (not a whole number, 0 or less, or past :meth:`MoveControls.most`:
the notation's largest, or all the money in the game where the panel gives it) closes the
"Bid N" button, which then says what a bid may be ("Bid 10 or more", "Bid at most 4,360").
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from decimal import Decimal, InvalidOperation
from itertools import combinations
from numbers import Integral, Real

import ipywidgets as W
from traitlets import TraitType

from bluffkit.auctions.actions import (
    ACCEPT,
    BUY,
    PASS,
    REFUSE,
    SELL,
    STOP,
    TAKE,
    Bid,
    Call,
    Choose,
    Pay,
    Pick,
    Place,
    Raise,
    Refusal,
    Word,
)
from bluffkit.auctions.narrate import animals_said, capital
from bluffkit.auctions.sealed import split_order
from bluffkit.core.errors import _INVISIBLE, _ZERO_WIDTH, count as _count
from bluffkit.core.money import MAX_DIGITS, amount as amount_said, dot_thousands, total
from bluffkit.widgets.seat_panel import ClickClock, choose_counts, chosen_counts, live, retire, tells_chosen
from bluffkit.widgets.words import notes_label, overbid_words, take_words

#: The bid box's width in px (see :class:`MoveControls`): fixed, so that nothing moves as
#: Bid's words change while a person types.
BOX_WIDTH = 64

#: The tooltip of a Pay button while no note is chosen (it is closed then).
CHOOSE_NOTES_FIRST = "click your notes above to choose them first"

#: The words on the buttons of the moves without an amount.
WORD_LABELS = {PASS: "Pass", TAKE: "Take it (grab the hammer)", STOP: "Stop (add no more)",
               ACCEPT: "Accept the price", REFUSE: "Refuse the price"}


def _word_label(word, obs) -> str:
    """A plain word's button. The highest bidder of an open outcry is asked last, after
    every other bidder has passed: their pass keeps the bid, which wins the lot unless
    someone outbids it, so the button says "Stay at N", not "Pass"."""
    if (word == PASS and obs is not None and obs.rules.fmt.style == "open"
            and obs.high_bidder == obs.seat and obs.high_bidder >= 0):
        return f"Stay at {price_said(obs.high, obs.rules.pricing == 'count')}"
    if word == TAKE and obs is not None and obs.phase == "bid" and getattr(obs, "count", 0) > 0:
        # the Dutch count, called out aloud: the price of grabbing the hammer now
        return f"Take it for {obs.count} note{'s' if obs.count != 1 else ''} (grab the hammer)"
    return WORD_LABELS.get(word, str(word).capitalize())


def _word_tip(word, obs) -> str:
    """The tooltip of a plain word's button: what "Stay at N" does; else its label."""
    label = _word_label(word, obs)
    if label.startswith("Stay at "):
        return "keep your bid: the lot is yours at it unless someone bids higher"
    return label


def price_said(n: int, by_count: bool) -> str:
    """An amount of an auction: ``"3 notes"`` where the number of notes counts, else ``"30"``
    (``"1,500"``: :func:`bluffkit.core.money.amount`)."""
    return _count(n, "note") if by_count else amount_said(n)


def shown_refusals(legal, lots: int) -> tuple:
    """The auctioneer's refusals as buttons show them: those that do what Buy does (``buy
    1`` of a single lot, ``buy 1,2`` of two: every lot kept) are left out while Buy is there.

    >>> from bluffkit.auctions.actions import Refusal
    >>> from types import SimpleNamespace
    >>> [str(r) for r in shown_refusals(SimpleNamespace(refusals=(SELL, BUY, Refusal((0,)))), 1)]
    ['sell', 'buy']
    """
    every = set(range(lots))
    return tuple(x for x in legal.refusals if x == BUY or BUY not in legal.refusals or set(x.keep) != every)


def choice_words(obs, names, pen_words=None, owed_on_button: bool = False) -> str:
    """What the seat of ``obs`` may do in its auction, in the words of the buttons that do it
    (:class:`MoveControls`), not in the typed moves' notation ("raise NOTE", "lay NOTES",
    "choose 2 (by seat number)") that a panel's prompt quoted beside buttons naming them
    otherwise: "pass, or lay one more note face down" (the buttons name the notes: "Lay a
    10 note"; the prompt's "(a button for each of your notes)" took a line of a projector's
    column, and the newest line of What happened went below a 1280 x 720 screen);
    ``pen_words`` as :meth:`MoveControls.show`'s. ``owed_on_button``: a payment is said
    without its payee and amount, which the Pay button says ("Pay 0 notes (0) — you owe
    André 60"; on a projector the prompt said them again above it, a line of the column).

    >>> from bluffkit.auctions import Auction
    >>> g = Auction.create(format="classic")
    >>> choice_words(g.observe(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1), "ABC")
    'pass, or bid 10 or more'
    """
    legal, r = obs.legal, obs.rules
    if not legal:
        return "nothing now"
    by_count = r.pricing == "count"

    def amount(n) -> str:
        return price_said(n, by_count)

    def lower(text: str) -> str:        # a button's words inside a sentence
        return text[:1].lower() + text[1:]

    out = [lower(_word_label(w, obs)) for w in legal.words]
    if legal.bid:
        lo, hi = legal.bid
        out.append(f"bid {amount(lo)} or more" if hi is None else f"bid {amount(lo)} to {amount(hi)}")
    if legal.place:
        out.append("lay notes face down (click your notes, then Lay)")
    if legal.raise_:
        out.append("lay one more note face down")
    if legal.call:
        out.append(f"call a price from {amount(legal.call[0])} to {amount(legal.call[1])}")
    if legal.choose:
        out.append(" or ".join(lower(MoveControls._choose_label(obs, s, names, pen_words)) for s in legal.choose))
    out += [str(x) for x in shown_refusals(legal, len(getattr(obs, "awards", ())))]
    if legal.pay:
        owed, mode, payee = legal.pay
        if owed_on_button:          # "pay any notes (...)", "pay in notes (...)": the button says to whom, how much
            head = "pay any notes" if mode == "count" else "pay in notes"
        else:
            head = f"pay {names[payee]} {amount_said(owed)}" + (" notes, any notes" if mode == "count" else " in notes")
        out.append(head + (" (their value does not count; click them, then Pay)" if mode == "count"
                           else " (no change is given; click your notes, then Pay)"))
    if legal.pick:
        k, n = legal.pick
        out.append(f"point at {'a card' if k == 1 else f'{k} cards'} of the {n} face down")
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + ", or " + out[-1]


def no_buy_words(obs) -> str:
    """Why the auctioneer's Buy is not on the screen [D]: the right of first refusal means
    paying the winners their prices, and the seat's own notes do not reach them (its own
    money and the prices said at the hammer: nothing another seat holds)."""
    by_count = obs.rules.pricing == "count"
    need = sum(price for _, _, price in obs.awards)
    have = sum(obs.hand) if by_count else total(obs.hand, obs.rules.denominations)

    def said(n: int) -> str:
        return price_said(n, by_count)

    both = len(obs.awards) > 1
    only_sell = tuple(obs.legal.refusals) == (SELL,) if obs.legal is not None else False
    return (f"You cannot buy {'both lots' if both else 'it'} yourself: by your right of first refusal you would "
            f"pay {said(need)}, and you have {said(have)}." + (" Sell." if only_sell and not both else
                                                                  " Sell both." if only_sell else ""))


#: An amount as the bid box reads it: digits (thousands commas allowed, as the panels write
#: amounts: ``1,000``), a fraction and an exponent (``1e3``, ``2.5e3``; whether it is whole is
#: checked after), a sign.
_AMOUNT_TEXT = re.compile(r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")

#: An amount read past this is read as it (:func:`read_amount`): past every bound a bid box
#: has, and no int of a thousand digits is made from a typed "1e999".
_PAST_ALL = 10 ** 100


#: What a box's text may hold that shows as nothing and moves nothing: the zero-width
#: space, joiners and word joiner, the soft hyphen, the byte order mark, the invisible
#: operators, and the letters that show as nothing (a Hangul filler; ``errors._INVISIBLE``).
#: Not the bidirectional marks and overrides: they change the order the digits are drawn in.
_SHOWS_NOTHING = _ZERO_WIDTH | _INVISIBLE | frozenset("\u200c\u200d")


def visible_text(text: str) -> str:
    """``text`` as a box shows it: without what shows as nothing (:data:`_SHOWS_NOTHING`),
    and without white space of any kind around it (a no-break space pasted from a page).

    >>> visible_text("\u00a0 1,0\u200b00\ufeff "), visible_text("\u202e21")
    ('1,000', '\u202e21')
    """
    if not text.isascii():
        text = "".join(c for c in text if c not in _SHOWS_NOTHING)
    return text.strip()


def read_amount(text) -> int | None:
    """The whole number typed in a bid box (an int set from code: itself), or ``None`` when
    it is none: digits, with or without thousands commas, or e-notation that is whole (as ``bluffkit``'s command line
    reads ``--games``), in ASCII only; a number of more than 100 digits reads as ``10**100``
    (``1e1000000`` too, whose exponent is past what Decimal's context holds). A whole number
    written with a dot and three digits, ``1.000``, is none: where a dot separates thousands
    (German, as the game's first edition) it is a thousand, and it bid 1.

    >>> [read_amount(x) for x in ("120", " 1,000 ", "1e3", "2.5e3", "-5", "1.5", "1,00", "12a", "", 70)]
    [120, 1000, 1000, 2500, -5, None, None, None, None, 70]
    >>> read_amount("1.000"), read_amount("1.0"), read_amount("1.000e3")
    (None, 1, 1000)
    >>> read_amount("99999999999999999999"), read_amount("1e999") == 10 ** 100
    (99999999999999999999, True)

    What shows as nothing is left out (:func:`visible_text`), so a box that shows "12" reads
    12 (it said "Bid a whole number"); a space between digits is still no number ("1 000"
    may be a thousand or two bids), and a character that changes the order in which the
    digits are drawn is none either (a right-to-left override before "21" shows "12").

    >>> read_amount("12\u200b"), read_amount("\ufeff1,0\u00ad00"), read_amount("\u00a012 "), read_amount("1 000")
    (12, 1000, 12, None)
    >>> read_amount("\u202e21"), read_amount("\u060012")
    (None, None)
    """
    if isinstance(text, int) and not isinstance(text, bool):       # set from code (see AmountBox)
        return text
    text = visible_text(text) if isinstance(text, str) else ""
    text = text if text.isascii() else ""
    if not _AMOUNT_TEXT.fullmatch(text) or dot_thousands(text):          # 1.000: 1, or a thousand
        return None
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:              # (the pattern reads only what Decimal reads)
        return None
    # |value| >= 10**100, told from its exponent: abs() of "1e1000000" rounds it in Decimal's
    # context, whose largest exponent it passes (decimal.Overflow)
    if not value.is_zero() and value.adjusted() >= 100:
        return -_PAST_ALL if value.is_signed() else _PAST_ALL
    if value != value.to_integral_value():
        return None
    return int(value)


#: What the browser's text of the bid box is read back as a number: plain digits, at most
#: as many as a bid has (``"120"`` -> ``120``; ``"1e3"``, ``"1,000"``, ``"007"``, ``"0"`` stay text).
_PLAIN = re.compile(rf"-?[1-9][0-9]{{0,{MAX_DIGITS - 1}}}")


def _box_to_json(value, _widget) -> str:
    """The box's value as the browser's text box shows it: a number in digits, and 0 (the
    box cleared from code, :meth:`MoveControls.clear`) as an empty box; a number of 101
    digits or more in e-notation (``1.0E+5000``), which :func:`read_amount` reads as past
    every bound, as it reads the int: Python writes no int of more than 4,300 digits (a
    ValueError in the cell that set it)."""
    if isinstance(value, str):
        return value
    if value and abs(value) >= _PAST_ALL:
        return f"{Decimal(value):.1E}"
    return str(value) if value else ""


def _box_from_json(text, _widget):
    """The browser's text as the box's value: plain digits as the number (so that code
    reading ``box.value`` gets the int it set, or typed), anything else as typed."""
    return int(text) if isinstance(text, str) and _PLAIN.fullmatch(text) else text


def _past_every_bound(value) -> bool:
    """Whether a number set from code is 10**100 or more either way (:data:`_PAST_ALL`), told
    without making an int of it (Decimal's 1e1000000) or a float (a Fraction past a float's range)."""
    if isinstance(value, Decimal):
        return value.is_finite() and not value.is_zero() and value.adjusted() >= 100
    try:
        f = float(value)              # (numpy's float32 compared with 10**100 warned of an overflow)
    except OverflowError:                        # a Fraction past a float's range
        return True
    return math.isfinite(f) and abs(f) >= _PAST_ALL


class _Amount(TraitType):
    """The value of an :class:`AmountBox`: an int, or the text typed. Set from code, a whole
    number of any kind (``20.0``, numpy's ``int64(20)``, ``Decimal("20")``) is that int; a
    number that is not whole (``20.5``, nan, inf) is kept as its text, which is no amount (the
    "Bid N" button closed, saying what a bid may be: an IntText made a bid of 20 of 20.5, and
    the text box raised a TraitError in the cell that set it); ``True``, ``False`` and
    ``None`` are no amount either: an empty box (``True`` was sent as the text "True"). A
    number other than an int of 10**100 or more either way (``Decimal("1e1000000")``,
    ``1e300``) is kept as its text in e-notation (``"1.0E+1000000"``), which reads as past
    every bound, as the number does. Anything else (a list, say) is refused with a TraitError naming what the box takes."""

    default_value = ""
    info_text = "a whole number, or the text typed in the box"

    def validate(self, obj, value):
        if isinstance(value, str):
            return value
        if value is None or isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", "") == "b":
            return ""
        if isinstance(value, Integral):
            return int(value)
        if isinstance(value, (Real, Decimal)) and _past_every_bound(value):
            # kept as its text, which reads as past every bound as the number does: int() of
            # Decimal("1e1000000") took a minute, and str() of a Fraction of 5,000 digits raised
            return f"{value if isinstance(value, Decimal) else Decimal(int(value)):.1E}"
        if isinstance(value, (Real, Decimal)):
            try:
                whole = value == int(value)
            except (OverflowError, ValueError):         # inf, nan
                whole = False
            return int(value) if whole else str(value)
        self.error(obj, value)


class AmountBox(W.Text):
    """The bid box: a text box the panel reads itself (:func:`read_amount`), where an
    IntText stripped letters as they were typed (``1e3`` became 13) and the browser's
    number rounded 99999999999999999999 to 100000000000000000000. Its value is an int where
    it holds plain digits (set from code, ``box.value = 120``, or typed), else the text
    typed (``"1e3"``); the browser is sent it as text (0, the box cleared, as an empty box).
    What code may set it to: see :class:`_Amount`."""

    value = _Amount(help="the amount typed").tag(sync=True, to_json=_box_to_json, from_json=_box_from_json)


def closed_bid_words(n: int | None, lo: int, most: int, verb: str = "Bid", by_count: bool = False,
                     all_money: bool = False, typed="") -> tuple[str, str] | None:
    """The words of a bid box's button for the amount ``n`` read from it (:func:`read_amount`),
    ``None`` where it is a bid the button plays; else the closed button's words and tooltip,
    saying what a bid may be in public words only: 0 or less, or no whole number, is below
    ``max(lo, 1)`` ("Bid 10 or more", as a prompt says it; below 0 where the lowest bid is 0,
    The Call's call of 0); past ``most`` (all the money in the game where ``all_money``, else
    the notation's :data:`~bluffkit.core.money.MAX_DIGITS` digits) "Bid at most 4,360". An
    amount from 1 to below ``lo`` stays a bid the engine refuses in words (why is its to say:
    "the lowest bid now is 10"). Used by every bid box: the auctions' (:class:`MoveControls`)
    and the table's (:class:`bluffkit.widgets.table.TablePanel`). ``typed``: the box's text,
    where something that is no whole number is typed ("1600.5", "abc": "Bid a whole number",
    where "Bid 10 or more" read as if the 1,600 typed were too little, and a projected class
    sees no tooltip); an empty box says the lowest bid, and so does one that looks empty
    (:func:`looks_empty`: a zero-width space pasted in said "Bid a whole number" over a box
    that shows nothing).

    >>> closed_bid_words(30, 10, 4360), closed_bid_words(None, 10, 4360)[0], closed_bid_words(5000, 10, 4360, all_money=True)
    (None, 'Bid 10 or more', ('Bid at most 4,360', 'more than all the money in the game (4,360)'))
    >>> closed_bid_words(None, 10, 4360, typed="1600.5")
    ('Bid a whole number', 'type a whole number, e.g. 120, 1,000 or 1e3: bid 10 or more')
    """
    least = _least(lo)
    if n is not None and least <= n <= most:
        return None
    if n is not None and n > most:
        return (f"{verb} at most {price_said(most, by_count)}",
                f"more than all the money in the game ({price_said(most, by_count)})"
                if all_money else f"a bid has at most {MAX_DIGITS} digits")
    start = price_said(max(lo, least), by_count)
    if n is None and isinstance(typed, str) and not looks_empty(typed):
        return (f"{verb} a whole number", f"type a whole number, e.g. 120, 1,000 or 1e3: {verb.lower()} {start} or more")
    return (f"{verb} {start} or more",
            f"type a whole number, e.g. 120, 1,000 or 1e3: {verb.lower()} {start} or more"
            if n is None else f"{verb.lower()} {start} or more" + (": an amount above 0" if least else ""))


def looks_empty(text: str) -> bool:
    """Whether a box holding ``text`` shows nothing: spaces of any kind, control and format
    characters (the zero-width space and joiners, the soft hyphen, the byte order mark, the
    bidirectional marks) and the letters that show as nothing (a Hangul filler, the braille
    blank: :data:`bluffkit.core.errors._INVISIBLE`).

    >>> looks_empty(""), looks_empty(" \u200b\ufeff\u00a0"), looks_empty("\u3164"), looks_empty("\u200b1")
    (True, True, True, False)
    """
    return all(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") or c in _INVISIBLE for c in text)


def _least(lo: int) -> int:
    """The least amount a bid box's button plays: 1, or 0 where the lowest bid is 0 (The
    Call's auctioneer holding only a 0 note calls 0)."""
    return 0 if lo <= 0 else 1


def closed_bid_said(n: int | None, lo: int, most: int, verb: str = "Bid", by_count: bool = False,
                    all_money: bool = False, typed="") -> str | None:
    """What a closed bid button (:func:`closed_bid_words`) clicked from code says, once: its
    words, then why, in public words only ("Bid 10 or more: an amount above 0.", "Bid at most
    4,360: all the money in the game."; ``button.click()`` runs a closed button's handlers,
    and the message had put the button's words and its tooltip, which says them again, side
    by side: "Bid 10 or more: bid 10 or more: an amount above 0."). ``None`` where ``n`` is
    a bid the button plays.

    >>> closed_bid_said(None, 10, 4360), closed_bid_said(-10 ** 100, 10, 4360)
    ('Bid 10 or more: type a whole number, e.g. 120, 1,000 or 1e3.', 'Bid 10 or more: an amount above 0.')
    >>> closed_bid_said(5000, 10, 4360, all_money=True), closed_bid_said(-1, 0, 4360, "Call")
    ('Bid at most 4,360: all the money in the game.', 'Call 0 or more: no amount below 0.')
    >>> closed_bid_said(None, 10, 4360, typed="abc")
    'Bid a whole number: 10 or more.'
    """
    words = closed_bid_words(n, lo, most, verb, by_count, all_money, typed)
    if words is None:
        return None
    if n is None and words[0].endswith(" a whole number"):
        why = f"{price_said(max(lo, _least(lo)), by_count)} or more"
    elif n is None:
        why = "type a whole number, e.g. 120, 1,000 or 1e3"
    elif n > most:
        why = "all the money in the game" if all_money else f"a bid has at most {MAX_DIGITS} digits"
    else:
        why = "an amount above 0" if lo > 0 else "no amount below 0"
    return f"{words[0]}: {why}."


def closed_notes_words(verb: str, owes: int, chosen: int) -> str:
    """Why a payment of a number of notes (a count auction's: "any notes", their value does
    not count) cannot be made with the notes chosen, as a line beside its closed button: on a
    projector Pay was greyed with 12 notes chosen for a debt of 10 and nothing on the screen
    said why (the tooltip, which a class does not see, did).

    >>> closed_notes_words("Pay", 10, 12)
    "<div class='bk-box' role='status' style='color:#b00020'>Pay needs exactly 10 notes: 12 are chosen; click 2 of them again to unchoose them.</div>"
    >>> closed_notes_words("Pay", 3, 1).endswith("Pay needs exactly 3 notes: 1 is chosen; click 2 more.</div>")
    True
    """
    what = "are" if chosen != 1 else "is"
    over = chosen - owes
    fix = (f"click {'1 of them' if over == 1 else f'{over} of them'} again to unchoose {'it' if over == 1 else 'them'}"
           if over > 0 else f"click {-over} more")
    return (f"<div class='bk-box' role='status' style='color:#b00020'>{html.escape(verb)} needs exactly "
            f"{_count(owes, 'note')}: {chosen} {what} chosen; {fix}.</div>")


def _button(text: str, on_click, style: str = "", tooltip: str = "") -> W.Button:
    b = W.Button(description=text, button_style=style, tooltip=tooltip or text,
                 layout=W.Layout(width="auto"))
    b.add_class("bk-move")
    b.on_click(live(lambda _: on_click()))
    return b


def _smallest_payment(hand, amount: int, mode: str, d, rule) -> tuple[int, ...] | None:
    """The payment a "Choose for me" button clicks: in a count auction the ``amount``
    cheapest notes; else the first payment the rules allow (none: no button)."""
    from bluffkit.auctions.sample import cheapest
    from bluffkit.core.money import some_payment
    if mode == "count":
        return cheapest(hand, amount) if sum(hand) >= amount else None
    return some_payment(hand, amount, d, rule)


class MoveControls(W.VBox):
    """The move buttons of one seat (see the module docstring). :meth:`show` rebuilds them
    for an observation; ``play`` is called with the action a button makes."""

    children: tuple          # the box's widgets (a trait of W.VBox, declared for the type checker)

    def __init__(self, play, drop_out=None, warn=None, on_choice=None, all_money=None):
        """``all_money``: the worth and the number of all the notes in the game, ``(worth,
        notes)``, where the rules fix them (Bidder Up!'s 50 notes [A]): a public bound, past
        which the bid box offers no bid (see :meth:`most`); never a seat's own money, which
        would stay in the browser's model of the box for the next seat to read."""
        super().__init__()
        self.play, self.drop_out, self.warn = play, drop_out, warn
        self.on_choice = on_choice             # called when a note is clicked: a refusal of the last choice goes
        self.all_money = all_money
        # The box is 64 px wide, neither grown nor shrunk (flex 0 0): Bid stands after the steps,
        # so its words, which change as a person types ("Bid 12", "Bid a whole number"), move
        # nothing but itself. A box grown into the room its line left (64 to 110 px) gave the
        # +10 and +50 buttons after it a new place at each change of the words, up to 36 px
        # (Bidder Up!'s column at 1280 x 720, Chromium). 64 px is the least that box ever was,
        # so Bid keeps the steps' line wherever it kept it then ("Bid 30", "Bid at most 4,360",
        # "Bid 10 or more", "Bid a whole number" in that 440 px column; "Bid 120" on the
        # projector, which a 72 px box sent under the steps), and the box shows a bid of four
        # digits in the projector's type. The lab, which has the room, sets its own width
        # (LAB_STYLE: 90 px, 110 on the projector).
        self.amount = AmountBox(value=10, description="", tooltip="the amount to bid",
                                layout=W.Layout(width=f"{BOX_WIDTH}px", flex="0 0 auto"))
        self.amount.add_class("bk-bid-amount")
        self.notes: list[W.ToggleButton] = []
        self.names: list[str] = []
        self._pen_words = None
        self._kind, self._note_verb, self._d = None, "", ()
        self._verb, self._unit = "Bid", ""
        self._owes, self._by_count = 0, False
        self.bid_button: W.Button | None = None
        self.note_button: W.Button | None = None
        self._why: W.HTML | None = None        # why the note button is closed, in words (see _label_notes)
        self.amount.observe(lambda ch: self._label_bid(), names="value")
        # Kept from one draw to the next (a draw used to build them anew, some twenty widgets
        # each time): the stepper of each grid of steps, and the buttons of the plain words.
        # Neither tells anything of a seat: the steps are the format's, the words the phase's,
        # and clear() blanks the "Bid N" button (N may be a sealed bid) while it is off screen.
        self._steppers: dict[tuple, tuple[W.HBox, W.Button]] = {}
        self._words: dict[tuple, W.Button] = {}
        self._stepper_parts: dict[tuple, tuple] = {}  # each stepper's own widgets, without the words beside it
        self._range: tuple[int, int | None] = (0, None)
        self._holds: int | None = None         # what the seat's notes are worth (count formats: how many)
        self._asked: int | None = None         # a bid above that, asked about once (see _press)
        self._shown = None                     # the observation the buttons were last drawn from
        self.clicks = ClickClock()             # the question about a bid above one's money (see _press)

    def _press(self) -> None:
        """The stepper's button: play ``verb N``. A bid above what the seat holds is legal
        (a bluff), but if it wins the seat must show all its money and the auction is held
        again, which cannot be undone: a slip of the keyboard (10**12) is asked about once,
        through ``warn`` (the panel's message line), and a second click plays it."""
        if self._kind is None or self.bid_button is None:      # taken down (a cover): nothing to play
            return
        if self.clicks.stale():              # a double click: its second click does not answer the question
            return
        n = read_amount(self.amount.value)
        if n is None or (self.bid_button.disabled and not -10 ** MAX_DIGITS < n <= 0):
            # the button is closed (a click from code): no number, or past all the money (a bid
            # the rules allow, a bluff no one can pay, typed in the Move box, never played by
            # a button that says "Bid at most 4,360"); 0 or less is played and refused in words,
            # unless it has more digits than a bid holds (-1e999: the refusal quoted 101 digits).
            # Nothing is played, and the refusal says why, as the table's closed Bid does
            said = closed_bid_said(n, self._range[0], self.most(), self._verb, bool(self._unit),
                                   self.all_money is not None, self.amount.value)
            if self.warn is not None and said is not None:
                self.warn(said)
            return
        hi = self._range[1]
        if self._asked == n and self.clicks.too_soon_to_answer():
            return                           # the double click's second click: the question unread
        if self._kind is Bid and self.warn is not None and self._holds is not None and isinstance(n, int) \
                and n > self._holds and (hi is None or n <= hi) and self._asked != n:
            self._asked = n
            self.warn(overbid_words(self._holds, n, self._unit))
            self.clicks.done(asked=True)
            return
        self._asked = None
        self.play(self._kind(n))

    def _take(self) -> None:
        """Take it (the Dutch auction): grab the hammer at the count. Taking at a count of
        more notes than the seat holds is legal (a bluff) but, if it wins, the seat must show
        all its money and the auction is held again: asked about once, as a bid above one's
        money is (:meth:`_press`), and a second click plays it."""
        shown = self._shown
        if shown is None or self.clicks.stale():
            return
        n = getattr(shown, "count", 0)
        if self._asked == n and self.clicks.too_soon_to_answer():
            return
        if self.warn is not None and self._holds is not None and n > self._holds and self._asked != n:
            self._asked = n
            label = _word_label(TAKE, shown)
            self.warn(take_words(self._holds, n, label.split(" (")[0]))
            self.clicks.done(asked=True)
            return
        self._asked = None
        self.play(TAKE)

    # the parts -------------------------------------------------------------------------
    def _stepper(self, verb: str, kind, lo: int, hi: int | None, start: int, steps) -> W.HBox:
        """``verb N`` with the amount box and its step buttons, the amount kept to lo..hi."""
        self._verb, self._kind, self._range = verb, kind, (lo, hi)
        key = (verb, *steps)
        made = self._steppers.get(key)
        if made is None:
            unit = steps[0]

            def move(by):                    # on the grid of the steps, within the move's lo..hi
                lo, hi = self._range
                typed = read_amount(self.amount.value)       # (none: from the lowest bid)
                now = lo if typed is None else min(typed, self.most())    # (past all the money: from the most)
                value = max(lo, (now + by) // unit * unit)
                self.amount.value = min(value, self.most() if hi is None else hi)

            downs = [_button(f"\u2212{k}", lambda k=k: move(-k), tooltip=f"{k} less") for k in reversed(steps)]
            ups = [_button(f"+{k}", lambda k=k: move(k), tooltip=f"{k} more") for k in steps]
            bid = _button("", self._press, style="primary")
            # wrapped, not shrunk: on the projector "\u221210" would read "\u2212..."
            made = self._steppers[key] = (W.HBox(downs + [self.amount] + ups + [bid],
                                                 layout=W.Layout(flex_flow="row wrap")), bid)
            self._stepper_parts[key] = made[0].children
        row, self.bid_button = made
        row.children = self._stepper_parts[key]        # (the words of the last draw beside it gone)
        self.amount.value = start
        self._label_bid()
        return row

    def _word(self, word, text: str, on_click, tooltip: str = "") -> W.Button:
        """The button of a plain word (pass, take, ...), kept for the next draw: one per word
        and first word of its label (a "Stay at N" button is relabelled, not made again for
        every amount)."""
        key = (word, text.split()[0] if text else "")
        b = self._words.get(key)
        if b is None:
            b = self._words[key] = _button(text, on_click, tooltip=tooltip)
        else:
            b.description, b.tooltip = text, tooltip or text
        return b

    def most(self) -> int:
        """The largest amount the box offers as a bid: all the money in the game, as the
        rules count it (``all_money``: its worth, or its number of notes where the count is
        the price), else the largest a bid's notation holds (:data:`~bluffkit.core.money.MAX_DIGITS`
        digits). Never below the lowest bid the rules allow now: a bid past all the money,
        typed in the Move box, is legal (a bluff that cannot be paid), and the next bidder
        may outbid it. Public: the same for every seat (the lowest bid is the highest bid
        and a step, a sealed bid's 1, a call's 0 or 1), so it may be told on the button."""
        notation = 10 ** MAX_DIGITS - 1
        if self.all_money is None:
            bound = notation
        else:
            worth, notes = self.all_money
            bound = min(notation, notes if self._unit else worth)
        return max(bound, self._range[0])

    def _label_bid(self) -> None:
        """The "Bid N" button of the amount typed; closed, saying what a bid may be, when the
        amount is no bid: 0 or less ("Bid 10 or more", as the prompt says it; below 0 for a
        call whose lowest price is 0), or past :meth:`most` ("Bid at most 4,360"; the
        browser's number rounds one of 20 digits)."""
        self._asked = None
        b = self.bid_button
        if b is None:
            return
        n = read_amount(self.amount.value)
        verb = self._verb
        # (in public words only: The Call's highest price is the caller's own money, which the
        # button, kept from one seat to the next, does not hold)
        closed = closed_bid_words(n, self._range[0], self.most(), verb, bool(self._unit), self.all_money is not None,
                                  self.amount.value)
        if closed is not None or n is None:
            b.description, b.tooltip = closed or (verb, verb.lower())
            b.disabled = True
            return
        unit = self._unit[:-1] if n == 1 and self._unit else self._unit     # 1 note, 2 notes
        b.description = f"{verb} {amount_said(n)}{unit}"
        b.tooltip = f"{verb.lower()} {amount_said(n)}{unit}"
        b.disabled = False

    def _note_picker(self, hand, d, verb: str, make, owed: str = "", suggest=None, owes: int = 0,
                     by_count: bool = False) -> W.VBox:
        """The seat's notes as toggles (highest first) and the button that plays them;
        with ``suggest`` (counts per kind of note) a "Choose for me" button that clicks them.
        ``owes``: a payment of more than nothing, whose button is closed while no note is
        chosen (no notes cannot pay it); ``by_count``: ``owes`` is a number of notes, any
        notes (the count formats), and the button is closed, saying so, until that many are
        chosen (a refusal of the wrong count fell below a projected screen)."""
        self.notes = []
        for i in sorted(range(len(d)), key=lambda i: -d[i]):
            for _ in range(hand[i]):
                t = tells_chosen(W.ToggleButton(description=str(d[i]), layout=W.Layout(width="auto", min_width="46px")),
                                 f"a note of {d[i]}")
                t.add_class("bk-note")
                t.index = i                  # type: ignore[attr-defined]  # which kind of note
                t.observe(self._note_clicked, names="value")
                self.notes.append(t)
        self._d, self._note_verb, self._owed = d, verb, owed
        self._owes, self._by_count = owes, by_count
        self.note_button = _button("", lambda: self.play(make(self.chosen(), d)), style="primary")
        buttons = [self.note_button]
        if suggest is not None:
            buttons.append(_button("Choose for me", lambda: self.choose(suggest),
                                   tooltip="the smallest payment the rules allow"))
        self._why = None
        if by_count:      # why the button is closed, on the screen (a class sees no tooltip)
            self._why = W.HTML(layout=W.Layout(display="none"))
            self._why.add_class("bk-notes-why")
            buttons.append(self._why)
        self._label_notes()
        picker = W.VBox([W.HTML("<div class='bk-box'>Click your notes to choose them:</div>"),
                         W.HBox(self.notes, layout=W.Layout(flex_flow="row wrap")),
                         W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))])
        picker.add_class(f"bk-notes-{verb.lower()}")           # bk-notes-lay, bk-notes-pay (a panel's styles)
        return picker

    def choose(self, notes) -> None:
        """Click the toggles so that exactly ``notes`` (counts per kind of note) are chosen."""
        choose_counts(self.notes, notes)

    def chosen(self) -> tuple[int, ...]:
        """The notes clicked, as counts per kind of note."""
        return chosen_counts(self.notes, len(self._d))

    def _note_clicked(self, _change=None) -> None:
        self._label_notes()
        if self.on_choice is not None:
            self.on_choice()

    def _label_notes(self) -> None:
        if self.note_button is None:
            return
        c = self.chosen()
        n, worth = sum(c), total(c, self._d)
        self.note_button.description = f"{self._note_verb} {notes_label(n, worth)}{self._owed}"
        wrong = self._by_count and n != self._owes
        self.note_button.disabled = (not n and self._owes > 0) or wrong
        self.note_button.tooltip = (f"choose {_count(self._owes, 'note')}: {n} chosen" if wrong and n
                                    else CHOOSE_NOTES_FIRST if self.note_button.disabled
                                    else f"{self._note_verb.lower()} with the notes chosen")
        why = self._why
        if why is not None:
            said = closed_notes_words(self._note_verb, self._owes, n) if wrong and n else ""
            if why.value != said:
                why.value = said
                why.layout.display = None if said else "none"

    # building --------------------------------------------------------------------------
    def clear(self) -> None:
        """No buttons and no notes: the old ones are closed (see :func:`retire`), so the
        notes of the last bidder shown do not live on in the browser."""
        self._take_down()
        self._blank_kept()

    def _take_down(self) -> None:
        retire(self.children, keep=[self.amount, *(row for row, _ in self._steppers.values()),
                                    *self._words.values()])
        self.children = ()
        for key, (row, _) in self._steppers.items():       # (the kept words, off screen, out of it)
            row.children = self._stepper_parts[key]
        self.notes, self.bid_button, self.note_button, self._why = [], None, None, None
        self.amount.value = 0              # kept open off screen: no amount typed (a sealed bid) stays in it
        self._kind = self._holds = self._asked = None       # nothing of the last seat's to play or tell
        self._shown = None

    def _blank_kept(self, shown=None) -> None:
        """The kept steppers' bid buttons off screen (all but ``shown``'s) keep no amount."""
        for _, bid in self._steppers.values():
            if bid is not shown and (bid.description or bid.tooltip):
                bid.description = bid.tooltip = ""
            if bid is not shown and bid.disabled:       # (closed for the amount typed: open for the next)
                bid.disabled = False

    @staticmethod
    def _choose_label(obs, seat: int, names, pen_words=None) -> str:
        """A choice button's words: ``Choose Bo`` among tied bidders; for two equally
        valuable animals, who gets the first (``The sheep to Bo``, ``Keep the sheep``), in
        ``pen_words``' words, as the narration says it."""
        choosing = getattr(obs, "choosing", ())
        if choosing and choosing[0] == "first-animal" and obs.lot:
            first = animals_said(split_order(obs.rules, obs.lot)[:1], pen_words)
            return f"Keep {first}" if seat == obs.seat else f"{capital(first)} to {names[seat]}"
        return f"Choose {names[seat]}"

    def show(self, obs, names, pen_words=None) -> None:
        """The buttons of the moves ``obs.legal`` allows (none when it is not this seat's move);
        ``pen_words(animals, taken)``: the pen's animals in a game's words, as its narration's
        (:func:`bluffkit.auctions.narrate.narrate`), e.g. Bidder Up!'s male "the cow ♂"."""
        legal, r = obs.legal, obs.rules
        d = r.denominations
        self.names = list(names)
        self._pen_words = pen_words
        self._take_down()
        self._shown = obs                    # (what the buttons were drawn from: click() reads their labels)
        count = r.pricing == "count"
        hand = getattr(obs, "hand", None)
        self._holds = (sum(hand) if count else total(hand, d)) if hand else None
        self._unit = " notes" if count else ""
        steps = (1, 5) if count else (r.step, 5 * r.step)
        rows: list = []
        self.bid_button = self.note_button = None
        self.notes = []
        stepper = None
        if legal.bid:
            lo, hi = legal.bid
            # the lowest bid the rules allow, as the prompt names it ("bid 65 or more" after a
            # typed 55; its step buttons then go onto the grid of the format's step, +10: 70),
            # but at least one step (a sealed bid may be 1: the button offers 10)
            start = lo if count else max(lo, r.step)
            rows.append(stepper := self._stepper("Bid", Bid, lo, hi, min(start, hi) if hi is not None else start, steps))
        if legal.call:
            lo, hi = legal.call
            rows.append(stepper := self._stepper("Call", Call, lo, hi, min(max(lo, r.step), hi), (r.step, 5 * r.step)))
        if legal.place:
            rows.append(self._note_picker(obs.hand, d, "Lay", Place))
        if legal.pay:
            amount, mode, payee = legal.pay
            owed = " notes" if mode == "count" else ""
            rows.append(self._note_picker(obs.hand, d, "Pay", Pay,
                                          owed=f" \u2014 you owe {names[payee]} {amount_said(amount)}{owed}",
                                          suggest=_smallest_payment(obs.hand, amount, mode, d, r.payment),
                                          owes=amount, by_count=mode == "count"))
        buttons = []
        if legal.raise_:
            buttons += [_button(f"Lay a {v} note", lambda v=v: self.play(Raise(v)), style="primary",
                                tooltip="raise: lay one more note face down (any note counts as one)")
                        for v, c in zip(d, obs.hand) if c]
        buttons += [self._word(w, _word_label(w, obs), (lambda w=w: self.play(w)) if w != TAKE else self._take,
                               tooltip=_word_tip(w, obs))
                    for w in legal.words]
        if (self.drop_out is not None and r.fmt.style == "open" and PASS in legal.words
                and obs.high_bidder != obs.seat):   # (the highest bidder's pass already keeps the bid)
            buttons.append(self._word("drop out", "Drop out", self.drop_out,
                                      tooltip="pass now and whenever you are asked again in this auction"))
        # the auctioneer's only moves (which pen to sell, then Sell or Buy) in the colour of a
        # move, as the bidders' Bid is, not the grey of a minor button beside them
        buttons += [_button(self._choose_label(obs, s, names, pen_words), lambda s=s: self.play(Choose(s)),
                            style="primary") for s in legal.choose]
        buttons += [_button(str(x).capitalize(), lambda x=x: self.play(x), style="primary")
                    for x in shown_refusals(legal, len(getattr(obs, "awards", ())))]
        if legal.refusals and BUY not in legal.refusals:     # [D] the right of first refusal, not payable
            if legal.explain(BUY) is not None:
                rows.append(W.HTML(f"<div class='bk-box bk-no-buy'>{html.escape(no_buy_words(obs))}</div>"))
        if legal.pick:
            k, of = legal.pick
            buttons += [_button("Cards " + " and ".join(map(str, c)) if k > 1 else f"Card {c[0]}",
                                lambda c=c: self.play(Pick(c))) for c in combinations(range(1, of + 1), k)]
        if buttons and legal.place and rows and self.note_button is not None:
            bar = rows[-1].children[-1]              # Lay and Pass in one row (a projector's column is short)
            bar.children = (*bar.children, *buttons)
        elif buttons and rows and rows[-1] is stepper and all(b in self._words.values() for b in buttons):
            # Bid and Pass in one row too: on a projector Bid wrapped under the steps and Pass
            # took a row of its own, and the newest line of What happened went below a
            # 1280 x 720 screen. (Only the kept words join the kept stepper: it is never retired.)
            stepper.children = (*stepper.children, *buttons)
        elif buttons:
            rows.append(W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")))
        self._blank_kept(shown=self.bid_button)
        self.children = tuple(rows)

    # clicking ----------------------------------------------------------------------------
    def click(self, action) -> bool:
        """Play ``action`` with the buttons on screen, as a person would click them (the
        amount typed in its box, the notes clicked); False when no button plays it."""
        if isinstance(action, (Bid, Call)) and self.bid_button is not None and self._kind is type(action):
            self.amount.value = action.amount
            if self.bid_button.disabled and action.amount > 0:     # past all the money: no button plays it
                return False
            self.bid_button.click()
            if self._asked is not None and self.bid_button is not None:   # asked about: confirmed
                self.bid_button.click()
            return True
        if isinstance(action, (Pay, Place)) and self.note_button is not None and self._note_verb == (
                "Pay" if isinstance(action, Pay) else "Lay"):
            self.choose(action.notes)
            self.note_button.click()
            return True
        if isinstance(action, Raise):
            label = f"Lay a {action.note} note"
        elif isinstance(action, Word):
            label = _word_label(action, self._shown)
        elif isinstance(action, Choose):
            label = (self._choose_label(self._shown, action.seat, self.names, self._pen_words)
                     if self._shown is not None and 0 <= action.seat < len(self.names) else "")
        elif isinstance(action, Refusal):
            shown = self._shown
            # a refusal that does what Buy does has no button of its own (shown_refusals): Buy
            same = shown is not None and action in shown.legal.refusals and \
                action not in shown_refusals(shown.legal, len(getattr(shown, "awards", ())))
            label = "Buy" if same else str(action).capitalize()
        elif isinstance(action, Pick):
            label = ("Cards " + " and ".join(map(str, action.places)) if len(action.places) > 1
                     else f"Card {action.places[0]}" if action.places else "")
        else:
            return False
        row: W.Widget
        for row in self.children:
            for b in getattr(row, "children", ()):
                if isinstance(b, W.Button) and b.description == label:
                    b.click()
                    if action == TAKE and self._asked is not None:      # asked about: confirmed
                        b.click()
                    return True
        return False
