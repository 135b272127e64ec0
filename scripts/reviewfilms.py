"""Drawing, encoding and running helpers shared by the touch-dot review films (scripts/pointer-films,
scripts/moving-dot-films): eased timing, antialiased discs, rectangles and block textures drawn
into numpy RGB frames, frames piped to ffmpeg as H.264 or GIF, and a build's findings on a film.
The posture review films (scripts/hud-films, posture-lookalikes, viewer-turns) encode with
`pipe`: their own CRF, ffmpeg's default GIF dither.
(scripts/filmscript.py draws whole app pages for the sample sets; these review scenes are single
elements on a list, and their films must keep rendering exactly as they were measured.)

    frames = [...]; path = encode(out, "touch-w360", frames, 30, "mp4"); findings(binary, path)
"""
import json
import os
import subprocess
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np


def ease(t):
    """Ease-in-out (smoothstep)."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


def ease_in(t):
    t = min(max(t, 0.0), 1.0)
    return t * t


def ease_out(t):
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) * (1 - t)


def disc(img, cx, cy, r, color, alpha=1.0, ring=0.0, ring_color=(255, 255, 255), clip=None):
    """A disc of radius r at (cx, cy), antialiased, `alpha` opaque; with `ring`, an outer ring that
    wide in `ring_color`; `clip` = (x0, y0, x1, y1) limits it."""
    H, W = img.shape[:2]
    x0, x1 = max(0, int(cx - r - 2)), min(W, int(cx + r + 3))
    y0, y1 = max(0, int(cy - r - 2)), min(H, int(cy + r + 3))
    if clip is not None:
        cx0, cy0, cx1, cy1 = clip
        x0, x1, y0, y1 = max(x0, cx0), min(x1, cx1), max(y0, cy0), min(y1, cy1)
    if x1 <= x0 or y1 <= y0 or r <= 0:
        return
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d = np.sqrt((xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2)
    cov = np.clip(r - d + 0.5, 0, 1) * alpha
    sub = img[y0:y1, x0:x1].astype(np.float32)
    col = np.array(color, np.float32)
    if ring > 0:
        inner = np.clip((r - ring) - d + 0.5, 0, 1)
        rc = np.array(ring_color, np.float32)
        mix = inner[..., None] * col + (1 - inner[..., None]) * rc
        sub = sub * (1 - cov[..., None]) + mix * cov[..., None]
    else:
        sub = sub * (1 - cov[..., None]) + col * cov[..., None]
    img[y0:y1, x0:x1] = np.clip(sub + 0.5, 0, 255).astype(np.uint8)


def rect(img, x, y, w, h, color, alpha=1.0):
    H, W = img.shape[:2]
    x0, y0, x1, y1 = max(0, int(round(x))), max(0, int(round(y))), min(W, int(round(x + w))), min(H, int(round(y + h)))
    if x1 <= x0 or y1 <= y0:
        return
    sub = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = np.clip(sub * (1 - alpha) + np.array(color, np.float32) * alpha + 0.5, 0, 255).astype(np.uint8)


def tex(img, x, y, w, h, seed):
    """A blocky texture (8-px blocks), stable relative to the element's origin."""
    rng = np.random.default_rng(seed)
    H, W = img.shape[:2]
    x0, y0, x1, y1 = max(0, int(x)), max(0, int(y)), min(W, int(x + w)), min(H, int(y + h))
    if x1 <= x0 or y1 <= y0:
        return
    bw, bh = int(w) // 8 + 2, int(h) // 8 + 2
    blocks = rng.integers(40, 220, (bh, bw, 3)).astype(np.uint8)
    big = np.repeat(np.repeat(blocks, 8, 0), 8, 1)
    ox, oy = x0 - int(x), y0 - int(y)
    img[y0:y1, x0:x1] = big[oy:oy + (y1 - y0), ox:ox + (x1 - x0)]


def encode(out, name, frames, fps, fmt, x264_threads=None):
    """Writes OUT/NAME.mp4 (H.264, CRF 12; `x264_threads` fixes the encoder's threads) or
    OUT/NAME.gif (one palette, Bayer dither) from RGB frames; returns its path."""
    H, W = frames[0].shape[:2]
    path = os.path.join(out, name + "." + fmt)
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}", "-r", str(fps), "-i", "-"]
    if fmt == "mp4":
        cmd += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "12"]
        cmd += ["-threads", str(x264_threads)] if x264_threads else []
    else:
        cmd += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                "-r", str(fps)]
    subprocess.run(cmd + [path], input=b"".join(f.tobytes() for f in frames), check=True)
    return path


def pipe(path, frames, fps, fmt, crf=18, gop=None, palette="full"):
    """Writes RGB frames (clipped to 0-255) to `path`: H.264 (yuv420p, CRF `crf`, a keyframe every
    `gop` frames if given) for "mp4", else a GIF with one palette for the whole film ("full") or
    one per frame ("single"), ffmpeg's default dither."""
    H, W = frames[0].shape[:2]
    cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{W}x{H}", "-r", str(fps), "-i", "-"]
    if fmt == "mp4":
        cmd += ["-c:v", "libx264", "-crf", str(crf), "-pix_fmt", "yuv420p"] + (["-g", str(gop)] if gop else [])
    else:
        cmd += ["-vf", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1" if palette == "single"
                else "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse"]
    p = subprocess.Popen(cmd + [path], stdin=subprocess.PIPE)
    for f in frames:
        p.stdin.write(np.ascontiguousarray(np.clip(f, 0, 255).astype(np.uint8)).tobytes())
    p.stdin.close()
    if p.wait() != 0:
        raise RuntimeError(f"ffmpeg failed on {path}")
    return path


def findings(binary, path):
    """The build's findings on a film as (kind, start_ms, end_ms), or an error line."""
    p = subprocess.run([binary, path, "--format", "json", "--quiet"], capture_output=True, text=True)
    try:
        return [(f["kind"], f["start_ms"], f["end_ms"]) for f in json.loads(p.stdout)["findings"]]
    except (ValueError, KeyError):
        return "error: " + p.stderr.strip()[:200]


def events(binary, path):
    """The build's posture events on a film (the report's `events`), or an error line."""
    p = subprocess.run([binary, path, "--format", "json", "--quiet"], capture_output=True, text=True)
    try:
        return json.loads(p.stdout)["events"]
    except (ValueError, KeyError):
        return "error: " + (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1][:200]


def invented(binary, folder, label):
    """Runs the build on every film in `folder` (2 at a time), where any posture event is
    invented: prints each such event with its evidence, an error line per film without a report,
    and `LABEL: N films, I with an invented posture event`. Returns I."""
    names = sorted(n for n in os.listdir(folder) if n.endswith((".mp4", ".gif")))
    with ThreadPoolExecutor(2) as ex:
        results = list(ex.map(lambda n: events(binary, os.path.join(folder, n)), names))
    count = 0
    for name, evs in zip(names, results):
        if isinstance(evs, str):
            print(f"{name}: {evs}")
            continue
        count += 1 if evs else 0
        for e in evs:
            ev = ", ".join(f"{k}={v}" for k, v in (e.get("evidence") or {}).items())
            print(f"{name}: invented {e['kind']} {e['start_ms']}-{e['end_ms']} ms confidence {e.get('confidence')} evidence {{{ev}}}")
    print(f"{label}: {len(names)} films, {count} with an invented posture event")
    return count


def make(out, jobs, make_one, workers, chunksize):
    """Renders each job with `make_one(job)` -> (name, manifest entry) in `workers` processes,
    into OUT/manifest.json (entries already there are kept: films made with another filter)."""
    os.makedirs(out, exist_ok=True)
    mp = os.path.join(out, "manifest.json")
    man = json.load(open(mp)) if os.path.exists(mp) else {}
    with ProcessPoolExecutor(workers) as ex:
        for n, m in ex.map(make_one, jobs, chunksize=chunksize):
            man[n] = m
    json.dump(man, open(mp, "w"), indent=1)
    print(f"{len(man)} films in {out}")
