import Foundation

/// What happened around one event: the findings under it and after it, and when the picture
/// finally settled.
public struct EventSummary: Sendable, Equatable {
    public var event: PostureEvent
    /// Indices into the report's findings.
    public var during: [Int]
    public var after: [Int]
    /// ms from the end of the event to the end of the last finding tied to it (nil: none).
    public var settledAfterMs: Double?
}

/// Ties each finding to at most one event: `during` when it starts inside the event or its cover,
/// `after` when it starts within the settle window after the event; the latest such event wins.
public func tie(_ findings: inout [Finding], to events: [PostureEvent], settleMs: Double) -> [EventSummary] {
    var summaries = events.map { EventSummary(event: $0, during: [], after: [], settledAfterMs: nil) }
    for i in findings.indices {
        // (times come from time bases like 1/600 s: 2300 ms may arrive as 2300.0000000000005)
        let t = findings[i].startMs, slack = 0.5
        var best: (event: Int, phase: Phase)?
        for (k, e) in events.enumerated() {
            if t >= e.startMs - slack && t <= e.coverEndMs + slack {
                best = (k, .during)
            } else if t > e.coverEndMs + slack && t <= e.endMs + settleMs + slack, best?.phase != .during || best == nil {
                best = (k, .after)
            }
        }
        guard let best else {
            findings[i].event = nil
            findings[i].phase = .none
            continue
        }
        findings[i].event = events[best.event].index
        findings[i].phase = best.phase
        if best.phase == .during { summaries[best.event].during.append(i) } else { summaries[best.event].after.append(i) }
        let settled = findings[i].endMs - events[best.event].endMs
        summaries[best.event].settledAfterMs = max(summaries[best.event].settledAfterMs ?? settled, settled)
    }
    return summaries
}
