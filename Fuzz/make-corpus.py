#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/corpus/NAME/: small valid and near-valid inputs taken from
the tests, the samples and the README. Rerun after changing it (it replaces the seed_* files only;
inputs libFuzzer added to a corpus folder are kept)."""
import os, struct, zlib, glob, shutil, json, subprocess, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)

def seeds(name, items, names=None):
    d = os.path.join(here, "corpus", name)
    os.makedirs(d, exist_ok=True)
    for f in glob.glob(os.path.join(d, "seed_*")):
        os.remove(f)
    for i, data in enumerate(items):
        if isinstance(data, str):
            data = data.encode()
        with open(os.path.join(d, "seed_" + (names[i] if names else "%02d" % i)), "wb") as f:
            f.write(data)

# --- steps: the samples' sidecars, the README, the tests (good and bad tokens)
steps = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "samples", "*.steps")))]
steps += [
    "path:1.0:180:110 wait:2.5 path:1.0:110:180 wait:2 orient:landscape-left",
    "path:0.5:180:0", "path:0.5:0:180", "path:0.5:10:100", "path:1:180:175 path:1:5:0 path:1:110:110",
    "  wait:0.25\n\tpath:0.75:180.5:120.25  ", "", "   ", "path:1:180:0 path:1:0:180 path:1:180:100",
    "orient:upright,orient:landscape-right,orient:upside-down,orient:landscape-left",
    "path:1.0:180", "wait:soon", "wait:1 jump:3", "orient:sideways", "path:-1:180:110", "path:1:180:400",
    "path:1:x:110", "path:1e308:0:180 wait:1e308", "path:0x10:180:110", "wait:1e-300 path:0:360:0",
]
seeds("steps", steps)

# --- events: the sample sidecar, the README, the tests
events = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "samples", "*.events.json")))]
events += [
    '[{"kind": "bend", "start_ms": 0, "end_ms": 1000, "from_deg": 180, "to_deg": 110}]',
    '[{"kind": "flatten", "start_ms": 3000, "end_ms": 4000}, {"start_ms": 0, "end_ms": 1000, "from_deg": 180, "to_deg": 110}]',
    '[{"kind": "rotation", "start_ms": 2000, "end_ms": 2400, "orientation": "landscape-left"},'
    ' {"kind": "open", "start_ms": 100.5, "end_ms": 900.25}, {"kind": "close", "start_ms": 5000, "end_ms": 5000}]',
    "{}", "not json", "[1]", '[{"kind": "bend", "end_ms": 1}]', '[{"kind": "wobble", "start_ms": 0, "end_ms": 1}]',
    '[{"kind": "bend", "start_ms": "0", "end_ms": 1}]', '[{"kind": "bend", "start_ms": 5, "end_ms": 1}]',
    '[{"kind": "bend", "start_ms": 0, "end_ms": 1}, {"start_ms": 0, "end_ms": 1}]',
    '[{"kind": "bend", "start_ms": true, "end_ms": 1e300, "from_deg": -1e300, "to_deg": 1e300}]',
    '[]',
]
seeds("events", events)

# --- rules: the README's example, the tests
rules = [
    '''{
  "kinds": {
    "flash": {"during": "pass", "after": "fail", "none": "fail"},
    "blank": "fail",
    "cut":   {"after": "warn"}
  },
  "limits": {"fade_max_ms": 300, "flash_max_ms": 0, "blank_max_ms": 0, "settle_max_ms": 2000},
  "masks": [[0, 0, 1240, 80]],
  "films": [
    {"glob": "*-outer.mp4", "kinds": {"cut": {"after": "pass"}}, "limits": {"settle_max_ms": 3000}}
  ]
}''',
    '{"kinds": {"flash": "pass"}, "limits": {"fade_max_ms": 50}, "films": [{"glob": "*feed*", "kinds": {"blank": {"none": "warn"}}}]}',
    '{"kinds": {"flash": {"after": "explode"}}}',
    '{"masks": [[9223372036854775807, 0, 1, 1]]}', '{"masks": [[1e30, 0, 10, 10]]}',
    '{"masks": [[-5, -5, 20, 20], [10, 4, 8, 8]], "films": [{"glob": "*inner*", "masks": [[0, 0, 16, 16]]}]}',
    '{"films": [{"glob": "?ilms/*-inner.mp4", "limits": {"flash_max_ms": 10, "blank_max_ms": 1}}], "$comment": "x"}',
    '{"kinds": {"motion": {"none": "fail"}, "fade": "warn"}, "limits": {"settle_max_ms": 0}}',
    '{}', '[]', '{"limits": {"fade_max_ms": -1}}', '{"limits": {"bogus_ms": 1}}', '{"kinds": {"wobble": "fail"}}',
    '{"glob": "*", "films": [{}]}',
]
seeds("rules", rules)

# --- baselines: the findings of the fuzz targets' sample report (FuzzSupport), as
# --update-baseline writes them, and near-valid ones
def entry(kind, event, phase, start, end, x, y, w, h):
    return {"kind": kind, "event": event, "phase": phase, "start_ms": start, "end_ms": end,
            "region": {"x": x, "y": y, "w": w, "h": h}}
# (times and phases as the sample findings are tied to laptop.steps's events)
good = [entry("cut", 0, "after", 1050, 1050, 0, 0, 360, 780), entry("flash", 0, "after", 1050, 1133, 192, 80, 160, 112),
        entry("fade", 1, "after", 4600, 4700, 0, 0, 360, 780), entry("blank", 0, "after", 2000, 2500, 0, 64, 360, 700),
        entry("motion", 1, "after", 5200, 6100, 16, 400, 320, 200), entry("cut", 0, "during", 0, 0, 0, 0, 360, 780),
        entry("motion", None, "none", 7800, 8000, 300, 0, 60, 40)]
def baseline(films):
    lines = ['{"schema": "framediff-baseline/1", "films": {']
    for k, (film, es) in enumerate(films.items()):
        lines.append('  %s: [' % json.dumps(film))
        lines += ['    ' + json.dumps(e) + (',' if i + 1 < len(es) else '') for i, e in enumerate(es)]
        lines.append('  ]' + (',' if k + 1 < len(films) else ''))
    lines.append('}}')
    return "\n".join(lines) + "\n"
base = [
    baseline({"films/laptop-inner.mp4": good}),
    baseline({"films/laptop-inner.mp4": good[:2], "samples/laptop-inner.mp4": good[2:]}),
    baseline({"films/laptop-inner.mp4": [entry("cut", 0, "after", 1050, 1050, 9223372036854775807, 0, 1, 1)]}),
    baseline({"films/laptop-inner.mp4": [entry("flash", 0, "after", 1050, 1083, -9223372036854775807, 0, 9223372036854775807, 1)]}),
    baseline({"films/laptop-inner.mp4": []}),
    '{"schema": "framediff-baseline/1", "films": {"a.mp4": [{"kind": "cut"}]}}',
    '{"schema": "framediff-baseline/1", "films": {"a.mp4": {}}}', '{"films": []}', '{}', 'not json',
]
seeds("baseline", base)

# --- PNG folder names: one name a line (the fuzz target writes a PNG under each)
names = [
    "000000.png\n000016.png\n000033.png\n000050.png",
    "000000.png\n001000.png\n001017.png\n001033.png\n001100.png\n002000.png\n002100.png",  # Tests/Fixtures/compare
    "0.png\n16.7.png\n33.4.png\nREADME.txt\nnotes.png",
    "000000.PNG\n1e3.png\n0x10.png\n-5.png\nnan.png\ninf.png",
    "00000000000000000000000.png\n99999999999999999999999.png",
    "1.png",
    "5.png\n5.0.png\n05.png",
    "0.png\n1e308.png\n1.7976931348623157e308.png",
    b"000000.png\n\xd9\xa3.png\n\xc2\xbd.png\n\xff\xfe.png",  # an Arabic-Indic 3, a one-half sign, invalid UTF-8
]
seeds("pngfolder", names)

# --- PNG reader: the test fixtures, and small PNGs of every colour type, depth and interlace
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
def adam7(w, h):
    for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
        yield (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
def png(w, h, depth, colour, interlace=0, extra=b"", plte=None, trns=None):
    ch = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw = b""
    passes = list(adam7(w, h)) if interlace else [(w, h)]
    for pw, ph in passes:
        if pw == 0 or ph == 0:
            continue
        rb = (pw * ch * depth + 7) // 8
        for y in range(ph):
            raw += bytes([y % 5]) + bytes(((x * 37 + y * 11) & 0xff) for x in range(rb))
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, interlace))
    out += extra
    if plte is not None:
        out += chunk(b"PLTE", plte)
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return out
pal = bytes(range(48))
pngs = [open(os.path.join(root, "Tests/Fixtures", n), "rb").read() for n in ["odd.png", "pal-b.png", "deep-a.png"]]
pngs += [
    png(7, 5, 8, 2), png(9, 9, 16, 2), png(8, 3, 1, 0), png(5, 5, 2, 0, 1), png(6, 4, 4, 0), png(17, 3, 8, 0),
    png(4, 4, 16, 0, trns=b"\x00\x10"), png(5, 3, 8, 4), png(3, 3, 16, 4, 1), png(6, 6, 8, 6), png(3, 5, 16, 6),
    png(8, 2, 1, 3, plte=pal[:6]), png(4, 4, 2, 3, plte=pal[:12], trns=b"\x00\x80"), png(4, 4, 4, 3, 1, plte=pal),
    png(16, 16, 8, 3, plte=pal, trns=b"\x00"), png(10, 10, 8, 2, 1, trns=b"\x00\x01\x00\x02\x00\x03"),
    png(2, 2, 8, 2, extra=chunk(b"gAMA", struct.pack(">I", 45455)) + chunk(b"sBIT", b"\x05\x06\x05")),
    png(1, 1, 8, 2)[:-20],  # truncated
    png(4, 4, 8, 2).replace(b"IDAT", b"IDAT", 1)[:40] + b"\x00" * 20,  # damaged image data
]
seeds("png", pngs)
# --- merge: audit shards built from the golden reports (framediff/1 objects), with a bad film,
# an incomplete shard, and JSON that Foundation and JSON.parse may read differently
golden = [open(p).read() for p in sorted(glob.glob(os.path.join(root, "Tests/Fixtures/golden", "*.json")))]
err = '{"film": "films/bad.mp4", "error": "not a film"}'
shard = lambda items, extra="": '{"schema": "framediff/1", "tool": "framediff 0.2.0"%s, "films": [%s]}' % (extra, ", ".join(items))
merge = [shard(golden[:1]), shard(golden + [err]), shard([err], ', "complete": false, "not_run": ["films/c.mp4"]'),
         shard([]), '{"films": [{"film": "a"}], "films": [{"film": "b"}]}',
         '{"films": [{"film": "a", "film": "b", "video": {"duration_ms": 1e-20, "frames": 18446744073709551616}}]}',
         '{"films": [{"film": "\\ud800\\u0041\\ud83d\\ude00\\u0000", "worst": "x", "status": "fail"}]}',
         '\ufeff' + shard([err]), '[1, -0, 1E2, 0.1e-7, "\\b\\f", true, null, {}]', '{"a": [[[[[[[[]]]]]]]]}']
# audit shards with their manifests (--shard auto on GitLab; a partial, stopped one)
manifest = lambda k, n, positions, films: (', "shard": {"index": %d, "count": %d, "engine": "gitlab", "variables": {"CI_NODE_INDEX": "%d", '
    '"CI_NODE_TOTAL": "%d"}, "method": "largest-first-by-bytes", "films_sha256": "%s", "films_total": 3, "bytes_total": 300, '
    '"films": %d, "bytes": 100, "positions": [%s]}' % (k, n, k, n, "ab" * 32, films, ", ".join(map(str, positions))))
merge += [shard(golden[:1] + [err], manifest(1, 2, [2, 0], 2)),
          shard([err], ', "complete": false, "not_run": ["films/c.mp4"]' + manifest(2, 2, [1], 2))]
seeds("merge", merge)

# --- decoder: small films (lavfi testsrc2, 2-3 frames at 34x18: 3x2 tiles of 16, a narrow last
# column and a short last band) of every pixel-format family, through every container and codec
# framediff meets (ffmpeg 5.1 with libx264 and libx265). Reproducible: bitexact, no metadata, one
# encoder thread; SEI (x264's and x265's settings text) removed to keep them small.
# NB: p010/p016 are missing: no software decoder of FFmpeg 5.1 outputs them and no container
# carries them raw (NUT writes p010le as RGB[15], read back as rgb555le).
def films():
    src = lambda size: ["-f", "lavfi", "-i", "testsrc2=s=%s:r=30" % size]
    same = ["-fflags", "+bitexact", "-flags", "+bitexact", "-map_metadata", "-1"]
    x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-x264-params", "threads=1", "-bsf:v", "filter_units=remove_types=6"]
    x265 = ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none:pools=1:frame-threads=1:info=0",
            "-bsf:v", "filter_units=remove_types=39|40"]
    jobs = []  # (name, size or @an earlier film to remux, frames, ffmpeg arguments)
    for pf in ["yuv420p", "yuv422p10le", "yuv444p12le", "yuv420p16le", "yuv410p", "nv12", "rgb24", "bgr24", "rgb0", "bgra",
               "rgba", "rgb48le", "bgr48le", "rgba64le", "rgb565le", "bgr8", "gray", "gray10le", "gray16le", "monow", "pal8",
               "xyz12le", "yuva420p", "ya8", "yuyv422", "gbrp10le", "gbrap"]:
        jobs.append(("nut-raw-" + pf, "34x18", 2, ["-c:v", "rawvideo", "-pix_fmt", pf, "-f", "nut"]))
    for pf in ["rgb24", "rgba", "rgb48be", "rgba64be", "gray", "gray16be", "pal8", "ya8", "ya16be", "monob"]:
        jobs.append(("mov-png-" + pf, "34x18", 2, ["-c:v", "png", "-pix_fmt", pf, "-f", "mov"]))
    for pf in ["rgb24", "argb", "rgb555be", "gray"]:  # (qtrle wants a width that is a multiple of 4)
        jobs.append(("mov-qtrle-" + pf, "36x18", 3, ["-c:v", "qtrle", "-pix_fmt", pf, "-f", "mov"]))
    for pf in ["yuv420p", "yuv444p10le", "yuv422p12le", "gray", "gray16le", "bgr0", "yuva420p", "gbrp12le"]:
        jobs.append(("mkv-ffv1-" + pf, "34x18", 2, ["-c:v", "ffv1", "-pix_fmt", pf, "-write_crc32", "0", "-f", "matroska"]))
    jobs.append(("mkv-ffv1v3-yuv420p", "34x18", 2, ["-c:v", "ffv1", "-level", "3", "-slices", "4", "-slicecrc", "1",
                                                     "-pix_fmt", "yuv420p", "-write_crc32", "0", "-f", "matroska"]))
    for pf in ["rgb24", "rgba", "rgb48be", "gray"]:
        jobs.append(("apng-" + pf, "34x18", 2, ["-c:v", "apng", "-pix_fmt", pf, "-plays", "0", "-f", "apng"]))
    jobs += [
        ("gif-pal8", "34x18", 3, ["-c:v", "gif", "-f", "gif"]),
        ("mp4-h264-yuv420p", "34x18", 3, x264 + ["-pix_fmt", "yuv420p", "-f", "mp4"]),
        ("mp4-h264-yuv422p10-rot90", "34x18", 3, x264 + ["-pix_fmt", "yuv422p10le", "-metadata:s:v", "rotate=90", "-f", "mp4"]),
        ("mkv-h264-yuv444p10-bframes", "34x18", 4, x264[:5] + ["threads=1:bframes=2"] + x264[6:]
         + ["-pix_fmt", "yuv444p10le", "-write_crc32", "0", "-f", "matroska"]),
        ("ts-h264-yuvj420p", "34x18", 3, x264 + ["-pix_fmt", "yuvj420p", "-f", "mpegts"]),
        ("h264-annexb-yuv420p", "34x18", 3, x264 + ["-pix_fmt", "yuv420p", "-f", "h264"]),
        # (libx265 8-bit aborts below 48x32)
        ("mp4-hevc-yuv420p", "48x32", 3, x265 + ["-pix_fmt", "yuv420p", "-tag:v", "hvc1", "-f", "mp4"]),
        ("mkv-hevc-yuv420p10", "34x18", 3, x265 + ["-pix_fmt", "yuv420p10le", "-write_crc32", "0", "-f", "matroska"]),
        # (remuxed: libx265 writing straight into MPEG-TS aborts now and then at this size)
        ("ts-hevc-yuv420p", "@mp4-hevc-yuv420p", 3, ["-c", "copy", "-f", "mpegts"]),
        ("mjpeg-yuvj420p", "34x18", 2, ["-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj420p", "-f", "mjpeg"]),
        ("mov-mjpeg-yuvj422p", "34x18", 2, ["-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj422p", "-f", "mov"]),
        ("mkv-mjpeg-yuvj444p", "34x18", 2, ["-c:v", "mjpeg", "-q:v", "5", "-pix_fmt", "yuvj444p", "-write_crc32", "0",
                                            "-f", "matroska"]),
        ("ts-h264-tall", "18x34", 2, x264 + ["-pix_fmt", "yuv420p", "-output_ts_offset", "0.2", "-f", "mpegts"]),
    ]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, size, frames, args in jobs:
            path = os.path.join(tmp, name)
            given = ["-i", os.path.join(tmp, size[1:])] if size.startswith("@") else src(size)
            cmd = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + given + ["-frames:v", str(frames)] + args + same + [path]
            r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if r.returncode != 0:
                print("make-corpus: %s: ffmpeg failed: %s" % (name, r.stderr.decode(errors="replace").strip()[-300:]))
                continue
            out[name] = open(path, "rb").read()
    # near-valid: a frame size that changes mid-stream (two transport streams spliced), an MP4
    # cut inside its index (moov, written last), a Matroska file cut inside its last cluster, a GIF
    # without its trailer
    # (FFmpeg takes a file for a transport stream from 11 x 204 bytes on: short ones get null packets, PID 0x1FFF)
    for name in [n for n in out if n.startswith("ts-")]:
        out[name] += (b"\x47\x1f\xff\x10" + b"\xff" * 184) * max(0, 12 - len(out[name]) // 188)
    if "ts-h264-yuvj420p" in out and "ts-h264-tall" in out:
        out["ts-h264-resized"] = out["ts-h264-yuvj420p"] + out.pop("ts-h264-tall")
    if "mp4-h264-yuv420p" in out:
        mp4 = out["mp4-h264-yuv420p"]
        moov = mp4.rfind(b"moov") - 4
        out["mp4-h264-cut-in-moov"] = mp4[:moov + struct.unpack(">I", mp4[moov:moov + 4])[0] // 2]
    if "mkv-ffv1-yuv420p" in out:
        out["mkv-ffv1-cut"] = out["mkv-ffv1-yuv420p"][:-30]
    if "gif-pal8" in out:
        out["gif-no-trailer"] = out["gif-pal8"][:-1]
    return out
if shutil.which("ffmpeg"):
    made = films()
    seeds("decoder", list(made.values()), names=list(made))
    print("decoder: %d films, %d bytes" % (len(made), sum(map(len, made.values()))))
else:
    print("make-corpus: no ffmpeg: the decoder seeds are left as they are")
print("corpora written to", os.path.join(here, "corpus"))
