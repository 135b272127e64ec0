/// Union-find over 0..<count: the groups the rules join (fills of one placeholder, pieces of one
/// transition, lineages of one busy region).
///
///     var s = DisjointSets(count: 4); s.union(0, 2); s.find(2) == s.find(0)
struct DisjointSets {
    // NB: Int32 parents: a window's fills can number 100,000+ (FillGroups), and their work
    // arrays were the largest block the classifier allocated.
    private var parent: [Int32]

    init(count: Int) {
        precondition(count <= Int(Int32.max), "DisjointSets holds at most Int32.max elements")
        parent = Array(0..<Int32(count))
    }

    /// The root of `i`'s group (halving the path to it on the way).
    mutating func find(_ i: Int) -> Int {
        var i = i
        while Int(parent[i]) != i {
            parent[i] = parent[Int(parent[i])]
            i = Int(parent[i])
        }
        return i
    }

    /// Joins `a`'s group to `b`'s: `b`'s root becomes the root of both.
    mutating func union(_ a: Int, _ b: Int) { parent[find(a)] = Int32(find(b)) }
}
