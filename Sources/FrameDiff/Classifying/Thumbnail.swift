/// A frame seen at tile resolution: each tile's mean colour, the state the classifier compares
/// pictures with (old state, new state, blends between them).
///
/// A frame that changes nothing shares its predecessor's storage (copy on write).
/// NB: Float, not Float16: Swift converts half floats in a library call on this target, which cost
/// 2% of a whole `framediff FILM` run on the benchmark film.
///
///     var t = Thumbnail(tiles: grid.count); t.update(changes)
struct Thumbnail: Sendable {
    /// R, G, B means, three a tile (0-255).
    private(set) var means: [Float]

    init(tiles: Int) {
        means = [Float](repeating: 0, count: tiles * 3)
    }

    mutating func update(_ changes: [TileChange]) {
        means.withUnsafeMutableBufferPointer { m in
            for c in changes {
                m[3 * c.index] = c.mean.x
                m[3 * c.index + 1] = c.mean.y
                m[3 * c.index + 2] = c.mean.z
            }
        }
    }

    func mean(_ i: Int) -> SIMD3<Float> { SIMD3(means[3 * i], means[3 * i + 1], means[3 * i + 2]) }

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
}
