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
    /// is enough: most frames are not counted and their values are never read). A frame whose
    /// median reaches `visible` (the physical threshold of the measure) changed visibly over most of
    /// its tiles: a transition, not noise, and not counted (an onboarding carousel's steps, a
    /// rotation's turning frames, captured at 60 fps with nothing but them changing broadly, had
    /// made their own 10th percentile the floor: 0.18 of RMSE, a threshold of 0.53).
    public mutating func add<Values: Collection>(frameValues values: Values, tiles: Int, visible: Float = .infinity) where Values.Element == Float {
        guard values.count * 4 >= tiles, !values.isEmpty else { return }
        // the median at the histogram's resolution, without sorting thousands of tiles
        var frame = [Int](repeating: 0, count: bins.count)
        for v in values { frame[Self.bin(v)] += 1 }
        var seen = 0
        for (i, n) in frame.enumerated() {
            seen += n
            if seen * 2 > values.count {
                guard i < Self.bin(visible) else { return }
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

    /// The bin of a value: 1 + floor((log10(v) + 5) · 20), within 1...161; 0 for no change.
    static func binByLog(_ v: Float) -> Int {
        guard v > 0 else { return 0 }
        return min(161, max(1, Int((log10(Double(v)) + 5) * 20) + 1))
    }

    /// The smallest positive Float in bin `k` or above, for k = 2...161 (the bin only grows with
    /// the value), found once by bisection over the Floats' bit patterns.
    /// NB: a log10 for each changed tile of each broad frame, twice a frame, cost 0.5% of the main
    /// job; a search of these thresholds gives the same bin for every Float.
    private static let thresholds: [Float] = (2...161).map { k in
        var lo: UInt32 = 1, hi = Float.greatestFiniteMagnitude.bitPattern
        guard binByLog(Float(bitPattern: hi)) >= k else { return .infinity }
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if binByLog(Float(bitPattern: mid)) >= k { hi = mid } else { lo = mid + 1 }
        }
        return Float(bitPattern: lo)
    }

    static func bin(_ v: Float) -> Int {
        guard v > 0 else { return 0 }
        // 1 + how many thresholds lie at or below v
        var lo = 0, hi = thresholds.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if thresholds[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return 1 + lo
    }

    static func value(_ bin: Int) -> Double { pow(10, Double(bin - 1) / 20 - 5) }
}
