// Fuzz target: an audit shard's JSON as `framediff merge` reads it: JSON.parse (the order-keeping
// parser of Reporting/JSONParser.swift) beside Foundation's JSONSerialization, FilmSummary(json:)
// and the audit table. Differential checks (a failed one traps, so it is reported as a crash):
//   1. what JSON.parse accepts renders to JSON that JSONSerialization reads, and parses back to
//      the same rendering (merge --json writes that rendering);
//   2. when JSONSerialization finds N films (objects with a "film" string) under "films", JSON.parse
//      finds the same N films in the same order, since merge prints its table from the first and
//      writes its JSON from the second: a film in one and not the other is a film lost.
@testable import FrameDiff
import Foundation
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(bytes(data, size))
    let ordered = try? JSON.parse(input)
    if let ordered {
        let text = ordered.rendered(pretty: false)
        let back = try? JSON.parse(Data(text.utf8))
        precondition(back?.rendered(pretty: false) == text, "JSON.parse: its own rendering does not parse back the same")
        precondition((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil,
                     "JSON.parse: its rendering is not JSON to JSONSerialization")
        _ = ordered.rendered(pretty: true)
    }
    if parseOnly { return 0 }
    guard let root = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
          let list = root["films"] as? [[String: Any]] else { return 0 }
    // merge's two readings of the same shard
    let byFoundation = list.compactMap { $0["film"] as? String }
    var byParser: [String] = []
    if case .object(let members)? = ordered, case .array(let items)? = members.first(where: { $0.0 == "films" })?.1 {
        for item in items {
            guard case .object(let m) = item, case .string(let film)? = m.first(where: { $0.0 == "film" })?.1 else { continue }
            byParser.append(film)
        }
    }
    precondition(byFoundation == byParser, "merge: JSONSerialization reads films \(byFoundation), JSON.parse \(byParser)")
    let rows = list.compactMap(FilmSummary.init(json:))
    _ = FilmSummary.table(rows)
    return 0
}

runFuzzer(target)
