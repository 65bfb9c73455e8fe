#!/usr/bin/env python3
"""Opens the documentation website (scripts/build-docs.sh) in headless Chromium and checks it.

    check-docs-browser.py [SITE_DIR] [--out DIR]     (defaults: docs-site, .build-docs/browser-check)

Serves SITE_DIR on 127.0.0.1 (a free port, from this process, stopped on every path) and drives
Debian's `chromium` over the DevTools protocol on a pipe (`--remote-debugging-pipe`; standard
library only). On each page below it reads the rendered DOM, not DocC's JSON:
- the landing page, `SearchIndex` (AutocompleteCore), `AutocompleteTextField` (AutocompleteUIKit),
  `AutocompleteField` (AutocompleteSwiftUI), `AutocompleteTextFieldController` (AutocompleteAppKit)
  and the UIKit guide: the title shows; on a symbol page the declaration shows and names the symbol;
  the landing page links every module of the site; the guide's title is the first line of
  Guides/UIKit.md;
- every internal link on those pages leads to a page of the site (the page and its data answer 200)
  and an in-page link to an element that exists;
- every module's landing page links a guide, and AutocompleteUIKit's has "Getting started" with code;
- the quick navigation (the search field the `/` key opens) finds `SearchIndex` when it is typed.
Screenshots of two pages (the UIKit field's, or the landing page's without the Apple modules, and
SearchIndex's) go into the --out folder, which it prints. A site built without Apple SDKs has none
of the three Apple modules: their pages are then reported as skipped, not failed; a site with only
some of them fails. Exit 0 when every check passes, 1 otherwise, 2 when it cannot run.
CHROMIUM names the browser (default: chromium).
"""
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPLE = ["AutocompleteUIKit", "AutocompleteSwiftUI", "AutocompleteAppKit"]
# (path, kind, expected title, module that must be in the site or None)
PAGES = [
    ("/documentation/", "landing", "AutocompleteKit", None),
    ("/documentation/autocompletecore/searchindex", "symbol", "SearchIndex", None),
    ("/documentation/autocompleteuikit/autocompletetextfield", "symbol", "AutocompleteTextField",
     "AutocompleteUIKit"),
    ("/documentation/autocompleteswiftui/autocompletefield", "symbol", "AutocompleteField",
     "AutocompleteSwiftUI"),
    ("/documentation/autocompleteappkit/autocompletetextfieldcontroller", "symbol",
     "AutocompleteTextFieldController", "AutocompleteAppKit"),
    ("/documentation/guides/uikit", "article", None, None),
]


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 (commands) and 4 (replies)."""

    def __init__(self, binary, profile):
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        command = [binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                   "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}",
                   "--window-size=1280,900", "about:blank"]
        self.process = subprocess.Popen(
            ["bash", "-c", f'exec "$@" 3<&{to_browser} 4>&{from_browser}', "bash", *command],
            pass_fds=(to_browser, from_browser), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer, self._next_id, self.session = b"", 0, None

    def send(self, method, params=None, timeout=30):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self._buffer:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"no answer to {method} in {timeout} s")
                chunk = os.read(self._read, 1 << 16)
                if not chunk:
                    raise RuntimeError("the browser exited")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open_tab(self):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails'].get('text')}: {expression[:80]}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=20):
        """Polls `expression` until it is truthy; returns its value, or None after `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        return None

    def close(self):
        for close in (lambda: os.close(self._write), lambda: os.close(self._read)):
            try:
                close()
            except OSError:
                pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # the browser closing a connection early (a cancelled fetch) is not an error here


def answers(url):
    """Whether GET `url` answers 200 (after redirects)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


READ_PAGE = """(() => {
  const title = document.querySelector('main h1.title, main .hero h1, main h1');
  const declaration = document.querySelector('main .declaration-source, main .declaration pre, main .declaration');
  const links = [...document.querySelectorAll('main a[href], nav a[href]')].map(a => a.href);
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  return {title: title ? title.innerText.trim() : '', declaration: declaration ? declaration.innerText.trim() : '',
          links, ids, notFound: !!document.querySelector('.generic-error, .not-found')};
})()"""


def check_page(browser, base, path, kind, expected_title, site_modules, failures):
    url = base + path
    browser.send("Page.navigate", {"url": url})
    ready = browser.wait_for("!!document.querySelector('main h1') && "
                             "(document.readyState === 'complete')", timeout=30)
    page = browser.evaluate(READ_PAGE) if ready else None
    if not page or page["notFound"]:
        failures.append(f"{path}: the page did not render (no title{' — DocC says not found' if page else ''})")
        return
    print(f"{path}: title “{page['title']}”" + (f", declaration “{' '.join(page['declaration'].split())[:90]}”"
                                                if page["declaration"] else ""))
    if expected_title and page["title"] != expected_title:
        failures.append(f"{path}: the title is “{page['title']}”, not “{expected_title}”")
    if kind == "symbol" and expected_title not in page["declaration"]:
        failures.append(f"{path}: no declaration naming {expected_title} (read “{page['declaration'][:80]}”)")
    if kind == "landing":
        linked = {urllib.parse.urlparse(link).path.rstrip("/").lower() for link in page["links"]}
        for module in site_modules:
            if f"/documentation/{module.lower()}" not in linked:
                failures.append(f"{path}: no link to {module}")
    checked, broken = set(), []
    for link in page["links"]:
        parsed = urllib.parse.urlparse(link)
        if f"{parsed.scheme}://{parsed.netloc}" != base:
            continue
        same_page = parsed.path.rstrip("/") == path.rstrip("/")
        if parsed.fragment and same_page:
            if parsed.fragment not in page["ids"]:
                broken.append(f"#{parsed.fragment} (no element with that id)")
            continue
        target = parsed.path
        if target in checked:
            continue
        checked.add(target)
        if not answers(base + target):
            broken.append(target)
        elif target.startswith("/documentation/") and target.rstrip("/") != "/documentation":
            data = "/data" + target.rstrip("/").lower() + ".json"
            if not answers(base + data):
                broken.append(f"{target} (no {data})")
    print(f"{path}: {len(checked)} internal links checked, {len(broken)} broken")
    failures += [f"{path}: broken link {b}" for b in broken]


def check_module_pages(browser, base, modules, failures):
    """Each module's landing page links a guide; AutocompleteUIKit's has "Getting started" with code."""
    for module in modules:
        path = f"/documentation/{module.lower()}"
        browser.send("Page.navigate", {"url": base + path})
        ready = browser.wait_for("!!document.querySelector('main h1') && document.readyState === 'complete'"
                                 " && !!document.querySelector('main .content a')", timeout=30)
        page = browser.evaluate(
            "({guides: [...document.querySelectorAll('main a[href]')].map(a => a.pathname)"
            ".filter(p => p.startsWith('/documentation/guides/')),"
            " started: [...document.querySelectorAll('main h2')].some(h => h.innerText.trim() === 'Getting started')"
            " && !!document.querySelector('main pre, main .code-listing')})") if ready else None
        if not page or not page["guides"]:
            failures.append(f"{path}: the module's landing page links no guide")
            continue
        print(f"{path}: links the guide {page['guides'][0]}")
        if module == "AutocompleteUIKit" and not page["started"]:
            failures.append(f"{path}: no “Getting started” section with code")


def check_search(browser, base, path, failures):
    """Opens the quick navigation with `/`, types SearchIndex and waits for it among the results."""
    browser.send("Page.navigate", {"url": base + path})
    browser.wait_for("!!document.querySelector('main h1') && document.readyState === 'complete'", timeout=30)
    for kind in ("keyDown", "keyUp"):  # the key alone, no character typed
        browser.send("Input.dispatchKeyEvent",
                     {"type": kind, "key": "/", "code": "Slash", "windowsVirtualKeyCode": 191})
    field = browser.wait_for("(() => { const i = document.querySelector('.quick-navigation input');"
                             " return !!i && document.activeElement === i && i.value === ''; })()", timeout=10)
    if not field:
        failures.append(f"search: the quick navigation did not open on {path} (the `/` key)")
        return
    browser.send("Input.insertText", {"text": "SearchIndex"})
    found = browser.wait_for(
        "[...document.querySelectorAll('.quick-navigation a.quick-navigation__reference')]"
        ".filter(a => (a.querySelector('.symbol-title') || a).innerText.trim() === 'SearchIndex')"
        ".map(a => { a.click(); return a.getAttribute('href'); })[0] || ''", timeout=15)
    if not found:
        failures.append("search: typing SearchIndex in the quick navigation lists no SearchIndex")
        return
    opened = browser.wait_for(  # the page the pick opened: its address and the document's title
        f"location.pathname.replace(/\\/$/, '') === '{found}' && document.title.startsWith('SearchIndex')"
        " ? location.pathname + ' (“' + document.title + '”)' : ''")
    if opened:
        print(f"search: typing SearchIndex lists {found}; picking it opens {opened}")
    else:
        failures.append(f"search: SearchIndex is listed ({found}) but picking it does not open its page")


def screenshot(browser, base, path, file):
    browser.send("Page.navigate", {"url": base + path})
    browser.wait_for("!!document.querySelector('main h1') && document.readyState === 'complete'", timeout=30)
    time.sleep(1)  # the last fonts and the sidebar
    data = browser.send("Page.captureScreenshot", {"format": "png"})["data"]
    with open(file, "wb") as f:
        f.write(base64.b64decode(data))
    print(f"screenshot: {file}")


def main():
    args, out = sys.argv[1:], os.path.join(ROOT, ".build-docs", "browser-check")
    if "--out" in args:
        at = args.index("--out")
        out, args = os.path.abspath(args[at + 1]), args[:at] + args[at + 2:]
    site = os.path.abspath(args[0] if args else os.path.join(ROOT, "docs-site"))
    if not os.path.isfile(os.path.join(site, "documentation", "index.html")):
        print(f"no documentation site in {site}: run scripts/build-docs.sh first", file=sys.stderr)
        return 2
    binary = shutil.which(os.environ.get("CHROMIUM", "chromium"))
    if not binary:
        print("no chromium (apt-get install chromium) — set CHROMIUM to the browser", file=sys.stderr)
        return 2
    modules = sorted(name[:-5] for name in os.listdir(os.path.join(site, "data", "documentation"))
                     if name.endswith(".json"))
    module_names = {}
    for name in modules:
        with open(os.path.join(site, "data", "documentation", name + ".json"), encoding="utf-8") as f:
            module_names[name] = json.load(f)["metadata"]["title"]
    present = [m for m in APPLE if m.lower() in modules]
    failures = []
    if present and len(present) < len(APPLE):
        failures.append(f"the site has {', '.join(present)} but not the other Apple modules")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(ROOT, "Guides", "UIKit.md"), encoding="utf-8") as f:
        guide_title = f.readline().lstrip("# ").strip().replace("`", "")

    server = QuietServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    profile = tempfile.mkdtemp(prefix="docs-browser-")
    browser = None
    try:
        print(f"serving {site} on {base}")
        browser = Browser(binary, profile)
        browser.open_tab()
        for path, kind, title, module in PAGES:
            if module and module not in present:
                print(f"{path}: skipped ({module} is not in the site: it was built without Apple SDKs)")
                continue
            check_page(browser, base, path, kind, title or guide_title,
                       [module_names[m] for m in modules], failures)
        check_module_pages(browser, base, [module_names[m] for m in modules if m != "guides"], failures)
        check_search(browser, base, "/documentation/autocompletecore", failures)
        first = PAGES[2][0] if present else PAGES[0][0]
        screenshot(browser, base, first, os.path.join(out, "uikit-field.png" if present else "landing.png"))
        screenshot(browser, base, PAGES[1][0], os.path.join(out, "searchindex.png"))
    except (RuntimeError, TimeoutError, OSError) as error:
        failures.append(f"the browser check stopped: {error}")
    finally:
        if browser:
            browser.close()
        server.shutdown()
        server.server_close()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"screenshots in {out}")
    if failures:
        print("\n".join(["FAILED:"] + failures), file=sys.stderr)
        return 1
    print("docs browser check: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
