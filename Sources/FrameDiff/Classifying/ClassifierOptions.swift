/// Every threshold of the classifier, with its unit, default and reason.
///
/// Thresholds on change are relative to the film's own noise floor where one can be measured,
/// with a physical minimum below which a change is not visible; durations come from what users
/// perceive and from DESIGN.md's magnitudes.
///
///     var o = ClassifierOptions(); o.flashMaxMs = 400
public struct ClassifierOptions: Sendable, Equatable {
    /// A tile changed when its mean colour shifts, or its RMSE to the previous frame rises, by more
    /// than this many times the film's noise floor of that measure (codec flicker, dither): 3x.
    public var noiseFactor: Double = 3
    /// ...and by at least this many levels of mean colour (any channel): H.264 at CRF 30 moves a
    /// 16x16 tile of text up to ~4.5 levels from frame to frame on a still screen.
    public var minTileShift: Double = 6
    /// ...or at least this 0-1 tile RMSE with an unchanged mean (new text of the same ink density):
    /// codec flicker on text reaches 0.06 at CRF 30.
    public var minTileRMSE: Double = 0.1
    /// Changes less than this many ms apart belong to one transition; a picture held this long is a
    /// stable state (ms). A state shown for less is not read as settled, and low-rate captures (a
    /// GIF at ~7 changes a second) hold frames for 100 ms inside one spring motion.
    public var stableMs: Double = 150
    /// The longest flat interval reported as a flash (ms).
    public var flashMaxMs: Double = 250
    /// The longest flat interval reported as a blank; longer is a state of its own (ms).
    public var blankMaxMs: Double = 1000
    /// Share of the frame that must be flat for a blank (0-1).
    public var blankFraction: Double = 0.6
    /// A tile is flat (a fill, a placeholder) when its pixels' standard deviation is at most this
    /// many levels of 255: codec noise on a fill stays below 2.5; text or an image is far above.
    public var flatStd: Double = 2.5
    /// Two fills are the same colour when their means differ by at most this many levels (codec
    /// noise moves a fill's mean by under one level).
    public var colourTolerance: Double = 3
    /// The smallest placeholder, in 16x16 tiles: 2x2 tiles, an image slot of 32x32 pixels.
    public var flashMinTiles: Int = 4
    /// Two pictures show the same state when their tile means differ by less than this many levels
    /// (mean absolute difference over the tiles that change): smaller shifts are not visible, and a
    /// few flickering tiles do not move the mean.
    public var stateTolerance: Double = 0.25
    /// ...or by less than this share of the difference between the old and the new state (the
    /// second frame of an eased 300 ms crossfade at 90 fps is 1.35% of the way).
    public var stateShare: Double = 0.01
    /// A transition whose first changed frame is already within this share of the new state is a
    /// cut: after a cut the encoder refines the picture over a few frames by 1-2% of the change.
    public var cutShare: Double = 0.03
    /// A frame is a blend of the old and new state when what the blend does not explain is at most
    /// this share of the difference between the states.
    public var fadeResidual: Double = 0.2
    /// A frame whose RMSE is at least `jumpRatio` times that of the frames next to it, and at least
    /// `jumpRMSE`, is a cut of its own inside a run of changes: in a fade or a slide the steps from
    /// frame to frame are of one size, a cut is one step far larger than the rest.
    public var jumpRatio: Double = 4
    public var jumpRMSE: Double = 0.05
    /// Continuous change longer than this is cut into pieces so memory stays bounded (ms).
    public var maxTransitionMs: Double = 4_000
    /// ...or of more frames than this (a window frame holds 12 bytes a 16x16 tile).
    public var maxTransitionFrames: Int = 240

    public init() {}
}
