/// Which shard of how many this copy of an audit takes, and who said so: `--shard K/N`, or the
/// engine that fanned the job out (`--shard auto`), read from the environment it gave the copy.
///
///     let s = try ShardChoice(spec: "auto", environment: ProcessInfo.processInfo.environment)
///     // GitLab parallel: CI_NODE_INDEX=2, CI_NODE_TOTAL=4 -> shard 2 of 4
public struct ShardChoice: Sendable, Equatable {
    /// 1-based, as `--shard K/N` counts, whatever the engine's own base.
    public var index: Int
    public var count: Int
    public var engine: ShardEngine
    /// The variables the shard was read from, as they were set (empty for `--shard K/N`).
    public var settings: [Setting]

    /// One environment variable as it was set.
    public struct Setting: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The most shards an audit splits into (Kubernetes' limit on an Indexed Job's completions),
    /// so a typing slip cannot make merge list a billion missing shards.
    public static let maxCount = 100_000

    public init(index: Int, count: Int, engine: ShardEngine, settings: [Setting] = []) {
        self.index = index
        self.count = count
        self.engine = engine
        self.settings = settings
    }

    /// `K/N` (1-based) or `auto`; `environment` is only read for `auto`.
    public init(spec: String, environment: [String: String]) throws {
        if spec == "auto" {
            self = try ShardChoice.auto(environment)
            return
        }
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = ShardChoice.whole(parts[0]), let n = ShardChoice.whole(parts[1]),
              (1...ShardChoice.maxCount).contains(n), (1...n).contains(k) else {
            throw ShardError.badSpec(spec)
        }
        self.init(index: k, count: n, engine: .manual)
    }

    /// The shard every engine whose variables are set names; they must agree. The first engine
    /// of `ShardEngine.engines` that is set is the one reported.
    public static func auto(_ environment: [String: String]) throws -> ShardChoice {
        let found = try ShardEngine.engines.compactMap { try $0.choice(environment) }
        guard let first = found.first else { throw ShardError.noEngine }
        if let other = found.first(where: { $0.index != first.index || $0.count != first.count }) {
            throw ShardError.enginesDisagree(first, other)
        }
        return first
    }

    /// "CI_NODE_INDEX=2, CI_NODE_TOTAL=4", or "--shard 2/4".
    public var settingsText: String {
        settings.isEmpty ? "--shard \(index)/\(count)" : settings.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
    }

    /// A whole number written in ASCII digits only (no sign, no spaces), at most 18 of them.
    static func whole(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 18, s.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(s)
    }
}
