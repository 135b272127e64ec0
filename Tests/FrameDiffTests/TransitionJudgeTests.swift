import Testing
@testable import FrameDiff

/// The decisions between two states on their own, on a synthetic window of a 4x4-tile picture at
/// 30 fps: the cut test, the fade test, and motion (anything else).
@Suite("Cut, fade and motion tests")
struct TransitionJudgeTests {
    static let grid = TileGrid(storedWidth: 64, storedHeight: 64, tile: 16)
    static let region = [0, 1, 2, 3]
    static let old = SIMD3<Float>(repeating: 50), new = SIMD3<Float>(repeating: 200)

    /// A window: 6 frames of the old state, then `steps` (each: the mean of each region tile), then
    /// 6 frames of the new state.
    static func window(_ steps: [[SIMD3<Float>]]) -> ClassifierWindow {
        var w = ClassifierWindow()
        var thumb = Thumbnail(tiles: grid.count)
        for t in 0..<grid.count { thumb.set(t, mean: old, flat: true) }
        let pictures = [[SIMD3<Float>]](repeating: region.map { _ in old }, count: 6) + steps
            + [[SIMD3<Float>]](repeating: region.map { _ in new }, count: 6)
        var previous = pictures[0]
        for (k, p) in pictures.enumerated() {
            var changes: [ClassifierWindow.Change] = []
            for (i, t) in region.enumerated() where p[i] != previous[i] {
                thumb.set(t, mean: p[i], flat: true)
                changes.append(.init(tile: t, rmse: abs(p[i].x - previous[i].x) / 255, shift: abs(p[i].x - previous[i].x)))
            }
            previous = p
            w.append(.init(index: k, ptsMs: Double(k) * 1000 / 30, rmse: 0, changes: changes, thumb: thumb))
        }
        return w
    }

    static func judge(_ w: ClassifierWindow) -> TransitionJudge.Result? {
        let changed = (0..<w.count).filter { !w[$0].changes.isEmpty }
        let c = TransitionFinder.Candidate(frames: changed, tiles: region)
        return TransitionJudge(options: ClassifierOptions(), grid: grid, shift: 6, rmse: 0.1)
            .judge(c, window: w, bounds: (0, w.count - 1), excluded: { _, _ in false })
    }

    @Test func oneStepToTheNewStateIsACut() throws {
        let r = try #require(Self.judge(Self.window([Self.region.map { _ in Self.new }])))
        #expect(r.kind == .cut && r.start == 6 && r.end == 6 && r.tiles == Self.region)
    }

    @Test func blendsOfTheTwoStatesAreAFade() throws {
        // five frames a fifth of the way each
        let steps = (1...5).map { k in Self.region.map { _ in Self.old + (Self.new - Self.old) * Float(k) / 6 } }
        let r = try #require(Self.judge(Self.window(steps)))
        #expect(r.kind == .fade && r.start == 6 && r.end == 11)
        #expect((r.evidence.blendResidual ?? 1) < 0.01)
    }

    @Test func contentArrivingTileByTileIsMotion() throws {
        let steps = (1...3).map { k in Self.region.indices.map { $0 < k ? Self.new : Self.old } }
        let r = try #require(Self.judge(Self.window(steps)))
        #expect(r.kind == .motion && r.start == 6 && r.end == 9)
    }

    /// A picture of flat `tiles`, each of the colour `colour` gives it.
    static func thumb(_ tiles: [Int], _ colour: (Int) -> SIMD3<Float>) -> Thumbnail {
        var t = Thumbnail(tiles: grid.count)
        for i in tiles { t.set(i, mean: colour(i), flat: true) }
        return t
    }

    @Test func theFadeTestAsksForAFallingBlend() {
        let region = Self.region
        func thumb(_ v: SIMD3<Float>) -> Thumbnail { Self.thumb(region) { _ in v } }
        let a = thumb(Self.old), b = thumb(Self.new)
        let blends = [0.75, 0.5, 0.25].map { thumb(Self.new + (Self.old - Self.new) * Float($0)) }
        let test = FadeTest(slack: 0.1)
        #expect((test.residual(blends, old: a, new: b, over: region) ?? 1) < 1e-6)
        // the same frames in the wrong order: the blend weight climbs back
        #expect(test.residual(blends.reversed(), old: a, new: b, over: region) == nil)
        // a frame that is no blend: half the tiles there, half not
        var half = a
        for i in region.prefix(2) { half.set(i, mean: Self.new, flat: true) }
        #expect(abs((test.residual([half], old: a, new: b, over: region) ?? 0) - 0.5) < 1e-6)
    }

    @Test func aBlendThroughAGroundIsAFadeAndAHighlightOverItIsNot() {
        // tiles of different colours, so the two states and the ground are told apart
        let tiles = Array(0..<16)
        func thumb(_ f: (Int) -> SIMD3<Float>) -> Thumbnail { Self.thumb(tiles, f) }
        let oldColour = { (i: Int) in SIMD3<Float>(Float(40 + 11 * i), 180, Float(200 - 7 * i)) }
        let newColour = { (i: Int) in SIMD3<Float>(Float(220 - 9 * (i % 5)), Float(30 + 13 * i), 90) }
        let a = thumb(oldColour), b = thumb(newColour)
        // each page's opacity under 1 halfway, over a black window background (0.18 old + 0.58 new)
        let through = [(0.7, 0.2), (0.18, 0.58), (0.05, 0.9)].map { w in
            thumb { oldColour($0) * Float(w.0) + newColour($0) * Float(w.1) }
        }
        let test = FadeTest(slack: 0.1)
        #expect((test.residualThroughGround(through, old: a, new: b, over: tiles) ?? 1) < 1e-4)
        #expect((test.residual(through, old: a, new: b, over: tiles) ?? 1) > 0.2)
        // a plain crossfade fits both ways
        let plain = [0.75, 0.5, 0.25].map { w in thumb { oldColour($0) * Float(w) + newColour($0) * Float(1 - w) } }
        #expect((test.residualThroughGround(plain, old: a, new: b, over: tiles) ?? 1) < 1e-4)
        // a highlight lightening the whole region by 20 levels while the old page still shows in
        // full: an offset with no ground's share to explain it
        let highlight = [thumb { oldColour($0) + 20 }]
        #expect(test.residualThroughGround(highlight, old: a, new: b, over: tiles) == nil)
    }

    @Test func onAFewTilesNoBlendThroughAGroundIsTried() {
        // 3 grey tiles: a colour and two weights per frame fit any frame on them exactly, content
        // arriving tile by tile included
        let tiles = [0, 1, 2]
        func thumb(_ v: [Float]) -> Thumbnail { Self.thumb(tiles) { SIMD3(repeating: v[$0]) } }
        let old = thumb([87, 237, 227]), new = thumb([123, 116, 170]), between = thumb([123, 237, 227])
        #expect(FadeTest(slack: 0.1).residualThroughGround([between], old: old, new: new, over: tiles) == nil)
    }

    /// A window over all 16 tiles of a grey picture: 6 frames of it, then `steps` (each: the
    /// tiles moved by 3 levels so far, every change with a tile RMSE of 0.5, far past the tile
    /// threshold), then 6 frames of the last.
    static func creep(_ steps: [[Int]]) -> (window: ClassifierWindow, candidate: TransitionFinder.Candidate) {
        var w = ClassifierWindow()
        var thumb = Thumbnail(tiles: grid.count)
        for t in 0..<grid.count { thumb.set(t, mean: old, flat: true) }
        let pictures = [[Int]](repeating: [], count: 6) + steps + [[Int]](repeating: steps.last ?? [], count: 6)
        var previous: Set<Int> = []
        for (k, moved) in pictures.enumerated() {
            let now = Set(moved)
            let changed = now.symmetricDifference(previous).sorted()
            for t in changed { thumb.set(t, mean: now.contains(t) ? old + 3 : old, flat: true) }
            previous = now
            w.append(.init(index: k, ptsMs: Double(k) * 1000 / 30, rmse: 0, changes: changed.map { .init(tile: $0, rmse: 0.5, shift: 3) }, thumb: thumb))
        }
        let frames = (0..<w.count).filter { !w[$0].changes.isEmpty }
        return (w, TransitionFinder.Candidate(frames: frames, tiles: Array(0..<grid.count)))
    }

    static func judge(creep steps: [[Int]]) -> TransitionJudge.Result? {
        let (w, c) = creep(steps)
        return TransitionJudge(options: ClassifierOptions(), grid: grid, shift: 6, rmse: 0.1)
            .judge(c, window: w, bounds: (0, w.count - 1), excluded: { _, _ in false })
    }

    @Test func aChangeThatCreptToItsNewStateHasNoCut() {
        // three tiles move one after another (0.19, 0.38, 0.56 levels from the old state): the
        // second frame is the first past the same state's tolerance and already within it of the
        // new one, but its step (0.19) is a third of the change (a progress bar creeping over a
        // page's region): no cut
        #expect(Self.judge(creep: [[5], [5, 6], [5, 6, 7]]) == nil)
        // the same change in one step is a cut
        #expect(Self.judge(creep: [[5, 6, 7]])?.kind == .cut)
    }
}
