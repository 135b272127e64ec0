import Foundation

/// A compact Markdown table for a pull-request comment, marking the findings the gate judged
/// failing or warned (`Finding.verdict`).
///
///     print(GateRules().judged(report).markdown())
extension Report {
    public func markdown() -> String {
        var out = "### `\(film)`\n\n\(video.width)×\(video.height) \(video.codec) · \(video.frames) frames · "
            + "\(JSON.fixed(video.durationMs / 1000, decimals: 2)) s"
        if !events.isEmpty { out += " · " + events.map { $0.event.title }.joined(separator: "; ") }
        out += "\n\n"
        if let short = video.shortfall { out += "⚠️ \(short)\n\n" }
        if findings.isEmpty { return out + "No findings.\n" }
        out += "| | time | finding | event | phase | region | rmse |\n|---|---:|---|---|---|---|---:|\n"
        for f in findings {
            let verdict = f.verdict ?? .pass
            let mark = verdict == .fail ? "❌" : verdict == .warn ? "⚠️" : ""
            var what = f.label
            if let c = f.colour { what += " `\(c.hex)`" }
            let event = f.event.flatMap { i in events.first { $0.event.index == i } }.map { "\($0.event.kind.rawValue) \($0.event.index)" } ?? ""
            out += "| \(mark) | \(JSON.fixed(f.startMs / 1000, decimals: 3)) s | \(what) | \(event) | \(f.phase.rawValue) | "
                + "\(f.region) | \(JSON.format(f.peakRMSE, decimals: 3)) |\n"
        }
        return out
    }
}
