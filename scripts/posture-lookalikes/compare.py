#!/usr/bin/env python3
"""compare.py OLD_BIN NEW_BIN FILM...  runs both builds on each film (2 at a time), prints events per
film and, where they differ, NEW's and OLD's FRAMEDIFF_DEBUG turn/cover lines. Results are cached
in $POSTURE_LOOKALIKES/results/NAME.{old,new}.json/.err (delete them to run a build again)."""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

BINS = {"old": sys.argv[1], "new": sys.argv[2]}
RES = os.path.join(os.environ.get("POSTURE_LOOKALIKES", "/tmp/posture-lookalikes"), "results")
os.makedirs(RES, exist_ok=True)


def run(film, which):
    base = os.path.join(RES, os.path.basename(film) + "." + which)
    if not os.path.exists(base + ".json"):
        p = subprocess.run([BINS[which], film, "--format", "json"], capture_output=True, text=True,
                           env=dict(os.environ, FRAMEDIFF_DEBUG="1"))
        open(base + ".err", "w").write(p.stderr)
        open(base + ".json", "w").write(p.stdout if p.stdout.strip() else json.dumps({"error": p.returncode}))
    try:
        j = json.load(open(base + ".json"))
    except Exception:
        j = {"error": "bad json"}
    if "error" in j and "events" not in j:
        return ["ERROR"], []
    ev = [f"{e['kind']}@{e['start_ms']}-{e['end_ms']}" for e in j.get("events", [])]
    return ev, j.get("findings", [])


def one(film):
    return film, run(film, "old"), run(film, "new")


films = sys.argv[3:]
with ThreadPoolExecutor(2) as ex:
    rows = list(ex.map(one, films))
diff = []
for film, (eo, fo), (en, fn) in rows:
    mark = "" if eo == en else "  <<< DIFF"
    print(f"{os.path.basename(film):48s} OLD {eo or '-'}  NEW {en or '-'}  (findings {len(fo)}/{len(fn)}){mark}")
    if eo != en:
        diff.append(film)
for film in diff:
    for which in ("old", "new"):
        err = open(os.path.join(RES, os.path.basename(film) + "." + which + ".err")).read().splitlines()
        lines = [l for l in err if l.startswith(("turn", "cover"))]
        print(f"--- {os.path.basename(film)} {which}: {len(lines)} debug lines")
        for l in lines[:40]:
            print("   ", l[:400])
