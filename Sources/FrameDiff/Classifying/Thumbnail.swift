/// A frame seen at tile resolution: each tile's mean colour and whether it is a flat fill. The
/// classifier compares pictures with it (old state, new state, blends between them) and measures
/// how much of a frame one fill covers (a blank).
///
/// A frame that changes nothing shares its predecessor's storage (copy on write).
/// NB: Float, not Float16: Swift converts half floats in a library call on this target, which cost
/// 2% of a whole `framediff FILM` run on the benchmark film.
///
///     var t = Thumbnail(tiles: grid.count); t.set(7, mean: m, flat: true)
struct Thumbnail: Sendable {
    /// R, G, B means, three a tile (0-255).
    private(set) var means: [Float]
    /// One bit a tile: its pixels are a flat fill.
    private var flatBits: [UInt64]

    init(tiles: Int) {
        means = [Float](repeating: 0, count: tiles * 3)
        flatBits = [UInt64](repeating: 0, count: (tiles + 63) / 64)
    }

    var count: Int { means.count / 3 }

    mutating func set(_ i: Int, mean: SIMD3<Float>, flat: Bool) {
        means[3 * i] = mean.x
        means[3 * i + 1] = mean.y
        means[3 * i + 2] = mean.z
        let bit = UInt64(1) << UInt64(i & 63)
        if flat { flatBits[i >> 6] |= bit } else { flatBits[i >> 6] &= ~bit }
    }

    func mean(_ i: Int) -> SIMD3<Float> { SIMD3(means[3 * i], means[3 * i + 1], means[3 * i + 2]) }

    func isFlat(_ i: Int) -> Bool { flatBits[i >> 6] & (UInt64(1) << UInt64(i & 63)) != 0 }

    /// Mean absolute difference of the tile means over `tiles`, in levels a channel.
    func distance(to other: Thumbnail, over tiles: [Int]) -> Double {
        guard !tiles.isEmpty else { return 0 }
        var sum: Float = 0
        means.withUnsafeBufferPointer { a in
            other.means.withUnsafeBufferPointer { b in
                for t in tiles {
                    sum += abs(a[3 * t] - b[3 * t]) + abs(a[3 * t + 1] - b[3 * t + 1]) + abs(a[3 * t + 2] - b[3 * t + 2])
                }
            }
        }
        return Double(sum) / Double(3 * tiles.count)
    }

    /// The colour most flat tiles share (to 8 levels), or nil when no tile is flat.
    func dominantFill() -> SIMD3<Float>? {
        var counts: [SIMD3<Int32>: (n: Int, sum: SIMD3<Float>)] = [:]
        for (w, word) in flatBits.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let i = w * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                let m = mean(i)
                let key = SIMD3<Int32>(Int32(m.x) / 8, Int32(m.y) / 8, Int32(m.z) / 8)
                let c = counts[key] ?? (0, .zero)
                counts[key] = (c.n + 1, c.sum + m)
            }
        }
        guard let top = counts.values.max(by: { $0.n < $1.n }) else { return nil }
        return top.sum / Float(top.n)
    }

    /// Mean absolute difference of the tile means over every tile (levels a channel); 255 when the
    /// pictures are of different sizes.
    func distance(to other: Thumbnail) -> Double {
        guard other.means.count == means.count, !means.isEmpty else { return 255 }
        var sum: Float = 0
        means.withUnsafeBufferPointer { a in
            other.means.withUnsafeBufferPointer { b in
                for i in 0..<a.count { sum += abs(a[i] - b[i]) }
            }
        }
        return Double(sum) / Double(means.count)
    }

    /// Tiles that are flat fills within `tolerance` levels (every channel) of `colour`.
    func tilesFilled(with colour: SIMD3<Float>, tolerance: Float) -> [Int] {
        var out: [Int] = []
        for (w, word) in flatBits.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let i = w * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                if maxAbs(mean(i) - colour) <= tolerance { out.append(i) }
            }
        }
        return out
    }
}

/// The largest of |x|, |y|, |z|: how far two colours are apart in their most different channel.
func maxAbs(_ d: SIMD3<Float>) -> Float { max(abs(d.x), abs(d.y), abs(d.z)) }
