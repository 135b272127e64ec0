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
}
