/// The framediff/1 JSON object of DESIGN.md for one report.
extension Report {
    public var json: JSON {
        .object([
            ("schema", .string("framediff/1")),
            ("tool", .string(FrameDiffVersion.string)),
            ("film", .string(film)),
            ("video", .object([
                ("width", .int(video.width)), ("height", .int(video.height)), ("frames", .int(video.frames)),
                ("duration_ms", .number(video.durationMs, decimals: 1)), ("codec", .string(video.codec)),
                ("rotation", .int(video.rotation)), ("corrupt_packets", .int(video.corruptPackets)),
                ("read_short", .bool(video.readShort)),
            ] + (video.mirrored ? [("mirrored", .bool(true))] : [])
              + (video.readShort ? [("read_short_cause", .string(video.shortfall ?? "read short"))] : [])
              + (video.lengthChecked ? [] : [("length_checked", .bool(false))]))),
            ("events", .array(events.map(\.json))),
            ("findings", .array(findings.map(\.json))),
            ("top_deltas", .array(topDeltas.map(\.json))),
            ("noise_floor", .number(noiseFloor, decimals: 6)),
            ("tile_threshold", .number(threshold, decimals: 6)),
        ] + (hitches.map { h in [("hitches", .object([
            ("count", .int(h.hitches.count)), ("hitch_ms", .number(h.hitchMs, decimals: 3)),
            ("hitch_ratio_ms_per_s", .number(h.hitchRatioMsPerS, decimals: 3)),
        ]))] } ?? []))
    }
}

extension EventSummary {
    public var json: JSON {
        let e = event
        var members: [(String, JSON)] = [
            ("index", .int(e.index)), ("kind", .string(e.kind.rawValue)),
            ("start_ms", .number(e.startMs, decimals: 3)), ("end_ms", .number(e.endMs, decimals: 3)),
        ]
        if let from = e.fromDeg { members.append(("from_deg", .number(from, decimals: 2))) }
        if let to = e.toDeg { members.append(("to_deg", .number(to, decimals: 2))) }
        if let o = e.orientation { members.append(("orientation", .string(o))) }
        members.append(("source", .string(e.source.rawValue)))
        if let c = e.confidence { members.append(("confidence", .number(c, decimals: 2))) }
        if !e.evidence.isEmpty { members.append(("evidence", .object(e.evidence.map { ($0.name, .number($0.value, decimals: 4)) }))) }
        members += [
            ("cover_end_ms", .number(e.coverEndMs, decimals: 3)),
            ("findings_during", .array(during.map { .int($0) })),
            ("findings_after", .array(after.map { .int($0) })),
            ("settled_after_ms", settledAfterMs.map { .number($0, decimals: 3) } ?? .null),
        ]
        return .object(members)
    }
}

extension Finding {
    public var json: JSON {
        var members: [(String, JSON)] = [
            ("kind", .string(self.kind.descriptor.name)),
            ("start_ms", .number(self.startMs, decimals: 3)),
            ("end_ms", .number(self.endMs, decimals: 3)),
            ("duration_ms", .number(self.durationMs, decimals: 3)),
            ("first_frame", .int(self.firstFrame)),
            ("last_frame", .int(self.lastFrame)),
            ("peak_rmse", .number(self.peakRMSE, decimals: 6)),
            ("region", self.region.json),
            ("area", .number(self.area, decimals: 4)),
        ]
        if !self.regions.isEmpty { members.append(("regions", .array(self.regions.map(\.json)))) }
        if let c = self.colour { members.append(("colour", .string(c.hex))) }
        if !self.evidence.isEmpty {
            members.append(("evidence", .object(self.evidence.map { ($0.name, .number($0.value, decimals: 4)) })))
        }
        if let parent { members.append(("parent", .int(parent))) }
        if let hitchMs { members.append(("hitch_ms", .number(hitchMs, decimals: 3))) }
        if let hitchRatioMsPerS { members.append(("hitch_ratio_ms_per_s", .number(hitchRatioMsPerS, decimals: 3))) }
        members.append(("event", event.map { .int($0) } ?? .null))
        members.append(("phase", .string(phase.rawValue)))
        return .object(members)
    }
}

extension SIMD3 where Scalar == UInt8 {
    /// "#9e9e9e"
    var hex: String {
        "#" + [x, y, z].map { v in
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}

/// The `{"schema", "tool", "films": [...]}` document of several films (one report or error object
/// each), as analyse and check print it; audit and merge write the same members one film a line
/// (`batchHeader`).
///
///     print(filmsDocument(reports.map(\.json)).rendered())
public func filmsDocument(_ films: [JSON]) -> JSON {
    .object(batchHeader + [("films", .array(films))])
}

/// The members a batch document begins with. (Computed, not a lazy global: LeakSanitizer reported
/// the global's two members as leaked when SIGTERM stopped an audit, the sanitize run's only report.)
public var batchHeader: [(String, JSON)] { [("schema", .string("framediff/1")), ("tool", .string(FrameDiffVersion.string))] }

/// The `{"schema", "tool", "films"}` document of a batch (audit, merge), one film a line (each
/// item already rendered compactly: audit renders a film as soon as it is analysed, so it keeps
/// no reports); with `notRun` (an interrupted run) it says `"complete": false` and lists the
/// films not analysed. The same members, in the same order, as `filmsDocument`; `extra` members
/// (a shard's `shard`, a merge's `shards`) come just before `films`.
///
///     try emit(batchDocument(items, notRun: nil), to: "audit.json")
public func batchDocument(_ items: [String], notRun: [String]? = nil, extra: [(String, JSON)] = []) -> String {
    var members = batchHeader
    if let notRun { members += [("complete", .bool(false)), ("not_run", .array(notRun.map { .string($0) }))] }
    members += extra
    let head = "{" + members.map { JSON.string($0.0).rendered(pretty: false) + ": " + $0.1.rendered(pretty: false) }.joined(separator: ", ")
    return head + (items.isEmpty ? ", \"films\": []}\n" : ", \"films\": [\n  " + items.joined(separator: ",\n  ") + "\n]}\n")
}

/// A film that could not be analysed, as every batch document lists it: `{"film", "error"}`.
public func filmError(_ film: String, _ cause: String) -> JSON {
    .object([("film", .string(film)), ("error", .string(cause))])
}
