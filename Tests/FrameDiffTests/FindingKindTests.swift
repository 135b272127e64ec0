import Foundation
import Testing

@testable import FrameDiff

/// The one table of kinds: what reads it agrees with it, and every kind renders everywhere.
@Suite("Finding kinds")
struct FindingKindTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func schemaListsTheDescriptorsKinds() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("schema/framediff-1.schema.json"))
        let schema = try JSON.parse(data)
        let listed = schema["$defs"]?["finding"]?["properties"]?["kind"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(listed == FindingKind.allCases.map(\.descriptor.name))
    }

    @Test func namesReadBackToTheirKinds() {
        for k in FindingKind.allCases { #expect(FindingKind(name: k.descriptor.name) == k) }
        #expect(FindingKind(name: "stutter") == nil)
        #expect(FindingKind.names(last: " or ") == "cut, fade, flash, blank, motion or hitch")
    }

    @Test func standardRulesAreTheDescriptorsVerdicts() {
        for k in FindingKind.allCases {
            for p in Phase.allCases {
                #expect((Rules.standard.verdicts[k]?[p] ?? .pass) == (k.descriptor.standardVerdicts[p] ?? .pass))
            }
        }
    }

    @Test func rulesFileAndBaselineKnowEveryKindAndLimit() throws {
        for k in FindingKind.allCases {
            let limit = k.descriptor.durationLimit.map { #", "limits": {"\#($0)": 5}"# } ?? ""
            let text = #"{"kinds": {"\#(k.descriptor.name)": "warn"}\#(limit)}"#
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("kind-\(k.descriptor.name)-\(getpid()).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let rules = try GateRules.read(path)
            #expect(rules.rules.verdicts[k]?[.after] == .warn)
            #expect(rules.maxDurationMs[k] == (k.descriptor.durationLimit == nil ? nil : 5))
        }
    }

    /// A film's real report with a finding of every kind added, inside the film's frames.
    func reportWithEveryKind() throws -> Report {
        let film = Self.root.appendingPathComponent("samples/laptop-inner.mp4").path
        var r = try analyseFilm(film)
        for (n, k) in FindingKind.allCases.enumerated() {
            let first = 10 + 20 * n, last = k.descriptor.hasDuration ? first + 6 : first
            var f = Finding(kind: k, startMs: Double(first) * 1000 / 60, endMs: Double(last) * 1000 / 60, firstFrame: first,
                            lastFrame: last, peakRMSE: 0.2, region: Rect(x: 8, y: 8, w: 64, h: 64), area: 0.02)
            if k.descriptor.temporary { f.colour = SIMD3(200, 200, 200) }
            r.findings.append(f)
        }
        return GateRules().judged(r)
    }

    @Test func aFindingOfEveryKindRendersInEveryFormat() throws {
        let r = try reportWithEveryKind()
        for format in [ReportFormat.text, .json, .markdown, .junit] {
            let out = render([r], errors: [], as: format)
            for k in FindingKind.allCases { #expect(out.contains(k.descriptor.label), "\(format) lacks \(k)") }
        }
        let json = try JSON.parse(Data(render([r], errors: [], as: .json).utf8))
        let kinds = Set(json["findings"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? [])
        #expect(kinds == Set(FindingKind.allCases.map(\.descriptor.name)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-html-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeHTMLReport(r, to: folder)
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        for k in FindingKind.allCases { #expect(page.contains("fill=\"\(k.descriptor.htmlColour)\""), "html lacks \(k)") }
        let table = FilmSummary.table([FilmSummary(report: r)])
        for k in FindingKind.allCases { #expect(table.contains(k.descriptor.name)) }
    }
}
