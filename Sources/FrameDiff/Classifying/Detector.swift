/// One decision of the classifier, in a file of its own: which frames and tiles make one finding
/// kind (PySceneDetect's `SceneDetector.process_frame`, FFmpeg's one filter a file). The
/// classifier runs its detectors in a declared order (`Classifier.detectors`): each observes every
/// frame from the one board, then, when a window of frames is decided, each in turn claims the
/// tile-by-frame cells it explains (`Claims`), so later detectors see only what is left; then each,
/// in the reverse order, turns what it decided into findings, after every later detector has
/// claimed (a placeholder inside a motion is the motion's).
///
/// Adding a finding kind is one detector file, one entry in `Classifier.detectors` and one
/// `FindingKind` descriptor entry.
///
///     struct BusyDetector: Detector { ... }   // begin, observe, decide, settle
protocol Detector {
    /// A new picture begins (the film's first frame, or a new frame size): per-tile state starts
    /// again on the frame's grid.
    mutating func begin(_ frame: Observation)
    /// Every later frame of that picture. Returns how many of the frame's changed tiles this
    /// detector follows and explains now (they do not keep the window open; the classifier adds
    /// the counts, so two detectors must not hold the same tile).
    mutating func observe(_ frame: Observation) -> Int
    /// Decides a window of two frames or more, claiming the cells it explains.
    mutating func decide(_ window: DecisionWindow, claims: inout Claims)
    /// Adds what it decided (and anything it followed to an end) as findings; called on every
    /// window, after every detector decided, in the reverse order.
    mutating func settle(_ window: DecisionWindow, claims: Claims, into findings: inout [Detection])
}

extension Detector {
    mutating func begin(_ frame: Observation) {}
    mutating func observe(_ frame: Observation) -> Int { 0 }
}

/// One frame as the detectors observe it: the measure and what the threshold made of it.
///
///     let o = Observation(measure: m, active: tiles)
struct Observation {
    let measure: FrameMeasure
    /// Tiles that changed past the noise-relative threshold (none on a picture's first frame).
    let active: [Int]

    var grid: TileGrid { measure.grid }
    var index: Int { measure.index }
    var ptsMs: Double { measure.ptsMs }
}

/// A window of frames being decided, and what every detector reads to decide it: the frames, the
/// tile grid, the film's frame period, the change threshold as it stands, and the fills that came
/// and went in it (grouped once for both the blank and the placeholder detector).
///
///     let w = DecisionWindow(part, keepFrom: last, closing: false, options: o, grid: grid, tiles: n,
///                            periodMs: 16.7, threshold: threshold, fills: board.fills.ended)
///     let f = w.finding(.cut, from: 3, to: 3, tiles: tiles, evidence: [])
struct DecisionWindow {
    let frames: ClassifierWindow
    /// Frame indices of the window's first and last frame.
    var first: Int { frames.first?.index ?? 0 }
    var last: Int { frames.last?.index ?? 0 }
    /// The frame the next window starts from (what detectors following frames may still be asked about).
    let keepFrom: Int
    /// The picture ends here (a new frame size, the end of the film): everything still followed ends.
    let closing: Bool
    let options: ClassifierOptions
    let grid: TileGrid
    /// Unmasked tiles of the frame.
    let tiles: Int
    /// The film's frame period (the shortest gap between frames seen).
    let periodMs: Double
    /// Levels of mean-colour shift, and 0-1 tile RMSE, that count as a change, as they stand now.
    let shift: Double, rmse: Double
    /// 0-1 tile RMSE of the film's own noise (`noiseFactor` times its floor; 0 before it is known).
    let noise: Double
    /// The fills that ended in the window, grouped (nil for a window of one frame).
    let fills: FillGroups?
    /// Fills held longer than a flash that ended by the board's last frame, which may be past the
    /// window's (`FillTracker.held`; `SlotFlashes` asks for those ending on a cut's frame).
    let held: [FillTracker.Held]

    /// Two frames or more: there is something to decide.
    var decidable: Bool { frames.count > 1 }
    /// How long a picture must hold still to count as a pause (ms): a few frames.
    var pauseMs: Double { options.pauseMs(periodMs: periodMs) }

    init(_ frames: ClassifierWindow, keepFrom: Int, closing: Bool, options: ClassifierOptions, grid: TileGrid, tiles: Int,
         periodMs: Double, threshold: ChangeThreshold, fills ended: EndedFills, held: [FillTracker.Held] = []) {
        self.held = held
        self.frames = frames
        (self.keepFrom, self.closing, self.options, self.grid, self.tiles) = (keepFrom, closing, options, grid, tiles)
        self.periodMs = periodMs
        (shift, rmse, noise) = (threshold.shift, threshold.rmse, threshold.noise)
        fills = frames.count > 1
            ? FillGroups(ended, window: frames, options: options, grid: grid, tiles: tiles, pauseMs: options.pauseMs(periodMs: periodMs),
                         visible: threshold.test())
            : nil
    }

    /// A finding from window positions `a` to `b` over `tiles`.
    func finding(_ kind: FindingKind, from a: Int, to b: Int, tiles: [Int], evidence: [Evidence]) -> Detection {
        let (region, area) = grid.extent(of: tiles)
        let peak = (a...b).map { frames[$0].rmse }.max() ?? 0
        var f = Detection(kind: kind, startMs: frames.ms(a), endMs: frames.ms(b), firstFrame: frames[a].index,
                          lastFrame: frames[b].index, peakRMSE: peak, region: region, area: area)
        f.evidence = evidence
        return f
    }
}
