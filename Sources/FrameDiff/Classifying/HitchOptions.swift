/// Every threshold of the hitch detector (`HitchFinder`), each with its unit, default and reason.
///
/// The step measure throughout is a frame's 0-1 RMSE against the previous frame (`FrameStats.rmse`):
/// it is linear in a blend's step (a fade's frame moves α·|new − old|), grows with a slide's
/// displacement until the texture decorrelates, and is kept for every frame in `--stats`. Shares of
/// the usual step are relative to the animation's own median step, so they hold for a faint fade
/// and a full-screen slide alike.
///
///     var o = HitchOptions(); o.minLostPeriods = 1; HitchFinder(options: o)
public struct HitchOptions: Sendable, Equatable {
    /// A repeated frame changes at most this share of the tiles a step of the animation changes
    /// (its median changed share). An encoder refining a repeat moves a few tiles past the threshold
    /// (x264 at CRF 30: 3 of the 240 a scroll's step changes); a step of the animation moves them all.
    public var stallChangedShare = 0.1
    /// A stalled frame's RMSE is at most this share of the animation's usual step (or under the
    /// film's noise floor). Repeated frames in H.264 and GIF dither measure 1-3% of a step; the
    /// slowest steady step of a slide or fade is far above 15%.
    public var stallStepShare = 0.15
    /// A near-repeat's RMSE is at most this share of the usual step: a repeated frame the encoder
    /// went on refining (H.264 at CRF 18 leaves a fade's repeat at 0.35 of a step, with tiles over
    /// the threshold). It stalls the animation only when a catch-up step follows it.
    public var nearStallStepShare = 0.6
    /// The resumed step after near-repeats must reach this multiple of the usual step: the frames
    /// the app skipped are made up in one step (twice the usual after one dropped frame of a
    /// fade). Eased and settling ends slow down without catching up.
    public var catchUpStepShare = 1.5
    /// Time lost (from the moment the next frame was due to the resume, in frame periods) from
    /// which a still stretch is a hitch. One dropped frame loses exactly one period; 0.75 absorbs
    /// millisecond-rounded pts (16/17 ms at 60 fps) and a VFR recorder's jitter.
    public var minLostPeriods = 0.75
    /// Frames required on each side of a stall (the last before it, the first after the resume),
    /// each moving a steady step one period after the frame before it: a hitch interrupts a
    /// running animation. Eased and spring ends (whose rounding repeats frames) have no two steady
    /// frames around their repeats.
    public var steadyIntervals = 2
    /// Share (0-1) of the running step (the animation's 75th-percentile step) that the steps around
    /// a stall, and the resumed step, must reach to count as steady. The one-pixel steps of an
    /// ease or a spring's settle measure half or less of a running slide's step (RMSE saturates
    /// with displacement); a hitch's resumed step catches up and is larger than usual.
    public var steadyStepShare = 0.5
    /// Longest cycle (intervals) in which an animation's still times may repeat and be its own
    /// rhythm rather than hitches: a 30 fps capture written at 60 fps (cycle 1, every interval two
    /// periods), a GIF's 100/20/20 ms schedule (cycle 2 or 3), a 50 fps animation on a 60 Hz grid
    /// (a repeat every 6th frame: judder of the display rate, not frames the app missed).
    public var rhythmMaxCycle = 8
    /// Share (0-1) of an animation's intervals that must repeat the one a cycle earlier for the
    /// cycle to be its rhythm. A single hitch breaks a cycle-1 rhythm in two pairs of twenty.
    public var rhythmShare = 0.7
    /// Two still times are the same beat when they differ by at most this many periods.
    public var rhythmTolerancePeriods = 0.5
    /// Fewest interval pairs over which a rhythm is claimed (fewer: too short to tell).
    public var rhythmMinPairs = 4
    /// Longest cycle (frames) of a film-wide capture schedule. A GIF recorder's 100/20/20 ms
    /// cadence runs through still and moving parts alike; a change-driven VFR film has none.
    public var cadenceMaxCycle = 6
    /// Share (0-1) of a film's frame durations that must repeat the one a cycle earlier for the film
    /// to have a capture schedule, in which a long frame is the schedule and not a dropped frame.
    public var cadenceShare = 0.85
    /// Fewest frames from which a film's capture schedule is claimed.
    public var cadenceMinFrames = 12
    /// A film is VFR (for `HitchFinder.Timing.measured`) when more than this share of its frame
    /// durations differ from the median by more than a quarter of it; a CFR film's ms-rounded pts
    /// differ by one millisecond at most.
    public var vfrShare = 0.05

    /// Longest gap, ms, from one piece of an animation to the next for `Animation.of` to take them
    /// as one animation that a stall split (the classifier ends a run after 150 ms without change):
    /// four frames dropped at 24 fps leave 208 ms; a still longer is a pause between animations.
    public var joinGapMs = 250.0

    public init() {}
}
