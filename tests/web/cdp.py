"""A headless Chromium driven through its DevTools protocol, over the ``websockets`` package the
project already has (no Selenium, no browser download): Debian's ``/usr/bin/chromium``.

``Browser`` starts Chromium with a fresh profile and a phone's screen, ``Page`` sends commands to one
tab and reads what the page shows with JavaScript. Tests wait on conditions (``Page.until``), never
on wall-clock deadlines: ``PATIENCE`` only turns a hang into a failure.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.patience import PATIENCE

CHROMIUM = next((p for p in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser"))
                 if p and os.path.exists(p)), None)
"""Debian's Chromium, where it is installed (tests skip where it is not)."""


class Browser:
    """One headless Chromium with its own profile (closed with ``close``)."""

    def __init__(self, lang: str = "en") -> None:
        if CHROMIUM is None:
            raise RuntimeError("Chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="tablee-chromium-")
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-sync", "--mute-audio",
             f"--lang={lang}", f"--accept-lang={lang}", "--remote-debugging-port=0", "--remote-allow-origins=*",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        endpoint = None
        for line in self.process.stderr:
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                endpoint = found.group(1)
                break
        if endpoint is None:
            raise RuntimeError("Chromium did not open its DevTools port")
        self.ws: ClientConnection = connect(endpoint, max_size=64 * 1024 * 1024, open_timeout=PATIENCE)
        self._ids = itertools.count(1)
        self.lang = lang

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events meanwhile are read past)."""
        ident = next(self._ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            answer = json.loads(self.ws.recv(timeout=PATIENCE))
            if answer.get("id") == ident:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return dict(answer.get("result", {}))

    def page(self, width: int = 390, height: int = 844) -> Page:
        """A new tab the size of a phone's screen (CSS pixels, touch, twice as many device pixels)."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        page = Page(self, session)
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.size(width, height)
        page.call("Emulation.setUserAgentOverride", userAgent="Mozilla/5.0 (Linux; Android 14) Tablee-test",
                  acceptLanguage=self.lang)
        return page

    def close(self) -> None:
        try:
            self.ws.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """One tab of a ``Browser``."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return self.browser.call(method, self.session, **params)

    def size(self, width: int, height: int) -> None:
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=2, mobile=True)
        self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)

    def open(self, url: str) -> None:
        """Go to ``url`` (the page may still be loading on return: wait on what it shows)."""
        self.call("Page.navigate", url=url)

    def reload(self) -> None:
        self.call("Page.reload", ignoreCache=True)

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON values only)."""
        answer = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails'].get('text')}")
        return answer.get("result", {}).get("value")

    def holds(self, expression: str) -> bool:
        """Whether a JavaScript condition holds now (False while the page is still loading)."""
        try:
            return bool(self.js(expression))
        except RuntimeError:
            return False

    def until(self, condition: Callable[[], Any], what: str) -> Any:
        """Wait until ``condition()`` is true (its value is returned); a hang fails after ``PATIENCE``."""
        end = time.monotonic() + PATIENCE
        while True:
            value = condition()
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{what}: still not so after {PATIENCE:.0f} s")
            time.sleep(0.02)

    def nodes(self) -> list[dict[str, Any]]:
        """The table's nodes as the page shows them: ident, kind, rectangle on screen (CSS pixels),
        content, classes and the gestures they accept."""
        return list(self.js("""[...document.querySelectorAll('#table .node')].map(el => {
            const r = el.getBoundingClientRect();
            return {id: el.dataset.id, cls: el.className, group: el.dataset.group || '',
                    z: Number(el.style.zIndex), text: el.textContent,
                    img: el.firstChild && el.firstChild.src ? el.firstChild.src : null,
                    x: r.x, y: r.y, w: r.width, h: r.height,
                    acts: el.dataset.acts ? JSON.parse(el.dataset.acts) : null}; })""") or [])

    def touch(self, x: float, y: float, to: tuple[float, float] | None = None, hold: bool = False) -> None:
        """A finger put down at (x, y) and lifted (after moving ``to`` there: a drag; ``hold``: kept
        down until the page felt a long press)."""
        point = {"x": x, "y": y}
        self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
        if to is not None:
            for k in range(1, 6):
                step = {"x": x + (to[0] - x) * k / 5, "y": y + (to[1] - y) * k / 5}
                self.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[step])
            point = {"x": to[0], "y": to[1]}
        if hold:
            self.until(lambda: self.holds("document.body.dataset.held === '1'"), "the long press felt")
        self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
