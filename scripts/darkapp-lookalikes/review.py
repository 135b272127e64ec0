#!/usr/bin/env python3
"""Adversarial review of a0643c8 (RotationTracker's `black_ground` / `ground_edges`: a dark app's turn
counts on a near-black ground the picture reaches 3 of the frame's 4 edges' middle thirds on, where
the corners are dark-grey before or after). Films of things real users record that are NOT device
rotations (L-) but show a near-black ground at the 32x32-px corners while the picture still touches
3-4 edges, before/after a dark-grey app (corners 15-30 levels): Android predictive back / unlock /
app-close scaling a page with the display's corner radius (at full resolution the 16-px tiles make a
0.99 scale's margin touch every edge while a 100-px corner radius leaves the corners black), an
Instagram-style story cube, a card flip, a two-finger twist of a photo on black, a tilted Ken Burns
slideshow, a circular reveal / iris on black, a screenshot opening in a lightbox with rounded
corners, gallery swipes, pinch zoom, video full screen, camera switch flip, CRT screen-off, a rotate
tool; plus true device turns of dark and light apps (T-) of several kinds to check recall.

usage: REVIEW_ROT=DIR gen.py [PREFIX ...]      writes DIR/films/NAME.{mp4,gif} (default /tmp/review-rot)
       REVIEW_ROT=DIR gen.py --check BIN [BIN2]  posture events per film (2 at a time); L- events are invented
Self-contained: numpy + ffmpeg."""
import json, math, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np
try:
    import cv2
except ImportError:
    cv2 = None

OUT = os.path.join(os.environ.get("REVIEW_ROT", "/tmp/review-rot"), "films")


def ease(p):
    p = min(max(p, 0.0), 1.0)
    return 0.5 - 0.5 * math.cos(math.pi * p)


def ease_out(p):
    p = min(max(p, 0.0), 1.0)
    return 1 - (1 - p) ** 3


# ------------------------------------------------------------------ drawing

def R(img, x0, y0, x1, y1, col):
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, int(round(x0))), max(0, int(round(y0))), min(w, int(round(x1))), min(h, int(round(y1)))
    if x1 > x0 and y1 > y0:
        img[y0:y1, x0:x1] = col


def photo(w, h, seed=3, dark=False):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.zeros((h, w, 3), np.float32)
    k = 0.35 if dark else 1.0
    img[..., 0] = (80 + 120 * xx / w) * k
    img[..., 1] = (140 - 60 * yy / h) * k
    img[..., 2] = (200 - 120 * xx / w) * k
    rng = np.random.RandomState(seed)
    for _ in range(9):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.06, 0.22) * max(w, h)
        sel = (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
        img[sel] = rng.uniform(30, 240, 3) * k
    return img


def page(w, h, seed=1, land=False, pagec=18, barc=28, cardc=38, ink=(225, 225, 230), light=False):
    """An app page: status bar, app bar, cards with thumbnails and text, bottom nav. Dark grey
    (page `pagec`, bars `barc`) or light."""
    if light:
        pagec, barc, cardc, ink = 245, 255, 255, (30, 30, 35)
    if not isinstance(pagec, tuple): pagec = (pagec,) * 3
    if not isinstance(barc, tuple): barc = (barc,) * 3
    if not isinstance(cardc, tuple): cardc = (cardc,) * 3
    u = min(w, h) / 390.0
    img = np.zeros((h, w, 3), np.float32); img[:] = pagec
    rs = np.random.RandomState(seed)
    top = 0
    if not land:
        R(img, 0, 0, w, 47 * u, barc)
        R(img, 38 * u, 18 * u, 70 * u, 30 * u, ink); R(img, w - 70 * u, 19 * u, w - 40 * u, 30 * u, ink)
        top = 47 * u
    nh = (40 if land else 56) * u
    side = 44 * u if land else 0
    R(img, 0, top, w, top + nh, barc)
    R(img, side + 16 * u, top + nh * 0.3, side + 40 * u, top + nh * 0.7, ink)
    R(img, side + 60 * u, top + nh * 0.32, side + 200 * u, top + nh * 0.68, ink)
    y = top + nh + 12 * u
    nb = (48 if land else 80) * u
    grey = tuple(int(0.6 * c + 0.4 * p) for c, p in zip(ink, pagec))
    while y + 90 * u < h - nb - 8 * u:
        R(img, side + 12 * u, y, w - side - 12 * u, y + 84 * u, cardc)
        th = photo(int(64 * u), int(64 * u), seed=int(rs.randint(1, 999)))
        img[int(y + 10 * u):int(y + 10 * u) + th.shape[0], int(side + 22 * u):int(side + 22 * u) + th.shape[1]] = th
        for k, (yy, c) in enumerate(((16, ink), (40, grey), (58, grey))):
            R(img, side + 98 * u, y + yy * u, side + 98 * u + (w - 2 * side - 150 * u) * rs.uniform(0.3, 1), y + (yy + 11) * u, c)
        y += 96 * u
    R(img, 0, h - nb, w, h, barc)
    for k in range(4):
        cx = side + (w - 2 * side) * (k + 0.5) / 4
        R(img, cx - 12 * u, h - nb + 14 * u, cx + 12 * u, h - nb + 38 * u, (138, 180, 248) if k == 0 else grey)
    return img


def story(w, h, seed=1, bg=None):
    """A story: a photo full bleed, or text on a flat colour `bg`; progress bars and a name row on top."""
    u = w / 390.0
    if bg is None:
        img = photo(w, h, seed)
    else:
        img = np.zeros((h, w, 3), np.float32); img[:] = bg
        rs = np.random.RandomState(seed)
        for k in range(5):
            y = h * 0.35 + k * 34 * u
            R(img, w * 0.12, y, w * 0.12 + w * 0.76 * rs.uniform(0.5, 1), y + 22 * u, (235, 235, 240))
    R(img, 8 * u, 10 * u, w - 8 * u, 13 * u, (200, 200, 200))
    R(img, 14 * u, 24 * u, 46 * u, 56 * u, (200, 120, 90)); R(img, 56 * u, 34 * u, 150 * u, 46 * u, (240, 240, 240))
    return img


# ------------------------------------------------------------------ compositing (homographies)

def homography(src, dst):
    """3x3 H with H @ src_i ~ dst_i for 4 point pairs."""
    A = []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u]); A.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.array(A, np.float64))
    return vt[-1].reshape(3, 3) / vt[-1][-1]


def quad_affine(w, h, cx, cy, sx, sy, ang):
    """Corners (tl, tr, br, bl) of a w x h image drawn sx*w x sy*h at (cx, cy), turned ang degrees."""
    a = math.radians(ang); c, s = math.cos(a), math.sin(a)
    pts = []
    for px, py in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
        x, y = px * w * sx, py * h * sy
        pts.append((cx + c * x - s * y, cy + s * x + c * y))
    return pts


def quad_3d(w, h, cx, cy, scale, ry=0.0, rx=0.0, pivot_x=0.0, z0=0.0, dist=None, W=None):
    """Corners of a w x h image drawn at `scale`, turned ry degrees about a vertical axis through
    x = pivot_x (image units from its centre, before scale), pushed back z0, seen from `dist` px."""
    dist = dist or 2.2 * (W or w)
    a, b = math.radians(ry), math.radians(rx)
    pts = []
    for px, py in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
        x, y, z = (px * w - pivot_x) * scale, py * h * scale, 0.0
        x, z = x * math.cos(a) + z * math.sin(a), -x * math.sin(a) + z * math.cos(a)
        y, z = y * math.cos(b) - z * math.sin(b), y * math.sin(b) + z * math.cos(b)
        x += pivot_x * scale; z += z0
        f = dist / (dist + z)
        pts.append((cx + x * f, cy + y * f))
    return pts


class Layer:
    def __init__(self, img, quad, radius=0.0, alpha=1.0):
        self.img, self.quad, self.radius, self.alpha = img, quad, radius, alpha


_masks = {}
def rounded_mask(iw, ih, r):
    """Coverage of a rounded rect of radius r (source px) over an iw x ih image, antialiased."""
    key = (iw, ih, round(r, 1))
    if key not in _masks:
        if len(_masks) > 64: _masks.clear()
        ys, xs = np.mgrid[0:ih, 0:iw].astype(np.float32) + 0.5
        qx = np.abs(xs - iw / 2) - (iw / 2 - r); qy = np.abs(ys - ih / 2) - (ih / 2 - r)
        dist = np.sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2) + np.minimum(np.maximum(qx, qy), 0) - r
        _masks[key] = np.clip(0.5 - dist, 0, 1).astype(np.float32)
    return _masks[key]


def compose(W, H, layers, bg=(0, 0, 0)):
    """Layers drawn in order over bg, each its image mapped onto its quad (a homography), bilinear
    (OpenCV's warpPerspective when installed, else numpy)."""
    out = np.empty((H, W, 3), np.float32); out[:] = bg
    for L in layers:
        if L.alpha <= 0: continue
        ih, iw = L.img.shape[:2]
        Hm = homography([(0, 0), (iw, 0), (iw, ih), (0, ih)], L.quad)
        # pixel centres: source (i + 0.5) -> dest (j + 0.5)
        Tc = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1]]) @ Hm @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1]])
        m = rounded_mask(iw, ih, L.radius) if L.radius > 0 else np.ones((ih, iw), np.float32)
        src = np.dstack([L.img.astype(np.float32), m])
        if cv2 is not None:
            warped = cv2.warpPerspective(src, Tc, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        else:
            Hi = np.linalg.inv(Tc)
            ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
            d = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
            sx = (Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / d; sy = (Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / d
            pad = np.pad(src, ((1, 1), (1, 1), (0, 0)))
            sx, sy = sx + 1, sy + 1
            ix = np.floor(sx); iy = np.floor(sy); ax = (sx - ix)[..., None]; ay = (sy - iy)[..., None]
            ok = ((ix >= 0) & (iy >= 0) & (ix < iw + 1) & (iy < ih + 1))[..., None]
            ix0 = np.clip(ix, 0, iw + 1).astype(np.int32); iy0 = np.clip(iy, 0, ih + 1).astype(np.int32)
            ix1 = np.clip(ix0 + 1, 0, iw + 1); iy1 = np.clip(iy0 + 1, 0, ih + 1)
            warped = ok * (pad[iy0, ix0] * (1 - ax) * (1 - ay) + pad[iy0, ix1] * ax * (1 - ay) + pad[iy1, ix0] * (1 - ax) * ay + pad[iy1, ix1] * ax * ay)
        a = warped[..., 3:4] * L.alpha
        out = out * (1 - a) + warped[..., :3] * a
    return out


def full(img, W, H, s=1.0, ang=0.0, cx=None, cy=None, radius=0.0, alpha=1.0, sx=None, sy=None):
    ih, iw = img.shape[:2]
    return Layer(img, quad_affine(iw, ih, W / 2 if cx is None else cx, H / 2 if cy is None else cy,
                                  (sx if sx is not None else s * W / iw), (sy if sy is not None else s * H / ih), ang), radius, alpha)


# ------------------------------------------------------------------ scenes: pic(t) -> frame, duration

def sc_back(W, H, pagec=18, barc=28, light=False, smin=0.9, d=0.35, hold=0.25, commit=False, corner=0.11, snap=False):
    """Android predictive back with the display's corner radius on black: cancel (shrink, hold,
    grow back) or commit (shrink, the previous page at 0.9 behind grows to full). The radius eases
    in with the shrink, or (snap) is the display's from the first frame to the last."""
    P = page(W, H, 1, pagec=pagec, barc=barc, light=light); Q = page(W, H, 7, pagec=pagec, barc=barc, light=light)
    rad = corner * W
    rin = (lambda x: rad) if snap else (lambda x: rad * ease(x * 3))
    rout = (lambda e: rad) if snap else (lambda e: rad * (1 - ease(e * 3 - 2)))
    def pic(t):
        a = 1.0
        if t < a: return compose(W, H, [full(P, W, H)])
        if t < a + d: return compose(W, H, [full(P, W, H, 1 - (1 - smin) * ease((t - a) / d), radius=rin((t - a) / d))])
        if t < a + d + hold: return compose(W, H, [full(P, W, H, smin, radius=rad)])
        e = ease((t - a - d - hold) / d)
        if e >= 1: return compose(W, H, [full(Q if commit else P, W, H)])
        if not commit:
            return compose(W, H, [full(P, W, H, smin + (1 - smin) * e, radius=rout(e))])
        return compose(W, H, [full(Q, W, H, smin + (1 - smin) * e, radius=rout(e)),
                              full(P, W, H, smin - 0.05 * e, radius=rad, alpha=1 - min(1, e * 2))])
    return pic, 1.0 + 2 * d + hold + 1.2


def sc_unlock(W, H, pagec=18, barc=28, light=False, d=0.45, corner=0.11, s0=0.85):
    """Unlock: the lock screen (a photo wallpaper, clock) fades out, the app behind scales up from
    s0 to 1 on black with the display's corner radius."""
    Lk = photo(W, H, 11, dark=True)
    u = W / 390; R(Lk, W * 0.3, H * 0.15, W * 0.7, H * 0.15 + 60 * u, (230, 230, 230))
    P = page(W, H, 3, pagec=pagec, barc=barc, light=light)
    def pic(t):
        a = 1.0
        if t < a: return compose(W, H, [full(Lk, W, H)])
        e = ease((t - a) / d)
        return compose(W, H, [full(P, W, H, s0 + (1 - s0) * e, radius=corner * W * (1 - ease(e * 4 - 3))),
                              full(Lk, W, H, 1 + 0.1 * e, alpha=1 - min(1, e * 2.5))])
    return pic, 1.0 + d + 1.2


def sc_cube(W, H, bgs=(24, 30), d=0.5, dist=2.0, photos=False):
    """Instagram-style story cube: the next story turns in as a cube's face about an axis behind the screen."""
    A = story(W, H, 1, None if photos else bgs[0]); B = story(W, H, 2, None if photos else bgs[1])
    def pic(t):
        a = 1.0
        if t < a: return compose(W, H, [full(A, W, H)])
        if t >= a + d: return compose(W, H, [full(B, W, H)])
        th = 90 * ease((t - a) / d)
        ls = []
        for img, ang in ((A, -th), (B, 90 - th)):
            if abs(ang) >= 90: continue
            # face centred at distance W/2 in front of the cube's axis; axis at depth W/2
            quad = []
            for px, py in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
                x, y, z = px * W, py * H, -W / 2
                rad = math.radians(ang)
                xr, zr = x * math.cos(rad) - z * math.sin(rad), x * math.sin(rad) + z * math.cos(rad)
                zr += W / 2
                f = dist * W / (dist * W + zr)
                quad.append((W / 2 + xr * f, H / 2 + y * f))
            ls.append((max(q[1] for q in quad), Layer(img, quad)))
        ls.sort(key=lambda z: z[0])
        return compose(W, H, [l for _, l in ls])
    return pic, 1.0 + d + 1.2


def sc_flip(W, H, pagec=18, barc=28, d=0.6, s=1.0, axis="y", light=False):
    """A card flip of the whole page on black (UIView.transition flipFromLeft), front then back."""
    A = page(W, H, 1, pagec=pagec, barc=barc, light=light); B = page(W, H, 5, pagec=pagec, barc=barc, light=light)
    def pic(t):
        a = 1.0
        if t < a: return compose(W, H, [full(A, W, H)])
        if t >= a + d: return compose(W, H, [full(B, W, H)])
        th = 180 * ease((t - a) / d)
        img, ang = (A, th) if th < 90 else (B, th - 180)
        ry, rx = (ang, 0) if axis == "y" else (0, ang)
        return compose(W, H, [Layer(img, quad_3d(W, H, W / 2, H / 2, s, ry=ry, rx=rx, dist=2.5 * max(W, H) if axis == "x" else 2.5 * W))])
    return pic, 1.0 + d + 1.2


def sc_twist(W, H, barc=28, d=0.9, maxang=25, s1=1.25, land=True, chrome=True):
    """A photo viewer on black with grey bars (corners `barc`): a two-finger twist-and-zoom turns a
    photo about the centre by up to maxang degrees and back (a viewer that rotates with the fingers)."""
    ph = photo(int(W * 1.0), int(W * (0.66 if land else 1.4)), 21)
    u = W / 390
    def chromed(f):
        if chrome:
            R(f, 0, 0, W, 100 * u, (barc,) * 3); R(f, 0, H - 90 * u, W, H, (barc,) * 3)
            R(f, 20 * u, 60 * u, 60 * u, 80 * u, (220, 220, 220)); R(f, W / 2 - 40 * u, H - 60 * u, W / 2 + 40 * u, H - 40 * u, (220, 220, 220))
        return f
    pw, ph_ = ph.shape[1], ph.shape[0]
    def pic(t):
        a = 1.0
        p = (t - a) / d
        if p <= 0 or p >= 1: return chromed(compose(W, H, [full(ph, W, H, sx=W / pw, sy=W / pw)]))
        e = math.sin(math.pi * p)
        f = compose(W, H, [full(ph, W, H, sx=W / pw * (1 + (s1 - 1) * e), sy=W / pw * (1 + (s1 - 1) * e), ang=maxang * e)])
        return f  # the chrome hides while the fingers are down (immersive)
    return pic, 1.0 + d + 1.2


def sc_kenburns(W, H, n=3, tilt=8, d=0.6, hold=1.0, title=22):
    """A memories slideshow: a title card on dark grey, then photos dropped in tilted a few degrees,
    zooming slowly, each turning straight as it lands (on black)."""
    P = [photo(int(W * 1.1), int(H * 0.9), 30 + k) for k in range(n)]
    T = np.zeros((H, W, 3), np.float32); T[:] = title
    R(T, W * 0.15, H * 0.45, W * 0.85, H * 0.45 + W * 0.08, (235, 235, 235))
    def pic(t):
        if t < 1.0: return T
        k = int((t - 1.0) // (d + hold))
        if k >= n: return T
        lt = t - 1.0 - k * (d + hold)
        e = ease(lt / d)
        ang = tilt * (1 - e) * (-1) ** k
        s = 1.25 - 0.2 * e + 0.03 * lt
        img = P[k]
        below = [full(P[k - 1], W, H, sx=1.05 * W / img.shape[1] * (1.08 + 0.03 * (d + hold)), sy=1.05 * H / img.shape[0] * 1.11)] if k > 0 else [full(T, W, H)]
        return compose(W, H, below + [full(img, W, H, sx=s * W / img.shape[1], sy=s * H / img.shape[0] * 0.95, ang=ang, alpha=min(1, e * 2.5))])
    return pic, 1.0 + n * (d + hold) + 1.0


def sc_iris(W, H, pagec=18, barc=28, d=0.5, out_only=False, light=False):
    """A circular iris on black: a dark app's page closes to a circle about the centre and the next
    page opens from it (a game's or a video editor's wipe); or a splash's logo circle grows to fill."""
    A = page(W, H, 1, pagec=pagec, barc=barc, light=light); B = page(W, H, 4, pagec=pagec, barc=barc, light=light)
    rmax = math.hypot(W, H) / 2
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32) + 0.5
    rr = np.sqrt((xx - W / 2) ** 2 + (yy - H / 2) ** 2)
    def pic(t):
        a = 1.0
        if t < a: return A if not out_only else np.zeros((H, W, 3), np.float32)
        p = (t - a) / d
        if out_only:
            if p >= 1: return B
            r = rmax * ease(p); img = B
        else:
            if p >= 2: return B
            r = rmax * (1 - ease(p)) if p < 1 else rmax * ease(p - 1); img = A if p < 1 else B
        m = np.clip(r - rr + 0.5, 0, 1)[..., None]
        return img * m
    return pic, 1.0 + (1 if out_only else 2) * d + 1.2


def sc_lightbox(W, H, pagec=18, barc=28, d=0.35, radius=0.08, aspect=None, hold=1.0, light=False):
    """A gallery grid; a screenshot-shaped photo opens from its thumbnail into a black lightbox with
    rounded corners that straighten as it lands, held, then swiped down closed (back to its cell)."""
    G = page(W, H, 2, pagec=pagec, barc=barc, light=light)
    asp = aspect or H / W
    ph = photo(W, int(W * asp), 40)
    tx, ty, ts = W * 0.25, H * 0.35, W * 0.3
    def at(e):
        cx = tx + (W / 2 - tx) * e; cy = ty + (H / 2 - ty) * e
        sw = ts + (W - ts) * e; sh = ts + (W * asp - ts) * e
        return compose(W, H, [full(G, W, H, alpha=1 - min(1, e * 3)),
                              full(ph, W, H, cx=cx, cy=cy, sx=sw / ph.shape[1], sy=sh / ph.shape[0], radius=radius * ph.shape[1] * (1 - e) + 0.02 * ph.shape[1] * (e < 1))])
    def pic(t):
        a = 1.0
        if t < a: return G
        if t < a + d: return at(ease((t - a) / d))
        if t < a + d + hold: return at(1.0)
        if t < a + 2 * d + hold: return at(1 - ease((t - a - d - hold) / d))
        return G
    return pic, 1.0 + 2 * d + hold + 1.2


def sc_gallery_swipe(W, H, d=0.35, n=3, gap=0.06, aspect=None, barc=None):
    """Swiping between fitted photos on black (a gap between pages); grey chrome if barc."""
    asp = aspect or H / W
    P = [photo(W, int(W * asp), 50 + k) for k in range(n)]
    u = W / 390
    def pic(t):
        pos = 0.0
        for k in range(n - 1):
            a = 1.0 + k * (d + 0.8)
            pos += ease((t - a) / d)
        ls = []
        for k in range(n):
            cx = W / 2 + (k - pos) * W * (1 + gap)
            ls.append(full(P[k], W, H, cx=cx, sx=W / P[k].shape[1], sy=W / P[k].shape[1]))
        f = compose(W, H, ls)
        if barc is not None:
            R(f, 0, 0, W, 100 * u, (barc,) * 3); R(f, 0, H - 90 * u, W, H, (barc,) * 3)
        return f
    return pic, 1.0 + (n - 1) * (d + 0.8) + 1.0


def sc_pinch(W, H, barc=28, d=0.5, s1=2.2, land=False, asp=None):
    """Pinch zoom of a fitted photo on black and back (chrome hides while zoomed)."""
    asp = asp or (0.75 if land else 1.33)
    ph = photo(W, int(W * asp), 60)
    u = W / 390
    def pic(t):
        a = 1.0
        p = (t - a) / d
        if p < 0 or p >= 3:
            f = compose(W, H, [full(ph, W, H, sx=1, sy=1)])
            R(f, 0, 0, W, 100 * u, (barc,) * 3); R(f, 0, H - 90 * u, W, H, (barc,) * 3)
            return f
        e = ease(p) if p < 1 else 1.0 if p < 2 else 1 - ease(p - 2)
        s = 1 + (s1 - 1) * e
        return compose(W, H, [full(ph, W, H, sx=s, sy=s, cy=H / 2 + 40 * u * e)])
    return pic, 1.0 + 3 * d + 1.2


def sc_video_full(W, H, pagec=18, barc=28, d=0.4, turn=False):
    """A dark video app: the 16:9 player at the top goes full screen: grows and centres on black
    (letterbox), or (turn) turns 90 degrees into the portrait frame's length (orientation-locked
    phone; the app turns its own player), held playing, then back."""
    P = page(W, H, 8, pagec=pagec, barc=barc)
    u = W / 390
    vw, vh = W, W * 9 / 16
    R(P, 0, 47 * u, W, 47 * u + vh, (0, 0, 0))
    vid = [photo(320, 180, 70 + k) for k in range(4)]
    def frame_at(t):
        return vid[int(t * 3) % 4]
    def at(e, t):
        v = frame_at(t)
        if turn:
            s = 1 + (H / W - 1) * e
            cx = W / 2; cy = (47 * u + vh / 2) + (H / 2 - 47 * u - vh / 2) * e
            return compose(W, H, [full(P, W, H, alpha=1 - e), full(v, W, H, cx=cx, cy=cy, sx=vw * s / 320, sy=vh * s / 180, ang=90 * e)])
        cy = (47 * u + vh / 2) + (H / 2 - 47 * u - vh / 2) * e
        return compose(W, H, [full(P, W, H, alpha=1 - e), full(v, W, H, cy=cy, sx=vw / 320, sy=vh / 180)])
    def pic(t):
        a = 1.0
        if t < a: return at(0, t)
        if t < a + d: return at(ease((t - a) / d), t)
        if t < a + d + 1.2: return at(1, t)
        if t < a + 2 * d + 1.2: return at(1 - ease((t - a - d - 1.2) / d), t)
        return at(0, t)
    return pic, 1.0 + 2 * d + 1.2 + 1.2


def sc_camera_flip(W, H, ui=20, d=0.5, fullbleed=False):
    """Camera app switching front/back: the preview blurs and flips about a vertical axis on black."""
    u = W / 390
    A = photo(W, int(W * 4 / 3), 80); B = photo(W, int(W * 4 / 3), 81)
    if fullbleed:
        A = photo(W, H, 80); B = photo(W, H, 81)
    def blur(img, k):
        if k < 1: return img
        k = int(k); c = np.cumsum(np.cumsum(np.pad(img, ((k, k), (k, k), (0, 0)), mode="edge"), 0), 1)
        return (c[2 * k:, 2 * k:] - c[:-2 * k, 2 * k:] - c[2 * k:, :-2 * k] + c[:-2 * k, :-2 * k])[:img.shape[0], :img.shape[1]] / (4 * k * k)
    cy = H / 2 if fullbleed else 120 * u + W * 2 / 3
    def chrome(f):
        if fullbleed: return f
        R(f, 0, 0, W, 120 * u, (ui,) * 3); R(f, 0, 120 * u + W * 4 / 3, W, H, (ui,) * 3)
        for k in range(3): R(f, W * (0.2 + 0.3 * k) - 20 * u, H - 100 * u, W * (0.2 + 0.3 * k) + 20 * u, H - 60 * u, (230, 230, 230))
        return f
    def pic(t):
        a = 1.0
        p = (t - a) / d
        if p < 0: return chrome(compose(W, H, [full(A, W, H, cy=cy, sx=1, sy=1)]))
        if p >= 1: return chrome(compose(W, H, [full(B, W, H, cy=cy, sx=1, sy=1)]))
        th = 180 * ease(p)
        img, ang = (A, th) if th < 90 else (B, th - 180)
        img = blur(img, 12 * u * math.sin(math.pi * p))
        return chrome(compose(W, H, [Layer(img, quad_3d(img.shape[1], img.shape[0], W / 2, cy, 1.0, ry=ang, dist=2.5 * W))]))
    return pic, 1.0 + d + 1.2


def sc_crt(W, H, pagec=18, barc=28, d=0.4):
    """Screen off with a CRT collapse (squash to a line, then to a dot) and back on (fade in)."""
    P = page(W, H, 1, pagec=pagec, barc=barc)
    def pic(t):
        a = 1.0
        p = (t - a) / d
        if p < 0: return P
        if p < 0.6: e = ease(p / 0.6); return compose(W, H, [full(P, W, H, sx=1 + 0.05 * e, sy=max(0.004, 1 - e))])
        if p < 1: e = ease((p - 0.6) / 0.4); return compose(W, H, [full(P, W, H, sx=max(0.01, 1.05 * (1 - e)), sy=0.004)])
        if p < 2: return np.zeros((H, W, 3), np.float32)
        if p < 2.6: return P * ease((p - 2) / 0.6)
        return P
    return pic, 1.0 + 2.6 * d + 1.2


def sc_rotate_tool(W, H, barc=28, d=0.3, n=2, chrome_hides=False):
    """A photo editor on black with grey chrome: the rotate button turns the photo 90 degrees about
    the centre, fitted to the canvas; n presses."""
    u = W / 390
    ph = photo(W, int(W * 0.75), 90)
    cy = H / 2
    def fit(rot):
        pw, phh = (ph.shape[1], ph.shape[0]) if rot % 2 == 0 else (ph.shape[0], ph.shape[1])
        return min(W / pw, (H - 260 * u) / phh)
    def chrome(f):
        R(f, 0, 0, W, 110 * u, (barc,) * 3); R(f, 0, H - 150 * u, W, H, (barc,) * 3)
        for k in range(4): R(f, W * (0.15 + 0.23 * k) - 14 * u, H - 90 * u, W * (0.15 + 0.23 * k) + 14 * u, H - 62 * u, (220, 220, 220))
        return f
    def pic(t):
        k = int(max(0, t - 1.0) // (d + 0.9))
        lt = t - 1.0 - k * (d + 0.9)
        if t < 1.0 or k >= n or lt >= d:
            rot = min(n, k + (0 if t < 1.0 else 1 if lt >= d else 0)) if t >= 1.0 else 0
            s = fit(rot)
            return chrome(compose(W, H, [full(ph, W, H, cy=cy, sx=s, sy=s, ang=-90 * rot)]))
        e = ease(lt / d)
        s = fit(k) + (fit(k + 1) - fit(k)) * e
        f = compose(W, H, [full(ph, W, H, cy=cy, sx=s, sy=s, ang=-90 * (k + e))])
        return f if chrome_hides else chrome(f)
    return pic, 1.0 + n * (d + 0.9) + 1.0


def slide_between(W, H, A, B, d, s, corner, step=lambda sc: 1.02, bg=(0, 0, 0)):
    """From 1 s, page A slides out to the left as B slides in from the right over d, both scaled
    to s mid-way with rounded corners, B's centre step(scale) widths behind A's, on bg."""
    def pic(t):
        p = (t - 1.0) / d
        if p < 0: return A
        if p >= 1: return B
        e = ease(p)
        sc = 1 - (1 - s) * math.sin(math.pi * p)
        rad = corner * W * min(1, math.sin(math.pi * p) * 4)
        return compose(W, H, [full(A, W, H, sc, cx=W / 2 - e * W * step(sc), radius=rad),
                              full(B, W, H, sc, cx=W / 2 + (1 - e) * W * step(sc), radius=rad)], bg=bg)
    return pic


def sc_slide_scaled(W, H, pagec=18, barc=28, d=0.45, s=0.94, corner=0.11):
    """A dark app's page slides in from the side on black, both pages scaled to s with rounded
    corners (Android 14 cross-task back / a launcher's quick switch drawn about the centre)."""
    A = page(W, H, 1, pagec=pagec, barc=barc); B = page(W, H, 6, pagec=pagec, barc=barc)
    return slide_between(W, H, A, B, d, s, corner), 1.0 + d + 1.2


def sc_splash(W, H, pagec=18, barc=28, d=0.5, logo=(90, 140, 255), bgsplash=0):
    """A dark app's launch: the launcher's icon opens into a splash (logo on `bgsplash`), the logo
    grows to fill the frame as a circle revealing the dark app page (on black)."""
    Ln = photo(W, H, 12, dark=True)
    P = page(W, H, 1, pagec=pagec, barc=barc)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32) + 0.5
    rr = np.sqrt((xx - W / 2) ** 2 + (yy - H / 2) ** 2)
    rmax = math.hypot(W, H) / 2
    S = np.zeros((H, W, 3), np.float32); S[:] = bgsplash
    def circ(r, inner):
        m = np.clip(r - rr + 0.5, 0, 1)[..., None]
        return S * (1 - m) + inner * m
    logo_img = np.zeros((H, W, 3), np.float32); logo_img[:] = logo
    def pic(t):
        if t < 1.0: return Ln
        if t < 1.35:
            e = ease((t - 1.0) / 0.35)
            return compose(W, H, [full(Ln, W, H), full(S, W, H, 0.15 + 0.85 * e, cx=W * 0.3 + W * 0.2 * e, cy=H * 0.7 - H * 0.2 * e, radius=0.12 * W)])
        if t < 1.6: return circ(W * 0.12, logo_img)
        p = (t - 1.6) / d
        if p >= 1: return P
        r = W * 0.12 + (rmax - W * 0.12) * ease(p)
        return circ(r, P if r > W * 0.2 else logo_img)
    return pic, 1.6 + d + 1.2


# ---------------- true turns

def sc_turn(W, H, pagec=18, barc=28, light=False, d=0.45, style="rigid", direction=1, corner=0.0):
    """A device turn: the portrait framebuffer turns on black 90 degrees about the centre into the
    landscape layout drawn sideways in the same portrait frame, and back. rigid: one picture scaled
    between the two boxes (the layout swaps at half way); xfade: Android's screenshot turning while
    the new layout fades in; shrink: the picture shrinks a little mid-turn (iOS)."""
    P = page(W, H, 1, pagec=pagec, barc=barc, light=light); L = page(H, W, 1, land=True, pagec=pagec, barc=barc, light=light)
    def at(e):
        ang = direction * 90 * e
        ow, oh = W + (H - W) * e, H + (W - H) * e
        k = 1 - (0.12 * math.sin(math.pi * e) if style == "shrink" else 0)
        rad = corner * W * math.sin(math.pi * e)
        def lay(img, alpha=1.0):
            ih, iw = img.shape[:2]
            return Layer(img, quad_affine(iw, ih, W / 2, H / 2, ow * k / iw, oh * k / ih, ang), rad, alpha)
        if style == "xfade":
            return compose(W, H, [lay(P), lay(L, min(1, max(0, (e - 0.3) / 0.5)))])
        return compose(W, H, [lay(L if e >= 0.5 else P)])
    return turn_there_and_back(P, at, d)


def turn_there_and_back(P, at, d):
    """A turn's timeline: P until 1 s, at(e) eased 0 -> 1 over d, held 1.5 s, eased back over d,
    then P for 1 s; the picture function and the film's length."""
    t1, t2 = 1.0, 1.0 + d + 1.5
    def pic(t):
        if t < t1: e = 0.0
        elif t < t1 + d: e = ease((t - t1) / d)
        elif t < t2: e = 1.0
        elif t < t2 + d: e = 1 - ease((t - t2) / d)
        else: e = 0.0
        if e == 0.0: return P
        return at(e)
    return pic, t2 + d + 1.0


# ------------------------------------------------------------------ films

FILMS = {}
def F(name, fps, fmt, size, scene, **kw): FILMS[name] = (fps, fmt, size, scene, kw)

S360, S540, S720, S1080, S1080L = (360, 780), (540, 1170), (720, 1600), (1080, 2400), (1080, 2340)
# predictive back / unlock / slide at several sizes (the 32-px corners and 16-px edge tiles are fixed in px)
for sz, fps, fmt, tag in ((S1080, 60, "mp4", "1080-60"), (S1080, 30, "mp4", "1080-30"), (S720, 30, "mp4", "720-30"), (S720, 60, "mp4", "720-60"), (S540, 15, "gif", "540-15")):
    F(f"L-back-cancel-{tag}", fps, fmt, sz, sc_back)
    F(f"L-back-commit-{tag}", fps, fmt, sz, sc_back, commit=True)
    F(f"L-unlock-{tag}", fps, fmt, sz, sc_unlock)
    F(f"L-slide-scaled-{tag}", fps, fmt, sz, sc_slide_scaled)
for sz, fps, fmt, tag in ((S1080, 60, "mp4", "1080-60"), (S720, 30, "mp4", "720-30"), (S720, 60, "mp4", "720-60"), (S540, 15, "gif", "540-15")):
    F(f"L-back-fastcommit-{tag}", fps, fmt, sz, sc_back, commit=True, hold=0.0, d=0.25)
    F(f"L-back-fastcancel-{tag}", fps, fmt, sz, sc_back, hold=0.0, d=0.2, smin=0.95)
    F(f"L-back-snap-commit-{tag}", fps, fmt, sz, sc_back, commit=True, hold=0.0, d=0.25, snap=True)
    F(f"L-back-snap-cancel-{tag}", fps, fmt, sz, sc_back, hold=0.0, d=0.2, smin=0.95, snap=True)
F("L-back-fastcommit-light-720-30", 30, "mp4", S720, sc_back, commit=True, hold=0.0, d=0.25, light=True)
F("L-back-snap-commit-yt15-1080-30", 30, "mp4", S1080, sc_back, commit=True, hold=0.0, d=0.25, snap=True, pagec=15, barc=15)
F("L-back-cancel-shallow-1080-60", 60, "mp4", S1080, sc_back, smin=0.97, d=0.3)
F("L-back-cancel-yt15-1080-60", 60, "mp4", S1080, sc_back, pagec=15, barc=15)
F("L-back-cancel-dim-1080-60", 60, "mp4", S1080, sc_back, pagec=(21, 32, 43), barc=(21, 32, 43))
F("L-back-cancel-light-1080-60", 60, "mp4", S1080, sc_back, light=True)
F("L-back-commit-light-720-30", 30, "mp4", S720, sc_back, light=True, commit=True)
F("L-unlock-light-1080-60", 60, "mp4", S1080, sc_unlock, light=True)
F("L-unlock-big-radius-720-60", 60, "mp4", S720, sc_unlock, corner=0.14, s0=0.92)
for sz, fps, fmt, tag in ((S720, 30, "mp4", "720-30"), (S1080L, 30, "mp4", "1080-30"), (S360, 12, "gif", "360-12")):
    F(f"L-cube-dark-{tag}", fps, fmt, sz, sc_cube)
    F(f"L-cube-photos-{tag}", fps, fmt, sz, sc_cube, photos=True)
    F(f"L-flip-y-{tag}", fps, fmt, sz, sc_flip)
    F(f"L-flip-x-{tag}", fps, fmt, sz, sc_flip, axis="x")
    F(f"L-flip-y-small-{tag}", fps, fmt, sz, sc_flip, s=0.9)
    F(f"L-twist-{tag}", fps, fmt, sz, sc_twist)
    F(f"L-twist-portrait-{tag}", fps, fmt, sz, sc_twist, land=False, maxang=15, s1=1.1)
    F(f"L-kenburns-{tag}", fps, fmt, sz, sc_kenburns)
    F(f"L-iris-{tag}", fps, fmt, sz, sc_iris)
    F(f"L-lightbox-shot-{tag}", fps, fmt, sz, sc_lightbox)
    F(f"L-lightbox-34-{tag}", fps, fmt, sz, sc_lightbox, aspect=4 / 3)
    F(f"L-gallery-swipe-{tag}", fps, fmt, sz, sc_gallery_swipe)
    F(f"L-gallery-swipe-chrome-{tag}", fps, fmt, sz, sc_gallery_swipe, aspect=4 / 3, barc=28)
    F(f"L-pinch-{tag}", fps, fmt, sz, sc_pinch)
    F(f"L-pinch-land-{tag}", fps, fmt, sz, sc_pinch, land=True, s1=3.2)
    F(f"L-video-full-{tag}", fps, fmt, sz, sc_video_full)
    F(f"L-video-full-turn-{tag}", fps, fmt, sz, sc_video_full, turn=True)
    F(f"L-camera-flip-{tag}", fps, fmt, sz, sc_camera_flip)
    F(f"L-camera-flip-full-{tag}", fps, fmt, sz, sc_camera_flip, fullbleed=True)
    F(f"L-crt-{tag}", fps, fmt, sz, sc_crt)
    F(f"L-rotate-tool-{tag}", fps, fmt, sz, sc_rotate_tool)
    F(f"L-rotate-tool-hide-{tag}", fps, fmt, sz, sc_rotate_tool, chrome_hides=True)
    F(f"L-splash-{tag}", fps, fmt, sz, sc_splash)
    F(f"L-iris-open-{tag}", fps, fmt, sz, sc_iris, out_only=True)
F("L-twist-big-1080-30", 30, "mp4", S1080, sc_twist, maxang=40, s1=1.5)
F("L-twist-nochrome-720-30", 30, "mp4", S720, sc_twist, chrome=False)
F("L-kenburns-tilt15-720-60", 60, "mp4", S720, sc_kenburns, tilt=15)
# true turns
for sz, fps, fmt, tag in ((S360, 15, "gif", "360-15"), (S540, 30, "mp4", "540-30"), (S720, 60, "mp4", "720-60"), (S1080, 30, "mp4", "1080-30")):
    F(f"T-rigid-dark-{tag}", fps, fmt, sz, sc_turn)
    F(f"T-xfade-dark-{tag}", fps, fmt, sz, sc_turn, style="xfade", direction=-1)
    F(f"T-shrink-dark-{tag}", fps, fmt, sz, sc_turn, style="shrink", corner=0.1)
F("T-rigid-yt15-540-30", 30, "mp4", S540, sc_turn, pagec=15, barc=15)
F("T-rigid-dim-540-30", 30, "mp4", S540, sc_turn, pagec=(21, 32, 43), barc=(21, 32, 43))
F("T-rigid-grey35-720-30", 30, "mp4", S720, sc_turn, pagec=30, barc=40)
F("T-xfade-slow-dark-720-30", 30, "mp4", S720, sc_turn, style="xfade", d=0.7)
F("T-rigid-light-540-30", 30, "mp4", S540, sc_turn, light=True)
F("T-shrink-light-720-60", 60, "mp4", S720, sc_turn, light=True, style="shrink", corner=0.1)


def pipe(path, frames, fps, fmt, crf=20):
    H, W = frames[0].shape[:2]
    cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}", "-r", str(fps), "-i", "-"]
    cmd += ["-c:v", "libx264", "-crf", str(crf), "-pix_fmt", "yuv420p"] if fmt == "mp4" else \
           ["-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse"]
    p = subprocess.Popen(cmd + [path], stdin=subprocess.PIPE)
    for f in frames:
        p.stdin.write(np.ascontiguousarray(f).tobytes())
    p.stdin.close()
    if p.wait() != 0: raise RuntimeError(path)


def make(name, fps, fmt, size, scene, **kw):
    W, H = size
    pic, dur = scene(W, H, **kw)
    frames = [np.clip(pic(i / fps + 1e-6) + 0.5, 0, 255).astype(np.uint8) for i in range(int(round(dur * fps)))]
    os.makedirs(OUT, exist_ok=True)
    pipe(os.path.join(OUT, f"{name}.{fmt}"), frames, fps, fmt)
    print("wrote", name, flush=True)


def events(binary, path):
    p = subprocess.run([binary, path, "--format", "json", "--quiet"], capture_output=True, text=True)
    try:
        return json.loads(p.stdout)["events"]
    except (ValueError, KeyError):
        return "error: " + p.stderr.strip()[-200:]


def check(bins):
    names = sorted(n for n in os.listdir(OUT) if n.endswith((".mp4", ".gif")))
    jobs = [(b, n) for n in names for b in bins]
    with ThreadPoolExecutor(2) as ex:
        res = dict(zip(jobs, ex.map(lambda j: events(j[0], os.path.join(OUT, j[1])), jobs)))
    for n in names:
        cols = []
        for b in bins:
            e = res[(b, n)]
            cols.append(e if isinstance(e, str) else " ".join(f"{x['kind']}@{x['start_ms']:.0f}-{x['end_ms']:.0f}" for x in e) or "-")
        print(f"{n:44s} " + " | ".join(c[:60].ljust(40) for c in cols))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--check":
        check(sys.argv[2:]); sys.exit(0)
    pre = sys.argv[1:]
    shard = os.environ.get("SHARD")  # "i/n": every n-th film from the i-th
    for i, (n, (fps, fmt, sz, sc, kw)) in enumerate(FILMS.items()):
        if shard and i % int(shard.split("/")[1]) != int(shard.split("/")[0]): continue
        if pre and not any(n.startswith(p) for p in pre): continue
        if os.path.exists(os.path.join(OUT, f"{n}.{fmt}")): continue
        make(n, fps, fmt, sz, sc, **kw)
