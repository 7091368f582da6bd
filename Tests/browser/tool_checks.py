"""The web page's converter, date and format panels (issue 37), as checks for test_web.py's run.

They start from whatever the earlier checks left (scientific mode) and end with the standard format, no units set,
and the panels closed.
"""

from playwright.sync_api import expect


def add_tool_checks(run, page, screenshots, phone, wide, settle_for_screenshot):
    display = page.locator("#display")

    def open_panel(name):
        panel = page.locator(f"#panel-{name}")
        if panel.get_attribute("open") is None:
            panel.locator("summary").click()
        return panel

    def close_panels():
        for name in ["units", "dates", "format"]:
            panel = page.locator(f"#panel-{name}")
            if panel.get_attribute("open") is not None:
                panel.locator("summary").click()

    def convert(category, source, target, value, *shown):
        page.select_option("#unit-category", category)
        page.select_option("#unit-from", source)
        page.select_option("#unit-to", target)
        page.fill("#unit-value", value)
        page.locator("#unit-form button[type=submit]").click()
        for text in shown:
            expect(page.locator("#unit-result")).to_contain_text(text)

    def converts_units_exactly():
        page.set_viewport_size(phone)
        # A phone showing the scientific keys leaves no room for the panels: they come back with the basic keypad.
        if page.locator("#calculator").get_attribute("data-scientific") == "true":
            page.locator("#toggle-scientific").click()
        expect(page.locator("#panel-units")).to_be_visible()
        open_panel("units")
        convert("length", "mi", "km", "1", "1.609344", "25146/15625 exactly")
        convert("temperature", "degF", "degC", "100", "37.77777777777778", "340/9 exactly")

    def converts_the_display_and_goes_on():
        page.locator('#keypad button[data-key="AC"]').click()
        for name in ["1", "0", "0"]:
            page.locator(f'#keypad button[data-key="{name}"]').click()
        page.locator("#unit-display").click()
        expect(display).to_have_text("37.77777777777778")
        page.locator('#keypad button[data-key="+"]').click()
        page.locator('#keypad button[data-key="1"]').click()
        page.locator('#keypad button[data-key="="]').click()
        expect(display).to_have_text("38.77777777777778")

    def calculates_dates():
        open_panel("dates")
        page.fill("#date-from", "2024-01-31")
        page.fill("#date-to", "2024-03-01")
        page.locator("#date-difference-form button[type=submit]").click()
        expect(page.locator("#date-difference")).to_have_text("1 month, 1 day (30 days)")
        page.fill("#date-start", "2024-03-31")
        page.select_option("#date-operation", "subtract")
        page.fill("#date-months", "1")
        page.fill("#date-days", "1")
        page.locator("#date-add-form button[type=submit]").click()
        expect(page.locator("#date-sum")).to_have_text("2024-02-29")
        # A date field cannot hold 2023-02-29; an emptied one is sent as it is and explained.
        page.fill("#date-from", "")
        page.evaluate("() => document.getElementById('date-from').removeAttribute('required')")
        page.locator("#date-difference-form button[type=submit]").click()
        expect(page.locator("#date-difference")).to_contain_text("is no date")

    def formats_and_locales():
        open_panel("format")
        page.select_option("#format-locale", "de-DE")
        page.check("#format-grouping")
        page.locator("#format-form button[type=submit]").click()
        page.locator('#keypad button[data-key="AC"]').click()
        for name in ["1", "2", "3", "4", "5", "6", "7", ".", "5", "="]:
            page.locator(f'#keypad button[data-key="{name}"]').click()
        expect(display).to_have_text("1.234.567,5")
        page.select_option("#format-locale", "fr-FR")
        page.locator("#format-form button[type=submit]").click()
        expect(display).to_have_text("1\u202f234\u202f567,5")
        page.select_option("#format-locale", "en-IN")
        page.locator("#format-form button[type=submit]").click()
        expect(display).to_have_text("12,34,567.5")
        page.select_option("#format-fraction", "mixed")
        page.locator('#keypad button[data-key="AC"]').click()
        for name in ["1", "0", "/", "4", "="]:
            page.locator(f'#keypad button[data-key="{name}"]').click()
        expect(display).to_have_text("2.5")
        page.locator("#format-form button[type=submit]").click()
        expect(display).to_have_text("2 1/2")

    def the_panels_fit_a_phone():
        page.set_viewport_size(phone)
        for name in ["units", "dates", "format"]:
            open_panel(name)
        widths = page.evaluate("""() => [...document.querySelectorAll('.panels input, .panels select, .panels button, .panels output')]
            .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect().right])""")
        outside = [entry for entry in widths if entry[1] > phone["width"] + 0.5]
        assert len(widths) > 20 and not outside, f"controls past the phone's width: {outside}"
        page.locator(".panels").scroll_into_view_if_needed()
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "phone-panels.png"), full_page=True)
        page.set_viewport_size(wide)
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "wide-panels.png"))

    def back_to_the_standard_format():
        open_panel("format")
        page.select_option("#format-locale", "")
        page.uncheck("#format-grouping")
        page.select_option("#format-fraction", "off")
        page.locator("#format-form button[type=submit]").click()
        expect(display).to_have_text("2.5")
        page.evaluate("() => window.scrollTo(0, 0)")
        close_panels()

    run.check("converter: 1 mi is 1.609344 km exactly, 100 °F is 340/9 °C", converts_units_exactly)
    run.check("converter: the display converted in the session goes on in a calculation", converts_the_display_and_goes_on)
    run.check("dates: a difference, Windows' subtraction, and an impossible date explained", calculates_dates)
    run.check("format: de-DE, fr-FR (U+202F) and en-IN grouping, and a mixed fraction", formats_and_locales)
    run.check("the panels fit a 390-pixel phone; screenshots", the_panels_fit_a_phone)
    run.check("format: back to the standard one", back_to_the_standard_format)
