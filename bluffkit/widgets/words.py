"""Plain words for the panels: what a player may do now, and why a move was refused,
naming the player ("Bo can't bid 15: bids go up in tens"). The engine's rule id (such as
``bid-multiple``) goes only into a tooltip (the ``title`` attribute), for the teacher.

>>> from bluffkit.core.errors import IllegalAction
>>> e = IllegalAction("bid-multiple", "bids are multiples of 10, got 15")
>>> html = refusal_html("Bo", "bid 15", e, step=10)
>>> "Bo can&#x27;t bid 15: bids go up in tens" in html, "title='rule: bid-multiple'" in html
(True, True)
>>> plain_reason("seat 1 cannot act now: waiting for seat 2; seat 1 may: pass", ["Ana", "Bo", "Cy"])
'Bo cannot act now: waiting for Cy'
"""

from __future__ import annotations

import re
from html import escape

from bluffkit.core.errors import IllegalAction, by_name, split_options, unknown_move
from bluffkit.core.money import amount
from bluffkit.games.youre_bluffing.narrate import words as ruleset_words

_written = amount    # for the functions below whose parameter ``amount`` hides it

#: What the Auto-play button does, in the scenario player and the replay viewer: its tooltip.
PLAY_TIP = ("Auto-play: plays the steps one after another, one every Seconds/step; "
            "press it again (Pause) to stop where it is, or type a step in the Step box to go there")

_STEPS = {1: "ones", 5: "fives", 10: "tens", 20: "twenties", 50: "fifties", 100: "hundreds"}


def notes_label(n: int, worth: int) -> str:
    """A note button's ``"2 notes (200)"``, held together by no-break spaces: on a projector
    a wrapped label left "(0)" alone on a second line (Bidder Up!'s Pay, the auction box's Lay).
    The worth with a thousands comma (:func:`bluffkit.core.money.amount`, "1,000"), on every
    panel alike.

    >>> notes_label(1, 0), notes_label(2, 1000)
    ('1\xa0note\xa0(0)', '2\xa0notes\xa0(1,000)')
    """
    return f"{n}\u00a0note{'s' * (n != 1)}\u00a0({amount(worth)})"


def steps_word(step: int) -> str:
    """``10`` -> ``"tens"``: how bids go up, in words."""
    return _STEPS.get(step, f"steps of {step}")


#: A rule option named in a reason, "(max_answer_length)": for the teacher, in the tooltip.
_OPTION = re.compile(r"\s*\(([a-z]+(?:_[a-z]+)+)\)")


def plain_reason(reason: str, names) -> str:
    """An engine's reason in the players' words: seats by name, no list of codes, no rule
    option's name ("at most 60 characters (max_answer_length)" reads "at most 60 characters").

    >>> plain_reason("an answer has at most 60 characters (max_answer_length); yours has 61", [])
    'an answer has at most 60 characters; yours has 61'
    """
    reason = re.sub(r"\s*\[rule: [^\]]*\]$", "", reason)
    reason = _OPTION.sub("", reason)
    reason = split_options(reason)[0]                                  # the options in notation: not for people
    return by_name(reason, names)


def _what(move: str) -> str:
    """What the player tried, as a verb phrase: ``bid 15``, ``pay 10+10``, ``lay those cards``."""
    words = move.split()
    if not words:
        return "play an empty move"
    verb = words[0].lower()
    if verb in ("bid", "pay", "vote"):
        return move
    return {"play": "lay those cards", "call": "call \u201cBløff!\u201d", "pass": "pass",
            "sell": "sell", "buy": "buy", "auction": "hold an auction",
            "accept": "accept", "trade": "trade like that", "counter": "counter like that",
            "offer": "offer like that", "write": "write that", "copy": "copy that",
            "done": "finish writing"}.get(verb, f"play \u201c{move}\u201d")


#: A note value the notation could not read, as :func:`bluffkit.core.money.parse` says it.
_NOT_A_NOTE = re.compile(r"'(?P<part>[^']*)' is not a note value \(notes are (?P<notes>[\d, ]+)\)")


def plus_form(typed: str, reason: str) -> str:
    """Where a move of notes typed with commas or spaces between them (``lay 0, 0``, ``pay 0
    0 10``) was refused as "'0, 0' is not a note value", the form that works, notes joined
    with ``+`` (:func:`bluffkit.core.money.parse`): the move typed so, or an example in the
    game's notes. The typed-move box's hint and the refusal showed neither. ``""`` for any
    other refusal.

    >>> plus_form("lay 0, 0", "'0, 0' is not a note value (notes are 0, 10, 50)")
    'join notes with +: lay 0+0'
    >>> plus_form("pay ten", "'ten' is not a note value (notes are 0, 10, 50)")
    'join notes with +, e.g. pay 0+0+10'
    >>> plus_form("pay 1 2", "'1 2' is not a note value (notes are 0, 10, 50)")
    'join notes with +, e.g. pay 0+0+10'
    >>> plus_form("lay 10, ²", "'10, ²' is not a note value (notes are 0, 10, 50)")
    'join notes with +, e.g. lay 0+0+10'
    >>> plus_form("bid 1x", "'1x' is not a whole number")
    ''

    Digits that are not all note values are not joined (``pay 1+2`` would be refused again).
    """
    m = _NOT_A_NOTE.search(reason)
    words = typed.split(None, 1)
    if m is None or not words:
        return ""
    verb = words[0].lower() if words[0].lower() in ("lay", "pay", "offer", "counter", "raise") else "lay"
    pieces = [p for p in re.split(r"[\s,;]+", m["part"]) if p]
    notes = [n.strip() for n in m["notes"].split(",") if n.strip()]
    if len(pieces) > 1 and all(p.isascii() and p.isdigit() and str(int(p)) in notes for p in pieces):
        return f"join notes with +: {verb} {'+'.join(str(int(p)) for p in pieces)}"
    low, high = (notes[0], notes[1]) if len(notes) > 1 else (notes[0], notes[0]) if notes else ("0", "10")
    return f"join notes with +, e.g. {verb} {low}+{low}+{high}"


def refusal(name: str, move: str, error: Exception, names=(), step: int | None = None) -> str:
    """The refusal in words, naming the player: ``"Bo can't bid 15: bids go up in tens"``."""
    rule = getattr(error, "rule", "")
    reason = getattr(error, "reason", str(error))
    if unknown_move(error):         # not the game's list of every move of every phase: the panel shows theirs
        return f"{name} can't {_what(move)}: it is not a move of this game (the panel shows the moves open now)"
    if rule == "bid-multiple" and step:
        reason = f"bids go up in {steps_word(step)}"
    elif rule == "bid-too-low":
        # the lowest bid the reason names: "bid 1,010 or more" (an open auction's, after its step)
        # or "at least 10"; amounts as the reasons write them, with a thousands comma
        m = re.search(r"bid (\d{1,3}(?:,\d{3})+|\d+) or more", reason) or \
            re.search(r"at least (\d{1,3}(?:,\d{3})+|\d+)", reason)
        reason = f"the lowest bid now is {m.group(1)}" if m else reason
    reason = plain_reason(reason, names)
    reason = re.sub(rf"^{re.escape(name)} cannot [\w ]+? now: ", "", reason)   # (the line says it already)
    if rule == "not-your-turn":
        reason = "it is not their turn" + (f": {reason}" if reason else "")
    plus = plus_form(move, getattr(error, "reason", str(error)))
    return f"{name} can't {_what(move)}: {reason}" + (f"; {plus}" if plus else "")


def refusal_html(name: str, move: str, error: Exception, names=(), step: int | None = None) -> str:
    """:func:`refusal` as a line of HTML; the rule id, and a rule option the reason names,
    only in its tooltip, for the teacher."""
    rule = getattr(error, "rule", None) if isinstance(error, IllegalAction) else None
    options = _OPTION.findall(getattr(error, "reason", ""))
    said = ([f"rule: {rule}"] if rule else []) + ([f"option: {', '.join(dict.fromkeys(options))}"] if options else [])
    title = f" title='{escape('; '.join(said))}'" if said else ""
    return f"<div class='bk-box bk-refusal' role='alert'{title}>{escape(refusal(name, move, error, names, step))}</div>"


def overbid_words(holds: int, amount: int, unit: str = "", button: str = "Bid") -> str:
    """The question a panel asks, once, before a bid above what the seat holds (a legal
    bluff that a slip of the keyboard can make): if it wins at a price the seat cannot pay,
    the seat shows all its money and the auction is held again, which undo cannot take back
    (YB "Not Enough Money?"; the booklet's rule for Bidder Up!'s auctions). ``button`` is
    the one that was clicked (a quick bid's label), which a second click on plays the bid.
    Few words: on a projector the question stands in the controls' column beside the board.

    >>> overbid_words(500, 1060)
    'You hold 500: if a bid of 1,060 wins and you cannot pay the price, you must show the table all your money and the auction is held again. Click Bid again to bid it anyway.'
    """
    return (f"You hold {_written(holds)}{unit}: if a bid of {_written(amount)}{unit} wins and you cannot pay the price, "
            f"you must show the table all your money and the auction is held again. "
            f"Click {button} again to bid it anyway.")


def take_words(holds: int, count: int, button: str) -> str:
    """The question a panel asks, once, before a take in the Dutch Auction at a count above
    the notes the seat holds (a legal bluff, as a bid above one's money is: see
    :func:`overbid_words`); ``button`` is the one clicked.

    >>> take_words(0, 1, "Take it for 1 note")[:60]
    'You hold no notes: if you take it at 1 note and win, you can'
    """
    held = f"{holds} note{'s' if holds != 1 else ''}" if holds else "no notes"
    return (f"You hold {held}: if you take it at {count} note{'s' if count != 1 else ''} and win, you cannot pay: "
            f"you must show the table all your money and the auction is held again. "
            f"Click {button} again to take it anyway.")


def yb_prompt(name: str, obs, names) -> str:
    """What a player of You're Bluffing!/Horse Trading may do now, in plain words."""
    lg = obs.legal
    parts = []
    if lg.auction:
        parts.append("hold an auction")
    if lg.trades:
        parts.append("challenge someone to a trade for an animal you both hold")
    if lg.bid:
        lo, cap, step = lg.bid
        parts.append(f"bid {amount(lo)} or more" + (f" (bids go up in {steps_word(step)})" if step > 1 else "")
                     + (f", at most {amount(cap)}" if cap is not None else "") + ", or pass")
    if lg.sell:
        who = names[obs.high_bidder] if obs.high_bidder >= 0 else "the highest bidder"
        buy = ruleset_words(obs.rules)["buy_button"].lower()          # "buy it back", "buy it yourself"
        parts.append(f"sell to {who} for {amount(obs.high_bid)}" + (f", or {buy} for that price" if lg.buy else ""))
    elif lg.buy:
        parts.append(f"{ruleset_words(obs.rules)['buy_button'].lower()} for {amount(obs.high_bid)}")
    notes = ruleset_words(obs.rules)["notes"]                     # Horse Trading's "money cards"
    if lg.notes_for is not None and lg.notes_for.__name__ == "Counter":
        parts.append(f"accept the offer, or click {notes} for a face-down counter-offer")
    elif lg.notes_for is not None and lg.notes_for.__name__ == "Offer":
        parts.append(f"click {notes} for a new face-down offer")
    if lg.pay is not None:
        parts.append(f"pay {amount(lg.pay)}: click the {notes} to give (no change is given), then Pay")
    what = "; or ".join(parts) if parts else "wait"
    return f"<b>{escape(name)}</b>, you may {escape(what)}."


def names_in(said: str, names) -> set[str]:
    """The seats' names ``said`` mentions as whole names: not inside a longer word ("Bob"
    is not Bo) nor inside a longer name ("Bo Goat gets the rooster" names Bo Goat, not Bo)."""
    whole = sorted({n for n in names if n}, key=len, reverse=True)
    if not whole:
        return set()
    pattern = r"(?<!\w)(?:" + "|".join(map(re.escape, whole)) + r")(?!\w)"
    return {m.group() for m in re.finditer(pattern, said)}


def whose_move(said: str, seat, names) -> str | None:
    """The player to name before a step's words, which do not name them: the panel shows
    "Anna's move · Nobody goes higher: …", never "Anna: …", which put the example's and
    the auctioneer's words in the player's mouth. ``None`` where the words name the mover,
    and for a chance move (a die, a card turned up, a question read out), which is no
    player's: its sentence stands alone."""
    if seat is None or names[seat] in names_in(said, names):
        return None
    return names[seat]
