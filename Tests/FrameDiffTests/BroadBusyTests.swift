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

    @Test func aScrollsPiecesInsideItAreItAndItIsLookedAtForHitches() {
        let page = Rect(x: 16, y: 112, w: 512, h: 784)
        let scroll = finding(.motion, 30, 150, page, area: 0.7, busy: true)
        let pieces = [finding(.motion, 31, 150, Rect(x: 16, y: 112, w: 512, h: 700)),
                      finding(.fade, 120, 140, Rect(x: 16, y: 400, w: 512, h: 16)),
                      finding(.cut, 145, 145, Rect(x: 0, y: 100, w: 540, h: 600))]  // within a tile's slack
        let kept = [finding(.flash, 60, 70, Rect(x: 32, y: 200, w: 64, h: 64)),  // a placeholder: judged on its own
                    finding(.cut, 100, 100, Rect(x: 0, y: 0, w: 540, h: 60)),  // the status bar, outside the page
                    finding(.cut, 170, 170, Rect(x: 16, y: 112, w: 512, h: 600))]  // after the scroll rested
        let out = BroadBusy(share: 0.25, slack: 16).absorbing([scroll] + pieces + kept)
        #expect(out.count == 4)
        #expect(out.first.map { $0.kind == .motion && !$0.busy && $0.firstFrame == 30 && $0.lastFrame == 150 } == true)
        #expect(Array(out.dropFirst()) == kept)
    }

    @Test func aCounterTakesNothingAndStaysBusy() {
        let counter = finding(.motion, 0, 300, Rect(x: 8, y: 288, w: 48, h: 32), area: 0.004, busy: true)
        let cut = finding(.cut, 60, 60, Rect(x: 16, y: 288, w: 16, h: 16))
        let out = BroadBusy(share: 0.25, slack: 16).absorbing([counter, cut])
        #expect(out == [counter, cut])
        #expect(out[0].busy)
    }
}
