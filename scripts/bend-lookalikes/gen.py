#!/usr/bin/env python3
"""Bend look-alikes: an app's own reaction to a bend, with no posture event to infer. A bend (partly
folding an open phone into tabletop or book stance) changes no window size and has no system
cover (DESIGN.md, facts and "Posture events"), so everything the app does is seen and must be
judged: yet the reaction is a large, fast re-layout that can look like the other display taking
over or a cover. Each film is 5 s: the flat layout, at 1.5 s the bent layout (a video player
moving its playing video into the top half with controls below on black or a dark-grey panel;
a camera preview shrinking into the top half above a shutter row; a list opening a 48-px band at
the hinge line, rows below re-flowing into a detail pane; a landscape single-pane app splitting
into two panes around a 40-px dark gap band, by a slide or a crossfade, light and dark), and at
3.5 s back (flatten). An inferred posture event on any of them is invented: framediff would then
excuse the findings under it.

usage: BEND_FILMS=DIR scripts/bend-lookalikes/gen.py [PREFIX ...]
           writes DIR/films/NAME.{mp4,gif} (DIR defaults to /tmp/bend-lookalikes) and
           DIR/manifest.json; PREFIXes keep only the films whose names start with one of them
       BEND_FILMS=DIR scripts/bend-lookalikes/gen.py --check BIN
           runs `BIN FILM --format json` on each film (2 at a time, `reviewfilms.invented`), prints
           every posture event it reports (each one invented) and a last line `bend look-alikes: N films, I with an invented posture
           event`; exits 0 (a review, not a gate)
Names: B-SCENE[-THEME]-WxH-FPSfps.EXT. Portrait scenes at 540x1200 H.264 (30 and 60 fps) and
360x800 GIF (15 fps); the book scenes at 1200x540 H.264 and 800x360 GIF. Band widths are given
at 540 (list) and 1200 (book) px wide and scale with the film.
"""
import math, os, sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import reviewfilms as rf  # noqa: E402

BASE = os.environ.get("BEND_FILMS", "/tmp/bend-lookalikes")
OUT = os.path.join(BASE, "films")
DUR = 5.0
BEND_S, FLAT_S = 1.5, 3.5      # the app's reaction to the bend, and to the flatten

THEMES = {  # page, bar (app bar), text, secondary text, divider
    "light": dict(page=(255, 255, 255), bar=(247, 247, 247), fg=(40, 40, 40), fg2=(150, 150, 150), line=(228, 228, 228)),
    "dark": dict(page=(18, 18, 18), bar=(30, 30, 30), fg=(225, 225, 225), fg2=(130, 130, 130), line=(44, 44, 44)),
}
ACCENTS = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193), (255, 112, 67)]


def phase(t, dur):
    """0 flat .. 1 bent layout: eased over `dur` s from BEND_S, back over `dur` s from FLAT_S."""
    return rf.ease((t - BEND_S) / dur) if t < FLAT_S else 1 - rf.ease((t - FLAT_S) / dur)


def words(img, x, y, w, h, color, seed):
    """A line of text: word-sized bars of height h filling about w px from x."""
    rs = np.random.RandomState(seed)
    end, gap = x + w, max(2, h * 0.5)
    while x < end - h:
        ww = min(end - x, h * rs.uniform(1.8, 5.5))
        rf.rect(img, x, y, ww, h, color)
        x += ww + gap


def app_bar(img, w, u, th, title_seed):
    rf.rect(img, 0, 0, w, 56 * u, th["bar"])
    rf.rect(img, 16 * u, 22 * u, 18 * u, 3 * u, th["fg"]); rf.rect(img, 16 * u, 28 * u, 18 * u, 3 * u, th["fg"])
    rf.rect(img, 16 * u, 34 * u, 18 * u, 3 * u, th["fg"])
    words(img, 52 * u, 21 * u, min(150 * u, w - 120 * u), 14 * u, th["fg"], title_seed)
    rf.disc(img, w - 28 * u, 28 * u, 11 * u, th["fg2"])
    rf.rect(img, 0, 56 * u - max(1, u), w, max(1, u), th["line"])


def list_page(w, h, u, th, seed=1, x0=0, img=None):
    """A list app: app bar, rows of avatar + title + subtitle (+ a time stamp), `w` wide from x0."""
    if img is None:
        img = np.zeros((h, w + x0, 3), np.uint8)
        img[:] = th["page"]
    sub = img[:, x0:x0 + w]
    app_bar(sub, w, u, th, seed)
    rs = np.random.RandomState(seed)
    for i, y in enumerate(np.arange(56 * u, h, 72 * u)):
        rf.disc(sub, 36 * u, y + 36 * u, 20 * u, ACCENTS[(i + seed) % len(ACCENTS)])
        rf.disc(sub, 36 * u, y + 31 * u, 7 * u, (255, 255, 255), alpha=0.55)
        tw = w - 140 * u
        words(sub, 68 * u, y + 20 * u, tw * rs.uniform(0.45, 0.85), 12 * u, th["fg"], seed * 100 + i)
        words(sub, 68 * u, y + 42 * u, tw * rs.uniform(0.6, 1.0), 9 * u, th["fg2"], seed * 200 + i)
        rf.rect(sub, w - 52 * u, y + 22 * u, 36 * u, 8 * u, th["fg2"])
        rf.rect(sub, 68 * u, y + 72 * u - max(1, u), w - 68 * u, max(1, u), th["line"])
    return img


def detail_page(w, h, u, th, seed=7, top_bar=False):
    """A detail pane: a big image block, a headline and paragraphs of text bars."""
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = th["page"]
    y = 16 * u
    if top_bar:
        app_bar(img, w, u, th, seed)
        y = 72 * u
    ih = min(h * 0.42, (w - 32 * u) * 0.56)
    rf.tex(img, 16 * u, y, w - 32 * u, ih, seed)
    y += ih + 18 * u
    words(img, 16 * u, y, (w - 32 * u) * 0.8, 16 * u, th["fg"], seed + 1)
    y += 30 * u
    k = 0
    while y < h - 12 * u:
        last = k % 5 == 4
        words(img, 16 * u, y, (w - 32 * u) * (0.55 if last else 1.0), 9 * u, th["fg2"], seed * 10 + k)
        y += (26 if last else 17) * u
        k += 1
    return img


# ---------------- scene 1-2: tabletop video player ----------------
class Video:
    """A playing video vw x vh: a scrolling colour gradient, a textured block crossing it and two
    bouncing discs: every frame differs."""

    def __init__(self, vw, vh, seed=3):
        self.vw, self.vh = vw, vh
        yy, xx = np.mgrid[0:vh, 0:vw].astype(np.float32)
        self.xx, self.yy = xx / vw, yy / vh
        self.block = np.zeros((int(vh * 0.45), int(vw * 0.3), 3), np.uint8)
        rf.tex(self.block, 0, 0, self.block.shape[1], self.block.shape[0], seed)

    def frame(self, t):
        p = 0.35 * t
        f = np.empty((self.vh, self.vw, 3), np.float32)
        f[..., 0] = 120 + 80 * np.sin(2 * np.pi * (self.xx - p))
        f[..., 1] = 100 + 70 * np.sin(2 * np.pi * (0.7 * self.yy + 0.4 * self.xx - 0.8 * p))
        f[..., 2] = 140 + 70 * np.cos(2 * np.pi * (0.5 * self.xx + self.yy + 0.6 * p))
        img = f.astype(np.uint8)
        bh, bw = self.block.shape[:2]
        bx = int((t * 0.22 % 1.0) * (self.vw + bw)) - bw
        by = int(self.vh * 0.35 + self.vh * 0.15 * math.sin(2 * math.pi * 0.3 * t))
        x0, x1 = max(0, bx), min(self.vw, bx + bw)
        if x1 > x0:
            img[by:by + bh, x0:x1] = self.block[:, x0 - bx:x1 - bx][:self.vh - by]
        r = self.vh * 0.12
        rf.disc(img, self.vw * (0.5 + 0.4 * math.sin(1.3 * t)), self.vh * (0.5 + 0.3 * math.cos(2.1 * t)), r, (250, 240, 220))
        rf.disc(img, self.vw * (0.5 + 0.35 * math.cos(0.9 * t + 1)), self.vh * (0.4 + 0.35 * abs(math.sin(1.7 * t))), r * 0.7, (30, 40, 60))
        return img


def tabletop(fps, W, H, panel=None):
    """A 16:9 video across the width, centred on black; bent: the video slides to the top half's
    centre (300 ms) and the controls fade in below (200 ms), on black or on a dark-grey panel."""
    u = W / 360
    vw, vh = W, int(round(W * 9 / 16))
    vid = Video(vw, vh)
    y_flat, y_bent = (H - vh) / 2, (H / 2 - vh) / 2
    half = H // 2
    ctl = np.zeros((H - half, W, 3), np.uint8)
    if panel is not None:
        ctl[:] = panel
    fg2 = (150, 150, 150)
    words(ctl, 24 * u, 40 * u, W * 0.6, 16 * u, (240, 240, 240), 11)          # title
    words(ctl, 24 * u, 66 * u, W * 0.4, 10 * u, fg2, 12)                       # channel / subtitle
    track_y, tx0, tx1 = 112 * u, 24 * u, W - 24 * u
    rf.rect(ctl, tx0, track_y, tx1 - tx0, 4 * u, (90, 90, 90))
    rf.rect(ctl, tx0, track_y + 12 * u, 30 * u, 7 * u, fg2); rf.rect(ctl, tx1 - 30 * u, track_y + 12 * u, 30 * u, 7 * u, fg2)
    cy = 200 * u
    rf.disc(ctl, W / 2, cy, 30 * u, (245, 245, 245))                          # play / pause
    rf.rect(ctl, W / 2 - 9 * u, cy - 11 * u, 6 * u, 22 * u, (20, 20, 20)); rf.rect(ctl, W / 2 + 3 * u, cy - 11 * u, 6 * u, 22 * u, (20, 20, 20))
    rf.disc(ctl, W / 2 - 90 * u, cy, 16 * u, (200, 200, 200), ring=3 * u, ring_color=(120, 120, 120))
    rf.disc(ctl, W / 2 + 90 * u, cy, 16 * u, (200, 200, 200), ring=3 * u, ring_color=(120, 120, 120))
    ctl = ctl.astype(np.float32)
    frames = []
    for i in range(int(round(DUR * fps))):
        t = i / fps
        img = np.zeros((H, W, 3), np.uint8)
        a = phase(t, 0.2)
        if a > 0:
            c = ctl.copy()
            prog = tx0 + (tx1 - tx0) * (0.1 + 0.8 * t / DUR)               # the seek bar plays on
            rf.rect(c, tx0, track_y, prog - tx0, 4 * u, (230, 40, 40))
            rf.disc(c, prog, track_y + 2 * u, 7 * u, (230, 40, 40))
            img[half:] = np.clip(c * a + 0.5, 0, 255).astype(np.uint8)
        y = int(round(y_flat + (y_bent - y_flat) * phase(t, 0.3)))
        img[y:y + vh] = vid.frame(t)
        frames.append(img)
    return frames


# ---------------- scene 3: camera ----------------
def camera(fps, W, H):
    """A full-frame live preview (drifting textured scene, moving textured shapes, sensor noise);
    bent: it shrinks (300 ms) to a 3:4 preview centred in the top half, the shutter row moves from
    over the preview's foot to the middle of the black bottom half."""
    u = W / 360
    rs = np.random.RandomState(5)
    pad = int(60 * u)
    bh_, bw_ = (H + 2 * pad) // 24 + 2, (W + 2 * pad) // 24 + 2
    blocks = rs.randint(30, 200, (bh_, bw_, 3)).astype(np.float32)
    yy = np.linspace(0, 1, bh_)[:, None, None]
    blocks = blocks * 0.55 + (np.array([90, 140, 200]) * (1 - yy) + np.array([70, 90, 50]) * yy) * 0.45
    scene = np.repeat(np.repeat(blocks, 24, 0), 24, 1)[:H + 2 * pad, :W + 2 * pad].astype(np.uint8)
    shapes = []
    for k, (sw, sh) in enumerate([(150, 110), (90, 160), (120, 120)]):
        s = np.zeros((int(sh * u), int(sw * u), 3), np.uint8)
        rf.tex(s, 0, 0, s.shape[1], s.shape[0], 40 + k)
        shapes.append(s)
    thumb = np.zeros((int(44 * u), int(44 * u), 3), np.uint8)
    rf.tex(thumb, 0, 0, thumb.shape[1], thumb.shape[0], 77)
    bh = H / 2 - 24 * u
    bw = bh * 0.75
    if bw > W:
        bw, bh = W, W / 0.75
    box_flat, box_bent = (0, 0, W, H), ((W - bw) / 2, (H / 2 - bh) / 2, bw, bh)
    s_bent = max(bw / W, bh / H)
    row_flat, row_bent = H - 90 * u, H * 0.75
    noise = np.random.RandomState(9)
    frames = []
    for i in range(int(round(DUR * fps))):
        t = i / fps
        dx = int(pad + pad * 0.6 * math.sin(0.7 * t)); dy = int(pad + pad * 0.4 * math.sin(0.5 * t + 1))
        live = scene[dy:dy + H, dx:dx + W].copy()                           # hand shake / pan
        for k, s in enumerate(shapes):
            sh, sw = s.shape[:2]
            x = int((W + sw) * ((0.13 * (k + 1) * t + 0.3 * k) % 1.0)) - sw
            y = int(H * (0.2 + 0.25 * k) + 40 * u * math.sin(1.1 * t + k))
            x0, x1 = max(0, x), min(W, x + sw)
            if x1 > x0:
                live[y:y + sh, x0:x1] = s[:, x0 - x:x1 - x][:H - y]
        live = np.clip(live.astype(np.int16) + noise.randint(-4, 5, live.shape), 0, 255).astype(np.uint8)
        e = phase(t, 0.3)
        bx, by, bw_e, bh_e = [a + (b - a) * e for a, b in zip(box_flat, box_bent)]
        s = 1 + (s_bent - 1) * e
        x0, y0, x1, y1 = int(round(bx)), int(round(by)), int(round(bx + bw_e)), int(round(by + bh_e))
        img = np.zeros((H, W, 3), np.uint8)
        sx = np.clip(((np.arange(x0, x1) + 0.5 - (bx + bw_e / 2)) / s + W / 2).astype(int), 0, W - 1)
        sy = np.clip(((np.arange(y0, y1) + 0.5 - (by + bh_e / 2)) / s + H / 2).astype(int), 0, H - 1)
        img[y0:y1, x0:x1] = live[np.ix_(sy, sx)]
        ry = row_flat + (row_bent - row_flat) * e
        rf.disc(img, W / 2, ry, 34 * u, (255, 255, 255), ring=5 * u, ring_color=(200, 200, 200))
        ty, tx = int(ry - 22 * u), int(W / 2 - 120 * u - 22 * u)
        img[ty:ty + thumb.shape[0], tx:tx + thumb.shape[1]] = thumb
        rf.disc(img, W / 2 + 120 * u, ry, 22 * u, (60, 60, 60), ring=3 * u, ring_color=(230, 230, 230))
        rf.rect(img, W / 2 + 112 * u, ry - 2 * u, 16 * u, 4 * u, (230, 230, 230))
        frames.append(img)
    return frames


# ---------------- scene 4: hinge-avoiding list ----------------
def hinge_list(fps, W, H, theme, band_color):
    """A list; bent: a band (48 px at 540 wide) opens at mid height over 250 ms, the rows above
    stay, the rows below are pushed down and re-flow (crossfade) into a detail pane."""
    u = W / 360
    th = THEMES[theme]
    band = int(round(48 * W / 540))
    half = H // 2
    lst = list_page(W, H, u, th, seed=3).astype(np.float32)
    pane = detail_page(W, H - half, u, th, seed=21).astype(np.float32)
    frames = []
    for i in range(int(round(DUR * fps))):
        t = i / fps
        e = phase(t, 0.25)
        if e == 0:
            frames.append(lst.astype(np.uint8)); continue
        b = band * e
        top, bot = int(round(half - b / 2)), int(round(half + b / 2))
        img = np.empty((H, W, 3), np.float32)
        img[:top] = lst[:top]
        img[top:bot] = band_color
        n = H - bot
        below = lst[half:half + n]                                             # pushed down by b/2
        img[bot:] = below * (1 - e) + pane[:n] * e
        frames.append(np.clip(img + 0.5, 0, 255).astype(np.uint8))
    return frames


# ---------------- scene 5: book stance ----------------
def book(fps, W, H, theme, mode):
    """A landscape single-pane list; bent: two panes split at the vertical middle around a dark gap
    band (40 px at 1200 wide), over 300 ms: "slide" (the list narrows, the band opens and the detail
    pane slides in from the right) or "fade" (a crossfade between the two layouts)."""
    u = H / 360
    th = THEMES[theme]
    gap = int(round(40 * W / 1200))
    band_color = (0, 0, 0) if theme == "dark" else (34, 34, 34)
    pw = W // 2 - gap // 2
    detail = detail_page(W - (W // 2 + gap // 2), H, u, th, seed=31, top_bar=True)
    single = list_page(W, H, u, th, seed=5)
    two = list_page(pw, H, u, th, seed=5, img=np.full((H, W, 3), th["page"], np.uint8))
    two[:, pw:W - detail.shape[1]] = band_color
    two[:, W - detail.shape[1]:] = detail
    single_f, two_f = single.astype(np.float32), two.astype(np.float32)
    frames, cache = [], {}
    for i in range(int(round(DUR * fps))):
        t = i / fps
        e = phase(t, 0.3)
        if e == 0:
            frames.append(single); continue
        if e == 1:
            frames.append(two); continue
        if mode == "fade":
            frames.append(np.clip(single_f * (1 - e) + two_f * e + 0.5, 0, 255).astype(np.uint8)); continue
        lw = int(round(W - e * (W - pw)))
        g = int(round(gap * e))
        if lw not in cache:
            cache[lw] = list_page(lw, H, u, th, seed=5)
        img = np.empty((H, W, 3), np.uint8)
        img[:, :lw] = cache[lw]
        img[:, lw:lw + g] = band_color
        x = lw + g
        if x < W:
            img[:, x:] = detail[:, :W - x]
        frames.append(img)
    return frames


# ---------------- films ----------------
PORTRAIT = {  # scene name -> (function, kwargs)
    "tabletop-black": (tabletop, {}),
    "tabletop-grey121212": (tabletop, dict(panel=(18, 18, 18))),
    "tabletop-grey1e1e1e": (tabletop, dict(panel=(30, 30, 30))),
    "camera": (camera, {}),
    "list-light": (hinge_list, dict(theme="light", band_color=(221, 221, 221))),
    "list-light-pageband": (hinge_list, dict(theme="light", band_color=(255, 255, 255))),
    "list-dark": (hinge_list, dict(theme="dark", band_color=(0, 0, 0))),
}
LANDSCAPE = {
    "book-slide-light": (book, dict(theme="light", mode="slide")),
    "book-slide-dark": (book, dict(theme="dark", mode="slide")),
    "book-fade-light": (book, dict(theme="light", mode="fade")),
    "book-fade-dark": (book, dict(theme="dark", mode="fade")),
}


def jobs():
    out = []
    for table, sizes in ((PORTRAIT, [(540, 1200, 60, "mp4"), (540, 1200, 30, "mp4"), (360, 800, 15, "gif")]),
                         (LANDSCAPE, [(1200, 540, 60, "mp4"), (1200, 540, 30, "mp4"), (800, 360, 15, "gif")])):
        for scene in table:
            for W, H, fps, fmt in sizes:
                out.append((f"B-{scene}-{W}x{H}-{fps}fps.{fmt}", scene, W, H, fps, fmt))
    return out


def make_one(job):
    name, scene, W, H, fps, fmt = job
    fn, kw = {**PORTRAIT, **LANDSCAPE}[scene]
    frames = fn(fps, W, H, **kw)
    rf.pipe(os.path.join(OUT, name), frames, fps, fmt, crf=18)
    print("wrote", os.path.join(OUT, name), flush=True)
    return name, {"scene": scene, "width": W, "height": H, "fps": fps, "format": fmt, "duration_s": DUR,
                  "bent_at_ms": BEND_S * 1000, "flat_at_ms": FLAT_S * 1000, "events": []}


def generate(prefixes):
    todo = [j for j in jobs() if not prefixes or j[0].startswith(tuple(prefixes))]
    os.makedirs(OUT, exist_ok=True)
    rf.make(BASE, todo, make_one, 2, 1)


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--check":
        if len(sys.argv) != 3:
            sys.exit("usage: BEND_FILMS=DIR gen.py --check BIN")
        rf.invented(sys.argv[2], OUT, "bend look-alikes")
        sys.exit(0)
    generate(sys.argv[1:])
