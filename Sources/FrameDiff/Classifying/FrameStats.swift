/// What the classifier saw in one frame, for `--stats` (one CSV row), so thresholds can be tuned
/// without decoding again.
///
///     print(FrameStats.csvHeader); classifier.onStats = { print($0.csvRow) }
public struct FrameStats: Sendable {
    public var frame: Int
    public var ptsMs: Double
    /// 0-1 RMSE against the previous frame.
    public var rmse: Double
    /// Share of the frame's tiles whose change is above the threshold.
    public var changedShare: Double
    /// Share of the frame's tiles that are flat fills.
    public var flatShare: Double
    /// Largest 0-1 tile RMSE.
    public var maxTileRMSE: Double
    /// Largest change of a tile's mean colour, levels.
    public var maxMeanShift: Double
    /// The film's noise floor so far, and the tile threshold derived from it (0-1 RMSE).
    public var noiseFloor: Double
    public var threshold: Double

    public static let csvHeader = "frame,pts_ms,rmse,changed_share,flat_share,max_tile_rmse,max_mean_shift,noise_floor,threshold"

    public var csvRow: String {
        [String(frame), JSON.format(ptsMs, decimals: 3), JSON.format(rmse, decimals: 6),
         JSON.format(changedShare, decimals: 4), JSON.format(flatShare, decimals: 4),
         JSON.format(maxTileRMSE, decimals: 6), JSON.format(maxMeanShift, decimals: 2), JSON.format(noiseFloor, decimals: 6),
         JSON.format(threshold, decimals: 6)].joined(separator: ",")
    }
}
