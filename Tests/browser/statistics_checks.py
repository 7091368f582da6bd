"""The web page's statistics mode and memory list (issue 48), as checks for test_web.py's run, at the phone and the
wide viewport.

They start from whatever the earlier checks left and end in scientific mode with an empty memory list and data set.
"""

from playwright.sync_api import expect


def add_statistics_checks(run, page, screenshots, phone, wide, settle_for_screenshot):
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

    run.check("the Statistics switch shows its keys; x , y Σ+ enters pairs; x̄ and the slope", switches_to_statistics_mode_and_enters_pairs)
    run.check("a point's × takes it out, Clear data empties the set; back to scientific", a_point_is_removed_and_the_data_cleared)
    run.check("the memory list on a phone: MS adds, an entry's M+, MR and MC act on it", the_memory_list(phone))
    run.check("the memory list at 1280x800", the_memory_list(wide))
