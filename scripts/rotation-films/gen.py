#!/usr/bin/env python3
"""Synthetic iOS rotation GIFs for framediff's rotation inference (a helper's review, 6 December).

usage: ROTATION_FILMS=DIR scripts/rotation-films/gen.py [NAME ...]   (no names: every film in FILMS)
Writes DIR/films/NAME.gif and DIR/films/NAME.truth.json (turn intervals in ms; DIR defaults to
/tmp/rotation-films). Families: A a simulator's framebuffer turning on black into the landscape UI
drawn sideways in the same portrait frame, B the same as a crossfade, C a device recording
letterboxed into a fixed canvas, D a window on a flat desktop; `L-` films are look-alikes with no
turn. Then score with scripts/rotation-films/score.py BIN.
"""
import json, math, os, subprocess, sys
import numpy as np

OUT = os.path.join(os.environ.get("ROTATION_FILMS", "/tmp/rotation-films"), "films")

THEMES = {
    "light": dict(page=(255, 255, 255), nav=(247, 247, 247), title=(20, 20, 20), text=(60, 60, 67),
                  field_bg=(242, 242, 247), field_border=(199, 199, 204), kb=(209, 211, 217),
                  key=(255, 255, 255), key_dark=(172, 177, 186), glyph=(0, 0, 0), status=(0, 0, 0),
                  tint=(0, 122, 255)),
    "dark": dict(page=(0, 0, 0), nav=(28, 28, 30), title=(240, 240, 240), text=(200, 200, 205),
                 field_bg=(28, 28, 30), field_border=(58, 58, 60), kb=(43, 43, 45),
                 key=(107, 107, 107), key_dark=(70, 70, 72), glyph=(255, 255, 255), status=(255, 255, 255),
                 tint=(10, 132, 255)),
}


def rect(img, x0, y0, x1, y1, col, r=0):
    h, w = img.shape[:2]
    x0, y0, x1, y1 = int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1))
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(w, x1), min(h, y1)
    if x1 <= x0 or y1 <= y0:
        return
    img[y0:y1, x0:x1] = col
    r = int(min(r, (x1 - x0) // 2, (y1 - y0) // 2))
    if r > 0:  # cut the corners ("rounded-ish")
        bg = None
        for i in range(r):
            cut = r - int(round(math.sqrt(max(0, r * r - (r - i - 0.5) ** 2))))
            if cut <= 0:
                continue
            for yy in (y0 + i, y1 - 1 - i):
                for xs in (slice(x0, x0 + cut), slice(x1 - cut, x1)):
                    # restore what was under: take the pixel just outside the rect if any
                    img[yy, xs] = img[yy, max(0, x0 - 1)] if x0 > 0 else img[yy, xs] * 0 + _BG[0]


_BG = [None]


def draw_ui(w, h, theme, landscape, flat_keys, page_seed=1, with_kb=True, flat_style="white"):
    """An iOS page with a nav bar, text lines, a text field and a keyboard, w x h px."""
    t = THEMES[theme]
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = t["page"]
    _BG[0] = np.array(t["page"], np.uint8)
    u = (h if landscape else w) / 390.0  # px per pt
    rng = np.random.RandomState(page_seed)
    y = 0
    side = 0
    if not landscape:
        sb = 47 * u  # status bar: clock left, battery right
        rect(img, 38 * u, 18 * u, 70 * u, 30 * u, t["status"])
        rect(img, w - 70 * u, 19 * u, w - 40 * u, 30 * u, t["status"], r=2 * u)
        rect(img, w - 100 * u, 20 * u, w - 78 * u, 29 * u, t["status"])
        y = sb
        navh = 44 * u
    else:
        navh = 32 * u
        side = 47 * u  # safe-area inset (notch side)
    rect(img, 0, 0 if landscape else y, w, y + navh, t["nav"])
    rect(img, side + 10 * u, y + navh * 0.3, side + 22 * u, y + navh * 0.7, t["tint"])  # back chevron
    rect(img, side + 26 * u, y + navh * 0.35, side + 60 * u, y + navh * 0.65, t["tint"])  # "Back"
    rect(img, w / 2 - 45 * u, y + navh * 0.3, w / 2 + 45 * u, y + navh * 0.7, t["title"])  # title
    y += navh + 16 * u
    kb_h = (216 if landscape else 291) * u if with_kb else 0
    kb_top = h - kb_h
    # text lines
    n = 0
    while y + 60 * u < kb_top - 50 * u and n < 14:
        lw = (w - 2 * side - 40 * u) * rng.uniform(0.45, 0.98)
        rect(img, side + 20 * u, y, side + 20 * u + lw, y + 11 * u, t["text"])
        y += 22 * u
        n += 1
    # text field
    fy = min(y + 8 * u, kb_top - 48 * u)
    rect(img, side + 16 * u, fy, w - side - 16 * u, fy + 36 * u, t["field_border"], r=8 * u)
    rect(img, side + 17 * u, fy + 1 * u, w - side - 17 * u, fy + 35 * u, t["field_bg"], r=8 * u)
    rect(img, side + 26 * u, fy + 8 * u, side + 28 * u, fy + 28 * u, t["tint"])  # cursor
    if not with_kb:
        return img
    # keyboard
    rect(img, 0, kb_top, w, h, t["kb"])
    _BG[0] = np.array(t["kb"], np.uint8)
    if landscape:
        kx0, kx1 = side + 6 * u, w - side - 6 * u
        keyh, vgap, top = 32 * u, 7 * u, kb_top + 6 * u
        rows = [13, 12, 11, None]
    else:
        kx0, kx1 = 3 * u, w - 3 * u
        keyh, vgap, top = 42 * u, 12 * u, kb_top + 8 * u
        rows = [10, 9, 7, None]
    hgap = 6 * u
    kw = (kx1 - kx0 - (rows[0] - 1) * hgap) / rows[0]
    gw, gh = min(kw * 0.42, 11 * u), keyh * 0.36

    def key(x0, x1, yy, dark=False, glyph=True, gsz=1.0):
        if flat_keys and flat_style == "grey":
            return  # keys not drawn yet: the keyboard is one flat grey
        rect(img, x0, yy, x1, yy + keyh, t["key_dark"] if dark else t["key"], r=5 * u)
        if glyph and not flat_keys:
            cx, cy = (x0 + x1) / 2, yy + keyh / 2
            rect(img, cx - gw * gsz / 2, cy - gh / 2, cx + gw * gsz / 2, cy + gh / 2, t["glyph"])

    for ri, nk in enumerate(rows):
        yy = top + ri * (keyh + vgap)
        if nk is None:  # 123, emoji, space, return
            bw = kw * 1.25
            key(kx0, kx0 + bw, yy, dark=True, gsz=1.6)
            key(kx0 + bw + hgap, kx0 + 2 * bw + hgap, yy, dark=True)
            key(kx0 + 2 * bw + 2 * hgap, kx1 - 2 * bw - hgap, yy, glyph=True, gsz=2.5)
            key(kx1 - 2 * bw, kx1, yy, dark=True, gsz=2.5)
            continue
        rw = nk * kw + (nk - 1) * hgap
        x = kx0 + (kx1 - kx0 - rw) / 2
        if ri == 2:  # shift / delete
            sw = kw * 1.3
            key(kx0, kx0 + sw, yy, dark=True)
            key(kx1 - sw, kx1, yy, dark=True)
        for k in range(nk):
            key(x, x + kw, yy)
            x += kw + hgap
    # home indicator
    if not landscape:
        rect(img, w / 2 - 67 * u, h - 13 * u, w / 2 + 67 * u, h - 8 * u, t["status"], r=2 * u)
    return img


def compose(W, H, layers, bg):
    """layers: (rgba float image, own_w, own_h, angle_deg, alpha, cx, cy); drawn in order over bg."""
    out = np.empty((H, W, 3), np.float32)
    out[:] = bg
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    for img, ow, oh, ang, alpha, cx, cy in layers:
        if alpha <= 0:
            continue
        ih, iw = img.shape[:2]
        a = math.radians(ang)
        c, s = math.cos(a), math.sin(a)
        if abs(c) < 1e-9: c = 0.0
        if abs(s) < 1e-9: s = 0.0
        dx, dy = xs + 0.5 - cx, ys + 0.5 - cy
        # inverse rotation: own coords (centred)
        ux = c * dx + s * dy
        uy = -s * dx + c * dy
        sx = (ux / ow + 0.5) * iw - 0.5
        sy = (uy / oh + 0.5) * ih - 0.5
        inside = (ux >= -ow / 2) & (ux < ow / 2) & (uy >= -oh / 2) & (uy < oh / 2)
        x0 = np.floor(sx); y0 = np.floor(sy)
        fx = (sx - x0)[..., None]; fy = (sy - y0)[..., None]
        x0 = np.clip(x0.astype(np.int32), 0, iw - 1); y0 = np.clip(y0.astype(np.int32), 0, ih - 1)
        x1 = np.clip(x0 + 1, 0, iw - 1); y1 = np.clip(y0 + 1, 0, ih - 1)
        samp = (img[y0, x0] * (1 - fx) * (1 - fy) + img[y0, x1] * fx * (1 - fy)
                + img[y1, x0] * (1 - fx) * fy + img[y1, x1] * fx * fy)
        ma = samp[..., 3:4] * alpha * inside[..., None]
        out = out * (1 - ma) + samp[..., :3] * ma
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def rgba(img, mask=None):
    a = np.ones(img.shape[:2] + (1,), np.float32) if mask is None else mask[..., None].astype(np.float32)
    return np.concatenate([img.astype(np.float32), a], axis=2)


def opened(t, dur):
    """How far a look-alike has opened at t s: eased in from 1.0 s over dur, held, eased back from 2.9 s."""
    if 1.0 <= t < 1.0 + dur:
        return ease((t - 1.0) / dur)
    if 1.0 + dur <= t < 2.9:
        return 1.0
    if 2.9 <= t < 2.9 + dur:
        return 1 - ease((t - 2.9) / dur)
    return 0.0


def ease(p):
    p = min(max(p, 0.0), 1.0)
    return 0.5 - 0.5 * math.cos(math.pi * p)


def write_gif(name, frames, fps_expr, W, H):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name + ".gif")
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}",
           "-r", fps_expr, "-i", "-", "-vf",
           "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse", path]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE)
    for f in frames:
        p.stdin.write(np.ascontiguousarray(f).tobytes())
    p.stdin.close()
    if p.wait() != 0:
        raise SystemExit("ffmpeg failed for " + name)
    return path


def write_gif_vfr(name, frames, dt, W, H):
    """Identical frames merged into one longer GIF delay (as gifski / change-driven recorders do)."""
    import tempfile
    os.makedirs(OUT, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="vfr-", dir="/tmp")
    uniq = []
    for f in frames:
        if uniq and np.array_equal(uniq[-1][0], f):
            uniq[-1][1] += 1
        else:
            uniq.append([f, 1])
    lines = ["ffconcat version 1.0"]
    for i, (f, k) in enumerate(uniq):
        p = os.path.join(tmp, "%05d.ppm" % i)
        with open(p, "wb") as fh:
            fh.write(b"P6 %d %d 255\n" % (W, H)); fh.write(np.ascontiguousarray(f).tobytes())
        lines += ["file '%s'" % p, "option framerate 100", "duration %.3f" % (k * dt)]
    lines += ["file '%s'" % p, "option framerate 100"]
    lst = os.path.join(tmp, "list.txt"); open(lst, "w").write("\n".join(lines) + "\n")
    path = os.path.join(OUT, name + ".gif")
    subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", lst, "-fps_mode", "vfr",
                    "-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse", path], check=True)
    subprocess.run(["rm", "-rf", tmp])
    return path


FPS = {5: ("5", 0.2), 10: ("10", 0.1), 15: ("100/7", 0.07), 25: ("25", 0.04)}  # GIF delays 10/7/4 cs


def window_img(screen, theme, bezel):
    """Simulator window: dark rounded bezel around the screen; returns rgba."""
    sh, sw = screen.shape[:2]
    h, w = sh + 2 * bezel, sw + 2 * bezel
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = (30, 30, 32) if theme == "light" else (58, 58, 60)
    img[bezel:bezel + sh, bezel:bezel + sw] = screen
    mask = np.ones((h, w), np.float32)
    r = bezel * 2
    yy, xx = np.mgrid[0:h, 0:w]
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        sel = (np.abs(xx + 0.5 - cx) <= r) & (np.abs(yy + 0.5 - cy) <= r)
        corner = ((xx + 0.5 < r) | (xx + 0.5 > w - r)) & ((yy + 0.5 < r) | (yy + 0.5 > h - r))
        d = np.sqrt((xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2)
        mask[sel & corner & (d > r)] = 0
    return rgba(img, mask)


def rotation_film(name, family, fps, W, H, theme, turn_ms, flat_ms=90, dedupe=False, kbflat="white", direction=1, mask=False, noise=0, crf=0):
    fps_expr, dt = FPS[fps]
    tdur = turn_ms / 1000.0
    t1 = 1.0                      # first turn starts
    t1e = t1 + tdur
    t2 = t1e + 1.5                # second turn
    t2e = t2 + tdur
    tend = t2e + 1.0
    flat = flat_ms / 1000.0
    if family == "D":
        CW = CH = W
        sw = 240 if W >= 600 else int(240 * W / 700)
        sh = int(round(sw * 844 / 390))
        bez = 14
        P = draw_ui(sw, sh, theme, False, False); Pf = draw_ui(sw, sh, theme, False, True, flat_style=kbflat)
        L = draw_ui(sh, sw, theme, True, False); Lf = draw_ui(sh, sw, theme, True, True, flat_style=kbflat)
        WP, WPf, WL, WLf = (window_img(x, theme, bez) for x in (P, Pf, L, Lf))
        bg = (118, 118, 122) if theme == "light" else (64, 66, 70)
    else:
        CW, CH = W, H
        P = rgba(draw_ui(W, H, theme, False, False)); Pf = rgba(draw_ui(W, H, theme, False, True, flat_style=kbflat))
        if family == "C":
            lh = int(round(W * W / H))
            L = rgba(draw_ui(W, lh, theme, True, False)); Lf = rgba(draw_ui(W, lh, theme, True, True, flat_style=kbflat))
        else:
            L = rgba(draw_ui(H, W, theme, True, False)); Lf = rgba(draw_ui(H, W, theme, True, True, flat_style=kbflat))
        bg = (0, 0, 0)
    cx, cy = CW / 2, CH / 2

    def layers_at(e, land_flat, port_flat, fade_p=None, reverse=False):
        """e: 0 portrait .. 1 landscape. Returns the layer list."""
        Pi = Pf if port_flat else P
        Li = Lf if land_flat else L
        if family in ("A", "B"):
            ow = W + (H - W) * e; oh = H + (W - H) * e
            ang = 90 * e
            lp = (Pi, ow, oh, ang, 1.0, cx, cy)
            ll = (Li, ow, oh, ang, 1.0, cx, cy)
        elif family == "C":
            k = W / H
            s = 1 + (k - 1) * e
            lp = (Pi, W * s, H * s, 90 * e, 1.0, cx, cy)
            ll = (Li, H * s, W * s, 90 * e - 90, 1.0, cx, cy)
        else:  # D: the window turns counter-clockwise
            WPi = WPf if port_flat else WP
            WLi = WLf if land_flat else WL
            ph, pw = WPi.shape[:2]
            lp = (WPi, pw, ph, -90 * e, 1.0, cx, cy)
            ll = (WLi, ph, pw, -90 * e + 90, 1.0, cx, cy)
        if direction < 0:
            lp = lp[:3] + (-lp[3],) + lp[4:]
            ll = ll[:3] + (-ll[3],) + ll[4:]
        if e <= 0:
            return [lp]
        if e >= 1:
            return [ll]
        if family == "B" and fade_p is not None:
            # crossfade snapshot: old fades out, new fades in (both turning, on black)
            old, new = (ll, lp) if reverse else (lp, ll)
            old = old[:4] + (1.0 - fade_p,) + old[5:]
            new = new[:4] + (fade_p,) + new[5:]
            # blend over black: draw old with its alpha, new additively via alpha
            return [old, new]
        return [lp] if e < 0.5 else [ll]

    frames, n = [], int(round(tend / dt))
    for i in range(n):
        t = i * dt + 1e-6
        if t < t1:
            L_ = layers_at(0, False, False)
        elif t < t1e:
            p = (t - t1) / tdur
            L_ = layers_at(ease(p), True, False, fade_p=p)
        elif t < t2:
            L_ = layers_at(1, t < t1e + flat, False)
        elif t < t2e:
            p = (t - t2) / tdur
            L_ = layers_at(1 - ease(p), False, True, fade_p=p, reverse=True)
        else:
            L_ = layers_at(0, False, t < t2e + flat)
        if family == "B" and len(L_) == 2:
            a = compose(CW, CH, [L_[0]], bg).astype(np.float32)
            b = compose(CW, CH, [L_[1]], bg).astype(np.float32)
            frames.append(np.clip(a + b - np.array(bg, np.float32) + 0.5, 0, 255).astype(np.uint8))
        else:
            frames.append(compose(CW, CH, L_, bg))
    if noise:  # sensor/scaler noise: the GIF palette re-dithers every frame differently
        rs = np.random.RandomState(7)
        frames = [np.clip(f.astype(np.int16) + rs.randint(-noise, noise + 1, f.shape), 0, 255).astype(np.uint8) for f in frames]
    if mask:  # simctl recordVideo --mask black: rounded display corners and the Dynamic Island, fixed
        u = CW / 390.0
        m = np.zeros((CH, CW), bool)
        yy, xx = np.mgrid[0:CH, 0:CW].astype(np.float32) + 0.5
        r = 47.33 * u
        for ccx, ccy in ((r, r), (CW - r, r), (r, CH - r), (CW - r, CH - r)):
            inq = ((xx < r) | (xx > CW - r)) & ((yy < r) | (yy > CH - r))
            m |= inq & (np.abs(xx - ccx) <= r) & (np.abs(yy - ccy) <= r) & ((xx - ccx) ** 2 + (yy - ccy) ** 2 > r * r)
        iw, ih, it = 126 * u, 37 * u, 11 * u
        ir = ih / 2
        px = np.clip(xx, CW / 2 - iw / 2 + ir, CW / 2 + iw / 2 - ir)
        m |= ((xx - px) ** 2 + (yy - (it + ir)) ** 2 <= ir * ir)
        frames = [np.where(m[..., None], np.uint8(0), f) for f in frames]
    if crf:  # recorded as H.264 first (simctl recordVideo / QuickTime), then made a GIF
        mp4 = os.path.join("/tmp", name + ".mp4")
        p = subprocess.Popen(["ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{CW}x{CH}",
                              "-r", fps_expr, "-i", "-", "-c:v", "libx264", "-crf", str(crf), "-pix_fmt", "yuv420p", mp4],
                             stdin=subprocess.PIPE)
        for f in frames:
            p.stdin.write(np.ascontiguousarray(f).tobytes())
        p.stdin.close(); p.wait()
        subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-i", mp4, "-vf",
                        "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse", os.path.join(OUT, name + ".gif")], check=True)
        os.remove(mp4)
    elif dedupe:
        write_gif_vfr(name, frames, dt, CW, CH)
    else:
        write_gif(name, frames, fps_expr, CW, CH)
    truth = dict(turns=[[int(t1 * 1000), int(t1e * 1000)], [int(t2 * 1000), int(t2e * 1000)]],
                 family=family, fps=fps, size=f"{CW}x{CH}", theme=theme, turn_ms=turn_ms)
    json.dump(truth, open(os.path.join(OUT, name + ".truth.json"), "w"))


# ---------------- look-alikes (no rotation) ----------------

def photo(w, h, seed=3):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.zeros((h, w, 3), np.float32)
    img[..., 0] = 80 + 120 * xx / w
    img[..., 1] = 140 - 60 * yy / h
    img[..., 2] = 200 - 120 * xx / w
    rng = np.random.RandomState(seed)
    for _ in range(6):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.08, 0.25) * h
        sel = (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
        img[sel] = rng.uniform(30, 240, 3)
    return img.clip(0, 255).astype(np.uint8)


def lookalike_film(name, kind, fps, W, H, theme):
    fps_expr, dt = FPS[fps]
    bg = np.array((0, 0, 0), np.float32)
    P = draw_ui(W, H, theme, False, False).astype(np.float32)
    u = W / 390.0
    tend = 5.0
    events = []
    frames = []
    if kind == "crossfade_black":  # page fades to black, another layout fades in, and back
        Q = draw_ui(W, H, theme, False, False, page_seed=7, with_kb=False).astype(np.float32)
        Q[int(200 * u):int(420 * u), int(20 * u):W - int(20 * u)] = photo(W - int(40 * u), int(420 * u) - int(200 * u))
        def pic(t):
            for (a, b, X, Y) in ((1.0, 1.4, P, Q), (2.9, 3.3, Q, P)):
                if a <= t < b:
                    p = (t - a) / (b - a)
                    return X * max(0, 1 - 2 * p) if p < 0.5 else Y * (2 * p - 1)
            return Q if 1.4 <= t < 2.9 else P
    elif kind == "photo_viewer":  # thumbnail zooms into a letterboxed landscape photo on black
        pw, ph = int(120 * u), int(80 * u)
        tx, ty = int(30 * u), int(130 * u)
        big = photo(W, int(W * 2 / 3))
        P2 = P.copy(); P2[ty:ty + ph, tx:tx + pw] = photo(pw, ph)
        P = P2
        def pic(t):
            e = opened(t, 0.35)
            if e == 0: return P
            bw, bh = pw + (W - pw) * e, ph + (big.shape[0] - ph) * e
            bx = tx + pw / 2 + (W / 2 - tx - pw / 2) * e; by = ty + ph / 2 + (H / 2 - ty - ph / 2) * e
            base = P * (1 - e)
            return _over(base, rgba(big), bw, bh, bx, by, W, H)
    elif kind == "modal_sheet":
        S = draw_ui(W, H - int(60 * u), theme, False, False, page_seed=5, with_kb=False).astype(np.float32)
        def pic(t):
            e = 0.0
            if 1.0 <= t < 1.4: e = ease((t - 1.0) / 0.4)
            elif 1.4 <= t < 2.9: e = 1.0
            elif 2.9 <= t < 3.3: e = 1 - ease((t - 2.9) / 0.4)
            out = P * (1 - 0.4 * e)
            top = int(round(H - (H - 60 * u) * e))
            if top < H:
                out = out.copy(); out[top:] = S[:H - top]
            return out
    elif kind == "app_switcher":  # page shrinks to a card on a dark ground, next app card expands
        Q = draw_ui(W, H, theme, False, False, page_seed=9, with_kb=False).astype(np.float32)
        Q[int(300 * u):int(520 * u), :] = photo(W, int(520 * u) - int(300 * u), seed=5)
        ground = (28, 28, 30)
        def pic(t):
            def card(img, s, x):
                return (rgba(img), W * s, H * s, 0, 1.0, x, H / 2)
            if t < 1.0: return P
            if t < 1.3:
                s = 1 - 0.35 * ease((t - 1.0) / 0.3); return compose(W, H, [card(P, s, W / 2)], ground)
            if t < 1.6:
                e = ease((t - 1.3) / 0.3)
                return compose(W, H, [card(P, 0.65, W / 2 - 0.75 * W * e), card(Q, 0.65, W / 2 + 0.75 * W * (1 - e))], ground)
            if t < 1.9:
                s = 0.65 + 0.35 * ease((t - 1.6) / 0.3); return compose(W, H, [card(Q, s, W / 2)], ground)
            if t < 3.0: return Q
            if t < 3.3:
                s = 1 - 0.35 * ease((t - 3.0) / 0.3); return compose(W, H, [card(Q, s, W / 2)], ground)
            if t < 3.6:
                e = ease((t - 3.3) / 0.3)
                return compose(W, H, [card(Q, 0.65, W / 2 + 0.75 * W * e), card(P, 0.65, W / 2 - 0.75 * W * (1 - e))], ground)
            if t < 3.9:
                s = 0.65 + 0.35 * ease((t - 3.6) / 0.3); return compose(W, H, [card(P, s, W / 2)], ground)
            return P
    elif kind == "video_fullscreen":  # 16:9 video in the page expands to a letterbox on black
        vw, vh = W - int(32 * u), int((W - int(32 * u)) * 9 / 16)
        vx, vy = int(16 * u), int(110 * u)
        vid = photo(vw, vh, seed=11)
        P2 = P.copy(); P2[vy:vy + vh, vx:vx + vw] = vid; P = P2
        big_w, big_h = W, W * 9 / 16
        def pic(t):
            e = opened(t, 0.3)
            if e == 0: return P
            bw, bh = vw + (big_w - vw) * e, vh + (big_h - vh) * e
            bx = vx + vw / 2 + (W / 2 - vx - vw / 2) * e; by = vy + vh / 2 + (H / 2 - vy - vh / 2) * e
            return _over(P * (1 - e), rgba(vid), bw, bh, bx, by, W, H)
    else:
        raise SystemExit(kind)
    n = int(round(tend / dt))
    for i in range(n):
        frames.append(np.clip(np.asarray(pic(i * dt + 1e-6), np.float32) + 0.5, 0, 255).astype(np.uint8))
    write_gif(name, frames, fps_expr, W, H)
    json.dump(dict(turns=[], kind=kind, fps=fps, size=f"{W}x{H}", theme=theme),
              open(os.path.join(OUT, name + ".truth.json"), "w"))


def _over(base, img, bw, bh, bx, by, W, H):
    """img (rgba) scaled to bw x bh centred at bx,by, over base (float HxWx3)."""
    layer = compose(W, H, [(img, bw, bh, 0, 1.0, bx, by)], (0, 0, 0)).astype(np.float32)
    x0, x1 = int(max(0, round(bx - bw / 2))), int(min(W, round(bx + bw / 2)))
    y0, y1 = int(max(0, round(by - bh / 2))), int(min(H, round(by + bh / 2)))
    out = np.array(base, np.float32, copy=True)
    out[y0:y1, x0:x1] = layer[y0:y1, x0:x1]
    return out


FILMS = {}
for fam, spec in {
    "A": [(10, 390, 844, "light", 400), (15, 390, 844, "light", 300), (25, 390, 844, "light", 500),
          (10, 300, 650, "dark", 300), (15, 600, 1300, "dark", 400), (25, 300, 650, "light", 350),
          (15, 300, 650, "dark", 450)],
    "B": [(10, 390, 844, "light", 400), (15, 300, 650, "light", 500), (25, 600, 1300, "dark", 300),
          (25, 390, 844, "dark", 450), (15, 390, 844, "light", 350)],
    "C": [(10, 390, 844, "light", 400), (15, 600, 1300, "light", 300), (25, 300, 650, "dark", 500),
          (15, 390, 844, "dark", 400), (25, 390, 844, "light", 350)],
    "D": [(10, 700, 700, "light", 400), (15, 700, 700, "dark", 300), (25, 700, 700, "light", 500),
          (15, 700, 700, "light", 450)],
}.items():
    for fps, w, h, th, ms in spec:
        nm = f"{fam}-{fps}fps-{w}x{h}-{th}-{ms}ms"
        FILMS[nm] = ("rot", fam, fps, w, h, th, ms)
EXTRA = [  # (family, fps, w, h, theme, turn_ms, dedupe, kbflat, direction)
    ("A", 10, 390, 844, "light", 400, True, "white", 1), ("A", 15, 390, 844, "light", 300, True, "white", 1),
    ("A", 25, 390, 844, "light", 500, True, "white", 1), ("A", 25, 600, 1300, "dark", 400, True, "white", 1),
    ("A", 10, 390, 844, "light", 400, False, "grey", 1), ("A", 25, 390, 844, "light", 350, False, "grey", 1),
    ("A", 15, 390, 844, "light", 400, True, "grey", -1), ("A", 25, 300, 650, "dark", 450, True, "grey", -1),
    ("A", 5, 390, 844, "light", 400, False, "grey", 1), ("A", 5, 390, 844, "light", 400, True, "grey", 1),
    ("B", 15, 390, 844, "light", 400, True, "grey", 1), ("B", 25, 390, 844, "dark", 300, True, "grey", -1),
    ("C", 25, 390, 844, "light", 400, True, "grey", 1), ("D", 15, 700, 700, "light", 400, True, "grey", -1),
]
for fam, fps, w, h, th, ms, dd, kf, dr in EXTRA:
    nm = f"{fam}-{fps}fps-{w}x{h}-{th}-{ms}ms" + ("-vfr" if dd else "") + ("-greykb" if kf == "grey" else "") + ("-ccw" if dr < 0 else "")
    FILMS[nm] = ("rot", fam, fps, w, h, th, ms, 90, dd, kf, dr)
MASKED = [  # (family, fps, w, h, theme, turn_ms, dedupe, kbflat, direction)
    ("A", 10, 390, 844, "light", 400, False, "grey", 1), ("A", 15, 390, 844, "light", 300, False, "grey", 1),
    ("A", 25, 390, 844, "light", 500, False, "grey", 1), ("A", 15, 600, 1300, "dark", 400, False, "grey", 1),
    ("A", 25, 300, 650, "dark", 350, True, "grey", -1), ("A", 10, 300, 650, "light", 450, True, "white", -1),
    ("B", 15, 390, 844, "light", 400, False, "grey", 1), ("B", 25, 390, 844, "dark", 300, True, "grey", 1),
]
for fam, fps, w, h, th, ms, dd, kf, dr in MASKED:
    nm = f"{fam}-{fps}fps-{w}x{h}-{th}-{ms}ms" + ("-vfr" if dd else "") + ("-greykb" if kf == "grey" else "") + ("-ccw" if dr < 0 else "") + "-mask"
    FILMS[nm] = ("rot", fam, fps, w, h, th, ms, 90, dd, kf, dr, True)
NOISY = [("A", 10, 390, 844, "light", 400, False, "grey", 1, False), ("A", 15, 390, 844, "dark", 300, False, "grey", 1, True),
         ("A", 25, 300, 650, "light", 500, False, "white", 1, True), ("B", 15, 390, 844, "light", 400, False, "grey", 1, False),
         ("C", 15, 390, 844, "light", 400, False, "grey", 1, False), ("D", 15, 700, 700, "light", 400, False, "grey", 1, False)]
for fam, fps, w, h, th, ms, dd, kf, dr, mk in NOISY:
    nm = f"{fam}-{fps}fps-{w}x{h}-{th}-{ms}ms" + ("-greykb" if kf == "grey" else "") + ("-mask" if mk else "") + "-noise6"
    FILMS[nm] = ("rot", fam, fps, w, h, th, ms, 90, dd, kf, dr, mk, 6)
SWEEP = []  # noise levels and H.264 pipelines
for nz in (1, 2, 3, 4):
    SWEEP.append((f"A-10fps-390x844-light-400ms-greykb-noise{nz}", ("A", 10, 390, 844, "light", 400, 90, False, "grey", 1, False, nz, 0)))
for nz in (2, 3):
    SWEEP.append((f"D-15fps-700x700-light-400ms-greykb-noise{nz}", ("D", 15, 700, 700, "light", 400, 90, False, "grey", 1, False, nz, 0)))
    SWEEP.append((f"C-25fps-390x844-light-400ms-greykb-noise{nz}", ("C", 25, 390, 844, "light", 400, 90, False, "grey", 1, False, nz, 0)))
    SWEEP.append((f"B-15fps-390x844-dark-400ms-greykb-noise{nz}", ("B", 15, 390, 844, "dark", 400, 90, False, "grey", 1, False, nz, 0)))
for fam, fps, w, h, th, crf in [("A", 10, 390, 844, "light", 23), ("A", 15, 390, 844, "light", 30), ("A", 25, 600, 1300, "dark", 28),
                                ("B", 15, 390, 844, "light", 28), ("C", 15, 390, 844, "light", 28), ("D", 15, 700, 700, "light", 28)]:
    SWEEP.append((f"{fam}-{fps}fps-{w}x{h}-{th}-400ms-greykb-h264crf{crf}", (fam, fps, w, h, th, 400, 90, False, "grey", 1, False, 0, crf)))
for nm, spec in SWEEP:
    FILMS[nm] = ("rot",) + spec
for kind, fps, th in [("crossfade_black", 15, "light"), ("photo_viewer", 25, "light"), ("photo_viewer", 10, "dark"),
                      ("modal_sheet", 15, "light"), ("app_switcher", 25, "light"), ("video_fullscreen", 15, "dark")]:
    nm = f"L-{kind}-{fps}fps-{th}"
    FILMS[nm] = ("look", kind, fps, 390, 844, th)

if __name__ == "__main__":
    names = sys.argv[1:] or list(FILMS)
    for nm in names:
        spec = FILMS[nm]
        if spec[0] == "rot":
            rotation_film(nm, *spec[1:])
        else:
            lookalike_film(nm, *spec[1:])
        print("wrote", nm, flush=True)
