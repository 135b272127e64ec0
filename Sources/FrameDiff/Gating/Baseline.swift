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
                         .object([("kind", .string(e.kind.rawValue)), ("event", e.event.map { .int($0) } ?? .null),
                                  ("phase", .string(e.phase.rawValue)), ("start_ms", .number(e.startMs, decimals: 3)),
                                  ("end_ms", .number(e.endMs, decimals: 3)),
                                  ("region", .object([("x", .int(e.region.x)), ("y", .int(e.region.y)),
                                                      ("w", .int(e.region.w)), ("h", .int(e.region.h))]))])
                     }))
                 }))])
    }

    public static func read(_ path: String) throws -> Baseline {
        let data = try InputFile.read(path)
        if case .failure(let f) = InputFile.json(data) { throw FilmError.unreadable(path: path, cause: f.reason) }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let films = root["films"] as? [String: Any] else {
            throw FilmError.unreadable(path: path, cause: "not a framediff baseline (expected {\"schema\": \"framediff-baseline/1\", \"films\": {...}})")
        }
        var b = Baseline()
        for (film, value) in films {
            guard let list = value as? [[String: Any]] else { throw FilmError.unreadable(path: path, cause: "films.\(film): expected an array") }
            b.films[film] = try list.enumerated().map { i, o in
                guard let kind = (o["kind"] as? String).flatMap(FindingKind.init), let phase = (o["phase"] as? String).flatMap(Phase.init),
                      let start = (o["start_ms"] as? NSNumber)?.doubleValue, let end = (o["end_ms"] as? NSNumber)?.doubleValue,
                      start.isFinite, end.isFinite,
                      let r = o["region"] as? [String: Any],
                      let region = Rect.checked(["x", "y", "w", "h"].compactMap { (r[$0] as? NSNumber)?.doubleValue }, minSize: 0) else {
                    throw FilmError.unreadable(path: path, cause: "films.\(film)[\(i)]: expected kind, phase, start_ms, end_ms, "
                                               + "region (whole numbers 0-\(Rect.limit))")
                }
                let event = (o["event"] as? NSNumber).map(\.doubleValue)
                guard event.map({ $0 >= 0 && $0 <= 1_000_000 && $0 == $0.rounded() }) ?? true else {
                    throw FilmError.unreadable(path: path, cause: "films.\(film)[\(i)].event: expected an event index")
                }
                return Entry(kind: kind, event: event.map { Int($0) }, phase: phase, startMs: start, endMs: end, region: region)
            }
        }
        return b
    }
}
