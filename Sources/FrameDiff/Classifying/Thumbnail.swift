/// A frame seen at tile resolution: each tile's mean colour and variance, the state the
/// classifier compares pictures with (old state, new state, blends between them).
///
/// Half-precision keeps a window of recent frames small (8 bytes a tile); a frame that changes
/// nothing shares its predecessor's storage.
///
///     var t = Thumbnail(tiles: grid.count); t.update(changes)
struct Thumbnail: Sendable {
    /// R, G, B means, three a tile.
    private(set) var means: [Float16]
    /// Variance of each tile (levels squared).
    private(set) var variances: [Float16]

    init(tiles: Int) {
        means = [Float16](repeating: 0, count: tiles * 3)
        variances = [Float16](repeating: 0, count: tiles)
    }

    mutating func update(_ changes: [TileChange]) {
        for c in changes {
            means[3 * c.index] = Float16(c.mean.x)
            means[3 * c.index + 1] = Float16(c.mean.y)
            means[3 * c.index + 2] = Float16(c.mean.z)
            variances[c.index] = Float16(min(c.variance, 65000))
        }
    }

    func mean(_ i: Int) -> SIMD3<Float> {
        SIMD3(Float(means[3 * i]), Float(means[3 * i + 1]), Float(means[3 * i + 2]))
    }

    func variance(_ i: Int) -> Float { Float(variances[i]) }

    /// Mean absolute difference of the tile means over `tiles`, in levels a channel.
    func distance(to other: Thumbnail, over tiles: [Int]) -> Double {
        guard !tiles.isEmpty else { return 0 }
        var sum = 0.0
        for t in tiles {
            let d = mean(t) - other.mean(t)
            sum += Double(abs(d.x) + abs(d.y) + abs(d.z))
        }
        return sum / Double(3 * tiles.count)
    }
}
