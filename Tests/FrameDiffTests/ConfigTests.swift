import Foundation
import Testing

@testable import FrameDiff

@Suite("Decoding JSON into configuration")
struct JSONDecodingTests {
    struct Sample: Decodable, Equatable {
        var n: Double
        var i: Int?
        var flag: Bool?
        var names: [String]?
    }

    func decode(_ text: String) throws -> Sample { try ConfigError.decode(Sample.self, from: Data(text.utf8), file: "s.json") }

    func path(_ text: String) -> String? {
        do { _ = try decode(text); return nil } catch let e as ConfigError { return "\(e.path): \(e.reason)" } catch { return "\(error)" }
    }

    @Test func readsScalarsNestedValuesAndNulls() throws {
        #expect(try decode(#"{"n": 2.5, "i": 3, "flag": true, "names": ["a", "b"]}"#) == Sample(n: 2.5, i: 3, flag: true, names: ["a", "b"]))
        #expect(try decode(#"{"n": 1e2, "i": null}"#) == Sample(n: 100))
        #expect(try decode(#"{"n": 2, "i": 4.0}"#).i == 4)
    }

    @Test("every failure names its JSON path and what was expected", arguments: [
        (#"{"n": true}"#, "n: expected a number"),
        (#"{"n": "1"}"#, "n: expected a number"),
        (#"{"n": 1, "flag": 1}"#, "flag: expected true or false"),
        (#"{"n": 1, "i": 1.5}"#, "i: expected a whole number"),
        (#"{"n": 1, "i": 1e30}"#, "i: a whole number out of range"),
        (#"{"n": 1, "i": 99999999999999999999}"#, "i: a whole number out of range"),
        (#"{"n": 1, "names": ["a", 2]}"#, "names[1]: expected a string"),
        (#"{"n": 1, "names": {}}"#, "names: expected an array"),
        (#"{"i": 1}"#, "n: missing"),
        (#"[]"#, "$: expected an object"),
    ])
    func failures(text: String, expected: String) {
        #expect(path(text) == expected)
    }

    @Test func oneStrictReaderForEveryFile() throws {
        // the parser's refusals reach every configuration file: a key twice, a trailing comma, text after
        // and RFC 8259's grammar: its numbers, its escapes, no raw control characters, UTF-8
        for text in [#"{"n": 1, "n": 2}"#, #"{"n": 1,}"#, #"{"n": 1} x"#, "{\"n\": nan}", #"{"n": 01}"#, #"{"n": +1}"#,
                     #"{"n": 1.}"#, #"{"n": .5}"#, #"{"n": 1e}"#, #"{"n": -}"#, #"{"n": 1, "names": ["\q"]}"#,
                     "{\"n\": 1, \"names\": [\"a\tb\"]}"] {
            #expect(path(text)?.hasPrefix("$: not valid JSON (at byte") == true, "\(text)")
        }
        let badUTF8 = Data(#"{"n": 1, "names": [""#.utf8) + Data([0xC3, 0x28]) + Data(#""]}"#.utf8)
        #expect(throws: ConfigError.self) { try ConfigError.decode(Sample.self, from: badUTF8, file: "s.json") }
        #expect(try decode(#"{"n": -0.5e+2, "names": ["\/\"\\\u00e9\ud83d\ude00"]}"#) == Sample(n: -50, names: ["/\"\\é😀"]))
        #expect(try decode(#"{"n": 1, "i": 1e2}"#).i == 100)
    }
}

@Suite("Rules and baseline files")
struct ConfigFileTests {
    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func error<T>(_ read: (String) throws -> T, _ text: String) throws -> ConfigError? {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try read(path); return nil } catch let e as ConfigError {
            #expect(e.file == path)
            return e
        }
    }

    @Test func rulesAreReadWithTheirOverrides() throws {
        let path = try write(#"{"kinds": {"cut": "fail", "flash": {"after": "warn"}}, "limits": {"fade_max_ms": 300},"#
                             + #" "masks": [[0, 0, 1240, 80]], "$comment": "ours", "films": [{"glob": "*-outer.mp4", "limits": {"settle_max_ms": 900}}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try GateRules.read(path)
        #expect(r.rules.verdicts[.cut] == [.during: .fail, .after: .fail, .none: .fail])
        #expect(r.rules.verdicts[.flash]?[.after] == .warn && r.rules.verdicts[.flash]?[.none] == .fail)
        #expect(r.maxDurationMs[.fade] == 300 && r.masks == [Rect(x: 0, y: 0, w: 1240, h: 80)])
        #expect(r.forFilm("a/b-outer.mp4").settleMaxMs == 900 && r.forFilm("b-inner.mp4").settleMaxMs == nil)
    }

    @Test("a rules file's errors name the JSON path", arguments: [
        (#"{"kinds": {"flash": {"after": "fial"}}}"#, "kinds.flash.after", "expected pass, warn or fail"),
        (#"{"kinds": {"flsh": "fail"}}"#, "kinds.flsh", "unknown kind"),
        (#"{"kinds": {"flash": {"afer": "fail"}}}"#, "kinds.flash.afer", "unknown phase"),
        (#"{"kinds": {"flash": 3}}"#, "kinds.flash", "expected a verdict or an object of phases"),
        (#"{"limits": {"fade_max_ms": true}}"#, "limits.fade_max_ms", "expected a number of ms ≥ 0"),
        (#"{"limits": {"fade_max_ms": -1}}"#, "limits.fade_max_ms", "expected a number of ms ≥ 0"),
        (#"{"limits": {"fade_maxms": 3}}"#, "limits.fade_maxms", "unknown limit"),
        (#"{"masks": [[0, 0, 1, true]]}"#, "masks[0]", "expected [x, y, w, h]"),
        (#"{"masks": [[0, 0, 0, 4]]}"#, "masks[0]", "sizes at least 1"),
        (#"{"films": [{"glob": 3}]}"#, "films[0].glob", "expected a string"),
        (#"{"films": [{"kinds": {}}]}"#, "films[0].glob", "missing"),
        (#"{"films": [{"glob": "a", "limit": {}}]}"#, "films[0].limit", "unknown key"),
        (#"{"zz": 1}"#, "zz", "unknown key (kinds, limits, masks, analysis, films)"),
        ("[1]", "$", "expected an object"),
    ])
    func rulesErrors(text: String, path: String, reason: String) throws {
        let e = try error(GateRules.read, text)
        #expect(e?.path == path && e?.reason.contains(reason) == true, "\(String(describing: e))")
    }

    @Test func aBaselineRoundTrips() throws {
        var b = Baseline()
        b.films["films/a.mp4"] = [Baseline.Entry(kind: .flash, event: 0, phase: .after, startMs: 1050.5, endMs: 1133.25,
                                                 region: Rect(x: 0, y: 80, w: 160, h: 112)),
                                  Baseline.Entry(kind: .cut, event: nil, phase: .none, startMs: 0, endMs: 0, region: Rect(x: 0, y: 0, w: 1, h: 1))]
        let path = try write(b.json.rendered())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Baseline.read(path).films == b.films)
    }

    @Test("a baseline's errors name the JSON path", arguments: [
        (#"{"x": 1}"#, "$", "not a framediff baseline"),
        (#"{"films": {"a.mp4": {}}}"#, "films.a.mp4", "expected an array"),
        (#"{"films": {"a.mp4": [{"kind": "cut"}]}}"#, "films.a.mp4[0].phase", "missing"),
        (#"{"films": {"a.mp4": [{"kind": "cat", "phase": "after"}]}}"#, "films.a.mp4[0].kind", "expected cut, fade"),
        (#"{"films": {"a": [{"kind": "cut", "phase": "after", "start_ms": false, "end_ms": 2, "region": {"x": 0, "y": 0, "w": 1, "h": 1}}]}}"#,
         "films.a[0].start_ms", "expected a number"),
        (#"{"films": {"a": [{"kind": "cut", "phase": "after", "start_ms": 1, "end_ms": 2, "region": {"x": 0, "y": 0, "w": 1, "h": 1.5}}]}}"#,
         "films.a[0].region", "whole numbers"),
        (#"{"films": {"a": [{"kind": "cut", "phase": "after", "event": -1, "start_ms": 1, "end_ms": 2, "region": {"x": 0, "y": 0, "w": 1, "h": 1}}]}}"#,
         "films.a[0].event", "an event index"),
    ])
    func baselineErrors(text: String, path: String, reason: String) throws {
        let e = try error(Baseline.read, text)
        #expect(e?.path == path && e?.reason.contains(reason) == true, "\(String(describing: e))")
    }
}

@Suite("Glob matching of per-film overrides")
struct GlobTests {
    @Test("fnmatch-style: * any run (across /), ? one character", arguments: [
        ("*-outer.mp4", "films/laptop-outer.mp4", true), ("*-outer.mp4", "films/laptop-inner.mp4", false),
        ("films/*", "films/a/b.mp4", true), ("?.mov", "x.mov", true), ("?.mov", "xy.mov", false),
        ("*", "", true), ("", "", true), ("", "a", false), ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXbYY", false),
        ("**.mp4", "a.mp4", true), ("*.MP4", "a.mp4", false),
    ])
    func matches(pattern: String, text: String, expected: Bool) {
        #expect(globMatches(pattern, text) == expected)
    }

    @Test func anOverrideAppliesByPathOrByName() {
        var rules = GateRules()
        var o = GateRules.Override()
        o.maxDurationMs[.fade] = 100
        rules.films = [("laptop-*.mp4", o)]
        #expect(rules.forFilm("captures/laptop-inner.mp4").maxDurationMs[.fade] == 100)
        #expect(rules.forFilm("captures/phone.mp4").maxDurationMs[.fade] == nil)
    }
}
