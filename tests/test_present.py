"""`make present`: a notebook served as an app by Voila, with no code and nothing from the network.

The test starts ``scripts/present.sh`` (what ``make present`` runs) on a copy of the table
notebook, on a free port, fetches the page over HTTP, and stops the server's whole
process group (it owns the kernel).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
VOILA = Path(sys.executable).with_name("voila")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, server: subprocess.Popen, deadline: float) -> None:
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"voila stopped with code {server.returncode} before serving")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    pytest.fail(f"voila did not listen on port {port} in time")


@pytest.fixture
def served(tmp_path):
    if not VOILA.exists():
        pytest.skip(f"voila is not installed beside {sys.executable}; `make venv` installs it from requirements.lock")
    notebook = tmp_path / "table.ipynb"
    shutil.copy(ROOT / "notebooks" / "table.ipynb", notebook)
    port = _free_port()
    env = {**os.environ, "VOILA": str(VOILA), "PYTHONPATH": str(ROOT),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "IPYTHONDIR": str(tmp_path / "ipython")}
    log = (tmp_path / "voila.log").open("w")
    server = subprocess.Popen(["bash", str(ROOT / "scripts" / "present.sh"), str(notebook), "--no-browser",
                               f"--port={port}"], cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        _wait_for_port(port, server, time.monotonic() + 60)
        yield notebook, f"http://127.0.0.1:{port}"
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


@pytest.mark.slow
def test_present_serves_the_panels_without_code_or_network(served):
    notebook, url = served
    with urllib.request.urlopen(url + "/", timeout=90) as response:   # Voila runs the notebook, then answers
        assert response.status == 200
        page = response.read().decode()
    nb = nbformat.read(notebook, as_version=4)
    # The panels are there: every widget the notebook displays, and its words.
    assert page.count("application/vnd.jupyter.widget-view+json") >= 2, "no widget output in the page"
    assert "Play at the table" in page, "the notebook's text is missing"
    assert nb.cells[0].metadata.get("tags") == ["hide-when-presented"], "the first cell is not the start line"
    assert "Run All Cells" in nb.cells[0].source and "Run All Cells" not in page, \
        "the line that says to run all cells is shown in the app, which runs them itself"
    assert "TablePanel(&#39;horse-trading&#39;" in page or "TablePanel(\\u0027horse-trading\\u0027" in page
    # No code: no statement of any code cell appears in the page (a line that is only a
    # name, such as ``table``, is too common a word to test).
    statements = [line.strip() for cell in nb.cells if cell.cell_type == "code" for line in cell.source.splitlines()
                  if re.search(r"[(=]|import ", line)]
    assert len(statements) >= 3, statements
    for line in statements:
        assert line not in page, f"code shown in the app: {line!r}"
    # Nothing fetched from the network on load: scripts and style sheets come from the server.
    loaded = re.findall(r'<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"', page)
    assert loaded, "the page loads no script at all"
    remote = [u for u in loaded if re.match(r"(https?:)?//", u)]
    assert remote == [], f"the page loads from the network: {remote}"
    # The widget manager it loads is served by Voila itself.
    script = next(u for u in loaded if u.startswith("/voila/static/") and u.endswith(".js"))
    with urllib.request.urlopen(url + script, timeout=30) as response:
        assert response.status == 200 and len(response.read()) > 1000
