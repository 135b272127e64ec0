/// Watches a film for the posture events it shows itself (used when no events file or steps
/// script is given): frame size changes, blur covers, rotation animations. One tile board,
/// updated once a frame, feeds every detector.
///
///     var seen = PostureInference(); seen.add(m) ...; let events = seen.events(coverMs: 500)
struct PostureInference: Sendable {
    private var board = TileBoard()
    private var covers = CoverTracker()
    private var turns = RotationTracker()
    private var sizeChanges: [(ptsMs: Double, from: (Int, Int), to: (Int, Int))] = []
    private var size: (Int, Int)?

    mutating func add(_ m: FrameMeasure) {
        let now = (m.grid.displayWidth, m.grid.displayHeight)
        if let size, m.resized { sizeChanges.append((m.ptsMs, size, now)) }
        size = now
        board.update(m)
        covers.add(m, board)
        turns.add(m, board)
    }

    func events(coverMs: Double) -> [PostureEvent] {
        inferredEvents(sizeChanges: sizeChanges, covers: covers.covers, rotations: turns.rotations, coverMs: coverMs)
    }
}
