import Foundation

/// The film's own noise floor for one measure (a tile's RMSE, or the shift of its mean colour).
///
/// Noise that matters touches most of the picture in most frames (sensor noise, dither, a
/// re-encoded screen), so only frames in which at least a quarter of the tiles changed count; each
/// gives the median of the measure over its changed tiles, and the floor is the 10th percentile of
/// those over the film so far (10 such frames at least, else 0: the physical minimum rules). Codec
/// flicker on a still H.264 screen touches a few tiles and leaves the floor at 0; a change-driven
/// VFR recording's few full-screen changes are too few to count.
///
///     var noise = NoiseFloor(); noise.add(frameValues: shifts, tiles: 12_000); noise.floor
public struct NoiseFloor: Sendable {
    /// Bins of log10(value) from -5 to +3, 20 a decade; bin 0 counts frames with no changed tile.
    private var bins = [Int](repeating: 0, count: 162)
    private var count = 0

    public init() {}

    /// Adds one frame: the measure of each of its changed tiles, out of `tiles` tiles (a lazy view
    /// is enough: most frames are not counted and their values are never read).
    public mutating func add<Values: Collection>(frameValues values: Values, tiles: Int) where Values.Element == Float {
        guard values.count * 4 >= tiles, !values.isEmpty else { return }
        // the median at the histogram's resolution, without sorting thousands of tiles
        var frame = [Int](repeating: 0, count: bins.count)
        for v in values { frame[Self.bin(v)] += 1 }
        var seen = 0
        for (i, n) in frame.enumerated() {
            seen += n
            if seen * 2 > values.count {
                bins[i] += 1
                break
            }
        }
        count += 1
    }

    /// The 10th percentile over broadly changed frames of their median (0 with fewer than 10).
    public var floor: Double {
        guard count >= 10 else { return 0 }
        let target = count / 10
        var seen = 0
        for (i, n) in bins.enumerated() {
            seen += n
            if seen > target { return i == 0 ? 0 : Self.value(i) }
        }
        return 0
    }

    static func bin(_ v: Float) -> Int {
        guard v > 0 else { return 0 }
        return min(161, max(1, Int((log10(Double(v)) + 5) * 20) + 1))
    }

    static func value(_ bin: Int) -> Double { pow(10, Double(bin - 1) / 20 - 5) }
}
