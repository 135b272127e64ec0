/// What the meter saw in one frame: its delta to the frame before, and per-tile detail.
///
/// Frame 0 has a delta of zero. A frame whose size differs from the one before (a rotation, a
/// display switch) cannot be compared pixel by pixel: it is `resized` with an RMSE of 1.
///
///     scanner.scan { m in if m.rmse.normalized > 0.1 { print(m.index, m.ptsMs) } }
public struct FrameMeasure: Sendable {
    /// 0-based index in presentation order.
    public var index: Int
    /// Presentation time in ms.
    public var ptsMs: Double
    /// Delta to the previous frame.
    public var rmse: RMSE
    /// The frame size differs from the previous frame's.
    public var resized: Bool
    /// Stored-orientation grid of the tiles below.
    public var grid: TileGrid
    /// Per-tile detail; nil when the scan was asked for deltas only.
    public var tiles: TileMeasures?
}

/// Per-tile numbers of one frame (stored orientation, row-major like `TileGrid`).
public struct TileMeasures: Sendable {
    /// Sum of squared differences to the previous frame.
    public var sse: [UInt64]
    /// Mean R, G, B (0-255) of the frame's own pixels.
    public var mean: [SIMD3<Float>]
    /// Mean over the three channels of each channel's variance (0-255 units squared): near 0 is flat.
    public var variance: [Float]
    /// Unmasked pixels of each tile.
    public var pixels: [UInt32]
    /// Largest channel value `sse` is measured in (255 or 65535).
    public var maxValue: Double

    /// 0-1 RMSE of tile `i` against the previous frame.
    public func rmse(_ i: Int) -> Double {
        pixels[i] == 0 ? 0 : (Double(sse[i]) / Double(pixels[i] * 3)).squareRoot() / maxValue
    }
}
