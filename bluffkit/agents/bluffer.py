"""Bots for Bluffer: an inventor of false answers and a voter with a chance of
spotting the truth.

:class:`BluffBot` writes false answers taken from the deck's decoys for the question.
It never writes the true answer (the deck's decoys differ from it), and bots never
write the same answer as one another without seeing each other's sheets: the decoys
are shared out among the writers by seat (writer ``i`` of ``w`` draws from the
decoys ``i, i + w, i + 2w, ...``). A decoy longer than the rules allow is cut at a
word. In the two-player game the asker writes ``false_answers`` different decoys,
within the rules' range (``duel_false_answers``, 2 or 3 by default).

As a voter it models belief with one number, ``spot``: the probability that it
recognises the true answer. With probability ``spot`` it votes the truth; otherwise
it votes uniformly at random among the false answers other than its own (it never
bets on its own answer, "It is forbidden to bet on your own answer"). A bot that
knows the fact would vote the truth, so to be able to spot it the bot reads the
deck's answer for the question: this is the model, not a peek at other seats. The
same model is derived in :mod:`bluffkit.analysis.bluffer_theory`.

Named bots: ``random`` (votes uniformly among the answers other than its own: the
naive model), ``gullible`` (spot 0.1), ``average`` (spot 0.4), ``sharp`` (spot 0.8).
"""

from __future__ import annotations

from bluffkit.agents.base import UniformBuffer, fraction_spec
from bluffkit.core.errors import RulesError
from bluffkit.games.bluffer.engine import DONE_, Copy, Vote, Write, clean_text


class BluffBot:
    """Inventor and voter; ``spot`` in [0, 1] or ``None`` (uniform over the answers
    other than its own)."""

    def __init__(self, spot: float | None = 0.4, false_answers: int = 3, name: str | None = None):
        if spot is not None and not (isinstance(spot, (int, float)) and 0 <= spot <= 1):
            raise RulesError(f"spot is a probability from 0 to 1, got {spot!r}")
        if false_answers not in (1, 2, 3, 4, 5):
            raise RulesError(f"false_answers must be 1 to 5, got {false_answers!r}")
        self.spot, self.false_answers = spot, false_answers
        self.name = name or (f"bluffbot(spot={spot})" if spot is not None else "random")
        self.u = UniformBuffer()

    def act(self, obs, legal, rng):
        if legal.copy:                    # the leader copies the card's answer as it stands
            return Copy(_fit(obs.truth, legal.max_length) or "unknown")
        if legal.write or legal.done:
            return self._write(obs, legal, rng)
        return self._vote(obs, legal, rng)

    def _write(self, obs, legal, rng):
        q = obs.rules.load_deck().by_id[obs.qid]
        # a decoy as the rules accept it: spaces tidied, cut to the longest answer allowed
        decoys = [_fit(d, legal.max_length) for d in q.decoys]
        decoys = [d for d in decoys if d] or ["no idea"]
        if obs.mode == "duel":
            if legal.done and (not legal.write or len(obs.mine) >= self.false_answers):
                return DONE_
            choices = [d for d in decoys if d not in obs.mine] or decoys
        else:
            i, w = obs.writers.index(obs.seat), len(obs.writers)
            choices = decoys[i::w] or decoys
        return Write(choices[int(self.u(rng) * len(choices))])

    def _vote(self, obs, legal, rng):
        u = self.u
        allowed = legal.vote
        truth_text = obs.rules.load_deck().by_id[obs.qid].answer
        # Which number is the truth is what the bot "knows" with probability spot, by the
        # card's wording (a truth the leader reworded is unknown to it); an identical false
        # answer is indistinguishable, so it takes the first such number.
        truths = [k for k in allowed if obs.answers[k - 1] == truth_text]
        false = [k for k in allowed if obs.answers[k - 1] != truth_text and obs.answers[k - 1] not in obs.mine]
        if self.spot is None:
            pool = [k for k in allowed if obs.answers[k - 1] not in obs.mine] or list(allowed)
            return Vote(pool[int(u(rng) * len(pool))])
        if truths and (u(rng) < self.spot or not false):
            return Vote(truths[0])
        pool = false or list(allowed)
        return Vote(pool[int(u(rng) * len(pool))])


def _fit(text: str, most: int) -> str:
    """``text`` with its spaces tidied, cut at a word to at most ``most`` characters."""
    text = clean_text(text)
    while len(text) > most and " " in text:
        text = text.rsplit(" ", 1)[0]
    return text[:most].strip()


AGENTS = {
    "random": lambda: BluffBot(None, name="random"),
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
    return None
