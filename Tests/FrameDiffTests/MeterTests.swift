import Foundation
import Testing
import TestSupport
@testable import FrameDiff

/// Pushes synthetic RGB pictures through the meter (no codec involved).
@Suite("Meter on synthetic frames")
struct MeterTests {
    func frame(_ w: Int, _ h: Int, seed: UInt64) -> PNGImage {
        var rng = SplitMix64(seed: seed)
        return PNGImage(width: w, height: h, stride: w * 3, bits: 8, pixels: rng.bytes(w * h * 3))
    }

    func decoded(_ image: PNGImage, ms: Double = 0) -> DecodedFrame {
        DecodedFrame(ptsMs: ms, storedWidth: image.width, storedHeight: image.height, pixels: .rgb(image))
    }

    /// The per-stage account counts what each push read and measured: every row of an unchanged
    /// picture compared once, a band that changed in its first row read no further and measured
    /// whole, nothing counted for a meter not asked to.
    @Test func stageCountsFollowWhatThePushesRead() throws {
        let (w, h) = (40, 37)  // three bands: 16, 16 and 5 rows of 120 bytes
        let meter = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16), countStages: true)
        let a = frame(w, h, seed: 4)
        _ = try meter.push(decoded(a))  // the first picture: nothing to compare
        #expect(meter.stageCounts.compare_bytes == 0)
        let measuredFirst = meter.stageCounts.measure_bytes
        #expect(measuredFirst == UInt64(w * h * 3))
        _ = try meter.push(decoded(a))
        #expect(meter.stageCounts.compare_bytes == UInt64(w * h * 3))
        #expect(meter.stageCounts.measure_bytes == measuredFirst)
        var b = a
        b.pixels[0] ^= 0x40  // the first row of band 0
        _ = try meter.push(decoded(b))
        #expect(meter.stageCounts.compare_bytes == UInt64(w * h * 3) + UInt64(w * 3 + (h - 16) * w * 3))
        #expect(meter.stageCounts.measure_bytes == measuredFirst + UInt64(16 * w * 3))
        #expect(meter.stageCounts.compare_ticks > 0)

        let quiet = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16))
        _ = try quiet.push(decoded(a))
        _ = try quiet.push(decoded(b))
        #expect(quiet.stageCounts.compare_ticks == 0 && quiet.stageCounts.measure_ticks == 0)
    }

    /// Decoded video through the meter's plane compare: a row is seen to change back to what it
    /// was two frames before, after a frame that changed the band's first row across every tile
    /// (each tile flagged before its later rows were read). A shortcut that keeps something of
    /// each row of the last frame must keep it for those rows too: a digest of every row was
    /// tried (5 December) and missed this change when it skipped them.
    @Test func aRowChangedBackToTwoFramesBeforeIsAChange() throws {
        let (w, h) = (32, 32)
        var rng = SplitMix64(seed: 12)
        let f0 = rng.bytes(w * h + 2 * (w / 2) * (h / 2))
        var f1 = f0
        for x in 0..<w { f1[x] ^= 0x40 }            // luma row 0: both tiles of band 0
        for x in 0..<w { f1[5 * w + x] ^= 0x20 }    // luma row 5
        var f2 = f1
        for x in 0..<w { f2[5 * w + x] = f0[5 * w + x] }  // row 5 as in f0
        var film = Data("YUV4MPEG2 W\(w) H\(h) F30:1 Ip A1:1 C420jpeg\n".utf8)
        for f in [f0, f0, f1, f2, f2] { film.append(Data("FRAME\n".utf8)); film.append(Data(f)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(getpid()).y4m").path
        try film.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let video = try VideoFile(path: path, threads: 1)
        let meter = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16))
        var sse: [UInt64] = []
        while let frame = try video.next() { sse.append(try meter.push(frame).sse) }
        // (f0 twice: the first frame is not compared)
        try #require(sse.count == 5)
        #expect(sse[1] == 0 && sse[2] > 0 && sse[3] > 0 && sse[4] == 0, "\(sse)")
    }

    /// The plane compare flags only the tiles over a row's differing bytes: a change in a luma
    /// row's last byte, in a chroma row's first byte and in the middle of another band's row each
    /// flag their own tile (the tiles searched run from the bitmap's first to its last set word).
    @Test func aChangeAtEitherEndOfARowFlagsItsTile() throws {
        let (w, h) = (160, 32)  // 10x2 tiles; luma rows of 160 bytes, chroma rows of 80
        var rng = SplitMix64(seed: 21)
        let f0 = rng.bytes(w * h + 2 * (w / 2) * (h / 2))
        var f1 = f0
        f1[3 * w + w - 1] ^= 0x40                    // luma (159, 3): tile 9
        var f2 = f1
        f2[w * h + 1 * (w / 2)] ^= 0x40              // U (0, 1), luma rows 2-3: tile 0
        f2[20 * w + 80] ^= 0x40                      // luma (80, 20): tile 15
        var film = Data("YUV4MPEG2 W\(w) H\(h) F30:1 Ip A1:1 C420jpeg\n".utf8)
        for f in [f0, f1, f2] { film.append(Data("FRAME\n".utf8)); film.append(Data(f)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ends-\(getpid()).y4m").path
        try film.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let video = try VideoFile(path: path, threads: 1)
        let meter = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16))
        var changed: [[Int]] = []
        while let frame = try video.next() {
            _ = try meter.push(frame)
            changed.append(meter.changedTiles().map(\.index).sorted())
        }
        try #require(changed.count == 3)
        #expect(changed[1] == [9] && changed[2] == [0, 15], "\(changed)")
    }

    @Test func firstFrameHasNoDelta() throws {
        let meter = try Meter(grid: TileGrid(storedWidth: 37, storedHeight: 21, tile: 16))
        #expect(try meter.push(decoded(frame(37, 21, seed: 1))).sse == 0)
    }

    @Test("band-wise measure equals the whole-image measure", arguments: [(37, 21), (16, 16), (361, 47), (5, 3)])
    func bandwiseEqualsWhole(w: Int, h: Int) throws {
        let meter = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16))
        var previous = frame(w, h, seed: 9)
        _ = try meter.push(decoded(previous))
        var rng = SplitMix64(seed: 3)
        for step in 0..<6 {
            var next = previous
            // change a few scattered pixels (some bands stay identical) or, once, everything
            let changes = step == 3 ? w * h : 1 + step * 3
            for _ in 0..<changes {
                let x = Int(rng.next() % UInt64(w)), y = Int(rng.next() % UInt64(h))
                next[x, y] = (UInt8(truncatingIfNeeded: rng.next()), 0, 255)
            }
            let measured = try meter.push(decoded(next))
            #expect(measured == SquaredDifference.rmse(previous, next), "step \(step)")
            let tiles = meter.changedTiles()
            let sum = tiles.map { Double($0.rmse) * Double($0.rmse) }.reduce(0, +)
            #expect(tiles.isEmpty == (measured.sse == 0))
            #expect(sum > 0 || measured.sse == 0)
            previous = next
        }
    }

    @Test func identicalFrameChangesNoBand() throws {
        let meter = try Meter(grid: TileGrid(storedWidth: 40, storedHeight: 40, tile: 16))
        let f = frame(40, 40, seed: 5)
        _ = try meter.push(decoded(f))
        #expect(try meter.push(decoded(f)).sse == 0)
        #expect(meter.changedBands == 0)
    }

    @Test func maskedRegionIsNotMeasured() throws {
        let grid = TileGrid(storedWidth: 32, storedHeight: 32, tile: 16)
        let meter = try Meter(grid: grid, masks: [Rect(x: 0, y: 0, w: 8, h: 8)])
        let a = PNGImage(width: 32, height: 32)
        var b = a
        for y in 0..<8 { for x in 0..<8 { b[x, y] = (255, 255, 255) } }
        _ = try meter.push(decoded(a))
        let r = try meter.push(decoded(b))
        #expect(r.sse == 0)
        #expect(r.samples == UInt64((32 * 32 - 64) * 3))
        b[20, 20] = (255, 0, 0)
        #expect(try meter.push(decoded(b)).sse == 255 * 255)
    }

    @Test func tileStatisticsSeeFlatAndTexturedTiles() throws {
        let grid = TileGrid(storedWidth: 32, storedHeight: 16, tile: 16)
        let meter = try Meter(grid: grid)
        var f = PNGImage(width: 32, height: 16)
        for y in 0..<16 { for x in 0..<16 { f[x, y] = (158, 158, 158) } }
        for y in 0..<16 { for x in 16..<32 { f[x, y] = (x + y) % 2 == 0 ? (0, 0, 0) : (255, 255, 255) } }
        _ = try meter.push(decoded(f))
        let t = meter.changedTiles(all: true)
        #expect(t.count == 2)
        #expect(t[0].variance == 0)
        #expect(t[0].mean == SIMD3<Float>(158, 158, 158))
        #expect(t[1].variance > 10000)
    }
}

/// Masks counted row by row (issue 25: the count was every pixel against every mask at every mask
/// added) give what counting pixel by pixel gives, overlapping, touching, outside the frame.
@Suite("Meter masks")
struct MeterMaskTests {
    @Test("overlapping masks leave the pixels a brute-force count leaves", arguments: [1, 7, 64])
    func maskedPixels(count: Int) throws {
        let (w, h) = (203, 77)
        var rng = SplitMix64(seed: UInt64(count))
        let masks = (0..<count).map { _ in
            Rect(x: Int(rng.next() % 230), y: Int(rng.next() % 90), w: 1 + Int(rng.next() % 60), h: 1 + Int(rng.next() % 40))
        }
        let meter = try Meter(grid: TileGrid(storedWidth: w, storedHeight: h, tile: 16), masks: masks)
        let picture = PNGImage(width: w, height: h, stride: w * 3, bits: 8, pixels: rng.bytes(w * h * 3))
        let measured = try meter.push(DecodedFrame(ptsMs: 0, storedWidth: w, storedHeight: h, pixels: .rgb(picture)))
        var unmasked = 0
        for y in 0..<h {
            for x in 0..<w where !masks.contains(where: { x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h }) {
                unmasked += 1
            }
        }
        #expect(measured.samples == UInt64(unmasked * 3))
    }
}
