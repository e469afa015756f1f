"""You're Bluffing! (Kuhhandel) and Horse Trading: one engine, two rulesets.

>>> from bluffkit.games.youre_bluffing import YoureBluffing
>>> game = YoureBluffing.create("horse-trading")
>>> s = game.new_state(players=3)
>>> game.legal(s, 0).simple
(Auction(),)
>>> s = game.step(s, 0, "auction")
>>> s = game.step(s, None, "draw 9")     # chance turns up a 9 (the cows, 800)
>>> s = game.step(s, 1, "bid 10")
>>> s.high_bid, s.high_bidder, s.pending
(10, 1, (2,))
"""

from bluffkit.core.spec import GameSpec, register
from bluffkit.games.youre_bluffing.game import YoureBluffing
from bluffkit.games.youre_bluffing.rules import GAME_NAMES, PRESET_VARIANTS, PRESETS, VARIANTS, Rules, preset

__all__ = ["YoureBluffing", "Rules", "PRESETS", "VARIANTS", "preset", "SPECS"]


def conformance_bots() -> list:
    """The bots the conformance suite seats first: a random bot that overbids (so that the
    can't-pay rule is exercised) and the heuristic one."""
    from bluffkit.agents.youre_bluffing import HeuristicAgent, RandomAgent
    return [RandomAgent(overbid=60), HeuristicAgent()]


def _spec(name: str, title: str, configs: tuple, prefix: str) -> GameSpec:
    """One ruleset's spec: both share the engine, the bots, the views and the probes."""
    rules = PRESETS[GAME_NAMES[name]]
    return register(GameSpec(
        name=name,
        title=title,
        docs_page="youre-bluffing.md",
        factory=YoureBluffing.create,
        from_header=YoureBluffing.from_header,
        players=(rules.min_players, rules.max_players),
        presets=(GAME_NAMES[name],),
        variants=PRESET_VARIANTS[GAME_NAMES[name]],
        bots="bluffkit.agents.youre_bluffing",
        default_bot="heuristic",
        test_bots="bluffkit.games.youre_bluffing:conformance_bots",
        text_view="bluffkit.games.youre_bluffing.game:YoureBluffing.describe",
        seat_html="bluffkit.widgets.render:seat_html",
        all_seeing_html="bluffkit.widgets.render:all_seeing_html",
        charts="bluffkit.analysis.gamedata:game_charts",
        encoder="bluffkit.rl.encoders.youre_bluffing:YoureBluffingEncoder",
        max_moves=20_000,  # bidders who always raise never end a game; random play for 4 to 8,000 (docs/rl.md)
        public_move="bluffkit.games.youre_bluffing.narrate:public_move",
        phase_words="bluffkit.games.youre_bluffing.narrate:" + ("HT_PHASE_WORDS" if name == "horse-trading"
                                                                else "PHASE_WORDS"),
        configs=configs,
        # never legal: a bid of nothing, a payment of nothing, a player turning up an animal
        illegal_probes=("bid 0", "pay none", "draw 9", "draw cow"),
        probes=("pass", "sell", "buy", "accept", "auction", "pay 500+500+500", "trade 0 horse none",
                "counter 500+500", "offer 500+500+500+500"),
        scenario_prefixes=(prefix,),
        seat_keys=("leader",),
        module=__name__,
    ))


SPECS = (
    _spec("youre-bluffing", "You're Bluffing!", (
        ("youre-bluffing", "youre-bluffing", (), {}),
        ("youre-bluffing-quick", "youre-bluffing", ("quick",), {}),
        ("youre-bluffing-trade-and-auction", "youre-bluffing", ("trade-and-auction",), {}),
        ("youre-bluffing-short", "youre-bluffing", ("short",), {}),
        ("youre-bluffing-options", "youre-bluffing", (),
         {"buyback_without_funds": "show_and_rerun", "payment": "any_cover", "tie_break": "shared",
          "payment_seen": "count"}),
    ), "yb-"),
    _spec("horse-trading", "Horse Trading", (
        ("horse-trading", "horse-trading", (), {}),
        ("horse-trading-double-auction", "horse-trading", ("double-auction",), {}),
        ("horse-trading-trade-and-auction", "horse-trading", ("trade-and-auction",), {}),
        ("horse-trading-short", "horse-trading", ("short",), {}),
        ("horse-trading-all-variants", "horse-trading", ("double-auction", "trade-and-auction", "short"),
         {"trade_tie": "reoffer"}),
    ), "ht-"),
)
