import Foundation
import Testing

/// `rank` and `compare` against numbers recorded from ImageMagick (Tests/Fixtures/compare).
@Suite("rank and compare agree with ImageMagick")
struct RankCompareTests {
    struct Pair { var a: String, b: String, frameA: Int, frameB: Int, abs: Double, norm: Double }

    static func pairs() throws -> [Pair] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Harness.path("Tests/Fixtures/compare/compare.json")))
        let root = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try (root["pairs"] as! [[String: Any]]).map { p in
            let text = p["compare"] as! String  // "ABS (NORM)"
            let parts = text.split(separator: " ")
            let norm = try #require(Double(parts[1].dropFirst().dropLast()))
            return Pair(a: p["a"] as! String, b: p["b"] as! String, frameA: p["frame_a"] as! Int, frameB: p["frame_b"] as! Int,
                        abs: Double(parts[0])!, norm: norm)
        }
    }

    @Test func compareMatchesImageMagickWithin1e4() throws {
        for p in try Self.pairs() {
            let r = try Harness.run(["compare", "Tests/Fixtures/compare/\(p.a)", "Tests/Fixtures/compare/\(p.b)"])
            #expect(r.code == 0)
            let parts = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
            let norm = try #require(Double(parts[1].dropFirst().dropLast()))
            #expect(abs(norm - p.norm) <= 1e-4, "\(p.a) \(p.b): \(r.stdout) vs \(p.norm)")
            #expect(abs(Double(parts[0])! - p.abs) <= 65535 * 1e-4)
        }
    }

    /// 16-bit PNGs (what ffmpeg extracts from 10-bit films) and a palette PNG against a 16-bit one,
    /// with what ImageMagick 6.9.11 Q16 printed for them.
    @Test("16-bit and palette PNGs", arguments: [
        ("deep-a.png", "deep-b.png", "13902.8 (0.212143)"), ("deep-a.png", "pal-b.png", "14508.5 (0.221386)"),
    ])
    func deepAndPalettePNGs(a: String, b: String, imagemagick: String) throws {
        let r = try Harness.run(["compare", "Tests/Fixtures/" + a, "Tests/Fixtures/" + b])
        #expect(r.code == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == imagemagick)
    }

    @Test func rankOnTheFilmMatchesCompareOnItsPNGs() throws {
        // Tolerance of DESIGN.md: 1% of the value or 0.0005, whichever is larger.
        let r = try Harness.run(["rank", "samples/gallery-vfr-h264.mp4", "--format", "json"])
        #expect(r.code == 0)
        let deltas = try #require(Harness.json(r.stdout)["deltas"] as? [[String: Any]])
        let byFrame = Dictionary(uniqueKeysWithValues: deltas.map { ($0["frame"] as! Int, $0["rmse"] as! Double) })
        let consecutive = try Self.pairs().filter { $0.frameB == $0.frameA + 1 }
        #expect(consecutive.count >= 3)
        for p in consecutive {
            let ours = try #require(byFrame[p.frameB])
            #expect(abs(ours - p.norm) <= max(0.01 * p.norm, 0.0005), "frame \(p.frameB): \(ours) vs \(p.norm)")
        }
    }

    @Test func rankOnAFolderOfPNGFramesGivesTheSameNumbersAsCompare() throws {
        // The fixture folder holds the picked frames by pts name: each delta is one fixture pair.
        let r = try Harness.run(["rank", "Tests/Fixtures/compare", "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let deltas = try #require(Harness.json(r.stdout)["deltas"] as? [[String: Any]])
        let pairs = try Self.pairs()
        #expect(deltas.count == pairs.count)
        for d in deltas {
            let ms = d["pts_ms"] as! Double
            let pair = try #require(pairs.first { Double($0.b.dropLast(4)) == ms })
            #expect(abs((d["rmse"] as! Double) - pair.norm) <= 1e-6)
        }
    }

    @Test func rankListsEveryDeltaLargestFirstWithTop() throws {
        let all = try Harness.json(try Harness.run(["rank", "samples/laptop-inner.mp4", "--format", "json"]).stdout)
        #expect(all["schema"] as? String == "framediff/1")
        #expect(all["film"] as? String == "samples/laptop-inner.mp4")
        let deltas = try #require(all["deltas"] as? [[String: Any]])
        #expect(deltas.count == 389)  // 390 frames
        let values = deltas.map { $0["rmse"] as! Double }
        #expect(values == values.sorted(by: >))
        // the largest delta is the cut at 2.0 s (frame 120 at 60 fps)
        #expect(deltas[0]["frame"] as? Int == 120)
        #expect(abs((deltas[0]["pts_ms"] as! Double) - 2000) < 0.5)
        let top = try Harness.json(try Harness.run(["rank", "samples/laptop-inner.mp4", "--top", "3", "--format", "json"]).stdout)
        #expect((top["deltas"] as? [Any])?.count == 3)
    }

    @Test func variableFrameRateTimesAreThePresentationTimes() throws {
        // The VFR sample keeps only changed frames; the truth file holds their pts.
        let data = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/gallery-vfr-h264.truth.json")))
        let truth = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(truth["findings"] as? [[String: Any]])
        let r = try Harness.json(try Harness.run(["rank", "samples/gallery-vfr-h264.mp4", "--format", "json"]).stdout)
        let pts = Dictionary(uniqueKeysWithValues: (r["deltas"] as! [[String: Any]]).map { ($0["frame"] as! Int, $0["pts_ms"] as! Double) })
        for f in findings {
            let frame = f["first_frame"] as! Int
            #expect(abs(pts[frame]! - (f["start_ms"] as! Double)) < 1, "frame \(frame)")
        }
    }

    @Test func rotatedFilmIsReportedAsDisplayed() throws {
        let r = try Harness.run(["rank", "samples/rotated-90.mp4", "--top", "1"])
        #expect(r.stdout.contains("360x780"), "\(r.stdout)")
    }

    @Test func maskedChangeDisappears() throws {
        // The whole frame masked: every delta is zero.
        let r = try Harness.json(try Harness.run(["rank", "samples/feed-30fps-h264.mp4", "--mask", "0,0,360,780",
                                                  "--format", "json", "--top", "1"]).stdout)
        #expect((r["deltas"] as! [[String: Any]])[0]["rmse"] as? Double == 0)
    }

    @Test func differentSizesAreAnError() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = try Harness.run(["rank", "samples/odd-size-444.mkv", "--top", "1"])  // 361x721
        #expect(frames.code == 0)
        let r = try Harness.run(["compare", "Tests/Fixtures/compare/000000.png", Harness.path("Tests/Fixtures/odd.png")])
        #expect(r.code == 2)
        #expect(r.stderr.contains("odd.png") && r.stderr.contains("differs"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    /// The SSE2 kernels, forced on a machine that has AVX2, give the same numbers to the last digit.
    @Test func theSSE2KernelsGiveTheSameDeltas() throws {
        for film in ["samples/h01-smooth-flashes.mp4", "samples/odd-size-444.mkv"] {
            let fast = try Harness.run(["rank", film, "--format", "json"])
            let sse2 = try Harness.run(["rank", film, "--format", "json"], environment: ["FRAMEDIFF_KERNEL": "sse2"])
            #expect(fast.code == 0 && sse2.code == 0 && fast.stdout == sse2.stdout, "\(film)")
        }
    }
}
