import Foundation

/// How an audit's films are dealt to N shards so that the shards finish together, the same on
/// every machine that sees the same files.
///
/// The work of a film grows with its length and so, roughly, with its bytes; every Nth film of a
/// sorted list gives one shard all the long films when names sort by length (`long-01.mp4`,
/// `long-02.mp4`, ... `short-01.mp4`). So the films are dealt by size, largest first (ties by
/// path, as UTF-8 bytes), each to the shard with the fewest bytes so far (ties to the lowest
/// index): the greedy "largest first" schedule, whose fullest shard holds at most the mean plus
/// one film. Each shard then analyses its films in the audit's own order.
///
/// `digest` names the split: the SHA-256 of the films sorted by path (UTF-8 bytes), each as its
/// path, a NUL, its size in decimal and a NUL. Shards of one split have the same digest; a shard
/// run on another copy of the captures (a film more, a film less, a film re-encoded) has another.
///
///     let plan = ShardPlan(films: try findFilms(["captures/"]), count: 4)
///     let mine = plan.positions(ofShard: 2).map { plan.films[$0] }
public struct ShardPlan: Sendable {
    /// What the shards' JSON calls this way of dealing (`shard.method`); another way must have
    /// another name, so that merge refuses to join shards dealt two ways.
    public static let method = "largest-first-by-bytes"

    /// The films in the audit's order, and each one's size in bytes.
    public let films: [String]
    public let bytes: [Int]
    public let count: Int
    /// The shard (1-based) of each film, by its place in `films`.
    public let shardOf: [Int]
    /// See the type's documentation.
    public let digest: String

    /// Deals `films` (with their sizes, `bytes[i]` for `films[i]`) to `count` shards.
    public init(films: [String], bytes: [Int], count: Int) {
        precondition(films.count == bytes.count && count >= 1)
        self.films = films
        self.bytes = bytes
        self.count = count
        let paths = films.map { Array($0.utf8) }
        let largestFirst = films.indices.sorted { a, b in
            bytes[a] != bytes[b] ? bytes[a] > bytes[b] : paths[a] != paths[b] ? paths[a].lexicographicallyPrecedes(paths[b]) : a < b
        }
        var shardOf = [Int](repeating: 0, count: films.count)
        var lightest = ShardLoads(count: count)
        for i in largestFirst { shardOf[i] = lightest.take(bytes[i]) + 1 }
        self.shardOf = shardOf
        var listed: [UInt8] = []
        for i in films.indices.sorted(by: { paths[$0].lexicographicallyPrecedes(paths[$1]) }) {
            listed += paths[i] + [0] + Array(String(bytes[i]).utf8) + [0]
        }
        digest = sha256Hex(listed)
    }

    /// Deals `films` by their sizes on disk (`ShardPlan.bytesOnDisk`).
    public init(films: [String], count: Int) {
        self.init(films: films, bytes: films.map(ShardPlan.bytesOnDisk), count: count)
    }

    /// The places in `films` of the films of shard `k` (1-based), in the audit's order.
    public func positions(ofShard k: Int) -> [Int] { films.indices.filter { shardOf[$0] == k } }

    public func bytes(ofShard k: Int) -> Int { films.indices.reduce(0) { $0 + (shardOf[$1] == k ? bytes[$1] : 0) } }

    public var totalBytes: Int { bytes.reduce(0, +) }

    /// A film's size: a file's bytes (through symbolic links), a folder of PNG frames' the sum of
    /// its `.png` files'; 0 for what cannot be looked at (it is listed, and fails, all the same).
    /// Read from the file system's metadata only: no film is opened.
    public static func bytesOnDisk(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return 0 }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return Int(st.st_size) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".png") }.reduce(0) { sum, name in
            var f = stat()
            let file = (path as NSString).appendingPathComponent(name)
            return sum + (stat(file, &f) == 0 && (f.st_mode & S_IFMT) == S_IFREG ? Int(f.st_size) : 0)
        }
    }
}

/// The bytes dealt to each shard so far, as a binary min-heap of (bytes, shard), so that dealing
/// F films to N shards takes F log N steps (an Indexed Job may have thousands of completions).
private struct ShardLoads {
    private var heap: [(bytes: Int, shard: Int)]

    init(count: Int) { heap = (0..<count).map { (0, $0) } }  // (already a heap: all equal, by index)

    private func less(_ a: Int, _ b: Int) -> Bool {
        heap[a].bytes != heap[b].bytes ? heap[a].bytes < heap[b].bytes : heap[a].shard < heap[b].shard
    }

    /// The lightest shard (0-based; the lowest index among equals), after adding `bytes` to it.
    mutating func take(_ bytes: Int) -> Int {
        let shard = heap[0].shard
        heap[0].bytes += bytes
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count && less(l, m) { m = l }
            if r < heap.count && less(r, m) { m = r }
            if m == i { return shard }
            heap.swapAt(i, m)
            i = m
        }
    }
}
