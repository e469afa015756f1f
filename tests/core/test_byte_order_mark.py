"""A byte-order mark (BOM) at the very start of a log or scenario, as Windows Notepad
(before 2019) writes one, is read as nothing: it was refused in Python's words ("Unexpected
UTF-8 BOM (decode using utf-8-sig)") and, for a log, said the line "may be cut off or
damaged". A log's digests are of the states its moves reach, not of its bytes, so they are
still compared, and an edited step is still refused. A BOM anywhere else is refused in words."""

from __future__ import annotations

import json

import pytest
from paths import REPO

from bluffkit import cli
from bluffkit.core import log as gamelog
from bluffkit.core.errors import LogError

LOG = REPO / "tests" / "logs" / "auction-second-hand-show-bid.jsonl"      # format 2: digests compared
BOM = b"\xef\xbb\xbf"


def test_a_log_starting_with_a_bom_is_read_and_its_digests_compared(tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(BOM + LOG.read_bytes())
    log, states = gamelog.read(path)
    plain, plain_states = gamelog.read(LOG)
    assert log.version == 2 and log.note is None and log.moves == plain.moves and states[-1] == plain_states[-1]
    lines = LOG.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[3])
    record["digest"] = "0" * len(record["digest"])
    lines[3] = json.dumps(record)
    path.write_bytes(BOM + "\n".join(lines).encode("utf-8") + b"\n")
    with pytest.raises(LogError, match="line 4: the state after step 3 does not match"):
        gamelog.read(path)


def test_a_bom_inside_a_log_is_refused_in_words(tmp_path):
    lines = LOG.read_bytes().split(b"\n")
    lines[2] = BOM + lines[2]
    path = tmp_path / "joined.jsonl"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(LogError, match=r"line 3: the line starts with a byte-order mark \(BOM\), which only the "
                                       r"start of a file may hold"):
        gamelog.read(path)


def test_replay_and_scenario_run_read_a_file_starting_with_a_bom(tmp_path, capsys):
    log = tmp_path / "bom.jsonl"
    log.write_bytes(BOM + LOG.read_bytes())
    assert cli.main(["replay", str(log)]) == 0
    assert "a valid log of" in capsys.readouterr().out
    scenario = tmp_path / "bom.json"
    scenario.write_bytes(BOM + (REPO / "data" / "scenarios" / "yb-trade-tie.json").read_bytes())
    code = cli.main(["scenario", "run", str(scenario)])
    out, err = capsys.readouterr()
    assert code == 0 and "BOM" not in err, err
