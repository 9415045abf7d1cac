"""A minimal headless Chromium driver for the rulebook's browser tests.

It speaks the Chrome DevTools Protocol over ``--remote-debugging-pipe`` (NUL-separated JSON on
file descriptors 3 and 4), so it needs nothing beyond the standard library and the Debian
``chromium`` package: open a page, evaluate JavaScript in it, take a PNG of a region. A tiny
PNG decoder (:func:`decode_png`) lets the tests look at the pixels.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import struct
import subprocess
import time
import zlib
from pathlib import Path
from typing import Any, Self

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    "--mute-audio",
    "--hide-scrollbars",
)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


class BrowserError(RuntimeError):
    pass


class Chromium:
    """One headless browser with one page."""

    def __init__(
        self, binary: str, profile_dir: Path, width: int = 1400, height: int = 1000, timeout: float = 30.0
    ) -> None:
        self.timeout = timeout
        self._next_id = 0
        self._buffer = b""
        self.events: list[dict[str, Any]] = []
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire() -> None:  # in the child: the protocol's fds 3 (requests) and 4 (responses)
            # copy both ends first, so that neither is overwritten by the other's dup2
            reader, writer = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(reader, 3)
            os.dup2(writer, 4)
            os.set_inheritable(3, True)  # dup2 onto itself keeps close-on-exec
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [
                binary,
                *FLAGS,
                "--remote-debugging-pipe",
                f"--user-data-dir={profile_dir}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            # The pipe is wired to fds 3 and 4, as --remote-debugging-pipe expects, before exec;
            # the test process starts no threads of its own.
            preexec_fn=wire,  # noqa: PLW1509
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.resize(width, height)

    def resize(self, width: int, height: int) -> None:
        """Lay the page out for a window of ``width`` by ``height`` CSS pixels."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    # ------------------------------------------------------------------ protocol

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._to_browser, data)
            data = data[written:]

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from chromium in time")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise BrowserError(f"chromium closed the pipe (exit status {self.process.poll()})")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def wait_for(self, event: str) -> dict[str, Any]:
        for index, seen in enumerate(self.events):
            if seen.get("method") == event:
                return self.events.pop(index)
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._receive(deadline)
            if message.get("method") == event:
                return message
            self.events.append(message)

    # ------------------------------------------------------------------ page

    def open(self, url: str) -> None:
        self.events.clear()
        result = self.call("Page.navigate", session=True, url=url)
        if result.get("errorText"):
            raise BrowserError(f"cannot open {url}: {result['errorText']}")
        if "loaderId" not in result:
            # the same page with another fragment: the browser would only scroll, and no load
            # event comes; leave the page and open it afresh, as a reader following a link from
            # elsewhere would
            self.call("Page.navigate", session=True, url="about:blank")
            self.wait_for("Page.loadEventFired")
            self.events.clear()
            self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")
        # fonts and layout settled
        self.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")

    def evaluate(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, x: float, y: float) -> None:
        """Press and release the left button at a point of the window (CSS pixels from its top
        left), as a reader's click: the page gets the events a click makes, and the browser does
        what it does on one (follows a link, opens a fold)."""
        self.call("Input.dispatchMouseEvent", session=True, type="mouseMoved", x=x, y=y)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y, button="left", clickCount=1)
        self.settle()

    #: Resolves once the page has not scrolled for five frames running (a page may scroll
    #: smoothly to a link's target, over many frames), or after three seconds.
    SETTLE_SCRIPT = """new Promise(done => {
      let last = -1, still = 0;
      const started = performance.now();
      const frame = () => {
        still = scrollY === last ? still + 1 : 0;
        last = scrollY;
        if (still >= 5 || performance.now() - started > 3000) done(scrollY); else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })"""

    def settle(self) -> None:
        """Wait until what a click set off (a scroll to a fragment, a fold opened) is over."""
        self.evaluate(self.SETTLE_SCRIPT)

    def screenshot(self, x: float, y: float, width: float, height: float) -> bytes:
        """A PNG of a region of the page (page coordinates, not the viewport's)."""
        result = self.call(
            "Page.captureScreenshot",
            session=True,
            format="png",
            captureBeyondViewport=True,
            clip={"x": x, "y": y, "width": width, "height": height, "scale": 1},
        )
        return base64.b64decode(result["data"])

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, b""
    width = height = colour = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        chunk = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", chunk)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
    channels = 4 if colour == 6 else 3
    stride = width * channels
    raw = zlib.decompress(idat)
    previous = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    offset = 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1 : offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                corner = previous[i - channels] if i >= channels else 0
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        pixels.extend((line[i], line[i + 1], line[i + 2]) for i in range(0, stride, channels))
        previous = line
    return width, height, pixels
