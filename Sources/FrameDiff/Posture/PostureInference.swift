/// Watches a film for the posture events it shows itself (used when no events file or steps
/// script is given): frame size changes, the displayed screen's share of a fixed frame changing,
/// blur covers, rotation animations, an app window spanned across a dual screen's hinge or back.
/// Every detector reads
/// the analysis's one tile board, which the caller has already updated with the frame.
///
///     var seen = PostureInference(options: o); board.update(m); seen.add(m, board, shift: 6, noise: 0.01, periodMs: 16.7) ...; seen.events(coverMs: 500)
struct PostureInference: Sendable {
    let options: PostureInferenceOptions
    private var covers: CoverTracker
    private var turns: RotationTracker
    private var screens: ScreenAreaTracker
    private var spans: SpanTracker
    private var sizeChanges: [(ptsMs: Double, from: (Int, Int), to: (Int, Int), animatedFromMs: Double)] = []
    private var size: (Int, Int)?
    /// Since when most of the picture has kept changing (the system's animation before a turn).
    private var broadSinceMs: Double?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) {
        self.options = options
        covers = CoverTracker(options: options)
        turns = RotationTracker(options: options)
        screens = ScreenAreaTracker(options: options)
        spans = SpanTracker(options: options)
    }

    /// `shift`: the levels of mean shift the classifier counts as a change now (its noise-relative
    /// threshold), for what changed visibly; `noise`: the 0-1 tile RMSE a tile's change must pass
    /// to be more than the film's noise (its noise floor times the noise factor); `periodMs`: its
    /// frame period so far (the shortest gap between two frames, infinite before two).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, shift: Double, noise: Double, periodMs: Double) {
        let now = (m.grid.displayWidth, m.grid.displayHeight)
        if let size, m.resized {
            let animated = broadSinceMs.map { m.ptsMs - $0 <= options.rotationMaxMs ? $0 : m.ptsMs } ?? m.ptsMs
            sizeChanges.append((m.ptsMs, size, now, animated))
        }
        size = now
        let changed = Self.changed(m, board, shift: shift, noise: noise)
        if !m.complete {
            if options.turning(changed, of: board.tiles) { broadSinceMs = broadSinceMs ?? m.ptsMs }
            else if !options.broad(changed, of: board.tiles) { broadSinceMs = nil }
        } else if !m.resized {
            broadSinceMs = nil
        }
        covers.add(m, board, changed: changed)
        turns.add(m, board, changed: changed, periodMs: periodMs)
        screens.add(m, board, changed: changed, shift: shift, noise: noise)
        spans.add(m, board, shift: shift)
    }

    /// How many tiles the frame changed as the trackers count them: beyond the film's noise, or by
    /// `shift` levels of mean (none on a frame that begins a picture). With grain of a level or two
    /// on every frame every tile changes, every frame was a turn and a run of them never ended, and
    /// a fold's cover or band began with the film.
    static func changed(_ m: FrameMeasure, _ board: TileBoard, shift: Double, noise: Double) -> Int {
        m.complete ? 0 : board.changes(above: Float(noise), orShift: Float(shift))
    }

    func events(coverMs: Double) -> [PostureEvent] {
        var (screens, turns) = (screens, turns)
        screens.finish()
        turns.finish()
        return inferredEvents(sizeChanges: sizeChanges, covers: covers.covers, rotations: turns.rotations,
                              screens: screens.changes, spans: spans.spans(), coverMs: coverMs)
    }
}
