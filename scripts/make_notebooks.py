"""Write the panel notebooks. scripts/run_notebooks.sh runs this script and then executes
every notebook, storing the outputs nbval compares and the widget state the panels are
drawn from when a notebook opens: run that one command, not this one alone.

    scripts/run_notebooks.sh [NAME.ipynb ...]

The notebooks are teaching documents: each explains the rule on screen and cites
the rulebook section. Edit the text here, not in the .ipynb files (the start page,
index.ipynb, is the one notebook edited directly).
"""

import sys
from pathlib import Path

import nbformat as nbf

OUT = Path(__file__).resolve().parents[1] / "notebooks"
ONLY = set(sys.argv[1:])      # notebook names to write (default: every one)
md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell


# The first line of every panel notebook: it opens with its panels drawn from the widget
# state saved by scripts/run_notebooks.sh, but they play only once the cells have run.
START = ("**To play, run every cell: Run ▸ Run All Cells.** Until then the panels below are a picture of the "
         "last run and their buttons do nothing.")


def write(name, cells):
    if ONLY and name not in ONLY:
        return
    nb = nbf.v4.new_notebook()
    start = md(START)
    start.metadata["tags"] = ["hide-when-presented"]      # `make present` leaves it out (Voila runs the cells)
    nb.cells = [start, *cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbf.write(nb, OUT / name)
    print("wrote", OUT / name)


write("scenario-player.ipynb", [
    md("""# Step through a rulebook example

*Horse Trading* rules, section **Auction**, worked example:

> Carla turns up the 9♦ (a 9 – its set is worth 800). Anna bids 10, Ben 40, Anna 50, Ben 60. Nobody bids
> any higher – sold for 60. Carla could buy it herself by paying Ben 60, but she decides to sell. By now
> Ben's money is two 50s and two zeros, so he pays her 50 + 50 = 100 and gets no change.

Press **Next** to play the example one move at a time. The table shows every player's animals and money;
choose a player under **View** to see only what that player may know (the others' money becomes a number of
cards). The rulebook's numbers are listed at the bottom and ticked when the example reaches them."""),
    code("""from bluffkit.widgets import ScenarioPlayer

player = ScenarioPlayer("ht-auction-ben-pays-100")
player"""),
    md("""## The rules on screen

- **Open bidding.** Every player but the auctioneer may bid, in any order, in multiples of 10 (*Horse
  Trading*, Auction 2). When nobody bids higher the auction closes.
- **Sell or buy.** The auctioneer sells to the highest bidder or buys the animal herself by paying the
  bidder (Auction 3). Here Carla sells.
- **No change.** "If you can't pay the exact amount, you pay more" (Paying). Ben cannot make 60 from
  50, 50, 0, 0, so he gives 50 + 50.

The same steps can be taken from code: a teacher can prepare the board before class."""),
    code("""for _ in range(9):
    player.next.click()
print(player.result.narration[-1])
print("Ben's notes now:", player.scenario.game.facts(player.result.states[-1], player.scenario.seats)["notes"]["Ben"])"""),
    md("""## Other examples

Choose another example in the **Example** list: the family multiplier (4 pigs, 4 dogs and 4 roosters
score 2460), the donkeys' paydays, the three calls without a bid, the leader's right of preemption, the
trade where Anna ends up 40 richer, a tie in a trade under either ruleset, and a bidder who cannot pay."""),
])

write("table.ipynb", [
    md("""# Play at the table

Play *Horse Trading* against two bots. You are **Bo**; Ana (the first leader) and Cy are bots that value
an animal by what it adds to their final score under the family multiplier.

- On your turn you **hold an auction** or **start a trade** (rules, *Playing a turn*).
- In an auction you may **bid** (multiples of 10) or **pass**; as auctioneer you **sell** or **buy**.
- In a trade you put money **face down**: the other side sees only how many cards you offer. Zeros are
  bluff cards.

Only legal moves are offered. You can also type any move in the **Move** box: if the rules refuse it, the
panel says why and nothing changes. **Undo** takes back your last move; **Save log** writes the game to a
file that the replay viewer can open.

Several people can share the screen: give `humans` more seats. When the seat changes the table is covered
until the next player asks to see it, so nobody sees another player's notes."""),
    code("""from bluffkit.widgets import TablePanel

table = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
table"""),
    md("""## A hot-seat game for four

Two humans (Ana and Cy) and two bots, under *You're Bluffing!* rules with its Quick game variant (two
animals auctioned together)."""),
    code("""hot_seat = TablePanel("youre-bluffing", players=4, humans=[0, 2], names=["Ana", "Bo", "Cy", "Di"],
                      seed=5, variants=["quick"])
hot_seat"""),
])

write("replay.ipynb", [
    md("""# Replay a logged game

Every bluffkit game can be saved as a log (a text file, one line per step). The replay viewer reads it back,
checks every step against the rules, and lets you scrub through it: the slider moves through the steps,
**Play** runs them at the chosen speed, and **View** shows the table as any one player saw it, or the
all-seeing view. The list under the table marks the current step.

Here we let four bots play a game of *You're Bluffing!*, save it, and open the file."""),
    code("""import tempfile
from pathlib import Path

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import ReplayViewer

folder = Path(tempfile.mkdtemp())
game = Session(make_game("youre-bluffing"), ["heuristic", "random", "heuristic", "random"],
               names=["Ana", "Bo", "Cy", "Di"], seed=11).run()
path = game.save(folder / "game.jsonl")
print(len(game.moves), "steps; scores", dict(zip(game.names, game.scores())))"""),
    code("""viewer = ReplayViewer(path)
viewer.step.value = 40       # jump to step 40
viewer"""),
    md("""## A log that was tampered with

Each line of a log carries a checksum of the game after that step. If someone edits a bid by hand, the
replay stops at that line and says why; nothing else is shown as if it were true."""),
    code("""lines = path.read_text().splitlines()
for i, line in enumerate(lines):
    if '"action":"bid ' in line:
        amount = line.split('"action":"bid ')[1].split('"')[0]
        lines[i] = line.replace(f'"bid {amount}"', f'"bid {int(amount) + 1}"')
        break
edited = folder / "edited.jsonl"
edited.write_text("\\n".join(lines) + "\\n")
bad = ReplayViewer()
bad.load(edited)
print(bad.error.value.split("Cannot replay: ")[1].split("</div>")[0].replace(str(folder) + "/", ""))"""),
])

write("scoring-explorer.ipynb", [
    md("""# The family multiplier

*You're Bluffing!*, **End of the Game**: each complete family scores the value printed on its cards, and
the total is multiplied by the number of families: "A player owns 4 pigs, 4 dogs, and 4 roosters. Their
total is 650 + 160 + 10 = 820 points. Since they own 3 families, they multiply ... giving them 2460 points."

So a cheap family is worth far more than its face value: it raises the multiplier of everything else you
hold. The first chart shows the score against the number of complete families, collecting the cheapest
families first or the dearest first; the dashed lines are the plain sums without the multiplier.

Below it, choose the families you hold: the bars show what completing each other family would add, split
into the new family's own points (times the new multiplier) and what it adds to the families you already
have. Hover over a chart for its numbers. The charts draw with no internet connection: their JavaScript comes
with bluffkit's dependencies."""),
    code("""from bluffkit.widgets import ScoringExplorer

explorer = ScoringExplorer("youre-bluffing", held=("pig", "dog"))
explorer"""),
    md("""With pigs and dogs (650 + 160, x 2 = 1620), the roosters are worth 10 points on their own, but
completing them makes the score (650 + 160 + 10) x 3 = 2460: **840** more. The numbers behind the chart:"""),
    code("""print(explorer.frame[["animal", "value", "from_new", "from_held", "marginal"]].to_string(index=False))"""),
])

write("game-charts.ipynb", [
    md("""# What happened in a game

Three charts of one game of *Horse Trading* between a heuristic bot (Ana) and two random ones:

- **money** of each player after every step: auctions move money from the buyer to the auctioneer, the
  7s (paydays) give everyone the same, trades swap face-down offers;
- **auction prices** against the value of the card sold (the set's value divided by four: a card earns
  nothing until its set is complete, so this is only a yardstick);
- **trades**: the challenger's offer against the counter-offer; accepted offers sit on the zero line.
"""),
    code("""from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import GameCharts

game = Session(make_game("horse-trading"), ["heuristic", "random", "random"], names=["Ana", "Bo", "Cy"],
               seed=1).run()
print("final scores:", dict(zip(game.names, game.scores())))
charts = GameCharts(game)
charts"""),
    md("""The same panel opens a saved log: `GameCharts("game.jsonl")`. The frames behind the charts are
ordinary pandas tables, ready for your own analysis:"""),
    code("""print(charts.auctions.groupby("buyer")["price"].agg(["count", "sum"]).to_string())"""),
])

write("bidder-up.ipynb", [
    md("""# Bidder Up!, the board game

**The game** (*Bidder Up!* rulebook; bluffkit's digest in `docs/bidder-up.md` orders it into sections A to L).
Two to four players race their pawns round a farm board. Where a pawn stops, something happens: the animals
in a **pen** are auctioned under the auction format printed on that part of the board (ten formats, from the
Classic open auction to the Dutch clock and the Cat in the Bag); a **horse-trading** space starts a trade
with face-down offers; the **Piggy Bank** pays out the notes players paid to move; on the Fairground board the
**market** changes what each animal is worth and the **raffle booth** sells tickets. At the end, what counts
is the value of the complete animal types in your barn, *multiplied* by how many complete types you have,
plus your money.

This notebook walks through one turn of each kind of space with the rulebook's own examples, then lets you play
a game against bots, and ends with what thousands of simulated turns say about paying to move."""),
    md("""## The board

The Animal Market board at the start of a four-player game, seen by everyone: the outer loop (clockwise) and
the hill in the middle, each space with its icon and colour, the four pens with the auction format of their
part of the board (tiles A to D), the pawns on Start, and on the right the Piggy Bank, the two face-down supply
stacks and the legend."""),
    code("""from IPython.display import HTML

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets.render import all_seeing_view

game = make_game("bidder-up", board="animal-market")
names = ["Annette", "Daniel", "André", "Frank"]
start = Session(game, ["random"] * 4, names=names, seed=1)
start.advance(limit=1)                       # chance deals the animals into the pens
HTML(all_seeing_view(game, start.state, names))"""),
    md("""## A turn, space by space

Each example below is a *scenario*: the rulebook's worked example played move by move by the engine, with the
rulebook's numbers checked at the end (`ok`). The same examples step by step, on the drawn board, are in the
[scenario player](scenario-player.ipynb) (choose them in its list)."""),
    code("""from bluffkit.core import scenario


def show(name):
    result = scenario.run(scenario.find(name))
    print(result.scenario.title)
    for line in result.narration:
        print("  ", line)
    for check in result.checks:
        print(f"   checked: {check.key} {check.expected}" + (f"  ({check.note})" if check.note else ""))
    print("the rulebook's numbers hold:", result.ok)"""),
    md("""### Moving [C]

Roll the die (1 to 3) and move that many spaces: clockwise on the outer loop, either way on the hill, never
back. Each space more or fewer costs notes, any notes, laid face down on the Piggy Bank: 1 for the first step,
2 more for the second. *"For 2 spaces more or fewer, the player would have to pay 1 + 2 = 3 notes."*"""),
    code("""show("bu-board-move-two-more-costs-3")"""),
    md("""### A pen: the auction [D]

*"Annette rolled a 1. She could move to the goose or to the piggy bank in the middle ... But Annette wants to
auction off the (more valuable) cow instead. To increase her movement by 1 space, she places 1 money note on the
piggy bank."* She auctions the cow (Classic, open bidding); Daniel wins with 120 and pays her. The auctioneer
could instead use her right of first refusal: buy the animal herself and pay Daniel the 120. Step through it on
the board (**Next**; choose a player under **View** to see only what that player may know):"""),
    code("""from bluffkit.widgets import ScenarioPlayer

annette = ScenarioPlayer("bu-board-annette-cow-classic-120")
annette.go(len(annette.result.states) - 1)
annette"""),
    md("""A Golden Donkey in the lot pays every player: 100 for the first auctioned, 200 for the second, 500 for the
third [D]:"""),
    code("""show("bu-board-golden-donkeys-100-200-500")"""),
    md("""### Horse-trading [E]

Challenge a player for an animal type you both have on your pastures, with notes face down. The challenged
player agrees or counters face down; the offers are swapped, and the higher offer takes the other's animal. A
tie goes to the challenger. Zeros are notes too: a fan of 0-notes is a bluff."""),
    code("""show("bu-board-horse-trade-tie-to-challenger")"""),
    md("""### The Piggy Bank [F]

Everything paid to move lands on the Piggy Bank. Whoever stops on a Piggy Bank space takes the top five notes
(fewer if there are fewer). With two players it offers a choice instead: raid it, take a loan, or gamble [J]."""),
    code("""show("bu-board-piggy-bank-top-five")"""),
    md("""### The market (Fairground) [G]

*"Daniel moves to the market space and changes the value of 2 animal types. He raises sheep by 2 steps, paying 3
notes for it ... Sheep are now worth 500 points. He also lowers the value of donkeys by 1 step, paying 1 note
... They are now only worth 350 points. In total he pays 4 notes."*"""),
    code("""show("bu-board-market-sheep-500-donkey-350")"""),
    md("""### The raffle booth (Fairground) [H]

Draw 1 to 3 tickets, one note each, keep one face down. Action tickets are revealed during play (an extra turn,
moving market markers, a horse-trade); Value-Gain tickets raise a complete type's value at the end; Wool-Milk
tickets decide who gets the Wool-Milk-Sow, which counts as one more complete type."""),
    code("""show("bu-board-value-gain-300-and-100")"""),
    md("""## The end and the score [I]

*"Daniel has 2 complete animal types in his barn: Sheep worth 350, Horses worth +1,000, totaling 1,350. With 2
complete animal types, this is multiplied by 2: 1,350 x 2 = 2,700. Daniel has 350 in money. 2,700 + 350 = 3,050
points."* On the drawn board:"""),
    code("""am = ScenarioPlayer("bu-board-animal-market-score-3050")
am.go(len(am.result.states) - 1)
am"""),
    md("""On the Fairground the market changed those values (sheep 500, horses 800), and Daniel's Wool-Milk tickets
(1 + 2 + 2 = 5, more than anyone) win him the Wool-Milk-Sow, one more multiplier: (500 + 800) x 3 + 350 =
**4,250**."""),
    code("""fg = ScenarioPlayer("bu-board-fairground-score-4250")
fg.go(len(fg.result.states) - 1)
fg"""),
    md("""## Play

You are Annette, against three bots. **Roll the die**, then click a ringed space on the board (the number beside
it is what the move costs in notes). In an auction, bid with the buttons under the board; in a horse-trade, click
your own notes to lay them face down. Save the game with **Save log** and open it in the
[replay viewer](replay.ipynb). With several people at one screen, give `humans=[0, 1]`: a cover screen hides the
table between players."""),
    code("""from bluffkit.widgets import BidderUpTable

table = BidderUpTable("animal-market", players=4, humans=[0], names=names, seed=4)
table"""),
    md("""## What the rules do: many simulated games

Seeded games between bots (a heuristic bot, which bids what an animal adds to its score, and a random one,
seats rotating), counted from the moves every player sees. First: where do the pawns land? The hill is central
and reached from everywhere, so its spaces are visited far more than the quiet corners of the loop."""),
    code("""import pandas as pd

from bluffkit.analysis import bidder_up as bu

runs = [bu.simulate_board(games=16, board=b, players=4, seed=7, progress=False)
        for b in ("animal-market", "fairground")]
seats = pd.concat([r.seats for r in runs], ignore_index=True)
visits = pd.concat([r.visits for r in runs], ignore_index=True)
bu.visits_chart(visits)"""),
    md("""Second: what does paying to move buy? Each point is one player in one game: the notes paid for moving
against the final score, with a trend line for each bot. Read it with care: the trend is a correlation, not a
cause (a player who is winning can afford to pay)."""),
    code("""bu.movement_cost_chart(seats)"""),
    md("""These charts use 16 games per board so that the notebook runs in seconds; `games=200` takes about half a
minute per board and gives tighter numbers. Questions for the class: is a step worth a note? When would you pay
three notes to reach a pen, and when would you keep your zeros for bluffing in a horse-trade?"""),
])

write("bloff.ipynb", [
    md("""# Bløff (Cheat): is that claim a lie?

**The game** (*Regler for kortspillet Bløff*, the Norwegian rulebook). The whole deck is dealt. In turn,
each player lays one or more cards face down and says what they are: aces first, then twos, threes ... up to
kings and round again. The *number* said must be true; the rank need not be. Before the next player lays
cards, anyone may call **"Bløff!"**: the last play is turned over. If any card is not what was said, the liar
takes the whole pile; if all were true, the caller does. The first player to get rid of every card, with a
last play that survives any call, wins.

**The question for the class:** when a player says "three fours", how likely is it to be a lie, given what
*you* can see? This notebook answers it exactly."""),
    md("""## The rulebook's example

Four players. Anne says "two aces" (true); Bjørn lays the nine of spades as "one two"; Carla lays two threes
(true); David says "three fours" with a four, a jack and a ten. *Anne holds two fours herself: three more would
make five, and there are only four in the deck.* She calls, the jack and the ten expose David, and he takes all
eight cards. Step through it (choose a player under **View** to see only that player's hand):"""),
    code("""from bluffkit.widgets import ScenarioPlayer

example = ScenarioPlayer("bloff-anne-calls-david", seat=0)
example.go(14)
print(example.result.narration[-1])
example"""),
    md("""## The exact probability

Anne's call was a certainty: k claimed + the j of that rank she holds > 4. Most calls are not. Suppose every
card you cannot see is equally likely to be anywhere you cannot see (a fair shuffle), and a player who holds
the cards plays them truthfully. The claimant's hand is then a random handful of the unseen cards, and the
number of the rank in it follows the **hypergeometric** law: with N unseen cards, K unseen copies of the rank,
and n cards in the claimant's hand before the play,

P(true) = P(X >= k) = sum over i >= k of C(K, i) C(N-K, n-i) / C(N, n)."""),
    code("""from bluffkit.analysis import bloff_probability as bp

bp.p_true_expr()"""),
    md("""At the start of a four-player game (13 cards each, so 39 cards unseen and 13 in the claimant's hand), the
chance that the first claim is a lie, by the number k claimed and the number j *you* hold of that rank:"""),
    code("""table = bp.probability_table(decks=1, hand_size=13)
print(table.pivot(index="in_hand", columns="k", values="p_false_float").round(3).to_string())"""),
    md("""Read across a row: the more cards claimed, the likelier a lie. Read down a column: every copy in your own
hand makes the claim less possible. With two decks (seven or more players) there are eight of each rank, and
certainty comes much later:"""),
    code("""two = bp.probability_table(decks=2, hand_size=13)
print(two.pivot(index="in_hand", columns="k", values="p_false_float").round(3).loc[[0, 2, 4, 6], [1, 2, 3, 4, 5]].to_string())"""),
    md("""## Bots that reason about lies

Three bots: **random** (lays random cards, calls half the time), **honest** (truthful when it can, lies only
when it must, calls only certain lies) and **caller** (plays like honest, and calls when the exact probability
above says the claim is more likely false than true). A seeded tournament, seats rotating, with win rates and
their standard errors:"""),
    code("""from bluffkit.analysis.bloff_charts import lie_chart, win_rate_chart
from bluffkit.analysis.bloff_data import lie_summary, simulate_claims
from bluffkit.analysis.tournament import tournament, win_rates
from bluffkit.core.game import make_game

game = make_game("bloff")
games = tournament(game, ["caller", "honest", "random", "random"], games=400, seed=1)
rates = win_rates(games)
print(rates.round(3).to_string(index=False))"""),
    code("""win_rate_chart(rates)"""),
    md("""How often were claims lies, how often were they called, and how many lies were caught?"""),
    code("""claims = simulate_claims(game, ["caller", "honest", "random", "random"], games=100, seed=2)
summary = lie_summary(claims)
print(summary.round(3).to_string(index=False))
lie_chart(summary)"""),
    md("""Something to discuss: at this table the caller wins less often than the honest bot, although it calls on
the exact probability. A wrong call costs the whole pile, and a pile grows with every claim that is let go, so
"more likely false than true" may be too low a bar. What threshold would you choose, and should it depend on
the size of the pile? (Try `CallerAgent(threshold=...)` from `bluffkit.agents.bloff`.)

## Play

You are Anne, against three bots. Choose cards and press **Say ...**; when someone else has laid cards, **Bløff!** or
**Let it go**."""),
    code("""from bluffkit.widgets import BloffTable

BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=4)"""),
])

write("bluffer.ipynb", [
    md("""# Bluffer: fooling and being fooled

**The game** (*Bluffer* rulebook, "How to Play a Question"). The leader reads a strange but true question.
Everyone, the leader included, invents a **false** answer in secret. The leader adds the true answer, shuffles
and reads them all, numbered, without naming the authors. Everyone but the leader then bets at the same moment
on the answer they believe.

**Points** ("5. Awarding Points"): **2** to an author for each other player's vote on their answer, **1** to a
voter who finds the truth. Betting on your own answer is forbidden: that bet goes to the leader. A round is six
questions; the best score wins it (ties: all tied win); two round wins take the game.

The question for the class: is it worth more to be a good *liar* or a good *detective*?"""),
    md("""## One question, scored by the rules

Five players; Anne leads. Ben and Chloé both write "nine" (identical answers are read as separate numbers).
Ben bets on Chloé's "nine", Chloé bets on her own sheet by mistake (the bet goes to Anne), Dev finds the truth
and Emma falls for Anne's "two". Step through it; choose **Anne** under *View* to see what the leader sees."""),
    code("""from bluffkit.widgets import ScenarioPlayer

example = ScenarioPlayer("bluffer-worked-question", seat=None)
example.go(11)
for check in example.result.checks[-5:]:
    print("ok " if check.ok else "FAIL", check.key, check.expected)
example"""),
    md("""## What a voter should expect

A simple belief model: a voter recognises the truth with probability **p** (their *spot* rate); otherwise they
bet on one of the false answers other than their own, each equally likely. With **n** players there are n
false answers, so a voter who is fooled lands on any one of n − 1 of them. The expected points per question,
derived with sympy (`bluffkit.analysis.bluffer_theory`):"""),
    code("""import sympy as sp
from bluffkit.analysis import bluffer_theory as bt

e = bt.standard_expected()
for role in ("leader", "author", "voter", "non_leader"):
    display(sp.Eq(sp.Symbol(f"E_{{{role}}}"), sp.simplify(e[role])))"""),
    md("""The leader collects 2 points from every fooled voter's bet that lands on their answer: 2(1 − p) in all. A
non-leader gets p as a detective plus 2(1 − p)(n − 2)/(n − 1) as an author. At a table of four, by spot rate:"""),
    code("""import pandas as pd

rows = []
for p in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
    v = bt.standard_points(4, p)
    rows.append({"spot p": p, "leader": v["leader"], "as author": v["author"], "as voter": v["voter"],
                 "non-leader in all": v["non_leader"]})
print(pd.DataFrame(rows).round(3).to_string(index=False))"""),
    md("""A gullible table (small p) pays the authors; a sharp table pays the detectives, but only 1 point a head
against 2 for each fooled vote. **Discuss:** at what p does a non-leader earn more as a detective than as an
author?

## Simulated games against the theory

Bots that use exactly this model (`BluffBot(spot)`) play one round (six questions, the leader moving left each
time, so seats 0 and 1 lead twice). Seat 0 spots the truth 80 % of the time, the others 40 % and 10 %:"""),
    code("""from bluffkit.analysis.bluffer_data import points_by_spot_chart, points_distribution_chart, simulate, spot_sweep

spots = [0.8, 0.4, 0.4, 0.1]
games = simulate(4, spots, games=400, seed=1, rounds=1)
per_round = games.groupby(["game", "seat"])["points"].sum().groupby("seat").agg(["mean", "sem"])
per_round["theory"] = bt.round_points(spots)
print(per_round.round(2).to_string())"""),
    md("""Each simulated mean lies within three standard errors (`sem`) of the derived value, as sampling error allows (with 4,000 games they agree to within 0.06 points). The spread matters as
much as the mean: a round's points vary a lot."""),
    code("""points_distribution_chart(games)"""),
    md("""How seat 0's points per question grow with its spot rate (the others at 40 %), split into points won as an
author and as a voter; the black line is the derived expectation:"""),
    code("""sweep = spot_sweep(4, [0.0, 0.25, 0.5, 0.75, 1.0], games=150, seed=2, rest=0.4, rounds=1)
theory = pd.DataFrame({"spot_0": s, "points": bt.round_points([s, 0.4, 0.4, 0.4])[0] / 6}
                      for s in [0.0, 0.25, 0.5, 0.75, 1.0])
points_by_spot_chart(sweep, theory)"""),
    md("""Spotting the truth raises only the *voter* part: the author part depends on the **others'** gullibility.

## Two players and teams

**Two players** ("Game for 2 Players"): the asker writes two or three false answers; the other picks until they
find the truth, and each wrong pick is a point for the asker. With three false answers and pure guessing the
asker expects 1.5 points; a guesser who spots the truth with probability p at each pick:"""),
    code("""p = sp.Symbol("p")
display(sp.Eq(sp.Symbol("E_{asker}"), bt.two_player_expected(3)))
print("pure guessing:", bt.two_player_expected(3, bt.guessing_spots(3)))"""),
    md("""**6 to 10 players** ("Game for 6 to 10 Players"): two teams; one writes, the other votes. Each of the t
authors expects 2 m (1 − p) / t from the m voters:"""),
    code("""bt.team_expected()"""),
    md("""## Play a question

You are Anne, against three bots (spot rates 40 %, 40 % and 10 %). Press **Show** when it is your turn behind the
cover screen; type a false answer, or press an answer's button to vote. **Leader's screen** shows the leader's
view (the true answer and who wrote what) behind the cover."""),
    code("""from bluffkit.widgets import BlufferTable

BlufferTable(players=4, humans=[0], spot=[0.4, 0.4, 0.4, 0.1], names=["Anne", "Ben", "Chloé", "Dev"], seed=4)"""),
])

write("second-price-auctions.ipynb", [
    md("""# Second-price auctions: revenue equivalence, and what it hides

*Bidder Up!* has ten auction formats. Two of them are the textbook's pair:

- **Secret Value** (booklet, "4. Secret Value"): sealed bids, the highest bid wins and pays **its own bid** (first price);
- **Second Hand** ("8. Second Hand"): sealed bids, the highest bid wins but pays **the second-highest bid**.

Theory says that, with risk-neutral bidders whose private values are independent and uniform, both raise the
same revenue on average. This lesson derives that, checks it by simulation, and then looks at what the average
hides: the spread, the auctioneer's right of first refusal, and what happens when the booklet counts notes
instead of their value."""),
    md("""## The booklet's example

"André auctions off a cow. Annette bids the most with 120, followed by Frank, who bids 100. Annette, as the
highest bidder, wins the sale, but she only has to pay 100 (the second-highest bid). Of course, André as the
auctioneer can use his right of first refusal: he pays the highest bidder Annette the 100 and acquires the
animal himself." Step through both endings:"""),
    code("""from bluffkit.widgets import ScenarioPlayer

sell = ScenarioPlayer("bu-second-hand-cow-sell")
sell.go(5)
buy = ScenarioPlayer("bu-second-hand-cow-buy")
buy.go(5)
for player in (sell, buy):
    print(player.result.narration[-2], player.result.narration[-1])
    print("   all expectations hold:", player.result.ok)
buy"""),
    md("""## Why bid your value in a second-price auction

Take one auction: Annette values the cow at 0.8 (in thousands), Frank at 0.6, Daniel at 0.3, and they bid
their values. What would Annette's surplus (value minus price) be for every other bid she could have made?"""),
    code("""from bluffkit.analysis.auction_sim import what_if_sweep
from bluffkit.analysis.auction_charts import what_if_chart
import numpy as np

xs = np.round(np.linspace(0, 1, 101), 2)
second = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.6, 0.3], bidder=0, fmt="second", xs=xs)
first = what_if_sweep([0.8, 0.6, 0.3], [0.8, 0.4, 0.2], bidder=0, fmt="first", xs=xs)
print(second[second.x.isin([0.5, 0.6, 0.61, 0.8, 1.0])][["x", "winner", "price", "surplus"]].to_string(index=False))
what_if_chart(second, "Second price: Annette's surplus against her bid (she values the cow at 0.8)")"""),
    md("""In second price, any bid above Frank's 0.6 wins at 0.6: the bid only decides *whether* she wins, never *what*
she pays, so bidding her value is never worse than anything else (weakly dominant). In first price the bid is
the price, so she shades it (here the others bid 0.4 and 0.2):"""),
    code("""what_if_chart(first, "First price: Annette's surplus against her bid")"""),
    md("""## The theory, derived

With n bidders and values independent U[0, 1], the symmetric equilibrium bid of first price solves the bidder's
first-order condition (an ordinary differential equation in the bid function b(v)):"""),
    code("""import sympy as sp
from bluffkit.analysis import auction_theory as th

n, v = sp.symbols("n v", positive=True)
display(th.first_price_ode())
display(sp.Eq(sp.Symbol("b_{first}(v)"), th.equilibrium_bid(fmt="first")))
display(sp.Eq(sp.Symbol("b_{second}(v)"), th.equilibrium_bid(fmt="second")))"""),
    md("""The expected revenue of each is the expected price, an integral over the density of the highest (first price)
or second-highest (second price) value:"""),
    code("""for fmt in ("first", "second"):
    display(sp.Eq(sp.Symbol(f"E[R_{{{fmt}}}]"), sp.factor(th.expected_revenue(fmt=fmt))),
            sp.Eq(sp.Symbol(f"Var[R_{{{fmt}}}]"), sp.factor(th.revenue_variance(fmt=fmt))))"""),
    md("""**Revenue equivalence:** the same (n − 1)/(n + 1) for both. The variances differ. The textbook table:"""),
    code("""table = th.textbook_table()
print(table[["n", "format", "expected_revenue", "revenue_sd", "bidder_surplus"]].round(3).to_string(index=False))"""),
    md("""## Simulated: 100,000 auctions of 5 bidders

A vectorized, seeded simulation (`bluffkit.analysis.auction_sim`); the published reproduction reports first price
mean 0.667, standard deviation about 0.112, and second price mean 0.667, standard deviation about 0.178."""),
    code("""import pandas as pd
from bluffkit.analysis.auction_sim import simulate_sealed, revenue_summary
from bluffkit.analysis.auction_charts import revenue_chart

five = pd.concat([simulate_sealed(5, 100_000, fmt="first", seed=1),
                  simulate_sealed(5, 100_000, fmt="second", strategy="truthful", seed=2)])
print(revenue_summary(five)[["format", "n", "auctions", "mean", "sd", "se"]].round(4).to_string(index=False))
revenue_chart(five)"""),
    md("""Same mean, but first price is much less risky for the seller: its price is a scaled *highest* value, while
second price depends on the *second-highest*, which varies more. A seller who fears a bad day should prefer
first price, if the bidders play the equilibrium. Do they? Bids against values, with the equilibrium line:"""),
    code("""from bluffkit.analysis.auction_sim import bids_sample
from bluffkit.analysis.auction_charts import bids_chart

bids = pd.concat([bids_sample(5, 200, fmt="first", seed=3), bids_sample(5, 200, fmt="second", strategy="truthful", seed=4)])
bids_chart(bids)"""),
    md("""## Efficiency: does the lot go to whoever values it most?

With everyone playing the same increasing strategy, always. When bidders shade differently, not any more. Here
one bidder of five shades to 50 % of value and the others play the equilibrium:"""),
    code("""from bluffkit.analysis.auction_sim import efficiency_summary
from bluffkit.analysis.auction_charts import efficiency_chart

mixed = ["shade"] + ["equilibrium"] * 4
runs = pd.concat([
    simulate_sealed(5, 50_000, fmt="first", seed=5),
    simulate_sealed(5, 50_000, fmt="first", strategy=mixed, shade=[0.5, None, None, None, None], seed=6),
    simulate_sealed(5, 50_000, fmt="second", strategy="truthful", seed=7),
])
eff = efficiency_summary(runs)
print(eff[["format", "strategy", "efficient", "value_lost"]].round(4).to_string(index=False))
efficiency_chart(eff)"""),
    md("""## The right of first refusal

In every Bidder Up! auction the auctioneer may keep the lot by paying the winner the price ("Auction Pens").
If the auctioneer also values the lot (v₀, uniform), keeping pays v₀ − p and selling pays p, so it keeps the lot
when v₀ > 2p. Holding bidders to their usual strategies, the derived probability that the right is used and the
auctioneer's expected payoff with it:"""),
    code("""for fmt in ("first", "second"):
    display(sp.Eq(sp.Symbol(f"P(refused)_{{{fmt}}}"), sp.simplify(th.refusal_probability(fmt=fmt))))
print(pd.DataFrame([{"n": k, "format": f, "P(refused)": float(th.refusal_probability(k, f)),
                     "payoff without": float(th.auctioneer_payoff(k, f)),
                     "payoff with": float(th.auctioneer_payoff(k, f, right=True))}
                    for k in (2, 3, 5) for f in ("first", "second")]).round(4).to_string(index=False))"""),
    code("""from bluffkit.analysis.auction_charts import right_chart

paired = pd.concat([simulate_sealed(3, 100_000, fmt=f, strategy=s, right_of_first_refusal=r, seed=8)
                    for f, s in (("first", "equilibrium"), ("second", "truthful")) for r in (False, True)])
right_chart(paired)"""),
    md("""The right is worth most when few bidders compete (the price is often low). It is also a reason for bidders to
*change* their bids, which this naive calculation ignores: a winner whose lot is taken is paid the price, so in
second price bidding one's value is no longer dominant. **Discuss:** how should a bidder bid against an
auctioneer who may keep the lot?

## Through the booklet's own rules

Everything above is a model. The engine plays the booklet's auctions rule by rule: bids in steps of 10 in money
(values × 1,000), no change given, the right of first refusal. With 3 bidders and no right, Second Hand with
truthful bidders and Secret Value with equilibrium bidders both come out near the theory's 0.5:"""),
    code("""from bluffkit.analysis.auction_lab import simulate_engine

engine = pd.concat([simulate_engine("second-hand", 3, 3000, strategy="truthful", right=False, seed=9),
                    simulate_engine("secret-value", 3, 3000, strategy="equilibrium", right=False, seed=9),
                    simulate_engine("classic", 3, 1000, strategy="truthful", right=False, seed=9)])
print(revenue_summary(engine)[["format", "n", "auctions", "mean", "sd", "se"]].round(3).to_string(index=False))"""),
    md("""## Counting notes instead of value

In a **count** auction ("5. Secret Count") the *number* of notes counts, not their value: "0-notes count just as
much as any other note". A bidder who holds many small notes can outbid a richer one cheaply, and what the
auctioneer receives depends on which notes the winner chooses to give. The same bidders and values, Secret
Value against Secret Count:"""),
    code("""count = pd.concat([simulate_engine("secret-value", 3, 2000, strategy="equilibrium", right=False, seed=10),
                   simulate_engine("secret-count", 3, 2000, strategy="equilibrium", right=False, seed=10)])
print(count.groupby("format").agg(revenue=("revenue", "mean"), efficient=("efficient", "mean"),
                                  price=("price", "mean")).round(3).to_string())"""),
    md("""Each bidder starts with 23 notes worth 1,600 (two 0s, ten 10s, four 50s, four 100s, two 200s and a 500).
A bid in notes is only loosely tied to willingness to pay: the bidders lay their cheapest notes, the
auctioneer receives less (here about a tenth less), and the lot goes less often to whoever values it most (91 %
against 99 %). **Discuss:** which notes would you keep back for a count auction?

## The lab

Choose a format, the number of bidders, how values are drawn, and each bidder's strategy. Play one auction step
by step (or take a seat yourself under *You play*), or simulate thousands through the engine:"""),
    code("""from bluffkit.widgets import AuctionLab

AuctionLab(fmt="second-hand", bidders=3, seed=1)"""),
])
