#!/usr/bin/env python3
"""Synthetic screen recordings of scrolls and sheets that decelerate to rest, with ground truth.

    python3 gen.py [--out DIR] [--only SUBSTRING] [--seed N]

Writes DIR/films/*.{mp4,gif} and DIR/manifest.json (DIR: $FLING_FILMS, else /tmp/fling-films).

Truth (the product's DESIGN rule): a motion is ONE finding from its first changed frame to the
first frame of the state that then holds for >= 150 ms, however small and uneven its last steps.
Changes of a component are grouped while the gap between consecutive changes stays < 150 ms; the
first group is the truth finding, later groups (content moving again after a hold >= 150 ms) are
`extra` changes, listed with `allowed` intervals (not scored either way). Times are the grid
times (i * period) of the frames that change; every key change is checked to change pixels, and
no gap within 2 ms of 150 ms is allowed (re-rolled), so the truth never sits on the boundary.
"""
import argparse
import json
import math
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from reviewfilms import disc  # noqa: E402  (antialiased; the review films' own)

STABLE_MS = 150.0
HERE = os.environ.get("FLING_FILMS", "/tmp/fling-films")  # where films, manifest and cached reports live


# ------------------------------------------------------------------------------------------------
# drawing

def clampc(c):
    return np.array([max(0, min(255, int(v))) for v in c], np.uint8)


class Theme:
    def __init__(self, rng, dark):
        self.dark = dark
        if dark:
            b = int(rng.integers(14, 32))
            self.bg = clampc((b, b, b + int(rng.integers(0, 6))))
            s = b + int(rng.integers(10, 20))
            self.surface = clampc((s, s, s + 2))
            t = int(rng.integers(215, 240))
            self.text = clampc((t, t, t))
            self.text2 = clampc((t - 70, t - 70, t - 65))
            self.divider = clampc((b + 22, b + 22, b + 24))
        else:
            b = int(rng.integers(238, 256))
            self.bg = clampc((b, b, b))
            self.surface = clampc((255, 255, 255)) if b < 250 else clampc((246, 246, 248))
            t = int(rng.integers(20, 45))
            self.text = clampc((t, t, t + 4))
            self.text2 = clampc((t + 85, t + 85, t + 90))
            self.divider = clampc((218, 218, 222))
        hue = rng.random()
        self.primary = hsv(hue, 0.65, 0.55 if dark else 0.75)
        self.appbar = self.surface if rng.random() < 0.5 else hsv(hue, 0.55, 0.35 if dark else 0.8)
        self.on_appbar = self.text if np.array_equal(self.appbar, self.surface) else clampc((250, 250, 250))


def hsv(h, s, v):
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return clampc((r * 255, g * 255, b * 255))


def fill(img, x0, y0, x1, y1, c):
    H, W = img.shape[:2]
    x0, x1 = max(0, int(x0)), min(W, int(x1))
    y0, y1 = max(0, int(y0)), min(H, int(y1))
    if x1 > x0 and y1 > y0:
        img[y0:y1, x0:x1] = c


def rounded_mask(h, w, r, top=True, bottom=True):
    """Alpha (h, w) of a rounded rectangle, anti-aliased corners."""
    a = np.ones((h, w), np.float32)
    r = int(r)
    if r <= 0:
        return a
    yy, xx = np.mgrid[0:r, 0:r]
    d = np.sqrt((r - xx - 0.5) ** 2 + (r - yy - 0.5) ** 2)
    corner = np.clip(r - d + 0.5, 0, 1).astype(np.float32)
    if top:
        a[:r, :r] = np.minimum(a[:r, :r], corner)
        a[:r, w - r:] = np.minimum(a[:r, w - r:], corner[:, ::-1])
    if bottom:
        a[h - r:, :r] = np.minimum(a[h - r:, :r], corner[::-1, :])
        a[h - r:, w - r:] = np.minimum(a[h - r:, w - r:], corner[::-1, ::-1])
    return a


def text_line(img, x, y, lh, width, c, rng, d, bold=False):
    """Word-like bars over `width` px starting at x; one line of height lh at y."""
    bh = max(2, int(round(lh * (0.55 if bold else 0.45))))
    by = y + (lh - bh) // 2
    cw = max(2.0, 6.5 * d * (1.15 if bold else 1.0))
    gap = max(2, int(round(3.5 * d)))
    xe = x + width
    while x < xe:
        ww = int(cw * rng.integers(2, 10))
        if x + ww > xe:
            ww = xe - x
            if ww < cw * 2:
                break
        fill(img, x, by, x + ww, by + bh, c)
        # ascenders here and there, so a line is not a uniform bar
        for _ in range(int(rng.integers(0, 3))):
            ax = x + int(rng.integers(0, max(1, ww - 2)))
            fill(img, ax, by - max(1, bh // 3), ax + max(1, int(d)), by, c)
        x += ww + gap


def texture(rng, h, w, kind):
    """An image slot: colour blocks or a noise texture (smooth noise + grain)."""
    if kind == "blocks":
        img = np.empty((h, w, 3), np.uint8)
        img[:] = hsv(rng.random(), rng.uniform(0.3, 0.8), rng.uniform(0.4, 0.9))
        for _ in range(int(rng.integers(3, 9))):
            bw, bh = int(w * rng.uniform(0.15, 0.6)), int(h * rng.uniform(0.15, 0.6))
            bx, by = int(rng.integers(0, max(1, w - bw))), int(rng.integers(0, max(1, h - bh)))
            fill(img, bx, by, bx + bw, by + bh, hsv(rng.random(), rng.uniform(0.2, 0.9), rng.uniform(0.3, 1)))
        return img
    gh, gw = int(rng.integers(3, 8)), int(rng.integers(4, 9))
    grid = rng.uniform(0, 255, (gh, gw, 3)).astype(np.float32)
    grid = grid * 0.6 + np.array(hsv(rng.random(), 0.6, 0.8), np.float32) * 0.4
    ys = np.linspace(0, gh - 1, h)
    xs = np.linspace(0, gw - 1, w)
    y0 = np.floor(ys).astype(int); y1 = np.minimum(y0 + 1, gh - 1); fy = (ys - y0)[:, None, None]
    x0 = np.floor(xs).astype(int); x1 = np.minimum(x0 + 1, gw - 1); fx = (xs - x0)[None, :, None]
    top = grid[y0][:, x0] * (1 - fx) + grid[y0][:, x1] * fx
    bot = grid[y1][:, x0] * (1 - fx) + grid[y1][:, x1] * fx
    img = top * (1 - fy) + bot * fy
    img += rng.normal(0, rng.uniform(4, 14), (h, w, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def draw_text_block(img, y, w, d, th, rng):
    m = int(16 * d)
    lh = int(round(20 * d))
    if rng.random() < 0.5:
        text_line(img, m, y, int(lh * 1.3), int((w - 2 * m) * rng.uniform(0.4, 0.8)), th.text, rng, d, bold=True)
        y += int(lh * 1.4)
    for k in range(int(rng.integers(2, 7))):
        width = w - 2 * m - int(rng.integers(0, int(60 * d)))
        text_line(img, m, y, lh, width, th.text if rng.random() < 0.7 else th.text2, rng, d)
        y += lh
    return y + int(12 * d)


def draw_card(img, y, w, d, th, rng):
    m = int(12 * d)
    pad = int(12 * d)
    ih = int(rng.integers(110, 200) * d)
    ch = ih + int(76 * d)
    H = img.shape[0]
    if y + ch >= H:
        return H
    fill(img, m - 1, y - 1, w - m + 1, y + ch + 1, th.divider)
    fill(img, m, y, w - m, y + ch, th.surface)
    tex = texture(rng, ih, w - 2 * m, "blocks" if rng.random() < 0.5 else "noise")
    img[y:y + ih, m:w - m] = tex
    text_line(img, m + pad, y + ih + int(10 * d), int(24 * d), int((w - 2 * m - 2 * pad) * rng.uniform(0.5, 0.9)),
              th.text, rng, d, bold=True)
    text_line(img, m + pad, y + ih + int(40 * d), int(20 * d), int((w - 2 * m - 2 * pad) * rng.uniform(0.6, 1.0)),
              th.text2, rng, d)
    return y + ch + int(12 * d)


def draw_list_item(img, y, w, d, th, rng):
    m = int(16 * d)
    ih = int(72 * d)
    r = 20 * d
    disc(img, m + r, y + ih / 2, r, hsv(rng.random(), rng.uniform(0.4, 0.8), rng.uniform(0.5, 0.9)))
    if rng.random() < 0.5:
        fill(img, m + r - 6 * d, y + ih / 2 - 4 * d, m + r + 6 * d, y + ih / 2 + 4 * d, (250, 250, 250))
    tx = int(m + 2 * r + 16 * d)
    text_line(img, tx, y + int(14 * d), int(22 * d), int((w - tx - m) * rng.uniform(0.4, 0.8)), th.text, rng, d, bold=True)
    text_line(img, tx, y + int(38 * d), int(20 * d), int((w - tx - m) * rng.uniform(0.5, 1.0)), th.text2, rng, d)
    fill(img, tx, y + ih - 1, w, y + ih, th.divider)
    return y + ih


def build_content(w, H, d, th, rng):
    img = np.empty((H, w, 3), np.uint8)
    img[:] = th.bg
    mix = rng.dirichlet([1.0, 1.0, 1.0])
    y = int(8 * d)
    while y < H - int(100 * d):
        k = rng.choice(3, p=mix)
        if k == 0:
            y = draw_text_block(img, y, w, d, th, rng)
        elif k == 1:
            y = draw_card(img, y, w, d, th, rng)
        else:
            for _ in range(int(rng.integers(1, 5))):
                if y + int(72 * d) < H:
                    y = draw_list_item(img, y, w, d, th, rng)
            y += int(8 * d)
    return img


class Chrome:
    """Status bar, app bar and navigation bar around a scrolling viewport."""

    def __init__(self, w, h, d, th, rng):
        self.w, self.h, self.d, self.th = w, h, d, th
        self.sb = int(24 * d)
        self.ab = int(56 * d)
        self.nav = int(16 * d) if rng.random() < 0.6 else int(48 * d)
        self.top = self.sb + self.ab
        self.bottom = h - self.nav
        img = np.empty((h, w, 3), np.uint8)
        img[:] = th.bg
        fill(img, 0, 0, w, self.top, th.appbar)
        c = th.on_appbar
        # status bar: clock left, icons right
        text_line(img, int(16 * d), int(4 * d), int(16 * d), int(34 * d), c, rng, d)
        for k in range(3):
            fill(img, w - int((20 + 18 * k) * d), int(8 * d), w - int((8 + 18 * k) * d), int(18 * d), c)
        # app bar: title, icons
        text_line(img, int(56 * d), self.sb + int(16 * d), int(24 * d), int(rng.uniform(90, 160) * d), c, rng, d, bold=True)
        fill(img, int(16 * d), self.sb + int(26 * d), int(36 * d), self.sb + int(30 * d), c)
        self.icons = []
        for k in range(2):
            cx = w - (28 + 44 * k) * d
            cy = self.sb + 28 * d
            disc(img, cx, cy, 10 * d, c)
            disc(img, cx, cy, 7 * d, th.appbar)
            self.icons.append((cx, cy))
        # navigation
        fill(img, 0, self.bottom, w, h, th.bg if th.dark else th.surface)
        if self.nav < 30 * d:
            fill(img, w // 2 - int(54 * d), self.bottom + int(6 * d), w // 2 + int(54 * d), self.bottom + int(10 * d), th.text2)
        else:
            for k in range(3):
                disc(img, w * (k + 1) / 4, self.bottom + self.nav / 2, 8 * d, th.text2)
        self.img = img

    def badge(self, img, dark_k=1.0):
        """A notification badge on the first app-bar icon (drawn into img)."""
        d = self.d
        cx, cy = self.icons[0]
        disc(img, cx + 8 * d, cy - 8 * d, 7 * d, np.round(np.array((220, 40, 40)) * dark_k).astype(np.uint8))
        fill(img, cx + 6 * d, cy - 9 * d, cx + 10 * d, cy - 7 * d, np.round(np.array((255, 255, 255)) * dark_k).astype(np.uint8))


class ScrollPage:
    def __init__(self, w, h, d, th, rng, max_scroll):
        self.chrome = Chrome(w, h, d, th, rng)
        self.vh = self.chrome.bottom - self.chrome.top
        self.content = build_content(w, self.vh + max_scroll + 4, d, th, rng)

    def render(self, off, badge=False):
        img = self.chrome.img.copy()
        c = self.chrome
        img[c.top:c.bottom] = self.content[off:off + self.vh]
        if badge:
            c.badge(img)
        return img


class Sheet:
    """A bottom sheet (or dialog) as RGB + alpha, with a primary button."""

    def __init__(self, w, h, d, th, rng, dialog=False):
        self.dialog = dialog
        if dialog:
            self.sw = w - int(2 * 28 * d)
            self.sh = int(rng.integers(220, 340) * d)
        else:
            self.sw = w
            self.sh = int(h * rng.uniform(0.38, 0.85))
        sw, sh = self.sw, self.sh
        img = np.empty((sh, sw, 3), np.uint8)
        img[:] = th.surface if not th.dark else clampc(th.surface.astype(int) + 10)
        y = int(10 * d)
        if not dialog:
            fill(img, sw // 2 - int(16 * d), y, sw // 2 + int(16 * d), y + int(4 * d), th.text2)
            y += int(20 * d)
        else:
            y += int(14 * d)
        text_line(img, int(24 * d), y, int(28 * d), int(sw * rng.uniform(0.35, 0.6)), th.text, rng, d, bold=True)
        y += int(40 * d)
        by = sh - int(64 * d)
        while y < by - int(80 * d):
            k = rng.random()
            if k < 0.4:
                y = draw_list_item(img, y, sw, d, th, rng)
            elif k < 0.7 and y + int(140 * d) < by - int(20 * d):
                ih = int(rng.integers(70, 120) * d)
                img[y:y + ih, int(16 * d):sw - int(16 * d)] = texture(rng, ih, sw - int(32 * d), "noise" if rng.random() < 0.5 else "blocks")
                y += ih + int(12 * d)
            else:
                for _ in range(int(rng.integers(1, 4))):
                    text_line(img, int(24 * d), y, int(20 * d), sw - int(48 * d) - int(rng.integers(0, int(50 * d))), th.text2, rng, d)
                    y += int(20 * d)
                y += int(10 * d)
        # the button: grey first, blue when enabled (control c)
        self.button = (int(24 * d), by, sw - int(24 * d), by + int(44 * d))
        self.img = img
        self.draw_button(self.img, False, th, d)
        self.th, self.d = th, d
        self.alpha = rounded_mask(sh, sw, 16 * d, top=True, bottom=dialog)

    def draw_button(self, img, on, th, d):
        x0, y0, x1, y1 = self.button
        bw, bh = x1 - x0, y1 - y0
        col = np.array((30, 110, 230) if on else ((90, 90, 96) if th.dark else (200, 200, 206)), np.float32)
        a = rounded_mask(bh, bw, bh // 2)[..., None]
        reg = img[y0:y1, x0:x1].astype(np.float32)
        img[y0:y1, x0:x1] = np.round(reg * (1 - a) + col * a).astype(np.uint8)
        text_line(img, x0 + bw // 2 - int(30 * d), y0 + int(12 * d), int(20 * d), int(60 * d),
                  (255, 255, 255) if on else th.text2, np.random.default_rng(7), d, bold=True)

    def button_on(self):
        img = self.img.copy()
        x0, y0, x1, y1 = self.button
        img[y0:y1, x0:x1] = self.img[int(self.sh // 2), 1]  # the sheet's own background (a side margin)
        self.draw_button(img, True, self.th, self.d)
        return img


def composite(base, sheet_img, alpha, x, y):
    """Paint sheet_img (with alpha) at (x, y) over base (in place), clipped."""
    H, W = base.shape[:2]
    sh, sw = sheet_img.shape[:2]
    y0, y1 = max(0, y), min(H, y + sh)
    x0, x1 = max(0, x), min(W, x + sw)
    if y1 <= y0 or x1 <= x0:
        return base
    s = sheet_img[y0 - y:y1 - y, x0 - x:x1 - x].astype(np.float32)
    a = alpha[y0 - y:y1 - y, x0 - x:x1 - x][..., None]
    b = base[y0:y1, x0:x1].astype(np.float32)
    base[y0:y1, x0:x1] = np.round(b * (1 - a) + s * a).astype(np.uint8)
    return base


def dim(img, a):
    if a <= 0:
        return img.copy()
    return np.round(img.astype(np.float32) * (1 - a)).astype(np.uint8)


# ------------------------------------------------------------------------------------------------
# motion curves (positions in px as a function of time; rounded by the caller)

DECEL_RATE = math.log(0.78) / math.log(0.9)
INFLEXION, START_T, END_T = 0.35, 0.5, 1.0
P1, P2 = START_T * INFLEXION, 1.0 - END_T * (1.0 - INFLEXION)


def _spline_table():
    pos = np.zeros(101)
    for i in range(100):
        alpha = i / 100
        xmin, xmax = 0.0, 1.0
        while True:
            x = xmin + (xmax - xmin) / 2
            coef = 3 * x * (1 - x)
            tx = coef * ((1 - x) * P1 + x * P2) + x ** 3
            if abs(tx - alpha) < 1e-5:
                break
            if tx > alpha:
                xmax = x
            else:
                xmin = x
        pos[i] = coef * ((1 - x) * START_T + x) + x ** 3
    pos[100] = 1.0
    return pos


SPLINE = _spline_table()


def android_fling(v0, density):
    """Android OverScroller fling: (duration ms, distance px, position(t_ms) float px)."""
    phys = 9.80665 * 39.37 * (160 * density) * 0.84
    fr = 0.015
    l = math.log(INFLEXION * abs(v0) / (fr * phys))
    dur = int(1000 * math.exp(l / (DECEL_RATE - 1)))
    dist = int(fr * phys * math.exp(DECEL_RATE / (DECEL_RATE - 1) * l))

    def pos(t):
        if t >= dur:
            return float(dist)
        tt = t / dur
        idx = int(100 * tt)
        ti, ts = idx / 100, (idx + 1) / 100
        di, ds = SPLINE[idx], SPLINE[idx + 1]
        vc = (ds - di) / (ts - ti)
        return round((di + (tt - ti) * vc) * dist)  # Android rounds the distance (int px)
    return dur, dist, pos


def ease(kind, p):
    p = min(max(p, 0.0), 1.0)
    if kind == "cubic":
        return 1 - (1 - p) ** 3
    if kind == "quint":
        return 1 - (1 - p) ** 5
    if kind == "decel2":  # Android DecelerateInterpolator(factor 2): 1-(1-p)^4
        return 1 - (1 - p) ** 4
    raise ValueError(kind)


def spring(zeta, omega, t_s):
    """Normalised spring from 0 to 1 (x(0)=0, v(0)=0)."""
    if zeta >= 1.0:
        return 1 - (1 + omega * t_s) * math.exp(-omega * t_s)
    wd = omega * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * omega * t_s) * (math.cos(wd * t_s) + zeta * omega / wd * math.sin(wd * t_s))


def settle_positions(y0, y1, period, curve):
    """Rounded positions of a sheet moving y0 -> y1, one per frame, from the frame it starts
    until it rests (the last element is y1)."""
    kind = curve["kind"]
    out = []
    k = 0
    while True:
        t = k * period
        if kind == "spring":
            f = spring(curve["zeta"], curve["omega"], t / 1000)
            done = t / 1000 * curve["zeta"] * curve["omega"] > 12
        else:
            f = ease(kind, t / curve["dur"])
            done = t >= curve["dur"]
        y = int(round(y0 + (y1 - y0) * f))
        out.append(y)
        if done:
            break
        k += 1
    out[-1] = y1
    # trim the tail of frames at rest
    while len(out) > 1 and out[-2] == y1:
        out.pop()
    return out


# ------------------------------------------------------------------------------------------------
# films

class Reject(Exception):
    pass


class Film:
    """n grid frames at `period` ms; keys[i] is the frame's state (a tuple), render(key) its picture.
    comps: [(name, kind, [key positions])] -- each component's changes make its truth."""

    def __init__(self, name, family, w, h, period, keys, render, comps, meta, mode="cfr", ext="mp4"):
        self.name, self.family, self.w, self.h, self.period = name, family, w, h, period
        self.keys, self.render, self.comps, self.meta = keys, render, comps, meta
        self.mode, self.ext = mode, ext

    def truth(self):
        truth, extra = [], []
        all_changes = []
        for cname, kind, idx in self.comps:
            changes = []
            for i in range(1, len(self.keys)):
                a = tuple(self.keys[i - 1][j] for j in idx)
                b = tuple(self.keys[i][j] for j in idx)
                if a != b:
                    changes.append(i * self.period)
            if not changes:
                raise Reject(f"component {cname} never changes")
            groups = [[changes[0]]]
            for t in changes[1:]:
                gap = t - groups[-1][-1]
                if abs(gap - STABLE_MS) < 2.0:
                    raise Reject(f"gap {gap:.2f} ms sits on the 150-ms boundary")
                if gap < STABLE_MS:
                    groups[-1].append(t)
                else:
                    groups.append([t])
            g = groups[0]
            truth.append({"kind": kind, "start_ms": round(g[0], 3), "end_ms": round(g[-1], 3), "component": cname,
                          "changes": len(g)})
            for g in groups[1:]:
                extra.append({"start_ms": round(g[0], 3), "end_ms": round(g[-1], 3), "component": cname, "changes": len(g)})
            all_changes += changes
        first, last = min(all_changes), max(all_changes)
        dur = len(self.keys) * self.period
        if first < 500 - 1e-6:
            raise Reject(f"first change at {first:.1f} ms")
        if dur - last < 600 + self.period - 1e-6:
            raise Reject(f"only {dur - last:.0f} ms after the last change")
        if not 2000 <= dur <= 5000 + 1e-6:
            raise Reject(f"duration {dur:.0f} ms")
        if "control" in self.meta and extra:
            raise Reject("a control's slide has a hold of 150 ms or more")
        truth.sort(key=lambda f: f["start_ms"])
        return truth, extra


def grid_times(film):
    return [i * film.period for i in range(len(film.keys))]


def frames(film):
    """(index, rgb bytes) for every grid frame; checks that every key change changes pixels."""
    prev_key, prev_img, prev_bytes = None, None, None
    for i, k in enumerate(film.keys):
        if k == prev_key:
            yield i, prev_bytes
            continue
        img = np.ascontiguousarray(film.render(k))
        assert img.shape == (film.h, film.w, 3) and img.dtype == np.uint8, img.shape
        if prev_img is not None and np.array_equal(img, prev_img):
            raise Reject(f"key change {prev_key} -> {k} at frame {i} changes no pixel")
        prev_key, prev_img, prev_bytes = k, img, img.tobytes()
        yield i, prev_bytes


def rate_arg(period):
    fps = 1000.0 / period
    if abs(fps - round(fps)) < 1e-9:
        return str(int(round(fps)))
    # 33.333 -> 100/3
    for den in (3, 6, 7, 9):
        if abs(fps * den - round(fps * den)) < 1e-6:
            return f"{int(round(fps * den))}/{den}"
    raise ValueError(period)


def run_pipe(cmd, film, keep=None):
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)
    try:
        for i, data in frames(film):
            proc.stdin.write(data)
    except Reject:
        proc.stdin.close()
        proc.kill()
        proc.wait()
        raise
    proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit("ffmpeg failed: " + " ".join(cmd[:12]))


def raw_in(film):
    return ["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
            "-s", f"{film.w}x{film.h}", "-r", rate_arg(film.period), "-i", "-"]


def select_expr(keep):
    """between() terms for the runs of kept frames, summed as a balanced tree (FFmpeg's expression
    parser refuses deep nesting)."""
    runs = []
    for i in keep:
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    terms = [f"between(n\\,{a}\\,{b})" for a, b in runs]

    def bal(t):
        if len(t) == 1:
            return t[0]
        m = len(t) // 2
        return "(" + bal(t[:m]) + "+" + bal(t[m:]) + ")"
    return bal(terms)


def encode(film, path, rng):
    """Encode; returns the intended presentation times of the frames in the file."""
    times = grid_times(film)
    if film.mode == "cfr":
        cmd = raw_in(film) + ["-fps_mode", "cfr", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                              "-pix_fmt", "yuv420p", "-threads", "2", "-fflags", "+bitexact", path]
        run_pipe(cmd, film)
        return times
    if film.mode == "vfr":
        keep = [0] + [i for i in range(1, len(film.keys)) if film.keys[i] != film.keys[i - 1]]
        if keep[-1] != len(film.keys) - 1:
            keep.append(len(film.keys) - 1)  # the last picture again, so the film keeps its length
        script = path + ".select.txt"
        with open(script, "w") as f:
            f.write("select='" + select_expr(keep) + "'")
        cmd = raw_in(film) + ["-filter_script:v", script, "-fps_mode", "passthrough", "-c:v", "libx264",
                              "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-threads", "2",
                              "-fflags", "+bitexact", path]
        run_pipe(cmd, film)
        os.remove(script)
        return [times[i] for i in keep]
    if film.mode == "gif":
        pal = path + ".palette.png"
        dither = film.meta["dither"]
        run_pipe(raw_in(film) + ["-vf", "palettegen=stats_mode=full:max_colors=%d" % film.meta["colors"], pal], film)
        du = {"bayer": "dither=bayer:bayer_scale=%d" % film.meta.get("bayer_scale", 3)}.get(dither, "dither=" + dither)
        if film.meta.get("diff_rect"):
            du += ":diff_mode=rectangle"
        cmd = raw_in(film) + ["-i", pal, "-lavfi", f"[0:v][1:v]paletteuse={du}", "-f", "gif", path]
        run_pipe(cmd, film)
        os.remove(pal)
        return times
    raise ValueError(film.mode)


def probe_times(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "frame=best_effort_timestamp_time", "-of", "csv=p=0", path],
                         check=True, capture_output=True, text=True).stdout
    return [float(x.strip().rstrip(",")) * 1000 for x in out.split() if x.strip()]


def decoded_change_times(film, path, times):
    """For GIFs (lossless after the palette): the times of frames that differ from the one before."""
    out = subprocess.run(["ffmpeg", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24",
                          "-fps_mode", "passthrough", "-"], check=True, capture_output=True).stdout
    fsz = film.w * film.h * 3
    n = len(out) // fsz
    if n != len(times):
        raise SystemExit(f"{path}: decoded {n} frames, expected {len(times)}")
    arr = np.frombuffer(out, np.uint8).reshape(n, fsz)
    return [times[i] for i in range(1, n) if not np.array_equal(arr[i], arr[i - 1])]


# ------------------------------------------------------------------------------------------------
# scenes

SIZES = [(360, 640), (540, 960), (720, 1280)]


def pick_size(rng, landscape=False, small=False):
    if landscape:
        return 1280, 720
    if small:
        return [(360, 640), (360, 640), (540, 960)][int(rng.integers(0, 3))]
    return SIZES[int(rng.integers(0, 3))]


def density_of(w, h):
    return min(w, h) / 360.0


def lead_frames(rng, period):
    return int(math.ceil(rng.uniform(500, 850) / period))


def tail_frames(rng, period):
    return int(math.ceil(rng.uniform(650, 1000) / period)) + 1


def scroll_film(name, family, rng, w, h, period, offsets, meta, mode="cfr", ext="mp4", badge_at=None):
    """offsets: per-frame scroll positions from the first moving frame on (last = rest)."""
    d = density_of(w, h)
    th = Theme(rng, bool(rng.random() < 0.5))
    max_scroll = max(offsets) + 2
    lead, tail = lead_frames(rng, period), tail_frames(rng, period)
    keys = [(0, 0)] * lead + [(o, 0) for o in offsets] + [(offsets[-1], 0)] * tail
    comps = [("scroll", "motion", [0])]
    if badge_at is not None:
        # control a: a badge appears on the app bar `badge_at` frames after the scroll's last change
        last = max(i for i in range(1, len(keys)) if keys[i][0] != keys[i - 1][0])
        for i in range(last + badge_at, len(keys)):
            keys[i] = (keys[i][0], 1)
        comps.append(("badge", "cut", [1]))
    page = ScrollPage(w, h, d, th, rng, max_scroll)
    meta.update(theme="dark" if th.dark else "light", density=d)
    # dropped frames as expected hitches: from the first stale frame to the frame where it resumes
    hitches = []
    for i in meta.pop("drops", []):
        if hitches and hitches[-1][1] == lead + i:
            hitches[-1][1] = lead + i + 1
        else:
            hitches.append([lead + i, lead + i + 1])
    meta["hitches"] = [{"start_ms": round(a * period, 3), "end_ms": round(b * period, 3)} for a, b in hitches]
    return Film(name, family, w, h, period, keys, lambda k: page.render(k[0], bool(k[1])), comps, meta, mode, ext)


def fling_offsets(rng, w, h, period, v0=None, drag_ms=None, repeat_p=None, max_dur=2500, min_dur=400):
    d = density_of(w, h)
    for _ in range(200):
        v = v0 or float(rng.uniform(900, 9000) * d)
        dur, dist, pos = android_fling(v, d)
        if min_dur <= dur <= max_dur:
            break
        v0 = None
    else:
        raise Reject("no fling in range")
    dm = drag_ms if drag_ms is not None else (0 if rng.random() < 0.5 else float(rng.uniform(50, 160)))
    rp = repeat_p if repeat_p is not None else (0.0 if rng.random() < 0.5 else float(rng.uniform(0.02, 0.06)))
    offs = []
    t = 0.0
    # the finger's drag (constant speed), then the fling from there
    drag_px = []
    while t < dm:
        drag_px.append(int(round(v * t / 1000)))
        t += period
    base = int(round(v * dm / 1000)) if dm else 0
    tf = 0.0
    fl = []
    while True:
        fl.append(base + int(pos(tf)))
        if tf >= dur:
            break
        tf += period
    offs = drag_px + fl
    if offs and offs[0] == 0:
        offs = offs[1:]
    # a missed vsync repeats the frame before (not on the last frame)
    orig = list(offs)
    for i in range(1, len(offs) - 1):
        if rng.random() < rp:
            offs[i] = offs[i - 1]
    while len(offs) > 1 and offs[-2] == offs[-1]:
        offs.pop()
    # dropped frames: a frame that shows a stale position (runs of them are one hitch)
    drops = [i for i in range(len(offs)) if offs[i] != orig[i]]
    meta = {"v0_px_s": round(v, 1), "fling_ms": dur, "fling_px": dist, "drag_ms": round(dm, 1), "repeat_p": round(rp, 3),
            "drops": drops}
    return offs, meta


def ios_offsets(rng, w, h, period, long_gaps):
    """UIScrollView deceleration: v(t) = v0 * 0.998^t (t in ms), stops below v_stop."""
    d = density_of(w, h)
    lnr = math.log(0.998)
    for _ in range(500):
        v_stop = float(rng.uniform(1.4, 3.2) if long_gaps else rng.uniform(8.5, 25))  # px/s
        v0 = float(rng.uniform(250, 5000) * d)
        t_stop = math.log(v_stop / v0) / lnr
        if 300 <= t_stop <= 3300:
            break
    else:
        raise Reject("no ios decel in range")
    offs = []
    k = 1
    while True:
        t = k * period
        v = v0 * 0.998 ** t
        if v < v_stop:
            break
        x = v0 / 1000 * (0.998 ** t - 1) / lnr
        offs.append(int(round(x)))
        k += 1
    while offs and offs[0] == 0:
        offs.pop(0)
    while len(offs) > 1 and offs[-2] == offs[-1]:
        offs.pop()
    return offs, {"v0_px_s": round(v0, 1), "v_stop_px_s": round(v_stop, 2), "decel_ms": round(t_stop), "long_gaps": long_gaps}


def sheet_curve(rng, fps_period):
    k = rng.random()
    if k < 0.35:
        return {"kind": "cubic", "dur": float(rng.uniform(450, 900))}
    if k < 0.55:
        return {"kind": "quint", "dur": float(rng.uniform(350, 800))}
    if k < 0.65:
        return {"kind": "decel2", "dur": float(rng.uniform(350, 800))}
    return {"kind": "spring", "zeta": float(rng.uniform(0.72, 1.0)), "omega": float(rng.uniform(14, 26))}


class SheetScene:
    def __init__(self, rng, w, h, dialog, scrim_mode, badge=False):
        d = density_of(w, h)
        th = Theme(rng, bool(rng.random() < 0.5))
        self.th, self.d = th, d
        self.page = ScrollPage(w, h, d, th, rng, 0)
        self.base = self.page.render(0)
        self.base_badge = self.page.render(0, True)
        self.sheet = Sheet(w, h, d, th, rng, dialog)
        self.btn_on = self.sheet.button_on()
        self.w, self.h = w, h
        self.scrim_max = float(rng.uniform(0.3, 0.5)) if th.dark is False else float(rng.uniform(0.4, 0.6))
        self.scrim_mode = scrim_mode
        self.x = (w - self.sheet.sw) // 2
        self.y_rest = (h - self.sheet.sh) // 2 if dialog else h - self.sheet.sh
        self.cache = {}

    def render(self, k):
        y, a_q, badge, btn = k
        a = a_q / 1000.0
        key = (a_q, badge)
        if key not in self.cache:
            self.cache.clear()
            self.cache[key] = dim(self.base_badge if badge else self.base, a)
        img = self.cache[key].copy()
        composite(img, self.btn_on if btn else self.sheet.img, self.sheet.alpha, self.x, y)
        return img


def sheet_film(name, family, rng, w, h, period, meta, mode="cfr", ext="mp4", dialog=None, scrim=None, curve=None,
               control=None):
    dialog = bool(rng.random() < 0.3) if dialog is None else dialog
    scrim = scrim or ("static" if rng.random() < 0.6 else "fade")
    sc = SheetScene(rng, w, h, dialog, scrim)
    curve = curve or sheet_curve(rng, period)
    y0 = h
    ys = [min(y, h) for y in settle_positions(h + 2, sc.y_rest, period, curve)]
    lead, tail = lead_frames(rng, period), tail_frames(rng, period)
    amax = int(round(sc.scrim_max * 1000))
    if scrim == "static":
        alphas = [amax] * len(ys)
        pre_a = amax
    else:
        fade_ms = float(rng.uniform(120, 260))
        alphas = [int(round(amax * min(1.0, (k + 1) * period / fade_ms))) for k in range(len(ys))]
        pre_a = 0
    keys = [(y0, pre_a, 0, 0)] * lead + [(y, a, 0, 0) for y, a in zip(ys, alphas)] + [(ys[-1], alphas[-1], 0, 0)] * tail
    comps = [("sheet", "motion", [0, 1])]
    if control is not None:
        ctype, gap_frames = control
        last = max(i for i in range(1, len(keys)) if keys[i][:2] != keys[i - 1][:2])
        for i in range(last + gap_frames, len(keys)):
            y, a, b, bt = keys[i]
            keys[i] = (y, a, 1, bt) if ctype == "a" else (y, a, b, 1)
        comps.append(("badge" if ctype == "a" else "button", "cut", [2] if ctype == "a" else [3]))
    meta.update(curve={k: (round(v, 3) if isinstance(v, float) else v) for k, v in curve.items()},
                dialog=dialog, scrim=scrim, theme="dark" if sc.th.dark else "light", density=sc.d,
                sheet_px=sc.sheet.sh)
    return Film(name, family, w, h, period, keys, sc.render, comps, meta, mode, ext)


def cut_then_slide_film(name, rng, w, h, period, gap_frames):
    """Control b: a page swap (cut), then gap_frames later a sheet starts sliding up."""
    d = density_of(w, h)
    sc = SheetScene(rng, w, h, bool(rng.random() < 0.3), "static")
    page_a = ScrollPage(w, h, d, sc.th, rng, 0).render(0)
    page_b = sc.base
    curve = sheet_curve(rng, period)
    y0 = h
    ys = [min(y, h) for y in settle_positions(h + 2, sc.y_rest, period, curve)]
    amax = int(round(sc.scrim_max * 1000))
    lead, tail = lead_frames(rng, period), tail_frames(rng, period)
    # (page, y, alpha): the scrim comes with the sheet's first frame
    amax = 0  # a non-modal sheet: no scrim, so the slide is the only change after the cut
    keys = [("a", y0, 0)] * lead + [("b", y0, 0)] * gap_frames + [("b", y, amax) for y in ys] + [("b", ys[-1], amax)] * tail

    def render(k):
        p, y, a = k
        if p == "a":
            return page_a.copy()
        img = dim(page_b, a / 1000)
        composite(img, sc.sheet.img, sc.sheet.alpha, sc.x, y)
        return img
    comps = [("page", "cut", [0]), ("sheet", "motion", [1, 2])]
    meta = {"control": "b", "gap_ms": round(gap_frames * period, 1),
            "curve": {k: (round(v, 3) if isinstance(v, float) else v) for k, v in curve.items()},
            "dialog": sc.sheet.dialog, "theme": "dark" if sc.th.dark else "light", "density": d}
    return Film(name, "controls", w, h, period, keys, render, comps, meta)


# ------------------------------------------------------------------------------------------------

def plan(seed):
    """(name, family, builder) for every film; builders take an rng and return a Film."""
    films = []

    def add(family, sub, builder):
        films.append((family, sub, builder))

    P60, P30, P120 = 1000 / 60, 1000 / 30, 1000 / 120

    # 1. android_fling: 20 films
    for k in range(20):
        def b(rng, name, k=k):
            w, h = pick_size(rng, landscape=(k in (7, 15)))
            offs, m = fling_offsets(rng, w, h, P60, max_dur=2500)
            m.update(fps=60)
            return scroll_film(name, "android_fling", rng, w, h, P60, offs, m)
        add("android_fling", "fling", b)

    # 2. ios_decel: 20 films, half with long end gaps
    for k in range(20):
        def b(rng, name, k=k):
            w, h = pick_size(rng, landscape=(k == 9))
            offs, m = ios_offsets(rng, w, h, P60, long_gaps=(k % 2 == 1))
            m.update(fps=60)
            return scroll_film(name, "ios_decel", rng, w, h, P60, offs, m)
        add("ios_decel", "decel", b)

    # 3. sheet_settle: 20 films, 60 and 30 fps
    for k in range(20):
        def b(rng, name, k=k):
            w, h = pick_size(rng)
            per = P30 if k % 3 == 2 else P60
            m = {"fps": round(1000 / per)}
            return sheet_film(name, "sheet_settle", rng, w, h, per, m)
        add("sheet_settle", "sheet", b)

    # 4. vfr: 20 change-driven VFR films (fling, ios, sheet) from 60/30/120 fps capture
    for k in range(20):
        def b(rng, name, k=k):
            sub = ["fling", "ios", "sheet", "ios_long"][k % 4]
            per = [P60, P60, P30, P120][(k // 4) % 4] if sub != "fling" else [P60, P120, P60, P30][(k // 4) % 4]
            w, h = pick_size(rng, small=(per == P120), landscape=(k == 8))
            m = {"capture_fps": round(1000 / per), "sub": sub}
            if sub == "sheet":
                return sheet_film(name, "vfr", rng, w, h, per, m, mode="vfr")
            if sub == "fling":
                offs, mm = fling_offsets(rng, w, h, per)
            else:
                offs, mm = ios_offsets(rng, w, h, per, long_gaps=(sub == "ios_long"))
            m.update(mm)
            return scroll_film(name, "vfr", rng, w, h, per, offs, m, mode="vfr")
        add("vfr", ["fling", "ios", "sheet", "ioslong"][k % 4], b)

    # 5. gif: 20 GIFs at 50 / 33.3 / 25 fps (2, 3, 4 cs), fling and sheet, dithered palettes
    for k in range(20):
        def b(rng, name, k=k):
            cs = [2, 3, 4][k % 3]
            per = cs * 10.0
            w, h = pick_size(rng, small=True)
            sub = "fling" if k % 2 == 0 else "sheet"
            dith = ["sierra2_4a", "bayer", "floyd_steinberg", "bayer", "sierra2_4a"][k % 5]
            m = {"fps": round(1000 / per, 2), "gif_cs": cs, "sub": sub, "dither": dith,
                 "bayer_scale": int(rng.integers(2, 5)), "colors": int(rng.choice([64, 128, 256])),
                 "diff_rect": bool(k % 4 == 1)}
            if sub == "sheet":
                return sheet_film(name, "gif", rng, w, h, per, m, mode="gif", ext="gif", scrim="static")
            offs, mm = fling_offsets(rng, w, h, per, max_dur=2000)
            m.update(mm)
            return scroll_film(name, "gif", rng, w, h, per, offs, m, mode="gif", ext="gif")
        add("gif", ["fling", "sheet"][k % 2], b)

    def gap_frames(rng, lo, hi, per):
        # a gap of lo-hi ms drawn at random, in whole frames of `per` ms
        gf = max(1, int(round(float(rng.uniform(lo, hi)) / per)))
        while gf * per < lo - 1e-6:
            gf += 1
        while gf * per > hi + 1e-6:
            gf -= 1
        return gf

    # 6. controls: a) slide then a badge elsewhere 60-120 ms later; b) cut then slide 70-120 ms later;
    #    c) slide then the sheet's button turns blue ~90 ms later.
    for k in range(21):
        def b(rng, name, k=k):
            ctype = "abc"[k % 3]
            per = P30 if k % 4 == 3 else P60
            w, h = pick_size(rng)
            if ctype == "a":
                gf = gap_frames(rng, 60, 120, per)
                if k % 2 == 0:
                    offs, m = fling_offsets(rng, w, h, per, max_dur=1400)
                    m.update(control="a", via="scroll", gap_ms=round(gf * per, 1), fps=round(1000 / per))
                    return scroll_film(name, "controls", rng, w, h, per, offs, m, badge_at=gf)
                m = {"control": "a", "via": "sheet", "gap_ms": round(gf * per, 1), "fps": round(1000 / per)}
                return sheet_film(name, "controls", rng, w, h, per, m, control=("a", gf))
            if ctype == "b":
                gf = gap_frames(rng, 70, 120, per)
                f = cut_then_slide_film(name, rng, w, h, per, gf)
                f.meta["fps"] = round(1000 / per)
                return f
            gf = max(1, int(round(90 / per)))
            m = {"control": "c", "gap_ms": round(gf * per, 1), "fps": round(1000 / per)}
            return sheet_film(name, "controls", rng, w, h, per, m, dialog=False, control=("c", gf))
        add("controls", "abc"[k % 3], b)
    return films


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--only", default=None, help="make only films whose name contains this")
    ap.add_argument("--seed", type=int, default=20261207)
    args = ap.parse_args()
    fdir = os.path.join(args.out, "films")
    os.makedirs(fdir, exist_ok=True)
    mpath = os.path.join(args.out, "manifest.json")
    manifest = {"films": []}
    if args.only and os.path.exists(mpath):
        manifest = json.load(open(mpath))
    counters = {}
    entries = {e["film"]: e for e in manifest["films"]}
    order = []
    for n, (family, sub, builder) in enumerate(plan(args.seed)):
        counters[family] = counters.get(family, 0) + 1
        stem = f"{family}-{counters[family]:02d}-{sub}"
        old_names = [k for k in entries if k.startswith("films/" + stem + "-")]
        if args.only and args.only not in stem:
            order += [k[6:] for k in old_names]
            continue
        for attempt in range(40):
            rng = np.random.default_rng([args.seed, n, attempt])
            try:
                film = builder(rng, stem)
                truth, extra = film.truth()
                fps_tag = f"{1000 / film.period:.4g}".replace(".", "p")
                theme = film.meta.get("theme", "")
                fname = f"{stem}-{film.w}x{film.h}-{fps_tag}{'-' + theme if theme else ''}.{film.ext}"
                path = os.path.join(fdir, fname)
                times = encode(film, path, rng)
                got = probe_times(path)
                if len(got) != len(times) or max(abs(a - b) for a, b in zip(got, times)) > 0.6:
                    bad = [(i, a, b) for i, (a, b) in enumerate(zip(got, times)) if abs(a - b) > 0.6][:5]
                    raise SystemExit(f"{fname}: ffprobe shows {len(got)} frames, expected {len(times)}; "
                                     f"first differences {bad}")
                if film.mode == "gif":
                    # the GIF's own pictures: the palette must not make two different frames equal
                    dec = decoded_change_times(film, path, times)
                    src = [i * film.period for i in range(1, len(film.keys)) if film.keys[i] != film.keys[i - 1]]
                    if [round(t, 3) for t in dec] != [round(t, 3) for t in src]:
                        raise Reject(f"decoded GIF changes differ from the source's: "
                                     f"{sorted(set(map(round, src)) ^ set(map(round, dec)))[:8]}")
                break
            except Reject as e:
                last = e
                print(f"  {stem} attempt {attempt}: {e}", file=sys.stderr)
                continue
        else:
            raise SystemExit(f"{stem}: no valid film ({last})")
        order.append(fname)
        for k in old_names:
            if k != "films/" + fname:
                entries.pop(k)
                if os.path.exists(os.path.join(args.out, k)):
                    os.remove(os.path.join(args.out, k))
        allowed = [{"start_ms": e["start_ms"], "end_ms": e["end_ms"]} for e in extra]
        entry = {"film": "films/" + fname, "family": film.family, "sub": sub, "width": film.w, "height": film.h,
                 "mode": film.mode, "frame_period_ms": round(film.period, 4), "frames_in_file": len(times),
                 "duration_ms": round(len(film.keys) * film.period, 3), "truth": truth, "extra": extra,
                 "allowed": allowed, "hitches": film.meta.get("hitches", []), "params": film.meta}
        entries["films/" + fname] = entry
        print(f"{fname}: {len(times)} frames, truth " +
              ", ".join(f"{t['kind']} {t['start_ms']:.1f}-{t['end_ms']:.1f}" for t in truth) +
              (f", {len(extra)} extra" if extra else ""), flush=True)
    manifest = {"schema": "rev-fling/1", "stable_ms": STABLE_MS, "seed": args.seed,
                "films": [entries["films/" + f] for f in order if "films/" + f in entries]}
    with open(mpath + ".tmp", "w") as f:
        json.dump(manifest, f, indent=1)
    os.replace(mpath + ".tmp", mpath)
    print(f"{len(manifest['films'])} films in {mpath}")


if __name__ == "__main__":
    main()
