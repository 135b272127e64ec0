#!/usr/bin/env python3
"""Look-alikes of a posture change: a HUD card on a scrim (a volume or "copied" card, a
lightbox's caption), faded in over a page, held 1 s and faded out again; no posture event in any.

usage: HUD_FILMS=DIR scripts/hud-films/gen.py        (DIR defaults to /tmp/hud-films)
       scripts/hud-films/gen.py --check BIN          (runs BIN on DIR's films, lists every event: `reviewfilms.invented`)
Writes 96 films to DIR/films: 390x844 GIFs and 1080x2400 H.264, cards 200x200, 300x180 and
340x120 (at 390 px wide), a black (1.0) or a dimming (0.6) scrim, 30 and 60 fps, fades of 150
and 300 ms, light and dark pages. ffmpeg writes a 60-fps GIF with delays of 20, 100 and 20 ms (a
hundredth of a second has no room for 16.7 ms), so those films play 2.8 times slower, in a
100/20/20 cadence that real GIFs of captures show too (ios_hero_basic.gif).
Tests/Fixtures/hud-scrim-60fps.gif is `hud006_390_200x200_s1.0_f60_fd300_light.gif`.
"""
import itertools, os, sys
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import reviewfilms as rf  # noqa: E402

OUT = os.path.join(os.environ.get("HUD_FILMS", "/tmp/hud-films"), "films")


def page(w, h, dark=False):
    """A page of text rows under a bar: detail in most tiles."""
    img = np.full((h, w, 3), 0 if dark else 255, np.uint8)
    fg = (230, 230, 230) if dark else (40, 40, 40)
    img[0:44] = (28, 28, 30) if dark else (247, 247, 247)
    for i, y in enumerate(range(100, h - 60, 56)):
        img[y:y + 14, 20:20 + (w - 60 - (i * 37) % 120)] = fg
        img[y + 22:y + 30, 20:20 + (w - 120 - (i * 53) % 90)] = (120, 120, 120)
    return img


def ease(t):
    t = min(max(t, 0), 1)
    return t * t * (3 - 2 * t)


def film(name, w, h, cw, ch, scrim, fps, fade_ms, hold_ms, dark=False, fmt="gif"):
    """The page for 1 s, the scrim and the card fading in over `fade_ms`, held `hold_ms`, fading
    out, the page for 1 s."""
    base = page(w, h, dark).astype(np.float32)
    card = np.zeros((h, w, 3), np.float32)
    mask = np.zeros((h, w, 1), np.float32)
    x0, y0 = (w - cw) // 2, (h - ch) // 2
    black = scrim > 0.9
    card[y0:y0 + ch, x0:x0 + cw] = (60, 60, 62) if black else (235, 235, 235)
    card[y0 + ch // 3:y0 + ch // 3 + 20, x0 + 20:x0 + cw - 20] = (255, 255, 255) if black else (30, 30, 30)
    card[y0 + 2 * ch // 3:y0 + 2 * ch // 3 + 10, x0 + 40:x0 + cw - 40] = (180, 180, 180) if black else (90, 90, 90)
    mask[y0:y0 + ch, x0:x0 + cw] = 1
    total = 1000 + 2 * fade_ms + hold_ms + 1000
    frames = []
    for i in range(int(total * fps / 1000)):
        t = i * 1000 / fps
        if t < 1000:
            a = 0
        elif t < 1000 + fade_ms:
            a = ease((t - 1000) / fade_ms)
        elif t < 1000 + fade_ms + hold_ms:
            a = 1
        else:
            a = 1 - ease((t - 1000 - fade_ms - hold_ms) / fade_ms)
        f = base * (1 - scrim * a) * (1 - mask * a) + card * mask * a
        frames.append(np.clip(f, 0, 255).astype(np.uint8))
    os.makedirs(OUT, exist_ok=True)
    rf.pipe(os.path.join(OUT, f"{name}.{fmt}"), frames, fps, fmt, crf=16)


def generate():
    i = 0
    for (w, h), (cw, ch), scrim, fps, fade, dark, fmt in itertools.product(
            [(390, 844), (1080, 2400)], [(200, 200), (300, 180), (340, 120)], [1.0, 0.6], [30, 60], [150, 300],
            [False, True], ["gif", "mp4"]):
        if (fmt == "gif") != (w < 400):
            continue
        s = w / 390
        name = f"hud{i:03d}_{w}_{cw}x{ch}_s{scrim}_f{fps}_fd{fade}_{'dark' if dark else 'light'}"
        film(name, w, h, int(cw * s), int(ch * s), scrim, fps, fade, 1000, dark, fmt)
        i += 1
    print(f"{i} films in {OUT}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(1 if rf.invented(sys.argv[2], OUT, "hud-films") else 0)
    generate()
