"""The page as a person uses it (issue 45), as checks for test_web.py's run: typing into fields, share links beside the
page's own session, the layout at five sizes, the watch-only view, history and clipboard, themes and axe-core,
locale-aware fields, plain messages.

Each check opens pages of its own (a fresh browser context per viewport), so they run in any order and alone
(test_web.py --only "issue 45"). Keys are typed as a person types them: a field is focused by a click and then
`keyboard.type` / `keyboard.press`, never `fill()`, which goes around the page's keyboard handling.

The five viewports are CSS pixels. A laptop's 1280x800 window at 200% zoom lays the page out in 640x400 CSS pixels
with two device pixels to each: that is emulated as a 640x400 viewport with device_scale_factor 2 (a scale factor
alone would only sharpen a 1280x800 layout; zoom is what shrinks the CSS viewport).
"""

import contextlib
import json
import re

from playwright.sync_api import expect

from harness import ROOT, api, calculator_server, fixture

VIEWPORTS = {
    "wide": ({"width": 1280, "height": 800}, 1),
    "phone": ({"width": 390, "height": 844}, 1),
    "phone-sideways": ({"width": 844, "height": 390}, 1),
    "tablet": ({"width": 768, "height": 1024}, 1),
    "zoom-200": ({"width": 640, "height": 400}, 2),
}


def server_locales():
    """The locales the API accepts: NumberSymbols.all's tags, "" (plain) first."""
    source = (ROOT / "Sources" / "CalculatorEngine" / "Numbers" / "NumberSymbols.swift").read_text(encoding="utf-8")
    return re.findall(r'entry\("([^"]*)"', source)


def add_person_checks(run, browser, binary, base, screenshots, page_errors, axe_source):
    """`binary` is calculator-server's; `base` is the run's server. Returns the axe-core findings by viewport, theme
    and view, for the run to print."""

    def server(*flags):
        return calculator_server(binary, *flags)

    @contextlib.contextmanager
    def opened(viewport_name="phone", url=None, color_scheme="dark", context=None, permissions=()):
        """A ready page at the viewport (in `context` when given, else a context of its own, closed after)."""
        viewport, scale = VIEWPORTS[viewport_name]
        own = context is None
        if own:
            context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme=color_scheme)
        if permissions:
            context.grant_permissions(list(permissions))
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        page.goto(url or base + "/")
        try:
            expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
            yield page
        finally:
            page.close()
            if own:
                context.close()

    def key(page, name):
        return page.locator(f'#keypad button[data-key="{name}"]')

    def type_into(page, selector, text, then=None):
        """Clicks the field, selects what it holds and types `text` over it, as a person does; `then` is pressed after."""
        page.locator(selector).click()
        page.keyboard.press("Control+a")
        page.keyboard.type(text)
        if then:
            page.keyboard.press(then)

    def open_panel(page, name):
        panel = page.locator(f"#panel-{name}")
        if page.locator("#calculator").get_attribute("data-scientific") == "true" and panel.is_hidden():
            page.locator("#toggle-scientific").click()
        if panel.get_attribute("open") is None:
            panel.locator("summary").click()
        return panel

    def every_viewport(body):
        for name in VIEWPORTS:
            try:
                body(name)
            except Exception as error:  # the viewport is named in the failure
                raise AssertionError(f"at {name}: {type(error).__name__}: {error}") from None

    # ---- 1. the keyboard belongs to the focused field ----

    def typing_goes_into_the_focused_field(viewport):
        with opened(viewport) as page:
            display = page.locator("#display")
            open_panel(page, "units")
            type_into(page, "#unit-value", "2.5", then="Enter")  # Enter submits the converter, not =
            expect(page.locator("#unit-value")).to_have_value("2.5")
            expect(page.locator("#unit-result")).not_to_be_empty()
            expect(display).to_have_text("0")
            open_panel(page, "dates")
            type_into(page, "#date-months", "13", then="Enter")
            expect(page.locator("#date-months")).to_have_value("13")
            expect(page.locator("#date-sum")).to_have_text("2025-02-28")
            open_panel(page, "format")
            type_into(page, "#format-decimals", "4")
            expect(page.locator("#format-decimals")).to_have_value("4")
            expect(display).to_have_text("0")
            # Away from the fields, the same keys are the calculator's again.
            page.locator("#display").click()
            page.keyboard.type("12+3")
            page.keyboard.press("Enter")
            expect(display).to_have_text("15")

    def the_api_key_box_takes_what_is_typed():
        with server("--api-key", "key-2024-ab") as guarded:
            context = browser.new_context(viewport=VIEWPORTS["phone"][0], color_scheme="dark")
            try:
                page = context.new_page()
                page.on("pageerror", lambda error: page_errors.append(str(error)))
                page.goto(guarded + "/")
                expect(page.locator("#api-key-form")).to_be_visible()
                status = page.locator("#status")
                expect(status).to_contain_text("enter the API key")
                assert "Authorization" not in status.text_content(), status.text_content()
                page.locator("#api-key").click()
                page.keyboard.type("key-2024-ab")
                page.keyboard.press("Enter")  # submits the key's form
                expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
                expect(page.locator("#api-key-form")).to_be_hidden()
                assert page.evaluate("() => localStorage.getItem('calculator.apiKey')") == "key-2024-ab"
                expect(page.locator("#display")).to_have_text("0")
            finally:
                context.close()

    def shortcuts_and_their_help(viewport):
        with opened(viewport) as page:
            display = page.locator("#display")
            page.keyboard.type("30")
            page.keyboard.press("s")  # sin, in degrees
            expect(display).to_have_text("0.5")
            page.keyboard.press("Escape")
            page.keyboard.type("9")
            page.keyboard.press("@")  # square root
            expect(display).to_have_text("3")
            page.keyboard.press("q")  # x²
            expect(display).to_have_text("9")
            page.keyboard.press("m")  # memory add
            expect(page.locator("#ind-memory")).to_be_visible()
            page.keyboard.press("?")
            expect(page.locator("#shortcuts")).to_be_visible()
            expect(page.locator("#shortcuts")).to_contain_text("sin, cos, tan")
            page.keyboard.press("Escape")
            expect(page.locator("#shortcuts")).to_be_hidden()
            expect(display).to_have_text("9")  # Escape closed the help; it cleared nothing

    # ---- 2 and 4. share links beside the page's own session; the watch-only view ----

    def copy_link(page, scope):
        if page.locator("#share-panel").is_hidden():
            page.locator("#share").click()
        page.locator("#share-scope").select_option(scope)
        page.locator("#share-copy").click()
        expect(page.locator("#share-link")).to_have_value(re.compile(r"#token="))
        return page.locator("#share-link").input_value()

    def a_shared_link_never_replaces_the_own_session(viewport):
        viewport_size, scale = VIEWPORTS[viewport]
        context = browser.new_context(viewport=viewport_size, device_scale_factor=scale, color_scheme="dark")
        try:
            with opened(viewport, context=context) as page:
                own = page.evaluate("() => localStorage.getItem('calculator.session')")
                token = page.evaluate("() => localStorage.getItem('calculator.session.token')")
                page.keyboard.type("7*6")
                page.keyboard.press("Enter")
                expect(page.locator("#display")).to_have_text("42")
                link = copy_link(page, "viewer")
                page.locator("#display").click()  # away from the Share panel, whose keys are its own
                # The watch-only link, opened in a second tab of the same browser to check it.
                with opened(viewport, url=link, context=context) as watcher:
                    expect(watcher.locator("#display")).to_have_text("42")
                    # 4: the watch-only view: a badge, a sentence, keys that cannot be pressed.
                    expect(watcher.locator("#ind-watch")).to_be_visible()
                    expect(watcher.locator("#watch-note")).to_contain_text("owner")
                    disabled = watcher.evaluate("""() => [...document.querySelectorAll('#keypad button')]
                        .filter((b) => b.offsetParent !== null).map((b) => b.disabled)""")
                    assert disabled and all(disabled), f"{disabled.count(False)} keys still live on the watcher"
                    presses = []
                    watcher.on("request", lambda r: presses.append(r.url) if r.url.endswith("/press") else None)
                    watcher.locator("#display").click()
                    watcher.keyboard.type("9")
                    expect(watcher.locator("#status")).to_have_text(
                        "You can only watch this session: its owner presses the keys.")
                    assert not presses, f"a watch-only page sent {presses}"
                    # Presses on the first tab still show on the watcher.
                    page.keyboard.type("+1=")
                    expect(watcher.locator("#display")).to_have_text("43")
                # The first tab, reloaded, is still its own session's owner.
                page.reload()
                expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
                assert page.evaluate("() => localStorage.getItem('calculator.session')") == own
                assert page.evaluate("() => localStorage.getItem('calculator.session.token')") == token, \
                    "the owner token was overwritten"
                expect(page.locator("#ind-watch")).to_be_hidden()
                page.keyboard.type("*2=")
                expect(page.locator("#display")).to_have_text("86")
        finally:
            context.close()

    def a_full_control_link_asks_first(viewport):
        viewport_size, scale = VIEWPORTS[viewport]
        with opened(viewport) as owner:
            owner.keyboard.type("5+5=")
            expect(owner.locator("#display")).to_have_text("10")
            link = copy_link(owner, "owner")
            shared_id = owner.locator("#calculator").get_attribute("data-session")
            context = browser.new_context(viewport=viewport_size, device_scale_factor=scale, color_scheme="dark")
            try:
                with opened(viewport, context=context) as mine:
                    own = mine.evaluate("() => localStorage.getItem('calculator.session')")
                    mine.keyboard.type("2+2=")
                    expect(mine.locator("#display")).to_have_text("4")
                    mine.goto(link)
                    expect(mine.locator("#shared-confirm")).to_be_visible()
                    mine.locator("#shared-decline").click()
                    expect(mine.locator("#calculator")).to_have_attribute("data-ready", "true")
                    expect(mine.locator("#display")).to_have_text("4")
                    assert mine.locator("#calculator").get_attribute("data-session") == own
                    mine.goto(link)
                    mine.locator("#shared-open").click()
                    expect(mine.locator("#calculator")).to_have_attribute("data-ready", "true")
                    expect(mine.locator("#display")).to_have_text("10")
                    assert mine.locator("#calculator").get_attribute("data-session") == shared_id
                    mine.keyboard.type("+1=")  # full control: the key reaches the shared session
                    expect(owner.locator("#display")).to_have_text("11")
                    assert mine.evaluate("() => localStorage.getItem('calculator.session')") == own
            finally:
                context.close()

    def the_share_panel_lists_reuses_and_revokes(viewport):
        with opened(viewport) as page:
            minted = []
            page.on("request", lambda r: minted.append(r.url)
                    if r.method == "POST" and r.url.endswith("/tokens") else None)
            first = copy_link(page, "viewer")
            second = copy_link(page, "viewer")
            assert first == second, "a second click made another link"
            assert len(minted) == 1, f"{len(minted)} tokens minted for one link"
            full = copy_link(page, "owner")
            assert full != first
            items = page.locator("#share-links li")
            expect(items).to_have_count(2)
            expect(items.nth(0)).to_contain_text("Watch only")
            expect(items.nth(0)).to_contain_text("for as long as the session lasts")
            expect(items.nth(1)).to_contain_text("Full control")
            session = page.locator("#calculator").get_attribute("data-session")
            watch_token = first.split("#token=", 1)[1].split("&", 1)[0]
            assert api("GET", f"{base}/sessions/{session}", token=watch_token) == 200
            items.nth(0).get_by_role("button", name=re.compile("Revoke")).click()
            expect(items).to_have_count(1)
            expect(items.nth(0)).to_contain_text("Full control")
            assert api("GET", f"{base}/sessions/{session}", token=watch_token) == 401, "the revoked link still works"
            third = copy_link(page, "viewer")
            assert third != first, "a revoked link was handed out again"

    # ---- 3. layout at every size ----

    geometry_script = """() => {
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const shown = (e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
        const keys = [...document.querySelectorAll('#keypad button')].filter(shown)
            .map((b) => [b.dataset.key, ...box(b)]);
        const panels = [...document.querySelectorAll('.panel, .share-panel')].filter(shown).map((p) => [p.id, ...box(p)]);
        const display = document.getElementById('display');
        const sizes = [...document.querySelectorAll('#calculator *')]
            .filter((e) => shown(e) && e !== display && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
            .map((e) => [e.id || e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)]);
        return { keys, panels, display: box(display), keypad: box(document.getElementById('keypad')),
                 history: box(document.getElementById('history')),
                 displaySize: parseFloat(getComputedStyle(display).fontSize), sizes,
                 width: innerWidth, height: innerHeight };
    }"""

    def overlaps(a, b):
        return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5

    def assert_layout(page, what):
        g = page.evaluate(geometry_script)
        assert len(g["keys"]) >= 20, f"{what}: only {len(g['keys'])} keys shown"
        outside = [k[0] for k in g["keys"] if k[1] < -0.5 or k[2] < -0.5 or k[3] > g["width"] + 0.5 or k[4] > g["height"] + 0.5]
        assert not outside, f"{what}: keys outside the {g['width']}x{g['height']} window: {outside}"
        covered = [(k[0], p[0]) for k in g["keys"] for p in g["panels"] if overlaps(k[1:], p[1:])]
        assert not covered, f"{what}: panels over keys: {covered[:6]}"
        d = g["display"]
        assert d[1] >= -0.5 and d[3] <= g["height"] + 0.5 and d[2] - d[0] > 100, f"{what}: the display is at {d}"
        assert not overlaps(d, g["keypad"]), f"{what}: the display {d} is under the keypad {g['keypad']}"
        larger = [s for s in g["sizes"] if s[1] >= g["displaySize"]]
        assert not larger, f"{what}: text as large as the {g['displaySize']} px result: {larger[:4]}"
        return g

    def layout_holds_at_every_size(viewport):
        with opened(viewport) as page:
            page.keyboard.type("1234.5*6")
            page.keyboard.press("Enter")
            expect(page.locator("#display")).to_have_text("7407")
            assert_layout(page, "basic")
            g = page.evaluate(geometry_script)
            assert g["history"][3] - g["history"][1] >= 40, f"the history is {g['history']}"
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.screenshot(path=str(screenshots / f"layout-{viewport}.png"))
            for name in ["units", "dates", "format"]:
                open_panel(page, name)
                page.evaluate("() => window.scrollTo(0, 0)")
                assert_layout(page, f"with the {name} panel open")
            page.screenshot(path=str(screenshots / f"layout-{viewport}-panels.png"))
            for name in ["units", "dates", "format"]:
                page.locator(f"#panel-{name} summary").click()
            page.locator("#share").click()
            assert_layout(page, "with the Share panel open")
            page.locator("#share").click()
            if page.locator("#toggle-scientific").is_visible():
                page.locator("#toggle-scientific").click()
            expect(key(page, "sin")).to_be_visible()
            assert_layout(page, "with the scientific keys")
            page.keyboard.press("Escape")
            page.keyboard.type("12345678901234567890123456789012")  # 32 digits: still the largest text
            expect(page.locator("#display")).to_have_text(re.compile(r"^1234567890"))
            assert_layout(page, "a 32-digit number")
            page.screenshot(path=str(screenshots / f"layout-{viewport}-scientific.png"))
            page.locator("#toggle-programmer").click()
            expect(page.locator("#calculator")).to_have_attribute("data-mode", "programmer")
            assert_layout(page, "programmer mode")
            page.locator("#toggle-programmer").click()
            expect(page.locator("#calculator")).to_have_attribute("data-mode", "scientific")

    # ---- 5. history and clipboard ----

    def history_recall_clear_copy_and_paste(viewport):
        with opened(viewport, permissions=("clipboard-read", "clipboard-write")) as page:
            display = page.locator("#display")
            page.keyboard.type("12*3")
            page.keyboard.press("Enter")
            page.keyboard.type("5-7")
            page.keyboard.press("Enter")
            entries = page.locator("#history .history-entry")
            expect(entries).to_have_count(2)
            expect(entries.nth(0)).to_be_visible()
            entries.nth(0).click()  # 36 back on the display
            expect(display).to_have_text("36")
            page.keyboard.type("+4")
            page.keyboard.press("Enter")
            expect(display).to_have_text("40")
            entries.nth(0).focus()
            page.keyboard.press("Tab")  # to the next entry, as a person moves from one to the next
            page.keyboard.press("Enter")  # -2, by the keyboard
            expect(display).to_have_text("-2")
            page.locator("#display").click()
            page.keyboard.press("Control+c")
            assert page.evaluate("() => navigator.clipboard.readText()") == "-2"
            page.locator("#copy-display").click()
            expect(page.locator("#status")).to_have_text("Copied -2.")
            session = page.locator("#calculator").get_attribute("data-session")
            token = page.evaluate("() => localStorage.getItem('calculator.session.token')")
            assert api("PATCH", f"{base}/sessions/{session}", token=token, body={"locale": "de-DE", "grouping": True}) == 200
            page.reload()
            expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
            page.evaluate("() => navigator.clipboard.writeText('1.234,5')")
            page.keyboard.press("Escape")
            page.locator("#display").click()
            page.keyboard.press("Control+v")
            expect(display).to_have_text("1.234,5")
            page.keyboard.type("*2")
            page.keyboard.press("Enter")
            expect(display).to_have_text("2.469")
            page.locator("#clear-history").click()
            expect(entries).to_have_count(0)
            expect(page.locator("#history-empty")).to_be_visible()
            kept = page.evaluate("""async ([url, token]) => (await (await fetch(url, {
                headers: { Authorization: `Bearer ${token}` } })).json()).history.length""",
                                 [f"{base}/sessions/{session}/history", token])
            assert kept == 0, f"the server still holds {kept} calculations"

    # ---- 6. themes, focus, tap targets, axe-core ----

    def axe_violations(page):
        page.evaluate(axe_source)
        result = page.evaluate("""async () => {
            const r = await axe.run(document, { resultTypes: ['violations'] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact,
                nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
        }""")
        return result

    axe_results = {}

    def no_serious_axe_violation_in_both_themes_and_programmer_mode(viewport):
        for scheme in ["dark", "light"]:
            with opened(viewport, color_scheme=scheme) as page:
                page.keyboard.type("1/7=")
                found = {}
                found["calculator"] = axe_violations(page)
                page.locator("#toggle-programmer").click()
                expect(page.locator("#calculator")).to_have_attribute("data-mode", "programmer")
                expect(page.locator('#programmer-grid button[data-key="and"]')).to_be_visible()
                found["programmer"] = axe_violations(page)
                page.locator("#toggle-programmer").click()
                expect(page.locator("#calculator")).to_have_attribute("data-mode", "scientific")
                open_panel(page, "units")
                page.locator("#share").click()
                found["panels"] = axe_violations(page)
                for what, violations in found.items():
                    axe_results[f"{viewport} {scheme} {what}"] = [f"{v['id']} ({v['impact']})" for v in violations]
                bad = {what: [v for v in violations if v["impact"] in ("serious", "critical")]
                       for what, violations in found.items()}
                bad = {what: v for what, v in bad.items() if v}
                assert not bad, f"{scheme}: {json.dumps(bad)}"
                if viewport == "wide" or viewport == "phone-sideways":
                    page.screenshot(path=str(screenshots / f"theme-{viewport}-{scheme}.png"))

    def the_light_theme_follows_the_system_and_a_toggle(viewport):
        with opened(viewport, color_scheme="light") as page:
            background = lambda: page.evaluate("() => getComputedStyle(document.body).backgroundColor")
            assert background() == "rgb(242, 242, 245)", background()
            page.keyboard.type("1234.5*6")
            page.keyboard.press("Enter")
            expect(page.locator("#display")).to_have_text("7407")
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.screenshot(path=str(screenshots / f"light-{viewport}.png"))
            toggle = page.locator("#toggle-theme")
            expect(toggle).to_have_attribute("aria-pressed", "true")
            toggle.click()
            assert background() == "rgb(0, 0, 0)", background()
            page.reload()
            expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
            assert background() == "rgb(0, 0, 0)", "the chosen theme was not kept"
            page.locator("#toggle-theme").click()
            assert background() == "rgb(242, 242, 245)", background()
        with opened(viewport, color_scheme="dark") as page:
            assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"

    def focus_is_visible_and_targets_are_large_enough(viewport):
        with opened(viewport) as page:
            open_panel(page, "format")
            page.locator("#share").click()
            small = page.evaluate("""() => [...document.querySelectorAll('button, input, select, summary, a[href]')]
                .filter((e) => e.offsetParent !== null && !e.closest('.shortcuts'))
                .map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.dataset.key || e.textContent.trim(), r.width, r.height]; })
                .filter(([, w, h]) => w < 24 || h < 24)""")
            assert not small, f"tap targets under 24 px: {small}"
            unseen = []
            page.locator("#display").click()
            for _ in range(40):
                page.keyboard.press("Tab")
                outline = page.evaluate("""() => { const e = document.activeElement; const s = getComputedStyle(e);
                    return [e.id || e.dataset.key || e.tagName, s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
                if outline[1] == "none" or outline[2] < 2:
                    unseen.append(outline[0])
            assert not unseen, f"focus not visible on {unseen}"

    # ---- 7. locale-aware fields ----

    def locale_aware_fields_at_the_apis_limits(viewport):
        with opened(viewport) as page:
            offered = page.evaluate("() => [...document.querySelectorAll('#format-locale option')].map((o) => o.value)")
            assert sorted(offered) == sorted(server_locales()), \
                f"missing {set(server_locales()) - set(offered)}, extra {set(offered) - set(server_locales())}"
            open_panel(page, "format")
            page.locator("#format-locale").select_option("de-DE")
            page.locator("#format-form button[type=submit]").click()
            expect(key(page, ".")).to_have_text(",")
            page.locator("#display").click()
            page.keyboard.type("1,5*2")
            page.keyboard.press("Enter")
            expect(page.locator("#display")).to_have_text("3")
            open_panel(page, "units")
            page.select_option("#unit-category", "length")
            page.select_option("#unit-from", "mi")
            page.select_option("#unit-to", "km")
            type_into(page, "#unit-value", "1,5", then="Enter")
            expect(page.locator("#unit-result")).to_contain_text("2.414016")
            open_panel(page, "dates")
            page.locator("#date-start").click(position={"x": 10, "y": 10})  # its first part, the month (en-US)
            page.keyboard.type("01010001")
            type_into(page, "#date-years", "0")
            type_into(page, "#date-months", "119988")
            type_into(page, "#date-weeks", "0")
            # The field takes the API's largest amount and sends it; from 0001-01-01 that is past the calendar.
            with page.expect_request(lambda r: "/dates/add" in r.url and "months=119988" in r.url):
                type_into(page, "#date-days", "0", then="Enter")
            expect(page.locator("#date-sum")).to_contain_text("outside the calendar: change the date or the amounts")
            type_into(page, "#date-months", "119989", then="Enter")
            expect(page.locator("#date-sum")).to_have_text(
                "Months is a whole number from 0 to 119,988; correct it and try again.")

    # ---- 8. messages for a person ----

    def a_restarted_memory_store_is_not_called_an_expiry():
        arguments = ["--store", "memory", "--log-level", "warning"]
        context = browser.new_context(viewport=VIEWPORTS["phone"][0], color_scheme="dark")
        try:
            # The second server holds the first one's port, as a restarted service does; the page keeps its address.
            with fixture.calculator_server(binary, arguments) as first_server:
                port = first_server.port
                page = context.new_page()
                page.on("pageerror", lambda error: page_errors.append(str(error)))
                page.goto(f"http://127.0.0.1:{port}/")
                expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
                page.keyboard.type("2+2=")
                expect(page.locator("#display")).to_have_text("4")
                first = page.locator("#calculator").get_attribute("data-session")
            with fixture.calculator_server(binary, ["--host", "127.0.0.1", "--port", str(port), *arguments]):
                page.keyboard.type("7")
                expect(page.locator("#display")).to_have_text("7")
                assert page.locator("#calculator").get_attribute("data-session") != first
                status = page.locator("#status")
                expect(status).to_have_text(
                    "The previous session is no longer on the server, so this is a new one with an empty history.")
                assert "expired" not in status.text_content()
        finally:
            context.close()

    run.check("issue 45: typing into the converter, dates and decimals stays in the field; Enter submits its form",
              lambda: every_viewport(typing_goes_into_the_focused_field))
    run.check("issue 45: the API key box takes key-2024-ab as typed, Enter submits it, in plain words",
              the_api_key_box_takes_what_is_typed)
    run.check("issue 45: shortcuts (s, @, q, m) and the ? overlay", lambda: every_viewport(shortcuts_and_their_help))
    run.check("issue 45: a watch-only link opened in the same browser leaves the own session; the watch-only view",
              lambda: every_viewport(a_shared_link_never_replaces_the_own_session))
    run.check("issue 45: a full-control link asks before opening, and the own session stays",
              lambda: every_viewport(a_full_control_link_asks_first))
    run.check("issue 45: the Share panel reuses a link per scope, lists links with scope and expiry, revokes them",
              lambda: every_viewport(the_share_panel_lists_reuses_and_revokes))
    run.check("issue 45: no panel covers a key, the display shows, the result is the largest text; screenshots",
              lambda: every_viewport(layout_holds_at_every_size))
    run.check("issue 45: history entries recall by click and Enter; Clear history; Ctrl+C, Copy, Ctrl+V in de-DE",
              lambda: every_viewport(history_recall_clear_copy_and_paste))
    run.check("issue 45: the light theme follows prefers-color-scheme and a kept toggle",
              lambda: every_viewport(the_light_theme_follows_the_system_and_a_toggle))
    run.check("issue 45: focus visible on 40 Tab stops; every target at least 24x24 px",
              lambda: every_viewport(focus_is_visible_and_targets_are_large_enough))
    run.check("issue 45: axe-core finds no serious or critical violation, both themes, programmer mode, panels",
              lambda: every_viewport(no_serious_axe_violation_in_both_themes_and_programmer_mode))
    run.check("issue 45: every API locale; 1,5 typed in de-DE on keys and in the converter; Months up to 119,988",
              lambda: every_viewport(locale_aware_fields_at_the_apis_limits))
    run.check("issue 45: a memory-store restart starts a new session without claiming an expiry",
              a_restarted_memory_store_is_not_called_an_expiry)
    return axe_results
