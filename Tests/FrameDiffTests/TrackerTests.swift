import Foundation
import Testing
import TestSupport
@testable import FrameDiff

/// The classifier's per-film and per-tile state on its own: the noise floor, the thumbnail's
/// shared chunks, the fill tracker.
@Suite("Noise floor, thumbnails, fills")
struct TrackerTests {
    @Test func noiseFloorCountsOnlyBroadlyChangedFrames() {
        var noise = NoiseFloor()
        // nine broad frames are not enough
        for _ in 0..<9 { noise.add(frameValues: [Float](repeating: 0.01, count: 400), tiles: 1000) }
        #expect(noise.floor == 0)
        // frames touching under a quarter of the tiles never count, however many
        for _ in 0..<50 { noise.add(frameValues: [Float](repeating: 0.5, count: 249), tiles: 1000) }
        #expect(noise.floor == 0)
        noise.add(frameValues: [Float](repeating: 0.01, count: 250), tiles: 1000)
        // ten broad frames of median 0.01: the floor is 0.01 to the histogram's resolution (20 bins a decade)
        let floor = noise.floor
        #expect(floor > 0.01 / 1.13 && floor < 0.01 * 1.13)
    }

    @Test func noiseFloorIsTheTenthPercentileOfFrameMedians() {
        var noise = NoiseFloor()
        // 100 frames whose medians are 0.001 (10 of them) and 0.1 (90): the 10th percentile lies
        // at the boundary, the first bin past the tenth frame
        for k in 0..<100 {
            let median: Float = k < 11 ? 0.001 : 0.1
            // the median is what counts, not the spread around it
            noise.add(frameValues: [median / 10, median, median, median * 10, median], tiles: 10)
        }
        #expect(noise.floor > 0.001 / 1.13 && noise.floor < 0.001 * 1.13)
    }

    /// A film whose only broad changes are its transitions (a carousel's steps at 60 fps): frames
    /// whose median reaches the visible threshold are changes, not noise, and leave the floor alone.
    @Test func framesThatChangedVisiblyAreNoNoise() {
        var noise = NoiseFloor()
        for _ in 0..<20 { noise.add(frameValues: [Float](repeating: 0.2, count: 400), tiles: 1000, visible: 0.1) }
        #expect(noise.floor == 0)
        for _ in 0..<20 { noise.add(frameValues: [Float](repeating: 0.01, count: 400), tiles: 1000, visible: 0.1) }
        #expect(noise.floor > 0.01 / 1.13 && noise.floor < 0.01 * 1.13)
    }

    @Test func thumbnailsShareWhatTheyDidNotChange() {
        var a = Thumbnail(tiles: 1000)
        for i in 0..<1000 { a.set(i, mean: SIMD3(Float(i % 256), 10, 20), flat: i % 2 == 0) }
        var b = a
        b.set(700, mean: SIMD3(0, 0, 0), flat: false)
        // the copy changed one tile; the original did not move
        #expect(a.mean(700) == SIMD3(Float(700 % 256), 10, 20) && a.isFlat(700))
        #expect(b.mean(700) == .zero && !b.isFlat(700))
        #expect(b.mean(699) == a.mean(699) && b.mean(999) == a.mean(999))
        // distance over every tile: one tile of 1000 moved by (188 + 10 + 20) / 3 levels
        let expected = Double(700 % 256 + 10 + 20) / Double(3 * 1000)
        #expect(abs(b.distance(to: a) - expected) < 1e-6)
        #expect(abs(b.distance(to: a, over: [700]) - Double(700 % 256 + 10 + 20) / 3) < 1e-4)
        #expect(a.distance(to: Thumbnail(tiles: 999)) == 255)
        #expect(Set(b.tilesFilled(with: SIMD3(0, 10, 20), tolerance: 0.5)) == [0, 256, 512, 768])
    }

    @Test func boardKeepsShortFillsWithTheirLooksAndDropsLongOnes() {
        let grid = TileGrid(storedWidth: 32, storedHeight: 16, tile: 16)  // two tiles
        var board = TileBoard()
        let detail = SIMD3<Float>(120, 130, 140), grey = SIMD3<Float>(200, 200, 200)
        func frame(_ k: Int, _ changes: [TileChange], complete: Bool = false) {
            let m = FrameMeasure(index: k, ptsMs: Double(k) * 100, rmse: RMSE(sse: 1, samples: 1, maxValue: 255), resized: false,
                                 grid: grid, changes: changes, complete: complete)
            board.update(m)
            board.followFills(frame: k, ptsMs: m.ptsMs, visible: board.deltas.map { _ in true })
        }
        frame(0, [TileChange(index: 0, rmse: 0, mean: detail, variance: 400), TileChange(index: 1, rmse: 0, mean: detail, variance: 400)],
              complete: true)
        // tile 0 is grey for 200 ms, tile 1 for 1200 ms (longer than blank_max_ms: no candidate)
        frame(1, [TileChange(index: 0, rmse: 0.3, mean: grey, variance: 0), TileChange(index: 1, rmse: 0.3, mean: grey, variance: 0)])
        frame(3, [TileChange(index: 0, rmse: 0.3, mean: detail, variance: 400)])
        frame(13, [TileChange(index: 1, rmse: 0.3, mean: detail, variance: 400)])
        #expect(board.fills.ended.count == 1)
        let v = board.fills.ended[0]
        #expect(v.tile == 0 && v.start == 1 && v.end == 3 && v.colour == grey)
        #expect(v.before.mean == detail && v.before.variance == 400 && v.after.mean == detail)
        #expect(v.visibleIn && v.visibleOut)
        board.dropFills(through: 3, ms: 300)
        #expect(board.fills.ended.isEmpty)
    }
}

@Suite("Ended fills")
struct EndedFillsTests {
    func interval(end: Int) -> FillTracker.Interval {
        let look = FillTracker.Look(mean: .zero, variance: 0)
        return FillTracker.Interval(tile: end % 7, start: end - 1, end: end, colour: .zero, before: look, after: look,
                                    visibleIn: true, visibleOut: false)
    }

    @Test func chunksKeepOrderAndDropAPrefix() {
        var e = EndedFills()
        let n = 3 * EndedFills.chunkSize + 100
        for k in 0..<n { e.append(interval(end: k / 2)) }
        #expect(e.count == n && e[0].end == 0 && e[n - 1].end == (n - 1) / 2)
        // through a frame 22 intervals into the second chunk: everything that ended then, no more
        e.drop(through: EndedFills.chunkSize / 2 + 10)
        let dropped = 2 * (EndedFills.chunkSize / 2 + 11)
        #expect(e.count == n - dropped && e[0].end == EndedFills.chunkSize / 2 + 11)
        #expect((0..<e.count).map { e[$0].end } == (dropped..<n).map { $0 / 2 })
        e.append(interval(end: n))
        #expect(e[e.count - 1].end == n)
        e.drop(through: n)
        #expect(e.isEmpty && e.count == 0)
    }
}

@Suite("Noise floor bins")
struct NoiseFloorBinTests {
    @Test func theThresholdSearchGivesTheLogarithmsBinForEveryKindOfValue() {
        var rng = SplitMix64(seed: 11)
        var values: [Float] = [0, -1, .leastNonzeroMagnitude, 1e-6, 1e-5, 0.001, 0.01, 0.1, 0.5, 1, 2, 255, 1000, 1e4, .greatestFiniteMagnitude]
        // random Floats of every magnitude, and the neighbours of every bin's boundary
        for _ in 0..<20_000 { values.append(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7F7F_FFFF)) }
        for k in 0...170 {
            let edge = Float(pow(10, Double(k) / 20 - 5))
            values += [edge.nextDown, edge, edge.nextUp]
        }
        for v in values where v.isFinite {
            #expect(NoiseFloor.bin(v) == NoiseFloor.binByLog(v), "\(v)")
        }
    }
}
