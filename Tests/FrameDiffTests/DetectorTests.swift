import Testing
@testable import FrameDiff

/// Each detector alone on synthetic frames, and the order the classifier runs them in: decide in
/// the declared order (each sees what the earlier ones left unclaimed), settle in the reverse one.
@Suite("Detectors, each alone and in their order")
struct DetectorTests {
    let a = SyntheticClip.pageA, b = SyntheticClip.pageB, period = SyntheticClip.period

    /// What a detector was called with, in order (a class: the classifier holds detectors by value).
    final class Log {
        var calls: [String] = []
        /// Per decided window: the free cells each spy saw, by window position.
        var free: [String: [[Int]]] = [:]
    }

    /// A detector that decides nothing and notes every call.
    struct Spy: Detector {
        let name: String
        let log: Log
        func begin(_ frame: Observation) { log.calls.append("\(name).begin \(frame.index)") }
        func observe(_ frame: Observation) -> Int {
            log.calls.append("\(name).observe")
            return 0
        }
        func decide(_ window: DecisionWindow, claims: inout Claims) {
            log.calls.append("\(name).decide")
            log.free[name] = claims.free
        }
        func settle(_ window: DecisionWindow, claims: Claims, into findings: inout [Detection]) {
            log.calls.append("\(name).settle")
        }
    }

    /// A page, a cut to another, and the film ends.
    func cutClip() -> SyntheticClip {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(b, ms: 400)
        return clip
    }

    @Test("decide in order, settle in reverse, settle on every window; begin once a picture, observe every later frame")
    func order() throws {
        let log = Log()
        let clip = cutClip()
        let found = try clip.findings(detectors: [Spy(name: "one", log: log), Spy(name: "two", log: log)])
        #expect(found.isEmpty)
        let frames = clip.frames.count
        #expect(log.calls.prefix(2) == ["one.begin 0", "two.begin 0"])
        #expect(log.calls.filter { $0 == "one.observe" }.count == frames - 1)
        let rest = log.calls.filter { !$0.hasSuffix("observe") && !$0.contains("begin") }
        // the film is one window: decided once, then settled by each in reverse
        #expect(rest.suffix(4) == ["one.decide", "two.decide", "two.settle", "one.settle"], "\(rest)")
        #expect(rest.count == 4, "\(rest)")
    }

    @Test("the transition detector alone names a cut; a new frame size is a cut of the whole frame")
    func transitions() throws {
        let found = try cutClip().findings(detectors: [TransitionDetector()])
        #expect(found.map(\.kind) == [.cut] && abs(found[0].startMs - 400) < 1)
        #expect(found[0].evidence.map(\.name) == ["change", "first_step_left"])

        var t = TransitionDetector()
        let grid = TileGrid(storedWidth: 64, storedHeight: 32, tile: 16)
        let m = FrameMeasure(index: 9, ptsMs: 150, rmse: RMSE(sse: 0, samples: 1, maxValue: 255), resized: true, grid: grid,
                             changes: [], complete: true)
        t.begin(Observation(measure: m, active: []))
        var window = ClassifierWindow()
        window.append(.init(index: 9, ptsMs: 150, rmse: 0, changes: [], thumb: Thumbnail(tiles: grid.count)))
        let w = DecisionWindow(window, keepFrom: 9, closing: true, options: ClassifierOptions(), grid: grid, tiles: grid.count,
                               periodMs: period, threshold: ChangeThreshold(options: ClassifierOptions()), fills: EndedFills())
        var out: [Detection] = []
        t.settle(w, claims: Claims(window, first: 9, test: { _, _ in true }, columns: grid.columns), into: &out)
        #expect(out.count == 1 && out[0].kind == .cut && out[0].region == Rect(x: 0, y: 0, w: 64, h: 32) && out[0].area == 1)
        t.settle(w, claims: Claims(window, first: 9, test: { _, _ in true }, columns: grid.columns), into: &out)
        #expect(out.count == 1, "the resize cut is reported once")
    }

    @Test("the blank detector alone finds a blank and claims its frames from the detectors after it")
    func blank() throws {
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(PNGImage.filled(SyntheticClip.width, SyntheticClip.height, 255), ms: 3 * period)
        clip.hold(b, ms: 400)
        let log = Log()
        let found = try clip.findings(detectors: [BlankDetector(), Spy(name: "after", log: log)])
        #expect(found.map(\.kind) == [.blank] && abs(found[0].durationMs - 3 * period) < 1)
        #expect(found[0].colour == SIMD3(255, 255, 255))
        #expect(found[0].evidence.map(\.name).prefix(5) == ["uniformity", "contrast_in", "contrast_out", "visible_in", "visible_out"])
        // into the blank, while it shows, out of it: nothing left for later detectors
        let free = try #require(log.free["after"])
        let start = clip.frames.firstIndex { $0.ms >= 399 }!
        #expect((start...(start + 3)).allSatisfy { free[$0].isEmpty })
        // without it, the same frames are one change from page to page through white
        let unclaimed = try clip.findings(detectors: [TransitionDetector()])
        #expect(unclaimed.map(\.kind) == [.motion], "\(unclaimed.map { "\($0.kind) \($0.startMs)" })")
    }

    @Test("the flash detector alone finds a placeholder; the claim it settles its veto on: a motion running across both its ends")
    func flash() throws {
        let slot = Rect(x: 16, y: 48, w: 96, h: 64)
        let placeholder = SyntheticClip.placeholder(on: a, at: slot)
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(placeholder, ms: 100)
        clip.hold(a, ms: 400)
        let found = try clip.findings(detectors: [FlashDetector()])
        #expect(found.map(\.kind) == [.flash] && found[0].colour == SIMD3(158, 158, 158))
        #expect(found[0].evidence.map(\.name).suffix(4) == ["detour", "fill", "surround_drift", "content_settle"])

        // (a decided motion over positions 1...9 takes a flat patch at 3...5 in its box)
        var window = ClassifierWindow()
        for k in 0..<10 { window.append(.init(index: k, ptsMs: Double(k) * period, rmse: 0, changes: [], thumb: Thumbnail(tiles: 16))) }
        var claims = Claims(window, first: 0, test: { _, _ in true }, columns: 4)
        claims.claimMoving(TileBox([0, 1, 4, 5], columns: 4), frames: 1...9)
        #expect(claims.runsAcross(3...5, box: TileBox([5], columns: 4)))
        #expect(!claims.runsAcross(3...5, box: TileBox([15], columns: 4)))
    }

    @Test("the busy detector alone makes a counter one motion, and holds its tiles so they keep no window open")
    func busy() throws {
        var clip = SyntheticClip()
        for i in 0..<120 {
            var p = a
            SyntheticClip.fill(&p, Rect(x: 8, y: 296, w: 40, h: 16), (250, 220, 60))
            SyntheticClip.fill(&p, Rect(x: 40, y: 298, w: 8, h: 12), i % 2 == 1 ? (20, 20, 20) : (240, 240, 230))
            clip.hold(p, ms: period)
        }
        let found = try clip.findings(detectors: [BusyDetector(options: ClassifierOptions())])
        #expect(found.count == 1 && found[0].kind == .motion && found[0].busy && found[0].region.y >= 280,
                "\(found.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })")
        #expect(found[0].evidence == [Evidence("busy", 1)])
        // without it, the counter's ticks are transitions
        let unheld = try clip.findings(detectors: [TransitionDetector()])
        #expect(!unheld.isEmpty && !unheld.contains { $0.busy })
    }
}
