"""A fresh page of the run's server at each viewport the layout checks cover (person_checks.VIEWPORTS), for the
checks of one mode at every size."""

from playwright.sync_api import expect

from person_checks import VIEWPORTS


def at_every_viewport(browser, base, page_errors, body):
    """Calls body(name, viewport, page) for each viewport with a ready page in a context of its own, closed after; a
    failure names the viewport."""
    for name, (viewport, scale) in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=scale, color_scheme="dark")
        try:
            page = context.new_page()
            page.on("pageerror", lambda error: page_errors.append(str(error)))
            page.goto(base + "/")
            expect(page.locator("#calculator")).to_have_attribute("data-ready", "true")
            body(name, viewport, page)
        except Exception as error:
            raise AssertionError(f"at {name}: {type(error).__name__}: {error}") from None
        finally:
            context.close()
