/// Watches a film for the posture events it shows itself (used when no events file or steps
/// script is given): frame size changes, blur covers, rotation animations. Every detector reads
/// the analysis's one tile board, which the caller has already updated with the frame.
///
///     var seen = PostureInference(); board.update(m); seen.add(m, board) ...; seen.events(coverMs: 500)
struct PostureInference: Sendable {
    private var covers = CoverTracker()
    private var turns = RotationTracker()
    private var sizeChanges: [(ptsMs: Double, from: (Int, Int), to: (Int, Int))] = []
    private var size: (Int, Int)?

    mutating func add(_ m: FrameMeasure, _ board: TileBoard) {
        let now = (m.grid.displayWidth, m.grid.displayHeight)
        if let size, m.resized { sizeChanges.append((m.ptsMs, size, now)) }
        size = now
        covers.add(m, board)
        turns.add(m, board)
    }

    func events(coverMs: Double) -> [PostureEvent] {
        inferredEvents(sizeChanges: sizeChanges, covers: covers.covers, rotations: turns.rotations, coverMs: coverMs)
    }
}
