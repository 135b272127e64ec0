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
    /// The film's hitches and their totals, when it has any (nil: none found, or not looked for).
    public var hitches: HitchResult?
    /// Events whose picture settled later than the rules allow: event index → why it fails. Set
    /// with the findings' verdicts by `GateRules.judged`.
    public var eventFailures: [Int: String] = [:]
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
