#!/usr/bin/env python3
"""Score framediff's rotation inference on the films of scripts/rotation-films/gen.py.

usage: ROTATION_FILMS=DIR scripts/rotation-films/score.py BIN [-v] [NAME-substring ...]
A turn is found when a `rotation` event overlaps it (300 ms either side); any other event is
invented. Prints one line per film (-v: with its events and findings) and the totals, two films
at a time.
"""
import glob, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

D = os.environ.get("ROTATION_FILMS", "/tmp/rotation-films")
args = [a for a in sys.argv[1:] if a != "-v"]
if not args:
    sys.exit(__doc__)
BIN, only, verbose = args[0], args[1:], "-v" in sys.argv
films = sorted(f for f in glob.glob(os.path.join(D, "films", "*.gif")) if not only or any(a in f for a in only))


def run(f):
    return f, subprocess.run([BIN, f, "--format", "json", "--quiet"], capture_output=True, text=True)


found = turns = invented = 0
with ThreadPoolExecutor(2) as ex:
    for f, r in ex.map(run, films):
        nm = os.path.basename(f)[:-4]
        truth = json.load(open(f[:-4] + ".truth.json"))["turns"]
        try:
            d = json.loads(r.stdout)
        except ValueError:
            print(f"{nm}: no report ({r.stderr.strip()})")
            continue
        ev = d["events"]
        near = lambda e, a, b: e["start_ms"] <= b + 300 and e["end_ms"] >= a - 300
        hit = sum(1 for a, b in truth if any(e["kind"] == "rotation" and near(e, a, b) for e in ev))
        extra = [e for e in ev if not any(near(e, a, b) for a, b in truth)]
        found, turns, invented = found + hit, turns + len(truth), invented + len(extra)
        print(f"{nm}: found {hit}/{len(truth)} invented {len(extra)}")
        if verbose:
            for e in ev:
                print(f"   event {e['kind']} {e['start_ms']}-{e['end_ms']} confidence {e.get('confidence')} {json.dumps(e.get('evidence'))}")
            for x in d["findings"]:
                print(f"   finding {x['kind']} {x['start_ms']}-{x['end_ms']}")
print(f"turns found {found} of {turns}, events invented {invented}, films {len(films)}")
