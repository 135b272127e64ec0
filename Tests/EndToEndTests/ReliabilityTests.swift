import Foundation
import Testing
import TestSupport

/// Hostile input, broken files and interrupted runs: the binary answers each with one line and
/// exit 2 (or 130 when stopped), never a signal, a hang or a report that looks clean.
@Suite("Reliability: bad input, broken films, interruptions")
struct ReliabilityTests {
    /// Exit 2 and one line on stderr naming `mention`.
    func refused(_ args: [String], mentioning mention: String, cwd: String? = nil) throws {
        let r = try Harness.run(args, cwd: cwd)
        #expect(r.code == 2, "\(args): exit \(r.code): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("Try ") }
        #expect(lines.count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(mention), "\(args): \(r.stderr)")
    }

    func file(_ name: String, _ text: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func numbersBeyondAnyFrameAreRefusedNotTrapped() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try refused(["samples/rotated-90.mp4", "--mask", "3000000000,0,10,10"], mentioning: "--mask")
        for (n, masks) in ["[[9223372036854775807, 0, 1, 1]]", "[[1e30, 0, 10, 10]]", "[[0, 0, -5, 10]]"].enumerated() {
            let rules = try file("r\(n).json", "{\"masks\": \(masks)}", in: dir)
            try refused(["check", "samples/laptop-inner.mp4", "--rules", rules], mentioning: "masks[0]")
        }
        try refused(["frames", "samples/rotated-90.mp4", "--at", "1e19", "--out", dir.path + "/f"], mentioning: "--at")
        try refused(["frames", "samples/rotated-90.mp4", "--at", "999999", "--out", dir.path + "/f"], mentioning: "the film ends at")
    }

    @Test func baselineWithAHugeRegionIsRefused() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let b = try file("b.json", """
            {"schema": "framediff-baseline/1", "films": {"samples/laptop-inner.mp4": [{"kind": "cut", "event": 0,
              "phase": "after", "start_ms": 2000, "end_ms": 2000, "region": {"x": 9223372036854775807, "y": 0, "w": 1, "h": 1}}]}}
            """, in: dir)
        try refused(["check", "samples/laptop-inner.mp4", "--baseline", b], mentioning: "region")
    }

    @Test func aFullStandardOutputIsAnError() throws {
        for args in [["samples/rotated-90.mp4"], ["rank", "samples/rotated-90.mp4"]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Harness.binary)
            p.arguments = args
            p.currentDirectoryURL = Harness.root
            p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let err = Pipe()
            p.standardError = err
            try p.run()
            let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 2, "\(args): \(p.terminationStatus) \(e)")
            #expect(e.contains("standard output: cannot write: No space left on device"), "\(e)")
        }
    }

    @Test func configFilesThatAreNotFilesSayWhatTheyAre() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let loop = dir.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        try refused(["check", "samples/rotated-90.mp4", "--rules", dir.path], mentioning: "is a folder")
        try refused(["check", "samples/rotated-90.mp4", "--rules", "/dev/null"], mentioning: "empty")
        try refused(["check", "samples/rotated-90.mp4", "--rules", loop], mentioning: "symbolic links")
        try refused(["samples/rotated-90.mp4", "--events", dir.path], mentioning: "is a folder")
        let deep = try file("deep.json", String(repeating: "[", count: 100_000), in: dir)
        try refused(["check", "samples/rotated-90.mp4", "--rules", deep], mentioning: "not valid JSON")
        let huge = try file("huge.json", "{\"masks\": [[1e400, 0, 1, 1]]}", in: dir)
        try refused(["check", "samples/rotated-90.mp4", "--rules", huge], mentioning: "not valid JSON")
    }

    @Test func stepsAndEventsAreBounded() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try refused(["samples/rotated-90.mp4", "--steps", "path:1e308:0:180"], mentioning: "duration")
        try refused(["samples/rotated-90.mp4", "--steps", "wait:1e308"], mentioning: "duration")
        try refused(["samples/rotated-90.mp4", "--steps", "path:0x10:0:180"], mentioning: "not a number")
        let events = try file("e.json", "[{\"kind\": \"bend\", \"start_ms\": 0, \"end_ms\": 1, \"from_deg\": 1e300, \"to_deg\": 110}]", in: dir)
        try refused(["samples/rotated-90.mp4", "--events", events], mentioning: "from_deg")
        let many = try file("many.json", "[" + Array(repeating: "{\"kind\": \"bend\", \"start_ms\": 0, \"end_ms\": 1}", count: 20_000)
            .joined(separator: ",") + "]", in: dir)
        try refused(["samples/rotated-90.mp4", "--events", many], mentioning: "more than")
    }

    @Test func aFilmCutShortIsNeverReportedClean() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/odd-size-444.mkv")))
        let cut = dir.appendingPathComponent("cut.mkv").path
        try whole.prefix(49_874).write(to: URL(fileURLWithPath: cut))
        let r = try Harness.run([cut, "--format", "json"])
        #expect(r.stderr.contains("read short"), "\(r.stderr)")
        #expect((try Harness.json(r.stdout)["video"] as? [String: Any])?["read_short"] as? Bool == true)
        let gate = try Harness.run(["check", cut])
        #expect(gate.code == 2 && gate.stdout.contains("read short"), "\(gate.stdout)")
        let intact = try Harness.json(try Harness.run(["samples/odd-size-444.mkv", "--format", "json"]).stdout)
        #expect((intact["video"] as? [String: Any])?["read_short"] as? Bool == false)
        // rank says it too (it exited 0 in silence): a warning, and the fields in its JSON
        let rank = try Harness.run(["rank", cut, "--format", "json"])
        #expect(rank.code == 0 && rank.stderr.contains("read short"), "\(rank.stderr)")
        let ranked = try Harness.json(rank.stdout)
        #expect(ranked["read_short"] as? Bool == true && (ranked["read_short_cause"] as? String)?.contains("read short") == true)
        #expect(try Harness.json(try Harness.run(["rank", "samples/odd-size-444.mkv", "--format", "json"]).stdout)["read_short"] == nil)
    }

    /// A moment before the first frame a damaged film decodes shows no frame: an error, not the
    /// frames a second later under the moment's name.
    @Test func framesBeforeADamagedStartAreAnError() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/laptop-inner.mp4"))))
        // (the first keyframe's slice data, past the header boxes: the frames up to the next keyframe are lost)
        let mdat = try #require((0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual("mdat".utf8) })
        for i in (mdat + 200)..<(mdat + 2200) { bytes[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 7) }
        let film = dir.appendingPathComponent("damaged.mp4").path
        try Data(bytes).write(to: URL(fileURLWithPath: film))
        let first = try #require((try Harness.json(try Harness.run(["rank", film, "--format", "json", "--quiet"]).stdout)["deltas"] as? [[String: Any]])?
            .compactMap { $0["pts_ms"] as? Double }.min())
        try #require(first > 100, "the damage took the film's first frames (first delta at \(first) ms)")
        let r = try Harness.run(["frames", film, "--at", "0", "--out", dir.appendingPathComponent("f").path])
        #expect(r.code == 2 && r.stderr.contains("no frame at 0 ms: the first frame decoded is at"), "\(r.stderr)")
    }

    /// An output that cannot be written fails the command before any film is analysed (an audit
    /// of many films to an unwritable `--json` failed only at the end): /sys takes no new file.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel"), "needs Linux's /sys"))
    func anUnwritableOutputFailsBeforeTheWork() throws {
        for args in [["audit", "samples/laptop-inner.mp4", "samples/fold-inner.mp4", "--json", "/sys/framediff.json"],
                     ["audit", "samples/laptop-inner.mp4", "samples/fold-inner.mp4", "--json", "samples"],
                     ["audit", "samples/laptop-inner.mp4", "samples/fold-inner.mp4", "--json", "nowhere/"]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && r.stderr.contains("\(args[4]): cannot write") && r.stdout.isEmpty, "\(args): \(r.stdout) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/sys/framediff.json"))
    }

    /// Outputs named by one character, bare or under a folder of one character, are written
    /// (NSString's deletingLastPathComponent traps on such a path in this Foundation).
    @Test func oneCharacterOutputsAreWritten() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["samples/rotated-90.mp4", "--format", "json", "--out", "x"], ["rank", "samples/rotated-90.mp4", "--out", "o/d"],
                     ["samples/rotated-90.mp4", "--format", "html", "--out", "R"], ["samples/rotated-90.mp4", "--stats", "s", "--quiet"]] {
            let r = try Harness.run(args.map { $0.hasPrefix("samples/") ? Harness.path($0) : $0 }, cwd: dir.path)
            #expect(r.code == 0, "\(args): \(r.code) \(r.stderr)")
        }
    }

    @Test func aPNGDeclaringAHugePictureIsRefusedCheaply() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try hugePNG(width: 20_000, height: 20_000).write(to: dir.appendingPathComponent("000000.png"))
        try refused(["rank", dir.path], mentioning: "larger than framediff reads")
    }

    @Test func quietUpdateOfTheBaselineSaysNothing() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Harness.run(["check", "samples/rotated-90.mp4", "--update-baseline", "--baseline", dir.path + "/b.json", "--quiet"])
        #expect(r.code == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func auditOfAFolderWithoutFilmsIsAnError() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try refused(["audit", dir.path], mentioning: "no film found")
    }

    @Test func sigtermStopsAnAuditWithWhatItFinishedMarkedIncomplete() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<12 { try FileManager.default.copyItem(atPath: Harness.path("samples/h12-cut-then-slide.mp4"), toPath: dir.path + "/f\(i).mp4") }
        let json = dir.appendingPathComponent("audit.json").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Harness.binary)
        p.arguments = ["audit", dir.path, "--json", json, "--jobs", "1", "--quiet"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 3)
        p.terminate()  // SIGTERM
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 130, "\(p.terminationReason) \(p.terminationStatus)")
        let report = try Harness.json(String(contentsOfFile: json, encoding: .utf8))
        #expect(report["complete"] as? Bool == false)
        #expect(!((report["not_run"] as? [String]) ?? []).isEmpty)
        let merged = try Harness.run(["merge", json])
        #expect(merged.code == 2 && merged.stderr.contains("stopped before its end"), "\(merged.stderr)")
    }

    @Test func anEarlierReportSurvivesAndNoTemporaryFileIsLeft() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.json").path
        #expect(try Harness.run(["samples/rotated-90.mp4", "--format", "json", "--out", out]).code == 0)
        let first = try String(contentsOfFile: out, encoding: .utf8)
        // a folder of someone else's files is not replaced by a report
        let mine = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep".write(to: mine.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let r = try Harness.run(["samples/rotated-90.mp4", "--format", "html", "--out", mine.path])
        #expect(r.code == 2 && r.stderr.contains("other files"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("notes.txt").path))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == first)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Seeded mutants of the sample films (bit flips, cuts, zeroed and repeated ranges): each is a
    /// report (exit 0, valid JSON) or one line (exit 2), never a signal.
    @Test func mutatedFilmsGiveAReportOrOneLine() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SplitMix64(seed: 2026)
        let films = ["samples/rotated-90.mp4", "samples/odd-size-444.mkv", "samples/rotate-settle.ts", "samples/h18-24fps-large-small-flash.mp4"]
        for n in 0..<24 {
            let source = films[n % films.count]
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Harness.path(source))))
            let at = Int(rng.next() % UInt64(bytes.count))
            switch n % 4 {
            case 0: for _ in 0..<16 { let i = Int(rng.next() % UInt64(bytes.count)); bytes[i] ^= UInt8(1 << (rng.next() % 8)) }
            case 1: bytes = Array(bytes.prefix(max(1, at)))
            case 2: for i in at..<min(bytes.count, at + 4096) { bytes[i] = 0 }
            default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8192)], at: at)
            }
            let path = dir.appendingPathComponent("m\(n)." + (source as NSString).pathExtension).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let r = try Harness.run([path, "--format", "json"])
            if r.code == 0 {
                #expect((try? Harness.json(r.stdout)) != nil, "\(path) from \(source): exit 0 without JSON")
            } else {
                #expect(r.code == 2, "\(path) from \(source): exit \(r.code)\n\(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(path), "\(path): \(r.stderr)")
            }
        }
    }
}

/// A PNG whose header declares `width` x `height` (and whose pixel data is a stub: a reader that
/// trusts the header allocates gigabytes before it finds out).
func hugePNG(width: UInt32, height: UInt32) -> Data {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
    func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be(UInt32(body.count)) + typed + be(crc(typed))
    }
    let ihdr = be(width) + be(height) + [8, 2, 0, 0, 0]
    let idat: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", []))
}
