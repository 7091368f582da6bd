"""The web page's statistics mode and memory list (issue 48), as checks for test_web.py's run: entering, removing and
clearing data and the memory list's keys at the phone and the wide viewport, and the mode's keys, data set and memory
list laid out at every viewport the page's layout checks cover.

They start from whatever the earlier checks left and end in scientific mode with an empty memory list and data set.
"""

from playwright.sync_api import expect

from viewports import at_every_viewport


def add_statistics_checks(run, browser, page, base, screenshots, phone, wide, settle_for_screenshot, page_errors):
    calculator = page.locator("#calculator")
    display = page.locator("#display")
    toggle = page.locator("#toggle-statistics")
    data = page.locator("#data-list li")
    memories = page.locator("#memory-list li")

    def key(name):
        return page.locator(f'#statistics-keys button[data-key="{name}"]')

    def typed(text):
        """Digits clicked on the basic keypad (typing goes to a panel's field while one has the focus)."""
        for digit in text:
            page.locator(f'#keys-basic button[data-key="{digit}"]').click()

    def inside(selector, viewport):
        boxes = page.evaluate("""(selector) => [...document.querySelectorAll(selector)].map((b) => {
            const r = b.getBoundingClientRect(); return [b.dataset.key || b.textContent, r.left, r.right]; })""", selector)
        return len(boxes), [box[0] for box in boxes if box[1] < 0 or box[2] > viewport["width"]]

    def enter_point(x, y):
        typed(x)
        key("pair").click()
        typed(y)
        key("sigma+").click()

    def switches_to_statistics_mode_and_enters_pairs():
        page.set_viewport_size(phone)
        toggle.click()
        expect(calculator).to_have_attribute("data-mode", "statistics")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#statistics-panel")).to_be_visible()
        expect(page.locator('#keys-basic button[data-key="7"]')).to_be_visible()
        expect(data).to_have_count(0)
        for x, y in [("1", "2"), ("2", "4"), ("3", "7")]:
            enter_point(x, y)
        expect(display).to_have_text("3")
        expect(data).to_have_text(["(1, 2)×", "(2, 4)×", "(3, 7)×"])
        key("meanx").click()
        expect(display).to_have_text("2")
        key("slope").click()
        expect(display).to_have_text("2.5")
        count, outside = inside("#statistics-panel button", phone)
        assert count >= 25 and not outside, f"statistics buttons outside the phone's width: {outside}"
        page.locator("#statistics-panel").scroll_into_view_if_needed()
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "phone-statistics.png"))

    def a_point_is_removed_and_the_data_cleared():
        page.set_viewport_size(wide)
        page.evaluate("() => window.scrollTo(0, 0)")
        count, outside = inside("#statistics-panel button", wide)
        assert count >= 25 and not outside, f"statistics buttons outside 1280x800: {outside}"
        page.get_by_role("button", name="Remove point 2, (2, 4)").click()
        expect(data).to_have_text(["(1, 2)×", "(3, 7)×"])
        key("n").click()
        expect(display).to_have_text("2")
        settle_for_screenshot()
        page.screenshot(path=str(screenshots / "wide-statistics.png"))
        page.locator("#data-clear").click()
        expect(data).to_have_count(0)
        expect(page.locator("#data-clear")).to_be_hidden()
        toggle.click()
        expect(calculator).to_have_attribute("data-mode", "scientific")
        expect(page.locator("#statistics-panel")).to_be_hidden()

    def the_memory_list(viewport):
        def check():
            page.set_viewport_size(viewport)
            ms = page.locator("#memory-store")
            # What earlier checks left in memory goes first (mc:1 clears the first entry).
            for _ in range(8):
                if memories.count() == 0:
                    break
                page.locator("#memory-list").get_by_role("button", name="memory 1 clear", exact=True).click()
            expect(page.locator("#memory-panel")).to_be_hidden()
            page.keyboard.press("Escape")
            typed("5")
            page.keyboard.press("m")  # m+: the panel and its MS come with the first entry
            expect(memories.locator(".memory-value")).to_have_text(["5"])
            page.keyboard.press("Escape")
            typed("7")
            ms.click()
            expect(memories.locator(".memory-value")).to_have_text(["7", "5"])
            page.keyboard.press("Escape")
            typed("3")
            page.locator("#memory-list").get_by_role("button", name="memory 2 add", exact=True).click()
            expect(memories.locator(".memory-value")).to_have_text(["7", "8"])
            page.locator("#memory-list").get_by_role("button", name="memory 2 recall", exact=True).click()
            expect(display).to_have_text("8")
            count, outside = inside("#memory-panel button", viewport)
            assert count == 9 and not outside, f"memory buttons outside the window: {outside}"
            page.locator("#memory-list").get_by_role("button", name="memory 1 clear", exact=True).click()
            expect(memories.locator(".memory-value")).to_have_text(["8"])
            page.locator("#memory-list").get_by_role("button", name="memory 1 clear", exact=True).click()
            expect(page.locator("#memory-panel")).to_be_hidden()
        return check

    geometry = """() => {
        const shown = (e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; };
        const selector = '#statistics-panel button, #data-list li, #memory-panel button, #keys-basic button, #display';
        const shownParts = [...document.querySelectorAll(selector)].filter(shown);
        const parts = shownParts.map((e) => [e.dataset.key || e.id || e.getAttribute('aria-label') || e.textContent.trim(), ...box(e)]);
        const overflowing = shownParts.filter((e) => e.tagName === 'BUTTON')
            .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)
            .map((b) => b.dataset.key || b.getAttribute('aria-label') || b.textContent.trim());
        return { parts, overflowing, width: innerWidth };
    }"""

    def fits(name, viewport, opened):
        """Statistics mode on a fresh page: two pairs entered by clicks, r worked out, the slope and r put in the memory list (m+, MS);
        every key, data point and memory entry within the window's width (the page scrolls down, never across) and no
        text wider or taller than its key."""
        opened.locator("#toggle-statistics").click()
        expect(opened.locator("#calculator")).to_have_attribute("data-mode", "statistics")
        for x, y in [("2", "3"), ("4", "7")]:
            for each in [x, "pair", y, "sigma+"]:
                opened.locator(f'#keypad button[data-key="{each}"], #statistics-keys button[data-key="{each}"]').first.click()
        expect(opened.locator("#data-list li")).to_have_text(["(2, 3)×", "(4, 7)×"])
        opened.locator('#statistics-keys button[data-key="slope"]').click()
        expect(opened.locator("#display")).to_have_text("2")
        opened.keyboard.press("m")  # m+: the memory panel and its MS come with the first entry
        expect(opened.locator("#memory-list li .memory-value")).to_have_text(["2"])
        opened.locator('#statistics-keys button[data-key="r"]').click()
        expect(opened.locator("#display")).to_have_text("1")
        opened.locator("#memory-store").click()
        expect(opened.locator("#memory-list li .memory-value")).to_have_text(["1", "2"])
        opened.evaluate("() => window.scrollTo(0, 0)")
        opened.screenshot(path=str(screenshots / f"statistics-{name}.png"), full_page=True)
        g = opened.evaluate(geometry)
        names = [part[0] for part in g["parts"]]
        for each in ["sigma+", "sigma-", "pair", "n", "meanx", "slope", "intercept", "r", "display"]:
            assert each in names, f"{each} is not shown"
        outside = [p[0] for p in g["parts"] if p[1] < -0.5 or p[2] > g["width"] + 0.5]
        assert not outside, f"wider than the {g['width']} px window: {outside}"
        assert not g["overflowing"], f"text wider or taller than its key: {g['overflowing']}"

    run.check("the Statistics switch shows its keys; x , y Σ+ enters pairs; x̄ and the slope", switches_to_statistics_mode_and_enters_pairs)
    run.check("a point's × takes it out, Clear data empties the set; back to scientific", a_point_is_removed_and_the_data_cleared)
    run.check("the memory list on a phone: MS adds, an entry's M+, MR and MC act on it", the_memory_list(phone))
    run.check("the memory list at 1280x800", the_memory_list(wide))
    run.check("statistics mode at every viewport: its keys, the data set and the memory list within the width, no text "
              "past its key", lambda: at_every_viewport(browser, base, page_errors, fits))
