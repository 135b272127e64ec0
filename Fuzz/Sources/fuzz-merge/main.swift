// Fuzz target: an audit shard's JSON as `framediff merge` reads it: JSON.parse (the order-keeping
// parser of Reporting/JSONParser.swift), FilmSummary(json:) and the audit table. Checks (a failed
// one traps, so it is reported as a crash):
//   1. what JSON.parse accepts renders to JSON that JSONSerialization reads, and parses back to
//      the same rendering (merge --json writes that rendering);
//   2. every film the table shows is a film the merged JSON writes. (Merge once read a shard twice,
//      with JSONSerialization for the table and JSON.parse for the JSON, and the two disagreed on
//      duplicate keys, a byte-order mark and a trailing comma; it now parses once.)
//   3. a "shard" member that reads as a manifest renders back to one that reads the same; merge's
//      check of the set takes it alone (partial: every other index missing), refuses it alone
//      unless it is shard 1 of 1, and refuses it given twice.
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
    guard let root = ordered, let list = root["films"]?.arrayValue else { return 0 }
    let films = list.compactMap { item in item["film"]?.stringValue.map { ($0, item) } }
    let rows = films.compactMap { FilmSummary(json: $0.1) }
    precondition(rows.map(\.film) == films.map(\.0), "merge: the table lists films the JSON does not")
    _ = FilmSummary.table(rows)
    if let member = root["shard"], let m = try? ShardManifest(json: member, file: "fuzz.json") {
        let again = try? ShardManifest(json: try JSON.parse(Data(m.json.rendered(pretty: false).utf8)), file: "again.json")
        precondition(again.map { var a = $0; a.variables = m.variables; return a } == m, "ShardManifest: its rendering reads back otherwise")
        let set = try? ShardSet.check([("a", m)], allowPartial: true)
        precondition(set?.merged == [m.index] && set?.missing.count == m.count - 1, "ShardSet: one shard, partial")
        _ = set?.json.rendered(pretty: false)
        _ = set?.summary
        let alone = try? ShardSet.check([("a", m)], allowPartial: false)
        precondition((alone != nil) == (m.count == 1), "ShardSet: one shard of several taken as complete")
        precondition((try? ShardSet.check([("a", m), ("b", m)], allowPartial: true)) == nil, "ShardSet: a shard twice")
        _ = m.summary
    }
    return 0
}

runFuzzer(target)
