import Foundation

/// The film's own noise floor for one measure (a tile's RMSE, or the shift of its mean colour).
///
/// Each frame contributes the median of the measure over its changed tiles: in a frame where
/// nothing happens every changed tile is codec flicker or dither, and where something happens the
/// changed region is still a minority of frames. The floor is the median of those per-frame values
/// over the film so far, kept in a log histogram so memory stays bounded. A static CRF 30 H.264
/// film gives ~1 level of mean shift; dithered GIFs more.
///
///     var noise = NoiseFloor(); noise.add(frameValues: shifts); noise.floor
public struct NoiseFloor: Sendable {
    /// Bins of log10(value) from -5 to +3, 20 a decade; bin 0 counts frames with no changed tile.
    private var bins = [Int](repeating: 0, count: 162)
    private var count = 0

    public init() {}

    /// Adds one frame: the measure of each of its changed tiles.
    public mutating func add(frameValues values: [Float]) {
        var median: Float = 0
        if !values.isEmpty {
            let sorted = values.sorted()
            median = sorted[sorted.count / 2]
        }
        bins[Self.bin(median)] += 1
        count += 1
    }

    /// The median over frames of the per-frame median (0 when most frames change nothing).
    public var floor: Double {
        guard count > 0 else { return 0 }
        let target = count / 2
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
