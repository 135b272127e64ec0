import CFrameDiff
import Testing
import TestSupport
@testable import FrameDiff

/// A small deterministic generator, so a failing buffer can be rebuilt from its seed.
@Suite("Squared-difference kernels")
struct KernelTests {
    /// The plain Swift definition: what both C kernels must equal.
    func swiftSums(_ a: [UInt8], _ b: [UInt8], rowBytes: Int, rows: Int, stride: Int, tileBytes: Int) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: (rowBytes + tileBytes - 1) / tileBytes)
        for r in 0..<rows {
            for i in 0..<rowBytes {
                let d = Int(a[r * stride + i]) - Int(b[r * stride + i])
                out[i / tileBytes] += UInt64(d * d)
            }
        }
        return out
    }

    @Test("fast kernel equals the reference on random buffers, odd widths, padded strides",
          arguments: [1, 7, 15, 16, 17, 31, 33, 63, 361, 1206])
    func fastMatchesReference(widthPx: Int) {
        var rng = SplitMix64(seed: UInt64(widthPx))
        for tilePx in [1, 5, 16, 32] {
            for pad in [0, 3, 64] {
                let rowBytes = widthPx * 3, stride = rowBytes + pad, rows = 16
                let a = rng.bytes(stride * rows), b = rng.bytes(stride * rows)
                let expected = swiftSums(a, b, rowBytes: rowBytes, rows: rows, stride: stride, tileBytes: tilePx * 3)
                let fast = SquaredDifference.bandSums(a, b, rowBytes: rowBytes, rows: rows, stride: stride,
                                                      tileBytes: tilePx * 3, kernel: .fast)
                let reference = SquaredDifference.bandSums(a, b, rowBytes: rowBytes, rows: rows, stride: stride,
                                                           tileBytes: tilePx * 3, kernel: .reference)
                #expect(fast == expected, "width \(widthPx) tile \(tilePx) pad \(pad)")
                #expect(reference == expected)
            }
        }
    }

    @Test func extremeDifferencesDoNotOverflowLanes() {
        // 0 against 255 everywhere: the largest value a 32-bit lane accumulates in one tile.
        let rowBytes = 48 * 3, rows = 16
        let a = [UInt8](repeating: 0, count: rowBytes * rows), b = [UInt8](repeating: 255, count: rowBytes * rows)
        let sums = SquaredDifference.bandSums(a, b, rowBytes: rowBytes, rows: rows, stride: rowBytes, tileBytes: rowBytes)
        #expect(sums == [UInt64(rowBytes * rows) * 65025])
    }

    @Test func fastKernelIsNamed() {
        #expect(["avx2", "sse2", "scalar"].contains(SquaredDifference.fastKernelName))
    }

    @Test func imageRMSEOfOppositeImagesIsOne() {
        var black = PNGImage(width: 13, height: 5)
        let white = PNGImage(width: 13, height: 5, stride: 39, bits: 8, pixels: [UInt8](repeating: 255, count: 13 * 5 * 3))
        #expect(SquaredDifference.rmse(black, white).normalized == 1)
        #expect(SquaredDifference.rmse(black, black).normalized == 0)
        black[0, 0] = (255, 255, 255)
        let r = SquaredDifference.rmse(black, white)
        #expect(abs(r.normalized - (64.0 / 65.0).squareRoot()) < 1e-12)
    }
}

@Suite("RMSE arithmetic and formatting")
struct RMSETests {
    @Test func normalisedAndAbsolute() {
        let r = RMSE(sse: 255 * 255 * 3, samples: 12)  // a quarter of the samples fully off
        #expect(abs(r.normalized - 0.5) < 1e-12)
        #expect(abs(r.absolute - 32767.5) < 1e-9)
    }

    @Test func sixteenBitScale() {
        let r = RMSE(sse: 65535 * 65535, samples: 4, maxValue: 65535)
        #expect(abs(r.normalized - 0.5) < 1e-12)
    }

    @Test("printed like ImageMagick's compare", arguments: [
        (RMSE(sse: 0, samples: 3), "0 (0)"),
        (RMSE(sse: 255 * 255, samples: 1), "65535 (1)"),
        (RMSE(sse: 1, samples: 3), "148.379 (0.00226412)"),
    ])
    func compareText(r: RMSE, text: String) {
        #expect(r.compareText == text)
    }
}

/// Every variant of every meter kernel against its plain C reference, on random buffers with odd
/// sizes and padded strides (checkasm's way); a variant this CPU lacks is skipped by name.
@Suite("Kernel variants against their references")
struct KernelVariantTests {
    static let variants: [(Int32, String)] = [(1, "sse2"), (2, "avx2")]

    @Test("band sums", arguments: [1, 5, 16, 33, 361])
    func bandSums(widthPx: Int) {
        var rng = SplitMix64(seed: 77 + UInt64(widthPx))
        for tilePx in [1, 16, 32] {
            let rowBytes = widthPx * 3, stride = rowBytes + 5, rows = 17
            let a = rng.bytes(stride * rows), b = rng.bytes(stride * rows)
            let tiles = (rowBytes + tilePx * 3 - 1) / (tilePx * 3)
            var reference = [UInt64](repeating: 0, count: tiles)
            _ = fd_kernel_band_sse(0, a, stride, b, stride, Int32(rowBytes), Int32(rows), Int32(tilePx * 3), &reference)
            for (v, name) in Self.variants {
                var out = [UInt64](repeating: 0, count: tiles)
                guard fd_kernel_band_sse(v, a, stride, b, stride, Int32(rowBytes), Int32(rows), Int32(tilePx * 3), &out) == 0 else { continue }
                #expect(out == reference, "\(name) width \(widthPx) tile \(tilePx)")
            }
        }
    }

    @Test("which bytes differ", arguments: [1, 31, 32, 33, 95, 3618])
    func diffBits(n: Int) {
        var rng = SplitMix64(seed: 5 + UInt64(n))
        let a = rng.bytes(n)
        var b = a
        for _ in 0..<max(1, n / 7) { b[Int(rng.next() % UInt64(n))] ^= 0x10 }
        let words = (n + 31) / 32
        var reference = [UInt32](repeating: 0, count: words + 1), out = reference
        let anyRef = fd_kernel_diff_bits(0, a, b, Int32(n), &reference)
        if fd_kernel_diff_bits(2, a, b, Int32(n), &out) >= 0 {
            #expect(Array(out.prefix(words)) == Array(reference.prefix(words)))
            #expect(fd_kernel_diff_bits(2, a, b, Int32(n), &out) == anyRef)
        }
        #expect(fd_kernel_diff_bits(0, a, a, Int32(n), &reference) == 0)
        #expect(fd_kernel_diff_bits(2, a, a, Int32(n), &out) <= 0)
    }

    /// The AVX2 compare skips equal 128-byte steps and zeroes their words: one differing byte
    /// before, on and after a step's edge, and in the tail.
    @Test("one differing byte, wherever it is", arguments: [0, 31, 127, 128, 200, 3583, 3600, 3617])
    func diffBitsOneByte(at position: Int) {
        var rng = SplitMix64(seed: 77)
        for n in [300, 3618] where position < n {
            let a = rng.bytes(n)
            var b = a
            b[position] ^= 1
            let words = (n + 31) / 32
            var reference = [UInt32](repeating: 0, count: words + 1)
            var out = [UInt32](repeating: 0xFFFF_FFFF, count: words + 1)  // stale bits must be zeroed
            #expect(fd_kernel_diff_bits(0, a, b, Int32(n), &reference) == 1)
            guard fd_kernel_diff_bits(2, a, b, Int32(n), &out) >= 0 else { continue }
            #expect(Array(out.prefix(words)) == Array(reference.prefix(words)), "n \(n)")
            #expect(reference[position / 32] == 1 << UInt32(position % 32))
        }
    }

    @Test("a 16-pixel tile's squared differences and statistics", arguments: [1, 2, 15, 16])
    func tile16(rows: Int) {
        var rng = SplitMix64(seed: 900 + UInt64(rows))
        let stride = 48 + 13
        let a = rng.bytes(stride * rows + 16), b = rng.bytes(stride * rows + 16)
        var reference: UInt64 = 0
        _ = fd_kernel_tile16_sse(0, a, stride, b, stride, Int32(rows), &reference)
        for (v, name) in Self.variants {
            var out: UInt64 = 0
            guard fd_kernel_tile16_sse(v, a, stride, b, stride, Int32(rows), &out) == 0 else { continue }
            #expect(out == reference, "\(name) rows \(rows)")
        }
        var statsRef = fd_tile_stats(), stats = fd_tile_stats()
        _ = fd_kernel_tile_stats16(0, a, stride, Int32(rows), &statsRef)
        #expect(fd_kernel_tile_stats16(1, a, stride, Int32(rows), &stats) == 0)
        #expect(stats.sum_r == statsRef.sum_r && stats.sum_g == statsRef.sum_g && stats.sum_b == statsRef.sum_b && stats.sum_sq == statsRef.sum_sq)
    }
    @Test("taking a changed tile in one pass: squared differences, statistics and the copy, as the three steps give them",
          arguments: [1, 2, 14, 16, 64])
    func tile16Take(rows: Int) {
        let stride = 48 + 13
        // random bytes, and the extremes (0 against 255 everywhere: the largest lane sums)
        for seed in 0..<3 {
            var rng = SplitMix64(seed: 1700 + UInt64(rows * 4 + seed))
            var old = rng.bytes(stride * rows + 16), fresh = rng.bytes(stride * rows + 16)
            if seed == 1 { old = [UInt8](repeating: 0, count: old.count); fresh = [UInt8](repeating: 255, count: fresh.count) }
            if seed == 2 { fresh = old }  // an unchanged tile: nothing moves, the statistics are its own
            var refPic = old, refStats = fd_tile_stats(), refSSE: UInt64 = 0
            #expect(fd_kernel_tile16_take(0, &refPic, stride, fresh, stride, Int32(rows), &refStats, &refSSE) == 0)
            var expectedSSE: UInt64 = 0
            _ = fd_kernel_tile16_sse(0, old, stride, fresh, stride, Int32(rows), &expectedSSE)
            #expect(refSSE == expectedSSE)
            for r in 0..<rows {
                #expect(Array(refPic[(r * stride)..<(r * stride + 48)]) == Array(fresh[(r * stride)..<(r * stride + 48)]))
                // bytes between rows are not the tile's
                #expect(Array(refPic[(r * stride + 48)..<(r * stride + stride)]) == Array(old[(r * stride + 48)..<(r * stride + stride)]))
            }
            var pic = old, stats = fd_tile_stats(), sse: UInt64 = 0
            guard fd_kernel_tile16_take(2, &pic, stride, fresh, stride, Int32(rows), &stats, &sse) == 0 else {
                // (no AVX2 on this CPU: the dispatch uses the three kernels, tested above)
                continue
            }
            #expect(sse == refSSE, "rows \(rows) seed \(seed)")
            #expect(pic == refPic)
            #expect(stats.sum_r == refStats.sum_r && stats.sum_g == refStats.sum_g && stats.sum_b == refStats.sum_b
                    && stats.sum_sq == refStats.sum_sq, "rows \(rows) seed \(seed)")
            // without statistics (rank): the same difference and copy
            var pic2 = old, sse2: UInt64 = 0
            #expect(fd_kernel_tile16_take(2, &pic2, stride, fresh, stride, Int32(rows), nil, &sse2) == 0)
            #expect(sse2 == refSSE && pic2 == refPic)
        }
    }
}
