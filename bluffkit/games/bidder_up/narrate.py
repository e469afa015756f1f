"""Bidder Up! in words: one public sentence per step, a seat's view as text, and the
checkable facts scenarios compare."""

from __future__ import annotations

from collections import Counter as Multiset

from bluffkit.auctions.game import Auction
from bluffkit.auctions.narrate import animals_text, narrate as auction_narrate
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.errors import by_name, count
from bluffkit.core.money import amount, fmt, total
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.actions import name, told_apart
from bluffkit.games.bidder_up.animal_icons import animal_words
from bluffkit.games.bidder_up.farm import seat_farms, ticket_words
from bluffkit.games.bidder_up.layout import layout_of
from bluffkit.games.bidder_up.observe import fanned
from bluffkit.games.bidder_up.scoring import wool
from bluffkit.games.bidder_up.state import GIVE, KEEP, OVER


def _stopped(changes, before, after) -> str:
    """Which markers a change left at the track's end short of its steps (``track_ends="stop"``, L4)."""
    short = [ANIMALS[a] for a, k in changes or () if after.market[a] - before.market[a] != k]
    return f" ({', '.join(short)} stopped at the end of the track.)" if short else ""


def _word(a: int) -> str:
    """An animal in words, as the panel shows it: its type, with ♂ for a male told apart [K]."""
    return animal_words(name(a))


def pen_words(pool):
    """The ``pen_words`` of the auction's narration, view and panel: animals of the pen at
    auction as the panel names them, told apart from ``pool`` (its animals, a male told
    apart: public as the pen is; a seat's ``on_sale``) in the order the sale takes them,
    after those ``taken`` [K]: "the cow ♂ and the cow"."""
    return lambda animals, taken=(): animals_text(told_apart((*taken, *animals), pool)[len(taken):], _word)


def _animals(xs) -> str:
    return ", ".join(map(_word, xs)) or "nothing"


def place(rules, space) -> str:
    """A space as the board names it (``Pen 2 (small)``, ``Horse-Trading (hilltop)``),
    never its id: what a sentence a player reads says.

    >>> from bluffkit.games.bidder_up.rules import Rules
    >>> place(Rules(), "pen-2"), place(Rules(board="fairground"), "hilltop")
    ('Pen 2 (small)', 'Market (hilltop)')
    """
    return layout_of(rules.board).labels.get(space, str(space))


def public_move(before, seat, action):
    """What every seat sees of a move beyond its observation after it, and so all the
    narration may say of it (see :class:`bluffkit.core.spec.GameSpec`): in an auction, what
    the auction shows (:func:`bluffkit.auctions.narrate.public_move`); notes paid to move,
    to change the market or to draw raffle tickets by their number only (the cost, which
    the table sees leave the hand); an offer or counter laid face down in a horse-trade
    (E: "face-down offer") without its notes or their number, as the observation keeps
    them counted with their owner (with ``offer_count_seen``, the notes fanned out, with
    their number); the ticket kept (H: "keep only one, face down") and the setup's deal,
    by their kind only; the tickets drawn, by their number. Every other move shows whole."""
    if before.auction is not None:
        from bluffkit.auctions.narrate import public_move as auction_move
        return auction_move(before.auction, seat, action)
    if isinstance(action, (A.Keep, A.Deal)):
        return type(action).__name__
    if isinstance(action, A.Tickets):
        return "tickets", len(action.names)
    notes = getattr(action, "notes", None)
    if notes is None:
        return action
    shown = tuple(getattr(action, f) for f in action.__dataclass_fields__ if f not in ("notes", "denoms"))
    if isinstance(action, (A.Trade, A.Counter)):
        if fanned(before):
            return type(action).__name__, shown, sum(notes)
        return type(action).__name__, shown
    return type(action).__name__, shown, sum(notes)


def sex_word(animal: int) -> str:
    """"male" or "female": an animal told apart in the Fairground's Baby Animals [K]."""
    return "male" if animal >= A.MALE else "female"


def narrate(game, before, seat, action, after, names) -> str:
    """One sentence about a step, with nothing hidden in it."""
    if before.auction is not None:
        text = auction_narrate(Auction(before.auction.rules), before.auction, seat, action,
                               after.auction if after.auction is not None else _final(before, seat, action), names,
                               pen_words(before.drawn))
    elif isinstance(action, A.Deal):
        text = "The animals are dealt into the pens and the two supply stacks."
    elif isinstance(action, A.Roll):
        text = f"The die shows {action.n}."
    elif isinstance(action, A.Tickets):
        text = f"{names[before.current]} draws {count(len(action.names), 'raffle ticket')}."
    elif isinstance(action, A.Sow):
        text = f"The die decides the tie: {names[action.seat]} wins the Wool-Milk-Sow."
    elif isinstance(action, A.Move):
        paid = sum(action.notes)
        text = f"{names[seat]} moves to {place(game.rules, action.space)}" + (f", paying {count(paid, 'note')} to the Piggy Bank." if paid
                                                             else ".")
    elif isinstance(action, A.Trade):
        text = f"{names[seat]} challenges {names[action.target]} for a {ANIMALS[action.animal]}"
        if before.rules.sexes and after.trade is not None:     # [K] the challenger picks the two specimens
            mine, theirs = after.trade[2]
            text += f", {names[action.target]}'s {sex_word(theirs)} against {names[seat]}'s {sex_word(mine)}"
        text += ", offer face down" + (f" ({count(sum(action.notes), 'note')})." if fanned(before) else ".")
    elif isinstance(action, A.Counter) or action == A.AGREE:
        log = after.log
        verb = "accepts" if action == A.AGREE else "counters"
        if action != A.AGREE and fanned(before):
            verb += f" with {count(sum(action.notes), 'note')}"
        text = f"{names[seat]} {verb}: {names[log[4]]} gets the {ANIMALS[log[3]]}." if log[:1] == ("trade",) \
            else f"{names[seat]} {verb}."
    elif isinstance(action, A.Market):
        ch = ", ".join(f"{ANIMALS[a]} {k:+d}" for a, k in action.changes)
        text = f"{names[seat]} changes the market: {ch} ({count(sum(action.notes), 'note')})." if ch \
            else f"{names[seat]} leaves the market as it is."
        text += _stopped(action.changes, before, after)
    elif isinstance(action, A.Raffle):
        if not action.k:
            text = f"{names[seat]} draws no ticket."
        else:                               # past the bag (raffle_overdraw="draw_rest", L7): what is left
            short = f" (the bag holds {len(before.bag)})" if action.k > len(before.bag) else ""
            text = f"{names[seat]} buys {count(action.k, 'raffle ticket')}{short}."
    elif isinstance(action, A.Keep):
        text = f"{names[seat]} keeps one ticket face down."
    elif isinstance(action, A.Ticket):           # Move Market Markers: the markers moved, seen by all [H]
        moved = ", ".join(f"{ANIMALS[a]} {k:+d}" for a, k in action.changes or ())
        text = (f"{names[seat]} reveals the ticket {ticket_words(action.name)}" + (f": {moved}." if moved else ".")
                + _stopped(action.changes, before, after))
    elif isinstance(action, A.Loan):                    # [J] the note with its IOU
        iou = next((v for note, v, _ in before.rules.loans if note == action.value), None)
        text = f"{names[seat]} takes a loan: the {action.value} note with its IOU" + \
            (f" ({amount(iou)} to repay at the end)." if iou is not None else ".")
    elif isinstance(action, A.Give):                    # [J] the gamble's 3, the note given seen by its taker
        kept = len(before.drawn) - 1
        text = f"{names[seat]} gives {names[1 - seat]} a {action.value} note" + \
            (f" and keeps the other {'two' if kept == 2 else 'one'}." if kept > 0 else ".")
    elif action == A.GAMBLE:
        text = f"{names[seat]} gambles: the die decides."
    elif action == A.RAID:
        text = f"{names[seat]} raids the Piggy Bank."
    elif action == A.END:
        text = f"{names[seat]} ends their turn."
    else:
        text = f"{names[seat]}: {action}."
    if after.log != before.log and after.log[:1] == ("piggy",) and before.auction is None:
        if action == A.RAID:
            text = f"{names[seat]} raids the Piggy Bank and takes {count(after.log[2], 'note')}."
        else:
            text += f" {names[after.log[1]]} takes {count(after.log[2], 'note')} from the Piggy Bank."
    if after.log != before.log and after.log[:1] == ("gamble",):     # [J] what the roll does
        _, g, n, k = after.log
        gambler, other = names[g], names[1 - g]
        if not k:
            text += " The Gambling stack is empty: nothing to take."
        elif n == 1:
            text += f" {gambler} gives {other} the top note of the Gambling stack, unseen."
        elif n == 2:
            text += f" {gambler} keeps the top {count(k, 'note')} of the Gambling stack."
        else:
            text += f" {gambler} looks at the top {count(k, 'note')} of the Gambling stack."
    if after.log != before.log and after.log[:1] == ("sold",):
        i = before.pen_at
        back = after.seen[i] if after.seen and 0 <= i < len(after.seen) else ()
        if back:
            text += f" Back face down in the pen: {', '.join(map(_word, back))}."
        for value, seats in after.log[3]:
            text += f" Golden Donkey: {amount(value)} to {count(len(seats), 'player')}."
    if after.phase == OVER and before.phase != OVER:
        if after.sow >= 0 and before.sow < 0 and not isinstance(action, A.Sow):
            # [H] the highest Wool-Milk total; a tie, the most Wool-Milk tickets (the die after: Sow)
            totals = {k: wool(after.tickets[k]) for k in range(len(names))}
            mine = totals[after.sow]
            tied = [k for k, w in totals.items() if w[1] and w[0] == mine[0] and k != after.sow]
            text += (f" {names[after.sow]} wins the Wool-Milk-Sow: the highest Wool-Milk total, {mine[0]}"
                     + (f" (tied, with the most Wool-Milk tickets, {mine[1]})" if tied else "") + ".")
        text += " The game is over."
    return text


def _final(before, seat, action):
    t = Auction(before.auction.rules).table(before.auction)
    t.apply_chance(action) if seat is None else t._do(seat, action)
    return t.freeze()


def _face_down(obs, i: int) -> str:
    """A face-down pen: how many, and those every player saw go back face down."""
    known = obs.seen[i]
    down = f"{obs.stacks[1][i]} face down"
    return f"{down} ({', '.join(map(_word, known))} seen going back)" if known else down


def describe(game, obs, names, legal: bool = False) -> str:
    """A seat's view as text (from its observation only)."""
    d = obs.rules.denominations
    board = layout_of(obs.rules.board).board
    # whose turn it is (the pawn that moves), and apart from it whether this seat is asked to
    # act now: in an auction, a horse-trade or a gamble during another player's turn it is
    lines = [f"Bidder Up! ({board.title or board.name}), turn {obs.turn + 1}: {names[obs.current]}'s turn, "
             f"{PHASE_WORDS.get(obs.phase, obs.phase)}"       # (the phase in words, not the state's name)
             # the die while the move is to be made (a raffle keeps its tickets to draw in the field after)
             + (f" (the die shows {obs.roll})" if obs.roll and obs.phase == "move" else "")
             + (f"; {names[obs.seat]} is asked to act now" if obs.legal and obs.phase != OVER else "")]
    lines.append(f"You are {names[obs.seat]}: {fmt(obs.hand, d)} ({amount(total(obs.hand, d))})"
                 + (f"; tickets {', '.join(obs.my_tickets)}" if obs.my_tickets else ""))
    if obs.phase in (KEEP, GIVE) and isinstance(obs.drawn, tuple) and obs.drawn:    # the seat's own draw [H, J]
        drawn = (", ".join(map(ticket_words, obs.drawn)) if obs.phase == KEEP else
                 fmt(tuple(obs.drawn.count(i) for i in range(len(d))), d))
        lines.append(f"You drew {drawn}: " + ("keep it." if len(obs.drawn) == 1 else
                                              "keep one, the others go back into the bag.") if obs.phase == KEEP else
                     f"You look at the top notes of the Gambling stack: {drawn}; give one to "
                     f"{names[1 - obs.seat]}" + (", keep the others." if len(obs.drawn) > 1 else "."))
    farms = seat_farms(obs, names)          # what the panel's farm boards show, from the observation
    for s, n in enumerate(names):
        past = Multiset(obs.pastures[s])
        f = farms[s]
        lines.append(f"  {n}: at {place(obs.rules, obs.pos[s])}, {count(obs.note_counts[s], 'note')}, pasture "
                     f"{', '.join(f'{_word(a)} x{c}' for a, c in sorted(past.items())) or 'nothing'}, barn "
                     f"{_animals(obs.barns[s])}" + (f", {count(obs.ticket_counts[s], 'ticket')}" if obs.ticket_counts[s]
                                                    else "")
                     + (f", babies in the barn {', '.join(f.baby_barn)}" if f.baby_barn else "")
                     + (f", petting zoo {', '.join(f.zoo)}" if f.zoo else "")
                     + (f", loans to repay at the end {'+'.join(map(amount, f.loans))}" if f.loans else "")
                     + (", the Wool-Milk-Sow" if f.sow else ""))
    # the pen at auction first: its animals are the auction's lot, not "nothing"
    pens = [f"{i + 1}: " + ("at auction" if obs.auction is not None and obs.pen_at == i else
                            _animals(p) if p is not None else _face_down(obs, i) if obs.stacks[1][i] else "nothing")
            for i, p in enumerate(obs.pens)]
    lines.append("Pens " + "; ".join(pens) + f". Supply stacks {obs.stacks[0][0]} + {obs.stacks[0][1]}. "
                 f"Piggy Bank {count(obs.piggy, 'note')}.")
    if obs.rules.fairground:
        tr = obs.rules.market_track
        lines.append("Market: " + ", ".join(f"{ANIMALS[a]} {amount(tr[p])}" + ("*" if a in obs.locked else "")
                                             for a, p in enumerate(obs.market)) + f". Raffle bag {obs.bag}.")
    if obs.auction is not None:
        lines.append(Auction(obs.auction.rules).describe(obs.auction, names, False, pen_words(obs.on_sale)))
    if obs.trade is not None and obs.trade[1] >= 0:       # an open horse-trade [E]
        c, target, animal, by_count, put_up = obs.trade
        laid = "" if obs.offer_notes is None else f" ({count(obs.offer_notes, 'note')}, fanned out)"
        mine = "" if obs.my_offer is None else f"; your offer {fmt(obs.my_offer, d)}"
        # [K] the two specimens the challenger picked, as the table heard them
        which = (f", {names[target]}'s {sex_word(put_up[1])} against {names[c]}'s {sex_word(put_up[0])}"
                 if obs.rules.sexes and len(put_up) == 2 else "")
        lines.append(f"Horse-trade: {names[c]} challenges {names[target]} for a {ANIMALS[animal]}{which}, offer face down"
                     f"{laid}" + (" (the number of notes counts)" if by_count else "") + f"{mine}.")
    if legal and obs.legal:
        lines.append("You may: " + by_name(obs.legal.description, names))     # quoted moves keep numbers
    return "\n".join(lines)


def facts(game, state, names) -> dict:
    """The numbers a scenario checks (every one public or the all-seeing table's)."""
    t = game.table(state)
    d = game.rules.denominations
    money = t.money if t.auction is None else t.auction.money
    out = {
        "phase": t.phase, "current": names[t.current], "roll": t.roll,
        "pos": {n: p for n, p in zip(names, t.pos)},
        "money": {n: total(m, d) for n, m in zip(names, money)},
        "notes": {n: sum(m) for n, m in zip(names, money)},
        "hand": {n: fmt(m, d) for n, m in zip(names, money)},
        "piggy": len(t.piggy), "piggy_value": sum(d[i] for i in t.piggy),
        "bank": total(t.bank, d), "donkeys": t.donkeys,
        "pastures": {n: dict(Multiset(name(a) for a in p)) for n, p in zip(names, t.pastures)},
        "barns": {n: [ANIMALS[a] for a in b] for n, b in zip(names, t.barns)},
        "pens": {str(p.space): [name(a) for a in pen] for p, pen in zip(t.lay.pens, t.pens)},
        "stacks": sum(map(len, t.stacks)),
        "tickets": {n: list(x) for n, x in zip(names, t.tickets)}, "bag": len(t.bag),
        "loans": {n: sum(x) for n, x in zip(names, t.loans)},
        "sow": names[t.sow] if t.sow >= 0 else None,
        "babies": [ANIMALS[a] for a in t.babies],
        "baby_barns": {n: [ANIMALS[a] for a in b] for n, b in zip(names, t.baby_barns)},
        "baby_zoos": {n: [ANIMALS[a] for a in b] for n, b in zip(names, t.baby_zoos)},
        "scores": dict(zip(names, t.scores())),
    }
    if game.rules.fairground:
        out["market"] = {a: game.rules.market_track[p] for a, p in zip(ANIMALS, t.market)}
        out["locked"] = [ANIMALS[a] for a in t.locked]
    if t.phase == OVER:
        out["winners"] = [names[s] for s in t.winners()]
    if t.log[:1] == ("move",):
        out["moved"] = {"steps": t.log[3], "cost": t.log[4]}
    return out


# -- the facts a worked example checks, in the rulebook's words --------------------------------

#: The game's words for its facts (``game.facts``' keys) where they are its own, by the
#: rulebook's sections (docs/bidder-up.md: A-L of BIDDER-UP.md): ``current`` is whose turn
#: it is; ``notes`` their number, a move being paid by count [C].
FACT_WORDS = {"current": "whose turn", "roll": "the die shows",
              "pos": "pawn on",                                           # [C]
              "moved": "the move",                                        # [C] more or fewer costs notes
              "notes": "notes in hand (by count)", "money": "money (the notes' value)",
              "hand": "notes in hand", "piggy": "notes on the Piggy Bank",  # [F]
              "piggy_value": "the Piggy Bank's notes are worth",
              "bank": "the notes beside the Golden Donkey",               # [A], [D]
              "donkeys": "Golden Donkeys paid out so far",                # [D]
              "pastures": "animals on the pasture", "barns": "complete types in the barn",   # [D]
              "pens": "animals in the pens", "stacks": "animals in the supply stacks",
              "market": "market values", "locked": "locked types",       # [G]
              "tickets": "raffle tickets held", "bag": "raffle tickets in the bag",          # [H]
              "sow": "the Wool-Milk-Sow goes to",                         # [H]
              "loans": "IOUs to pay back at the end",                     # [J]
              "babies": "baby animals on the supply board", "baby_barns": "baby animals in the barn",
              "baby_zoos": "baby animals in the petting zoo",            # [K]
              "scores": "score"}                                          # [I]

#: The phases in the rulebook's words: [C] roll, move; [D] pens; [E] horse-trading; [F], [J]
#: the Piggy Bank; [G] market; [H] raffle; [I] the end.
PHASE_WORDS = {"setup": "the animals are dealt", "roll": "the next turn begins with the roll of the die",
               "move": "the pawn moves", "auction": "the pen's animals are auctioned",
               "trade": "a horse-trade: the challenger makes an offer",
               "respond": "a horse-trade: the challenged player accepts or counters",
               "market": "the market: animal values change", "raffle": "the Raffle Booth: tickets are bought",
               "draw": "raffle tickets are drawn", "keep": "one raffle ticket is kept",
               "piggy": "the Piggy Bank: raid, loan or gamble", "gamble": "the gamble: the die is rolled",
               "give": "the gamble: one of three notes is given to the opponent",
               "end": "action tickets may still be revealed", "sow": "the die decides the Wool-Milk-Sow",
               "over": "the game is over"}


def _moved(v: dict) -> str:
    """The Bidder Up! move in words [C]: "For 2 spaces more or fewer, the player would have
    to pay 1 + 2 = 3 notes", by count, face down onto the Piggy Bank."""
    steps, cost = v.get("steps"), v.get("cost")
    paid = "paying nothing" if cost == 0 else f"paying {cost} note{'s' if cost != 1 else ''} onto the Piggy Bank"
    return f"{steps} space{'s' if steps != 1 else ''}, {paid}"


def fact_value(game, key: str, value) -> str | None:
    """A fact's value in the rulebook's words where the board says it its own way: a
    pawn's space by the board's name (``pen-2`` -> ``Pen 2 (small)``), the move [C], a
    pasture's animals with the male told apart [K]; ``None`` for the others."""
    if key == "pos" and isinstance(value, str):
        return place(game.rules, value)
    if key == "moved" and isinstance(value, dict):
        return _moved(value)
    if key == "pastures" and isinstance(value, dict) and value and all(isinstance(n, int) for n in value.values()):
        # one pasture: "2 × sheep, 1 × sheep (male)" (Baby Animals tell the male apart [K])
        return ", ".join(f"{n} \u00d7 " + (f"{a.removesuffix('-m')} (male)" if a.endswith("-m") else a)
                         for a, n in value.items())
    return None
