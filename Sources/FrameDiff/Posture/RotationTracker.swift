/// Finds a rotation animation inside a fixed frame size (a recording of a simulator window or a
/// phone that turns): a run of frames that change most of the picture, in which either
/// - the content's shape has turned afterwards — portrait content becomes letterboxed landscape
///   content or back (measured from the uniform bars along the frame's edges), or
/// - the picture turned about its centre on a dark ground: at some frame all four corners of the
///   frame are one flat dark colour while the centre keeps its brightness (a fade to black dims the
///   centre first; a dialog or a sheet leaves the corners alone).
/// A frame size that changes is a rotation of its own (see inferredEvents).
///
/// Its thresholds are `PostureInferenceOptions` (`turnShare`, `portraitAspect`, ...).
///
///     var t = RotationTracker(options: o); t.add(m, board, periodMs: 16.7)   // board already updated with m
struct RotationTracker: Sendable {
    let options: PostureInferenceOptions

    /// A rotation animation: its times, how sure, and why.
    struct Turn: Sendable {
        var startMs: Double
        var endMs: Double
        var confidence: Double
        var evidence: [Evidence]
    }

    private(set) var rotations: [Turn] = []
    private var stableContent: Content?
    private var stableCorners = false
    private var stableBrightness = 0.0
    private var run: (startMs: Double, lastMs: Double, before: Content, corners: Bool, brightness: Double,
                      turnedOnDark: Bool)?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// The content's width over its height inside uniform bars (one colour: `barTolerance`), and
    /// whether bars lie across both axes.
    typealias Content = (aspect: Double, boxed: Bool)
    private func content(_ board: TileBoard) -> Content { board.contentShape(colourTolerance: Float(options.barTolerance)) }

    /// -1 portrait, 1 landscape, 0 square-ish.
    func shape(_ aspect: Double) -> Int { aspect < options.portraitAspect ? -1 : aspect > options.landscapeAspect ? 1 : 0 }
    /// The picture as the run's last frame left it (the held picture, in a VFR film).
    private var heldAfter: (content: Content, corners: Bool, brightness: Double) = ((1, false), false, 0)

    /// `periodMs`: the film's frame period so far (the classifier's: the shortest gap between frames).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, periodMs: Double) {
        if m.complete {
            stableContent = content(board)
            stableCorners = darkCorners(board)
            stableBrightness = Self.centreBrightness(board)
            run = nil
            return
        }
        // A change-driven VFR film writes no frame while the picture holds: the turn ended with
        // the last frame written. A film whose every frame lasts that long (a GIF at 5 fps shows a
        // 400-ms rotation in two frames 200 ms apart) holds only past one and a half of its frames.
        if let r = run, m.ptsMs - r.lastMs >= max(options.heldMs, 1.5 * periodMs) { finish(r, after: heldAfter) }
        if options.turning(m.changes.count, of: board.tiles) {
            if run == nil {
                run = (m.ptsMs, m.ptsMs, stableContent ?? content(board), stableCorners, stableBrightness, false)
            }
            run!.lastMs = m.ptsMs
            if !run!.corners, darkCorners(board), Self.centreBrightness(board) >= options.keptBrightness * run!.brightness {
                run!.turnedOnDark = true
            }
            heldAfter = (content(board), darkCorners(board), Self.centreBrightness(board))
            return
        }
        let broad = options.broad(m.changes.count, of: board.tiles)
        if run != nil, broad {
            run!.lastMs = m.ptsMs  // the turn eases out with smaller steps
            heldAfter = (content(board), darkCorners(board), Self.centreBrightness(board))
            return
        }
        if let r = run {
            finish(r, after: (content(board), darkCorners(board), Self.centreBrightness(board)))
        } else if !broad {
            stableContent = content(board)
            stableCorners = darkCorners(board)
            stableBrightness = Self.centreBrightness(board)
        }
    }

    private mutating func finish(_ r: (startMs: Double, lastMs: Double, before: Content, corners: Bool, brightness: Double,
                                       turnedOnDark: Bool), after: (content: Content, corners: Bool, brightness: Double)) {
        let duration = r.lastMs - r.startMs
        // A letterbox or a pillarbox fills the frame one way: bars along two opposite edges (or
        // none). Content inside bars across both axes before and after fills it neither way (the
        // row of cards of ios_hero_basic.gif at half size, 17 of 20 tiles wide, that becomes a
        // column, was read as a rotation), so one side of a turn at least must be open; a
        // pillarbox whose status bar is the bars' colour turning into a letterbox still is one.
        let open = !r.before.boxed || !after.content.boxed
        let shapeTurned = open && shape(after.content.aspect) != 0 && shape(r.before.aspect) == -shape(after.content.aspect)
        if shapeTurned || r.turnedOnDark, duration >= options.rotationMinMs, duration <= options.rotationMaxMs {
            var evidence = [Evidence("aspect_before", r.before.aspect), Evidence("aspect_after", after.content.aspect)]
            if r.turnedOnDark { evidence.append(Evidence("dark_corners", 1)) }
            rotations.append(Turn(startMs: r.startMs, endMs: r.lastMs, confidence: shapeTurned && r.turnedOnDark ? Confidence.turnBothSigns : Confidence.turnOneSign,
                                  evidence: evidence))
        }
        run = nil
        (stableContent, stableCorners, stableBrightness) = (after.content, after.corners, after.brightness)
    }

    /// All four corners of the frame (2x2 tiles each) are flat fills of one dark colour.
    func darkCorners(_ board: TileBoard) -> Bool {
        let darkLevel = Float(options.darkLevel), sameColour = Float(options.barTolerance)
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
                    if let f = first { guard maxAbs(c - f) <= sameColour else { return false } } else { first = c }
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
