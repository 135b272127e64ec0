import Testing
@testable import FrameDiff

/// Two phone screens side by side in one capture (a README's demo GIF), 176 px apart: each has its
/// own events, so a change in one is never part of a change in the other because their first and
/// last frames interleave, nor continues it because it starts as the other comes to rest.
@Suite("Two screens side by side")
struct TwoScreensTests {
    static let left = Rect(x: 0, y: 0, w: 144, h: 320), right = Rect(x: 320, y: 0, w: 144, h: 320)

    /// Both screens: the left one's card `leftX` px in from its edge, the right one's `rightY` down.
    static func frame(leftX: Int, rightY: Int) -> PNGImage {
        var p = PNGImage.filled(464, 320, 0)
        SideBySideTests.pane(&p, left, ground: (235, 235, 240), seed: 1)
        SideBySideTests.pane(&p, right, ground: (235, 240, 235), seed: 2)
        SyntheticClip.fill(&p, Rect(x: left.x + leftX, y: 120, w: 40, h: 40), (200, 40, 60))
        SyntheticClip.fill(&p, Rect(x: right.x + 52, y: rightY, w: 40, h: 40), (40, 60, 200))
        return p
    }

    /// 60 fps: the left card slides in (600-783 ms); the right card slides down (800-1367 ms);
    /// the left card slides back out (1383-1550 ms). Left's first and last frames span right's.
    static func clip() -> SyntheticClip {
        var clip = SyntheticClip()
        var (leftX, rightY) = (8, 16)
        clip.hold(frame(leftX: leftX, rightY: rightY), ms: 600)
        for _ in 0..<12 { leftX += 7; clip.hold(frame(leftX: leftX, rightY: rightY), ms: clip.periodMs) }
        for _ in 0..<35 { rightY += 7; clip.hold(frame(leftX: leftX, rightY: rightY), ms: clip.periodMs) }
        for _ in 0..<11 { leftX -= 7; clip.hold(frame(leftX: leftX, rightY: rightY), ms: clip.periodMs) }
        clip.hold(frame(leftX: leftX, rightY: rightY), ms: 600)
        return clip
    }

    static func shown(_ f: [Detection]) -> String { "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })" }

    @Test func eachScreensChangesAreFindingsOfTheirOwn() throws {
        let f = try Self.clip().findings()
        let onLeft = f.filter { $0.region.x + $0.region.w <= 160 }, onRight = f.filter { $0.region.x >= 304 }
        #expect(f.count == 3 && f.allSatisfy { $0.kind == .motion }, "\(Self.shown(f))")
        #expect(onLeft.count == 2 && onRight.count == 1, "\(Self.shown(f))")
        // (spans alone would join them: the left's 600-1550 ms holds the right's 800-1367, 0.6 of
        // the union; they share no changed frame)
        #expect(onRight.first.map { $0.startMs == 800 && abs($0.endMs - 1366.7) < 1 } == true, "\(Self.shown(f))")
    }

    @Test func aChainAcrossTheGapWouldMakeOneMotionOfAll() throws {
        var o = ClassifierOptions()
        o.chainReachPx = 1000
        let f = try Self.clip().findings(options: o)
        #expect(f.count == 1 && f.first?.startMs ?? 0 < 620 && f.first?.endMs ?? 0 > 1540, "\(Self.shown(f))")
    }
}
