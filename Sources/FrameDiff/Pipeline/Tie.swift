/// Ties each finding to at most one event (`eventPhase`), sets its `event` and `phase`, and says
/// for each event what happened under it and after it and when the picture settled.
///
///     let summaries = tie(&findings, to: events, settleMs: 3000)
public func tie(_ findings: inout [Finding], to events: [PostureEvent], settleMs: Double) -> [EventSummary] {
    var summaries = events.map { EventSummary(event: $0, during: [], after: [], settledAfterMs: nil) }
    for i in findings.indices {
        guard let best = eventPhase(startMs: findings[i].startMs, events: events, settleMs: settleMs) else {
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
