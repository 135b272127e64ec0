/// Finds a rotation animation inside a fixed frame size (a recording of a simulator window): a run
/// of frames that change most of the picture, after which the content's shape has turned —
/// portrait content becomes letterboxed landscape content or back (measured from the uniform bars
/// along the frame's edges). A frame size that changes is a rotation of its own (see inferredEvents).
///
///     var t = RotationTracker(); board.update(m); t.add(m, board)
struct RotationTracker: Sendable {
    private(set) var rotations: [(startMs: Double, endMs: Double)] = []
    private var stableAspect: Double?
    private var run: (startMs: Double, lastMs: Double, aspectBefore: Double)?

    /// Portrait below 0.9, landscape above 1.1, square-ish between.
    static func shape(_ aspect: Double) -> Int { aspect < 0.9 ? -1 : aspect > 1.1 ? 1 : 0 }

    /// Reads a frame from `board`, which has already been updated with it.
    mutating func add(_ m: FrameMeasure, _ board: TileBoard) {
        if m.complete {
            stableAspect = board.contentAspect()
            run = nil
            return
        }
        let broad = m.changes.count * 2 >= board.tiles  // half the picture changes: a turn moves everything
        if broad {
            if run == nil { run = (m.ptsMs, m.ptsMs, stableAspect ?? board.contentAspect()) }
            run!.lastMs = m.ptsMs
            return
        }
        if run != nil, m.changes.count * 20 >= board.tiles {
            run!.lastMs = m.ptsMs  // the turn eases out with smaller steps
            return
        }
        if let r = run {
            let after = board.contentAspect()
            let duration = r.lastMs - r.startMs
            if Self.shape(after) != 0, Self.shape(r.aspectBefore) == -Self.shape(after), duration >= 100, duration <= 1500 {
                rotations.append((r.startMs, r.lastMs))
            }
            run = nil
            stableAspect = after
        } else if run == nil, m.changes.count * 20 < board.tiles {
            stableAspect = board.contentAspect()
        }
    }
}
