#!/usr/bin/env python3
"""Adversarial fold films for 1da331e (unfold_return_share): refits of same-layout apps that may be
read as unfolds, look-alikes (half black and back) and things done while folded, and true unfolds
coming back only partly.

usage: FOLD_REVIEW_FILMS=DIR review.py [PREFIX ...]   films + NAME.json truths into DIR (default
                                                      /tmp/review-fold/films)
       FOLD_REVIEW_BINS="OLD NEW" review.py --check [PREFIX ..]   runs both binaries (FRAMEDIFF_DEBUG=1)
(a review's films of 6 December: families R refits of apps with one layout on both displays, U true
unfolds after a refit, A things done while folded, H look-alikes with no fold; README names them;
Q, 7 December: folds laid out anew soon after the squeeze)
"""
import json, os, subprocess, sys, re
from concurrent.futures import ThreadPoolExecutor
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import reviewfilms as rf  # noqa
import importlib.util
_spec = importlib.util.spec_from_file_location("fsgen", os.path.join(HERE, "gen.py"))
fs = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(fs)

OUT = os.environ.get("FOLD_REVIEW_FILMS", "/tmp/review-fold/films")
TH = fs.THEMES
DIV = {"light": (222, 222, 228), "dark": (52, 54, 64)}


def canvas(w, H, th):
    img = np.zeros((H, w, 3), np.uint8); img[:] = th["page"]; return img


def bars(img, w, H, u, th, seed=1):
    fs.status_bar(img, 0, w, u, th, seed); fs.nav_bar(img, 0, w, H, u, th)


# ---------------- single-pane layouts (the same on both displays, same density u) ----------------
def lay_list(w, H, u, th, tn, seed=3, scroll=0, extra=False):
    img = canvas(w, H, th)
    fs.words(img, 16 * u, 40 * u, 90 * u, 12 * u, th["fg"], seed)
    rf.disc(img, w - 24 * u, 46 * u, 8 * u, th["fg"])
    y = 80 * u - scroll
    k = 0
    if extra:  # a new item at the top
        rf.disc(img, 36 * u, y + 30 * u, 18 * u, (240, 160, 40))
        fs.words(img, 68 * u, y + 16 * u, min(w * 0.45, 130 * u), 9 * u, th["fg"], seed + 99)
        fs.words(img, 68 * u, y + 34 * u, min(w * 0.6, 180 * u), 7 * u, th["fg2"], seed + 98)
        rf.rect(img, 68 * u, y + 63 * u, w, 1 * u, DIV[tn]); y += 64 * u
    while y < H - 60 * u:
        if y > 60 * u:
            rf.disc(img, 36 * u, y + 30 * u, 18 * u, fs.ACC[k % 5])
            fs.words(img, 68 * u, y + 16 * u, min(w * 0.45, 130 * u), 9 * u, th["fg"], seed + 2 * k)
            fs.words(img, 68 * u, y + 34 * u, min(w * 0.6, 180 * u), 7 * u, th["fg2"], seed + 2 * k + 1)
            rf.rect(img, 68 * u, y + 63 * u, w, 1 * u, DIV[tn])
        y += 64 * u; k += 1
    rf.rect(img, 0, 0, w, 30 * u, th["page"])
    bars(img, w, H, u, th)
    return img


def lay_settings(w, H, u, th, tn, seed=5, toggles=True):
    img = canvas(w, H, th)
    fs.words(img, 16 * u, 40 * u, 80 * u, 13 * u, th["fg"], seed)
    y = 84 * u; k = 0
    while y < H - 70 * u:
        if k % 5 == 0:
            fs.words(img, 16 * u, y + 10 * u, 70 * u, 7 * u, th["acc"], seed + 50 + k)
            y += 30 * u
        fs.words(img, 16 * u, y + 12 * u, min(w * 0.5, 120 * u), 9 * u, th["fg"], seed + 3 * k)
        fs.words(img, 16 * u, y + 30 * u, min(w * 0.6, 160 * u), 7 * u, th["fg2"], seed + 3 * k + 1)
        if toggles and k % 2 == 0:
            on = k % 4 == 0
            rf.rect(img, w - 52 * u, y + 20 * u, 32 * u, 12 * u, th["acc"] if on else DIV[tn])
            rf.disc(img, w - (26 if on else 46) * u, y + 26 * u, 8 * u, (250, 250, 250))
        rf.rect(img, 16 * u, y + 55 * u, w - 16 * u, 1 * u, DIV[tn])
        y += 56 * u; k += 1
    bars(img, w, H, u, th)
    return img


def lay_sparse(w, H, u, th, tn, seed=7):
    img = canvas(w, H, th)
    fs.words(img, 16 * u, 40 * u, 80 * u, 13 * u, th["fg"], seed)
    rf.rect(img, 0, 70 * u, w, 1 * u, DIV[tn])
    rf.disc(img, w / 2, H * 0.4, 30 * u, DIV[tn])
    fs.words(img, w / 2 - 60 * u, H * 0.4 + 48 * u, 120 * u, 9 * u, th["fg2"], seed + 1)
    rf.disc(img, w - 44 * u, H - 90 * u, 24 * u, th["acc"])
    bars(img, w, H, u, th)
    return img


def lay_login(w, H, u, th, tn, seed=9):
    img = canvas(w, H, th)
    rf.disc(img, w / 2, H * 0.2, 28 * u, th["acc"])
    fs.words(img, w / 2 - 50 * u, H * 0.2 + 44 * u, 100 * u, 12 * u, th["fg"], seed)
    for k in range(2):
        y = H * 0.38 + k * 64 * u
        rf.rect(img, 24 * u, y, w - 48 * u, 48 * u, th["fg2"])
        rf.rect(img, 25 * u, y + 1 * u, w - 50 * u, 46 * u, th["page"])
        fs.words(img, 40 * u, y + 18 * u, 60 * u, 9 * u, th["fg2"], seed + 1 + k)
    rf.rect(img, 24 * u, H * 0.38 + 140 * u, w - 48 * u, 44 * u, th["acc"])
    fs.words(img, w / 2 - 28 * u, H * 0.38 + 157 * u, 56 * u, 9 * u, (250, 250, 250), seed + 5)
    fs.words(img, w / 2 - 55 * u, H * 0.38 + 210 * u, 110 * u, 7 * u, th["acc"], seed + 6)
    bars(img, w, H, u, th)
    return img


_PHOTO = {}


def photo_src(H, seed=4):
    if (H, seed) not in _PHOTO:
        rs = np.random.RandomState(seed)
        Wp = H * 2
        yy, xx = np.mgrid[0:H, 0:Wp].astype(np.float32)
        img = np.zeros((H, Wp, 3), np.float32)
        img[:] = np.array([90, 130, 190], np.float32) * (1 - yy[..., None] / H) + np.array([30, 60, 40], np.float32) * (yy[..., None] / H)
        for _ in range(40):
            cx, cy, r = rs.uniform(0, Wp), rs.uniform(0, H), rs.uniform(0.03, 0.15) * H
            col = rs.uniform(-60, 60, 3)
            img += np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))[..., None] * col
        _PHOTO[(H, seed)] = np.clip(img, 0, 255)
    return _PHOTO[(H, seed)]


def lay_photo(w, H, u, th, tn, seed=4, fit="crop"):
    src = photo_src(H, seed)
    if fit == "crop":   # centerCrop, same height: the middle w columns at the same scale
        x0 = (src.shape[1] - w) // 2
        img = src[:, x0:x0 + w].copy()
    else:               # fitXY: the picture resampled to the width
        img = fs.xscale(src, w)
    img = np.clip(img, 0, 255).astype(np.uint8)
    fs.status_bar(img, 0, w, u, dict(fg=(250, 250, 250)), 1)
    fs.words(img, 16 * u, H - 80 * u, min(w * 0.5, 140 * u), 10 * u, (250, 250, 250), seed + 3)
    return img


LAYOUTS = dict(list=lay_list, settings=lay_settings, sparse=lay_sparse, login=lay_login, photo=lay_photo)


def stretch(B, W, H, vs=1.0):
    """The emulator's refit: the outer display's picture stretched to the frame's width; vs<1:
    the layout rendered on a taller outer display, shown scaled vertically by vs."""
    S = fs.xscale(B.astype(np.float32), W)
    if vs != 1.0:
        # B was rendered at H/vs rows: resample rows to H
        y = (np.arange(H) + 0.5) * B.shape[0] / H - 0.5
        i0 = np.clip(np.floor(y).astype(int), 0, B.shape[0] - 1); i1 = np.clip(i0 + 1, 0, B.shape[0] - 1)
        f = (y - np.floor(y))[:, None, None]
        S = S[i0] * (1 - f) + S[i1] * f
    return S


# ---------------- sequencer ----------------
class Seq:
    def __init__(self):
        self.segs = []; self.t = 0.0; self.ev = []

    def hold(self, pic, d):
        self.segs.append((self.t, self.t + d, lambda p, a=pic: a)); self.t += d; return self

    def xfade(self, a, b, d):
        a, b = a.astype(np.float32), b.astype(np.float32)
        self.segs.append((self.t, self.t + d, lambda p, a=a, b=b: a * (1 - p) + b * p)); self.t += d; return self

    def fn(self, f, d):
        self.segs.append((self.t, self.t + d, f)); self.t += d; return self

    def mark(self, kind, t0):
        self.ev.append(dict(kind=kind, start_ms=t0 * 1000, end_ms=self.t * 1000))

    def at(self, t):
        for a, b, f in self.segs:
            if t < b:
                return np.asarray(f((t - a) / (b - a) if b > a else 1.0), np.float32)
        a, b, f = self.segs[-1]
        return np.asarray(f(1.0), np.float32)


def fold_into(s, A, B, W, H, band, side, refit="stretch", vs=1.0, Bt=None, hold_sq=1.0, hold_small=1.0, squeeze_ms=0):
    """A true emulator fold from picture A: squeezed beside the band, crossfaded to the folded layout
    B (Ws wide), then refit (stretched; Bt: B rendered taller for vs<1) or not. Returns the folded
    picture shown after it."""
    Ws = B.shape[1]
    t0 = s.t
    band = np.array(band, np.float32)
    if squeeze_ms:
        s.fn(lambda p: fs.place(band, W, H, fs.xscale(A, int(round(W + (Ws - W) * rf.ease(p)))), side), squeeze_ms / 1000)
    Asq = fs.place(band, W, H, fs.xscale(A, Ws), side)
    small = fs.place(band, W, H, B, side)
    s.hold(Asq, hold_sq).xfade(Asq, small, 0.12).hold(small, hold_small)
    if refit is None:
        s.mark("close", t0); return small
    R = stretch(Bt if Bt is not None else B, W, H, vs)
    if refit == "stretch":
        mid = fs.place(band, W, H, stretch(Bt if Bt is not None else B, int(Ws + (W - Ws) * 0.55), H, vs), side)
        s.hold(mid, 0.042)
    elif isinstance(refit, str) and refit.startswith("ease"):
        ms = int(refit[4:])
        s.fn(lambda p, a=small, b=R: a * (1 - rf.ease(p)) + b * rf.ease(p), ms / 1000)
    else:
        s.xfade(small, R, refit / 1000)
    s.hold(R, 0.001)
    s.mark("close", t0)
    return R


# ---------------- films ----------------
def film(o):
    W, H, tn = o["W"], o["H"], o.get("theme", "light")
    th = TH[tn]; u = W / 540 * o.get("dens", 1.0)
    share = o.get("share", 0.5); Ws = int(round(W * share))
    band, side = o.get("band", (0, 0, 0)), o.get("side", "L")
    lay = o.get("lay", "list")
    vs = o.get("vs", 1.0)
    s = Seq()
    kind = o["kind"]
    if lay == "todo":
        A = fs.unfolded(W, H, th).astype(np.float32)
        B = fs.folded(Ws, H, th).astype(np.float32)
        Bt = fs.folded(Ws, int(round(H / vs)), th).astype(np.float32) if vs != 1 else None
        lf = lambda w, h, **k: fs.folded(w, h, th)
    else:
        L = LAYOUTS[lay]
        kw = o.get("lkw", {})
        lf = lambda w, h, **k: L(w, h, u, th, tn, **dict(kw, **k)).astype(np.float32)
        A = lf(W, H); B = lf(Ws, H)
        Bt = lf(Ws, int(round(H / vs))) if vs != 1 else None
    s.hold(A, o.get("t0", 1.0))
    if kind == "fold":
        R = fold_into(s, A, B, W, H, band, side, o.get("refit", "stretch"), vs, Bt, squeeze_ms=o.get("squeeze_ms", 0))
        s.hold(R, o.get("folded_s", 2.0))
        after = o.get("after")
        if after == "nav":       # the folded app opens another page and comes back
            P = stretch(LAYOUTS["settings"](Ws, H, u, th, tn).astype(np.float32), W, H)
            s.xfade(R, P, 0.25).hold(P, 1.2).xfade(P, R, 0.25).hold(R, 1.5)
        elif after == "refresh":
            sp = R.copy()
            def pull(p, R=R):
                d = int(60 * u * (1 - abs(2 * p - 1)))
                f = R.copy()
                if d > 0:
                    f[int(80 * u) + d:] = R[int(80 * u):H - d]
                    f[int(80 * u):int(80 * u) + d] = th["page"]
                    rf.disc(f, W / 2, 80 * u + d / 2, 14 * u, th["acc"])
                return f
            s.fn(pull, 1.2).hold(R, 1.5)
        elif after == "dialog":
            D = R * 0.45
            rf.rect(D, W * 0.12, H * 0.35, W * 0.76, H * 0.25, th["surf"])
            fs.words(D, W * 0.16, H * 0.39, W * 0.5, 10 * u, th["fg"], 77)
            fs.words(D, W * 0.6, H * 0.54, W * 0.22, 9 * u, th["acc"], 78)
            s.xfade(R, D, 0.2).hold(D, 1.2).xfade(D, R, 0.2).hold(R, 1.5)
        elif after == "rotate":
            Lw = int(H * 0.45)
            land = fs.xscale(lf(int(H * 2 / 2), Lw), W) if lay != "todo" else fs.xscale(fs.folded(H, Lw, th).astype(np.float32), W)
            RL = np.zeros_like(R); y0 = (H - Lw) // 2; RL[y0:y0 + Lw] = land
            s.xfade(R, RL * 0.2, 0.15).xfade(RL * 0.2, RL, 0.2).hold(RL, 1.5)
            s.xfade(RL, R * 0.2, 0.15).xfade(R * 0.2, R, 0.2).hold(R, 1.5)
        elif after == "detail":  # the folded (refit) ToDo app opens its list: the detail page stretched
            Dp = np.zeros((H, Ws, 3), np.uint8); Dp[:] = th["page"]
            fs.detail_pane(Dp, 0, Ws, H, Ws / 270, th, 5); fs.status_bar(Dp, 0, Ws, Ws / 270, th, 3); fs.nav_bar(Dp, 0, Ws, H, Ws / 270, th)
            P = stretch(Dp.astype(np.float32), W, H)
            s.xfade(R, P, 0.25).hold(P, 2.0)
            if o.get("detail_back"):
                s.xfade(P, R, 0.25).hold(R, 1.5)
        un = o.get("unfold")
        if un:
            A2 = A
            if un == "new":
                A2 = lf(W, H, extra=True) if lay == "list" else A
            elif un == "scroll":
                A2 = lf(W, H, scroll=int(64 * u * o.get("rows", 1)))
            elif un == "badge":   # the clock ticked, one new badge
                A2 = A.copy(); rf.disc(A2, W - 60 * u, 46 * u, 6 * u, (230, 60, 60))
                fs.words(A2, 12 * u, 8 * u, 28 * u, 8 * u, th["fg"], 44)
            t1 = s.t
            s.xfade(R, A2, o.get("unfold_ms", 250) / 1000)
            s.mark("open", t1)
        s.hold(s.at(s.t - 1e-6), 1.2)
    elif kind == "fastfold":
        # a fold whose app lays itself out anew in the small display soon after the squeeze
        # (`hold_sq` s), no refit, and the unfold 2 s later (a review of 3f40f50's pane rule)
        R = fold_into(s, A, B, W, H, band, side, refit=None, hold_sq=o.get("hold_sq", 0.1), hold_small=2.0)
        s.hold(R, 1.0)
        t1 = s.t
        s.xfade(R, A, 0.25)
        s.mark("open", t1)
        s.hold(A, 1.5)
    elif kind == "halfback":
        # no fold: one side goes to a flat dark fill (all rows) and comes back
        K = A.copy()
        w2 = int(W * o.get("frac", 0.5))
        dark = np.array(o.get("fill", (0, 0, 0)), np.float32)
        if o.get("fside", "R") == "R":
            K[:, W - w2:] = dark
        else:
            K[:, :w2] = dark
        back = A
        if o.get("back") == "scrolled":   # the pane comes back with the other pane scrolled meanwhile
            back = lf(W, H, scroll=int(128 * u))
        elif o.get("back") == "changed":   # the video pane comes back on another frame
            back = A.copy(); rf.tex(back, W - w2, 0, w2, H, 99) if o.get("fside", "R") == "R" else rf.tex(back, 0, 0, w2, H, 99)
        trans = o.get("trans", 0.25)
        if o.get("slide"):
            def slide_in(p, A=A, K=K):
                x = int(w2 * rf.ease(p)); f = A.copy(); f[:, W - x:] = dark; return f
            def slide_out(p, A=back):
                x = int(w2 * (1 - rf.ease(p))); f = A.copy()
                if x: f[:, W - x:] = dark
                return f
            s.fn(slide_in, trans).hold(K, o.get("hold", 1.5)).fn(slide_out, trans)
        else:
            s.xfade(A, K, trans).hold(K, o.get("hold", 1.5)).xfade(K, back, trans)
        if o.get("again"):   # later: the same picture again after an excursion
            P = A * 0.45; rf.rect(P, W * 0.12, H * 0.35, W * 0.76, H * 0.25, th["surf"])
            s.hold(back, 1.0).xfade(back, P, 0.2).hold(P, 1.0).xfade(P, A, 0.2)
        s.hold(s.at(s.t - 1e-6), 1.5)
    return s


def build(A_fn, o):
    pass


def make_one(j):
    s = film(j["o"])
    fps = j["fps"]
    frames = [s.at(i / fps) for i in range(int(round(s.t * fps)))]
    path = os.path.join(OUT, j["name"] + "." + j["fmt"])
    fs.encode(path, frames, fps, j["fmt"], j.get("vfr", False))
    json.dump(dict(film=os.path.basename(path), events=s.ev, o=j["o"], fps=fps), open(os.path.join(OUT, j["name"] + ".json"), "w"), indent=1)
    return j["name"]


def jobs():
    J = []

    def F(name, fmt, fps, **o):
        J.append(dict(name=name, fmt=fmt, fps=fps, vfr=o.pop("vfr", False), o=o))
    P = dict(W=540, H=1200); G = dict(W=360, H=800); Q = dict(W=720, H=1600); E = dict(W=540, H=608)
    # group 1: same-layout refits (no unfold: truth = close only)
    n = 0
    for lay in ("list", "settings", "sparse", "login", "photo"):
        for tn in ("light", "dark"):
            for vs in (1.0, 0.88):
                n += 1
                F(f"R{n:02d}-{lay}-{tn}-vs{int(vs*100)}", "mp4", 30, **P, kind="fold", lay=lay, theme=tn, vs=vs)
    F("R21-list-light-gif", "gif", 15, **G, kind="fold", lay="list", theme="light")
    F("R22-settings-light-gif", "gif", 15, **G, kind="fold", lay="settings", theme="light")
    F("R23-sparse-dark-gif", "gif", 15, **G, kind="fold", lay="sparse", theme="dark")
    F("R24-settings-light-60-720", "mp4", 60, **Q, kind="fold", lay="settings", theme="light", vfr=True)
    F("R25-list-light-xfaderefit", "mp4", 30, **P, kind="fold", lay="list", theme="light", refit=200)
    F("R26-settings-dark-xfaderefit", "mp4", 30, **P, kind="fold", lay="settings", theme="dark", refit=300)
    F("R27-sparse-light-xfaderefit-gif", "gif", 15, **G, kind="fold", lay="sparse", theme="light", refit=200)
    F("R28-photo-fit-light", "mp4", 30, **P, kind="fold", lay="photo", lkw=dict(fit="xy"))
    F("R29-photo-fit-gif", "gif", 15, **G, kind="fold", lay="photo", lkw=dict(fit="xy"))
    F("R30-settings-notoggle-light", "mp4", 30, **P, kind="fold", lay="settings", theme="light", lkw=dict(toggles=False))
    F("R31-settings-notoggle-dark", "mp4", 30, **P, kind="fold", lay="settings", theme="dark", lkw=dict(toggles=False))
    F("R32-list-light-R-side", "mp4", 30, **P, kind="fold", lay="list", theme="light", side="R")
    F("R33-settings-light-greyband", "mp4", 30, **P, kind="fold", lay="settings", theme="light", band=(32, 33, 36))
    F("R34-todo-dark-real", "mp4", 30, **E, kind="fold", lay="todo", theme="dark")
    F("R35-todo-light", "mp4", 30, **E, kind="fold", lay="todo", theme="light")
    # group 1 with the true unfold after it (a refit misread as unfold also loses the unfold)
    F("U01-list-light-unfold", "mp4", 30, **P, kind="fold", lay="list", theme="light", unfold="same")
    F("U02-settings-light-unfold", "mp4", 30, **P, kind="fold", lay="settings", theme="light", unfold="same")
    F("U03-list-dark-unfold-new", "mp4", 30, **P, kind="fold", lay="list", theme="dark", unfold="new")
    F("U04-list-light-unfold-scroll1", "mp4", 30, **P, kind="fold", lay="list", theme="light", unfold="scroll", rows=1)
    F("U05-list-light-unfold-scroll025", "mp4", 30, **P, kind="fold", lay="list", theme="light", unfold="scroll", rows=0.25)
    F("U06-todo-dark-unfold-badge", "mp4", 30, **E, kind="fold", lay="todo", theme="dark", unfold="badge")
    F("U07-todo-light-unfold-same-gif", "gif", 15, **dict(W=400, H=450), kind="fold", lay="todo", theme="light", unfold="same")
    F("U08-list-light-unfold-new-gif", "gif", 15, **G, kind="fold", lay="list", theme="light", unfold="new")
    F("U09-sparse-dark-unfold", "mp4", 60, **P, kind="fold", lay="sparse", theme="dark", unfold="same", vfr=True)
    F("U10-todo-dark-unfold-scroll", "mp4", 30, **E, kind="fold", lay="list", theme="dark", unfold="scroll", rows=0.5)
    # after a true fold: things done while folded (truth: close only)
    for k, after in enumerate(("nav", "refresh", "dialog", "rotate", "detail")):
        F(f"A{2*k+1:02d}-todo-dark-{after}", "mp4", 30, **E, kind="fold", lay="todo", theme="dark", after=after, detail_back=True)
        F(f"A{2*k+2:02d}-list-light-{after}", "mp4", 30, **P, kind="fold", lay="list", theme="light", after=after, detail_back=True)
    F("A11-todo-light-detail", "mp4", 30, **E, kind="fold", lay="todo", theme="light", after="detail")
    F("A12-todo-dark-detail-gif", "gif", 15, **dict(W=400, H=450), kind="fold", lay="todo", theme="dark", after="detail")
    F("A13-settings-dark-nav", "mp4", 30, **P, kind="fold", lay="settings", theme="dark", after="nav")
    # group 2: look-alikes, no fold
    F("H01-list-light-R-black", "mp4", 30, **P, kind="halfback", lay="list", theme="light")
    F("H02-list-dark-R-black-slide", "mp4", 30, **P, kind="halfback", lay="list", theme="dark", slide=True)
    F("H03-photo-R-black", "mp4", 30, **P, kind="halfback", lay="photo")
    F("H04-settings-light-L-black", "mp4", 30, **P, kind="halfback", lay="settings", theme="light", fside="L")
    F("H05-list-light-R-darkpane", "mp4", 30, **P, kind="halfback", lay="list", theme="light", fill=(18, 18, 20))
    F("H06-list-light-R-black-changed", "mp4", 30, **P, kind="halfback", lay="list", theme="light", back="changed")
    F("H07-list-light-R-black-changed-again", "mp4", 30, **P, kind="halfback", lay="list", theme="light", back="changed", again=True)
    F("H08-photo-R-black-gif", "gif", 15, **G, kind="halfback", lay="photo")
    F("H09-todo-dark-R-black-40", "mp4", 30, **E, kind="halfback", lay="todo", theme="dark", frac=0.4)
    F("H10-list-light-R-black-60fps", "mp4", 60, **Q, kind="halfback", lay="list", theme="light", hold=0.8, vfr=True)
    F("H11-list-light-R-black-long", "mp4", 30, **P, kind="halfback", lay="list", theme="light", hold=3.5)
    F("H12-settings-dark-R-black-gif", "gif", 15, **G, kind="halfback", lay="settings", theme="dark")
    F("R36-list-light-easerefit700-60", "mp4", 60, **P, kind="fold", lay="list", theme="light", refit="ease700")
    F("R37-todo-dark-easerefit700-60", "mp4", 60, **E, kind="fold", lay="todo", theme="dark", refit="ease700")
    F("R38-login-light-easerefit900-60", "mp4", 60, **P, kind="fold", lay="login", theme="light", refit="ease900")
    F("R39-settings-dark-easerefit700-30", "mp4", 30, **P, kind="fold", lay="settings", theme="dark", refit="ease700")
    F("U11-list-light-easerefit-unfold", "mp4", 60, **P, kind="fold", lay="list", theme="light", refit="ease700", unfold="same")
    F("U12-settings-dark-unfold-new", "mp4", 30, **P, kind="fold", lay="settings", theme="dark", unfold="badge")
    # a review of 3f40f50: folds laid out anew soon after the squeeze (left-aligned rows in place),
    # and a pane back with the other one scrolled (no fold, so no unfold)
    for lay in ("list", "settings"):
        for tn in ("light", "dark"):
            for hs in (0.1, 0.5):
                F(f"Q-{lay}-{tn}-sq{int(hs * 1000)}", "mp4", 30, **P, kind="fastfold", lay=lay, theme=tn, hold_sq=hs)
    F("H13-list-light-R-black-back-scrolled", "mp4", 30, **P, kind="halfback", lay="list", theme="light", back="scrolled")
    return J


def generate(prefixes):
    fs.generate(prefixes, out=OUT, jobs_of=jobs, make=make_one)


def run(binary, path):
    p = subprocess.run([binary, path, "--format", "json"], capture_output=True, text=True, env=dict(os.environ, FRAMEDIFF_DEBUG="1"))
    try:
        ev = [e for e in json.loads(p.stdout)["events"] if e.get("source") == "inferred"]
    except (ValueError, KeyError):
        return "error " + p.stderr[-200:], []
    ret = re.findall(r"unfold return (\d+) of (\d+) tiles", p.stderr)
    runs = re.findall(r"unfold run (\S+) changed (\S+) shown (\S+) bars (\S+)", p.stderr)
    return ev, ret, runs


def check(prefixes):
    names = sorted(n[:-5] for n in os.listdir(OUT) if n.endswith(".json") and (not prefixes or any(n.startswith(p) for p in prefixes)))
    truths = [json.load(open(os.path.join(OUT, n + ".json"))) for n in names]
    tasks = [(b, t) for t in truths for b in os.environ.get("FOLD_REVIEW_BINS", "/tmp/fd-base /tmp/fd-new").split()]
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda bt: run(bt[0], os.path.join(OUT, bt[1]["film"])), tasks))
    out = []
    for i, t in enumerate(truths):
        line = [t["film"], "truth " + " ".join(f"{e['kind']}{e['start_ms']:.0f}-{e['end_ms']:.0f}" for e in t["events"])]
        rec = dict(film=t["film"], truth=t["events"])
        for k, b in enumerate(("base", "new")):
            r = res[2 * i + k]
            ev = r[0]
            if isinstance(ev, str):
                line.append(f"{b}: {ev}"); continue
            found, missed, inv = fs.match(t["events"], ev)
            d = lambda e: f"{e['kind']}{e['start_ms']:.0f}-{e['end_ms']:.0f}"
            line.append(f"{b}: ok[{' '.join(d(f[1]) for f in found)}] MISS[{' '.join(d(m) for m in missed)}] INV[{' '.join(d(g) + str([x for x in (g.get('evidence') or []) if 'share' in str(x)]) for g in inv)}]")
            if b == "new":
                line.append("returns " + " ".join(f"{a}/{c}={int(a)/int(c):.2f}" for a, c in r[1]) + " runs " + " ".join(f"{a}:ch{float(c):.2f}" for a, c, _, _ in r[2]))
            rec[b] = dict(found=len(found), missed=len(missed), invented=len(inv), events=ev, returns=r[1])
        print("\n  ".join(line), flush=True)
        out.append(rec)
    json.dump(out, open(os.path.join(os.path.dirname(OUT), "check-") + ("_".join(prefixes) or "all") + ".json", "w"), indent=1, default=str)


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--check":
        check(sys.argv[2:])
    else:
        generate(sys.argv[1:])
