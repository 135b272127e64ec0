import Foundation

/// An audit's rows as the terminal and the browser show them: the table with its totals, the
/// index page linking each film's report folder.
///
///     print(FilmSummary.table(rows))
extension FilmSummary {
    /// The table of an audit, a line per film, then the totals.
    public static func table(_ rows: [FilmSummary]) -> String {
        let kinds = FindingKind.allCases
        var lines = [["film", "duration", "frames"] + kinds.map(\.descriptor.name) + ["worst finding", "status"]]
        for r in rows {
            lines.append([oneLine(r.film), r.isError ? "-" : JSON.fixed(r.durationMs / 1000, decimals: 2) + " s", r.isError ? "-" : String(r.frames)]
                         + kinds.map { r.isError ? "-" : String(r.counts[$0] ?? 0) } + [oneLine(r.worst ?? ""), oneLine(r.status)])
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

    /// The folder of film `index` (0-based) in a multi-film HTML report: `001-laptop-inner`.
    public static func reportFolder(_ index: Int, _ film: String) -> String {
        String(format: "%03d-", index + 1) + ((film as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The index page of a multi-film HTML report: the audit table, each analysed film linked to
    /// its report folder.
    public static func htmlIndex(_ rows: [(summary: FilmSummary, folder: String?)], title: String) -> String {
        var body = ""
        for (r, folder) in rows {
            // (a folder is named after its film, whatever characters the film's name holds)
            let name = folder.map { "<a href=\"\(html($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0))/index.html\">\(html(r.film))</a>" } ?? html(r.film)
            body += "<tr><td>\(name)</td><td>\(r.isError ? "" : String(r.frames))</td>"
                + "<td>\(r.isError ? "" : FindingKind.allCases.map { String(r.counts[$0] ?? 0) }.joined(separator: " / "))</td>"
                + "<td>\(html(r.worst ?? ""))</td><td>\(html(r.status))</td></tr>\n"
        }
        return "<!doctype html><html lang=en><head><meta charset=utf-8><title>\(html(title))</title>"
            + "<style>body{font:14px system-ui,sans-serif;margin:24px}td,th{padding:2px 10px;text-align:left}</style></head><body>"
            + "<h1>\(html(title))</h1><table><tr><th>film</th><th>frames</th><th>\(FindingKind.names(separator: " / "))</th>"
            + "<th>worst finding</th><th>status</th></tr>\n\(body)</table></body></html>\n"
    }
}
