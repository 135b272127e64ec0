/// Finds a rotation animation inside a fixed frame size (a recording of a simulator window or a
/// phone that turns): a run of frames that change most of the picture, in which either
/// - the content's shape has turned afterwards — portrait content becomes letterboxed landscape
///   content or back (measured from the uniform bars along the frame's edges), or
/// - the picture turned about its centre on a dark ground: at some frame all four corners of the
///   frame are one flat dark colour while the centre keeps its brightness (a fade to black dims the
///   centre first; a dialog or a sheet leaves the corners alone).
/// A frame size that changes is a rotation of its own (see inferredEvents).
///
///     var t = RotationTracker(); t.add(m, board)   // board already updated with m
struct RotationTracker: Sendable {
    /// A rotation animation: its times, how sure, and why.
    struct Turn: Sendable {
        var startMs: Double
        var endMs: Double
        var confidence: Double
        var evidence: [Evidence]
    }

    private(set) var rotations: [Turn] = []
    private var stableAspect: Double?
    private var stableCorners = false
    private var stableBrightness = 0.0
    private var run: (startMs: Double, lastMs: Double, aspectBefore: Double, corners: Bool, brightness: Double,
                      turnedOnDark: Bool)?

    /// Portrait below 0.9, landscape above 1.1, square-ish between.
    static func shape(_ aspect: Double) -> Int { aspect < 0.9 ? -1 : aspect > 1.1 ? 1 : 0 }
    /// A rotation animation lasts this long (ms); the shape share of the picture that changes.
    static let minMs = 100.0, maxMs = 1500.0
    /// Corners count as the dark ground below this level (any channel), and the centre keeps at
    /// least this share of its brightness while they are.
    static let darkLevel: Float = 48, keptBrightness = 0.6
    /// A gap this long between frames means the picture held (ms).
    static let heldMs = 150.0
    /// The picture as the run's last frame left it (the held picture, in a VFR film).
    private var heldAfter: (aspect: Double, corners: Bool, brightness: Double) = (1, false, 0)

    mutating func add(_ m: FrameMeasure, _ board: TileBoard) {
        if m.complete {
            stableAspect = board.contentAspect()
            stableCorners = Self.darkCorners(board)
            stableBrightness = Self.centreBrightness(board)
            run = nil
            return
        }
        // a change-driven VFR film writes no frame while the picture holds: the turn ended with
        // the last frame written
        if let r = run, m.ptsMs - r.lastMs >= Self.heldMs { finish(r, after: heldAfter) }
        let broad = m.changes.count * 2 >= board.tiles  // half the picture changes: a turn moves everything
        if broad {
            if run == nil {
                run = (m.ptsMs, m.ptsMs, stableAspect ?? board.contentAspect(), stableCorners, stableBrightness, false)
            }
            run!.lastMs = m.ptsMs
            if !run!.corners, Self.darkCorners(board), Self.centreBrightness(board) >= Self.keptBrightness * run!.brightness {
                run!.turnedOnDark = true
            }
            heldAfter = (board.contentAspect(), Self.darkCorners(board), Self.centreBrightness(board))
            return
        }
        if run != nil, m.changes.count * 20 >= board.tiles {
            run!.lastMs = m.ptsMs  // the turn eases out with smaller steps
            heldAfter = (board.contentAspect(), Self.darkCorners(board), Self.centreBrightness(board))
            return
        }
        if let r = run {
            finish(r, after: (board.contentAspect(), Self.darkCorners(board), Self.centreBrightness(board)))
        } else if m.changes.count * 20 < board.tiles {
            stableAspect = board.contentAspect()
            stableCorners = Self.darkCorners(board)
            stableBrightness = Self.centreBrightness(board)
        }
    }

    private mutating func finish(_ r: (startMs: Double, lastMs: Double, aspectBefore: Double, corners: Bool, brightness: Double,
                                       turnedOnDark: Bool), after: (aspect: Double, corners: Bool, brightness: Double)) {
        let duration = r.lastMs - r.startMs
        let shapeTurned = Self.shape(after.aspect) != 0 && Self.shape(r.aspectBefore) == -Self.shape(after.aspect)
        if shapeTurned || r.turnedOnDark, duration >= Self.minMs, duration <= Self.maxMs {
            var evidence = [Evidence("aspect_before", r.aspectBefore), Evidence("aspect_after", after.aspect)]
            if r.turnedOnDark { evidence.append(Evidence("dark_corners", 1)) }
            rotations.append(Turn(startMs: r.startMs, endMs: r.lastMs, confidence: shapeTurned && r.turnedOnDark ? 0.9 : 0.75,
                                  evidence: evidence))
        }
        run = nil
        (stableAspect, stableCorners, stableBrightness) = (after.aspect, after.corners, after.brightness)
    }

    /// All four corners of the frame (2x2 tiles each) are flat fills of one dark colour.
    static func darkCorners(_ board: TileBoard) -> Bool {
        let cols = board.grid.columns, rows = board.grid.rows
        guard cols >= 6, rows >= 6 else { return false }
        let picture = board.picture
        var first: SIMD3<Float>?
        for (cx, cy) in [(0, 0), (cols - 2, 0), (0, rows - 2), (cols - 2, rows - 2)] {
            for dy in 0..<2 {
                for dx in 0..<2 {
                    let i = (cy + dy) * cols + cx + dx
                    let c = picture.mean(i)
                    guard picture.isFlat(i), max(c.x, c.y, c.z) < darkLevel else { return false }
                    if let f = first { guard maxAbs(c - f) <= 6 else { return false } } else { first = c }
                }
            }
        }
        return true
    }

    /// Mean level of the middle third of the frame.
    static func centreBrightness(_ board: TileBoard) -> Double {
        let cols = board.grid.columns, rows = board.grid.rows
        guard cols >= 3, rows >= 3 else { return 0 }
        var sum: Float = 0, n = 0
        for y in (rows / 3)..<(2 * rows / 3) {
            for x in (cols / 3)..<(2 * cols / 3) {
                sum += board.picture.mean(y * cols + x).sum() / 3
                n += 1
            }
        }
        return n > 0 ? Double(sum) / Double(n) : 0
    }
}
