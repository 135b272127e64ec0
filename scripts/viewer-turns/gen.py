#!/usr/bin/env python3
"""True device rotations while an app shows mostly a picture (photo fitted/filled, paused/playing
video, map, large image): a helper's review of a reverted rule (1c4b8f3), 6 December; 30 films.
usage: VIEWER_TURNS=DIR scripts/viewer-turns/gen.py [PREFIX ...]  -> DIR/films/NAME.{gif,mp4} + NAME.truth.json
       scripts/viewer-turns/score.py OLD_BIN NEW_BIN DIR/films/*.gif DIR/films/*.mp4
(DIR defaults to /tmp/viewer-turns.) On 6 December the build found 34 of the 60 turns.
Families: A  simulator framebuffer, portrait frame, landscape screen drawn sideways (turning on black)
          Q  square canvas 800x800, phone letterboxed/pillarboxed on black, turning
          W  16:9 canvas 1280x720, phone pillarboxed in portrait, letterboxed in landscape
Every film: portrait 1.0 s, turn 0.4 s to landscape, hold 1.5 s, turn back 0.4 s, hold 1.0 s.
Draws with scripts/rotation-films/gen.py's helpers (imported)."""
import importlib.util, json, math, os, sys
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import reviewfilms as rf  # noqa: E402
spec = importlib.util.spec_from_file_location("rg", os.path.join(HERE, "..", "rotation-films", "gen.py"))
rg = importlib.util.module_from_spec(spec); spec.loader.exec_module(rg)
compose, rgba, ease, draw_ui, photo = rg.compose, rg.rgba, rg.ease, rg.draw_ui, rg.photo
OUT = os.path.join(os.environ.get("VIEWER_TURNS", "/tmp/viewer-turns"), "films")

# ---------- world pictures ----------
def resize(img, w, h):
    ih, iw = img.shape[:2]
    ys = np.clip(((np.arange(h) + 0.5) * ih / h).astype(int), 0, ih - 1)
    xs = np.clip(((np.arange(w) + 0.5) * iw / w).astype(int), 0, iw - 1)
    return img[ys][:, xs]

def pic_photo(seed=41, w=1200, h=800):
    return photo(w, h, seed).astype(np.float32)

def pic_centred(w=1200, h=800):  # a bright subject centred on a dark ground (flower, planet, portrait)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.sqrt(((xx - w / 2) / (0.22 * min(w, h))) ** 2 + ((yy - h / 2) / (0.22 * min(w, h))) ** 2)
    img = np.zeros((h, w, 3), np.float32)
    img[..., 0] = 230 * np.exp(-d ** 2); img[..., 1] = 180 * np.exp(-d ** 2 * 1.3); img[..., 2] = 60 * np.exp(-d ** 2)
    img += 12
    return img

def pic_night(seed=7, w=1200, h=800):  # vignetted photo, dark corners
    img = photo(w, h, seed).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.sqrt(((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2)
    return img * np.clip(1.15 - r * 0.9, 0, 1)[..., None] ** 2

def pic_map(dark=False, n=2400, seed=3):
    rs = np.random.RandomState(seed)
    img = np.zeros((n, n, 3), np.float32)
    img[:] = (36, 38, 44) if dark else (242, 238, 228)
    park, water, road, major = ((40, 70, 50), (30, 50, 80), (70, 72, 80), (120, 110, 70)) if dark else \
        ((200, 230, 190), (170, 210, 240), (255, 255, 255), (255, 215, 120))
    for _ in range(25):
        x, y, a, b = rs.randint(0, n, 4); a, b = 60 + a % 250, 60 + b % 250
        img[y:y + b, x:x + a] = park
    img[:, int(n * 0.62):int(n * 0.68)] = water
    for k in range(0, n, 90):
        img[k:k + 6, :] = road; img[:, k + rs.randint(0, 40):k + 6 + rs.randint(0, 40)] = road
    for k in (n // 3, 2 * n // 3 + 50):
        img[k:k + 16, :] = major
    yy, xx = np.mgrid[0:n, 0:n]
    img[np.abs(xx - yy - 200) < 9] = major
    return img

def pic_video(t, w=1280, h=720):  # a video frame (pans when playing)
    base = photo(w * 2, h, 23).astype(np.float32)
    x = int((w * 0.5) * (t / 5.0))
    return base[:, x:x + w]

# ---------- a phone screen showing a picture ----------
THEME = {"dark": dict(bg=(0, 0, 0), bar=(22, 22, 24), ink=(235, 235, 240), tint=(10, 132, 255)),
         "light": dict(bg=(255, 255, 255), bar=(248, 248, 248), ink=(0, 0, 0), tint=(0, 122, 255))}

def viewer(w, h, land, pic, fit=True, chrome=True, theme="dark", play=False, mapcrop=False):
    """w x h device pixels; pic: float HxWx3 world picture; fit keeps aspect (boxed on bg), else fills."""
    T = THEME[theme]; u = min(w, h) / 390.0
    img = np.zeros((h, w, 3), np.float32); img[:] = T["bg"]
    if mapcrop:  # a map: same scale, same centre, north up
        ph, pw = pic.shape[:2]; sc = 1.4
        cw, ch = int(w / sc), int(h / sc)
        img[:] = resize(pic[ph // 2 - ch // 2: ph // 2 - ch // 2 + ch, pw // 2 - cw // 2: pw // 2 - cw // 2 + cw], w, h)
    else:
        ph, pw = pic.shape[:2]
        s = min(w / pw, h / ph) if fit else max(w / pw, h / ph)
        dw, dh = int(round(pw * s)), int(round(ph * s))
        im = resize(pic, dw, dh)
        x0, y0 = (w - dw) // 2, (h - dh) // 2
        sx0, sy0 = max(0, -x0), max(0, -y0)
        img[max(0, y0):max(0, y0) + min(h, dh), max(0, x0):max(0, x0) + min(w, dw)] = im[sy0:sy0 + min(h, dh), sx0:sx0 + min(w, dw)]
    if play:  # video controls: a scrubber and a play glyph
        rg.rect(img, w / 2 - 14 * u, h / 2 - 16 * u, w / 2 + 14 * u, h / 2 + 16 * u, (240, 240, 240))
        rg.rect(img, 30 * u, h - 60 * u, w - 30 * u, h - 56 * u, (200, 200, 200))
        rg.rect(img, 30 * u, h - 60 * u, w * 0.4, h - 56 * u, (255, 255, 255))
    if chrome:
        top = 0
        if not land:  # status bar
            rg.rect(img, 0, 0, w, 47 * u, T["bar"])
            rg.rect(img, 38 * u, 18 * u, 70 * u, 30 * u, T["ink"]); rg.rect(img, w - 70 * u, 19 * u, w - 40 * u, 30 * u, T["ink"])
            top = 47 * u
        nh = (32 if land else 44) * u
        rg.rect(img, 0, top, w, top + nh, T["bar"])
        rg.rect(img, 16 * u, top + nh * 0.3, 60 * u, top + nh * 0.7, T["tint"])
        rg.rect(img, w / 2 - 40 * u, top + nh * 0.3, w / 2 + 40 * u, top + nh * 0.7, T["ink"])
        rg.rect(img, w - 60 * u, top + nh * 0.3, w - 16 * u, top + nh * 0.7, T["tint"])
        tb = (40 if land else 83) * u
        rg.rect(img, 0, h - tb, w, h, T["bar"])
        for k in range(4):
            cx = w * (k + 0.5) / 4
            rg.rect(img, cx - 10 * u, h - tb + 10 * u, cx + 10 * u, h - tb + 28 * u, T["tint"])
    return np.clip(img, 0, 255).astype(np.uint8)

def listui(w, h, land, theme="light"):
    T = THEME[theme]; u = min(w, h) / 390.0
    img = np.zeros((h, w, 3), np.uint8); img[:] = (242, 242, 247) if theme == "light" else (0, 0, 0)
    y = 0 if land else 47 * u
    rg.rect(img, 0, 0, w, y + 44 * u, T["bar"]); rg.rect(img, 16 * u, y + 12 * u, 120 * u, y + 34 * u, T["ink"])
    y += 60 * u; rs = np.random.RandomState(5)
    cell = (255, 255, 255) if theme == "light" else (28, 28, 30)
    while y + 44 * u < h - 34 * u:
        rg.rect(img, 16 * u, y, w - 16 * u, y + 44 * u, cell)
        rg.rect(img, 26 * u, y + 8 * u, 54 * u, y + 36 * u, tuple(int(v) for v in rs.randint(40, 250, 3)))
        rg.rect(img, 66 * u, y + 16 * u, 66 * u + (w - 120 * u) * rs.uniform(0.3, 0.9), y + 28 * u, T["ink"])
        y += 50 * u
    return img

def textui(w, h, land, theme="light"):
    return draw_ui(w, h, theme, land, False, with_kb=False)

# ---------- films ----------
def film(name, fam, fps, fmt, screen, t_dur=0.4, direction=1, crf=20):
    """screen(w, h, land, t) -> uint8 device picture."""
    if fam == "A":
        W, H = (390, 844) if fmt == "gif" else (540, 1170)
        CW, CH = W, H
        pw, ph, lw, lh = W, H, H, W
    else:
        CW, CH = (800, 800) if fam == "Q" else (1280, 720)
        a = min(CW / 390, CH / 844); b = min(CW / 844, CH / 390)
        pw, ph = int(round(390 * a)) // 2 * 2, int(round(844 * a)) // 2 * 2
        lw, lh = int(round(844 * b)) // 2 * 2, int(round(390 * b)) // 2 * 2
    t1, t2 = 1.0, 1.0 + t_dur + 1.5
    tend = t2 + t_dur + 1.0
    cache = {}
    def scr(land, t):
        key = (land, round(t, 3) if screen.__dict__.get("moving") else 0)
        if key not in cache:
            cache[key] = rgba(screen(lw, lh, True, t) if land else screen(pw, ph, False, t))
        return cache[key]
    cx, cy = CW / 2, CH / 2
    frames = []
    n = int(round(tend * fps))
    for i in range(n):
        t = i / fps + 1e-6
        if t < t1: e = 0.0
        elif t < t1 + t_dur: e = ease((t - t1) / t_dur)
        elif t < t2: e = 1.0
        elif t < t2 + t_dur: e = 1 - ease((t - t2) / t_dur)
        else: e = 0.0
        land = e >= 0.5
        if fam == "A":
            ow = W + (H - W) * e; oh = H + (W - H) * e
            lay = (scr(land, t), ow, oh, direction * 90 * e, 1.0, cx, cy)
        else:
            send = lw / ph; s = 1 + (send - 1) * e
            if not land: lay = (scr(False, t), pw * s, ph * s, direction * 90 * e, 1.0, cx, cy)
            else: lay = (scr(True, t), lw * s / send, lh * s / send, direction * (90 * e - 90), 1.0, cx, cy)
        frames.append(compose(CW, CH, [lay], (0, 0, 0)))
    os.makedirs(OUT, exist_ok=True)
    path = rf.pipe(os.path.join(OUT, f"{name}.{fmt}"), frames, fps, fmt, crf=crf)
    json.dump(dict(turns=[[int(t1 * 1000), int((t1 + t_dur) * 1000)], [int(t2 * 1000), int((t2 + t_dur) * 1000)]]),
              open(os.path.join(OUT, name + ".truth.json"), "w"))
    print("wrote", path, flush=True)

def S(fn, moving=False):
    fn.moving = moving
    return fn

PH, PN, PC = pic_photo(), pic_night(), pic_centred()
PP = pic_photo(52, 800, 1200)          # a portrait photo
ART = pic_photo(61, 1000, 1000)        # a large square image (album art / poster)
MAPL, MAPD = pic_map(False), pic_map(True)
V0 = pic_video(0)

def v(pic, **kw): return S(lambda w, h, land, t: viewer(w, h, land, pic, **kw))
playing = S(lambda w, h, land, t: viewer(w, h, land, pic_video(t), chrome=False, play=True), moving=True)

FILMS = {
 # family A: portrait frame, landscape drawn sideways
 "A-photo-fit-immersive-12fps.gif":     ("A", 12, v(PH, fit=True, chrome=False)),
 "A-photo-fit-dark-chrome-15fps.gif":   ("A", 15, v(PH, fit=True, chrome=True, theme="dark")),
 "A-photo-fit-light-chrome-10fps.gif":  ("A", 10, v(PH, fit=True, chrome=True, theme="light")),
 "A-photo-fit-immersive-30fps.mp4":     ("A", 30, v(PH, fit=True, chrome=False)),
 "A-photo-fit-dark-chrome-60fps.mp4":   ("A", 60, v(PH, fit=True, chrome=True, theme="dark")),
 "A-portrait-photo-fit-immersive-12fps.gif": ("A", 12, v(PP, fit=True, chrome=False)),
 "A-night-fill-immersive-12fps.gif":    ("A", 12, v(PN, fit=False, chrome=False)),
 "A-centred-fill-immersive-30fps.mp4":  ("A", 30, v(PC, fit=False, chrome=False)),
 "A-video-paused-15fps.gif":            ("A", 15, v(V0, fit=True, chrome=False, play=True)),
 "A-video-playing-30fps.mp4":           ("A", 30, playing),
 "A-map-dark-12fps.gif":                ("A", 12, S(lambda w, h, land, t: viewer(w, h, land, MAPD, mapcrop=True, chrome=True, theme="dark"))),
 "A-art-fit-dark-chrome-30fps.mp4":     ("A", 30, v(ART, fit=True, chrome=True, theme="dark")),
 # square canvas
 "Q-photo-fit-immersive-12fps.gif":     ("Q", 12, v(PH, fit=True, chrome=False)),
 "Q-photo-fit-light-chrome-15fps.gif":  ("Q", 15, v(PH, fit=True, chrome=True, theme="light")),
 "Q-photo-fit-dark-chrome-30fps.mp4":   ("Q", 30, v(PH, fit=True, chrome=True, theme="dark")),
 "Q-photo-fill-immersive-10fps.gif":    ("Q", 10, v(PH, fit=False, chrome=False)),
 "Q-centred-fill-immersive-60fps.mp4":  ("Q", 60, v(PC, fit=False, chrome=False)),
 "Q-video-paused-light-12fps.gif":      ("Q", 12, v(V0, fit=True, chrome=True, theme="light", play=True)),
 "Q-map-light-30fps.mp4":               ("Q", 30, S(lambda w, h, land, t: viewer(w, h, land, MAPL, mapcrop=True, chrome=True, theme="light"))),
 "Q-ctl-list-light-12fps.gif":          ("Q", 12, S(lambda w, h, land, t: listui(w, h, land, "light"))),
 "Q-ctl-text-dark-30fps.mp4":           ("Q", 30, S(lambda w, h, land, t: textui(w, h, land, "dark"))),
 # 16:9 canvas
 "W-photo-fit-immersive-15fps.gif":     ("W", 15, v(PH, fit=True, chrome=False)),
 "W-photo-fit-light-chrome-12fps.gif":  ("W", 12, v(PH, fit=True, chrome=True, theme="light")),
 "W-photo-fit-dark-chrome-60fps.mp4":   ("W", 60, v(PH, fit=True, chrome=True, theme="dark")),
 "W-photo-fill-immersive-30fps.mp4":    ("W", 30, v(PH, fit=False, chrome=False)),
 "W-centred-fill-immersive-12fps.gif":  ("W", 12, v(PC, fit=False, chrome=False)),
 "W-art-fit-light-chrome-30fps.mp4":    ("W", 30, v(ART, fit=True, chrome=True, theme="light")),
 "W-map-dark-15fps.gif":                ("W", 15, S(lambda w, h, land, t: viewer(w, h, land, MAPD, mapcrop=True, chrome=True, theme="dark"))),
 "W-ctl-list-dark-30fps.mp4":           ("W", 30, S(lambda w, h, land, t: listui(w, h, land, "dark"))),
 "W-ctl-text-light-12fps.gif":          ("W", 12, S(lambda w, h, land, t: textui(w, h, land, "light"))),
}

if __name__ == "__main__":
    pre = sys.argv[1:]
    for i, (n, (fam, fps, scr)) in enumerate(FILMS.items()):
        if pre and not any(n.startswith(p) for p in pre): continue
        if os.path.exists(os.path.join(OUT, n)): continue
        film(n.rsplit(".", 1)[0], fam, fps, n.rsplit(".", 1)[1], scr, direction=1 if i % 2 == 0 else -1)
