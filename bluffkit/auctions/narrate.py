"""An auction in words: one public sentence per step, and a seat's view as text."""

from __future__ import annotations

from bluffkit.auctions.actions import (
    ACCEPT,
    PASS,
    REFUSE,
    STOP,
    TAKE,
    Bid,
    Call,
    Choose,
    First,
    Lot,
    Pay,
    Pen,
    Pick,
    Place,
    Raise,
    Refusal,
    Shuffle,
    Word,
)
from bluffkit.auctions.rules import ANIMALS, price_words
from bluffkit.auctions.sealed import split_order
from bluffkit.core.errors import by_name, count, said_together, the_things
from bluffkit.core.money import amount as amount_said, fmt, total


def public_move(before, seat, action):
    """What every seat sees of an auction move beyond its observation after it, and so all
    the narration may say of it (see :class:`bluffkit.core.spec.GameSpec`):

    - while sealed bids are made, that a seat has made its bid, never whether it bid or
      passed (Secret Value, Secret Count: "in secret"); in Dutch, that a seat has decided at
      the count, not whether it took;
    - a bid in an open format, notes laid face down (American Count's raise) and the
      face-down order of a Cat in the Bag pen, by their kind (an open bid's amount shows
      in the observation after it);
    - a payment of a price in notes, by their number (Secret Count: "show how many notes
      they bid (but not the face of the notes)"); a payment of a price in money is handed
      over whole, notes and all (the narration names them: "no change is given");
    - every other move whole."""
    r = before.rules
    kind = type(action)
    if before.phase == "bid" and r.sealed and kind in (Bid, Place, Word):
        return "sealed bid"
    if before.phase == "bid" and _traits(r).SHOWS_COUNT and action in (TAKE, PASS):
        return "decided"
    if kind in (Bid, Place, Raise, Shuffle):
        return kind.__name__
    if kind is Pay and before.payments and before.payments[0][3] != "value":
        return "Pay", sum(action.notes)
    return action


def capital(text: str) -> str:
    """``text`` with a capital first letter (``"the sheep"`` -> ``"The sheep"``)."""
    return text[:1].upper() + text[1:]


def animals_text(animals, word=None) -> str:
    """``the cow``, ``the cow and the horse``, ``the cat, the cow and the horse``; each
    animal's word by ``word`` (a game that tells animals apart), else its type's name.
    Animals of one word are said together, where the first of them stands.

    >>> animals_text((8, 2, 8)), animals_text((1, 1))
    ('the two cows and the cat', 'the two geese')
    """
    return the_things(word(a) if word else ANIMALS[a] for a in animals) or "nothing"


def face_down_lot(rules, pen, word=None, pen_words=None) -> str:
    """What is on sale in a Cat in the Bag, to a seat that may not look: "a face-down animal
    from the pen (the cow, the goat and the horse)" (two of them in a double pen); ``word``
    as :func:`animals_text`'s, ``pen_words`` as :func:`narrate`'s."""
    if not pen:                         # (before the pen is dealt: nothing is set out)
        return "not set out yet"
    k = rules.cat_picks(len(pen))
    return f"{'a face-down animal' if k == 1 else f'{k} face-down animals'} from the pen " \
        f"({animals_said(pen, pen_words) if pen_words is not None else animals_text(pen, word)})"


def animals_said(animals, pen_words=None, taken=()) -> str:
    """``animals`` of the pen in words: by ``pen_words`` (as :func:`narrate`'s), taken from
    the pen after ``taken``, else :func:`animals_text`."""
    return pen_words(tuple(animals), tuple(taken)) if pen_words is not None else animals_text(animals)


def lots_said(src, pen_words=None):
    """``lot_words(i, animals)`` for :func:`awards_lines`: lot ``i`` of ``src``'s awards in
    ``pen_words``' words, taken from the pen in the sale's order (an animal the auctioneer
    got free first, then the lots in turn: once sold or bought the owners hold the lots
    too, after it)."""
    owners = tuple(getattr(src, "owners", ()) or ())
    won = sum(len(an) for _, an, _ in src.awards)
    free = [a for a, _ in (owners[:len(owners) - won] if src.phase in ("pay", "over") else owners)]

    def words(i, animals):
        return animals_said(animals, pen_words, free + [a for _, an, _ in src.awards[:i] for a in an])
    return words


def _traits(rules):
    """The table class of the rules' format, whose class attributes are its traits."""
    from bluffkit.auctions.engine import FORMAT_TABLES
    return FORMAT_TABLES[rules.format]


def narrate(game, before, seat, action, after, names, pen_words=None) -> str:
    """One public sentence about a step; ``pen_words(animals, taken)``: animals of the pen
    (the pen, the lot, a lot won) in a parent game's words, taken from the pen after the
    animals ``taken`` (a male told apart: the first taken of a type), else
    :func:`animals_text`."""
    r = game.rules
    who = names[seat] if seat is not None else "chance"
    kind = type(action)
    price = price_words(r)
    if kind is Lot:
        text = f"{names[after.auctioneer]} auctions {animals_said(action.animals, pen_words)} ({r.fmt.title})."
    elif kind is Pen:
        text = f"The pen holds {animals_said(action.animals, pen_words)}."
    elif kind is Shuffle:
        text = f"{names[after.auctioneer]} shuffles the pen's animals ({animals_said(before.pen, pen_words)}) face down."
    elif kind is Pick:
        text = f"{who} points at {'card' if len(action.places) == 1 else 'cards'} " \
            f"{', '.join(map(str, action.places))}; only {names[after.auctioneer]} looks."
    elif before.phase == "bid" and r.sealed and kind in (Bid, Place, Word):
        text = f"{who} makes a sealed bid."          # a bid or a pass: nobody may tell before the reveal
    elif before.phase == "bid" and _traits(r).SHOWS_COUNT and action in (TAKE, PASS):
        text = f"{who} has decided at {before.count}."
    elif kind is Bid:
        text = f"{who} bids {price(action.amount)}."
    elif action == PASS:                    # the highest bidder, asked again, keeps its bid
        text = f"{who} stays at {price(before.high)}." if seat is not None and seat == before.high_bidder \
            and before.high else f"{who} passes."
    elif kind is Raise:
        text = f"{who} lays a note face down ({sum(after.placed[seat])} now)."
    elif action == STOP:
        text = f"{who} adds no more."
    elif kind is Call:
        text = f"{who} calls {amount_said(action.amount)}."
    elif action == ACCEPT:
        text = f"{who} accepts."
    elif action == REFUSE:
        text = f"{who} refuses: {names[after.auctioneer]} must buy at {before.called}."
    elif kind is First:
        text = f"{names[action.seat]} was first to the hammer."
    elif kind is Choose and before.choosing and before.choosing[0] == "first-animal":
        first = animals_said(split_order(r, before.lot)[:1], pen_words)
        text = f"{who} keeps {first}." if action.seat == seat else f"{who} gives {first} to {names[action.seat]}."
    elif kind is Choose:
        text = f"{who} chooses {names[action.seat]}."
    elif kind is Refusal:
        kept = set(range(len(before.awards))) if action.keep == (-1,) else set(action.keep)
        parts = []
        lot = lots_said(before, pen_words)
        for i, (s, an, p) in enumerate(before.awards):
            if i in kept:
                parts.append(f"buys {lot(i, an)} and owes {names[s]} {price(p)}")   # the payment is its own move
            else:
                parts.append(f"sells {lot(i, an)} to {names[s]} for {price(p)}")
        text = f"{who} " + "; ".join(parts) + "."
    elif kind is Pay:
        payer, payee, amount, mode = before.payments[0]
        text = f"{who} pays {names[payee]} " + (f"{fmt(action.notes, r.denominations)}"
                                                if mode == "value" else count(sum(action.notes), "note"))
        paid = total(action.notes, r.denominations)
        if mode == "value" and paid > amount:       # notes, no change given: a price of 10 paid with a 200
            text += (f" = {amount_said(paid)}" if sum(action.notes) > 1 else "") + f" for the {amount_said(amount)} owed (no change is given)"
        text += "."
    else:
        text = str(action)
    return text + _outcome(game, before, after, names, pen_words)


def _sealed_bids(game, bids, names) -> str:
    """" The bids: Ben 120, Carla 120; no bid from Dana." when the bids were sealed (they are
    turned over together), and who made none (a pass, or notes worth nothing laid), since a
    sealed pass is told as "makes a sealed bid" too (it read as a bid never turned over)."""
    if not game.rules.sealed:
        return ""
    made = [(s, b) for s, b in enumerate(bids) if b is not None and 0 <= s < len(names)]
    price = price_words(game.rules)
    bid = ", ".join(f"{names[s]} {price(b)}" for s, b in made if b)
    none = [names[s] for s, b in made if not b]      # a pass, or a bid worth nothing (0-notes laid)
    who = said_together(none)
    if bid:
        return f" The bids: {bid}" + (f"; no bid from {who}." if none else ".")
    return " The bids are turned over: no bid from anyone." if none else ""


def _outcome(game, before, after, names, pen_words=None) -> str:
    price = price_words(game.rules)
    lot = lots_said(after, pen_words)
    if after.reruns > before.reruns:
        # (under show_against="bid" the winner may hold the price: it cannot come up with its bid)
        cannot = "cannot come up with their bid" if game.rules.show_against == "bid" else "cannot pay"
        # "They then all reveal their bids together" (Bidder Up!, Secret Value): the bids were
        # seen before the winner showed its money (a tie settled by a choice told them then)
        bids = _sealed_bids(game, after.revealed, names) if before.phase == "bid" else ""
        d = game.rules.denominations          # both winners of a split double pen may have to show
        counted = game.rules.pricing == "count"       # (a count auction: the notes' number, not their value)
        showed = "".join(f" {names[s]} {cannot} and shows all their money: {fmt(notes, d)} "
                         + (f"({count(sum(notes), 'note')})." if counted else f"= {amount_said(total(notes, d))}.")
                         for s, notes in after.shown[len(before.shown):])
        return f"{bids}{showed} The auction is run again."
    awarded = after.phase == "refuse" and before.phase != "refuse"
    if (not game.rules.first_refusal and after.awards and not before.awards and not after.kept
            and before.phase not in ("refuse", "pay")):
        awarded = True                    # no right of first refusal: the sale is awarded at once
    if awarded:
        bids = _sealed_bids(game, after.bids, names)
        sold = "; ".join(f"{names[s]} wins {lot(i, an)} for {price(p)}" for i, (s, an, p) in enumerate(after.awards))
        return bids + f" {sold}."
    if after.phase == "over" and before.phase in ("bid", "final") and not before.awards and not after.payments:
        bids = _sealed_bids(game, after.bids, names) if before.phase == "bid" else ""
        return f"{bids} Nobody bids: {names[after.auctioneer]} gets {animals_said(after.lot, pen_words)} free."
    if _traits(game.rules).SHOWS_COUNT and after.phase == "bid" and after.count < before.count:
        return f" Nobody grabbed at {before.count}: the count goes on, {after.count}."
    if _traits(game.rules).SHOWS_COUNT and after.phase == "grab":
        return f" Several grabbed the hammer at {before.count}: who was first?"
    if after.shown and len(after.shown) > len(before.shown) and after.reruns == before.reruns:
        s, notes = after.shown[-1]
        lost = [(i, w, an) for i, (w, an, _) in enumerate(after.awards) if i in before.kept and i not in after.kept]
        sold = "; ".join(f"{lot(i, an)} is sold to {names[w]} after all" for i, w, an in lost) or \
            "that lot is sold to its winner after all"
        return (f" {names[s]} cannot pay for what they kept and shows their money: "
                f"{fmt(notes, game.rules.denominations)}; {sold}.")
    if after.phase == "choose" and (before.phase != "choose" or after.choosing != before.choosing):
        # the sealed bids are turned over together, and then the auctioneer chooses (a
        # second time: a tie for the second place, or two equally valuable animals)
        bids = _sealed_bids(game, after.bids, names) if before.phase == "bid" else ""
        boss = names[after.auctioneer]
        if after.choosing[0] == "first-animal":
            first, second = split_order(game.rules, after.lot)
            a, b = animals_said((first,), pen_words), animals_said((second,), pen_words, (first,))
            x, y = after.choosing[1]
            if y == after.auctioneer:       # one bidder: the auctioneer may keep the first free
                whom = f"{names[x]}, or {boss} (keeping it free; {names[x]} gets {b})"
            else:
                whom = f"{names[x]} or {names[y]} (the other gets {b})"
            return bids + f" {capital(a)} and {b} are equally valuable: {boss} chooses who gets {a}: {whom}."
        tied = [names[s] for s in after.choosing[1]]
        return bids + f" Tied: {boss} chooses among {said_together(tied)}."
    return ""


def describe(game, obs, names, legal: bool = False, pen_words=None) -> str:
    """A seat's view as text (``pen_words`` as :func:`narrate`'s)."""
    r = game.rules
    d = r.denominations
    if obs.lot is None:                 # Cat in the Bag: the pen is known, not which are picked
        lot = face_down_lot(r, obs.pen, pen_words=pen_words)
    elif obs.lot:
        lot = animals_said(obs.lot, pen_words)
    elif obs.pen:                       # (the auctioneer, before the left neighbour picks)
        lot = f"to be picked from the pen ({animals_said(obs.pen, pen_words)})"
    else:
        lot = "not set out yet"
    lines = [f"-- {names[obs.seat]}'s view -- {r.fmt.title}, auctioneer {names[obs.auctioneer]}, lot: {lot}",
             f"   your notes: {fmt(obs.hand, d)} = {amount_said(total(obs.hand, d))}"]
    if obs.high_bidder >= 0 and _traits(r).OPEN_OUTCRY:
        lines.append(f"   highest bid: {price_words(r)(obs.high)} by {names[obs.high_bidder]}")
    if _traits(r).SHOWS_COUNT and obs.phase == "bid":
        lines.append(f"   the count: {count(obs.count, 'note')}")
    if obs.called >= 0:
        lines.append(f"   called: {amount_said(obs.called)}")
    if obs.phase == "bid" and any(obs.revealed):    # the bids made before the auction was run again
        lines.append("   the bids last time: " + ", ".join(f"{names[s]} {price_words(r)(b)}"
                                                          for s, b in enumerate(obs.revealed) if b))
    for line in awards_lines(obs, names, r, lots_said(obs, pen_words)):
        lines.append("   " + line)
    if legal:
        lg = obs.legal          # each move as it is typed (Legal.description)
        lines.append("   you may: " + (by_name(lg.description, names) if lg else "nothing now"))
    return "\n".join(lines)


def settling_lines(src, names, rules, money, lot_words=None) -> list[str]:
    """What an auction under way has settled, as HTML sentences for the views (names
    escaped): each bidder who could not pay and showed all their money (``money(notes)``
    draws it), each lot won at the hammer and, once the auctioneer has sold or bought it,
    sold (:func:`awards_lines`, which says a purchase's payment), each other payment owed.
    ``lot_words(i, animals)``: lot ``i``'s animals in a parent game's words (a male told
    apart), else :func:`animals_text`."""
    from html import escape
    out = [f"{escape(names[s])} could not pay and showed all their money: {money(notes)}" for s, notes in src.shown]
    done = src.phase in ("pay", "over")               # (before: the auctioneer still sells or buys)
    out += [f"{'Sold' if done else 'Won at the hammer'}: {escape(line)}"
            for line in awards_lines(src, names, rules, lot_words)]
    out += [f"{escape(names[payer])} owes {escape(names[payee])} {count(amount, 'note') if mode == 'count' else amount_said(amount)}"
            for payer, payee, amount, mode in owed(src)]
    return out


def owed(src) -> list[tuple]:
    """The payments owed that :func:`settling_lines` says, ``(payer, payee, amount, mode)``:
    all of ``src.payments`` but the auctioneer's purchases of lots it kept by its right of
    first refusal, which the lot's own line says once sold."""
    done = src.phase in ("pay", "over")
    bought = {(src.auctioneer, s) for i, (s, an, _) in enumerate(src.awards) if done and an and i in src.kept}
    return [p for p in src.payments if (p[0], p[1]) not in bought]


def awards_lines(src, names, rules, lot_words=None) -> list[str]:
    """Each lot sold, numbered as ``buy N`` counts them, and whether the auctioneer kept it
    (``lot_words``: as :func:`settling_lines`')."""
    price = price_words(rules)
    out = []
    for i, (s, an, p) in enumerate(src.awards, 1):
        label = f"lot {i}: " if len(src.awards) > 1 else ""
        said = lot_words(i - 1, an) if lot_words is not None and an else animals_text(an)
        if src.phase in ("pay", "over") and an and i - 1 in src.kept and rules.calls_any_amount:
            # The Call: kept after a refused call (it must be bought) or after an accepted one
            out.append(f"{label}{said} called at {price(p)}, bought by {names[src.auctioneer]} "
                       f"(right of first refusal), who pays {names[s]} {price(p)}")
        elif src.phase in ("pay", "over") and an and i - 1 in src.kept:
            out.append(f"{label}{said} won by {names[s]} for {price(p)}, kept by "
                       f"{names[src.auctioneer]} (right of first refusal), who pays {names[s]} {price(p)}")
        elif not an:                    # a split double pen's place, before the auctioneer's choice
            out.append(f"{label}to {names[s]} for {price(p)} (the animal is still to be chosen)")
        else:
            out.append(f"{label}{said} to {names[s]} for {price(p)}")
    return out
