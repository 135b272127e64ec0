#!/usr/bin/env python3
"""Synthetic films probing framediff's blinker rule (TransitionFinder.blinks, blink_beats) and the
encoder-settle test beside it: 39 phone-like films (360x640, 30/60 fps, H.264 CRF 12-30 or GIF,
some at 2x and 4x size) of carets blinking beside keyboards, fields, scrolls and shakes, and what
the rule must leave alone (carousel page dots, a GIF badge's steps, loading dots, a recording
light, a progress ring). Made by a helper's review of the rule (7 December, ninth session).

python3 gen.py OUTDIR [NAME...]    writes NAME.mp4 / NAME.gif and NAME.expect.json (all 39 by default)
python3 run.py OUTDIR OLD_BIN NEW_BIN [NAME...]    both builds' findings beside the expected ones
(expect.json is the scene's own timing; for f2b, f2d and f10 it is off by a frame: read the note)
Every scene is a function of presentation time t (ms); frames are rendered at t = n*1000/fps.
Expected findings are computed from the scene's own state: start = first frame whose state differs
from the old stable state, end = first frame showing the new stable state (DESIGN.md).
"""
import json, math, os, subprocess, sys
import numpy as np

WHITE = (250, 250, 250)


def rng(seed):
    return np.random.default_rng(seed)


def text_panel(h, w, seed, bg=WHITE, ink=(60, 60, 70)):
    """Rows of word blocks on a background: detail the encoder has to keep."""
    r = rng(seed)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = bg
    y = 6
    while y + 10 < h:
        x = 8
        while x < w - 20:
            ww = int(r.integers(12, 48))
            if x + ww > w - 8:
                break
            img[y:y + 9, x:x + ww] = ink
            x += ww + 7
        y += 18
    return img


def photo(h, w, seed):
    """A colourful picture: smooth gradient plus blocks."""
    r = rng(seed)
    yy, xx = np.mgrid[0:h, 0:w]
    base = np.stack([(xx * 255 // max(w, 1)), (yy * 255 // max(h, 1)), np.full_like(xx, int(r.integers(40, 200)))], -1)
    img = (base * 0.6 + 40).astype(np.uint8)
    for _ in range(14):
        y0, x0 = int(r.integers(0, h - 10)), int(r.integers(0, w - 10))
        bh, bw = int(r.integers(8, h // 3)), int(r.integers(8, w // 3))
        img[y0:y0 + bh, x0:x0 + bw] = r.integers(0, 255, 3)
    return img


def ease(p):
    p = min(1.0, max(0.0, p))
    return 0.5 * p + 0.5 * (1 - (1 - p) ** 2)  # ease-out with a visible last step


def blink_on(t, base, period):
    """caret visible: toggles at base + k*period (visible before base)"""
    if t < base:
        k = math.floor((t - base) / period)
    else:
        k = math.floor((t - base) / period)
    return k % 2 == 1


# --------------------------------------------------------------------------------------------
# scenes: each returns dict(w, h, dur, render(t) -> image, labels=[...]) ; labels are human
# expectations as (kind-ish, start_ms_event, end_ms_event) in scene time; converted to frame pts.

def scene_keyboard_caret(blink_base=1366.67, period=500.0):
    """F1: keyboard slides up 1000-1300 with the text field riding on it; caret in the field blinks
    every 500 ms, one toggle 67 ms after the keyboard rests and one 133 ms before it starts."""
    W, H = 360, 640
    top = text_panel(300, W, 1)
    kb = photo(260, W, 2) // 2 + 60
    T0, D = 1000.0, 300.0

    def ky(t):
        return int(round(640 - 260 * ease((t - T0) / D))) if t > T0 else 640

    def render(t):
        img = np.empty((H, W, 3), np.uint8)
        img[:] = (235, 235, 240)
        img[0:300] = top
        y = ky(t)
        fy = y - 48  # text field 48 px tall sits on the keyboard
        img[fy:fy + 48, 0:W] = (255, 255, 255)
        img[fy:fy + 1, 0:W] = (180, 180, 190)
        if blink_on(t, blink_base, period):
            cy = fy + 16
            img[cy:cy + 16, 34:36] = (20, 90, 220)
        if y < H:
            img[y:H] = kb[0:H - y]
        return img
    return dict(w=W, h=H, dur=3600, render=render,
                labels=[("motion", T0, T0 + D)],
                note="keyboard+field slide 1000-1300; caret blinks every 500 ms (toggles at ..866.7, 1366.7, ..)")


def scene_carousel(dots_after=66.67, dots_before=None, n=4, slide=266.67):
    """F2: carousel auto-advances every 1000 ms (slide 266.7 ms); the page dots right under the
    picture update 66.7 ms after the slide rests (dots_after) or 66.7 ms before it starts (dots_before)."""
    W, H = 360, 640
    pages = [photo(240, W, 10 + i) for i in range(n + 1)]
    head = text_panel(96, W, 3)
    foot = text_panel(640 - 352, W, 4)
    starts = [1000.0 * (i + 1) for i in range(n)]

    def page_offset(t):
        for i, s in reversed(list(enumerate(starts))):
            if t > s:
                p = ease((t - s) / slide)
                return i, p
        return -1, 1.0

    def dot_index(t):
        k = 0
        for s in starts:
            when = s + slide + dots_after if dots_before is None else s - dots_before
            if t >= when:
                k += 1
        return k

    def render(t):
        img = np.empty((H, W, 3), np.uint8)
        img[:] = WHITE
        img[0:96] = head
        img[352:] = foot
        i, p = page_offset(t)
        if i < 0:
            img[96:336] = pages[0]
        else:
            off = int(round(p * W))
            a, b = pages[i], pages[i + 1]
            strip = np.concatenate([a, b], 1)
            img[96:336] = strip[:, off:off + W]
        # dots: row 336-352, 5 dots 12 px apart centred
        d = dot_index(t)
        cx0 = W // 2 - 24
        for j in range(n + 1):
            cx = cx0 + 12 * j
            col = (40, 40, 40) if j == d else (200, 200, 200)
            img[340:348, cx - 4:cx + 4] = col
        return img
    if dots_before is None:
        labels = [("motion", s, s + slide + dots_after) for s in starts]
        note = "slides at 1000,2000,3000,4000 (266.7 ms); dots update 66.7 ms after each rests"
    else:
        labels = [("motion", s - dots_before, s + slide) for s in starts]
        note = "dots update 66.7 ms before each slide (1000,2000,..); slide 266.7 ms"
    return dict(w=W, h=H, dur=5600, render=render, labels=labels, note=note)


def scene_typing_results(period=266.67, lag=66.67, n=6):
    """F3: a search field; a key typed every 266.7 ms; the result list under the field is redrawn
    66.7 ms after each key."""
    W, H = 360, 640
    lists = [text_panel(640 - 96, W, 40 + i) for i in range(n + 1)]
    starts = [1000.0 + period * i for i in range(n)]
    r = rng(5)
    glyphs = [r.integers(0, 2, (12, 8)).astype(bool) for _ in range(n)]

    def render(t):
        img = np.empty((H, W, 3), np.uint8)
        img[:] = WHITE
        img[0:64] = (230, 230, 235)
        img[64:96] = (255, 255, 255)
        typed = sum(1 for s in starts if t >= s)
        for j in range(typed):
            x = 18 + 10 * j
            g = img[74:86, x:x + 8]
            g[glyphs[j]] = (30, 30, 30)
        cx = 18 + 10 * typed
        img[72:88, cx:cx + 2] = (20, 90, 220)  # caret (no blink while typing)
        shown = sum(1 for s in starts if t >= s + lag)
        img[96:] = lists[shown]
        return img
    labels = [("cut/motion", s, s + lag) for s in starts]
    return dict(w=W, h=H, dur=3600, render=render, labels=labels,
                note="keys at 1000+266.7k, list redrawn 66.7 ms after each key")


def scene_gif_settle(step=100.0):
    """F4: a panel slides in at 10 fps (steps every 100 ms, 1000-1500); the badge on it makes one
    small step 100 ms after the panel's last step, then two more 200 ms apart (held 200 ms each)."""
    W, H = 360, 640
    bg = text_panel(H, W, 6)
    panel = photo(200, 300, 7)
    xs = [360, 300, 220, 150, 100, 70, 30]  # panel left edge per 100-ms step (1000..1500 ms)
    T0 = 1000.0
    badge_t = [T0 + step * (len(xs) - 1), T0 + step * (len(xs) + 1), T0 + step * (len(xs) + 3)]

    def render(t):
        img = bg.copy()
        k = int((t - T0) // step) + 1 if t >= T0 else 0
        k = min(k, len(xs) - 1)
        x = xs[k]
        if x < W:
            w = min(300, W - x)
            img[200:400, x:x + w] = panel[:, :w]
        b = sum(1 for s in badge_t if t >= s)
        # badge: 10x10 at the panel's top-right corner area, inside one tile
        if k >= len(xs) - 2:
            colors = [(220, 40, 40), (30, 30, 30), (250, 250, 250), (30, 30, 30)]
            img[212:222, x + 276:x + 286] = colors[b]
        return img
    last_panel = T0 + step * (len(xs) - 2)
    labels = [("motion", T0, badge_t[0]), ("cut", badge_t[1], badge_t[1]), ("cut", badge_t[2], badge_t[2])]
    # (the panel rests at last_panel; its badge steps 100 ms later at the GIF's 10-fps cadence: the
    # motion's last drawn step; then the badge holds 200 ms twice: two cuts)
    return dict(w=W, h=H, dur=3000, render=render, labels=labels,
                note=f"panel steps 1000..{last_panel:.0f} every 100 ms, badge appears with the last step; badge steps at " + ",".join(f"{b:.0f}" for b in badge_t))


def scene_dots_sheet(remove=False, lag=66.67):
    """F5: loading dots (3 dots in a 2x2-tile box) step every 300 ms just above a sheet; the sheet
    slides up 50-ish ms after a dot step (remove=False: the dots keep going; remove=True: dots stop
    at the sheet and vanish 300 ms after their last step, i.e. 50 ms after the sheet rests)."""
    W, H = 360, 640
    bg = text_panel(H, W, 8)
    sheet = photo(300, W, 9)
    period = 300.0
    T0, D = 1200.0 + lag - 33.33, 200.0  # sheet starts 66.7 ms after the dot step at 1266.7

    def sy(t):
        return int(round(H - 300 * ease((t - T0) / D))) if t > T0 else H

    def render(t):
        img = bg.copy()
        # dot area above the sheet's final top edge (y 320-336), x 160-192
        img[320:336, 160:192] = WHITE
        stop = T0 + D + 66.67 if remove else 1e9
        if t < stop:
            k = int(t // period) % 3
            for j in range(3):
                col = (40, 40, 40) if j == k else (190, 190, 190)
                img[325:331, 163 + 10 * j:169 + 10 * j] = col
        y = sy(t)
        if y < H:
            img[y:H] = sheet[0:H - y]
        return img
    if remove:
        labels = [("motion", T0, T0 + D + 66.67)]
        note = "dots step every 300 ms; sheet slides 1333-1533; dots vanish at 1600 (their next beat)"
    else:
        labels = [("motion", T0, T0 + D)]
        note = "dots step every 300 ms (..1266.7, 1566.7?); sheet slides 1333.3-1533.3"
    return dict(w=W, h=H, dur=3000, render=render, labels=labels, note=note)


def search_bar(H, W, caret):
    """A blank frame with a grey status strip and a white search field, its caret on or off."""
    img = np.empty((H, W, 3), np.uint8)
    img[:] = WHITE
    img[0:32] = (230, 230, 235)
    img[32:64] = (255, 255, 255)
    if caret:
        img[40:56, 18:20] = (20, 90, 220)
    return img


def scene_scroll_caret():
    """F6: search field at top with a caret blinking every 533 ms; the list under it scrolls
    2000-3500 ms at every frame. Toggles 67 ms before the scroll starts and 33 ms after it ends."""
    W, H = 360, 640
    listimg = text_panel(2400, W, 11)
    T0, T1 = 2000.0, 3500.0
    base, period = 333.33, 533.33  # toggles 333, 866, 1400, 1933 (67 before), ... 3533 (33 after)

    def off(t):
        if t <= T0:
            return 0
        p = min(1.0, (t - T0) / (T1 - T0))
        return int(round(600 * p))

    def render(t):
        img = search_bar(H, W, blink_on(t, base, period))
        o = off(t)
        img[64:] = listimg[o:o + H - 64]
        return img
    return dict(w=W, h=H, dur=5200, render=render, labels=[("motion", T0, T1)],
                note="scroll 2000-3500 (each frame); caret toggles every 533.3 from 333.3 (1933.3 = 67 before, 3533.3 = 33 after)")


def scene_shake_caret(regular=False, nocaret=False):
    """F7: a text field with a blinking caret shakes (error shake, 10 frames) 2000-2333; caret toggles
    67 ms before and 67 ms after."""
    W, H = 360, 640
    bg = text_panel(H, W, 12)
    T0, T1 = 2000.0, 2333.33
    base, period = 333.33, 533.33  # ... 1933.3, 2466.7? -> make an after-toggle at 2400
    base2 = 1933.33

    def dx(t):
        if t <= T0 or t >= T1:
            return 0
        p = (t - T0) / (T1 - T0)
        return int(round(10 * math.sin(p * 6 * math.pi) * (1 - p)))

    def caret(t):
        # toggles at 1933.3-533.3k and at 2400, 2933.3, 3466.7 ...
        if t < 2400 or regular:
            return blink_on(t, base, period)
        return blink_on(t, 2400, 533.33) != blink_on(2399, base, period)

    def render(t):
        img = bg.copy()
        x = 40 + dx(t)
        img[160:208, 20:340] = (200, 200, 210)
        img[160:208, x:x + 280] = (255, 255, 255)
        if caret(t) and not nocaret:
            img[176:192, x + 14:x + 16] = (20, 90, 220)
        return img
    return dict(w=W, h=H, dur=4200, render=render, labels=[("motion", T0, T1)],
                note="shake 2000-2333.3; caret toggles every 533.3 up to 1933.3 (on), stays on through the shake, next toggle 2933.3 then every 533.3")


def scene_led_toast():
    """F8: a recording LED (one tile) blinks every 500 ms in the top-right corner; a toast slides
    down from the top edge right beside it 67 ms after a blink and rests 33 ms before the next."""
    W, H = 360, 640
    bg = text_panel(H, W, 13)
    toast = photo(64, 300, 14)
    T0, D = 1566.67, 400.0  # LED toggles at 1500, 2000 ...

    def ty(t):
        return int(round(-64 + 80 * ease((t - T0) / D))) if t > T0 else -64

    def render(t):
        img = bg.copy()
        img[0:16, 320:352] = (30, 30, 30)
        if blink_on(t, 0.0, 500.0):
            img[4:12, 340:348] = (240, 30, 30)
        y = ty(t)
        if y + 64 > 0:
            a = max(0, y)
            img[a:y + 64, 8:308] = toast[a - y:64]
        return img
    return dict(w=W, h=H, dur=3600, render=render, labels=[("motion", T0, T0 + D)],
                note="LED toggles every 500 ms (1500, 2000); toast slides 1566.7-1966.7")


def scene_ring_dialog():
    """F9: a progress ring (2x2 tiles) ticks every 250 ms beside a dialog; 67 ms after its last tick
    (100 %) the dialog collapses (motion)."""
    W, H = 360, 640
    bg = text_panel(H, W, 15)
    dlg = photo(200, 240, 16)
    ticks = [500.0 + 250 * i for i in range(8)]  # 500..2250
    T0, D = ticks[-1] + 66.67, 300.0

    def render(t):
        img = bg.copy()
        p = ease((t - T0) / D) if t > T0 else 0.0
        h = int(round(200 * (1 - p)))
        top = 200 + (200 - h) // 2
        if h > 0:
            img[top:top + h, 60:300] = dlg[(200 - h) // 2:(200 - h) // 2 + h]
        # ring under the dialog's bottom edge: y 400-416? keep beside: y 400..426, x 164..190
        k = sum(1 for s in ticks if t >= s)
        img[402:426, 166:190] = (255, 255, 255)
        for j in range(k):
            a = j * 2 * math.pi / len(ticks)
            cx, cy = 178 + int(9 * math.sin(a)), 414 - int(9 * math.cos(a))
            img[cy - 2:cy + 2, cx - 2:cx + 2] = (30, 120, 220)
        return img
    return dict(w=W, h=H, dur=3400, render=render, labels=[("motion", T0, T0 + D)],
                note="ring ticks 500..2250 every 250; dialog collapses 2316.7-2616.7")


def scene_field_slide(restart=True, lag=33.33, fps_hint=60):
    """F10: an empty focused search field (caret only) slides in from the right, 1000-1400, cubic
    ease-out (last steps 1 px, which only the caret shows). restart=True: the caret is solid while it
    moves and blinks from 500 ms after it rests (platform carets restart their blink); False: a free
    533-ms blink with a toggle `lag` ms after the rest."""
    W, H = 360, 640
    bg = text_panel(H, W, 21)
    T0, D = 1000.0, 400.0

    def fx(t):
        if t <= T0:
            return W + 4
        p = min(1.0, (t - T0) / D)
        return int(round(W + 4 - (W + 4 - 20) * (1 - (1 - p) ** 3)))

    def caret(t):
        if restart:
            if t < T0 + D:
                return True
            return math.floor((t - (T0 + D)) / 500.0) % 2 == 0  # on, off at 1900, on at 2400 ...
        return blink_on(t, T0 + D + lag, 533.33)

    def render(t):
        img = bg.copy()
        img[100:160, 0:W] = (238, 238, 242)
        x = fx(t)
        if x < W:
            img[108:152, x:min(W, x + 320)] = (255, 255, 255)
            if caret(t) and x + 18 < W:
                img[120:140, x + 16:x + 18] = (20, 90, 220)
        return img
    # the field's last visible step: the last frame where fx changes
    return dict(w=W, h=H, dur=3600, render=render, labels=[("motion", T0, T0 + D)], fx=fx,
                note="field slides in 1000-1400 (cubic out); caret " + ("solid while moving, blinks every 500 ms from 1900" if restart else f"blinks every 533.3, a toggle {lag:.0f} ms after rest"))


def scene_shake_regular():
    """F7b: as F7, but the caret keeps a regular 533-ms blink through the shake (toggles 1933.3, 2466.7)."""
    s = scene_shake_caret(True)
    s["note"] = "shake 2000-2333.3; caret blinks regularly every 533.3 (toggles 1933.3, 2466.7, ...)"
    return s


def scene_field_leave(gap=500.0):
    """F11: an empty focused field with a caret blinking every 500 ms slides out to the left,
    2000-2400 (cubic ease-in: its first steps move 1 px, which only the caret shows); its last caret
    toggle before the move is `gap` ms before the move starts."""
    W, H = 360, 640
    bg = text_panel(H, W, 22)
    T0, D = 2000.0, 400.0
    base = T0 + 33.33 - gap  # a toggle `gap` before the first moved frame (the frame after T0)

    def fx(t):
        if t <= T0:
            return 20
        p = min(1.0, (t - T0) / D)
        return int(round(20 - 360 * p ** 3))

    def render(t):
        img = bg.copy()
        img[100:160, 0:W] = (238, 238, 242)
        x = fx(t)
        if x + 320 > 0:
            a = max(0, x)
            img[108:152, a:x + 320] = (255, 255, 255)
            if blink_on(min(t, T0), base, 500.0) and x + 16 >= 0:
                img[120:140, x + 16:x + 18] = (20, 90, 220)
        return img
    return dict(w=W, h=H, dur=3400, render=render, labels=[("motion", T0, T0 + D)],
                note=f"caret blinks every 500 (last toggle {base:.1f}); field slides out 2000-2400, cubic ease-in")


def scene_short_scroll():
    """F6b: as F6 but the list scrolls 700 ms (2000-2700); caret toggles 67 before and 33 after."""
    W, H = 360, 640
    listimg = text_panel(2400, W, 11)
    T0, T1 = 2000.0, 2700.0
    base, period = 1933.33 - 3 * 400, 400.0  # toggles ..1133.3, 1533.3, 1933.3, 2333.3(in), 2733.3, 3133.3

    def render(t):
        img = search_bar(H, W, blink_on(t, base, period))
        o = 0 if t <= T0 else int(round(400 * min(1.0, (t - T0) / (T1 - T0))))
        img[64:] = listimg[o:o + H - 64]
        return img
    return dict(w=W, h=H, dur=4400, render=render, labels=[("motion", T0, T1)],
                note="scroll 2000-2700 every frame; caret toggles every 400 (1933.3 = 67 before, 2733.3 = 33 after)")


SCENES = {
    "f1_keyboard_caret": scene_keyboard_caret,
    "f2_carousel_dots_after": lambda: scene_carousel(),
    "f2b_carousel_dots_before": lambda: scene_carousel(dots_before=66.67),
    "f3_typing_results": scene_typing_results,
    "f4_gif_settle": scene_gif_settle,
    "f5_dots_sheet": lambda: scene_dots_sheet(False),
    "f5b_dots_removed": lambda: scene_dots_sheet(True),
    "f6_scroll_caret": scene_scroll_caret,
    "f7_shake_caret": scene_shake_caret,
    "f8_led_toast": scene_led_toast,
    "f9_ring_dialog": scene_ring_dialog,
    "f2c_carousel_dots_after33": lambda: scene_carousel(dots_after=33.33),
    "f2d_carousel_dots_before33": lambda: scene_carousel(dots_before=33.33),
    "f5c_dots_sheet33": lambda: scene_dots_sheet(False, 33.33),
    "f10_field_slide_restart": lambda: scene_field_slide(True),
    "f7b_shake_caret_regular": scene_shake_regular,
    "f7c_shake_nocaret": lambda: scene_shake_caret(nocaret=True),
    "f11_field_leave500": lambda: scene_field_leave(500.0),
    "f11b_field_leave200": lambda: scene_field_leave(200.0),
    "f6b_short_scroll_caret": scene_short_scroll,
    "f10b_field_slide_free33": lambda: scene_field_slide(False, 33.33),
}


def first_frame_at(t, fps):
    n = math.ceil(t * fps / 1000 - 1e-6)
    return n * 1000 / fps


def write(outdir, name, scene, fps=30, crf=18, fmt="mp4", scale=1, dither="bayer"):
    s = scene()
    W, H = s["w"] * scale, s["h"] * scale
    nfr = int(s["dur"] * fps / 1000)
    path = os.path.join(outdir, f"{name}.{fmt}")
    cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}", "-r", str(fps), "-i", "-"]
    if fmt == "gif":
        cmd += ["-filter_complex", f"split[a][b];[a]palettegen[p];[b][p]paletteuse=dither={dither}", path]
    else:
        cmd += ["-c:v", "libx264", "-preset", "medium", "-crf", str(crf), "-pix_fmt", "yuv420p", path]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE)
    for n in range(nfr):
        img = s["render"](n * 1000 / fps + 0.05)
        if scale != 1:
            img = img.repeat(scale, 0).repeat(scale, 1)
        p.stdin.write(np.ascontiguousarray(img).tobytes())
    p.stdin.close()
    assert p.wait() == 0
    # expected: start = first frame after the old state (scene event time -> first frame showing it)
    labels = []
    for kind, a, b in s["labels"]:
        # a motion whose scene time starts at T0 changes first on the first frame after T0 unless
        # the event is a step at exactly T0 (typing, dots): both are 'first frame whose state differs'
        fa = None
        prev = s["render"](first_frame_at(a, fps) - 1000 / fps + 0.05)
        for n in range(int(a * fps / 1000) - 1, nfr):
            img = s["render"](n * 1000 / fps + 0.05)
            if not np.array_equal(img, prev) and n * 1000 / fps >= a - 1e-6:
                fa = n * 1000 / fps
                break
            prev = img
        if fa is None:
            sys.exit(f"{name}: no frame changes at or after {a} ms")
        labels.append({"kind": kind, "start_ms": round(fa, 1), "end_ms": round(first_frame_at(b, fps), 1)})
    meta = {"film": path, "note": s["note"], "fps": fps, "crf": crf, "fmt": fmt, "scale": scale, "expected": labels}
    with open(os.path.join(outdir, f"{name}.expect.json"), "w") as f:
        json.dump(meta, f, indent=1)
    return meta


# the variants the review made of each scene ("" is the scene as it is)
PROBE = {
    "f10_field_slide_restart": ["", "_60", "_crf30", "_gif"],
    "f10b_field_slide_free33": ["", "_60", "_crf12", "_gif", "_x2", "_x4"],
    "f2c_carousel_dots_after33": ["", "_60", "_crf30", "_gif", "_x4"],
    "f4_gif_settle": ["", "_60", "_gif"],
    "f7_shake_caret": ["", "_60", "_gif"],
    "f7c_shake_nocaret": ["", "_60", "_gif"],
}

VARIANTS = {
    "": dict(),
    "_60": dict(fps=60),
    "_crf30": dict(crf=30),
    "_crf12": dict(crf=12),
    "_gif": dict(fps=30, fmt="gif"),
    "_x2": dict(scale=2),
    "_x4": dict(scale=4),
}

if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    names = sys.argv[2:] or [n + v for n in SCENES for v in PROBE.get(n, [""])]
    for full in names:
        base, var = full, ""
        for v in VARIANTS:
            if v and full.endswith(v):
                base, var = full[: -len(v)], v
        m = write(out, full, SCENES[base], **VARIANTS[var])
        print(full, json.dumps(m["expected"]))
