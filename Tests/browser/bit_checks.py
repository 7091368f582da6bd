"""The web page's bit grid in programmer mode (issue 48), as checks for test_web.py's run: the Bits toggle puts the
grid in the place of the programmer keys, a click flips a bit, the bits past the word are greyed out, the count of
one bits shows, and the grid fits every viewport of the layout checks with targets of 24 px at least.

The checks on the run's page start in scientific mode and end there, with radix dec and word qword.
"""

from playwright.sync_api import expect

from viewports import at_every_viewport


def add_bit_checks(run, browser, page, base, screenshots, phone, settle_for_screenshot, page_errors):
    calculator = page.locator("#calculator")
    display = page.locator("#display")

    def bit(n):
        return page.locator(f'#bit-grid button[data-key="bit{n}"]')

    def segment(name):
        return page.locator(f'.segment[data-key="{name}"]')

    def the_bits_toggle_shows_the_grid():
        page.set_viewport_size(phone)
        expect(page.locator("#toggle-bits")).to_be_hidden()  # programmer mode's only
        page.locator("#toggle-programmer").click()
        expect(calculator).to_have_attribute("data-mode", "programmer")
        segment("dec").click()
        segment("byte").click()
        page.locator("#toggle-bits").click()
        expect(page.locator("#toggle-bits")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#bit-grid .bit")).to_have_count(64)
        expect(page.locator("#programmer-grid")).to_be_hidden()
        page.keyboard.press("Escape")
        expect(display).to_have_text("0")

    def a_click_flips_a_bit():
        bit(0).click()
        bit(3).click()
        expect(display).to_have_text("9")
        expect(bit(3)).to_have_attribute("aria-pressed", "true")
        expect(bit(3)).to_have_text("1")
        expect(page.locator("#bit-count")).to_have_text("2 of 8 bits set")
        bit(7).click()  # the sign bit of a byte: 1000 1001 is -119
        expect(display).to_have_text("-119")
        expect(bit(8)).to_be_disabled()
        expect(bit(63)).to_be_disabled()
        page.keyboard.type("+")
        bit(1).click()  # after an operator the flipped value is the right operand: -119 with bit 1 set is -117
        page.keyboard.press("Enter")
        expect(display).to_have_text("20")  # -119 + -117 = -236, which wraps to 20 in a byte
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "phone-bits.png"))

    def back_to_the_keys_and_scientific_mode():
        segment("qword").click()
        expect(bit(8)).to_be_enabled()
        page.locator("#toggle-bits").click()
        expect(page.locator("#programmer-grid")).to_be_visible()
        expect(page.locator("#bit-grid")).to_be_hidden()
        page.locator("#toggle-programmer").click()
        expect(calculator).to_have_attribute("data-mode", "scientific")
        expect(page.locator("#toggle-bits")).to_be_hidden()

    geometry = """() => [...document.querySelectorAll('#bit-grid .bit')].map((b) => {
        const r = b.getBoundingClientRect(); return [b.dataset.key, r.left, r.top, r.right, r.bottom, r.width, r.height,
            b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight]; })"""

    def fits(name, viewport, opened):
        opened.locator("#toggle-programmer").click()
        expect(opened.locator("#calculator")).to_have_attribute("data-mode", "programmer")
        opened.locator("#toggle-bits").click()
        opened.locator('#bit-grid button[data-key="bit62"]').click()
        expect(opened.locator("#display")).to_have_text("4611686018427387904")
        opened.evaluate("() => window.scrollTo(0, 0)")
        opened.screenshot(path=str(screenshots / f"bits-{name}.png"))
        boxes = opened.evaluate(geometry)
        assert len(boxes) == 64, f"{len(boxes)} bits"
        small = [b[0] for b in boxes if b[5] < 24 or b[6] < 24]
        assert not small, f"bits under 24 px: {small}"
        width, height = viewport["width"], viewport["height"]
        outside = [b[0] for b in boxes if b[1] < -0.5 or b[3] > width + 0.5 or b[2] < -0.5 or b[4] > height + 0.5]
        assert not outside, f"bits outside the {width}x{height} window: {outside}"
        assert not [b[0] for b in boxes if b[7]], "a bit's digit is larger than its button"

    run.check("bit grid: the Bits toggle shows 64 bits in the place of the programmer keys", the_bits_toggle_shows_the_grid)
    run.check("bit grid: a click flips a bit; the bits past a byte are greyed; the count; screenshot", a_click_flips_a_bit)
    run.check("bit grid: back to the keys, and to scientific mode", back_to_the_keys_and_scientific_mode)
    run.check("bit grid at every viewport: 64 bits of 24 px at least, inside the window",
              lambda: at_every_viewport(browser, base, page_errors, fits))
