#!/usr/bin/env python3
"""Score one or two framediff builds on the films of manifest.json (made by gen.py).

    python3 score.py BIN [BIN2] [--jobs N] [--family F] [--bad N] [--no-cache]

Each film is analysed as `BIN FILM --format json` (reports cached under out/<sha of BIN>/).
All findings count (top level and under events).

Per truth motion (tolerance: the film's nominal frame period + 5 ms, for VFR the capture rate's):
  exact  one `motion` finding starts and ends within the tolerance, and no other finding overlaps
         the truth interval (findings inside an `allowed` interval excepted)
  ok     matched in time by a motion, but other findings overlap it too (duplicates, pieces)
  bad    otherwise (a reason is given: missing, split, end_early, end_late, start_off, kind:X)
A film takes its worst truth item's class. Controls: exact when every truth finding is matched by
kind and time and nothing else is found (except inside `allowed`); ok when all are matched but
something else is found; bad otherwise.
Extras (content moving again after a hold >= 150 ms) are counted (found / truth), never scored.
Hitch findings (annotations of a motion: frames the app never drew) are kept out of the classes
unless --hitches-count; they are counted as true (matching a frame gen.py dropped on purpose,
start and end within the tolerance) / expected, and false (any other hitch: e.g. in a creep tail).
"stray": films with a finding that overlaps no truth item nor allowed interval (informative).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.environ.get("FLING_FILMS", "/tmp/fling-films")  # where films, manifest and cached reports live
FAMILIES = ["android_fling", "ios_decel", "sheet_settle", "vfr", "gif", "controls"]
RANK = {"exact": 0, "ok": 1, "bad": 2}


def bin_tag(path):
    """The cache key of a build: its bytes, and for a wrapper script the bytes of every file it
    names too (a wrapper's own text stays the same when the binary it runs is rebuilt)."""
    h = hashlib.sha1()
    with open(path, "rb") as f:
        data = f.read()
    h.update(data)
    if data.startswith(b"#!"):
        for word in data.decode(errors="replace").split():
            if os.path.isabs(word) and os.path.isfile(word) and os.path.abspath(word) != os.path.abspath(path):
                with open(word, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:12]


def analyse(binary, tag, film, cache=True):
    out = os.path.join(HERE, "out", tag, os.path.basename(film) + ".json")
    if cache and os.path.exists(out):
        return json.load(open(out))
    p = subprocess.run([binary, os.path.join(HERE, film), "--format", "json"], capture_output=True, text=True)
    try:
        rep = json.loads(p.stdout)
    except json.JSONDecodeError:
        rep = {"error": f"exit {p.returncode}: {p.stderr.strip()[-300:]}"}
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out + ".tmp", "w") as f:
        json.dump(rep, f)
    os.replace(out + ".tmp", out)
    return rep


def findings_of(rep):
    fs = list(rep.get("findings", []))
    for e in rep.get("events", []):
        fs += e.get("findings", [])
    return sorted(({"kind": f["kind"], "start_ms": float(f["start_ms"]), "end_ms": float(f["end_ms"])} for f in fs),
                  key=lambda f: (f["start_ms"], f["end_ms"]))


def overlaps(f, a, b, eps=0.5):
    return f["start_ms"] <= b + eps and f["end_ms"] >= a - eps


def inside_allowed(f, allowed, tol):
    return any(f["start_ms"] >= al["start_ms"] - tol and f["end_ms"] <= al["end_ms"] + tol for al in allowed)


def timed(f, t, tol):
    return abs(f["start_ms"] - t["start_ms"]) <= tol and abs(f["end_ms"] - t["end_ms"]) <= tol


def judge(entry, fs_all):
    """(class, reasons, info) for one film's findings."""
    tol = entry["frame_period_ms"] + 5.0
    # hitches annotate the motion they lie in (JSON `parent`): scored on their own, against the
    # frames gen.py dropped on purpose, not as findings that overlap a motion
    hs = [f for f in fs_all if f["kind"] == "hitch"]
    fs = [f for f in fs_all if f["kind"] != "hitch"]
    exp = entry.get("hitches", [])
    true_h = [f for f in hs if any(timed(f, x, tol) for x in exp)]
    truth, allowed = entry["truth"], entry["allowed"]
    info = {"extra_total": len(entry["extra"]),
            "extra_found": sum(1 for e in entry["extra"] if any(overlaps(f, e["start_ms"] - tol, e["end_ms"] + tol) for f in fs))}
    info["hitch_expected"] = len(exp)
    info["hitch_true"] = len(true_h)
    info["hitch_false"] = len(hs) - len(true_h)
    info["stray"] = sum(1 for f in fs if not inside_allowed(f, allowed, tol)
                        and not any(overlaps(f, t["start_ms"] - tol, t["end_ms"] + tol) for t in truth))
    if entry["family"] == "controls":
        used, reasons = set(), []
        for t in truth:
            c = [i for i, f in enumerate(fs) if i not in used and f["kind"] == t["kind"] and timed(f, t, tol)]
            if c:
                used.add(min(c, key=lambda i: abs(fs[i]["start_ms"] - t["start_ms"]) + abs(fs[i]["end_ms"] - t["end_ms"])))
            else:
                reasons.append(f"{t['component']}:" + why(t, fs, tol))
        others = [f for i, f in enumerate(fs) if i not in used and not inside_allowed(f, allowed, tol)]
        if reasons:
            return "bad", reasons, info
        return ("ok" if others else "exact"), (["+" + f["kind"] for f in others] if others else []), info
    cls, reasons = "exact", []
    for t in truth:
        c = [i for i, f in enumerate(fs) if f["kind"] == "motion" and timed(f, t, tol)]
        if not c:
            cls = "bad"
            reasons.append(why(t, fs, tol))
            continue
        m = c[0]
        others = [f for i, f in enumerate(fs) if i != m and overlaps(f, t["start_ms"], t["end_ms"])
                  and not inside_allowed(f, allowed, tol)]
        if others:
            if RANK[cls] < RANK["ok"]:
                cls = "ok"
            reasons.append("+" + ",".join(f["kind"] for f in others))
    return cls, reasons, info


def why(t, fs, tol):
    ov = [f for f in fs if overlaps(f, t["start_ms"], t["end_ms"])]
    if not ov:
        return "missing"
    same = [f for f in ov if f["kind"] == t["kind"]]
    if not same:
        return "kind:" + ",".join(sorted({f["kind"] for f in ov}))
    if len(same) > 1:
        return "split"
    f = same[0]
    if abs(f["start_ms"] - t["start_ms"]) > tol:
        return "start_off"
    return "end_early" if f["end_ms"] < t["end_ms"] else "end_late"


def fmt_truth(e):
    s = ", ".join(f"{t['kind']} {t['start_ms']:.0f}-{t['end_ms']:.0f}" for t in e["truth"])
    if e["extra"]:
        s += " (extra " + ", ".join(f"{x['start_ms']:.0f}" + (f"-{x['end_ms']:.0f}" if x["end_ms"] != x["start_ms"] else "")
                                    for x in e["extra"]) + ")"
    return s


def fmt_found(fs):
    return ", ".join(f"{f['kind']} {f['start_ms']:.0f}-{f['end_ms']:.0f}" for f in fs) or "nothing"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bins", nargs="+")
    ap.add_argument("--manifest", default=os.path.join(HERE, "manifest.json"))
    ap.add_argument("--jobs", type=int, default=1, help="films analysed at once (at most 2)")
    ap.add_argument("--family", default=None)
    ap.add_argument("--bad", type=int, default=0, help="list up to N bad films per family (first binary)")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--hitches-count", action="store_true", help="score hitch findings like any other finding")
    args = ap.parse_args()
    if len(args.bins) > 2:
        ap.error("one or two binaries")
    entries = json.load(open(args.manifest))["films"]
    if args.family:
        entries = [e for e in entries if e["family"] == args.family]
    results = []
    for b in args.bins:
        b = os.path.abspath(b)
        tag = bin_tag(b)
        with ThreadPoolExecutor(max(1, min(2, args.jobs))) as ex:
            reps = list(ex.map(lambda e: analyse(b, tag, e["film"], not args.no_cache), entries))
        res = {}
        for e, rep in zip(entries, reps):
            if "error" in rep and "findings" not in rep:
                res[e["film"]] = ("bad", ["error: " + rep["error"]], {"extra_total": len(e["extra"]), "extra_found": 0, "stray": 0,
                                                                        "hitch_expected": len(e.get("hitches", [])), "hitch_true": 0, "hitch_false": 0}, [])
                continue
            fs = findings_of(rep)
            if args.hitches_count:
                e = dict(e, hitches=[])
                fs = [dict(f, kind="hitch*") if f["kind"] == "hitch" else f for f in fs]
            c, r, info = judge(e, fs)
            res[e["film"]] = (c, r, info, fs)
        results.append((b, res))

    fams = [f for f in FAMILIES if any(e["family"] == f for e in entries)]
    for b, res in results:
        print(f"\n{b}")
        print(f"{'family':<14}{'films':>6}{'exact':>7}{'ok':>5}{'bad':>5}   {'extras found':>12}  {'stray':>5}"
              f"  {'hitch true':>10} {'false':>5}  bad reasons")
        tot = {"n": 0, "exact": 0, "ok": 0, "bad": 0, "xt": 0, "xf": 0, "st": 0, "he": 0, "ht": 0, "hf": 0}
        for fam in fams:
            es = [e for e in entries if e["family"] == fam]
            cnt = {"exact": 0, "ok": 0, "bad": 0}
            reasons = {}
            xt = xf = st = he = ht = hf = 0
            for e in es:
                c, r, info, _ = res[e["film"]]
                cnt[c] += 1
                he += info["hitch_expected"]
                ht += info["hitch_true"]
                hf += info["hitch_false"]
                xt += info["extra_total"]
                xf += info["extra_found"]
                st += info["stray"] > 0
                if c == "bad":
                    for x in r:
                        if not x.startswith("+"):
                            reasons[x] = reasons.get(x, 0) + 1
            rs = " ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=lambda kv: -kv[1]))
            print(f"{fam:<14}{len(es):>6}{cnt['exact']:>7}{cnt['ok']:>5}{cnt['bad']:>5}   {f'{xf}/{xt}':>12}  {st:>5}"
                  f"  {f'{ht}/{he}':>10} {hf:>5}  {rs}")
            for k, v in (("n", len(es)), ("exact", cnt["exact"]), ("ok", cnt["ok"]), ("bad", cnt["bad"]), ("xt", xt),
                         ("xf", xf), ("st", st), ("he", he), ("ht", ht), ("hf", hf)):
                tot[k] += v
        print(f"{'all':<14}{tot['n']:>6}{tot['exact']:>7}{tot['ok']:>5}{tot['bad']:>5}   "
              f"{str(tot['xf']) + '/' + str(tot['xt']):>12}  {tot['st']:>5}  {str(tot['ht']) + '/' + str(tot['he']):>10} {tot['hf']:>5}")
        if args.bad:
            for fam in fams:
                bad = [e for e in entries if e["family"] == fam and res[e["film"]][0] != "exact"][:args.bad]
                for e in bad:
                    c, r, info, fs = res[e["film"]]
                    print(f"  {c:<5} {os.path.basename(e['film'])} [{'; '.join(r)}]\n"
                          f"        truth: {fmt_truth(e)}\n        found: {fmt_found(fs)}")

    if len(results) == 2:
        (b1, r1), (b2, r2) = results
        changed = [e for e in entries if r1[e["film"]][0] != r2[e["film"]][0]]
        print(f"\n{len(changed)} films change class (BIN -> BIN2):")
        same = [e for e in entries if e not in changed and r1[e["film"]][3] != r2[e["film"]][3]]
        if same:
            print(f"  ({len(same)} more films report differently within the same class: "
                  + ", ".join(os.path.basename(e["film"]).split("-")[0] + "-" + os.path.basename(e["film"]).split("-")[1]
                              for e in same[:12]) + (" ..." if len(same) > 12 else "") + ")")
        for e in changed:
            print(f"  {os.path.basename(e['film'])}: {r1[e['film']][0]} -> {r2[e['film']][0]}\n"
                  f"      truth: {fmt_truth(e)}\n"
                  f"      BIN:   {fmt_found(r1[e['film']][3])}\n"
                  f"      BIN2:  {fmt_found(r2[e['film']][3])}")


if __name__ == "__main__":
    main()
