"""The Bluffer classroom panel (headless), its HTML views, the simulated points of its
bots, and the CLI on Bluffer."""

from html import escape

import pytest

from bluffkit.agents.bluffer import BluffBot
from bluffkit.analysis.bluffer_data import (
    game_points,
    points_by_role,
    points_by_spot_chart,
    points_distribution_chart,
    simulate,
    spot_sweep,
)
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.games.bluffer.actions import Vote, as_read
from bluffkit.session import Session
from bluffkit.widgets import BlufferTable, ReplayViewer
from bluffkit.widgets.render_bluffer import public_html, seat_html


def view_of(g, state, names, seat):
    """``seat``'s view of ``state``, drawn from its observation."""
    return seat_html(g, g.observe(state, seat), names)


def shared_html(g, state, names):
    """The shared screen, the same whichever seat's observation it is drawn from."""
    screens = {public_html(g, g.observe(state, seat), names) for seat in range(len(names))}
    assert len(screens) == 1, "the shared screen depends on the seat it is drawn from"
    return screens.pop()

NAMES = ["Anne", "Ben", "Chloé", "Dev"]


def _vote_phase_session(seed=4):
    """A 4-player game stopped when the answers have been read (Anne leads)."""
    g = make_game("bluffer")
    s = Session(g, ["human"] * 4, names=NAMES, seed=seed)
    s.chance("ask octopus-hearts")
    for seat, text in enumerate(["two", "nine", "five", "one"]):
        s.play(f"write {text}", seat)
    s.chance("shuffle 4,0,1,2,3")          # #1 the truth, #2 Anne's, #3 Ben's, #4 Chloé's, #5 Dev's
    return g, s


def test_the_writer_types_an_answer_and_bots_do_the_rest():
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    assert t.screen == ("seat", 0) and t.cover.layout.display == "none", "the one human seat: no cover"
    assert t.answer_box.layout.display is None and t.vote_box.layout.display == "none"
    assert "You lead" in t.legal_text.value               # Anne leads the first question
    t.answer.value = "a purple cow"
    t.write.click()
    assert t.message.value == ""
    first = t.session.state.history[0]
    assert (0, "a purple cow") in first.order
    assert "A Purple Cow" in t.last_question.value and "Last question" in t.last_question.value
    # Ben leads the next question and Anne is a voter once the bots have written
    assert t.session.state.leader == 1


def test_enter_in_the_answer_box_writes_it_and_an_empty_box_says_to_type_first(monkeypatch):
    """Enter in the answer box did nothing (only Write it wrote), and Write it with the box
    empty answered in the Move box's syntax ("write what? give the answer after 'write'")."""
    from bluffkit.widgets import seat_panel
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    t.show.click()
    moves = list(t.session.moves)
    t.answer.value = "a purple cow"                        # set from code: waits for Write it
    assert t.session.moves == moves
    t.answer.value = ""
    t.write.click()
    assert "Anne can&#x27;t write an empty answer: type your false answer in the box first" in t.message.value
    assert "write what" not in t.message.value and t.session.moves == moves
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: 1000.0)
    monkeypatch.setattr("bluffkit.widgets.bluffer.click_sent_at", lambda: 1000.0)
    t.answer.value = "a purple cow"                        # Enter, from the browser: written
    assert t.session.moves[len(moves)] == (0, t.game.parse("write a purple cow")) and t.message.value == ""


def test_the_sheet_that_reads_like_ones_own_answer_says_so_on_its_button():
    """A vote on one's own answer goes to the leader; the button of that sheet looked like every
    other, and a student clicked it unawares. It says "(like yours)"; the others do not."""
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()
    assert t.session.state.phase == "vote" and t.session.waiting_for == 1
    t.show.click()
    labels = [b.description for b in t.vote_box.children]
    mine = [x for x in labels if x.endswith("(like yours)")]
    assert len(mine) == 1 and "A Purple Cow" in mine[0], labels
    assert all("Purple" not in x for x in labels if x not in mine)


def test_a_voter_sees_one_button_per_answer_and_a_bad_vote_changes_nothing():
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()
    assert t.session.state.phase == "vote" and t.session.waiting_for == 1
    t.show.click()
    labels = [b.description for b in t.vote_box.children]
    assert len(labels) == 5 and all(lab.startswith(f"#{k}") for k, lab in enumerate(labels, 1))
    moves = list(t.session.moves)
    t.typed.value = "vote 9"
    t.typed_button.click()
    assert "no-such-answer" in t.message.value and t.session.moves == moves
    t.vote_box.children[0].click()
    assert len(t.session.state.history) == 1


def test_an_empty_answer_is_refused_with_a_reason():
    t = BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=1)
    t.show.click()
    t.answer.value = "   "
    t.write.click()
    assert "Anne can&#x27;t write" in t.message.value and t.session.moves[-1][0] is None


def _two_humans_at_the_vote(seed=5):
    """Anne (leader) and Ben are human; both have written; the answers are read; Ben votes."""
    t = BlufferTable(players=4, humans=[0, 1], names=NAMES, seed=seed)
    for _ in range(2):
        t.show.click()
        t.answer.value = f"a purple cow {t.viewer}"
        t.write.click()
    assert t.session.state.phase == "vote" and t.session.waiting_for == 1
    return t


def test_the_leaders_screen_opens_behind_the_cover_shows_truth_and_authors_and_closes():
    t = _two_humans_at_the_vote()
    t.leader_button.click()
    assert t.board.layout.display == "none" and "Anne" in t.show.description
    t.show.click()
    q = t.game.deck.by_id[t.session.state.qid]
    assert "The true answer" in t.view.value and q.answer in t.view.value
    assert "(Ben)" in t.view.value and t.controls.layout.display == "none"
    assert "The true answer" not in t.shared.value and "(Ben)" not in t.shared.value
    assert t.hide_leader.layout.display is None
    assert "The leader's screen: Anne" in t.view.value, "headed as the leader's, not as Anne's own view"
    assert t.leader_button.layout.display == "none", "on the leader's screen, Hide is the way back"
    t.hide_leader.click()                          # back behind the cover, for Ben's vote
    assert t.viewer is None and t.view.value == "" and "Ben" in t.show.description
    assert t.hide_leader.layout.display == "none" and t.leader_button.layout.display is None
    t.show.click()
    assert t.vote_box.layout.display is None and "The true answer" not in t.view.value


@pytest.mark.parametrize("players,options,says", [
    (4, {}, "is read out among the answers once every answer is written; who wrote"),
    (4, {"leader_copies": True}, "is copied from the card once every answer is written; who wrote"),
    (6, {}, "is read out among the answers once every answer is written; who wrote"),
    (2, {}, "is read out among the answers once every answer is written."),
    (6, {"leader_copies": True}, "is copied from the card once every answer is written; who wrote"),
    (2, {"leader_copies": True}, "is copied from the card once every answer is written."),
])
def test_the_leaders_screen_while_answers_are_written_says_what_is_to_come(players, options, says):
    """The leader sees the true answer only once every answer is written (copied from the
    card with ``leader_copies``, else read out among the answers): until then its screen
    says so, not nothing."""
    t = BlufferTable(players=players, humans=list(range(players)), seed=1, **options)
    assert t.session.state.phase == "write"
    assert t.session.observe(0).mode == {2: "duel", 4: "standard", 6: "teams"}[players]
    leader = t.session.state.leader
    t.leader_button.click()
    t.show.click()
    q = t.game.deck.by_id[t.session.state.qid]
    assert t.screen == ("leader", leader) and says in t.view.value
    assert ("who wrote" in t.view.value) == (players != 2)
    assert "The true answer (" not in t.view.value and q.answer not in t.view.value
    t.hide_leader.click()
    t.show.click()                      # the leader's own prompt says the same
    assert t.viewer == leader
    assert ("you will copy the true answer" in t.legal_text.value) == options.get("leader_copies", False)
    if options.get("leader_copies"):
        when = {2: "once you are done", 4: "once everyone has written", 6: "once your team has written"}[players]
        assert f"you will copy the true answer {when}." in t.legal_text.value


def test_the_leaders_screen_at_the_vote_shows_the_truth_not_what_is_to_come():
    t = _two_humans_at_the_vote()
    t.leader_button.click()
    t.show.click()
    assert "once every answer is written" not in t.view.value and "The true answer" in t.view.value


def test_a_bot_leaders_screen_stays_hidden():
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                # Anne, a bot, leads; Ben must vote
    t.leader_button.click()
    assert "is a bot" in t.message.value and t.cover.layout.display == "none"
    assert "The true answer" not in t.view.value


def test_nothing_typed_or_seen_is_left_for_the_next_player():
    t = BlufferTable(players=3, humans=[0, 1, 2], names=NAMES[:3], seed=1)
    t.show.click()
    t.typed.value = "write a purple cow"
    t.typed_button.click()
    assert t.cover.layout.display is None and t.view.value == "" and t.typed.value == ""
    t.show.click()
    assert "purple cow" not in t.view.value and t.typed.value == ""


def test_the_leaders_screen_keeps_nothing_typed_at_its_cover():
    """Words set in the answer box (hidden) while the leader's cover is up stayed in its
    model on the leader's screen, as the Move box's did before; both start empty there."""
    t = _two_humans_at_the_vote()
    t.leader_button.click()
    assert t.screen[0] == "leader-cover"
    t.answer.value, t.typed.value = "a purple cow", "vote 1"
    t.show.click()
    assert t.screen[0] == "leader" and t.answer.value == "" and t.typed.value == ""


def test_undo_cannot_take_back_a_revealed_question():
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()
    t.show.click()
    t.vote_box.children[0].click()                 # Ben votes; the question is scored and revealed
    assert len(t.session.state.history) == 1
    moves = list(t.session.moves)
    t.undo_button.click()
    assert "cannot be taken back" in t.message.value and t.session.moves == moves



def _a_wrong_pick(s) -> int:
    """Play a two-player session to its vote (decoys written) and a wrong pick; the guesser."""
    while s.state.phase != "vote":
        seat = s.to_move[0] if s.to_move else None
        if seat is None:
            s.chance()
        else:
            legal = s.game.legal(s.state, seat)
            s.play("done" if legal.done and len(s.state.writes[seat]) >= 2 else f"write decoy {len(s.moves)}", seat)
    guesser = s.to_move[0]
    wrong = next(k for k, (a, _) in enumerate(s.state.order, 1) if a != -1)
    s.play(f"vote {wrong}", guesser)
    return guesser


def test_undo_cannot_take_back_a_two_player_guess_made_aloud():
    """In the two-player game each guess is made aloud, right or wrong: the guesser may not
    take a wrong guess back and pick again."""
    t = BlufferTable(players=2, humans=[0, 1], names=NAMES[:2], seed=1)
    s = t.session
    _a_wrong_pick(s)
    assert s.state.phase == "vote" and len(s.state.history) == 0, "a wrong guess: the question goes on"
    moves = list(s.moves)
    t.undo_button.click()
    assert "cannot be taken back" in t.message.value and s.moves == moves

def test_in_the_two_player_game_the_question_is_secret_until_the_reading():
    g = make_game("bluffer")
    s = Session(g, ["human", "human"], names=NAMES[:2], seed=1)
    say = s.chance("ask octopus-hearts")
    q = "How many hearts does an octopus have?"
    assert q not in say and q not in shared_html(g, s.state, NAMES[:2]) and q not in view_of(g, s.state, NAMES[:2], 1)
    assert q in view_of(g, s.state, NAMES[:2], 0)
    s.play("write two", 0)
    s.play("write five", 0)
    say = s.play("done", 0)
    say = s.chance("shuffle 0,1,2")
    assert q in say and q in shared_html(g, s.state, NAMES[:2]) and q in view_of(g, s.state, NAMES[:2], 1)


def test_bad_humans_are_refused():
    with pytest.raises(RulesError, match="humans"):
        BlufferTable(players=3, humans=0)
    with pytest.raises(RulesError, match="not seats"):
        BlufferTable(players=3, humans=[5])


def test_bots_fit_their_answers_to_the_rules():
    """At the shortest sheet the deck allows (its longest text), bots write the deck's
    decoys whole, tidied; a shorter sheet is refused before a panel is drawn (a true answer
    longer than a player may write would give the truth away)."""
    longest = make_game("bluffer").deck.longest
    g = make_game("bluffer", max_answer_length=longest, rounds=1)
    s = Session(g, [BluffBot(0.4) for _ in range(3)], names=NAMES[:3], seed=0).run()
    written = [text for r in s.state.history for author, text in r.order if author != -1]
    decoys = {" ".join(d.split()) for r in s.state.history for d in g.deck.by_id[r.qid].decoys}
    assert written and all(len(text) <= longest and text in decoys for text in written)
    with pytest.raises(RulesError, match=f"This deck needs max_answer_length >= {longest}"):
        BlufferTable(players=3, max_answer_length=longest - 1)


def test_the_two_player_panel_offers_done_after_two_answers():
    t = BlufferTable(players=2, humans=[0], names=NAMES[:2], seed=2)
    t.show.click()
    assert t.done.layout.display == "none"
    for text in ("a kite", "a drum"):
        t.answer.value = text
        t.write.click()
        if t.cover.layout.display is None:
            t.show.click()
    assert t.done.layout.display is None
    t.done.click()
    assert t.message.value == ""


def test_one_bot_per_seat_and_a_wrong_count_is_refused():
    t = BlufferTable(players=3, humans=[], spot=[0.9, 0.1, 0.5], names=NAMES[:3], seed=1)
    assert t.session.over and [a.spot for a in t.session.agents] == [0.9, 0.1, 0.5]
    with pytest.raises(RulesError, match=r"spot: give one value per seat \(3\), or one number.*got 2"):
        BlufferTable(players=3, humans=[0], spot=[0.9, 0.1], names=NAMES[:3])


def test_a_seat_view_never_shows_other_sheets_the_truth_or_authors():
    g, s = _vote_phase_session()
    ben = view_of(g, s.state, NAMES, 1)
    assert "your answer" in ben.lower() and "nine" in ben
    assert "the true answer" not in ben and "(Anne)" not in ben and "(Chloé)" not in ben
    anne = view_of(g, s.state, NAMES, 0)              # the leader sees the truth and the authors
    assert "The true answer" in anne and "(Chloé)" in anne
    shared = shared_html(g, s.state, NAMES)
    assert "The true answer" not in shared and "(Ben)" not in shared and "Your answer" not in shared
    # while writing, no seat's view holds another seat's text
    g2 = make_game("bluffer")
    s2 = Session(g2, ["human"] * 3, names=NAMES[:3], seed=1)
    s2.chance("ask octopus-hearts")
    s2.play("write seventeen", 0)
    for seat in (1, 2):
        assert "seventeen" not in view_of(g2, s2.state, NAMES[:3], seat)
    assert "seventeen" not in shared_html(g2, s2.state, NAMES[:3])


def test_the_reveal_table_gives_each_answer_its_author_votes_and_points():
    g, s = _vote_phase_session()
    s.play("vote 1", 1)        # Ben: the truth
    s.play("vote 4", 2)        # Chloé: her own answer -> 2 to the leader Anne
    s.play("vote 3", 3)        # Dev: Ben's answer -> 2 to Ben
    html = shared_html(g, s.state, NAMES)
    assert "Anne +2, Ben +3" in html
    assert "goes to the leader" in html and "+1 to Ben" in html and "+1 each" not in html


def test_replay_viewer_draws_a_bluffer_log(tmp_path):
    g = make_game("bluffer", rounds=1)
    s = Session(g, ["sharp", "gullible", "random"], names=NAMES[:3], seed=2).run()
    path = s.save(tmp_path / "b.jsonl")
    v = ReplayViewer(path)
    v.step.value = 5                     # the three answers have been read, nobody has voted
    state = v.states[5]
    assert state.phase == "vote"
    own = state.writes[1][0]
    v.viewer.value = 1                   # Ben's view: his own answer, no authors
    assert own in v.table.value and "(Anne)" not in v.table.value
    v.viewer.value = state.leader        # the leader's view: the authors
    assert "(Ben)" in v.table.value
    v.step.value = v.step.max
    assert "win" in v.table.value and "Last question" in v.table.value


def test_simulated_points_match_the_rule_and_the_sweep_has_a_row_per_spot():
    df = simulate(3, [0.9, 0.1, 0.5], games=20, seed=4, rounds=1)
    assert (df.points == df.author_points + df.voter_points).all()
    assert set(df.role) == {"leader", "voter"}
    assert (df[df.role == "leader"].voter_points == 0).all(), "a leader never votes"
    # per question, the points are 2 per vote on a false answer and 1 per vote on the truth
    per_q = df.groupby(["game", "question"]).agg(points=("points", "sum"), truth=("voter_points", "sum"))
    assert ((per_q.points - per_q.truth) % 2 == 0).all() and (per_q.points >= 2 * (3 - 1) - per_q.truth).all()
    assert list(game_points(df).columns) == ["game", "seat", "spot", "points"]
    assert set(points_by_role(df).role) == {"leader", "voter"}
    sweep = spot_sweep(3, [0.0, 1.0], games=10, seed=1, rounds=1)
    assert sorted(sweep.spot_0.unique()) == [0.0, 1.0]
    perfect = sweep[(sweep.spot_0 == 1.0) & (sweep.seat == 0) & (sweep.role == "voter")]
    assert (perfect.voter_points == 1).all(), "a bot with spot 1 always finds the truth"
    blind = sweep[(sweep.spot_0 == 0.0) & (sweep.seat == 0) & (sweep.role == "voter")]
    assert (blind.voter_points == 0).all(), "a bot with spot 0 never votes the truth"
    dist = points_distribution_chart(df).to_dict()
    assert dist["spec"]["mark"]["type"] == "bar" and dist["facet"]["row"]["field"] == "bot", "one row of bars per seat"
    assert {r["bot"] for r in dist["datasets"][dist["data"]["name"]]} == {"seat 0: spots 90%", "seat 1: spots 10%",
                                                                          "seat 2: spots 50%"}
    assert "layer" in points_by_spot_chart(sweep, sweep.groupby("spot_0", as_index=False)["points"].mean()).to_dict()


def test_simulation_matches_the_leaders_expected_points():
    """The leader gets 2 points for each vote on their answer: with voters' spots p_v and
    n - 1 false answers each voter may fall for, 2 * sum((1 - p_v) / (n - 1))."""
    spots = [0.5, 0.5, 0.2, 0.8]
    df = simulate(4, spots, games=150, seed=9, rounds=1)
    lead = df[(df.role == "leader") & (df.seat == 0)].points
    expected = 2 * sum((1 - p) / 3 for p in spots[1:])
    assert abs(lead.mean() - expected) < 5 * lead.std() / len(lead) ** 0.5


def test_bad_simulation_settings_are_refused():
    with pytest.raises(RulesError, match="one spot per seat"):
        simulate(3, [0.5, 0.5], games=2, seed=1)
    with pytest.raises(RulesError, match="games"):
        simulate(3, 0.5, games=0, seed=1)
    with pytest.raises(RulesError, match="spot"):
        BluffBot(1.5)


def test_bots_never_vote_their_own_answer_and_bots_never_collide():
    g = make_game("bluffer")
    for seed in range(5):
        s = Session(g, [BluffBot(0.3) for _ in range(5)], names=[f"P{i}" for i in range(5)], seed=seed).run()
        for r in s.state.history:
            texts = [t for a, t in r.order if a != -1]
            assert len(set(texts)) == len(texts), "two bots wrote the same answer"
            for voter, votes in enumerate(r.votes):
                assert all(r.order[k - 1][0] != voter for k in votes)


def test_cli_simulates_and_replays_bluffer(tmp_path, capsys):
    from bluffkit.cli import main
    out = tmp_path / "b.csv"
    assert main(["simulate", "bluffer", "--players", "3", "--games", "2", "--seed", "1", "--out", str(out),
                 "--logs", str(tmp_path / "logs"), "--agents", "sharp,gullible,random", "--no-progress"]) == 0
    assert main(["replay", str(tmp_path / "logs" / "game-0.jsonl")]) == 0
    text = capsys.readouterr().out
    assert "a valid log of bluffer, 3 players" in text and "winner:" in text
    assert main(["scenario", "run", "bluffer-worked-question"]) == 0
    assert "7/7 expectations hold" in capsys.readouterr().out


def test_the_leader_copies_the_true_answer_in_the_panel():
    t = BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=2, leader_copies=True)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                    # Anne leads: the bots write, then she copies
    assert t.session.state.phase == "copy" and t.write.description == "Copy it"
    truth = t.game.deck.by_id[t.session.state.qid].answer
    assert t.answer.value == truth and "copy the true answer" in t.legal_text.value
    t.answer.value = truth + " indeed"
    t.write.click()
    assert t.message.value == "" and (-1, truth + " indeed") in t.session.state.history[-1].order


# -- a refusal left on the leader's cover, bad player counts, the copy promise, the
# -- phase line of the two-player and team games

def _everyone_writes(t: BlufferTable) -> None:
    """Every seat human: each writes through the panel until the answers are read."""
    while t.session.state.phase != "vote":
        if t.viewer is None:
            t.show.click()
        else:
            t.answer.value = f"decoy {len(t.session.moves)}"
            t.write.click()


def test_a_refused_votes_message_does_not_stay_on_the_leaders_cover():
    """Ben types a vote for his own answer (refused, and the refusal says which number is
    his); the Leader's screen is asked for: its cover is for anyone to see, so the
    refusal goes."""
    t = BlufferTable(players=4, humans=[0, 1, 2, 3], names=NAMES, seed=3, own_answer_vote="refused")
    _everyone_writes(t)
    t.show.click()
    voter, s = t.viewer, t.session
    own = next(k for k, (author, _) in enumerate(s.state.order, 1) if author == voter)
    t.typed.value = f"vote {own}"
    t.typed_button.click()
    assert f"{NAMES[voter]} can&#x27;t vote {own}" in t.message.value and "own answer" in t.message.value
    t.leader_button.click()
    assert t.screen == ("leader-cover", s.state.leader)
    assert t.message.value == "", "the leader's cover tells everyone which answer is the voter's"
    t.show.click()                                 # the leader's screen, then back to the cover
    assert "Hide the leader" in t.message.value
    t.hide_leader.click()
    assert t.screen == ("cover", voter) and t.message.value == ""


def test_a_bad_player_count_is_refused_clearly():
    for players in ("4", 2.0, None, True):
        with pytest.raises(RulesError, match="players must be a whole number"):
            BlufferTable(players=players)
    for players in (-1, 0, 1, 11):
        with pytest.raises(RulesError, match=f"Bluffer is for 2 to 10 players, got {players}"):
            BlufferTable(players=players)
    with pytest.raises(RulesError, match=r"spot: give one value per seat \(4\).*got 3 values"):
        BlufferTable(players=4, spot=[0.5] * 3)


def test_the_leader_is_promised_a_copy_step_only_when_there_is_one():
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)      # the card's wording is read
    t.show.click()                                                     # Anne leads the first question
    assert "You lead" in t.legal_text.value and "copy" not in t.legal_text.value
    assert "the card's true answer will be read among the answers" in t.legal_text.value
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3, leader_copies=True)
    t.show.click()
    assert "You lead: you will copy the true answer once everyone has written." in t.legal_text.value


def _screens(g, s, names):
    """The shared screen, each seat's view and the all-seeing view, as text."""
    import re
    from html import unescape

    from bluffkit.widgets.render_bluffer import all_seeing_html
    htmls = [public_html(g, s.observe(0), names), all_seeing_html(g, s.state, names),
             *(view_of(g, s.state, names, seat) for seat in range(len(names)))]
    return [re.sub(r"\s+", " ", unescape(re.sub("<[^>]+>", " ", h.split("</style>")[-1]))) for h in htmls]


def test_the_two_player_screens_say_who_writes_and_who_picks_and_count_no_rounds():
    g = make_game("bluffer")
    s = Session(g, ["human", "human"], names=NAMES[:2], seed=1)
    s.chance("ask octopus-hearts")
    for text in _screens(g, s, NAMES[:2]):
        assert "Anne writes false answers in secret; Ben will pick the true one" in text
        assert "everyone writes" not in text
    assert "The asker is reading the question in secret" in _screens(g, s, NAMES[:2])[0]
    for text in ("two", "five"):
        s.play(f"write {text}", 0)
    s.play("done", 0)
    s.chance("shuffle 0,1,2")
    for text in _screens(g, s, NAMES[:2]):
        assert "Ben picks answers until the true one; each wrong pick gives Anne a point" in text
        assert "the players vote" not in text
        # one round of six questions: its points are the game's
        assert "question 1 of 6" in text and "round 1" not in text
        assert "points this round" not in text and "rounds won" not in text and " points 0 0 " in text


def test_the_team_screens_say_which_team_writes_and_which_bets():
    g = make_game("bluffer")
    names = ["Anne", "Ben", "Chloé", "Dev", "Eve", "Finn"]
    s = Session(g, ["human"] * 6, names=names, seed=1)
    s.chance("ask octopus-hearts")
    assert s.state.leader == 0 and g.table(s.state).teams == ((0, 2, 4), (1, 3, 5))
    for text in _screens(g, s, names):
        assert "team A writes false answers in secret, one each; team B waits" in text
        assert "everyone writes" not in text and "round 1, question 1 of 6" in text
    for seat in (0, 2, 4):
        s.play(f"write decoy {seat}", seat)
    s.chance()
    for text in _screens(g, s, names):
        assert "team B bets, each on the answer they believe" in text and "the players vote" not in text


def test_the_standard_screens_keep_their_words():
    g, s = _vote_phase_session()
    for text in _screens(g, s, NAMES):
        assert "round 1, question 1 of 6 · the players vote" in text
        assert "points this round" in text and "rounds won" in text


# -- on a projected classroom screen (1280 x 720) ------------------------------------------------

SHEETS = "The answer sheets, as read"


def row_showing(t: BlufferTable, needle: str) -> int:
    """The position among the panel's rows of the first one whose HTML shows ``needle``."""
    return next(i for i, w in enumerate(t.children) if needle in getattr(w, "value", ""))


def test_the_players_controls_come_right_under_the_question():
    """The panel grew to ~1,100 px: with the last question's reveal between the question
    and the answer box, "Write it" was below a 1280 x 720 screen. The answer box (in the
    board, with the message line under it) now comes right under the question, and the
    reveal and what happened after them; on a cover, the cover's button before the reveal."""
    t = BlufferTable(players=4, humans=[0, 1], names=NAMES, seed=3)
    for text in ("a purple cow", "a green cow"):    # Anne writes, then (after the cover) Ben
        t.show.click()
        t.answer.value = text
        t.write.click()
    t.vote_box.children[0].click()                  # Ben votes: question 1 is scored; Anne writes next
    assert t.session.state.history and t.screen == ("cover", 0)
    kids = list(t.children)
    reveal = row_showing(t, "bk-reveal")
    assert "Last question" in kids[reveal].value
    assert row_showing(t, "bk-question") < kids.index(t.cover) < reveal < kids.index(t.events), \
        "on the cover: the question, the cover's button, then the reveal"
    t.show.click()
    assert t.screen == ("seat", 0) and t.answer_box.layout.display is None and t.answer_box in t.controls.children
    kids = list(t.children)
    question, reveal = row_showing(t, "bk-question"), row_showing(t, "bk-reveal")
    assert question < kids.index(t.board) < kids.index(t.message) < reveal < kids.index(t.events), \
        "the question, the answer box, the message line, then the reveal and what happened"
    assert "bk-reveal" not in t.shared.value and "bk-question" in t.shared.value
    t.projector.value = True                        # a seat's screen takes the whole projector
    assert t.shared.layout.display == t.last_question.layout.display == "none"
    assert "bk-reveal" in t.view.value, "the seat's own screen shows the reveal beside its controls"
    t.projector.value = False
    assert t.shared.layout.display is None and t.last_question.layout.display is None


def test_a_voter_sees_the_answer_sheets_once_as_the_buttons_to_click():
    """"The answer sheets, as read" were drawn like buttons that could not be clicked, and
    the vote buttons repeated them further down: on a voter's screen the sheets are the
    buttons only; the class sees the sheets on the shared screen at every cover."""
    t = _two_humans_at_the_vote()                   # Ben has written and votes on his screen
    assert t.screen == ("seat", 1) and len(t.vote_box.children) == 5 and t.vote_box.layout.display is None
    assert SHEETS not in t.shared.value and SHEETS not in t.view.value
    assert "class='bk-sheet-no'" not in t.shared.value + t.view.value, "no numbered sheet drawn above the buttons"
    assert "Question (" in t.shared.value, "the question stays above the buttons"
    t.leader_button.click()                         # the leader's cover: the class sees the sheets
    assert t.screen == ("leader-cover", 0) and SHEETS in t.shared.value
    t.show.click()
    t.hide_leader.click()                           # the cover for Ben: the sheets still shown
    assert t.screen == ("cover", 1) and SHEETS in t.shared.value
    t.show.click()
    assert t.screen == ("seat", 1) and SHEETS not in t.shared.value and len(t.vote_box.children) == 5


def test_the_leaders_screen_is_offered_only_while_the_leader_is_human():
    """"Leader's screen" was offered with a bot leading, and a click only wrote, off
    screen, that a bot's screen stays hidden."""
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                 # Anne, a bot, leads; Ben votes
    assert t.session.state.leader == 0 and t.screen == ("seat", 1)
    assert t.leader_button.layout.display == "none"
    t.vote_box.children[0].click()                  # question 2: Ben leads
    assert t.session.state.leader == 1 and t.leader_button.layout.display is None
    t2 = _two_humans_at_the_vote()                  # Anne, a human, leads
    assert t2.leader_button.layout.display is None


def test_after_a_wrong_pick_the_two_player_guesser_still_reads_every_sheet_with_its_mark():
    """The sheets were left out while a seat voted, as its buttons were the sheets; in the
    two-player game a wrong pick drops its button, and that sheet and its mark were then
    drawn nowhere."""
    t = BlufferTable(players=2, humans=[0, 1], names=NAMES[:2], seed=3)
    picked = False
    for _ in range(40):
        kind, _seat = t.screen
        if kind == "cover":
            t.show.click()
            continue
        obs = t.session.observe(t.viewer)
        if obs.legal.write and len(obs.mine) < 2:
            t.answer.value = f"fake answer {len(obs.mine)}"
            t.write.click()
        elif obs.legal.done:
            t.done.click()
        elif obs.legal.vote and not picked:
            assert SHEETS not in t.shared.value, "every sheet is a button: not drawn twice"
            truth = next(k for k, (author, _) in enumerate(t.session.state.order, 1) if author == -1)
            wrong = next(k for k in obs.legal.vote if k != truth)
            next(b for b in t.vote_box.children if b.description.startswith(f"#{wrong} ")).click()
            picked = True
        elif obs.legal.vote:
            assert len(t.vote_box.children) < len(obs.answers)
            shown = t.shared.value + t.view.value
            assert SHEETS in shown and "picked" in shown
            assert all(text in shown for text in as_read(obs.answers)), "every sheet as read is on screen"
            return
    raise AssertionError("the game never reached a second pick")


def test_a_spot_sweep_from_the_highest_seed_plays_each_point_from_a_child_of_it():
    """The sweep's k-th value plays from the seed's k-th child (``game_seeds``), a seed
    ``simulate`` takes even from the highest seed (``seed + k`` once passed it a seed it
    refuses)."""
    from bluffkit.core.seeding import MAX_SEED, game_seeds
    sweep = spot_sweep(3, [0.3, 0.7], games=2, seed=MAX_SEED, rounds=1)
    children = game_seeds(MAX_SEED, 2)
    for k, spot in enumerate([0.3, 0.7]):
        point = sweep[sweep.spot_0 == spot].drop(columns="spot_0").reset_index(drop=True)
        assert point.equals(simulate(3, [spot, 0.4, 0.4], games=2, seed=children[k], rounds=1))


def test_capitals_and_stops_do_not_tell_a_written_answer_on_the_sheets():
    """A student's "The Aztecs." beside the card's style "the aztecs" told which answers
    people had typed; the sheets, the vote buttons and the terminal view show both alike."""
    from bluffkit.games.bluffer.view import describe
    from tests.games.bluffer.test_bluffer_rules import _two_aztecs
    g, s = _two_aztecs()
    names = ["Anne", "Ben", "Chloé"]
    obs = g.observe(s.state, 2)
    for shown in (public_html(g, obs, names), seat_html(g, obs, names), describe(obs, names), " ".join(s.says)):
        assert shown.count("The Aztecs") == 2 and "the aztecs" not in shown and "Aztecs." not in shown, shown
    t = BlufferTable(players=3, humans=[0, 1, 2], names=names, seed=1)
    t.session = s
    t.viewer = None
    t.refresh()
    t.show.click()
    labels = [b.description for b in t.vote_box.children]
    assert sum("The Aztecs" in x for x in labels) == 2 and not any("aztecs" in x or "." in x for x in labels), labels


def test_the_true_answer_put_in_the_box_for_the_leader_is_not_copied_by_itself(monkeypatch):
    """The panel puts the card's answer in the box for the leader to copy (or alter slightly,
    "You can also slightly alter the wording"); while the kernel handled the browser's click
    that drew that screen, the box's change read as Enter and the copy was played at once."""
    from bluffkit.widgets import bluffer, seat_panel
    clock = [1000.0]

    def sent():                               # every browser message a second after the last
        clock[0] += 1.0
        return clock[0]

    monkeypatch.setattr(seat_panel, "click_sent_at", sent)
    monkeypatch.setattr(bluffer, "click_sent_at", sent)
    t = BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=3, leader_copies=True)
    t.show.click()
    t.answer.value = "a purple cow"            # Enter: written; the bots write theirs
    s = t.session
    assert s.state.phase == "copy" and s.waiting_for == 0, [str(a) for _, a in s.moves]
    assert t.answer.value and t.write.description == "Copy it", "the true answer waits in the box"
    copies = len(s.moves)
    t.answer.value = t.answer.value + " (altered)"          # the leader alters it, then Enter
    assert str(s.moves[copies][1]).startswith("copy ") and str(s.moves[copies][1]).endswith("(altered)")


def test_typing_an_answer_then_clicking_done_writes_it_and_plays_done(monkeypatch):
    """Two players: the asker writes two or three answers, then Done. Leaving the box to click
    Done writes the answer typed (the box's value reaches the kernel first), and the click on
    Done, a millisecond later, was dropped as a double click's. Now both count; the click on
    Write it that leaves the box is still not a second, empty answer."""
    from bluffkit.widgets import bluffer, seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    monkeypatch.setattr(bluffer, "click_sent_at", lambda: sent[0])
    t = BlufferTable(players=2, humans=[0, 1], names=NAMES[:2], seed=3)
    t.show.click()
    s, n = t.session, len(t.session.moves)
    sent[0] = 100.0
    t.answer.value = "a purple cow"                        # Enter
    sent[0] = 110.0
    t.answer.value = "a green horse"                       # typed, and the box left by the click ...
    sent[0] = 110.0001
    t.done.click()                                         # ... on Done writing
    assert [str(a) for _, a in s.moves[n:n + 3]] == ["write a purple cow", "write a green horse", "done"], \
        [str(a) for _, a in s.moves[n:]]
    u = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    u.show.click()
    sent[0] = 200.0
    u.answer.value = "a purple cow"                        # left by the click on Write it ...
    sent[0] = 200.0001
    u.write.click()                                        # ... which is no second, empty answer
    assert "bk-refusal" not in u.message.value and "write a purple cow" in [str(a) for _, a in u.session.moves]


def test_the_writing_team_sees_the_truth_on_its_own_screen_without_a_members_sheet():
    """In the team game the whole writing team knows the true answer and the authors ("the
    reading team ... adds the true one"), but only a human leader's screen showed them: a
    teammate had no screen that did. The button is now the writing team's screen, offered
    while any member is human, even under a bot leader; it shows what every member knows,
    never one member's own sheet before the reading."""
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    t = BlufferTable(players=6, humans=[2, 4], names=names, seed=1)
    s = t.session
    assert t.game.table(s.state).knowers() == (0, 2, 4) and s.kinds[0] != "human"
    assert t.leader_button.description == "Writing team's screen" and t.leader_button.layout.display is None
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                  # Cy writes; Ed is next (a cover)
    assert t.screen == ("cover", 4)
    t.leader_button.click()
    assert t.screen == ("leader-cover", 2) and "writing team (Cy, Ed)" in t.cover_text.value
    t.show.click()
    assert t.screen == ("leader", 2) and "The writing team's screen" in t.view.value
    assert "purple cow" not in t.view.value.lower(), "Cy's sheet, before the reading, on the team's screen"
    assert "once every answer is written" in t.view.value
    t = BlufferTable(players=6, humans=[1, 2], names=names, seed=1)    # Cy writes, Bo bets
    s = t.session
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                  # the bots write, the answers are read: Bo bets
    assert s.state.phase == "vote" and t.screen == ("cover", 1)
    truth = s.observe(2).truth
    t.leader_button.click()
    t.show.click()
    assert t.screen == ("leader", 2) and f"<b>{escape(truth)}</b>" in t.view.value
    assert "(Cy)" in t.view.value and "(Ana)" in t.view.value and "(Ed)" in t.view.value, "the authors"
    four = BlufferTable(players=4, humans=[1], names=names[:4], seed=5)
    assert four.leader_button.description == "Leader's screen"


def test_a_click_let_go_after_the_kernel_wrote_the_answer_is_the_same_click(monkeypatch):
    """Pressing Write it leaves the answer box: the browser sends the answer as the button goes
    down and the click as it comes up, some 100 ms later. A quick kernel had already written
    the answer and cleared the box, and the click then said "type your false answer in the box
    first". A click within ``ClickClock.HOLD`` of the typed answer is that same press."""
    from bluffkit.widgets import bluffer, seat_panel
    now = [1000.0]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: now[0])
    monkeypatch.setattr(bluffer, "click_sent_at", lambda: now[0])
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    t.answer.value = "a purple cow"                 # the box, left as the button went down
    moves = list(t.session.moves)
    assert (0, t.game.parse("write a purple cow")) in moves
    now[0] += 0.15                                  # the click, let go 150 ms later
    t.write.click()
    assert t.message.value == "" and t.session.moves == moves
    now[0] += seat_panel.ClickClock.HOLD + 0.5      # a click on an empty box, much later: told why
    if t.write.layout.display != "none":
        t.write.click()
        assert "can&#x27;t write an empty answer" in t.message.value


def _played_to_the_end(t):
    """``t`` with Anne's moves drawn at random (seed 9) until the game ends, redrawn."""
    import numpy as np
    s, rng = t.session, np.random.default_rng(9)
    while not s.over:
        s.advance()
        if not s.over:
            s.play(s.legal(0).sample(rng), 0)
    t.refresh()
    return t


def test_the_end_draws_the_points_once():
    """At the end the shared screen's points table stood above the all-seeing view's own."""
    t = _played_to_the_end(BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=9))
    s = t.session
    assert s.over and t.shared.layout.display == "none"
    assert "game points" in t.view.value, "the all-seeing end keeps the points"
    assert t.last_question.layout.display == "none", "the last question's reveal was drawn twice too"
    assert "Last question" in t.view.value, "the all-seeing end keeps the reveal"


def test_after_a_wrong_pick_the_sheets_are_drawn_once_above_the_picks():
    """Two players: after a wrong pick the sheets were drawn on the shared screen, again
    in the seat's view (with the "picked" mark) and a third time as the pick buttons, which
    went below a 1280 x 720 screen. The shared screen leaves them to the seat voting on
    screen: once with their marks, then the buttons of those not yet picked."""
    t = BlufferTable(players=2, humans=[0, 1], names=NAMES[:2], seed=1)
    s = t.session
    guesser = _a_wrong_pick(s)
    t.viewer = None
    t.refresh()
    t.show.click()
    assert t.viewer == guesser and t.vote_box.layout.display != "none"
    said = "The answer sheets, as read"
    assert said not in t.shared.value, "the shared screen leaves the sheets to the seat voting on screen"
    assert t.view.value.count(said) == 1 and "picked" in t.view.value


def test_on_a_projector_the_cover_comes_before_the_shared_screen():
    """The vote cover's Show, its one control, was pushed below a 1280 x 720 screen by the
    shared screen's points and answers above it (an eight-player team game, 796 px): on the
    projector the shared screen comes right after the cover, and back above it off it."""
    t = BlufferTable(players=8, humans=list(range(8)), names=list("ABCDEFGH"), seed=7)
    kids = list(t.children)
    assert kids.index(t.shared) < kids.index(t.cover)
    t.projector.value = True
    kids = list(t.children)
    assert kids.index(t.cover) + 1 == kids.index(t.shared), "the shared screen right after the cover"
    t.projector.value = False
    kids = list(t.children)
    assert kids.index(t.shared) < kids.index(t.cover)


def test_in_the_two_player_game_a_wrong_pick_is_the_askers_point_on_screen_at_once():
    """"Each wrong answer gives a point to the opponent": the narration says "a point for
    Anne" at the pick, but the points row stayed at 0 until the truth was found."""
    import re

    from bluffkit.widgets.render_bluffer import all_seeing_html
    game = make_game("bluffer")
    s = Session(game, ["random", "human"], names=["Anne", "Bo"], seed=2)
    s.advance()
    from bluffkit.games.bluffer.state import TRUTH
    picks = game.observe(s.state, 1).legal.vote
    wrong = [k for k in picks if s.state.order[k - 1][0] != TRUTH]
    right = [k for k in picks if k not in wrong]
    assert "a point for Anne" in s.play(f"vote {wrong[0]}") and s.state.phase == "vote"

    def points(html):
        row = re.search(r"<td>points</td>(.*?)</tr>", html).group(1)
        return [int(x) for x in re.findall(r"<td[^>]*>(\d+)</td>", row)]

    def shown():
        return [points(v) for v in (public_html(game, game.observe(s.state, 1), s.names),
                                     seat_html(game, game.observe(s.state, 0), s.names),
                                     seat_html(game, game.observe(s.state, 1), s.names),
                                     all_seeing_html(game, s.state, s.names))]
    assert shown() == [[1, 0]] * 4
    assert "points: Anne 1, Bo 0" in game.describe(game.observe(s.state, 1), s.names), "the terminal too"
    assert s.state.points == (0, 0), "the state counts the picks when the truth is found"
    s.play(f"vote {right[0]}")
    assert s.state.phase != "vote" and s.state.points == (1, 0) and shown() == [[1, 0]] * 4, "counted once"


def test_the_scores_toggle_counts_a_wrong_two_player_pick_at_once_too():
    """"Each wrong answer gives a point to the opponent": after Ben's wrong pick the Scores
    toggle says Anne 1, as the narration and the table do (it kept 0 until the truth)."""
    t = BlufferTable(players=2, humans=[1], names=["Anne", "Ben"], seed=3)
    t.scores_button.value = True
    from bluffkit.games.bluffer.state import TRUTH
    wrong = [k for k in t.session.observe(1).legal.vote if t.session.state.order[k - 1][0] != TRUTH]
    t.vote_box.children[wrong[0] - 1].click()
    assert t.session.state.phase == "vote" and t.public_scores(t.session.observe(1)) == (1, 0)
    assert "<td>Anne</td><td><b>1</b></td>" in t.scores.value, t.scores.value


def test_the_covers_keyboard_words_count_the_leaders_screen_on_a_projector():
    """On a projector the Leader's screen button (the writing team's) comes right after the
    cover: the cover's words for a screen reader count two Shift+Tabs to Show there, one
    off the projector, and none before anyone has moved."""
    from bluffkit.widgets.seat_panel import KEYS_TO_SHOW
    for projector, words in ((False, KEYS_TO_SHOW), (True, "Shift+Tab twice reaches the Show button (once: Leader's screen)")):
        t = BlufferTable(players=3, humans=[0, 1, 2], names=["Anne", "Ben", "Chloé"], seed=4)
        t.projector.value = projector
        assert "Shift+Tab" not in t.cover_text.value
        t.show.click()
        t.try_move("write a purple cow")
        assert t.screen[0] == "cover" and escape(words) in t.cover_text.value, t.cover_text.value
    team = BlufferTable(players=8, humans=list(range(8)), seed=7)
    team.projector.value = True
    team.show.click()
    team.try_move("write Tin, the metal of old cans")
    assert team.screen == ("cover", 2) and escape("(once: Writing team's screen)") in team.cover_text.value, \
        team.cover_text.value


def test_each_sheet_button_names_its_own_sheet_and_votes_for_it():
    """Sheet #k reads as answer k, and its click votes k, not the last sheet's number."""
    b = BlufferTable(players=4, humans=[1], names=["A", "B", "C", "D"], seed=3)
    b.answer.value = "a purple cow"
    b.write.click()
    obs = b.session.observe(1)
    assert len(obs.legal.vote) >= 3, "several sheets to tell apart"
    buttons = b.vote_box.children
    assert len(buttons) == len(obs.legal.vote)
    for k, button in zip(obs.legal.vote, buttons):
        assert button.description.startswith(f"#{k} {obs.answers[k - 1]}"), (k, button.description)
    played = len(b.session.moves)
    buttons[0].click()
    assert b.session.moves[played] == (1, Vote(obs.legal.vote[0])), "the first sheet's button votes for it (bots may move after)"


def test_a_blank_answer_is_refused_in_the_panels_own_words():
    """Spaces alone are no answer: Write it says to type one in the box, in the panel's words,
    not the typed move's ("write what? give the answer after 'write'"), and nothing is played."""
    said = _refused_as_empty(BlufferTable(players=4, humans=[0], names=NAMES, seed=3), "   ", "your false answer")
    assert "write what" not in said


def _refused_as_empty(t, typed: str, wanted: str) -> str:
    """Anne types ``typed`` and clicks Write it: refused, asking for ``wanted``, nothing played;
    the message line."""
    moves = list(t.session.moves)
    t.answer.value = typed
    t.write.click()
    assert f"Anne can&#x27;t write an empty answer: type {wanted} in the box first" in t.message.value
    assert t.session.moves == moves
    return t.message.value


def test_an_empty_copy_says_to_type_the_true_answer():
    """With ``leader_copies`` the leader adds the true answer to the false ones (rulebook §4):
    at that step an empty box asks for the true answer, not for a false one."""
    t = BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=2, leader_copies=True)
    t.answer.value = "a purple cow"
    t.write.click()                                    # Anne leads: the bots write, then she copies
    assert t.session.state.phase == "copy" and t.write.description == "Copy it"
    assert "your false answer" not in _refused_as_empty(t, "", "the true answer")
    assert t.answer.placeholder == "the true answer", "the emptied box asks for a false answer"


def test_the_leaders_cover_words_go_with_the_cover():
    """On the leader's screen the cover is gone, and so are its words ("Pass the screen to
    Anne") and its button's ("Show Anne's screen"): nothing of it stays behind, hidden."""
    t = _two_humans_at_the_vote()
    t.leader_button.click()
    assert "Pass the screen to Anne" in t.cover_text.value
    t.show.click()
    assert t.screen == ("leader", 0)
    assert t.cover_text.value == "" and t.show.description == "Show"


def test_off_the_projector_the_seats_view_holds_only_its_own_part():
    """Off the projector the question and the points are on the shared screen above the
    seat's controls; the seat's view holds only its own part, so the question is not drawn
    twice (pushing the answer box down). On a projector the view holds it, the shared screen
    being hidden."""
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    question = escape(t.game.deck.by_id[t.session.state.qid].question)
    assert t.screen == ("seat", 0) and t.answer_box.layout.display is None
    assert question in t.shared.value and question not in t.view.value
    t.set_projector(True)
    assert question in t.view.value and t.shared.layout.display == "none"


def test_the_copy_step_shows_the_box_and_its_copy_button():
    """With ``leader_copies`` the leader adds the true answer (rulebook §4): at that step the
    box holding it and its Copy it button are on screen, for the leader to copy or alter."""
    t = BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=2, leader_copies=True)
    t.answer.value = "a purple cow"
    t.write.click()                                    # Anne leads: the bots write, then she copies
    assert t.session.state.phase == "copy" and t.write.description == "Copy it"
    assert t.answer_box.layout.display != "none"
    assert t.write.layout.display != "none" and t.answer.layout.display != "none"
    assert t.done.layout.display == "none", "nothing to be done with but the copy"


@pytest.mark.parametrize("own, says, not_says", [
    ("to_leader", "Do not bet on your own answer: that bet goes to the leader.", "are not offered"),
    ("refused", "Answers that read like yours are not offered.", "goes to the leader")])
def test_a_voter_is_told_what_becomes_of_a_bet_on_their_own_answer(own, says, not_says):
    """Rulebook §4: nobody may vote for their own answer (such a vote goes to the leader);
    with ``own_answer_vote="refused"`` such a vote is not offered at all, and the voter's
    words say which of the two holds."""
    t = BlufferTable(players=3, humans=[0, 1], names=NAMES[:3], seed=5, own_answer_vote=own)
    while t.session.state.phase != "vote":
        t.show.click()
        t.answer.value = f"a purple cow {t.viewer}"
        t.write.click()
    t.show.click()
    assert t.screen[0] == "seat" and t.vote_box.layout.display != "none"
    assert says in t.legal_text.value and not_says not in t.legal_text.value


def test_the_leaders_screen_after_the_end_leaves_the_all_seeing_view():
    """At the end everything is shown to everyone: the leader's screen has nothing more to
    show, so asking for it says so and leaves the end's view as it is."""
    t = _played_to_the_end(BlufferTable(players=3, humans=[0], names=NAMES[:3], seed=9, rounds=1,
                                        questions_per_round=1))
    s = t.session
    end = t.view.value
    assert s.over and t.leader_button.layout.display == "none"
    t.peek_leader()
    assert "The game is over: everything is shown." in t.message.value
    assert t.view.value == end and t.cover.layout.display == "none" and not t.peeking


def test_one_spot_too_many_is_refused_too():
    """One spot value per seat: a list longer than the table is as wrong as a shorter one."""
    with pytest.raises(RulesError, match=r"spot: give one value per seat \(3\), or one number.*got 4"):
        BlufferTable(players=3, humans=[0], spot=[0.9, 0.1, 0.5, 0.2], names=NAMES[:3])


def test_the_two_player_writer_is_asked_to_fool_the_opponent():
    """In the two-player game one player writes two or three false answers to fool the other,
    then says Done: the prompt speaks of the opponent, not of "the others"."""
    t = BlufferTable(players=2, humans=[0], names=NAMES[:2], seed=2)
    t.show.click()
    assert ("invent a false answer that will fool your opponent (two or three, one at a time; then Done)."
            in t.legal_text.value), t.legal_text.value


def test_the_two_player_writers_prompt_counts_the_answers_the_rules_ask_for():
    """The asker writes "two, or even three" false answers by default; with the rule option
    duel_false_answers set otherwise, the prompt counts those (it said "two or three")."""
    for fa, said in (((1, 4), "(one to four, one at a time; then Done)."), ((3, 3), "(three, one at a time).")):
        t = BlufferTable(players=2, humans=[0], names=NAMES[:2], seed=2, duel_false_answers=fa)
        assert f"invent a false answer that will fool your opponent {said}" in t.legal_text.value, t.legal_text.value


def test_a_long_answer_keeps_its_like_yours_mark_on_its_button():
    """An answer may be as long as the sheet's 60 characters; its button, cut to 60, still
    ends with "(like yours)", the mark that keeps a vote off one's own answer."""
    t = BlufferTable(players=4, humans=[1], names=NAMES, seed=5)
    t.show.click()
    t.answer.value = "a purple cow that sings in the rain every tuesday morning xx"
    assert len(t.answer.value) == 60
    t.write.click()
    t.show.click()
    assert t.session.state.phase == "vote" and t.viewer == 1
    mine = [b.description for b in t.vote_box.children if "(like yours)" in b.description]
    assert len(mine) == 1 and mine[0].endswith("(like yours)") and len(mine[0]) <= 60, mine


def test_a_betting_teams_voter_is_told_the_points_of_a_bet():
    """Team game for 6 to 10 players: "Points are awarded individually according to the base
    rule": 1 point for a bet on the true answer, 2 to an author for each bet on theirs. Bo
    bets for his team; the words say so, and each sheet's button names its sheet in full."""
    t = BlufferTable(players=6, humans=[1, 2], names=["Ana", "Bo", "Cy", "Di", "Ed", "Flo"], seed=1)
    t.show.click()
    t.answer.value = "a purple cow"
    t.write.click()                                  # the bots write, the answers are read: Bo bets
    t.show.click()
    assert t.session.state.phase == "vote" and t.screen == ("seat", 1)
    assert ("Bet on the answer you believe is true: 1 point if it is; each bet on a false answer gives its "
            "author 2.") in t.legal_text.value
    obs = t.session.observe(1)
    for b in t.vote_box.children:
        k = int(b.description[1:].split()[0])
        assert b.tooltip == f"bet on #{k}: {obs.answers[k - 1]}", b.tooltip


def test_the_one_human_leader_is_told_hide_goes_back_to_their_own_view():
    """With one human seat there is no one to pass the screen to: the leader's screen opens
    with no cover, and its words say Hide goes back to the leader's own view."""
    t = BlufferTable(players=4, humans=[0], names=NAMES, seed=3)
    t.leader_button.click()
    assert t.screen == ("leader", 0)
    assert "press <b>Hide the leader's screen</b> to go back to your own view." in t.message.value, t.message.value
    assert "passing it on" not in t.message.value


def test_a_writing_teams_member_is_asked_to_fool_the_other_team():
    """Team game: one team writes, "then have the other team vote": a writer is asked to
    fool the other team, not "the others"."""
    t = BlufferTable(players=6, humans=[2], names=["Ana", "Bo", "Cy", "Di", "Ed", "Flo"], seed=1)
    t.show.click()
    assert t.screen == ("seat", 2) and t.session.state.phase == "write"
    assert "invent a false answer that will fool the other team." in t.legal_text.value, t.legal_text.value


def test_the_leaders_cover_asked_for_by_name_stays_a_cover():
    """A screen asked for by name (undo, a test) as the leader's cover is the cover, the
    leader's knowledge still hidden; as the leader's screen it is that screen."""
    t = _two_humans_at_the_vote()
    t.show_screen(("leader-cover", 0))
    assert t.screen == ("leader-cover", 0) and t.cover.layout.display != "none"
    t.show_screen(("leader", 0))
    assert t.screen == ("leader", 0) and t.cover.layout.display == "none"


def test_the_next_players_click_after_a_hand_over_is_never_the_last_players_typed_press(monkeypatch):
    """``ClickClock.HOLD`` reads a click let go within a second of a typed answer as the press
    that left the box. Anne typed her answer and the cover came for Chloé; Chloé clicked Show
    and then Write it with her box still empty, all within that second: her click was dropped
    as Anne's press, and she was not told to type her answer first. A hand-over starts the
    clocks afresh: another player's click is her own."""
    from bluffkit.widgets import bluffer, seat_panel
    now = [1000.0]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: now[0])
    monkeypatch.setattr(bluffer, "click_sent_at", lambda: now[0])
    t = BlufferTable(players=4, humans=[0, 2], names=NAMES, seed=3)
    t.show.click()
    assert t.screen == ("seat", 0)
    now[0] += 1.5
    t.answer.value = "a purple cow"                 # Anne's answer, Enter: written
    assert t.screen == ("cover", 2), t.screen
    now[0] += 0.15
    t.show.click()                                  # Chloé takes the screen
    assert t.screen == ("seat", 2) and t.answer.value == ""
    now[0] += 0.15
    t.write.click()                                 # her box empty: told why, not dropped
    assert "can&#x27;t write an empty answer" in t.message.value, t.message.value


def test_the_leader_is_named_in_the_head_line_not_in_the_row_of_names():
    """The worked example's table (a column per player): the leader's tag stood beside
    Anne's name in the row of names, where it read as a column of its own. The head line
    above the table names the leader; the row of names holds the names (and the players to
    act, whose columns are lit). With a row per player (a projector) the tag is in the
    leader's row."""
    import re

    from bluffkit.widgets import ScenarioPlayer
    p = ScenarioPlayer("bluffer-worked-question")
    for step in (0, 3):
        p.step.value = step
        html = p.table.value
        names_row = re.search(r"<table class='bk-table bk-points'><tr>(.*?)</tr>", html).group(1)
        assert "leader" not in names_row, (step, names_row)
        head = re.search(r"<div class='bk-box bk-drawn'>(.*?)</div>", html).group(1)
        assert "Anne is the leader" in head, (step, head)
    t = BlufferTable(players=4, humans=[0], names=["Anne", "Ben", "Chloé", "Dev"], seed=1)
    obs = t.session.observe(0)
    leader = t.session.names[obs.leader]
    html = seat_html(t.game, obs, t.session.names, by_player=True)
    assert "bk-by-player" in html and "is the leader" not in html, html
    tagged = [r for r in re.findall(r"<tr>(.*?)</tr>", html) if ">leader<" in r]
    assert len(tagged) == 1 and re.match(rf"<td( class='bk-turn')?>{leader}\b", tagged[0]), tagged
