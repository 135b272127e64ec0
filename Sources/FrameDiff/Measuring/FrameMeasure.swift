/// What the meter saw in one frame: its delta to the frame before, and which tiles changed.
///
/// Frame 0 has a delta of zero. A frame whose size differs from the one before (a rotation, a
/// display switch) cannot be compared pixel by pixel: it is `resized` with an RMSE of 1.
///
///     try scanFilm(source) { m in if m.rmse.normalized > 0.1 { print(m.index, m.ptsMs) } }
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
    /// Tiles whose pixels changed (squared difference above zero), or every unmasked tile when
    /// `complete` (the first frame of a size). Empty when the scan was asked for deltas only.
    public var changes: [TileChange]
    /// `changes` lists every unmasked tile: there is no previous frame of this size to compare with.
    public var complete: Bool
}

/// One tile of a frame: its delta to the previous frame and its own mean colour and flatness.
///
///     for c in measure.changes where c.rmse > 0.1 { print(c.index, c.mean) }
///
/// NB: 24 bytes (Int32 index, the mean as three floats) instead of 48: a frame that changes
/// everywhere lists 12,500 of them at 1206x2622, and eight frames are in flight to the classifier.
public struct TileChange: Sendable, Equatable {
    private var index32: Int32
    /// 0-1 RMSE of the tile against the previous frame.
    public var rmse: Float
    private var r: Float, g: Float, b: Float
    /// Mean over R, G, B of each channel's variance (levels squared): near 0 is a flat fill.
    public var variance: Float

    public init(index: Int, rmse: Float, mean: SIMD3<Float>, variance: Float) {
        index32 = Int32(index)
        self.rmse = rmse
        (r, g, b) = (mean.x, mean.y, mean.z)
        self.variance = variance
    }

    /// Row-major index in the frame's TileGrid.
    public var index: Int {
        get { Int(index32) }
        set { index32 = Int32(newValue) }
    }

    /// Mean R, G, B of the tile (0-255).
    public var mean: SIMD3<Float> {
        get { SIMD3(r, g, b) }
        set { (r, g, b) = (newValue.x, newValue.y, newValue.z) }
    }
}
