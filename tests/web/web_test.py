#!/usr/bin/env python3
"""The web page (examples/web) in a real browser: headless Chromium driven by
Selenium plays a few moves of every game against a bot (backgammon's by its
levels of play), tries a refused move, opens the legal-move list, asks for a
hint (the library's ranked moves), checks the page at a phone's 390x844
without horizontal scrolling, and saves screenshots.

usage: web_test.py JS_DIST_DIR SOURCE_ROOT SCREENSHOT_DIR
Exit 0 = pass, 1 = fail, 77 = skipped (no chromium / chromedriver / selenium).
The page is served as static files, as a user would (python3 -m http.server):
a temporary root holds examples/web and bindings/js/dist (links).
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("SKIP: python3-selenium is not installed")
    sys.exit(77)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not CHROMIUM or not DRIVER:
    print("SKIP: chromium and chromium-driver are needed (apt-get install chromium chromium-driver)")
    sys.exit(77)

dist, source, shots = (Path(a).resolve() for a in sys.argv[1:4])
shots.mkdir(parents=True, exist_ok=True)
failures: list[str] = []


def check(cond: bool, what: str) -> None:
    print(("ok   " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures.append(what)


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args: object) -> None:
        pass


root = Path(tempfile.mkdtemp(prefix="alea-web."))
(root / "examples").mkdir()
(root / "examples" / "web").symlink_to(source / "examples" / "web")
(root / "bindings" / "js").mkdir(parents=True)
(root / "bindings" / "js" / "dist").symlink_to(dist)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                         functools.partial(Quiet, directory=str(root)))
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/examples/web/"

opts = webdriver.ChromeOptions()
opts.binary_location = CHROMIUM
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--window-size=1280,1000"):
    opts.add_argument(a)
driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
wait = WebDriverWait(driver, 60)


def js(script: str, *args: object) -> object:
    return driver.execute_script(script, *args)


def phase() -> str:
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-phase") or ""


def wait_for_human_or_end() -> str:
    wait.until(lambda d: phase() in ("human", "over"))
    return phase()


def history_len() -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#history li"))


# game id, extra options, an illegal move (well-formed or not) and the status it must get,
# and the bot of seat 1 (a level of play where the game has levels, else a kind)
GAMES = [
    ("backgammon", "match=3", "24/1", ("ILLEGAL_ACTION", "PARSE_ERROR"), "beginner"),
    ("dice-poker", "players=2", "write nonsense", ("PARSE_ERROR",), "beginner"),
    ("wise-dice", "", "9/9:Q/9/9", ("PARSE_ERROR", "ILLEGAL_ACTION"), "beginner"),
    ("plateau", "", "setup z9 xx rb", ("PARSE_ERROR", "ILLEGAL_ACTION"), "beginner"),
]


def seat_choices(i: int) -> list[str]:
    return [o.get_attribute("value") for o in
            Select(driver.find_element(By.ID, f"seat{i}")).options]


def no_horizontal_scroll() -> bool:
    return bool(js("return document.documentElement.scrollWidth <= "
                   "document.documentElement.clientWidth"))


def check_hint(game: str, shot: str = "") -> None:
    """The hint button shows the library's ranking of the human's moves, best first."""
    wait.until(lambda d: d.find_element(By.ID, "hint").is_enabled())
    driver.find_element(By.ID, "hint").click()
    wait.until(lambda d: d.find_element(By.ID, "hints").get_attribute("hidden") is None)
    items = driver.find_elements(By.CSS_SELECTOR, "#hintlist li")
    expected = js("""
        const p = window.aleaPage, levels = p.alea.botLevels(p.state);
        const bot = new p.alea.Bot(levels.length ? levels[levels.length - 1] : 'ply', p.state);
        try { return bot.rank(p.state).slice(0, 10).map((r) => r.text); } finally { bot.free(); }""")
    shown = [li.find_element(By.CSS_SELECTOR, ".hint-move").text for li in items]
    check(len(items) > 0 and shown == expected,
          f"{game}: the hint lists the library's ranked moves, best first: {shown[:3]}")
    if game == "backgammon":
        details = items[0].find_element(By.CSS_SELECTOR, ".hint-details").text
        value = items[0].find_element(By.CSS_SELECTOR, ".hint-value").text
        check("win" in details and "%" in details and "gammon" in details and "equity" in value,
              f"{game}: a hint shows the win/gammon chances and the equity: {value!r} {details!r}")
        check("expert" in driver.find_element(By.ID, "hinthead").text,
              f"{game}: the hint comes from the strongest level")
    driver.save_screenshot(str(shots / f"{shot}{game}-hint.png"))

try:
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    check("alea" in driver.find_element(By.ID, "version").text, "the page loads the library")
    for game, options, bad, statuses, bot in GAMES:
        Select(driver.find_element(By.ID, "game")).select_by_value(game)
        box = driver.find_element(By.ID, "options")
        box.clear()
        box.send_keys(options)
        js("document.getElementById('options').dispatchEvent(new Event('change'))")
        # leave the field now: its own change event on blur would redraw the seats
        # (with their earlier choices) in the middle of the clicks that choose them
        js("document.getElementById('options').blur()")
        choices = seat_choices(1)
        levels = js("return window.aleaPage.alea.botLevels(arguments[0])", game)
        if levels:
            check(choices == ["human", *levels], f"{game}: the bots are the game's levels: {choices}")
        else:
            check("random" in choices and "mcts" in choices and "expert" not in choices,
                  f"{game}: without levels the bots are the kinds: {choices}")
        Select(driver.find_element(By.ID, "seat0")).select_by_value("human")
        Select(driver.find_element(By.ID, "seat1")).select_by_value(bot)
        seed = driver.find_element(By.ID, "seed")
        seed.clear()
        seed.send_keys("3")
        driver.find_element(By.ID, "new").click()
        seats = js("return window.aleaPage.seats")
        check(seats == ["human", bot], f"{game}: the seats play {seats}")
        check(wait_for_human_or_end() == "human", f"{game}: the human seat gets the move")
        check(js("return document.getElementById('board').dataset.game") == game,
              f"{game}: its board is drawn")
        driver.save_screenshot(str(shots / f"{game}-start.png"))

        # a refused move shows the library's status and reason; nothing is played
        before = history_len()
        text_before = js("return window.aleaPage.state.toText()")
        field = driver.find_element(By.ID, "move")
        field.clear()
        field.send_keys(bad)
        driver.find_element(By.ID, "apply").click()
        msg = driver.find_element(By.ID, "message").text
        check(any(s in msg for s in statuses) and len(msg) > len("PARSE_ERROR: "),
              f"{game}: '{bad}' is refused with the reason: {msg!r}")
        check(history_len() == before and js("return window.aleaPage.state.toText()") == text_before,
              f"{game}: the refused move changed nothing")
        driver.save_screenshot(str(shots / f"{game}-refused.png"))

        check_hint(game)

        # legal moves on demand; play the first listed, three times
        for turn in range(3):
            if phase() != "human":
                break
            driver.find_element(By.ID, "showmoves").click() if driver.find_element(
                By.ID, "moves").get_attribute("hidden") is not None else None
            items = driver.find_elements(By.CSS_SELECTOR, "#moves li")
            legal = js("return window.aleaPage.state.legalMoves()")
            check(len(items) == len(legal) > 0 and items[0].text == legal[0],
                  f"{game}: the list shows the library's {len(legal)} legal moves")
            if turn == 0:
                driver.save_screenshot(str(shots / f"{game}-moves.png"))
            n = history_len()
            items[0].click()
            wait.until(lambda d: history_len() > n)
            check(history_len() > n, f"{game}: the move '{legal[0]}' is played and recorded")
            wait_for_human_or_end()

        if game == "plateau":
            # R11: the board of the human seat shows exactly what the library's
            # observation of seat 0 shows, and hides some of the bot's faces.
            hidden_dom = len(driver.find_elements(By.CSS_SELECTOR, "#board .face.hidden"))
            hidden_obs = js("""
                const o = window.aleaPage.state.observation(0).state; let n = 0;
                for (const stack of Object.values(o.board || {}))
                  for (const p of stack) { if (p.up === null) n++; if (p.down === null) n++; }
                return n;""")
            full_faces = js("""
                const b = window.aleaPage.state.toJSON().state.board; let n = 0;
                for (const stack of Object.values(b)) for (const p of stack) n += 2;
                return n;""")
            check(hidden_dom == hidden_obs, f"plateau: {hidden_dom} faces hidden on the board, "
                  f"as in seat 0's observation ({hidden_obs})")
            check(hidden_obs > 0 and full_faces > hidden_obs,
                  f"plateau: the bot's unseen faces are hidden ({hidden_obs} of {full_faces})")
            bot_lines = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")
                         if li.text.startswith("seat 1:")]
            # the library's move observation: an unseen face is "?" (the bot's set-up
            # shows only its top's up-face), nothing else is hidden any more
            setups = [t for t in bot_lines if t.startswith("seat 1: setup ")]
            check(bool(setups) and all(" ?? " in t for t in setups)
                  and not any("hidden information" in t for t in bot_lines),
                  f"plateau: the bot's moves are written as seat 0 may see them: {bot_lines[:3]}")
        elif game == "backgammon":
            bot_lines = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")
                         if li.text.startswith("seat 1:")]
            check(bool(bot_lines) and not any("hidden" in t for t in bot_lines),
                  f"{game}: the bot's moves are written in full: {bot_lines[:3]}")
        driver.save_screenshot(str(shots / f"{game}-played.png"))

    # a phone's screen: 390x844 CSS pixels, a backgammon game against a level with the
    # hint open, and nothing wider than the screen
    driver.set_window_size(390, 844)
    width = js("return window.innerWidth")
    Select(driver.find_element(By.ID, "game")).select_by_value("backgammon")
    box = driver.find_element(By.ID, "options")
    box.clear()
    js("document.getElementById('options').dispatchEvent(new Event('change'))")
    Select(driver.find_element(By.ID, "seat1")).select_by_value("expert")
    driver.find_element(By.ID, "new").click()
    wait_for_human_or_end()
    check_hint("backgammon", "phone-")
    check(bool(js("const b = document.getElementById('board'); return b.scrollWidth <= b.clientWidth")),
          "backgammon: the board fits the phone's width")
    check(no_horizontal_scroll(),
          f"at {width} CSS pixels wide the page needs no horizontal scrolling "
          f"(scrollWidth {js('return document.documentElement.scrollWidth')})")
    for game, _options, _bad, _statuses, _bot in GAMES[1:]:
        Select(driver.find_element(By.ID, "game")).select_by_value(game)
        js("document.getElementById('game').dispatchEvent(new Event('change'))")
        driver.find_element(By.ID, "new").click()
        wait_for_human_or_end()
        check(no_horizontal_scroll(), f"{game}: no horizontal scrolling at {width} CSS pixels")
        driver.save_screenshot(str(shots / f"phone-{game}.png"))

    # a bad seed is refused with a message (issue 23 item 3), the game in play kept
    before = js("return window.aleaPage.state.toText()")
    for bad_seed in ("x", "-1", "18446744073709551616"):
        seed = driver.find_element(By.ID, "seed")
        seed.clear()
        seed.send_keys(bad_seed)
        driver.find_element(By.ID, "new").click()
        check("seed must be a whole number" in driver.find_element(By.ID, "message").text
              and js("return window.aleaPage.state.toText()") == before,
              f"the seed {bad_seed!r} is refused with a message; the game goes on")

    check(not [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
               and "favicon" not in e.get("message", "")],
          "no error in the browser console")

    # opened as a file, or without bindings/js/dist: a message that says what to do
    driver.get((source / "examples" / "web" / "index.html").as_uri())
    check("http.server" in driver.find_element(By.ID, "boot").text,
          "opened from file://, the page says how to serve it")
    nodist = root / "nodist" / "examples"
    nodist.mkdir(parents=True)
    (nodist / "web").symlink_to(source / "examples" / "web")
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/nodist/examples/web/")
    wait.until(lambda d: "did not load" in d.find_element(By.ID, "boot").text)
    check("bindings/js/build.sh" in driver.find_element(By.ID, "boot").text,
          "without bindings/js/dist, the page says how to build it")
    driver.save_screenshot(str(shots / "no-dist.png"))
finally:
    driver.quit()
    server.shutdown()
    shutil.rmtree(root, ignore_errors=True)

print(f"screenshots in {shots}: {', '.join(sorted(p.name for p in shots.glob('*.png')))}")
print(f"{'web test FAILED' if failures else 'web test passed'}")
sys.exit(1 if failures else 0)
