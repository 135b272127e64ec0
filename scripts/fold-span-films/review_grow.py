#!/usr/bin/env python3
"""Adversarial films for fa57d43 (a fold filling the frame again onto the picture before it = unfold),
a helper's review of 7 December that led to `refit_stretch_match` (README: the paragraph on it).

Families (truth in NAME.json):
  LR  late relayout: the emulator refits (stretches) the still-squeezed inner picture before the
      app re-lays out for the outer display; the relayout (crossfade to the stretched outer layout)
      comes `late` ms after the refit.  Truth: close only.
  FS  fixed-size surface, immersive (no status bar): a game / photo viewer / paused video whose
      surface is scaled, not re-laid out: squeezed beside the band, refit stretches it back.
      Truth: close only.  (+ one with the system status bar drawn natively, as a control)
  FW  the refit re-lays out at full width (same-layout app): pixel-identical to an unfold.
      Truth: close only (what the brief proposes as a refit).
  TU  true unfolds by growing back (no-refit emulator), variants: clock ticked, notification icon
      appeared, very dark (AMOLED) theme, crf 28-30, relayout after the growth delayed, eased growth.
      Truth: close + open.
  HB  look-alike: no fold, one half goes black and comes back (video pane), truth: none.
usage: GROW_FILMS=DIR review_grow.py [PREFIX...]      films + NAME.json truths (default /tmp/review-grow/films)
       GROW_FILMS=DIR review_grow.py --check OLD NEW   both binaries on every film (FRAMEDIFF_DEBUG=1):
            events against the truth, and the refit lines (returned share, stretch match)
"""
import json, os, sys, importlib.util, subprocess
from concurrent.futures import ProcessPoolExecutor
import numpy as np

S = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, S); sys.path.insert(0, os.path.dirname(S))
os.environ.setdefault("FOLD_REVIEW_FILMS", "/tmp/review-grow/unused")
spec = importlib.util.spec_from_file_location("rv", os.path.join(S, "review.py"))
rv = importlib.util.module_from_spec(spec); spec.loader.exec_module(rv)
fs, rf = rv.fs, rv.rf
OUT = os.environ.get("GROW_FILMS", "/tmp/review-grow/films")
TH = dict(fs.THEMES)
TH["amoled"] = dict(page=(0, 0, 0), surf=(14, 14, 16), fg=(150, 150, 155), fg2=(90, 90, 95), acc=(40, 90, 170))
rv.DIV["amoled"] = (20, 20, 22)


def st(img, W):  # stretch any picture to W
    return fs.xscale(np.asarray(img, np.float32), W)


def layout(lay, W, H, tn, clock=1, icon=False):
    th = TH[tn]; u = W / 540
    if lay == "todo":
        A = fs.unfolded(W, H, th).astype(np.float32)
    else:
        A = rv.LAYOUTS[lay](W, H, u, th, tn).astype(np.float32)
    if clock != 1 or icon:   # redraw the status bar: another clock text, a notification icon
        A[:int(24 * u)] = th["page"]
        tmp = A.astype(np.uint8)
        fs.status_bar(tmp, 0, W, u, th, clock)
        if icon:
            rf.rect(tmp, 48 * u, 7 * u, 10 * u, 10 * u, th["fg"])
        A = tmp.astype(np.float32)
    return A


def content(kind, W, H, seed=2):
    """Immersive full-screen content of a fixed-size surface (no system bars)."""
    img = np.zeros((H, W, 3), np.float32)
    u = W / 540
    if kind == "photo":
        src = rv.photo_src(H, seed)
        img[:] = fs.xscale(src, W)
        t8 = img.astype(np.uint8)
        fs.words(t8, 16 * u, H - 80 * u, 140 * u, 10 * u, (250, 250, 250), 7)
        return t8.astype(np.float32)
    if kind == "game":   # dark gradient sky, ground, sharp sprites, a HUD with text
        yy = np.linspace(0, 1, H)[:, None, None]
        img[:] = np.array([20, 24, 60]) * (1 - yy) + np.array([60, 30, 70]) * yy
        t8 = np.clip(img, 0, 255).astype(np.uint8)
        rf.rect(t8, 0, H * 0.8, W, H * 0.2, (40, 90, 40))
        rs = np.random.RandomState(seed)
        for _ in range(8):
            rf.disc(t8, rs.uniform(0, W), rs.uniform(0.1, 0.7) * H, rs.uniform(10, 30) * u, tuple(int(v) for v in rs.randint(80, 250, 3)))
        for k in range(4):
            rf.rect(t8, W * (0.1 + 0.22 * k), H * 0.72, 40 * u, 40 * u, (150, 100, 60))
        fs.words(t8, 16 * u, 20 * u, 120 * u, 14 * u, (250, 230, 120), 3)
        fs.words(t8, W - 140 * u, 20 * u, 120 * u, 14 * u, (250, 250, 250), 4)
        return t8.astype(np.float32)
    if kind == "darksparse":   # a pure-black reader/player with a few grey lines
        t8 = np.zeros((H, W, 3), np.uint8)
        for k in range(6):
            fs.words(t8, 30 * u, H * 0.3 + k * 28 * u, W - 60 * u, 10 * u, (170, 170, 170), 10 + k)
        rf.disc(t8, W / 2, H * 0.8, 26 * u, (200, 200, 200))
        return t8.astype(np.float32)
    if kind == "video":   # a paused video frame: 8-px blocks
        t8 = np.zeros((H, W, 3), np.uint8); rf.tex(t8, 0, 0, W, H, seed)
        return t8.astype(np.float32)
    raise ValueError(kind)


def film(o):
    W, H = o["W"], o["H"]
    fam = o["fam"]
    side = o.get("side", "L"); band = np.array(o.get("band", (0, 0, 0)), np.float32)
    Ws = int(round(W * o.get("share", 0.5)))
    s = rv.Seq()
    tn = o.get("theme", "dark"); lay = o.get("lay", "todo")
    if fam == "HB":
        A = layout(lay, W, H, tn)
        s.hold(A, 1.0)
        K = A.copy(); K[:, W // 2:] = 0
        s.xfade(A, K, 0.2).hold(K, o.get("hold", 1.0)).xfade(K, A, 0.2).hold(A, 1.5)
        s.probe = None
        return s
    if fam in ("LR", "FW", "TU"):
        A = layout(lay, W, H, tn)
        B = fs.folded(Ws, H, TH[tn]).astype(np.float32) if lay == "todo" else rv.LAYOUTS[lay](Ws, H, W / 540, TH[tn], tn).astype(np.float32)
    else:
        A = content(o["content"], W, H)
        if o.get("bar"):
            t8 = A.astype(np.uint8); t8[:int(24 * W / 540)] = 0; fs.status_bar(t8, 0, W, W / 540, dict(fg=(250, 250, 250)), 1); A = t8.astype(np.float32)
        B = None
    pl = lambda pic: fs.place(band, W, H, pic, side)
    s.hold(A, 1.0)
    t0 = s.t
    sq = fs.xscale(A, Ws)
    Asq = pl(sq)
    refit_ms = o.get("refit_ms", 120) / 1000

    def grow(src, a, b, d):   # the small picture `src` (Ws wide) widened (stretched) from a to b
        s.fn(lambda p: pl(fs.xscale(src, int(round(a + (b - a) * rf.ease(p))))) if int(round(a + (b - a) * rf.ease(p))) < W
             else fs.xscale(src, W), d)

    if fam == "LR":
        s.hold(Asq, o.get("hold_sq", 0.8))
        grow(sq, Ws, W, refit_ms)
        R0 = st(sq, W)
        s.probe = (s.t - refit_ms - 0.05, s.t + min(o["late"] / 2000, 0.1))
        s.hold(R0, o["late"] / 1000)
        Bf = st(B, W)
        s.xfade(R0, Bf, 0.15)
        s.mark("close", t0)
        s.hold(Bf, 2.0)
    elif fam == "FS":
        if o.get("bar"):    # the system bar drawn natively on the outer display (not squeezed)
            small = sq.copy().astype(np.uint8); small[:int(24 * W / 540)] = 0
            fs.status_bar(small, 0, Ws, W / 540, dict(fg=(250, 250, 250)), 1); small = small.astype(np.float32)
            s.hold(Asq, 0.5).xfade(Asq, pl(small), 0.1)
            sq = small
        s.hold(pl(sq), o.get("hold_sq", 1.0))
        s.probe = (s.t - 0.05, s.t + refit_ms + 1.0)
        grow(sq, Ws, W, refit_ms)
        s.mark("close", t0)
        s.hold(st(sq, W), 2.0)
    elif fam == "FW":
        small = pl(B)
        s.hold(Asq, 0.8).xfade(Asq, small, 0.12).hold(small, 0.8)
        s.probe = (s.t - 0.05, s.t + 1.0)
        s.xfade(small, A, 0.15)   # re-laid out at full width
        s.mark("close", t0)
        s.hold(A, 2.0)
    elif fam == "TU":
        small = pl(B)
        s.hold(Asq, o.get("hold_sq", 0.6)).xfade(Asq, small, 0.12).hold(small, o.get("folded_s", 0.8))
        s.mark("close", t0)
        t1 = s.t
        A2 = layout(lay, W, H, tn, clock=o.get("clock", 1), icon=o.get("icon", False))
        grow(B, Ws, W, o.get("grow_ms", 250) / 1000)
        Bf = st(B, W)
        if o.get("late", 0):
            s.hold(Bf, o["late"] / 1000)
        s.xfade(Bf, A2, 0.2)
        s.mark("open", t1)
        s.probe = (t1 - 0.05, s.t + 1.0)
        s.hold(A2, 1.5)
    return s


def jobs():
    J = []

    def F(name, fmt="mp4", fps=30, vfr=False, crf=20, plaus="", **o):
        J.append(dict(name=name, fmt=fmt, fps=fps, vfr=vfr, crf=crf, plaus=plaus, o=o))
    P = dict(W=540, H=608); T = dict(W=540, H=1200); G = dict(W=360, H=406); X = dict(W=1080, H=1216)
    pl = "plausible?"
    F("LR01-todo-dark-late300", **P, fam="LR", theme="dark", late=300, plaus=pl)
    F("LR02-todo-dark-late700-gif", "gif", 15, **G, fam="LR", theme="dark", late=700, plaus=pl)
    F("LR03-todo-light-R-late500", **P, fam="LR", theme="light", side="R", late=500, plaus=pl)
    F("LR04-list-light-late400-60vfr", fps=60, vfr=True, **T, fam="LR", lay="list", theme="light", late=400, plaus=pl)
    F("LR05-settings-dark-late600-crf28", crf=28, **T, fam="LR", lay="settings", theme="dark", late=600, plaus=pl)
    F("LR06-todo-dark-late300-1080", **X, fam="LR", theme="dark", late=300, plaus=pl)
    F("LR07-todo-dark-late200-ease400", **P, fam="LR", theme="dark", late=200, refit_ms=400, plaus=pl)
    F("LR08-list-dark-late500-s042", **T, fam="LR", lay="list", theme="dark", late=500, share=0.42, plaus=pl)
    F("LR09-todo-dark-late100", **P, fam="LR", theme="dark", late=100, plaus=pl)
    F("LR10-todo-dark-greyband-late800-gif", "gif", 15, W=400, H=450, fam="LR", theme="dark", band=(32, 33, 36), late=800, plaus=pl)
    F("LR11-todo-dark-late1000", **P, fam="LR", theme="dark", late=1000, plaus=pl)
    F("LR12-todo-dark-late600-crf18", crf=18, **P, fam="LR", theme="dark", late=600, plaus=pl)
    F("LR13-list-light-late600", **T, fam="LR", lay="list", theme="light", late=600, plaus=pl)
    F("LR14-todo-light-late500-gif-R", "gif", 15, **G, fam="LR", theme="light", side="R", late=500, plaus=pl)
    F("FS01-game-immersive", **P, fam="FS", content="game", plaus="plausible (fixed surface)")
    F("FS02-photo-immersive", **T, fam="FS", content="photo", plaus="plausible (fitXY viewer)")
    F("FS03-darksparse-immersive-gif", "gif", 15, **G, fam="FS", content="darksparse", plaus="plausible")
    F("FS04-video-blocks-immersive", **P, fam="FS", content="video", plaus="plausible")
    F("FS05-game-immersive-R-60vfr", fps=60, vfr=True, **T, fam="FS", content="game", side="R", plaus="plausible")
    F("FS06-game-immersive-ease500-crf28", crf=28, **P, fam="FS", content="game", refit_ms=500, plaus="plausible")
    F("FS07-game-nativebar", **P, fam="FS", content="game", bar=True, plaus="plausible (control)")
    F("FS08-photo-immersive-1080-s06", **X, fam="FS", content="photo", share=0.6, plaus="plausible")
    F("FS09-darksparse-immersive-R-greyband", **T, fam="FS", content="darksparse", side="R", band=(32, 33, 36), plaus="plausible")
    F("FW01-list-light-fullwidth", **T, fam="FW", lay="list", theme="light", plaus="implausible")
    F("FW02-settings-dark-fullwidth-gif", "gif", 15, W=360, H=800, fam="FW", lay="settings", theme="dark", plaus="implausible")
    F("TU01-todo-dark-L-same", **P, fam="TU", theme="dark")
    F("TU02-todo-dark-R-clock", **P, fam="TU", theme="dark", side="R", clock=7)
    F("TU03-todo-dark-L-clock", **P, fam="TU", theme="dark", clock=7)
    F("TU04-todo-light-L-icon", **P, fam="TU", theme="light", icon=True)
    F("TU05-todo-amoled-L-same", **P, fam="TU", theme="amoled")
    F("TU06-todo-amoled-R-same-gif", "gif", 15, **G, fam="TU", theme="amoled", side="R")
    F("TU07-todo-dark-L-crf30", crf=30, **P, fam="TU", theme="dark")
    F("TU08-list-light-L-crf28-60vfr", crf=28, fps=60, vfr=True, **T, fam="TU", lay="list", theme="light")
    F("TU09-todo-dark-L-late400", **P, fam="TU", theme="dark", late=400)
    F("TU10-todo-dark-L-grow600", **P, fam="TU", theme="dark", grow_ms=600)
    F("TU11-settings-dark-R-1080-crf26", crf=26, **X, fam="TU", lay="settings", theme="dark", side="R")
    F("TU12-list-amoled-L-crf28", crf=28, **T, fam="TU", lay="list", theme="amoled")
    F("TU13-todo-light-R-icon-gif", "gif", 15, **G, fam="TU", theme="light", side="R", icon=True)
    F("HB01-todo-dark-halfblack", **P, fam="HB", theme="dark", plaus="look-alike")
    F("HB02-list-light-halfblack-gif", "gif", 15, W=360, H=800, fam="HB", lay="list", theme="light", plaus="look-alike")
    return J


def make_one(j):
    s = film(j["o"])
    fps = j["fps"]
    frames = [s.at(i / fps) for i in range(int(round(s.t * fps)))]
    path = os.path.join(OUT, j["name"] + "." + j["fmt"])
    fs.encode(path, frames, fps, j["fmt"], j["vfr"], j["crf"])
    json.dump(dict(film=os.path.basename(path), events=s.ev, o=j["o"], fps=fps, fmt=j["fmt"], crf=j["crf"], vfr=j["vfr"],
                   plausibility=j["plaus"], probe=getattr(s, "probe", None)), open(os.path.join(OUT, j["name"] + ".json"), "w"), indent=1)
    return j["name"]


def check(old, new):
    """Both binaries on every film with a truth: events found, missed and invented, and the refit
    lines FRAMEDIFF_DEBUG prints (returned share / stretch match)."""
    import re
    from concurrent.futures import ThreadPoolExecutor
    fsg = importlib.util.spec_from_file_location("g", os.path.join(S, "gen.py"))
    g = importlib.util.module_from_spec(fsg); fsg.loader.exec_module(g)

    def run(b, path):
        p = subprocess.run([b, path, "--format", "json"], capture_output=True, text=True, env=dict(os.environ, FRAMEDIFF_DEBUG="1"))
        try:
            ev = [e for e in json.loads(p.stdout)["events"] if e.get("source") == "inferred"]
        except Exception:
            return "ERR " + p.stderr[-150:], []
        return ev, re.findall(r"refit return (\S+) stretched (\S+)", p.stderr)

    truths = [json.load(open(os.path.join(OUT, n))) for n in sorted(os.listdir(OUT)) if n.endswith(".json")]
    bins = [old, new]
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda bt: run(bt[0], os.path.join(OUT, bt[1]["film"])), [(b, t) for t in truths for b in bins]))
    d = lambda e: f"{e['kind']}{e['start_ms']:.0f}-{e['end_ms']:.0f}"
    totals = {b: [0, 0, 0] for b in bins}
    for i, t in enumerate(truths):
        out = [t["film"] + f" ({t['plausibility']})", "truth " + " ".join(d(e) for e in t["events"])]
        for k, b in enumerate(bins):
            ev, dbg = res[2 * i + k]
            if isinstance(ev, str):
                out.append(f"{b}: {ev}")
                continue
            f, m, inv = g.match(t["events"], ev)
            for j, n in enumerate((len(f), len(m), len(inv))): totals[b][j] += n
            out.append(f"{b}: " + " ".join(d(e) for e in ev) + f"  [found {len(f)} MISS {len(m)} INV {len(inv)}]"
                       + (("  refit " + " ".join(f"{float(a):.2f}/{float(c):.2f}" for a, c in dbg)) if dbg else ""))
        print("\n   ".join(out), flush=True)
    for b in bins:
        print(f"{b}: found {totals[b][0]}, missed {totals[b][1]}, invented {totals[b][2]}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check"]:
        check(*sys.argv[2:4])
        sys.exit(0)
    os.makedirs(OUT, exist_ok=True)
    J = [j for j in jobs() if len(sys.argv) < 2 or any(j["name"].startswith(p) for p in sys.argv[1:])]
    with ProcessPoolExecutor(2) as ex:
        for n in ex.map(make_one, J):
            print(n, flush=True)
