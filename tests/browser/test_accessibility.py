"""Accessibility in real JupyterLab (headless Debian chromium): text alternatives on every card, card list and
button, the stepper driven from the keyboard alone, and readable text in the light and the dark theme.

One notebook is enough (Golyi's rules lesson: hands, tables, a DealStepper and a PlayTable); the rendering code
is the same for every game. Contrast is the WCAG 2 ratio of the text's computed colour against the colour
behind it (translucent backgrounds composited, as the browser paints them); 4.5:1 is level AA for body text.
"""

from __future__ import annotations

import pytest
from cardlab_ui import WAIT, assert_no_errors, click_menu, open_and_run_all, shot_name, stepper

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("lab_kernels_shut_down_after")]

NOTEBOOK = "golyi/1-rules.ipynb"
WIDGETS = ".cardlab-stepper, .cardlab-playtable"
AA = 4.5

# Every element with text of its own (not inside an SVG card: a card face is drawn on its own white) in cardlab's
# output, with its colour and the colour behind it, as rgba lists, and the WCAG ratio between them.
CONTRAST = """roots => {
    const parse = text => {
        const m = /rgba?\\(([^)]+)\\)/.exec(text || '');
        if (!m) return null;
        const v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
    };
    const blend = (top, base) => {
        const a = top[3];
        return [0, 1, 2].map(i => top[i] * a + base[i] * (1 - a)).concat([1]);
    };
    const luminance = c => {
        const lin = c.slice(0, 3).map(v => v / 255).map(v => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
    };
    const ratio = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    const behind = el => {
        // the backgrounds from el outwards down to the first opaque one, painted in order
        const layers = [];
        for (let node = el; node; node = node.parentElement) {
            const bg = parse(getComputedStyle(node).backgroundColor);
            if (bg && bg[3] > 0) {
                layers.push(bg);
                if (bg[3] >= 1) break;
            }
        }
        let colour = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : [255, 255, 255, 1];
        for (let i = layers.length - 1; i >= 0; i--) colour = blend(layers[i], colour);
        return colour;
    };
    const opacity = el => {
        let o = 1;
        for (let node = el; node; node = node.parentElement) o *= Number(getComputedStyle(node).opacity);
        return o;
    };
    const shown = el => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const elements = new Set();  // a table inside a stepper is measured once
    for (const root of document.querySelectorAll(roots)) {
        for (const el of [root, ...root.querySelectorAll('*')]) elements.add(el);
    }
    const found = [];
    for (const el of elements) {
        // card faces bring their own white; a disabled control is exempt from the contrast rule (WCAG 1.4.3)
        if (el.closest('svg') || el.closest(':disabled, .mod-disabled') || !shown(el)) continue;
        const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join(' ').trim();
        if (!own) continue;
        const base = behind(el);
        const ink = parse(getComputedStyle(el).color);
        if (!ink) {  // a colour syntax this does not read: report it rather than guess
            found.push({text: own.slice(0, 60), tag: el.tagName, ink: getComputedStyle(el).color, ratio: 0});
            continue;
        }
        const seen = blend([ink[0], ink[1], ink[2], ink[3] * opacity(el)], base);
        found.push({text: own.slice(0, 60), cls: String(el.className).slice(0, 80), tag: el.tagName,
                    ink: getComputedStyle(el).color, background: base.map(Math.round), ratio: ratio(seen, base)});
    }
    return found;
}"""


def low_contrast(page, roots: str) -> tuple[list[dict], int]:
    """(the texts below AA in cardlab's output under ``roots``, how many texts were measured)."""
    measured = page.evaluate(CONTRAST, roots)
    return [m for m in measured if m["ratio"] < AA], len(measured)


def switch_theme(page, name: str, light: bool) -> None:
    """Settings ▸ Theme ▸ ``name``, as a user does; done when JupyterLab says the theme is on."""
    page.keyboard.press("Escape")
    click_menu(page, "Settings", "Theme")
    page.click(f".lm-Menu-itemLabel:text-is('{name}')", timeout=5_000)
    want = "true" if light else "false"  # JupyterLab's data-jp-theme-light attribute
    page.wait_for_function(
        f"document.body.dataset.jpThemeName === '{name}' && document.body.dataset.jpThemeLight === '{want}'",
        timeout=WAIT)
    page.wait_for_timeout(500)  # the theme's stylesheet applied, the widgets repainted


def test_text_alternatives_keyboard_and_contrast_in_light_and_dark(page, notebook_url, screenshots):
    """Run the Golyi rules lesson; then:
    - every card (``svg.cardlab-card``) has a non-empty aria-label (its name), every card list one too;
    - every button of the stepper and the play table says what it does (visible text or a title);
    - Tab reaches the stepper's Next button, and Enter, then Space, each take one step;
    - in the light theme and in JupyterLab Dark, the narration and every other text in cardlab's output
      reaches 4.5:1 against what is behind it."""
    open_and_run_all(page, notebook_url, NOTEBOOK)
    assert_no_errors(page)
    page.wait_for_selector("svg.cardlab-card", state="attached", timeout=WAIT)
    page.locator(".cardlab-playtable .cardlab-move, .cardlab-playtable .cardlab-builder").first.wait_for(
        state="attached", timeout=WAIT)

    # ------------------------------------------------------------------ text alternatives
    cards = page.evaluate("""() => [...document.querySelectorAll('svg.cardlab-card')].map(svg => ({
        card: svg.dataset.card, label: (svg.getAttribute('aria-label') || '').trim(), role: svg.getAttribute('role'),
        title: (svg.querySelector('title')?.textContent || '').trim()}))""")
    assert len(cards) > 20, f"only {len(cards)} cards drawn"
    unnamed = [c for c in cards if not c["label"] or c["role"] != "img" or not c["title"]]
    assert unnamed == [], unnamed[:5]
    lists = page.evaluate("""() => [...document.querySelectorAll('ul.cardlab-cards')].map(ul => ({
        label: (ul.getAttribute('aria-label') || '').trim(), role: ul.getAttribute('role'),
        items: ul.children.length}))""")
    assert lists and all(item["label"] and item["role"] == "list" for item in lists), lists
    tables = page.evaluate("""() => [...document.querySelectorAll('.cardlab-layout')].map(div =>
        [div.getAttribute('role'), (div.getAttribute('aria-label') || '').trim()])""")
    assert tables and all(role == "group" and label for role, label in tables), tables
    buttons = page.evaluate(f"""() => [...document.querySelectorAll({WIDGETS!r})].flatMap(root =>
        [...root.querySelectorAll('button')]).map(b => ({{
            cls: String(b.className), text: b.innerText.trim(), title: (b.getAttribute('title') || '').trim(),
            aria: (b.getAttribute('aria-label') || '').trim()}}))""")
    assert len(buttons) >= 5, buttons
    silent = [b for b in buttons if not (b["text"] or b["title"] or b["aria"])]
    assert silent == [], silent

    # ------------------------------------------------------------------ keyboard
    st = stepper(page, 0)
    if st.state()["step"] == st.state()["steps"]:
        st.click("start")
        st.wait_step(1)
    before = st.wait_step(st.state()["step"])
    st.root.locator(".cardlab-start").focus()
    reached = []
    for _ in range(6):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("String(document.activeElement && document.activeElement.className)"))
        if "cardlab-next" in reached[-1]:
            break
    assert "cardlab-next" in reached[-1], f"Tab from Start never reached Next: {reached}"
    page.keyboard.press("Enter")
    after_enter = st.wait_step(before["step"] + 1)
    assert after_enter["narration"] != before["narration"]
    assert "cardlab-next" in page.evaluate("String(document.activeElement.className)"), "Enter lost the focus"
    page.keyboard.press("Space")
    after_space = st.wait_step(before["step"] + 2)
    assert after_space["narration"] != after_enter["narration"]

    # ------------------------------------------------------------------ contrast, light then dark
    roots = f"{WIDGETS}, .cardlab-layout, ul.cardlab-cards, ol.cardlab-events"
    narration = page.locator(".cardlab-stepper .cardlab-narration").first
    narration.scroll_into_view_if_needed()
    failing, measured = low_contrast(page, roots)
    assert measured > 20, f"only {measured} texts measured"
    assert failing == [], f"light theme, below {AA}:1: {failing[:8]}"
    try:
        switch_theme(page, "JupyterLab Dark", light=False)
        narration.scroll_into_view_if_needed()
        st.root.screenshot(path=str(screenshots / f"lab-{shot_name(NOTEBOOK)}-stepper-dark.png"))
        told = [m for m in page.evaluate(CONTRAST, ".cardlab-stepper .cardlab-narration") if m["text"]]
        assert told, "no narration text measured"
        assert min(m["ratio"] for m in told) >= AA, f"the narration in the dark theme: {told}"
        assert max(m.get("background", [255])[0] for m in told) < 128, f"is the dark theme on? {told}"
        failing, measured = low_contrast(page, roots)
        assert failing == [], f"dark theme, below {AA}:1: {failing[:8]}"
    finally:
        # the theme is a saved setting of the session's JupyterLab: give the other tests their light theme back
        switch_theme(page, "JupyterLab Light", light=True)
    assert_no_errors(page)
