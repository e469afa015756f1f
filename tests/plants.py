"""Faults planted in an engine on purpose, for the tests that prove a check catches them."""

from __future__ import annotations

from bluffkit.core.errors import IllegalAction


def refusal_naming_the_neighbours_notes(apply, only: int | None = None):
    """You're Bluffing!'s ``Table.apply`` (``apply``), its refusals told with the notes of
    the refused seat's left neighbour ("... (seat 2 holds (2, 4, ...))"), a secret of
    that seat; ``only``: of that seat's refusals alone (``-1``: the last seat's)."""
    def telling(t, seat, action, *args, **kwargs):
        try:
            return apply(t, seat, action, *args, **kwargs)
        except IllegalAction as e:
            if only is not None and seat != only % t.n:
                raise
            nxt = (seat + 1) % t.n
            raise IllegalAction(e.rule, f"{e.reason} (seat {nxt} holds {t.money[nxt]})") from None
    return telling


def recast(obj, cls):
    """A ``cls`` (a subclass of ``obj``'s slotted class, with a planted method) holding
    ``obj``'s slots: a Legal made to tell what it should not, its fields as they were."""
    made = cls.__new__(cls)
    for name in type(obj).__slots__:
        setattr(made, name, getattr(obj, name))
    return made


def peeking_lab(shows):
    """An auction lab with a hidden widget showing ``shows(lab)`` after every drawing: a
    leak of whatever ``shows`` reads (every bidder's notes, their private values)."""
    import ipywidgets as W

    from bluffkit.widgets import AuctionLab

    class PeekingLab(AuctionLab):
        def draw(self):
            super().draw()
            if not hasattr(self, "spy"):
                self.spy = W.HTML(layout=W.Layout(display="none"))
                self.children = self.children + (self.spy,)
            self.spy.value = shows(self)
    return PeekingLab
