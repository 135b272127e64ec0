import Foundation
import Testing
import FrameDiff

/// Bad input: one line naming the file and the cause, exit code 2, never a crash or a hang.
@Suite("Bad input")
struct BadInputTests {
    /// Builds each kind of bad input in a scratch folder; returns its path.
    static func make(_ kind: String, in dir: URL) throws -> String {
        let fm = FileManager.default
        let film = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/laptop-inner.mp4")))
        switch kind {
        case "missing":
            return dir.appendingPathComponent("missing.mp4").path
        case "empty folder":
            let d = dir.appendingPathComponent("frames")
            try fm.createDirectory(at: d, withIntermediateDirectories: true)
            try Data("notes".utf8).write(to: d.appendingPathComponent("README.txt"))
            return d.path
        case "text named mp4":
            let f = dir.appendingPathComponent("notes.mp4")
            try Data("this is not a film\n".utf8).write(to: f)
            return f.path
        case "zero bytes":
            let f = dir.appendingPathComponent("zero.mp4")
            try Data().write(to: f)
            return f.path
        case "truncated":
            // The samples keep their index (moov) at the end: cut, the index is gone.
            let f = dir.appendingPathComponent("cut.mp4")
            try film.prefix(film.count / 2).write(to: f)
            return f.path
        case "no video stream":
            // An MP4 holding only a timed-text track is not a film.
            let f = dir.appendingPathComponent("novideo.mp4")
            try film.write(to: f)  // replaced below
            let src = Harness.path("Tests/Fixtures/audio-only.m4a")
            try fm.removeItem(at: f)
            try fm.copyItem(atPath: src, toPath: f.path)
            return f.path
        case "corrupt png in folder":
            let d = dir.appendingPathComponent("pngs")
            try fm.createDirectory(at: d, withIntermediateDirectories: true)
            let good = try Data(contentsOf: URL(fileURLWithPath: Harness.path("Tests/Fixtures/compare/000000.png")))
            try good.write(to: d.appendingPathComponent("000000.png"))
            try good.prefix(good.count / 3).write(to: d.appendingPathComponent("000017.png"))
            return d.appendingPathComponent("000017.png").path
        default:
            fatalError("unknown kind \(kind)")
        }
    }

    @Test("one line, the file, the cause, exit 2", arguments: [
        ("missing", "no such file"),
        ("empty folder", "no PNG frames"),
        ("text named mp4", "not a film"),
        ("zero bytes", "empty file"),
        ("truncated", "truncated"),
        ("no video stream", "no video stream"),
        ("corrupt png in folder", "corrupt PNG"),
    ])
    func badInput(kind: String, cause: String) throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let named = try Self.make(kind, in: dir)
        // a corrupt PNG is named itself, but the film given is its folder
        let given = kind == "corrupt png in folder" ? (named as NSString).deletingLastPathComponent : named
        for verb in [["rank"], []] {
            let r = try Harness.run(verb + [given])
            #expect(r.code == 2, "\(kind): exit \(r.code)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(kind): \(r.stderr)")
            #expect(r.stderr.contains(named), "\(kind): \(r.stderr)")
            #expect(r.stderr.contains(cause), "\(kind): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func truncatedFilmWithItsIndexAtTheStart() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = try Data(contentsOf: URL(fileURLWithPath: Harness.path("Tests/Fixtures/faststart.mp4")))
        let cut = dir.appendingPathComponent("faststart-cut.mp4")
        try film.prefix(film.count * 2 / 3).write(to: cut)
        let r = try Harness.run(["rank", cut.path])
        #expect(r.code == 2)
        #expect(r.stderr.contains("truncated") && r.stderr.contains(cut.path), "\(r.stderr)")
    }

    @Test("usage errors exit 2", arguments: [
        ["rank"], ["rank", "a.mp4", "b.mp4"], ["rank", "x.mp4", "--top", "many"], ["rank", "x.mp4", "--bogus"],
        ["compare", "a.png"], ["rank", "x.mp4", "--mask", "1,2"], ["rank", "x.mp4", "--format", "xml"], [],
    ])
    func usageErrors(args: [String]) throws {
        let r = try Harness.run(args)
        #expect(r.code == 2, "\(args): \(r.code)")
    }

    /// Help is generated from the option table: every default it shows is the library's own, and
    /// every range it shows is the one the parser enforces.
    @Test func helpShowsTheDefaultsAndRangesTheParserUses() throws {
        let help = try Harness.run(["x.mp4", "--help"]).stdout
        let c = ClassifierOptions(), p = PostureOptions()
        for (option, value, range) in [("--stable-ms", c.stableMs, "1 to 60000"), ("--flash-max-ms", c.longestFlashMs, "1 to 60000"),
                                       ("--blank-max-ms", c.longestBlankMs, "1 to 60000"), ("--min-tile-rmse", c.minTileRMSE, "0 to 1"),
                                       ("--settle", p.settleMs, "0 to 3600000"), ("--cover-ms", p.coverMs, "0 to 60000")] {
            let line = help.split(separator: "\n").first { $0.hasPrefix("  \(option) ") }.map(String.init) ?? ""
            #expect(line.hasSuffix("(\(range); default \(JSON.format(value, decimals: 3)))"), "\(line)")
            let refused = try Harness.run(["samples/laptop-inner.mp4", option, "-5"])
            #expect(refused.code == 2 && refused.stderr.contains("\(option) takes a number from \(range), not '-5'"), "\(refused.stderr)")
        }
        let rank = try Harness.run(["rank", "--help"]).stdout
        let format = rank.split(separator: "\n").first { $0.hasPrefix("  --format FORMAT ") } ?? ""
        #expect(format.hasSuffix(" the report's format (text|json; default text)"), "\(format)")
        let refused = try Harness.run(["rank", "samples/laptop-inner.mp4", "--format", "html"])
        #expect(refused.code == 2 && refused.stderr.contains("--format takes text|json, not 'html'"))
    }

    /// The analysing verbs' help lists every analysis setting of the table with its default;
    /// `--set` takes each key, refuses what the table refuses, and beats a rules file's value.
    @Test func helpListsEverySettingAndSetIsChecked() throws {
        for verb in [[], ["check"], ["audit"]] {
            let help = try Harness.run(verb + ["x.mp4", "--help"]).stdout
            for s in AnalysisSetting.all {
                let line = help.split(separator: "\n").first { $0.hasPrefix("    \(s.key) ") }.map(String.init) ?? ""
                #expect(line.hasSuffix("default \(JSON.format(s.defaultValue, decimals: 3)))"), "\(verb) \(s.key): \(line)")
            }
        }
        let film = "samples/laptop-inner.mp4"
        for (args, message) in [(["--set", "stabl_ms=1"], "unknown analysis setting 'stabl_ms'"), (["--set", "stable_ms"], "--set takes KEY=VALUE"),
                                (["--set", "stable_ms=0"], "--set stable_ms: expected a number from 1 to 60000 (ms)"),
                                (["--set", "surround_px=2.5"], "--set surround_px: expected a whole number")] {
            let r = try Harness.run([film] + args)
            #expect(r.code == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        // a longest flash of 1 ms, with slots held long off, reports no flash; the command line's
        // 400 wins over the file's 1
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"analysis": {"longest_flash_ms": 1, "longest_slot_ms": 0}}"#.utf8).write(to: dir.appendingPathComponent(".framediff.json"))
        let flashes = { (r: Harness.Result) in r.stdout.components(separatedBy: "\"kind\": \"flash\"").count - 1 }
        let plain = try Harness.run([Harness.path("samples/h01-smooth-flashes.mp4"), "--format", "json", "--quiet"])
        let filed = try Harness.run([Harness.path("samples/h01-smooth-flashes.mp4"), "--format", "json", "--quiet"], cwd: dir.path)
        let pinned = try Harness.run([Harness.path("samples/h01-smooth-flashes.mp4"), "--format", "json", "--quiet", "--set", "longest_flash_ms=400"],
                                     cwd: dir.path)
        #expect(flashes(plain) > 0 && flashes(filed) == 0, "\(flashes(plain)) \(flashes(filed))")
        #expect(pinned.stdout == plain.stdout)
    }

    @Test func helpExitsZero() throws {
        for args in [["--help"], ["rank", "--help"], ["compare", "--help"]] {
            let r = try Harness.run(args)
            #expect(r.code == 0)
            #expect(r.stdout.contains("usage:"))
        }
    }
}
