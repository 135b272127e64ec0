import Foundation

/// A self-contained folder that works offline: index.html with an inline SVG timeline (RMSE over
/// time, event bands, findings marked) and, for each finding, key frames (before, first, last)
/// and a heat map of what changed, as small PNGs next to it. No script, no network.
///
///     try writeHTMLReport(report, to: "report/")
public func writeHTMLReport(_ report: Report, to folder: String, scan: ScanOptions = ScanOptions()) throws {
    // built aside and put in place whole: a failed write leaves no half report
    try OutputFile.folder(folder) { try fillHTMLReport(report, in: $0, scan: scan) }
}

private func fillHTMLReport(_ report: Report, in folder: String, scan: ScanOptions) throws {
    let fm = FileManager.default
    let images = (folder as NSString).appendingPathComponent("img")
    do { try fm.createDirectory(atPath: images, withIntermediateDirectories: true) } catch {
        throw FilmError.unreadable(path: folder, cause: "cannot create the report folder")
    }
    // Key frames (the frame before each finding, its first and its last) and the frames of its
    // clip (three either side, at most 24), decoded once more and scaled down as they come.
    let cell = 240
    var wanted = Set<Int>()
    let clips = report.findings.map { clipFrames($0, frames: report.video.frames) }
    for (f, clip) in zip(report.findings, clips) {
        wanted.formUnion([max(0, f.firstFrame - 1), f.firstFrame, f.lastFrame])
        wanted.formUnion(clip)
    }
    let shots = try grabFrames(report.film, indices: wanted, scan: scan, fit: cell)
    var written = Set<Int>()
    func thumb(_ i: Int) throws -> String? {
        guard let s = shots[i] else { return nil }
        let name = String(format: "frame-%06d.png", i)
        if written.insert(i).inserted {
            try s.image.write(to: (images as NSString).appendingPathComponent(name), compression: 6)
        }
        return "img/" + name
    }

    var body = "<h1>\(html(report.film))</h1>\n<p class=meta>\(report.video.width)×\(report.video.height) \(html(report.video.codec)), "
        + "\(report.video.frames) frames, \(JSON.fixed(report.video.durationMs / 1000, decimals: 2)) s · noise floor "
        + "\(JSON.format(report.noiseFloor, decimals: 4)) · \(report.findings.count) findings</p>\n"
    if let short = report.video.shortfall { body += "<p class=meta><b>\(html(short))</b></p>\n" }
    body += timelineSVG(report)
    if !report.events.isEmpty {
        body += "<h2>Posture events</h2>\n<ul>\n"
        for s in report.events {
            body += "<li><b>\(html(s.event.title))</b> (\(s.event.source.rawValue)): \(s.during.count) under cover, "
                + "\(s.after.count) after" + (s.settledAfterMs.map { ", settled \(html(signedSeconds($0))) after it" } ?? "") + "</li>\n"
        }
        body += "</ul>\n"
    }
    body += "<h2>Findings</h2>\n"
    if report.findings.isEmpty { body += "<p>No findings.</p>\n" }
    for (n, f) in report.findings.enumerated() {
        let verdict = f.verdict ?? .pass
        body += "<section id=f\(n) class=\"finding \(verdict.rawValue)\"><h3>\(n + 1). \(html(f.sentence(events: report.events)))</h3>\n"
        body += "<p>frames \(f.firstFrame)–\(f.lastFrame), peak RMSE \(JSON.format(f.peakRMSE, decimals: 4)), "
            + "\(JSON.format(f.area * 100, decimals: 1))% of the frame, verdict <b>\(verdict.rawValue)</b></p>\n<div class=strip>"
        for (label, index) in [("before", max(0, f.firstFrame - 1)), ("first", f.firstFrame), ("last", f.lastFrame)] {
            if let src = try thumb(index), let s = shots[index] {
                body += "<figure><img src=\"\(src)\" alt=\"\(label) frame \(index)\"><figcaption>\(label): frame \(index), "
                    + "\(JSON.format(s.ptsMs, decimals: 1)) ms</figcaption></figure>"
            }
        }
        // a flash or blank comes back: what matters is what went flat (before → first)
        let temporary = f.kind.descriptor.temporary
        let target = temporary ? f.firstFrame : f.lastFrame
        if let a = shots[max(0, f.firstFrame - 1)]?.image, let b = shots[target]?.image, a.width == b.width, a.height == b.height {
            let name = "heat-\(n).png"
            try heatMap(from: a, to: b).write(to: (images as NSString).appendingPathComponent(name), compression: 6)
            body += "<figure><img src=\"img/\(name)\" alt=\"what changed\"><figcaption>what changed (before → \(temporary ? "first" : "last"))</figcaption></figure>"
        }
        body += "</div>\n"
        // the finding moving: a looping clip, four times slower, and its frames by number and time
        let clip = clips[n].compactMap { i in shots[i].map { (i, $0.ptsMs, $0.image) } }
        if let size = clip.first.map({ ($0.2.width, $0.2.height) }), clip.count >= 2,
           clip.allSatisfy({ $0.2.width == size.0 && $0.2.height == size.1 }) {
            let name = "clip-\(n).webp"
            try writeClip(clip.map(\.2), ptsMs: clip.map(\.1), slowdown: 4, to: (images as NSString).appendingPathComponent(name))
            body += "<div class=clip><figure><img src=\"img/\(name)\" alt=\"clip of frames \(clip[0].0)–\(clip[clip.count - 1].0)\">"
                + "<figcaption>frames \(clip[0].0)–\(clip[clip.count - 1].0), 4× slower, looping</figcaption></figure>"
                + "<ol class=frames>" + clip.map { c in
                    let mark = c.0 >= f.firstFrame && c.0 <= f.lastFrame ? " class=in" : ""
                    return "<li\(mark)>\(c.0) · \(JSON.format(c.1, decimals: 1)) ms</li>"
                }.joined() + "</ol></div>\n"
        }
        body += "</section>\n"
    }
    let page = """
        <!doctype html>
        <html lang=en><head><meta charset=utf-8><title>framediff: \(html(report.film))</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
        h1{font-size:20px}.meta{color:#666}svg{background:#fafafa;border:1px solid #ddd}
        .strip{display:flex;gap:10px;flex-wrap:wrap}figure{margin:0}figcaption{font-size:12px;color:#555}
        img{border:1px solid #ccc;display:block}.finding{border-left:4px solid #ccc;padding-left:10px;margin:16px 0}
        .finding.fail{border-color:#d33}.finding.warn{border-color:#e9a100}h3{font-size:15px;margin:4px 0}
        .clip{display:flex;gap:12px;margin-top:8px}.frames{font-size:11px;color:#555;columns:2;column-gap:28px;min-width:300px;margin:0;padding-left:22px}
        .frames .in{color:#000;font-weight:600}
        </style></head><body>
        \(body)
        </body></html>

        """
    do { try page.write(toFile: (folder as NSString).appendingPathComponent("index.html"), atomically: true, encoding: .utf8) } catch {
        throw FilmError.unreadable(path: folder, cause: "cannot write index.html")
    }
}

/// The frames a finding's clip shows: three either side of it, at most 24 (evenly spaced, the
/// finding's first and last kept).
func clipFrames(_ f: Finding, frames: Int) -> [Int] {
    let all = Array(max(0, f.firstFrame - 3)...max(f.firstFrame, min(max(0, frames - 1), f.lastFrame + 3)))
    guard all.count > 24 else { return all }
    var picked = Set((0..<24).map { all[$0 * (all.count - 1) / 23] })
    picked.formUnion([f.firstFrame, f.lastFrame].filter { all.contains($0) })
    return picked.sorted()
}

/// RMSE over time (square-root scale, so small deltas show), event bands, findings marked.
func timelineSVG(_ r: Report) -> String {
    let w = 1000.0, h = 240.0, left = 44.0, right = 10.0, top = 40.0, bottom = 24.0
    let end = max(r.video.durationMs, Double(r.series.last?.x ?? 0), 1)
    func x(_ ms: Double) -> Double { left + (w - left - right) * ms / end }
    func y(_ rmse: Double) -> Double { h - bottom - (h - top - bottom) * min(1, rmse).squareRoot() }
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" role=\"img\" aria-label=\"RMSE over time\">\n"
    for s in r.events {
        let e = s.event
        svg += "<rect x=\"\(f1(x(e.startMs)))\" y=\"\(top)\" width=\"\(f1(max(2, x(e.coverEndMs) - x(e.startMs))))\" height=\"\(h - top - bottom)\" fill=\"#9ab\" opacity=\".35\"><title>\(html(e.title))</title></rect>\n"
        // the event's name on its band, so the timeline reads without hovering
        svg += "<text x=\"\(f1(x(e.startMs) + 2))\" y=\"\(f1(top + 11))\" font-size=\"10\" fill=\"#456\">\(html(e.kind.rawValue)) \(e.index)\(e.source == .inferred ? " (inferred)" : "")</text>\n"
    }
    // a tick every second (every 5 or 10 s on long films)
    let step = end <= 20_000 ? 1000.0 : end <= 100_000 ? 5000.0 : 10_000.0
    var tick = step
    while tick < end {
        svg += "<line x1=\"\(f1(x(tick)))\" x2=\"\(f1(x(tick)))\" y1=\"\(f1(h - bottom))\" y2=\"\(f1(h - bottom + 4))\" stroke=\"#888\"/>"
            + "<text x=\"\(f1(x(tick) - 6))\" y=\"\(h - 6)\" font-size=\"10\" fill=\"#888\">\(Int(tick / 1000)) s</text>\n"
        tick += step
    }
    for v in [0.01, 0.1, 0.5] {
        svg += "<line x1=\"\(left)\" x2=\"\(w - right)\" y1=\"\(f1(y(v)))\" y2=\"\(f1(y(v)))\" stroke=\"#ddd\"/><text x=\"4\" y=\"\(f1(y(v) + 4))\" font-size=\"10\" fill=\"#888\">\(v)</text>\n"
    }
    let points = r.series.map { "\(f1(x(Double($0.x)))),\(f1(y(Double($0.y))))" }.joined(separator: " ")
    svg += "<polyline fill=\"none\" stroke=\"#36c\" stroke-width=\"1\" points=\"\(points)\"/>\n"
    for (n, f) in r.findings.enumerated() {
        let x0 = x(f.startMs), x1 = max(x0 + 3, x(f.endMs))
        svg += "<a href=\"#f\(n)\"><rect x=\"\(f1(x0))\" y=\"20\" width=\"\(f1(x1 - x0))\" height=\"12\" fill=\"\(f.kind.descriptor.htmlColour)\"><title>\(html(f.kind.descriptor.label)): \(html(f.sentence(events: r.events)))</title></rect></a>\n"
    }
    // a legend: the kinds' colours, the event bands, the curve
    var lx = left
    for k in FindingKind.allCases {
        svg += "<rect x=\"\(f1(lx))\" y=\"4\" width=\"10\" height=\"10\" fill=\"\(k.descriptor.htmlColour)\"/><text x=\"\(f1(lx + 13))\" y=\"13\" font-size=\"10\" fill=\"#444\">\(k.descriptor.label)</text>\n"
        lx += 62
    }
    svg += "<rect x=\"\(f1(lx))\" y=\"4\" width=\"10\" height=\"10\" fill=\"#9ab\" opacity=\".5\"/><text x=\"\(f1(lx + 13))\" y=\"13\" font-size=\"10\" fill=\"#444\">posture event and its cover</text>\n"
    lx += 170
    svg += "<line x1=\"\(f1(lx))\" x2=\"\(f1(lx + 14))\" y1=\"9\" y2=\"9\" stroke=\"#36c\"/><text x=\"\(f1(lx + 17))\" y=\"13\" font-size=\"10\" fill=\"#444\">RMSE to the previous frame (square-root scale)</text>\n"
    svg += "<text x=\"\(left)\" y=\"\(h - 6)\" font-size=\"10\" fill=\"#888\">0 s</text><text x=\"\(f1(w - right - 40))\" y=\"\(h - 18)\" font-size=\"10\" fill=\"#888\">\(JSON.fixed(end / 1000, decimals: 2)) s</text>\n"
    return svg + "</svg>\n"
}

private func f1(_ v: Double) -> String { JSON.fixed(v, decimals: 1) }

/// Text escaped for HTML.
public func html(_ s: String) -> String { xml(s) }
