#!/usr/bin/env python3
"""Drawn films that attack the rule of a slot whose content fades in (`SlotFlashes.flash(fadingIn:)`):
a helper's adversarial probe of 7 December, with real placeholders (photos, a sky, a round avatar,
an eased or a 60-fps fade, a product on white) and look-alikes (a flat panel animating into a
gradient or a ramp, a designed flat slide or title card crossfading to a photo, text fading in over
a panel, a near-black night photo). `run.py` says which ones a build reads as a slot's wait.

    python3 scripts/slot-films/gen.py all [DIR]     # or NAME...; writes DIR/g_NAME.mp4 (default /tmp/slot-films)

Each film: 0.5 s white, then a page (text-like detail rows on white and a 520x300 box) cut in, held
(1.2 s unless the scenario says), then the box fades over 400 ms (unless said, smoothstep) from its
first picture to its second, then 1.5 s still. 1280x720, 30 fps (60 for NAME_60), H.264 CRF 18.
The photos are ffmpeg's mandelbrot, as scripts/web-recordings makes them. Needs numpy.
"""
import numpy as np, subprocess, sys, os
W, H = 1280, 720
args = [a for a in sys.argv[1:] if not a.startswith('/')]
OUT = next((a for a in sys.argv[1:] if a.startswith('/')), os.environ.get('SLOT_FILMS', '/tmp/slot-films'))
IMG = os.path.join(OUT, 'img')
BOX = (700, 120, 520, 300)  # x y w h
SIZES = ['1200x800', '1200x800', '600x900', '1200x800', '800x800', '1600x900', '2100x900']


def make_photos():
    os.makedirs(IMG, exist_ok=True)
    for k, size in enumerate(SIZES, 1):
        path = f'{IMG}/photo{k}.jpg'
        if not os.path.exists(path) or os.path.getsize(path) == 0:
            subprocess.run(['ffmpeg', '-v', 'error', '-y', '-f', 'lavfi', '-i',
                            f'mandelbrot=size={size}:start_scale={k + 1}.0:outer=normalized_iteration_count',
                            '-frames:v', '1', '-q:v', '3', path], check=True)

def photo(n, w, h):
    raw = subprocess.run(['ffmpeg', '-loglevel', 'error', '-i', f'{IMG}/photo{n}.jpg', '-vf', f'scale={w}:{h}:force_original_aspect_ratio=increase,crop={w}:{h}',
                          '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(h, w, 3).astype(np.float32)

def page():
    rng = np.random.default_rng(1)
    p = np.full((H, W, 3), 255, np.float32)
    p[0:56] = (240, 242, 246); p[20:36, 40:180] = (0, 102, 204)
    for y in range(90, 700, 26):           # text-like lines on the left
        x = 40
        while x < 640:
            wd = int(rng.integers(20, 70));
            if x + wd > 640: break
            p[y:y + 12, x:x + wd] = (60, 60, 66); x += wd + 10
    for y in range(450, 700, 26):          # text-like lines under the box
        x = 700
        while x < 1230:
            wd = int(rng.integers(20, 70))
            if x + wd > 1230: break
            p[y:y + 12, x:x + wd] = (60, 60, 66); x += wd + 10
    return p

def lingrad(w, h, c0, c1, c2=None):
    t = (np.arange(w)[None, :] / (w - 1) * 0.7 + np.arange(h)[:, None] / (h - 1) * 0.3)[..., None]
    if c2 is None: return (1 - t) * np.array(c0) + t * np.array(c1)
    a = np.clip(t * 2, 0, 1); b = np.clip(t * 2 - 1, 0, 1)
    return np.where(t < .5, (1 - a) * np.array(c0) + a * np.array(c1), (1 - b) * np.array(c1) + b * np.array(c2))

def flat(w, h, c): return np.tile(np.array(c, np.float32), (h, w, 1))

def text_block(w, h, bg, fg=(40, 40, 46), top=10):
    b = flat(w, h, bg); rng = np.random.default_rng(5)
    for y in range(top, h - 14, 22):
        x = 14
        while x < w - 20:
            wd = int(rng.integers(18, 60))
            if x + wd > w - 14: break
            b[y:y + 11, x:x + wd] = fg; x += wd + 9
    return b

def scenario(name):
    bx, by, bw, bh = BOX; fps = 30; hold = 1.2; fadems = 400; ease = 'ease'; before_prev = None
    grey = (207, 207, 212)
    if name.endswith('_60'): fps = 60
    base = name.replace('_60', '')
    if base == 'photo':      a, b = flat(bw, bh, grey), photo(2, bw, bh)
    elif base == 'grad':     a, b = flat(bw, bh, (47, 111, 214)), lingrad(bw, bh, (47, 111, 214), (155, 63, 214), (224, 80, 138))
    elif base == 'subtlegrad': a, b = flat(bw, bh, (47, 111, 214)), lingrad(bw, bh, (40, 100, 200), (70, 130, 230))
    elif base == 'sheen':    a = flat(bw, bh, (230, 230, 235)); b = lingrad(bw, bh, (230, 230, 235), (250, 250, 252), (230, 230, 235))
    elif base == 'grain':    # flat panel fades to a paper texture of the same mean colour (noise +-6)
        a = flat(bw, bh, (200, 190, 170)); b = a + np.random.default_rng(3).normal(0, 5, (bh, bw, 1)).astype(np.float32)
    elif base == 'twotone':  # grey panel fades to a blue frame holding a flat white inner area (60%)
        a = flat(bw, bh, grey); b = flat(bw, bh, (40, 90, 180)); b[40:bh - 40, 60:bw - 60] = (255, 255, 255)
    elif base == 'textin':   a, b = flat(bw, bh, (238, 240, 243)), text_block(bw, bh, (238, 240, 243))
    elif base == 'recolour_text':  # grey card -> green card with a few words (large flat green)
        a = flat(bw, bh, grey); b = flat(bw, bh, (46, 158, 91)); b[40:90, 40:300] = 255; b[110:160, 40:360] = 255
    elif base == 'carousel': # previous photo slide, cut to a flat orange slide with a caption, then crossfade to a photo
        before_prev = photo(4, bw, bh); a = flat(bw, bh, (232, 100, 60)); a[20:44, 22:200] = 255; b = photo(2, bw, bh); hold = 2.0; fadems = 600
    elif base == 'video':    a, b = flat(bw, bh, (0, 0, 0)), photo(5, bw, bh); hold = 0.8; fadems = 250
    elif base == 'contain':  # product photo (contain) covers the middle 50% of the grey slot
        a = flat(bw, bh, grey); b = a.copy(); b[:, bw // 4: bw // 4 + bw // 2] = photo(3, bw // 2, bh)
    elif base == 'dimcontent':  # grey slot fades to a photo darkened to near one colour (a night sky)
        a = flat(bw, bh, (30, 30, 36)); b = photo(6, bw, bh) * 0.12 + 20
    elif base == 'flatthrough':  # photo A fades to grey (ease-in: slow start, big last step), holds, fades to photo B
        before_prev = photo(4, bw, bh); a = flat(bw, bh, grey); b = photo(2, bw, bh)
    elif base.startswith('ramp'):  # flat blue -> linear ramp of N levels (per channel) across the slot
        r = int(base[4:]); c = np.array((47, 111, 214)); a = flat(bw, bh, c); b = lingrad(bw, bh, c - r / 2, c + r / 2)
    elif base == 'product':  # product-photo carousel: flat grey studio backdrop with a small object, crossfades to the next product
        a = flat(bw, bh, (226, 226, 230)); a[bh // 2 - 50: bh // 2 + 50, bw // 2 - 60: bw // 2 + 60] = photo(3, 120, 100); b = photo(2, bw, bh); hold = 2.0; fadems = 500
    elif base == 'titlecard':  # a playing video: black title card with a small white title, fades to the scene
        a = flat(bw, bh, (0, 0, 0)); a[bh // 2 - 12: bh // 2 + 12, bw // 2 - 110: bw // 2 + 110] = 235; b = photo(5, bw, bh); hold = 1.5; fadems = 500
    elif base == 'circle':   # one big round avatar slot (grey) on the page, photo fades in; outside the circle stays white
        yy, xx = np.mgrid[0:bh, 0:bw]; m = ((yy - bh / 2) ** 2 + (xx - bw / 2) ** 2 < 140 ** 2)[..., None]
        a = np.where(m, flat(bw, bh, grey), 255.0); b = np.where(m, photo(1, bw, bh), 255.0)
    elif base == 'easein':   # grey slot, photo fades in over 1 s with a cubic ease-in (first frames barely change)
        a, b = flat(bw, bh, grey), photo(2, bw, bh); fadems = 1000; ease = 'in'
    elif base == 'sky':      # grey slot, a landscape photo whose top 60% is a smooth sky gradient fades in
        a = flat(bw, bh, grey); b = photo(4, bw, bh); sk = int(bh * .6); b[:sk] = lingrad(bw, sk, (120, 170, 230), (200, 225, 245))
    elif base.startswith('onwhite'):  # grey slot, e-commerce product photo on a white backdrop (object covers N% of the width)
        pct = int(base[7:]); a = flat(bw, bh, grey); b = flat(bw, bh, (255, 255, 255)); ow = bw * pct // 100; oh = bh * 8 // 10
        b[(bh - oh) // 2:(bh - oh) // 2 + oh, (bw - ow) // 2:(bw - ow) // 2 + ow] = photo(3, ow, oh)
    else: raise SystemExit('unknown ' + name)
    p = page(); frames = []
    white = np.full((H, W, 3), 255, np.float32)
    def put(img, region):
        f = p.copy(); f[by:by + bh, bx:bx + bw] = region; return f
    n = lambda s: int(round(s * fps))
    if before_prev is not None:
        frames += [put(p, before_prev)] * n(1.0)
        if base == 'flatthrough':
            k = n(0.3)
            for i in range(1, k + 1):
                t = (i / k) ** 3   # ease-in: tiny steps first, the biggest last
                frames.append(put(p, (1 - t) * before_prev + t * a))
    else:
        frames += [white] * n(0.5)
    frames += [put(p, a)] * n(hold)
    k = max(1, n(fadems / 1000))
    for i in range(1, k + 1):
        t = i / k; t = t ** 3 if ease == 'in' else t * t * (3 - 2 * t)
        frames.append(put(p, (1 - t) * a + t * b))
    frames += [put(p, b)] * n(1.5)
    path = os.path.join(OUT, f'g_{name}.mp4')
    ff = subprocess.Popen(['ffmpeg', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', f'{W}x{H}', '-r', str(fps), '-i', '-',
                          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', path], stdin=subprocess.PIPE)
    for f in frames: ff.stdin.write(np.clip(f + 0.5, 0, 255).astype(np.uint8).tobytes())
    ff.stdin.close(); ff.wait(); print(path, len(frames), 'frames')

ALL = ['photo', 'photo_60', 'grad', 'grad_60', 'subtlegrad', 'sheen', 'grain', 'twotone', 'textin', 'recolour_text', 'carousel', 'video', 'video_60',
       'contain', 'dimcontent', 'flatthrough',
       'ramp20', 'ramp40', 'ramp60', 'ramp90', 'ramp140', 'product', 'titlecard', 'circle', 'easein', 'sky', 'onwhite40', 'onwhite70']
if not args:
    raise SystemExit(__doc__)
make_photos()
for nm in (ALL if args == ['all'] else args): scenario(nm)
