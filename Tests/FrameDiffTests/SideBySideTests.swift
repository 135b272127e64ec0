import Testing
import TestSupport
@testable import FrameDiff

/// Two panes of a dual-screen app side by side, touching at the hinge: a change in one beside a
/// change in the other is a finding of its own, each timed as it is; and a click ring landing on
/// one pane long after the other changed starts the ripple it brings.
@Suite("Changes side by side")
struct SideBySideTests {
    static let width = 320, height = 320
    /// The two panes either side of an 8-px hinge band.
    static let left = Rect(x: 0, y: 0, w: 156, h: 320), right = Rect(x: 164, y: 0, w: 156, h: 320)

    /// A pane's page: a flat ground with rows of text-like stripes.
    static func pane(_ p: inout PNGImage, _ r: Rect, ground: (UInt8, UInt8, UInt8), seed: UInt64) {
        SyntheticClip.fill(&p, r, ground)
        var rng = SplitMix64(seed: seed)
        for y in stride(from: r.y + 24, to: r.y + r.h - 8, by: 20) {
            var x = r.x + 8
            while x < r.x + r.w - 24 {
                let w = 8 + Int(rng.next() % 24)
                SyntheticClip.fill(&p, Rect(x: x, y: y, w: min(w, r.x + r.w - 8 - x), h: 6), (30, 30, 30))
                x += w + 6
            }
        }
    }

    /// Both panes, the left one lightened by a ripple over its top-left `ripple` share (0-1) at
    /// `strength` (0-1), a faint first lightening of the whole pane, and the right pane on page 2
    /// or 3. `ring`: the emulator's click ring at the pointer.
    static func frame(ripple: Double = 0, strength: Double = 0.1, faint: Bool = false, ring: Bool = false, rightPage: UInt64 = 2) -> PNGImage {
        var p = PNGImage.filled(width, height, 0)
        pane(&p, left, ground: (120, 150, 60), seed: 1)
        pane(&p, right, ground: rightPage == 2 ? (60, 90, 200) : (60, 160, 90), seed: rightPage)
        func lighten(_ r: Rect, by a: Double) {
            for y in r.y..<(r.y + r.h) {
                for x in r.x..<(r.x + r.w) {
                    let (cr, cg, cb) = p[x, y]
                    func up(_ v: UInt8) -> UInt8 { UInt8((Double(v) + (255 - Double(v)) * a).rounded()) }
                    p[x, y] = (up(cr), up(cg), up(cb))
                }
            }
        }
        if faint { lighten(left, by: 0.02) }
        if ripple > 0 { lighten(Rect(x: 0, y: 0, w: Int(156 * ripple), h: Int(320 * ripple)), by: strength) }
        if ring { SyntheticClip.fill(&p, Rect(x: 100, y: 200, w: 12, h: 12), (200, 200, 200)) }
        return p
    }

    /// 12.5 fps, as a Surface Duo emulator GIF: the click ring lands on the left pane with the
    /// ripple's first faint lightening, the ripple spreads in three frames, then the right pane
    /// swaps its page in one frame while the left pane's highlight fades out over two.
    static func clip() -> SyntheticClip {
        var clip = SyntheticClip()
        clip.periodMs = 80
        clip.hold(frame(), ms: 480)
        clip.hold(frame(faint: true, ring: true), ms: 80)
        for r in [0.4, 0.7, 1.0] { clip.hold(frame(ripple: r, ring: true), ms: 80) }
        clip.hold(frame(ripple: 1, strength: 0.05, ring: true, rightPage: 3), ms: 80)
        clip.hold(frame(ring: true, rightPage: 3), ms: 480)
        return clip
    }

    @Test func aPaneSwappingItsPageWhileTheOtherRipplesIsACutBesideOneMotion() throws {
        let f = try Self.clip().findings()
        let shown = "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })"
        let cut = f.filter { $0.kind == .cut }, motion = f.filter { $0.kind == .motion }
        #expect(cut.count == 1 && motion.count == 1 && f.count == 2, "\(shown)")
        #expect(cut.first?.startMs == 800 && cut.first.map { $0.region.x >= 144 } == true, "\(shown)")
        // from the ring's frame (the ripple's faint start) to the frame the highlight is gone
        #expect(motion.first?.startMs == 480 && motion.first?.endMs == 880, "\(shown)")
        #expect(motion.first.map { $0.region.x + $0.region.w <= 176 } == true, "\(shown)")
    }

    @Test func withoutTheRuleTheCutTakesBothPanesAndEndsTheRipple() throws {
        var o = ClassifierOptions()
        o.jumpApartShare = 2  // no two runs can share that much of their tiles
        let f = try Self.clip().findings(options: o)
        let shown = "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })"
        #expect(f.contains { $0.kind == .motion && $0.startMs == 480 && $0.endMs < 800 }, "\(shown)")
        #expect(f.contains { $0.kind == .cut && $0.startMs == 800 && $0.region.x < 144 }, "\(shown)")
    }

    @Test func aClickRingLandingLongAfterTheLastChangeStartsTheRippleAfterIt() throws {
        // the right pane swaps its page, the picture holds 640 ms, then the click ring lands on the
        // left pane (two tiles) with the ripple's faint first lightening, 80 ms before it spreads:
        // the ring's frame is the ripple's start, not a cursor inside a hold
        var clip = SyntheticClip()
        clip.periodMs = 80
        clip.hold(Self.frame(), ms: 480)
        clip.hold(Self.frame(rightPage: 3), ms: 640)
        clip.hold(Self.frame(faint: true, ring: true, rightPage: 3), ms: 80)
        for r in [0.4, 0.7, 1.0] { clip.hold(Self.frame(ripple: r, ring: true, rightPage: 3), ms: 80) }
        clip.hold(Self.frame(ripple: 1, strength: 0.05, ring: true, rightPage: 3), ms: 80)
        clip.hold(Self.frame(ring: true, rightPage: 3), ms: 480)
        let f = try clip.findings()
        let motion = f.filter { $0.kind == .motion }
        #expect(motion.count == 1 && motion.first?.startMs == 1120, "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })")
    }
}
