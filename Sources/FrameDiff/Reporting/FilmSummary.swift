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

    /// From a judged report (its findings' verdicts decide the worst finding; they and its events
    /// that settled too late decide the status, as `check` decides).
    public init(report r: Report) {
        film = r.film
        durationMs = r.video.durationMs
        frames = r.video.frames
        for f in r.findings { counts[f.kind, default: 0] += 1 }
        let judged = r.findings.map { (f: $0, v: $0.verdict ?? .pass) }
        if let w = judged.max(by: { ($0.v, $0.f.peakRMSE) < ($1.v, $1.f.peakRMSE) }) { worst = w.f.short }
        status = judged.contains { $0.v == .fail } || !r.eventFailures.isEmpty ? "fail" : "ok"
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
            if let k = f["kind"]?.stringValue.flatMap(FindingKind.init(name:)) { counts[k, default: 0] += 1 }
        }
        worst = o["worst"]?.stringValue
        status = o["status"]?.stringValue ?? "ok"
    }

    public var isError: Bool { status.hasPrefix("error") }
}
