/// The rate a film's content is drawn at, as against the rate it is recorded at: the median gap
/// between frames that change visibly, over the gaps shorter than a stable state. A screen
/// recorder writing 60 frames a second of an emulator or a mirrored device that draws 10 shows each
/// drawn step for six frames; a two-step change there is one animation, though neither step has a
/// neighbour at the same gap to show it (`TransitionFinder`'s cadence rule needs three steps).
///
///     var c = DrawnCadence(options: o); c.add(gapMs: 100); let ms = c.cadenceMs   // nil until known
struct DrawnCadence: Sendable {
    let options: ClassifierOptions
    /// Gaps seen, by whole milliseconds under `stableMs`.
    private var counts: [Int]
    private var total = 0
    /// The median gap once `cadenceMinSteps` gaps are known (ms, to the whole millisecond; of an
    /// even count the upper middle one: `cadenceRatio` leaves room for either), else nil. Read on
    /// every frame, it changes only with a gap: kept, not walked again each time.
    private(set) var cadenceMs: Double?

    init(options: ClassifierOptions) {
        self.options = options
        counts = [Int](repeating: 0, count: max(1, Int(options.stableMs.rounded(.up))))
    }

    /// A gap between two frames that changed visibly (longer ones are holds, not cadence).
    mutating func add(gapMs: Double) {
        guard gapMs > 0, gapMs < options.stableMs else { return }
        counts[min(counts.count - 1, Int(gapMs.rounded()))] += 1
        total += 1
        guard total >= options.cadenceMinSteps, options.cadenceMinSteps > 0 else { return }
        var seen = 0
        for (ms, n) in counts.enumerated() {
            seen += n
            if seen * 2 > total {
                cadenceMs = Double(ms)
                return
            }
        }
    }
}
