/// A detection as a report holds it: the classifier's `Detection`, the posture event it is tied
/// to with its phase (set by `tie`), and the gate's verdict with its reason (set once by
/// `GateRules.judged`; every renderer shows it, none decides it again). The detection's fields
/// read through (`finding.kind`, `finding.startMs`).
///
///     var f = Finding(kind: .cut, startMs: 2000, endMs: 2000, firstFrame: 120, lastFrame: 120, peakRMSE: 0.31,
///                     region: Rect(x: 0, y: 0, w: 360, h: 780))
@dynamicMemberLookup
public struct Finding: Sendable, Equatable {
    public var detection: Detection
    /// Index of the posture event the finding is tied to, with the phase.
    public var event: Int?
    public var phase: Phase = .none
    /// The gate's judgement and its reason (nil: not judged yet).
    public var verdict: Verdict?
    public var why: String?
    /// The gate would fail it, and its baseline already has it: it passes.
    public var acceptedByBaseline = false
    /// A hitch: the index of the motion or fade it lies in.
    public var parent: Int?
    /// A motion or fade with hitches: their total (ms) and Apple's hitch time ratio (ms a second).
    public var hitchMs: Double?
    public var hitchRatioMsPerS: Double?

    public init(_ detection: Detection) { self.detection = detection }

    public init(kind: FindingKind, startMs: Double, endMs: Double, firstFrame: Int, lastFrame: Int,
                peakRMSE: Double, region: Rect, area: Double = 0, colour: SIMD3<UInt8>? = nil) {
        self.init(Detection(kind: kind, startMs: startMs, endMs: endMs, firstFrame: firstFrame, lastFrame: lastFrame,
                            peakRMSE: peakRMSE, region: region, area: area, colour: colour))
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<Detection, T>) -> T {
        get { detection[keyPath: field] }
        set { detection[keyPath: field] = newValue }
    }

    public subscript<T>(dynamicMember field: KeyPath<Detection, T>) -> T { detection[keyPath: field] }
}
