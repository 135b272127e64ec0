/// A change of the device's posture that the app reacts to (DESIGN.md, "Posture events").
///
/// Times are ms of presentation time. `coverEndMs` is when the system's cover (the blurred
/// snapshot of a fold or unfold, the rotation animation) lifts: what happens before it is the
/// system's business. A bend has no cover.
///
///     PostureEvent(index: 0, kind: .bend, startMs: 0, endMs: 1000, fromDeg: 180, toDeg: 110, source: .steps)
public struct PostureEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Flat to bent, or a bent angle changing.
        case bend
        /// Bent to flat.
        case flatten
        /// Closed to bent or flat (the inner display takes over).
        case open
        /// Bent or flat to closed.
        case close
        /// The device turns (`orient:` in a recording script, or a frame that turns).
        case rotation
    }

    /// Where an event came from.
    public enum Source: String, Sendable {
        /// `--events FILE` or a NAME.events.json sidecar.
        case events
        /// `--steps` or a NAME.steps sidecar.
        case steps
        /// Seen in the film itself.
        case inferred
    }

    public var index: Int
    public var kind: Kind
    public var startMs: Double
    public var endMs: Double
    public var fromDeg: Double?
    public var toDeg: Double?
    /// For a rotation: the orientation turned to (`landscape-left`, ...).
    public var orientation: String?
    public var source: Source
    /// When the system's cover lifts (≥ endMs); equal to endMs for a bend or a flatten.
    public var coverEndMs: Double
    /// For an inferred event: how sure the inference is (0-1) and the measures it rests on.
    public var confidence: Double?
    public var evidence: [Evidence] = []

    public init(index: Int, kind: Kind, startMs: Double, endMs: Double, fromDeg: Double? = nil, toDeg: Double? = nil,
                orientation: String? = nil, source: Source, coverEndMs: Double? = nil) {
        self.index = index
        self.kind = kind
        self.startMs = startMs
        self.endMs = endMs
        self.fromDeg = fromDeg
        self.toDeg = toDeg
        self.orientation = orientation
        self.source = source
        self.coverEndMs = max(endMs, coverEndMs ?? endMs)
    }

    /// Whether the system covers the screen during this kind of event.
    public static func hasCover(_ kind: Kind) -> Bool { kind == .open || kind == .close || kind == .rotation }
}

/// The hinge classes of DESIGN.md: closed below 15°, flat above 170°, bent between. An event's
/// kind follows from the classes at its two angles (flat to bent is a bend).
///
///     Hinge(degrees: 110) == .bent
public enum Hinge: Sendable, Equatable {
    case closed, bent, flat

    /// DESIGN.md's bounds (degrees).
    public static let closedBelow = 15.0, flatAbove = 170.0

    public init(degrees: Double) {
        self = degrees < Self.closedBelow ? .closed : degrees > Self.flatAbove ? .flat : .bent
    }

    /// The event a hinge move from `from` to `to` degrees makes, or nil (staying flat, staying
    /// closed, or not moving).
    public static func event(from: Double, to: Double) -> PostureEvent.Kind? {
        let a = Hinge(degrees: from), b = Hinge(degrees: to)
        switch (a, b) {
        case (.closed, .closed), (.flat, .flat): return nil
        case (.closed, _): return .open
        case (_, .closed): return .close
        case (.flat, .bent): return .bend
        case (.bent, .flat): return .flatten
        case (.bent, .bent): return from == to ? nil : .bend
        }
    }
}
