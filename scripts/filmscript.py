"""Scripted synthetic app screens and their ground truth (used by make-samples and bench).

A Script is a timeline of what the screen shows: hold a layout, cut, crossfade, flash a
placeholder, blank, slide. Frames are rendered with numpy and piped to ffmpeg; the truth of every
change is written in DESIGN.md's finding format, with times taken from the frames actually kept
(a VFR film keeps only frames that differ from the one before, like a simulator recording).
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
        cache = {}
        for i, r in enumerate(self.frames):
            key = id(r)
            if key not in cache:
                cache.clear()
                cache[key] = np.ascontiguousarray(r()).tobytes()
            proc.stdin.write(cache[key])
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
        w, h = (self.h, self.w) if rotate in (90, 270) else (self.w, self.h)
        return {"schema": "framediff/1", "film": film,
                "video": {"width": w, "height": h, "frames": len(keep),
                          "frame_period_ms": round(self.period, 3), "vfr": self.vfr},
                "findings": findings}


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
