/// How a film is analysed: what the meter measures and how the classifier decides.
///
///     var o = AnalysisOptions(); o.scan.masks = [Rect(x: 0, y: 0, w: 400, h: 80)]
public struct AnalysisOptions: Sendable {
    public var scan = ScanOptions()
    public var classifier = ClassifierOptions()
    public var posture = PostureOptions()
    public var hitches = HitchOptions()
    /// Settings (`AnalysisSetting` keys) given on the command line: a rules file's `analysis`
    /// section does not change them.
    public var pinned: Set<String> = []
    /// How many of the largest deltas the report keeps.
    public var topDeltas = 10

    public init() {}
}
