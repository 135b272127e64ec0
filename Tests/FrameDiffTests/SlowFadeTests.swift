import Foundation
import Testing
import TestSupport
@testable import FrameDiff

/// Fades too slow for the change threshold (`SlowFadeTracker`) on synthetic frames at 60 fps.
@Suite("Slow fades under the change threshold")
struct SlowFadeTests {
    let period = SyntheticClip.period
    let slot = Rect(x: 16, y: 160, w: 128, h: 64)

    /// The page with a grey skeleton slot at `level`.
    func page(_ level: Int) -> PNGImage {
        var p = SyntheticClip.pageA
        SyntheticClip.fill(&p, slot, (UInt8(level), UInt8(level), UInt8(level)))
        return p
    }

    func describe(_ f: [Detection]) -> String { "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs) \($0.region)" })" }

    @Test func aSkeletonsPulseIsOneFadeFromItsFirstStepToItsLast() throws {
        // 2 levels every third frame for 14 steps (a skeleton's pulse: 1-3 levels a step, each
        // under every tile threshold), then the slot rests
        var clip = SyntheticClip()
        clip.hold(page(200), ms: 400)
        for k in 1...14 {
            clip.hold(page(200 - 2 * k), ms: 3 * period)
        }
        clip.hold(page(172), ms: 400)
        // (no step crosses the change threshold: the window alone sees nothing)
        var windowOnly = ClassifierOptions()
        windowOnly.slowFadeSteps = 100_000
        #expect(try clip.findings(options: windowOnly).isEmpty)
        let f = try clip.findings()
        #expect(f.map(\.kind) == [.fade], "\(describe(f))")
        #expect(abs((f.first?.startMs ?? 0) - 400) < 1, "\(describe(f))")
        #expect(abs((f.first?.endMs ?? 0) - (400 + 39 * period)) < 1, "\(describe(f))")
        if let r = f.first?.region { #expect(r.intersects(slot) && r.area <= 2 * 160 * 96, "\(r)") }
    }

    @Test func anEasedStartUnderTheStepBelongsToTheFade() throws {
        // the first two frames move the slot by a quarter level each (a quarter of each tile's
        // rows one level darker), under slow_fade_step; the fade starts with them
        func eased(_ rows: Int) -> PNGImage {
            var p = page(200)
            for y in stride(from: slot.y, to: slot.y + slot.h, by: 16) {
                SyntheticClip.fill(&p, Rect(x: slot.x, y: y, w: slot.w, h: rows), (199, 199, 199))
            }
            return p
        }
        var clip = SyntheticClip()
        clip.hold(page(200), ms: 400)
        clip.hold(eased(4), ms: 3 * period)
        clip.hold(eased(8), ms: 3 * period)
        for k in 1...12 { clip.hold(page(200 - 2 * k), ms: 3 * period) }
        clip.hold(page(176), ms: 400)
        let f = try clip.findings()
        #expect(f.map(\.kind) == [.fade], "\(describe(f))")
        #expect(abs((f.first?.startMs ?? 0) - 400) < 1, "\(describe(f))")
        #expect(abs((f.first?.endMs ?? 0) - (400 + 39 * period)) < 1, "\(describe(f))")
    }

    @Test func aPieceOfTheFadeTheWindowFoundIsTakenIn() throws {
        // the slot's pulse, but one 32x32 corner of it (codec noise in a re-encoded copy moves a
        // few tiles faster) reaches its level in 3 steps of 7, 7 and 4 levels after the fifth,
        // which the window sees as a fade of its own: one event, so one fade over the whole slot,
        // from the first step to the last
        let clip = pulse(fasterIn: Rect(x: slot.x, y: slot.y, w: 32, h: 32))
        var base = ClassifierOptions()
        base.slowFadeSteps = 100_000
        let window = try clip.findings(options: base)
        #expect(window.map(\.kind) == [.fade] && (window.first?.region.area ?? .max) < slot.area / 2, "\(describe(window))")
        let f = try clip.findings()
        #expect(f.map(\.kind) == [.fade], "\(describe(f))")
        #expect(abs((f.first?.startMs ?? 0) - 400) < 1, "\(describe(f))")
        #expect(abs((f.first?.endMs ?? 0) - (400 + 39 * period)) < 1, "\(describe(f))")
        if let r = f.first?.region { #expect(r.intersection(slot).area == slot.area, "\(r)") }
        // (the slot's share of the frame: the window fade's box lies inside it)
        let frame = SyntheticClip.pageA
        #expect(abs((f.first?.area ?? 0) - Double(slot.area) / Double(frame.width * frame.height)) < 1e-9, "\(describe(f))")
    }

    /// The slot's pulse, with `fast` reaching the same level in fewer, larger steps after the fifth.
    func pulse(fasterIn fast: Rect) -> SyntheticClip {
        func frame(_ level: Int, fast fastLevel: Int) -> PNGImage {
            var p = page(level)
            SyntheticClip.fill(&p, fast, (UInt8(fastLevel), UInt8(fastLevel), UInt8(fastLevel)))
            return p
        }
        var clip = SyntheticClip()
        clip.hold(page(200), ms: 400)
        for k in 1...14 {
            clip.hold(frame(200 - 2 * k, fast: k <= 5 ? 200 - 2 * k : max(172, 190 - 7 * (k - 5))), ms: 3 * period)
        }
        clip.hold(page(172), ms: 400)
        return clip
    }

    @Test func aWindowFadeOverMostOfTheSlowFadeOwnsIt() throws {
        // the faster part is most of the slot (96 of its 128 px): the window found the fade, and
        // the slow fade is only its sub-threshold edges
        let clip = pulse(fasterIn: Rect(x: slot.x, y: slot.y, w: 96, h: 64))
        var base = ClassifierOptions()
        base.slowFadeSteps = 100_000
        let window = try clip.findings(options: base)
        #expect(window.map(\.kind) == [.fade], "\(describe(window))")
        let f = try clip.findings()
        #expect(f == window, "\(describe(f))")
    }

    @Test func aSlowFadeThatTookInAWindowFadeIsNoWindowFindingToTheNext() throws {
        // the pulse with its faster corner (taken in, 400-1350 ms), then the slot's right half
        // pulsing back up (1250-1900): the second slow fade overlaps the first in time and place,
        // but no finding of the window's holds it
        let corner = Rect(x: slot.x, y: slot.y, w: 32, h: 32), right = Rect(x: 80, y: slot.y, w: 64, h: 64)
        var clip = SyntheticClip()
        for i in 0..<140 {
            let k = i < 24 ? 0 : min(14, (i - 24) / 3 + 1), fast = i < 24 ? 0 : min(20, (i - 24) / 3 + 1)
            let back = i < 75 ? 0 : min(14, (i - 75) / 3 + 1)
            var p = page(200 - 2 * k)
            SyntheticClip.fill(&p, corner, (UInt8(200 - 7 * fast), UInt8(200 - 7 * fast), UInt8(200 - 7 * fast)))
            if back > 0 { SyntheticClip.fill(&p, right, (UInt8(172 + 2 * back), UInt8(172 + 2 * back), UInt8(172 + 2 * back))) }
            clip.hold(p, ms: period)
        }
        let f = try clip.findings()
        #expect(f.count == 2 && f.allSatisfy { $0.kind == .fade }, "\(describe(f))")
    }

    @Test func flickerThatGoesBackAndForthIsNoFade() throws {
        // the same steps, but back and forth around a level that drifts by 8: codec flicker or a
        // palette's re-dither, not a fade
        var clip = SyntheticClip()
        clip.hold(page(200), ms: 400)
        for k in 1...14 {
            clip.hold(page(k % 2 == 0 ? 200 - k / 2 : 204 - k / 2), ms: 3 * period)
        }
        clip.hold(page(193), ms: 400)
        let f = try clip.findings()
        #expect(f.isEmpty, "\(describe(f))")
    }

    @Test func anEncodersFewRefiningStepsAreNoFade() throws {
        // three sub-threshold steps one way (a low-rate film's first picture refined): too few
        var clip = SyntheticClip()
        clip.hold(page(200), ms: 400)
        for k in 1...3 { clip.hold(page(200 - 3 * k), ms: period) }
        clip.hold(page(191), ms: 400)
        let f = try clip.findings()
        #expect(f.isEmpty, "\(describe(f))")
    }
}
