#!/usr/bin/env python3
"""Synthetic films probing framediff's motion-rest rule (TransitionJudge.rest).

Every film is drawn with numpy (sub-pixel positions by bilinear sampling of premultiplied
sprites, so edges are anti-aliased) and piped to ffmpeg.  The truth of each motion is computed
from the drawing itself: the film is re-rendered with only that motion animated (every other
layer - noise, spinner, caret, second animation ... - off or frozen), and

    start = first frame differing from frame 0,
    end   = first frame from which the drawing equals its final picture (the state that holds).

Frame indices are source frames; films/NAME.truth.json maps them to ms with the encoded film's
own pts (ffprobe), so GIF centisecond delays and VFR drops are accounted for.

    python3 gen.py            # all films
    python3 gen.py a01 b05    # films whose name starts with any of these
"""
import json, math, os, subprocess, sys
import numpy as np

VIS = 16  # levels: a pixel within this of the final picture shows the final state (~6%)
# (films and their truth go to $REST_FILMS/films, by default /tmp/rest-films/films)
OUT = os.path.join(os.environ.get("REST_FILMS", "/tmp/rest-films"), "films")

# ----------------------------------------------------------------------------- drawing helpers

def rect_cov(h, w, x0, y0, x1, y1):
    """Exact anti-aliased coverage (0-1) of the axis-aligned rectangle [x0,x1)x[y0,y1)."""
    xs = np.arange(w, dtype=np.float64)
    ys = np.arange(h, dtype=np.float64)
    cx = np.clip(np.minimum(xs + 1, x1) - np.maximum(xs, x0), 0, 1)
    cy = np.clip(np.minimum(ys + 1, y1) - np.maximum(ys, y0), 0, 1)
    return cy[:, None] * cx[None, :]


def fill_rect(img, x0, y0, x1, y1, colour, alpha=1.0):
    h, w = img.shape[:2]
    ix0, iy0 = max(0, int(math.floor(x0))), max(0, int(math.floor(y0)))
    ix1, iy1 = min(w, int(math.ceil(x1))), min(h, int(math.ceil(y1)))
    if ix1 <= ix0 or iy1 <= iy0:
        return
    cov = rect_cov(iy1 - iy0, ix1 - ix0, x0 - ix0, y0 - iy0, x1 - ix0, y1 - iy0)[..., None] * alpha
    sub = img[iy0:iy1, ix0:ix1]
    sub[:] = sub * (1 - cov) + np.asarray(colour, np.float64) * cov


def fill_disc(img, cx, cy, r, colour, alpha=1.0):
    h, w = img.shape[:2]
    ix0, iy0 = max(0, int(cx - r - 2)), max(0, int(cy - r - 2))
    ix1, iy1 = min(w, int(cx + r + 3)), min(h, int(cy + r + 3))
    if ix1 <= ix0 or iy1 <= iy0:
        return
    yy, xx = np.mgrid[iy0:iy1, ix0:ix1]
    d = np.hypot(xx + 0.5 - cx, yy + 0.5 - cy)
    cov = np.clip(r - d + 0.5, 0, 1)[..., None] * alpha
    sub = img[iy0:iy1, ix0:ix1]
    sub[:] = sub * (1 - cov) + np.asarray(colour, np.float64) * cov


def text_lines(img, x0, y0, width, lines, colour, line_h=22, bar_h=10, seed=0):
    """Grey bars of pseudo-random lengths standing in for text."""
    rng = np.random.default_rng(seed)
    for k in range(lines):
        words_x = x0
        right = x0 + width * rng.uniform(0.55, 1.0)
        while words_x < right:
            wl = rng.uniform(18, 60)
            fill_rect(img, words_x, y0 + k * line_h, min(words_x + wl, right), y0 + k * line_h + bar_h, colour)
            words_x += wl + 7


class Sprite:
    """A premultiplied RGBA picture placed at fractional positions and scales (bilinear)."""

    def __init__(self, rgb, alpha=None):
        self.rgb = np.asarray(rgb, np.float64)
        h, w = self.rgb.shape[:2]
        self.a = np.ones((h, w), np.float64) if alpha is None else np.asarray(alpha, np.float64)
        # one transparent pixel of margin so the edges blend to nothing
        self.pm = np.zeros((h + 2, w + 2, 4))
        self.pm[1:-1, 1:-1, :3] = self.rgb * self.a[..., None]
        self.pm[1:-1, 1:-1, 3] = self.a
        self.h, self.w = h, w

    def draw(self, img, x, y, scale=1.0, opacity=1.0):
        """Top-left corner of the sprite at (x, y); scaled about its centre."""
        H, W = img.shape[:2]
        cx, cy = x + self.w / 2, y + self.h / 2
        hw, hh = self.w * scale / 2, self.h * scale / 2
        ix0, iy0 = max(0, int(math.floor(cx - hw)) - 1), max(0, int(math.floor(cy - hh)) - 1)
        ix1, iy1 = min(W, int(math.ceil(cx + hw)) + 1), min(H, int(math.ceil(cy + hh)) + 1)
        if ix1 <= ix0 or iy1 <= iy0:
            return
        # destination pixel centres -> source coordinates (in pm, which has a 1-px margin)
        xs = (np.arange(ix0, ix1) + 0.5 - cx) / scale + self.w / 2 - 0.5 + 1
        ys = (np.arange(iy0, iy1) + 0.5 - cy) / scale + self.h / 2 - 0.5 + 1
        x0 = np.floor(xs).astype(int); fx = xs - x0
        y0 = np.floor(ys).astype(int); fy = ys - y0
        ph, pw = self.pm.shape[:2]

        def take(yi, xi):
            ok = ((yi >= 0) & (yi < ph))[:, None] & ((xi >= 0) & (xi < pw))[None, :]
            v = self.pm[np.clip(yi, 0, ph - 1)][:, np.clip(xi, 0, pw - 1)]
            return v * ok[..., None]

        s = (take(y0, x0) * ((1 - fy)[:, None] * (1 - fx)[None, :])[..., None]
             + take(y0, x0 + 1) * ((1 - fy)[:, None] * fx[None, :])[..., None]
             + take(y0 + 1, x0) * (fy[:, None] * (1 - fx)[None, :])[..., None]
             + take(y0 + 1, x0 + 1) * (fy[:, None] * fx[None, :])[..., None]) * opacity
        sub = img[iy0:iy1, ix0:ix1]
        sub[:] = sub * (1 - s[..., 3:4]) + s[..., :3]


# ----------------------------------------------------------------------------- easing

def expo_out(t):
    return 1.0 if t >= 1 else 1 - 2 ** (-10 * t)


def cubic_out(t):
    return 1.0 if t >= 1 else 1 - (1 - t) ** 3


def quint_out(t):
    return 1.0 if t >= 1 else 1 - (1 - t) ** 5


def linear(t):
    return min(1.0, max(0.0, t))


def progress(i, fps, t0_ms, dur_ms, ease):
    t_ms = i * 1000.0 / fps
    if t_ms <= t0_ms:
        return 0.0
    return ease(min(1.0, (t_ms - t0_ms) / dur_ms))


def between(a, b, p):
    return a + (b - a) * p


# ----------------------------------------------------------------------------- backgrounds

def phone_page(W, H, seed=1, scale=1.0):
    img = np.full((H, W, 3), 250.0)
    fill_rect(img, 0, 0, W, 48 * scale, (32, 90, 200))        # app bar
    text_lines(img, 16 * scale, 18 * scale, 120 * scale, 1, (240, 240, 255), seed=seed)
    y = 64 * scale
    rng = np.random.default_rng(seed)
    while y < H - 40 * scale:
        fill_disc(img, 36 * scale, y + 28 * scale, 20 * scale, tuple(rng.integers(80, 220, 3)))
        text_lines(img, 70 * scale, y + 12 * scale, W - 100 * scale, 2, (90, 90, 90), line_h=22 * scale,
                   bar_h=10 * scale, seed=int(y))
        fill_rect(img, 0, y + 64 * scale, W, y + 65 * scale, (220, 220, 220))
        y += 72 * scale
    return img


def desktop_page(W, H, seed=2):
    img = np.full((H, W, 3), 243.0)
    fill_rect(img, 0, 0, W, 36, (50, 50, 60))
    fill_rect(img, 0, 36, 220, H, (230, 232, 236))
    for k in range(14):
        text_lines(img, 20, 60 + 34 * k, 160, 1, (110, 110, 120), seed=k)
    fill_rect(img, 250, 60, W - 30, H - 30, (255, 255, 255))
    text_lines(img, 280, 90, W - 360, 22, (60, 60, 60), line_h=26, seed=seed)
    return img


def gradient(h, w, c0, c1, vertical=True):
    t = np.linspace(0, 1, h if vertical else w)
    g = (np.asarray(c0, float)[None, :] * (1 - t[:, None]) + np.asarray(c1, float)[None, :] * t[:, None])
    return np.broadcast_to(g[:, None, :] if vertical else g[None, :, :], (h, w, 3)).copy()


def banner_sprite(w, h, seed=3, dark=True, grad=False):
    img = gradient(h, w, (40, 44, 60), (70, 40, 90)) if grad else np.full((h, w, 3), 38.0 if dark else 255.0)
    ink = (235, 235, 235) if dark else (60, 60, 60)
    text_lines(img, 20, 22, w - 40, max(1, (h - 80) // 22), ink, seed=seed)
    fill_rect(img, w - 150, h - 56, w - 20, h - 16, (66, 133, 244))
    fill_rect(img, w - 290, h - 56, w - 160, h - 16, (90, 90, 100) if dark else (225, 225, 225))
    return Sprite(img)


def card_sprite(w, h, seed=4, colour=(255, 255, 255)):
    img = np.full((h, w, 3), 0.0) + np.asarray(colour, float)
    fill_rect(img, 0, 0, w, 1, (200, 200, 200)); fill_rect(img, 0, h - 1, w, h, (200, 200, 200))
    fill_rect(img, 0, 0, 1, h, (200, 200, 200)); fill_rect(img, w - 1, 0, w, h, (200, 200, 200))
    fill_rect(img, 16, 16, w - 16, min(h - 60, 16 + (w - 32) * 0.5), (120, 170, 210))
    text_lines(img, 16, min(h - 50, 30 + (w - 32) * 0.5), w - 32, 2, (70, 70, 70), seed=seed)
    return Sprite(img)


# ----------------------------------------------------------------------------- layers

class Motion:
    """A sprite moving from p0 to p1 (x, y, scale) with an easing."""

    def __init__(self, name, sprite, p0, p1, t0_ms, dur_ms, ease, rounding=False, opacity=(1.0, 1.0)):
        self.name, self.sprite, self.p0, self.p1 = name, sprite, p0, p1
        self.t0, self.dur, self.ease, self.rounding, self.opacity = t0_ms, dur_ms, ease, rounding, opacity

    def state(self, i, fps, frozen):
        p = 0.0 if frozen == "start" else (1.0 if frozen == "end" else progress(i, fps, self.t0, self.dur, self.ease))
        x, y, s = (between(a, b, p) for a, b in zip(self.p0, self.p1))
        if self.rounding:
            x, y = round(x), round(y)
        return x, y, s, between(self.opacity[0], self.opacity[1], p)

    def draw(self, img, i, fps, frozen=None):
        x, y, s, o = self.state(i, fps, frozen)
        if o > 0:
            self.sprite.draw(img, x, y, s, o)


class Extra:
    """Anything else drawn on top: fn(img, i, fps, motions_state) ; `anchor` names the motion it rides on."""

    def __init__(self, name, fn, anchor=None):
        self.name, self.fn, self.anchor = name, fn, anchor


def spinner(cx, cy, r=14, period_ms=900, colour=(66, 133, 244), start_ms=0, stop_ms=1e9):
    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        if t < start_ms or t >= stop_ms:
            return
        a0 = 2 * math.pi * ((t - start_ms) / period_ms)
        for k in range(10):
            a = a0 + k * 2 * math.pi / 10
            fill_disc(img, ox + cx + r * math.cos(a), oy + cy + r * math.sin(a), 2.6, colour, alpha=(k + 1) / 10)
    return fn


def caret(x, y, h, w=2, on_ms=None, period_ms=1000, start_ms=0, colour=(30, 30, 30)):
    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        if t < start_ms:
            return
        if ((t - start_ms) % period_ms) < period_ms / 2:
            fill_rect(img, ox + x, oy + y, ox + x + w, oy + y + h, colour)
    return fn


def indeterminate_bar(x, y, w, h=4, period_ms=1200, colour=(66, 133, 244), start_ms=0):
    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        if t < start_ms:
            return
        fill_rect(img, ox + x, oy + y, ox + x + w, oy + y + h, (200, 220, 250))
        ph = ((t - start_ms) % period_ms) / period_ms
        a = -0.4 * w + ph * 1.4 * w
        fill_rect(img, ox + max(x, x + a), oy + y, ox + min(x + w, x + a + 0.4 * w), oy + y + h, colour)
    return fn


def growing_bar(x, y, w, h=6, start_ms=0, dur_ms=1500, colour=(66, 133, 244)):
    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        fill_rect(img, ox + x, oy + y, ox + x + w, oy + y + h, (220, 225, 235))
        if t < start_ms:
            return
        p = min(1, (t - start_ms) / dur_ms)
        fill_rect(img, ox + x, oy + y, ox + x + w * p, oy + y + h, colour)
    return fn


def shimmer(x, y, w, rows, row_h=14, gap=14, period_ms=1200, start_ms=0, base=225, amp=20, width=0.12):
    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        ph = ((t - start_ms) % period_ms) / period_ms if t >= start_ms else 0.0
        for k in range(rows):
            ry = oy + y + k * (row_h + gap)
            H_, W_ = img.shape[:2]
            x0 = int(round(ox + x)); x1 = int(round(ox + x + w)); y0 = int(round(ry)); y1 = int(round(ry + row_h))
            if y0 >= H_ or y1 <= 0:
                continue
            x0, x1, y0, y1 = max(0, x0), min(W_, x1), max(0, y0), min(H_, y1)
            xs = np.arange(x0, x1) - x0
            centre = -0.3 * w + ph * 1.6 * w
            lum = base + amp * np.exp(-((xs - centre) / (width * w)) ** 2)
            img[y0:y1, x0:x1] = lum[None, :, None]
    return fn


def video_patch(x, y, w, h, seed=7, start_ms=0):
    """A 'video': moving colour blobs over a gradient, different every frame."""
    def fn(img, i, fps, ox=0, oy=0):
        t = max(0.0, i * 1000 / fps - start_ms) / 1000
        x0, y0 = int(round(ox + x)), int(round(oy + y))
        yy, xx = np.mgrid[0:h, 0:w]
        r = 120 + 80 * np.sin(xx / 23 + t * 3.1) * np.cos(yy / 31 - t * 2.3)
        g = 110 + 70 * np.sin((xx + yy) / 40 + t * 1.7)
        b = 140 + 60 * np.cos(yy / 19 + t * 2.9)
        H, W = img.shape[:2]
        pic = np.stack([r, g, b], -1)
        ya, xa = max(0, y0), max(0, x0)
        y1, x1 = min(H, y0 + h), min(W, x0 + w)
        if y1 > ya and x1 > xa:
            img[ya:y1, xa:x1] = pic[ya - y0: y1 - y0, xa - x0: x1 - x0]
    return fn


def fade_in_content(x, y, w, h, start_ms, dur_ms, seed=9, colour=(60, 60, 60)):
    """Text appearing (opacity 0 -> 1, cubic out) inside a moved card."""
    layer = np.full((h, w, 3), 255.0)
    text_lines(layer, 0, 0, w, max(1, h // 22), colour, seed=seed)
    spr = Sprite(layer, alpha=(layer.sum(-1) < 700).astype(float))

    def fn(img, i, fps, ox=0, oy=0):
        p = progress(i, fps, start_ms, dur_ms, cubic_out)
        if p > 0:
            spr.draw(img, ox + x, oy + y, 1.0, p)
    return fn


def pop(x, y, w, h, start_ms, dur_ms, colour=(66, 133, 244)):
    """A button inside a card growing from 0.6 to 1.0 (cubic out) and fading in."""
    img = np.zeros((h, w, 3)) + np.asarray(colour, float)
    spr = Sprite(img)

    def fn(img_, i, fps, ox=0, oy=0):
        p = progress(i, fps, start_ms, dur_ms, cubic_out)
        if p > 0:
            spr.draw(img_, ox + x, oy + y, 0.6 + 0.4 * p, p)
    return fn


def photo(w, h, seed=21):
    rng = np.random.default_rng(seed)
    img = gradient(h, w, (90, 140, 200), (230, 200, 150))
    for _ in range(60):
        x, y = rng.uniform(-20, w), rng.uniform(-20, h)
        if rng.random() < 0.5:
            fill_rect(img, x, y, x + rng.uniform(6, 60), y + rng.uniform(6, 60), tuple(rng.integers(0, 255, 3)))
        else:
            fill_disc(img, x, y, rng.uniform(3, 25), tuple(rng.integers(0, 255, 3)))
    return img


def ken_burns(x, y, w, h, start_ms, dur_ms, s1=1.15, seed=21):
    """An image in a slot slowly zooming 1 -> s1 (linear) from start_ms: each frame moves its
    features by a fraction of a pixel."""
    spr = Sprite(photo(w, h, seed))

    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        p = 0.0 if t < start_ms else min(1.0, (t - start_ms) / dur_ms)
        x0, y0 = int(round(ox + x)), int(round(oy + y))
        H, W = img.shape[:2]
        if y0 >= H or y0 + h <= 0:
            return
        ya, yb = max(0, y0), min(H, y0 + h)
        sub = img[ya:yb, x0:x0 + w]
        spr.draw(sub, 0, y0 - ya, 1.0 + (s1 - 1.0) * p)
    return fn


def marquee(x, y, w, h, start_ms, px_per_frame_30, seed=23, ground=(38, 38, 38), ink=(235, 235, 235), lines=1):
    """A line of text scrolling left slowly (px per 1/30 s) from start_ms, clipped to its band."""
    layer = np.zeros((h, w * 3, 3)) + np.asarray(ground, float)
    if lines == 1:
        text_lines(layer, 0, 2, w * 3, 1, ink, bar_h=h - 4, seed=seed)
    else:
        text_lines(layer, 0, 2, w * 3, lines, ink, line_h=h // lines, bar_h=h // lines - 6, seed=seed)
    spr = Sprite(layer)

    def fn(img, i, fps, ox=0, oy=0):
        t = i * 1000 / fps
        d = 0.0 if t < start_ms else (t - start_ms) / (1000 / 30) * px_per_frame_30
        x0, y0 = int(round(ox + x)), int(round(oy + y))
        H, W = img.shape[:2]
        if y0 >= H or y0 + h <= 0:
            return
        ya, yb = max(0, y0), min(H, y0 + h)
        sub = img[ya:yb, x0:x0 + w]
        spr.draw(sub, -d, y0 - ya)
    return fn


def carousel(x, y, w, h, start_ms, dur_ms, dist=60, seed=24, ground=(38, 38, 38), ink=(235, 235, 235)):
    """A row of text sliding left by `dist` px, cubic ease-in-out, from start_ms."""
    layer = np.zeros((h, w * 2, 3)) + np.asarray(ground, float)
    text_lines(layer, 4, 4, w * 2 - 8, max(1, (h - 4) // 22), ink, seed=seed)
    spr = Sprite(layer)

    def ease(t):
        return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2

    def fn(img, i, fps, ox=0, oy=0):
        p = progress(i, fps, start_ms, dur_ms, ease)
        x0, y0 = int(round(ox + x)), int(round(oy + y))
        H, W = img.shape[:2]
        if y0 >= H or y0 + h <= 0:
            return
        ya, yb = max(0, y0), min(H, y0 + h)
        sub = img[ya:yb, x0:x0 + w]
        spr.draw(sub, -dist * p, y0 - ya)
    return fn


def spring(t):
    """Damped spring (zeta 0.45, 3 cycles/s-ish), snapped to 1 once within 0.0005."""
    if t >= 1:
        return 1.0
    tt = t * 1.2   # seconds for dur 1200 ms
    w0, z = 2 * math.pi * 2.2, 0.45
    wd = w0 * math.sqrt(1 - z * z)
    v = 1 - math.exp(-z * w0 * tt) * (math.cos(wd * tt) + z * w0 / wd * math.sin(wd * tt))
    return 1.0 if abs(1 - v) < 0.0015 else v


def textured_banner(w, h, seed=31):
    img = photo(w, h, seed) * 0.5 + 20
    text_lines(img, 20, 22, w - 40, max(1, (h - 80) // 22), (245, 245, 245), seed=seed)
    fill_rect(img, w - 150, h - 56, w - 20, h - 16, (66, 133, 244))
    return Sprite(img)


# ----------------------------------------------------------------------------- scene / film

class Film:
    def __init__(self, name, W, H, fps, dur_ms, bg, motions, extras=(), enc=("x264", 18), scale_to=None,
                 noise=0.0, vfr=False, note=""):
        self.name, self.W, self.H, self.fps, self.dur = name, W, H, fps, dur_ms
        self.bg, self.motions, self.extras, self.enc = bg, motions, list(extras), enc
        self.scale_to, self.noise, self.vfr, self.note = scale_to, noise, vfr, note
        self.n = int(round(dur_ms * fps / 1000))

    def render(self, i, only=None):
        """Frame i; with `only`, just that motion animates (others at their final/initial state by
        time, extras off, no noise)."""
        img = self.bg.copy()
        states = {}
        for m in self.motions:
            if only is None or m is only:
                m.draw(img, i, self.fps)
            else:
                # another motion: frozen in the state it has at the end of `only`'s truth window
                # is not needed - other motions are drawn at their state at frame i only when they
                # do not overlap in time; simplest: draw them frozen at start/end by time
                t = i * 1000 / self.fps
                m.draw(img, i, self.fps, frozen="start" if t <= m.t0 else "end")
            states[m.name] = m.state(i, self.fps, None)
        if only is None:
            for e in self.extras:
                if e.anchor is not None:
                    x, y, s, o = states[e.anchor]
                    e.fn(img, i, self.fps, x, y)
                else:
                    e.fn(img, i, self.fps)
            sigma, blur = (self.noise, 0) if not isinstance(self.noise, tuple) else self.noise
            if sigma > 0:
                rng = np.random.default_rng(1000 + i)
                if blur:
                    # camera-like grain: one luminance field, 3x3 box-blurred, rescaled to sigma
                    z = rng.normal(0, 1, img.shape[:2])
                    k = np.zeros_like(z)
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            k += np.roll(np.roll(z, dy, 0), dx, 1)
                    k = k / 3.0
                    img = img + sigma * k[..., None] + rng.normal(0, sigma * 0.3, img.shape)
                else:
                    img = img + rng.normal(0, sigma, img.shape)
        return np.clip(np.round(img), 0, 255).astype(np.uint8)

    def truth(self):
        out = []
        for m in self.motions:
            frames = [self.render(i, only=m) for i in range(self.n)]
            final = frames[-1]
            start = next(i for i in range(self.n) if not np.array_equal(frames[i], frames[0]))
            end = max(i for i in range(self.n) if not np.array_equal(frames[i], final)) + 1
            # visible end: from here on no pixel is more than VIS levels off the final picture
            vis = max(i for i in range(self.n)
                      if np.abs(frames[i].astype(int) - final.astype(int)).max() > VIS) + 1
            prev = frames[end - 1].astype(int)
            tail = int(np.abs(prev - final.astype(int)).max())
            # last motion step (position change) in px
            xs = [m.state(i, self.fps, None) for i in range(self.n)]
            last = xs[end - 1]; fin = xs[end]
            out.append({"motion": m.name, "start_frame": start, "end_frame": end, "vis_end_frame": vis,
                        "tail_px": round(math.hypot(fin[0] - last[0], fin[1] - last[1]), 3),
                        "tail_scale": round(abs(fin[2] - last[2]), 5),
                        "tail_max_level": tail})
        return out

    def changed_frames(self):
        """Source frames that differ from the one before (for VFR films)."""
        keep, prev = [0], self.render(0)
        for i in range(1, self.n):
            f = self.render(i)
            if not np.array_equal(f, prev):
                keep.append(i)
            prev = f
        return keep

    def encode(self):
        os.makedirs(OUT, exist_ok=True)
        kind = self.enc[0]
        ext = "gif" if kind == "gif" else "mp4"
        path = os.path.join(OUT, f"{self.name}.{ext}")
        inp = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{self.W}x{self.H}", "-r", str(self.fps), "-i", "-"]
        vf = []
        if self.scale_to:
            vf.append(f"scale={self.scale_to[0]}:{self.scale_to[1]}:flags=bicubic")
        keep = None
        if self.vfr:
            keep = self.changed_frames()
            runs = []
            for k in keep:
                if runs and runs[-1][1] == k - 1:
                    runs[-1][1] = k
                else:
                    runs.append([k, k])
            expr = "+".join(f"between(n\\,{p}\\,{q})" for p, q in runs)
            vf.append(f"select='{expr}'")
        if kind == "x264":
            crf = self.enc[1]
            cmd = ["ffmpeg", "-v", "error", "-y"] + inp + (["-vf", ",".join(vf)] if vf else []) + \
                  ["-c:v", "libx264", "-preset", "medium", "-crf", str(crf), "-pix_fmt", "yuv420p"] + \
                  (["-fps_mode", "vfr"] if self.vfr else []) + [path]
        elif kind == "x264b":   # bitrate
            cmd = ["ffmpeg", "-v", "error", "-y"] + inp + (["-vf", ",".join(vf)] if vf else []) + \
                  ["-c:v", "libx264", "-preset", "medium", "-b:v", self.enc[1], "-maxrate", self.enc[1],
                   "-bufsize", self.enc[1], "-pix_fmt", "yuv420p"] + (["-fps_mode", "vfr"] if self.vfr else []) + [path]
        elif kind == "x265":
            cmd = ["ffmpeg", "-v", "error", "-y"] + inp + (["-vf", ",".join(vf)] if vf else []) + \
                  ["-c:v", "libx265", "-x265-params", "log-level=error", "-crf", str(self.enc[1]), "-tag:v", "hvc1",
                   "-pix_fmt", "yuv420p"] + [path]
        elif kind == "gif":
            dither, mode = self.enc[1], self.enc[2] if len(self.enc) > 2 else "full"
            if mode == "single":
                pal = "palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=" + dither
            else:
                pal = f"palettegen=stats_mode={mode}[p];[b][p]paletteuse=dither={dither}"
            chain = (",".join(vf) + "," if vf else "") + "split[a][b];[a]" + pal
            cmd = ["ffmpeg", "-v", "error", "-y"] + inp + ["-filter_complex", chain, path]
        else:
            raise ValueError(kind)
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE)
        for i in range(self.n):
            p.stdin.write(self.render(i).tobytes())
        p.stdin.close()
        if p.wait() != 0:
            raise RuntimeError(f"ffmpeg failed for {self.name}")
        return path, keep


def pts_ms(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                          "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout
    return [float(l.split(",")[0]) * 1000 for l in out.split() if l.strip()]


# ----------------------------------------------------------------------------- the films

def films():
    F = []
    # phone geometry (390x844)
    W, H = 390, 844
    page = phone_page(W, H)
    ban = banner_sprite(W, 200)

    def rise(sprite, height, dur, ease, rounding=False):
        """The banner sliding up from below the screen at 300 ms: the motion most films share."""
        return [Motion("banner", sprite, (0, H, 1), (0, H - height, 1), 300, dur, ease, rounding=rounding)]
    # ----- (a) true ease-outs with sub-pixel tails
    F.append(Film("a01_banner_expo_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out), enc=("x264", 18),
                  note="cookie banner up, expo-out 500 ms"))
    F.append(Film("a02_banner_expo_crf30", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out), enc=("x264", 30)))
    F.append(Film("a03_banner_expo_gif", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  enc=("gif", "floyd_steinberg", "full")))
    F.append(Film("a04_banner_expo_60fps", W, H, 60, 2000, page,
                  rise(ban, 200, 500, expo_out), enc=("x264", 18)))
    F.append(Film("a05_banner_cubic_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out), enc=("x264", 18),
                  note="cubic-out 400 ms: last step 0.3 px"))
    F.append(Film("a06_banner_quint_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 700, quint_out), enc=("x264", 18)))
    card = card_sprite(300, 360)
    F.append(Film("a07_dialog_zoom_crf18", W, H, 30, 2000, page,
                  [Motion("dialog", card, (45, 242, 0.85), (45, 242, 1.0), 300, 500, expo_out, opacity=(1, 1))],
                  enc=("x264", 18), note="dialog scale 0.85->1 expo-out"))
    D = 1366; DH = 768
    desk = desktop_page(D, DH)
    side = card_sprite(360, 700, seed=11, colour=(250, 250, 252))
    F.append(Film("a08_desktop_panel_expo_crf18", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 600, expo_out)], enc=("x264", 18),
                  note="side panel from the right, 1366x768"))
    big = phone_page(1080, 2400, scale=2.77)
    sheet = banner_sprite(1080, 900, seed=5, dark=False)
    F.append(Film("a09_sheet_scaled_expo_crf23", 1080, 2400, 30, 2000, big,
                  [Motion("sheet", sheet, (0, 2400, 1), (0, 1500, 1), 300, 600, expo_out)], enc=("x264", 23),
                  scale_to=(540, 1200), note="1080x2400 drawn, 540x1200 encoded"))
    drawer = card_sprite(300, H, seed=12)
    F.append(Film("a10_drawer_expo_60fps_crf30", W, H, 60, 2000, page,
                  [Motion("drawer", drawer, (-300, 0, 1), (0, 0, 1), 300, 500, expo_out)], enc=("x264", 30)))
    F.append(Film("a11_banner_expo_gif_bayer", W, H, 30, 2000, page,
                  [Motion("banner", banner_sprite(W, 200, grad=True), (0, H, 1), (0, H - 200, 1), 300, 500, expo_out)],
                  enc=("gif", "bayer", "full"), note="gradient banner, bayer dither"))
    F.append(Film("a12_banner_expo_hevc28", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out), enc=("x265", 28)))
    # ----- (b) exact ends followed by something else
    F.append(Film("b01_banner_round_crf40", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  enc=("x264", 40), note="integer positions; codec refinement at CRF 40"))
    F.append(Film("b02_desktop_panel_round_150k", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 500, cubic_out, rounding=True)],
                  enc=("x264b", "150k"), note="low bitrate"))
    F.append(Film("b03_banner_round_gif_newpal_spinner", W, H, 30, 2000, page,
                  [Motion("banner", banner_sprite(W, 200, grad=True), (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out,
                          rounding=True)],
                  extras=[Extra("spinner", spinner(340, 24, r=12, colour=(255, 255, 255)))],
                  enc=("gif", "floyd_steinberg", "single"), note="per-frame palette; spinner in the app bar"))
    toast = banner_sprite(340, 72, seed=6)
    F.append(Film("b04_toast_spinner_inside", W, H, 30, 2000, page,
                  [Motion("toast", toast, (25, H, 1), (25, H - 110, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("spinner", spinner(300, 36, r=13, colour=(255, 255, 255)), anchor="toast")],
                  enc=("x264", 18), note="spinner turning inside the toast throughout"))
    F.append(Film("b05_sheet_indeterminate_bar", W, H, 30, 2000, page,
                  [Motion("sheet", ban, (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("bar", indeterminate_bar(0, 0, W, h=5, start_ms=700), anchor="sheet")],
                  enc=("x264", 18), note="indeterminate bar on the sheet's top edge from 700 ms (motion ends 700)"))
    F.append(Film("b06_sheet_growing_bar", W, H, 30, 2000, page,
                  [Motion("sheet", ban, (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("bar", growing_bar(20, 150, W - 40, h=8, start_ms=733, dur_ms=1000), anchor="sheet")],
                  enc=("x264", 18), note="determinate bar grows from 733 ms"))
    search = card_sprite(360, 56, seed=13)
    F.append(Film("b07_search_caret", W, H, 30, 2000, page,
                  [Motion("search", search, (15, -60, 1), (15, 56, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("caret", caret(24, 8, 40, w=3, start_ms=733, period_ms=600), anchor="search")],
                  enc=("x264", 18), note="40-px caret blinking from 733 ms"))
    F.append(Film("b08_search_caret_gif", W, H, 30, 2000, page,
                  [Motion("search", search, (15, -60, 1), (15, 56, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("caret", caret(24, 8, 40, w=3, start_ms=733, period_ms=600), anchor="search")],
                  enc=("gif", "floyd_steinberg", "full")))
    c2 = card_sprite(330, 300, seed=14)
    for gap_frames in (1, 2, 3, 4):
        t1 = 300 + 400 + gap_frames * 1000 / 30
        F.append(Film(f"b09_card_then_fade_gap{gap_frames}", W, H, 30, 2000, page,
                      [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                      extras=[Extra("text", fade_in_content(16, 220, 298, 40, t1, 200), anchor="card")],
                      enc=("x264", 18), note=f"text fades in {gap_frames} frame(s) after the card lands"))
    F.append(Film("b10_card_then_button_pop", W, H, 30, 2000, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("button", pop(180, 240, 130, 44, 300 + 400 + 1000 / 30, 250), anchor="card")],
                  enc=("x264", 18), note="button pops (scale .6->1) 1 frame after the card lands"))
    F.append(Film("b11_sheet_then_shimmer", W, H, 30, 2000, page,
                  [Motion("sheet", banner_sprite(W, 200, dark=False), (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out,
                          rounding=True)],
                  extras=[Extra("skel", shimmer(20, 20, W - 40, 5, start_ms=0), anchor="sheet")],
                  enc=("x264", 18), note="skeleton shimmer inside the sheet throughout"))
    F.append(Film("b12_banner_grain6_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  noise=6.0, enc=("x264", 18), note="gaussian grain sigma 6 every frame"))
    F.append(Film("b13_banner_grain3_crf30", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  noise=3.0, enc=("x264", 30)))
    F.append(Film("b14_panel_video_beside_60fps", D, DH, 60, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("video", video_patch(280, 120, 640, 360))], enc=("x264", 18),
                  note="a video playing left of the panel"))
    F.append(Film("b15_card_video_inside", W, H, 30, 2000, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("video", video_patch(16, 16, 298, 149, start_ms=700), anchor="card")],
                  enc=("x264", 18), note="video in the card's image slot plays from 700 ms"))
    F.append(Film("b16_vfr_card_then_pop", W, H, 60, 2000, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("button", pop(180, 240, 130, 44, 300 + 400 + 100, 250), anchor="card")],
                  enc=("x264", 18), vfr=True, note="VFR: only changed frames; button pops 100 ms after"))
    F.append(Film("b17_scaled_sheet_round_crf30_then_fade", 1080, 2400, 30, 2000, big,
                  [Motion("sheet", sheet, (0, 2400, 1), (0, 1500, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("text", fade_in_content(40, 300, 900, 120, 300 + 400 + 2000 / 30, 200), anchor="sheet")],
                  enc=("x264", 30), scale_to=(540, 1200), note="scaled 1080->540; text fades in 2 frames after"))
    F.append(Film("b18_desktop_caret_outside", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 500, cubic_out, rounding=True)],
                  extras=[Extra("caret", caret(600, 300, 40, w=2, start_ms=0, period_ms=530))], enc=("x264", 18),
                  note="blinking caret in the editor, outside the panel"))
    F.append(Film("b19_banner_linear_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 300, linear),
                  extras=[Extra("bar", indeterminate_bar(0, 0, W, h=5, start_ms=600), anchor="banner")],
                  enc=("x264", 18), note="linear (no ease-out): rule must not engage; bar after"))
    F.append(Film("b20_banner_expo_then_bar", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  extras=[Extra("bar", indeterminate_bar(0, 0, W, h=5, start_ms=800), anchor="banner")],
                  enc=("x264", 18), note="sub-pixel tail, then indeterminate bar from the end frame"))
    # ----- (c) sub-threshold activity right after an exact end, and more ease-outs
    F.append(Film("c01_banner_grain8_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  noise=8.0, enc=("x264", 18), note="gaussian grain sigma 8 every frame"))
    F.append(Film("c02_banner_expo_grain8_crf18", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  noise=8.0, enc=("x264", 18), note="expo tail + grain sigma 8"))
    F.append(Film("c03_panel_camgrain_crf23", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 500, cubic_out, rounding=True)],
                  noise=(7.0, 1), enc=("x264", 23), note="camera-like (blurred, luminance) grain"))
    F.append(Film("c04_card_kenburns", W, H, 30, 2000, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("kb", ken_burns(16, 16, 298, 149, 666.7, 2000), anchor="card")],
                  enc=("x264", 18), note="image zooms 1->1.15 over 2 s, first step on the frame after the card lands (700)"))
    F.append(Film("c05_banner_expo_marquee", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  extras=[Extra("mq", marquee(0, 100, W, 22, 800, 0.2), anchor="banner")],
                  enc=("x264", 18), note="a text line scrolls 0.2 px/frame, first step 833 (banner lands 800)"))
    F.append(Film("c06_banner_round_marquee", W, H, 30, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  extras=[Extra("mq", marquee(0, 100, W, 22, 666.7, 0.2), anchor="banner")],
                  enc=("x264", 18), note="integer ease-out lands 667; marquee 0.2 px/frame, first step 700"))
    vid = Extra("video", video_patch(40, 120, 310, 300))
    F.append(Film("c07_gif_newpal_video_outside", W, H, 30, 2000, page,
                  [Motion("banner", banner_sprite(W, 200, grad=True), (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out,
                          rounding=True)],
                  extras=[vid], enc=("gif", "floyd_steinberg", "single"),
                  note="per-frame palettes; a colourful video above the banner re-dithers the frame"))
    for gap in (1, 2, 4):
        F.append(Film(f"c08_banner_then_carousel_gap{gap}", W, H, 30, 2000, page,
                      rise(ban, 200, 500, expo_out),
                      extras=[Extra("row", carousel(0, 18, W, 70, 800 + gap * 1000 / 30, 400), anchor="banner")],
                      enc=("x264", 18), note=f"banner lands 800; its text rows slide (ease-in-out) {gap} frame(s) later"))
    F.append(Film("c09_banner_grain8_60fps", W, H, 60, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  noise=8.0, enc=("x264", 18)))
    F.append(Film("c10_textured_crf45", W, H, 30, 2000, page,
                  [Motion("banner", textured_banner(W, 240), (0, H, 1), (0, H - 240, 1), 300, 400, cubic_out,
                          rounding=True)], enc=("x264", 45), note="photo-like banner, CRF 45"))
    F.append(Film("c11_textured_hevc40", W, H, 30, 2000, page,
                  [Motion("banner", textured_banner(W, 240), (0, H, 1), (0, H - 240, 1), 300, 500, expo_out)],
                  enc=("x265", 40), note="photo-like banner, expo, HEVC CRF 40"))
    F.append(Film("c12_scaled_textured_100k", 1080, 2400, 30, 2000, big,
                  [Motion("sheet", textured_banner(1080, 900), (0, 2400, 1), (0, 1500, 1), 300, 600, expo_out)],
                  enc=("x264b", "100k"), scale_to=(540, 1200), note="1080x2400 -> 540x1200 at 100 kbit/s"))
    F.append(Film("c13_card_spring", W, H, 30, 2500, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 1200, spring)], enc=("x264", 18),
                  note="damped spring with overshoot, snaps within 0.0015"))
    F.append(Film("c14_panel_expo_long_crf18", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 900, expo_out)], enc=("x264", 18),
                  note="expo-out 900 ms: long sub-pixel creep"))
    F.append(Film("c15_vfr_card_kenburns", W, H, 60, 2000, page,
                  [Motion("card", c2, (30, H, 1), (30, 300, 1), 300, 400, cubic_out, rounding=True)],
                  extras=[Extra("kb", ken_burns(16, 16, 298, 149, 666.7, 2000), anchor="card")],
                  enc=("x264", 18), vfr=True, note="VFR copy of c04 at 60 fps"))
    F.append(Film("c16_banner_expo_marquee_gif", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  extras=[Extra("mq", marquee(0, 100, W, 22, 800, 0.2), anchor="banner")],
                  enc=("gif", "bayer", "full"), note="GIF copy of c05"))
    F.append(Film("c17_sheet_soft_shimmer", W, H, 30, 2000, page,
                  [Motion("sheet", banner_sprite(W, 200, dark=False), (0, H, 1), (0, H - 200, 1), 300, 400, cubic_out,
                          rounding=True)],
                  extras=[Extra("skel", shimmer(20, 20, W - 40, 5, row_h=16, gap=12, start_ms=666.7, base=215, amp=40,
                                                width=0.1), anchor="sheet")],
                  enc=("x264", 18), note="stronger but soft shimmer, first change 700 (sheet lands 667)"))
    # ----- (d) second variants of what differed
    tb = textured_banner(W, 240)
    F.append(Film("d01_plain_expo_hevc40", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out), enc=("x265", 40),
                  note="c11 with the plain banner"))
    F.append(Film("d02_textured_round_hevc40", W, H, 30, 2000, page,
                  rise(tb, 240, 400, cubic_out, rounding=True),
                  enc=("x265", 40), note="c11 with integer cubic-out (no sub-pixel tail)"))
    F.append(Film("d03_textured_expo_x264crf40", W, H, 30, 2000, page,
                  rise(tb, 240, 500, expo_out), enc=("x264", 40),
                  note="c11 in H.264 CRF 40"))
    F.append(Film("d04_textured_expo_hevc34", W, H, 30, 2000, page,
                  rise(tb, 240, 500, expo_out), enc=("x265", 34)))
    F.append(Film("d05_textured_expo_hevc40_60fps", W, H, 60, 2000, page,
                  rise(tb, 240, 500, expo_out), enc=("x265", 40)))
    F.append(Film("d06_textured_expo_gif", W, H, 30, 2000, page,
                  rise(tb, 240, 500, expo_out),
                  enc=("gif", "floyd_steinberg", "full"), note="c11 as a GIF"))
    F.append(Film("d07_textured_expo_x264crf45", W, H, 30, 2000, page,
                  rise(tb, 240, 500, expo_out), enc=("x264", 45)))
    F.append(Film("d08_desktop_panel_expo_hevc40", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 600, expo_out)], enc=("x265", 40)))
    for sg in (10, 12):
        F.append(Film(f"d09_banner_grain{sg}_60fps", W, H, 60, 2000, page,
                      rise(ban, 200, 400, cubic_out, rounding=True),
                      noise=float(sg), enc=("x264", 18), note=f"grain sigma {sg}, 60 fps"))
    F.append(Film("d10_banner_expo_grain10_60fps", W, H, 60, 2000, page,
                  rise(ban, 200, 500, expo_out),
                  noise=10.0, enc=("x264", 18), note="expo tail + grain sigma 10, 60 fps"))
    F.append(Film("d11_panel_camgrain5_crf23", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 500, cubic_out, rounding=True)],
                  noise=(4.0, 1), enc=("x264", 23), note="weaker camera-like grain than c03"))
    for q in (37, 43):
        F.append(Film(f"d12_textured_expo_hevc{q}", W, H, 30, 2000, page,
                      rise(tb, 240, 500, expo_out), enc=("x265", q),
                      note="c11 at another HEVC CRF"))
    # ----- (e) a denser sub-threshold marquee (three text lines) right after the end
    mq3 = lambda t0, fps=30: Extra("mq", marquee(0, 60, W, 66, t0, 0.2, lines=3), anchor="banner")
    F.append(Film("e01_banner_expo_marquee3", W, H, 30, 2000, page,
                  rise(ban, 200, 500, expo_out), extras=[mq3(800)],
                  enc=("x264", 18), note="3 text lines scroll 0.2 px/frame, first step 833 (banner lands 800)"))
    # (the integer ease-out banner with the marquee starting as it lands, by frame rate, start and encoder)
    for name, fps, t0, enc, note in [
            ("e02_banner_round_marquee3", 30, 666.7, ("x264", 18), "integer ease-out lands 667; marquee first step 700"),
            ("e03_banner_round_marquee3_60fps", 60, 650, ("x264", 18), "60 fps: 0.1 px/frame, first step 667 (lands 650)"),
            ("e04_banner_round_marquee3_gif", 30, 666.7, ("gif", "floyd_steinberg", "full"), "e02 as a GIF"),
            ("e05_banner_round_marquee3_gap2", 30, 700, ("x264", 18), "marquee first step 733: one still frame after the end"),
            ("e06_banner_round_marquee3_hevc28", 30, 666.7, ("x265", 28), "e02 in HEVC CRF 28")]:
        F.append(Film(name, W, H, fps, 2000, page, rise(ban, 200, 400, cubic_out, rounding=True),
                      extras=[mq3(t0)], enc=enc, note=note))
    F.append(Film("e07_banner_round_marquee3_60fps_fast", W, H, 60, 2000, page,
                  rise(ban, 200, 400, cubic_out, rounding=True),
                  extras=[Extra("mq", marquee(0, 60, W, 66, 650, 0.4, lines=3), anchor="banner")],
                  enc=("x264", 18), note="60 fps, marquee 0.2 px/frame, first step 667 (lands 650)"))
    F.append(Film("e08_panel_round_marquee3_crf23", D, DH, 30, 2000, desk,
                  [Motion("panel", side, (D, 40, 1), (D - 380, 40, 1), 300, 500, cubic_out, rounding=True)],
                  extras=[Extra("mq", marquee(16, 420, 328, 66, 766.7, 0.2, lines=3, ground=(250, 250, 252),
                                             ink=(60, 60, 60)), anchor="panel")],
                  enc=("x264", 23), note="1366x768 panel; marquee in it, first step 800 (lands 767)"))
    return F


def main():
    sel = sys.argv[1:]
    for f in films():
        if sel and not any(f.name.startswith(s) for s in sel):
            continue
        path, keep = f.encode()
        pts = pts_ms(path)
        truth = f.truth()
        for t in truth:
            for key in ("start", "end", "vis_end"):
                k = t[key + "_frame"]
                if keep is not None:     # VFR: first kept frame at or after k
                    j = next(j for j, s in enumerate(keep) if s >= k)
                else:
                    j = k
                t[key + "_ms"] = round(pts[j] - pts[0], 1) if j < len(pts) else None
                t[key + "_enc_frame"] = j
        period = (pts[-1] - pts[0]) / (len(pts) - 1)
        meta = {"film": os.path.basename(path), "W": f.W, "H": f.H, "fps": f.fps, "enc": list(f.enc),
                "scale_to": f.scale_to, "noise": f.noise, "vfr": f.vfr, "note": f.note, "frames": len(pts),
                "period_ms": round(period, 2), "motions": truth}
        with open(os.path.join(OUT, f.name + ".truth.json"), "w") as fh:
            json.dump(meta, fh, indent=1)
        print(f.name, json.dumps(truth))


if __name__ == "__main__":
    main()
