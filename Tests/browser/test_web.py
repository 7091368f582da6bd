#!/usr/bin/env python3
"""Drives the bundled web calculator in Debian's headless Chromium against a real calculator-server.

Run through scripts/browser-test, which installs Chromium, nginx, openssl and playwright and finds the server binary.
The last checks put nginx in front of the server, configured by the README's recipe (TLS with a self-signed
certificate, the page and the API under /calc/).
Each check prints PASS or FAIL; the last line is "N passed, N failed" and the exit status is 1 on any failure.
The checks run in order on one browser page, so a later one may start from what an earlier one left.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import ssl
import sys
import traceback
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "support"))
from checklist import Run  # noqa: E402
from harness import api, calculator_server, nginx_in_front, second_origin  # noqa: E402
from person_checks import add_person_checks  # noqa: E402
from programmer_checks import add_programmer_checks  # noqa: E402
from rpn_checks import add_rpn_checks  # noqa: E402
from statistics_checks import add_statistics_checks  # noqa: E402
from bit_checks import add_bit_checks  # noqa: E402
from tool_checks import add_tool_checks  # noqa: E402

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}


def press_requests_of(page):
    """Records the press POSTs the page sends, and how many are in flight at most."""
    record = {"bodies": [], "keys": [], "in_flight": 0, "max_in_flight": 0}

    def is_press(request):
        return request.method == "POST" and request.url.endswith("/press")

    def started(request):
        if not is_press(request):
            return
        record["bodies"].append(json.loads(request.post_data or "{}").get("key"))
        record["keys"].append(request.headers.get("idempotency-key"))
        record["in_flight"] += 1
        record["max_in_flight"] = max(record["max_in_flight"], record["in_flight"])

    def ended(request):
        if is_press(request):
            record["in_flight"] -= 1

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    return record


def run_checks(run, options, screenshots):
    page_errors = []
    with calculator_server(options.server) as base, second_origin() as other, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=options.chromium, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"])
        # The dark theme, as the page looked before it had a light one: the light theme has checks of its own.
        context = browser.new_context(viewport=PHONE, color_scheme="dark")
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        display = page.locator("#display")
        calculator = page.locator("#calculator")
        history_results = page.locator("#history .history-result")
        seen = {}

        def key(name):
            return page.locator(f'#keypad button[data-key="{name}"]')

        # The page's requests not yet answered, for a failure to name (the event stream stays in it).
        in_flight = {}
        page.on("request", lambda request: in_flight.__setitem__(id(request), f"{request.method} {request.url}"))
        page.on("requestfinished", lambda request: in_flight.pop(id(request), None))
        page.on("requestfailed", lambda request: in_flight.pop(id(request), None))

        def buttons_outside(selector, viewport):
            """The keys of the buttons `selector` finds, each in a box (that the count is as expected is the caller's
            check), and those of them not wholly inside `viewport`."""
            boxes = page.evaluate("""(selector) => [...document.querySelectorAll(selector)].map((b) => {
                const r = b.getBoundingClientRect(); return [b.dataset.key, r.left, r.right, r.top, r.bottom]; })""", selector)
            return len(boxes), [box[0] for box in boxes
                                if box[1] < 0 or box[2] > viewport["width"] or box[3] < 0 or box[4] > viewport["height"]]

        def settle_for_screenshot():
            page.emulate_media(reduced_motion="reduce")  # no key caught halfway through its fade
            page.mouse.move(0, 0)
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            expect(page.locator(".is-pressed")).to_have_count(0)

        def stored_session():
            return page.evaluate("() => localStorage.getItem('calculator.session')")

        def stored_token():
            return page.evaluate("() => localStorage.getItem('calculator.session.token')")

        def loads():
            page.goto(base + "/")
            expect(calculator).to_have_attribute("data-ready", "true")
            expect(page.locator("#keys-basic button")).to_have_count(20)
            session = stored_session()
            assert session and SESSION_ID.match(session), f"localStorage holds {session!r}"
            assert stored_token(), "the page kept no owner token"
            assert calculator.get_attribute("data-session") == session
            expect(display).to_have_text("0")
            seen["session"] = session
            # Every key is a real button with a spoken name, not a bare symbol.
            expect(page.locator("#keypad button:not([type=button]), #keypad button:not([aria-label])")).to_have_count(0)
            expect(key("back")).to_have_attribute("aria-label", "backspace")

        def clicks_seven_plus_three():
            for name in ["7", "+", "3", "="]:
                key(name).click()
            expect(display).to_have_text("10")

        def keyboard_two_times_three():
            # The = button still has focus from the click: Enter must press = once, not click it as well.
            page.keyboard.type("2*3")
            page.keyboard.press("Enter")
            expect(display).to_have_text("6")

        def reload_resumes():
            page.reload()
            expect(calculator).to_have_attribute("data-ready", "true")
            expect(display).to_have_text("6")
            assert stored_session() == seen["session"], "reload made another session"
            assert calculator.get_attribute("data-session") == seen["session"]

        def history_lists_calculations():
            expect(history_results).to_have_text(["10", "6"])
            expressions = page.locator("#history .history-expression").all_inner_texts()
            assert "7" in expressions[0] and "3" in expressions[0], expressions
            assert "2" in expressions[1] and "3" in expressions[1], expressions

        def shared_link(scope):
            """The link Share makes for `scope` (watch only or full control): the session in the query, a token of
            its own in the fragment."""
            share = page.locator("#share")
            expect(share).to_be_visible()
            if page.locator("#share-panel").is_hidden():
                share.click()
            page.locator("#share-scope").select_option(scope)
            page.evaluate("() => { delete document.getElementById('share').dataset.link; }")
            page.locator("#share-copy").click()
            expect(page.locator("#status")).to_contain_text("another screen")
            expect(share).to_have_attribute("data-link", re.compile(r"#token="))
            link = share.get_attribute("data-link")
            share.click()  # the panel closes again
            page.locator("#display").click()  # the focus leaves Share, whose Enter would click it
            assert f"session={seen['session']}" in link, f"the share link is {link!r}"
            token = link.split("#token=", 1)[1]
            assert token and token != stored_token(), "the link carries the page's own token"
            return link

        def opened_elsewhere(link):
            """A page of its own (another screen) opened from `link`, ready, on the first page's session."""
            other_context = browser.new_context(viewport=PHONE)
            other_page = other_context.new_page()
            other_page.on("pageerror", lambda error: page_errors.append(str(error)))
            other_page.goto(link)
            expect(other_page.locator("#calculator")).to_have_attribute("data-ready", "true")
            assert other_page.locator("#calculator").get_attribute("data-session") == seen["session"]
            return other_context, other_page

        def a_second_page_mirrors_the_first():
            mirror_context, mirror = opened_elsewhere(shared_link("owner"))
            mirrored = mirror.locator("#display")
            expect(mirrored).to_have_text("6")
            expect(mirror.locator("#history .history-result")).to_have_text(["10", "6"])
            # Keys pressed on the first page show on the second, history included, and the other way round.
            page.keyboard.type("12")
            expect(mirrored).to_have_text("12")
            page.keyboard.type("*3")
            page.keyboard.press("Enter")
            expect(mirrored).to_have_text("36")
            expect(mirror.locator("#history .history-result")).to_have_text(["10", "6", "36"])
            mirror.keyboard.type("+4=")
            expect(display).to_have_text("40")
            expect(history_results).to_have_text(["10", "6", "36", "40"])
            # A mode changed on one page shows on the other: programmer mode's event carries its radix lines.
            page.locator("#toggle-programmer").click()
            expect(mirror.locator("#calculator")).to_have_attribute("data-mode", "programmer")
            expect(mirror.locator("#radix-hex")).to_have_text("28")
            page.locator("#toggle-programmer").click()
            expect(mirror.locator("#calculator")).to_have_attribute("data-mode", "scientific")
            expect(mirrored).to_have_text("40")
            # The link's session is kept by its id, beside (never as) the page's own.
            stored = mirror.evaluate("() => JSON.parse(localStorage.getItem('calculator.session.shared'))")
            assert seen["session"] in stored, f"the second page keeps {stored!r}"
            assert "#token=" not in mirror.url, f"the token stays in the address bar: {mirror.url}"
            mirror_context.close()

        def a_watch_only_link_mirrors_and_cannot_press():
            watcher_context, watcher = opened_elsewhere(shared_link("viewer"))
            watched = watcher.locator("#display")
            expect(watched).to_have_text(display.text_content())
            # The first page's presses show on the watcher.
            page.keyboard.press("Escape")
            page.keyboard.type("5*5")
            page.keyboard.press("Enter")
            expect(watched).to_have_text("25")
            expect(watcher.locator("#history .history-result").last).to_have_text("25")
            # The watcher's own press is refused (403), and nothing changes on either page.
            watcher.keyboard.type("9")
            expect(watcher.locator("#status")).to_contain_text("only watch")
            expect(watched).to_have_text("25")
            assert seen["session"] in watcher.evaluate("() => localStorage.getItem('calculator.session.shared')")
            page.keyboard.type("+1=")
            expect(display).to_have_text("26")
            expect(watched).to_have_text("26")
            watcher_context.close()

        def editing_keys_on_the_keyboard():
            page.keyboard.press("Escape")
            page.keyboard.type("5+12")
            expect(display).to_have_text("12")
            expect(key("C")).to_be_visible()  # the clear key offers C while an entry is typed
            page.keyboard.press("Backspace")
            expect(display).to_have_text("1")
            page.keyboard.press("Delete")  # C: only the entry goes, 5 + stays
            expect(display).to_have_text("0")
            expect(key("AC")).to_be_visible()
            page.keyboard.type("3")
            page.keyboard.press("=")
            expect(display).to_have_text("8")
            page.keyboard.type("(2+2)^3")
            page.keyboard.press("Enter")
            expect(display).to_have_text("64")
            # Undo and redo, as in an editor: back to the 3 typed before =, forward to 64 again.
            page.keyboard.press("Control+z")
            expect(display).to_have_text("3")
            page.keyboard.press("Control+Shift+z")
            expect(display).to_have_text("64")
            page.keyboard.press("Control+z")
            page.keyboard.press("Control+y")
            expect(display).to_have_text("64")
            page.locator('.tool-key[data-key="undo"]').click()
            expect(display).to_have_text("3")
            page.locator('.tool-key[data-key="redo"]').click()
            expect(display).to_have_text("64")
            page.keyboard.press("Escape")
            expect(display).to_have_text("0")
            expect(page.locator("#expression")).to_have_text("")

        def presses_in_order_one_at_a_time():
            record = press_requests_of(page)
            page.keyboard.press("Escape")
            for name in ["1", "2", "3", "4", "5"]:
                key(name).click()
            page.keyboard.type("678")
            expect(display).to_have_text("12345678")
            assert record["bodies"] == ["AC", "1", "2", "3", "4", "5", "6", "7", "8"], record["bodies"]
            assert record["max_in_flight"] == 1, f"{record['max_in_flight']} presses were in flight at once"
            assert all(k and UUID.match(k) for k in record["keys"]), record["keys"]
            assert len(set(record["keys"])) == len(record["keys"]), "an Idempotency-Key was reused"

        def lost_reply_is_retried_once_without_pressing_twice():
            attempts = []
            replayed = []

            def lose_first_reply(route):
                attempts.append(route.request.headers.get("idempotency-key"))
                if len(attempts) == 1:
                    route.fetch()  # the server applies the press, but its reply never reaches the page
                    route.abort("connectionreset")
                else:
                    route.continue_()

            page.keyboard.press("Escape")
            expect(display).to_have_text("0")
            page.on("response", lambda r: replayed.append(r.headers.get("idempotent-replayed"))
                    if r.url.endswith("/press") else None)
            page.route("**/press", lose_first_reply)
            try:
                # The session's event stream may show the 9 before the retry is answered: wait for the retry's reply.
                with page.expect_response(lambda response: response.url.endswith("/press")):
                    key("9").click()
                expect(display).to_have_text("9")
            finally:
                page.unroute("**/press")
            page.keyboard.type("*7=")  # what the server holds: 9 × 7, not 99 × 7
            expect(display).to_have_text("63")
            assert len(attempts) == 2 and attempts[0] == attempts[1], f"attempts with keys {attempts}"
            assert "true" in replayed, "the retry was not answered from the idempotency record"
            expect(page.locator("#status")).to_have_text("")

        def api_error_detail_shown():
            detail = "The session store cannot be reached; retry in 1 second."

            def unavailable(route):
                route.fulfill(status=503, content_type="application/problem+json", headers={"Retry-After": "1"},
                              body=json.dumps({"type": "about:blank", "title": "Service Unavailable", "status": 503,
                                               "detail": detail}))

            def explained(step):
                try:
                    step()
                except AssertionError as error:
                    raise AssertionError(
                        f"{error}\nrequests in flight: {sorted(in_flight.values())}; data-busy="
                        f"{calculator.get_attribute('data-busy')}; display {display.text_content()!r}") from None

            page.keyboard.press("Escape")
            expect(display).to_have_text("0")
            # The AC's reply has come, not only its event on the stream: no press is queued before the failures start.
            # Waits of up to 30 s, not the usual 10: once in a run on a loaded machine, these waited past 10 s.
            explained(lambda: expect(calculator).to_have_attribute("data-busy", "false", timeout=30_000))
            page.route("**/press", unavailable)
            try:
                page.keyboard.type("5")
                explained(lambda: expect(page.locator("#status")).to_have_text(detail, timeout=30_000))
            finally:
                page.unroute("**/press")
            expect(display).to_have_text("0")
            page.keyboard.type("8")
            expect(display).to_have_text("8")
            expect(page.locator("#status")).to_have_text("")

        def display_forms_have_validators_of_their_own():
            # A client that read the display as text and then asks for JSON with the tag it kept (as a browser's
            # cache revalidates) must get JSON, not a 304 that hands it the text again.
            got = page.evaluate("""async (url) => {
                const Authorization = `Bearer ${localStorage.getItem('calculator.session.token')}`;
                const text = await fetch(url, { headers: { Accept: 'text/plain', Authorization } });
                const tag = text.headers.get('ETag');
                const json = await fetch(url, { headers: { Accept: 'application/json', 'If-None-Match': tag, Authorization } });
                return { textStatus: text.status, vary: text.headers.get('Vary'), tag, jsonStatus: json.status,
                         jsonType: json.headers.get('Content-Type'), jsonTag: json.headers.get('ETag'),
                         body: await json.text() };
            }""", f"{base}/sessions/{calculator.get_attribute('data-session')}/display")
            assert got["textStatus"] == 200 and got["tag"], got
            assert "accept" in (got["vary"] or "").lower(), f"the text form varies by {got['vary']!r}"
            assert got["jsonStatus"] == 200, f"JSON asked with the text's tag answered {got['jsonStatus']}"
            assert got["jsonType"].startswith("application/json") and got["jsonTag"] != got["tag"], got
            assert json.loads(got["body"])["display"] == display.text_content(), got["body"]

        def long_numbers_fit():
            page.keyboard.press("Escape")
            page.keyboard.type("1234567890123456")
            expect(display).to_have_text("1234567890123456")
            widths = display.evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert widths[0] <= widths[1], f"display content {widths[0]} px wide in a {widths[1]} px box"

        def phone_layout():
            page.keyboard.press("Escape")
            page.keyboard.type("1234.5*6")
            page.keyboard.press("Enter")
            expect(display).to_have_text("7407")
            expect(key("7")).to_be_visible()
            expect(key("sin")).to_be_hidden()
            settle_for_screenshot()
            page.screenshot(path=str(screenshots / "phone.png"))

        def wide_layout_with_second_functions():
            page.set_viewport_size(WIDE)
            expect(key("sin")).to_be_visible()
            expect(key("sq")).to_have_attribute("aria-label", "square")
            key("2nd").click()
            expect(page.locator("#ind-second")).to_be_visible()
            expect(key("sq")).to_have_attribute("aria-label", "square root")
            expect(key("sin")).to_have_text("sin⁻¹")
            key("2nd").click()
            expect(page.locator("#ind-second")).to_be_hidden()
            expect(key("sin")).to_have_text("sin")
            key("rad").click()
            expect(page.locator("#ind-angle")).to_have_text("RAD")
            expect(key("deg")).to_have_text("Deg")
            key("deg").click()
            expect(page.locator("#ind-angle")).to_have_text("DEG")
            page.keyboard.type("2")
            key("sqrt").click()
            expect(display).to_have_text(re.compile(r"^1\.41421356"))
            settle_for_screenshot()
            page.screenshot(path=str(screenshots / "wide.png"))

        def expired_session_is_replaced():
            old = stored_session()
            assert api("DELETE", f"{base}/sessions/{old}") == 401, "a session deleted without its token"
            assert api("DELETE", f"{base}/sessions/{old}", token=stored_token()) == 204
            page.keyboard.type("4")  # pressed again on the new session
            expect(display).to_have_text("4")
            new = stored_session()
            assert new and new != old, f"still session {new!r}"
            # Deleted, not expired: the page says the session is gone without claiming why.
            expect(page.locator("#status")).to_contain_text("no longer on the server")

        def works_from_another_origin():
            other_context = browser.new_context(viewport=PHONE)
            other_page = other_context.new_page()
            other_page.on("pageerror", lambda error: page_errors.append(str(error)))
            record = press_requests_of(other_page)
            press_urls, all_urls = [], []
            other_page.on("request", lambda r: press_urls.append(r.url) if r.url.endswith("/press") else None)
            other_page.on("request", lambda r: all_urls.append(r.url))
            other_page.goto(f"{other}/index.html?api={base}")
            expect(other_page.locator("#calculator")).to_have_attribute("data-ready", "true")
            other_page.locator('#keypad button[data-key="9"]').click()
            other_page.keyboard.type("*9")
            other_page.keyboard.press("Enter")
            expect(other_page.locator("#display")).to_have_text("81")
            assert other_page.evaluate("() => location.origin") == other
            assert press_urls and all(url.startswith(base + "/sessions/") for url in press_urls), press_urls
            assert record["bodies"] == ["9", "*", "9", "="], record["bodies"]
            stored = other_page.evaluate(f"() => localStorage.getItem('calculator.session@{base}')")
            assert stored and SESSION_ID.match(stored), f"localStorage holds {stored!r}"
            expect(other_page.locator("#status")).to_have_text("")
            # Its event stream (EventSource, with a stream ticket) works across origins: a press made elsewhere shows.
            token = other_page.evaluate(f"() => localStorage.getItem('calculator.session@{base}.token')")
            assert api("POST", f"{base}/sessions/{stored}/press", token=token, body={"keys": "+ 1 ="}) == 200
            expect(other_page.locator("#display")).to_have_text("82")
            stream_urls = [url for url in all_urls if "/events" in url]
            assert stream_urls and all("ticket=" in url for url in stream_urls), stream_urls
            other_context.close()

        def the_operator_key_is_entered_once():
            with calculator_server(options.server, "--api-key", "operator-key-1") as guarded:
                keyed_context = browser.new_context(viewport=PHONE)
                keyed = keyed_context.new_page()
                keyed.on("pageerror", lambda error: page_errors.append(str(error)))
                keyed.goto(guarded + "/")
                form = keyed.locator("#api-key-form")
                expect(form).to_be_visible()
                expect(keyed.locator("#status")).to_contain_text("API key")
                keyed.locator("#api-key").fill("operator-key-1")
                keyed.locator("#api-key-form button").click()
                expect(keyed.locator("#calculator")).to_have_attribute("data-ready", "true")
                expect(form).to_be_hidden()
                keyed.keyboard.type("3*3")
                keyed.keyboard.press("Enter")
                expect(keyed.locator("#display")).to_have_text("9")
                # A new session on the next visit (this one deleted) needs no second entry: the key was kept.
                session = keyed.evaluate("() => localStorage.getItem('calculator.session')")
                token = keyed.evaluate("() => localStorage.getItem('calculator.session.token')")
                assert api("DELETE", f"{guarded}/sessions/{session}", token=token) == 204
                keyed.reload()
                expect(keyed.locator("#calculator")).to_have_attribute("data-ready", "true")
                expect(form).to_be_hidden()
                assert keyed.evaluate("() => localStorage.getItem('calculator.session')") != session
                keyed_context.close()

        def digits_first_in_the_tab_order_and_enter_presses_the_focused_key():
            tabbing_context = browser.new_context(viewport=PHONE)
            tabbing = tabbing_context.new_page()
            tabbing.on("pageerror", lambda error: page_errors.append(str(error)))
            tabbing.goto(base + "/")
            expect(tabbing.locator("#calculator")).to_have_attribute("data-ready", "true")
            tabbed_display = tabbing.locator("#display")
            focused = lambda: tabbing.evaluate("() => document.activeElement.dataset.key || document.activeElement.id")
            tabbing.keyboard.press("Tab")
            assert focused() == "7", f"the first Tab reaches {focused()!r}"
            tabbing.keyboard.press("Enter")  # presses 7, the focused key
            expect(tabbed_display).to_have_text("7")
            tabbing.keyboard.press("Tab")
            tabbing.keyboard.press("Enter")
            expect(tabbed_display).to_have_text("78")
            tabbing.keyboard.type("+")
            tabbing.keyboard.press("Enter")  # the focus is still on 8: 78 + 8, not =
            expect(tabbed_display).to_have_text("8")
            expect(tabbing.locator("#expression")).to_have_text("78 + 8")
            expect(tabbing.locator("#history li")).to_have_count(0)
            tabbing.keyboard.type("=")
            expect(tabbed_display).to_have_text("86")
            order = ["7", "8"]
            for _ in range(9):
                tabbing.keyboard.press("Tab")
                order.append(focused())
            assert order == ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", "."], order
            tabbing.keyboard.press("Tab")
            assert focused() not in "0123456789.", f"{focused()!r} after the digits"
            # A key focused by a click keeps the focus, but typing a calculation and Enter still means =.
            tabbing.locator('#keypad button[data-key="5"]').click()
            tabbing.keyboard.type("*3")
            tabbing.keyboard.press("Enter")
            expect(tabbed_display).to_have_text("15")
            tabbing_context.close()

        def narrow_screen_shows_scientific_keys_on_request():
            page.set_viewport_size(PHONE)
            toggle = page.locator("#toggle-scientific")
            expect(toggle).to_be_visible()
            expect(toggle).to_have_attribute("aria-pressed", "false")
            expect(key("sin")).to_be_hidden()
            toggle.click()
            expect(toggle).to_have_attribute("aria-pressed", "true")
            expect(key("sin")).to_be_visible()
            page.keyboard.press("Escape")
            page.keyboard.type("30")
            key("sin").click()
            expect(display).to_have_text("0.5")
            count, outside = buttons_outside("#keypad button", PHONE)
            assert count >= 50 and not outside, f"keys off the screen: {outside}"
            settle_for_screenshot()
            page.screenshot(path=str(screenshots / "phone-scientific.png"))
            toggle.click()
            expect(toggle).to_have_attribute("aria-pressed", "false")
            expect(key("sin")).to_be_hidden()
            page.set_viewport_size(WIDE)
            expect(toggle).to_be_hidden()  # wide screens show the scientific keys anyway
            expect(key("sin")).to_be_visible()

        def error_reason_is_announced():
            announcement = page.locator("#announcement")
            assert announcement.get_attribute("aria-live") == "polite"
            page.keyboard.press("Escape")
            page.keyboard.type("1/0=")
            expect(display).to_have_text("Error")
            expect(page.locator("#expression")).to_have_text("Division by zero")
            expect(announcement).to_have_text("Error: Division by zero")
            page.keyboard.press("Escape")
            expect(announcement).to_have_text("0")

        def behind_nginx_with_tls_under_a_path_prefix():
            with nginx_in_front(options.nginx, base) as proxy:
                host, port = proxy.removeprefix("https://").split(":")
                connection = http.client.HTTPSConnection(host, int(port), context=ssl._create_unverified_context(),
                                                         timeout=10)
                connection.request("GET", "/calc")
                redirect = connection.getresponse()
                assert redirect.status == 301 and redirect.getheader("Location", "").endswith("/calc/"), \
                    f"/calc answered {redirect.status} {redirect.getheader('Location')}"
                connection.close()
                proxied_context = browser.new_context(viewport=PHONE, ignore_https_errors=True, color_scheme="dark")
                proxied = proxied_context.new_page()
                proxied.on("pageerror", lambda error: page_errors.append(str(error)))
                urls, failed = [], []
                proxied.on("request", lambda r: urls.append(r.url))
                proxied.on("requestfailed", lambda r: failed.append(r.url))
                proxied.goto(proxy + "/calc/")
                expect(proxied.locator("#calculator")).to_have_attribute("data-ready", "true")
                proxied.keyboard.type("6*7")
                proxied.keyboard.press("Enter")
                expect(proxied.locator("#display")).to_have_text("42")
                expect(proxied.locator("#history .history-result")).to_have_text(["42"])
                outside = [url for url in urls if not url.startswith(proxy + "/calc/")]
                assert not outside, f"requests outside the prefix: {outside}"
                for path in ("web/style.css", "web/app.js", "keys", "sessions"):
                    assert any(url.startswith(f"{proxy}/calc/{path}") for url in urls), f"no request for {path}: {urls}"
                assert not failed, f"failed requests: {failed}"
                # The stylesheet came through the proxy: the page is dark.
                assert proxied.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
                proxied_context.close()

        def no_script_errors():
            assert not page_errors, page_errors

        run.check("the page loads, draws the keypad and makes a session", loads)
        run.check("clicking 7 + 3 = shows 10", clicks_seven_plus_three)
        run.check("typing 2*3 Enter shows 6", keyboard_two_times_three)
        run.check("a reload resumes the same session", reload_resumes)
        run.check("the history panel lists the calculations", history_lists_calculations)
        run.check("a second page opened from a full-control share link mirrors the first, both ways", a_second_page_mirrors_the_first)
        run.check("a watch-only share link mirrors the session and cannot press it", a_watch_only_link_mirrors_and_cannot_press)
        run.check("Backspace, Delete (C), Escape (AC), = , ^, parentheses, undo and redo on the keyboard", editing_keys_on_the_keyboard)
        run.check("presses go in order, one at a time, each with its own Idempotency-Key",
                  presses_in_order_one_at_a_time)
        run.check("a press whose reply is lost is retried once and applied once", lost_reply_is_retried_once_without_pressing_twice)
        run.check("an API error's detail shows in the status line", api_error_detail_shown)
        run.check("the display's text and JSON forms have validators of their own", display_forms_have_validators_of_their_own)
        run.check("a long number shrinks to fit the display", long_numbers_fit)
        run.check("phone layout (390x844): basic keys only; screenshot", phone_layout)
        run.check("wide layout (1280x800): scientific keys, 2nd shows inverses; screenshot",
                  wide_layout_with_second_functions)
        run.check("narrow screen (390x844): a toggle shows the scientific keys, all on the screen; screenshot",
                  narrow_screen_shows_scientific_keys_on_request)
        run.check("an error's reason is announced by the live region", error_reason_is_announced)
        run.check("a deleted session is replaced by a new one", expired_session_is_replaced)
        run.check("served from another origin, the page presses keys and follows its event stream (a ticket) through CORS",
                  works_from_another_origin)
        run.check("Tab reaches the digits first; Enter presses the key Tab focused, and = after a click",
                  digits_first_in_the_tab_order_and_enter_presses_the_focused_key)
        run.check("behind nginx (the README's recipe): TLS, page and API under /calc/", behind_nginx_with_tls_under_a_path_prefix)
        run.check("with --api-key, the page asks for the operator's key once and keeps it", the_operator_key_is_entered_once)
        def programmer_keys_fit_a_phone_with_scientific_keys_and_a_desktop():
            # Issue 33: with the scientific keys on, a phone drew AND, NAND, RoL, Mod, STO … wider than their buttons,
            # and at 1280x800 the programmer keypad's bottom row was below the fold.
            calculator = page.locator("#calculator")
            programmer = page.locator("#toggle-programmer")
            page.set_viewport_size(PHONE)
            scientific = page.locator("#toggle-scientific")
            if scientific.get_attribute("aria-pressed") != "true":
                scientific.click()
            expect(calculator).to_have_attribute("data-scientific", "true")
            programmer.click()
            expect(calculator).to_have_attribute("data-mode", "programmer")
            expect(page.locator('#programmer-grid button[data-key="nand"]')).to_be_visible()
            sizes = page.evaluate("""() => [...document.querySelectorAll('#keypad button')]
                .filter((b) => b.offsetParent !== null)
                .map((b) => [b.dataset.key || b.textContent.trim(), b.scrollWidth, b.clientWidth, b.scrollHeight, b.clientHeight])""")
            overflowing = [size for size in sizes if size[1] > size[2] or size[3] > size[4]]
            assert len(sizes) >= 40 and not overflowing, f"text wider or taller than its key: {overflowing}"
            settle_for_screenshot()
            page.screenshot(path=str(screenshots / "phone-scientific-programmer.png"))
            page.set_viewport_size(WIDE)
            page.evaluate("() => window.scrollTo(0, 0)")
            count, outside = buttons_outside("#keys-programmer button", WIDE)
            assert count >= 40 and not outside, f"programmer keys outside the 1280x800 window: {outside}"
            settle_for_screenshot()
            page.screenshot(path=str(screenshots / "wide-programmer.png"))
            programmer.click()
            expect(calculator).to_have_attribute("data-mode", "scientific")

        add_programmer_checks(run, page, screenshots, PHONE, WIDE, settle_for_screenshot)
        run.check("programmer keys fit their buttons on a phone with the scientific keys on, and 1280x800's window",
                  programmer_keys_fit_a_phone_with_scientific_keys_and_a_desktop)
        add_tool_checks(run, page, screenshots, PHONE, WIDE, settle_for_screenshot)
        add_rpn_checks(run, browser, page, base, screenshots, PHONE, settle_for_screenshot, page_errors)
        add_statistics_checks(run, browser, page, base, screenshots, PHONE, WIDE, settle_for_screenshot, page_errors)
        add_bit_checks(run, browser, page, base, screenshots, PHONE, settle_for_screenshot, page_errors)
        page.emulate_media(reduced_motion="reduce")
        axe_results = add_person_checks(run, browser, options.server, base, screenshots, page_errors,
                                        Path(options.axe).read_text(encoding="utf-8"))
        for where, found in sorted(axe_results.items()):
            print(f"axe-core {where}: {', '.join(found) or 'no violations'}")
        run.check("no uncaught script errors", no_script_errors)
        browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", default=os.environ.get("CALC_SERVER_BIN"), help="calculator-server binary")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--screenshots", default=str(ROOT / ".build" / "screenshots"))
    parser.add_argument("--axe", default=os.environ.get("AXE_JS"), help="axe-core's axe.min.js")
    parser.add_argument("--only", help="run only the checks whose names contain this text")
    options = parser.parse_args()
    if not options.server:
        parser.error("give --server or set CALC_SERVER_BIN")
    screenshots = Path(options.screenshots)
    screenshots.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=10_000)

    run = Run()
    if options.only:
        every_check = run.check
        run.check = lambda name, body: every_check(name, body) if options.only in name else None
    try:
        run_checks(run, options, screenshots)
    except Exception as error:  # the server or the browser did not start: one failure, and the summary line
        run.failed += 1
        print(f"FAIL setting up: {type(error).__name__}: {error}")
        traceback.print_exc(limit=5, file=sys.stdout)

    print("screenshots: " + " ".join(str(screenshots / name) for name in (
        "phone.png", "phone-scientific.png", "wide.png", "phone-programmer.png", "layout-phone-sideways.png",
        "light-wide.png")))
    print(f"{run.passed} passed, {run.failed} failed")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
