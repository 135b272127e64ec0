#!/usr/bin/env python3
"""Posture look-alikes and true turns from a helper's review of f0c533b (a tile's mean shift counts
as a change) and f954688 (a rotation run's lead frames), 6 December: 97 films.

usage: POSTURE_LOOKALIKES=DIR scripts/posture-lookalikes/gen.py [PREFIX ...]
       writes DIR/films/NAME.{gif,mp4} (DIR defaults to /tmp/posture-lookalikes); then
       POSTURE_LOOKALIKES=DIR scripts/posture-lookalikes/compare.py OLD_BIN NEW_BIN DIR/films/*
Families (no posture event unless T-):
  S-*  look-alikes for the shift rule (flicker, grain, palette, pumping, video in app, slideshows,
       dimmed modals, dark theme, theme switch)
  L-*  look-alikes for the lead rule on black (lightbox, gallery, fullscreen video, card flips,
       spinners/splash, app switcher, zoom card, rotate tool)
  T-*  true rotations (rotation-films' drawing at other rates/sizes/codecs)
Uses scripts/rotation-films/gen.py's drawing helpers (imported). The R- family (altered copies of
../shared/real) is made by real.sh.
"""
import importlib.util, math, os, sys
import numpy as np

BASE = os.environ.get("POSTURE_LOOKALIKES", "/tmp/posture-lookalikes")
OUT = os.path.join(BASE, "films")
os.environ["ROTATION_FILMS"] = os.path.join(BASE, "rotref")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import reviewfilms as rf  # noqa: E402
spec = importlib.util.spec_from_file_location("rg", os.path.join(HERE, "..", "rotation-films", "gen.py"))
rg = importlib.util.module_from_spec(spec); spec.loader.exec_module(rg)
rg.OUT = OUT
rg.FPS.update({12: ("12", 1 / 12), 30: ("30", 1 / 30), 20: ("20", 0.05)})
compose, rgba, photo, ease, opened, draw_ui, _over = rg.compose, rg.rgba, rg.photo, rg.ease, rg.opened, rg.draw_ui, rg._over


def write(name, frames, fps, W, H, fmt="gif", crf=18, g=None, palette="full"):
    os.makedirs(OUT, exist_ok=True)
    path = rf.pipe(os.path.join(OUT, f"{name}.{fmt}"), frames, fps, fmt, crf=crf, gop=g, palette=palette)
    print("wrote", path, flush=True)


def times(fps, dur):
    return [i / fps for i in range(int(round(dur * fps)))]


# ---------------- S: shift-rule look-alikes ----------------
def texture(w, h, seed):
    rs = np.random.RandomState(seed)
    img = photo(w, h, seed).astype(np.float32)
    n = rs.normal(0, 25, (h // 8 + 1, w // 8 + 1, 3)).repeat(8, 0).repeat(8, 1)[:h, :w]
    return np.clip(img * 0.8 + n, 0, 255)


def camera(name, fps, W, H, fmt, dark=False, ae=False, crf=23, g=None, dur=5.0):
    scene = texture(W * 2, H, 5)
    if dark:
        scene = scene * 0.3
    rs = np.random.RandomState(1)
    gain = 1.0
    fr = []
    for i, t in enumerate(times(fps, dur)):
        x = int((W) * t / dur)
        img = scene[:, x:x + W]
        if ae:  # auto-exposure hunting: steps every ~0.4 s
            if i % max(1, int(0.4 * fps)) == 0:
                gain = rs.uniform(0.85, 1.15)
        else:   # flicker: mains/sensor exposure wobble
            gain = 1 + 0.05 * math.sin(2 * math.pi * 3 * t) + rs.uniform(-0.03, 0.03)
        fr.append(img * gain + rs.normal(0, 4, img.shape))
    write(name, fr, fps, W, H, fmt, crf=crf, g=g)


def palette_gif(name, fps, W, H, dur=5.0):
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    fr = []
    for t in times(fps, dur):
        h = t / dur
        r = 120 + 100 * np.sin(2 * np.pi * (h + xx / W))
        gch = 120 + 100 * np.sin(2 * np.pi * (h * 1.3 + yy / H))
        b = 120 + 100 * np.sin(2 * np.pi * (h * 0.7 + (xx + yy) / (W + H)))
        fr.append(np.stack([r, gch, b], -1))
    write(name, fr, fps, W, H, "gif", palette="single")


def video_in_app(name, fps, W, H, fmt, theme="light", crf=23):
    P = draw_ui(W, H, theme, False, False, with_kb=False).astype(np.float32)
    vy0, vy1 = int(0.12 * H), int(0.80 * H)
    vh = vy1 - vy0
    clips = [texture(W * 2, vh, s) for s in (1, 2, 3, 4)]
    rs = np.random.RandomState(3)
    fr = []
    for t in times(fps, 6.0):
        k = int(t / 1.2) % 4
        x = int((t % 1.2) / 1.2 * W)
        v = clips[k][:, x:x + W] * (1 + 0.06 * math.sin(2 * math.pi * 2 * t))
        if 4.0 <= t < 4.8:  # fade to black and up inside the video
            v = v * abs(1 - (t - 4.0) / 0.4)
        img = P.copy()
        img[vy0:vy1] = v + rs.normal(0, 3, v.shape)
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


def slideshow(name, fps, W, H, fmt, mode="cross", crf=20, dur=6.0):
    pics = [photo(W, H, s).astype(np.float32) for s in (3, 8, 13, 21, 34)]
    fr = []
    for t in times(fps, dur):
        k, p = int(t / 1.2), (t % 1.2)
        a, b = pics[k % 5], pics[(k + 1) % 5]
        if p < 0.7:
            img = a
        elif mode == "cross":
            img = a + (b - a) * ease((p - 0.7) / 0.5)
        else:  # fade to black then up
            q = (p - 0.7) / 0.5
            img = a * (1 - ease(q * 2)) if q < 0.5 else b * ease(q * 2 - 1)
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


def modal(name, fps, W, H, fmt, theme="light", kind="sheet", dim=0.4, crf=20):
    P = draw_ui(W, H, theme, False, False, with_kb=False).astype(np.float32)
    sheet = np.zeros((H, W, 3), np.float32)
    col = (255, 255, 255) if theme == "light" else (44, 44, 46)
    sheet[:] = col
    for y in range(60, int(0.6 * H) - 40, 50):
        sheet[y:y + 12, 24:W - 80] = (60, 60, 67) if theme == "light" else (200, 200, 205)
    fr = []
    for t in times(fps, 5.0):
        e = opened(t, 0.35)
        img = P * (1 - dim * e)
        if kind == "sheet":
            top = int(H - 0.6 * H * e)
            if top < H:
                img[top:] = sheet[:H - top]
        else:  # alert: small card scaling in, alpha
            cw, ch = int(0.7 * W), int(0.22 * H)
            s = 1.15 - 0.15 * e
            bw, bh = int(cw * s), int(ch * s)
            x0, y0 = (W - bw) // 2, (H - bh) // 2
            img[y0:y0 + bh, x0:x0 + bw] = img[y0:y0 + bh, x0:x0 + bw] * (1 - e) + np.array(col, np.float32) * e
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


def dark_app(name, fps, W, H, fmt, crf=20):
    big = np.concatenate([draw_ui(W, H, "dark", False, False, page_seed=s, with_kb=False) for s in (1, 2, 3)], 0).astype(np.float32)
    fr = []
    for t in times(fps, 6.0):
        off = int(min(max(t - 0.8, 0), 1.2) / 1.2 * H * 0.8)  # a fling scroll
        img = big[off:off + H].copy()
        e = opened(t - 1.5, 0.3)  # a context menu: page blurs/dims to near black, menu card
        img = img * (1 - 0.7 * e)
        y0 = int(0.55 * H)
        img[y0:y0 + int(0.25 * H), int(0.1 * W):int(0.9 * W)] = img[y0:y0 + int(0.25 * H), int(0.1 * W):int(0.9 * W)] * (1 - e) + 40 * e
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


def theme_switch(name, fps, W, H, fmt):
    A = draw_ui(W, H, "light", False, False, with_kb=False).astype(np.float32)
    B = draw_ui(W, H, "dark", False, False, with_kb=False).astype(np.float32)
    fr = []
    for t in times(fps, 5.0):
        e = opened(t, 0.3)
        fr.append(A + (B - A) * e)
    write(name, fr, fps, W, H, fmt)


# ---------------- L: lead-rule look-alikes on black ----------------
def lightbox(name, fps, W, H, fmt, portrait=False, crf=20):
    u = W / 390
    P = draw_ui(W, H, "light", False, False, with_kb=False).astype(np.float32)
    tw, th = 150 * u, (200 if portrait else 100) * u
    tx, ty = 20 * u + tw / 2, 320 * u + th / 2
    pw, ph = (W, W * 4 / 3) if portrait else (W, W * 2 / 3)
    img = photo(int(pw), int(ph), 17)
    P[int(ty - th / 2):int(ty + th / 2), int(tx - tw / 2):int(tx + tw / 2)] = _over(
        np.zeros((H, W, 3)), rgba(img), tw, th, tx, ty, W, H)[int(ty - th / 2):int(ty + th / 2), int(tx - tw / 2):int(tx + tw / 2)]
    write(name, grown(P, img, (tw, th, tx, ty), (pw, ph, W / 2, H / 2), fps, 0.35), fps, W, H, fmt, crf=crf)


def grown(P, img, start, end, fps, opening):
    """4.5 s of frames: `img` growing from box `start` to box `end` (width, height, centre x, y)
    over the page `P`, which dims as it opens (`opened(t, opening)`)."""
    H, W = P.shape[:2]
    (w0, h0, x0, y0), (w1, h1, x1, y1) = start, end
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, opening)
        if e == 0:
            fr.append(P); continue
        fr.append(_over(P * (1 - e), rgba(img), w0 + (w1 - w0) * e, h0 + (h1 - h0) * e, x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, W, H))
    return fr


def gallery(name, fps, W, H, fmt, mode="swipe", crf=20):
    L = photo(W, int(W * 2 / 3), 5); Pp = photo(W, int(W * 4 / 3), 9); Pt = photo(int(H * 3 / 4), H, 12)
    seq = [L, Pp, L, Pt, L]
    def place(im, dx, s=1.0):
        ih, iw = im.shape[:2]
        return (rgba(im), iw * s, ih * s, 0, 1.0, W / 2 + dx, H / 2)
    fr = []
    for t in times(fps, 6.0):
        k, p = int(t / 1.2), (t % 1.2)
        a, b = seq[k % 5], seq[(k + 1) % 5]
        if p < 0.85:
            fr.append(compose(W, H, [place(a, 0)], (0, 0, 0))); continue
        q = ease((p - 0.85) / 0.35)
        if mode == "swipe":
            fr.append(compose(W, H, [place(a, -W * q), place(b, W * (1 - q))], (0, 0, 0)))
        else:  # crossfade with a small zoom
            x = compose(W, H, [place(a, 0, 1 + 0.1 * q)], (0, 0, 0)).astype(np.float32)
            y = compose(W, H, [place(b, 0, 0.9 + 0.1 * q)], (0, 0, 0)).astype(np.float32)
            fr.append(x * (1 - q) + y * q)
    write(name, fr, fps, W, H, fmt, crf=crf)


def video_full(name, fps, W, H, fmt, fill=False, crf=20):
    u = W / 390
    P = draw_ui(W, H, "dark", False, False, with_kb=False).astype(np.float32)
    vw, vh = W - int(32 * u), int((W - int(32 * u)) * 9 / 16)
    vx, vy = int(16 * u), int(110 * u)
    vid = photo(vw, vh, 11)
    P[vy:vy + vh, vx:vx + vw] = vid
    big_w, big_h = (H * 16 / 9, H) if fill else (W, W * 9 / 16)
    write(name, grown(P, vid, (vw, vh, vx + vw / 2, vy + vh / 2), (big_w, big_h, W / 2, H / 2), fps, 0.3), fps, W, H, fmt, crf=crf)


def card_flip(name, fps, W, H, fmt, to_portrait=False, crf=20):
    F = photo(int(0.9 * W), int(0.55 * W), 4)
    B = photo(int(0.6 * W), int(0.95 * W), 6) if to_portrait else photo(int(0.9 * W), int(0.55 * W), 7)
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, 0.5)  # 0 front .. 1 back, flipping about the vertical axis
        ang = math.pi * e
        c = abs(math.cos(ang))
        im = F if e < 0.5 else B
        ih, iw = im.shape[:2]
        fr.append(compose(W, H, [(rgba(im), max(1, iw * c), ih * (1 + 0.1 * math.sin(ang)), 0, 1.0, W / 2, H / 2)], (0, 0, 0)))
    write(name, fr, fps, W, H, fmt, crf=crf)


def spinner(name, fps, W, H, fmt, size=0.2, kind="spin", crf=20):
    logo = np.zeros((200, 200, 3), np.uint8); logo[:] = (240, 80, 40); logo[60:140, 20:180] = (255, 255, 255)
    P = draw_ui(W, H, "light", False, False, with_kb=False).astype(np.float32)
    fr = []
    for t in times(fps, 5.0):
        if kind == "spin":   # continuous
            fr.append(compose(W, H, [(rgba(logo), W * size, W * size, 360 * t, 1.0, W / 2, H / 2)], (0, 0, 0)))
        elif kind == "step":  # 90-degree eased steps every second
            a = 90 * (int(t) + ease(min(1, (t % 1) / 0.35)))
            fr.append(compose(W, H, [(rgba(logo), W * size, W * size * 0.5, a, 1.0, W / 2, H / 2)], (0, 0, 0)))
        else:  # splash: a landscape logo turns 90 and grows, then the app fades in
            e = ease(min(max((t - 1.0) / 0.5, 0), 1))
            s = W * size * (1 + 1.5 * e)
            img = compose(W, H, [(rgba(logo), s, s * 0.5, 90 * e, 1.0, W / 2, H / 2)], (0, 0, 0)).astype(np.float32)
            f = min(max((t - 1.6) / 0.3, 0), 1)
            fr.append(img * (1 - f) + P * f)
    write(name, fr, fps, W, H, fmt, crf=crf)


def zoom_card(name, fps, W, H, fmt, crf=20):
    P = draw_ui(W, H, "light", False, False, with_kb=False)
    C = photo(int(0.85 * W), int(0.5 * W), 14)
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, 0.35)
        cw, ch = 0.85 * W + (W - 0.85 * W) * e, 0.5 * W + (H - 0.5 * W) * e
        a = compose(W, H, [(rgba(C), cw, ch, 0, 1.0, W / 2, H / 2)], (0, 0, 0)).astype(np.float32)
        b = compose(W, H, [(rgba(P), cw, ch, 0, 1.0, W / 2, H / 2)], (0, 0, 0)).astype(np.float32)
        fr.append(a * (1 - e) + b * e)
    write(name, fr, fps, W, H, fmt, crf=crf)


def rotate_tool(name, fps, W, H, fmt, crf=20):
    im = photo(int(0.9 * W), int(0.6 * W), 19)
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, 0.35)
        s = 1 + (0.6 / 0.9 * 0 + 1) * 0  # keep scale: turned box fits the width when portrait
        fr.append(compose(W, H, [(rgba(im), 0.9 * W, 0.6 * W, 90 * e, 1.0, W / 2, H / 2)], (0, 0, 0)))
    write(name, fr, fps, W, H, fmt, crf=crf)


# ---------------- T: true rotations ----------------
_fmt = {"mp4": False}
_orig_write_gif = rg.write_gif
def _write_gif(name, frames, fps_expr, W, H):
    if _fmt["mp4"]:
        write(name, frames, fps_expr, W, H, "mp4", crf=23)
    else:
        _orig_write_gif(name, frames, fps_expr, W, H); print("wrote", name, flush=True)
rg.write_gif = _write_gif


def true_rot(name, fam, fps, W, H, theme, ms, mp4=False, **kw):
    _fmt["mp4"] = mp4
    rg.rotation_film(name, fam, fps, W, H, theme, ms, **kw)
    _fmt["mp4"] = False


FILMS = {
    # shift rule
    "S-camera-flicker-15fps.gif": lambda n: camera(n, 15, 390, 844, "gif"),
    "S-camera-flicker-30fps.mp4": lambda n: camera(n, 30, 540, 960, "mp4"),
    "S-camera-flicker-dark-30fps.mp4": lambda n: camera(n, 30, 540, 960, "mp4", dark=True),
    "S-camera-ae-15fps.gif": lambda n: camera(n, 15, 390, 844, "gif", ae=True),
    "S-camera-ae-60fps.mp4": lambda n: camera(n, 60, 540, 960, "mp4", ae=True),
    "S-h264-pump-crf42-g10-30fps.mp4": lambda n: camera(n, 30, 540, 960, "mp4", crf=42, g=10),
    "S-h264-pump-crf45-g15-60fps.mp4": lambda n: camera(n, 60, 540, 960, "mp4", crf=45, g=15),
    "S-gif-palette-15fps.gif": lambda n: palette_gif(n, 15, 390, 844),
    "S-gif-palette-30fps.gif": lambda n: palette_gif(n, 30, 390, 844),
    "S-video-in-app-15fps.gif": lambda n: video_in_app(n, 15, 390, 844, "gif"),
    "S-video-in-app-30fps.mp4": lambda n: video_in_app(n, 30, 540, 1170, "mp4"),
    "S-video-in-app-dark-30fps-crf35.mp4": lambda n: video_in_app(n, 30, 540, 1170, "mp4", theme="dark", crf=35),
    "S-slideshow-cross-15fps.gif": lambda n: slideshow(n, 15, 390, 844, "gif"),
    "S-slideshow-cross-60fps.gif": lambda n: slideshow(n, 60, 390, 844, "gif"),
    "S-slideshow-black-15fps.gif": lambda n: slideshow(n, 15, 390, 844, "gif", mode="black"),
    "S-slideshow-black-30fps.mp4": lambda n: slideshow(n, 30, 540, 1170, "mp4", mode="black"),
    "S-modal-sheet-light-30fps.mp4": lambda n: modal(n, 30, 540, 1170, "mp4"),
    "S-modal-sheet-dark-60fps.gif": lambda n: modal(n, 60, 390, 844, "gif", theme="dark"),
    "S-modal-alert-light-60fps.gif": lambda n: modal(n, 60, 390, 844, "gif", kind="alert", dim=0.5),
    "S-modal-alert-dark-15fps.gif": lambda n: modal(n, 15, 390, 844, "gif", theme="dark", kind="alert", dim=0.6),
    "S-dark-app-30fps.mp4": lambda n: dark_app(n, 30, 540, 1170, "mp4"),
    "S-dark-app-60fps.gif": lambda n: dark_app(n, 60, 390, 844, "gif"),
    "S-theme-switch-30fps.mp4": lambda n: theme_switch(n, 30, 540, 1170, "mp4"),
    "S-theme-switch-15fps.gif": lambda n: theme_switch(n, 15, 390, 844, "gif"),
    # lead rule
    "L-lightbox-10fps.gif": lambda n: lightbox(n, 10, 390, 844, "gif"),
    "L-lightbox-12fps.gif": lambda n: lightbox(n, 12, 390, 844, "gif"),
    "L-lightbox-15fps.gif": lambda n: lightbox(n, 15, 390, 844, "gif"),
    "L-lightbox-30fps.mp4": lambda n: lightbox(n, 30, 540, 1170, "mp4"),
    "L-lightbox-60fps.mp4": lambda n: lightbox(n, 60, 540, 1170, "mp4"),
    "L-lightbox-portrait-12fps.gif": lambda n: lightbox(n, 12, 390, 844, "gif", portrait=True),
    "L-gallery-swipe-10fps.gif": lambda n: gallery(n, 10, 390, 844, "gif"),
    "L-gallery-swipe-15fps.gif": lambda n: gallery(n, 15, 390, 844, "gif"),
    "L-gallery-swipe-30fps.mp4": lambda n: gallery(n, 30, 540, 1170, "mp4"),
    "L-gallery-xfade-12fps.gif": lambda n: gallery(n, 12, 390, 844, "gif", mode="xfade"),
    "L-video-full-10fps.gif": lambda n: video_full(n, 10, 390, 844, "gif"),
    "L-video-full-30fps.mp4": lambda n: video_full(n, 30, 540, 1170, "mp4"),
    "L-video-fill-12fps.gif": lambda n: video_full(n, 12, 390, 844, "gif", fill=True),
    "L-card-flip-10fps.gif": lambda n: card_flip(n, 10, 390, 844, "gif"),
    "L-card-flip-l2p-12fps.gif": lambda n: card_flip(n, 12, 390, 844, "gif", to_portrait=True),
    "L-card-flip-l2p-30fps.mp4": lambda n: card_flip(n, 30, 540, 1170, "mp4", to_portrait=True),
    "L-spinner-small-15fps.gif": lambda n: spinner(n, 15, 390, 844, "gif"),
    "L-spinner-big-step-10fps.gif": lambda n: spinner(n, 10, 390, 844, "gif", size=0.9, kind="step"),
    "L-spinner-big-step-30fps.mp4": lambda n: spinner(n, 30, 540, 1170, "mp4", size=0.9, kind="step"),
    "L-splash-turn-12fps.gif": lambda n: spinner(n, 12, 390, 844, "gif", size=0.5, kind="splash"),
    "L-zoom-card-10fps.gif": lambda n: zoom_card(n, 10, 390, 844, "gif"),
    "L-zoom-card-15fps.gif": lambda n: zoom_card(n, 15, 390, 844, "gif"),
    "L-zoom-card-30fps.mp4": lambda n: zoom_card(n, 30, 540, 1170, "mp4"),
    "L-rotate-tool-12fps.gif": lambda n: rotate_tool(n, 12, 390, 844, "gif"),
    "L-rg-app_switcher-10fps.gif": lambda n: rg.lookalike_film(n[:-4], "app_switcher", 10, 390, 844, "light"),
    "L-rg-photo_viewer-15fps.gif": lambda n: rg.lookalike_film(n[:-4], "photo_viewer", 15, 390, 844, "dark"),
    "L-rg-video_fullscreen-10fps.gif": lambda n: rg.lookalike_film(n[:-4], "video_fullscreen", 10, 390, 844, "dark"),
    "L-rg-crossfade_black-10fps.gif": lambda n: rg.lookalike_film(n[:-4], "crossfade_black", 10, 390, 844, "light"),
    "L-rg-modal_sheet-12fps.gif": lambda n: rg.lookalike_film(n[:-4], "modal_sheet", 12, 390, 844, "dark"),
    # true rotations
    "T-C-10fps-390x844-light-350ms.gif": lambda n: true_rot(n[:-4], "C", 10, 390, 844, "light", 350),
    "T-C-12fps-390x844-light-400ms.gif": lambda n: true_rot(n[:-4], "C", 12, 390, 844, "light", 400),
    "T-C-12fps-480x1040-dark-300ms.gif": lambda n: true_rot(n[:-4], "C", 12, 480, 1040, "dark", 300),
    "T-C-15fps-450x976-dark-450ms.gif": lambda n: true_rot(n[:-4], "C", 15, 450, 976, "dark", 450),
    "T-C-20fps-390x844-light-400ms.gif": lambda n: true_rot(n[:-4], "C", 20, 390, 844, "light", 400),
    "T-C-30fps-540x1170-light-400ms.mp4": lambda n: true_rot(n[:-4], "C", 30, 540, 1170, "light", 400, mp4=True),
    "T-C-12fps-390x844-light-400ms-noise3.gif": lambda n: true_rot(n[:-4], "C", 12, 390, 844, "light", 400, noise=3),
    "T-A-12fps-390x844-light-400ms.gif": lambda n: true_rot(n[:-4], "A", 12, 390, 844, "light", 400),
    "T-A-30fps-540x1170-dark-400ms.mp4": lambda n: true_rot(n[:-4], "A", 30, 540, 1170, "dark", 400, mp4=True),
    "T-B-12fps-390x844-light-400ms.gif": lambda n: true_rot(n[:-4], "B", 12, 390, 844, "light", 400),
    "T-D-12fps-700x700-light-400ms.gif": lambda n: true_rot(n[:-4], "D", 12, 700, 700, "light", 400),
}

# ---------------- round 2: targeted at the two rules' mechanisms ----------------
def reveal(name, fps, W, H, fmt, shape="circle", src="video", crf=20):
    """A landscape video letterboxed on black; at 1.0 s a portrait page is revealed through a shape
    growing from the centre (circular reveal / iris / diamond wipe), held; at 2.9 s it closes again."""
    u = W / 390
    vid = np.zeros((H, W, 3), np.float32)
    vh = int(W * 9 / 16); vy = (H - vh) // 2
    vid[vy:vy + vh] = photo(W, vh, 23) if src == "video" else photo(W, vh, 29)
    P = draw_ui(W, H, "light", False, False, with_kb=False).astype(np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    dx, dy = np.abs(xx + 0.5 - W / 2), np.abs(yy + 0.5 - H / 2)
    R = math.hypot(W / 2, H / 2)
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, 0.4)
        r = R * e
        if shape == "circle":
            m = (dx * dx + dy * dy) <= r * r
        elif shape == "diamond":
            m = (dx + dy) <= r * 1.42
        else:  # ellipse of the frame's aspect
            m = (dx / (W / 2)) ** 2 + (dy / (H / 2)) ** 2 <= (1.42 * e) ** 2
        fr.append(np.where(m[..., None], P, vid))
    write(name, fr, fps, W, H, fmt, crf=crf)


def slowfade_to_video(name, fps, W, H, fmt, fade=1.2, crf=20):
    """A page fades slowly to black (small steps on every tile), a letterboxed landscape video cuts
    in and plays, then the page fades slowly back up."""
    P = draw_ui(W, H, "light", False, False, with_kb=False).astype(np.float32)
    vh = int(W * 9 / 16); vy = (H - vh) // 2
    clip = texture(W * 2, vh, 31)
    fr = []
    for t in times(fps, 6.0):
        if t < 1.0: img = P
        elif t < 1.0 + fade: img = P * (1 - (t - 1.0) / fade)
        elif t < 3.8:
            img = np.zeros((H, W, 3), np.float32); x = int((t - 2.2) / 1.6 * W * 0.9)
            img[vy:vy + vh] = clip[:, x:x + W]
        elif t < 3.8 + fade: img = P * ((t - 3.8) / fade)
        else: img = P
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


def slowdim_card(name, fps, W, H, fmt, theme="light", crf=20):
    """A page dims slowly to 25 % over 1 s, a large portrait card cuts in on the dimmed page, held,
    cut out, the page brightens slowly."""
    P = draw_ui(W, H, theme, False, False, with_kb=False).astype(np.float32)
    C = photo(int(0.8 * W), int(0.7 * H), 37).astype(np.float32)
    y0, x0 = int(0.15 * H), int(0.1 * W)
    fr = []
    for t in times(fps, 6.0):
        if t < 1.0: k = 1
        elif t < 2.0: k = 1 - 0.75 * (t - 1.0)
        elif t < 4.0: k = 0.25
        elif t < 5.0: k = 0.25 + 0.75 * (t - 4.0)
        else: k = 1
        img = P * k
        if 2.1 <= t < 3.9:
            img[y0:y0 + C.shape[0], x0:x0 + C.shape[1]] = C
        fr.append(img)
    write(name, fr, fps, W, H, fmt, crf=crf)


FILMS2 = {
    "L2-reveal-circle-10fps.gif": lambda n: reveal(n, 10, 390, 844, "gif"),
    "L2-reveal-circle-12fps.gif": lambda n: reveal(n, 12, 390, 844, "gif"),
    "L2-reveal-circle-15fps.gif": lambda n: reveal(n, 15, 390, 844, "gif"),
    "L2-reveal-circle-30fps.mp4": lambda n: reveal(n, 30, 540, 1170, "mp4"),
    "L2-reveal-diamond-12fps.gif": lambda n: reveal(n, 12, 390, 844, "gif", shape="diamond"),
    "L2-reveal-diamond-30fps.mp4": lambda n: reveal(n, 30, 540, 1170, "mp4", shape="diamond"),
    "L2-reveal-ellipse-12fps.gif": lambda n: reveal(n, 12, 390, 844, "gif", shape="ellipse"),
    "S2-slowfade-to-video-30fps.gif": lambda n: slowfade_to_video(n, 30, 390, 844, "gif"),
    "S2-slowfade-to-video-60fps.gif": lambda n: slowfade_to_video(n, 60, 390, 844, "gif"),
    "S2-slowfade-to-video-30fps.mp4": lambda n: slowfade_to_video(n, 30, 540, 1170, "mp4"),
    "S2-slowdim-card-30fps.gif": lambda n: slowdim_card(n, 30, 390, 844, "gif"),
    "S2-slowdim-card-dark-60fps.gif": lambda n: slowdim_card(n, 60, 390, 844, "gif", theme="dark"),
    "S2-slowdim-card-30fps.mp4": lambda n: slowdim_card(n, 30, 540, 1170, "mp4"),
}
def rotate_fit(name, fps, W, H, fmt, crf=20):
    """A photo editor's rotate button: a landscape photo fitted to the width on black turns 90 deg
    and grows to fit the width as a portrait photo (1.5x), held, and turns back (no device turn)."""
    im = photo(W, int(W * 2 / 3), 41)
    fr = []
    for t in times(fps, 4.5):
        e = opened(t, 0.35)
        s = 1 + 0.5 * e
        fr.append(compose(W, H, [(rgba(im), W * s, W * 2 / 3 * s, 90 * e, 1.0, W / 2, H / 2)], (0, 0, 0)))
    write(name, fr, fps, W, H, fmt, crf=crf)


FILMS3 = {
    "L3-rotate-fit-10fps.gif": lambda n: rotate_fit(n, 10, 390, 844, "gif"),
    "L3-rotate-fit-12fps.gif": lambda n: rotate_fit(n, 12, 390, 844, "gif"),
    "L3-rotate-fit-30fps.mp4": lambda n: rotate_fit(n, 30, 540, 1170, "mp4"),
}


if __name__ == "__main__":
    pre = sys.argv[1:]
    for table in (FILMS, FILMS2, FILMS3):
        for n, f in table.items():
            if pre and not any(n.startswith(p) for p in pre):
                continue
            if os.path.exists(os.path.join(OUT, n)):
                continue
            # (the T- and L-rg entries draw through rotation-films' own writer, which names the film)
            f(n if n.startswith(("T-", "L-rg")) else n[:-4] if n.endswith((".gif", ".mp4")) else n)
