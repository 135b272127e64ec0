import Foundation
import FrameDiff

/// `framediff merge A.json B.json ...`: the shards of an audit joined into one report and table.
struct MergeCommand: Command {
    static let name = "merge"
    static let synopsis = "framediff merge A.json B.json... [--json FILE]"
    static let summary = "Joins the --json outputs of audit shards (or of check) into one report and prints the audit table."
    static let options = [OptionSpec.text("--json", "FILE", "write the merged report"), CommonOptions.help]

    let inputs: [String]
    let json: String?

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("merge takes one or more JSON files") }
        inputs = p.positionals
        json = p.value("--json")
    }

    func run() throws -> Int32 {
        // NB: one parse a shard, read for the table and the merged JSON alike (two readers once
        // disagreed on duplicate keys, a byte-order mark and a trailing comma: fuzz-merge)
        var films: [(film: String, json: JSON)] = []  // as the shards wrote them, key order kept
        var notRun: [String] = []
        var incomplete = false
        for path in inputs {
            let data = try InputFile.read(path, maxBytes: 1 << 30)
            let root: JSON
            do { root = try JSON.parse(data) } catch let e as JSON.ParseError {
                throw FilmError.unreadable(path: path, cause: "not valid JSON (\(e))")
            }
            guard let list = root["films"]?.arrayValue else {
                throw FilmError.unreadable(path: path, cause: "not a framediff report ({\"schema\": \"framediff/1\", \"films\": [...]})")
            }
            for item in list {
                guard let film = item["film"]?.stringValue else {
                    throw FilmError.unreadable(path: path, cause: "a member of \"films\" names no film")
                }
                films.append((film, item))
            }
            // a shard that was stopped before its end: its missing films are named, and merge fails
            if root["complete"]?.boolValue == false {
                incomplete = true
                let missing = (root["not_run"]?.arrayValue ?? []).compactMap(\.stringValue)
                notRun += missing
                Console.err("framediff: error: \(path): the audit was stopped before its end (\(missing.count) films not run)\n")
            }
        }
        films.sort { $0.film < $1.film }
        let rows = films.compactMap { FilmSummary(json: $0.json) }
        try Console.out(FilmSummary.table(rows))
        if let json {
            try emit(batchDocument(films.map { $0.json.rendered(pretty: false) }, notRun: incomplete ? notRun : nil), to: json)
        }
        return rows.contains(where: \.isError) || incomplete ? 2 : 0
    }
}
