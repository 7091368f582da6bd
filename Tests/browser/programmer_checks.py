"""The web page's programmer mode, variables and gradian toggle (issue 28), as checks for test_web.py's run.

They start from whatever the earlier checks left and end in scientific mode with angles in degrees.
"""

import re

from playwright.sync_api import expect


def add_programmer_checks(run, page, screenshots, phone, wide, settle_for_screenshot):
    calculator = page.locator("#calculator")
    display = page.locator("#display")
    status = page.locator("#status")

    def key(name):
        return page.locator(f'#programmer-grid button[data-key="{name}"]')

    def segment(name):
        return page.locator(f'.segment[data-key="{name}"]')

    def radix_line(name):
        return page.locator(f"#radix-{name}")

    def switches_to_programmer_mode():
        page.set_viewport_size(phone)
        page.locator("#toggle-programmer").click()
        expect(calculator).to_have_attribute("data-mode", "programmer")
        expect(page.locator("#toggle-programmer")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#toggle-grad")).to_be_hidden()
        expect(page.locator("#keys-basic")).to_be_hidden()
        expect(key("A")).to_be_visible()
        expect(page.locator("#radixes")).to_be_visible()
        expect(page.locator("#ind-angle")).to_be_hidden()
        key("AC").click()
        expect(display).to_have_text("0")

    def hex_digits_and_the_radix_lines():
        segment("hex").click()
        expect(segment("hex")).to_have_attribute("aria-pressed", "true")
        for name in ["F", "F"]:
            key(name).click()
        expect(display).to_have_text("FF")
        expect(radix_line("hex")).to_have_text("FF")
        expect(radix_line("dec")).to_have_text("255")
        expect(radix_line("oct")).to_have_text("377")
        expect(radix_line("bin")).to_have_text("11111111")
        page.locator('#radixes button[data-key="dec"]').click()  # a radix line shows the display in its radix
        expect(display).to_have_text("255")
        expect(segment("dec")).to_have_attribute("aria-pressed", "true")
        segment("hex").click()
        expect(display).to_have_text("FF")

    def word_selector_and_bitwise_keys():
        segment("byte").click()
        expect(segment("byte")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#ind-word")).to_have_text("BYTE")
        expect(display).to_have_text("FF")
        expect(radix_line("dec")).to_have_text("-1")
        for name in ["and", "0", "F", "="]:
            key(name).click()
        expect(display).to_have_text("F")
        key("not").click()
        expect(display).to_have_text("F0")
        key("rol").click()
        expect(display).to_have_text("E1")
        for name in ["lsh", "1", "="]:
            key(name).click()
        expect(display).to_have_text("C2")
        for name in ["xor", "(", "3", "or", "4", ")", "="]:
            key(name).click()
        expect(display).to_have_text("C5")
        segment("qword").click()
        expect(radix_line("dec")).to_have_text("-59")
        expect(display).to_have_text("FFFFFFFFFFFFFFC5")

    def digits_outside_the_radix_are_greyed_and_refused():
        key("AC").click()
        segment("bin").click()
        expect(key("2")).to_be_disabled()
        expect(key("1")).to_be_enabled()
        page.keyboard.type("101")
        expect(display).to_have_text("101")
        page.keyboard.type("2")  # refused with 422: the status says why, the display stays
        expect(status).to_contain_text("not a digit in bin")
        expect(display).to_have_text("101")
        segment("hex").click()
        expect(key("2")).to_be_enabled()
        page.keyboard.press("Escape")
        page.keyboard.type("ab")  # letters type hex digits in programmer mode
        expect(display).to_have_text("AB")
        expect(status).to_have_text("")

    def variables_wait_for_their_key():
        key("sto").click()
        expect(page.locator("#ind-awaiting")).to_have_text("STO")
        expect(key("x")).to_have_class(re.compile(r"is-active"))
        key("x").click()
        expect(page.locator("#ind-awaiting")).to_be_hidden()
        expect(page.locator("#variables")).to_have_text("x = AB")
        key("AC").click()
        for name in ["rcl", "x", "+", "1", "="]:
            key(name).click()
        expect(display).to_have_text("AC")
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "phone-programmer.png"))

    def the_memory_list_in_hex():
        memories = page.locator("#memory-list li .memory-value")
        entry = page.locator("#memory-list")
        key("mc").click()  # the whole list
        expect(page.locator("#memory-panel")).to_be_hidden()
        key("m+").click()  # AC: the panel and its MS come with the first entry
        expect(memories).to_have_text(["AC"])
        key("1").click()
        page.locator("#memory-store").click()
        expect(memories).to_have_text(["1", "AC"])
        key("F").click()
        entry.get_by_role("button", name="memory 2 add", exact=True).click()
        expect(memories).to_have_text(["1", "BB"])
        entry.get_by_role("button", name="memory 2 recall", exact=True).click()
        expect(display).to_have_text("BB")
        entry.get_by_role("button", name="memory 1 clear", exact=True).click()
        expect(memories).to_have_text(["BB"])
        key("mc").click()
        expect(page.locator("#memory-panel")).to_be_hidden()
        key("AC").click()
        for name in ["rcl", "x", "+", "1", "="]:
            key(name).click()
        expect(display).to_have_text("AC")

    def back_to_scientific_keeps_the_integer():
        page.set_viewport_size(wide)
        page.locator("#toggle-programmer").click()
        expect(calculator).to_have_attribute("data-mode", "scientific")
        expect(page.locator("#toggle-programmer")).to_have_attribute("aria-pressed", "false")
        expect(display).to_have_text("172")
        expect(page.locator("#radixes")).to_be_hidden()
        expect(page.locator('#keys-basic button[data-key="7"]')).to_be_visible()
        expect(page.locator("#variables")).to_have_text("x = 171")

    def gradian_toggle():
        toggle = page.locator("#toggle-grad")
        toggle.click()
        expect(page.locator("#ind-angle")).to_have_text("GRAD")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("Escape")
        page.keyboard.type("100")
        page.locator('#keys-scientific button[data-key="sin"]').click()
        expect(display).to_have_text("1")
        toggle.click()
        expect(page.locator("#ind-angle")).to_have_text("DEG")
        expect(toggle).to_have_attribute("aria-pressed", "false")

    run.check("the mode switch shows the programmer keypad and the radix lines", switches_to_programmer_mode)
    run.check("hex digits; the four radix lines; a line's button changes the radix", hex_digits_and_the_radix_lines)
    run.check("the word selector truncates; and, not, rol, lsh, xor, or and parentheses", word_selector_and_bitwise_keys)
    run.check("digits outside the radix are greyed and refused (422 in the status); letters type hex digits",
              digits_outside_the_radix_are_greyed_and_refused)
    run.check("sto waits for its variable (indicator), rcl recalls it; screenshot", variables_wait_for_their_key)
    run.check("the memory list in programmer mode: MS, an entry's M+ and MR in hex, MC", the_memory_list_in_hex)
    run.check("back in scientific mode the integer stays", back_to_scientific_keeps_the_integer)
    run.check("the gradian toggle: GRAD, sin 100 = 1, and back to degrees", gradian_toggle)
