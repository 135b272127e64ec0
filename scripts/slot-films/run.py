#!/usr/bin/env python3
"""Runs framediff builds on the films gen.py drew and says, for each, whether the build reads a
slot's wait there (a flash with `held_ms` evidence) against what a person sees.

    python3 scripts/slot-films/run.py BIN [BIN...] [--films DIR]   # DIR: default /tmp/slot-films

Expected readings (a helper's frame-by-frame verdicts, 7 December): a placeholder whose photo fades
in is a flash from the paint to the fade ("flash"); a design's own colour change, a designed slide,
text over a panel is none ("none"); "either" for readings defensible both ways. At 5d820a1 the
designed slides (carousel, product, titlecard) are still read as slots: by their pixels they are
placeholders (README, `SlotFlashes`).
"""
import glob, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

EXPECT = {
    "flash": ["photo", "photo_60", "sky", "circle", "easein", "onwhite70"],
    "none": ["grad", "grad_60", "subtlegrad", "sheen", "grain", "twotone", "recolour_text", "flatthrough",
             "ramp20", "ramp40", "ramp60", "ramp90", "ramp140", "carousel", "product", "titlecard"],
    "either": ["textin", "video", "video_60", "contain", "dimcontent", "onwhite40"],
}


def slot_flashes(binary, film):
    out = subprocess.run([binary, film, "--format", "json", "--quiet"], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        return None
    report = json.loads(out.stdout)
    return sum(1 for f in report["findings"] if f["kind"] == "flash" and "held_ms" in (f.get("evidence") or {}))


def main():
    argv = sys.argv[1:]
    films_dir = os.environ.get("SLOT_FILMS", "/tmp/slot-films")
    if "--films" in argv:
        i = argv.index("--films")
        films_dir = argv[i + 1]
        del argv[i:i + 2]
    if not argv:
        raise SystemExit(__doc__)
    expected = {name: verdict for verdict, names in EXPECT.items() for name in names}
    films = sorted(glob.glob(os.path.join(films_dir, "g_*.mp4")))
    if not films:
        raise SystemExit(f"no films in {films_dir}: run scripts/slot-films/gen.py all {films_dir}")
    for binary in argv:
        with ThreadPoolExecutor(2) as pool:
            counts = list(pool.map(lambda f: slot_flashes(binary, f), films))
        tally = {"right": 0, "wrong": 0, "either": 0}
        print(f"== {binary}")
        for film, n in zip(films, counts):
            name = os.path.basename(film)[2:-4]
            want = expected.get(name, "either")
            got = "error" if n is None else ("flash" if n else "none")
            verdict = "either" if want == "either" else ("right" if got == want else "wrong")
            tally[verdict] += 1
            print(f"  {name:16} expected {want:6} read {got:6} {verdict}")
        print(f"  right {tally['right']}, wrong {tally['wrong']}, either {tally['either']} of {len(films)}")


if __name__ == "__main__":
    main()
