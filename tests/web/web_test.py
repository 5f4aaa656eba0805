#!/usr/bin/env python3
"""The web page (examples/web) in a real browser: headless Chromium driven by
Selenium, by clicks and key presses only (nothing calls the page's JavaScript;
the few scripts run here read the DOM's geometry), at 1280x900 and at a
phone's 390x844:

- a whole game of each of the four games against a bot, played on the board
  (checkers, dice, card rows, pawns, pieces and squares, choice buttons);
  the page never scrolls sideways and does not jump after a move; the board
  is above the fold at 1280x900; the game-over panel explains the score;
- a typed move refused with the library's reason, undo, a hint, the rules,
  keyboard play (Tab to a board target, Enter), a bad seed refused;
- a hot-seat Plateau game between two humans: a hand-over screen between the
  turns, and after it the history equals the library's own account of what
  that seat may know of each move (alea.State.action_observation, replayed
  here in Python) and the board hides exactly the faces the seat has not seen;
- file:// and a missing bindings/js/dist show what to do;
- and first, without a browser, tests/web/steps_test.mjs (node): the boards'
  steps are exactly the library's legal moves.

usage: web_test.py JS_DIST_DIR SOURCE_ROOT SCREENSHOT_DIR
Exit 0 = pass, 1 = fail, 77 = skipped (no chromium / chromedriver / selenium).
The Python binding (PYTHONPATH=bindings/python, ALEA_LIBRARY) checks the
hot-seat game.  The page is served as static files, as a user would:
a temporary root holds examples/web and bindings/js/dist (links).
"""
from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
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
# a fifth argument runs some parts only (while working on the page), e.g. "features,hotseat"
PARTS = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else {"steps", "desktop", "phone", "features", "hotseat", "small"}
shots.mkdir(parents=True, exist_ok=True)
sys.path.insert(0, str(source / "bindings" / "python"))
import alea  # noqa: E402  (the library itself, to check the hot-seat views)

failures: list[str] = []
started = time.monotonic()


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
base = f"http://127.0.0.1:{server.server_address[1]}"
url = f"{base}/examples/web/?fast"  # ?fast: the bots answer at once

opts = webdriver.ChromeOptions()
opts.binary_location = CHROMIUM
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    opts.add_argument(a)
driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
wait = WebDriverWait(driver, 60, poll_frequency=0.02)


def dom(script: str, *args: object) -> object:
    """Reads the DOM (geometry, scroll offsets); never the page's own JavaScript."""
    return driver.execute_script(script, *args)


def viewport(w: int, h: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": w < 600})


def by_id(i: str):
    return driver.find_element(By.ID, i)


def visible(css: str) -> list:
    """The elements shown (with a box on the page) that match css."""
    return list(dom("return [...document.querySelectorAll(arguments[0])].filter((e) => e.getClientRects().length)", css))


def phase() -> str:
    return dom("return document.body.dataset.phase || ''")


def settle() -> str:
    wait.until(lambda d: phase() in ("human", "over", "handover"))
    return phase()


def sideways() -> bool:
    return bool(dom("const e = document.documentElement;"
                    "return e.scrollWidth > e.clientWidth || window.scrollX !== 0"))


def history() -> list[str]:
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")]


def new_game(game: str, options: str, seats: list[str], seed: str = "3") -> None:
    Select(by_id("game")).select_by_value(game)
    more = by_id("more")
    if more.get_attribute("open") is None:
        more.find_element(By.TAG_NAME, "summary").click()
    box = by_id("options")
    box.clear()
    box.send_keys(options, Keys.TAB)  # leaving the field: its change event redraws the seats
    s = by_id("seed")
    s.clear()
    s.send_keys(seed)
    for i, who in enumerate(seats):
        Select(by_id(f"seat{i}")).select_by_value(who)
    by_id("new").click()
    settle()


def press(x: float, y: float) -> None:
    """A tap as the browser's own input: a mouse press and release at (x, y) in
    the viewport (faster than WebDriver's click, which waits on much more)."""
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def scrolled(y: float) -> None:
    y2 = dom("return window.scrollY")
    if y2 != y:
        check(False, f"the page scrolled from {y} to {y2} after a tap")


def tap(e) -> None:
    """A tap on an element that cannot scroll the page by itself: the element is
    brought into view first, so that a scroll seen afterwards is the page's own."""
    x, y, top = dom("arguments[0].scrollIntoView({block: 'nearest'});"
                    "const b = arguments[0].getBoundingClientRect();"
                    "return [b.x + b.width / 2, b.y + b.height / 2, window.scrollY]", e)
    press(x, y)
    scrolled(top)


# What a player taps to go on, in this order: the hand-over's button, the
# commit button, a choice, a card row, a board destination, a board target, an
# action button.
STEPS = ["#reveal", "#commit", "#choices button", "#board .cell-btn:not(.strike)", "#board .cell-btn",
         "#board .dest", "#board .target", "#actions button"]
# One look at the page per click: the phase, the scroll offset before anything
# is brought into view (a change since the last click is the page's own jump),
# sideways overflow, and the first thing to tap (brought into view).
LOOK = """const e0 = document.documentElement, phase = document.body.dataset.phase || '';
const y0 = window.scrollY, wide = e0.scrollWidth > e0.clientWidth || window.scrollX !== 0;
if (phase !== 'human' && phase !== 'handover') return [phase, y0, wide, null, '', 0];
for (const css of arguments[0])
  for (const e of document.querySelectorAll(css))
    if (e.getClientRects().length) {
      e.scrollIntoView({block: 'nearest'});
      const b = e.getBoundingClientRect();
      return [phase, y0, wide, [b.x + b.width / 2, b.y + b.height / 2], css, window.scrollY];
    }
return [phase, y0, wide, null, '', window.scrollY];"""


def one_click() -> str:
    """Plays one step of the human's turn by tapping what the page offers;
    returns the selector tapped ("" if nothing)."""
    _ph, _y0, _wide, at, css, y = dom(LOOK, STEPS)
    if at is None:
        return ""
    press(*at)
    scrolled(y)
    return css


def play_out(game: str, size: str, limit: int = 3000) -> int:
    """Clicks until the game is over; returns the clicks made."""
    clicks = 0
    shot_mid = False
    last_y = None
    deadline = time.monotonic() + 120
    while clicks < limit and time.monotonic() < deadline:
        ph, y0, wide, at, css, y = dom(LOOK, STEPS)
        if last_y is not None and y0 != last_y:
            check(False, f"{game} {size}: the page scrolled from {last_y} to {y0} after a tap")
        if wide:
            check(False, f"{game} {size}: the page scrolls sideways after click {clicks}")
            break
        if ph == "over":
            break
        if ph not in ("human", "handover"):
            last_y = y0
            continue  # the bots' turn
        if at is None:
            check(False, f"{game} {size}: nothing to click at the human's turn")
            break
        press(*at)
        last_y = y
        clicks += 1
        if not shot_mid and css in ("#board .target", "#choices button"):
            driver.save_screenshot(str(shots / f"{size}-{game}-step.png"))
            shot_mid = True
    return clicks


GAMES = [  # game, options keeping a whole game short, the bot of seat 1
    ("backgammon", "", "beginner"),
    ("dice-poker", "players=2 columns=1", "beginner"),
    ("wise-dice", "max-moves=30", "beginner"),
    ("plateau", "max-plies=40", "beginner"),
]


def whole_games(size: str, w: int, h: int) -> None:
    viewport(w, h)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    for game, options, bot in GAMES:
        t0 = time.monotonic()
        new_game(game, options, ["human", bot])
        check(phase() == "human" and by_id("board").get_attribute("data-game") == game,
              f"{game} {size}: the board is drawn and the human has the move")
        driver.save_screenshot(str(shots / f"{size}-{game}-start.png"))
        if size == "desktop":
            # the board (dice poker: the player's own card) and the move's controls
            bottom = dom("return Math.max(...[...document.querySelectorAll("
                         "'#board .board-svg, #board table.card.mine, #turn')].map((e) => e.getBoundingClientRect().bottom))")
            check(bottom <= h, f"{game} {size}: the board and the controls are above the fold ({bottom:.0f} <= {h})")
        clicks = play_out(game, size)
        over = by_id("over")
        text = by_id("overtext").text
        check(phase() == "over" and over.is_displayed() and any(ch.isdigit() for ch in text),
              f"{game} {size}: a whole game in {clicks} clicks, {time.monotonic() - t0:.1f} s; "
              f"the game-over panel explains the score: {text[:90]!r}")
        check(not sideways(), f"{game} {size}: no sideways scrolling at {w}x{h}")
        dom("document.getElementById('over').scrollIntoView({block: 'nearest'})")
        driver.save_screenshot(str(shots / f"{size}-{game}-over.png"))


def features() -> None:
    """Typed move, undo, hint, rules, keyboard, bad seed: at 1280x900."""
    viewport(1280, 900)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    new_game("backgammon", "match=3", ["human", "beginner"])
    # the cube's decision is a button (match play: roll or double)
    labels = [b.text for b in visible("#actions button")]
    check("Roll" in labels and "Double" in labels, f"backgammon: roll and double are buttons: {labels}")
    tap(visible("#actions button")[labels.index("Roll")])
    settle()
    # a typed move the library refuses: its status and reason; nothing changes
    by_id("notation").find_element(By.TAG_NAME, "summary").click()
    before = history()
    field = by_id("move")
    field.clear()
    field.send_keys("24/1", Keys.ENTER)
    msg = by_id("message").text
    check(("ILLEGAL_ACTION" in msg or "PARSE_ERROR" in msg) and len(msg) > 20 and history() == before,
          f"backgammon: a typed move is refused with the library's reason: {msg!r}")
    # a checker, its destinations, the partial move, undo step, commit
    tap(driver.find_elements(By.CSS_SELECTOR, "#board .target")[0])
    dests = driver.find_elements(By.CSS_SELECTOR, "#board .dest")
    check(len(dests) > 0, f"backgammon: a tapped checker shows {len(dests)} destinations")
    tap(dests[0])
    partial = by_id("partial").text
    check("so far" in partial, f"backgammon: the partial move is shown: {partial!r}")
    driver.save_screenshot(str(shots / "desktop-backgammon-partial.png"))
    tap(by_id("stepback"))
    check(by_id("partial").text == "", "backgammon: the step is taken back")
    # a drag: press on a checker, release on one of its destinations
    checker = driver.find_elements(By.CSS_SELECTOR, "#board .target")[0]
    tap(checker)
    dest = driver.find_elements(By.CSS_SELECTOR, "#board .dest")[0].get_attribute("data-dest")
    tap(driver.find_elements(By.CSS_SELECTOR, "#board .target.selected")[0])  # deselect
    checker = driver.find_elements(By.CSS_SELECTOR, "#board .target")[0]
    spot = driver.find_element(By.CSS_SELECTOR, f"#board [data-bp='{dest}']")
    ActionChains(driver).click_and_hold(checker).move_to_element(spot).release().perform()
    check("so far" in by_id("partial").text, f"backgammon: a checker dragged to {dest}: {by_id('partial').text!r}")
    tap(by_id("stepback"))
    while not by_id("commit").is_displayed():
        one_click()
    moved = by_id("commit").get_attribute("data-move")
    tap(by_id("commit"))
    settle()
    after = history()
    check(any(moved in line for line in after), f"backgammon: the move {moved!r} is played")
    tap(by_id("undo"))
    settle()
    check(history() == before, "backgammon: undo takes the move (and the bot's reply) back")
    # a hint: the library's ranking, playable
    tap(by_id("hint"))
    wait.until(lambda d: d.find_element(By.ID, "hints").is_displayed())
    items = driver.find_elements(By.CSS_SELECTOR, "#hintlist li")
    check(len(items) > 0 and "equity" in items[0].text and "win" in items[0].text,
          f"backgammon: a hint ranks the moves: {items[0].text[:60] if items else ''!r}")
    driver.save_screenshot(str(shots / "desktop-backgammon-hint.png"))
    tap(by_id("hint"))
    # the rules of the game, in a dialog
    tap(by_id("rules"))
    check(by_id("rulesbox").is_displayed() and "checkers" in by_id("rulestext").text,
          "backgammon: the rules are shown")
    by_id("rulesbox").find_element(By.TAG_NAME, "button").click()

    # keyboard play: Tab reaches a square of the wise-dice set-up, Enter plays it
    new_game("wise-dice", "", ["human", "beginner"])
    n = len(history())
    by_id("rules").send_keys(Keys.TAB)  # focus starts after the setup row
    reached = False
    for _ in range(40):
        active = driver.switch_to.active_element
        if "dest" in (active.get_attribute("class") or ""):
            reached = True
            active.send_keys(Keys.ENTER)
            break
        active.send_keys(Keys.TAB)
    settle()
    check(reached and len(history()) > n, "wise dice: Tab reaches a square and Enter plays it")

    # dice poker: held dice look held
    new_game("dice-poker", "players=2", ["human", "beginner"])
    tap(visible(".die-btn")[0])
    held = visible(".die-btn")[0]
    check("held" in held.get_attribute("class") and held.get_attribute("aria-pressed") == "true",
          "dice poker: a tapped die is held and looks held")
    keep = visible("button.throw")[0]
    check(keep.text.startswith("Keep"), f"dice poker: the throw button says what is kept: {keep.text!r}")
    tap(keep)
    settle()
    check(any("hold" in line for line in history()), "dice poker: the hold is played")
    driver.save_screenshot(str(shots / "desktop-dice-poker-held.png"))

    # bad seeds and options refused with a message; the game goes on
    before = history()
    for bad_seed in ("x", "-1", "18446744073709551616"):
        s = by_id("seed")
        s.clear()
        s.send_keys(bad_seed)
        by_id("new").click()
        check("seed must be a whole number" in by_id("message").text and history() == before,
              f"the seed {bad_seed!r} is refused with a message; the game goes on")
    by_id("seed").clear()
    by_id("seed").send_keys("1")
    box = by_id("options")
    box.clear()
    box.send_keys("players=9", Keys.TAB)
    by_id("new").click()
    check("refused" in by_id("message").text and history() == before,
          f"bad options are refused with a message: {by_id('message').text!r}")
    box.clear()
    box.send_keys(Keys.TAB)


def hot_seat() -> None:
    """Two humans share a Plateau game: hand-over between turns; each seat's view."""
    viewport(1280, 900)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    spec = "plateau max-plies=14"
    new_game("plateau", "max-plies=14", ["human", "human"])
    state = alea.State(spec)
    names = ["Black", "White"]
    expected: dict[int, list[str]] = {0: [], 1: []}  # each seat's history, by the library
    handovers = views = 0
    while settle() != "over":
        if phase() == "handover":
            handovers += 1
            check(not driver.find_elements(By.CSS_SELECTOR, "#board .face")
                  and not history() and by_id("reveal").is_displayed(),
                  f"hot seat: hand-over {handovers}: board and history hidden")
            if handovers == 2:
                driver.save_screenshot(str(shots / "desktop-hotseat-handover.png"))
            tap(by_id("reveal"))
            continue
        seat = state.current_player
        check(by_id("status").text.startswith(names[seat]), f"hot seat: {names[seat]} to play")
        shown = history()
        check(shown == expected[seat],
              f"hot seat: {names[seat]}'s history is the library's view of each move "
              f"({len(shown)} moves; last {shown[-1] if shown else '-'!r})")
        obs = state.observation(seat)["state"]
        unseen = sum((p["up"] is None) + (p["down"] is None)
                     for stack in obs["board"].values() for p in stack)
        faces = len(driver.find_elements(By.CSS_SELECTOR, "#board .face.hidden"))
        check(faces == unseen, f"hot seat: the board hides the {unseen} faces {names[seat]} has not seen ({faces})")
        views += 1
        if views == 3:
            driver.save_screenshot(str(shots / "desktop-hotseat-view.png"))
        # play one whole move by clicks, reading its text from the commit or action button
        for _ in range(12):
            commit = visible("#commit")
            if commit:
                text = commit[0].get_attribute("data-move")
                tap(commit[0])
                break
            actions = visible("#actions button")
            if not visible("#choices button") and not driver.find_elements(By.CSS_SELECTOR, "#board .target, #board .dest") and actions:
                text = actions[0].get_attribute("data-move")
                tap(actions[0])
                break
            one_click()
        else:
            check(False, "hot seat: a move could not be completed")
            return
        action = state.parse_action(text)
        for v in (0, 1):
            expected[v].append(f"{names[seat]}: {state.action_observation(action, v)}")
        state.apply(action)
    check(handovers >= 4 and views >= 4, f"hot seat: {views} turns after {handovers} hand-overs")
    check("play online" in by_id("secrecy").text and "developer tools" in by_id("secrecy").text,
          "hot seat: the page says that one browser cannot keep secrets")


def small_phone() -> None:
    """A small phone, 360x640: nothing sideways either."""
    viewport(360, 640)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    for game, options, bot in GAMES:
        new_game(game, options, ["human", bot])
        check(not sideways(), f"{game}: no sideways scrolling at 360x640")
        driver.save_screenshot(str(shots / f"small-{game}-start.png"))


def part(name: str, t0: float) -> None:
    print(f"---- {name}: {time.monotonic() - t0:.1f} s", flush=True)


try:
    # the boards' steps cover the legal list exactly (node, no browser)
    node = shutil.which("node") or shutil.which("nodejs")
    if node and "steps" in PARTS:
        out = subprocess.run([node, str(source / "tests" / "web" / "steps_test.mjs"), str(dist)],
                             capture_output=True, text=True, timeout=120)
        print(out.stdout + out.stderr, end="")
        check(out.returncode == 0, "the boards' steps are exactly the legal moves (steps_test.mjs)")
    for name, run in (("desktop", lambda: whole_games("desktop", 1280, 900)),
                      ("phone", lambda: whole_games("phone", 390, 844)),
                      ("features", features), ("hotseat", hot_seat), ("small", small_phone)):
        if name in PARTS:
            t = time.monotonic()
            run()
            part(name, t)

    check(not [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
               and "favicon" not in e.get("message", "")],
          "no error in the browser console")

    # opened as a file, or without bindings/js/dist: a message that says what to do
    driver.get((source / "examples" / "web" / "index.html").as_uri())
    check("http.server" in by_id("boot").text, "opened from file://, the page says how to serve it")
    nodist = root / "nodist" / "examples"
    nodist.mkdir(parents=True)
    (nodist / "web").symlink_to(source / "examples" / "web")
    driver.get(f"{base}/nodist/examples/web/")
    try:
        wait.until(lambda d: "did not load" in d.find_element(By.ID, "boot").text)
    except TimeoutException:
        pass
    check("bindings/js/build.sh" in by_id("boot").text, "without bindings/js/dist, the page says how to build it")
    driver.save_screenshot(str(shots / "no-dist.png"))
finally:
    driver.quit()
    server.shutdown()
    shutil.rmtree(root, ignore_errors=True)

print(f"screenshots in {shots}: {', '.join(sorted(p.name for p in shots.glob('*.png')))}")
print(f"{time.monotonic() - started:.0f} s")
print(f"{'web test FAILED' if failures else 'web test passed'}")
sys.exit(1 if failures else 0)
