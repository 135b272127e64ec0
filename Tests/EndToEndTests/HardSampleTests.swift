import Foundation
import Testing

/// `framediff FILM` on the hard sample films (scripts/make-hard: smooth pictures, dark themes, low
/// bitrates, busy regions, placeholders of every size, 24-120 fps, VFR) scored the way the
/// labelled films of shared/accuracy are: same kind, start and end each within a frame period +
/// 5 ms (a fade two periods), one to one; findings about a busy region (truth `busy`) or wholly
/// inside a system cover (truth `ignore`) count neither way.
@Suite("Hard sample films against their truth")
struct HardSampleTests {
    static let films = ["h01-smooth-flashes", "h04-cut-blank-onto-placeholder", "h05-blank-variants", "h06-dark-24fps-hevc",
                        "h07-dialog-blur-backdrop", "h15-dark-90fps-hevc",
                        "h09-lowrate-crf34-60", "h10-busy-counter", "h11-busy-spinner-progress-clock", "h12-cut-then-slide",
                        "h13-vfr-120-hevc", "h16-lookalike-sheet-fades", "h18-24fps-large-small-flash"]

    struct Span {
        var kind: String, start: Double, end: Double
        var region: [String: Double]?
    }

    static func spans(_ list: [[String: Any]]) -> [Span] {
        list.map { f in
            Span(kind: f["kind"] as! String, start: f["start_ms"] as! Double, end: f["end_ms"] as! Double,
                 region: (f["region"] as? [String: Any])?.compactMapValues { ($0 as? NSNumber)?.doubleValue })
        }
    }

    @Test("placeholders that resolve on the same frame are one flash listing each region")
    func placeholdersTogetherAreOneFlash() throws {
        // h01 shows two image slots flat over the same frames (its truth: one flash, two regions)
        let r = try Harness.run(["samples/h01-smooth-flashes.mp4", "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let findings = try #require(Harness.json(r.stdout)["findings"] as? [[String: Any]])
        let joined = findings.filter { $0["regions"] != nil }
        #expect(joined.count == 1)
        let one = try #require(joined.first)
        #expect(one["kind"] as? String == "flash" && (one["regions"] as? [[String: Any]])?.count == 2)
        #expect(abs((one["start_ms"] as? Double ?? 0) - 5333.333) < 17)
        let same = findings.filter { $0["kind"] as? String == "flash" && $0["first_frame"] as? Int == one["first_frame"] as? Int }
        #expect(same.count == 1, "one finding for the two placeholders")
    }

    @Test("every truth finding found, nothing else", arguments: films)
    func matchesTruth(name: String) throws {
        let truth = try Harness.json(String(contentsOfFile: Harness.path("samples/\(name).truth.json"), encoding: .utf8))
        let period = 1000 / (truth["fps"] as! Double)
        let pad = period + 5
        let expected = Self.spans(truth["findings"] as! [[String: Any]])
        let busy = truth["busy"] as? [[String: Double]] ?? []
        let covers = truth["ignore"] as? [[String: Any]] ?? []
        let r = try Harness.run(["samples/\(name).mp4", "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let found = Self.spans(try #require(Harness.json(r.stdout)["findings"] as? [[String: Any]])).filter { f in
            let covered = covers.contains { f.start >= ($0["start_ms"] as! Double) - pad && f.end <= ($0["end_ms"] as! Double) + pad }
            let inBusy = busy.contains { b in
                guard let g = f.region, f.end >= b["start_ms"]! - pad, f.start <= b["end_ms"]! + pad else { return false }
                return g["x"]! >= b["x"]! - 16 && g["y"]! >= b["y"]! - 16 && g["x"]! + g["w"]! <= b["x"]! + b["w"]! + 16
                    && g["y"]! + g["h"]! <= b["y"]! + b["h"]! + 16
            }
            return !covered && !inBusy
        }
        var left = found
        for t in expected {
            let tolerance = (t.kind == "fade" ? 2 * period : period) + 5
            let i = left.indices.filter { left[$0].kind == t.kind && abs(left[$0].start - t.start) <= tolerance && abs(left[$0].end - t.end) <= tolerance }
                .min { abs(left[$0].start - t.start) + abs(left[$0].end - t.end) < abs(left[$1].start - t.start) + abs(left[$1].end - t.end) }
            #expect(i != nil, "\(name): missed \(t.kind) \(t.start)-\(t.end)")
            if let i { left.remove(at: i) }
        }
        #expect(left.isEmpty, "\(name): spurious \(left.map { "\($0.kind) \($0.start)-\($0.end)" })")
    }
}
