import Foundation

/// Posture events from JSON: `[{"kind": "bend", "start_ms": 0, "end_ms": 1000, "from_deg": 180,
/// "to_deg": 110}, ...]`. `kind` may be left out when `from_deg` and `to_deg` say it.
///
///     let events = try EventsFile.parse(data, name: "laptop.events.json")
public enum EventsFile {
    /// The most events a file may hold, and how far from 0 their times may lie (ms: a day).
    public static let maxEvents = 10_000, maxMs = 86_400_000.0

    /// Parses a file's bytes; errors are `ConfigError`s naming `name` and the JSON path
    /// (`laptop.events.json: [1].start_ms: expected a number`).
    public static func parse(_ data: Data, name: String, coverMs: Double = 500) throws -> [PostureEvent] {
        let file = try ConfigError.decode(File.self, from: data, file: name)
        return file.events.enumerated().map { i, e in
            PostureEvent(index: i, kind: e.kind, startMs: e.startMs, endMs: e.endMs, fromDeg: e.fromDeg, toDeg: e.toDeg,
                         orientation: e.orientation, source: .events,
                         coverEndMs: PostureEvent.hasCover(e.kind) ? e.endMs + coverMs : e.endMs)
        }
        .sorted { $0.startMs < $1.startMs }.enumerated().map { i, e in
            var e = e
            e.index = i
            return e
        }
    }

    /// The file: an array of events.
    private struct File: Decodable {
        var events: [Event] = []

        init(from decoder: any Decoder) throws {
            guard var list = try? decoder.unkeyedContainer() else { throw ConfigError.invalid(decoder, "expected an array of events") }
            guard (list.count ?? 0) <= EventsFile.maxEvents else { throw ConfigError.invalid(decoder, "more than \(EventsFile.maxEvents) events") }
            while !list.isAtEnd { events.append(try list.decode(Event.self)) }
        }
    }

    /// One event, checked as it is read.
    private struct Event: Decodable {
        var kind: PostureEvent.Kind
        var startMs: Double, endMs: Double
        var fromDeg: Double?, toDeg: Double?
        var orientation: String?

        enum Key: String, CodingKey { case kind, start_ms, end_ms, from_deg, to_deg, orientation }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            func fail(_ key: Key, _ reason: String) -> DecodingError { .dataCorruptedError(forKey: key, in: c, debugDescription: reason) }
            startMs = try c.decode(Double.self, forKey: .start_ms)
            endMs = try c.decode(Double.self, forKey: .end_ms)
            guard abs(startMs) <= EventsFile.maxMs else { throw fail(.start_ms, "beyond ±\(Int(EventsFile.maxMs)) ms") }
            guard abs(endMs) <= EventsFile.maxMs else { throw fail(.end_ms, "beyond ±\(Int(EventsFile.maxMs)) ms") }
            guard endMs >= startMs else { throw fail(.end_ms, "is before start_ms") }
            fromDeg = try c.decodeIfPresent(Double.self, forKey: .from_deg)
            toDeg = try c.decodeIfPresent(Double.self, forKey: .to_deg)
            for (key, deg) in [(Key.from_deg, fromDeg), (.to_deg, toDeg)] where deg.map({ !(0...360).contains($0) }) ?? false {
                throw fail(key, "angles are 0 to 360 degrees")
            }
            if c.contains(.kind) {
                guard let k = (try? c.decode(String.self, forKey: .kind)).flatMap(PostureEvent.Kind.init) else {
                    throw fail(.kind, "expected one of \(PostureEvent.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kind = k
            } else if let fromDeg, let toDeg, let k = Hinge.event(from: fromDeg, to: toDeg) {
                kind = k
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [Key.kind],
                                                         debugDescription: "missing (and from_deg/to_deg make no event)"))
            }
            orientation = try c.decodeIfPresent(String.self, forKey: .orientation)
        }
    }
}
