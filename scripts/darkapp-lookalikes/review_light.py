#!/usr/bin/env python3
"""Light-app review of 87e9c0f (RotationTracker turn_ground_edges=2 / turn_ground_share=0.05).
L- films: light-theme things that are NOT device rotations, with a dark ground mid-animation.
T- films: true light-theme device turns (portrait framebuffer turning 90 degrees on a dark ground
into the landscape UI drawn sideways), each film turning there and back (2 turns).

usage: REVIEW_LIGHT=DIR review_light.py [PREFIX ...]    writes DIR/films/NAME.{mp4,gif} (skips existing;
                                                       DIR defaults to /tmp/review-light)
       REVIEW_LIGHT=DIR review_light.py --check OLD NEW runs both (2 processes at a time) with
                                  FRAMEDIFF_DEBUG=1, writes DIR/results.json and prints a table
Drawing helpers from review.py beside it. Measured on 7 December (OLD 1ad98b3, NEW 87e9c0f): see
the README's paragraph on `turn_ground_share`."""
import json, math, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import review as rb
from review import R, photo, page, compose, full, Layer, quad_affine, quad_3d, ease, pipe

BASE = os.environ.get("REVIEW_LIGHT", "/tmp/review-light")
OUT = os.path.join(BASE, "films")
S360, S540, S720, S1080 = (360, 780), (540, 1170), (720, 1600), (1080, 2400)
LIGHT = dict(light=True)



def there_and_back(P, at, d, hold, back=1.0):
    """A timeline from 1 s: P, eased into at(1) over d, held, eased back over back * d, then P."""
    def pic(t):
        p = (t - 1.0) / d
        if p < 0: return P
        if p < 1: return at(ease(p))
        if t < 1.0 + d + hold: return at(1.0)
        q = (t - 1.0 - d - hold) / (d * back)
        if q < 1: return at(1 - ease(q))
        return P
    return pic

def feed(w, h, seed=1, land=False):
    """A light feed: status bar, app bar, full-bleed photo posts with text rows, bottom nav."""
    u = min(w, h) / 390.0
    img = np.zeros((h, w, 3), np.float32); img[:] = 255
    rs = np.random.RandomState(seed)
    R(img, 0, 0, w, 47 * u, (250, 250, 250)); R(img, 38 * u, 18 * u, 70 * u, 30 * u, (30, 30, 35))
    R(img, 0, 47 * u, w, 103 * u, 255); R(img, 16 * u, 60 * u, 140 * u, 88 * u, (30, 30, 35))
    y = 110 * u
    while y < h - 80 * u:
        R(img, 12 * u, y + 8 * u, 44 * u, y + 40 * u, (200, 120, 90)); R(img, 54 * u, y + 18 * u, 180 * u, y + 30 * u, (30, 30, 35))
        y += 48 * u
        ph = photo(w, int(w * 0.8), int(rs.randint(1, 999)))
        y1 = min(h - 80 * u, y + ph.shape[0]); img[int(y):int(y1)] = ph[:int(y1) - int(y)]
        y = y1 + 10 * u
        R(img, 12 * u, y, 12 * u + w * rs.uniform(0.4, 0.8), y + 12 * u, (60, 60, 65)); y += 30 * u
    R(img, 0, h - 80 * u, w, h, (250, 250, 250))
    for k in range(5):
        cx = w * (k + 0.5) / 5; R(img, cx - 12 * u, h - 66 * u, cx + 12 * u, h - 42 * u, (30, 30, 35))
    return img


def launcher(W, H, wall, seed=5):
    """A launcher on a flat wallpaper `wall`: 4x5 icon grid, dock, search bar, nav pill."""
    u = W / 390.0
    img = np.zeros((H, W, 3), np.float32); img[:] = wall
    rs = np.random.RandomState(seed)
    ink = (240, 240, 240) if sum(wall) < 300 else (30, 30, 35)
    R(img, 24 * u, 16 * u, 60 * u, 30 * u, ink); R(img, W - 80 * u, 16 * u, W - 24 * u, 30 * u, ink)
    for r in range(5):
        for c in range(4):
            cx, cy = W * (c + 0.5) / 4, H * 0.25 + r * 100 * u
            R(img, cx - 28 * u, cy - 28 * u, cx + 28 * u, cy + 28 * u, tuple(rs.uniform(40, 240, 3)))
    for c in range(4):
        cx, cy = W * (c + 0.5) / 4, H - 150 * u
        R(img, cx - 28 * u, cy - 28 * u, cx + 28 * u, cy + 28 * u, tuple(rs.uniform(40, 240, 3)))
    R(img, 24 * u, H - 90 * u, W - 24 * u, H - 46 * u, (200, 200, 205) if sum(wall) < 300 else (255, 255, 255))
    R(img, W / 2 - 60 * u, H - 14 * u, W / 2 + 60 * u, H - 9 * u, ink)
    return img


def dim(img, k):
    return img * k


# ------------------------------------------------------------------ look-alikes

def sc_back2(W, H, smin=0.9, dx=0.1, dy=0.0, radius=True, commit=False, d=0.35, hold=0.3, behind="black",
             feedpage=False, wobble=0.02):
    """Predictive back of a light page: it shrinks to smin about the centre while following the finger
    sideways (dx of W) and vertically (dy of H), with/without the display's corner radius; held with
    the finger wobbling; then cancel (grows back) or commit (slides further and fades, the previous
    page grows from 0.9 or its scrim lifts). behind: black | prev (previous page at 0.9, rounded) |
    scrim (previous page full size under an 85% black scrim) | prevscrim (both)."""
    P = page(W, H, 1, light=True)
    Q = feed(W, H, 7) if feedpage else page(W, H, 7, light=True)
    rad = 0.11 * W if radius else 0.0
    def back(e_commit):
        if behind == "black": return []
        s = 0.9 + 0.1 * e_commit if behind in ("prev", "prevscrim") else 1.0
        k = 1 - 0.85 * (1 - e_commit) if behind in ("scrim", "prevscrim") else 1.0
        return [full(Q * k, W, H, s, radius=rad * (1 - e_commit) if s < 1 else 0)]
    def front(e, extra=0.0, alpha=1.0, wob=0.0):
        s = 1 - (1 - smin) * e - extra
        return full(P, W, H, s, cx=W / 2 + (dx + wob) * W * e + extra * 3 * W, cy=H / 2 + dy * H * e,
                    radius=rad * min(1, e * 3), alpha=alpha)
    def pic(t):
        a = 1.0
        if t < a: return P
        if t < a + d: return compose(W, H, back(0) + [front(ease((t - a) / d))])
        if t < a + d + hold:
            w = wobble * math.sin(2 * math.pi * (t - a - d) / max(hold, 1e-3))
            return compose(W, H, back(0) + [front(1.0, wob=w)])
        e = ease((t - a - d - hold) / d)
        if e >= 1: return Q if commit else P
        if not commit: return compose(W, H, back(0) + [front(1 - e)])
        return compose(W, H, back(e) + [front(1.0, extra=0.05 * e, alpha=1 - min(1, e * 1.5))])
    return pic, 1.0 + 2 * d + hold + 1.2


def sc_home(W, H, wall=(20, 22, 28), d=0.45, launch=False, icon=(1, 3), radius=0.11):
    """Android back-to-home / swipe home: the light app window shrinks into a rounded card that flies to
    its launcher icon (column, row) over a flat wallpaper; launch: the reverse, from the icon."""
    P = page(W, H, 1, light=True); Lc = launcher(W, H, wall)
    u = W / 390.0
    ix, iy = W * (icon[0] + 0.5) / 4, H * 0.25 + icon[1] * 100 * u
    def at(e):  # e=0 full app, e=1 at the icon
        s = 1 - (1 - 56 * u / W) * e
        cx, cy = W / 2 + (ix - W / 2) * e, H / 2 + (iy - H / 2) * e
        return compose(W, H, [full(Lc, W, H, 1.06 - 0.06 * e), full(P, W, H, sx=s * W / W, sy=s * (1 - 0.4 * e) * H / H, cx=cx, cy=cy,
                                                                   radius=radius * W * min(1, e * 4), alpha=1 - max(0, e - 0.7) / 0.3)])
    def pic(t):
        a = 1.0
        p = (t - a) / d
        if launch:
            if p < 0: return Lc
            if p >= 1: return P
            return at(1 - ease(p))
        if p < 0: return P
        if p >= 1: return Lc
        return at(ease(p))
    return pic, 1.0 + d + 1.2


def sc_recents(W, H, ground=(0, 0, 0), s=0.62, hold=0.0, both=True, lift=0.03, d=0.35, ios=False):
    """Overview / app switcher entered from a light app and left by tapping the same card: the page
    shrinks to a rounded card (lifted a little), neighbour cards at its sides (both, or the older one
    only; iOS stacks the older card to the left, partly under); held `hold` s, then grows back."""
    P = page(W, H, 1, light=True); A = page(W, H, 4, light=True); B = feed(W, H, 9)
    gap = 0.04 * W
    def at(e):
        sc = 1 - (1 - s) * e
        cy = H / 2 - lift * H * e
        off = (W * sc + gap) * (0.85 if ios else 1.0)
        ls = [full(A, W, H, sc, cx=W / 2 - off * e - (1 - e) * W * 0.6, cy=cy, radius=0.11 * W * sc, alpha=min(1, e * 2))]
        if both and not ios:
            ls.append(full(B, W, H, sc, cx=W / 2 + off * e + (1 - e) * W * 0.6, cy=cy, radius=0.11 * W * sc, alpha=min(1, e * 2)))
        ls.append(full(P, W, H, sc, cy=cy, radius=0.11 * W * min(1, e * 3)))
        return compose(W, H, ls, bg=ground)
    return there_and_back(P, at, d, hold), 1.0 + 2 * d + hold + 1.2


def sc_slide(W, H, s=0.94, d=0.45, corner=0.11, ground=(0, 0, 0), gap=0.02):
    """Quick switch between two light apps (Android swipe along the nav bar, iOS swipe along the home
    indicator): both pages scaled to s with rounded corners slide sideways on a dark ground."""
    A = page(W, H, 1, light=True); B = feed(W, H, 6)
    return rb.slide_between(W, H, A, B, d, s, corner, step=lambda sc: sc + gap, bg=ground), 1.0 + d + 1.2


def sc_zoomout(W, H, smin=0.8, d=0.4, hold=0.3, ox=0.0, oy=0.0, photo_page=False):
    """A light page (or a full-bleed light photo) pinched below its fitted size on black, about a point
    off the centre by (ox, oy) of the frame, held, then springs back."""
    P = feed(W, H, 3) if photo_page else page(W, H, 2, light=True)
    def at(e):
        s = 1 - (1 - smin) * e
        px, py = W / 2 + ox * W, H / 2 + oy * H
        cx, cy = px + (W / 2 - px) * s, py + (H / 2 - py) * s
        return compose(W, H, [full(P, W, H, s, cx=cx, cy=cy)])
    return there_and_back(P, at, d, hold, back=0.7), 1.0 + 1.7 * d + hold + 1.2


def sc_twist2(W, H, maxang=25, s1=1.15, d=0.9, fit=False, bg=(0, 0, 0)):
    """A light photo on black turned by a two-finger twist and zoom, and released back. fill: a full-
    bleed portrait photo filling the frame; fit: a landscape photo fitted to the width."""
    ph = photo(W, H, 21) if not fit else photo(W, int(W * 0.66), 21)
    ph = 0.45 * ph + 140  # light
    pw = ph.shape[1]
    def pic(t):
        p = (t - 1.0) / d
        if p <= 0 or p >= 1: return compose(W, H, [full(ph, W, H, sx=W / pw, sy=W / pw)], bg=bg)
        e = math.sin(math.pi * p)
        k = W / pw * (1 + (s1 - 1) * e)
        return compose(W, H, [full(ph, W, H, sx=k, sy=k, ang=maxang * e)], bg=bg)
    return pic, 1.0 + d + 1.2


def sc_flip2(W, H, d=0.6, s=1.0, axis="y", dist=2.5):
    """A light page card-flipping on black (front to back)."""
    A = page(W, H, 1, light=True); B = feed(W, H, 5)
    def pic(t):
        a = 1.0
        if t < a: return A
        if t >= a + d: return B
        th = 180 * ease((t - a) / d)
        img, ang = (A, th) if th < 90 else (B, th - 180)
        ry, rx = (ang, 0) if axis == "y" else (0, ang)
        return compose(W, H, [Layer(img, quad_3d(W, H, W / 2, H / 2, s, ry=ry, rx=rx, dist=dist * (max(W, H) if axis == "x" else W)))])
    return pic, 1.0 + d + 1.2


def sc_video2(W, H, d=0.35, hold=1.2, aspect=9 / 16, ret=True):
    """A light page with a bright 16:9 player at the top; full screen: the video grows to the frame's
    width and centres on black (letterbox, orientation locked), plays, and (ret) comes back."""
    P = page(W, H, 8, light=True)
    u = W / 390
    vw, vh = W, W * aspect
    vids = [0.5 * photo(320, int(320 * aspect), 70 + k) + 120 for k in range(6)]
    def at(e, t):
        v = vids[int(t * 8) % 6]
        cy = (47 * u + vh / 2) + (H / 2 - 47 * u - vh / 2) * e
        return compose(W, H, [full(P, W, H, alpha=1 - e), full(v, W, H, cy=cy, sx=vw / v.shape[1], sy=vh / v.shape[0])])
    def pic(t):
        a = 1.0
        if t < a: return at(0, t)
        if t < a + d: return at(ease((t - a) / d), t)
        if t < a + d + hold or not ret: return at(1, t)
        if t < a + 2 * d + hold: return at(1 - ease((t - a - d - hold) / d), t)
        return at(0, t)
    return pic, 1.0 + 2 * d + hold + 1.2


def sc_fade(W, H, d=0.5, through=0.0):
    """A light page fading through black (down to `through` of its brightness) into another."""
    A = page(W, H, 1, light=True); B = feed(W, H, 2)
    def pic(t):
        p = (t - 1.0) / d
        if p < 0: return A
        if p >= 2: return B
        k = through + (1 - through) * abs(1 - p) ** 1.5
        return (A if p < 1 else B) * k
    return pic, 1.0 + 2 * d + 1.2


def sc_unlock2(W, H, s0=0.85, d=0.45, corner=0.11, lock=(0, 0, 0)):
    """Unlock into a light app: the lock screen (dark photo, or flat `lock` with a clock) fades out and
    the app scales up from s0 with the display's corner radius on black."""
    rb_pic, dur = rb.sc_unlock(W, H, light=True, d=d, corner=corner, s0=s0)
    return rb_pic, dur


# ------------------------------------------------------------------ true turns

def sc_turn2(W, H, d=0.45, style="rigid", direction=1, ground=0, feedpage=False, corner=0.0, shrink=0.12):
    """A light app's device turn on a ground of `ground` levels: the portrait framebuffer turns 90 degrees
    about the centre into the landscape layout drawn sideways, and back after 1.5 s.
    rigid: one picture whose box goes from the portrait to the landscape box (layout swaps half way);
    xfade: the old picture turns while the new layout fades in; shrink: rigid, shrinking `shrink` mid-turn;
    fit: rigid, scaled at each frame so its turned box fits inside the frame (touches 2 edges);
    fitm: as fit with a 4% margin (touches none mid-turn)."""
    P = feed(W, H, 1) if feedpage else page(W, H, 1, light=True)
    L = page(H, W, 1, land=True, light=True)
    def at(e):
        ang = direction * 90 * e
        ow, oh = W + (H - W) * e, H + (W - H) * e
        k = 1 - (shrink * math.sin(math.pi * e) if style == "shrink" else 0)
        if style in ("fit", "fitm"):
            a = math.radians(ang); c, s = abs(math.cos(a)), abs(math.sin(a))
            k = min(1.0, W / (ow * c + oh * s), H / (ow * s + oh * c))
            if style == "fitm": k *= 1 - 0.04 * math.sin(math.pi * e)
        rad = corner * W * math.sin(math.pi * e)
        def lay(img, alpha=1.0):
            ih, iw = img.shape[:2]
            return Layer(img, quad_affine(iw, ih, W / 2, H / 2, ow * k / iw, oh * k / ih, ang), rad, alpha)
        if style == "xfade":
            return compose(W, H, [lay(P), lay(L, min(1, max(0, (e - 0.3) / 0.5)))], bg=(ground,) * 3)
        return compose(W, H, [lay(L if e >= 0.5 else P)], bg=(ground,) * 3)
    return rb.turn_there_and_back(P, at, d)


# ------------------------------------------------------------------ films

FILMS = {}
def F(name, fps, fmt, size, scene, **kw): FILMS[name] = (fps, fmt, size, scene, kw)

SIZES = (("360g10", S360, 10, "gif"), ("360g15", S360, 15, "gif"), ("540-30", S540, 30, "mp4"),
         ("720-60", S720, 60, "mp4"), ("1080-30", S1080, 30, "mp4"), ("1080-60", S1080, 60, "mp4"))
def sizes(*tags): return [s for s in SIZES if s[0] in tags]

# predictive back variants
BACK = {
    "c90-dx10": dict(smin=0.9, dx=0.10),
    "c85-dx15-dy3": dict(smin=0.85, dx=0.15, dy=0.03),
    "c97-dx5": dict(smin=0.97, dx=0.05),
    "c90-dx10-dyneg4-sq": dict(smin=0.9, dx=0.10, dy=-0.04, radius=False),
    "c93-dx12-fast": dict(smin=0.93, dx=0.12, d=0.15, hold=0.0),
    "k90-dx10": dict(smin=0.9, dx=0.10, commit=True),
    "k90-dx10-prev": dict(smin=0.9, dx=0.10, commit=True, behind="prev"),
    "k90-dx15-scrim": dict(smin=0.9, dx=0.15, commit=True, behind="scrim"),
    "k90-dx10-scrimfeed": dict(smin=0.9, dx=0.10, commit=True, behind="scrim", feedpage=True),
    "c90-dx10-prevscrimfeed": dict(smin=0.9, dx=0.10, behind="prevscrim", feedpage=True),
    "k85-dx5-fast-prevfeed": dict(smin=0.85, dx=0.05, commit=True, behind="prev", feedpage=True, d=0.2, hold=0.0),
    "c95-dx8-sq-slow": dict(smin=0.95, dx=0.08, radius=False, d=0.6, hold=0.6),
}
KEY = ("c90-dx10", "k90-dx10-scrimfeed", "c90-dx10-prevscrimfeed", "k90-dx15-scrim")
for key, kw in BACK.items():
    for tag, sz, fps, fmt in sizes("360g10") + (sizes("540-30", "1080-30") if key in KEY else []):
        F(f"L-back-{key}-{tag}", fps, fmt, sz, sc_back2, **kw)
F("L-back-c90-dx10-1080-60", 60, "mp4", S1080, sc_back2, smin=0.9, dx=0.10)
SCENES = {
    "home-darkwall": (sc_home, {}),
    "home-lightwall": (sc_home, dict(wall=(200, 215, 235))),
    "home-black-centreicon": (sc_home, dict(wall=(0, 0, 0), icon=(1.5, 2))),
    "launch-darkwall": (sc_home, dict(launch=True)),
    "launch-black-centreicon": (sc_home, dict(wall=(0, 0, 0), icon=(1.5, 2), launch=True)),
    "recents-flick-both": (sc_recents, {}),
    "recents-flick-left": (sc_recents, dict(both=False)),
    "recents-hold-both": (sc_recents, dict(hold=0.6)),
    "recents-flick-both-grey": (sc_recents, dict(ground=(28, 28, 32))),
    "ios-switcher-flick": (sc_recents, dict(ios=True, s=0.7, lift=0.05)),
    "ios-switcher-flick-both": (sc_recents, dict(s=0.7, lift=0.0, d=0.25)),
    "slide-94": (sc_slide, {}),
    "slide-90": (sc_slide, dict(s=0.9)),
    "slide-98-ios": (sc_slide, dict(s=0.98, d=0.3, corner=0.12)),
    "slide-100-ios": (sc_slide, dict(s=1.0, d=0.3, corner=0.12, gap=0.03)),
    "zoomout-80": (sc_zoomout, {}),
    "zoomout-85-off": (sc_zoomout, dict(smin=0.85, ox=0.2, oy=-0.1, photo_page=True)),
    "twist-fill": (sc_twist2, {}),
    "twist-fill-small": (sc_twist2, dict(maxang=10, s1=1.1)),
    "twist-fit": (sc_twist2, dict(fit=True)),
    "flip-y": (sc_flip2, {}),
    "flip-x": (sc_flip2, dict(axis="x")),
    "flip-y-90": (sc_flip2, dict(s=0.9)),
    "video-full": (sc_video2, {}),
    "video-full-flick": (sc_video2, dict(hold=0.1)),
    "fade-black": (sc_fade, {}),
    "unlock-85": (sc_unlock2, {}),
    "unlock-92": (sc_unlock2, dict(s0=0.92, corner=0.14)),
}
BIG = ("recents-flick-both", "ios-switcher-flick-both", "slide-94", "slide-100-ios", "twist-fill", "flip-y", "flip-x", "video-full-flick", "home-black-centreicon")
for key, (sc, kw) in SCENES.items():
    for tag, sz, fps, fmt in sizes("360g15") + (sizes("540-30") if key in BIG else []) + (sizes("720-60", "1080-30") if key in BIG[:5] else []):
        F(f"L-{key}-{tag}", fps, fmt, sz, sc, **kw)

# true turns
for fps, tag, sz, fmt in ((5, "360g5", S360, "gif"), (8, "360g8", S360, "gif"), (10, "360g10", S360, "gif"),
                          (12, "360g12", S360, "gif"), (15, "360g15", S360, "gif"), (30, "540-30", S540, "mp4"),
                          (60, "720-60", S720, "mp4"), (30, "1080-30", S1080, "mp4"), (60, "1080-60", S1080, "mp4")):
    cheap = sz == S360
    durs = (0.25, 0.35, 0.45, 0.6) if cheap else (0.25,) if sz == S540 else (0.3,) if sz == S720 else ()
    for style in ("rigid", "xfade", "shrink", "fit", "fitm"):
        for d in durs + ((0.6,) if sz == S540 and style in ("rigid", "fit") else ()):
            if sz == S720 and style in ("xfade", "fitm"): continue
            direction = 1 if int(d * 100) % 2 == 0 else -1
            F(f"T-{style}-{int(d * 1000)}-{'cw' if direction > 0 else 'ccw'}-{tag}", fps, fmt, sz, sc_turn2, style=style, d=d, direction=direction)
    for g in ((20, 30, 40) if sz == S360 else (30,)):
        F(f"T-rigid-450-g{g}-{tag}", fps, fmt, sz, sc_turn2, d=0.45, ground=g, direction=-1 if g == 30 else 1)
        if sz != S1080: F(f"T-fit-350-g{g}-{tag}", fps, fmt, sz, sc_turn2, style="fit", d=0.35, ground=g)
    if sz == S1080:
        F(f"T-fit-400-ccw-{tag}", fps, fmt, sz, sc_turn2, style="fit", d=0.4, direction=-1)
        F(f"T-xfade-500-cw-{tag}", fps, fmt, sz, sc_turn2, style="xfade", d=0.5)
    if sz != S1080: F(f"T-shrink-400-feed-{tag}", fps, fmt, sz, sc_turn2, style="shrink", d=0.4, feedpage=True, corner=0.1)


def make(name, fps, fmt, size, scene, **kw):
    W, H = size
    pic, dur = scene(W, H, **kw)
    frames = [np.clip(pic(i / fps + 1e-6) + 0.5, 0, 255).astype(np.uint8) for i in range(int(round(dur * fps)))]
    os.makedirs(OUT, exist_ok=True)
    tmp = os.path.join(OUT, f".{name}.{fmt}")
    pipe(tmp, frames, fps, fmt)
    os.rename(tmp, os.path.join(OUT, f"{name}.{fmt}"))
    print("wrote", name, flush=True)


LINE = re.compile(r"dark ground ([\d.]+): \S+ kept ([\d.e-]+) edges (\d) share ([\d.e-]+)")
TURN = re.compile(r"turn ([\d.]+)-([\d.]+): .*-> (dark ground|shape|no turn)")

def run(binary, path):
    p = subprocess.run([binary, path, "--format", "json"], capture_output=True, text=True, env=dict(os.environ, FRAMEDIFF_DEBUG="1"))
    try:
        ev = [e for e in json.loads(p.stdout)["events"]]
    except (ValueError, KeyError):
        return {"error": p.stderr.strip()[-300:]}
    rot = [(round(e["start_ms"]), round(e["end_ms"])) for e in ev if e["kind"] == "rotation"]
    other = [f"{e['kind']}@{e['start_ms']:.0f}" for e in ev if e["kind"] != "rotation"]
    share2, edges_max, share_any, n = 0.0, 0, 0.0, 0
    for m in LINE.finditer(p.stderr):
        e, s = int(m.group(3)), float(m.group(4)); n += 1
        edges_max = max(edges_max, e)
        if e >= 2: share2 = max(share2, s)
    turns = [f"{float(a):.0f}-{float(b):.0f}:{k}" for a, b, k in TURN.findall(p.stderr) if k != "no turn"]
    noturns = sum(1 for *_, k in TURN.findall(p.stderr) if k == "no turn")
    return {"rot": rot, "other": other, "dark_frames": n, "edges_max": edges_max, "share2": round(share2, 4),
            "turns": turns, "noturn_runs": noturns}


def check(old, new):
    names = sorted(n for n in os.listdir(OUT) if n.endswith((".mp4", ".gif")) and not n.startswith("."))
    rpath = os.path.join(BASE, "results.json")
    out = json.load(open(rpath)) if os.path.exists(rpath) and not os.environ.get("FRESH") else {}
    todo = [n for n in names if n not in out]
    jobs = [(b, n) for n in todo for b in (old, new)]
    with ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as ex:
        res = dict(zip(jobs, ex.map(lambda j: run(j[0], os.path.join(OUT, j[1])), jobs)))
    out.update({n: {"old": res[(old, n)], "new": res[(new, n)]} for n in todo})
    json.dump(out, open(rpath, "w"), indent=1)
    for n in names:
        o, w = out[n]["old"], out[n]["new"]
        print(f"{n:46s} OLD {len(o.get('rot', [])) if 'rot' in o else 'ERR'} NEW {len(w.get('rot', [])) if 'rot' in w else 'ERR'} "
              f"edges_max {w.get('edges_max')} share@e>=2 {w.get('share2')} new {w.get('rot')} {w.get('turns')}")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "--check":
        check(sys.argv[2], sys.argv[3]); sys.exit(0)
    if len(sys.argv) >= 2 and sys.argv[1] == "--list":
        print("\n".join(FILMS)); print(len(FILMS), file=sys.stderr); sys.exit(0)
    pre = sys.argv[1:]
    shard = os.environ.get("SHARD")
    for i, (n, (fps, fmt, sz, sc, kw)) in enumerate(FILMS.items()):
        if shard and i % int(shard.split("/")[1]) != int(shard.split("/")[0]): continue
        if pre and not any(n.startswith(p) for p in pre): continue
        if os.environ.get("ONLY") and not re.search(os.environ["ONLY"], n): continue
        if os.path.exists(os.path.join(OUT, f"{n}.{fmt}")): continue
        make(n, fps, fmt, sz, sc, **kw)
