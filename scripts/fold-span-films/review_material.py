#!/usr/bin/env python3
"""Material-dark (#121212) look-alikes of a dual-screen span, and a few true spans: a helper's
review (7 December, fifth session) of reading a hinge beside Material's dark surface, which led to
`span_drag_ms` (README: the paragraph on the span's hinge).

Look-alikes (no posture event): tablet / foldable two-pane apps on Material's dark surface with a
black or near-black gutter in the middle 30-70% of the frame, where the whole screen blacks out
for 300-1000 ms (screen off/on, an activity relaunch, a theme switch, a fade through black, an
app restart) and comes back with one pane the same and the other changed; dark video players,
a video call, photo viewers with black bars, settings apps opening a pane; Surface-Duo-shaped
look-alikes on Material dark.  True spans: gen.py's span_film on Material dark.

usage: REVIEW_MATERIAL=DIR review_material.py [PREFIX ...]   films + NAME.json truths in DIR
                                                   (default /tmp/review-material/films; 52 films)
       REVIEW_MATERIAL=DIR review_material.py --check BIN   runs `BIN FILM --format json` on each
            film (2 at a time): every posture event on a look-alike (invented) and on a true span,
            and a last line `material review: I of L look-alikes with an event; spans found F of T`
Measured on main at 8bddc1c (hinge lit at 20, 15 below): 14 of 47 look-alikes with an event, 1 of
5 spans; with the hinge lit at 16 and half the screens' level below them, 22 and 4; with
`span_drag_ms` 400 too, 0 and 4.
"""
import json, os, sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import reviewfilms as rf  # noqa: E402
import gen as fs  # noqa: E402

OUT = os.environ.get("REVIEW_MATERIAL", "/tmp/review-material/films")

BG = (18, 18, 18)          # #121212
E1 = (30, 30, 30)          # #1E1E1E elevated
E2 = (44, 44, 44)          # #2C2C2C elevated more
FG = (225, 225, 225)
FG2 = (140, 140, 140)
ACC = (187, 134, 252)      # Material dark primary (#BB86FC)
AV = [(3, 218, 197), (207, 102, 121), (130, 177, 255), (255, 183, 77), (129, 199, 132), (187, 134, 252)]


def words(img, x, y, w, h, color, seed):
    fs.words(img, x, y, w, h, color, seed)


def photo(h, w, seed, mean=110, pan=0.0):
    """A smooth 'photo': bilinear upsampling of a coarse random grid, plus a few blobs."""
    rs = np.random.RandomState(seed)
    gh, gw = 5, 7
    grid = rs.uniform(mean - 80, mean + 80, (gh, gw, 3)).clip(0, 255)
    ys = np.linspace(0, gh - 1.001, h)
    xs = (np.linspace(0, gw - 2.001, w) + pan) % (gw - 1.001)
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None, None], (xs - x0)[None, :, None]
    g = grid
    a = g[y0][:, x0] * (1 - fx) + g[y0][:, x0 + 1] * fx
    b = g[y0 + 1][:, x0] * (1 - fx) + g[y0 + 1][:, x0 + 1] * fx
    img = (a * (1 - fy) + b * fy).astype(np.float32)
    for k in range(4):
        cx, cy, r = rs.uniform(0, w), rs.uniform(0, h), rs.uniform(0.05, 0.2) * w
        rf.disc(img, cx - pan * w / gw, cy, r, tuple(int(v) for v in rs.randint(20, 240, 3)))
    return img


# ---------------- panes ----------------
def status_bar(img, W, s, fg=FG):
    h = int(24 * s)
    words(img, 12 * s, 7 * s, 30 * s, 9 * s, fg, 1)
    for k in range(3):
        rf.rect(img, W - (16 + 14 * k) * s, 7 * s, 9 * s, 10 * s, fg)
    return h


def nav_handle(img, W, H, s):
    rf.rect(img, W / 2 - 50 * s, H - 12 * s, 100 * s, 4 * s, (200, 200, 200))


def list_pane(img, x0, y0, w, h, s, seed, bar=E1, sel=None, title=True):
    """A Material dark list: top app bar, rows with an avatar, two text lines, dividers."""
    rs = np.random.RandomState(seed)
    y = y0
    if title:
        rf.rect(img, x0, y, w, 64 * s, bar)
        words(img, x0 + 20 * s, y + 24 * s, min(160 * s, w * 0.5), 14 * s, FG, seed)
        rf.disc(img, x0 + w - 28 * s, y + 32 * s, 9 * s, FG)
        y += 64 * s
    k = 0
    while y + 72 * s < y0 + h:
        if sel == k:
            rf.rect(img, x0, y, w, 72 * s, E2)
        rf.disc(img, x0 + 36 * s, y + 36 * s, 20 * s, AV[(seed + k) % len(AV)])
        words(img, x0 + 72 * s, y + 18 * s, (w - 100 * s) * rs.uniform(0.4, 0.8), 10 * s, FG, seed * 7 + k)
        words(img, x0 + 72 * s, y + 42 * s, (w - 100 * s) * rs.uniform(0.5, 0.95), 8 * s, FG2, seed * 11 + k)
        rf.rect(img, x0 + 72 * s, y + 71 * s, w - 72 * s, max(1, s), (40, 40, 40))
        y += 72 * s
        k += 1


def detail_pane(img, x0, y0, w, h, s, seed, hero=0.0, hero_seed=None, bar=E1, empty=False, paras=8):
    """A detail pane: app bar, optional hero image (`hero` share of the height, from the top),
    a title and paragraphs of grey text; `empty`: an empty state (icon and a line, centred)."""
    y = y0
    if empty:
        rf.disc(img, x0 + w / 2, y0 + h * 0.42, 32 * s, (60, 60, 60))
        words(img, x0 + w * 0.3, y0 + h * 0.42 + 50 * s, w * 0.4, 10 * s, FG2, seed)
        return
    if hero > 0:
        hh = int(h * hero)
        img[int(y):int(y) + hh, int(x0):int(x0 + w)] = photo(hh, int(x0 + w) - int(x0), hero_seed or seed)
        rf.disc(img, x0 + 28 * s, y + 32 * s, 12 * s, (0, 0, 0), alpha=0.4)
        y += hh + 16 * s
    else:
        rf.rect(img, x0, y, w, 64 * s, bar)
        rf.rect(img, x0 + 20 * s, y + 24 * s, 16 * s, 16 * s, FG)
        y += 80 * s
    words(img, x0 + 24 * s, y, w * 0.6, 16 * s, FG, seed)
    y += 36 * s
    for k in range(paras):
        if y + 20 * s > y0 + h:
            break
        words(img, x0 + 24 * s, y, (w - 48 * s) * (0.55 if k % 4 == 3 else 1), 8 * s, FG2, seed * 13 + k)
        y += 18 * s if k % 4 != 3 else 30 * s
    rf.rect(img, x0 + w - 80 * s, y0 + h - 80 * s, 56 * s, 56 * s, (55, 0, 179) if seed % 2 else ACC)


def two_pane(W, H, split, gutter, gcol, left, right, status=True, bg=BG):
    """A tablet frame: status bar, `left(img, x0, y0, w, h)` | gutter | `right(...)`."""
    s = W / 1280
    img = np.empty((H, W, 3), np.float32)
    img[:] = bg
    sb = int(24 * s) if status else 0
    lw = int(round(W * split))
    left(img, 0, sb, lw, H - sb)
    right(img, lw + gutter, sb, W - lw - gutter, H - sb)
    if gutter > 0:
        img[sb:, lw:lw + gutter] = gcol
    if status:
        status_bar(img, W, s)
    nav_handle(img, W, H, s)
    return img


# ---------------- blackouts ----------------
def blackout_at(A, B, t_off, black_ms, mode, status_kept=None, fade_ms=180, splash=None, splash_ms=0):
    """A before t_off; then to black (`cut`, `fade` through black, or `relaunch`: the window black
    under a kept status bar), black for black_ms, (a splash), then B (faded in with `fade`)."""
    Z = np.zeros_like(A)
    if mode == "relaunch" and status_kept is not None:
        Z[:status_kept] = A[:status_kept]
    tb = t_off + (fade_ms / 1000 if mode == "fade" else 0)
    te = tb + black_ms / 1000
    ts = te + splash_ms / 1000

    def at(t):
        if t < t_off:
            return A
        if t < tb:
            p = (t - t_off) / (tb - t_off)
            return A * (1 - p)
        if t < te:
            return Z
        if splash is not None and t < ts:
            return splash
        if mode == "fade" and t < ts + fade_ms / 1000:
            p = (t - ts) / (fade_ms / 1000)
            return B * p
        return B
    return at


# ---------------- scene makers ----------------
def s_listdetail(o):
    """A list-detail app; the screen blacks out and returns with the list kept and the detail
    pane changed as `after` says (or the change in `o['change']`)."""
    W, H, split, g, gc = o["W"], o["H"], o["split"], o["gutter"], o["gcol"]
    s = W / 1280
    bar = tuple(o.get("bar", E1))
    left = lambda img, x, y, w, h: list_pane(img, x, y, w, h, s, 4, bar=bar, sel=o.get("sel", 1))
    def det(spec):
        return lambda img, x, y, w, h: detail_pane(img, x, y, w, h, s, spec.get("seed", 5), hero=spec.get("hero", 0),
                                                   hero_seed=spec.get("hero_seed"), bar=bar, empty=spec.get("empty", False))
    A = two_pane(W, H, split, g, gc, left, det(o["before"]))
    B = two_pane(W, H, split, g, gc, left, det(o["after"]))
    at = blackout_at(A, B, o.get("t_off", 1.6), o["black_ms"], o["mode"], status_kept=int(24 * s))
    return at, o.get("dur", 4.5)


def s_video(o):
    """A dark video app: a list of videos | a black gutter | a player letterboxed (black bars
    above and below) that plays (pans), stops to black for black_ms and comes back on another
    scene; `whole`: the whole window blacks out (fullscreen toggled and back)."""
    W, H, split, g = o["W"], o["H"], o["split"], o["gutter"]
    s = W / 1280
    sb = int(24 * s)
    lw = int(W * split)
    pw, ph = W - lw - g, H - sb
    vh = int(pw * 9 / 16)
    vy = sb + (ph - vh) // 3

    def frame(t, scene, black=False, whole=False):
        img = np.empty((H, W, 3), np.float32); img[:] = BG
        if not whole:
            list_pane(img, 0, sb, lw, H - sb, s, 8, sel=2)
        img[sb:, lw:] = 0   # the player's own black ground, gutter included
        if not black and not whole:
            img[vy:vy + vh, lw + g:] = photo(vh, pw, scene, mean=o.get("vmean", 110), pan=0.4 * t)
            words(img, lw + g + 20 * s, vy + vh + 30 * s, pw * 0.5, 14 * s, FG, scene)
            words(img, lw + g + 20 * s, vy + vh + 60 * s, pw * 0.7, 8 * s, FG2, scene + 3)
        if whole:
            img[:] = 0
        status_bar(img, W, s)
        return img
    t_off, b = o.get("t_off", 1.5), o["black_ms"] / 1000
    whole = o.get("whole", False)

    def at(t):
        if t < t_off:
            return frame(t, 21)
        if t < t_off + b:
            return frame(t, 21, black=True, whole=whole)
        return frame(t, o.get("scene2", 33))
    return at, o.get("dur", 4.5)


def s_call(o):
    """A video call in a dark app: two participant tiles side by side with a black gap; the call
    reconnects (the window black for black_ms) and comes back with one tile the same and the
    other changed (the camera turned off: an avatar on #2C2C2C, or on)."""
    W, H, g = o["W"], o["H"], o["gutter"]
    s = W / 1280
    sb = int(24 * s)
    tw = (W - g) // 2

    def tile(img, x, y, w, h, kind, seed):
        if kind == "cam":
            img[y:y + h, x:x + w] = photo(h, w, seed, mean=o.get("cam_mean", 90))
        else:
            img[y:y + h, x:x + w] = E2
            rf.disc(img, x + w / 2, y + h / 2, 48 * s, AV[seed % 6])
        words(img, x + 16 * s, y + h - 30 * s, 90 * s, 10 * s, FG, seed)

    def frame(k1, k2):
        img = np.zeros((H, W, 3), np.float32)
        img[:sb] = BG
        tile(img, 0, sb, tw, H - sb - int(80 * s), k1, 41)
        tile(img, tw + g, sb, W - tw - g, H - sb - int(80 * s), k2, 43)
        img[H - int(80 * s):] = BG
        for k in range(4):
            rf.disc(img, W / 2 + (k - 1.5) * 70 * s, H - 40 * s, 22 * s, (207, 102, 121) if k == 3 else E2)
        status_bar(img, W, s)
        return img
    A, B = frame(*o["before"]), frame(*o["after"])
    return blackout_at(A, B, 1.6, o["black_ms"], o.get("mode", "relaunch"), status_kept=sb), o.get("dur", 4.5)


def s_settings(o):
    """A dark settings app: `open_pane`: a full-width list opening a pane on the right (the
    window relaunched through black, as an activity-embedding split does); else a two-pane
    settings app whose Display pane's wallpaper preview changes across a theme-switch relaunch."""
    W, H = o["W"], o["H"]
    s = W / 1280
    split, g, gc = o.get("split", 0.38), o["gutter"], o["gcol"]

    def settings_list(img, x, y, w, h, sel=None):
        rf.rect(img, x, y, w, 64 * s, BG)
        words(img, x + 20 * s, y + 20 * s, 120 * s, 18 * s, FG, 61)
        yy = y + 80 * s
        k = 0
        while yy + 64 * s < y + h:
            if sel == k:
                rf.rect(img, x + 8 * s, yy, w - 16 * s, 60 * s, (38, 50, 56))
            rf.disc(img, x + 40 * s, yy + 30 * s, 12 * s, AV[k % 6])
            words(img, x + 72 * s, yy + 14 * s, w * 0.45, 10 * s, FG, 70 + k)
            words(img, x + 72 * s, yy + 36 * s, w * 0.6, 7 * s, FG2, 90 + k)
            yy += 64 * s
            k += 1

    def display_pane(img, x, y, w, h, wall_seed, preview=True):
        words(img, x + 24 * s, y + 20 * s, 100 * s, 18 * s, FG, 62)
        yy = y + 72 * s
        if preview:
            pw, ph = int(w * 0.5), int(h * 0.42)
            px = int(x + (w - pw) / 2)
            img[int(yy):int(yy) + ph, px:px + pw] = photo(ph, pw, wall_seed, mean=o.get("wall_mean", 120))
            yy += ph + 24 * s
        for k in range(5):
            words(img, x + 24 * s, yy + 12 * s, w * 0.35, 10 * s, FG, 80 + k)
            rf.rect(img, x + w - 80 * s, yy + 12 * s, 36 * s, 16 * s, (80, 80, 80) if k % 2 else ACC)
            yy += 52 * s

    if o.get("open_pane"):
        A = np.empty((H, W, 3), np.float32); A[:] = BG
        settings_list(A, 0, int(24 * s), W, H)
        status_bar(A, W, s); nav_handle(A, W, H, s)
        B = two_pane(W, H, split, g, gc, lambda i, x, y, w, h: settings_list(i, x, y, w, h, sel=2),
                     lambda i, x, y, w, h: display_pane(i, x, y, w, h, 12))
    else:
        B0 = lambda seed: two_pane(W, H, split, g, gc, lambda i, x, y, w, h: settings_list(i, x, y, w, h, sel=2),
                                   lambda i, x, y, w, h: display_pane(i, x, y, w, h, seed, preview=seed is not None))
        A, B = B0(o["before"]), B0(o["after"])
    return blackout_at(A, B, 1.5, o["black_ms"], o.get("mode", "relaunch"), status_kept=int(24 * s)), o.get("dur", 4.5)


def s_photo(o):
    """A dark photo viewer: `compare`: two photos side by side with a black gap (one swapped
    through black); `grid`: a photo grid | gutter | the photo, letterboxed, swiped to the next
    through black; `letterbox`: one landscape photo with black bars above and below (no middle
    band), swapped through black."""
    W, H, g = o["W"], o["H"], o.get("gutter", 16)
    s = W / 1280
    sb = int(24 * s)
    kind = o["kind"]

    def frame(sa, sb_):
        img = np.zeros((H, W, 3), np.float32)
        if kind == "compare":
            tw = (W - g) // 2
            ph = int(tw * 3 / 4)
            y = (H - ph) // 2
            img[y:y + ph, :tw] = photo(ph, tw, sa, mean=o.get("pmean", 100))
            img[y:y + ph, tw + g:] = photo(ph, W - tw - g, sb_, mean=o.get("pmean", 100))
        elif kind == "grid":
            lw = int(W * o.get("split", 0.4))
            img[sb:, :lw] = BG
            n = 3
            c = (lw - 4 * 4) // n
            for r in range(int((H - sb) / (c + 4))):
                for k in range(n):
                    img[sb + 4 + r * (c + 4):sb + 4 + r * (c + 4) + c, 4 + k * (c + 4):4 + k * (c + 4) + c] = photo(c, c, 100 + r * 3 + k, mean=o.get("pmean", 100))
            pw = W - lw - g
            ph = int(pw * 2 / 3)
            y = sb + (H - sb - ph) // 2
            img[y:y + ph, lw + g:] = photo(ph, pw, sb_, mean=o.get("pmean", 100))
        else:
            ph = int(W * 9 / 16)
            y = (H - ph) // 2
            img[y:y + ph] = photo(ph, W, sb_, mean=o.get("pmean", 100))
        status_bar(img, W, s, fg=(200, 200, 200))
        return img
    A, B = frame(51, 52), frame(51, 53)
    return blackout_at(A, B, 1.5, o["black_ms"], o.get("mode", "fade"), status_kept=sb), o.get("dur", 4.5)


def s_restart(o):
    """A two-pane app restarted (force stop, relaunch): black, a splash (the icon on #121212),
    then the list restored and the detail pane as `after` says."""
    W, H, split, g, gc = o["W"], o["H"], o["split"], o["gutter"], o["gcol"]
    s = W / 1280
    left = lambda img, x, y, w, h: list_pane(img, x, y, w, h, s, 4, sel=None)
    det = lambda spec: (lambda img, x, y, w, h: detail_pane(img, x, y, w, h, s, 5, hero=spec.get("hero", 0), hero_seed=spec.get("hero_seed"), empty=spec.get("empty", False)))
    A = two_pane(W, H, split, g, gc, left, det(o["before"]))
    B = two_pane(W, H, split, g, gc, left, det(o["after"]))
    splash = None
    if o.get("splash_ms"):
        splash = np.empty_like(A); splash[:] = BG
        rf.disc(splash, W / 2, H / 2, 48 * s, ACC)
        status_bar(splash, W, s)
    at = blackout_at(A, B, 1.5, o["black_ms"], "cut", splash=splash, splash_ms=o.get("splash_ms", 0))
    return at, o.get("dur", 5.0)


def s_duo(o):
    """gen.py's dual-screen look-alikes on Material's dark surface (another app launched, both
    screens blanking, a spanned app restarting), with a screen-off variant: `screenoff`: both
    screens black for black_ms, back with the left app and a different app on the right."""
    MD = dict(dark=True, body=(18, 18, 18), bar=tuple(o.get("bar", (31, 31, 31))), body2=(18, 18, 18))
    if o["scene"] != "screenoff":
        at, dur, _ = fs.duo_lookalike(dict(MD, scene=o["scene"]))
        return at, min(dur, 6.0)
    # (the other screen's app changed behind a screen off: a notification opened it)
    sw, sh, g, tb = 390, 555, 20, 20
    a = dict(bar=MD["bar"], body=MD["body"], fg=(200, 200, 205))
    single = fs.app_screen(sh, sw, 1.0, a, 0, 11)
    lau = fs.launcher(sh, sw, 1.0, True)
    other = fs.app_screen(sh, sw, 1.0, dict(bar=(36, 44, 40), body=(18, 18, 18), fg=(190, 195, 190)), 0, 31)
    if o.get("photo_other"):
        other = other.copy(); other[80:400] = photo(320, sw, 77)

    def frame(l, r):
        f = np.zeros((sh + tb, 2 * sw + g, 3), np.float32)
        f[:tb] = (232, 232, 234)
        fs.words(f, 8, 6, 180, 8, (60, 60, 60), 4)
        f[tb:, :sw] = l; f[tb:, sw + g:] = r
        return f
    A, B = frame(single, lau), frame(single, other)
    Z = A.copy(); Z[tb:] = 0
    b = o["black_ms"] / 1000

    def at(t):
        if t < 2.0:
            return A
        if t < 2.0 + b:
            return Z
        return B
    return at, 5.0


def s_span(o):
    at, dur, ev = fs.span_film(o)
    return at, min(dur, 6.0), ev


MAKERS = dict(listdetail=s_listdetail, video=s_video, call=s_call, settings=s_settings, photo=s_photo, restart=s_restart, duo=s_duo, span=s_span)


# ---------------- the film list ----------------
def jobs():
    J = []

    def add(name, family, make, fmt, fps, desc, **o):
        J.append(dict(name=name, family=family, make=make, fmt=fmt, fps=fps, desc=desc, o=o))
    T8 = dict(W=800, H=500)     # tablet landscape, mp4
    T6 = dict(W=640, H=400)     # gif
    T4 = dict(W=480, H=300)     # small gif
    F6 = dict(W=600, H=540)     # foldable inner display, mp4
    HERO = dict(seed=6, hero=0.45, hero_seed=9)
    TXT = dict(seed=5)
    TXT2 = dict(seed=8)
    PH = dict(seed=6, hero=0.95, hero_seed=10)
    # list-detail, black gutters 1 dp-40 px, blackouts of 300-1000 ms
    LD = "listdetail"
    add("LD01-g16-cut600-text2hero", "listdetail", LD, "mp4", 30, "screen off/on, detail gets a hero image", **T8, split=0.4, gutter=16, gcol=(0, 0, 0), mode="cut", black_ms=600, before=TXT, after=HERO)
    add("LD02-g16-cut600-hero2text", "listdetail", LD, "mp4", 30, "screen off/on, detail loses its hero image", **T8, split=0.4, gutter=16, gcol=(0, 0, 0), mode="cut", black_ms=600, before=HERO, after=TXT)
    add("LD03-g24-relaunch400-text2hero-gif", "listdetail", LD, "gif", 15, "activity relaunch (status bar kept)", **T6, split=0.45, gutter=24, gcol=(0, 0, 0), mode="relaunch", black_ms=400, before=TXT, after=HERO)
    add("LD04-g24-relaunch400-hero2text-gif", "listdetail", LD, "gif", 15, "activity relaunch, hero removed", **T6, split=0.45, gutter=24, gcol=(0, 0, 0), mode="relaunch", black_ms=400, before=HERO, after=TXT)
    add("LD05-g8-fade700-text2hero", "listdetail", LD, "mp4", 30, "fade through black, 8-px gutter", **T8, split=0.35, gutter=8, gcol=(0, 0, 0), mode="fade", black_ms=700, before=TXT, after=HERO)
    add("LD06-g40-fade300-hero2text-gif", "listdetail", LD, "gif", 12, "fade through black, 40-px gutter", **T6, split=0.4, gutter=40, gcol=(5, 5, 5), mode="fade", black_ms=300, before=HERO, after=TXT)
    add("LD07-g1-cut800-text2hero", "listdetail", LD, "mp4", 30, "1-dp black divider", **T8, split=0.4, gutter=1, gcol=(0, 0, 0), mode="cut", black_ms=800, before=TXT, after=HERO)
    add("LD08-g3-cut800-text2hero-gif", "listdetail", LD, "gif", 15, "3-px divider", **T4, split=0.4, gutter=3, gcol=(0, 0, 0), mode="cut", black_ms=800, before=TXT, after=HERO)
    add("LD09-g16-cut1000-text2text", "listdetail", LD, "mp4", 30, "detail text changes only", **T8, split=0.4, gutter=16, gcol=(0, 0, 0), mode="cut", black_ms=1000, before=TXT, after=TXT2)
    add("LD10-g20-relaunch500-text2photo-gif", "listdetail", LD, "gif", 12, "detail pane becomes a full photo", **T6, split=0.5, gutter=20, gcol=(10, 10, 10), mode="relaunch", black_ms=500, before=TXT, after=PH)
    add("LD11-g20-relaunch500-photo2empty", "listdetail", LD, "mp4", 30, "full photo -> empty state", **F6, split=0.5, gutter=20, gcol=(0, 0, 0), mode="relaunch", black_ms=500, before=PH, after=dict(empty=True))
    add("LD12-g12-cut350-text2hero-elev", "listdetail", LD, "mp4", 30, "#2C2C2C app bars", **T8, split=0.33, gutter=12, gcol=(0, 0, 0), mode="cut", black_ms=350, before=TXT, after=HERO, bar=E2)
    add("LD13-g32-fade500-text2hero-fold", "listdetail", LD, "mp4", 30, "foldable inner display", **F6, split=0.5, gutter=32, gcol=(0, 0, 0), mode="fade", black_ms=500, before=TXT, after=HERO)
    add("LD14-g10-relaunch900-hero2text-gif", "listdetail", LD, "gif", 15, "10-px near-black gutter (10 levels)", **T6, split=0.38, gutter=10, gcol=(10, 10, 10), mode="relaunch", black_ms=900, before=HERO, after=TXT)
    add("LD15-g28-cut450-empty2hero-gif", "listdetail", LD, "gif", 12, "empty state -> item with hero", **T4, split=0.42, gutter=28, gcol=(0, 0, 0), mode="cut", black_ms=450, before=dict(empty=True), after=HERO)
    add("LD16-g16-cut600-text2hero-60pc", "listdetail", LD, "mp4", 30, "list 60% wide", **T8, split=0.6, gutter=16, gcol=(0, 0, 0), mode="cut", black_ms=600, before=TXT, after=HERO)
    # gutter sweep on LD01's shape (screen off/on 600 ms, detail text -> hero): width, tile alignment, gutter level
    for nm, sp, gw, gl in (("GW01-g4-al", 0.4, 4, 0), ("GW02-g6-al", 0.4, 6, 0), ("GW03-g8-unal", 0.41, 8, 0), ("GW04-g12-unal", 0.41, 12, 0),
                           ("GW05-g16-unal", 0.41, 16, 0), ("GW06-g24-lev8", 0.4, 24, 8), ("GW07-g16-lev10-al", 0.4, 16, 10), ("GW08-g40-lev12", 0.4, 40, 12)):
        add(nm, "gutter-sweep", LD, "mp4", 30, f"LD01 shape, gutter {gw} px at {gl} levels, split {sp}", **T8, split=sp, gutter=gw, gcol=(gl, gl, gl), mode="cut", black_ms=600, before=TXT, after=HERO)
    # dark video player with black bars
    add("VP01-player-pane-black600", "video", "video", "mp4", 30, "video pane stops to black, other scene", **T8, split=0.4, gutter=16, black_ms=600)
    add("VP02-player-whole-black500", "video", "video", "mp4", 30, "whole window black (fullscreen toggled)", **T8, split=0.4, gutter=16, black_ms=500, whole=True)
    add("VP03-player-whole-black800-gif", "video", "video", "gif", 12, "same, GIF, dark video", **T6, split=0.45, gutter=24, black_ms=800, whole=True, vmean=60)
    add("VP04-call-cam-off-relaunch500", "video", "call", "mp4", 30, "call reconnect, one camera turned off", **T8, gutter=12, black_ms=500, before=("cam", "cam"), after=("cam", "avatar"))
    add("VP05-call-cam-on-cut700-gif", "video", "call", "gif", 15, "call reconnect, one camera on", **T6, gutter=20, black_ms=700, mode="cut", before=("avatar", "avatar"), after=("avatar", "cam"))
    # dark settings
    add("ST01-settings-open-pane-relaunch400", "settings", "settings", "mp4", 30, "full list -> two panes through black", **T8, gutter=16, gcol=(0, 0, 0), black_ms=400, open_pane=True)
    add("ST02-settings-theme-switch-wall-gif", "settings", "settings", "gif", 15, "theme switch relaunch, wallpaper preview changed", **T6, gutter=16, gcol=(0, 0, 0), black_ms=600, before=12, after=14)
    add("ST03-settings-preview-appears-fade", "settings", "settings", "mp4", 30, "pane gains a preview image, fade through black", **T8, gutter=24, gcol=(0, 0, 0), black_ms=500, before=None, after=14, mode="fade")
    add("ST04-settings-open-pane-cut1000-gif", "settings", "settings", "gif", 12, "full list -> two panes, 1 s black", **T4, gutter=8, gcol=(0, 0, 0), black_ms=1000, open_pane=True, mode="cut")
    # photo viewers
    add("PH01-compare-swap-fade500", "photo", "photo", "mp4", 30, "two photos side by side, one swapped through black", **T8, kind="compare", gutter=16, black_ms=500)
    add("PH02-compare-swap-cut400-dark-gif", "photo", "photo", "gif", 15, "same, dark photos (mean 45)", **T6, kind="compare", gutter=24, black_ms=400, mode="cut", pmean=45)
    add("PH03-grid-viewer-fade600", "photo", "photo", "mp4", 30, "grid | viewer, next photo through black", **T8, kind="grid", gutter=16, black_ms=600)
    add("PH04-grid-viewer-dark-gif", "photo", "photo", "gif", 12, "same, dark photos (mean 40), 8-px gutter", **T6, kind="grid", gutter=8, black_ms=700, pmean=40, mode="cut")
    add("PH05-letterbox-swap-fade500", "photo", "photo", "mp4", 30, "one photo with letterbox bars", **T8, kind="letterbox", black_ms=500)
    # app restarts
    add("RS01-restart-splash-hero2empty", "restart", "restart", "mp4", 30, "force stop, black, splash, list kept, detail empty", **T8, split=0.4, gutter=16, gcol=(0, 0, 0), black_ms=600, splash_ms=400, before=HERO, after=dict(empty=True))
    add("RS02-restart-black-text2hero-gif", "restart", "restart", "gif", 15, "black 800 ms, no splash", **T6, split=0.45, gutter=24, gcol=(0, 0, 0), black_ms=800, before=TXT, after=HERO)
    add("RS03-restart-black-empty2photo", "restart", "restart", "mp4", 30, "black 500 ms, detail full photo", **F6, split=0.5, gutter=20, gcol=(0, 0, 0), black_ms=500, before=dict(empty=True), after=PH)
    add("RS04-restart-splash-text2text-gif", "restart", "restart", "gif", 12, "detail text only", **T4, split=0.4, gutter=16, gcol=(0, 0, 0), black_ms=500, splash_ms=300, before=TXT, after=TXT2)
    # dual-screen look-alikes on Material's dark surface
    add("DU01-duo-launch-other-md", "duo", "duo", "gif", 12, "gen.py launch_other on #121212", scene="launch_other")
    add("DU02-duo-blank-md", "duo", "duo", "gif", 12, "gen.py blank on #121212", scene="blank")
    add("DU03-duo-restart-md", "duo", "duo", "gif", 12, "gen.py restart on #121212", scene="restart")
    add("DU04-duo-screenoff-other-app-md", "duo", "duo", "gif", 12, "screen off 600 ms, other screen's launcher -> another app", scene="screenoff", black_ms=600)
    add("DU05-duo-screenoff-other-photo-md", "duo", "duo", "gif", 12, "same, the other app shows a photo", scene="screenoff", black_ms=800, photo_other=True)
    # true spans on Material's dark surface
    EMU = dict(sw=390, sh=555, hinge=20, title=20)
    DEV = dict(sw=466, sh=636, hinge=28, title=0)
    MDs = dict(dark=True, body=(18, 18, 18), bar=(31, 31, 31), body2=(24, 24, 26))
    add("TS01-emu-open-L-md-h20-black600", "span", "span", "gif", 12, "span", **EMU, kind="open", black_ms=600, **MDs)
    add("TS02-dev-open-R-md-h28-black400", "span", "span", "mp4", 30, "span from the right", **DEV, kind="open", home="R", black_ms=400, **MDs)
    add("TS03-emu-close-L-md-h16-black800", "span", "span", "gif", 15, "unspan", sw=300, sh=427, hinge=16, title=16, kind="close", black_ms=800, **MDs)
    add("TS04-dev-close-R-md-h24-black500", "span", "span", "mp4", 30, "unspan to the right", sw=400, sh=560, hinge=24, title=0, kind="close", home="R", black_ms=500, **MDs)
    add("TS05-dev-open-L-md-h30-black700-elev", "span", "span", "mp4", 30, "span, #1E1E1E body", sw=400, sh=560, hinge=30, title=0, kind="open", black_ms=700, dark=True, body=(30, 30, 30), bar=(44, 44, 44), body2=(18, 18, 18))
    return J


def encode(path, frames, fps, fmt):
    if fmt == "mp4":
        frames = [f[:f.shape[0] // 2 * 2, :f.shape[1] // 2 * 2] for f in frames]
    rf.pipe(path, [np.clip(f + 0.5, 0, 255) for f in frames], fps, fmt, crf=18)


def make_one(j):
    r = MAKERS[j["make"]](j["o"])
    at, dur = r[0], r[1]
    ev = r[2] if len(r) > 2 else []
    fps = j["fps"]
    frames = [at(i / fps) for i in range(int(round(dur * fps)))]
    path = os.path.join(OUT, j["name"] + "." + j["fmt"])
    encode(path, frames, fps, j["fmt"])
    truth = dict(film=os.path.basename(path), family=j["family"], desc=j["desc"], events=ev, fps=fps,
                 size=list(frames[0].shape[1::-1]), duration_s=dur, params=j["o"])
    json.dump(truth, open(os.path.join(OUT, j["name"] + ".json"), "w"), indent=1, default=str)
    return j["name"]


def check(binary):
    import subprocess
    from concurrent.futures import ThreadPoolExecutor
    truths = [json.load(open(os.path.join(OUT, n))) for n in sorted(os.listdir(OUT)) if n.endswith(".json")]

    def events(t):
        p = subprocess.run([binary, os.path.join(OUT, t["film"]), "--format", "json"], capture_output=True, text=True)
        try:
            return [e for e in json.loads(p.stdout).get("events", []) if e.get("source") == "inferred"]
        except ValueError:
            return None
    with ThreadPoolExecutor(2) as ex:
        found = list(ex.map(events, truths))
    invented = spans = found_spans = looks = 0
    for t, ev in zip(truths, found):
        shown = "error" if ev is None else "; ".join(f"{e['kind']} {e['start_ms']:.0f}-{e['end_ms']:.0f}" for e in ev) or "-"
        if t["events"]:
            spans += 1
            hit = ev is not None and any(e["kind"] == t["events"][0]["kind"] for e in ev)
            found_spans += hit
            print(f"{t['film']} [true {t['events'][0]['kind']}]: {'found' if hit else 'MISSED'} ({shown})")
        else:
            looks += 1
            if ev:
                invented += 1
                print(f"{t['film']} [{t['family']}]: INVENTED {shown}")
    print(f"material review: {invented} of {looks} look-alikes with an event; spans found {found_spans} of {spans}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        check(sys.argv[2])
        sys.exit(0)
    fs.generate(sys.argv[1:], out=OUT, jobs_of=jobs, make=make_one)
