"""The web page's RPN mode (issue 48), as checks for test_web.py's run: the mode switch, the stack's four lines above
the display, the stack keys and ENTER in the place of =, HP's sequences by clicks and by the keyboard, and the mode
at every viewport the page's layout checks cover.

The checks on the run's page start from whatever the earlier checks left and end in scientific mode.
"""

from playwright.sync_api import expect

from viewports import at_every_viewport


def add_rpn_checks(run, browser, page, base, screenshots, phone, settle_for_screenshot, page_errors):
    calculator = page.locator("#calculator")
    display = page.locator("#display")
    status = page.locator("#status")

    def key(name):
        return page.locator(f'#keypad button[data-key="{name}"]')

    def level(name):
        return page.locator(f"#rpn-{name}")

    def expect_stack(x, y, z, t):
        for name, value in (("x", x), ("y", y), ("z", z), ("t", t)):
            expect(level(name)).to_have_text(value)

    def switches_to_rpn_mode():
        page.set_viewport_size(phone)
        toggle = page.locator("#toggle-rpn")
        toggle.click()
        expect(calculator).to_have_attribute("data-mode", "rpn")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#rpn-stack")).to_be_visible()
        expect(page.locator("#rpn-stack .rpn-name")).to_have_text(["T", "Z", "Y", "X"])
        expect(page.locator("#keys-rpn button")).to_have_count(5)
        for name in ["enter", "swap", "rolldown", "rollup", "lastx"]:
            expect(page.locator(f'#keys-rpn button[data-key="{name}"]')).to_be_visible()
        # ENTER takes the place of =, which RPN mode has no use for; the brackets are gone.
        expect(page.locator('#keys-basic button[data-key="enter"]')).to_have_text("⏎")
        expect(page.locator('#keys-basic button[data-key="="]')).to_have_count(0)
        key("AC").click()
        expect_stack("0", "0", "0", "0")

    def hp_sequences_by_clicks():
        for name in ["3", "enter", "4", "+", "5", "*"]:
            key(name).first.click()
        expect(display).to_have_text("35")
        expect_stack("35", "0", "0", "0")
        key("AC").click()
        for name in ["1", "enter", "2", "enter", "3", "enter", "4", "rolldown"]:
            key(name).first.click()
        expect(display).to_have_text("3")
        expect_stack("3", "2", "1", "4")
        for name in ["swap", "-"]:
            key(name).click()
        expect(display).to_have_text("1")  # Y − X: 3 − 2
        key("lastx").click()
        expect_stack("2", "1", "1", "4")
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "phone-rpn.png"))

    def the_keyboard_enters_and_has_no_brackets():
        page.keyboard.press("Escape")
        page.keyboard.type("2")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.keyboard.type("****")
        expect(display).to_have_text("32")  # T repeats as the stack drops
        expect_stack("32", "2", "2", "2")
        page.keyboard.type("(")  # nothing: no key, no refusal
        expect(display).to_have_text("32")
        expect(status).to_have_text("")
        page.locator("#toggle-rpn").click()
        expect(calculator).to_have_attribute("data-mode", "scientific")
        expect(page.locator("#rpn-stack")).to_be_hidden()
        expect(display).to_have_text("32")
        expect(page.locator('#keys-basic button[data-key="="]')).to_have_text("=")

    geometry = """() => {
        const shown = (e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const parts = [...document.querySelectorAll('#keypad button, #rpn-stack li, #display')].filter(shown)
            .filter((e) => getComputedStyle(e).visibility !== 'hidden')
            .map((e) => [e.dataset.key || e.id || e.textContent.trim(), ...box(e)]);
        const overflowing = [...document.querySelectorAll('#keys-rpn button, #keys-basic button')].filter(shown)
            .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight).map((b) => b.dataset.key);
        return { parts, overflowing, width: innerWidth, height: innerHeight };
    }"""

    def fits(name, viewport, opened):
        opened.locator("#toggle-rpn").click()
        expect(opened.locator("#calculator")).to_have_attribute("data-mode", "rpn")
        for each in ["7", "enter", "6"]:
            opened.locator(f'#keypad button[data-key="{each}"]').first.click()
        expect(opened.locator("#rpn-y")).to_have_text("7")
        opened.screenshot(path=str(screenshots / f"rpn-{name}-basic.png"))
        if opened.locator("#toggle-scientific").is_visible():
            opened.locator("#toggle-scientific").click()
        opened.locator('#keypad button[data-key="sin"]').click()
        expect(opened.locator("#display")).to_have_text("0.1045284632676535")
        opened.evaluate("() => window.scrollTo(0, 0)")
        opened.screenshot(path=str(screenshots / f"rpn-{name}.png"))
        g = opened.evaluate(geometry)
        names = [part[0] for part in g["parts"]]
        for each in ["enter", "swap", "rolldown", "rollup", "lastx", "display"]:
            assert each in names, f"{each} is not shown"
        expect(opened.locator("#rpn-stack li")).to_have_count(4)
        outside = [p[0] for p in g["parts"] if p[1] < -0.5 or p[2] < -0.5 or p[3] > g["width"] + 0.5 or p[4] > g["height"] + 0.5]
        assert not outside, f"outside the {g['width']}x{g['height']} window: {outside}"
        assert not g["overflowing"], f"text wider or taller than its key: {g['overflowing']}"

    run.check("RPN mode: the switch shows the stack's four lines, the stack keys and ENTER for =", switches_to_rpn_mode)
    run.check("RPN mode: 3 ENTER 4 + 5 × is 35; R↓, x⇄y and LASTx move the stack; screenshot", hp_sequences_by_clicks)
    run.check("RPN mode: Enter is ENTER and T repeats (2 ENTER ENTER ENTER × × × × is 32); back to scientific",
              the_keyboard_enters_and_has_no_brackets)
    run.check("RPN mode at every viewport: the stack and its keys inside the window, no text past its key",
              lambda: at_every_viewport(browser, base, page_errors, fits))
