"""Panel speed: how long one step takes to redraw in each panel, for a 5-player game
(the scenario player: its scenario's 3 players; Bidder Up!: 4 players, the most it has).

    .venv/bin/python benchmarks/panel_speed.py [--repeat K]

``--repeat K`` times each panel K times as many steps (default 1: 30 to 200 a panel).

The bar: under 100 ms per step (each panel's 95th percentile). Measured in the kernel
(building the new view and its widgets' values); the browser's own drawing is not
included.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _timing import count

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import AuctionLab, BlufferTable, ReplayViewer, ScenarioPlayer, TablePanel

BAR_MS = 100.0


def timed(fn, repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def board_clicks(n: int) -> list[float]:
    """Bidder Up!, one human and three bots: the kernel's time from a click on a ringed
    space to the redrawn board (the move, the bots' turns up to the human's next screen,
    the new view); the browser's part is measured by benchmarks/board_click.py."""
    import numpy as np

    from bluffkit.widget_check import driver_for
    from bluffkit.widgets import BidderUpTable
    t = BidderUpTable("fairground", players=4, humans=[0], seed=1)
    driver, rng, out = driver_for(t), np.random.default_rng(0), []
    while len(out) < n:
        if t.session.over:
            t = BidderUpTable("fairground", players=4, humans=[0], seed=len(out) + 2)
            driver = driver_for(t)
        if t.view.clickable and t.screen[0] == "seat":
            free = [sid for sid, (_, cost) in t.session.legal(0).key if cost == 0]
            t0 = time.perf_counter()
            t.view.click_space(str(free[0]) if free else t.view.clickable[0])
            out.append((time.perf_counter() - t0) * 1000)
        else:
            driver.click(t, rng)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=count(1, 100), default=1, metavar="K",
                    help="each panel's steps, K times as many (1..100)")
    k = ap.parse_args(argv).repeat
    rows = []
    p = ScenarioPlayer("yb-donkeys-paydays", seat=0)

    def next_step():
        if p.step.value == p.step.max:
            p.step.value = 0
        p.next.click()

    rows.append(("scenario player: Next", timed(next_step, 60 * k)))
    game = make_game("youre-bluffing")
    s = Session(game, ["random"] * 5, names=list("ABCDE"), seed=1).run()
    r = ReplayViewer(s)
    r.viewer.value = 2                           # a seat's view: built from its observation
    steps = iter(range(1, 10**6))
    rows.append(("replay viewer: one step", timed(lambda: setattr(r.step, "value", next(steps) % r.step.max), 200 * k)))
    t = TablePanel("youre-bluffing", players=5, humans=[0, 1, 2, 3, 4], names=list("ABCDE"), seed=3)

    def table_step():
        if t.cover.layout.display is None:
            t.show.click()
        legal = t.session.legal(t.viewer)
        t.typed.value = "pass" if legal.bid else str(legal.simple[0]) if legal.simple else "pay " + \
            "+".join(str(v) for v, c in zip(game.rules.denominations, legal.payment_notes(game.rules.denominations)[0]) for _ in range(c))
        t.typed_button.click()

    rows.append(("table (5 humans): one move", timed(table_step, 40 * k)))
    b = BlufferTable(players=5, humans=[0, 1, 2, 3, 4], names=list("ABCDE"), seed=2)

    def bluffer_step():
        if b.session.over:
            return
        if b.cover.layout.display is None:
            b.show.click()
        legal = b.session.legal(b.viewer)
        b.typed.value = f"write answer {len(b.session.moves)}" if legal.write else f"vote {legal.vote[0]}"
        b.typed_button.click()

    rows.append(("Bluffer (5 humans): one move", timed(bluffer_step, 40 * k)))
    lab = AuctionLab(fmt="classic", bidders=4, seed=1)

    def lab_step():
        if lab.session.over:
            lab.new_auction()
        lab.step_button.click()

    rows.append(("auction lab: one step", timed(lab_step, 100 * k)))
    rows.append(("Bidder Up! (4 players): a board click", board_clicks(30 * k)))
    print(f"bluffkit panel speed, 5-player game; the bar is {BAR_MS:.0f} ms per step")
    worst = 0.0
    for name, ms in rows:
        p95 = sorted(ms)[int(0.95 * (len(ms) - 1))]
        worst = max(worst, p95)
        print(f"  {name:38s} median {statistics.median(ms):6.1f} ms   95th percentile {p95:6.1f} ms")
    print(f"slowest 95th percentile {worst:.1f} ms -> {'meets' if worst < BAR_MS else 'DOES NOT meet'} the bar")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
