/// Why an audit cannot take its shard, or why `merge` will not join a set of shards. Each
/// description is the one line the CLI prints before exiting with 2.
///
///     catch let e as ShardError { print(e) }   // merge: shards of 4: 2 missing; ...
public enum ShardError: Error, CustomStringConvertible, Equatable {
    /// `--shard` is neither `K/N` with 1 ≤ K ≤ N ≤ `ShardChoice.maxCount` nor `auto`.
    case badSpec(String)
    /// `--shard auto` found no engine's shard variables in the environment.
    case noEngine
    /// `--shard auto` found two engines whose variables name different shards.
    case enginesDisagree(ShardChoice, ShardChoice)
    /// An engine's variable is missing its partner, is not a whole number, or is out of range;
    /// the reason names the variable and its value.
    case badVariable(String)
    /// Some of merge's inputs are audit shards and this one is not (or the other way round).
    case notAShard(file: String, shard: String, index: Int, count: Int)
    /// Two shards were cut from splits into different numbers of shards.
    case countsDisagree(file: String, count: Int, other: String, otherCount: Int)
    /// Two shards split different film lists, or split them by different methods.
    case listsDiffer(file: String, other: String, what: String)
    /// Shards are missing (and `--allow-partial` was not given) or given more than once.
    case incompleteSet(count: Int, missing: [Int], doubled: [(index: Int, files: [String])])
    /// Two shards list a film at the same place of the whole list: not cut from one split.
    case placeTwice(file: String, other: String, place: Int)

    public static func == (a: ShardError, b: ShardError) -> Bool { a.description == b.description }

    public var description: String {
        switch self {
        case .badSpec(let s):
            return "--shard takes K/N with 1 ≤ K ≤ N ≤ \(ShardChoice.maxCount), or auto, not '\(s)'"
        case .noEngine:
            let names = ShardEngine.engines.map { e in e.indexVariable + (e == .kubernetes ? " with " + e.countVariable : "") }
            return "--shard auto: no engine's shard variables are set (" + names.joined(separator: ", ") + ")"
        case .enginesDisagree(let a, let b):
            return "--shard auto: \(a.engine.title) says shard \(a.index) of \(a.count) (\(a.settingsText)) but "
                + "\(b.engine.title) says \(b.index) of \(b.count) (\(b.settingsText))"
        case .badVariable(let reason):
            return "--shard auto: " + reason
        case .notAShard(let file, let shard, let index, let count):
            return "merge: \(file) is no audit shard (no \"shard\" member) but \(shard) is shard \(index) of \(count)"
        case .countsDisagree(let file, let count, let other, let otherCount):
            return "merge: \(file) is a shard of \(count) but \(other) a shard of \(otherCount)"
        case .listsDiffer(let file, let other, let what):
            return "merge: \(file) and \(other) split different film lists (\(what)): run every shard on the same files"
        case .placeTwice(let file, let other, let place):
            return "merge: \(file) and \(other) both list a film at place \(place) of the whole list: run every shard on the same files"
        case .incompleteSet(let count, let missing, let doubled):
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(ShardError.ranges(missing))") }
            for d in doubled.prefix(5) { parts.append("shard \(d.index) given \(d.files.count == 2 ? "twice" : "\(d.files.count) times") (\(d.files.joined(separator: ", ")))") }
            if doubled.count > 5 { parts.append("\(doubled.count - 5) more shards given twice") }
            let hint = doubled.isEmpty ? "; --allow-partial merges without the missing ones" : ""
            return "merge: shards of \(count): " + parts.joined(separator: "; ") + hint
        }
    }

    /// "2, 4-7, 9": shard indexes as ranges, at most 10 of them, so the line stays one line.
    public static func ranges(_ indexes: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for i in indexes.sorted() {
            if let last = runs.last, last.1 + 1 == i { runs[runs.count - 1].1 = i } else { runs.append((i, i)) }
        }
        let shown = runs.prefix(10).map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)-\($0.1)" }
        return shown.joined(separator: ", ") + (runs.count > 10 ? " and \(runs.count - 10) more ranges" : "")
    }
}
