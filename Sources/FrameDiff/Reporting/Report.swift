/// Everything framediff found in one film: the value every renderer (text, JSON, ...) reads.
///
///     let report = try analyseFilm("films/laptop-inner.mp4")
///     print(report.text())
public struct Report: Sendable {
    /// The film as the user named it.
    public var film: String
    public var video: VideoInfo
    /// Posture events, with what happened during and after each.
    public var events: [EventSummary] = []
    public var findings: [Finding]
    /// The largest frame deltas, largest first.
    public var topDeltas: [FrameDelta]
    /// Every frame's delta (pts ms, 0-1 RMSE), for the timeline plot.
    public var series: [SIMD2<Float>] = []
    /// The film's noise floor and the tile threshold used (0-1 RMSE).
    public var noiseFloor: Double
    public var threshold: Double

    public init(film: String, video: VideoInfo, findings: [Finding], topDeltas: [FrameDelta],
                noiseFloor: Double = 0, threshold: Double = 0) {
        self.film = film
        self.video = video
        self.findings = findings
        self.topDeltas = topDeltas
        self.noiseFloor = noiseFloor
        self.threshold = threshold
    }
}

/// How a film is analysed: what the meter measures and how the classifier decides.
///
///     var o = AnalysisOptions(); o.scan.masks = [Rect(x: 0, y: 0, w: 400, h: 80)]
public struct AnalysisOptions: Sendable {
    public var scan = ScanOptions()
    public var classifier = ClassifierOptions()
    public var posture = PostureOptions()
    /// How many of the largest deltas the report keeps.
    public var topDeltas = 10

    public init() {}
}

/// The N largest deltas of a stream, in bounded memory.
struct TopDeltas {
    let capacity: Int
    private(set) var items: [FrameDelta] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ d: FrameDelta) {
        guard capacity > 0 else { return }
        if items.count < capacity {
            items.append(d)
        } else if let i = items.indices.min(by: { items[$0].rmse < items[$1].rmse }), items[i].rmse < d.rmse {
            items[i] = d
        }
    }

    var sorted: [FrameDelta] { items.sorted { $0.rmse != $1.rmse ? $0.rmse > $1.rmse : $0.frame < $1.frame } }
}
