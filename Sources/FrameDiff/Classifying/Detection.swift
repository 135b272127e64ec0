/// One thing the classifier saw happen between frames, with DESIGN.md's timing semantics: what
/// it is, when, where and on what evidence. What later stages make of it (the posture event it is
/// tied to, the gate's verdict) is theirs, around it (`Finding`).
///
/// `startMs` is the pts of the first frame that differs from the old stable state; `endMs` the pts
/// of the first frame of the new stable state (for flash and blank, the first frame after the flat
/// interval). A cut has `startMs == endMs`. Regions are in displayed pixels.
///
///     Detection(kind: .cut, startMs: 2000, endMs: 2000, firstFrame: 120, lastFrame: 120, peakRMSE: 0.31,
///               region: Rect(x: 0, y: 0, w: 360, h: 780))
public struct Detection: Sendable, Equatable {
    public var kind: FindingKind
    public var startMs: Double
    public var endMs: Double
    public var firstFrame: Int
    public var lastFrame: Int
    /// Largest frame-to-frame RMSE (0-1) from the first to the last frame.
    public var peakRMSE: Double
    /// Bounding box of what changed (flash and blank: of what went flat), displayed pixels.
    public var region: Rect
    /// Share of the frame's area that changed (or went flat), 0-1.
    public var area: Double = 0
    /// When several regions changed over the same frames as one event (a page's images loading
    /// together, the strips of one scroll), each of them; `region` is their bounding box. Empty
    /// for a finding of one region.
    public var regions: [Rect] = []
    /// Mean colour of the flat interval, for flash and blank.
    public var colour: SIMD3<UInt8>?
    /// The measures the kind was decided on (a fade's blend residual, a flash's uniformity and
    /// contrast), so a reader can see why, and how close to a threshold it was.
    public var evidence: [Evidence] = []
    /// A busy region's motion (a counter, a spinner, a playing video): it changes on its own
    /// clock, not an animation's, so it has no hitches (a moving page is no longer busy once
    /// `BroadBusy` has given it its pieces: a scroll is an animation).
    public var busy = false
    /// A busy region's own tiles, as displayed rectangles (`BroadBusy` reads them; no part of a
    /// report, nor of what makes two findings equal).
    var busyTiles: [Rect] = []
    /// A cut's flat pages on either side (`LongBlanks` reads them; no part of a report, nor of
    /// what makes two findings equal).
    var pages: CutPages?
    public var durationMs: Double { endMs - startMs }

    public init(kind: FindingKind, startMs: Double, endMs: Double, firstFrame: Int, lastFrame: Int,
                peakRMSE: Double, region: Rect, area: Double = 0, colour: SIMD3<UInt8>? = nil) {
        self.kind = kind
        self.startMs = startMs
        self.endMs = endMs
        self.firstFrame = firstFrame
        self.lastFrame = lastFrame
        self.peakRMSE = peakRMSE
        self.region = region
        self.area = area
        self.colour = colour
    }
}

extension Detection {
    /// What a report shows of two findings is the same (`pages` and `busyTiles`, the classifier's working data, aside).
    public static func == (a: Detection, b: Detection) -> Bool {
        a.kind == b.kind && a.startMs == b.startMs && a.endMs == b.endMs && a.firstFrame == b.firstFrame
            && a.lastFrame == b.lastFrame && a.peakRMSE == b.peakRMSE && a.region == b.region && a.area == b.area
            && a.regions == b.regions && a.colour == b.colour && a.evidence == b.evidence && a.busy == b.busy
    }
}

/// One named measure behind a finding's kind, in the unit its name implies (levels of 255 for
/// colours and contrasts, shares 0-1 for `visible_*`, `coverage*`, `fill`, residuals and steps).
///
///     Evidence("uniformity", 1.4)
public struct Evidence: Sendable, Equatable {
    public var name: String
    public var value: Double

    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}
