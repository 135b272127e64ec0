#!/usr/bin/env python3
"""Dark-app look-alikes of a rotation on a dark ground: a review of d608341 (RotationTracker's
`ground_contrast`, reverted in e4b2b61) on 6 December, seventh session. Things that are NOT device
rotations in dark-grey themed apps (bars and page 15-35 levels) where pure black shows at the
corners mid-animation (predictive back, zoom open and close, shared-axis Z, fade-through, fades
through black, a screen blinking off and on, recents, dialogs on a black scrim, a video going
full screen, a dark photo viewer, a lightbox, a splash, a rotate tool; and the same inside square
and 16:9 canvases), plus true dark-app turns (T-: a portrait framebuffer turning on black, 2
turns each; and in canvases). d608341 invented 44 rotations on 35 of the 109 L- films; main
before and after it none.

usage: DARKAPP_FILMS=DIR scripts/darkapp-lookalikes/gen.py [PREFIX ...]
           writes DIR/films/NAME.{gif,mp4} (DIR defaults to /tmp/darkapp-lookalikes; 118 films,
           about 10 minutes here)
       DARKAPP_FILMS=DIR scripts/darkapp-lookalikes/gen.py --check BIN
           runs `BIN FILM --format json` on each film (2 at a time), prints every posture event on
           an L- film (invented) and the rotations found on each T- film, and a last line
           `dark-app look-alikes: N films, I with an invented posture event; T- turns found F of 2xT`;
           exits 0 (a review, not a gate)
Draws with scripts/rotation-films/gen.py's compose/rgba/photo, encodes with reviewfilms.pipe."""
import importlib.util, math, os, sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import reviewfilms as rf  # noqa: E402
spec = importlib.util.spec_from_file_location("rg", os.path.join(HERE, "..", "rotation-films", "gen.py"))
rg = importlib.util.module_from_spec(spec); spec.loader.exec_module(rg)
compose, rgba, photo = rg.compose, rg.rgba, rg.photo
OUT = os.path.join(os.environ.get("DARKAPP_FILMS", "/tmp/darkapp-lookalikes"), "films")


def ease(p):
    p = min(max(p, 0.0), 1.0)
    return 0.5 - 0.5 * math.cos(math.pi * p)


def R(img, x0, y0, x1, y1, col):
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, int(round(x0))), max(0, int(round(y0))), min(w, int(round(x1))), min(h, int(round(y1)))
    if x1 > x0 and y1 > y0:
        img[y0:y1, x0:x1] = col


def page(w, h, seed=1, land=False, pagec=18, barc=28, cardc=38, bars=True, ink=(225, 225, 230), tint=(138, 180, 248)):
    """A dark-grey themed app page: status bar + app bar + bottom nav in `barc` (or the page's colour),
    cards of `cardc` with thumbnails and text lines on `pagec`."""
    u = min(w, h) / 390.0
    img = np.zeros((h, w, 3), np.float32); img[:] = (pagec,) * 3
    rs = np.random.RandomState(seed)
    bc = (barc,) * 3 if bars else (pagec,) * 3
    top = 0
    if not land:
        R(img, 0, 0, w, 47 * u, bc)
        R(img, 38 * u, 18 * u, 70 * u, 30 * u, ink); R(img, w - 70 * u, 19 * u, w - 40 * u, 30 * u, ink)
        top = 47 * u
    nh = (40 if land else 56) * u
    R(img, 0, top, w, top + nh, bc)
    R(img, 16 * u + (44 * u if land else 0), top + nh * 0.3, 40 * u + (44 * u if land else 0), top + nh * 0.7, ink)
    R(img, 60 * u + (44 * u if land else 0), top + nh * 0.32, 200 * u, top + nh * 0.68, ink)
    y = top + nh + 12 * u
    nb = (48 if land else 80) * u
    side = 44 * u if land else 0
    while y + 90 * u < h - nb - 8 * u:
        R(img, side + 12 * u, y, w - side - 12 * u, y + 84 * u, (cardc,) * 3)
        th = photo(int(64 * u), int(64 * u), seed=int(rs.randint(1, 999))).astype(np.float32)
        img[int(y + 10 * u):int(y + 10 * u) + th.shape[0], int(side + 22 * u):int(side + 22 * u) + th.shape[1]] = th
        R(img, side + 98 * u, y + 16 * u, side + 98 * u + (w - 2 * side - 150 * u) * rs.uniform(0.5, 1), y + 28 * u, ink)
        R(img, side + 98 * u, y + 40 * u, side + 98 * u + (w - 2 * side - 150 * u) * rs.uniform(0.3, 0.9), y + 50 * u, (150, 150, 155))
        R(img, side + 98 * u, y + 58 * u, side + 98 * u + (w - 2 * side - 150 * u) * rs.uniform(0.3, 0.9), y + 68 * u, (150, 150, 155))
        y += 96 * u
    R(img, 0, h - nb, w, h, bc)
    for k in range(4):
        cx = side + (w - 2 * side) * (k + 0.5) / 4
        R(img, cx - 12 * u, h - nb + 14 * u, cx + 12 * u, h - nb + 38 * u, tint if k == 0 else (170, 170, 175))
    return img


def rounded(w, h, r):
    m = np.ones((h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        q = ((xx < r) | (xx > w - r)) & ((yy < r) | (yy > h - r)) & (np.abs(xx - cx) <= r) & (np.abs(yy - cy) <= r)
        m[q & ((xx - cx) ** 2 + (yy - cy) ** 2 > r * r)] = 0
    return m


def layer(img, s, alpha=1.0, cx=None, cy=None, mask=None, W=None, H=None, ang=0.0):
    h, w = img.shape[:2]
    return (rgba(img, mask), w * s, h * s, ang, alpha, w / 2 if cx is None else cx, h / 2 if cy is None else cy)


def comp(W, H, layers, bg=(0, 0, 0)):
    return compose(W, H, [l for l in layers if l[4] > 0], bg).astype(np.float32)


def seg(t, a, d):
    """progress 0..1 of an animation starting at a lasting d, eased."""
    return ease((t - a) / d) if d > 0 else float(t >= a)


def out_and_back(rest, at, d, hold):
    """The picture `rest` for 1 s, `at(e)` eased out over d, held for `hold`, eased back over d,
    `rest` for 1.2 s: (pic(t), duration)."""
    def pic(t):
        a = 1.0
        if t < a: return rest
        if t < a + d: return at(seg(t, a, d))
        if t < a + d + hold: return at(1.0)
        if t < a + 2 * d + hold: return at(1 - seg(t, a + d + hold, d))
        return rest
    return pic, 1.0 + 2 * d + hold + 1.2


# ------------------------------------------------------------------ scenes
# Each scene(W, H) returns pic(t) -> float frame, and a duration.

def sc_back_cancel(W, H, bars=True, smin=0.88, d1=0.25, hold=0.3, d2=0.2, pagec=18, barc=28):
    """Predictive back, cancelled: page shrinks about its centre on black (rounded), follows the
    finger a little, and returns; one continuous gesture."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); m = rounded(W, H, int(28 * W / 390))
    def pic(t):
        a = 1.0
        if t < a or t >= a + d1 + hold + d2: return P
        if t < a + d1: s = 1 - (1 - smin) * seg(t, a, d1)
        elif t < a + d1 + hold: s = smin - 0.02 * math.sin(math.pi * (t - a - d1) / hold)
        else: s = smin + (1 - smin) * seg(t, a + d1 + hold, d2)
        return comp(W, H, [layer(P, s, mask=m)])
    return pic, 3.0


def sc_back_commit(W, H, bars=True, pagec=18, barc=28):
    """Predictive back, committed (Android 14 cross-activity): the page shrinks to 0.9 on black, the
    previous page shows behind at 0.9, the top one fades out and the previous one grows to full."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); Q = page(W, H, 7, pagec=pagec, barc=barc, bars=bars)
    m = rounded(W, H, int(28 * W / 390))
    def pic(t):
        def go(t, X, Y, a):
            if t < a + 0.2:
                s = 1 - 0.1 * seg(t, a, 0.2); return [layer(Y, 0.9, 0 if t < a + 0.1 else 1, mask=m), layer(X, s, mask=m)]
            if t < a + 0.5:
                p = (t - a - 0.2) / 0.3
                return [layer(Y, 0.9 + 0.1 * ease(p), mask=m), layer(X, 0.9 - 0.05 * p, alpha=1 - ease(min(1, 2 * p)), mask=m)]
            return None
        for a, X, Y in ((1.0, P, Q), (2.6, Q, P)):
            if a <= t < a + 0.5: return comp(W, H, go(t, X, Y, a))
        return Q if 1.5 <= t < 2.6 else P
    return pic, 4.0


def sc_sharedz(W, H, mode="sharedz", d=0.3, bars=True, pagec=18, barc=28, s_in=0.8):
    """Material shared-axis Z (outgoing 1->1.1 fading out, incoming s_in->1 fading in), fade-through
    (outgoing fades in 0-35%, incoming fades in and scales 0.92->1), or Android's zoom (incoming
    scales up from 0.85 over the outgoing scaling up and fading), over a black window background."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); Q = page(W, H, 9, pagec=pagec, barc=barc, bars=bars)
    def tr(t, X, Y, a):
        p = (t - a) / d
        if mode == "sharedz":
            o = 1 - min(1, p / 0.35); i = min(1, max(0, (p - 0.35) / 0.65))
            return [layer(X, 1 + 0.1 * ease(p), o), layer(Y, s_in + (1 - s_in) * ease(p), i)]
        if mode == "fadethrough":
            o = 1 - min(1, p / 0.35); i = min(1, max(0, (p - 0.35) / 0.65))
            return [layer(X, 1.0, o), layer(Y, 0.92 + 0.08 * ease(i), i)]
        if mode == "zoom":  # android.R.anim activity_open_enter / exit style
            return [layer(X, 1 + 0.1 * ease(p), 1 - ease(min(1, p * 2))), layer(Y, 0.85 + 0.15 * ease(p), ease(min(1, p * 3)))]
        if mode == "zoomback":  # closing: the top page shrinks and fades, the one below grows from 1.1 to 1
            return [layer(Y, 1.1 - 0.1 * ease(p), ease(min(1, p * 2))), layer(X, 1 - 0.15 * ease(p), 1 - ease(min(1, p * 3)))]
    def pic(t):
        for a, X, Y in ((1.0, P, Q), (1.0 + d + 1.2, Q, P)):
            if a <= t < a + d: return comp(W, H, tr(t, X, Y, a))
        return Q if 1.0 + d <= t < 2.2 + d else P
    return pic, 2.2 + 2 * d + 1.0


def sc_recents(W, H, up=0.0, smin=0.6, d=0.7, bars=True, pagec=18, barc=28):
    """Swipe up to recents and let go: the page shrinks to a card (moving up by `up` of H) on black and
    springs back; one continuous gesture."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); m = rounded(W, H, int(28 * W / 390))
    def pic(t):
        if not (1.0 <= t < 1.0 + d): return P
        p = (t - 1.0) / d
        e = math.sin(math.pi * p)  # out and back
        return comp(W, H, [layer(P, 1 - (1 - smin) * e, cx=W / 2, cy=H / 2 - up * H * e, mask=m)])
    return pic, 1.0 + d + 1.2


def sc_fade_black(W, H, d=0.3, bars=True, pagec=18, barc=28, hold_black=0.0):
    """Fade through black between two dark-grey pages (each way)."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); Q = page(W, H, 11, pagec=pagec, barc=barc, bars=bars)
    tot = d + hold_black
    def pic(t):
        for a, X, Y in ((1.0, P, Q), (1.0 + tot + 1.2, Q, P)):
            if a <= t < a + tot:
                p = t - a
                if p < d / 2: return X * (1 - p / (d / 2))
                if p < d / 2 + hold_black: return X * 0
                return Y * ((p - d / 2 - hold_black) / (d / 2))
        return Q if 1.0 + tot <= t < 2.2 + tot else P
    return pic, 2.2 + 2 * tot + 1.0


def sc_screen_off(W, H, d=0.2, black=0.8, bars=True, pagec=18, barc=28):
    """Screen off (fade to black), held black, screen on (fade up); black=0: a blink."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars)
    def pic(t):
        a = 1.0
        if t < a: return P
        if t < a + d: return P * (1 - (t - a) / d)
        if t < a + d + black: return P * 0
        if t < a + 2 * d + black: return P * ((t - a - d - black) / d)
        return P
    return pic, 1.0 + 2 * d + black + 1.2


def sc_dialog(W, H, scrim=0.6, d=0.25, hold=1.2, bars=True, pagec=18, barc=28, sheet=False):
    """A dark-grey dialog (or bottom sheet) over a black scrim of `scrim` alpha; hold=0: dismissed at
    once (one continuous run)."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); u = W / 390
    if sheet:
        D = page(W, int(H * 0.55), 5, pagec=36, barc=36, cardc=48, bars=False)
    else:
        D = np.zeros((int(220 * u), int(300 * u), 3), np.float32); D[:] = 40
        R(D, 20 * u, 24 * u, 200 * u, 40 * u, (230,) * 3); R(D, 20 * u, 60 * u, 280 * u, 70 * u, (160,) * 3)
        R(D, 20 * u, 80 * u, 250 * u, 90 * u, (160,) * 3); R(D, 180 * u, 170 * u, 280 * u, 196 * u, (138, 180, 248))
    dm = rounded(D.shape[1], D.shape[0], int(20 * u))
    def at(e):
        out = P * (1 - scrim * e)
        if sheet:
            top = int(round(H - D.shape[0] * e)); out = out.copy()
            if top < H: out[top:] = D[:H - top]
            return out
        return comp(W, H, [(rgba(np.clip(out, 0, 255)), W, H, 0, 1.0, W / 2, H / 2), layer(D, 0.9 + 0.1 * e, e, cx=W / 2, cy=H / 2, mask=dm)])
    return out_and_back(P, at, d, hold)


def sc_video_full(W, H, d=0.35, hold=1.2, bars=True, pagec=18, barc=28, centred=True):
    """A 16:9 video in a dark-grey page grows to a letterbox on black (page fading to black), holds, returns."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); u = W / 390
    vw = int(min(W - 24 * u, 0.55 * H * 16 / 9)); vh = int(vw * 9 / 16); vx = (W - vw) // 2
    vy = (H - vh) // 2 if centred else int(120 * u)
    V = photo(vw, vh, seed=17).astype(np.float32)
    P = P.copy(); P[vy:vy + vh, vx:vx + vw] = V
    def at(e):
        bw = vw + (min(W, H * 16 / 9) - vw) * e; bh = bw * 9 / 16
        cx = vx + vw / 2 + (W / 2 - vx - vw / 2) * e; cy = vy + vh / 2 + (H / 2 - vy - vh / 2) * e
        return comp(W, H, [(rgba(P), W, H, 0, 1 - e, W / 2, H / 2), (rgba(V), bw, bh, 0, 1.0, cx, cy)])
    return out_and_back(P, at, d, hold)


def viewer(W, H, z=1.0, barsa=1.0, barc=22, photo_img=None):
    """Dark photo viewer: photo fitted on black, zoomed by z about the centre, grey bars (alpha barsa)."""
    u = W / 390
    ph = photo_img
    pw_, ph_ = W * z, W * z * ph.shape[0] / ph.shape[1]
    out = comp(W, H, [(rgba(ph), pw_, ph_, 0, 1.0, W / 2, H / 2)])
    if barsa > 0:
        top, bot = int(103 * u), int(83 * u)
        for y0, y1 in ((0, top), (H - bot, H)):
            out[y0:y1] = out[y0:y1] * (1 - barsa) + barc * barsa
        R(out, 16 * u, 60 * u, 40 * u, 84 * u, (230 * barsa,) * 3); R(out, W / 2 - 50 * u, 64 * u, W / 2 + 50 * u, 80 * u, (230 * barsa,) * 3)
        for k in range(4):
            cx = W * (k + 0.5) / 4; R(out, cx - 10 * u, H - bot + 12 * u, cx + 10 * u, H - bot + 32 * u, (200 * barsa,) * 3)
    return out


def sc_viewer(W, H, mode="zoombars", d=0.3, barc=22):
    """Photo viewer with grey bars: 'zoombars' double-tap zoom in while the bars fade out, then zoom out
    with the bars back; 'bounce' pinch past the fit scale and spring back (one run), bars hidden by
    a tap in the same run; 'tapbars' tap hides bars / shows them."""
    img = photo(1200, 800, seed=41).astype(np.float32)
    def pic(t):
        a, b = 1.0, 1.0 + d + 1.2
        if mode == "zoombars":
            if t < a: return viewer(W, H, 1, 1, barc, img)
            if t < a + d: e = seg(t, a, d); return viewer(W, H, 1 + 1.5 * e, 1 - e, barc, img)
            if t < b: return viewer(W, H, 2.5, 0, barc, img)
            if t < b + d: e = seg(t, b, d); return viewer(W, H, 2.5 - 1.5 * e, e, barc, img)
            return viewer(W, H, 1, 1, barc, img)
        if mode == "bounce":  # pinch in below fit and spring back while the bars blink off and on
            if a <= t < a + 2 * d:
                p = (t - a) / (2 * d); e = math.sin(math.pi * p)
                return viewer(W, H, 1 - 0.35 * e, 1 - e, barc, img)
            return viewer(W, H, 1, 1, barc, img)
        if mode == "tapbars":
            if t < a: return viewer(W, H, 1, 1, barc, img)
            if t < a + d: return viewer(W, H, 1, 1 - seg(t, a, d), barc, img)
            if t < b: return viewer(W, H, 1, 0, barc, img)
            if t < b + d: return viewer(W, H, 1, seg(t, b, d), barc, img)
            return viewer(W, H, 1, 1, barc, img)
    return pic, 1.0 + 2 * d + 1.2 + 1.0


def sc_lightbox(W, H, d=0.3, hold=1.2, bars=True, pagec=18, barc=28, centred=True):
    """A thumbnail in a dark-grey app opens into a lightbox on a black backdrop (fading in), holds, closes."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); u = W / 390
    I = photo(int(300 * u), int(400 * u), seed=29).astype(np.float32)
    tx, ty = (W / 2, H / 2) if centred else (54 * u, 190 * u)
    def at(e):
        s0 = 64 * u / I.shape[1]; s = s0 + (W / I.shape[1] - s0) * e
        return comp(W, H, [(rgba(P), W, H, 0, 1.0, W / 2, H / 2), (rgba(np.zeros_like(P)), W, H, 0, e, W / 2, H / 2),
                           (rgba(I), I.shape[1] * s, I.shape[0] * s, 0, 1.0, tx + (W / 2 - tx) * e, ty + (H / 2 - ty) * e)])
    return out_and_back(P, at, d, hold)


def sc_splash(W, H, splash_bg=0, d=0.35, pagec=18, barc=28):
    """Launch from a dark home screen: the app's window grows from the centre (splash `splash_bg`
    with a centred icon) over the home screen, holds, crossfades into the dark-grey UI; later the
    app closes shrinking to the centre."""
    u = W / 390
    home = np.zeros((H, W, 3), np.float32)
    yy = np.mgrid[0:H, 0:W][0].astype(np.float32)
    home[:] = 0; home[..., 2] = 30 * yy / H; home[..., 0] = 10 * yy / H  # dark gradient wallpaper
    for r in range(5):
        for c in range(4):
            R(home, (20 + 92 * c) * u + 14 * u, (120 + 100 * r) * u, (20 + 92 * c) * u + 74 * u, (180 + 100 * r) * u, (80 + 30 * c, 120, 200 - 25 * r))
    S = np.zeros((H, W, 3), np.float32); S[:] = splash_bg
    R(S, W / 2 - 48 * u, H / 2 - 48 * u, W / 2 + 48 * u, H / 2 + 48 * u, (66, 133, 244)); R(S, W / 2 - 20 * u, H / 2 - 20 * u, W / 2 + 20 * u, H / 2 + 20 * u, (240,) * 3)
    P = page(W, H, 1, pagec=pagec, barc=barc)
    m = rounded(W, H, int(28 * u))
    def pic(t):
        if t < 1.0: return home
        if t < 1.0 + d: return comp(W, H, [(rgba(home), W, H, 0, 1, W / 2, H / 2), layer(S, 0.15 + 0.85 * seg(t, 1.0, d), mask=m)])
        if t < 1.8: return S
        if t < 2.0: return S + (P - S) * ((t - 1.8) / 0.2)
        if t < 3.0: return P
        if t < 3.0 + d: return comp(W, H, [(rgba(home), W, H, 0, 1, W / 2, H / 2), layer(P, 1 - 0.85 * seg(t, 3.0, d), 1 - seg(t, 3.0 + d * 0.6, d * 0.4), mask=m)])
        return home
    return pic, 4.5


def sc_xfade(W, H, d=0.3, bars=True, pagec=18, barc=28):
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); Q = page(W, H, 13, pagec=pagec, barc=barc, bars=bars)
    def pic(t):
        for a, X, Y in ((1.0, P, Q), (1.0 + d + 1.2, Q, P)):
            if a <= t < a + d: return X + (Y - X) * seg(t, a, d)
        return Q if 1.0 + d <= t < 2.2 + d else P
    return pic, 2.2 + 2 * d + 1.0


def sc_slide(W, H, d=0.3, bars=True, pagec=18, barc=28):
    """A page pushed in from the right (and popped back)."""
    P = page(W, H, 1, pagec=pagec, barc=barc, bars=bars); Q = page(W, H, 13, pagec=pagec, barc=barc, bars=bars)
    def at(X, Y, e):
        x = int(round(W * e)); out = np.empty_like(X)
        out[:, :W - x] = X[:, x:] * (1 - 0.3 * e); out[:, W - x:] = Y[:, :x]
        return out
    def pic(t):
        if 1.0 <= t < 1.0 + d: return at(P, Q, seg(t, 1.0, d))
        if 2.2 + d <= t < 2.2 + 2 * d: return at(P, Q, 1 - seg(t, 2.2 + d, d))
        return Q if 1.0 + d <= t < 2.2 + d else P
    return pic, 2.2 + 2 * d + 1.0


def sc_rotate_tool(W, H, d=0.4, bg=0):
    """Photo editor on black (immersive): a landscape photo spanning the width turns 90 degrees to
    a portrait photo fitted to the width's 0.6 (and back)."""
    I = photo(1200, 800, seed=41).astype(np.float32)
    pw, ph = W, W * 2 / 3
    def at(e):  # e: 0 landscape .. 1 portrait turned
        s = 1 + (ph / pw - 1) * e  # shrink so the turned photo's height = old width*? fits
        return comp(W, H, [(rgba(I), pw * s, ph * s, 90 * e, 1.0, W / 2, H / 2)], (bg,) * 3)
    def pic(t):
        if 1.0 <= t < 1.0 + d: return at(seg(t, 1.0, d))
        if 2.2 + d <= t < 2.2 + 2 * d: return at(1 - seg(t, 2.2 + d, d))
        return at(1.0) if 1.0 + d <= t < 2.2 + d else at(0.0)
    return pic, 2.2 + 2 * d + 1.0


# ------------------------------------------------------------------ canvases and true turns

def canvas(CW, CH, scene_fn=None, land=False, **kw):
    """The scene drawn on a phone screen fitted into a CW x CH canvas on black (a letterbox or pillarbox)."""
    pw0, ph0 = (844, 390) if land else (390, 844)
    s = min(CW / pw0, CH / ph0)
    pw, ph = int(round(pw0 * s)) // 2 * 2, int(round(ph0 * s)) // 2 * 2
    if land:
        pic0, dur = scene_fn(pw, ph, **kw)
    else:
        pic0, dur = scene_fn(pw, ph, **kw)
    x0, y0 = (CW - pw) // 2, (CH - ph) // 2
    def pic(t):
        out = np.zeros((CH, CW, 3), np.float32); out[y0:y0 + ph, x0:x0 + pw] = pic0(t); return out
    return pic, dur


def landpage(w, h, seed=1, pagec=18, barc=28):
    return page(w, h, seed, land=True, pagec=pagec, barc=barc)


def sc_turn(W, H, fam="A", d=0.4, direction=1, pagec=18, barc=28, bars=True):
    """True turn of a dark-grey app: A portrait framebuffer turning on black into the landscape UI
    drawn sideways; Q/W a phone in an 800x800 / 1280x720 canvas on black."""
    if fam == "A":
        P = rgba(page(W, H, 1, pagec=pagec, barc=barc, bars=bars)); L = rgba(page(H, W, 1, land=True, pagec=pagec, barc=barc, bars=bars))
        pw, ph, lw, lh = W, H, H, W
    else:
        a = min(W / 390, H / 844); b = min(W / 844, H / 390)
        pw, ph = int(round(390 * a)) // 2 * 2, int(round(844 * a)) // 2 * 2
        lw, lh = int(round(844 * b)) // 2 * 2, int(round(390 * b)) // 2 * 2
        P = rgba(page(pw, ph, 1, pagec=pagec, barc=barc, bars=bars)); L = rgba(page(lw, lh, 1, land=True, pagec=pagec, barc=barc, bars=bars))
    t1, t2 = 1.0, 1.0 + d + 1.5
    def pic(t):
        if t < t1: e = 0.0
        elif t < t1 + d: e = ease((t - t1) / d)
        elif t < t2: e = 1.0
        elif t < t2 + d: e = 1 - ease((t - t2) / d)
        else: e = 0.0
        land = e >= 0.5
        if fam == "A":
            ow = W + (H - W) * e; oh = H + (W - H) * e
            lay = (L if land else P, ow, oh, direction * 90 * e, 1.0, W / 2, H / 2)
        else:
            send = lw / ph; s = 1 + (send - 1) * e
            lay = (P, pw * s, ph * s, direction * 90 * e, 1.0, W / 2, H / 2) if not land else \
                  (L, lw * s / send, lh * s / send, direction * (90 * e - 90), 1.0, W / 2, H / 2)
        return comp(W, H, [lay])
    return pic, t2 + d + 1.0


# ------------------------------------------------------------------ films

def make(name, fps, fmt, size, scene, crf=20, **kw):
    W, H = size
    pic, dur = scene(W, H, **kw)
    frames = [np.clip(pic(i / fps + 1e-6) + 0.5, 0, 255).astype(np.uint8) for i in range(int(round(dur * fps)))]
    os.makedirs(OUT, exist_ok=True)
    rf.pipe(os.path.join(OUT, f"{name}.{fmt}"), frames, fps, fmt, crf=crf)
    print("wrote", name, flush=True)


S390, S540, S1080 = (390, 844), (540, 1170), (540, 1200)
FILMS = {}
def F(name, fps, fmt, size, scene, **kw): FILMS[name] = (fps, fmt, size, scene, kw)

for fps, fmt, sz in ((12, "gif", S390), (30, "mp4", S540), (60, "mp4", S1080)):
    tag = f"{fps}fps"
    F(f"L-back-cancel-{tag}", fps, fmt, sz, sc_back_cancel)
    F(f"L-back-cancel-fast-{tag}", fps, fmt, sz, sc_back_cancel, hold=0.0, d1=0.2, d2=0.2)
    F(f"L-back-commit-{tag}", fps, fmt, sz, sc_back_commit)
    F(f"L-sharedz-{tag}", fps, fmt, sz, sc_sharedz)
    F(f"L-fadethrough-{tag}", fps, fmt, sz, sc_sharedz, mode="fadethrough")
    F(f"L-zoom-{tag}", fps, fmt, sz, sc_sharedz, mode="zoom", d=0.4)
    F(f"L-zoomback-{tag}", fps, fmt, sz, sc_sharedz, mode="zoomback", d=0.4)
    F(f"L-recents-centred-{tag}", fps, fmt, sz, sc_recents)
    F(f"L-recents-up-{tag}", fps, fmt, sz, sc_recents, up=0.08)
    F(f"L-fadeblack-{tag}", fps, fmt, sz, sc_fade_black)
    F(f"L-fadeblack-hold-{tag}", fps, fmt, sz, sc_fade_black, d=0.4, hold_black=0.15)
    F(f"L-screen-offon-{tag}", fps, fmt, sz, sc_screen_off)
    F(f"L-screen-blink-{tag}", fps, fmt, sz, sc_screen_off, d=0.2, black=0.0)
    F(f"L-dialog-scrim60-{tag}", fps, fmt, sz, sc_dialog)
    F(f"L-dialog-scrim100-quick-{tag}", fps, fmt, sz, sc_dialog, scrim=1.0, hold=0.0)
    F(f"L-dialog-scrim60-quick-{tag}", fps, fmt, sz, sc_dialog, scrim=0.6, hold=0.0)
    F(f"L-sheet-scrim-{tag}", fps, fmt, sz, sc_dialog, sheet=True)
    F(f"L-video-full-{tag}", fps, fmt, sz, sc_video_full)
    F(f"L-viewer-zoombars-{tag}", fps, fmt, sz, sc_viewer)
    F(f"L-viewer-bounce-{tag}", fps, fmt, sz, sc_viewer, mode="bounce")
    F(f"L-viewer-tapbars-{tag}", fps, fmt, sz, sc_viewer, mode="tapbars")
    F(f"L-lightbox-{tag}", fps, fmt, sz, sc_lightbox)
    F(f"L-splash-{tag}", fps, fmt, sz, sc_splash)
    F(f"L-xfade-{tag}", fps, fmt, sz, sc_xfade)
    F(f"L-rotate-tool-{tag}", fps, fmt, sz, sc_rotate_tool)
    F(f"T-A-dark-{tag}", fps, fmt, sz, sc_turn)
# other greys and rates
F("L-back-cancel-nobars-p30-15fps", 15, "gif", S390, sc_back_cancel, bars=False, pagec=30)
F("L-fadeblack-bar35-10fps", 10, "gif", S390, sc_fade_black, barc=35)
F("L-fadeblack-bar15-30fps", 30, "mp4", S540, sc_fade_black, barc=15, pagec=12)
F("L-sharedz-bar35-15fps", 15, "gif", S390, sc_sharedz, barc=35, pagec=25)
F("L-recents-centred-bar22-10fps", 10, "gif", S390, sc_recents, barc=22)
F("L-screen-blink-bar35-15fps", 15, "gif", S390, sc_screen_off, d=0.25, black=0.0, barc=35)
# letterboxed canvases (part 2)
for cw, ch, tag in ((1280, 720, "W"), (800, 800, "Q")):
    for land in (False, True):
        o = "land" if land else "port"
        F(f"L-{tag}-{o}-slide-30fps", 30, "mp4", (cw, ch), canvas, scene_fn=sc_slide, land=land)
        F(f"L-{tag}-{o}-xfade-12fps", 12, "gif", (cw, ch), canvas, scene_fn=sc_xfade, land=land)
        F(f"L-{tag}-{o}-sharedz-30fps", 30, "mp4", (cw, ch), canvas, scene_fn=sc_sharedz, land=land)
        F(f"L-{tag}-{o}-fadeblack-15fps", 15, "gif", (cw, ch), canvas, scene_fn=sc_fade_black, land=land)
        F(f"L-{tag}-{o}-back-cancel-60fps", 60, "mp4", (cw, ch), canvas, scene_fn=sc_back_cancel, land=land)
        F(f"L-{tag}-{o}-rotate-tool-12fps", 12, "gif", (cw, ch), canvas, scene_fn=sc_rotate_tool, land=land)
        F(f"L-{tag}-{o}-video-full-30fps", 30, "mp4", (cw, ch), canvas, scene_fn=sc_video_full, land=land)
    F(f"T-{tag}-dark-12fps", 12, "gif", (cw, ch), sc_turn, fam=tag)
    F(f"T-{tag}-dark-30fps", 30, "mp4", (cw, ch), sc_turn, fam=tag, direction=-1)
F("T-A-dark-bar22-15fps", 15, "gif", S390, sc_turn, barc=22, direction=-1)
F("T-A-dark-nobars-10fps", 10, "gif", S390, sc_turn, bars=False, pagec=25)

def check(binary):
    names = sorted(n for n in os.listdir(OUT) if n.endswith((".mp4", ".gif")))
    with ThreadPoolExecutor(2) as ex:
        results = list(ex.map(lambda n: rf.events(binary, os.path.join(OUT, n)), names))
    invented, films, turns, found = 0, 0, 0, 0
    for name, evs in zip(names, results):
        if isinstance(evs, str):
            print(f"{name}: {evs}")
            continue
        if name.startswith("T-"):
            turns += 2
            rots = [e for e in evs if e["kind"] == "rotation"]
            found += min(2, len(rots))
            print(f"{name}: {len(rots)} rotations " + " ".join(f"{e['start_ms']}-{e['end_ms']}" for e in rots))
            continue
        films += 1
        invented += 1 if evs else 0
        for e in evs:
            print(f"{name}: invented {e['kind']} {e['start_ms']}-{e['end_ms']} ms confidence {e.get('confidence')}")
    print(f"dark-app look-alikes: {films} films, {invented} with an invented posture event; T- turns found {found} of {turns}")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--check":
        if len(sys.argv) != 3:
            sys.exit("usage: DARKAPP_FILMS=DIR gen.py --check BIN")
        check(sys.argv[2])
        sys.exit(0)
    pre = sys.argv[1:]
    for n, (fps, fmt, sz, sc, kw) in FILMS.items():
        if pre and not any(n.startswith(p) for p in pre): continue
        if os.path.exists(os.path.join(OUT, f"{n}.{fmt}")): continue
        make(n, fps, fmt, sz, sc, **kw)
