"""How likely is a claim in Bløff to be a lie?  Exact odds for the player deciding to call.

In Bløff (Cheat / Bullshit / I Doubt It; rulebook ``seeds/002_f43980afe81e6751.txt``,
digest in ``RULES.md`` section 3) every play is a claim "k cards of rank r" made with k cards
face down. Suits do not matter, one deck has 4 cards of each rank, and with seven or more
players two decks are shuffled together, so 8 of each ("Er dere sju eller flere ... kan dere
stokke sammen to kortstokker").

**Certain lies.** The rulebook's example: Anne holds two fours and David claims three fours.
"Tre firere til i tillegg til hennes to blir fem, og det finnes bare fire i stokken": three more
besides her two make five, and the deck has only four, so David is certainly lying. In general a
claim of k is certainly false when k + (the copies the observer can see elsewhere) > copies.

**Probable lies: the model.** The observer (the player deciding whether to call) treats every
card they have not seen as shuffled at random among the places where they could be: the
claimant's hand, the other hands, the face-down pile. So the claimant's hand before the play is
a random handful of the unseen cards, and the number of rank-r cards in it follows the
hypergeometric law (drawing n cards without replacement from N unseen cards of which K are
rank r). The claim is true only if the claimant held at least k of rank r. Assumptions:

* *Random deal, nothing else learned*: all deals consistent with the cards the observer has seen
  are equally likely. This is exact for the first play of a game; later it ignores what other
  players' claims and calls (and the claimant's choice of k) might hint.
* *Honest when able* (``lie_prob=0``): a claimant who holds k cards of the rank plays them
  truthfully. With ``lie_prob=q`` such a claimant still lies with probability q ("eller lyve
  likevel for å bli kvitt et dårlig kort"), to model bluffers. A claimant who lacks them must lie.

All probabilities are exact :class:`fractions.Fraction` values.

>>> p_claim_false(3, in_hand=2, revealed=0, decks=1, unseen_cards=39, claimant_cards=13)
Fraction(1, 1)
>>> p_claim_false(1, in_hand=0, revealed=0, decks=1, unseen_cards=39, claimant_cards=13)
Fraction(1150, 6327)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import chain, combinations
from math import comb
from numbers import Integral, Rational, Real
from typing import TYPE_CHECKING

from bluffkit.core.errors import check_whole, quote

if TYPE_CHECKING:
    import pandas as pd
    import sympy as sp

RANKS = 13
DECK_SIZE = 52
TABLE_COLUMNS = ["decks", "copies", "hand_size", "unseen_cards", "claimant_cards", "lie_prob",
                 "in_hand", "k", "certain", "p_false", "p_false_float"]


#: The players a table of Bløff may seat: the rulebook's "3 til 10 spillere" are the game's
#: defaults, and its ``min_players``/``max_players`` options go from 2 to
#: :data:`bluffkit.games.bloff.rules.MAX_PLAYERS` (20), so the deal here takes those too.
MIN_PLAYERS, MAX_PLAYERS = 2, 20

#: The most decks the tables and hand sizes here take (a game takes one, or two for seven
#: players or more): enough for any table, and a limit that keeps a table a few rows.
MAX_DECKS = 10


def copies(decks: int = 1) -> int:
    """Cards of each rank in play: 4 per deck (suits do not matter).

    >>> copies(1), copies(2)
    (4, 8)
    """
    check_count(decks, "decks", low=1)
    if decks > MAX_DECKS:
        raise ValueError(f"decks: at most {MAX_DECKS} (a game of Bløff takes one or two), got {decks:,}")
    return 4 * decks


def hand_sizes(players: int, decks: int | None = None) -> list[int]:
    """Hand sizes after dealing the whole deck one card at a time, as evenly as possible.

    The first players dealt to (from the dealer's left) get the odd cards ("Går det ikke opp,
    får noen ett kort mer enn andre"). ``decks`` defaults to 2 for seven or more players.
    ``players`` is 2 to 20 (:data:`MIN_PLAYERS`, :data:`MAX_PLAYERS`: the rulebook's 3 to 10
    and the game's options beyond them).

    >>> hand_sizes(4), hand_sizes(7)
    ([13, 13, 13, 13], [15, 15, 15, 15, 15, 15, 14])
    """
    players = check_count(players, "players")   # (a Python int: the sizes too; 0 and 1 are told the range below)
    if decks is not None:
        copies(decks)                            # (checks it)
    total = DECK_SIZE * (decks if decks is not None else (2 if players >= 7 else 1))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        more = f" ({players:,} players are more than the {total} cards: each must be dealt one)" \
            if players > total else ""
        raise ValueError(f"players: a Bløff table seats {MIN_PLAYERS} to {MAX_PLAYERS} players (the rulebook's 3 "
                         f"to 10, and the game's min_players and max_players options), got {players:,}{more}")
    base, extra = divmod(total, players)
    return [base + (i < extra) for i in range(players)]


def certainly_false(k: int, in_hand: int, revealed: int = 0, decks: int = 1, *,
                    copies_per_rank: int | None = None) -> bool:
    """The rulebook's test: a claim of ``k`` is a sure lie if ``k + in_hand + revealed > copies``.

    ``in_hand``: the observer's own cards of the rank; ``revealed``: cards of the rank the observer
    has seen (turned face up at a call, proven in the pile, or played by the observer) and knows
    are not in the claimant's hand. Cards seen going *into* the claimant's hand do not count.

    >>> certainly_false(3, in_hand=2)      # Anne's two fours against David's "three fours"
    True
    >>> certainly_false(3, in_hand=1)
    False
    """
    c = copies(decks) if copies_per_rank is None else check_count(copies_per_rank, "copies_per_rank", 1)
    return check_count(k, "k", low=1) + check_count(in_hand, "in_hand") + check_count(revealed, "revealed") > c


def p_claim_false(k: int, in_hand: int, revealed: int, decks: int, unseen_cards: int,
                  claimant_cards: int, *, lie_prob: float | Fraction = 0, known_in_claimant: int = 0,
                  copies_per_rank: int | None = None) -> Fraction:
    """The exact probability that a claim of ``k`` cards of one rank is false, for one observer.

    What the observer knows (all counts):

    * ``in_hand``: cards of the rank in the observer's own hand now.
    * ``revealed``: cards of the rank seen and known to be outside the claimant's hand (see
      :func:`certainly_false`).
    * ``unseen_cards`` (N): every card whose identity the observer does not know: the other
      hands, the face-down pile, *and the k cards just played* (they belong to the claimant's
      hand before the play, so they are not subtracted). Equivalently: all cards in the game
      minus the observer's hand, minus the cards the observer played or saw face up. At the
      start of a four-player game N = 52 - 13 = 39.
    * ``claimant_cards`` (n): the claimant's hand size before the play (the k cards included),
      less any of its cards the observer knows (e.g. saw turned up and picked up by the claimant).
    * ``known_in_claimant``: cards of the rank among those known cards of the claimant.

    With K = copies - in_hand - revealed - known_in_claimant unseen copies, the claimant's unseen
    cards hold X of the rank, X hypergeometric(N, K, n), and (with q = ``lie_prob``)

        P(false) = 1 - (1 - q) * P(X >= k - known_in_claimant)

    ``copies_per_rank`` overrides ``4 * decks`` (for small teaching decks). Floats for
    ``lie_prob`` are read as written (0.1 means 1/10).

    k may exceed ``claimant_cards``: the claimant lays k cards ("Antallet skal derimot
    stemme"), but some may be known cards of other ranks (the caller bot asks about such
    positions), and a claim of more than ``claimant_cards + known_in_claimant`` is then a
    certain lie. (:func:`bluffkit.analysis.bloff_bayes.p_lie`, whose claimant's cards are all
    unseen, refuses a claim of more than the hand.)

    >>> p_claim_false(2, in_hand=1, revealed=0, decks=1, unseen_cards=39, claimant_cards=13)
    Fraction(525, 703)
    >>> p_claim_false(2, 1, 0, 1, 39, 13, lie_prob=Fraction(1, 2))
    Fraction(614, 703)
    """
    c = copies(decks) if copies_per_rank is None else check_count(copies_per_rank, "copies_per_rank", 1)
    k, known = check_count(k, "k", low=1), check_count(known_in_claimant, "known_in_claimant")
    big_k = c - check_count(in_hand, "in_hand") - check_count(revealed, "revealed") - known
    n_all, n = check_count(unseen_cards, "unseen_cards"), check_count(claimant_cards, "claimant_cards")
    if n_all > MAX_CARDS:
        raise ValueError(f"unseen_cards must be at most {MAX_CARDS:,} (ten decks are 520 cards), got {n_all:,}")
    if big_k < 0:
        raise ValueError(f"the observer accounts for {c - big_k} cards of a rank with {c} copies")
    if big_k > n_all or n > n_all:
        raise ValueError(f"{n_all} unseen cards cannot hold {big_k} unseen copies and the "
                         f"claimant's {n} unseen cards")
    q = _probability(lie_prob)
    need = k - known
    p_true = Fraction(sum(comb(big_k, i) * comb(n_all - big_k, n - i)
                          for i in range(max(need, 0), min(n, big_k) + 1)), comb(n_all, n))
    return 1 - (1 - q) * p_true


def p_true_expr() -> sp.Expr:
    """P(the claimant held at least k of the rank), as a sympy expression in N, K, n, k.

    N unseen cards, K of them of the rank, the claimant holds n of the unseen cards; summing the
    hypergeometric probabilities of holding i = k, ..., n (terms with i > K vanish).

    >>> e = p_true_expr()
    >>> e
    Sum(binomial(K, i)*binomial(-K + N, -i + n), (i, k, n))/binomial(N, n)
    >>> e.subs({"N": 39, "K": 4, "n": 13, "k": 1}).doit()
    5177/6327
    """
    import sympy as sp

    big_n, big_k, n, k, i = sp.symbols("N K n k i")  # plain symbols: .subs({"N": 39, ...}) works
    return sp.Sum(sp.binomial(big_k, i) * sp.binomial(big_n - big_k, n - i), (i, k, n)) \
        / sp.binomial(big_n, n)


def p_false_expr() -> sp.Expr:
    """P(the claim is false) = 1 - (1 - q) * :func:`p_true_expr`, with q the lie probability."""
    import sympy as sp

    return 1 - (1 - sp.Symbol("q")) * p_true_expr()


def probability_table(decks: int = 1, hand_size: int = 13, *, unseen_cards: int | None = None,
                      claimant_cards: int | None = None, lie_prob: float | Fraction = 0) -> pd.DataFrame:
    """A tidy table of P(false) for every claim k = 1..copies and every own count j = 0..copies.

    The default situation is the first play of a game: the observer and the claimant each hold
    ``hand_size`` cards and the observer has seen nothing but their own hand, so
    ``unseen_cards = 52 * decks - hand_size``. One deck, 13 cards: four players; two decks,
    13 cards: eight players. Rows where j + k > copies are certain lies (``certain``).

    >>> t = probability_table(1)
    >>> t.shape, list(t.columns[-4:])
    ((20, 11), ['k', 'certain', 'p_false', 'p_false_float'])
    >>> t.query("in_hand == 2 and k == 3").p_false.item()
    Fraction(1, 1)
    """
    import pandas as pd

    c, hand = copies(decks), check_count(hand_size, "hand_size", low=1)
    held = hand + (hand if claimant_cards is None else check_count(claimant_cards, "claimant_cards", low=1))
    if held > DECK_SIZE * decks:
        which = "hand_size" if claimant_cards is None else "claimant_cards"
        raise ValueError(f"{which}: the observer's {hand} cards and the claimant's {held - hand} are "
                         f"more than the {DECK_SIZE * decks} cards of {decks} deck{'s' if decks > 1 else ''}")
    if unseen_cards is not None and check_count(unseen_cards, "unseen_cards") > DECK_SIZE * decks - hand:
        raise ValueError(f"unseen_cards: at most the {DECK_SIZE * decks - hand} cards of {decks} deck"
                         f"{'s' if decks > 1 else ''} outside the observer's hand of {hand}, got {unseen_cards:,}")
    big_n = DECK_SIZE * decks - hand if unseen_cards is None else unseen_cards
    n = hand if claimant_cards is None else claimant_cards
    rows = []
    for j in range(min(c, hand) + 1):
        for k in range(1, c + 1):
            p = p_claim_false(k, j, 0, decks, big_n, n, lie_prob=lie_prob)
            rows.append((decks, c, hand, big_n, n, _probability(lie_prob), j, k,
                         certainly_false(k, j, 0, decks), p, float(p)))
    return pd.DataFrame(rows, columns=TABLE_COLUMNS)


#: The most ranks, and unseen cards, :func:`enumerate_exact` takes: it lists every deal, and
#: 12 unseen cards in four places are some 370,000 deals; and the most other places (a table
#: seats at most :data:`MAX_PLAYERS`, 20: 19 other hands and the pile).
MAX_BRUTE_RANKS, MAX_BRUTE_UNSEEN, MAX_BRUTE_PLACES = 1000, 12, 20

#: The most unseen cards :func:`p_claim_false` (and :mod:`bluffkit.analysis.bloff_bayes`)
#: takes: ten decks are 520 cards, and the exact law of many thousands gets slow.
MAX_CARDS = 1000


def enumerate_exact(k: int, observer_hand: Sequence[int], claimant_cards: int,
                    other_places: Sequence[int], *, ranks: int, copies_per_rank: int,
                    rank: int = 0, revealed: Sequence[int] = (), claimant_known: Sequence[int] = (),
                    lie_prob: float | Fraction = 0) -> Fraction:
    """Brute force on a small deck: the fraction of consistent deals where the claim is false.

    The deck has ``ranks`` ranks (labelled 0, 1, ...) of ``copies_per_rank`` cards each, every
    card a distinct object. The observer holds ``observer_hand`` and has seen ``revealed`` (rank
    labels) outside the claimant's hand, and knows the claimant holds ``claimant_known``. Every
    way of dealing the other cards, ``claimant_cards`` more to the claimant and ``other_places``
    (other hands, the pile) to the rest, is listed once; the claim "k of ``rank``" is false when
    the claimant held fewer than k, and with probability ``lie_prob`` otherwise.

    At most :data:`MAX_BRUTE_UNSEEN` cards are unseen (the deals are listed one by one), of
    at most :data:`MAX_BRUTE_RANKS` ranks.

    >>> enumerate_exact(1, [0], 1, [2], ranks=2, copies_per_rank=2)   # 3 unseen: 0, 1, 1
    Fraction(2, 3)
    """
    k, ranks, copies_per_rank = (check_count(x, name, low=1) for x, name in
                                 ((k, "k"), (ranks, "ranks"), (copies_per_rank, "copies_per_rank")))
    if ranks > MAX_BRUTE_RANKS:
        raise ValueError(f"enumerate_exact lists every deal of a small deck: at most {MAX_BRUTE_RANKS} ranks, "
                         f"got {ranks:,}")
    lists = {}
    for name, given in (("observer_hand", observer_hand), ("revealed", revealed),
                        ("claimant_known", claimant_known), ("other_places", other_places)):
        cards = list(given) if isinstance(given, Iterable) and not isinstance(given, (str, bytes)) else None
        if cards is None or not all(isinstance(c, Integral) and not isinstance(c, bool) for c in cards):
            raise ValueError(f"{name} must be a list of whole numbers, got {quote(given)}")
        lists[name] = [int(c) for c in cards]
    observer_hand, revealed, claimant_known, other_places = (
        lists[n] for n in ("observer_hand", "revealed", "claimant_known", "other_places"))
    if len(other_places) > MAX_BRUTE_PLACES:
        raise ValueError(f"other_places: at most {MAX_BRUTE_PLACES} places (hands and the pile), "
                         f"got {len(other_places):,}")
    claimant_cards = check_count(claimant_cards, "claimant_cards")
    hidden = ranks * copies_per_rank - len(observer_hand) - len(revealed) - len(claimant_known)
    if hidden > MAX_BRUTE_UNSEEN:
        raise ValueError(f"enumerate_exact lists every deal: at most {MAX_BRUTE_UNSEEN} unseen cards, got {hidden:,}")
    deck = Counter({r: copies_per_rank for r in range(ranks)})
    for card in chain(observer_hand, revealed, claimant_known):
        deck[card] -= 1
        if deck[card] < 0 or not 0 <= card < ranks:
            raise ValueError(f"more cards of rank {card} seen than the deck holds")
    unseen = [r for r in range(ranks) for _ in range(deck[r])]
    sizes = (claimant_cards, *other_places)
    if any(s < 0 for s in sizes) or sum(sizes) != len(unseen):
        raise ValueError(f"places {sizes} do not hold the {len(unseen)} unseen cards")
    q, have = _probability(lie_prob), list(claimant_known).count(rank)
    false = total = Fraction(0)
    for deal in _deals(tuple(range(len(unseen))), sizes):
        able = have + sum(unseen[c] == rank for c in deal[0]) >= k
        false += q if able else 1
        total += 1
    return false / total


def _deals(cards: tuple[int, ...], sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every split of distinct ``cards`` into places of the given sizes, each exactly once."""
    if not sizes:
        yield ()
        return
    for part in combinations(cards, sizes[0]):
        rest = tuple(c for c in cards if c not in part)
        for tail in _deals(rest, sizes[1:]):
            yield (part, *tail)


def check_count(x: int, name: str, low: int = 0) -> int:
    """``x`` as a Python int when it is a whole number (a numpy one too, not a boolean) of at
    least ``low``; else a ValueError (:func:`~bluffkit.core.errors.check_whole`) naming ``name``."""
    return check_whole(x, name, low)


def _probability(q: float | Fraction) -> Fraction:
    if isinstance(q, bool) or not isinstance(q, Real):
        raise ValueError(f"lie_prob must be a number in [0, 1], got {q!r}")
    try:
        if isinstance(q, Rational):
            f = Fraction(q)                  # ints, Fractions, sympy's Rationals: exact
        else:                                # a float of any width as written: np.float32(0.1) is 1/10,
            try:                             # not its binary value (its str is "0.1", its float's is not)
                f = Fraction(str(q))
            except ValueError:
                f = Fraction(str(float(q)))  # a kind whose str is no number
    except (ValueError, OverflowError):      # nan, inf
        raise ValueError(f"lie_prob must be a number in [0, 1], got {q!r}") from None
    if not 0 <= f <= 1:
        raise ValueError(f"lie_prob must be in [0, 1], got {q!r}")
    return f
