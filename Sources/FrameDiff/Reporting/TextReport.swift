import Foundation

/// The report for a terminal: a header, each posture event with what happened during and after
/// it (times relative to the event), then the findings tied to no event.
///
///     print(report.text(colour: true))
extension Report {
    public func text(colour: Bool = false) -> String {
        let paint = Paint(enabled: colour)
        var out = paint.bold(oneLine(film)) + ": \(video.width)x\(video.height) \(video.codec), \(video.frames) frames, "
            + "\(JSON.format(video.durationMs / 1000, decimals: 2)) s\n"
        // (a report kept in a file says it too, not only the warning on stderr)
        if let short = video.shortfall { out += "  " + paint.bold(short) + "\n" }
        for s in events {
            out += "  " + paint.bold(s.event.title) + "\n"
            if s.during.isEmpty && s.after.isEmpty {
                out += "      nothing changed\n"
            }
            for i in s.during { out += "      under cover  " + findings[i].textLine(relativeTo: s.event.startMs, paint: paint) + "\n" }
            for i in s.after { out += "      after        " + findings[i].textLine(relativeTo: s.event.endMs, paint: paint) + "\n" }
            if let settled = s.settledAfterMs {
                out += "      settled " + signedSeconds(settled) + " after the event\n"
            }
        }
        let unrelated = findings.indices.filter { findings[$0].phase == .none }
        if !events.isEmpty && !unrelated.isEmpty { out += "  " + paint.bold("not tied to an event") + "\n" }
        for i in unrelated { out += (events.isEmpty ? "  " : "      ") + findings[i].textLine(relativeTo: nil, paint: paint) + "\n" }
        if findings.isEmpty { out += "  no findings\n" }
        return out
    }
}

extension PostureEvent {
    /// `bend 0 180°→110° 0.00–1.00 s`
    public var title: String {
        var t = "\(kind.rawValue) \(index)"
        if let from = fromDeg, let to = toDeg { t += " \(JSON.format(from, decimals: 1))°→\(JSON.format(to, decimals: 1))°" }
        if let o = orientation { t += " to \(o)" }
        t += " " + JSON.fixed(startMs / 1000, decimals: 2) + "–" + JSON.fixed(endMs / 1000, decimals: 2) + " s"
        if source == .inferred {
            t += confidence.map { " (seen in the film, confidence \(JSON.format($0, decimals: 2)))" } ?? " (seen in the film)"
        }
        return t
    }
}

extension Finding {
    /// `     2.043 s  cut              0,980 1240×400      rmse 0.310`

    /// One line; times relative to `origin` (ms) when given.
    func textLine(relativeTo origin: Double?, paint: Paint) -> String {
        let time = origin.map { signedSeconds(self.startMs - $0) } ?? JSON.format(self.startMs / 1000, decimals: 3) + " s"
        var line = pad(time, 10) + "  " + paint.kind(self.kind, label.padding(toLength: 14, withPad: " ", startingAt: 0))
        line += "  " + self.region.description.padding(toLength: 18, withPad: " ", startingAt: 0)
        line += "  rmse " + JSON.format(self.peakRMSE, decimals: 3)
        if let c = self.colour { line += "  " + c.hex }
        if !self.regions.isEmpty { line += "  \(self.regions.count) regions" }
        return line
    }
}

/// "+1.04 s"
func signedSeconds(_ ms: Double) -> String { (ms < 0 ? "-" : "+") + JSON.fixed(abs(ms) / 1000, decimals: 2) + " s" }

/// ANSI colour, only when asked (a terminal, and NO_COLOR unset).
struct Paint {
    var enabled: Bool
    func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func kind(_ k: FindingKind, _ s: String) -> String {
        enabled ? "\u{1B}[\(k.descriptor.terminalColour)m\(s)\u{1B}[0m" : s
    }
}
