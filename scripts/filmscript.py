"""Scripted synthetic app screens and their ground truth (used by make-samples, bench, make-holdout
and make-hard).

A Script is a timeline of what the screen shows: hold a layout, cut, crossfade, flash a
placeholder, blank, slide. Frames are rendered with numpy and piped to ffmpeg; the truth of every
change is written in DESIGN.md's finding format, with times taken from the frames actually kept
(a VFR film keeps only frames that differ from the one before, like a simulator recording).

Layout and Script are what the committed samples are made with and must keep rendering exactly
the same. AppPage and AppScript (the second half of this file) are the opt-in realistic kind:
smooth pictures, dark themes, status/title/tab bars, placeholders of any colour and size, dialogs,
sheets, busy regions, exact VFR, and truth that both scripts/score and accuracy/score.py read.
"""
import json
import math
import subprocess

import numpy as np

WHITE = (255, 255, 255)
PLACEHOLDER = (158, 158, 158)


def ease(t):
    """Ease-in-out (sine): how system crossfades and slides move."""
    return 0.5 - 0.5 * math.cos(math.pi * min(max(t, 0.0), 1.0))


class Layout:
    """An app-like page: header bar, rows of text-like stripes, textured images, a poster."""

    def __init__(self, width, height, seed, columns=1, header=(33, 99, 201), background=(250, 250, 250),
                 poster=True):
        self.w, self.h = width, height
        rng = np.random.default_rng(seed)
        page_h = height * 2  # taller than the screen, so it can scroll
        page = np.empty((page_h, width, 3), np.uint8)
        page[:] = background
        yy, xx = np.mgrid[0:page_h, 0:width]
        self.header_h = max(24, height // 12)
        self.poster_rect = None
        unit = max(8, width // 45)
        y = self.header_h + unit
        col_w = width // columns
        for c in range(columns):
            x0 = c * col_w + unit
            x1 = (c + 1) * col_w - unit
            yc = y
            first = True
            while yc < page_h - 6 * unit:
                if poster and first and c == columns - 1:
                    # the poster: a large textured image that may show a flat placeholder first
                    ph = min(height // 3, (x1 - x0) * 3 // 4)
                    self.poster_rect = (x0, yc, x1 - x0, ph)
                    self._image(page, xx, yy, x0, yc, x1 - x0, ph, rng)
                    yc += ph + unit
                    first = False
                    continue
                first = False
                if rng.random() < 0.3:  # a thumbnail and two lines of text
                    s = 5 * unit
                    self._image(page, xx, yy, x0, yc, s, s, rng)
                    self._text(page, x0 + s + unit, yc + unit, x1, 2, unit, rng)
                    yc += s + unit
                else:
                    n = int(rng.integers(1, 4))
                    self._text(page, x0, yc, x1, n, unit, rng)
                    yc += n * 2 * unit + unit
                page[yc - unit // 2: yc - unit // 2 + 1, x0:x1] = (224, 224, 224)  # divider
        self.page = page
        self.header = np.empty((self.header_h, width, 3), np.uint8)
        self.header[:] = header
        self._text(self.header, unit, self.header_h // 3, width // 2, 1, max(4, self.header_h // 4), rng,
                   color=(255, 255, 255))

    @staticmethod
    def _image(page, xx, yy, x, y, w, h, rng):
        """Gradient with soft stripes: texture a placeholder lacks, smooth enough to encode well."""
        a = rng.uniform(0, 255, 3)
        b = rng.uniform(0, 255, 3)
        f = rng.uniform(0.02, 0.08)
        sx, sy = slice(x, x + w), slice(y, y + h)
        t = ((xx[sy, sx] - x) / max(w, 1) + (yy[sy, sx] - y) / max(h, 1)) / 2
        wave = 40 * np.sin(f * (xx[sy, sx] * 1.3 + yy[sy, sx]))
        # fine detail, as a photo or an icon has (a placeholder is what lacks it)
        wave = wave + 22 * np.sin(0.9 * xx[sy, sx] + 0.4 * yy[sy, sx]) * np.sin(0.7 * yy[sy, sx] + rng.uniform(0, 6))
        for ch in range(3):
            page[sy, sx, ch] = np.clip(a[ch] * (1 - t) + b[ch] * t + wave, 0, 255)

    @staticmethod
    def _text(page, x0, y, x1, lines, unit, rng, color=(40, 40, 40)):
        """Lines of word-like dark stripes: the high-frequency detail of real text."""
        for i in range(lines):
            x = x0
            yl = y + i * 2 * unit
            end = x1 - int(rng.integers(0, max(1, (x1 - x0) // 3)))
            while x < end:
                wl = int(rng.integers(unit, 5 * unit))
                page[yl: yl + unit, x: min(x + wl, end)] = color
                x += wl + unit // 2 + 1

    def render(self, scroll=0, placeholder=False):
        frame = self.page[scroll: scroll + self.h].copy()
        if placeholder and self.poster_rect:
            x, y, w, h = self.poster_rect
            y -= scroll
            frame[max(0, y): max(0, y + h), x: x + w] = PLACEHOLDER
        frame[: self.header_h] = self.header
        return frame

    def poster_on_screen(self, scroll=0):
        x, y, w, h = self.poster_rect
        return (x, y - scroll, w, h)


def blank_frame(w, h, color=WHITE):
    f = np.empty((h, w, 3), np.uint8)
    f[:] = color
    return f


def bbox(a, b):
    """Bounding box of the pixels that differ between two frames, or the whole frame."""
    diff = np.any(a != b, axis=2)
    ys, xs = np.nonzero(diff)
    if len(xs) == 0:
        return None
    return {"x": int(xs.min()), "y": int(ys.min()), "w": int(xs.max() - xs.min() + 1),
            "h": int(ys.max() - ys.min() + 1)}


class Script:
    """Frames at a constant grid of 1000/fps ms; a VFR film keeps only the frames that change."""

    def __init__(self, width, height, fps, vfr=False):
        self.w, self.h, self.fps, self.vfr = width, height, fps, vfr
        self.frames = []  # (grid index, renderer) ; renderer() -> ndarray
        self.truth = []   # (kind, first grid index, end grid index, region, extra)
        self.current = None

    @property
    def period(self):
        return 1000.0 / self.fps

    def _n(self, ms):
        return max(1, int(round(ms / self.period)))

    def _add(self, render):
        self.frames.append(render)
        self.current = render

    def hold(self, render, ms):
        for _ in range(self._n(ms)):
            self._add(render)

    def start(self, render, ms):
        self.hold(render, ms)

    def cut(self, render, hold_ms):
        old = self.current
        i = len(self.frames)
        self.hold(render, hold_ms)
        self.truth.append(("cut", i, i, (old, render), {}))

    def fade(self, render, ms, hold_ms):
        old = self.current
        n = self._n(ms)
        i = len(self.frames)
        for k in range(1, n + 1):
            a = ease(k / n)
            if k == n:
                self._add(render)
            else:
                self._add(lambda o=old, r=render, a=a: (o().astype(np.float32) * (1 - a)
                                                         + r().astype(np.float32) * a + 0.5).astype(np.uint8))
        self.truth.append(("fade", i, i + n - 1, (old, render), {}))
        self.hold(render, hold_ms - ms)

    def slide(self, layout, from_scroll, to_scroll, ms, hold_ms):
        old = self.current
        n = self._n(ms)
        i = len(self.frames)
        for k in range(1, n + 1):
            s = int(round(from_scroll + (to_scroll - from_scroll) * ease(k / n)))
            self._add(lambda s=s: layout.render(scroll=s))
        self.truth.append(("motion", i, i + n - 1, (old, self.current), {}))
        self.hold(self.current, hold_ms - ms)

    def flash(self, flat, content, ms, hold_ms, region, after_cut=False):
        """`flat` shows for ms (a placeholder), then `content`."""
        old = self.current
        i = len(self.frames)
        n = self._n(ms)
        if after_cut:
            self.truth.append(("cut", i, i, (old, flat), {}))
        for _ in range(n):
            self._add(flat)
        x, y, w, h = region
        self.truth.append(("flash", i, i + n, None, {"region": {"x": x, "y": y, "w": w, "h": h}}))
        self.hold(content, hold_ms)

    def blank(self, render, ms, hold_ms, color=WHITE):
        i = len(self.frames)
        n = self._n(ms)
        for _ in range(n):
            self._add(lambda: blank_frame(self.w, self.h, color))
        self.truth.append(("blank", i, i + n, None, {"region": {"x": 0, "y": 0, "w": self.w, "h": self.h}}))
        self.hold(render, hold_ms)

    # --- output -------------------------------------------------------------------------------

    def _kept(self):
        """Grid indices kept in the film, and a map grid index -> kept index."""
        keep, prev = [], None
        for i, r in enumerate(self.frames):
            if not self.vfr or prev is None or r is not prev:
                keep.append(i)
            prev = r
        if self.vfr:  # identical renderers are dropped; also drop renders that give equal pixels
            pass
        return keep

    def encode(self, path, codec="libx264", crf=23, pix_fmt="yuv420p", extra=(), preset="medium",
               colorspace=None, rotate=None, container_args=()):
        keep = self._kept()
        keep_set = set(keep)
        vf = []
        if self.vfr:
            # ffmpeg's select keeps the pts of the kept frames: a change-driven VFR film.
            vf.append("select='" + "+".join(f"eq(n\\,{i})" for i in keep) + "'")
        if colorspace == "bt709":
            vf.append("scale=out_color_matrix=bt709:out_range=tv")
        cmd = ["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
               "-s", f"{self.w}x{self.h}", "-r", str(self.fps), "-i", "-"]
        if vf:
            cmd += ["-vf", ",".join(vf)]
        cmd += ["-fps_mode", "passthrough" if self.vfr else "cfr", "-c:v", codec, "-preset", preset,
                "-crf", str(crf), "-pix_fmt", pix_fmt]
        if colorspace == "bt709":
            cmd += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        if codec == "libx265":
            cmd += ["-x265-params", "log-level=error", "-tag:v", "hvc1"]
        target = path
        if rotate:
            path = path + ".tmp" + path[path.rfind("."):]
        cmd += ["-fflags", "+bitexact"] + list(extra) + list(container_args) + [path]
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)
        for data in self._frame_bytes():
            proc.stdin.write(data)
        proc.stdin.close()
        if proc.wait() != 0:
            raise SystemExit(f"ffmpeg failed for {path}")
        if rotate:
            # `rotate` is how many degrees clockwise a player turns the picture; FFmpeg 5.1 writes
            # the display matrix only when remuxing, from a tag that counts counter-clockwise.
            subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", path, "-c", "copy",
                            "-metadata:s:v:0", f"rotate={(360 - rotate) % 360}", target], check=True)
            import os
            os.remove(path)
        return keep

    def _frame_bytes(self):
        """The RGB bytes of every grid frame, in order (what encode pipes to ffmpeg)."""
        cache = {}
        for i, r in enumerate(self.frames):
            key = id(r)
            if key not in cache:
                cache.clear()
                cache[key] = np.ascontiguousarray(r()).tobytes()
            yield cache[key]

    def truth_json(self, film, keep, rotate=None):
        pos = {g: k for k, g in enumerate(keep)}

        def kept_index(g):
            # a grid frame dropped in VFR shows what the last kept frame shows
            while g not in pos:
                g -= 1
            return pos[g]

        findings = []
        for kind, first, end, states, extra in self.truth:
            if states is not None and kind in ("fade", "motion"):
                # the first frame that differs from the old state, the first that shows the new one
                old, new = states[0](), states[1]()
                span = list(range(first, end + 1))
                renders = {g: self.frames[g]() for g in span}
                first = next(g for g in span if not np.array_equal(renders[g], old))
                end = next(g for g in span if g >= first and np.array_equal(renders[g], new))
            a, b = kept_index(first), kept_index(end)
            ta, tb = keep[a] * self.period, keep[b] * self.period
            region = extra.get("region")
            if states is not None:
                old, new = states
                region = bbox(old(), new())
            f = {"kind": kind, "start_ms": round(ta, 3), "end_ms": round(tb, 3),
                 "duration_ms": round(tb - ta, 3), "first_frame": a, "last_frame": b}
            if region:
                f["region"] = rotate_region(region, self.w, self.h, rotate)
            findings.append(f)
        findings = joined(findings)
        w, h = (self.h, self.w) if rotate in (90, 270) else (self.w, self.h)
        return {"schema": "framediff/1", "film": film,
                "video": {"width": w, "height": h, "frames": len(keep),
                          "frame_period_ms": round(self.period, 3), "vfr": self.vfr},
                "findings": findings}


def joined(findings):
    """DESIGN.md: findings of one kind with the same first and last frame are one finding (placeholders
    loading together), whose `regions` lists each part and whose `region` is their bounding box."""
    groups = {}
    for f in findings:
        groups.setdefault((f["kind"], f["first_frame"], f["last_frame"]), []).append(f)
    out = []
    for parts in groups.values():  # (in the order each first appeared)
        one = parts[0]
        rects = [p["region"] for p in parts if "region" in p]
        if len(parts) > 1 and rects:
            x0, y0 = min(r["x"] for r in rects), min(r["y"] for r in rects)
            x1, y1 = max(r["x"] + r["w"] for r in rects), max(r["y"] + r["h"] for r in rects)
            one["region"] = {"x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0}
            one["regions"] = sorted(rects, key=lambda r: (r["y"], r["x"], r["w"], r["h"]))
        out.append(one)
    return out


def rotate_region(r, w, h, rotate):
    """A region of the stored picture as a player shows it after `rotate` degrees clockwise."""
    if rotate == 90:
        return {"x": h - (r["y"] + r["h"]), "y": r["x"], "w": r["h"], "h": r["w"]}
    if rotate == 180:
        return {"x": w - (r["x"] + r["w"]), "y": h - (r["y"] + r["h"]), "w": r["w"], "h": r["h"]}
    if rotate == 270:
        return {"x": r["y"], "y": w - (r["x"] + r["w"]), "w": r["h"], "h": r["w"]}
    return r


def write_truth(path, truth):
    with open(path, "w") as f:
        json.dump(truth, f, indent=1)
        f.write("\n")


# =============================================================================================
# Realistic app pages (opt-in; nothing above depends on this): smooth pictures (gradients,
# plasma, blurred photos, bokeh, colour spectra), light and dark themes, a status bar with a
# clock, title and tab bars, image slots that can show a flat placeholder of any colour and size,
# dialogs over a blurred backdrop, modal sheets, and regions that change on their own (counters,
# spinners, progress bars). AppScript adds overlays (busy regions, a clock that ticks), exact
# change-driven VFR (a frame is kept when its pixels differ) and the scorers' truth fields.
# =============================================================================================

GREY_PLACEHOLDERS = [(158, 158, 158), (199, 199, 204), (210, 210, 214), (186, 186, 190)]
DARK_PLACEHOLDER = (35, 35, 38)
BLACK = (0, 0, 0)
PALE_PLACEHOLDER = (232, 238, 247)

THEMES = {
    "light": {"bg": (242, 242, 247), "card": (255, 255, 255), "bar": (249, 249, 251), "ink": (28, 28, 30),
              "ink2": (142, 142, 147), "rule": (216, 216, 220), "icon": (150, 150, 155)},
    "dark": {"bg": (22, 22, 24), "card": (38, 38, 42), "bar": (28, 28, 30), "ink": (236, 236, 240),
             "ink2": (110, 110, 116), "rule": (52, 52, 56), "icon": (96, 96, 102)},
    "black": {"bg": (0, 0, 0), "card": (28, 28, 30), "bar": (18, 18, 18), "ink": (240, 240, 240),
              "ink2": (120, 120, 124), "rule": (44, 44, 46), "icon": (90, 90, 94)},
}


def box_blur(img, radius, passes=3):
    """Repeated box blur of an (h, w, c) array (float32 out): close to a Gaussian of sigma ~radius."""
    out = img.astype(np.float32)
    radius = int(radius)
    if radius < 1:
        return out
    for _ in range(passes):
        for axis in (0, 1):
            pad = [(0, 0)] * out.ndim
            pad[axis] = (radius + 1, radius)
            c = np.cumsum(np.pad(out, pad, mode="edge"), axis=axis)
            n = out.shape[axis]
            hi = np.take(c, np.arange(2 * radius + 1, 2 * radius + 1 + n), axis=axis)
            lo = np.take(c, np.arange(0, n), axis=axis)
            out = (hi - lo) / (2 * radius + 1)
    return out


def blurred(frame, radius=16, passes=3):
    """The system's cover: a blurred snapshot (the same as make-samples' helper)."""
    return np.clip(box_blur(frame, radius, passes) + 0.5, 0, 255).astype(np.uint8)


def to_u8(a):
    return np.clip(a + 0.5, 0, 255).astype(np.uint8)


def blend(a, b, t):
    """a*(1-t) + b*t in 8 bits, rounded (what fade() writes)."""
    return (a.astype(np.float32) * (1 - t) + b.astype(np.float32) * t + 0.5).astype(np.uint8)


def upsample(grid, w, h):
    """Smooth (smoothstep-weighted bilinear) resize of a small (gh, gw, c) grid to (h, w, c)."""
    gh, gw = grid.shape[:2]
    ys = np.linspace(0, gh - 1, h, dtype=np.float32)
    xs = np.linspace(0, gw - 1, w, dtype=np.float32)
    y0 = np.minimum(np.floor(ys).astype(int), gh - 2) if gh > 1 else np.zeros(h, int)
    x0 = np.minimum(np.floor(xs).astype(int), gw - 2) if gw > 1 else np.zeros(w, int)
    fy, fx = ys - y0, xs - x0
    fy, fx = fy * fy * (3 - 2 * fy), fx * fx * (3 - 2 * fx)
    y1, x1 = np.minimum(y0 + 1, gh - 1), np.minimum(x0 + 1, gw - 1)
    fx = fx[None, :, None]
    top = grid[y0][:, x0] * (1 - fx) + grid[y0][:, x1] * fx
    bot = grid[y1][:, x0] * (1 - fx) + grid[y1][:, x1] * fx
    fy = fy[:, None, None]
    return (top * (1 - fy) + bot * fy).astype(np.float32)


def fractal_noise(rng, w, h, cells=2, octaves=5, gain=0.5, channels=3):
    """Value noise summed over octaves, 0..1: ImageMagick-plasma-like, low frequency first."""
    out = np.zeros((h, w, channels), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        c = cells * 2 ** o
        g = rng.random((max(2, int(round(c * h / w)) + 1), c + 1, channels)).astype(np.float32)
        out += amp * upsample(g, w, h)
        total += amp
        amp *= gain
    return out / total


def hsv(hue, sat, val):
    """One colour (0..255 floats) from hue 0..1, saturation and value 0..1."""
    i = int(hue * 6) % 6
    f = hue * 6 - int(hue * 6)
    p, q, t = val * (1 - sat), val * (1 - f * sat), val * (1 - (1 - f) * sat)
    r, g, b = [(val, t, p), (q, val, p), (p, val, t), (p, q, val), (t, p, val), (val, p, q)][i]
    return np.array([r, g, b], np.float32) * 255


def coverage_round_rect(w, h, r, ox=0.0, oy=0.0, rw=None, rh=None):
    """Antialiased coverage (0..1, (h, w)) of a rounded rectangle of size rw x rh at (ox, oy) inside
    an h x w patch (default: the whole patch)."""
    rw = w if rw is None else rw
    rh = h if rh is None else rh
    r = min(r, rw / 2, rh / 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    px, py = xx + 0.5 - ox - rw / 2, yy + 0.5 - oy - rh / 2
    qx, qy = np.abs(px) - (rw / 2 - r), np.abs(py) - (rh / 2 - r)
    d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
    return np.clip(0.5 - d, 0, 1)


def coverage_ring(w, h, r, width):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.hypot(xx + 0.5 - w / 2, yy + 0.5 - h / 2)
    return np.clip(0.5 - (np.abs(d - r) - width / 2), 0, 1)


def paint(img, x, y, cov, color, alpha=1.0):
    """Blend `color` (a colour or an (h, w, 3) picture) into img at (x, y) through coverage `cov`,
    clipped to img."""
    h, w = cov.shape
    H, W = img.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if x0 >= x1 or y0 >= y1:
        return
    c = cov[y0 - y: y1 - y, x0 - x: x1 - x, None] * alpha
    src = np.asarray(color, np.float32)
    if src.ndim == 3:
        src = src[y0 - y: y1 - y, x0 - x: x1 - x]
    dst = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = to_u8(dst * (1 - c) + src * c)


def round_rect(img, x, y, w, h, r, color, alpha=1.0):
    x, y, w, h = int(round(x)), int(round(y)), int(round(w)), int(round(h))
    if w > 0 and h > 0:
        paint(img, x, y, coverage_round_rect(w, h, r), color, alpha)


def pill(img, x, y, w, h, color):
    round_rect(img, x, y, w, h, h / 2, color)


def circle(img, cx, cy, r, color, alpha=1.0):
    d = int(math.ceil(2 * r)) + 2
    x, y = int(round(cx - d / 2)), int(round(cy - d / 2))
    paint(img, x, y, coverage_round_rect(d, d, r, ox=cx - r - x, oy=cy - r - y, rw=2 * r, rh=2 * r), color, alpha)


def ring(img, cx, cy, r, width, color):
    d = int(math.ceil(2 * r + width)) + 2
    paint(img, int(round(cx - d / 2)), int(round(cy - d / 2)), coverage_ring(d, d, r, width), color)


FONT = {  # 5x7 glyphs: the status-bar clock, counters, percentages
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    ":": "00000 01100 01100 00000 01100 01100 00000", ".": "00000 00000 00000 00000 00000 01100 01100",
    "%": "11001 11010 00010 00100 01000 01011 10011", " ": "00000 00000 00000 00000 00000 00000 00000",
}


def text_size(text, scale):
    return (6 * len(text) - 1) * scale, 7 * scale


def draw_text(img, x, y, text, scale, color):
    """Digits in a 5x7 pixel font, each dot scale x scale pixels (no antialiasing)."""
    for i, ch in enumerate(text):
        rows = FONT[ch].split()
        for r, row in enumerate(rows):
            for c, bit in enumerate(row):
                if bit == "1":
                    x0, y0 = x + (6 * i + c) * scale, y + r * scale
                    img[max(0, y0): y0 + scale, max(0, x0): x0 + scale] = color


def picture(kind, w, h, rng):
    """A picture for an image slot, (h, w, 3) uint8. Smooth: gradient, sunset, plasma, blobs (a blurred
    photo), bokeh (circles on a dark ground), night (dark sky, a few stars), spectrum (flat colour
    blocks). Detailed: photo (blobs with grain and edges), granite (grey texture), stripes (the
    project's old image), clipart (flat shapes with outlines on white), avatar (a face-like disc)."""
    w, h = int(w), int(h)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "gradient":
        a, b = hsv(rng.random(), rng.uniform(0.4, 0.9), rng.uniform(0.6, 1.0)), \
            hsv(rng.random(), rng.uniform(0.4, 0.9), rng.uniform(0.4, 1.0))
        th = rng.uniform(0, math.pi)
        t = (xx * math.cos(th) + yy * math.sin(th))
        t = (t - t.min()) / max(1e-6, t.max() - t.min())
        out = a * (1 - t[..., None]) + b * t[..., None]
    elif kind == "sunset":
        t = (yy / max(1, h - 1))[..., None]
        top, mid = np.array([236, 140, 80], np.float32), np.array([150, 70, 120], np.float32)
        out = top * (1 - t) + mid * t
        ridge = 0.62 * h + 0.12 * h * (fractal_noise(rng, w, 1, cells=3, octaves=4, channels=1)[0, :, 0] - 0.5) * 2
        cov = np.clip(yy - ridge[None, :] + 0.5, 0, 1)[..., None]
        ground = np.array([44, 32, 66], np.float32) + 14 * (1 - t)
        out = out * (1 - cov) + ground * cov
    elif kind == "plasma":
        n = fractal_noise(rng, w, h, cells=2, octaves=6, gain=0.55)
        n = (n - n.mean(axis=(0, 1))) / (n.std(axis=(0, 1)) + 1e-6)
        out = 128 + 52 * n
    elif kind == "blobs" or kind == "photo":
        t = (yy / max(1, h - 1))[..., None]
        out = hsv(rng.uniform(0.5, 0.65), rng.uniform(0.2, 0.5), 0.95) * (1 - t) + \
            hsv(rng.uniform(0.15, 0.4), rng.uniform(0.3, 0.7), rng.uniform(0.4, 0.7)) * t
        for _ in range(int(rng.integers(5, 10))):
            cx, cy = rng.uniform(0, w), rng.uniform(0.2 * h, h)
            rx, ry = rng.uniform(0.08, 0.3) * w, rng.uniform(0.08, 0.3) * h
            m = (((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 <= 1)[..., None]
            out = np.where(m, hsv(rng.random(), rng.uniform(0.3, 0.9), rng.uniform(0.3, 1.0)), out)
        out = box_blur(out, max(2, w // 28))
        if kind == "photo":  # sharp details and sensor grain over the blurred scene
            for _ in range(int(rng.integers(8, 16))):
                cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.02, 0.07) * w
                m = (np.abs(xx - cx) + np.abs(yy - cy) <= r)[..., None]
                out = np.where(m, hsv(rng.random(), 0.6, rng.uniform(0.2, 1.0)), out)
            out = out + rng.normal(0, 7, (h, w, 1)).astype(np.float32)
    elif kind == "bokeh":
        t = (yy / max(1, h - 1))[..., None]
        out = np.array([14, 12, 22], np.float32) * (1 - t) + np.array([26, 18, 30], np.float32) * t
        light = np.zeros((h, w, 3), np.float32)
        for _ in range(int(rng.integers(8, 15))):
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.05, 0.14) * min(w, h) * 1.4
            d = np.hypot(xx - cx, yy - cy)
            cov = np.clip((r - d) / max(2.0, r * 0.08), 0, 1)[..., None]
            light += cov * hsv(rng.uniform(0.0, 0.18) if rng.random() < 0.6 else rng.random(),
                               rng.uniform(0.3, 0.8), 1.0) * rng.uniform(0.15, 0.45)
        out = box_blur(out + light, 2, passes=2)
    elif kind == "night":
        t = (yy / max(1, h - 1))[..., None]
        out = np.array([6, 8, 20], np.float32) * (1 - t) + np.array([20, 30, 64], np.float32) * t
        for _ in range(int(w * h / 9000) + 3):
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            out[y: y + 2, x: x + 2] = rng.uniform(150, 255)
    elif kind == "spectrum":
        cols, rows = int(rng.integers(6, 10)), int(rng.integers(8, 12))
        h0 = rng.random()
        cx = np.minimum((xx * cols / w).astype(int), cols - 1)
        cy = np.minimum((yy * rows / h).astype(int), rows - 1)
        out = np.zeros((h, w, 3), np.float32)
        for i in range(cols):
            for j in range(rows):
                m = (cx == i) & (cy == j)
                out[m] = hsv((h0 + i / cols) % 1, 0.35 + 0.65 * (j / max(1, rows - 1)), 1.0 - 0.45 * (j / rows))
    elif kind == "granite":
        n = fractal_noise(rng, w, h, cells=max(4, w // 24), octaves=3, gain=0.7, channels=1)
        out = np.repeat(168 + 70 * (n - 0.5), 3, axis=2) + rng.normal(0, 6, (h, w, 1)).astype(np.float32)
    elif kind == "stripes":
        a, b = rng.uniform(0, 255, 3), rng.uniform(0, 255, 3)
        f = rng.uniform(0.02, 0.08)
        t = (xx / max(w, 1) + yy / max(h, 1)) / 2
        wave = 40 * np.sin(f * (xx * 1.3 + yy)) + 22 * np.sin(0.9 * xx + 0.4 * yy) * np.sin(0.7 * yy + rng.uniform(0, 6))
        out = np.stack([a[c] * (1 - t) + b[c] * t + wave for c in range(3)], axis=2)
    elif kind == "clipart":
        out = np.full((h, w, 3), 255, np.float32)
        img = to_u8(out)
        for _ in range(int(rng.integers(5, 9))):
            r = rng.uniform(0.08, 0.22) * min(w, h)
            cx, cy = rng.uniform(r, w - r), rng.uniform(r, h - r)
            circle(img, cx, cy, r + max(2, r * 0.08), (30, 30, 40))
            circle(img, cx, cy, r, tuple(int(v) for v in hsv(rng.random(), rng.uniform(0.5, 1), rng.uniform(0.6, 1))))
            if rng.random() < 0.5:
                circle(img, cx - r * 0.3, cy - r * 0.3, r * 0.25, (255, 255, 255))
        return img
    elif kind == "avatar":
        bg = hsv(rng.random(), 0.35, 0.85)
        out = np.zeros((h, w, 3), np.float32) + bg
        img = to_u8(out)
        circle(img, w / 2, h * 0.42, w * 0.2, tuple(int(v) for v in hsv(rng.uniform(0.03, 0.1), 0.45, 0.9)))
        circle(img, w / 2, h * 1.05, w * 0.42, tuple(int(v) for v in hsv(rng.random(), 0.7, 0.6)))
        circle(img, w * 0.42, h * 0.4, max(1.5, w * 0.03), (30, 30, 30))
        circle(img, w * 0.58, h * 0.4, max(1.5, w * 0.03), (30, 30, 30))
        return img
    else:
        raise ValueError(f"unknown picture kind {kind!r}")
    return to_u8(out)


class AppPage:
    """A phone app page: status bar (clock, signal, battery), a title bar, scrolling content of cards,
    grids, lists or a hero picture with smooth or detailed pictures in image slots, a tab bar.

    kind: feed (cards: picture + text), grid (posters in `columns`), list (avatar rows with
    thumbnails), hero (a full-width picture a third of the screen tall, text, buttons), article
    (dense text, one inline picture). theme: light, dark, black (or a dict like THEMES').
    render(scroll, placeholders={slot index: colour}) shows flat placeholders in image slots.
    """

    def __init__(self, width, height, seed, kind="feed", theme="light", accent=(0, 122, 255),
                 pictures=("plasma", "blobs", "gradient", "bokeh", "spectrum", "sunset"), columns=2,
                 clock="9:41", tab_bar=True, title=True, avatar_px=None):
        self.w, self.h = W, H = width, height
        rng = np.random.default_rng(seed)
        th = THEMES[theme] if isinstance(theme, str) else theme
        self.theme = th
        u = W / 390.0  # one iOS point
        self.u = u
        self.status_h = int(round(H * 0.045))
        self.title_h = int(round(H * 0.058)) if title else 0
        self.top = self.status_h + self.title_h
        self.tab_h = int(round(H * 0.072)) if tab_bar else 0
        self.bottom = H - self.tab_h
        page_h = H * 2
        page = np.empty((page_h, W, 3), np.uint8)
        page[:] = th["bg"]
        self.slots = []
        self._under = []
        pics = list(pictures)
        m = int(round(16 * u))
        y = self.top + m

        def slot(x, y, w, h, radius, shape="round", pic=None):
            x, y, w, h = int(x), int(y), int(w), int(h)
            pic = pic or pics[len(self.slots) % len(pics)]
            cov = coverage_round_rect(w, h, radius) if shape != "rect" else np.ones((h, w), np.float32)
            self._under.append(page[y: y + h, x: x + w].copy())
            paint(page, x, y, cov, picture(pic, w, h, rng))
            self.slots.append({"rect": (x, y, w, h), "cov": cov, "picture": pic})

        def text(x, y, width, lines, size, color=None, last=0.6):
            for i in range(lines):
                lw = width * (last if i == lines - 1 and lines > 1 else rng.uniform(0.75, 1.0))
                pill(page, x, y + i * size * 2.0, lw, size, color or (th["ink"] if i == 0 else th["ink2"]))

        if kind == "feed":
            cw = W - 2 * m
            while y < page_h - 400 * u:
                ph = int(cw * rng.choice([0.56, 0.75]))
                ch = ph + int(86 * u)
                round_rect(page, m, y, cw, ch, 12 * u, th["card"])
                slot(m, y, cw, ph, 12 * u)
                text(m + 14 * u, y + ph + 16 * u, cw * 0.8, 3, 9 * u)
                y += ch + m
        elif kind == "grid":
            gap = m
            cw = (W - 2 * m - (columns - 1) * gap) / columns
            ph = int(cw * 1.45)
            while y < page_h - 300 * u:
                for c in range(columns):
                    x = m + c * (cw + gap)
                    slot(x, y, cw, ph, 6 * u)
                    text(x + 2 * u, y + ph + 10 * u, cw * 0.7, 1, 8 * u)
                y += ph + int(34 * u) + gap
        elif kind == "list":
            av = int(avatar_px or min(64, max(48, round(44 * u))))
            rowh = int(round(76 * u))
            while y < page_h - 200 * u:
                slot(m, y + (rowh - av) // 2, av, av, av / 2, pic="avatar")
                text(m + av + 14 * u, y + rowh * 0.32, W * 0.42, 2, 9 * u)
                if rng.random() < 0.5:
                    tw = int(round(64 * u))
                    slot(W - m - tw, y + (rowh - tw) // 2, tw, tw, 8 * u)
                page[int(y + rowh): int(y + rowh) + max(1, int(u)), int(m + av + 14 * u): W] = th["rule"]
                y += rowh + max(1, int(u))
        elif kind == "hero":
            hh = H // 3
            slot(0, self.top, W, hh, 0, shape="rect")
            y = self.top + hh + m
            text(m, y, W * 0.6, 1, 16 * u, th["ink"])
            y += 40 * u
            text(m, y, W - 2 * m, 4, 9 * u)
            y += 4 * 18 * u + 20 * u
            bw = (W - 3 * m) / 2
            round_rect(page, m, y, bw, 44 * u, 10 * u, accent)
            pill(page, m + bw * 0.25, y + 18 * u, bw * 0.5, 8 * u, (255, 255, 255))
            round_rect(page, 2 * m + bw, y, bw, 44 * u, 10 * u, accent)
            round_rect(page, 2 * m + bw + 2 * u, y + 2 * u, bw - 4 * u, 40 * u, 8 * u, th["bg"])
            pill(page, 2 * m + bw * 1.25, y + 18 * u, bw * 0.5, 8 * u, accent)
            y += 44 * u + 2 * m
            first = True
            while y < page_h - 100 * u:
                text(m, y, W - 2 * m, 3, 9 * u)
                y += 3 * 18 * u + m
                if first or rng.random() < 0.35:  # a thumbnail row right under the buttons
                    first = False
                    sw = int(round(96 * u))
                    slot(m, y, sw, sw, 10 * u)
                    text(m + sw + 14 * u, y + 20 * u, W - 3 * m - sw, 2, 9 * u)
                    y += sw + m
        elif kind == "article":
            y += 10 * u
            text(m, y, W * 0.8, 2, 14 * u, th["ink"])
            y += 64 * u
            while y < page_h - 100 * u:
                n = int(rng.integers(3, 7))
                text(m, y, W - 2 * m, n, 8 * u, th["ink2"], last=0.5)
                y += n * 16 * u + m
                if len(self.slots) < 2 and rng.random() < 0.5:
                    ph = int((W - 2 * m) * 0.6)
                    slot(m, y, W - 2 * m, ph, 8 * u)
                    y += ph + m
        else:
            raise ValueError(f"unknown page kind {kind!r}")
        self.page = page
        # fixed bars: status bar + title over the top, tab bar at the bottom
        self.topbar = np.empty((self.top, W, 3), np.uint8)
        self.topbar[:] = th["bar"]
        s = max(1, int(round(2.1 * u)))
        self.clock_scale = s
        self.clock_xy = (int(round(28 * u)), (self.status_h - 7 * s) // 2)
        draw_text(self.topbar, *self.clock_xy, clock, s, th["ink"])
        bx = W - int(round(32 * u))
        bh = int(round(11 * u))
        by = (self.status_h - bh) // 2
        round_rect(self.topbar, bx - 24 * u, by, 24 * u, bh, 3 * u, th["ink"])
        round_rect(self.topbar, bx - 22.5 * u, by + 1.5 * u, 21 * u, bh - 3 * u, 2 * u, th["bar"])
        round_rect(self.topbar, bx - 21 * u, by + 3 * u, 14 * u, bh - 6 * u, 1.5 * u, th["ink"])
        for i in range(4):
            hb = (i + 1) * bh / 4
            round_rect(self.topbar, bx - 56 * u + i * 5 * u, by + bh - hb, 3.4 * u, hb, 1 * u, th["ink"])
        if title:
            ty = self.status_h
            pill(self.topbar, m, ty + self.title_h * 0.3, W * rng.uniform(0.3, 0.45), self.title_h * 0.36, th["ink"])
            for i in range(2):
                ring(self.topbar, W - m - 14 * u - i * 38 * u, ty + self.title_h / 2, 12 * u, 2.2 * u, accent)
            self.topbar[-max(1, int(u)):] = th["rule"]
        self.tabbar = None
        if tab_bar:
            self.tabbar = np.empty((self.tab_h, W, 3), np.uint8)
            self.tabbar[:] = th["bar"]
            self.tabbar[: max(1, int(u))] = th["rule"]
            sel = int(rng.integers(0, 4))
            for i in range(4):
                cx = W * (i + 0.5) / 4
                col = accent if i == sel else th["icon"]
                round_rect(self.tabbar, cx - 12 * u, self.tab_h * 0.18, 24 * u, 24 * u, 6 * u, col)
                pill(self.tabbar, cx - 14 * u, self.tab_h * 0.18 + 30 * u, 28 * u, 5 * u, col)
        self._cache = {}

    def render(self, scroll=0, placeholders=None):
        key = (scroll, tuple(sorted((placeholders or {}).items())))
        if key not in self._cache:
            if len(self._cache) > 16:
                self._cache.clear()
            f = self.page[scroll: scroll + self.h].copy()
            for i, color in (placeholders or {}).items():
                x, y, w, h = self.slots[i]["rect"]
                flat = self._under[i].astype(np.float32) * (1 - self.slots[i]["cov"][..., None]) + \
                    np.asarray(color, np.float32) * self.slots[i]["cov"][..., None]
                full = np.ones_like(self.slots[i]["cov"])
                paint(f, x, y - scroll, full, to_u8(flat))
            f[: self.top] = self.topbar
            if self.tabbar is not None:
                f[self.bottom:] = self.tabbar
            self._cache[key] = f
        return self._cache[key].copy()

    def visible_slots(self, scroll=0, min_frac=1.0):
        """Slots whose rectangle lies (wholly, by default) between the title bar and the tab bar."""
        out = []
        for i, s in enumerate(self.slots):
            x, y, w, h = s["rect"]
            y -= scroll
            vis = max(0, min(y + h, self.bottom) - max(y, self.top))
            if vis >= min_frac * h:
                out.append(i)
        return out

    def slot_region(self, i, scroll=0, color=PLACEHOLDER):
        """Bounding box of the pixels a placeholder in slot i changes (the flash's region)."""
        return bbox(self.render(scroll), self.render(scroll, {i: color}))

    def content_blank(self, color=WHITE):
        """A blank content area: the status bar stays, everything under it is flat."""
        f = self.render()
        f[self.status_h:] = color
        return f

    def content_region(self):
        return {"x": 0, "y": self.status_h, "w": self.w, "h": self.h - self.status_h}


def dialog_over(frame, rng_seed, theme="light", accent=(0, 122, 255), blur=True, dim=0.35):
    """An alert over a blurred, dimmed copy of `frame` (the page behind it)."""
    th = THEMES[theme] if isinstance(theme, str) else theme
    rng = np.random.default_rng(rng_seed)
    H, W = frame.shape[:2]
    u = W / 390.0
    back = box_blur(frame, max(2, int(round(10 * u)))) if blur else frame.astype(np.float32)
    out = to_u8(back * (1 - dim))
    dw, dh = int(W * 0.72), int(W * 0.5)
    x, y = (W - dw) // 2, (H - dh) // 2
    round_rect(out, x, y, dw, dh, 14 * u, th["card"])
    pill(out, x + dw * 0.2, y + 22 * u, dw * 0.6, 11 * u, th["ink"])
    for i in range(3):
        pill(out, x + 18 * u, y + 50 * u + i * 16 * u, (dw - 36 * u) * rng.uniform(0.7, 1.0), 7 * u, th["ink2"])
    out[int(y + dh - 48 * u): int(y + dh - 48 * u) + max(1, int(u)), x + 8: x + dw - 8] = th["rule"]
    pill(out, x + dw * 0.12, y + dh - 28 * u, dw * 0.26, 9 * u, accent)
    pill(out, x + dw * 0.62, y + dh - 28 * u, dw * 0.26, 9 * u, accent)
    return out


class Sheet:
    """A modal sheet that slides up over a page, dimming it: at(progress 0..1) is one frame."""

    def __init__(self, base, seed, theme="light", height_frac=0.62, picture_kind="blobs", dim=0.4):
        th = THEMES[theme] if isinstance(theme, str) else theme
        rng = np.random.default_rng(seed)
        self.base = base
        H, W = base.shape[:2]
        u = W / 390.0
        self.sh = sh = int(H * height_frac)
        self.dim = dim
        sheet = np.empty((sh, W, 3), np.uint8)
        sheet[:] = base[H - sh:]  # the corners show the page behind (replaced at draw time)
        self.mask = coverage_round_rect(W, sh + int(20 * u), 14 * u)[:sh]
        card = np.empty((sh, W, 3), np.uint8)
        card[:] = th["card"]
        pill(card, W / 2 - 18 * u, 6 * u, 36 * u, 5 * u, th["icon"])
        m = 16 * u
        pill(card, m, 28 * u, W * 0.5, 14 * u, th["ink"])
        ph = int(sh * 0.38)
        pic = picture(picture_kind, W - 2 * m, ph, rng)
        paint(card, int(m), int(60 * u), coverage_round_rect(pic.shape[1], ph, 10 * u), pic)
        y = 60 * u + ph + m
        while y < sh - 30 * u:
            pill(card, m, y, (W - 2 * m) * rng.uniform(0.6, 1.0), 8 * u, th["ink2"])
            y += 18 * u
        self.card = card

    def at(self, p):
        H, W = self.base.shape[:2]
        out = to_u8(self.base.astype(np.float32) * (1 - self.dim * p))
        top = int(round(H - self.sh * p))
        n = H - top
        if n > 0:
            paint(out, 0, top, self.mask[:n], self.card[:n])
        return out


class AppScript(Script):
    """A Script with overlays (regions that change on their own: a counter, a spinner, a progress bar,
    a clock that ticks once), exact change-driven VFR (a grid frame is kept when its pixels differ from
    the frame before), placeholder flashes with one finding per slot, blanks onto placeholders, and
    the truth fields both scorers read (scored_truth)."""

    def __init__(self, width, height, fps, vfr=False, keep_last=True):
        super().__init__(width, height, fps, vfr=vfr)
        self.overlays = []  # (draw, first grid index, frames, region, kind)
        self.covers = []    # (first grid index, first truth entry, end truth entry, why)
        self.keep_last = keep_last

    # --- timeline -----------------------------------------------------------------------------

    def at_ms(self):
        """Grid time of the next frame to be added."""
        return len(self.frames) * self.period

    def overlay(self, draw, start_ms, frames, region, kind="busy"):
        """draw(frame, k) paints state k of a small region in place. State 0 shows up to `start_ms`;
        from the grid frame at start_ms on, one new state a frame (1..frames), then state `frames`
        stays. kind 'busy': a region changing every frame (truth `busy`); 'cut': frames=1, a one-off
        change such as the status-bar clock ticking over (a cut finding)."""
        i0 = int(round(start_ms / self.period))
        self.overlays.append((draw, i0, frames, region, kind))

    def placeholders(self, flat, content, ms, hold_ms, regions, cut=False):
        """`flat` (a page with len(regions) placeholders) for ms, then `content`: one flash per region;
        cut=True: the page cuts onto the placeholders (a cut and the flashes share the start)."""
        old = self.current
        i = len(self.frames)
        n = self._n(ms)
        if cut:
            self.truth.append(("cut", i, i, (old, flat), {}))
        for _ in range(n):
            self._add(flat)
        for r in regions:
            self.truth.append(("flash", i, i + n, None, {"region": dict(r)}))
        self.hold(content, hold_ms)

    def blank_to(self, flat, ms, render, hold_ms, region, placeholder=None):
        """A blank `flat` frame (whole or content area) for ms, then `render`. placeholder=(page with
        placeholders, ms, regions): the blank comes out onto placeholders (flashes start at its end)."""
        i = len(self.frames)
        n = self._n(ms)
        fr = lambda: flat  # noqa: E731  (one renderer: identical frames)
        for _ in range(n):
            self._add(fr)
        self.truth.append(("blank", i, i + n, None, {"region": dict(region)}))
        if placeholder:
            ph, pms, regions = placeholder
            m = self._n(pms)
            for _ in range(m):
                self._add(ph)
            for r in regions:
                self.truth.append(("flash", i + n, i + n + m, None, {"region": dict(r)}))
        self.hold(render, hold_ms)

    def cover(self, snapshot, in_ms, under_ms, render, out_ms, hold_ms, why="blur-cover"):
        """The system's cover over a posture change: fade to `snapshot` (a blurred picture of the page)
        over in_ms, keep it under_ms, fade onto `render` over out_ms, then hold. Both fades are the
        system's: the truth gets an `ignore` interval for them and lists them under `covered`."""
        t0, i = len(self.truth), len(self.frames)
        snap = lambda: snapshot  # noqa: E731
        self.fade(snap, in_ms, in_ms + under_ms)
        self.fade(render, out_ms, hold_ms)
        self.covers.append((i, t0, len(self.truth), why))

    def animate(self, kind, renders, hold_ms):
        """A run of frames (renderers, the last is the new state), then hold it: a `kind` finding (motion
        or fade) timed from the pixels (first frame differing from the old state, first showing the new)."""
        old = self.current
        i = len(self.frames)
        for r in renders:
            self._add(r)
        self.truth.append((kind, i, i + len(renders) - 1, (old, renders[-1]), {}))
        rest = hold_ms - len(renders) * self.period
        if rest > self.period / 2:
            self.hold(renders[-1], rest)

    # --- frames -------------------------------------------------------------------------------

    def _overlay_state(self, ov, i):
        draw, i0, frames, region, kind = ov
        return min(max(i - i0 + 1, 0), frames)

    def _frame(self, i, cache=None):
        r = self.frames[i]
        if cache is not None and cache.get("id") == id(r):
            base = cache["base"]
        else:
            base = np.ascontiguousarray(r())
            if cache is not None:
                cache["id"], cache["base"] = id(r), base
        if not self.overlays:
            return base
        f = base.copy()
        for ov in self.overlays:
            ov[0](f, self._overlay_state(ov, i))
        return f

    def _frame_bytes(self):
        cache = {}
        for i in range(len(self.frames)):
            yield self._frame(i, cache).tobytes()

    def _kept(self):
        if not self.vfr:
            return list(range(len(self.frames)))
        if getattr(self, "_keep_cache", None) is not None and self._keep_cache[0] == len(self.frames):
            return list(self._keep_cache[1])
        keep, prev, cache = [], None, {}
        for i in range(len(self.frames)):
            f = self._frame(i, cache)
            if prev is None or not np.array_equal(f, prev):
                keep.append(i)
            prev = f
        if self.keep_last and keep[-1] != len(self.frames) - 1:
            keep.append(len(self.frames) - 1)  # the recording's last frame, written when it stops
        self._keep_cache = (len(self.frames), list(keep))
        return keep

    # --- truth --------------------------------------------------------------------------------

    def truth_json(self, film, keep, rotate=None):
        t = super().truth_json(film, keep, rotate=rotate)
        pos = {g: k for k, g in enumerate(keep)}
        # a transition's region: every pixel that changes on the way, not only old against new
        # (a scroll moves content through rows that look alike at both ends)
        for f, (kind, first, end, states, extra) in zip(t["findings"], self.truth):
            if states is not None and kind in ("fade", "motion"):
                boxes = [bbox(self.frames[g - 1](), self.frames[g]()) for g in range(max(1, first), end + 1)]
                boxes = [b for b in boxes if b]
                if boxes:
                    x0, y0 = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
                    x1 = max(b["x"] + b["w"] for b in boxes)
                    y1 = max(b["y"] + b["h"] for b in boxes)
                    f["region"] = rotate_region({"x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0}, self.w, self.h, rotate)

        def pts(g):
            while g not in pos:
                g -= 1
            return pos[g], round(keep[pos[g]] * self.period, 3)

        covered, ignore = set(), []
        for i, t0, t1, why in self.covers:
            fs = t["findings"][t0:t1]
            covered.update(range(t0, t1))
            ignore.append({"start_ms": min(f["start_ms"] for f in fs), "end_ms": max(f["end_ms"] for f in fs),
                           "why": why})
        if covered:
            t["covered"] = [f for j, f in enumerate(t["findings"]) if j in covered]
            t["findings"] = [f for j, f in enumerate(t["findings"]) if j not in covered]
            t["ignore"] = ignore
        busy = []
        for ov in self.overlays:
            draw, i0, frames, region, kind = ov
            if kind == "cut":
                k, ms = pts(i0)
                # the pixels this overlay changes (other overlays may change in the same frame)
                before, after = self.frames[i0]().copy(), self.frames[i0]().copy()
                draw(before, 0)
                draw(after, 1)
                reg = bbox(before, after)
                t["findings"].append({"kind": "cut", "start_ms": ms, "end_ms": ms, "duration_ms": 0.0,
                                      "first_frame": k, "last_frame": k, "region": reg})
            else:
                (_, a), (_, b) = pts(i0), pts(min(i0 + frames - 1, len(self.frames) - 1))
                busy.append(dict(region, start_ms=a, end_ms=b))
        t["findings"].sort(key=lambda f: (f["start_ms"], f["kind"] != "cut"))
        if busy:
            t["busy"] = busy
        return t


def counter_overlay(x, y, scale, theme="light", digits=4, chip=None):
    """A frame counter (a chip with digits) that shows a new number every frame: (draw, region)."""
    th = THEMES[theme] if isinstance(theme, str) else theme
    tw, tht = text_size("0" * digits, scale)
    pad = 2 * scale
    region = {"x": int(x), "y": int(y), "w": tw + 2 * pad, "h": tht + 2 * pad}
    bg = chip or th["card"]

    def draw(f, k):
        r = region
        f[r["y"]: r["y"] + r["h"], r["x"]: r["x"] + r["w"]] = bg
        draw_text(f, r["x"] + pad, r["y"] + pad, f"{k % 10 ** digits:0{digits}d}", scale, th["ink"])
    return draw, region


def spinner_overlay(cx, cy, r, color=(142, 142, 147), spokes=12):
    """An activity spinner whose bright spoke moves one step a frame: (draw, region)."""
    d = int(math.ceil(2 * r)) + 4
    x0, y0 = int(round(cx - d / 2)), int(round(cy - d / 2))
    yy, xx = np.mgrid[0:d, 0:d].astype(np.float32)
    px, py = xx + 0.5 - (cx - x0), yy + 0.5 - (cy - y0)
    masks = []
    for j in range(spokes):
        a = 2 * math.pi * j / spokes
        ux, uy = math.sin(a), -math.cos(a)
        along = px * ux + py * uy
        across = np.abs(-px * uy + py * ux)
        m = np.clip(0.5 - (across - r * 0.09), 0, 1) * np.clip(0.5 - np.abs(along - r * 0.7) + r * 0.3, 0, 1)
        masks.append(m)
    region = {"x": x0, "y": y0, "w": d, "h": d}

    def draw(f, k):
        for j, m in enumerate(masks):
            alpha = 0.25 + 0.75 * (((j - k) % spokes) / (spokes - 1))
            paint(f, x0, y0, m, color, alpha)
    return draw, region


def progress_overlay(x, y, w, h, frames, color=(0, 122, 255), track=(216, 216, 220)):
    """A progress bar that grows every frame over `frames` frames (w >= frames): (draw, region)."""
    assert w >= frames, "the bar must grow by at least a pixel a frame"
    region = {"x": int(x), "y": int(y), "w": int(w), "h": int(h)}

    def draw(f, k):
        f[region["y"]: region["y"] + region["h"], region["x"]: region["x"] + region["w"]] = track
        fill = int(round(w * min(k, frames) / frames))
        f[region["y"]: region["y"] + region["h"], region["x"]: region["x"] + fill] = color
    return draw, region


def clock_overlay(page, text):
    """The status-bar clock of `page` ticking over to `text` (state 1): (draw, region), a tiny cut."""
    s = page.clock_scale
    x, y = page.clock_xy
    tw, th = text_size("00:00", s)
    region = {"x": x, "y": y, "w": tw, "h": th}

    def draw(f, k):
        if k >= 1:
            f[y: y + th, x: x + tw] = page.theme["bar"]
            draw_text(f, x, y, text, s, page.theme["ink"])
    return draw, region


def scored_truth(script, film, keep, tags=(), steps=None, events=(), ignore=(), encoder=None,
                 settle_ms=3000, note=None):
    """Truth in a format both scorers read: the project's (schema, video.frame_period_ms, video.vfr,
    findings) and accuracy/score.py's (film, fps, findings, ignore, busy, steps, tags, events, pts_ms).
    Findings of posture events get `event` and `phase` (during / after within settle_ms / none)."""
    t = script.truth_json(film, keep)
    for f in t["findings"]:
        for e_i, e in enumerate(events):
            if e["start_ms"] <= f["start_ms"] <= e["end_ms"]:
                f["event"], f["phase"] = e_i, "during"
            elif e["end_ms"] < f["start_ms"] <= e["end_ms"] + settle_ms:
                f["event"], f["phase"] = e_i, "after"
    out = {"schema": t["schema"], "film": film, "fps": script.fps, "vfr": script.vfr,
           "width": script.w, "height": script.h, "video": t["video"], "tags": list(tags),
           "steps": steps, "events": [dict(e, index=i) for i, e in enumerate(events)],
           "ignore": list(ignore) + t.get("ignore", []), "findings": t["findings"]}
    if "busy" in t:
        out["busy"] = t["busy"]
    if "covered" in t:
        out["covered"] = t["covered"]
    if encoder:
        out["encoder"] = encoder
    if note:
        out["note"] = note
    out["pts_ms"] = [round(g * script.period, 3) for g in keep]
    return out


def check_truth(s, t):
    """Exact checks of the truth against the frames piped to the encoder: every change between two
    written frames (outside busy regions) is explained by a finding or a cover, and every finding
    starts (and ends) on a change. Raises on the first disagreement."""
    keep = s._kept()
    period = s.period
    frames, cache = {}, {}
    busy = t.get("busy", [])

    def frame(g):
        if g not in frames:
            frames.clear() if len(frames) > 4 else None
            frames[g] = s._frame(g, cache)
        return frames[g]

    def changed(g0, g1):
        d = np.any(frame(g0) != frame(g1), axis=2)
        for b in busy:
            if b["start_ms"] - period <= g1 * period <= b["end_ms"] + period:
                d[b["y"]: b["y"] + b["h"], b["x"]: b["x"] + b["w"]] = False
        return d

    def near(a, b):
        return abs(a - b) < 0.01

    fs = t["findings"]
    ign = t.get("ignore", [])
    for k in range(1, len(keep)):
        ms = round(keep[k] * period, 3)
        d = changed(keep[k - 1], keep[k])
        if not d.any():
            continue
        why = [f for f in fs if near(f["start_ms"], ms) or
               (f["kind"] in ("fade", "motion") and f["start_ms"] <= ms <= f["end_ms"] + 0.01) or
               (f["kind"] in ("flash", "blank") and near(f["end_ms"], ms))]
        why += [g for g in ign if g["start_ms"] - 0.01 <= ms <= g["end_ms"] + 0.01]
        if not why:
            ys, xs = np.nonzero(d)
            raise SystemExit(f"{t['film']}: unexplained change at {ms} ms, x {xs.min()}-{xs.max()} y {ys.min()}-{ys.max()}")
        # the changed pixels lie inside the explaining findings' regions
        inside = np.zeros_like(d)
        for f in why:
            r = f.get("region") or {"x": 0, "y": 0, "w": s.w, "h": s.h}
            inside[r["y"]: r["y"] + r["h"], r["x"]: r["x"] + r["w"]] = True
        if (d & ~inside).any():
            ys, xs = np.nonzero(d & ~inside)
            raise SystemExit(f"{t['film']}: change at {ms} ms outside the regions of "
                             f"{[f.get('kind', f.get('why')) for f in why]}: x {xs.min()}-{xs.max()} y {ys.min()}-{ys.max()}")
    pos = {round(g * period, 3): g for g in keep}
    prev = {g: keep[i - 1] for i, g in enumerate(keep) if i}
    for f in fs:
        for edge in ["start_ms"] + (["end_ms"] if f["kind"] != "cut" else []):
            g = pos.get(round(f[edge], 3))
            if g is None or g not in prev or not changed(prev[g], g).any():
                raise SystemExit(f"{t['film']}: {f['kind']} {edge} {f[edge]} is not on a changed frame")
        # flat from start up to the end frame, inside each region (a joined finding's parts: the
        # box around them holds what lies between)
        for r in (f.get("regions") or [f["region"]]) if f["kind"] in ("flash", "blank") else []:
            g = pos[round(f["start_ms"], 3)]
            patch = frame(g)[r["y"]: r["y"] + r["h"], r["x"]: r["x"] + r["w"]]
            if f["kind"] == "flash":  # the pixels the placeholder took over (a disc for an avatar)
                patch = patch[changed(prev[g], g)[r["y"]: r["y"] + r["h"], r["x"]: r["x"] + r["w"]]]
            patch = patch.reshape(-1, 3)
            mode = np.median(patch, axis=0)
            flat = np.mean(np.all(np.abs(patch.astype(int) - mode) <= 2, axis=1))
            if flat < (0.97 if f["kind"] == "blank" else 0.85):
                raise SystemExit(f"{t['film']}: {f['kind']} at {f['start_ms']} is only {flat:.2f} flat")
        if f["kind"] in ("fade", "motion"):
            g = pos[round(f["end_ms"], 3)]
            i = keep.index(g)
            if i + 1 < len(keep) and keep[i + 1] * period < f["end_ms"] + 60 and changed(g, keep[i + 1]).any():
                raise SystemExit(f"{t['film']}: {f['kind']} ending {f['end_ms']} keeps changing after its end")


def check_written(path, truth):
    """The frames ffprobe reads from `path` are the truth's: as many, at the same pts (within 0.6 ms)."""
    r = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                        "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    pts = [float(x.strip(",")) * 1000 for x in r.stdout.split() if x.strip(",")]
    if len(pts) != len(truth["pts_ms"]):
        raise SystemExit(f"{path}: {len(pts)} frames written, {len(truth['pts_ms'])} in the truth")
    worst = max(abs(a - b) for a, b in zip(pts, truth["pts_ms"]))
    if worst > 0.6:
        raise SystemExit(f"{path}: written pts differ from the truth's by {worst:.3f} ms")
