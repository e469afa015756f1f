"""Bots for Bluffer: an inventor of false answers and a voter with a chance of
spotting the truth.

:class:`BluffBot` writes false answers taken from the deck's decoys for the question
(:meth:`bluffkit.games.bluffer.observe.Legal.draw`, which the generic random bot
plays too). It never writes the true answer (the deck's decoys differ from it), and
bots never write the same answer as one another without seeing each other's sheets:
each writer is given its own share of the decoys (writer ``i`` of ``w`` is given the
decoys ``i, i + w, i + 2w, ...``, never the whole list, which would tell it which
answers read out are false). A decoy longer than the rules allow is cut at a
word. In the two-player game the asker writes ``false_answers`` different decoys,
within the rules' range (``duel_false_answers``, 2 or 3 by default).

As a voter it models belief with one number, ``spot``: the probability that it
recognises the true answer. With probability ``spot`` it votes the truth; otherwise
it votes uniformly at random among the false answers other than its own (it never
bets on its own answer, "It is forbidden to bet on your own answer"). Recognising the
truth needs knowing the fact: what a bot knows is the parameter ``facts``, a mapping
from question id to the true answer, given by whoever builds the bot (e.g.
``deck_facts(game.deck)``: the fact of every question of the deck); its observation
never tells it. A bot with no facts, or asked a question it has no fact for, cannot
spot the truth and votes as the random bot does. The same model is derived in
:mod:`bluffkit.analysis.bluffer_theory`.

Named bots: ``random`` (the generic :class:`~bluffkit.agents.generic.RandomBot`: votes
uniformly among the answers other than its own, the naive model), ``gullible`` (spot
0.1), ``average`` (spot 0.4), ``sharp`` (spot 0.8). Built by name for a game
(:func:`bluffkit.agents.base.make_agent`), a bot is told the facts of the game's deck
(:func:`tell`).
"""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Integral, Real

from bluffkit.agents.base import UniformBuffer, fraction_spec
from bluffkit.agents.generic import RandomBot
from bluffkit.core.errors import RulesError, quote
from bluffkit.games.bluffer.actions import Vote, reading
from bluffkit.games.bluffer.observe import fit as _fit  # noqa: F401  (kept for callers of the old name)


def deck_facts(deck) -> dict[str, str]:
    """The fact of every question of a :class:`~bluffkit.games.bluffer.deck.Deck`:
    question id -> true answer (for a bot that knows them all)."""
    return {q.id: q.answer for q in deck.questions}


def check_spot(value, what: str = "spot") -> None:
    """A bot's spot rate: a number from 0 to 1 (not true/false, not a percent), or ``None``
    (uniform over the answers other than its own)."""
    if value is None:
        return
    x = float(value) if isinstance(value, Real) and not isinstance(value, bool) else None
    if x is None or not 0 <= x <= 1:
        hint = " (0.4, not 40)" if x is not None and x > 1 else ""
        raise RulesError(f"{what}: a spot rate is a probability from 0 to 1{hint} or None, got {quote(value)}")


class BluffBot:
    """Inventor and voter; ``spot`` in [0, 1] or ``None`` (uniform over the answers
    other than its own); ``facts``: question id -> true answer, what the bot knows
    (``None``: nothing)."""

    def __init__(self, spot: float | None = 0.4, false_answers: int = 3, name: str | None = None,
                 facts: Mapping[str, str] | None = None):
        check_spot(spot)
        # a whole number (numpy's too, kept as a Python int), not True (== 1) nor 3.0 (numpy's
        # True is no Integral)
        if isinstance(false_answers, bool) or not isinstance(false_answers, Integral) \
                or false_answers not in (1, 2, 3, 4, 5):
            raise RulesError(f"false_answers must be 1 to 5 (a count, not true/false), got {false_answers!r}")
        false_answers = int(false_answers)
        if facts is not None and not isinstance(facts, Mapping):
            raise RulesError(f"facts must map question ids to true answers (e.g. deck_facts(deck)), got {facts!r}")
        self.spot, self.false_answers, self.facts = spot, false_answers, facts
        self.name = name or (f"bluffbot(spot={spot})" if spot is not None else "random")
        self.u = UniformBuffer()

    def act(self, obs, legal, rng):
        u = self.u
        if legal.copy or legal.write or legal.done:     # the card's answer as it stands; a decoy
            return legal.draw(lambda: u(rng), self.false_answers)
        return self._vote(obs, legal, rng)

    def _vote(self, obs, legal, rng):
        u = self.u
        allowed = legal.vote
        if self.spot is None:
            return legal.draw(lambda: u(rng))
        truth_text = self.facts.get(obs.qid) if self.facts is not None else None
        # Which number is the truth is what the bot "knows" with probability spot, by the
        # fact's wording (a truth the leader reworded is unknown to it); an identical false
        # answer is indistinguishable, so it takes the first such number.
        # (the answers as heard: compared by how they read, see bluffer.actions.reading)
        truth_read = reading(truth_text) if truth_text is not None else None
        mine = {reading(text) for text in obs.mine}
        heard = [reading(text) for text in obs.answers]
        truths = [k for k in allowed if heard[k - 1] == truth_read]
        false = [k for k in allowed if heard[k - 1] != truth_read and heard[k - 1] not in mine]
        if truths and (u(rng) < self.spot or not false):
            return Vote(truths[0])
        pool = false or list(allowed)
        return Vote(pool[int(u(rng) * len(pool))])


AGENTS = {
    "random": RandomBot,
    "gullible": lambda: BluffBot(0.1, name="gullible"),
    "average": lambda: BluffBot(0.4, name="average"),
    "sharp": lambda: BluffBot(0.8, name="sharp"),
}


SPEC_HELP = ", 'spot P' (P: the chance of spotting the truth, e.g. spot 0.7)"


def from_spec(spec: str):
    """A bot from ``"spot 0.7"`` (or ``"spot:0.7"``, or its recorded name
    ``"bluffbot(spot=0.7)"``); ``None`` otherwise."""
    p = fraction_spec(spec.replace("bluffbot(spot=", "spot ").rstrip(")"), "spot")
    return None if p is None else BluffBot(p)


def tell(agent, game):
    """What a bot built by name for ``game`` is told from outside the observations: a
    :class:`BluffBot` with no facts of its own learns the facts of the game's deck
    (players of Bluffer know some facts; the bot's ``spot`` says how often it recalls
    one). Returns the agent."""
    if isinstance(agent, BluffBot) and agent.facts is None and agent.spot is not None:
        agent.facts = deck_facts(game.deck)
    return agent
