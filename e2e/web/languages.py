"""What the language tests share (issue 35): the catalogues (Web/i18n/<code>.json), what a page shows (its visible
text and the words it gives assistive technology), and the layout checks: text boxes that overlap, text clipped by
its box or the screen, and the right-to-left mirror."""

import json
import re
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

WEB = Path(__file__).resolve().parents[2] / "Web"
CATALOGUES = WEB / "i18n"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
AXE = Axe()
SERIOUS = {"serious", "critical"}


def still(page):
    """Waits until nothing on the page moves: every transition and animation over (endless ones, a spinner's, aside),
    so what is checked and shot is the screen as it settles, not a frame of a fade or a slide."""
    page.wait_for_function("""() => document.getAnimations().every((animation) => animation.playState !== 'running'
        || animation.effect?.getComputedTiming().iterations === Infinity)""", polling="raf")


def catalogue(code: str) -> dict:
    return json.loads((CATALOGUES / f"{code}.json").read_text(encoding="utf-8"))


def forms(message) -> list:
    """A message's texts: itself, or each of its plural forms."""
    return list(message.values()) if isinstance(message, dict) else [message]


def english_phrases(code: str) -> set:
    """The English catalogue's words that must not show in `code`: each message's text between its placeholders,
    where it has letters enough to be a word and the other catalogue does not say the same (a brand, "ISO")."""
    english, other = catalogue("en"), catalogue(code)
    theirs = {text for message in other.values() for text in forms(message)}
    phrases = set()
    for key, message in english.items():
        if key.startswith("page.") or key == "language.direction":
            continue   # the server's pages, and no text
        for text in forms(message):
            for piece in PLACEHOLDER.split(text)[::2]:
                piece = piece.strip(" .,:;·—–()“”«»")
                if len(re.findall(r"[A-Za-z]", piece)) >= 3 and not any(piece in their for their in theirs):
                    phrases.add(piece)
    return phrases


# Everything the page shows or says: the visible text of the page (and of its open dialogs), the labels, titles,
# placeholders and alternative texts of rendered elements, the options of its selects, and the document's title.
SHOWN = """() => {
    const rendered = (node) => node.checkVisibility({ visibilityProperty: true });
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.nodeValue.trim() || !parent || parent.closest('script, style, noscript, template')) continue;
        if (parent.localName === 'option' ? rendered(parent.parentElement) : rendered(parent)) texts.push(node.nodeValue);
    }
    for (const node of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
        if (!rendered(node)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            if (node.getAttribute(name)) texts.push(node.getAttribute(name));
        }
    }
    return texts.map((text) => text.replace(/[\\u2068\\u2069]/g, ''));
}"""


def shown(page) -> list:
    """Every text the page shows or gives assistive technology now."""
    return page.evaluate(SHOWN)


class PageData:
    """The people's own words a page was given (the API's answers: names, titles, descriptions, tags, places), so
    that they are told from the interface's. Device names are left out: they are the interface's to translate."""

    def __init__(self, page):
        self.page, self.responses, self.strings, self.asked = page, [], set(), False
        page.on("response", lambda response: self.responses.append(response))

    def library(self) -> None:
        """Every photo's and album's words, asked of the API once, as the page's own person: a page can show data
        whose answer this recorder never saw or could not read."""
        origin = self.page.evaluate("() => location.origin")
        if self.asked or not origin.startswith("http"):
            return
        self.asked = True
        for path in ("/photos", "/collections"):
            for number in range(1, 34):
                answer = self.page.request.get(f"{origin}{path}?per_page=30&page={number}")
                items = answer.json() if answer.ok else None
                if not items:
                    break
                self.collect(items)

    def words(self) -> set:
        self.library()
        while self.responses:
            response = self.responses.pop()
            if "json" not in (response.headers.get("content-type") or "") or "/devices" in response.url:
                continue
            try:
                self.collect(response.json())
            except Exception:   # a body no longer kept (the page moved on), or not JSON after all
                # Asked again with the page's cookies: a lost body once left a photo's title counted as the
                # interface's own words, and the catalogue test failed a fresh-clone run.
                try:
                    again = self.page.request.get(response.url)
                    if again.ok:
                        self.collect(again.json())
                except Exception:
                    pass
        inlined = self.page.evaluate("() => document.getElementById('first-page')?.textContent || null")
        if inlined:
            self.collect(json.loads(inlined))
        return self.strings

    def collect(self, value):
        if isinstance(value, str):
            if value.strip():
                # As given, and as the interface shows an alt description: its first letter capitalised (ui.js
                # altText), "float into mate" shown "Float into mate", which its title "Float into MATE" is not.
                text = value.strip()
                self.strings.update((text, text[:1].upper() + text[1:]))
        elif isinstance(value, dict):
            for item in value.values():
                self.collect(item)
        elif isinstance(value, list):
            for item in value:
                self.collect(item)


def without(text: str, data: set) -> str:
    """`text` with every string of `data` in it blanked out (longest first)."""
    for item in sorted((item for item in data if len(item) > 1 and item in text), key=len, reverse=True):
        text = text.replace(item, " ")
    return text


def leaks(page, code: str, data: PageData) -> dict:
    """Catalogue keys and English phrases the page shows in `code`, people's own words aside:
    {"keys": [...], "english": [...]}."""
    words = data.words()
    everything = "\n".join(without(text, words) for text in shown(page))
    keys = set(catalogue("en"))
    found_keys = sorted({key for key in keys if re.search(rf"(?<![\w.]){re.escape(key)}(?![\w.])", everything)})
    found_english = sorted({phrase for phrase in english_phrases(code)
                            if re.search(rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", everything)})
    return {"keys": found_keys, "english": found_english}


def audit(page) -> list:
    """The serious and critical axe-core violations on the page now: [(id, help, [targets])]."""
    results = AXE.run(page, options={"resultTypes": ["violations"]}).response
    return [(violation["id"], violation["help"], [node["target"] for node in violation["nodes"]][:5])
            for violation in results["violations"] if violation["impact"] in SERIOUS]


# Text boxes that collide, and text cut off. A text box counts where the text is on top at its own centre (content
# scrolled under a fixed bar is hidden, not overlapping). Overlap: two text boxes of different texts sharing more
# than 2 px both ways. Clipped: a text box reaching past an ancestor that clips its overflow (text-overflow: ellipsis
# included, save the elements given that shorten people's own words by design), or past the window's sides outside
# a box that scrolls sideways.
LAYOUT = """(allowedEllipsis) => {
    // Words for screen readers alone sit in a 1 px box (the .visually-hidden way): not laid out to be seen.
    const screenReaderOnly = (element) => {
        for (; element && element !== document.body; element = element.parentElement) {
            const box = element.getBoundingClientRect();
            if (box.width <= 1 && box.height <= 1) return true;
        }
        return false;
    };
    const boxes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.nodeValue.trim() || !parent || parent.closest('script, style, noscript, option, .visually-hidden, #launch')) continue;
        if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (screenReaderOnly(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
            if (rect.width < 1 || rect.height < 1) continue;
            if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) continue;
            const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
            const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
            const top = document.elementFromPoint(x, y);
            if (!top || !(top === parent || parent.contains(top) || top.contains(parent))) continue;
            boxes.push({ node, parent, rect, text: node.nodeValue.trim().slice(0, 40) });
        }
    }
    const describe = (box) => `${box.parent.localName}.${[...box.parent.classList].join('.')} “${box.text}”`;
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i], b = boxes[j];
            if (a.node === b.node) continue;
            const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            if (x > 2 && y > 2) overlaps.push(`${describe(a)} × ${describe(b)}`);
        }
    }
    const clipped = [];
    for (const box of boxes) {
        if (allowedEllipsis.some((selector) => box.parent.closest(selector))) continue;
        for (let element = box.parent; element && element !== document.body; element = element.parentElement) {
            const style = getComputedStyle(element);
            const clipsX = style.overflowX !== 'visible', clipsY = style.overflowY !== 'visible';
            if (!clipsX && !clipsY) continue;
            const edge = element.getBoundingClientRect();
            const scrollsX = ['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth;
            const scrollsY = ['auto', 'scroll'].includes(style.overflowY) && element.scrollHeight > element.clientHeight;
            if ((clipsX && !scrollsX && (box.rect.left < edge.left - 1 || box.rect.right > edge.right + 1))
                || (clipsY && !scrollsY && (box.rect.top < edge.top - 1 || box.rect.bottom > edge.bottom + 1))) {
                clipped.push(`${describe(box)} in ${element.localName}.${[...element.classList].join('.')}`);
                break;
            }
            if (scrollsX || scrollsY) break;
        }
        const scroller = box.parent.closest('.feed-nav, .chips, .v-info, .menu, dialog');
        if (!scroller && (box.rect.left < -1 || box.rect.right > innerWidth + 1)) clipped.push(`${describe(box)} off screen`);
    }
    return { boxes: boxes.length, overlaps, clipped: [...new Set(clipped)] };
}"""

# Where an ellipsis is by design: people's names, captions, file and album names — their own words, of any length.
ELLIPSIS_BY_DESIGN = [".who .name", ".caption", ".v-author", ".upload-name strong", ".collect-text strong",
                      ".person-item strong", ".person-item .muted", ".album-title", ".v-credit"]


def layout_problems(page) -> dict:
    """{"boxes": how many text boxes were checked, "overlaps": [...], "clipped": [...]} of the page now."""
    return page.evaluate(LAYOUT, ELLIPSIS_BY_DESIGN)
