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

    /// The most events a file may hold, and how far from 0 their times may lie (ms: a day).
    public static let maxEvents = 10_000, maxMs = 86_400_000.0

    public static func parse(_ data: Data, name: String, coverMs: Double = 500) throws -> [PostureEvent] {
        let root: Any
        switch InputFile.json(data) {
        case .success(let r): root = r
        case .failure(let f): throw ParseError(file: name, path: "$", reason: f.reason)
        }
        guard let items = root as? [Any] else { throw ParseError(file: name, path: "$", reason: "expected an array of events") }
        guard items.count <= maxEvents else { throw ParseError(file: name, path: "$", reason: "more than \(maxEvents) events") }
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
            guard abs(start) <= maxMs else { throw fail("start_ms", "beyond ±\(Int(maxMs)) ms") }
            guard abs(end) <= maxMs else { throw fail("end_ms", "beyond ±\(Int(maxMs)) ms") }
            guard end >= start else { throw fail("end_ms", "is before start_ms") }
            let from = try number("from_deg", required: false), to = try number("to_deg", required: false)
            for (key, deg) in [("from_deg", from), ("to_deg", to)] where deg.map({ !(0...360).contains($0) }) ?? false {
                throw fail(key, "angles are 0 to 360 degrees")
            }
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
