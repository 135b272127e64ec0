import Foundation
import Testing

/// `framediff FILM` on the sample films against their ground truth (samples/NAME.truth.json).
@Suite("Analysis of the sample films")
struct AnalysisTests {
    static let films = ["laptop-inner.mp4", "feed-30fps-h264.mp4", "gallery-vfr-h264.mp4", "tablet-landscape-hevc.mp4",
                        "odd-size-444.mkv", "hevc10-fade.mp4", "rotated-90.mp4", "static-crf30.mp4", "noise-only.mp4",
                        "fold-inner.mp4", "rotate-settle.ts", "rotate-animation.mp4",
                        "rotate-sideways.mp4", "rotate-sideways-vfr.mp4", "unfold-vfr.mp4", "rotate-window.mp4",
                        "long-blank-pageload.mp4", "late-image-pageload.mp4"]

    @Test("every truth finding found with its kind and timing within a frame, nothing else", arguments: films)
    func matchesTruth(film: String) throws {
        let truthURL = URL(fileURLWithPath: Harness.path("samples/" + film.split(separator: ".")[0] + ".truth.json"))
        // films with a posture sidecar (laptop.steps, fold.events.json) are tied to their events
        let truth = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: truthURL)) as? [String: Any])
        let period = ((truth["video"] as? [String: Any])?["frame_period_ms"] as? Double ?? 16.667) + 0.01
        let expected = try #require(truth["findings"] as? [[String: Any]])
        let r = try Harness.run(["samples/" + film, "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let found = try #require(Harness.json(r.stdout)["findings"] as? [[String: Any]])
        #expect(found.count == expected.count, "\(film): \(found.map { $0["kind"]! }) vs \(expected.map { $0["kind"]! })")
        for t in expected {
            let match = found.contains { f in
                f["kind"] as? String == t["kind"] as? String
                    && (t["phase"] == nil || (f["phase"] as? String == t["phase"] as? String && f["event"] as? Int == t["event"] as? Int))
                    && abs((f["start_ms"] as! Double) - (t["start_ms"] as! Double)) <= period
                    && abs((f["end_ms"] as! Double) - (t["end_ms"] as! Double)) <= period
            }
            #expect(match, "\(film): no \(t["kind"]!) \(t["start_ms"]!)-\(t["end_ms"]!)")
        }
    }

    @Test func jsonReportFollowsTheSchema() throws {
        let r = try Harness.run(["samples/laptop-inner.mp4", "--format", "json"])
        let j = try Harness.json(r.stdout)
        #expect(j["schema"] as? String == "framediff/1")
        #expect(j["film"] as? String == "samples/laptop-inner.mp4")
        let video = try #require(j["video"] as? [String: Any])
        #expect(video["width"] as? Int == 360 && video["height"] as? Int == 780 && video["frames"] as? Int == 390)
        #expect(video["codec"] as? String == "h264")
        #expect(j["events"] is [Any])
        let f = try #require((j["findings"] as? [[String: Any]])?.first)
        for key in ["kind", "start_ms", "end_ms", "duration_ms", "first_frame", "last_frame", "peak_rmse", "region", "event", "phase"] {
            #expect(f[key] != nil, "finding lacks \(key)")
        }
        let region = try #require(f["region"] as? [String: Any])
        #expect(Set(region.keys) == ["x", "y", "w", "h"])
        let top = try #require(j["top_deltas"] as? [[String: Any]])
        #expect(top.first?["frame"] as? Int == 120)
    }

    @Test func textReportHasOneLinePerFinding() throws {
        let r = try Harness.run(["samples/gallery-vfr-h264.mp4"])
        #expect(r.code == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 5, "\(r.stdout)")
        #expect(lines[2].contains("flash 100 ms") && lines[2].contains("#9e9e9e"), "\(lines[2])")
    }

    @Test func statsCSVHasARowPerFrame() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("stats.csv").path
        let r = try Harness.run(["samples/feed-30fps-h264.mp4", "--stats", csv])
        #expect(r.code == 0)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 123)
        #expect(rows[0].hasPrefix("frame,pts_ms,rmse,"))
    }

    @Test func severalFilmsAndOneBadOne() throws {
        let r = try Harness.run(["samples/rotated-90.mp4", "missing.mp4", "samples/static-crf30.mp4", "--format", "json"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("missing.mp4"))
        let films = try #require(Harness.json(r.stdout)["films"] as? [[String: Any]])
        #expect(films.count == 3)
        #expect(films.contains { $0["error"] != nil && $0["film"] as? String == "missing.mp4" })
    }

    @Test func maskingTheChangedRegionRemovesTheFinding() throws {
        let r = try Harness.run(["samples/rotated-90.mp4", "--mask", "0,0,360,780", "--format", "json"])
        #expect((try Harness.json(r.stdout)["findings"] as? [Any])?.isEmpty == true)
    }
}

/// Posture events seen in the films themselves, when no sidecar or option gives them.
@Suite("Inferred posture events")
struct InferenceTests {
    @Test func blurCoverIsAFoldAndFindingsUnderItAreDuring() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("fold-inner.mp4").path  // no sidecar next to it
        try FileManager.default.copyItem(atPath: Harness.path("samples/fold-inner.mp4"), toPath: film)
        let j = try Harness.json(try Harness.run([film, "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.count == 1)
        #expect(events[0]["kind"] as? String == "close" && events[0]["source"] as? String == "inferred")
        #expect(abs((events[0]["start_ms"] as! Double) - 1000) <= 17 && abs((events[0]["end_ms"] as! Double) - 2050) <= 34)
        let phases = (j["findings"] as! [[String: Any]]).map { "\($0["kind"]!) \($0["phase"]!)" }
        #expect(phases == ["fade during", "fade during", "flash after"])
    }

    @Test func sizeChangeIsARotation() throws {
        let j = try Harness.json(try Harness.run(["samples/rotate-settle.ts", "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.map { $0["kind"] as? String } == ["rotation"])
        #expect(abs((events[0]["start_ms"] as! Double) - 1000) < 1)
    }

    @Test func rotationAnimationInAFixedFrameIsARotation() throws {
        let j = try Harness.json(try Harness.run(["samples/rotate-animation.mp4", "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.map { $0["kind"] as? String } == ["rotation"])
        #expect(abs((events[0]["start_ms"] as! Double) - 1000) < 1 && abs((events[0]["end_ms"] as! Double) - 1383.3) <= 17)
        let phases = (j["findings"] as! [[String: Any]]).map { "\($0["kind"]!) \($0["phase"]!)" }
        #expect(phases == ["motion during", "cut after"])
    }

    @Test func aWindowTurningOnAFlatDesktopIsARotation() throws {
        // boxed by the desktop before and after: only the window's swapped box about its centre
        // says it (no event before that rule; timed from the turn's first frame, when a turn was
        // counted against the window's tiles and not the frame's)
        let j = try Harness.json(try Harness.run(["samples/rotate-window.mp4", "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.map { $0["kind"] as? String } == ["rotation"])
        #expect(abs((events[0]["start_ms"] as! Double) - 1000) < 1 && abs((events[0]["end_ms"] as! Double) - 1383.3) <= 17)
        #expect((events[0]["evidence"] as? [String: Any])?["window_turned"] as? Double == 1)
        let phases = (j["findings"] as! [[String: Any]]).map { "\($0["kind"]!) \($0["phase"]!)" }
        #expect(phases == ["motion during", "cut after"])
    }

    @Test("a rotation on a dark ground into a sideways UI, CFR and VFR", arguments: ["rotate-sideways.mp4", "rotate-sideways-vfr.mp4"])
    func rotationOnADarkGroundIsARotation(film: String) throws {
        let j = try Harness.json(try Harness.run(["samples/" + film, "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.map { $0["kind"] as? String } == ["rotation"])
        #expect(abs((events[0]["start_ms"] as! Double) - 1000) <= 17 && abs((events[0]["end_ms"] as! Double) - 1383.3) <= 17)
        #expect((events[0]["confidence"] as? Double ?? 0) > 0 && events[0]["evidence"] is [String: Any])
    }

    @Test func unfoldUnderABlurCoverInAVFRFilm() throws {
        let j = try Harness.json(try Harness.run(["samples/unfold-vfr.mp4", "--format", "json"]).stdout)
        let events = try #require(j["events"] as? [[String: Any]])
        try #require(events.count == 1)
        #expect(["open", "close"].contains(events[0]["kind"] as? String ?? ""))
        #expect((events[0]["start_ms"] as! Double) <= 1100 && (events[0]["end_ms"] as! Double) >= 1600)
    }

    @Test("look-alikes of a posture change infer nothing",
          arguments: ["h07-dialog-blur-backdrop.mp4", "h15-dark-90fps-hevc.mp4", "h16-lookalike-sheet-fades.mp4"])
    func lookAlikesInferNothing(film: String) throws {
        let j = try Harness.json(try Harness.run(["samples/" + film, "--format", "json"]).stdout)
        #expect((j["events"] as? [Any])?.isEmpty == true, "\(j["events"] ?? "")")
    }

    @Test func aHUDCardOnABlackScrimInA60FPSGIFInfersNothing() throws {
        // (scripts/hud-films: a slow fade's small steps on every tile became the film's noise
        // floor, so the fade went uncounted and the card on black read as a fold's blur cover)
        let j = try Harness.json(try Harness.run(["Tests/Fixtures/hud-scrim-60fps.gif", "--format", "json"]).stdout)
        #expect((j["events"] as? [Any])?.isEmpty == true, "\(j["events"] ?? "")")
    }

    @Test func noInferTurnsInferenceOff() throws {
        let j = try Harness.json(try Harness.run(["samples/rotate-sideways.mp4", "--no-infer", "--format", "json"]).stdout)
        #expect((j["events"] as? [Any])?.isEmpty == true)
        #expect((j["findings"] as! [[String: Any]]).allSatisfy { $0["phase"] as? String == "none" })
    }

    @Test func filmsWithoutEventsInferNone() throws {
        for film in ["samples/feed-30fps-h264.mp4", "samples/gallery-vfr-h264.mp4", "samples/tablet-landscape-hevc.mp4"] {
            let j = try Harness.json(try Harness.run([film, "--format", "json"]).stdout)
            #expect((j["events"] as? [Any])?.isEmpty == true, "\(film)")
        }
    }
}
