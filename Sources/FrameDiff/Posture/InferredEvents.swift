import Foundation

/// Posture events seen in the film itself: a frame that turns (width and height swap) is a
/// rotation, whatever cover surrounds it; a frame that changes size otherwise is the other display
/// taking over (larger: open, smaller: close); a blur cover is a fold or unfold under the system's
/// cover: open or close by the size change inside it, `close` when the size stays (a recording of
/// one display cannot tell a fold from an unfold); a rotation animation inside a fixed frame
/// (RotationTracker) is a rotation; the screen's share of a fixed frame shrinking beside a black
/// band is a fold, growing an unfold (ScreenAreaTracker); a window spanned across both screens of
/// a dual-screen capture is an open, unspanned a close (SpanTracker). Each carries its evidence and
/// a confidence.
func inferredEvents(sizeChanges: [(ptsMs: Double, from: (Int, Int), to: (Int, Int), animatedFromMs: Double)],
                    covers: [CoverTracker.Cover] = [],
                    rotations: [RotationTracker.Turn] = [], screens: [ScreenAreaTracker.Change] = [],
                    spans: [SpanTracker.Span] = [], coverMs: Double) -> [PostureEvent] {
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
    for c in screens {
        var e = PostureEvent(index: 0, kind: c.kind, startMs: c.startMs, endMs: c.endMs, source: .inferred,
                             coverEndMs: c.endMs + coverMs)
        e.evidence = [Evidence("screen_share_before", c.fromShare), Evidence("screen_share_after", c.toShare)]
            + (c.changedShare.map { [Evidence("changed_share", $0)] } ?? [])
            + (c.returnedShare.map { [Evidence("returned_share", $0)] } ?? [])
        // (after a refit no band showed the unfold: only what changed, or what came back)
        let refit = c.changedShare != nil || c.returnedShare != nil
        e.confidence = refit ? Confidence.unfoldAfterRefit : Confidence.screenShare
        events.append(e)
    }
    for s in spans {
        // the system's span animation is its own cover, black included
        var e = PostureEvent(index: 0, kind: s.kind, startMs: s.startMs, endMs: s.endMs, source: .inferred, coverEndMs: s.endMs + coverMs)
        e.evidence = s.evidence
        e.confidence = Confidence.span
        events.append(e)
    }
    var used = Set<Int>()
    // (a span's blackout, with the status bar masked, also reads as a cover: the span explains it)
    for cover in covers where !spans.contains(where: { $0.startMs <= cover.endMs && cover.startMs <= $0.endMs }) {
        var kind = PostureEvent.Kind.close
        var e = PostureEvent(index: 0, kind: kind, startMs: cover.startMs, endMs: cover.endMs, source: .inferred)
        e.evidence = [Evidence("detail_left", cover.detailLeft), Evidence("colour_shift", cover.shift)]
        // the size unknown: a fold and an unfold look alike
        e.confidence = Confidence.coverOnly
        if let i = sizeChanges.firstIndex(where: { $0.ptsMs >= cover.startMs && $0.ptsMs <= cover.endMs }) {
            used.insert(i)
            let c = sizeChanges[i]
            kind = swapped(c) ? .rotation : c.to.0 * c.to.1 > c.from.0 * c.from.1 ? .open : .close
            e.kind = kind
            e.evidence += sizes(c)
            e.confidence = Confidence.sizeSeen
        }
        events.append(e)
    }
    for (i, c) in sizeChanges.enumerated() where !used.contains(i) {
        let kind: PostureEvent.Kind = swapped(c) ? .rotation : c.to.0 * c.to.1 > c.from.0 * c.from.1 ? .open : .close
        // (an animation just before the turn is the system's: the event starts with it)
        var e = PostureEvent(index: 0, kind: kind, startMs: c.animatedFromMs, endMs: c.ptsMs, source: .inferred,
                             coverEndMs: c.ptsMs + coverMs)
        e.evidence = sizes(c) + (c.animatedFromMs < c.ptsMs ? [Evidence("animated_ms", c.ptsMs - c.animatedFromMs)] : [])
        e.confidence = swapped(c) ? Confidence.sizeSeen : Confidence.resized
        events.append(e)
    }
    // a rotation animation and the size swap it ends in are one event
    events.sort { $0.startMs < $1.startMs }
    var merged: [PostureEvent] = []
    for e in events {
        if let last = merged.last, last.kind == e.kind, e.startMs <= last.coverEndMs {
            merged[merged.count - 1].endMs = max(last.endMs, e.endMs)
            merged[merged.count - 1].coverEndMs = max(last.coverEndMs, e.coverEndMs)
            merged[merged.count - 1].evidence = joined(last.evidence, e.evidence)
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

/// The evidence of two events taken as one, each name once (a report's evidence is an object):
/// what the first says of before, the last of after (`to_*`, `*_after`), the rest the first's.
func joined(_ first: [Evidence], _ then: [Evidence]) -> [Evidence] {
    var out = first
    for e in then {
        if let i = out.firstIndex(where: { $0.name == e.name }) {
            if e.name.hasPrefix("to_") || e.name.hasSuffix("_after") { out[i].value = e.value }
        } else {
            out.append(e)
        }
    }
    return out
}

/// How sure an inferred event is, by what the film showed (its `confidence`).
enum Confidence {
    /// A frame that turned, or a cover around a size change: the film shows the event itself.
    static let sizeSeen = 0.95
    /// A frame that changed size without turning: the other display took over.
    static let resized = 0.8
    /// A rotation animation in a fixed frame whose content turned and which turned on a dark
    /// ground; one of the two signs only.
    static let turnBothSigns = 0.9, turnOneSign = 0.75
    /// The screen inside a fixed frame shrank or grew beside a black band: the other display.
    static let screenShare = 0.7
    /// After a fold the emulator refit to the whole frame, the whole frame redrawn or the picture
    /// before the fold back: the unfold, seen by what changed, not by the screen's size.
    static let unfoldAfterRefit = 0.6
    /// A blur cover and no size change: a fold or an unfold, not which.
    static let coverOnly = 0.6
    /// Both screens of a dual-screen capture went black and came back with one screen changed:
    /// the span animation; open or close read off the app's bar across the hinge.
    static let span = 0.7
}
