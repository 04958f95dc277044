"""The viewer's parts: touch gestures (double-tap, pan, pinch, swipes), keys and the zoom button, the details panel
(with what only the photo's own request brings), the download menu's focus and dismissal, and fitting on resize."""

import re

from playwright.sync_api import expect

from conftest import open_first_photo

FIT = """([width, height]) => {
    const stage = document.querySelector('.v-stage'), frame = document.querySelector('.v-frame');
    const ratio = Math.min(stage.clientWidth / width, stage.clientHeight / height);
    return frame.style.width === `${Math.round(width * ratio)}px`
        && frame.style.height === `${Math.round(height * ratio)}px`;
}"""


def offset(frame):
    """The photo's pan, (x, y) in CSS pixels, from its transform."""
    transform = frame.evaluate("(node) => node.style.transform")
    x, y = re.match(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", transform).groups()
    return float(x), float(y)


class Touch:
    """Touches through the DevTools protocol, so the page sees real touch pointers (two at once for a pinch)."""

    def __init__(self, context, page):
        self.cdp = context.new_cdp_session(page)

    def send(self, kind, *points):
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]})

    def drag(self, start, end, steps=6):
        """One finger from `start` to `end`."""
        self.send("touchStart", start)
        for step in range(1, steps + 1):
            self.send("touchMove", (start[0] + (end[0] - start[0]) * step / steps,
                                    start[1] + (end[1] - start[1]) * step / steps))
        self.send("touchEnd")

    def pinch(self, centre, from_gap, to_gap, steps=6):
        """Two fingers either side of `centre`, from `from_gap` to `to_gap` apart."""
        x, y = centre
        self.send("touchStart", (x - from_gap / 2, y), (x + from_gap / 2, y))
        for step in range(1, steps + 1):
            gap = from_gap + (to_gap - from_gap) * step / steps
            self.send("touchMove", (x - gap / 2, y), (x + gap / 2, y))
        self.send("touchEnd")


def test_touch_double_tap_pan_pinch_and_swipes(open_app, web_server):
    # setup
    context, page, shot = open_app("phone", "light")
    feed = context.request.get(f"{web_server.base}/photos?order_by=latest&per_page=2").json()
    viewer, first_id = open_first_photo(page)
    assert first_id == feed[0]["id"]
    touch = Touch(context, page)
    box = viewer.locator(".v-stage").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    frame = viewer.locator(".v-frame")

    # act + assert: a double-tap zooms in around the tap (Chromium also sends a dblclick, which must not undo it)
    page.touchscreen.tap(*centre)
    page.touchscreen.tap(*centre)
    expect(viewer).to_have_attribute("data-scale", "2.50")
    expect(viewer).to_have_class(re.compile(r"\bzoomed\b"))

    # one finger pans the zoomed photo, as far as its edge, and pages nowhere
    limit = page.evaluate("""() => {
        const stage = document.querySelector('.v-stage'), frame = document.querySelector('.v-frame');
        return (parseFloat(frame.style.width) * 2.5 - stage.clientWidth) / 2;
    }""")
    assert limit > 40, "a landscape photo, wider than the phone once zoomed"
    before = offset(frame)
    touch.drag(centre, (centre[0] + 40, centre[1]))
    assert abs(offset(frame)[0] - (before[0] + 40)) < 0.01, (before, offset(frame))
    touch.drag(centre, (centre[0] - 2 * limit, centre[1]))
    assert offset(frame) == (-limit, 0), (limit, offset(frame))
    assert page.url.endswith(f"#/photo/{first_id}")
    expect(viewer).to_have_attribute("data-scale", "2.50")

    # a double-tap zooms back out
    page.touchscreen.tap(*centre)
    page.touchscreen.tap(*centre)
    expect(viewer).to_have_attribute("data-scale", "1.00")

    # pinching out zooms by the fingers' spread, pinching in back to fitted
    touch.pinch(centre, 60, 150)
    expect(viewer).to_have_attribute("data-scale", "2.50")
    touch.pinch(centre, 150, 60)
    expect(viewer).to_have_attribute("data-scale", "1.00")
    expect(viewer).not_to_have_class(re.compile(r"\bzoomed\b"))

    # a swipe to the left shows the next photo, to the right the previous one
    touch.drag((box["x"] + box["width"] * 0.85, centre[1]), (box["x"] + box["width"] * 0.15, centre[1]))
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{feed[1]['id']}") + "$"))
    touch.drag((box["x"] + box["width"] * 0.15, centre[1]), (box["x"] + box["width"] * 0.85, centre[1]))
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{first_id}") + "$"))

    # a swipe down closes the viewer, back on the feed
    touch.drag((centre[0], box["y"] + 150), (centre[0], box["y"] + 400))
    expect(viewer).to_be_hidden()
    expect(page).to_have_url(re.compile(r"#/feed$|/$"))
    assert page.errors == []


def test_keys_zoom_button_details_download_menu_and_resize(open_app, web_server):
    # setup
    context, page, shot = open_app("desktop", "light")
    feed = context.request.get(f"{web_server.base}/photos?order_by=latest&per_page=2").json()
    viewer, first_id = open_first_photo(page)
    assert first_id == feed[0]["id"]
    first, second = (context.request.get(f"{web_server.base}/photos/{photo['id']}").json() for photo in feed)
    assert first["tags"] and second["tags"], "photos with tags, which only the photo's own request brings"

    # act + assert: + and − zoom in steps around the centre
    page.keyboard.press("+")
    expect(viewer).to_have_attribute("data-scale", "1.50")
    page.keyboard.press("+")
    expect(viewer).to_have_attribute("data-scale", "2.25")
    page.keyboard.press("-")
    page.keyboard.press("-")
    expect(viewer).to_have_attribute("data-scale", "1.00")

    # the zoom button toggles 2.5× and says which way it goes
    zoom = viewer.get_by_role("button", name="Zoom in")
    zoom.click()
    expect(viewer).to_have_attribute("data-scale", "2.50")
    zoom_out = viewer.get_by_role("button", name="Zoom out")
    expect(zoom_out).to_have_attribute("aria-pressed", "true")
    expect(zoom_out).to_have_text("2.5×")
    zoom_out.click()
    expect(viewer).to_have_attribute("data-scale", "1.00")
    expect(viewer.get_by_role("button", name="Zoom in")).to_have_attribute("aria-pressed", "false")

    # "i" opens the details, with the photo's tags (fetched for it), and the photo is fitted beside them
    page.wait_for_function(FIT, arg=[first["width"], first["height"]])
    width_alone = page.evaluate("document.querySelector('.v-frame').style.width")
    page.keyboard.press("i")
    details = viewer.get_by_role("complementary", name="Photo details")
    expect(details).to_be_visible()
    expect(details).to_be_focused()
    expect(viewer.get_by_role("button", name="Info")).to_have_attribute("aria-expanded", "true")
    expect(details).to_contain_text(f"{first['width']} × {first['height']}")
    for tag in first["tags"]:
        expect(details.get_by_role("link", name=tag["title"], exact=True)).to_be_visible()
    page.wait_for_function(FIT, arg=[first["width"], first["height"]])
    frame_width = page.evaluate("document.querySelector('.v-frame').style.width")
    assert frame_width != width_alone, "the stage narrows beside the details"

    # the next photo's details replace them while the panel stays open
    viewer.get_by_role("button", name="Next photo").click()
    expect(page).to_have_url(re.compile(re.escape(f"#/photo/{second['id']}") + "$"))
    expect(details).to_contain_text(f"{second['width']} × {second['height']}")
    expect(details.locator(".chip")).to_have_count(len(second["tags"]))
    viewer.get_by_role("button", name="Close details").click()
    expect(details).to_be_hidden()
    expect(viewer.get_by_role("button", name="Info")).to_be_focused()
    expect(viewer).not_to_have_class(re.compile(r"\bwith-info\b"))

    # the download menu takes the focus, closes on a click elsewhere, and Escape gives the focus back to its button
    download = viewer.get_by_role("button", name="Download")
    download.click()
    menu = viewer.get_by_role("menu", name="Download")
    expect(menu).to_be_visible()
    expect(download).to_have_attribute("aria-expanded", "true")
    expect(menu.get_by_role("menuitem").first).to_be_focused()
    expect(menu.get_by_role("menuitem", name=re.compile("Original"))).to_contain_text(
        f"{second['width']} × {second['height']}")
    viewer.locator(".v-stage").click()
    expect(menu).to_be_hidden()
    expect(download).to_have_attribute("aria-expanded", "false")
    download.click()
    expect(menu).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(download).to_be_focused()
    expect(viewer).to_be_visible()

    # a smaller window fits the photo again
    page.set_viewport_size({"width": 700, "height": 600})
    page.wait_for_function(FIT, arg=[second["width"], second["height"]])

    # Escape, with no menu open, closes the viewer
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    assert page.errors == []
