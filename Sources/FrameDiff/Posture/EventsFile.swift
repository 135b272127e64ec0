import Foundation

/// Posture events from JSON: `[{"kind": "bend", "start_ms": 0, "end_ms": 1000, "from_deg": 180,
/// "to_deg": 110}, ...]`. `kind` may be left out when `from_deg` and `to_deg` say it.
///
///     let events = try EventsFile.parse(data, name: "laptop.events.json")
public enum EventsFile {
    /// What is wrong, and where: `laptop.events.json: [1].start_ms: expected a number`.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var file: String
        public var path: String
        public var reason: String
        public var description: String { "\(file): \(path): \(reason)" }
    }

    public static func parse(_ data: Data, name: String, coverMs: Double = 500) throws -> [PostureEvent] {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw ParseError(file: name, path: "$", reason: "not valid JSON")
        }
        guard let items = root as? [Any] else { throw ParseError(file: name, path: "$", reason: "expected an array of events") }
        var events: [PostureEvent] = []
        for (i, item) in items.enumerated() {
            func fail(_ key: String, _ reason: String) -> ParseError { ParseError(file: name, path: "[\(i)]\(key.isEmpty ? "" : "." + key)", reason: reason) }
            guard let o = item as? [String: Any] else { throw fail("", "expected an object") }
            func number(_ key: String, required: Bool) throws -> Double? {
                guard let v = o[key] else {
                    if required { throw fail(key, "missing") }
                    return nil
                }
                // JSON true/false arrive as NSNumbers too, of the C type char ("c")
                guard let n = v as? NSNumber, String(cString: n.objCType) != "c", n.doubleValue.isFinite else {
                    throw fail(key, "expected a number")
                }
                return n.doubleValue
            }
            let start = try number("start_ms", required: true)!, end = try number("end_ms", required: true)!
            guard end >= start else { throw fail("end_ms", "is before start_ms") }
            let from = try number("from_deg", required: false), to = try number("to_deg", required: false)
            var kind: PostureEvent.Kind
            if let k = o["kind"] {
                guard let s = k as? String, let parsed = PostureEvent.Kind(rawValue: s) else {
                    throw fail("kind", "expected one of \(PostureEvent.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kind = parsed
            } else if let from, let to, let k = Hinge.event(from: from, to: to) {
                kind = k
            } else {
                throw fail("kind", "missing (and from_deg/to_deg make no event)")
            }
            let orientation = o["orientation"] as? String
            events.append(PostureEvent(index: i, kind: kind, startMs: start, endMs: end, fromDeg: from, toDeg: to,
                                       orientation: orientation, source: .events,
                                       coverEndMs: PostureEvent.hasCover(kind) ? end + coverMs : end))
        }
        return events.sorted { $0.startMs < $1.startMs }.enumerated().map { i, e in
            var e = e
            e.index = i
            return e
        }
    }
}
