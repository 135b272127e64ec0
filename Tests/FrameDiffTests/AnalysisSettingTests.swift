import Foundation
import Testing

@testable import FrameDiff

/// The one table of analysis settings: each row reaches the option it names, its default lies in
/// its range, the rules file reads every key and refuses what the table refuses, the command line
/// wins over the file, and the README's copy of the table is the table.
@Suite("Analysis settings: one table for the help, the README and the rules file")
struct AnalysisSettingTests {
    @Test("keys are unique snake_case, defaults lie within their ranges, whole numbers where integer")
    func tableIsWellFormed() {
        let keys = AnalysisSetting.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.count >= 90)
        for s in AnalysisSetting.all {
            #expect(s.key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }, "\(s.key)")
            #expect(s.range.contains(s.defaultValue), "\(s.key) default \(s.defaultValue) outside \(s.range)")
            #expect(!s.integer || s.defaultValue.rounded() == s.defaultValue, "\(s.key)")
            #expect(!s.reason.isEmpty && !s.unit.isEmpty, "\(s.key)")
            #expect(s.refusal(s.defaultValue) == nil, "\(s.key)")
        }
    }

    @Test("each row sets its own option and no other")
    func eachRowReachesItsOption() throws {
        for s in AnalysisSetting.all {
            var o = AnalysisOptions()
            let other = s.range.contains(s.defaultValue + 1) ? s.defaultValue + 1 : s.range.lowerBound
            try s.set(other, in: &o)
            #expect(s.value(in: o) == other, "\(s.key)")
            for t in AnalysisSetting.all where t.key != s.key {
                #expect(t.value(in: o) == t.defaultValue, "setting \(s.key) changed \(t.key)")
            }
        }
    }

    @Test("values out of range, not finite or not whole where whole are refused, naming the unit")
    func refusals() {
        let stable = AnalysisSetting.named("stable_ms")!
        #expect(stable.refusal(0)?.contains("from 1 to 60000 (ms)") == true)
        #expect(stable.refusal(.nan) != nil)
        #expect(AnalysisSetting.named("flash_min_area_px")!.refusal(10.5)?.contains("whole number") == true)
        var o = AnalysisOptions()
        #expect(throws: SettingError.self) { try stable.set(-5, in: &o) }
        #expect(o.classifier.stableMs == 150)
    }

    @Test("thresholds stated in pixels keep their meaning when the tile size changes")
    func pixelsNotTiles() {
        let o = ClassifierOptions()
        // a smallest size rounds up, a largest down, a ring spans two tiles at the least
        #expect(ClassifierOptions.tiles(atLeast: o.flashMinAreaPx, tile: 16) == 4)
        #expect(ClassifierOptions.tiles(atLeast: o.flashMinAreaPx, tile: 8) == 16)
        #expect(ClassifierOptions.tiles(atLeast: o.flashMinAreaPx, tile: 20) == 3)  // 1200 px², not 800
        #expect(ClassifierOptions.tiles(atLeast: 1, tile: 64) == 1)
        #expect(ClassifierOptions.tiles(atMost: o.busyJoinAreaPx, tile: 16) == 16)
        #expect(ClassifierOptions.tiles(atMost: o.busyJoinAreaPx, tile: 20) == 10)  // 4000 px², not 4400
        #expect(ClassifierOptions.tiles(atMost: 0, tile: 16) == 0)
        #expect(ClassifierOptions.ringTiles(o.surroundPx, tile: 16) == 3)
        #expect(ClassifierOptions.ringTiles(o.surroundPx, tile: 10) == 5)
        #expect(ClassifierOptions.ringTiles(1, tile: 16) == 2)
    }

    private func rules(_ text: String) throws -> GateRules {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try GateRules.read(url.path)
    }

    private func refusal(_ text: String) -> String? {
        do { _ = try rules(text); return nil } catch { return "\(error)" }
    }

    @Test("a rules file's analysis section: every key read, per film too, and the command line wins")
    func rulesFileSettings() throws {
        // every key at a value of its own
        var members: [String] = []
        var expected: [String: Double] = [:]
        for s in AnalysisSetting.all {
            let v = s.range.contains(s.defaultValue + 1) ? s.defaultValue + 1 : s.range.lowerBound
            members.append("\"\(s.key)\": \(JSON.format(v, decimals: 6))")
            expected[s.key] = v
        }
        let all = try rules("{\"analysis\": {\(members.joined(separator: ", "))}}")
        let o = all.analysisOptions(AnalysisOptions(), for: "a.mp4")
        for s in AnalysisSetting.all { #expect(s.value(in: o) == expected[s.key], "\(s.key)") }

        let r = try rules(#"{"analysis": {"stable_ms": 200}, "films": [{"glob": "game-*", "analysis": {"busy_ms": 800, "stable_ms": 90}}]}"#)
        #expect(r.analysisOptions(AnalysisOptions(), for: "x/a.mp4").classifier.stableMs == 200)
        #expect(r.analysisOptions(AnalysisOptions(), for: "x/a.mp4").classifier.busyMs == 1500)
        let game = r.analysisOptions(AnalysisOptions(), for: "x/game-1.mp4")
        #expect(game.classifier.stableMs == 90 && game.classifier.busyMs == 800)
        // given on the command line: the file does not change it
        var cli = AnalysisOptions()
        cli.classifier.stableMs = 120
        cli.pinned = ["stable_ms"]
        #expect(r.analysisOptions(cli, for: "x/game-1.mp4").classifier.stableMs == 120)
        #expect(r.analysisOptions(cli, for: "x/game-1.mp4").classifier.busyMs == 800)
    }

    @Test("a rules file's bad analysis entry names its path and the cause", arguments: [
        (#"{"analysis": {"stabl_ms": 1}}"#, "analysis.stabl_ms: unknown analysis setting"),
        (#"{"analysis": {"stable_ms": 0}}"#, "analysis.stable_ms: expected a number from 1 to 60000 (ms)"),
        (#"{"analysis": {"stable_ms": "200"}}"#, "analysis.stable_ms: expected a number (ms)"),
        (#"{"analysis": {"flash_min_area_px": 99.5}}"#, "analysis.flash_min_area_px: expected a whole number"),
        (#"{"films": [{"glob": "*", "analysis": {"busy_ms": -1}}]}"#, "busy_ms: expected a number from 1 to 600000 (ms)"),
        (#"{"analysis": [1]}"#, "analysis"),
    ])
    func rulesFileRefusals(text: String, message: String) {
        let got = refusal(text)
        #expect(got?.contains(message) == true, "\(got ?? "accepted")")
    }

    /// FRAMEDIFF_UPDATE_README=1 rewrites the README's copy from the table instead of checking it.
    @Test("the README's table of analysis settings is the table")
    func readmeTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = root.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- analysis-settings: generated from AnalysisSetting.markdownTable() -->\n", end = "<!-- /analysis-settings -->"
        let start = try #require(text.range(of: begin)), stop = try #require(text.range(of: end))
        let shown = String(text[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["FRAMEDIFF_UPDATE_README"] == "1" {
            try (String(text[..<start.upperBound]) + AnalysisSetting.markdownTable() + String(text[stop.lowerBound...]))
                .write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(shown == AnalysisSetting.markdownTable(), "README.md's table is stale: run the tests with FRAMEDIFF_UPDATE_README=1")
    }
}
