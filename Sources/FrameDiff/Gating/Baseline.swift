import Foundation

/// Findings accepted earlier, so a gate fails only on what is new. Plain JSON a person can review:
///
///     {"schema": "framediff-baseline/1", "films": {"films/a.mp4": [{"kind": "cut", "event": 0,
///       "phase": "after", "start_ms": 2043.3, "end_ms": 2043.3, "region": {...}}]}}
public struct Baseline: Sendable {
    public struct Entry: Sendable, Equatable {
        public var kind: FindingKind
        public var event: Int?
        public var phase: Phase
        public var startMs: Double
        public var endMs: Double
        public var region: Rect
    }

    public var films: [String: [Entry]] = [:]
    /// How far apart in time a finding and a baseline entry may be and still match (ms).
    public var toleranceMs: Double = 100

    public init() {}

    public init(reports: [Report]) {
        for r in reports {
            films[r.film] = r.findings.map { Entry(kind: $0.kind, event: $0.event, phase: $0.phase, startMs: $0.startMs,
                                                   endMs: $0.endMs, region: $0.region) }
        }
    }

    /// Same kind, event and phase, start within the tolerance, regions overlapping.
    public func matches(_ e: Entry, _ f: Finding) -> Bool {
        e.kind == f.kind && e.event == f.event && e.phase == f.phase && abs(e.startMs - f.startMs) <= toleranceMs
            && e.region.intersects(f.region)
    }

    /// For one film: which findings are new (indices), and which entries are gone (fixed).
    public func compare(film: String, findings: [Finding]) -> (new: [Int], fixed: [Entry]) {
        let entries = films[film] ?? []
        var used = Set<Int>()
        var new: [Int] = []
        for (i, f) in findings.enumerated() {
            if let j = entries.indices.first(where: { !used.contains($0) && matches(entries[$0], f) }) {
                used.insert(j)
            } else {
                new.append(i)
            }
        }
        return (new, entries.indices.filter { !used.contains($0) }.map { entries[$0] })
    }

    public var json: JSON {
        .object([("schema", .string("framediff-baseline/1")),
                 ("films", .object(films.keys.sorted().map { film in
                     (film, .array(films[film]!.map { e in
                         .object([("kind", .string(e.kind.descriptor.name)), ("event", e.event.map { .int($0) } ?? .null),
                                  ("phase", .string(e.phase.rawValue)), ("start_ms", .number(e.startMs, decimals: 3)),
                                  ("end_ms", .number(e.endMs, decimals: 3)),
                                  ("region", e.region.json)])
                     }))
                 }))])
    }

    /// Reads a baseline file; one that is not a baseline is a `ConfigError` naming the path and
    /// where in it (`.framediff-baseline.json: films.a.mp4[0].start_ms: expected a number`).
    public static func read(_ path: String) throws -> Baseline {
        var b = Baseline()
        b.films = try ConfigError.decode(File.self, from: try InputFile.read(path), file: path).films
        return b
    }

    /// `{"schema": "framediff-baseline/1", "films": {FILM: [entry, ...]}}`
    private struct File: Decodable {
        var films: [String: [Entry]] = [:]

        init(from decoder: any Decoder) throws {
            guard let c = try? decoder.container(keyedBy: AnyKey.self), c.contains(AnyKey(stringValue: "films")) else {
                throw ConfigError.invalid(decoder, "not a framediff baseline (expected {\"schema\": \"framediff-baseline/1\", \"films\": {...}})")
            }
            let list = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "films"))
            for film in list.allKeys { films[film.stringValue] = try list.decode([Entry].self, forKey: film) }
        }
    }
}

extension Baseline.Entry: Decodable {
    private enum Key: String, CodingKey { case kind, event, phase, start_ms, end_ms, region }
    private enum RegionKey: String, CodingKey { case x, y, w, h }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func fail(_ key: Key, _ reason: String) -> DecodingError { .dataCorruptedError(forKey: key, in: c, debugDescription: reason) }
        guard let kind = FindingKind(name: try c.decode(String.self, forKey: .kind)) else {
            throw fail(.kind, "expected \(FindingKind.names(last: " or "))")
        }
        guard let phase = Phase(rawValue: try c.decode(String.self, forKey: .phase)) else { throw fail(.phase, "expected during, after or none") }
        let event = try c.decodeIfPresent(Int.self, forKey: .event)
        guard event.map({ (0...1_000_000).contains($0) }) ?? true else { throw fail(.event, "expected an event index") }
        let r = try c.nestedContainer(keyedBy: RegionKey.self, forKey: .region)
        let values = try [RegionKey.x, .y, .w, .h].map { try r.decode(Double.self, forKey: $0) }
        guard let region = Rect.checked(values, minSize: 0) else { throw fail(.region, "expected whole numbers 0-\(Rect.limit)") }
        self.init(kind: kind, event: event, phase: phase, startMs: try c.decode(Double.self, forKey: .start_ms),
                  endMs: try c.decode(Double.self, forKey: .end_ms), region: region)
    }
}
