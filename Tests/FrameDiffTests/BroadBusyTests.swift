import Testing
@testable import FrameDiff

/// A moving page followed as a busy region takes the pieces inside it (`BroadBusy`).
@Suite("A broad busy region")
struct BroadBusyTests {
    func finding(_ kind: FindingKind, _ first: Int, _ last: Int, _ region: Rect, area: Double = 0.05, busy: Bool = false) -> Detection {
        var d = Detection(kind: kind, startMs: Double(first) * 16.7, endMs: Double(last) * 16.7, firstFrame: first, lastFrame: last,
                          peakRMSE: 0.2, region: region, area: area)
        d.busy = busy
        return d
    }

    /// The 16-px tiles of `r` but those of `hole`, as a busy region's own tiles.
    func tiles(_ r: Rect, but hole: Rect? = nil) -> [Rect] {
        stride(from: r.y, to: r.y + r.h, by: 16).flatMap { y in
            stride(from: r.x, to: r.x + r.w, by: 16).map { Rect(x: $0, y: y, w: 16, h: 16) }
        }.filter { t in hole.map { !$0.intersects(t) } ?? true }
    }

    let absorb = BroadBusy(options: ClassifierOptions(), firstMs: 0)

    @Test func aScrollsPiecesInsideItAreItAndItIsLookedAtForHitches() {
        let page = Rect(x: 16, y: 112, w: 512, h: 784)
        var scroll = finding(.motion, 30, 150, page, area: 0.7, busy: true)
        scroll.busyTiles = tiles(page)
        let pieces = [finding(.motion, 31, 150, Rect(x: 16, y: 112, w: 512, h: 700)),
                      finding(.fade, 120, 140, Rect(x: 16, y: 400, w: 512, h: 16)),
                      finding(.cut, 145, 145, Rect(x: 0, y: 112, w: 544, h: 600))]  // mostly on the page
        let kept = [finding(.flash, 60, 70, Rect(x: 32, y: 200, w: 64, h: 64)),  // a placeholder: judged on its own
                    finding(.cut, 100, 100, Rect(x: 0, y: 0, w: 540, h: 60)),  // the status bar, outside the page
                    finding(.cut, 170, 170, Rect(x: 16, y: 112, w: 512, h: 600))]  // after the scroll rested
        let out = absorb.absorbing([scroll] + pieces + kept)
        #expect(out.count == 4)
        #expect(out.first.map { $0.kind == .motion && !$0.busy && $0.firstFrame == 30 && $0.lastFrame == 150 } == true)
        #expect(Array(out.dropFirst()) == kept)
    }

    @Test func aCardHoldingStillInAnAnimatedBackgroundKeepsItsFindings() {
        let frame = Rect(x: 0, y: 0, w: 368, h: 640), card = Rect(x: 48, y: 192, w: 272, h: 256)
        // (it begins after the film's first still moment: else the start test alone keeps them)
        var background = finding(.motion, 30, 300, frame, area: 0.7, busy: true)
        background.busyTiles = tiles(frame, but: card)
        let error = finding(.cut, 120, 120, Rect(x: 64, y: 352, w: 240, h: 32))
        let button = finding(.fade, 180, 189, Rect(x: 64, y: 400, w: 240, h: 48))
        let out = absorb.absorbing([background, error, button])
        #expect(Array(out.dropFirst()) == [error, button])
    }

    @Test func aVideoPlayingFromTheFirstFrameKeepsTheDialogOverIt() {
        let frame = Rect(x: 0, y: 0, w: 368, h: 640)
        var video = finding(.motion, 1, 240, frame, area: 0.9, busy: true)
        video.busyTiles = tiles(frame)
        let dialog = finding(.cut, 180, 180, Rect(x: 96, y: 240, w: 96, h: 208))
        let out = absorb.absorbing([video, dialog])
        #expect(out == [video, dialog])
        #expect(out[0].busy)
    }

    @Test func aCounterTakesNothingAndStaysBusy() {
        var counter = finding(.motion, 0, 300, Rect(x: 8, y: 288, w: 48, h: 32), area: 0.004, busy: true)
        counter.busyTiles = tiles(counter.region)
        let cut = finding(.cut, 60, 60, Rect(x: 16, y: 288, w: 16, h: 16))
        let out = absorb.absorbing([counter, cut])
        #expect(out == [counter, cut])
        #expect(out[0].busy)
    }
}
