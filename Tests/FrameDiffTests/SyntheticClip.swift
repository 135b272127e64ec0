@testable import FrameDiff
import TestSupport

/// Synthetic app-like frames, fed through the meter and the classifier with no codec involved.
struct SyntheticClip {
    static let width = 160, height = 320
    /// The two pages most tests change between, and the frame period they hold frames for (60 fps).
    static let pageA = page(seed: 1)
    static let pageB = page(seed: 2, background: (236, 242, 250), image: pageBImage)
    /// Where `pageB` shows its image: the slot most placeholder tests fill.
    static let pageBImage = Rect(x: 32, y: 40, w: 112, h: 72)
    static let period = 1000.0 / 60

    /// A page: background, header, rows of text-like stripes, a textured image at `image`.
    static func page(seed: Int, background: (UInt8, UInt8, UInt8) = (250, 250, 250),
                     image: Rect? = Rect(x: 16, y: 48, w: 96, h: 64), scroll: Int = 0) -> PNGImage {
        var p = PNGImage(width: width, height: height)
        fill(&p, Rect(x: 0, y: 0, w: width, h: height), background)
        var rng = SplitMix64(seed: UInt64(seed))
        var y = 128 - scroll
        while y < height + 400 {
            var x = 8
            while x < width - 16 {
                let w = 8 + Int(rng.next() % 24)
                if y >= 24 { fill(&p, Rect(x: x, y: y, w: min(w, width - 8 - x), h: 6), (40, 40, 40)) }
                x += w + 5
            }
            y += 14
        }
        if let r = image { texture(&p, Rect(x: r.x, y: r.y - scroll, w: r.w, h: r.h), seed: seed) }
        fill(&p, Rect(x: 0, y: 0, w: width, h: 24), (33, 99, 201))
        return p
    }

    /// `page` with `r` filled flat in `colour`: a placeholder slot (the detectors' grey by default).
    static func placeholder(on page: PNGImage, at r: Rect, colour: (UInt8, UInt8, UInt8) = (158, 158, 158)) -> PNGImage {
        var p = page
        fill(&p, r, colour)
        return p
    }

    static func fill(_ p: inout PNGImage, _ r: Rect, _ c: (UInt8, UInt8, UInt8)) {
        let c = r.intersection(Rect(x: 0, y: 0, w: p.width, h: p.height)).isEmpty ? nil : c
        guard let c else { return }
        let r = r.intersection(Rect(x: 0, y: 0, w: p.width, h: p.height))
        for y in r.y..<(r.y + r.h) {
            for x in r.x..<(r.x + r.w) { p[x, y] = c }
        }
    }

    static func texture(_ p: inout PNGImage, _ r: Rect, seed: Int) {
        let r = r.intersection(Rect(x: 0, y: 0, w: p.width, h: p.height))
        for y in r.y..<(r.y + r.h) {
            for x in r.x..<(r.x + r.w) {
                let v = (x * 7 + y * 13 + seed * 31) % 97
                p[x, y] = (UInt8(60 + v), UInt8(180 - v), UInt8(100 + (v * 3) % 120))
            }
        }
    }

    /// `a` blended towards `b` by `alpha` (0 = a, 1 = b), rounded like a compositor.
    static func blend(_ a: PNGImage, _ b: PNGImage, _ alpha: Double) -> PNGImage {
        var out = a
        for i in 0..<a.pixels.count {
            out.pixels[i] = UInt8((Double(a.pixels[i]) * (1 - alpha) + Double(b.pixels[i]) * alpha).rounded())
        }
        return out
    }

    /// Frames with their times; `vfr` drops frames identical to the one before (a simulator capture).
    var frames: [(ms: Double, image: PNGImage)] = []
    var periodMs = 1000.0 / 60

    mutating func hold(_ image: PNGImage, ms: Double) {
        let n = max(1, Int((ms / periodMs).rounded()))
        for _ in 0..<n { frames.append((Double(frames.count) * periodMs, image)) }
    }

    /// A clip drawn frame by frame from a picture of its time: `frame(t)` at t = 0, `periodMs`,
    /// ... while t < `untilMs`.
    static func sampled(periodMs: Double = period, untilMs: Double, _ frame: (Double) -> PNGImage) -> SyntheticClip {
        var clip = SyntheticClip()
        clip.periodMs = periodMs
        var k = 0.0
        while k * periodMs < untilMs {
            clip.hold(frame(k * periodMs), ms: periodMs)
            k += 1
        }
        return clip
    }

    /// `detectors`: only these, in this order (nil: the classifier's own).
    func findings(vfr: Bool = false, options: ClassifierOptions = ClassifierOptions(), detectors: [any Detector]? = nil) throws -> [Detection] {
        var kept: [(ms: Double, image: PNGImage)] = []
        for f in frames where !vfr || kept.last?.image.pixels != f.image.pixels { kept.append(f) }
        // (the frames' own size: a test may use a width that is no multiple of the tile)
        let (width, height) = (frames.first?.image.width ?? Self.width, frames.first?.image.height ?? Self.height)
        let grid = TileGrid(storedWidth: width, storedHeight: height, tile: 16)
        let meter = try Meter(grid: grid)
        let classifier = detectors.map { Classifier(options: options, detectors: $0) } ?? Classifier(options: options)
        for (i, f) in kept.enumerated() {
            let rmse = try meter.push(DecodedFrame(ptsMs: f.ms, storedWidth: width, storedHeight: height,
                                                   pixels: .rgb(f.image)))
            classifier.add(FrameMeasure(index: i, ptsMs: f.ms, rmse: rmse, resized: false, grid: grid,
                                        changes: meter.changedTiles(all: i == 0), complete: i == 0))
        }
        return classifier.finish()
    }
}
