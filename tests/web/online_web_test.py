#!/usr/bin/env python3
"""A two-browser online game through the server (examples/online/alea_online.py,
doc/online.md): two headless Chromium sessions, one at 1280x900 and one at a
phone's 390x844, play a Plateau game through the page by clicking only (no
call into the page's JavaScript; the DOM is read).

Seat 0 creates the game with "Play online", seat 1 opens the link; each
plays one of the legal moves its page lists when its page says it is its
turn, to the end of the game.  On the way: a move typed out of turn and an
illegal move are refused with the referee's status and reason and change
nothing; seat 1 reloads its page (its socket closes) and the page joins again
where the game was; nothing seat 1's page shows (history, board) holds the
full text of a seat-0 move that hides faces from it, whose unseen faces are
drawn as "?" (R11); the phone's page never scrolls sideways.  Screenshots are
saved.

usage: online_web_test.py JS_DIST_DIR SOURCE_ROOT SCREENSHOT_DIR ALEA_REFEREE
Exit 0 = pass, 1 = fail, 77 = skipped (no chromium / chromedriver / selenium /
python3-websockets).
"""
from __future__ import annotations

import concurrent.futures
import shutil
import subprocess
import sys
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
try:
    import websockets  # noqa: F401  (the server's)
except ImportError:
    print("SKIP: python3-websockets is not installed (apt-get install python3-websockets)")
    sys.exit(77)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not CHROMIUM or not DRIVER:
    print("SKIP: chromium and chromium-driver are needed (apt-get install chromium chromium-driver)")
    sys.exit(77)

dist, source, shots = (Path(a).resolve() for a in sys.argv[1:4])
referee = sys.argv[4]
shots.mkdir(parents=True, exist_ok=True)
failures: list[str] = []
SPEC_OPTIONS = "max-plies=8"  # a Plateau game of eight turns (R-cap): seconds, not minutes


T0 = time.monotonic()


def check(cond: bool, what: str) -> None:
    print(("ok   " if cond else "FAIL: ") + what + f"  [{time.monotonic() - T0:.1f} s]", flush=True)
    if not cond:
        failures.append(what)


server = subprocess.Popen(
    [sys.executable, str(source / "examples" / "online" / "alea_online.py"), "--port", "0",
     "--referee", referee, "--dist", str(dist), "--seed", "11"],
    stdout=subprocess.PIPE, text=True)
assert server.stdout is not None
line = server.stdout.readline()
if "serving http://" not in line:
    print(f"FAIL: the server did not start: {line!r}")
    server.kill()
    sys.exit(1)
url = line.split()[2]


def browser(width: int, height: int) -> webdriver.Chrome:
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={width},{height}"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


def online(d: webdriver.Chrome) -> str:
    return d.find_element(By.TAG_NAME, "body").get_attribute("data-online") or ""


def seq(d: webdriver.Chrome) -> int:
    return int(d.find_element(By.ID, "online").get_attribute("data-seq") or "-1")


def history(d: webdriver.Chrome) -> dict[int, str]:
    return {int(li.get_attribute("data-seq")): li.text
            for li in d.find_elements(By.CSS_SELECTOR, "#online-history li")}


def message(d: webdriver.Chrome) -> str:
    return d.find_element(By.ID, "online-message").text


def no_sideways_scroll(d: webdriver.Chrome) -> bool:
    return bool(d.execute_script("return document.documentElement.scrollWidth <= "
                                 "document.documentElement.clientWidth"))


a = b = None
t0 = time.monotonic()
try:
    # both browsers start at once (each takes seconds)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        fa, fb = pool.submit(browser, 1280, 900), pool.submit(browser, 390, 844)
        a, b = fa.result(), fb.result()
    b.set_window_size(390, 844)  # a phone's CSS pixels (as tests/web/web_test.py)
    wa, wb = WebDriverWait(a, 30), WebDriverWait(b, 30)
    a.get(url)
    wa.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    Select(a.find_element(By.ID, "game")).select_by_value("plateau")
    more = a.find_element(By.ID, "more")  # the options' fold
    if more.get_attribute("open") is None:
        more.find_element(By.TAG_NAME, "summary").click()
    box = a.find_element(By.ID, "options")
    box.clear()
    box.send_keys(SPEC_OPTIONS)
    a.find_element(By.ID, "playonline").click()
    wa.until(lambda d: d.find_element(By.ID, "online").is_displayed())
    check(not a.find_element(By.ID, "play").is_displayed(), "Play online replaces the local game")
    a.find_element(By.ID, "online-create").click()
    wa.until(lambda d: d.find_elements(By.ID, "online-link-1"))
    link = a.find_element(By.ID, "online-link-1").get_attribute("value")
    check(link.startswith(url.split("#")[0]) and "#play=" in link,
          f"seat 0 gets a link for seat 1: {link[:60]}…")
    check("?" not in a.current_url and "#play" not in a.current_url,
          "seat 0's own token is not in its address bar")
    wa.until(lambda d: "waiting" in d.find_element(By.ID, "online-status").text)
    status = a.find_element(By.ID, "online-status").text
    check("waiting for seat 1 to join" in status, f"seat 0's page waits for seat 1: {status!r}")
    a.save_screenshot(str(shots / "online-created.png"))

    b.get(link)
    wb.until(lambda d: online(d) in ("turn", "wait"))
    check("#play" not in b.current_url, "the page takes the token out of the address bar")
    check(b.find_element(By.ID, "online").get_attribute("data-seat") == "1", "seat 1 joins by the link")
    wa.until(lambda d: "waiting" not in d.find_element(By.ID, "online-status").text)
    check(online(a) == "turn" and online(b) == "wait",
          f"seat 0 is to play ({online(a)}), seat 1 waits ({online(b)})")
    b.save_screenshot(str(shots / "online-joined-phone.png"))

    # out of turn: seat 1 types a move; the referee refuses it, nothing changes
    n = seq(a)
    field = b.find_element(By.ID, "online-move")
    check(not field.is_enabled(), "seat 1's move field is off while seat 0 plays")
    # an illegal move by the seat to move: the referee's status and reason
    a.find_element(By.ID, "online-move").send_keys("setup z9 xx rb")
    a.find_element(By.ID, "online-play").click()
    wa.until(lambda d: "ALEA_" in message(d))
    check(("ALEA_PARSE_ERROR" in message(a) or "ALEA_ILLEGAL_ACTION" in message(a))
          and len(message(a)) > 20 and seq(a) == n and seq(b) == n,
          f"an illegal move is refused with the referee's reason: {message(a)!r}")
    a.save_screenshot(str(shots / "online-refused.png"))

    reloaded = False
    full_of_a: dict[int, str] = {}
    for turn in range(40):
        if online(a) == "over" and online(b) == "over":
            break
        d, w, other = (a, wa, b) if online(a) == "turn" else (b, wb, a)
        if online(d) != "turn":
            time.sleep(0.1)
            continue
        n = seq(d)
        # the first of the legal moves the page lists (the status says how many)
        first = d.find_element(By.CSS_SELECTOR, "#online-moves button.online-legal")
        if turn < 2:
            check(f"{len(d.find_elements(By.CSS_SELECTOR, '#online-moves li'))} legal moves"
                  in d.find_element(By.ID, "online-status").text,
                  f"seat {0 if d is a else 1}: the page lists the legal moves the server sent")
        if turn < 2:
            # each seat's set-up built on the board, as in a local game: two
            # pieces (buttons), then a highlighted square, then Play
            for _ in range(2):
                d.find_element(By.CSS_SELECTOR, "#online-board .online-turn button.choice").click()
            d.find_element(By.CSS_SELECTOR, "#online-board svg .dest").click()
            commit = d.find_element(By.CSS_SELECTOR, "#online-board button.online-commit")
            built = commit.get_attribute("data-move")
            # the listed legal moves in one DOM read (1260 at a Plateau set-up)
            legal = d.execute_script("return [...document.querySelectorAll("
                                     "'#online-moves button.online-legal')].map((b) => b.textContent)")
            check(built in legal, f"seat {0 if d is a else 1}'s move built on the board is a legal one: {built!r}")
            commit.click()
        else:
            first.click()
        w.until(lambda dd: seq(dd) > n)
        if turn < 2:
            after = [v for k, v in history(d).items() if k >= n]
            check(any(built in v for v in after), f"the server played the board's move: {after!r}")
        WebDriverWait(other, 30).until(lambda dd: seq(dd) > n)
        if d is a:
            full_of_a.update({k: v for k, v in history(a).items() if k > n and "(you)" in v})
        if not reloaded and seq(a) >= 4:
            # seat 1's page is reloaded: its socket closes, the page joins again
            before = history(b)
            b.refresh()
            wb.until(lambda dd: online(dd) in ("turn", "wait", "over") and seq(dd) == seq(a))
            check(history(b) == before, f"seat 1 reloads and resumes at position {seq(b)}, "
                  "its history as before")
            reloaded = True
    check(online(a) == "over" and online(b) == "over" and reloaded,
          f"the game is played to its end: {a.find_element(By.ID, 'online-status').text!r}")
    a.save_screenshot(str(shots / "online-over.png"))
    b.save_screenshot(str(shots / "online-over-phone.png"))

    # R11: what seat 1's page shows of seat 0's moves
    hb = history(b)
    hidden = [k for k, v in full_of_a.items() if hb.get(k) and hb[k] != v.replace(" (you)", "")]
    page_b = b.find_element(By.TAG_NAME, "body").text
    leaks = [full_of_a[k] for k in hidden
             if full_of_a[k].split(": ", 1)[1] in " ".join(hb.values())]
    check(bool(hidden) and all("?" in hb[k] for k in hidden) and not leaks,
          f"seat 1's history shows seat 0's {len(hidden)} hiding moves with '?' and never in full "
          f"({[hb[k] for k in hidden][:2]} for {[full_of_a[k] for k in hidden][:2]})")
    check(len(b.find_elements(By.CSS_SELECTOR, "#online-board .face.hidden")) > 0
          and not a.find_elements(By.CSS_SELECTOR, "#online-board .piece.owner0 + .face.hidden"),
          "seat 1's board draws seat 0's unseen faces as '?'")
    check("?" in page_b, "seat 1's page shows '?' for what it has not seen")
    width = b.execute_script("return window.innerWidth")
    check(no_sideways_scroll(b), f"the phone's page ({width} CSS pixels wide) never scrolls sideways")
    for d in (a, b):
        errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"
                  and "favicon" not in e.get("message", "")]
        check(not errors, f"no error in the browser console {errors[:1]}")
finally:
    for d in (a, b):
        if d is not None:
            d.quit()
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()

print(f"screenshots in {shots}: {', '.join(sorted(p.name for p in shots.glob('online-*.png')))}")
print(f"{'online web test FAILED' if failures else 'online web test passed'} "
      f"in {time.monotonic() - t0:.1f} s")
sys.exit(1 if failures else 0)
