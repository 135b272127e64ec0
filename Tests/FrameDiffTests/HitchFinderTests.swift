import Foundation
import Testing
@testable import FrameDiff

/// The hitch detector on synthetic per-frame samples: dropped frames in CFR and VFR films timed
/// exactly, and each look-alike of issue 21 giving none.
@Suite("Hitch finder")
struct HitchFinderTests {
    /// A film under construction: frames appended one by one (pts in ms), a still picture before
    /// and after every animation.
    struct Film {
        var samples: [HitchFinder.Sample] = []
        var animations: [HitchFinder.Animation] = []
        var ptsMs = 0.0

        /// A frame after `dtMs` with step `rmse` (0 changed share for a repeat).
        mutating func frame(after dtMs: Double, rmse: Double, changed: Double) {
            if !samples.isEmpty { ptsMs += dtMs }
            samples.append(.init(frame: samples.count, ptsMs: ptsMs, rmse: rmse, changedShare: changed, noiseFloor: 0.001))
        }

        mutating func still(_ n: Int, period: Double) {
            for _ in 0..<n { frame(after: period, rmse: 0.0004, changed: 0) }
        }

        /// An animation: one entry per frame, its step or nil for a repeated frame, each `dt` after
        /// the one before (dts cycle when shorter).
        mutating func animate(_ steps: [Double?], dt: [Double], kind: FindingKind = .motion) {
            let first = samples.count
            for (k, s) in steps.enumerated() {
                let d = dt[k % dt.count]
                if let s { frame(after: d, rmse: s, changed: 0.4) } else { frame(after: d, rmse: 0.002, changed: 0) }
            }
            animations.append(.init(parent: animations.count, kind: kind, firstFrame: first, lastFrame: samples.count - 1))
        }

        func find(period: Double, vfr: Bool, covered: [ClosedRange<Double>] = [], options: HitchOptions = HitchOptions()) -> HitchResult {
            HitchFinder(options: options).find(samples, animations: animations, covered: covered,
                                               timing: .init(periodMs: period, isVFR: vfr))
        }
    }

    /// Frame RMSE of a slide step of `px` pixels over text-like content: rises steeply, then saturates
    /// (measured on scripts/filmscript.py's Layout: 0.20 at 1 px, 0.40 at 4, about 0.5 beyond).
    static func slideStep(_ px: Double) -> Double? { px < 0.5 ? nil : min(0.5, 0.2 * pow(px, 0.5)) }

    /// Steps of an eased (sine in-out) slide of `distance` px over `n` frames, positions rounded to
    /// whole pixels as a renderer without subpixel positioning does (repeats at the slow ends).
    static func easedSlide(distance: Double, frames n: Int) -> [Double?] {
        let pos = (0...n).map { k in (distance * (0.5 - 0.5 * cos(Double.pi * Double(k) / Double(n)))).rounded() }
        // the animation starts with the first frame that moved
        let steps = (1...n).map { slideStep(pos[$0] - pos[$0 - 1]) }
        return Array(steps.drop { $0 == nil })
    }

    // MARK: - dropped frames

    @Test(arguments: [30.0, 60.0, 120.0], [1, 2, 4])
    func droppedFramesInCFRAreTimedFromTheFirstRepeat(fps: Double, dropped: Int) throws {
        let p = 1000 / fps
        var film = Film()
        film.still(10, period: p)
        let steps: [Double?] = Array(repeating: 0.3, count: 8) + Array(repeating: nil, count: dropped) + [0.45] + Array(repeating: 0.3, count: 8)
        film.animate(steps, dt: [p])
        film.still(10, period: p)
        let r = film.find(period: p, vfr: false)
        let h = try #require(r.hitches.first)
        #expect(r.hitches.count == 1)
        let firstRepeat = film.animations[0].firstFrame + 8
        #expect(h.stalledFrames == Array(firstRepeat..<(firstRepeat + dropped)))
        #expect(abs(h.startMs - film.samples[firstRepeat].ptsMs) < 1e-9)
        #expect(abs(h.endMs - film.samples[firstRepeat + dropped].ptsMs) < 1e-9)
        #expect(abs(h.hitchMs - Double(dropped) * p) < 1e-9)
        #expect(h.periodMs == p && h.stepBefore == 0.3 && h.stepAfter == 0.45 && h.usualStep == 0.3)
        #expect(r.animations[0].hitchMs == h.hitchMs)
    }

    @Test(arguments: [60.0, 120.0], [1, 2, 4])
    func aVFRGapStartsOnePeriodAfterTheLastFrame(fps: Double, dropped: Int) throws {
        let p = 1000 / fps
        var film = Film()
        film.frame(after: 0, rmse: 0, changed: 0)
        film.frame(after: 900, rmse: 0, changed: 0)  // change-driven: the still picture writes nothing
        let steps = Array(repeating: 0.3, count: 17)
        var dt = Array(repeating: p, count: 17)
        dt[8] = Double(dropped + 1) * p
        film.animate(steps, dt: dt)
        let r = film.find(period: 1000 / 30, vfr: true)  // the nominal rate is not used for VFR
        let h = try #require(r.hitches.first)
        #expect(r.hitches.count == 1 && h.stalledFrames.isEmpty)
        let resume = film.animations[0].firstFrame + 8
        #expect(abs(h.periodMs - p) < 1e-9)
        #expect(abs(h.startMs - (film.samples[resume - 1].ptsMs + p)) < 1e-9)
        #expect(abs(h.endMs - film.samples[resume].ptsMs) < 1e-9)
        #expect(abs(h.hitchMs - Double(dropped) * p) < 1e-9)
    }

    /// A still longer than `joinGapMs` (250 ms) inside what was taken as one animation is a pause
    /// between two, not lost frames: 12 repeated frames at 60 fps (200 ms lost) are a hitch, 18
    /// (300 ms still) none.
    @Test func aStillLongerThanTheJoinGapIsAPause() throws {
        let p = 1000.0 / 60
        for (repeats, hitches) in [(12, 1), (18, 0)] {
            var film = Film()
            film.still(10, period: p)
            film.animate(Array(repeating: 0.3, count: 10) + Array(repeating: nil, count: repeats) + [0.6] + Array(repeating: 0.3, count: 10), dt: [p])
            film.still(10, period: p)
            #expect(film.find(period: p, vfr: false).hitches.count == hitches, "\(repeats) repeats")
        }
    }

    @Test func noSteadyFramesAskedForFindsTheStallWithoutFramingIt() throws {
        // steady_intervals 0 (the table's range allows it) trapped in an empty closed range: a fuzz
        // campaign's find. With no framing asked for, a stall right after the animation's first
        // step is a hitch too.
        let p = 1000.0 / 60
        var film = Film()
        film.still(10, period: p)
        film.animate([0.3, nil, 0.45] + Array(repeating: 0.3, count: 8), dt: [p])
        film.still(10, period: p)
        var o = HitchOptions()
        o.steadyIntervals = 0
        let r = film.find(period: p, vfr: false, options: o)
        #expect(r.hitches.count == 1)
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)  // two steady frames asked for by default
    }

    @Test func totalsAreHitchTimePerSecondOfAnimation() throws {
        let p = 1000.0 / 60
        var film = Film()
        film.still(5, period: p)
        let part: [Double?] = Array(repeating: 0.3, count: 10)
        film.animate(part + [nil, 0.4] + part + [nil, nil, 0.5] + part, dt: [p])
        let r = film.find(period: p, vfr: false)
        #expect(r.hitches.count == 2)
        let a = try #require(r.animations.first)
        #expect(abs(a.hitchMs - 3 * p) < 1e-9)
        #expect(abs(a.durationMs - Double(film.animations[0].lastFrame - film.animations[0].firstFrame) * p) < 1e-9)
        #expect(abs(a.hitchRatioMsPerS - a.hitchMs / (a.durationMs / 1000)) < 1e-9)
        #expect(abs(r.hitchRatioMsPerS - a.hitchRatioMsPerS) < 1e-9)
    }

    @Test func timingIsMeasuredFromThePts() {
        var cfr = Film()
        for k in 0..<60 { cfr.samples.append(.init(frame: k, ptsMs: (Double(k) * 1000 / 60).rounded(), rmse: 0, changedShare: 0)) }
        let t = HitchFinder.Timing.measured(cfr.samples)  // 60 fps in whole ms: 17, 17, 16
        #expect(!t.isVFR && abs(t.periodMs - 1000.0 / 60) < 0.05)
        var vfr = Film()
        for k in 0..<60 { vfr.frame(after: k % 10 == 0 ? 400 : 16.7, rmse: 0, changed: 0) }
        #expect(HitchFinder.Timing.measured(vfr.samples).isVFR)
    }

    // MARK: - look-alikes

    @Test(arguments: [(100.0, 60), (40.0, 40), (12.0, 30)])
    func easedEndsWithRoundingRepeatsAreNoHitch(distance: Double, frames: Int) {
        let p = 1000.0 / 60
        var film = Film()
        film.still(10, period: p)
        let steps = Self.easedSlide(distance: distance, frames: frames)
        #expect(steps.contains { $0 == nil }, "the case must have repeats to be a look-alike")
        film.animate(steps, dt: [p])
        film.still(10, period: p)
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)
    }

    @Test func aSpringsSubpixelSettleIsNoHitch() {
        let p = 1000.0 / 60
        var film = Film()
        film.still(5, period: p)
        // a damped spring over 200 px: overshoot, then sub-pixel oscillation drawn as near-repeats
        let pos = (0...60).map { k -> Double in
            let t = Double(k) / 60
            return 200 * (1 - exp(-6 * t) * cos(14 * t))
        }
        var steps: [Double?] = (1...60).map { k in
            let d = abs(pos[k] - pos[k - 1])
            return d >= 1 ? Self.slideStep(d) : (d > 0.05 ? 0.01 : nil)  // antialiased sub-pixel moves
        }
        steps[0] = steps[0] ?? 0.3
        #expect(steps.contains { $0 == nil })
        film.animate(steps, dt: [p])
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)
    }

    @Test func aGIFScheduleOf100And20MsIsNoHitch() {
        var film = Film()
        film.frame(after: 0, rmse: 0, changed: 0)
        film.still(6, period: 20)
        let dt = [100.0, 20, 20]
        // sampled at true time: a step is as long as its frame
        film.animate((0..<30).map { 0.004 * dt[$0 % 3] }, dt: dt)
        for k in 0..<9 { film.frame(after: dt[k % 3], rmse: 0.0004, changed: 0) }
        let t = HitchFinder.Timing.measured(film.samples)
        #expect(t.isVFR)
        #expect(film.find(period: t.periodMs, vfr: t.isVFR).hitches.isEmpty)
    }

    @Test func aHeroLikeGIFWithARepeatEachCycleIsNoHitch() {
        var film = Film()
        film.frame(after: 0, rmse: 0, changed: 0)
        film.still(6, period: 20)
        // ios_hero_basic.gif: after each 100 ms frame a 20 ms repeat, then a 20 ms step
        film.animate((0..<30).map { $0 % 3 == 1 ? nil : 0.1 }, dt: [100.0, 20, 20])
        let t = HitchFinder.Timing.measured(film.samples)
        #expect(film.find(period: t.periodMs, vfr: t.isVFR).hitches.isEmpty)
        #expect(film.find(period: 20, vfr: false).hitches.isEmpty)
    }

    @Test func a30fpsCaptureOfA60fpsAnimationIsNoHitch() {
        let p = 1000.0 / 30
        var film = Film()
        film.still(5, period: p)
        film.animate(Array(repeating: 0.4, count: 15), dt: [p])
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)
    }

    @Test(arguments: [2, 3, 6])
    func aRegularRepeatCadenceIsNoHitch(every: Int) {
        // every `every`-th frame a repeat: 30 fps written at 60 (2), 40 (3), 50 fps drawn on a 60 Hz grid (6)
        let p = 1000.0 / 60
        var film = Film()
        film.still(5, period: p)
        film.animate((0..<48).map { $0 % every == every - 1 ? nil : 0.3 }, dt: [p])
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)
    }

    @Test func framesBetweenTwoAnimationsAreNoHitch() {
        let p = 1000.0 / 60
        var film = Film()
        film.still(5, period: p)
        film.animate(Array(repeating: 0.3, count: 12), dt: [p])
        film.still(4, period: p)
        film.animate(Array(repeating: 0.3, count: 12), dt: [p])
        #expect(film.find(period: p, vfr: false).hitches.isEmpty)
        // the classifier may join two eased slides 70 ms apart into one motion
        var joined = Film()
        joined.still(5, period: p)
        let eased = Self.easedSlide(distance: 60, frames: 20)
        joined.animate(eased + Array(repeating: nil, count: 4) + eased, dt: [p])
        #expect(joined.find(period: p, vfr: false).hitches.isEmpty)
    }

    @Test func aStallUnderACoverIsNoHitch() throws {
        let p = 1000.0 / 60
        var film = Film()
        film.still(5, period: p)
        film.animate(Array(repeating: 0.3, count: 8) + [nil, nil] + Array(repeating: 0.3, count: 8), dt: [p])
        let stall = film.samples[film.animations[0].firstFrame + 8].ptsMs
        #expect(film.find(period: p, vfr: false).hitches.count == 1)
        #expect(film.find(period: p, vfr: false, covered: [(stall - 50)...(stall + 100)]).hitches.isEmpty)
    }

    @Test func aBusyRegionOrACutIsNoAnimation() {
        var busy = Finding(kind: .motion, startMs: 0, endMs: 2000, firstFrame: 0, lastFrame: 120, peakRMSE: 0.01,
                           region: Rect(x: 0, y: 0, w: 10, h: 10))
        #expect(HitchFinder.Animation(busy, index: 0) != nil)
        busy.busy = true
        #expect(HitchFinder.Animation(busy, index: 0) == nil)
        let cut = Finding(kind: .cut, startMs: 0, endMs: 0, firstFrame: 3, lastFrame: 3, peakRMSE: 0.3, region: Rect(x: 0, y: 0, w: 1, h: 1))
        #expect(HitchFinder.Animation(cut, index: 1) == nil)
    }

    // MARK: - near-repeats and split animations

    @Test func aNearRepeatStallsOnlyBeforeACatchUp() {
        // H.264 refines a fade's repeated frame to a third of a step; only a catch-up after it makes a hitch
        let p = 1000.0 / 60
        for (after, hitches) in [(0.04, 1), (0.02, 0)] {
            var film = Film()
            film.still(5, period: p)
            var steps: [Double?] = Array(repeating: 0.02, count: 17)
            steps[8] = 0.007
            steps[9] = after
            film.animate(steps, dt: [p], kind: .fade)
            #expect(film.find(period: p, vfr: false).hitches.count == hitches, "resumed step \(after)")
        }
        // the encoder refined the last repeat by a step of its own: the catch-up is one frame later
        var film = Film()
        film.still(5, period: p)
        var steps: [Double?] = Array(repeating: 0.02, count: 17)
        (steps[7], steps[8], steps[9]) = (0.007, 0.018, 0.06)
        film.animate(steps, dt: [p], kind: .fade)
        let h = film.find(period: p, vfr: false).hitches
        #expect(h.count == 1 && h.first?.resumeFrame == film.animations[0].firstFrame + 9)
        #expect(h.first?.stalledFrames == [7, 8].map { film.animations[0].firstFrame + $0 })
    }

    static func piece(_ kind: FindingKind, _ a: Int, _ b: Int, x: Int = 0) -> Finding {
        Finding(kind: kind, startMs: Double(a) * 1000 / 60, endMs: Double(b) * 1000 / 60, firstFrame: a, lastFrame: b,
                peakRMSE: 0.1, region: Rect(x: x, y: 0, w: 100, h: 100))
    }

    @Test func theFindingsAStallSplitAreOneAnimation() {
        // a fade whose catch-up step measured as a cut, and a slide split by a long stall
        let fade = [Self.piece(.fade, 10, 30), Self.piece(.cut, 31, 31), Self.piece(.fade, 32, 50)]
        #expect(HitchFinder.Animation.of(fade) == [.init(parent: 0, kind: .fade, firstFrame: 10, lastFrame: 50)])
        let slide = [Self.piece(.motion, 10, 20), Self.piece(.motion, 30, 40)]
        #expect(HitchFinder.Animation.of(slide) == [.init(parent: 0, kind: .motion, firstFrame: 10, lastFrame: 40)])
        // elsewhere in the frame, of another kind, too far apart, or a cut that ends it: apart
        #expect(HitchFinder.Animation.of([Self.piece(.motion, 10, 20), Self.piece(.motion, 22, 40, x: 200)]).count == 2)
        #expect(HitchFinder.Animation.of([Self.piece(.fade, 10, 20), Self.piece(.motion, 22, 40)]).count == 2)
        #expect(HitchFinder.Animation.of([Self.piece(.motion, 10, 20), Self.piece(.motion, 40, 60)]).count == 2)
        #expect(HitchFinder.Animation.of([Self.piece(.motion, 10, 20), Self.piece(.cut, 22, 22)])
                == [.init(parent: 0, kind: .motion, firstFrame: 10, lastFrame: 20)])
    }
}
