import Foundation
import FrameDiff

/// `framediff merge A.json B.json ...`: the shards of an audit joined into one report and table.
struct MergeCommand: Command {
    static let name = "merge"
    static let synopsis = "framediff merge A.json B.json... [--json FILE]"
    static let summary = "Joins the --json outputs of audit shards (or of check) into one report and prints the audit table."
    static let options = [OptionSpec(name: "--json", value: "FILE", help: "write the merged report"), CommonOptions.help]

    let inputs: [String]
    let json: String?

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("merge takes one or more JSON files") }
        inputs = p.positionals
        json = p.value("--json")
    }

    func run() throws -> Int32 {
        var films: [[String: Any]] = []
        var ordered: [(film: String, json: JSON)] = []  // as the shards wrote them, key order kept
        var notRun: [String] = []
        var incomplete = false
        for path in inputs {
            let data = try InputFile.read(path, maxBytes: 1 << 30)
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let list = root["films"] as? [[String: Any]] else {
                throw FilmError.unreadable(path: path, cause: "not a framediff report ({\"schema\": \"framediff/1\", \"films\": [...]})")
            }
            films += list
            if case .object(let members)? = try? JSON.parse(data), case .array(let items)? = members.first(where: { $0.0 == "films" })?.1 {
                for item in items {
                    guard case .object(let m) = item, case .string(let film)? = m.first(where: { $0.0 == "film" })?.1 else { continue }
                    ordered.append((film, item))
                }
            }
            // a shard that was stopped before its end: its missing films are named, and merge fails
            if root["complete"] as? Bool == false {
                incomplete = true
                let missing = root["not_run"] as? [String] ?? []
                notRun += missing
                Console.err("framediff: error: \(path): the audit was stopped before its end (\(missing.count) films not run)\n")
            }
        }
        films.sort { ($0["film"] as? String ?? "") < ($1["film"] as? String ?? "") }
        let rows = films.compactMap(FilmSummary.init(json:))
        try Console.out(FilmSummary.table(rows))
        if let json {
            let items = ordered.sorted { $0.film < $1.film }.map { $0.json.rendered(pretty: false) }
            try emit(batchJSON(items, notRun: incomplete ? notRun : nil), to: json)
        }
        return rows.contains(where: \.isError) || incomplete ? 2 : 0
    }
}
