import Foundation

/// What an audit shard's JSON says of its place in the whole audit (`"shard": {...}`), so that
/// `merge` can tell a complete set of shards from a partial one, and order the films as one
/// unsharded audit does.
///
///     "shard": {"index": 2, "count": 4, "engine": "kubernetes",
///               "variables": {"JOB_COMPLETION_INDEX": "1", "FRAMEDIFF_SHARD_COUNT": "4"},
///               "method": "largest-first-by-bytes", "films_sha256": "9c1e...",
///               "films_total": 150, "bytes_total": 4812345678, "films": 37, "bytes": 1203456789,
///               "positions": [3, 8, 12, ...]}
public struct ShardManifest: Sendable, Equatable, Decodable {
    /// 1-based, and of how many.
    public var index: Int
    public var count: Int
    /// `ShardEngine`'s raw value ("kubernetes", "gitlab", ..., "manual").
    public var engine: String
    /// The engine's variables as they were set (written, not read back: merge needs none).
    public var variables: [ShardChoice.Setting] = []
    /// `ShardPlan.method`.
    public var method: String
    /// `ShardPlan.digest`: the whole film list that was split.
    public var filmsSHA256: String
    public var filmsTotal: Int
    public var bytesTotal: Int
    /// This shard's films and their bytes (analysed or not, when the audit was stopped).
    public var films: Int
    public var bytes: Int
    /// The place (0-based) in the whole audit's film list of each film of this document's
    /// `films` array, in that array's order.
    public var positions: [Int]

    enum CodingKeys: String, CodingKey {
        case index, count, engine, method, filmsSHA256 = "films_sha256", filmsTotal = "films_total", bytesTotal = "bytes_total",
             films, bytes, positions
    }

    /// The manifest of shard `choice` of `plan`, whose JSON lists the films at `positions`.
    public init(plan: ShardPlan, choice: ShardChoice, positions: [Int]) {
        index = choice.index
        count = choice.count
        engine = choice.engine.rawValue
        variables = choice.settings
        method = ShardPlan.method
        filmsSHA256 = plan.digest
        filmsTotal = plan.films.count
        bytesTotal = plan.totalBytes
        films = plan.positions(ofShard: choice.index).count
        bytes = plan.bytes(ofShard: choice.index)
        self.positions = positions
    }

    /// Reads the `shard` member of `file`'s document; a member that is not a manifest is a
    /// ConfigError naming `shard.` and the key.
    public init(json: JSON, file: String) throws {
        do { self = try json.decode(ShardManifest.self) } catch let e as DecodingError {
            let inner = ConfigError(file: file, decoding: e)
            throw ConfigError(file: file, path: inner.path == "$" ? "shard" : "shard." + inner.path, reason: inner.reason)
        }
        guard (1...ShardChoice.maxCount).contains(count), (1...count).contains(index) else {
            throw ConfigError(file: file, path: "shard.index", reason: "shard \(index) of \(count) is no shard (1 ≤ index ≤ count ≤ \(ShardChoice.maxCount))")
        }
        // (a negative total is refused before the range: 0...-1 traps)
        guard filmsTotal >= 0, bytesTotal >= 0 else {
            throw ConfigError(file: file, path: filmsTotal < 0 ? "shard.films_total" : "shard.bytes_total",
                              reason: "\(filmsTotal < 0 ? filmsTotal : bytesTotal) is no total")
        }
        guard (0...filmsTotal).contains(films) else {
            throw ConfigError(file: file, path: "shard.films", reason: "\(films) films of \(filmsTotal) in all")
        }
        var seen = Set<Int>()
        for p in positions where !(0..<filmsTotal).contains(p) || !seen.insert(p).inserted {
            throw ConfigError(file: file, path: "shard.positions",
                              reason: "\(p) is \(seen.contains(p) ? "listed twice" : "no place in a list of \(filmsTotal) films")")
        }
        guard positions.count <= films else {
            throw ConfigError(file: file, path: "shard.positions", reason: "\(positions.count) places for a shard of \(films) films")
        }
    }

    public var json: JSON {
        .object([
            ("index", .int(index)), ("count", .int(count)), ("engine", .string(engine)),
            ("variables", .object(variables.map { ($0.name, .string($0.value)) })),
            ("method", .string(method)), ("films_sha256", .string(filmsSHA256)),
            ("films_total", .int(filmsTotal)), ("bytes_total", .int(bytesTotal)),
            ("films", .int(films)), ("bytes", .int(bytes)),
            ("positions", .array(positions.map { .int($0) })),
        ])
    }

    /// The line the audit prints under its table:
    /// "shard 2 of 4 (Kubernetes Indexed Job: JOB_COMPLETION_INDEX=1, FRAMEDIFF_SHARD_COUNT=4): 37 of 150 films, 1.2 of 4.8 GB, dealt by size"
    public var summary: String {
        let source = ShardEngine(rawValue: engine).map { e in
            e == .manual ? "--shard \(index)/\(count)" : e.title + ": " + variables.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        } ?? engine
        return "shard \(index) of \(count) (\(source)): \(films) of \(filmsTotal) films, "
            + "\(ShardManifest.size(bytes, of: bytesTotal)), dealt by size\n"
    }

    /// "1.2 of 4.8 GB", in the unit of the total.
    static func size(_ part: Int, of total: Int) -> String {
        let units = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
        guard let (scale, unit) = units.first(where: { Double(total) >= $0.0 }) else { return "\(part) of \(total) bytes" }
        return JSON.fixed(Double(part) / scale, decimals: 1) + " of " + JSON.fixed(Double(total) / scale, decimals: 1) + " " + unit
    }
}
