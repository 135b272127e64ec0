#!/usr/bin/env python3
"""A helper's adversarial review of 2efb638..e02b56c (`turn_tilt_rim`, a dark app's turn reaching 2
edges; the dual-screen hinge beside dark screens, reverted): dark look-alikes of a turn on black
(a photo twisted by two fingers, straightened in an editor, a page tilting in 3D, Ken Burns and
story openers dropping a photo in tilted, a cube, a rotate tool), dark tablet two-pane apps and a
video player with a dark bar in the middle that black out and come back with one half changed
(span look-alikes), and true turns (dark and light, rigid and shrinking 12% mid-turn) for recall.
The story openers (L-kb3) were 6 invented rotations before the 2-edge path needed the app's dark
corners after the turn; the two-pane and player films 3 invented closes with the hinge read at
span_lit_level 20 / span_hinge_contrast 15 (e02b56c, reverted).

usage: REVIEW_TILT=DIR review_tilt.py [PREFIX...]   films in DIR/films (default /tmp/review-tilt);
       FIRST=1 for the first batch (twists, tilts, Ken Burns, cube, rotate tool)
Self-contained but for review.py's drawing helpers: numpy + ffmpeg."""
import math, os, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import review as rv
from review import R, photo, page, compose, full, Layer, quad_affine, quad_3d, ease, sc_turn, sc_rotate_tool, sc_cube, sc_twist
OUT = os.path.join(os.environ.get("REVIEW_TILT", "/tmp/review-tilt"), "films"); rv.OUT = OUT

def chrome(f, W, H, barc):
    u = W / 390
    R(f, 0, 0, W, 100 * u, (barc,) * 3); R(f, 0, H - 90 * u, W, H, (barc,) * 3)
    R(f, 20 * u, 60 * u, 60 * u, 80 * u, (220, 220, 220)); R(f, W / 2 - 40 * u, H - 60 * u, W / 2 + 40 * u, H - 40 * u, (220, 220, 220))
    return f

def sc_twist2(W, H, barc=28, d=0.8, maxang=20, s1=1.0, asp=0.66, dark=True, back=True, seed=21, chrome_hides=True):
    """Dark photo viewer (grey chrome): two fingers twist the photo (no zoom or a little) up to maxang and it snaps back."""
    ph = photo(W, int(W * asp), seed, dark=dark)
    pw = ph.shape[1]
    def pic(t):
        p = (t - 1.0) / d
        if p <= 0 or p >= 1: return chrome(compose(W, H, [full(ph, W, H, sx=W / pw, sy=W / pw)]), W, H, barc)
        e = math.sin(math.pi * p) if back else ease(p)
        f = compose(W, H, [full(ph, W, H, sx=W / pw * (1 + (s1 - 1) * e), sy=W / pw * (1 + (s1 - 1) * e), ang=maxang * e)])
        return f if chrome_hides else chrome(f, W, H, barc)
    return pic, 1.0 + d + 1.2

def sc_tilt3d(W, H, pagec=18, barc=28, d=0.5, ry=25, rz=6, s=1.0, both=True):
    """A dark card/page tilting in 3D perspective (ry about the vertical axis, rz in plane) on black and back: a card flip with a wobble, a 'peek' tilt."""
    A = page(W, H, 1, pagec=pagec, barc=barc); B = page(W, H, 5, pagec=pagec, barc=barc)
    def pic(t):
        p = (t - 1.0) / d
        if p <= 0: return A
        if p >= 1: return B if both else A
        e = math.sin(math.pi * p)
        q = quad_3d(W, H, W / 2, H / 2, s, ry=ry * e, dist=2.5 * W)
        a = math.radians(rz * e); c, sn = math.cos(a), math.sin(a)
        q = [(W / 2 + c * (x - W / 2) - sn * (y - H / 2), H / 2 + sn * (x - W / 2) + c * (y - H / 2)) for x, y in q]
        return compose(W, H, [Layer(B if (both and p > 0.5) else A, q)])
    return pic, 1.0 + d + 1.2

def sc_kb2(W, H, title=22, tilt=10, d=0.7, n=2, asp=0.7, s=1.05):
    """Memories slideshow in a dark app: title card (dark grey), landscape photos wider than the portrait frame drop in tilted on black, straighten; ends on the dark title."""
    P = [photo(W, int(W * asp), 40 + k, dark=True) for k in range(n)]
    T = np.zeros((H, W, 3), np.float32); T[:] = title
    R(T, W * 0.15, H * 0.45, W * 0.85, H * 0.45 + W * 0.08, (235, 235, 235))
    def pic(t):
        if t < 1.0: return T
        k = int((t - 1.0) // (d + 0.8))
        if k >= n: return T
        lt = t - 1.0 - k * (d + 0.8)
        e = ease(min(1, lt / d))
        img = P[k]
        return compose(W, H, [full(img, W, H, sx=s * W / img.shape[1], sy=s * W / img.shape[1], ang=tilt * (1 - e) * (-1) ** k)])
    return pic, 1.0 + n * (d + 0.8) + 1.0

def sc_maprot(W, H, barc=28, d=0.8, ang=40, land=1.0):
    """Dark photo (square crop filling the width) rotated by gesture in an editor's straighten tool, chrome hidden while dragging."""
    return sc_twist2(W, H, barc=barc, d=d, maxang=ang, asp=land, back=False)

def sc_video_rot(W, H, barc=20, d=0.4, asp=9 / 16):
    """Dark video player (grey chrome) in portrait: 'rotate video' turns a 16:9 video 90 degrees to fill the height, chrome hidden."""
    return sc_rotate_tool(W, H, barc=barc, d=d, n=1, chrome_hides=True)

# ---- span look-alikes: a dark two-pane tablet/foldable app with a dark gutter in the middle
def twopane(W, H, gutter=18, pane=36, gw=40, seed=1, right="list", top_same=True):
    u = W / 800
    f = np.zeros((H, W, 3), np.float32); f[:] = gutter
    R(f, 0, 0, W, 28 * u, (gutter,) * 3)  # status bar
    cx = W // 2
    lx0, lx1, rx0, rx1 = 12 * u, cx - gw / 2, cx + gw / 2, W - 12 * u
    R(f, lx0, 36 * u, lx1, H - 12 * u, (pane,) * 3); R(f, rx0, 36 * u, rx1, H - 12 * u, (pane,) * 3)
    rs = np.random.RandomState(seed)
    y = 110 * u
    R(f, lx0 + 16 * u, 52 * u, lx0 + 160 * u, 72 * u, (210, 210, 215))
    while y < H - 80 * u:
        R(f, lx0 + 16 * u, y, lx0 + 56 * u, y + 40 * u, (90, 110, 160))
        R(f, lx0 + 70 * u, y + 4 * u, lx0 + 70 * u + (lx1 - lx0 - 100 * u) * rs.uniform(.4, 1), y + 14 * u, (200, 200, 205))
        R(f, lx0 + 70 * u, y + 24 * u, lx0 + 70 * u + (lx1 - lx0 - 100 * u) * rs.uniform(.3, .8), y + 32 * u, (120, 120, 125))
        y += 64 * u
    if right == "text":
        if top_same: R(f, rx0 + 16 * u, 52 * u, rx0 + 200 * u, 72 * u, (210, 210, 215))
        for k in range(int((H - 200 * u) / (22 * u))):
            R(f, rx0 + 16 * u, 110 * u + k * 22 * u, rx0 + 16 * u + (rx1 - rx0 - 40 * u) * rs.uniform(.5, 1), 110 * u + k * 22 * u + 10 * u, (170, 170, 175))
    elif right == "photo":
        ph = photo(int(rx1 - rx0), int(H - 48 * u), seed + 7)
        f[int(36 * u):int(36 * u) + ph.shape[0], int(rx0):int(rx0) + ph.shape[1]] = ph
    return f

def sc_twopane_black(W, H, black=0.6, after="photo", fade=0.15, gutter=18, pane=36, gw=40, swap=False):
    A = twopane(W, H, gutter, pane, gw, 1, "text")
    B = twopane(W, H, gutter, pane, gw, 1, after)
    if swap: B = A[:, ::-1].copy()
    def pic(t):
        if t < 2.0: return A
        if t < 2.0 + fade: return A * (1 - (t - 2.0) / fade)
        if t < 2.0 + fade + black: return np.zeros_like(A)
        if t < 2.0 + 2 * fade + black: return B * ((t - 2.0 - fade - black) / fade)
        return B
    return pic, 6.0

def sc_player_bar(W, H, black=0.8, bar=0.08):
    """Dark video player (episodes): a centred vertical black bar (a split comparison / a seam), between episodes goes black, next episode."""
    def ep(seed):
        f = photo(W, H, seed, dark=True) * 0.8 + 8
        R(f, W / 2 - bar * W / 2, 0, W / 2 + bar * W / 2, H, (6, 6, 6))
        R(f, 0, 0, W, H * 0.12, (30, 30, 32)); R(f, W * 0.05, H * 0.04, W * 0.4, H * 0.08, (220, 220, 220))
        return f
    A, B = ep(3), ep(3).copy()
    B[:, int(W / 2 + bar * W / 2):] = ep(9)[:, int(W / 2 + bar * W / 2):] * 2.2
    def pic(t):
        if t < 2.0: return A
        if t < 2.0 + black: return np.zeros_like(A)
        return B
    return pic, 6.0

FILMS = {}
def F(name, fps, fmt, size, scene, **kw): FILMS[name] = (fps, fmt, size, scene, kw)
P360, P540, P720, P1080 = (360, 780), (540, 1170), (720, 1600), (1080, 2400)
VARIANTS = ((P360, 12, "gif", "360-12"), (P540, 15, "gif", "540-15"), (P720, 30, "mp4", "720-30"), (P1080, 60, "mp4", "1080-60"))
for sz, fps, fmt, tag in VARIANTS:
    F(f"L-twist20-{tag}", fps, fmt, sz, sc_twist2)
    F(f"L-twist12-{tag}", fps, fmt, sz, sc_twist2, maxang=12)
    F(f"L-twist35-zoom-{tag}", fps, fmt, sz, sc_twist2, maxang=35, s1=1.15)
    F(f"L-straighten-sq-{tag}", fps, fmt, sz, sc_maprot, ang=30, land=1.0)
    F(f"L-tilt3d-{tag}", fps, fmt, sz, sc_tilt3d)
    F(f"L-tilt3d-small-{tag}", fps, fmt, sz, sc_tilt3d, s=0.9, ry=35, rz=8)
    F(f"L-kb2-{tag}", fps, fmt, sz, sc_kb2)
    F(f"L-kb2-tilt18-{tag}", fps, fmt, sz, sc_kb2, tilt=18, asp=0.8)
    F(f"L-cube-dark-{tag}", fps, fmt, sz, sc_cube)
    F(f"L-rottool-hide-{tag}", fps, fmt, sz, sc_rotate_tool, chrome_hides=True, n=1)
for (W, H), fps, fmt, tag in (((1080, 960), 30, "mp4", "fold1080-30"), ((800, 500), 60, "mp4", "tab800-60"), ((720, 450), 15, "gif", "tab720-15"), ((1080, 675), 30, "mp4", "tab1080-30")):
    F(f"L-twopane-photo-{tag}", fps, fmt, (W, H), sc_twopane_black)
    F(f"L-twopane-photo-nofade-{tag}", fps, fmt, (W, H), sc_twopane_black, fade=0.0, black=0.4)
    F(f"L-twopane-swap-{tag}", fps, fmt, (W, H), sc_twopane_black, swap=True)
    F(f"L-twopane-g26p44-{tag}", fps, fmt, (W, H), sc_twopane_black, gutter=26, pane=44, gw=56)
    F(f"L-player-bar-{tag}", fps, fmt, (W, H), sc_player_bar)
for sz, fps, fmt, tag in ((P360, 15, "gif", "360-15"), (P540, 30, "mp4", "540-30"), (P720, 60, "mp4", "720-60"), (P1080, 30, "mp4", "1080-30"), ((1080, 2340), 60, "mp4", "1080x2340-60"), (P540, 10, "gif", "540-10")):
    F(f"T-rigid-dark-{tag}", fps, fmt, sz, sc_turn)
    F(f"T-shrink-dark-{tag}", fps, fmt, sz, sc_turn, style="shrink")
    F(f"T-shrinkc-dark-{tag}", fps, fmt, sz, sc_turn, style="shrink", corner=0.1, direction=-1)
    F(f"T-shrink-light-{tag}", fps, fmt, sz, sc_turn, style="shrink", light=True)
    F(f"T-rigid-light-{tag}", fps, fmt, sz, sc_turn, light=True, direction=-1)
F("T-shrink-fast-dark-720-30", 30, "mp4", P720, sc_turn, style="shrink", d=0.3)
F("T-shrink-yt15-540-30", 30, "mp4", P540, sc_turn, style="shrink", pagec=15, barc=15)


def sc_kb3(W, H, title=22, tilt=10, d=0.5, s0=0.9, asp=None):
    """Dark memories/story opener: dark-grey title card, then a photo drops in tilted and smaller on black and lands straight filling the frame."""
    ph = photo(W, H if asp is None else int(W * asp), 50, dark=True)
    T = np.zeros((H, W, 3), np.float32); T[:] = title
    R(T, W * 0.15, H * 0.45, W * 0.85, H * 0.45 + W * 0.08, (235, 235, 235))
    def pic(t):
        if t < 1.0: return T
        e = ease(min(1, (t - 1.0) / d))
        s = s0 + (1 - s0) * e
        return compose(W, H, [full(ph, W, H, sx=s * W / ph.shape[1], sy=s * H / ph.shape[0], ang=tilt * (1 - e))])
    return pic, 1.0 + d + 1.5

if not os.environ.get('FIRST'): FILMS.clear()
for sz, fps, fmt, tag in ((P540, 15, "gif", "540-15"), (P720, 30, "mp4", "720-30"), (P1080, 30, "mp4", "1080-30")):
    F(f"L-twistP-{tag}", fps, fmt, sz, sc_twist2, asp=1.33, s1=1.1, maxang=20)
    F(f"L-twistP30-{tag}", fps, fmt, sz, sc_twist2, asp=1.33, s1=1.0, maxang=30)
    F(f"L-kb3-{tag}", fps, fmt, sz, sc_kb3)
    F(f"L-kb3-t15s85-{tag}", fps, fmt, sz, sc_kb3, tilt=15, s0=0.85)
    F(f"L-kb3-t8s95-{tag}", fps, fmt, sz, sc_kb3, tilt=8, s0=0.95)
for (W, H), fps, fmt, tag in (((1080, 960), 30, "mp4", "fold1080-30"), ((720, 450), 15, "gif", "tab720-15")):
    F(f"L-twopane-photo-{tag}", fps, fmt, (W, H), sc_twopane_black)
    F(f"L-twopane-swap-{tag}", fps, fmt, (W, H), sc_twopane_black, swap=True)
    F(f"L-twopane-g26p44-{tag}", fps, fmt, (W, H), sc_twopane_black, gutter=26, pane=44, gw=56)
    F(f"L-player-bar-{tag}", fps, fmt, (W, H), sc_player_bar)
for sz, fps, fmt, tag in ((P360, 15, "gif", "360-15"), (P720, 60, "mp4", "720-60"), (P540, 10, "gif", "540-10")):
    F(f"T-rigid-dark-{tag}", fps, fmt, sz, sc_turn)
    F(f"T-shrink-dark-{tag}", fps, fmt, sz, sc_turn, style="shrink")
    F(f"T-shrinkc-dark-{tag}", fps, fmt, sz, sc_turn, style="shrink", corner=0.1, direction=-1)
    F(f"T-shrink-light-{tag}", fps, fmt, sz, sc_turn, style="shrink", light=True)
F("T-shrink-fast-dark-720-30", 30, "mp4", P720, sc_turn, style="shrink", d=0.3)

if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--check":
        rv.check(sys.argv[2:]); sys.exit(0)
    pre = sys.argv[1:]
    shard = os.environ.get("SHARD")
    for i, (n, (fps, fmt, sz, sc, kw)) in enumerate(FILMS.items()):
        if shard and i % int(shard.split("/")[1]) != int(shard.split("/")[0]): continue
        if pre and not any(n.startswith(p) for p in pre): continue
        if os.path.exists(os.path.join(OUT, f"{n}.{fmt}")): continue
        rv.make(n, fps, fmt, sz, sc, **kw)
