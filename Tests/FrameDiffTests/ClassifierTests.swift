import Foundation
import Testing
@testable import FrameDiff

/// Each rule of the classifier on synthetic frame sequences (60 fps unless said).
@Suite("Classifier on synthetic frames")
struct ClassifierTests {
    let a = SyntheticClip.page(seed: 1)
    let b = SyntheticClip.page(seed: 2, background: (236, 242, 250), image: Rect(x: 32, y: 40, w: 112, h: 72))
    let period = 1000.0 / 60

    func kinds(_ f: [Finding]) -> [FindingKind] { f.map(\.kind) }

    @Test func cutIsOneFrameFromStateToState() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 500)
        clip.hold(b, ms: 500)
        let f = try clip.findings()
        #expect(kinds(f) == [.cut])
        #expect(abs(f[0].startMs - 500) < 1 && f[0].endMs == f[0].startMs)
        #expect(f[0].firstFrame == 30 && f[0].lastFrame == 30)
    }

    @Test func localizedCutHasASmallRegion() throws {
        var badge = a
        SyntheticClip.fill(&badge, Rect(x: 120, y: 30, w: 20, h: 20), (220, 30, 30))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(badge, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.cut])
        let r = f[0].region
        #expect(r.x <= 120 && r.x + r.w >= 140 && r.y <= 30 && r.y + r.h >= 50)
        #expect(r.area <= 48 * 48, "region \(r)")
    }

    @Test func fadeOfExactlyTwoFramesIsAFade() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(SyntheticClip.blend(a, b, 0.5), ms: period)
        clip.hold(b, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.fade])
        #expect(abs(f[0].startMs - 400) < 1 && abs(f[0].endMs - (400 + period)) < 1)
    }

    @Test func easedCrossfadeOf120msMeasures120msWithinAFrame() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        for k in 1...7 { clip.hold(SyntheticClip.blend(a, b, 0.5 - 0.5 * cos(Double.pi * Double(k) / 7)), ms: period) }
        clip.hold(b, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.fade])
        // first blended frame at 400 ms, the new state at 400 + 6 frames
        #expect(abs(f[0].durationMs - 6 * period) <= period + 0.1, "\(f[0].durationMs)")
    }

    @Test func slideOfTheSameLengthIsMotionNotFade() throws {
        var clip = SyntheticClip()
        clip.hold(SyntheticClip.page(seed: 1, scroll: 0), ms: 400)
        for k in 1...7 { clip.hold(SyntheticClip.page(seed: 1, scroll: k * 12), ms: period) }
        clip.hold(SyntheticClip.page(seed: 1, scroll: 84), ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.motion])
        #expect(abs(f[0].startMs - 400) < 1 && abs(f[0].endMs - (400 + 6 * period)) < 1)
    }

    @Test func flashOfOneFrame() throws {
        var placeholder = a
        SyntheticClip.fill(&placeholder, Rect(x: 16, y: 48, w: 96, h: 64), (158, 158, 158))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(placeholder, ms: period)
        clip.hold(a, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.flash])
        #expect(abs(f[0].durationMs - period) < 1)
        #expect(f[0].colour == SIMD3(158, 158, 158))
        #expect(f[0].region.intersects(Rect(x: 16, y: 48, w: 96, h: 64)))
    }

    @Test func flashRightAfterACutIsReportedWithTheCut() throws {
        var placeholder = b
        SyntheticClip.fill(&placeholder, Rect(x: 32, y: 40, w: 112, h: 72), (158, 158, 158))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(placeholder, ms: 83.3)
        clip.hold(b, ms: 400)
        let f = try clip.findings()
        #expect(Set(kinds(f)) == [.cut, .flash] && f.count == 2, "\(f.map(\.kind))")
        let flash = try #require(f.first { $0.kind == .flash })
        #expect(abs(flash.durationMs - 5 * period) < 1)
    }

    @Test func placeholderLongerThanTheFlashLimitIsTwoCuts() throws {
        var placeholder = a
        SyntheticClip.fill(&placeholder, Rect(x: 16, y: 48, w: 96, h: 64), (158, 158, 158))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(placeholder, ms: 600)
        clip.hold(a, ms: 400)
        #expect(kinds(try clip.findings()) == [.cut, .cut])
    }

    @Test func blankBetweenTwoLayouts() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(PNGImage.filled(SyntheticClip.width, SyntheticClip.height, 255), ms: 2 * period)
        clip.hold(b, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.blank])
        #expect(abs(f[0].startMs - 400) < 1 && abs(f[0].durationMs - 2 * period) < 1)
    }

    @Test func blankAtTheStartIsNoBlank() throws {
        // nothing was shown before it: the first paint is a cut
        var clip = SyntheticClip()
        clip.hold(PNGImage.filled(SyntheticClip.width, SyntheticClip.height, 255), ms: 3 * period)
        clip.hold(a, ms: 400)
        #expect(kinds(try clip.findings()) == [.cut])
    }

    @Test func blankAtTheEndIsACut() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(PNGImage.filled(SyntheticClip.width, SyntheticClip.height, 255), ms: 3 * period)
        #expect(kinds(try clip.findings()) == [.cut])
    }

    @Test func backToBackTransitions() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(b, ms: 200)
        clip.hold(a, ms: 400)
        let f = try clip.findings()
        #expect(kinds(f) == [.cut, .cut])
        #expect(abs(f[1].startMs - 600) < 1)
    }

    @Test func cutInsideAFadeIsACutOfItsOwn() throws {
        let c = SyntheticClip.page(seed: 3, background: (30, 30, 30), image: nil)
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        for k in 1...3 { clip.hold(SyntheticClip.blend(a, b, Double(k) * 0.1), ms: period) }
        clip.hold(c, ms: 400)
        let f = try clip.findings()
        #expect(f.contains { $0.kind == .cut && abs($0.startMs - (400 + 3 * period)) < 1 }, "\(f.map(\.kind))")
    }

    @Test func filmOfOneFrameHasNoFindings() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: period)
        #expect(try clip.findings().isEmpty)
    }

    @Test func noiseAloneGivesNoFindings() throws {
        var clip = SyntheticClip()
        var rng = SplitMix(state: 9)
        for _ in 0..<60 {
            var n = a
            for i in 0..<n.pixels.count { n.pixels[i] = UInt8(clamping: Int(n.pixels[i]) + Int(rng.next() % 5) - 2) }
            clip.hold(n, ms: period)
        }
        #expect(try clip.findings().isEmpty)
    }

    @Test func variableAndConstantFrameRatesGiveTheSameFindings() throws {
        var placeholder = b
        SyntheticClip.fill(&placeholder, Rect(x: 32, y: 40, w: 112, h: 72), (158, 158, 158))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        for k in 1...7 { clip.hold(SyntheticClip.blend(a, b, Double(k) / 7), ms: period) }
        clip.hold(b, ms: 500)
        clip.hold(placeholder, ms: 83.3)
        clip.hold(b, ms: 500)
        let cfr = try clip.findings(), vfr = try clip.findings(vfr: true)
        #expect(cfr.map(\.kind) == vfr.map(\.kind))
        for (x, y) in zip(cfr, vfr) {
            #expect(abs(x.startMs - y.startMs) < 1 && abs(x.endMs - y.endMs) < 1)
        }
    }
}

extension PNGImage {
    static func filled(_ w: Int, _ h: Int, _ v: UInt8) -> PNGImage {
        var p = PNGImage(width: w, height: h)
        for i in 0..<p.pixels.count { p.pixels[i] = v }
        return p
    }
}
