import Foundation

/// Where posture events come from and how findings are tied to them.
///
///     var o = PostureOptions(); o.steps = "path:1.0:180:110 wait:2"; o.settleMs = 3000
public struct PostureOptions: Sendable {
    /// `--events FILE`.
    public var eventsFile: String?
    /// `--steps "..."`.
    public var steps: String?
    /// When the recording script's first step began, in ms of the film (`--steps-offset`).
    public var stepsOffsetMs: Double = 0
    /// How far past an event a finding still counts as its consequence (`--settle`, ms): the
    /// crease becomes active ~1 s after the hinge stops; reserved regions take seconds to settle.
    public var settleMs: Double = 3000
    /// How long the system's cover (fold/unfold blur, rotation animation) outlasts the event (ms).
    public var coverMs: Double = 500
    /// Infer events from the film when none are given (`--no-infer` turns it off).
    public var infer = true

    public init() {}
}

/// The posture events of a film, in order of preference: `--events`, a NAME.events.json sidecar,
/// `--steps`, a NAME.steps sidecar. Empty when there are none (the caller may infer some).
public func postureEvents(for film: String, options: PostureOptions) throws -> [PostureEvent] {
    if let file = options.eventsFile { return try readEvents(file, options: options) }
    let sidecars = sidecarStems(of: film)
    for stem in sidecars where FileManager.default.fileExists(atPath: stem + ".events.json") {
        return try readEvents(stem + ".events.json", options: options)
    }
    if let steps = options.steps {
        return try StepsScript.parse(steps, offsetMs: options.stepsOffsetMs, coverMs: options.coverMs)
    }
    for stem in sidecars where FileManager.default.fileExists(atPath: stem + ".steps") {
        guard let text = try? String(contentsOfFile: stem + ".steps", encoding: .utf8) else {
            throw FilmError.unreadable(path: stem + ".steps", cause: "cannot read the steps file")
        }
        do {
            return try StepsScript.parse(text, offsetMs: options.stepsOffsetMs, coverMs: options.coverMs)
        } catch let e as StepsScript.ParseError {
            throw FilmError.unreadable(path: stem + ".steps", cause: e.description)
        }
    }
    return []
}

private func readEvents(_ path: String, options: PostureOptions) throws -> [PostureEvent] {
    let data = try InputFile.read(path)
    do {
        return try EventsFile.parse(data, name: (path as NSString).lastPathComponent, coverMs: options.coverMs)
    } catch let e as EventsFile.ParseError {
        throw FilmError.unreadable(path: path, cause: "\(e.path): \(e.reason)")
    }
}

/// `films/laptop-inner.mp4` → `films/laptop-inner`, `films/laptop` (the display suffix dropped).
func sidecarStems(of film: String) -> [String] {
    let stem = (film as NSString).deletingPathExtension
    var stems = [stem]
    for suffix in ["-inner", "-outer"] where stem.hasSuffix(suffix) { stems.append(String(stem.dropLast(suffix.count))) }
    return stems
}

/// Posture events seen in the film itself: a frame that turns (width and height swap) is a
/// rotation, whatever cover surrounds it; a frame that changes size otherwise is the other display
/// taking over (larger: open, smaller: close); a blur cover is a fold or unfold under the system's
/// cover: open or close by the size change inside it, `close` when the size stays (a recording of
/// one display cannot tell a fold from an unfold); a rotation animation inside a fixed frame
/// (RotationTracker) is a rotation. Each carries its evidence and a confidence.
func inferredEvents(sizeChanges: [(ptsMs: Double, from: (Int, Int), to: (Int, Int), animatedFromMs: Double)],
                    covers: [CoverTracker.Cover] = [],
                    rotations: [RotationTracker.Turn] = [], coverMs: Double) -> [PostureEvent] {
    typealias SizeChange = (ptsMs: Double, from: (Int, Int), to: (Int, Int), animatedFromMs: Double)
    func swapped(_ c: SizeChange) -> Bool { c.from.0 == c.to.1 && c.from.1 == c.to.0 }
    func sizes(_ c: SizeChange) -> [Evidence] {
        [Evidence("from_width", Double(c.from.0)), Evidence("from_height", Double(c.from.1)),
         Evidence("to_width", Double(c.to.0)), Evidence("to_height", Double(c.to.1))]
    }
    // a rotation animation is the system's cover itself
    var events = rotations.map { r in
        var e = PostureEvent(index: 0, kind: .rotation, startMs: r.startMs, endMs: r.endMs, source: .inferred)
        e.confidence = r.confidence
        e.evidence = r.evidence
        return e
    }
    var used = Set<Int>()
    for cover in covers {
        var kind = PostureEvent.Kind.close
        var e = PostureEvent(index: 0, kind: kind, startMs: cover.startMs, endMs: cover.endMs, source: .inferred)
        e.evidence = [Evidence("detail_left", cover.detailLeft), Evidence("colour_shift", cover.shift)]
        // the size unknown: a fold and an unfold look alike
        e.confidence = 0.6
        if let i = sizeChanges.firstIndex(where: { $0.ptsMs >= cover.startMs && $0.ptsMs <= cover.endMs }) {
            used.insert(i)
            let c = sizeChanges[i]
            kind = swapped(c) ? .rotation : c.to.0 * c.to.1 > c.from.0 * c.from.1 ? .open : .close
            e.kind = kind
            e.evidence += sizes(c)
            e.confidence = 0.95
        }
        events.append(e)
    }
    for (i, c) in sizeChanges.enumerated() where !used.contains(i) {
        let kind: PostureEvent.Kind = swapped(c) ? .rotation : c.to.0 * c.to.1 > c.from.0 * c.from.1 ? .open : .close
        // (an animation just before the turn is the system's: the event starts with it)
        var e = PostureEvent(index: 0, kind: kind, startMs: c.animatedFromMs, endMs: c.ptsMs, source: .inferred,
                             coverEndMs: c.ptsMs + coverMs)
        e.evidence = sizes(c) + (c.animatedFromMs < c.ptsMs ? [Evidence("animated_ms", c.ptsMs - c.animatedFromMs)] : [])
        e.confidence = swapped(c) ? 0.95 : 0.8
        events.append(e)
    }
    // a rotation animation and the size swap it ends in are one event
    events.sort { $0.startMs < $1.startMs }
    var merged: [PostureEvent] = []
    for e in events {
        if let last = merged.last, last.kind == e.kind, e.startMs <= last.coverEndMs {
            merged[merged.count - 1].endMs = max(last.endMs, e.endMs)
            merged[merged.count - 1].coverEndMs = max(last.coverEndMs, e.coverEndMs)
            merged[merged.count - 1].evidence += e.evidence
            merged[merged.count - 1].confidence = max(last.confidence ?? 0, e.confidence ?? 0)
        } else {
            merged.append(e)
        }
    }
    return merged.enumerated().map { i, e in
        var e = e
        e.index = i
        return e
    }
}

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
