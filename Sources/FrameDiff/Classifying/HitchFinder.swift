/// Finds hitches: inside a motion or fade, the picture stands still for a frame period or more and
/// then resumes (frames the app never drew), timed as issue 21 and DESIGN.md state.
///
/// A pure function of per-frame samples (what `--stats` writes), the animations the classifier
/// found, the posture covers, and the film's timing. The step measure is a frame's 0-1 RMSE
/// against the previous frame, compared with the animation's own median step. Within an animation
/// a frame *moves* unless it is a repeat (next to no tile changed, RMSE under `stallStepShare` of the
/// median step or under the noise floor) or a near-repeat (under `nearStallStepShare` of it, which
/// counts only when a catch-up step of `catchUpStepShare` follows). Between two consecutive moving
/// frames the picture stood still for their pts difference; when that exceeds the period by
/// `minLostPeriods` periods it is a hitch, unless
/// - it is not framed by steady frames (`steadyIntervals` on each side, each on time and moving
///   at least `steadyStepShare` of the running step): eased ends, a spring's settle, a pause;
/// - it repeats in the animation's own rhythm (a 30 fps capture written at 60, a GIF's 100/20/20
///   ms schedule), or is a long frame without repeats in a film-wide capture schedule;
/// - it touches a posture cover (what the app does there is not seen);
/// - the picture stood still longer than `joinGapMs`: a pause between two animations.
///
///     let timing = HitchFinder.Timing.measured(samples)
///     let r = HitchFinder().find(samples, animations: spans, covered: [1000...2400], timing: timing)
public struct HitchFinder: Sendable {
    /// One frame's measures (the same values `FrameStats` and `--stats` carry).
    public struct Sample: Sendable, Equatable {
        public var frame: Int
        public var ptsMs: Double
        /// 0-1 RMSE against the previous frame: the step measure.
        public var rmse: Double
        /// Share (0-1) of tiles whose change is above the noise-relative threshold.
        public var changedShare: Double
        /// The film's noise floor so far (0-1 tile RMSE): a frame's RMSE under it is noise.
        public var noiseFloor: Double

        public init(frame: Int, ptsMs: Double, rmse: Double, changedShare: Double, noiseFloor: Double = 0) {
            (self.frame, self.ptsMs, self.rmse, self.changedShare, self.noiseFloor) = (frame, ptsMs, rmse, changedShare, noiseFloor)
        }
    }

    /// A motion or fade to look into: its finding's index and first and last frame.
    public struct Animation: Sendable, Equatable {
        public var parent: Int
        public var kind: FindingKind
        public var firstFrame: Int
        public var lastFrame: Int

        public init(parent: Int, kind: FindingKind, firstFrame: Int, lastFrame: Int) {
            (self.parent, self.kind, self.firstFrame, self.lastFrame) = (parent, kind, firstFrame, lastFrame)
        }

        /// The animation a finding is, or nil: cuts, flashes and blanks have no frames between, and a
        /// busy region (a counter, a spinner) changes on its own clock, not an animation's.
        public init?(_ f: Finding, index: Int) {
            guard f.kind == .motion || f.kind == .fade, !f.busy else { return nil }
            self.init(parent: index, kind: f.kind, firstFrame: f.firstFrame, lastFrame: f.lastFrame)
        }

        /// The animations of a film's findings, each taken with the pieces a stall split off it: a
        /// motion or fade, then (within `options.joinGapMs`, over an intersecting region) more of
        /// the same kind, with cuts between them (a fade's catch-up step can measure as a cut).
        /// The parent is the first piece. Overlapping findings stay apart.
        public static func of(_ findings: [Finding], options: HitchOptions = HitchOptions()) -> [Animation] {
            let order = findings.indices.sorted { (findings[$0].firstFrame, $0) < (findings[$1].firstFrame, $1) }
            var out: [Animation] = []
            var used = Set<Int>()
            for (n, i) in order.enumerated() where !used.contains(i) {
                guard var a = Animation(findings[i], index: i) else { continue }
                var tail = findings[i]  // the last piece taken
                var pending: [Int] = []  // cuts waiting for the animation to go on after them
                for j in order[(n + 1)...] where !used.contains(j) {
                    let f = findings[j]
                    if f.startMs - tail.endMs > options.joinGapMs { break }
                    let piece = f.kind == a.kind && Animation(f, index: j) != nil
                    guard piece || f.kind == .cut, f.firstFrame >= tail.lastFrame, f.region.intersects(tail.region) else { continue }
                    if piece {
                        used.formUnion(pending + [j])
                        pending = []
                        a.lastFrame = f.lastFrame
                    } else {
                        pending.append(j)
                    }
                    tail = f
                }
                out.append(a)
            }
            return out
        }
    }

    /// The film's frame period and whether its frames come on a fixed grid (CFR) or only when the
    /// picture changes (VFR).
    public struct Timing: Sendable, Equatable {
        /// Nominal frame period, ms (for VFR the detector uses the median inside each animation).
        public var periodMs: Double
        public var isVFR: Bool

        public init(periodMs: Double, isVFR: Bool) {
            (self.periodMs, self.isVFR) = (periodMs, isVFR)
        }

        /// The timing the samples show: the mean frame duration within a quarter of the median, VFR
        /// when more than `options.vfrShare` of the durations are further off.
        public static func measured(_ samples: [Sample], options: HitchOptions = HitchOptions()) -> Timing {
            let d = durations(samples)
            let p = median(d)
            let near = d.filter { abs($0 - p) <= 0.25 * p }
            // (the mean of the durations near the median: ms-rounded 60 fps pts step 17, 17, 16 ms)
            let period = near.isEmpty ? 1000.0 / 60 : near.reduce(0, +) / Double(near.count)
            return Timing(periodMs: period, isVFR: Double(d.count - near.count) > options.vfrShare * Double(d.count))
        }
    }

    public var options: HitchOptions

    public init(options: HitchOptions = HitchOptions()) {
        self.options = options
    }

    /// Every hitch of the film and per-animation totals. `samples` in frame order (one per frame,
    /// as `--stats` writes them); `covered`: pts intervals (ms) under a posture cover.
    public func find(_ samples: [Sample], animations: [Animation], covered: [ClosedRange<Double>], timing: Timing) -> HitchResult {
        var position: [Int: Int] = [:]
        for (k, s) in samples.enumerated() where position[s.frame] == nil { position[s.frame] = k }
        let scheduled = hasCaptureSchedule(samples)
        var result = HitchResult(hitches: [], animations: [])
        for a in animations {
            guard let p0 = position[a.firstFrame], let p1 = position[a.lastFrame], p1 > p0 else {
                result.animations.append(AnimationHitches(parent: a.parent, durationMs: 0, hitchMs: 0, hitchCount: 0, periodMs: timing.periodMs))
                continue
            }
            let span = Array(samples[p0...p1])
            let period = timing.isVFR ? Self.median(Self.durations(span)) : timing.periodMs
            let found = period > 0 ? hitches(in: span, parent: a.parent, period: period, vfr: timing.isVFR,
                                            scheduled: scheduled, covered: covered) : []
            // (overlapping pieces of one change see the same stall: it is reported once)
            let new = found.filter { h in !result.hitches.contains { $0.resumeFrame == h.resumeFrame } }
            result.hitches += new
            result.animations.append(AnimationHitches(parent: a.parent, durationMs: span[span.count - 1].ptsMs - span[0].ptsMs,
                                                      hitchMs: new.reduce(0) { $0 + $1.hitchMs }, hitchCount: new.count,
                                                      periodMs: period))
        }
        result.hitches.sort { ($0.startMs, $0.parent) < ($1.startMs, $1.parent) }
        return result
    }

    /// The hitches of one animation's frames (its first frame is the first that moved).
    private func hitches(in span: [Sample], parent: Int, period: Double, vfr: Bool, scheduled: Bool,
                         covered: [ClosedRange<Double>]) -> [Hitch] {
        let changing = span.filter { $0.changedShare > 0 }
        let steps = (changing.isEmpty ? span : changing).map(\.rmse)
        let usual = Self.median(steps)
        // the step of the animation at speed, which eased and settling ends fall short of
        let running = Self.quantile(steps, 0.75)
        let usualShare = Self.median(changing.map(\.changedShare))
        // A repeat measures as noise; a near-repeat is a repeat the encoder went on refining (a
        // fade's repeated frame in H.264 keeps a third of a step), believed only if a catch-up follows.
        let clearRepeat: (Sample) -> Bool = {
            $0.changedShare <= options.stallChangedShare * usualShare && $0.rmse <= max(options.stallStepShare * usual, $0.noiseFloor)
        }
        let stalled: (Sample) -> Bool = { clearRepeat($0) || $0.rmse <= options.nearStallStepShare * usual }
        let moving = [0] + (1..<span.count).filter { !stalled(span[$0]) }
        guard moving.count > 1 else { return [] }
        // interval k runs from moving[k-1] to moving[k]; k = 0 is the step into the animation
        let still = [period] + (1..<moving.count).map { span[moving[$0]].ptsMs - span[moving[$0 - 1]].ptsMs }
        let late = still.map { $0 - period >= options.minLostPeriods * period }  // (late[0]: the animation's start)
        let step = moving.map { span[$0].rmse }
        let beat = rhythm(Array(still.dropFirst()), period: period)
        let same: (Double, Double) -> Bool = { abs($0 - $1) <= options.rhythmTolerancePeriods * period }
        var out: [Hitch] = []
        for k in 1..<moving.count where late[k] {
            let a = span[moving[k - 1]]
            if let l = beat, (k - l >= 1 && same(still[k], still[k - l])) || (k + l < still.count && same(still[k], still[k + l])) { continue }
            var r = k  // the interval in which the animation resumes
            if !span[(moving[k - 1] + 1)..<moving[k]].allSatisfy(clearRepeat) && step[k] < options.catchUpStepShare * usual {
                // the encoder may refine the last repeat by a step of its own; the catch-up then
                // follows one frame later (x264 on a 120 fps fade)
                guard k + 1 < moving.count, !late[k + 1], step[k] <= usual, step[k + 1] >= options.catchUpStepShare * usual else { continue }
                r = k + 1
            }
            let b = span[moving[r]]
            if covered.contains(where: { $0.overlaps(a.ptsMs...b.ptsMs) }) { continue }
            // a picture still for longer than two pieces may lie apart is a pause between two
            // animations that a cut between them joined, not frames one of them lost (Jetchat at
            // three quarters of its size: the drawer closing and, after the caret's cut, the
            // keyboard opening were one motion with a 425-ms hitch)
            if b.ptsMs - a.ptsMs > options.joinGapMs { continue }
            let repeats = span[(moving[k - 1] + 1)..<moving[r]].map(\.frame)
            // a long frame of a capture schedule is the schedule; only a repeated frame is a stall there
            if scheduled && repeats.isEmpty { continue }
            // framed by steady frames: the last `n` before the stall and the first `n` after the
            // resume each moved a steady step, on time after the frame before it
            let n = options.steadyIntervals, (pa, pb) = (moving[k - 1], moving[r])
            guard pa - n + 1 >= 1, pb + n < span.count else { continue }
            let steadyStep = options.steadyStepShare * running
            let steady: (Int) -> Bool = { q in
                let s = span[q]
                return !stalled(s) && s.rmse >= steadyStep && s.ptsMs - span[q - 1].ptsMs - period < options.minLostPeriods * period
            }
            // (strides: with steady_intervals 0 nothing frames the stall, and a closed range of no frames traps)
            guard stride(from: pa - n + 1, through: pa, by: 1).allSatisfy(steady), stride(from: pb + 1, through: pb + n, by: 1).allSatisfy(steady),
                  step[r] >= steadyStep else { continue }
            let start = vfr || repeats.isEmpty ? a.ptsMs + period : span[moving[k - 1] + 1].ptsMs
            out.append(Hitch(parent: parent, startMs: start, endMs: b.ptsMs, stalledFrames: repeats, lastMovingFrame: a.frame,
                             resumeFrame: b.frame, stepBefore: step[k - 1], stepAfter: step[r], usualStep: usual, periodMs: period))
        }
        return out
    }

    /// The shortest cycle (intervals) in which the still times repeat over `rhythmShare` of the
    /// animation, or nil: its own beat, as against a hitch that breaks it.
    private func rhythm(_ still: [Double], period: Double) -> Int? {
        guard options.rhythmMaxCycle >= 1 else { return nil }
        for l in 1...options.rhythmMaxCycle {
            let pairs = still.count - l
            guard pairs >= max(options.rhythmMinPairs, 2 * l) else { break }
            let matched = (l..<still.count).filter { abs(still[$0] - still[$0 - l]) <= options.rhythmTolerancePeriods * period }.count
            if Double(matched) >= options.rhythmShare * Double(pairs) { return l }
        }
        return nil
    }

    /// Whether the film's frames come on a repeating schedule of unequal durations (a GIF recorder's
    /// 100/20/20 ms) through still and moving parts alike, rather than on a fixed grid or on change.
    private func hasCaptureSchedule(_ samples: [Sample]) -> Bool {
        let d = Self.durations(samples)
        guard d.count >= options.cadenceMinFrames, let lo = d.min(), let hi = d.max(), lo > 0, hi > 1.75 * lo else { return false }
        func share(_ l: Int) -> Double {
            Double((l..<d.count).filter { abs(d[$0] - d[$0 - l]) <= 0.25 * min(d[$0], d[$0 - l]) }.count) / Double(d.count - l)
        }
        if share(1) >= options.cadenceShare { return false }
        return (2...max(2, options.cadenceMaxCycle)).contains { $0 < d.count && share($0) >= options.cadenceShare }
    }

    /// Positive frame durations, ms, in order.
    static func durations(_ samples: [Sample]) -> [Double] {
        zip(samples.dropFirst(), samples).map { $0.ptsMs - $1.ptsMs }.filter { $0 > 0 }
    }

    static func median(_ xs: [Double]) -> Double { quantile(xs, 0.5) }

    /// The q-quantile (0-1), interpolated between the two nearest ranks.
    static func quantile(_ xs: [Double], _ q: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted(), r = q * Double(s.count - 1)
        let lo = Int(r.rounded(.down)), hi = min(lo + 1, s.count - 1)
        return s[lo] + (s[hi] - s[lo]) * (r - Double(lo))
    }
}
