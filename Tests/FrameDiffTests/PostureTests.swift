import Foundation
import Testing
@testable import FrameDiff

@Suite("Steps scripts")
struct StepsTests {
    @Test func everyTokenKind() throws {
        let e = try StepsScript.parse("path:1.0:180:110 wait:2.5 path:1.0:110:180 wait:2 orient:landscape-left")
        #expect(e.map(\.kind) == [.bend, .flatten, .rotation])
        #expect(e[0].startMs == 0 && e[0].endMs == 1000 && e[0].fromDeg == 180 && e[0].toDeg == 110)
        #expect(e[1].startMs == 3500 && e[1].endMs == 4500)
        #expect(e[2].startMs == 6500 && e[2].orientation == "landscape-left" && e[2].coverEndMs == 7000)
        #expect(e.map(\.index) == [0, 1, 2] && e.allSatisfy { $0.source == .steps })
    }

    @Test("hinge classes", arguments: [
        (180.0, 110.0, PostureEvent.Kind.bend), (110, 180, .flatten), (0, 180, .open), (10, 90, .open),
        (180, 0, .close), (90, 14, .close), (110, 90, .bend),
    ])
    func hingeMoves(from: Double, to: Double, kind: PostureEvent.Kind) throws {
        #expect(try StepsScript.parse("path:0.5:\(from):\(to)").map(\.kind) == [kind])
    }

    @Test func stayingFlatOrClosedIsNoEvent() throws {
        #expect(try StepsScript.parse("path:1:180:175 path:1:5:0 path:1:110:110").isEmpty)
    }

    @Test func whitespaceDecimalsAndOffset() throws {
        let e = try StepsScript.parse("  wait:0.25\n\tpath:0.75:180.5:120.25  ", offsetMs: 100)
        #expect(e.count == 1 && e[0].startMs == 350 && e[0].endMs == 1100 && e[0].toDeg == 120.25)
    }

    @Test func emptyScriptHasNoEvents() throws {
        #expect(try StepsScript.parse("").isEmpty && StepsScript.parse("   ").isEmpty)
    }

    @Test func coverOutlastsFoldsAndRotationsButNotBends() throws {
        let e = try StepsScript.parse("path:1:180:0 path:1:0:180 path:1:180:100", coverMs: 300)
        #expect(e.map(\.coverEndMs) == [1300, 2300, 3000])
    }

    @Test("bad tokens name themselves", arguments: [
        ("path:1.0:180", 1, "path takes"), ("wait:soon", 1, "not a number"), ("wait:1 jump:3", 2, "unknown step"),
        ("orient:sideways", 1, "orient takes"), ("path:-1:180:110", 1, "negative"), ("path:1:180:400", 1, "0 to 360"),
        ("path:1:x:110", 1, "angle 'x'"),
    ])
    func badTokens(script: String, position: Int, reason: String) {
        #expect {
            try StepsScript.parse(script)
        } throws: { error in
            guard let e = error as? ConfigError else { return false }
            let token = script.split(separator: " ")[position - 1]
            return e.path == "token \(position) '\(token)'" && e.reason.contains(reason) && e.file == "steps"
        }
    }
}

@Suite("Events files")
struct EventsFileTests {
    func parse(_ json: String) throws -> [PostureEvent] { try EventsFile.parse(Data(json.utf8), name: "x.events.json") }

    @Test func readsEventsAndSortsThem() throws {
        let e = try parse(#"[{"kind": "flatten", "start_ms": 3000, "end_ms": 4000}, {"start_ms": 0, "end_ms": 1000, "from_deg": 180, "to_deg": 110}]"#)
        #expect(e.map(\.kind) == [.bend, .flatten] && e.map(\.index) == [0, 1] && e[0].source == .events)
    }

    @Test("errors name the JSON path", arguments: [
        ("{}", "$"), ("not json", "$"), (#"[1]"#, "[0]"), (#"[{"kind": "bend", "end_ms": 1}]"#, "[0].start_ms"),
        (#"[{"kind": "wobble", "start_ms": 0, "end_ms": 1}]"#, "[0].kind"),
        (#"[{"kind": "bend", "start_ms": "0", "end_ms": 1}]"#, "[0].start_ms"),
        (#"[{"kind": "bend", "start_ms": 5, "end_ms": 1}]"#, "[0].end_ms"),
        (#"[{"kind": "bend", "start_ms": 0, "end_ms": 1}, {"start_ms": 0, "end_ms": 1}]"#, "[1].kind"),
    ])
    func errors(json: String, path: String) {
        #expect {
            try parse(json)
        } throws: { error in
            (error as? ConfigError).map { $0.path == path && $0.file == "x.events.json" } ?? false
        }
    }
}

@Suite("Tying findings to events")
struct TieTests {
    func finding(_ ms: Double) -> Finding {
        Finding(kind: .cut, startMs: ms, endMs: ms + 10, firstFrame: 0, lastFrame: 0, peakRMSE: 0.3,
                region: Rect(x: 0, y: 0, w: 1, h: 1))
    }

    @Test func phasesDuringAfterAndNone() {
        let events = [
            PostureEvent(index: 0, kind: .close, startMs: 1000, endMs: 2000, source: .events, coverEndMs: 2500),
            PostureEvent(index: 1, kind: .bend, startMs: 8000, endMs: 9000, source: .events),
        ]
        var f = [500, 1500, 2400, 2600, 4900, 5100, 8500, 9100].map(finding)
        let s = tie(&f, to: events, settleMs: 3000)
        #expect(f.map(\.phase) == [.none, .during, .during, .after, .after, .none, .during, .after])
        #expect(f.map(\.event) == [nil, 0, 0, 0, 0, nil, 1, 1])
        #expect(s[0].during == [1, 2] && s[0].after == [3, 4] && s[0].settledAfterMs == 2910)
        #expect(s[1].settledAfterMs == 110)
    }

    @Test func duringBeatsAfterAndTheLatestEventWins() {
        let events = [
            PostureEvent(index: 0, kind: .bend, startMs: 0, endMs: 1000, source: .steps),
            PostureEvent(index: 1, kind: .flatten, startMs: 1500, endMs: 2500, source: .steps),
            PostureEvent(index: 2, kind: .bend, startMs: 2600, endMs: 2700, source: .steps),
        ]
        var f = [2000, 2800].map(finding)
        _ = tie(&f, to: events, settleMs: 3000)
        #expect(f[0].event == 1 && f[0].phase == .during)
        #expect(f[1].event == 2 && f[1].phase == .after)
    }

    @Test func sidecarNamesDropTheDisplaySuffix() {
        #expect(sidecarStems(of: "films/laptop-inner.mp4") == ["films/laptop-inner", "films/laptop"])
        #expect(sidecarStems(of: "a.mov") == ["a"])
    }

    @Test func sizeChangesAreRotationsOrDisplaySwitches() {
        let e = inferredEvents(sizeChanges: [(1000, (360, 780), (780, 360), 1000), (2000, (780, 360), (1000, 900), 2000),
                                             (3000, (1000, 900), (360, 780), 3000)], coverMs: 500)
        #expect(e.map(\.kind) == [.rotation, .open, .close])
        #expect(e.allSatisfy { $0.source == .inferred } && e[0].coverEndMs == 1500)
        #expect(e.allSatisfy { ($0.confidence ?? 0) > 0 && !$0.evidence.isEmpty })
    }

    @Test func aSizeSwapUnderACoverIsARotationFromTheAnimationsStart() {
        let cover = CoverTracker.Cover(startMs: 2000, endMs: 2600, detailLeft: 0.1, shift: 40)
        let e = inferredEvents(sizeChanges: [(2383, (720, 1560), (1560, 720), 2017)], covers: [cover], coverMs: 500)
        #expect(e.map(\.kind) == [.rotation])
        #expect(e[0].startMs == 2000)
        let alone = inferredEvents(sizeChanges: [(2383, (720, 1560), (1560, 720), 2017)], coverMs: 500)
        #expect(alone[0].startMs == 2017 && alone[0].endMs == 2383 && alone[0].coverEndMs == 2883)
    }
}

@Suite("Rules files")
struct RulesEqualityTests {
    @Test func rulesDifferingOnlyInAnOverrideAreNotEqual() throws {
        let dir = FileManager.default.temporaryDirectory
        let a = dir.appendingPathComponent("rules-a-\(UUID().uuidString).json").path
        let b = dir.appendingPathComponent("rules-b-\(UUID().uuidString).json").path
        try #"{"films": [{"glob": "*.mp4", "kinds": {"cut": "fail"}}]}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"films": [{"glob": "*.mp4", "kinds": {"cut": "warn"}}]}"#.write(toFile: b, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        #expect(try GateRules.read(a) != GateRules.read(b))
        #expect(try GateRules.read(a) == GateRules.read(a))
    }
}
