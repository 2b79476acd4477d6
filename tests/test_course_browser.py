"""The course in a real browser: JupyterLab on a free 127.0.0.1 port, Debian's Chromium driven by Playwright.

A learner opens lesson 00, runs all its cells, sees the deal the text describes
drawn on the page, presses *Next seed ▶* (and types a seed) and sees that deal,
and meets no error output. Screenshots at 1280 px and 390 px wide, in JupyterLab's light and
dark themes, are kept under ``test-artifacts/``.

JupyterLab serves a copy of the course (it saves an open notebook, outputs and
all). Missing Chromium, JupyterLab or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import browser_support as bs

from vint_core import Deal, Seat

LESSON = "00-welcome.ipynb"
DEAL = ".jp-OutputArea-output .vint-deal"
ERRORS = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
          '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
# the open notebook's code cells' execution counts (null before a cell has run, and while it runs)
RUN_COUNTS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel && panel.content ? [...panel.content.widgets] : [];
    return cells.filter(cell => cell.model.type === "code")
        .map(cell => cell.model.executionState === "running" ? null : cell.model.executionCount);
}"""
# the open notebook's kernel has started and waits for work
# the open notebook's kernel's status and connection as JupyterLab knows them ("no kernel" before its session has one)
KERNEL_STATUS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session && panel.sessionContext.session.kernel;
    return kernel ? kernel.status + ' / ' + kernel.connectionStatus : 'no kernel';
}"""
# the open notebook's kernel has started and waits for work
KERNEL_READY = f"""() => ({KERNEL_STATUS})().startsWith('idle /')
    && Boolean(document.querySelector(".jp-Notebook .jp-CodeCell"))"""


def copy_course(root: Path) -> Path:
    """The notebooks and the rules they link to, as a learner's checkout has them."""
    for folder in ("notebooks", "docs"):
        shutil.copytree(bs.ROOT / folder, root / folder)
    return root


def code_cells(name: str) -> int:
    notebook = json.loads((bs.ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return sum(cell["cell_type"] == "code" for cell in notebook["cells"])


def north_cards(deal: Any) -> set[str]:
    """The cards the page shows in North's place of one drawn deal."""
    return {card.get_attribute("data-card") for card in deal.locator(".vint-area-north [data-card]").all()}


def engine_north(seed: int) -> set[str]:
    return {card.pbn for card in Deal.new(dealer=Seat.NORTH, seed=seed).hand(Seat.NORTH)}


def run_all_cells(page: Any, *, cells: int) -> None:
    """Run the open notebook from the top, as Run ▸ Run All Cells does, and wait until every cell has run."""
    try:
        page.wait_for_function(KERNEL_READY, timeout=90_000)
    except Exception as error:  # what JupyterLab said meanwhile (a kernel that did not start asks which to use)
        raise AssertionError(f"the notebook's kernel was not ready in 90 s; dialogs: {page.evaluate(DIALOGS_JS)}, "
                             f"kernel: {page.evaluate(KERNEL_STATUS)}") from error
    # not awaited: the command's promise may settle long after the cells have run
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")

    def done() -> bool:
        # every code cell has run: its execution count, from the notebook's model (a folded check cell shows no
        # prompt, only a placeholder)
        counts = page.evaluate(RUN_COUNTS)
        return len(counts) == cells and all(isinstance(count, int) and count > 0 for count in counts)
    bs.wait_for(done, seconds=90, interval=0.2)


#: what a dialog JupyterLab shows says (its title and words), "none" if none is open
DIALOGS_JS = """() => [...document.querySelectorAll('.jp-Dialog')]
    .map(d => d.innerText.replace(/\\s+/g, ' ')).join(' | ') || 'none'"""


def awaited(page: Any, body: str, *, seconds: float = 90) -> Any:
    """Run ``body`` (the statements of an async function) in the page and wait for it, at most ``seconds`` counted
    in the page. Playwright's evaluate has no time limit, and a JupyterLab command that asks something (a dialog)
    does not finish until it is answered: this fails instead, with the dialog's words, at once rather than at the
    test's time limit."""
    return page.evaluate(f"""async () => {{
        let timer;
        const limit = new Promise((_, reject) => {{ timer = setTimeout(() => reject(new Error(
            `not done within {seconds} s; dialogs: ${{({DIALOGS_JS})()}}`)), {seconds * 1000}); }});
        try {{ return await Promise.race([(async () => {{ {body} }})(), limit]); }} finally {{ clearTimeout(timer); }}
    }}""")


def open_notebook(page: Any, path: str) -> None:
    """The notebook at ``path`` (from the served folder) open in the running JupyterLab, its cells not yet run."""
    awaited(page, f"await window.jupyterapp.commands.execute('docmanager:open', {{path: {json.dumps(path)}}});")


def close_all(page: Any, *, shot: str = "lab-close-failed") -> None:
    """Every kernel stopped, every notebook saved and every tab closed (a learner closing the lesson and coming back
    later); if it fails, a screenshot ``shot`` shows why."""
    try:
        awaited(page, """await window.jupyterapp.serviceManager.sessions.shutdownAll();
                         await window.jupyterapp.commands.execute('docmanager:save-all');""")
        # not awaited: a notebook changed again after the save (its kernel's last state, on a busy machine) makes
        # JupyterLab ask "Save your work", answered below
        page.evaluate("() => { window.jupyterapp.commands.execute('application:close-all'); }")

        def closed() -> bool:
            # the learner's answers are in the data folder, not in the notebook: the lesson is closed unsaved
            discard = page.locator(".jp-Dialog button", has_text="Discard")
            if discard.count() and discard.first.is_visible():
                discard.first.click()
            return page.evaluate("() => !document.querySelector('.jp-Notebook')")

        bs.wait_for(closed, seconds=60, interval=0.2)
    except Exception as error:
        bs.screenshot(page, shot)
        raise AssertionError(f"the notebooks did not close; dialogs: {page.evaluate(DIALOGS_JS)}") from error


#: resolves once ``element`` (and the output area it is drawn in) lies still for one animation frame: the layout
#: after a scroll, a resize or a side panel closed is done; false if it still moves after 600 frames
SETTLED = """async element => {
    const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
    const area = element.closest('.jp-OutputArea-output') || element;
    let last = null;
    for (let i = 0; i < 600; i++) {
        await frame();
        const box = element.getBoundingClientRect();
        const now = [box.x, box.y, box.width, box.height, area.clientWidth, area.scrollWidth].join();
        if (now === last) return true;
        last = now;
    }
    return false;
}"""


def settled(target: Any) -> None:
    """Wait until ``target`` is laid out (:data:`SETTLED`): a signal of the page, not a while on the clock."""
    assert target.evaluate(SETTLED), "the element kept moving for 600 animation frames"


def set_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme and wait until it is in: JupyterLab marks the body once the theme's stylesheet has
    loaded, and takes away the splash screen it lays over the page meanwhile (after a fade)."""
    page.evaluate(f"() => {{ window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}}); }}")
    light = "true" if theme == "JupyterLab Light" else "false"
    page.wait_for_selector(f"body[data-jp-theme-light='{light}'][data-jp-theme-name='{theme}']", state="attached",
                           timeout=30_000)
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=30_000)


def shoot(page: Any, name: str, target: Any) -> None:
    target.scroll_into_view_if_needed()
    settled(target)
    bs.screenshot(page, name)


def test_a_learner_runs_lesson_00_in_jupyterlab_and_deals_again_with_the_deal_control(tmp_path: Path) -> None:
    bs.require_tools()
    root = copy_course(bs.clean_dir(tmp_path / "course"))
    with bs.jupyterlab_server(root=root, name="course-jupyterlab") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page_errors: list[str] = []
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        page.goto(server.lab_url(f"notebooks/{LESSON}"))
        run_all_cells(page, cells=code_cells(LESSON))

        # the deal the text describes, and the deal control's below it, are on the page; no cell failed
        deals = page.locator(DEAL)
        assert deals.count() == 2
        deals.first.scroll_into_view_if_needed()
        assert deals.first.is_visible()
        assert north_cards(deals.first) == engine_north(2026)
        assert north_cards(deals.nth(1)) == engine_north(2026)
        assert page.locator(ERRORS).count() == 0
        assert "Traceback" not in page.locator(".jp-Notebook").inner_text()
        shoot(page, "course-00-light-1280", deals.first)

        # the control: "Next seed ▶" deals seed 2027 under it, the box says 2027; a seed typed in deals that one
        viewer = page.locator(".vint-deal-viewer")
        viewer.locator("button.vint-deal-next").click()
        bs.wait_for(lambda: north_cards(page.locator(DEAL).nth(1)) == engine_north(2027), seconds=30)
        assert viewer.locator(".vint-deal-seed input").input_value() == "2027"
        assert "Seed 2027: North deals" in viewer.locator(".vint-deal-viewer-deal").inner_text()
        assert north_cards(page.locator(DEAL).first) == engine_north(2026)
        shoot(page, "course-00-deal-control-light-1280", viewer)
        viewer.locator(".vint-deal-seed input").fill("7")
        viewer.locator(".vint-deal-seed input").press("Enter")
        bs.wait_for(lambda: north_cards(page.locator(DEAL).nth(1)) == engine_north(7), seconds=30)
        viewer.locator("button.vint-deal-previous").click()
        bs.wait_for(lambda: north_cards(page.locator(DEAL).nth(1)) == engine_north(6), seconds=30)

        set_theme(page, "JupyterLab Dark")
        shoot(page, "course-00-dark-1280", page.locator(DEAL).first)
        # a phone: the learner closes the side panels (JupyterLab keeps the file browser open)
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        shoot(page, "course-00-dark-390", page.locator(DEAL).first)
        set_theme(page, "JupyterLab Light")
        shoot(page, "course-00-light-390", page.locator(DEAL).first)
        assert page.locator(ERRORS).count() == 0
        assert not page_errors, page_errors
