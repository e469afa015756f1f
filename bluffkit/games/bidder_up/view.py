"""Plain HTML views of Bidder Up! for the panels: a seat's text view (from its
observation only) and the all-seeing facts, escaped in a ``<pre>`` block."""

from __future__ import annotations

import html
import json


def seat_html(game, observation, names) -> str:
    return f"<pre class='bidder-up'>{html.escape(game.describe(observation, names, legal=True))}</pre>"


def all_seeing_html(game, state, names) -> str:
    return f"<pre class='bidder-up'>{html.escape(json.dumps(game.facts(state, names), indent=1, default=str))}</pre>"
