import Foundation
import Testing

/// `framediff check` (rules, baseline) and `framediff audit` / `merge` on the sample films.
@Suite("CI gate")
struct GateTests {
    @Test func passesACleanFilmAndFailsAFlashAfterABend() throws {
        let clean = try Harness.run(["check", "samples/rotated-90.mp4"])
        #expect(clean.code == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("all passed"))
        let flash = try Harness.run(["check", "samples/laptop-inner.mp4"])
        #expect(flash.code == 1)
        #expect(flash.stdout.contains("FAIL samples/laptop-inner.mp4") && flash.stdout.contains("flash 83 ms"))
        #expect(flash.stdout.split(separator: "\n").count < 25)  // one screen
    }

    @Test func baselineRoundTrip() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("baseline.json").path
        let record = try Harness.run(["check", "samples/laptop-inner.mp4", "--baseline", path, "--update-baseline"])
        #expect(record.code == 0)
        // unchanged: passes, the flash is accepted
        let same = try Harness.run(["check", "samples/laptop-inner.mp4", "--baseline", path])
        #expect(same.code == 0, "\(same.stdout)")
        #expect(same.stdout.contains("1 accepted by the baseline"))
        // a baseline without the flash: the flash is new and fails; one with an extra cut: it is fixed
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let flashLine = try #require(lines.first { $0.contains("\"flash\"") })
        let cutLine = try #require(lines.first { $0.contains("\"cut\"") })
        text = text.replacingOccurrences(of: flashLine + "\n", with: "")
            .replacingOccurrences(of: cutLine, with: cutLine.replacingOccurrences(of: "2000", with: "2600") + "\n" + cutLine)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let changed = try Harness.run(["check", "samples/laptop-inner.mp4", "--baseline", path])
        #expect(changed.code == 1, "\(changed.stdout)")
        #expect(changed.stdout.contains("fail  flash 83 ms"))
        #expect(changed.stdout.contains("fixed cut at 2.6 s"), "\(changed.stdout)")
    }

    @Test func rulesFileVerdictsLimitsAndGlobs() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rules = dir.appendingPathComponent("rules.json").path
        try #"{"kinds": {"flash": "pass"}, "limits": {"fade_max_ms": 50}, "films": [{"glob": "*feed*", "kinds": {"blank": {"none": "warn"}}}]}"#
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", "samples/laptop-inner.mp4", "samples/feed-30fps-h264.mp4", "--rules", rules])
        #expect(r.code == 1)
        #expect(r.stdout.contains("fade of 100 ms is over fade_max_ms 50"), "\(r.stdout)")
        #expect(!r.stdout.contains("fail  flash"))
        #expect(r.stdout.contains("pass samples/feed-30fps-h264.mp4") && r.stdout.contains("warn  blank"))
    }

    @Test func badRulesFileNamesTheKey() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rules = dir.appendingPathComponent("rules.json").path
        try #"{"kinds": {"flash": {"after": "explode"}}}"#.write(toFile: rules, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", "samples/laptop-inner.mp4", "--rules", rules])
        #expect(r.code == 2 && r.stderr.contains("kinds.flash.after"), "\(r.stderr)")
    }

    @Test func aFilmThatCannotBeReadFailsTheGate() throws {
        let r = try Harness.run(["check", "samples/rotated-90.mp4", "no-such-film.mp4", "--format", "junit"])
        #expect(r.code == 2)
        #expect(r.stdout.contains("<error message=\"no such file or folder\"/>"))
        #expect(r.stdout.contains("errors=\"1\""))
    }

    /// One judgement: the main job's JUnit is check's, with the built-in rules and with a
    /// .framediff.json found in the working directory (its kinds, limits and masks).
    @Test func theMainJobAndCheckGiveTheSameJUnit() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["laptop-inner.mp4", "laptop.steps"] {
            try FileManager.default.copyItem(atPath: Harness.path("samples/" + name), toPath: dir.appendingPathComponent(name).path)
        }
        let plain = try Harness.run(["laptop-inner.mp4", "--format", "junit"], cwd: dir.path)
        let gate = try Harness.run(["check", "laptop-inner.mp4", "--format", "junit"], cwd: dir.path)
        #expect(plain.stdout == gate.stdout && gate.code == 1, "\(plain.stdout)\n\(gate.stdout)")
        try #"{"kinds": {"cut": "fail", "flash": "pass"}, "limits": {"settle_max_ms": 100}, "masks": [[0, 0, 40, 40]]}"#
            .write(toFile: dir.appendingPathComponent(".framediff.json").path, atomically: true, encoding: .utf8)
        let plainRules = try Harness.run(["laptop-inner.mp4", "--format", "junit"], cwd: dir.path)
        let gateRules = try Harness.run(["check", "laptop-inner.mp4", "--format", "junit"], cwd: dir.path)
        #expect(plainRules.stdout == gateRules.stdout, "\(plainRules.stdout)\n\(gateRules.stdout)")
        #expect(plainRules.stdout != plain.stdout && plainRules.stdout.contains("rule: cut\">") && !plainRules.stdout.contains("rule: flash\">"))
        #expect(plainRules.stdout.contains("over settle_max_ms 100"))
    }

    @Test func junitHasASuitePerFilmAndACasePerEventAndRule() throws {
        let r = try Harness.run(["check", "samples/laptop-inner.mp4", "--format", "junit"])
        #expect(r.code == 1)
        #expect(r.stdout.contains("<testsuite name=\"samples/laptop-inner.mp4\" tests=\"8\" failures=\"2\""), "\(r.stdout)")
        #expect(r.stdout.contains("name=\"rule: flash\">") && r.stdout.contains("name=\"bend 0 180°→110° 0.00–1.00 s\">"))
    }
}

@Suite("Batch audit")
struct AuditTests {
    /// Good films, a PNG frame folder, a zero-byte file, a truncated mp4 and a text file named .mp4.
    func folder() throws -> URL {
        let dir = try Harness.scratch()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: true)
        try fm.copyItem(atPath: Harness.path("samples/rotated-90.mp4"), toPath: dir.appendingPathComponent("rotated-90.mp4").path)
        try fm.copyItem(atPath: Harness.path("samples/laptop-inner.mp4"), toPath: dir.appendingPathComponent("sub/laptop-inner.mp4").path)
        for name in try fm.contentsOfDirectory(atPath: Harness.path("Tests/Fixtures/compare")) where name.hasSuffix(".png") {
            try fm.copyItem(atPath: Harness.path("Tests/Fixtures/compare/" + name), toPath: dir.appendingPathComponent("frames/" + name).path)
        }
        try Data().write(to: dir.appendingPathComponent("zero.mp4"))
        let film = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/feed-30fps-h264.mp4")))
        try film.prefix(film.count / 2).write(to: dir.appendingPathComponent("sub/cut-short.mp4"))
        try Data("not a film\n".utf8).write(to: dir.appendingPathComponent("notes.mp4"))
        try Data("# notes\n".utf8).write(to: dir.appendingPathComponent("README.md"))
        return dir
    }

    @Test func everyGoodFilmReportedEveryBadOneNamed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("audit.json").path
        let r = try Harness.run(["audit", dir.path, "--jobs", "2", "--json", json])
        #expect(r.code == 2)
        for good in ["rotated-90.mp4", "sub/laptop-inner.mp4", "/frames"] {
            #expect(r.stdout.split(separator: "\n").contains { $0.contains(good) && !$0.contains("error") }, "\(good)\n\(r.stdout)")
        }
        for bad in ["zero.mp4", "cut-short.mp4", "notes.mp4"] {
            #expect(r.stdout.split(separator: "\n").contains { $0.contains(bad) && $0.contains("error:") }, "\(bad)")
        }
        #expect(!r.stdout.contains("README.md"))
        #expect(r.stdout.contains("6 films: 1 ok, 2 with failing findings, 3 not analysed"), "\(r.stdout)")
        let root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((root["films"] as? [Any])?.count == 6)
    }

    @Test func shardsMergeIntoTheSameTable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Harness.run(["audit", dir.path, "--quiet"]).stdout
        var parts: [String] = []
        for k in 1...3 {
            let out = dir.appendingPathComponent("shard\(k).json").path
            _ = try Harness.run(["audit", dir.path, "--shard", "\(k)/3", "--json", out, "--quiet"])
            parts.append(out)
        }
        let merged = try Harness.run(["merge"] + parts)
        #expect(merged.stdout == whole, "\(merged.stdout)\nvs\n\(whole)")
    }
}

/// Verdicts are judged once, in the gate, limits included; every format shows the same ones.
@Suite("Verdicts judged once")
struct VerdictTests {
    @Test func aFadeOverItsLimitIsMarkedFailingInMarkdownAndHTML() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rules = dir.appendingPathComponent("rules.json").path
        try #"{"limits": {"fade_max_ms": 50}}"#.write(toFile: rules, atomically: true, encoding: .utf8)
        let md = try Harness.run(["check", "samples/laptop-inner.mp4", "--rules", rules, "--format", "markdown"])
        #expect(md.code == 1)
        let fadeRow = try #require(md.stdout.split(separator: "\n").first { $0.contains("| fade 100 ms") })
        #expect(fadeRow.hasPrefix("| ❌"), "\(fadeRow)")
        let html = dir.appendingPathComponent("html").path
        _ = try Harness.run(["audit", "samples/laptop-inner.mp4", "--rules", rules, "--html", html, "--quiet"])
        let page = try String(contentsOfFile: html + "/001-laptop-inner/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "class=\"finding fail\"").count - 1 == 2, "the flash and the fade fail")
    }
}

@Suite("Merge and rules equality")
struct MergeTests {
    @Test func mergeWritesEachFilmAsTheAuditDid() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json").path, m = dir.appendingPathComponent("m.json").path
        _ = try Harness.run(["audit", "samples/rotated-90.mp4", "samples/laptop-inner.mp4", "--json", a, "--quiet"])
        #expect(try Harness.run(["merge", a, "--json", m]).code == 0)
        // the same films, each written byte for byte as the audit wrote it (key order kept)
        let lines = { (p: String) in
            try String(contentsOfFile: p, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"film\"") }
                .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }.sorted()
        }
        #expect(try lines(a) == lines(m))
    }
}
