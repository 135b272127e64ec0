/// Union-find over 0..<count: the groups the rules join (fills of one placeholder, pieces of one
/// transition, lineages of one busy region).
///
///     var s = DisjointSets(count: 4); s.union(0, 2); s.find(2) == s.find(0)
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    mutating func union(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
}
