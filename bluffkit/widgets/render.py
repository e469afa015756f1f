"""The table drawn in HTML and SVG: a seat's view is a function of that seat's observation;
the all-seeing view, of the state, is a separate call with its own name.

A seat's view (:func:`seat_html`, and :func:`seat_view` for any game) takes the
game, the observation and the names, never the state, so it cannot show what the
seat may not know: its own notes are drawn face up, the other players' as a stack of
card backs with their number, a face-down offer as its number of cards.
:func:`all_seeing_html` (:func:`all_seeing_view` for any game) shows every hand; only
the teacher's views call it. The drawings are bluffkit's own (:mod:`bluffkit.widgets.art`).
"""

from __future__ import annotations

import inspect
from html import escape

from bluffkit.core.money import amount, total
from bluffkit.games.youre_bluffing.narrate import phase_now, words as ruleset_words
from bluffkit.widgets import art

#: The style sheet of every drawn view (the tables' and the drawings' styles).
STYLE = """<style>
.bk-table {border-collapse: collapse; font-family: sans-serif; font-size: 1em; margin: 4px 0}
.bk-table td, .bk-table th {border-bottom: 1px solid #ddd; padding: 3px 10px; text-align: left; vertical-align: top}
.bk-lead {font-weight: bold}
.bk-turn {background: #fff4dc}
.bk-secret {color: #666}
.bk-box {font-family: sans-serif; font-size: 1em; margin: 4px 0}
</style>""" + art.CSS

def card_html(rules, family: int, count: int = 0, small: bool = False) -> str:
    """The animal card of ``family`` under ``rules``, its tooltip in the ruleset's words."""
    return art.animal_card(rules.labels[family], rules.family_values[family], family, rules.families[family],
                           count=count, small=small, set_word=ruleset_words(rules)["set"])


def herd_html(herd, rules, small: bool = True) -> str:
    """A herd drawn as animal cards, one per family, with the count on each."""
    cards = [card_html(rules, f, count=c, small=small) for f, c in enumerate(herd) if c]
    return "<span class='bk-row'>" + "".join(cards) + "</span>" if cards else "<i class='bk-secret'>no animals</i>"


def seat_html(game, obs, names) -> str:
    """The table from the view of ``obs.seat``, drawn from its observation ``obs`` alone:
    its own notes face up, the others' as card backs with their number."""
    d = obs.rules.denominations
    w = ruleset_words(obs.rules)
    money = [f"{art.notes_html(obs.hand, d, w['notes'], w['money_card'])} <b>= {amount(total(obs.hand, d))}</b>"
             if i == obs.seat else
             art.backs(obs.note_counts[i], w["notes"]) for i in range(len(names))]
    scores = obs.scores
    return _table(obs, names, set(obs.to_move), money, f"{escape(names[obs.seat])}'s view", obs.seat, scores)


def all_seeing_html(game, state, names) -> str:
    """The all-seeing table, every hand shown (the teacher, a finished game, a replay)."""
    d = state.rules.denominations
    w = ruleset_words(state.rules)
    money = [f"{art.notes_html(state.money[i], d, w['notes'], w['money_card'])} <b>= {amount(total(state.money[i], d))}</b>" for i in range(len(names))]
    scores = game.scores(state) if game.is_over(state) else None
    return _table(state, names, set(game.to_move(state)), money, "all-seeing view", None, scores)


def _table(src, names, to_move, money, who, me, scores) -> str:
    """The drawn table of ``src`` (an observation, or the state for the all-seeing view)
    with each seat's money already drawn; ``me`` the seat whose view it is."""
    rules = src.rules
    seats = []
    for i, name in enumerate(names):
        cls = "bk-seat" + (" bk-act" if i in to_move else "") + (" bk-me" if i == me else "")
        tags = (f"<span class='bk-tag'>{ruleset_words(rules)['tag']}</span>" if i == src.leader else "") + \
            ("<span class='bk-tag bk-tag-act'>to act</span>" if i in to_move else "")
        seats.append(f"<div class='{cls}'><div class='bk-name'>{escape(name)}{tags}</div>"
                     f"<div>{herd_html(src.herds[i], rules)}</div><div class='bk-money'>{money[i]}</div></div>")
    pile = sum(src.pile)
    head = (f"<div class='bk-head'><b>{who}</b> &middot; {pile} animal{'s' if pile != 1 else ''} left to turn up "
            f"&middot; paydays so far: {src.paydays} &middot; now: {phase_now(src, rules)}</div>")
    centre = f"<div class='bk-centre'>{art.backs(pile, 'animals')}{situation(src, names, rules)}</div>"
    end = scores_html(names, scores, "Final scores") if scores is not None else ""
    return "\n".join([STYLE, f"<div class='bk-drawn'>{head}{centre}<div class='bk-seats'>{''.join(seats)}</div>"
                      f"{end}</div>"])


def scores_html(names, scores, title: str = "Scores", unit: str = "points", low_wins: bool = False) -> str:
    """A small table of the scores, best first (``low_wins``: the lowest is best)."""
    order = sorted(range(len(names)), key=lambda s: scores[s] if low_wins else -scores[s])
    rows = "".join(f"<tr><td>{escape(names[s])}</td><td><b>{amount(scores[s])}</b></td></tr>" for s in order)
    return f"<table class='bk-scores'><tr><th>{escape(title)}</th><th>{escape(unit)}</th></tr>{rows}</table>"


def situation(src, names, rules) -> str:
    """The open auction or trade, drawn and in words (public information only)."""
    d, w = rules.denominations, ruleset_words(rules)
    out = []
    if src.lot:
        lot = "".join(card_html(rules, f) for f in src.lot)
        if src.high_bidder >= 0:
            bid = (f"Highest bid: <span class='bk-big'>{amount(src.high_bid)}</span> by "
                   f"<b>{escape(names[src.high_bidder])}</b>")
        else:
            bid = "No bid yet"
        waiting = ""
        if src.pending and src.phase == "bid":
            waiting = "<br>May still bid: " + ", ".join(escape(names[s]) for s in src.pending)
        out.append(f"<span class='bk-row'>{lot}</span><span>On sale by {escape(names[src.leader])}.<br>{bid}{waiting}</span>")
    for s, notes in src.shown:
        out.append(f"<span>{escape(names[s])} could not pay and showed all their money: "
                   f"{art.notes_html(notes, d, w['notes'], w['money_card'])} = {amount(total(notes, d))}</span>")
    trade = src.trade
    if trade is not None:
        from bluffkit.games.youre_bluffing.narrate import animals
        ch, tg, fam, cards, offer, ties = trade
        n = offer if isinstance(offer, int) else sum(offer)       # an observation holds the card count
        card = card_html(rules, fam, count=cards)
        if src.phase == "reoffer":        # the tied offers are swapped; no new offer is on the table yet
            offer_line = f"after a tie, {escape(names[ch])} makes a new offer"
        else:
            w = ruleset_words(rules)
            offer_line = f"offer: {art.backs(n, w['notes'])} {n} face-down {w['money_card'] if n == 1 else w['notes']}"
        out.append(f"<span class='bk-row'>{card}</span><span><b>Trade:</b> {escape(names[ch])} challenges "
                   f"{escape(names[tg])} for {escape(animals(rules, fam, cards))}"
                   + (" (after a tie)" if ties and src.phase != "reoffer" else "") + f"<br>{offer_line}</span>")
    if src.phase == "over":
        out.append("<span class='bk-big'>The game is over.</span>")
    return "".join(out) or "<span class='bk-secret'>No auction and no trade open.</span>"


def _on_projector(view, projector: bool) -> dict:
    """``{"projector": True}`` for a game's view that takes the keyword ``projector`` (Bidder
    Up!'s, whose board draws its words in large type), on a projector; else nothing: the
    other games' views are drawn as they always are, their large type the panel's styles."""
    if not projector:
        return {}
    try:
        takes = "projector" in inspect.signature(view).parameters
    except (TypeError, ValueError):          # (a view whose signature cannot be read: told nothing)
        takes = False
    return {"projector": True} if takes else {}


def seat_view(game, obs, names, *, projector: bool = False) -> str:
    """The table of any bluffkit game from the view of ``obs.seat``, drawn from that seat's
    observation alone (it never sees the state, so it cannot show what the seat may not
    know): the seat view its spec names, or :func:`plain_seat_html` when it names none.
    ``projector``: told to a view that takes it (:func:`_on_projector`); the others ignore it."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("seat_html") or plain_seat_html
    return view(game, obs, names, **_on_projector(view, projector))


def all_seeing_view(game, state, names, *, projector: bool = False) -> str:
    """The all-seeing table of any bluffkit game, every secret shown: for the teacher, a
    finished game, a replay or a worked example. The all-seeing view its spec names, or
    :func:`plain_all_seeing_html` when it names none. ``projector``: told to a view that
    takes it (:func:`_on_projector`); the others ignore it."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("all_seeing_html") or plain_all_seeing_html
    return view(game, state, names, **_on_projector(view, projector))


def narration_view(game, line: str) -> str:
    """One line of ``game``'s narration as HTML, as every panel shows it: the game's own
    form (its spec's ``narration_html``: Bløff writes the cards a call turns with their
    suits' signs, as its views draw them), else the line escaped."""
    from bluffkit.core.spec import spec_of
    view = spec_of(game).resolve("narration_html")
    return view(game, line) if view is not None else escape(line)


def plain_seat_html(game, obs, names) -> str:
    """The seat view of a game with no HTML view of its own: the game's text view (its
    spec's ``text_view``, else its ``describe``) of the observation."""
    from bluffkit.core.spec import spec_of
    text = spec_of(game).resolve("text_view") or type(game).describe
    return f"{STYLE}\n<pre class='bk-box'>{escape(text(game, obs, names))}</pre>"


def plain_all_seeing_html(game, state, names) -> str:
    """The all-seeing view of a game with no HTML view of its own: the game's facts."""
    rows = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                   for k, v in game.facts(state, names).items())
    return f"{STYLE}\n<div class='bk-box'><b>all-seeing view</b></div>\n<table class='bk-table'>{rows}</table>"
