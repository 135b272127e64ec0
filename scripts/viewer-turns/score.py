#!/usr/bin/env python3
"""usage: score.py OLD NEW FILM... : per film, true turns found by OLD and NEW, NEW's debug turn lines."""
import json, os, re, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import reviewfilms as rf  # noqa: E402
old, new, films = sys.argv[1], sys.argv[2], sys.argv[3:]
def rots(b, f):
    ev = rf.events(b, f)
    return [] if isinstance(ev, str) else [(e["start_ms"], e["end_ms"]) for e in ev if e["kind"] == "rotation"]
def found(turns, ev):
    hit = [any(s <= b + 400 and e >= a - 400 for s, e in ev) for a, b in turns]
    return hit, len([1 for s, e in ev if not any(s <= b + 400 and e >= a - 400 for a, b in turns)])
for f in films:
    truth = json.load(open(f.rsplit(".", 1)[0] + ".truth.json"))["turns"]
    ho, xo = found(truth, rots(old, f)); hn, xn = found(truth, rots(new, f))
    dbg = subprocess.run([new, f], capture_output=True, text=True, env=dict(os.environ, FRAMEDIFF_DEBUG="1")).stderr
    lines = [l for l in dbg.splitlines() if l.startswith("turn ")]
    pics = [re.search(r"picture turned (-?[\d.e-]+)", l) for l in lines]
    print(f"{os.path.basename(f):42s} turns {len(truth)} old {sum(ho)}(+{xo}) new {sum(hn)}(+{xn}) pic [{', '.join('%.2f' % float(m.group(1)) for m in pics if m)}]")
    for k in range(len(ho)):
        if ho[k] and not hn[k]:
            for l in lines:
                m = re.match(r"turn ([\d.]+)-([\d.]+)", l)
                if m and float(m.group(1)) <= truth[k][1] + 400 and float(m.group(2)) >= truth[k][0] - 400:
                    print("   LOST:", l)
