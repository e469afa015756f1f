"""What the bots of the golden playthroughs do, as their docstrings say.

The golden playthroughs used to pin these bots' choices move by move; they now store
the moves, so a bot's behaviour is checked here instead: each bot plays a few seeded
games through a recorder, and every decision it made is checked against its rule
(You're Bluffing!'s random and heuristic bots, Bløff's honest bot and caller; the
auction and Bluffer bots have their own tests in the auction lab and Bluffer panel
tests)."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.auction import Bidder
from bluffkit.agents.base import make_agent
from bluffkit.agents.bloff import CallerAgent, HonestAgent, p_false
from bluffkit.agents.youre_bluffing import HeuristicAgent, RandomAgent, marginal_points
from bluffkit.auctions.actions import PASS as APASS, Bid as ABid
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.money import payment_problem, total
from bluffkit.core.play import play
from bluffkit.games.bloff.cards import rank_of
from bluffkit.games.bloff.engine import CALL_, PASS_, Play
from bluffkit.games.youre_bluffing.actions import BUY, PASS, SELL, Bid, Pay


class Recorder:
    """Plays ``bot`` and keeps every ``(observation, legal, action)`` it saw and chose."""

    def __init__(self, bot):
        self.bot, self.name, self.seen = bot, bot.name, []

    def act(self, obs, legal, rng):
        action = self.bot.act(obs, legal, rng)
        self.seen.append((obs, legal, action))
        return action


def decisions(game, bots, seeds, others: int):
    """Every decision of ``bots`` (recorded) over seeded games with ``others`` random seats."""
    seen = []
    for seed in seeds:
        recorders = [Recorder(b()) for b in bots]
        play(game, recorders + [make_agent("random", game) for _ in range(others)], seed)
        for r in recorders:
            seen.extend(r.seen)
    return seen


# -- You're Bluffing! --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def overbidder():
    return decisions(make_game("youre-bluffing"), [lambda: RandomAgent(overbid=60)], seeds=(1, 2, 3), others=3)


def test_the_random_bot_bids_at_most_its_money_plus_the_overbid(overbidder):
    bids = [(obs, legal, a) for obs, legal, a in overbidder if isinstance(a, Bid)]
    assert len(bids) > 20, "the random bot should bid in three games"
    for obs, legal, a in bids:
        lo, cap, step = legal.bid
        assert lo <= a.amount <= obs.hand_total + 60, f"bid {a.amount} with {obs.hand_total} in hand"
        assert cap is None or a.amount <= cap, f"bid {a.amount} over the shown money {cap}"
        assert (a.amount - lo) % step == 0
    assert any(a.amount > obs.hand_total for obs, _, a in bids), \
        "with overbid=60 the random bot sometimes bids more than it holds (to exercise the can't-pay rule)"


def test_the_sampled_bid_goes_above_the_money_only_with_an_overbid():
    """docs/youre-bluffing.md: ``sample(rng)`` bids "from the lowest legal bid up to what
    their notes are worth"; ``overbid`` lets the random bot go up to that much more (to
    exercise the can't-pay rule). Ben holds the start money (90) in a fresh auction."""
    import numpy as np
    game = make_game("youre-bluffing")
    s = game.new_state(3)
    for seat, action in ((0, "auction"), (None, "draw cow")):
        s = game.step(s, seat, action)
    legal = game.legal(s, 1)
    assert legal.worth == 90

    def bids(overbid):
        drawn = [legal.sample(np.random.default_rng(k), overbid=overbid) for k in range(300)]
        return [a.amount for a in drawn if isinstance(a, Bid)]
    over = bids(60)
    assert max(over) > 90 and max(over) <= 150, max(over)
    assert max(bids(0)) <= 90


def test_the_random_bot_bids_in_tens_with_a_bounded_raise(overbidder):
    """You're Bluffing! allows any higher bid (steps of 1); the random bot bids in tens,
    at most 50 over the lowest bid in tens (the lowest bid rounded up to ten, plus 0 to
    4 tens)."""
    assert make_game("youre-bluffing").rules.bid_multiple == 1, "the test needs a ruleset with steps of 1"
    bids = [(legal, a) for _, legal, a in overbidder if isinstance(a, Bid)]
    assert bids
    for legal, a in bids:
        lo = legal.bid[0]
        first = -(-lo // 10) * 10
        assert a.amount % 10 == 0, f"bid {a.amount}: not a multiple of 10"
        assert first <= a.amount <= first + 40, f"bid {a.amount} when the lowest bid in tens was {first}"
    raises = {a.amount - (-(-legal.bid[0] // 10) * 10) for legal, a in bids}
    assert {0, 10, 40} <= raises, f"raises seen: {sorted(raises)}"


def test_the_random_bot_drops_out_more_often_as_the_price_rises(overbidder):
    """It goes as far as a price drawn at each decision from 0 to its money (plus the
    overbid): a pass is rarer while the lowest bid is a small share of its money."""
    low = [a for obs, legal, a in overbidder if legal.bid and legal.bid[0] * 4 <= obs.hand_total + 60]
    high = [a for obs, legal, a in overbidder if legal.bid and legal.bid[0] * 4 > 3 * (obs.hand_total + 60)]
    assert len(low) > 20 and len(high) > 5
    share = lambda acts: sum(a == PASS for a in acts) / len(acts)  # noqa: E731
    assert share(low) < 0.5 < share(high), f"passes: {share(low):.2f} low, {share(high):.2f} high"


def test_the_random_bot_pays_with_a_valid_choice_and_passes_sometimes(overbidder):
    d = make_game("youre-bluffing").rules.denominations
    pays = [(obs, legal, a) for obs, legal, a in overbidder if isinstance(a, Pay)]
    assert pays
    for obs, legal, a in pays:
        assert payment_problem(obs.hand, a.notes, legal.pay, d, legal.payment_rule) is None
    assert any(a == PASS for _, legal, a in overbidder if legal.bid)


def test_the_random_bot_keeps_to_its_cap_after_showing_its_money():
    """A player who cannot pay "must show all their money to the other players. The auction
    then starts over" (You're Bluffing!, "Not Enough Money?"), and on the repeat may bid at
    most what they hold (RULES.md, common rules). The random bot overbids (``overbid``), so it
    often has to show; over 30 games every one of its moves is checked against the rules
    (``check="all"``: a trusted bot's moves are otherwise not checked again), and every bid
    it makes while capped is within the cap."""
    game = make_game("youre-bluffing")
    capped = 0
    for seed in range(30):
        recorders = [Recorder(RandomAgent(overbid=100)) for _ in range(4)]
        play(game, recorders, seed, check="all")
        for r in recorders:
            for _, legal, a in r.seen:
                if legal.bid and legal.bid[1] is not None:
                    capped += 1
                    assert not isinstance(a, Bid) or a.amount <= legal.bid[1], f"bid {a.amount} over {legal.bid[1]}"
    assert capped > 20, "the bots should often bid after showing their money"


@pytest.mark.parametrize("bids", ["", "ten", "Tens", None])
def test_the_random_bot_refuses_a_way_of_bidding_it_does_not_know(bids):
    """``bids`` is "tens" (the default) or "any"; anything else is refused with the two
    choices named, not taken for bids in tens."""
    with pytest.raises(ValueError, match=r"^bids must be 'tens' or 'any', got "):
        RandomAgent(bids=bids)


def test_the_random_bot_plays_each_game_from_that_games_own_random_numbers():
    """A seeded game is the same game whoever played before it: ``play`` gives each seat of
    each game its own generator, and the random bot draws its uniform numbers from the one it
    is given (a new generator: a new stream, ``RandomAgent.stream``). The same four bots
    playing seed 1 and then seed 2 play seed 2 move for move as four fresh bots do."""
    game = make_game("youre-bluffing")
    bots = [RandomAgent(overbid=60) for _ in range(4)]
    play(game, bots, 1)
    again = play(game, bots, 2)
    fresh = play(game, [RandomAgent(overbid=60) for _ in range(4)], 2)
    assert again.moves == fresh.moves


@pytest.fixture(scope="module")
def heuristic():
    return decisions(make_game("horse-trading"), [HeuristicAgent], seeds=(1, 2, 3), others=2)


def value(obs, rate=0.3) -> float:
    """What the heuristic bot's docstring says it pays for the lot: ``rate`` money per
    projected point the animals add to its own herd (``marginal_points``, whose numbers
    are worked by hand in test_bot_values.py)."""
    herd = list(obs.herds[obs.seat])
    gained = 0.0
    for f in obs.lot:
        gained += marginal_points(herd, f, 1, obs.rules)
        herd[f] += 1
    return gained * rate


def test_the_heuristic_bot_bids_the_lowest_bid_up_to_its_value_and_money(heuristic):
    bids = [(obs, legal, a) for obs, legal, a in heuristic if legal.bid]
    assert len(bids) > 10
    for obs, legal, a in bids:
        lo, cap, _ = legal.bid
        limit = min(obs.hand_total, value(obs), cap if cap is not None else float("inf"))
        assert a == (Bid(lo) if lo <= limit else PASS), f"lowest bid {lo}, limit {limit:.1f}: played {a}"


@pytest.fixture(scope="module")
def heuristic_yb():
    return decisions(make_game("youre-bluffing"), [HeuristicAgent], seeds=(1, 2, 3), others=3)


def test_the_heuristic_bot_bids_in_tens_and_stops_at_its_value(heuristic_yb):
    """In You're Bluffing! (any higher bid is legal) the heuristic bot bids the lowest bid
    rounded up to ten while that is within its value of the lot and its money, and
    passes above it."""
    bids = [(obs, legal, a) for obs, legal, a in heuristic_yb if legal.bid]
    assert len(bids) > 10
    for obs, legal, a in bids:
        lo, cap, _ = legal.bid
        first = -(-lo // 10) * 10
        limit = min(obs.hand_total, value(obs), cap if cap is not None else float("inf"))
        assert a == (Bid(first) if first <= limit else PASS), f"lowest bid {lo}, limit {limit:.1f}: played {a}"
    assert any(isinstance(a, Bid) for _, _, a in bids) and any(a == PASS for _, _, a in bids)


class _Flat:
    """A generator whose every uniform number is ``u``."""

    def __init__(self, u):
        self.u = u

    def random(self, n):
        return np.full(n, self.u)


def _bidding(game, money, herd, lot, bids=()):
    """Seat 1's view of an auction of ``lot`` that seat 0 leads, seat 1 holding ``money``
    and ``herd``, after seat 2's ``bids``."""
    s = game.state_from_position(players=3, leader=0, money=[None, money, None], herds=[{}, herd, {}])
    for seat, move in [(0, "auction"), (None, f"draw {lot}"), *((2, f"bid {b}") for b in bids)]:
        s = game.step(s, seat, game.parse(move))
    return game.observe(s, 1)


def test_the_random_bot_passes_when_the_lowest_bid_is_above_its_drawn_price():
    """It holds 100; after a bid of 20 the lowest bid in tens is 30. Drawing 0.25 it will
    go to 25 this time: below 30, so it passes; drawing 0.31 (31) it bids 30."""
    obs = _bidding(make_game("youre-bluffing"), "50+50", {}, "cow", bids=(20,))
    assert obs.legal.bid[0] == 21 and obs.hand_total == 100
    assert RandomAgent().act(obs, obs.legal, _Flat(0.25)) == PASS
    assert RandomAgent().act(obs, obs.legal, _Flat(0.29)) == PASS
    assert RandomAgent().act(obs, obs.legal, _Flat(0.31)) == Bid(30)


def test_the_bots_bid_in_multiples_of_ten_and_of_the_rules_bid_multiple():
    """With bids in multiples of 15 (and a first bid of 15), a bid in tens must also be a
    multiple of 15: the bots bid in thirties. The heuristic bot (two horses, 160 in hand)
    values a third horse at 0.3 x (1000 x 0.75 x 0.75 - 1000 x 0.5 x 0.5) = 93.75, so it
    bids the lowest bid rounded up to thirty: 30 first, 60 after a bid of 30 (not 20 and 50,
    which the rules refuse)."""
    game = make_game("youre-bluffing", min_bid=15, bid_multiple=15)
    obs = _bidding(game, "50+50+50+10", {"horse": 2}, "horse")
    assert obs.legal.bid == (15, None, 15)
    assert HeuristicAgent().act(obs, obs.legal, None) == Bid(30)
    later = _bidding(game, "50+50+50+10", {"horse": 2}, "horse", bids=(30,))
    assert later.legal.bid[0] == 45 and HeuristicAgent().act(later, later.legal, None) == Bid(60)
    bids = [RandomAgent().act(obs, obs.legal, np.random.default_rng(k)) for k in range(30)]
    amounts = {a.amount for a in bids if isinstance(a, Bid)}
    assert amounts and all(a % 30 == 0 for a in amounts), sorted(amounts)
    assert all(obs.legal.explain(a) is None for a in bids)


def test_the_heuristic_bot_pays_the_smallest_payment(heuristic):
    d = make_game("horse-trading").rules.denominations
    pays = [(obs, legal, a) for obs, legal, a in heuristic if legal.pay is not None]
    assert pays
    for obs, legal, a in pays:
        assert payment_problem(obs.hand, a.notes, legal.pay, d, legal.payment_rule) is None
        assert a.notes == legal.payment_notes(d)[0]
        assert total(a.notes, d) == min(total(p, d) for p in legal.payment_notes(d))


def _smallest_listed(hand, amount, denoms):
    """The heuristic bot's payment under ``any_cover`` as it was first written: every choice
    of the hand's notes listed, those that cover the amount kept, sorted by total, then
    number of notes, then the notes, and the first taken (``None``: none covers)."""
    from itertools import product
    found = [(total(p, denoms), sum(p), p) for p in product(*[range(c + 1) for c in hand])]
    found = sorted(f for f in found if f[0] >= amount)
    return found[0][2] if found else None


def test_the_heuristic_bots_any_cover_payment_is_the_first_of_the_full_list():
    """Under ``any_cover`` any notes that cover the price may be paid; the bot pays the
    smallest total, then the fewest notes (then the smallest counts), now found without
    listing every choice. Over 120 seeded hands and prices
    it pays what the full list gives first, and a hand that cannot cover the price is
    refused in words."""
    from types import SimpleNamespace

    from bluffkit.agents.youre_bluffing import smallest_pay
    from bluffkit.core.errors import IllegalAction
    d = make_game("youre-bluffing").rules.denominations
    rng = np.random.default_rng(2024)
    short = 0
    for _ in range(120):
        hand = tuple(int(c) for c in rng.integers(0, 4, size=len(d)))
        amount = int(rng.integers(0, total(hand, d) + 30))
        legal = SimpleNamespace(payment_rule="any_cover", pay=amount, seat=1)
        want = _smallest_listed(hand, amount, d)
        if want is None:
            short += 1
            with pytest.raises(IllegalAction, match=f"seat 1 owes {amount:,} but holds"):
                smallest_pay(hand, legal, d)
        else:
            assert smallest_pay(hand, legal, d) == want, (hand, amount)
    assert 0 < short < 40
    # owing 300 from 50+50+100+100+100+200: 100+200, two notes, not 100+100+100 or 200+50+50
    assert d == (0, 10, 50, 100, 200, 500)
    legal = SimpleNamespace(payment_rule="any_cover", pay=300, seat=1)
    assert smallest_pay((0, 0, 2, 3, 1, 0), legal, d) == (0, 0, 0, 1, 1, 0)


def test_the_heuristic_bot_pays_from_a_hand_of_a_million_choices_at_once():
    """A hand of 73 notes (five 0s, 25 tens, 25 fifties, ten 100s, five 200s, three 500s)
    has 6 x 26 x 26 x 11 x 6 x 4 = 1,070,784 choices of notes: too many to list. Owing 430
    under ``any_cover`` it pays 430 exactly, with the fewest notes: 200 + 200 + 10 + 10 + 10
    (five notes; 200 + 100 + 100 + 10 + 10 + 10 is six)."""
    game = make_game("youre-bluffing", payment="any_cover", bank=None)
    notes = "+".join(["0"] * 5 + ["10"] * 25 + ["50"] * 25 + ["100"] * 10 + ["200"] * 5 + ["500"] * 3)
    s = game.state_from_position(players=3, leader=0, money=[None, notes, None], herds=[{}, {}, {}])
    for seat, move in [(0, "auction"), (None, "draw cow"), (1, "bid 430"), (2, "pass"), (0, "sell")]:
        s = game.step(s, seat, game.parse(move))
    obs = game.observe(s, 1)
    assert obs.legal.pay == 430 and obs.legal.payment_rule == "any_cover"
    with pytest.raises(RulesError, match="1,070,784 choices of notes to list"):
        obs.legal.pay_options(obs.rules.denominations)        # (listing them all is refused)
    pay = HeuristicAgent().act(obs, obs.legal, None)
    assert pay == Pay((0, 3, 0, 0, 2, 0))
    game.step(s, 1, pay)                                      # and the game takes it


def test_the_heuristic_bot_buys_back_only_below_its_value(heuristic):
    choices = [(obs, legal, a) for obs, legal, a in heuristic if legal.sell]
    assert choices
    for obs, legal, a in choices:
        want = BUY if legal.buy and value(obs) > obs.high_bid else SELL
        assert a == want, f"high bid {obs.high_bid}, value {value(obs):.1f}: played {a}"


# -- Bløff -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bloff_bots():
    return decisions(make_game("bloff"), [HonestAgent, lambda: CallerAgent(0.5)], seeds=(1, 2), others=2)


def certainly_false(obs) -> bool:
    """The rulebook's sure lie, read from the observation alone: the claimed count plus the
    cards of the rank this seat can place itself (its hand, its own cards in the pile) is more
    than exist (4 per deck: "det finnes bare fire i stokken")."""
    _, rank, count = obs.claims[-1]
    mine = sum(1 for c in (*obs.hand, *obs.my_pile_cards) if rank_of(c) == rank)
    return count + mine > 4 * obs.decks


def test_the_honest_bot_calls_only_a_claim_it_knows_is_false(bloff_bots):
    honest = [(obs, a) for obs, legal, a in bloff_bots if legal.call and obs.seat == 0]
    assert honest
    for obs, a in honest:
        assert a == (CALL_ if certainly_false(obs) else PASS_)


def test_the_caller_calls_every_certain_lie_and_not_every_claim(bloff_bots):
    """Its odds are checked on hand-worked positions below; here: what the honest bot
    knows is a lie, the caller calls too, and it lets some claims go."""
    caller = [(obs, a) for obs, legal, a in bloff_bots if legal.call and obs.seat == 1]
    assert caller
    for obs, a in caller:
        if certainly_false(obs):
            assert a == CALL_
    assert any(a == CALL_ for _, a in caller) and any(a == PASS_ for _, a in caller)


# Anne (seat 0) lays nines as "sevens" and nobody calls, so they stay in the pile; Bjørn says
# one eight (true) and Carla "one nine" (with a seven). David lets it go; Anne decides.
_NINES_HANDS = ["9S,9H,9D,9C,AS,AH,AD,AC,2S,2H,2D,2C,3S", "8S,8H,8D,8C,3H,3D,3C,4S,4H,4D,4C,5S,5H",
                "5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,10S,10H,10D", "10C,JS,JH,JD,JC,QS,QH,QD,QC,KS,KH,KD,KC"]


def _carla_says_one_nine(hands, anne_lays):
    g = make_game("bloff")
    s = g.state_from_position(4, hands, leader=0, rank=6)
    for seat, move in [(0, f"play {anne_lays}"), (1, "pass"), (2, "pass"), (3, "pass"),
                       (1, "play 8S"), (2, "pass"), (3, "pass"), (0, "pass"),
                       (2, "play 7S"), (3, "pass")]:
        s = g.step(s, seat, move)
    anne = g.observe(s, 0)
    assert anne.claims[-1] == (2, 8, 1) and anne.legal.call, "Carla says one nine; Anne may call"
    assert not anne.revealed, "nothing was turned over: Anne's nines are still in the pile"
    return anne


def test_the_honest_bot_calls_a_lie_its_own_cards_in_the_pile_prove():
    # Anne laid 9S, 9H, 9D (still in the pile) and holds 9C: Carla's one nine would be the
    # fifth, and a deck has four. Her hand alone (one nine) proves nothing.
    anne = _carla_says_one_nine(_NINES_HANDS, "9S,9H,9D")
    assert len(anne.my_pile_cards) == 3
    assert HonestAgent().act(anne, anne.legal, None) == CALL_
    assert CallerAgent().act(anne, anne.legal, None) == CALL_


def test_the_honest_bot_passes_where_it_cannot_be_sure_and_the_caller_weighs_the_odds():
    # Anne laid 9S, 9H (in the pile) and holds 9D; the fourth nine (9C) is David's, which Anne
    # cannot see. 1 claimed + 1 in hand + 2 in the pile = 4: no more than exist, so not certain.
    hands = list(_NINES_HANDS)
    hands[0] = hands[0].replace("9C,", "") + ",10C"
    hands[3] = "9C," + hands[3].replace("10C,", "")
    anne = _carla_says_one_nine(hands, "9S,9H")
    assert HonestAgent().act(anne, anne.legal, None) == PASS_
    # The caller's odds, by hand: Anne knows her 11 cards and her 2 in the pile, so
    # 52 - 11 - 2 = 39 cards are unseen, one nine among them; Carla's hand before the play
    # was 13 of those 39. The claim is true only if she held that nine: 13/39 = 1/3, so it is
    # false with 2/3 >= 1/2 and she calls. (Forgetting her two nines in the pile would leave
    # 41 unseen cards with 3 nines: P(none of them in Carla's 13) = 28*27*26 / (41*40*39) = 0.31,
    # a pass.)
    assert p_false(anne) == pytest.approx(2 / 3)
    assert CallerAgent().act(anne, anne.legal, None) == CALL_


_DECK = tuple(f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
              for s in "SHDC")


def _first_claim(sizes, leader, observer, theirs, count):
    """The observer's view of the game's first claim: ``leader`` lays its first ``count``
    cards as aces; the observer holds ``theirs`` (text) and the deck's last cards, the other
    seats the rest of the deck in order, ``sizes`` cards each."""
    rest = [c for c in _DECK if c not in theirs]
    cut = len(rest) - (sizes[observer] - len(theirs))
    rest, observers = rest[:cut], [*theirs, *rest[cut:]]
    hands = []
    for seat, n in enumerate(sizes):
        if seat == observer:
            hands.append(",".join(observers))
        else:
            hands.append(",".join(rest[:n]))
            rest = rest[n:]
    g = make_game("bloff")
    s = g.state_from_position(len(sizes), hands, leader=leader, rank=0)
    s = g.step(s, leader, "play " + ",".join(hands[leader].split(",")[:count]))
    obs = g.observe(s, observer)
    assert obs.claims == ((leader, 0, count),) and obs.legal.call and not obs.revealed
    assert [len(h.split(",")) for h in hands] == list(sizes)
    assert sum(1 for c in obs.hand if rank_of(c) == 0) == len(theirs), "the observer's aces are its own"
    return obs


THREE_ACES = ("AS", "AH", "AD")


@pytest.mark.parametrize("sizes, leader, observer, theirs, count, p, action", [
    # Three players, 18/17/17 cards. The observer holds three aces, so the claim "one ace" is
    # true only if the claimant holds the fourth, which lies among the N unseen cards
    # (52 - the observer's hand) with the claimant's n of them: P(false) = 1 - n/N.
    # Seat 2 (n = 17) claims, seat 0 (18 cards, N = 34) looks: 1 - 17/34 = 1/2, even odds: call.
    ((18, 17, 17), 2, 0, THREE_ACES, 1, 1 / 2, CALL_),
    # Seat 2 (n = 17) claims, seat 1 (17 cards, N = 35) looks: 1 - 17/35 = 18/35 = 0.514: call.
    ((18, 17, 17), 2, 1, THREE_ACES, 1, 18 / 35, CALL_),
    # Seat 0 (n = 18) claims, seat 1 (N = 35) looks: 1 - 18/35 = 17/35 = 0.486: pass.
    ((18, 17, 17), 0, 1, THREE_ACES, 1, 17 / 35, PASS_),
    # Four players, 13 each: N = 39 unseen, n = 13 in the claimant's hand. "Two aces", the
    # observer holding none: 4 unseen aces, false if the claimant holds 0 or 1 of them:
    # [C(35,13) + 4 C(35,12)] / C(39,13) = (26*25*24*23 + 4*13*26*25*24) / (39*38*37*36)
    # = 1,170,000 / 1,974,024 = 0.593: call.
    ((13, 13, 13, 13), 0, 1, (), 2, (26 * 25 * 24 * 23 + 4 * 13 * 26 * 25 * 24) / (39 * 38 * 37 * 36), CALL_),
    # "One ace", the observer holding two: 2 unseen aces, false if the claimant holds neither:
    # C(37,13) / C(39,13) = 26*25 / (39*38) = 25/57 = 0.439: pass.
    ((13, 13, 13, 13), 0, 1, ("AS", "AH"), 1, 25 / 57, PASS_),
])
def test_the_caller_calls_at_even_odds_or_more(sizes, leader, observer, theirs, count, p, action):
    """Hand-worked odds of the caller's model (bluffkit.analysis.bloff_probability: every card
    the observer has not seen is equally likely anywhere, a claimant holding the cards lays them)
    on the game's first claim, against its threshold 0.5 ("at least threshold")."""
    obs = _first_claim(sizes, leader, observer, theirs, count)
    assert p_false(obs) == pytest.approx(p)
    assert CallerAgent(0.5).act(obs, obs.legal, None) == action
    assert HonestAgent().act(obs, obs.legal, None) == PASS_, "none of these is a certain lie"


def test_the_caller_counts_the_cards_of_two_decks():
    """With two decks ("two_decks_from": three players here) there are 8 aces. Seat 0
    says "four aces" on the first claim, and seat 1 holds one: 4 + 1 = 5 is no more than
    8, so no certain lie, and the caller weighs the odds. It cannot see 69 of the 104
    cards (104 - its 35), 7 aces among them; seat 0 held 35 of those 69, and the claim
    is false if it held 3 aces or fewer: sum over k = 0..3 of C(7, k) C(62, 35 - k) / C(69, 35)
    = 0.483, below 1/2: it lets the claim go."""
    from math import comb

    from bluffkit.games.bloff.actions import Deal
    g = make_game("bloff", two_decks_from=3)
    aces = [c for c in range(104) if rank_of(c) == 0]
    others = [c for c in range(104) if rank_of(c) != 0]
    hands = (tuple(aces[:4] + others[:31]), tuple(aces[4:5] + others[31:65]), tuple(aces[5:] + others[65:]))
    s = g.step(g.step(g.new_state(3), None, Deal(hands)), 0, Play(tuple(aces[:4])))
    obs = g.observe(s, 1)
    assert obs.decks == 2 and obs.claims == ((0, 0, 4),) and obs.legal.call
    assert p_false(obs) == pytest.approx(sum(comb(7, k) * comb(62, 35 - k) for k in range(4)) / comb(69, 35))
    assert CallerAgent(0.5, patience=None).act(obs, obs.legal, None) == PASS_
    assert CallerAgent(0.45, patience=None).act(obs, obs.legal, None) == CALL_
    assert HonestAgent().act(obs, obs.legal, None) == PASS_


def test_the_honest_bots_play_every_card_of_the_rank_or_one_card(bloff_bots):
    plays = [(obs, legal, a) for obs, legal, a in bloff_bots if isinstance(a, Play)]
    assert plays
    for obs, legal, a in plays:
        mine = tuple(c for c in legal.play_from if rank_of(c) == obs.rank)
        if mine:
            assert a == Play(mine), "holding the rank in turn, the honest bot lays all of it"
        else:
            assert len(a.cards) == 1, "holding none of the rank, it lies with one card"


def test_three_callers_tire_of_calling_so_the_game_ends():
    """Seed 28: three callers went round for ever (each calling the single card another
    had to lay as a lie, and laying true fours); with their stamina spent they call no
    more and a hand empties. Without stamina the same game runs away."""
    from bluffkit.core.play import RunawayGame
    g = make_game("bloff")
    rec = play(g, [CallerAgent() for _ in range(3)], seed=28, max_steps=3000)
    assert rec.final.is_over() and len(rec.moves) < 1500
    with pytest.raises(RunawayGame):
        play(g, [CallerAgent(stamina=None) for _ in range(3)], seed=28, max_steps=3000)


def test_a_tired_caller_only_passes_and_stamina_is_checked():
    obs_legal = [(o, leg) for o, leg, _ in decisions(make_game("bloff"), [lambda: CallerAgent(stamina=1)],
                                                      seeds=(1,), others=2) if leg.call]
    late = [(o, leg) for o, leg in obs_legal if len(o.claims) >= len(o.hand_sizes)]
    assert late and all(CallerAgent(stamina=1).act(o, leg, None) == PASS_ for o, leg in late)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(RulesError, match="stamina must be a count of claims per player"):
            CallerAgent(stamina=bad)


def test_two_honest_players_tire_of_calling_so_the_game_ends():
    """Two honest players alone (min_players=2) know every card between them: each certain
    lie called hands the pile back for the same plays, and seed 17 went on for ever. With
    their stamina spent they call no more; without it the same game runs away."""
    from bluffkit.agents.bloff import HonestAgent
    from bluffkit.core.play import RunawayGame
    g = make_game("bloff", min_players=2)
    rec = play(g, [HonestAgent() for _ in range(2)], seed=17, max_steps=3000)
    assert rec.final.is_over() and len(rec.moves) < 1000
    with pytest.raises(RunawayGame):
        play(g, [HonestAgent(stamina=None) for _ in range(2)], seed=17, max_steps=3000)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(RulesError, match="stamina must be a count of claims per player"):
            HonestAgent(stamina=bad)


def _moves(hands, leader, rank, moves, seat):
    """Seat ``seat``'s view after ``moves`` (``(seat, text)``) from a dealt position."""
    g = make_game("bloff")
    s = g.state_from_position(len(hands), hands, leader=leader, rank=rank)
    for who, move in moves:
        s = g.step(s, who, move)
    return g.observe(s, seat)


# Anne (seat 0) holds three nines, the aces and the twos; Bjørn all four eights and three threes;
# Carla the fourth nine; David the court cards.
_SEEN_HANDS = ["9S,9H,9D,AS,AH,AD,AC,2S,2H,2D,2C,3S,10C", "8S,8H,8D,8C,3H,3D,3C,4S,4H,4D,4C,5S,5H",
               "9C,5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,10S,10H", "10D,JS,JH,JD,JC,QS,QH,QD,QC,KS,KH,KD,KC"]


def test_the_caller_calls_a_lie_made_certain_by_cards_it_saw_turned_over():
    """Anne lays her three nines as "three eights"; Bjørn calls, the nines are turned over and
    Anne takes them back (the liar takes the pile). Bjørn goes on with nines ("from the player to
    the left of the accused, with the next rank") and says "one nine" with an eight. Carla holds
    the fourth nine, and Anne, who took three, has laid nothing since: 1 claimed + 1 in Carla's
    hand + 3 with Anne = 5 nines, and a deck has four. A certain lie: the caller calls it even
    with patience spent (patience 0: only certain lies). The honest bot counts only its own
    cards (1 + 1 = 2) and lets it go."""
    carla = _moves(_SEEN_HANDS, 0, 7, [(0, "play 9S,9H,9D"), (1, "call"), (1, "play 8S")], 2)
    assert carla.claims == ((0, 7, 3), (1, 8, 1)) and carla.legal.call, "Anne has laid nothing since"
    (player, rank, cards, caller, taker), = carla.revealed
    assert (player, rank, caller, taker) == (0, 7, 1, 0) and sorted(map(rank_of, cards)) == [8, 8, 8], \
        "three nines turned over, taken by Anne"
    assert CallerAgent(patience=0, stamina=None).act(carla, carla.legal, None) == CALL_
    assert HonestAgent().act(carla, carla.legal, None) == PASS_


def _bjorn_after_one_call_that_found_the_truth():
    """Anne says "two aces" (true); Bjørn calls, finds the truth and takes them. He goes on with
    twos ("one two", a three); Carla says "one three" with a five, and Bjørn decides."""
    bjorn = _moves(_SEEN_HANDS, 0, 0, [(0, "play AS,AH"), (1, "call"), (1, "play 3H"), (2, "pass"), (3, "pass"),
                                       (0, "pass"), (2, "play 5D"), (3, "pass"), (0, "pass")], 1)
    assert bjorn.claims[-1] == (2, 2, 1) and bjorn.legal.call
    assert [(r[3], r[4]) for r in bjorn.revealed] == [(1, 1)], "one call by Bjørn, and he took the pile"
    return bjorn


def test_the_caller_calls_only_certain_lies_once_patience_calls_found_the_truth():
    """"After patience calls that found the truth it calls only certain lies." Bjørn has made
    one such call. Carla's "one three" is no certain lie: 1 claimed + 2 threes in his hand + the
    one he laid = 4. By the caller's model it is false with probability 24/37: Bjørn knows his 14
    cards and his three in the pile, so 52 - 14 - 1 = 37 cards are unseen, among them one three
    (3S); Carla held 13 of those 37 before her play, so the claim is true with 13/37 only. At
    threshold 1/2 it calls, unless its patience (1) is spent."""
    bjorn = _bjorn_after_one_call_that_found_the_truth()
    assert p_false(bjorn) == pytest.approx(24 / 37)
    assert CallerAgent(0.5, patience=1, stamina=None).act(bjorn, bjorn.legal, None) == PASS_
    assert CallerAgent(0.5, patience=2, stamina=None).act(bjorn, bjorn.legal, None) == CALL_
    assert CallerAgent(0.5, patience=None, stamina=None).act(bjorn, bjorn.legal, None) == CALL_
    # The game's first claim, no call made yet: "two aces", false with 0.593 (worked out in
    # test_the_caller_calls_at_even_odds_or_more). Patience 0 calls only certain lies; 1 calls it.
    first = _first_claim((13, 13, 13, 13), 0, 1, (), 2)
    assert CallerAgent(0.5, patience=0).act(first, first.legal, None) == PASS_
    assert CallerAgent(0.5, patience=1).act(first, first.legal, None) == CALL_


def test_stamina_counts_the_claims_of_the_whole_table_per_player():
    """"Once the game has gone on for stamina claims per player ... it calls no more": with four
    players and stamina 1, the bots still call after 3 claims, and call no more after 4 (not 1
    claim, nor 1 claim of their own, nor one per card in hand)."""
    # 3 claims: Carla's "one nine", which Anne knows is a lie (her three nines are in the pile).
    anne = _carla_says_one_nine(_NINES_HANDS, "9S,9H,9D")
    assert len(anne.claims) == 3 and len(anne.hand_sizes) == 4
    for bot in (HonestAgent(stamina=1), CallerAgent(stamina=1)):
        assert bot.act(anne, anne.legal, None) == CALL_
    # 4 claims: Anne lets it go and David says "four tens" with one ten and three jacks; Carla
    # holds the other three tens (4 + 3 > 4): a certain lie, called only by stamina 2 or more.
    carla = _moves(_NINES_HANDS, 0, 6, [(0, "play 9S,9H,9D"), (1, "pass"), (2, "pass"), (3, "pass"),
                                        (1, "play 8S"), (2, "pass"), (3, "pass"), (0, "pass"),
                                        (2, "play 7S"), (3, "pass"), (0, "pass"), (1, "pass"),
                                        (3, "play 10C,JS,JH,JD"), (0, "pass"), (1, "pass")], 2)
    assert carla.claims[-1] == (3, 9, 4) and len(carla.claims) == 4 and carla.legal.call
    assert certainly_false(carla)
    for make in (HonestAgent, CallerAgent):
        assert make(stamina=1).act(carla, carla.legal, None) == PASS_
        assert make(stamina=2).act(carla, carla.legal, None) == CALL_


@pytest.mark.parametrize("bad, hint", [(-0.1, ""), (1.5, " (0.5, not 50)"), (50, " (0.5, not 50)"),
                                       (float("nan"), ""), ("0.5", ""), (None, ""), (float("inf"), ""),
                                       (True, " (a number, not true/false)"),
                                       (np.bool_(True), " (a number, not true/false)")])
def test_a_caller_with_a_threshold_that_is_no_probability_is_refused_in_words(bad, hint):
    with pytest.raises(RulesError) as info:
        CallerAgent(threshold=bad)
    assert str(info.value) == f"threshold is a probability from 0 to 1{hint}, got {bad!r}"
    assert [CallerAgent(threshold=t).threshold for t in (0, 1, 0.0, 1.0)] == [0, 1, 0.0, 1.0]
    # a number of another kind is a number: a Fraction, numpy's (the odds functions take them too)
    from fractions import Fraction
    for t in (Fraction(1, 2), np.float32(0.3), np.int64(1), np.float64(0.25)):
        assert CallerAgent(threshold=t).threshold == t


def hidden_between(hidden, low, high):
    """The claims nobody turned over strictly between the indexes ``low`` and ``high``."""
    return [j for mine in hidden.values() for j in mine if low < j < high]


def _seen_cards_whole_history(obs):
    """The caller's knowledge of seen cards read from the whole history, as it was first
    written (every play turned over placed, every claim looked at): the reference the
    walk that stops early must agree with (both judge what they found with ``still_known``)."""
    from bluffkit.agents.bloff import reveal_claims, still_known
    where = reveal_claims(obs)
    if not where:
        return (), ()
    claims, last = obs.claims, len(obs.claims) - 1
    turned = set(where)
    hidden: dict[int, list[int]] = {}
    for j in range(last):
        if j not in turned:
            hidden.setdefault(claims[j][0], []).append(j)
    # the observer's own cards of each pile taken: its claims in order take its laid cards in order.
    # Where a reveal could be misplaced (13 x players claims or more since the newest reveal
    # older than every other seat's face-down play before the last pile taken), only the
    # newest pile's own cards, laid after the reveal before it, are placed.
    others = set(range(len(obs.hand_sizes))) - {obs.seat}
    floor = -1
    for q in range(len(where) - 2, -1, -1):
        if others <= {claims[j][0] for j in hidden_between(hidden, where[q], where[-1])}:
            floor = where[q]
            break
    first_trusted = len(where) - 1 if last - floor >= 13 * len(obs.hand_sizes) else 0
    own: dict[int, list[int]] = {}
    start, q = 0, 0
    for j in range(last):
        if claims[j][0] == obs.seat:
            count = claims[j][2]
            while q < len(where) and where[q] < j:
                q += 1
            if first_trusted <= q < len(where):
                own.setdefault(q, []).extend(obs.my_laid[start:start + count])
            start += count
    holder = {}
    for q, (_, _, cards, _, taker) in enumerate(obs.revealed):
        for c in (*own.get(q, ()), *cards):
            holder[c] = (taker, where[q])
    return still_known(holder, hidden, obs.seat, claims[-1][0], where[-1])


def test_the_caller_counts_its_own_cards_in_a_pile_another_player_took():
    # "Anne har selv to firere på hånden. Tre firere til i tillegg til hennes to blir fem": a claim is a sure
    # lie once the observer can place too many of the rank. Anne (seat 0) lays three nines as
    # sevens; David (seat 3) wrongly calls Bjørn's true eight and takes the pile, her nines with
    # it. Carla's "one nine" is then a sure lie: three nines are with David, the fourth in Anne's hand.
    g = make_game("bloff")
    hands = ["9S,9H,9D,9C,AS,AH,AD,AC,2S,2H,2D,2C,3S", "8S,8H,8D,8C,3H,3D,3C,4S,4H,4D,4C,5S,5H",
             "5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,10S,10H,10D", "10C,JS,JH,JD,JC,QS,QH,QD,QC,KS,KH,KD,KC"]
    s = g.state_from_position(4, hands, leader=0, rank=6)
    for seat, move in [(0, "play 9S,9H,9D"), (1, "pass"), (2, "pass"), (3, "pass"), (1, "play 8S"),
                       (2, "pass"), (3, "call"), (2, "play 7S")]:
        s = g.step(s, seat, move)
    anne = g.observe(s, 0)
    assert anne.claims[-1] == (2, 8, 1), "Carla says one nine"
    assert p_false(anne) == 1
    assert CallerAgent().act(anne, anne.legal, None) == CALL_
    # Bjørn, who saw none of it, cannot be sure
    bjorn = g.observe(s, 1)
    assert p_false(bjorn) < 1 and CallerAgent().act(bjorn, bjorn.legal, None) == PASS_


def test_a_true_claim_after_a_long_pile_is_not_taken_for_a_certain_lie():
    """Claims go round the seats and ranks, so 13 x players claims passed without a call make
    an older play turned over look as if it were a later claim: the caller must not then put
    its own cards in the wrong player's hand. Three players: claim 0 is called (seat 0 takes
    the pile), claims 1-39 pass (seat 2 lays three fives among them), claim 40 is called
    (seat 1 takes the pile, the fives with it), and at claim 43 seat 1 says two fives, truly."""
    from bluffkit.games.bloff.actions import Deal
    g = make_game("bloff")
    fives = [16, 17, 18]
    rest = [c for c in range(52) if c not in fives]
    hands = (tuple(rest[31:]), tuple(rest[14:31]), tuple(fives + rest[:14]))
    s = g.step(g.new_state(3), None, Deal(hands))
    for j in range(44):
        p, hand, rank = g.to_move(s)[0], s.hands[g.to_move(s)[0]], s.rank
        if j == 43:
            cards = [c for c in hand if rank_of(c) == 4][:2]
        elif j in (0, 40):
            cards = [next(c for c in hand if rank_of(c) != rank)]
        elif p == 2 and any(rank_of(c) == 4 for c in hand):
            cards = [next(c for c in hand if rank_of(c) == 4)]
        else:
            cards = [hand[0]]
        s = g.step(s, p, Play(tuple(cards)))
        if j == 43:
            break
        while s.phase == "call":
            s = g.step(s, g.to_move(s)[0], CALL_ if j in (0, 40) else PASS_)
            if j in (0, 40):
                break
    assert s.claims[-1] == (1, 4, 2) and all(rank_of(c) == 4 for c in s.plays[-1][2]), "a true two fives"
    seen = g.observe(s, 2)
    assert p_false(seen) < 1 and CallerAgent().act(seen, seen.legal, None) == PASS_


class _Checking(CallerAgent):
    """A caller that checks, at every call it weighs, the early-stopping walk against the
    whole history, and counts how often the two could be compared with something seen."""

    compared = 0

    def act(self, obs, legal, rng):
        from bluffkit.agents.bloff import seen_cards
        if legal.call:
            got, want = seen_cards(obs), _seen_cards_whole_history(obs)
            assert got == want, (len(obs.claims), got, want)
            _Checking.compared += bool(want[0] or want[1])
        return super().act(obs, legal, rng)


@pytest.mark.parametrize("players, options", [(3, {}), (4, {}), (5, {"two_decks_from": 5})])
def test_the_callers_walk_that_stops_early_sees_what_the_whole_history_shows(players, options):
    """A runaway game of callers slowed with its length squared: every call read the whole
    history. The walk back now stops where nothing older is known any more; in every call
    of these games it finds what the whole history shows."""
    g = make_game("bloff", **options)
    _Checking.compared = 0
    for seed in range(12):
        agents = [_Checking(stamina=None) if s % 2 == 0 else HonestAgent() for s in range(players)]
        agents[1] = _Checking(patience=None, stamina=60)
        play(g, agents, seed, max_steps=4000, check="all")
    assert _Checking.compared > 100


class _Counted(tuple):
    """A claim history that counts the claims read from it."""

    reads = 0

    def __getitem__(self, i):
        _Counted.reads += 1 if isinstance(i, int) else len(range(len(self))[i])
        return super().__getitem__(i)

    def __iter__(self):
        _Counted.reads += len(self)
        return super().__iter__()


class _Reading(CallerAgent):
    """A caller that never tires, and notes how many claims it read at each call it weighed."""

    def __init__(self, reads):
        super().__init__(stamina=None)
        self.reads = reads

    def act(self, obs, legal, rng):
        from types import SimpleNamespace
        if not legal.call:
            return super().act(obs, legal, rng)
        seen = SimpleNamespace(**{f: getattr(obs, f) for f in obs._fields})
        seen.claims = _Counted(obs.claims)
        _Counted.reads = 0
        action = super().act(seen, legal, rng)
        self.reads.append((len(obs.claims), _Counted.reads))
        return action


@pytest.mark.slow      # (a runaway game: with the slow tests)
def test_a_runaway_game_of_callers_reads_the_recent_past_not_the_whole_history():
    """Seed 28: callers that never tire run away. Each call read the whole history before,
    so 20,000 steps took 50 times as long as 2,000; now a call reads the recent past."""
    from bluffkit.core.play import RunawayGame
    reads: list[tuple[int, int]] = []
    with pytest.raises(RunawayGame):
        play(make_game("bloff"), [_Reading(reads) for _ in range(3)], seed=28, max_steps=20_000)
    late = [r for n, r in reads if n > 5_000]
    assert late and max(late) < 500, max(late)
    assert max(n for n, _ in reads) > 5_000


# -- Bidder Up! --------------------------------------------------------------------------------

@pytest.mark.parametrize("piggy, action", [("10+0+50", "raid"), ("0+0+0+0+0+0", "raid"), ("10+0", "gamble"),
                                           (None, "gamble")])
def test_the_bidder_up_heuristic_raids_a_piggy_of_three_notes(piggy, action):
    """Two players, on the Piggy Bank space: a raid takes up to 5 notes, a gamble keeps at
    most 2 (J: "1 -> the top Gambling note goes unseen to the opponent; 2 -> keep the top 2;
    3 -> ... keep 2"). The heuristic bot raids a Piggy Bank of 3 notes or more, and gambles
    on a smaller one."""
    from bluffkit.agents.bidder_up import HeuristicAgent as BidderUpHeuristic
    g = make_game("bidder-up")
    s = g.state_from_position(2, current=0, roll=1, **({} if piggy is None else {"piggy": piggy}))
    s = g.step(s, 0, "move hill-west")
    obs = g.observe(s, 0)
    assert s.phase == "piggy" and obs.piggy == (0 if piggy is None else len(piggy.split("+")))
    assert BidderUpHeuristic().act(obs, obs.legal, None) == g.parse(action)


# -- the auction bidders -----------------------------------------------------------------------

def _first_bidder(fmt, players=4, money=None, **options):
    """Seat 1's view of the first bid for a cow in ``fmt`` (seat 0 the auctioneer)."""
    g = make_game("auction", format=fmt, **options)
    return g, g.observe(g.state_from_position(players, money=money, lot=["cow"]), 1)


def test_a_shade_bidder_bids_its_value_less_the_shade():
    """"shade: the value less a fixed fraction shade of it (0.2: bid 80 %)": a cow worth
    100, sealed, in steps of 10: 80 (shade 0.5: 50)."""
    _, obs = _first_bidder("secret-value")
    assert obs.legal.bid == (1, None)
    assert Bidder(values=100, strategy="shade", shade=0.2).act(obs, obs.legal, None) == ABid(80)
    assert Bidder(values=100, strategy="shade", shade=0.5).act(obs, obs.legal, None) == ABid(50)


def test_a_truthful_bidder_bids_the_lowest_bid_when_it_equals_its_value():
    """"truthful: up to its value", the value itself included. Number Call counts notes:
    holding 10 + 50 + 100, a cow worth 10 to it is worth one note (its cheapest, the 10),
    and one note is the lowest bid: it bids 1. Worth 9, not even one note: it passes."""
    _, obs = _first_bidder("number-call", players=2, money=[None, "10+50+100"])
    assert obs.legal.bid == (1, None)
    assert Bidder(values=10).act(obs, obs.legal, None) == ABid(1)
    assert Bidder(values=9).act(obs, obs.legal, None) == APASS


@pytest.mark.parametrize("value, action", [(190, "refuse"), (200, "accept"), (210, "accept")])
def test_a_truthful_bidder_accepts_a_called_price_up_to_its_value(value, action):
    """The Call: the auctioneer calls 200; a bidder to whom the cow is worth 200 or more
    accepts (a price equal to the value included), one to whom it is worth 190 refuses."""
    g, _ = _first_bidder("the-call", players=2)
    s = g.step(g.state_from_position(2, lot=["cow"]), 0, "call 200")
    obs = g.observe(s, 1)
    assert obs.called == 200
    assert Bidder(values=value).act(obs, obs.legal, None) == g.parse(action)


@pytest.mark.parametrize("value", [0, 5, 9])
def test_a_bidder_with_less_than_a_note_to_lay_passes(value):
    """Sealed bids laid as notes: a bidder holding 0 + 10 + 50 to whom the cow is worth
    less than 10 has no note to lay (a 0 alone bids nothing): it passes; worth 10, it lays
    the 10."""
    g, obs = _first_bidder("secret-value", money=[None, "0+10+50", None, None], sealed_bids="notes")
    assert obs.legal.place
    assert Bidder(values=value).act(obs, obs.legal, None) == APASS
    assert Bidder(values=10).act(obs, obs.legal, None) == g.parse("lay 10")
