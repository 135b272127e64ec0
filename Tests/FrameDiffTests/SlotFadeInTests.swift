import Foundation
import Testing
import TestSupport
@testable import FrameDiff

/// A page's image slot held flat after the page painted, whose photo then fades in (a lazy image
/// with a CSS opacity transition): the wait is one flash from the paint to the fade's first frame,
/// and the fade stays a fade (`SlotFlashes.flash(fadingIn:)`), at 60 fps.
@Suite("A slot whose content fades in")
struct SlotFadeInTests {
    let a = SyntheticClip.pageA, b = SyntheticClip.pageB, period = SyntheticClip.period
    let slot = SyntheticClip.pageBImage

    func listed(_ f: [Detection]) -> String { "\(f.map { "\($0.kind) \($0.startMs)-\($0.endMs)" })" }

    /// Page A for 400 ms, then `waiting` (page B with its image slot flat grey) for `emptyMs`, then
    /// `content` fading in over it on a smoothstep ease for `fadeMs`, held 400 ms.
    func clip(emptyMs: Double, content: PNGImage, waiting: PNGImage? = nil, fadeMs: Double = 250) -> SyntheticClip {
        let waiting = waiting ?? SyntheticClip.placeholder(on: b, at: slot, colour: (220, 220, 224))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        clip.hold(waiting, ms: emptyMs)
        let n = Int((fadeMs / period).rounded())
        for k in 1...n {
            let t = Double(k) / Double(n)
            clip.hold(SyntheticClip.blend(waiting, content, t * t * (3 - 2 * t)), ms: period)
        }
        clip.hold(content, ms: 400)
        return clip
    }

    @Test(arguments: [(700.0, 250.0), (1300.0, 250.0), (900.0, 400.0)])
    func aSlotWhosePhotoFadesInWaitedUntilTheFade(emptyMs: Double, fadeMs: Double) throws {
        // (a 400-ms eased fade's first steps end the slot's fills under the threshold, before the
        // window that judges the fade begins)
        let f = try clip(emptyMs: emptyMs, content: b, fadeMs: fadeMs).findings()
        let flash = try #require(f.first { $0.kind == .flash }, "\(listed(f))")
        let fade = try #require(f.first { $0.kind == .fade }, "\(listed(f))")
        #expect(f.contains { $0.kind == .cut && abs($0.startMs - 400) < 1 }, "\(listed(f))")
        #expect(abs(flash.startMs - 400) < 1 && flash.endMs == fade.startMs, "\(listed(f))")
        #expect(abs(fade.startMs - (400 + emptyMs)) <= 150, "\(listed(f))")
        #expect(flash.colour == SIMD3(220, 220, 224) && flash.region.intersection(slot).area >= slot.area / 2, "\(flash.region)")
        #expect(f.count == 3, "\(listed(f))")
    }

    @Test func aPhotoWithASmoothSkyIsContent() throws {
        // a third of the photo textured, two thirds a smooth horizontal ramp (0.5 levels a pixel:
        // each tile flat, the next one 8 levels on): detail in a third of its tiles, yet a picture
        var photo = b
        for y in slot.y..<(slot.y + slot.h) {
            for x in slot.x..<(slot.x + slot.w) {
                let v = UInt8(90 + (x - slot.x) / 2)
                photo[x, y] = (v, UInt8(40 + (x - slot.x) / 4), 30)
            }
        }
        SyntheticClip.texture(&photo, Rect(x: slot.x, y: slot.y, w: slot.w / 3, h: slot.h), seed: 3)
        let f = try clip(emptyMs: 900, content: photo).findings()
        #expect(f.contains { $0.kind == .flash && abs($0.startMs - 400) < 1 }, "\(listed(f))")
    }

    @Test func aPanelFadingToAnotherFlatColourIsNoSlot() throws {
        // the slot fades to another flat colour, not into a picture: a panel changing colour
        let panel = SyntheticClip.placeholder(on: b, at: slot, colour: (40, 60, 160))
        let f = try clip(emptyMs: 900, content: panel).findings()
        #expect(!f.contains { $0.kind == .flash }, "\(listed(f))")
        #expect(f.contains { $0.kind == .fade }, "\(listed(f))")
    }

    @Test func aPanelTurningIntoAGradientIsNoSlot() throws {
        // a flat panel animates into a smooth ramp (0.5 levels a pixel): every tile flat and off
        // the others' colour, but no detail anywhere: a design's colour change, not a picture
        var ramp = b
        for y in slot.y..<(slot.y + slot.h) {
            for x in slot.x..<(slot.x + slot.w) { ramp[x, y] = (UInt8(90 + (x - slot.x) / 2), 60, 200) }
        }
        let f = try clip(emptyMs: 900, content: ramp).findings()
        #expect(!f.contains { $0.kind == .flash }, "\(listed(f))")
    }

    @Test func aCardFadingInOverAFlatPanelIsNoSlot() throws {
        // a white card with two lines of text fades in over the flat panel: half its tiles text,
        // half flat white, a ground of its own (a newsletter card over a design panel), no picture
        var card = SyntheticClip.placeholder(on: b, at: slot, colour: (255, 255, 255))
        for y in [48, 80] { SyntheticClip.texture(&card, Rect(x: slot.x, y: y, w: slot.w, h: 8), seed: y) }
        let f = try clip(emptyMs: 900, content: card, waiting: SyntheticClip.placeholder(on: b, at: slot, colour: (120, 120, 120))).findings()
        #expect(f.contains { $0.kind == .fade }, "\(listed(f))")
        #expect(!f.contains { $0.kind == .flash }, "\(listed(f))")
    }

    @Test func aRegionFadingThroughBlackIsNoSlot() throws {
        // a column of page A fades to black over 8 frames, holds black 900 ms and fades into page
        // B's picture: its black arrived at the end of a run of steps (the fade's colour on its
        // way), not in the one step that paints a page around an empty slot
        let black = SyntheticClip.placeholder(on: a, at: slot, colour: (0, 0, 0))
        var clip = SyntheticClip()
        clip.hold(a, ms: 400)
        for k in 1...8 { clip.hold(SyntheticClip.blend(a, black, Double(k) / 8), ms: period) }
        clip.hold(black, ms: 900)
        var after = a
        SyntheticClip.texture(&after, slot, seed: 9)
        for k in 1...8 { clip.hold(SyntheticClip.blend(black, after, Double(k) / 8), ms: period) }
        clip.hold(after, ms: 400)
        let f = try clip.findings()
        #expect(!f.contains { $0.kind == .flash }, "\(listed(f))")
    }
}
