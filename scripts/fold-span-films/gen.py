#!/usr/bin/env python3
"""Fold and span films: synthetic variations of the two real posture captures of ../shared/real,
with the truth of their events, to measure how much of a hidden set of "fold and bend
emulators" and "a device capture of a dual-screen span" the inference rules would find.

True films (each with a truth of `open`/`close` events):
  F-*  a foldable emulator (as fold_todo_unfolded_to_folded_dark.gif): the unfolded two-pane
       picture is squeezed in one frame (or a 150-ms squeeze) into the left or right half beside a
       flat band (black, or a dark grey), held 0.3-2 s, crossfaded inside that half to the folded
       one-pane layout, then (refit) stretched back up to fill the frame, or (no refit) left beside
       the band. The unfold is a whole-frame crossfade after a refit, or the small screen growing
       back over the band (stretched, then crossfaded to the two-pane layout), or a crossfade from
       screen-and-band to the unfolded picture. Light and dark themes (F27-F28: Material's #121212); 540x608 / 540x1200 H.264 at
       30 and 60 fps, CFR or VFR (duplicates dropped, as screenrecord writes), GIFs 300-400 px at
       15 fps (and 25) with one palette.
  S-*  a dual-screen capture (as duo_sdk_twopane_nav_span.gif): two screens side by side with a
       dark hinge band (emulator: a title bar above; device: none); the app window is dragged
       across the hinge (card, both screens dim, black 300-800 ms, wallpaper fades in, the app
       laid out over both), or back (unspan: `close`). A few spans with no blackout (the card
       grows over both screens and crossfades into the spanned app): how a device capture looks is
       not known here; they are marked `plausibility: uncertain`.
Look-alikes (no event; L-*): a tablet app's right half going black (with and without system
bars), a dark detail pane opening beside a list, a video going pillarboxed / letterboxed, a split
screen divider dragged, a folded (refit) app opening a photo with a whole-page crossfade after a
true fold (the fold is true, any `open` invented), dual-screen: a second app launched on the other
screen, both screens blanking and coming back, a spanned app restarting (L09-L11; in a dark
theme L14-L16, for a hinge read beside dark screens; on Material's dark surface, #121212, L17-L19).
S18-S19 span and unspan on Material's dark surface.

usage: FOLD_SPAN_FILMS=DIR gen.py [PREFIX ...]      films and NAME.json truths in DIR (/tmp/fold-span)
       FOLD_SPAN_FILMS=DIR gen.py --check BIN         runs `BIN FILM --format json` (2 at a time),
            prints per film found / missed / invented and totals per family
       gen.py --diag FILM                              the band rule's values per 100 ms (tile
            means and variances as TileBoard keeps them, 16-px tiles): band, opposite, beyond,
            detail, share; for explaining a miss
Measured on /tmp/fd-base (main at cdfc677), 56 films (26 fold, 17 span, 13 look-alike/mixed):
folds 23/25, unfolds 5/23, spans 5/11, unspans 1/6, 4 events invented (an immersive app's right
half going black; a photo opening full screen after a refit fold; a spanned app whose second
pane's bar differs, read as `close`; a late refit read as an unfold). Whole-frame unfold
crossfades of sparse layouts change 24-41% of the tiles a frame (the real GIF 97-100%, its
re-dither); see the commit message for every miss.
A truth event is found by an inferred event of the same kind overlapping it (each widened by
400 ms); an inferred event matching no truth event is invented.
"""
import json, math, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor, ProcessPoolExecutor

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import reviewfilms as rf  # noqa: E402

OUT = os.environ.get("FOLD_SPAN_FILMS", "/tmp/fold-span")
SLACK = 400.0

THEMES = {
    "dark": dict(page=(28, 29, 36), surf=(40, 42, 52), fg=(225, 226, 232), fg2=(140, 142, 150), acc=(66, 140, 244)),
    "light": dict(page=(250, 250, 252), surf=(236, 237, 242), fg=(30, 30, 34), fg2=(120, 120, 128), acc=(25, 103, 210)),
    # Material's dark surface (#121212) and its elevated surface (#1E1E1E)
    "material": dict(page=(18, 18, 18), surf=(30, 30, 30), fg=(225, 225, 225), fg2=(140, 140, 140), acc=(66, 140, 244)),
}
ACC = [(230, 80, 80), (66, 133, 244), (120, 120, 130), (15, 157, 88), (171, 71, 188)]


def words(img, x, y, w, h, color, seed):
    rs = np.random.RandomState(seed)
    end, gap = x + w, max(2, h * 0.5)
    while x < end - h:
        ww = min(end - x, h * rs.uniform(1.8, 5.5))
        rf.rect(img, x, y, ww, h, color)
        x += ww + gap


def xscale(img, w):
    """Resamples an image to width w (linear in x): a squeeze or a stretch."""
    sw = img.shape[1]
    if w == sw:
        return img.copy()
    x = (np.arange(w) + 0.5) * sw / w - 0.5
    i0 = np.clip(np.floor(x).astype(int), 0, sw - 1)
    i1 = np.clip(i0 + 1, 0, sw - 1)
    f = (x - np.floor(x))[None, :, None].astype(np.float32)
    if w < sw / 1.5:  # box-ish prefilter for a strong squeeze
        k = int(round(sw / w))
        a = img.astype(np.float32)
        pad = np.concatenate([a, a[:, -1:].repeat(k, 1)], 1)
        a = sum(pad[:, j:j + sw] for j in range(k)) / k
    else:
        a = img.astype(np.float32)
    return a[:, i0] * (1 - f) + a[:, i1] * f


# ---------------- foldable layouts ----------------
def status_bar(img, x0, w, u, th, clock_seed=1):
    h = 24 * u
    words(img, x0 + 12 * u, 8 * u, 28 * u, 8 * u, th["fg"], clock_seed)
    for k in range(3):
        rf.rect(img, x0 + w - (14 + 12 * k) * u, 7 * u, 8 * u, 10 * u, th["fg"])
    return h


def nav_bar(img, x0, w, H, u, th):
    cy = H - 18 * u
    for k, dx in enumerate((-0.25, 0, 0.25)):
        cx = x0 + w * (0.5 + dx)
        if k == 1:
            rf.disc(img, cx, cy, 6 * u, th["fg"])
        else:
            rf.rect(img, cx - 5 * u, cy - 5 * u, 10 * u, 10 * u, th["fg"])


def list_pane(img, x0, w, H, u, th, seed=3, bars=True):
    """The ToDo list pane: header, two counter cards, an 'All' card, 'My lists' and a list row."""
    y = 24 * u
    words(img, x0 + 14 * u, y + 12 * u, min(120 * u, w * 0.5), 10 * u, th["fg"], seed)
    rf.disc(img, x0 + w - 20 * u, y + 17 * u, 6 * u, th["fg"])
    y += 44 * u
    cw = (w - 36 * u) / 2
    for k in range(2):
        cx = x0 + 12 * u + k * (cw + 12 * u)
        rf.rect(img, cx, y, cw, 50 * u, th["surf"])
        rf.disc(img, cx + 16 * u, y + 16 * u, 8 * u, ACC[k])
        rf.rect(img, cx + cw - 16 * u, y + 10 * u, 6 * u, 12 * u, th["fg"])
        words(img, cx + 8 * u, y + 32 * u, cw * 0.5, 7 * u, th["fg2"], seed + k + 10)
    y += 62 * u
    rf.rect(img, x0 + 12 * u, y, w - 24 * u, 50 * u, th["surf"])
    rf.disc(img, x0 + 28 * u, y + 16 * u, 8 * u, ACC[2])
    rf.rect(img, x0 + w - 28 * u, y + 10 * u, 6 * u, 12 * u, th["fg"])
    y += 66 * u
    words(img, x0 + 14 * u, y, 70 * u, 11 * u, th["fg"], seed + 20)
    y += 22 * u
    for r in range(3 if H / u > 700 else 1):
        rf.rect(img, x0 + 12 * u, y, w - 24 * u, 30 * u, th["surf"])
        rf.disc(img, x0 + 28 * u, y + 15 * u, 7 * u, th["acc"])
        words(img, x0 + 42 * u, y + 11 * u, min(90 * u, w * 0.4), 8 * u, th["fg"], seed + 30 + r)
        y += 38 * u
    words(img, x0 + 14 * u, H - 58 * u, 50 * u, 8 * u, th["fg"], seed + 40)
    rf.rect(img, x0 + w - 26 * u, H - 60 * u, 12 * u, 12 * u, th["fg2"])
    if bars:
        status_bar(img, x0, w, u, th, seed)
        nav_bar(img, x0, w, H, u, th)


def detail_pane(img, x0, w, H, u, th, seed=5):
    y = 24 * u
    rf.rect(img, x0 + 12 * u, y + 12 * u, 10 * u, 10 * u, th["fg2"])
    words(img, x0 + w * 0.4, y + 12 * u, w * 0.3, 10 * u, th["acc"], seed)
    y += 48 * u
    for r in range(2):
        rf.disc(img, x0 + 20 * u, y + 6 * u, 6 * u, th["acc"], ring=2 * u, ring_color=th["acc"])
        rf.disc(img, x0 + 20 * u, y + 6 * u, 4 * u, th["page"])
        words(img, x0 + 34 * u, y + 2 * u, w * 0.3, 8 * u, th["fg"], seed + 1 + r)
        y += 26 * u
    rf.rect(img, x0 + 10 * u, H - 96 * u, w - 20 * u, 28 * u, th["surf"])
    words(img, x0 + 24 * u, H - 86 * u, 60 * u, 8 * u, th["acc"], seed + 9)


def unfolded(W, H, th, seed=3):
    """The inner display's two-pane layout; u = one pane is 270 units wide."""
    img = np.zeros((H, W, 3), np.uint8)
    img[:] = th["page"]
    u = W / 540
    list_pane(img, 0, W / 2, H, u, th, seed, bars=False)
    rf.rect(img, W / 2, 0, 1, H, th["surf"])
    detail_pane(img, W / 2, W / 2, H, u, th, seed + 2)
    status_bar(img, 0, W, u, th, seed)
    nav_bar(img, 0, W, H, u, th)
    return img


def folded(Ws, H, th, seed=3):
    """The outer display's one-pane layout, native at Ws px wide (the same density)."""
    img = np.zeros((H, Ws, 3), np.uint8)
    img[:] = th["page"]
    list_pane(img, 0, Ws, H, Ws / 270, th, seed)
    return img


def place(canvas_bg, W, H, screen, side):
    """The screen picture (H x w) at the left or right of a W x H frame over the band colour."""
    f = np.empty((H, W, 3), np.float32)
    f[:] = canvas_bg
    w = screen.shape[1]
    if side == "L":
        f[:, :w] = screen
    else:
        f[:, W - w:] = screen
    return f


def stepped(p, steps):
    return p if not steps else math.floor(p * steps + 1e-9) / steps


def fold_film(o):
    """A foldable emulator's fold (and unfold); returns (frame_at(t), duration, events)."""
    W, H, th = o["W"], o["H"], THEMES[o["theme"]]
    band = np.array(o["band"], np.float32)
    share = o.get("share", 0.5)
    Ws = int(round(W * share))
    side = o["side"]
    A = unfolded(W, H, th).astype(np.float32)
    Asq = xscale(A, Ws)
    B = folded(Ws, H, th).astype(np.float32)
    Bfull = xscale(B, W)
    t_fold = o.get("t_fold", 1.2)
    squeeze = o.get("squeeze_ms", 0) / 1000
    hold = o["hold_ms"] / 1000
    xf = o.get("xfade_ms", 150) / 1000
    t_xf = t_fold + squeeze + hold
    t_b = t_xf + xf                      # folded layout settled in the small screen
    refit = o.get("refit", True)
    t_rf = t_b + o.get("refit_wait_ms", 1000) / 1000
    rdur = o.get("refit_ms", 120) / 1000
    t_folded = t_rf + rdur if refit else t_b
    unfold = o.get("unfold")             # None, "xfade" (whole frame), "grow", "bandfade"
    t_un = t_folded + o.get("folded_ms", 1200) / 1000
    udur = o.get("unfold_ms", 250) / 1000
    t_un_end = t_un + udur + (0.2 if unfold == "grow" else 0)
    dur = (t_un_end if unfold else t_folded) + o.get("tail", 1.2)
    start_folded = o.get("start_folded", False)
    steps = o.get("steps", 0)

    def small(t):  # folded state picture
        return Bfull if refit else place(band, W, H, B, side)

    def at(t):
        if start_folded and t < t_un:
            return small(t)
        if t < t_fold:
            return A
        if t < t_fold + squeeze:       # the picture squeezes towards its side
            p = rf.ease((t - t_fold) / squeeze)
            w = int(round(W + (Ws - W) * p))
            return place(band, W, H, xscale(A, w), side)
        if t < t_xf:
            return place(band, W, H, Asq, side)
        if t < t_b:
            p = stepped((t - t_xf) / xf, steps)
            return place(band, W, H, Asq * (1 - p) + B * p, side)
        if refit and t < t_rf:
            return place(band, W, H, B, side)
        if refit and t < t_rf + rdur:
            p = rf.ease((t - t_rf) / rdur)
            w = int(round(Ws + (W - Ws) * p))
            return place(band, W, H, xscale(B, w), side)
        if not unfold or t < t_un:
            return small(t)
        if unfold == "xfade" or unfold == "bandfade":
            p = stepped(min(1, (t - t_un) / udur), steps or 0)
            return small(t) * (1 - p) + A * p
        # grow: the small screen widens over the band (stretched), then relays out
        if t < t_un + udur:
            p = rf.ease((t - t_un) / udur)
            w = int(round(Ws + (W - Ws) * p))
            return place(band, W, H, xscale(B, w), side)
        p = min(1, (t - t_un - udur) / 0.2)
        return Bfull * (1 - p) + A * p

    ev = []
    if not start_folded:
        ev.append(dict(kind="close", start_ms=t_fold * 1000, end_ms=t_folded * 1000))
    if unfold:
        ev.append(dict(kind="open", start_ms=t_un * 1000, end_ms=t_un_end * 1000))
    return at, dur, ev


# ---------------- dual-screen layouts ----------------
def wallpaper(h, w, dark):
    yy = np.linspace(0, 1, h)[:, None, None]
    top, bot = (np.array([22, 28, 48]), np.array([10, 12, 22])) if dark else (np.array([70, 90, 190]), np.array([45, 60, 150]))
    return np.broadcast_to(top * (1 - yy) + bot * yy, (h, w, 3)).astype(np.float32)


def launcher(h, w, u, dark, seed=1):
    img = wallpaper(h, w, dark).copy()
    rs = np.random.RandomState(seed)
    for r in range(2):
        for c in range(4):
            cx, cy = w * (0.14 + 0.24 * c), (60 + 70 * r) * u
            rf.rect(img, cx - 16 * u, cy - 16 * u, 32 * u, 32 * u, tuple(int(v) for v in rs.randint(40, 230, 3)))
            words(img, cx - 18 * u, cy + 22 * u, 36 * u, 5 * u, (230, 230, 230), seed * 10 + r * 4 + c)
    card = (248, 248, 250) if not dark else (44, 46, 54)
    rf.rect(img, 24 * u, h * 0.42, w - 48 * u, h * 0.36, card)
    rf.rect(img, 24 * u, h * 0.42, w - 48 * u, 26 * u, (40, 100, 210))
    for k in range(6):
        words(img, 34 * u, h * 0.42 + (38 + 20 * k) * u, (w - 80 * u) * rs.uniform(0.5, 1), 6 * u,
              (90, 90, 100) if not dark else (170, 170, 180), seed + 50 + k)
    for c in range(6):
        rf.rect(img, w * (0.1 + 0.14 * c), h - 60 * u, 26 * u, 26 * u, tuple(int(v) for v in rs.randint(60, 230, 3)))
    return img


def app_screen(h, w, u, a, pane, seed):
    """A pane of the app: app bar in `a['bar']`, body in `a['body']`, paragraphs, a button."""
    img = np.empty((h, w, 3), np.float32)
    img[:] = a["body"]
    rf.rect(img, 0, 0, w, 26 * u + 44 * u, a["bar"])
    words(img, 14 * u, 26 * u + 16 * u, w * 0.6, 12 * u, (255, 255, 255), seed)
    for k in range(7):
        words(img, 12 * u, (86 + 15 * k) * u, (w - 24 * u) * (0.6 if k == 6 else 1), 8 * u, a["fg"], seed * 20 + k + pane)
    words(img, w * 0.22, h * 0.55, w * 0.35, 12 * u, a["fg"], seed + 5 + pane)
    rf.rect(img, w * 0.64, h * 0.55 - 4 * u, 20 * u, 20 * u, (250, 250, 250))
    rf.rect(img, w * 0.64 + 4 * u, h * 0.55, 12 * u, 12 * u, a["bar"])
    return img


def sbar(img, w, u, fg, left):
    if left:
        words(img, 10 * u, 8 * u, 28 * u, 8 * u, fg, 9)
    else:
        for k in range(3):
            rf.rect(img, w - (14 + 12 * k) * u, 7 * u, 8 * u, 10 * u, fg)


def span_film(o):
    """A window spanned over both screens of a dual-screen capture (or unspanned)."""
    sw, sh, g, tb = o["sw"], o["sh"], o["hinge"], o.get("title", 0)
    W, H = 2 * sw + g, sh + tb
    u = sw / 390
    dark = o.get("dark", False)
    a = (dict(bar=o.get("bar", (40, 40, 46)), body=o.get("body", (30, 30, 34)), fg=(200, 200, 205)) if dark
         else dict(bar=(25, 100, 215), body=o.get("body", (238, 110, 105)), fg=(30, 30, 30)))
    home = o.get("home", "L")            # the screen the single-screen app is on
    L = {"L": 0, "R": 1}[home]
    lau = launcher(sh, sw, u, o.get("dark_wall", dark))
    single = app_screen(sh, sw, u, a, 0, 11)
    p1, p2 = app_screen(sh, sw, u, a, 0, 11), app_screen(sh, sw, u, dict(a, body=o.get("body2", (120, 140, 240) if not dark else (34, 36, 44))), 1, 23)
    if o.get("pane2_bar"):
        rf.rect(p2, 0, 0, sw, 70 * u, o["pane2_bar"])

    def frame(left, right, hinge=(0, 0, 0)):
        f = np.empty((H, W, 3), np.float32)
        f[:] = hinge
        if tb:
            f[:tb] = (232, 232, 234)
            words(f, 8, tb * 0.3, 180, tb * 0.4, (60, 60, 60), 4)
        f[tb:, :sw] = left
        f[tb:, sw + g:] = right
        for x0, lft in ((0, True), (sw + g, False)):
            sub = f[tb:tb + int(26 * u), x0:x0 + sw]
            sbar(sub, sw, u, (250, 250, 250), lft)
        return f

    spanned = frame(p1, p2)
    one = frame(single, lau) if L == 0 else frame(lau, single)
    t0 = o.get("t0", 2.0)
    drag = o.get("drag_ms", 700) / 1000
    black = o.get("black_ms", 600) / 1000
    fade_in = 0.17
    mode = o.get("mode", "blackout")      # or "grow": no blackout
    kind = o["kind"]
    start_pic, end_pic = (one, spanned) if kind == "open" else (spanned, one)
    # the card: the window's picture scaled to 70%, dragged from where it was to where it lands
    src_full = single if kind == "open" else None
    t_card = t0 + 0.08
    t_black = t_card + drag + 0.17
    t_wall = t_black + black
    t_end = t_wall + fade_in + 0.08 if mode == "blackout" else t_card + drag + 0.4
    dim = o.get("dim", True)

    def card_img():
        if kind == "open":
            return single
        return np.concatenate([p1, np.zeros((sh, g, 3), np.float32), p2], 1)
    cimg = card_img()
    ch, cw0 = int(sh * 0.7), int(cimg.shape[1] * 0.7)
    card = cimg[(np.arange(ch) * sh / ch).astype(int)][:, (np.arange(cw0) * cimg.shape[1] / cw0).astype(int)]
    cw = card.shape[1]
    if kind == "open":
        x_from = (sw - cw) / 2 + L * (sw + g)
        x_to = (W - cw) / 2
    else:
        x_from = (W - cw) / 2
        x_to = (sw - cw) / 2 + L * (sw + g)
    base_behind = frame(lau, lau)

    def at(t):
        if t < t0:
            return start_pic
        if t < t_card:
            return start_pic
        if t < t_card + drag:          # card over the launcher, dragged; screens dim
            p = rf.ease((t - t_card) / drag)
            f = base_behind.copy()
            if dim:
                d = 1 - 0.5 * min(1, max(0, (t - t_card - drag * 0.3) / (drag * 0.4)))
                f[tb:] *= d
            x = int(round(x_from + (x_to - x_from) * p))
            y = tb + (sh - ch) // 2
            x0, x1 = max(0, x), min(W, x + cw)
            f[y:y + ch, x0:x1] = card[:, x0 - x:x1 - x]
            return f
        if mode == "grow":
            p = min(1, (t - t_card - drag) / 0.3)
            if p < 0.5:   # the card grows to the frame
                q = rf.ease(p / 0.5)
                f = base_behind * (0.5 if dim else 1.0)
                f = f.copy()
                cwq, chq = int(cw + (W - cw) * q), int(ch + (sh - ch) * q)
                big = cimg[(np.arange(chq) * sh / chq).astype(int)][:, (np.arange(cwq) * cimg.shape[1] / cwq).astype(int)]
                x = (W - cwq) // 2
                y = tb + (sh - chq) // 2
                f[y:y + chq, x:x + cwq] = big
                return f
            q = (p - 0.5) / 0.5
            grown = frame(xscale(cimg, W)[:, :sw], xscale(cimg, W)[:, sw + g:]) if kind == "open" else end_pic
            return grown * (1 - q) + end_pic * q
        if t < t_black:                # the card turns black and grows over both screens
            p = rf.ease((t - t_card - drag) / (t_black - t_card - drag))
            f = base_behind * (0.5 if dim else 1.0)
            f = f.copy()
            cwq, chq = int(cw + (W - cw) * p), int(ch + (sh - ch) * p)
            x = int((W - cwq) / 2)
            y = tb + (sh - chq) // 2
            f[y:y + chq, x:x + cwq] = 0
            return f
        if t < t_wall:
            f = frame(np.zeros((sh, sw, 3)), np.zeros((sh, sw, 3)))
            return f
        if t < t_wall + fade_in:
            p = (t - t_wall) / fade_in
            return frame(wallpaper(sh, sw, dark) * p, wallpaper(sh, sw, dark) * p)
        return end_pic

    dur = t_end + o.get("tail", 2.0)
    return at, dur, [dict(kind=kind, start_ms=t_card * 1000, end_ms=t_end * 1000)]


# ---------------- look-alikes ----------------
def lookalike_film(o):
    kind = o["scene"]
    W, H = o["W"], o["H"]
    th = THEMES[o.get("theme", "light")]
    u = W / 540
    if kind in ("halfblack", "halfblack_immersive"):
        # a two-pane player: the right pane's video stops to black and holds, then plays again
        bars = kind == "halfblack"
        A = np.zeros((H, W, 3), np.uint8); A[:] = th["page"]
        list_pane(A, 0, W / 2, H, u, th, 3, bars=False)
        vid = np.zeros((H, W // 2, 3), np.uint8); rf.tex(vid, 0, 0, W // 2, H, 7)
        A[:, W // 2:] = vid
        Bk = A.copy(); Bk[:, W // 2:] = 0
        if bars:
            for img in (A, Bk):
                status_bar(img, 0, W, u, th); nav_bar(img, 0, W, H, u, th)
        A, Bk = A.astype(np.float32), Bk.astype(np.float32)

        def at(t):
            if t < 1.2:
                return A
            if t < 1.45:
                p = (t - 1.2) / 0.25
                return A * (1 - p) + Bk * p
            if t < 3.5:
                return Bk
            return A
        return at, 5.0, []
    if kind == "darkpane":
        # a list fills the frame; a tap opens an empty near-black detail pane on the right half
        # (its content loads 1.2 s later); back closes it
        A = np.zeros((H, W, 3), np.uint8); A[:] = th["page"]
        list_pane(A, 0, W, H, 2 * u, th, 3)
        Bp = np.zeros((H, W, 3), np.uint8); Bp[:] = th["page"]
        list_pane(Bp, 0, W / 2, H, u, th, 3, bars=False)
        Bp[:, W // 2:] = (16, 16, 18)
        status_bar(Bp, 0, W, u, th); nav_bar(Bp, 0, W, H, u, th)
        C = Bp.copy()
        detail_pane(C, W // 2, W // 2, H, u, THEMES["dark"], 9)
        A, Bp, C = (x.astype(np.float32) for x in (A, Bp, C))

        def at(t):
            if t < 1.0:
                return A
            if t < 1.25:
                p = rf.ease((t - 1.0) / 0.25)
                return A * (1 - p) + Bp * p
            if t < 2.4:
                return Bp
            if t < 4.0:
                return C
            return A
        return at, 5.0, []
    if kind in ("pillarbox", "letterbox"):
        vid = np.zeros((H, W, 3), np.uint8); rf.tex(vid, 0, 0, W, H, 12)
        vid = vid.astype(np.float32)

        def at(t):
            shift = int(t * 40) % 16
            v = np.roll(vid, shift, 1)
            if t < 1.5:
                return v
            p = rf.ease((t - 1.5) / 0.3)
            f = np.zeros_like(v)
            if kind == "pillarbox":
                w = int(W * (1 - 0.45 * p))
                x = (W - w) // 2
                f[:, x:x + w] = xscale(v, w)
            else:
                h = int(H * (1 - 0.6 * p))
                y = (H - h) // 2
                f[y:y + h] = v[(np.arange(h) * H / h).astype(int)]
            return f
        return at, 5.0, []
    if kind == "divider":
        # split screen (landscape tablet): a light app | black divider | a dark app; the divider
        # is dragged to 30%, both apps shown as flat placeholders with their icon while it moves
        dv = max(4, int(8 * u))
        sbh = int(24 * u)

        def split(x, placeholder):
            f = np.zeros((H, W, 3), np.float32)
            lw = x
            if placeholder:
                f[:, :lw] = (250, 250, 252)
                f[:, lw + dv:] = (30, 30, 32)
                rf.disc(f, lw / 2, H / 2, 24 * u, (66, 133, 244))
                rf.disc(f, lw + dv + (W - lw - dv) / 2, H / 2, 24 * u, (230, 80, 80))
            else:
                l = np.zeros((H, lw, 3), np.uint8); l[:] = THEMES["light"]["page"]
                list_pane(l, 0, lw, H, u, THEMES["light"], 3, bars=False)
                r = np.zeros((H, W - lw - dv, 3), np.uint8); r[:] = (30, 30, 32)
                detail_pane(r, 0, W - lw - dv, H, u, THEMES["dark"], 8)
                f[:, :lw] = l; f[:, lw + dv:] = r
            f[:sbh] = (0, 0, 0)
            status_bar(f, 0, W, u, THEMES["dark"])
            return f
        x0, x1 = W // 2 - dv // 2, int(W * 0.3)

        def at(t):
            if t < 1.0:
                return split(x0, False)
            if t < 1.6:
                p = rf.ease((t - 1.0) / 0.6)
                return split(int(x0 + (x1 - x0) * p), True)
            if t < 2.0:
                return split(x1, True)
            return split(x1, False)
        return at, 4.5, []
    raise ValueError(kind)


def photo_after_fold(o):
    """A true refit fold, then in the folded app a photo opens with a whole-page crossfade
    (status and navigation bars kept): the `close` is true, an `open` would be invented."""
    at0, dur0, ev = fold_film(dict(o, unfold=None, tail=0.0))
    W, H, th = o["W"], o["H"], THEMES[o["theme"]]
    Ws = int(round(W * 0.5))
    Bfull = xscale(folded(Ws, H, th), W)
    P = Bfull.copy()
    ph = np.zeros((H, W, 3), np.uint8); rf.tex(ph, 0, 0, W, H, 31)
    sb = int(26 * W / 540 * 1.0)
    P[sb:H - sb - 10] = ph[sb:H - sb - 10]
    t1 = dur0 + 1.0

    def at(t):
        if t < t1:
            return at0(min(t, dur0 - 1e-6))
        p = min(1, (t - t1) / 0.25)
        return Bfull * (1 - p) + P * p
    return at, t1 + 1.5, ev


def duo_lookalike(o):
    sw, sh, g, tb = 390, 555, 20, 20
    W, H = 2 * sw + g, sh + tb
    u = 1.0
    # (dark: a dark theme's app and wallpaper, where the hinge stands out from the screens by 15-30 levels)
    dark = o.get("dark", False)
    a = dict(bar=(25, 100, 215), body=(238, 110, 105), fg=(30, 30, 30)) if not dark else dict(bar=o.get("bar", (40, 40, 46)), body=o.get("body", (30, 30, 34)), fg=(200, 200, 205))
    lau = launcher(sh, sw, u, dark)
    single = app_screen(sh, sw, u, a, 0, 11)
    other = app_screen(sh, sw, u, dict(bar=(15, 157, 88), body=(245, 245, 245), fg=(40, 40, 40)) if not dark
                       else dict(bar=(36, 44, 40), body=o.get("body2", (24, 26, 28)), fg=(190, 195, 190)), 0, 31)

    def frame(l, r):
        f = np.zeros((H, W, 3), np.float32)
        f[:tb] = (232, 232, 234)
        words(f, 8, 6, 180, 8, (60, 60, 60), 4)
        f[tb:, :sw] = l; f[tb:, sw + g:] = r
        return f
    A = frame(single, lau)
    sc = o["scene"]
    if sc == "launch_other":
        B = frame(single, other)

        def at(t):
            if t < 2.0:
                return A
            p = min(1, (t - 2.0) / 0.3)
            return A * (1 - p) + B * p
        return at, 7.0, []
    if sc == "blank":
        def at(t):
            if t < 2.0:
                return A
            if t < 2.4:
                return A * (1 - 0.6 * (t - 2.0) / 0.4)
            if t < 2.5:
                return A * 0.4 * (1 - (t - 2.4) / 0.1)
            if t < 3.5:
                return np.zeros_like(A)
            return A
        return at, 7.0, []
    if sc == "restart":
        b1, b2, b3 = ((120, 140, 240), (245, 245, 245), (250, 250, 240)) if not dark else ((34, 36, 44), (20, 20, 22), (26, 26, 24))
        p1, p2 = app_screen(sh, sw, u, a, 0, 11), app_screen(sh, sw, u, dict(a, body=b1), 1, 23)
        S = frame(p1, p2)
        S2 = frame(app_screen(sh, sw, u, dict(a, body=b2), 0, 41), app_screen(sh, sw, u, dict(a, body=b3), 1, 43))

        def at(t):
            if t < 2.0:
                return S
            if t < 2.5:
                return np.zeros_like(S)
            return S2
        return at, 7.0, []
    raise ValueError(sc)


# ---------------- the film list ----------------
def jobs():
    J = []

    def F(name, fmt, fps, vfr=False, **o):
        J.append(dict(name=name, family="fold", make="fold", fmt=fmt, fps=fps, vfr=vfr, o=o))
    P = dict(W=540, H=608)
    G = dict(W=360, H=406)
    T = dict(W=540, H=1200)
    # refit folds (as the real film) + whole-frame unfold
    F("F01-dark-L-black-refit-h1000-xfade", "gif", 15, **P, theme="dark", side="L", band=(0, 0, 0), hold_ms=1000, unfold="xfade")
    F("F02-light-L-black-refit-h1000-xfade", "gif", 15, **G, theme="light", side="L", band=(0, 0, 0), hold_ms=1000, unfold="xfade")
    F("F03-dark-R-black-refit-h600-xfade", "mp4", 30, **P, theme="dark", side="R", band=(0, 0, 0), hold_ms=600, unfold="xfade")
    F("F04-light-R-grey-refit-h300-xfade", "mp4", 60, vfr=True, **P, theme="light", side="R", band=(32, 33, 36), hold_ms=300, unfold="xfade")
    F("F05-dark-L-grey-refit-h2000-xfade", "mp4", 60, vfr=True, **T, theme="dark", side="L", band=(32, 33, 36), hold_ms=2000, unfold="xfade")
    F("F06-light-L-black-refit-h500-xfade-25fps", "gif", 25, vfr=True, W=400, H=450, theme="light", side="L", band=(0, 0, 0), hold_ms=500, unfold="xfade", steps=3)
    F("F07-dark-L-black-refit-h1000-xfade-300px", "gif", 15, W=300, H=338, theme="dark", side="L", band=(0, 0, 0), hold_ms=1000, unfold="xfade")
    F("F08-light-R-black-refit-h800-squeeze-xfade", "mp4", 30, **T, theme="light", side="R", band=(0, 0, 0), hold_ms=800, squeeze_ms=150, unfold="xfade")
    F("F09-dark-R-grey-refit-h1500-xfade", "gif", 15, **G, theme="dark", side="R", band=(40, 40, 44), hold_ms=1500, unfold="xfade")
    F("F10-dark-L-black-refit-h400-xfade-60vfr", "mp4", 60, vfr=True, **P, theme="dark", side="L", band=(0, 0, 0), hold_ms=400, unfold="xfade", refit_wait_ms=500)
    # folds with no refit; unfold by growing back beside the band or crossfading over it
    F("F11-light-L-black-norefit-h1000-grow", "mp4", 30, **P, theme="light", side="L", band=(0, 0, 0), hold_ms=1000, refit=False, unfold="grow")
    F("F12-dark-L-black-norefit-h600-grow", "gif", 15, **G, theme="dark", side="L", band=(0, 0, 0), hold_ms=600, refit=False, unfold="grow")
    F("F13-dark-R-grey-norefit-h2000-grow", "mp4", 60, vfr=True, **T, theme="dark", side="R", band=(32, 33, 36), hold_ms=2000, refit=False, unfold="grow")
    F("F14-light-R-black-norefit-h300-bandfade", "mp4", 30, **P, theme="light", side="R", band=(0, 0, 0), hold_ms=300, refit=False, unfold="bandfade")
    F("F15-dark-L-grey-norefit-h800-bandfade", "gif", 15, **G, theme="dark", side="L", band=(40, 40, 44), hold_ms=800, refit=False, unfold="bandfade")
    F("F16-light-L-black-norefit-h1200-squeeze-grow", "mp4", 60, vfr=True, **P, theme="light", side="L", band=(0, 0, 0), hold_ms=1200, squeeze_ms=150, refit=False, unfold="grow")
    # folds only (the film ends folded)
    F("F17-dark-L-black-refit-h1000-foldonly", "mp4", 30, **P, theme="dark", side="L", band=(0, 0, 0), hold_ms=1000)
    F("F18-light-R-black-norefit-h500-foldonly", "gif", 15, **G, theme="light", side="R", band=(0, 0, 0), hold_ms=500, refit=False)
    F("F19-dark-R-black-refit-h300-foldonly-25fps", "gif", 25, vfr=True, W=440, H=496, theme="dark", side="R", band=(0, 0, 0), hold_ms=300)
    # unfolds only (the film starts folded)
    F("F20-dark-L-black-norefit-unfoldonly-grow", "mp4", 30, **P, theme="dark", side="L", band=(0, 0, 0), hold_ms=500, refit=False, unfold="grow", start_folded=True)
    F("F21-light-R-black-norefit-unfoldonly-bandfade", "gif", 15, **G, theme="light", side="R", band=(0, 0, 0), hold_ms=500, refit=False, unfold="bandfade", start_folded=True)
    F("F22-dark-L-black-refit-unfoldonly-xfade", "mp4", 60, vfr=True, **P, theme="dark", side="L", band=(0, 0, 0), hold_ms=500, unfold="xfade", start_folded=True)
    # Android Studio's dark window grey (43,45,48) as the band: blue channel at dark_level
    F("F23-dark-L-studiogrey-refit-h1000-xfade", "mp4", 30, **P, theme="dark", side="L", band=(43, 45, 48), hold_ms=1000, unfold="xfade")
    F("F24-light-L-studiogrey-norefit-h1000-grow", "gif", 15, **G, theme="light", side="L", band=(43, 45, 48), hold_ms=1000, refit=False, unfold="grow")
    # outer display narrower than half (0.42) and wider (0.6)
    F("F25-light-L-black-refit-s042-xfade", "mp4", 30, **P, theme="light", side="L", band=(0, 0, 0), hold_ms=800, share=0.42, unfold="xfade")
    F("F26-dark-R-black-norefit-s060-grow", "mp4", 30, **P, theme="dark", side="R", band=(0, 0, 0), hold_ms=800, share=0.6, refit=False, unfold="grow")
    F("F27-material-L-black-refit-h1000-xfade", "mp4", 30, **P, theme="material", side="L", band=(0, 0, 0), hold_ms=1000, unfold="xfade")
    F("F28-material-R-black-norefit-h800-grow-gif", "gif", 15, **G, theme="material", side="R", band=(0, 0, 0), hold_ms=800, refit=False, unfold="grow")

    def S(name, fmt, fps, vfr=False, **o):
        J.append(dict(name=name, family="span" if o["kind"] == "open" else "unspan", make="span", fmt=fmt, fps=fps, vfr=vfr, o=o))
    EMU = dict(sw=390, sh=555, hinge=20, title=20)
    EMU_S = dict(sw=292, sh=416, hinge=16, title=16)
    DEV = dict(sw=466, sh=636, hinge=28, title=0)
    S("S01-emu-open-L-black670", "gif", 12, **EMU, kind="open", black_ms=670)
    S("S02-emu-open-R-black400", "gif", 12, **EMU, kind="open", home="R", black_ms=400)
    S("S03-emu-open-L-black800-mp4", "mp4", 30, **EMU, kind="open", black_ms=800)
    S("S04-dev-open-L-black500", "mp4", 30, vfr=True, **DEV, kind="open", black_ms=500)
    S("S05-dev-open-R-black350-60", "mp4", 60, vfr=True, **DEV, kind="open", home="R", black_ms=350)
    S("S06-emu-open-L-black600-nodim-small", "gif", 12, **EMU_S, kind="open", black_ms=600, dim=False)
    S("S07-emu-open-L-dark-black600", "gif", 12, **EMU, kind="open", black_ms=600, dark=True)
    S("S08-dev-open-L-black600-whitebody", "mp4", 30, **DEV, kind="open", black_ms=600, body=(250, 250, 250), body2=(250, 250, 250))
    S("S09-emu-close-L-black670", "gif", 12, **EMU, kind="close", black_ms=670)
    S("S10-emu-close-R-black400", "gif", 12, **EMU, kind="close", home="R", black_ms=400)
    S("S11-dev-close-L-black500", "mp4", 30, vfr=True, **DEV, kind="close", black_ms=500)
    S("S12-dev-close-R-black700-60", "mp4", 60, **DEV, kind="close", home="R", black_ms=700)
    S("S13-emu-close-L-dark-black600", "gif", 12, **EMU, kind="close", black_ms=600, dark=True)
    S("S14-emu-open-L-pane2bar-black600", "gif", 12, **EMU, kind="open", black_ms=600, pane2_bar=(250, 250, 250))
    # Material's dark surface (#121212, 18 levels) and a surface a step up for the bar and pane 2
    S("S18-emu-open-L-material-dark-black600", "gif", 12, **EMU, kind="open", black_ms=600, dark=True, body=(18, 18, 18), bar=(31, 31, 31), body2=(24, 24, 26))
    S("S19-dev-close-R-material-dark-black500", "mp4", 30, vfr=True, **DEV, kind="close", home="R", black_ms=500, dark=True, body=(18, 18, 18), bar=(31, 31, 31), body2=(24, 24, 26))
    S("S15-dev-open-L-grow", "mp4", 30, **DEV, kind="open", mode="grow", plaus="uncertain")
    S("S16-emu-open-R-grow", "gif", 12, **EMU, kind="open", home="R", mode="grow", plaus="uncertain")
    S("S17-dev-close-L-grow", "mp4", 30, **DEV, kind="close", mode="grow", plaus="uncertain")

    def Lk(name, fmt, fps, make="look", vfr=False, **o):
        J.append(dict(name=name, family="lookalike", make=make, fmt=fmt, fps=fps, vfr=vfr, o=o))
    Lk("L01-halfblack-bars", "mp4", 30, **P, scene="halfblack", theme="light")
    Lk("L02-halfblack-immersive", "mp4", 30, **P, scene="halfblack_immersive", theme="dark")
    Lk("L03-darkpane-light", "mp4", 30, **P, scene="darkpane", theme="light")
    Lk("L04-darkpane-dark-gif", "gif", 15, **G, scene="darkpane", theme="dark")
    Lk("L05-pillarbox", "mp4", 30, **P, scene="pillarbox")
    Lk("L06-letterbox-gif", "gif", 15, W=360, H=800, scene="letterbox")
    Lk("L07-divider-dragged", "mp4", 30, W=1000, H=600, scene="divider")
    Lk("L08-divider-dragged-gif", "gif", 15, W=600, H=360, scene="divider")
    Lk("L09-duo-launch-other", "gif", 12, make="duolook", scene="launch_other")
    Lk("L10-duo-blank", "gif", 12, make="duolook", scene="blank")
    Lk("L11-duo-restart", "gif", 12, make="duolook", scene="restart")
    Lk("L14-duo-launch-other-dark", "gif", 12, make="duolook", scene="launch_other", dark=True)
    Lk("L15-duo-blank-dark", "gif", 12, make="duolook", scene="blank", dark=True)
    Lk("L16-duo-restart-dark", "gif", 12, make="duolook", scene="restart", dark=True)
    MD = dict(dark=True, body=(18, 18, 18), bar=(31, 31, 31), body2=(18, 18, 18))   # Material's dark surface, #121212
    Lk("L17-duo-launch-other-material-dark", "gif", 12, make="duolook", scene="launch_other", **MD)
    Lk("L18-duo-blank-material-dark", "gif", 12, make="duolook", scene="blank", **MD)
    Lk("L19-duo-restart-material-dark", "gif", 12, make="duolook", scene="restart", **MD)
    J.append(dict(name="L12-fold-then-photo-dark", family="fold+lookalike", make="photo", fmt="mp4", fps=30, vfr=False,
                  o=dict(**P, theme="dark", side="L", band=(0, 0, 0), hold_ms=800)))
    J.append(dict(name="L13-fold-then-photo-light-gif", family="fold+lookalike", make="photo", fmt="gif", fps=15, vfr=False,
                  o=dict(**G, theme="light", side="L", band=(0, 0, 0), hold_ms=800)))
    return J


def encode(path, frames, fps, fmt, vfr, crf=20):
    if fmt == "mp4":  # yuv420p: even sizes
        frames = [f[:f.shape[0] // 2 * 2, :f.shape[1] // 2 * 2] for f in frames]
    H, W = frames[0].shape[:2]
    cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}", "-r", str(fps), "-i", "-"]
    vf = []
    if vfr:
        vf.append("mpdecimate=hi=64:lo=1:frac=0:max=0")
    if fmt == "mp4":
        cmd += (["-vf", ",".join(vf), "-fps_mode", "vfr"] if vf else []) + ["-c:v", "libx264", "-crf", str(crf), "-pix_fmt", "yuv420p", "-threads", "1"]
    else:
        cmd += ["-vf", ",".join(vf + ["split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse"])]
        if vf:
            cmd += ["-fps_mode", "vfr"]
    p = subprocess.Popen(cmd + [path], stdin=subprocess.PIPE)
    for f in frames:
        p.stdin.write(np.ascontiguousarray(np.clip(f + 0.5, 0, 255).astype(np.uint8)).tobytes())
    p.stdin.close()
    if p.wait() != 0:
        raise RuntimeError(path)


def make_one(j):
    o = j["o"]
    at, dur, ev = {"fold": fold_film, "span": span_film, "look": lookalike_film, "duolook": duo_lookalike,
                   "photo": photo_after_fold}[j["make"]](o)
    fps = j["fps"]
    frames = [at(i / fps) for i in range(int(round(dur * fps)))]
    path = os.path.join(OUT, j["name"] + "." + j["fmt"])
    encode(path, frames, fps, j["fmt"], j["vfr"])
    truth = dict(film=os.path.basename(path), family=j["family"], events=ev, fps=fps, vfr=j["vfr"],
                 size=list(frames[0].shape[1::-1]), params={k: v for k, v in o.items()},
                 plausibility=o.get("plaus", "plausible"))
    json.dump(truth, open(os.path.join(OUT, j["name"] + ".json"), "w"), indent=1)
    return j["name"]


def generate(prefixes, out=None, jobs_of=None, make=None):
    """Makes the films whose names start with one of `prefixes` (all without), two at a time
    (review.py makes its own films with its own jobs and maker)."""
    os.makedirs(out or OUT, exist_ok=True)
    J = [j for j in (jobs_of or jobs)() if not prefixes or any(j["name"].startswith(p) for p in prefixes)]
    with ProcessPoolExecutor(2) as ex:
        for n in ex.map(make or make_one, J):
            print(n, flush=True)


# ---------------- checking ----------------
def inferred(binary, path):
    p = subprocess.run([binary, path, "--format", "json"], capture_output=True, text=True)
    try:
        return [e for e in json.loads(p.stdout)["events"] if e.get("source") == "inferred"]
    except (ValueError, KeyError):
        return "error: " + (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1][:200]


def match(truth, got):
    used, found, missed = set(), [], []
    for t in truth:
        hit = None
        for k, g in enumerate(got):
            if k in used or g["kind"] != t["kind"]:
                continue
            if g["start_ms"] - SLACK <= t["end_ms"] and t["start_ms"] - SLACK <= g["end_ms"]:
                hit = k
                break
        if hit is None:
            missed.append(t)
        else:
            used.add(hit)
            found.append((t, got[hit]))
    return found, missed, [g for k, g in enumerate(got) if k not in used]


def check(binary):
    names = sorted(n[:-5] for n in os.listdir(OUT) if n.endswith(".json"))
    truths = [json.load(open(os.path.join(OUT, n + ".json"))) for n in names]
    with ThreadPoolExecutor(2) as ex:
        results = list(ex.map(lambda t: inferred(binary, os.path.join(OUT, t["film"])), truths))
    tot = {}
    inv_total = 0
    for t, got in zip(truths, results):
        if isinstance(got, str):
            print(f"{t['film']}: {got}")
            continue
        found, missed, inv = match(t["events"], got)
        for e in t["events"]:
            fam = {"fold": {"close": "fold", "open": "unfold"}, "fold+lookalike": {"close": "fold", "open": "unfold"}}.get(
                t["family"], {"close": "unspan", "open": "span"} if t["family"] in ("span", "unspan") else {}).get(e["kind"], e["kind"])
            d = tot.setdefault(fam, [0, 0])
            d[1] += 1
            d[0] += any(f[0] is e for f in found)
        inv_total += len(inv)
        desc = lambda e: f"{e['kind']} {e['start_ms']:.0f}-{e['end_ms']:.0f}"
        line = [f"found {desc(f[1])}" for f in found] + [f"MISSED {desc(m)}" for m in missed] + [
            f"INVENTED {desc(g)} {g.get('evidence')}" for g in inv]
        print(f"{t['film']} [{t['family']}, {t.get('plausibility')}]: " + ("; ".join(line) if line else "no event (right)"))
    print()
    for fam, (f, n) in sorted(tot.items()):
        print(f"{fam}: {f} of {n} found")
    print(f"invented: {inv_total} on {len(truths)} films")


# ---------------- the band rule's values, for a miss ----------------
def decode(path, every_ms=100):
    pr = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height", "-of", "csv=p=0", path],
                        capture_output=True, text=True, check=True)
    W, H = map(int, pr.stdout.strip().split(",")[:2])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-vf", f"fps={1000 / every_ms}", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, H, W, 3)


def tiles(f, t=16):
    H, W = f.shape[:2]
    rows, cols = (H + t - 1) // t, (W + t - 1) // t
    mean = np.zeros((rows, cols, 3), np.float32); var = np.zeros((rows, cols), np.float32)
    a = f.astype(np.float32)
    for y in range(rows):
        for x in range(cols):
            b = a[y * t:(y + 1) * t, x * t:(x + 1) * t].reshape(-1, 3)
            mean[y, x] = b.mean(0); var[y, x] = b.var(0).mean()
    return mean, var


def band_values(f):
    """The band rule's values on one picture (ScreenAreaTracker.screenShare, rotation 0)."""
    mean, var = tiles(f)
    rows, cols = var.shape
    flat = var <= 2.5 ** 2
    dark = mean.max(2) < 48

    def alike(y, x, c):
        return dark[y, x] and flat[y, x] and np.abs(mean[y, x] - c).max() <= 6

    def bar(edge):
        c = mean[0, 0] if edge == "L" else mean[0, cols - 1]
        n = 0
        while n < cols:
            x = n if edge == "L" else cols - 1 - n
            if not all(alike(y, x, c) for y in range(rows)):
                break
            n += 1
        return n, c
    (bl, cl), (br, cr) = bar("L"), bar("R")
    widest, band, opp, c = ("R", br, bl, cr) if br / cols > bl / cols else ("L", bl, br, cl)
    out = dict(side=widest, band=band, opposite=opp, cols=cols, band_colour=[round(float(v)) for v in c])
    if band == cols:
        out["share"] = None
        return out
    x = band if widest == "L" else cols - 1 - band
    beyond_dark = sum(alike(y, x, c) for y in range(rows)) / rows
    ends = bool(var[0, x] > 64 or var[rows - 1, x] > 64)
    out.update(beyond_dark=round(beyond_dark, 2), beyond_end_detail=ends)
    share, x0, x1 = 1.0, 0, cols
    if band >= 0.25 * cols and opp <= 0.1 * cols and (beyond_dark <= 0.5 or ends):
        share = (cols - band) / cols
        x0, x1 = (band, cols) if widest == "L" else (0, cols - band)
    det = float((var[:, x0:x1] > 64).mean())
    out.update(detail=round(det, 3), share=round(share, 3) if det >= 0.02 else None)
    return out


def diag(path):
    for i, f in enumerate(decode(path)):
        print(f"{i * 100:6d} ms", band_values(f))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--check":
        check(sys.argv[2])
    elif len(sys.argv) >= 2 and sys.argv[1] == "--diag":
        diag(sys.argv[2])
    else:
        generate(sys.argv[1:])
