#!/usr/bin/env python3
"""Run two framediff builds on every film gen.py made (2 processes at a time) and compare each
motion's end with the drawn truth (within one frame period of it, or of its visible end).

    python3 run.py BIN_A BIN_B [prefix...]   # runs (skips films whose outputs are newer than the film)
    python3 run.py BIN_A BIN_B --table       # only the table from stored outputs

Films are read from $REST_FILMS/films (by default /tmp/rest-films, where gen.py writes them);
outputs go to $REST_FILMS/out/base0 (BIN_A) and out/rest8 (BIN_B).
"""
import glob, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.environ.get("REST_FILMS", "/tmp/rest-films")
BINS = {}


def films(sel):
    out = []
    for t in sorted(glob.glob(os.path.join(HERE, "films", "*.truth.json"))):
        name = os.path.basename(t)[: -len(".truth.json")]
        if sel and not any(name.startswith(s) for s in sel):
            continue
        out.append(name)
    return out


def run_one(args):
    tag, name = args
    meta = json.load(open(os.path.join(HERE, "films", name + ".truth.json")))
    film = os.path.join(HERE, "films", meta["film"])
    d = os.path.join(HERE, "out", tag); os.makedirs(d, exist_ok=True)
    js = os.path.join(d, name + ".json")
    if os.path.exists(js) and os.path.getmtime(js) > os.path.getmtime(film):
        return
    env = dict(os.environ, FRAMEDIFF_DEBUG="1")
    with open(js, "w") as o, open(os.path.join(d, name + ".debug"), "w") as e:
        subprocess.run([BINS[tag], film, "--format", "json", "--threads", "1"], stdout=o, stderr=e, env=env)


def load(tag, name):
    try:
        return json.load(open(os.path.join(HERE, "out", tag, name + ".json")))["findings"]
    except Exception as ex:
        return None


def match(findings, motion):
    """The finding covering the motion's start (nearest start among those overlapping it)."""
    s, e = motion["start_ms"], motion["end_ms"]
    cands = [f for f in findings if f["start_ms"] <= e and f["end_ms"] >= s]
    if not cands:
        return None
    return min(cands, key=lambda f: abs(f["start_ms"] - s))


def fmt_f(f):
    r = f["region"]
    return f'{f["kind"]} {f["start_ms"]:.1f}-{f["end_ms"]:.1f} [{r["x"]},{r["y"]} {r["w"]}x{r["h"]}]'


def table(names):
    rows = []
    counts = {"better": 0, "worse": 0, "same": 0}
    for name in names:
        meta = json.load(open(os.path.join(HERE, "films", name + ".truth.json")))
        per = meta["period_ms"]
        fb, fr = load("base0", name), load("rest8", name)
        if fb is None or fr is None:
            print(name, "missing output"); continue
        for m in meta["motions"]:
            truth = m["end_ms"]; vis = m["vis_end_ms"]
            b, r = match(fb, m), match(fr, m)
            be = b["end_ms"] if b else None
            re_ = r["end_ms"] if r else None
            ok = lambda x: x is not None and (abs(x - truth) <= per + 0.5 or abs(x - vis) <= per + 0.5)
            err = lambda x: None if x is None else min(abs(x - truth), abs(x - vis))
            eb, er = err(be), err(re_)
            if be == re_:
                v = "same"
            elif eb is None or er is None:
                v = "better" if eb is None else "worse"
            elif ok(be) and ok(re_):
                v = "same"
            elif er < eb:
                v = "better"
            elif er > eb:
                v = "worse"
            else:
                v = "same"
            counts[v] += 1
            kb = b["kind"] if b else "-"; kr = r["kind"] if r else "-"
            rows.append((name, m["motion"], truth, vis, per, be, kb, ok(be), re_, kr, ok(re_), v))
        # other differences
        sb = sorted(fmt_f(f) for f in fb); sr = sorted(fmt_f(f) for f in fr)
        if sb != sr:
            rows.append(("  diff", name, "base0: " + "; ".join(sb), "rest8: " + "; ".join(sr)))
    for r in rows:
        if r[0] == "  diff":
            print(f"    findings {r[1]}\n      {r[2]}\n      {r[3]}")
        else:
            (name, mo, truth, vis, per, be, kb, okb, re_, kr, okr, v) = r
            tv = f"{truth:.0f}" + (f"/{vis:.0f}" if vis != truth else "")
            print(f"{name:42s} {mo:7s} truth {tv:>9s} per {per:5.1f} | base0 {kb[:6]:6s} {str(be):>7s} {'ok' if okb else '--'}"
                  f" | rest8 {kr[:6]:6s} {str(re_):>7s} {'ok' if okr else '--'} | {v}")
    print(counts)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    BINS["base0"], BINS["rest8"] = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    if args and args[0] == "--table":
        table(films(args[1:])); return
    names = films(args)
    jobs = [(t, n) for n in names for t in BINS]
    with ThreadPoolExecutor(2) as ex:
        list(ex.map(run_one, jobs))
    table(names)


if __name__ == "__main__":
    main()
