import Testing
@testable import FrameDiff
import TestSupport

/// Where a motion ends when its region's mean has landed but an ease-out still moves edges by a
/// pixel a frame, and where a fade ends when its last steps come after the picture it was judged
/// against (`TransitionJudge`'s rest walks), on a synthetic 8x8-tile window at 30 fps.
@Suite("A motion or a fade rests after its last sub-threshold steps")
struct MotionRestTests {
    static let grid = TileGrid(storedWidth: 128, storedHeight: 128, tile: 16)
    static let old = SIMD3<Float>(repeating: 50), new = SIMD3<Float>(repeating: 200)

    /// Six frames of the old picture; `landing` (the tiles each step turns to the new picture);
    /// then `after`, frames whose listed tiles change by a 0-1 tile RMSE of 0.05 with their means
    /// kept (a pixel-wide edge creeping, dither, a small icon); then six frames at rest.
    static func window(landing: [[Int]], after: [[Int]]) -> ClassifierWindow {
        var w = ClassifierWindow()
        var thumb = Thumbnail(tiles: grid.count)
        for t in 0..<grid.count { thumb.set(t, mean: old, flat: true) }
        var k = 0
        func append(_ changes: [ClassifierWindow.Change]) {
            w.append(.init(index: k, ptsMs: Double(k) * 1000 / 30, rmse: 0, changes: changes, thumb: thumb))
            k += 1
        }
        for _ in 0..<6 { append([]) }
        for step in landing {
            for t in step { thumb.set(t, mean: new, flat: true) }
            append(step.map { .init(tile: $0, rmse: 0.6, shift: 150) })
        }
        for tiles in after { append(tiles.map { .init(tile: $0, rmse: 0.05, shift: 0.5) }) }
        for _ in 0..<6 { append([]) }
        return w
    }

    static func rows(_ r: ClosedRange<Int>) -> [Int] { r.flatMap { y in (0..<8).map { y * 8 + $0 } } }

    static func judge(_ w: ClassifierWindow, landing: Int) throws -> TransitionJudge.Result {
        let c = TransitionFinder.Candidate(frames: Array(6..<6 + landing), tiles: Array(0..<grid.count))
        return try #require(TransitionJudge(options: ClassifierOptions(), grid: grid, shift: 6, rmse: 0.1)
            .judge(c, window: w, bounds: (0, w.count - 1), excluded: { _, _ in false }))
    }

    /// Half the picture, then a quarter, then the last quarter: an ease-out.
    static let easeOut = [rows(0...3), rows(4...5), rows(6...7)]

    /// Twelve frames: half the picture, then three rows one at a time, then the last row a tile
    /// at a time (a 367-ms ease-out whose region mean lands on its 12th frame).
    static let longEaseOut = [rows(0...3), rows(4...4), rows(5...5), rows(6...6)] + (0..<8).map { [56 + $0] }

    @Test func anEdgeCreepingAfterTheMeanLandedIsTheMotionsTail() throws {
        // the bottom row's edge moves on for two frames after the region's mean is at the new state
        let r = try Self.judge(Self.window(landing: Self.longEaseOut, after: [Self.rows(7...7), Self.rows(7...7)]), landing: 12)
        #expect(r.kind == .motion && r.start == 6 && r.end == 19)
    }

    @Test func aTailIsShortBesideItsMotion() throws {
        // text creeping on in the landed banner for ten frames (a marquee): 30% of the motion's
        // 367 ms (110 ms, three frames at 30 fps) are its tail, no more
        let r = try Self.judge(Self.window(landing: Self.longEaseOut, after: [[Int]](repeating: Self.rows(7...7), count: 10)), landing: 12)
        #expect(r.kind == .motion && r.end == 17 + 3)
    }

    @Test func scatteredDitherAfterTheMotionIsNoTail() throws {
        let r = try Self.judge(Self.window(landing: Self.longEaseOut, after: [[0, 18, 36, 63], [5, 22, 47]]), landing: 12)
        #expect(r.kind == .motion && r.end == 17)
    }

    @Test func aSmallIconAnimatingInTheRegionIsNoTail() throws {
        // a 2x2-tile hourglass turning in the middle of a screen-sized region
        // (and a stray tile far from it on the same frame)
        let r = try Self.judge(Self.window(landing: Self.longEaseOut, after: [[27, 28, 35, 36, 0], [27, 28, 35, 36]]), landing: 12)
        #expect(r.kind == .motion && r.end == 17)
    }

    @Test func aMotionLandingOnItsLargestStepHasNoTail() throws {
        // ten tiles one by one, then a fold swaps the rest of the picture on its last frame: the
        // codec refines it after
        let landing = (0..<10).map { [$0] } + [Array(10..<64)]
        let r = try Self.judge(Self.window(landing: landing, after: [Self.rows(7...7), Self.rows(7...7)]), landing: 11)
        #expect(r.kind == .motion && r.end == 16)
    }

    /// Six frames of a grey picture at 50, then `pictures` (each tile's level), then six frames of
    /// the last; the first `visible` of them are the candidate's (visible) steps.
    static func fade(_ pictures: [[Float]], visible: Int) throws -> TransitionJudge.Result {
        var w = ClassifierWindow()
        var thumb = Thumbnail(tiles: grid.count)
        for t in 0..<grid.count { thumb.set(t, mean: old, flat: true) }
        var previous = [Float](repeating: 50, count: grid.count)
        let all = [[Float]](repeating: previous, count: 6) + pictures + [[Float]](repeating: pictures[pictures.count - 1], count: 6)
        for (k, p) in all.enumerated() {
            var changes: [ClassifierWindow.Change] = []
            for t in 0..<grid.count where p[t] != previous[t] {
                thumb.set(t, mean: SIMD3(repeating: p[t]), flat: true)
                changes.append(.init(tile: t, rmse: abs(p[t] - previous[t]) / 255, shift: abs(p[t] - previous[t])))
            }
            previous = p
            w.append(.init(index: k, ptsMs: Double(k) * 1000 / 30, rmse: 0, changes: changes, thumb: thumb))
        }
        let c = TransitionFinder.Candidate(frames: Array(6..<6 + visible), tiles: Array(0..<grid.count))
        return try #require(TransitionJudge(options: ClassifierOptions(), grid: grid, shift: 6, rmse: 0.1)
            .judge(c, window: w, bounds: (0, w.count - 1), excluded: { _, _ in false }))
    }

    static func flat(_ level: Float) -> [Float] { [Float](repeating: level, count: grid.count) }

    @Test func aFadesLastStepsAfterAStallAreTheFadesTail() throws {
        // three visible steps, four of 3-4 levels (the picture 150 ms on is the fourth), a
        // repeated frame (a renderer's stall), then 3 and 2 levels more
        let levels: [Float] = [90, 130, 170, 174, 178, 182, 185, 185, 188, 190]
        let r = try Self.fade(levels.map(Self.flat), visible: 3)
        #expect(r.kind == .fade && r.start == 6 && r.end == 15)
    }

    @Test func theEncoderRefiningAFadedPictureIsNoTail() throws {
        // after the fade, half the tiles move 2 levels up and half 2 down, and back, twice
        let refine = (0..<64).map { Float(170 + ($0 % 2 == 0 ? 2 : -2)) }
        let r = try Self.fade([Self.flat(90), Self.flat(130), Self.flat(170), refine, Self.flat(170), refine, Self.flat(170)], visible: 3)
        #expect(r.kind == .fade && r.end == 8)
    }

    /// A page held 500 ms at 30 fps, then one frame per step of `ways` (the share of the way to a
    /// fifth of its brightness), then the last held 600 ms.
    static func dimming(_ ways: [Double]) -> SyntheticClip {
        let page = SyntheticClip.pageA
        var black = page
        SyntheticClip.fill(&black, Rect(x: 0, y: 0, w: page.width, h: page.height), (0, 0, 0))
        var clip = SyntheticClip()
        clip.periodMs = 1000.0 / 30
        clip.hold(page, ms: 500)
        for a in ways.dropLast() { clip.hold(SyntheticClip.blend(page, black, 0.8 * a), ms: clip.periodMs) }
        clip.hold(SyntheticClip.blend(page, black, 0.8 * ways[ways.count - 1]), ms: 600)
        return clip
    }

    @Test func aFadeThatStallsUnderTheThresholdAndResumesIsOneFade() throws {
        // a page dimming to a fifth at 30 fps: four visible steps, three of 4 levels (under the
        // threshold), a repeated frame, then 12, 8, 6 and 10 levels more: 167 ms between the
        // visible steps, two runs of changed frames, one fade to a person
        let clip = Self.dimming([0.1, 0.3, 0.5, 0.65, 0.76, 0.78, 0.8, 0.82, 0.82, 0.88, 0.92, 0.95, 1.0])
        let start = 500.0, end = 500 + 12 * 1000.0 / 30
        let found = try clip.findings()
        #expect(found.map(\.kind) == [.fade])
        let fade = try #require(found.first)
        #expect(abs(fade.startMs - start) < 1 && abs(fade.endMs - end) < 1)
    }

    @Test func aLargerStepAfterAFadesStallIsNoResumedFade() throws {
        // a third of a dimming, its last steps under the threshold, a repeated frame, then the
        // rest of the way in one step: twice the fade's own change, the next event, not its rest
        let clip = Self.dimming([0.1, 0.2, 0.3, 0.31, 0.32, 0.33, 0.33, 1.0])
        #expect(try clip.findings().map(\.kind) == [.fade, .cut])
    }
}
