/// The shards given to `merge`, checked to be the parts of one split: all shards (or none) of
/// one count, cut from one film list by one method, each index once, none missing unless
/// partial merges are allowed. What the merged report says of them (`"shards": {...}`).
///
///     let set = try ShardSet.check([("a.json", a), ("b.json", b)], allowPartial: false)
public struct ShardSet: Sendable, Equatable {
    public var count: Int
    public var method: String
    public var filmsSHA256: String
    public var filmsTotal: Int
    /// The shard indexes given, and those not given (empty for a complete set).
    public var merged: [Int]
    public var missing: [Int]
    /// The films of the missing shards: the whole list's, less those of the shards given.
    public var missingFilms: Int

    public var isComplete: Bool { missing.isEmpty }

    /// nil when no input is a shard (a merge of whole audits or of `check` outputs, as before).
    /// Throws `ShardError` when some inputs are shards and some not, when they disagree on the
    /// count, the method or the film list, when an index is given twice or two list a film at one
    /// place, and when one is missing unless `allowPartial`.
    public static func check(_ inputs: [(file: String, manifest: ShardManifest?)], allowPartial: Bool) throws -> ShardSet? {
        guard let first = inputs.first(where: { $0.manifest != nil }), let m0 = first.manifest else { return nil }
        if let plain = inputs.first(where: { $0.manifest == nil }) {
            throw ShardError.notAShard(file: plain.file, shard: first.file, index: m0.index, count: m0.count)
        }
        var byIndex: [Int: [String]] = [:]
        for (file, manifest) in inputs {
            let m = manifest!
            if m.count != m0.count {
                throw ShardError.countsDisagree(file: file, count: m.count, other: first.file, otherCount: m0.count)
            }
            if m.method != m0.method {
                throw ShardError.listsDiffer(file: file, other: first.file, what: "dealt \(m.method), not \(m0.method)")
            }
            if m.filmsSHA256 != m0.filmsSHA256 || m.filmsTotal != m0.filmsTotal {
                throw ShardError.listsDiffer(file: file, other: first.file,
                                             what: "\(m.filmsTotal) films, films_sha256 \(m.filmsSHA256.prefix(12)) against "
                                                 + "\(m0.filmsTotal), \(m0.filmsSHA256.prefix(12))")
            }
            byIndex[m.index, default: []].append(file)
        }
        let doubled = byIndex.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { (index: $0.key, files: $0.value) }
        // (one place, one film; a shard given twice is said as such below)
        if doubled.isEmpty {
            var owner: [Int: String] = [:]
            for (file, manifest) in inputs {
                for p in manifest!.positions {
                    if let other = owner.updateValue(file, forKey: p) { throw ShardError.placeTwice(file: file, other: other, place: p) }
                }
            }
        }
        let missing = (1...m0.count).filter { byIndex[$0] == nil }
        if !doubled.isEmpty || (!missing.isEmpty && !allowPartial) {
            throw ShardError.incompleteSet(count: m0.count, missing: missing, doubled: doubled)
        }
        // (each shard's films are 0...filmsTotal, checked when read; the sum saturates)
        let given = inputs.reduce(0) { sum, input in
            let (total, overflow) = sum.addingReportingOverflow(input.manifest!.films)
            return overflow ? Int.max : total
        }
        return ShardSet(count: m0.count, method: m0.method, filmsSHA256: m0.filmsSHA256, filmsTotal: m0.filmsTotal,
                        merged: byIndex.keys.sorted(), missing: missing, missingFilms: max(0, m0.filmsTotal - given))
    }

    /// The merged report's `shards` member.
    public var json: JSON {
        .object([
            ("count", .int(count)), ("method", .string(method)), ("films_sha256", .string(filmsSHA256)),
            ("films_total", .int(filmsTotal)), ("merged", .array(merged.map { .int($0) })),
            ("missing", .array(missing.map { .int($0) })), ("missing_films", .int(missingFilms)),
        ])
    }

    /// The line a partial merge prints under its table; nil for a complete one (whose table is
    /// the unsharded audit's, line for line).
    /// "incomplete: shards 2, 4 of 4 missing: 14 of 28 films not in this report"
    public var summary: String? {
        guard !isComplete else { return nil }
        return "incomplete: shard\(missing.count == 1 ? "" : "s") \(ShardError.ranges(missing)) of \(count) missing: "
            + "\(missingFilms) of \(filmsTotal) films not in this report\n"
    }
}
