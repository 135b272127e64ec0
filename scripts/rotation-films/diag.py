# usage: ROTATION_FILMS=DIR scripts/rotation-films/diag.py static|notblack|onlyturn|stillsonly
# Diagnostic variants of A-10fps-390x844-light-400ms-greykb with +-2 noise:
#  static: one noise pattern for every frame; notblack: temporal noise but pure black pixels kept 0;
#  onlyturn: temporal noise only on the frames inside the turns.
import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
orig = gen.write_gif
mode = sys.argv[1]
def patched(name, frames, fps_expr, W, H):
    rs = np.random.RandomState(3)
    fixed = rs.randint(-2, 3, frames[0].shape)
    out = []
    for i, f in enumerate(frames):
        t = i * 0.1
        n = fixed if mode == "static" else rs.randint(-2, 3, f.shape)
        g = np.clip(f.astype(np.int16) + n, 0, 255).astype(np.uint8)
        if mode == "notblack":
            g = np.where((f == 0).all(axis=2)[..., None], f, g)
        if mode == "onlyturn" and not (1.0 <= t < 1.5 or 2.9 <= t < 3.4):
            g = f
        if mode == "stillsonly" and (1.0 <= t < 1.5 or 2.9 <= t < 3.4):
            g = f
        out.append(g)
    return orig(name, out, fps_expr, W, H)
gen.write_gif = patched
gen.rotation_film(f"X-diag-{mode}-A-10fps-390x844-light-400ms-greykb-noise2", "A", 10, 390, 844, "light", 400, 90, False, "grey")
