import Foundation

/// What happened around one event: the findings under it and after it, and when the picture
/// finally settled. `tie` makes one for each event.
///
///     for s in tie(&findings, to: events, settleMs: 3000) { print(s.event.kind, s.during.count, s.settledAfterMs ?? 0) }
public struct EventSummary: Sendable, Equatable {
    public var event: PostureEvent
    /// Indices into the report's findings.
    public var during: [Int]
    public var after: [Int]
    /// ms from the end of the event to the end of the last finding tied to it (nil: none).
    public var settledAfterMs: Double?
}

/// The event a change starting at `startMs` belongs to (its position in `events`) and how:
/// `during` when it starts inside the event or its cover, `after` when it starts within the settle
/// window after the event; the latest such event wins, and `during` beats `after`. nil: none.
///
///     eventPhase(startMs: 1200, events: events, settleMs: 3000)   // (0, .after)
public func eventPhase(startMs t: Double, events: [PostureEvent], settleMs: Double) -> (event: Int, phase: Phase)? {
    // (times come from time bases like 1/600 s: 2300 ms may arrive as 2300.0000000000005)
    let slack = 0.5
    var best: (event: Int, phase: Phase)?
    for (k, e) in events.enumerated() {
        if t >= e.startMs - slack && t <= e.coverEndMs + slack {
            best = (k, .during)
        } else if t > e.coverEndMs + slack && t <= e.endMs + settleMs + slack, best?.phase != .during || best == nil {
            best = (k, .after)
        }
    }
    return best
}
