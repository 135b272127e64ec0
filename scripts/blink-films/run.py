#!/usr/bin/env python3
"""python3 run.py DIR OLD_BIN NEW_BIN [NAME...]: each film's expected findings (gen.py's
expect.json), OLD_BIN's, NEW_BIN's and whether they are the same."""
import json, subprocess, sys, os, glob

d, OLD, NEW = sys.argv[1], sys.argv[2], sys.argv[3]
names = sys.argv[4:] or sorted(os.path.basename(p)[:-12] for p in glob.glob(f"{d}/*.expect.json"))


def run(bin, film):
    r = subprocess.run([bin, film, "--format", "json", "--quiet"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"{bin} {film}: exit {r.returncode}: {r.stderr.strip()}")
    j = json.loads(r.stdout)
    return [(f["kind"], round(f["start_ms"], 1), round(f["end_ms"], 1), f.get("region", {}).get("y"), f.get("region", {}).get("h")) for f in j["findings"]]


def fmt(fs):
    return "; ".join(f"{k} {a}-{b} (y{y} h{h})" for k, a, b, y, h in fs)


same = 0
for n in names:
    e = json.load(open(f"{d}/{n}.expect.json"))
    film = os.path.join(d, os.path.basename(e["film"]))
    o, w = run(OLD, film), run(NEW, film)
    same += o == w
    print(f"== {n}: {e['note']}")
    print("  expect:", "; ".join(f"{x['kind']} {x['start_ms']}-{x['end_ms']}" for x in e["expected"]))
    print("  old   :", fmt(o))
    print("  new   :", fmt(w), "  [SAME as old]" if o == w else "  [DIFFERS]")
    sys.stdout.flush()
print(f"{same} of {len(names)} films the same")
