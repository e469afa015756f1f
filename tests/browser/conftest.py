"""Fixtures for the real-browser tests: a JupyterLab server and a headless Chromium.

The server serves a *copy* of ``notebooks/`` (JupyterLab autosaves, and the originals are
nbval references) from a temporary folder under ``.tmp/``, with its own Jupyter config,
data, runtime and IPython folders, on a free loopback port. The browser is Debian's
Chromium at /usr/bin/chromium driven by Playwright's sync API (``make test`` installs it
with scripts/ensure_chromium.sh; Playwright's own browser downloads are never used).

Set BLUFFKIT_BROWSER_NOTEBOOKS to serve another folder of notebooks instead of
``notebooks/`` (handy while developing a notebook).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TMP = REPO / ".tmp"
SCREENSHOTS = TMP / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Every wait in these tests is bounded by this (milliseconds for Playwright).
WAIT_S = 60
WAIT_MS = WAIT_S * 1000

# JupyterLab user settings written into the temporary config folder.
LAB_SETTINGS = {
    # "none" renders every cell, so that widgets below the fold are in the page
    # (JupyterLab otherwise renders only the cells on screen).
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
    },
    # No autosave: the served notebooks are throwaway copies, and a save keeps only the
    # widget models with a live kernel (a notebook's panels drawn from its saved state
    # would lose that state on the next open).
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
        "autosave": False,
    },
}
# and the settings ``make lab`` gives every notebook (scripts/lab-overrides.json: no news, no
# live widget state saved with a notebook: bluffkit/lab_save.py; the notebook's kernel started
# without asking, where a "Select Kernel" dialog would sometimes cover the page)
for _plugin, _value in json.loads((REPO / "scripts" / "lab-overrides.json").read_text()).items():
    LAB_SETTINGS.setdefault(_plugin.replace(":", "/") + ".jupyterlab-settings", {}).update(_value)


@dataclass
class LabServer:
    url: str  # base URL, no trailing slash
    root: Path  # the served copy of the notebooks
    log: Path  # the server's stdout and stderr

    def api(self, path: str, method: str = "GET"):
        req = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_settings(config_dir: Path) -> Path:
    settings_dir = config_dir / "lab" / "user-settings"
    for rel, value in LAB_SETTINGS.items():
        path = settings_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, indent=2) + "\n")
    return settings_dir


def _stop_group(proc: subprocess.Popen) -> None:
    """Stop the server's process group: SIGTERM (the server then shuts its kernels
    down), SIGKILL for whatever is left."""
    try:
        pgid = os.getpgid(proc.pid)
    except ProcessLookupError:
        return
    for sig, grace in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=grace)
            break
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="session")
def lab_server() -> LabServer:
    """A JupyterLab server on a free loopback port, serving a copy of the notebooks."""
    source = Path(os.environ.get("BLUFFKIT_BROWSER_NOTEBOOKS") or REPO / "notebooks")
    jupyter = Path(sys.prefix) / "bin" / "jupyter"
    if not jupyter.exists():
        jupyter = REPO / ".venv" / "bin" / "jupyter"
    if not jupyter.exists():
        pytest.fail(f"jupyter not found in {sys.prefix} or .venv: run `make venv`", pytrace=False)

    TMP.mkdir(exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="browser-", dir=TMP))
    root = base / "notebooks"
    shutil.copytree(source, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    jdirs = {name: base / "jupyter" / name for name in ("config", "data", "runtime", "ipython")}
    for d in jdirs.values():
        d.mkdir(parents=True)
    settings_dir = _write_settings(jdirs["config"])

    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(jdirs["config"]),
        JUPYTER_DATA_DIR=str(jdirs["data"]),
        JUPYTER_RUNTIME_DIR=str(jdirs["runtime"]),
        IPYTHONDIR=str(jdirs["ipython"]),
        JUPYTERLAB_SETTINGS_DIR=str(settings_dir),
        JUPYTERLAB_WORKSPACES_DIR=str(jdirs["config"] / "lab" / "workspaces"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    port = _free_port()
    cmd = [
        str(jupyter), "lab", "--allow-root", "--no-browser",
        "--ip=127.0.0.1", f"--port={port}", "--port-retries=0",
        f"--ServerApp.root_dir={root}",
        "--IdentityProvider.token=", "--ServerApp.password=",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        # as make lab: a saved notebook keeps the panels it shows (bluffkit/lab_save.py)
        "--ContentsManager.pre_save_hook=bluffkit.lab_save.keep_widget_state",
        # window.jupyterapp: the tests open one notebook after another in a loaded JupyterLab
        "--LabApp.expose_app_in_browser=True",
    ]
    log = base / "jupyter-lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    server = LabServer(url=f"http://127.0.0.1:{port}", root=root, log=log)
    try:
        deadline = time.monotonic() + WAIT_S
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode} before it was ready; "
                            f"log {log}:\n{server.log_tail()}", pytrace=False)
            try:
                server.api("/api/status")
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer /api/status within {WAIT_S} s; "
                            f"log {log}:\n{server.log_tail()}", pytrace=False)
            time.sleep(0.2)
        yield server
    finally:
        _stop_group(proc)
    shutil.rmtree(base, ignore_errors=True)


def serve_cells(server: LabServer, source: Path, name: str, code: str, replace: dict | None = None) -> str:
    """Write into the served folder, as ``name``, the notebook ``source`` with every markdown
    cell and only the code cells whose source contains ``code`` (their outputs cleared):
    the panel a browser test plays, built by the notebook's own cell, without the
    notebook's simulations and charts before it (nbval runs those). ``replace``: texts of
    those cells to change (``{"right=False)": "right=False, seed=7)"}``: a class gets a new deal
    each run, a test a known one). Returns ``name``."""
    nb = json.loads(Path(source).read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"]
             if c["cell_type"] != "code" or code in "".join(c["source"])]
    assert any(c["cell_type"] == "code" for c in cells), f"no code cell of {source} contains {code!r}"
    for c in cells:
        if c["cell_type"] == "code":
            c["outputs"], c["execution_count"] = [], None
            text = "".join(c["source"])
            for old, new in (replace or {}).items():
                assert old in text or code not in text, f"{source}: the cell has no {old!r} to replace"
                text = text.replace(old, new)
            c["source"] = text
    nb["cells"] = cells
    nb.get("metadata", {}).pop("widgets", None)          # no saved widget state to draw first
    (server.root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, for the page fixture's teardown."""
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep


VIEWPORT = {"width": 1280, "height": 1000}

#: What the browser tests hold open in this process: Playwright, Debian's Chromium, one
#: browser context and one page in it (see :func:`_shared_page`).
_HELD: dict = {}


def _shared_page():
    """The one browser page of the browser tests, in which JupyterLab loads once: each
    test opens its notebook in it with :func:`open_notebook`, which first closes what the
    test before left open and shuts its kernels down. Loading JupyterLab costs some 4 s of
    the machine's two cores; opening a notebook in a loaded JupyterLab a fraction. Started
    on first use: Playwright, then Debian's headless Chromium (never Playwright's own
    build), a context at 1280 x 1000 and its page."""
    if "page" in _HELD:
        return _HELD["page"]
    if not (CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium package. "
            "Run `bash scripts/ensure_chromium.sh` (done by `make test`), or "
            "`apt-get update && apt-get install -y chromium`.",
            pytrace=False,
        )
    from playwright.sync_api import expect, sync_playwright

    # expect()'s own default is 5 s, apart from the context's: a loaded machine took longer to
    # draw a notebook's first cell, so every assertion waits as long as every action.
    expect.set_options(timeout=WAIT_MS)
    try:
        pw = _HELD["playwright"] = sync_playwright().start()
        b = _HELD["browser"] = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        context = _HELD["context"] = b.new_context(viewport=VIEWPORT)
        context.set_default_timeout(WAIT_MS)
        _HELD["page"] = context.new_page()
    except BaseException:
        _release_browser()
        raise
    return _HELD["page"]


def _release_browser() -> None:
    """Close the page, Chromium and Playwright (whatever of them is open). Done as soon
    as the last browser test of this process has run, not at the end of the session:
    Playwright's sync API runs an event loop in this process while it is started, and a
    later test that starts Playwright itself (the lessons' PDF printing) must find none."""
    for key, close in (("page", None), ("context", "close"), ("browser", "close"), ("playwright", "stop")):
        held = _HELD.pop(key, None)
        if held is not None and close is not None:
            try:
                getattr(held, close)()
            except Exception:  # noqa: BLE001 - already gone with its browser
                pass


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """After the last browser test in a row (the top-level conftest runs them first, all
    on one pytest-xdist worker), release the browser (see :func:`_release_browser`), once
    the test's own fixtures are torn down (a failure screenshot needs the page)."""
    if nextitem is None or Path(str(nextitem.path)).parent != Path(__file__).parent:
        _release_browser()


@pytest.fixture(scope="session", autouse=True)
def _browser_released_at_the_end():
    yield
    _release_browser()


@pytest.fixture
def page(lab_server, request):
    """The browser tests' one page (:func:`_shared_page`), at 1280 x 1000; on failure a
    screenshot named after the test is saved, with the browser console's errors and the
    server log's last lines."""
    pg = _shared_page()
    pg.set_viewport_size(VIEWPORT)
    console: list[str] = []

    def on_console(m):
        if m.type in ("error", "warning"):
            console.append(f"[{m.type}] {m.text}")

    def on_error(e):
        console.append(f"[pageerror] {e}")
    pg.on("console", on_console)
    pg.on("pageerror", on_error)
    try:
        yield pg
    finally:
        pg.remove_listener("console", on_console)
        pg.remove_listener("pageerror", on_error)
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
            shot = SCREENSHOTS / f"FAILED-{name}.png"
            try:
                pg.screenshot(path=str(shot), full_page=True)
                print(f"\nscreenshot of the failure: {shot}")
            except Exception as exc:  # the page may be gone
                print(f"\ncould not save a failure screenshot: {exc}")
            if console:
                print("browser console (errors and warnings):\n" + "\n".join(console[-30:]))
            print(f"JupyterLab log ({lab_server.log}), last lines:\n{lab_server.log_tail(20)}")
            # the next test starts from a fresh load of JupyterLab, not from whatever failed here
            try:
                pg.goto("about:blank")
            except Exception:
                pass


# Close every document of the main area (without the "save your work?" question a notebook
# that has run would ask) and shut every kernel down; then open the notebook.
_REOPEN_JS = """async name => {
    const app = window.jupyterapp;
    for (const w of Array.from(app.shell.widgets('main'))) w.dispose();
    await app.serviceManager.sessions.shutdownAll();
    await app.commands.execute('docmanager:open', {path: name, factory: 'Notebook'});
    // (JupyterLab puts a Launcher in a main area left empty: closed again, as on a fresh load)
    for (const w of Array.from(app.shell.widgets('main'))) if (w.node.querySelector('.jp-Launcher')) w.dispose();
}"""


def open_notebook(page, server: LabServer, name: str) -> None:
    """Open the served notebook ``name`` in JupyterLab: in the page's JupyterLab when it is
    loaded (closing what is open there and shutting its kernels down first), else by
    loading JupyterLab at the notebook with a fresh layout (``?reset``)."""
    loaded = page.url.startswith(server.url) and page.evaluate("() => !!window.jupyterapp && !!window.jupyterapp.shell")
    if loaded:
        page.evaluate(_REOPEN_JS, name)
    else:
        page.goto(f"{server.url}/lab/tree/{urllib.parse.quote(name)}?reset")


def cut_buttons(panel) -> list[str]:
    """The visible buttons of ``panel`` whose label does not fit (an ellipsis shows instead):
    in projector mode a row of buttons that shrank read "\u2212..." and "Bid ...". A button
    drawn one pixel wide until it has the focus (Bidder Up!'s space buttons on a projector,
    for the keyboard: the board is clicked) is not cut short."""
    return panel.evaluate("e => [...e.querySelectorAll('.jupyter-button, .widget-button')]"
                          ".filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1"
                          " && (b.getBoundingClientRect().width > 1 || b === document.activeElement))"
                          ".map(b => b.textContent.trim())")


def show_file_browser(page, shown: bool) -> None:
    """Open (``shown``) or fold JupyterLab's file browser, as a teacher may leave it: open, it
    takes some 250 px of a 1280 x 720 screen, and a panel's columns are at their narrowest."""
    from playwright.sync_api import expect

    files = page.locator(".jp-FileBrowser")
    if files.is_visible() != shown:
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").click()
    (expect(files).to_be_visible if shown else expect(files).to_be_hidden)(timeout=WAIT_MS)
    page.wait_for_timeout(300)                      # the notebook laid out again at its new width
