/// A frame seen at tile resolution: each tile's mean colour and whether it is a flat fill. The
/// classifier compares pictures with it (old state, new state, blends between them) and measures
/// how much of a frame one fill covers (a blank).
///
/// NB: the classifier keeps one thumbnail per frame of its window (up to 240 frames, and the
/// frames of up to `longestBlankMs` more while a placeholder shows where it would be cut), and most
/// frames change a small part of the picture. The means are stored in chunks of `chunkTiles`
/// tiles, each copied on write: a frame shares every chunk it did not change with the frame
/// before. One array of all means cost 150 KB a frame at 1206x2622 (36 MiB for a long transition,
/// and a 150 KB copy every frame); chunks cost what changed.
/// NB: Float, not Float16: Swift converts half floats in a library call on this target, which cost
/// 2% of a whole `framediff FILM` run on the benchmark film.
///
///     var t = Thumbnail(tiles: grid.count); t.set(7, mean: m, flat: true)
struct Thumbnail: Sendable {
    /// Tiles a chunk: 64 tiles of R, G, B (768 bytes), most of a row of tiles of a phone's frame.
    /// NB: 256-tile chunks copied more of what a frame did not change: peak RSS of the main job
    /// 151.3 -> 150.1 MB on the 10 s bench film, 160.6 -> 158.7 MB on the 60 s one; 32 saved 0.3 MB more.
    static let chunkShift = 6
    static let chunkTiles = 1 << chunkShift

    /// R, G, B means, three a tile (0-255), `chunkTiles` tiles a chunk.
    private var chunks: [[Float]]
    /// One bit a tile: its pixels are a flat fill.
    private var flatBits: [UInt64]
    let count: Int

    init(tiles: Int) {
        count = tiles
        let n = (tiles + Self.chunkTiles - 1) >> Self.chunkShift
        chunks = (0..<n).map { c in
            [Float](repeating: 0, count: 3 * min(Self.chunkTiles, tiles - c * Self.chunkTiles))
        }
        flatBits = [UInt64](repeating: 0, count: (tiles + 63) / 64)
    }

    mutating func set(_ i: Int, mean: SIMD3<Float>, flat: Bool) {
        let j = 3 * (i & (Self.chunkTiles - 1))
        // (in place: only a chunk shared with another thumbnail is copied)
        chunks[i >> Self.chunkShift].withUnsafeMutableBufferPointer { m in
            m[j] = mean.x
            m[j + 1] = mean.y
            m[j + 2] = mean.z
        }
        let bit = UInt64(1) << UInt64(i & 63)
        if flat { flatBits[i >> 6] |= bit } else { flatBits[i >> 6] &= ~bit }
    }

    func mean(_ i: Int) -> SIMD3<Float> {
        chunks[i >> Self.chunkShift].withUnsafeBufferPointer { m in
            let j = 3 * (i & (Self.chunkTiles - 1))
            return SIMD3(m[j], m[j + 1], m[j + 2])
        }
    }

    func isFlat(_ i: Int) -> Bool { flatBits[i >> 6] & (UInt64(1) << UInt64(i & 63)) != 0 }

    /// Mean absolute difference of the tile means over `tiles`, in levels a channel.
    func distance(to other: Thumbnail, over tiles: [Int]) -> Double {
        guard !tiles.isEmpty else { return 0 }
        var sum: Float = 0
        for t in tiles {
            let d = mean(t) - other.mean(t)
            sum += abs(d.x) + abs(d.y) + abs(d.z)
        }
        return Double(sum) / Double(3 * tiles.count)
    }

    /// The colour most flat tiles share (to 8 levels), or nil when no tile is flat.
    func dominantFill() -> SIMD3<Float>? {
        var flat: [SIMD3<Float>] = []
        for (w, word) in flatBits.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                flat.append(mean(w * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return Self.commonestColour(flat, step: 8)
    }

    /// The mean of the colours in the commonest bin of `step` levels a channel, or nil for none.
    /// A tie goes to the bin of the higher levels (a dictionary's order changes run to run).
    static func commonestColour(_ colours: [SIMD3<Float>], step: Float) -> SIMD3<Float>? {
        var bins: [SIMD3<Int32>: (n: Int, sum: SIMD3<Float>)] = [:]
        for c in colours {
            let key = SIMD3<Int32>((c / step).rounded(.down))
            let old = bins[key] ?? (0, .zero)
            bins[key] = (old.n + 1, old.sum + c)
        }
        guard let top = bins.max(by: { a, b in (a.value.n, a.key.x, a.key.y, a.key.z) < (b.value.n, b.key.x, b.key.y, b.key.z) })?.value
        else { return nil }
        return top.sum / Float(top.n)
    }

    /// The picture's brightness: the mean of every tile's channels (levels).
    var level: Double {
        var sum: Float = 0
        for chunk in chunks { for v in chunk { sum += v } }
        return count > 0 ? Double(sum) / Double(3 * count) : 0
    }

    /// Mean absolute difference of the tile means over every tile (levels a channel); 255 when the
    /// pictures are of different sizes.
    func distance(to other: Thumbnail) -> Double {
        guard other.count == count, count > 0 else { return 255 }
        var sum: Float = 0
        for c in chunks.indices {
            chunks[c].withUnsafeBufferPointer { a in
                other.chunks[c].withUnsafeBufferPointer { b in
                    // a chunk both share contributes nothing
                    if a.baseAddress == b.baseAddress { return }
                    for i in 0..<a.count { sum += abs(a[i] - b[i]) }
                }
            }
        }
        return Double(sum) / Double(3 * count)
    }

    /// Whether tile `i` is a flat fill within `tolerance` levels (every channel) of `colour` (a
    /// bar, a desktop, a slot holding its placeholder).
    func isFill(_ i: Int, like colour: SIMD3<Float>, tolerance: Float) -> Bool {
        isFlat(i) && maxAbs(mean(i) - colour) <= tolerance
    }

    /// Whether at least half of `tiles` have detail (are not flat): content arrived there, not
    /// just another colour.
    func hasDetail(inHalfOf tiles: [Int]) -> Bool {
        2 * tiles.filter { !isFlat($0) }.count >= tiles.count
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

/// How far a colour is from grey: its largest channel less its smallest (levels).
func chroma(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }
