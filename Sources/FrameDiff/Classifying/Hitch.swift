/// One hitch: inside a motion or fade, the picture stood still beyond its frame period and then
/// resumed (frames the app never drew), with DESIGN.md's timing.
///
/// `startMs` is when the next frame was due and did not come (CFR: the first repeated frame's pts;
/// VFR: the last moving frame's pts plus one period); `endMs` the pts of the frame where the
/// animation resumes; `hitchMs` the time lost (one dropped frame at 60 fps: 16.7 ms). Steps are 0-1
/// frame RMSE against the previous frame (see `HitchOptions`).
///
///     for h in result.hitches { print(h.parent, h.startMs, h.hitchMs, h.stalledFrames) }
public struct Hitch: Sendable, Equatable {
    /// Index of the motion or fade finding the hitch lies in.
    public var parent: Int
    public var startMs: Double
    public var endMs: Double
    /// Frames written while the picture stood still (empty for a VFR gap: none were written).
    public var stalledFrames: [Int]
    /// The last frame that moved before the stall, and the frame where the animation resumes.
    public var lastMovingFrame: Int
    public var resumeFrame: Int
    /// The step (0-1 RMSE) into the last moving frame, and the resumed step.
    public var stepBefore: Double
    public var stepAfter: Double
    /// The animation's median step (0-1 RMSE): what the steps are compared with.
    public var usualStep: Double
    /// The frame period the hitch was timed with, ms: the film's nominal one (CFR) or the median
    /// frame duration inside the animation (VFR).
    public var periodMs: Double

    /// `endMs - startMs`: the time the animation stood still beyond its frame period.
    public var hitchMs: Double { endMs - startMs }
    public var durationMs: Double { hitchMs }
}

/// The hitch totals of one motion or fade: how much of it was lost, Apple's *hitch time ratio*.
///
///     if a.hitchRatioMsPerS > 10 { print("critical stutter in finding", a.parent) }
public struct AnimationHitches: Sendable, Equatable {
    /// Index of the motion or fade finding.
    public var parent: Int
    /// The animation's own duration (its end minus its start), ms.
    public var durationMs: Double
    /// Sum of its hitches' `hitchMs`.
    public var hitchMs: Double
    public var hitchCount: Int
    /// The period its hitches were timed with, ms.
    public var periodMs: Double

    /// Milliseconds of hitch per second of animation (Apple: under 5 good, 5-10 warning, over 10
    /// critical); 0 for an animation of no duration.
    public var hitchRatioMsPerS: Double { durationMs > 0 ? hitchMs / (durationMs / 1000) : 0 }
}

/// What `HitchFinder` finds in one film: every hitch, in time order, and per-animation totals (one
/// entry per animation examined, hitches or not), with the film's totals.
///
///     let r = HitchFinder().find(samples, animations: spans, covered: [], timing: timing)
///     print(r.hitchMs, r.hitchRatioMsPerS)
public struct HitchResult: Sendable, Equatable {
    public var hitches: [Hitch]
    public var animations: [AnimationHitches]

    /// Milliseconds of hitch over the film's animations.
    public var hitchMs: Double { animations.reduce(0) { $0 + $1.hitchMs } }
    /// Milliseconds of hitch per second of animation, over the whole film.
    public var hitchRatioMsPerS: Double {
        let ms = animations.reduce(0) { $0 + $1.durationMs }
        return ms > 0 ? hitchMs / (ms / 1000) : 0
    }
}
