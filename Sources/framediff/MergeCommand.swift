import Foundation
import FrameDiff

/// `framediff merge A.json B.json ...`: the shards of an audit joined into one report and table.
struct MergeCommand: Command {
    static let name = "merge"
    static let synopsis = "framediff merge A.json B.json... [--json FILE] [--allow-partial]"
    static let summary = """
        Joins the --json outputs of audit shards (or of check) into one report and prints the audit
        table. Shards must be all the shards of one split (each index once, the same film list);
        a complete set gives the table and JSON of one unsharded audit.
        """
    static let options = [
        OptionSpec.text("--json", "FILE", "write the merged report"),
        OptionSpec.flag("--allow-partial", "merge even when shards are missing or were stopped; the report says what is missing"),
        CommonOptions.help,
    ]

    let inputs: [String]
    let json: String?
    let allowPartial: Bool

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("merge takes one or more JSON files") }
        inputs = p.positionals
        json = p.value("--json")
        allowPartial = p.has("--allow-partial")
    }

    func run() throws -> Int32 {
        try refuseOutputs([json], overwriting: inputs)
        // NB: one parse a shard, read for the table and the merged JSON alike (two readers once
        // disagreed on duplicate keys, a byte-order mark and a trailing comma: fuzz-merge)
        var films: [(film: String, json: JSON, place: Int)] = []  // as the shards wrote them, key order kept
        var notRun: [String] = []
        var incomplete = false
        var manifests: [(file: String, manifest: ShardManifest?)] = []
        var stopped: [String] = []  // what is said of stopped shards, once the set is accepted
        for path in inputs {
            let data = try InputFile.read(path, maxBytes: 1 << 30)
            let root: JSON
            do { root = try JSON.parse(data) } catch let e as JSON.ParseError {
                throw FilmError.unreadable(path: path, cause: "not valid JSON (\(e))")
            }
            guard let list = root["films"]?.arrayValue else {
                throw FilmError.unreadable(path: path, cause: "not a framediff report ({\"schema\": \"framediff/1\", \"films\": [...]})")
            }
            // (another schema's fields may mean other things: its rows are not read as ours)
            if let schema = root["schema"], schema.stringValue != "framediff/1" {
                throw FilmError.unreadable(path: path, cause: "schema \(schema.rendered(pretty: false)), not \"framediff/1\"")
            }
            let manifest = try root["shard"].map { try ShardManifest(json: $0, file: path) }
            if let manifest, manifest.positions.count != list.count {
                throw ConfigError(file: path, path: "shard.positions", reason: "\(manifest.positions.count) places for \(list.count) films")
            }
            manifests.append((path, manifest))
            for (i, item) in list.enumerated() {
                guard let film = item["film"]?.stringValue else {
                    throw FilmError.unreadable(path: path, cause: "a member of \"films\" names no film")
                }
                // (a row is a film's report or its error: one with neither read as a 0-frame "ok")
                var isReport = false
                if case .object? = item["video"] { isReport = true }
                guard item["error"]?.stringValue != nil || isReport else {
                    throw FilmError.unreadable(path: path, cause: "\(film) has neither a report (\"video\") nor an \"error\"")
                }
                films.append((film, item, manifest?.positions[i] ?? 0))
            }
            // a shard that was stopped before its end: its missing films are named, and merge fails
            // (unless --allow-partial)
            if root["complete"]?.boolValue == false {
                incomplete = true
                let missing = (root["not_run"]?.arrayValue ?? []).compactMap(\.stringValue)
                notRun += missing
                stopped.append("framediff: \(allowPartial ? "warning" : "error"): \(path): the audit was stopped before its end (\(missing.count) films not run)\n")
            }
        }
        // shards in the unsharded audit's order (each film's place in its list); other reports by name
        let shards = try ShardSet.check(manifests, allowPartial: allowPartial)
        stopped.forEach(Console.err)
        // refused like a missing shard: no table and no --json that a later step could take for the whole
        if incomplete && !allowPartial { return 2 }
        films.sort { shards != nil && $0.place != $1.place ? $0.place < $1.place : $0.film < $1.film }
        let rows = films.compactMap { FilmSummary(json: $0.json) }
        try Console.out(FilmSummary.table(rows) + (shards?.summary ?? ""))
        // (the exit code 2 below is said on stderr too, one line a film that could not be analysed)
        for row in rows where row.isError {
            let cause = row.status.hasPrefix("error: ") ? String(row.status.dropFirst("error: ".count)) : row.status
            Console.err(Console.errorLine("\(row.film): \(cause)"))
        }
        if let json {
            let partial = incomplete || shards?.isComplete == false
            try emit(batchDocument(films.map { $0.json.rendered(pretty: false) }, notRun: partial ? notRun : nil,
                                   extra: shards.map { [("shards", $0.json)] } ?? []), to: json)
        }
        return rows.contains(where: \.isError) ? 2 : 0
    }
}
