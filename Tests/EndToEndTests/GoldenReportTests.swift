import Foundation
import Testing

/// Every report format on sample films against files in Tests/Fixtures/golden. Run with RECORD=1
/// to write them again (the run then fails, so a recording is never mistaken for a pass).
@Suite("Report formats against golden files")
struct GoldenReportTests {
    static let cases: [(film: String, format: String)] = [
        ("samples/laptop-inner.mp4", "text"), ("samples/laptop-inner.mp4", "json"),
        ("samples/laptop-inner.mp4", "markdown"), ("samples/laptop-inner.mp4", "junit"),
        ("samples/fold-inner.mp4", "text"), ("samples/rotate-settle.ts", "json"), ("samples/feed-30fps-h264.mp4", "text"),
    ]

    @Test("report matches its golden file", arguments: cases.indices)
    func golden(index: Int) throws {
        let (film, format) = Self.cases[index]
        let r = try Harness.run([film, "--format", format])
        #expect(r.code == 0, "\(r.stderr)")
        let name = (film as NSString).lastPathComponent.replacingOccurrences(of: ".", with: "_") + "." + format
        let path = Harness.path("Tests/Fixtures/golden/" + name)
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try FileManager.default.createDirectory(atPath: Harness.path("Tests/Fixtures/golden"), withIntermediateDirectories: true)
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without RECORD=1")
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(r.stdout == expected, "\(name) differs from its golden file:\n\(r.stdout)")
    }

    /// `check --format github`: one workflow command per failing or warned finding.
    @Test func githubAnnotationsMatchTheirGoldenFile() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rules = dir.appendingPathComponent("rules.json").path
        try #"{"kinds": {"cut": {"after": "warn"}}}"#.write(toFile: rules, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", "samples/laptop-inner.mp4", "--rules", rules, "--format", "github"])
        #expect(r.code == 1, "\(r.stderr)")
        let path = Harness.path("Tests/Fixtures/golden/laptop-inner_mp4.check.github")
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded the github annotations; run again without RECORD=1")
            return
        }
        #expect(r.stdout == (try String(contentsOfFile: path, encoding: .utf8)), "\(r.stdout)")
        for line in r.stdout.split(separator: "\n") {
            #expect(line.hasPrefix("::error file=samples/laptop-inner.mp4,title=") || line.hasPrefix("::warning file=samples/laptop-inner.mp4,title="))
        }
    }
}
