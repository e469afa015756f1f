"""Proof that the conformance suite (bluffkit.testing) catches what it says it does: each
test plants a leaking or rule-breaking engine and expects the suite's failure in its
words, or checks a case the suite must let pass. Each is kept fast: one seed, one state
or a cut game."""

import collections
import copy
import dataclasses
import functools
import itertools
import types

import numpy as np
import pytest
from plants import recast, refusal_naming_the_neighbours_notes

from bluffkit import testing
from bluffkit.agents.base import make_agent
from bluffkit.core import log as gamelog, scenario as sc
from bluffkit.core.errors import IllegalAction
from bluffkit.core.spec import spec_of
from bluffkit.games.bloff import engine as bloff_engine
from bluffkit.games.bloff.actions import Play
from bluffkit.games.bloff.game import Bloff
from bluffkit.games.bloff.observe import Legal as BloffLegal
from bluffkit.games.bluffer import engine as bluffer_engine
from bluffkit.games.bluffer.actions import Vote, Write
from bluffkit.games.bluffer.game import Bluffer
from bluffkit.games.youre_bluffing import engine as yb_engine
from bluffkit.testing import (
    assert_refused,
    check_game,
    check_line,
    config_game,
    holds_the_game,
    mutants,
    plain_values,
    random_decisions,
)


def _before_the_last_move(name: str):
    """A worked example's game, seats, the state before its last move, and that move."""
    s = sc.find(name)
    moves = [(seat, a) for seat, a, _ in s.moves]
    state = s.first_state()
    for seat, action in moves[:-1]:
        state = s.game.step(state, seat, action)
    return s.game, s.players, state, moves[-1]


def test_the_narration_of_the_move_that_ends_the_game_may_name_every_hand():
    """The end of a game is all-seeing: Bidder Up!'s final scoring names every kept raffle
    ticket, as the rulebook's end scoring does, and a seat's view of the ended game holds
    nothing, so every redeal looks alike to it. That narration passes, whatever the seed."""
    game, players, state, (seat, action) = _before_the_last_move("bu-board-fairground-score-4250")
    assert game.is_over(game.step(state, seat, action))
    for seed in (1, 2, 3):
        testing._check_narration(game, state, seat, action, players, np.random.default_rng(seed), "the end", {})


# ---- a view that hides a seat's secret behind a callable -----------------------------

def _neighbours_hand(t, seat) -> tuple:
    return tuple(t.hands[(seat + 1) % len(t.hands)])


@pytest.mark.parametrize("hide", [
    lambda hand: (lambda: hand),                        # a closure
    lambda hand: functools.partial(tuple, hand),        # a partial
    lambda hand: hand.__getitem__,                      # a bound method of a builtin
], ids=["closure", "partial", "bound-method"])
def test_a_view_holding_a_callable_over_a_neighbours_hand_fails(monkeypatch, hide):
    """Bløff's Legal leaves ``current`` out of its ==: a neighbour's hand put there behind
    a callable, which cannot be compared as a value, fails the check."""
    real = bloff_engine.Table.legal

    def leaky(t, seat, *args, **kwargs):
        legal = copy.copy(real(t, seat, *args, **kwargs))    # (a call's Legal is shared: not changed)
        legal.current = hide(_neighbours_hand(t, seat))
        return legal

    monkeypatch.setattr(bloff_engine.Table, "legal", leaky)
    with pytest.raises(AssertionError, match="observation holds a callable .* cannot read"):
        check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1)


def test_plain_values_refuses_a_callable_but_reads_classes_and_enums():
    import enum

    class Suit(enum.Enum):
        ACE = 1

    assert plain_values((tuple, Suit.ACE)) == ("tuple", "tuple", "<Suit.ACE: 1>")
    for held in (lambda: 1, functools.partial(tuple, ()), (1, 2).__getitem__, len, str.upper):
        with pytest.raises(TypeError, match="holds a callable"):
            plain_values({"x": [held]})


def test_plain_values_reads_a_slot_named_by_a_lone_string_and_stops_past_sixty_levels():
    """``__slots__ = "cards"`` declares one slot: read letter by letter, it named none the
    view holds, and two views with other hands compared equal. Past sixty levels every value
    reads "..." (the depth the check goes to)."""

    class View:
        __slots__ = "cards"

        def __init__(self, cards):
            self.cards = cards

    assert plain_values(View((1, 2))) != plain_values(View((3, 4)))
    assert plain_values(View((1, 2))) == ("View", ("cards", ("tuple", 1, 2)))
    deep: object = 7
    for _ in range(61):
        deep = [deep]
    innermost = plain_values(deep)
    for _ in range(61):
        innermost = innermost[1]
    assert innermost == "..."


# ---- same seed, same game ------------------------------------------------------------

def test_the_same_seed_must_give_the_same_game():
    """Bots seeded from a count of the times they are made, not from the game's seed."""
    game = config_game("bloff")
    made = itertools.count()

    def agents():
        n = next(made)
        bots = []
        for _ in range(3):
            bot = make_agent("random", game)
            act = bot.act
            bot.act = lambda obs, legal, rng, act=act: act(obs, legal, np.random.default_rng(n + int(rng.integers(1 << 30))))
            bots.append(bot)
        return bots

    with pytest.raises(AssertionError, match="the same seed gave different games"):
        check_game(game, 3, seeds=[0], agents=agents, hidden_every=1)


# ---- legal moves, refusals and probes --------------------------------------------------

def test_a_move_list_ordered_by_a_hidden_hand_is_caught(monkeypatch):
    """Fields and description as they should be; only the moves listed after the first are
    reversed when the next seat holds a card below 4: caught by the moves listed."""
    real = bloff_engine.Table.legal

    def telling(t, seat, *args, **kwargs):
        legal = real(t, seat, *args, **kwargs)
        low = any(c < 4 for c in _neighbours_hand(t, seat))

        class Telling(BloffLegal):
            __slots__ = ()

            def actions(self, limit=None):
                listed = BloffLegal.actions(self, limit)
                return listed if listed is None or not low else listed[:1] + listed[:0:-1]

        return recast(legal, Telling)

    monkeypatch.setattr(bloff_engine.Table, "legal", telling)
    with pytest.raises(AssertionError, match="legal moves change with information hidden.*moves listed"):
        check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1)


def _refuse_after_touching(monkeypatch):
    """Horse Trading's Table.apply, which takes a note from seat 0 and then refuses a bid
    of 990, as an engine that checks a move late would."""
    real = yb_engine.Table.apply

    def late(t, seat, action, *args, **kwargs):
        if str(action) == "bid 990":
            t.money = ((t.money[0][0] + 1,) + t.money[0][1:],) + t.money[1:]
            raise IllegalAction("too-much", "nobody can bid 990")
        return real(t, seat, action, *args, **kwargs)

    monkeypatch.setattr(yb_engine.Table, "apply", late)


def test_a_refusal_that_changes_the_state_is_caught(monkeypatch):
    _refuse_after_touching(monkeypatch)
    with pytest.raises(AssertionError, match="a refused 'bid 990' by seat 0 changed the state"):
        check_game(config_game("horse-trading"), 3, seeds=[0], illegal_probes=["bid 990"], probes=[],
                   hidden_every=1)


def test_an_illegal_probe_that_is_played_fails_the_suite():
    """A probe said to be illegal that the rules allow (a pass, where passing is allowed)."""
    with pytest.raises(AssertionError, match="played the illegal-move probe 'pass'"):
        check_game(config_game("horse-trading"), 3, seeds=[0], illegal_probes=["pass"], probes=[],
                   hidden_every=1)


def test_assert_refused_fails_when_the_refusal_changes_the_working_copy(monkeypatch):
    game = config_game("horse-trading")
    _refuse_after_touching(monkeypatch)
    with pytest.raises(AssertionError, match="the working copy changed after refusing 'bid 990'"):
        assert_refused(game, game.new_state(3), 0, "bid 990")


# ---- every seat is checked, not only the first ---------------------------------------

def _with(obs, field, value):
    """``obs`` with one named field replaced (a planted leak)."""
    i = obs._fields.index(field)
    return tuple.__new__(type(obs), obs[:i] + (value,) + obs[i + 1:])


def _a_decision(name: str, players: int, phase: str | None = None, seed: int = 0):
    """A game and a state of a random game of it where a seat decides (in ``phase``)."""
    game, state, _, _ = _decide(name, players, phase, seed)
    return game, state


def _decide(name: str, players: int, phase: str | None = None, seed: int = 0):
    """A game, a state where a seat decides (in ``phase``), the seat and its Legal."""
    game = config_game(name)
    for state, seat, legal in random_decisions(game, players, np.random.default_rng(seed)):
        if phase is None or state.phase == phase:
            return game, state, seat, legal
    raise AssertionError(f"no {phase} in that game")


def test_a_leak_to_the_last_seat_only_is_caught(monkeypatch):
    """The last seat's view holds its neighbour's notes (seat 0's): every seat is checked."""
    real = yb_engine.Table.observe

    def leaky(t, seat, legal=None, to_move=None):
        obs = real(t, seat, legal, to_move)
        return _with(obs, "note_counts", t.money[(seat + 1) % t.n]) if seat == t.n - 1 else obs

    monkeypatch.setattr(yb_engine.Table, "observe", leaky)
    game, state = _a_decision("horse-trading", 3)
    with pytest.raises(AssertionError, match="seat 2's observation changes with information hidden from it"):
        testing._check_hidden(game, state, 3, np.random.default_rng(0), "here", {"observations": 0})


def test_a_refusal_that_tells_the_last_seat_only_is_caught(monkeypatch):
    """Only the last seat's refusals name its neighbour's notes: every seat's are checked."""
    monkeypatch.setattr(yb_engine.Table, "apply", refusal_naming_the_neighbours_notes(yb_engine.Table.apply, only=-1))
    game, state = _a_decision("horse-trading", 3)
    spec = spec_of(game)
    with pytest.raises(AssertionError, match="the refusal of .* that seat 2 reads changes with information hidden"):
        testing._check_illegal(game, state, 3, "here", {"illegal": 0, "probes_played": 0},
                       (spec.illegal_probes, spec.probes), np.random.default_rng(0))


def test_a_move_refused_here_but_played_in_a_redeal_is_caught(monkeypatch):
    """A false answer refused only when the card's true answer has the length it has here
    tells the writer that length: refused here, played where the truth is redealt."""
    game, state = _a_decision("bluffer", 3, phase="write")
    t = game.table(state)
    length = len(t.questions()[t.qid].answer)
    real = bluffer_engine.Table.apply

    def as_long_as_the_truth(t, seat, action, *args, **kwargs):
        if isinstance(action, Write) and action.text == "a purple cow" and t.phase == "write" \
                and len(t.questions()[t.qid].answer) == length:
            real(copy.deepcopy(t), seat, action, *args, **kwargs)      # refused by the rules first
            raise IllegalAction("as-long", "not an answer as long as this one")
        return real(t, seat, action, *args, **kwargs)

    monkeypatch.setattr(bluffer_engine.Table, "apply", as_long_as_the_truth)
    with pytest.raises(AssertionError, match="is refused here .* but played in a state redealt"):
        testing._check_illegal(game, state, 3, "here", {"illegal": 0, "probes_played": 0},
                       ((), ("write a purple cow",)), np.random.default_rng(0))


def test_a_probe_the_immutable_step_plays_otherwise_is_caught(monkeypatch):
    """The working copy plays a probe that the immutable step ignores."""
    game, state = _a_decision("horse-trading", 3)
    real = game.step
    monkeypatch.setattr(game, "step", lambda s, seat, action: s if s is state else real(s, seat, action))
    played = [text for text in spec_of(game).probes if _check_one(game, state, text)]
    assert played, "no probe is played here"
    with pytest.raises(AssertionError, match="gives a different state through the immutable API"):
        testing._check_illegal(game, state, 3, "here", {"illegal": 0, "probes_played": 0}, ((), tuple(played)))


def _check_one(game, state, text) -> bool:
    """Whether the seat to move may play the probe ``text`` here."""
    try:
        game.table(state).apply(game.to_move(state)[0], game.parse(text))
    except IllegalAction:
        return False
    return True


# ---- the record of a whole game -------------------------------------------------------

def _bloff_check():
    check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1000)


def test_an_observation_while_playing_that_differs_from_the_states_is_caught(monkeypatch):
    real = bloff_engine.Table.decision

    def other(t):
        got = real(t)
        if got is None:
            return got
        seat, legal, seen = got
        return seat, legal, _with(seen, "pile_size", seen.pile_size + 1)

    monkeypatch.setattr(bloff_engine.Table, "decision", other)
    with pytest.raises(AssertionError, match="the observation while playing differs from the state's own"):
        _bloff_check()


def test_a_simulation_that_ends_elsewhere_than_the_immutable_replay_is_caught(monkeypatch):
    real = testing.play

    def drifting(*args, **kwargs):
        rec = real(*args, **kwargs)
        rec.final.rank = rec.final.rank + 1
        return rec

    monkeypatch.setattr(testing, "play", drifting)
    with pytest.raises(AssertionError, match="the immutable replay differs from the simulation"):
        _bloff_check()


def test_a_log_that_replays_to_another_end_is_caught(monkeypatch):
    real = gamelog.parse

    def drifting(text):
        log, states = real(text)
        return log, [*states[:-1], dataclasses.replace(states[-1], rank=states[-1].rank + 1)]

    monkeypatch.setattr(gamelog, "parse", drifting)
    with pytest.raises(AssertionError, match="the log replays to a different final state"):
        _bloff_check()


# ---- a move with one field changed ----------------------------------------------------

def _reading_back_as_made(monkeypatch, game, action):
    """``game.parse`` reading each changed copy of ``action`` back as ``action`` itself."""
    real = game.parse
    texts = {t for m in mutants(action) for t in (str(m), game.notation(m))}
    monkeypatch.setattr(game, "parse", lambda text: action if text in texts else real(text))


def test_a_changed_number_that_reads_back_as_the_move_made_is_caught(monkeypatch):
    game, state, seat, legal = _decide("bluffer", 3, phase="vote")
    action = legal.sample(np.random.default_rng(0))
    assert isinstance(action, Vote)
    _reading_back_as_made(monkeypatch, game, action)
    with pytest.raises(AssertionError, match=r"Vote\(number=.*is played, but its text .* reads back as"):
        testing._check_mutants(game, state, seat, action, "here", {})


def test_a_changed_text_that_reads_back_as_the_move_made_is_caught(monkeypatch):
    game, state, seat, _ = _decide("bluffer", 3, phase="write")
    action = Write("a purple cow")
    _reading_back_as_made(monkeypatch, game, action)
    with pytest.raises(AssertionError, match=r"Write\(text=.*is played, but its text .* reads back as"):
        testing._check_mutants(game, state, seat, action, "here", {})


def test_a_changed_move_that_crashes_the_engine_is_caught(monkeypatch):
    game, state, seat, legal = _decide("bluffer", 3, phase="vote")
    real = bluffer_engine.Table.apply

    def crashing(t, seat, action, *args, **kwargs):
        if action == Vote(-1):
            raise KeyError(-1)
        return real(t, seat, action, *args, **kwargs)

    monkeypatch.setattr(bluffer_engine.Table, "apply", crashing)
    with pytest.raises(AssertionError, match=r"Vote\(number=-1\) by seat .* ended in KeyError"):
        testing._check_mutants(game, state, seat, legal.sample(np.random.default_rng(0)), "here", {})


def test_a_played_changed_move_that_breaks_a_conservation_law_is_caught(monkeypatch):
    game, state, seat, legal = _decide("bluffer", 3, phase="vote")
    monkeypatch.setattr(game, "invariants", lambda s: ["a vote was lost"])
    with pytest.raises(AssertionError, match="after Vote.*, which was played: a vote was lost"):
        testing._check_mutants(game, state, seat, legal.sample(np.random.default_rng(0)), "here", {})


# ---- assert_refused, the rules-test kit -----------------------------------------------

def test_assert_refused_checks_the_rule_and_the_words():
    game = config_game("horse-trading")
    state = game.new_state(3)
    assert_refused(game, state, 1, "auction", rule="not-your-turn")
    with pytest.raises(AssertionError, match="rule 'not-your-turn' .* expected 'wrong'"):
        assert_refused(game, state, 1, "auction", rule="wrong")
    with pytest.raises(AssertionError, match="does not say 'zzz'"):
        assert_refused(game, state, 1, "auction", says="zzz")


def test_assert_refused_fails_when_the_working_copy_plays_the_move(monkeypatch):
    game, state, seat, legal = _decide("horse-trading", 3)

    def refusing(s, seat, action):
        raise IllegalAction("never", "refused by the immutable step")

    monkeypatch.setattr(game, "step", refusing)
    with pytest.raises(AssertionError, match="the working copy played"):
        assert_refused(game, state, seat, legal.sample(np.random.default_rng(0)))


# ---- what a view holds -----------------------------------------------------------------

@pytest.mark.parametrize("hold", [
    lambda table, state: types.SimpleNamespace(legal=types.SimpleNamespace(x=[[table]])),   # two levels down
    lambda table, state: types.SimpleNamespace(kept=state),                                  # a state, not a table
    lambda table, state: types.SimpleNamespace(look=table.observe),                          # a bound method
], ids=["nested-table", "state", "bound-method"])
def test_a_view_holding_the_game_is_found(hold):
    game, state = _a_decision("horse-trading", 3)
    assert holds_the_game(types.SimpleNamespace(fine=(1, 2)), state) is None
    assert holds_the_game(hold(game.table(state), state), state) is not None


@pytest.mark.parametrize("held", [
    lambda hand: {"next": hand},
    lambda hand: collections.deque(hand),
    lambda hand: types.MappingProxyType({"next": hand}),
    lambda hand: bytearray(hand),
], ids=["dict", "deque", "read-only-dict", "bytearray"])
def test_a_neighbours_hand_in_a_container_that_eq_skips_is_caught(monkeypatch, held):
    """Whatever container the hand is kept in, where ``==`` does not look: a dict, and the
    containers with no attributes of their own (a deque, a read-only dict, a bytearray),
    which were read by their kind alone."""
    real = bloff_engine.Table.legal

    def leaky(t, seat, *args, **kwargs):
        legal = copy.copy(real(t, seat, *args, **kwargs))
        legal.current = held(tuple(_neighbours_hand(t, seat)))
        return legal

    monkeypatch.setattr(bloff_engine.Table, "legal", leaky)
    with pytest.raises(AssertionError, match="where its == does not look"):
        check_game(config_game("bloff"), 3, seeds=[0], hidden_every=1)


def test_a_view_holding_an_iterator_is_refused():
    """An iterator cannot be read without using it up: a view holding one fails in words."""
    with pytest.raises(TypeError, match="holds an iterator .* cannot read without using it up"):
        plain_values(("view", iter([1, 2])))


# ---- narration ------------------------------------------------------------------------

def _telling(real, extra):
    """A game's ``narrate`` with ``extra(game, before, seat, action)`` after it."""
    def told(self, before, seat, action, after, names):
        return real(self, before, seat, action, after, names) + extra(self, before, seat, action)
    return told


def test_a_narration_of_a_chance_move_that_names_a_secret_question_is_caught(monkeypatch):
    """In the two-player game the question is read in secret by the writer: a narration of
    the draw (a chance move) that names it is caught."""
    monkeypatch.setattr(Bluffer, "narrate", _telling(Bluffer.narrate, lambda g, b, s, a: f" ({a})" if s is None else ""))
    with pytest.raises(AssertionError, match=r"\(chance: .*the narration, which every seat reads, changes"):
        check_game(config_game("bluffer"), 2, seeds=[0], hidden_every=1)


def test_a_narration_naming_the_true_answer_while_answers_are_written_is_caught(monkeypatch):
    """Read with the redealt state's own game (whose card has another true answer)."""
    monkeypatch.setattr(Bluffer, "narrate", _telling(
        Bluffer.narrate, lambda g, b, s, a: f" ({g.deck.by_id[b.qid].answer})" if isinstance(a, Write) else ""))
    with pytest.raises(AssertionError, match="the narration, which every seat reads, changes"):
        check_game(config_game("bluffer"), 3, seeds=[0], hidden_every=1)


def _worked(name: str):
    s = sc.find(name)
    return s.game, s.players, s.first_state(), [(seat, a) for seat, a, _ in s.moves]


def test_check_line_checks_the_narration(monkeypatch):
    monkeypatch.setattr(Bloff, "narrate", _telling(Bloff.narrate, lambda g, b, s, a: f" {a}" if isinstance(a, Play) else ""))
    with pytest.raises(AssertionError, match="the narration, which every seat reads, changes"):
        check_line(*_worked("bloff-anne-calls-david"))


def test_check_line_checks_the_refusals(monkeypatch):
    monkeypatch.setattr(yb_engine.Table, "apply", refusal_naming_the_neighbours_notes(yb_engine.Table.apply))
    with pytest.raises(AssertionError, match="the refusal of .* changes with information hidden"):
        check_line(*_worked("ht-cant-pay"))


def test_a_listed_move_its_own_legal_refuses_fails_the_check(monkeypatch):
    """A Legal that lists a move its own ``explain`` refuses (an American Count raise of a
    500 the seat does not hold) would hand a bot or a panel's button a move the rules turn
    down: the suite checks every listed move it compares."""
    from bluffkit.auctions import legal as auction_legal
    from bluffkit.auctions.actions import Raise
    real = auction_legal.Legal.actions

    def listing_a_500(self, limit=None):
        listed = real(self, limit)
        return None if listed is None else [*listed, Raise(500)] if self.raise_ else listed

    monkeypatch.setattr(auction_legal.Legal, "actions", listing_a_500)
    with pytest.raises(AssertionError, match=r"is offered 'raise 500', which its own Legal refuses: seat . holds no note of 500"):
        check_game(config_game("auction-american-count"), 4, seeds=[0], hidden_every=1)


def test_a_public_form_telling_a_bystander_what_only_the_trader_saw_is_caught():
    """The public form is compared for every other seat: here the challenger (seat 0, the
    first other seat) receives the counter and can tell two counters of one note count
    apart, but the bystander (seat 2) cannot, so a public form giving the counter whole
    tells seat 2 more than it may know (You're Bluffing!, the cattle trade: "Player B makes a
    secret counter-offer ... the two sums of money are exchanged and the exchanged cards are
    counted in secret")."""
    from bluffkit.games.youre_bluffing import narrate
    from bluffkit.games.youre_bluffing.actions import Counter
    game = testing.config_game("youre-bluffing")
    state, seat, legal = next((s, seat, legal) for s, seat, legal in
                              testing.random_decisions(game, 3, np.random.default_rng(0))
                              if seat == 1 and s.trade is not None and s.trade[0] == 0 and sum(s.money[1]) >= 3)
    assert state.trade[4] == (1, 2, 0, 0, 0, 0) and state.money[1] == (3, 2, 0, 0, 0, 0)   # 0+10+10; seat 1 holds 0,0,0,10,10
    counter = Counter(notes=(1, 1, 0, 0, 0, 0))     # 0+10: seat 0 offered more, as with 0+0

    def whole(before, mover, action):
        return action if isinstance(action, Counter) else narrate.public_move(before, mover, action)

    names = ["Seat0", "Seat1", "Seat2"]
    said = game.narrate(state, seat, counter, game.step(state, seat, counter), names)
    with pytest.raises(AssertionError, match="says more than seat 2 may know"):
        testing._check_public(game, state, seat, counter, said, whole(state, seat, counter), whole, names, "here")
    # the real public form (the number of notes) passes
    public = testing.public_move_of(game)
    testing._check_public(game, state, seat, counter, said, public(state, seat, counter), public, names, "here")
