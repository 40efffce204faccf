"""Drives headless Chromium through the live preview of `screen-registry serve --preview`.

    preview_check.py BASE_URL [--screenshot FILE.png] [--chromium PATH]

BASE_URL is the server's root (http://127.0.0.1:8080). The script loads the preview's
index and a screen, checks the DOM Chromium built (the screen's texts, a link that leads
to another resolved screen, the format tabs, switched by a click), that no page logged
an error, threw or opened a dialog, and that screens whose path and data hold
`<script>`, `" onerror=` and `javascript:` payloads run no script; then it saves a
screenshot of the profile's preview. It prints one line per check and exits 1 on the
first failure. Chromium speaks its DevTools protocol over a WebSocket
(websocket-client, from PyPI).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import base64

import websocket  # websocket-client


class Browser:
    """One headless Chromium, one tab, spoken to over the DevTools protocol."""

    def __init__(self, chromium, origin):
        self.origin = origin
        self.profile = tempfile.mkdtemp(prefix="sr-chromium-")
        arguments = [
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--remote-debugging-port=0", "--window-size=1280,900",
            f"--user-data-dir={self.profile}", "about:blank",
        ]
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        address = None
        deadline = time.time() + 60
        while time.time() < deadline and address is None:
            line = self.process.stderr.readline()
            if not line:
                break
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
        if address is None:
            self.close()
            raise SystemExit("chromium did not start its DevTools endpoint")
        self.socket = websocket.create_connection(address, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.socket.settimeout(max(0.1, deadline - time.time()))
            self.events.append(json.loads(self.socket.recv()))
        raise RuntimeError(f"no {method} within {timeout} s")

    def open(self, url):
        """Loads `url` and returns what went wrong while it loaded: errors, exceptions, dialogs."""
        self.events = [event for event in self.events if event.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_for("Page.loadEventFired")
        self.evaluate("1")  # let late events arrive before they are read
        return self.troubles()

    def troubles(self):
        """What went wrong on the page. Two network errors are not the page's: the
        browser's own request for /favicon.ico, and images on other hosts, which the
        catalog's screens name (images.example.com) and an offline machine cannot load."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            entry = params.get("entry", {})
            if method == "Log.entryAdded" and entry.get("source") == "network":
                url = entry.get("url", "")
                if url.endswith("/favicon.ico") or not url.startswith(self.origin):
                    continue
            if method == "Runtime.exceptionThrown":
                found.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:300])
            elif method == "Runtime.consoleAPICalled":
                found.append("console." + params.get("type", "?") + " called: a script ran")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append("logged error: " + params["entry"].get("text", ""))
            elif method == "Page.javascriptDialogOpening":
                found.append("a dialog opened: " + params.get("message", ""))
                self.call("Page.handleJavaScriptDialog", {"accept": True}, session=True)
        self.events = []
        return found

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.process.terminate()
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


failures = 0


def check(condition, description):
    global failures
    print(("ok   " if condition else "FAIL ") + description)
    if not condition:
        failures += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base")
    parser.add_argument("--screenshot")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM") or shutil.which("chromium") or "chromium")
    options = parser.parse_args()
    base = options.base.rstrip("/")
    browser = Browser(options.chromium, base)
    try:
        troubles = browser.open(base + "/preview/")
        check(troubles == [], f"the index loads without errors {troubles}")
        check(browser.evaluate("document.title") == "Screens · ScreenRegistry preview", "the index's title")
        rows = browser.evaluate("document.querySelectorAll('.pv-table tbody tr').length")
        check(isinstance(rows, int) and rows > 10, f"the index lists the routes ({rows})")
        check(browser.evaluate("!!document.querySelector('a[href=\"/preview/profile/example\"]')"), "the index links a sample path")

        troubles = browser.open(base + "/preview/profile/42")
        check(troubles == [], f"the profile's preview loads without errors {troubles}")
        phone = browser.evaluate("document.querySelector('.pv-phone').innerText")
        check("User 42" in phone and "Follow" in phone, "the phone frame shows the profile's texts")
        width = browser.evaluate("document.querySelector('.pv-phone').getBoundingClientRect().width")
        check(390 <= width <= 410, f"the frame is phone-sized ({width} px with its border)")
        tabs = browser.evaluate("[...document.querySelectorAll('.pv-formats label')].map(l => l.textContent)")
        check(tabs == ["text", "xml", "json (beagle)", "divkit", "hxml (hyperview)", "html"], f"every format has a tab {tabs}")
        shown = "[...document.querySelectorAll('.pv-panel')].filter(p => getComputedStyle(p).display !== 'none').map(p => p.id)"
        check(browser.evaluate(shown) == ["pv-panel-json"], "Beagle JSON's tab is the one shown")
        check('"_beagleComponent_"' in browser.evaluate("document.querySelector('#pv-panel-json').innerText"), "its panel holds Beagle JSON")
        browser.evaluate("document.querySelector('label[for=pv-tab-divkit]').click()")
        check(browser.evaluate(shown) == ["pv-panel-divkit"], "a click on DivKit's tab shows DivKit's panel alone")
        check('"card"' in browser.evaluate("document.querySelector('#pv-panel-divkit').innerText"), "its panel holds a DivKit card")
        pattern = "document.querySelector('.pv-facts tr:nth-child(2) td').innerText"
        check(browser.evaluate(pattern) == "profile/:userId", "the resolution names the pattern")
        href = browser.evaluate("[...document.querySelectorAll('.pv-phone a')].find(a => a.textContent === 'Follow').getAttribute('href')")
        check(href == "/preview/follow/42", f"the screen's Follow link stays in the preview ({href})")
        if options.screenshot:
            browser.evaluate("document.querySelector('label[for=pv-tab-json]').click()")
            browser.screenshot(options.screenshot)
            print(f"saved {options.screenshot}")

        troubles = browser.open(base + href)
        check(troubles == [], f"the followed link loads without errors {troubles}")
        check(browser.evaluate(pattern) == "follow/:userId", "the link leads to another resolved screen")

        payloads = [
            "/preview/profile/%3Cscript%3Ealert(1)%3C%2Fscript%3E?tab=%22%20onerror%3D%22alert(2)&next=javascript:alert(3)",
            "/preview/profile/%3Cimg%20src%3Dx%20onerror%3Dalert(4)%3E?preview.format=html",
            "/preview/?path=%2Fprofile%2F%22%3E%3Csvg%20onload%3Dalert(5)%3E&data=x%3Djavascript%3Aalert(6)",
            "/screens/profile/%3Cscript%3Ealert(7)%3C%2Fscript%3E?format=html",
        ]
        for path in payloads:
            troubles = browser.open(base + path)
            check(troubles == [], f"no script runs, nothing is logged: {path} {troubles}")
            check(browser.evaluate("document.scripts.length") == 0, f"the page holds no script element: {path}")
            handlers = browser.evaluate(
                "[...document.querySelectorAll('*')].flatMap(e => [...e.attributes]).filter(a => a.name.startsWith('on')).length")
            check(handlers == 0, f"no element has an event handler: {path}")
            scheme = browser.evaluate(
                "[...document.querySelectorAll('[href],[src],[action]')].map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action'))"
                ".filter(u => /^\\s*javascript:/i.test(u)).length")
            check(scheme == 0, f"no link runs javascript: {path}")
    finally:
        browser.close()
    print(f"{failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
