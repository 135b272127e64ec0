import Foundation
import Testing
import FrameDiff

/// The verbs and options the other suites do not run: `frames`, `check` as JSON and Markdown, and
/// the posture options given on the command line (`--steps`, `--settle`).
@Suite("Verbs and posture options")
struct VerbTests {
    let film = "samples/laptop-inner.mp4"

    /// `frames` on the film with `args`, into a folder under `dir`: what it printed, the folder,
    /// the names it wrote (sorted).
    func frames(_ args: [String], in dir: URL) throws -> (r: Harness.Result, out: String, names: [String]) {
        let out = dir.appendingPathComponent("f").path
        let r = try Harness.run(["frames", film] + args + ["--out", out])
        #expect(r.code == 0, "\(r.stderr)")
        // (its hidden marker aside: the folder is one `frames` wrote, and may take more)
        return (r, out, try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted())
    }

    @Test func framesWritesTheMomentAndItsNeighboursAsPNG() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (r, out, names) = try frames(["--at", "2000", "--around", "1"], in: dir)
        // named by presentation time in ms, as the ffmpeg extraction names them
        #expect(names == ["001983.png", "002000.png", "002017.png", "contact-sheet-2000.png"])
        for name in names where !name.hasPrefix("contact") {
            let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR: width and height, big-endian, at bytes 16-23
            let be = { (o: Int) in data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(be(16) == 360 && be(20) == 780)
        }
        #expect(r.stdout.contains("frames 119–121"))
    }

    @Test func framesHighlightsTheMomentWhenFewerFramesPrecedeIt() throws {
        // 17 ms is frame 1 of a 60 fps film: one frame before it, not three
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, out, names) = try frames(["--at", "17", "--around", "3"], in: dir)
        #expect(names == ["000000.png", "000017.png", "000033.png", "000050.png", "000067.png", "contact-sheet-17.png"])
        // the sheet is a row of 5 cells; the red frame (3 px, 4 px outside the cell) is around the second
        let sheet = try PNGImage(contentsOf: out + "/contact-sheet-17.png")
        let gap = 8, cell = (sheet.width - gap) / 5 - gap
        let red = (0..<5).map { k in sheet[gap + k * (cell + gap) - 3, gap - 3] == (230, 40, 40) }
        #expect(red == [false, true, false, false, false])
    }

    @Test func eventsFromAFileOnTheCommandLineTieTheFindings() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = dir.appendingPathComponent("e.json").path
        // the laptop film's first movement, given as an events file instead of the steps sidecar
        try #"[{"kind": "bend", "start_ms": 0, "end_ms": 1000, "from_deg": 180, "to_deg": 110}]"#
            .write(toFile: events, atomically: true, encoding: .utf8)
        let r = try Harness.run([film, "--events", events, "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let doc = try Harness.json(r.stdout)
        let tied = try #require(doc["events"] as? [[String: Any]])
        #expect(tied.count == 1 && tied[0]["kind"] as? String == "bend" && tied[0]["source"] as? String == "events")
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["kind"] as? String == "flash" && $0["event"] as? Int == 0 && $0["phase"] as? String == "after" })
    }

    @Test func aFilmWhoseSidecarIsBrokenIsReportedAndTheOthersStillAnalysed() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.mp4").path, bad = dir.appendingPathComponent("bad.mp4").path
        for path in [good, bad] { try FileManager.default.copyItem(atPath: Harness.path(film), toPath: path) }
        try #"[{"kind": "bend", "start_ms": "soon", "end_ms": 1}]"#
            .write(toFile: dir.appendingPathComponent("bad.events.json").path, atomically: true, encoding: .utf8)
        for verb in [[], ["check"]] {
            let r = try Harness.run(verb + [bad, good, "--format", "json"])
            #expect(r.code == 2, "\(verb)")
            #expect(r.stderr.contains("bad.events.json: [0].start_ms: expected a number"), "\(r.stderr)")
            let films = try #require(try Harness.json(r.stdout)["films"] as? [[String: Any]])
            #expect(films.count == 2)
            #expect(films.contains { $0["film"] as? String == good && $0["findings"] != nil })
            #expect(films.contains { $0["film"] as? String == bad && ($0["error"] as? String)?.contains("[0].start_ms") == true })
        }
    }

    /// A film whose name holds a newline or an escape sequence keeps its audit row and progress
    /// line one line each (its name is shown escaped): the row was split over two lines.
    @Test func aFilmNameWithControlCharactersStaysOnOneLine() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "nl\nname\u{1B}[31m.mp4"
        try FileManager.default.copyItem(atPath: Harness.path("samples/rotated-90.mp4"), toPath: dir.appendingPathComponent(name).path)
        let r = try Harness.run(["audit", dir.path])
        #expect(r.code != 2, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.contains("nl\\nname\\x1b[31m.mp4") }
        #expect(rows.count == 1 && !r.stdout.contains("\u{1B}"), "\(r.stdout)")
        #expect(!r.stderr.contains("\u{1B}") && r.stderr.split(separator: "\n").allSatisfy { !$0.hasPrefix("name") }, "\(r.stderr)")
    }

    /// A folder of frames that fails on one of its frames names that frame in the audit's row and
    /// JSON, as the main job's error does (the row said only `corrupt PNG`).
    @Test(.enabled(if: FFmpegTool.available, "needs the ffmpeg tool (scripts/test installs it)"))
    func aFolderOfFramesNamesTheFrameThatFailed() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("film").path
        let pngs = try FFmpegTool.extract(Harness.path("samples/rotated-90.mp4"), into: film)
        let bad = try #require(pngs.dropFirst(2).first)
        try Data(try Data(contentsOf: URL(fileURLWithPath: bad)).prefix(100)).write(to: URL(fileURLWithPath: bad))
        let name = (bad as NSString).lastPathComponent
        let r = try Harness.run(["audit", film, "--quiet", "--json", dir.appendingPathComponent("a.json").path])
        #expect(r.code == 2 && r.stdout.contains("error: \(name): "), "\(r.stdout)")
        #expect(try String(contentsOf: dir.appendingPathComponent("a.json"), encoding: .utf8).contains("\(name): "))
    }

    @Test func checkAsJSONCarriesEachFilmsVerdictAndWhy() throws {
        let r = try Harness.run(["check", film, "--format", "json"])
        #expect(r.code == 1)
        let doc = try Harness.json(r.stdout)
        #expect(doc["schema"] as? String == "framediff/1")
        let films = try #require(doc["films"] as? [[String: Any]])
        #expect(films.count == 1 && films[0]["verdict"] as? String == "fail")
        let failures = try #require(films[0]["failures"] as? [[String: Any]])
        #expect(failures.count == 1 && failures[0]["finding"] as? Int == 1)
        #expect((failures[0]["why"] as? String)?.contains("flash after an event") == true)
    }

    @Test func checkAsMarkdownIsTheVerdictThenATablePerFilm() throws {
        let r = try Harness.run(["check", film, "--format", "markdown"])
        #expect(r.code == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // the verdict as a code block (indented), then the film's table with the failing row marked
        #expect(lines.first == "    framediff check: 1 film, 1 failed")
        #expect(lines.contains("### `\(film)`"))
        #expect(lines.contains { $0.hasPrefix("| ❌ | 2.000 s | flash 83 ms") })
        #expect(lines.filter { $0.hasPrefix("|  | ") }.count == 2)
    }

    @Test func stepsOnTheCommandLineReplaceTheSidecar() throws {
        // only the second movement: the findings at 2 s belong to no event, the fade to it
        let r = try Harness.run([film, "--steps", "wait:3 path:1.0:110:180", "--format", "json"])
        #expect(r.code == 0, "\(r.stderr)")
        let doc = try Harness.json(r.stdout)
        let events = try #require(doc["events"] as? [[String: Any]])
        try #require(events.count == 1)
        #expect(events[0]["kind"] as? String == "flatten" && events[0]["source"] as? String == "steps")
        #expect(events[0]["start_ms"] as? Double == 3000 && events[0]["end_ms"] as? Double == 4000)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.map { $0["phase"] as? String } == ["none", "none", "after"])
    }

    @Test func settleBoundsHowLongAFindingIsAnEventsConsequence() throws {
        let sidecar = try Harness.json(try Harness.run([film, "--format", "json"]).stdout)
        let phases = { (doc: [String: Any]) in ((doc["findings"] as? [[String: Any]]) ?? []).map { $0["phase"] as? String } }
        #expect(phases(sidecar) == ["after", "after", "after"])
        // findings 1 s after the bend's end are no longer its consequence with --settle 500
        let short = try Harness.json(try Harness.run([film, "--settle", "500", "--format", "json"]).stdout)
        #expect(phases(short) == ["none", "none", "none"])
        let refused = try Harness.run([film, "--settle", "-1"])
        #expect(refused.code == 2 && refused.stderr.contains("--settle"))
    }

    @Test("rank and frames refuse the options they would ignore", arguments: [["rank", "samples/rotated-90.mp4"],
                                                                            ["frames", "samples/rotated-90.mp4", "--at", "0"]])
    func measuringVerbsRefuseAnalysisOptions(verb: [String]) throws {
        for option in [["--settle", "100"], ["--steps", "wait:1"], ["--no-infer"], ["--stable-ms", "100"]] {
            let r = try Harness.run(verb + option)
            #expect(r.code == 2 && r.stderr.contains("unknown option '\(option[0])'"), "\(verb[0]) \(option[0])")
        }
        // what they use is still taken
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Harness.run(verb + ["--mask", "0,0,10,10", "--threads", "1", "--out", dir.path + "/o"])
        #expect(r.code == 0, "\(r.stderr)")
    }

    @Test func mergeReadsEachShardOnceAndRefusesAmbiguousJSON() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        func shard(_ name: String, _ text: String, bom: Bool = false) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try ((bom ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(text.utf8)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let bad = #"{"film": "films/bad.mp4", "error": "not a film"}"#
        // a byte-order mark: the film is in the table and in the merged JSON
        let withBOM = try shard("bom.json", #"{"schema": "framediff/1", "films": [\#(bad)]}"#, bom: true)
        let out = dir.appendingPathComponent("merged.json").path
        let r = try Harness.run(["merge", withBOM, "--json", out])
        #expect(r.code == 2 && r.stdout.contains("films/bad.mp4"))
        let merged = try Harness.json(String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self))
        #expect((merged["films"] as? [[String: Any]])?.map { $0["film"] as? String } == ["films/bad.mp4"])
        // a key twice, a trailing comma: refused with the shard's name and where
        for (name, text, why) in [("dup.json", #"{"films": [{"film": "a"}], "films": [{"film": "b"}]}"#, #"the key "films" a second time"#),
                                  ("film.json", #"{"films": [{"film": "a", "film": "b"}]}"#, #"the key "film" a second time"#),
                                  ("comma.json", #"{"films": [\#(bad),]}"#, "expected a value")] {
            let path = try shard(name, text)
            let r = try Harness.run(["merge", path, "--json", out])
            #expect(r.code == 2 && r.stderr.contains(path) && r.stderr.contains("not valid JSON") && r.stderr.contains(why), "\(name): \(r.stderr)")
        }
    }
}
