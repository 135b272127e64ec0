import Foundation

/// One row of an audit: what a film is, what was found in it, its worst finding and its status.
/// Built from a Report, or from the JSON an audit (or a shard of one) wrote, so `merge` prints the
/// same table.
///
///     let row = FilmSummary(report: GateRules().judged(r))
public struct FilmSummary: Sendable {
    public var film: String
    public var durationMs: Double = 0
    public var frames = 0
    public var counts: [FindingKind: Int] = [:]
    /// "flash 83 ms at 2.000 s" — the finding with the worst verdict (then the largest RMSE).
    public var worst: String?
    /// "ok", "fail", or "error: cause".
    public var status: String

    /// From a judged report (its findings' verdicts decide the worst finding and the status).
    public init(report r: Report) {
        film = r.film
        durationMs = r.video.durationMs
        frames = r.video.frames
        for f in r.findings { counts[f.kind, default: 0] += 1 }
        let judged = r.findings.map { (f: $0, v: $0.verdict ?? .pass) }
        if let w = judged.max(by: { ($0.v, $0.f.peakRMSE) < ($1.v, $1.f.peakRMSE) }) { worst = w.f.short }
        status = judged.contains { $0.v == .fail } ? "fail" : "ok"
    }

    public init(film: String, error: String) {
        self.film = film
        status = "error: " + error
    }

    /// From one film of an audit's JSON (`{"film": ..., "error": ...}` or a framediff/1 report
    /// with `status`).
    public init?(json o: JSON) {
        guard let film = o["film"]?.stringValue else { return nil }
        self.film = film
        if let e = o["error"]?.stringValue {
            status = "error: " + e
            return
        }
        durationMs = o["video"]?["duration_ms"]?.doubleValue ?? 0
        // (a frame count too large for an Int is no count)
        frames = (o["video"]?["frames"]?.doubleValue).flatMap { Int(exactly: $0.rounded(.towardZero)) } ?? 0
        for f in o["findings"]?.arrayValue ?? [] {
            if let k = f["kind"]?.stringValue.flatMap(FindingKind.init) { counts[k, default: 0] += 1 }
        }
        worst = o["worst"]?.stringValue
        status = o["status"]?.stringValue ?? "ok"
    }

    public var isError: Bool { status.hasPrefix("error") }

    /// The table of an audit, a line per film, then the totals.
    public static func table(_ rows: [FilmSummary]) -> String {
        let kinds = FindingKind.allCases
        var lines = [["film", "duration", "frames"] + kinds.map(\.rawValue) + ["worst finding", "status"]]
        for r in rows {
            lines.append([r.film, r.isError ? "-" : JSON.format2(r.durationMs / 1000) + " s", r.isError ? "-" : String(r.frames)]
                         + kinds.map { r.isError ? "-" : String(r.counts[$0] ?? 0) } + [r.worst ?? "", r.status])
        }
        let widths = lines[0].indices.map { c in lines.map { $0[c].count }.max()! }
        var out = ""
        for (n, l) in lines.enumerated() {
            out += l.enumerated().map { c, s in
                c == 0 || c >= l.count - 2 ? s.padding(toLength: widths[c], withPad: " ", startingAt: 0) : pad(s, widths[c])
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
            if n == 0 { out += String(repeating: "-", count: widths.dropLast().reduce(0, +) + 2 * (widths.count - 1) + 6) + "\n" }
        }
        let failed = rows.filter { $0.status == "fail" }.count, errors = rows.filter(\.isError).count
        out += "\(rows.count) films: \(rows.count - failed - errors) ok, \(failed) with failing findings, \(errors) not analysed\n"
        return out
    }
}

extension Finding {
    /// "flash 83 ms at 2.000 s"
    public var short: String {
        kind.rawValue + (kind == .cut ? "" : " \(JSON.format(durationMs, decimals: 0)) ms") + " at " + String(format: "%.3f", startMs / 1000) + " s"
    }
}

extension FilmSummary {
    /// The folder of film `index` (0-based) in a multi-film HTML report: `001-laptop-inner`.
    public static func reportFolder(_ index: Int, _ film: String) -> String {
        String(format: "%03d-", index + 1) + ((film as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The index page of a multi-film HTML report: the audit table, each analysed film linked to
    /// its report folder.
    public static func htmlIndex(_ rows: [(summary: FilmSummary, folder: String?)], title: String) -> String {
        var body = ""
        for (r, folder) in rows {
            let name = folder.map { "<a href=\"\($0)/index.html\">\(html(r.film))</a>" } ?? html(r.film)
            body += "<tr><td>\(name)</td><td>\(r.isError ? "" : String(r.frames))</td>"
                + "<td>\(r.isError ? "" : FindingKind.allCases.map { String(r.counts[$0] ?? 0) }.joined(separator: " / "))</td>"
                + "<td>\(html(r.worst ?? ""))</td><td>\(html(r.status))</td></tr>\n"
        }
        return "<!doctype html><html lang=en><head><meta charset=utf-8><title>\(html(title))</title>"
            + "<style>body{font:14px system-ui,sans-serif;margin:24px}td,th{padding:2px 10px;text-align:left}</style></head><body>"
            + "<h1>\(html(title))</h1><table><tr><th>film</th><th>frames</th><th>cut / fade / flash / blank / motion</th>"
            + "<th>worst finding</th><th>status</th></tr>\n\(body)</table></body></html>\n"
    }
}
