import Foundation

/// Where posture events come from and how findings are tied to them.
///
///     var o = PostureOptions(); o.steps = "path:1.0:180:110 wait:2"; o.settleMs = 3000
public struct PostureOptions: Sendable {
    /// `--events FILE`.
    public var eventsFile: String?
    /// `--steps "..."`.
    public var steps: String?
    /// When the recording script's first step began, in ms of the film (`--steps-offset`).
    public var stepsOffsetMs: Double = 0
    /// How far past an event a finding still counts as its consequence (`--settle`, ms): the
    /// crease becomes active ~1 s after the hinge stops; reserved regions take seconds to settle.
    public var settleMs: Double = 3000
    /// How long the system's cover (fold/unfold blur, rotation animation) outlasts the event (ms).
    public var coverMs: Double = 500
    /// Infer events from the film when none are given (`--no-infer` turns it off).
    public var infer = true
    /// How events are inferred.
    public var inference = PostureInferenceOptions()

    public init() {}
}

/// The posture events of a film, in order of preference: `--events`, a NAME.events.json sidecar,
/// `--steps`, a NAME.steps sidecar. Empty when there are none (the caller may infer some).
public func postureEvents(for film: String, options: PostureOptions) throws -> [PostureEvent] {
    if let file = options.eventsFile { return try readEvents(file, options: options) }
    let sidecars = sidecarStems(of: film)
    for stem in sidecars where FileManager.default.fileExists(atPath: stem + ".events.json") {
        return try readEvents(stem + ".events.json", options: options)
    }
    if let steps = options.steps {
        return try StepsScript.parse(steps, name: "--steps", offsetMs: options.stepsOffsetMs, coverMs: options.coverMs)
    }
    for stem in sidecars where FileManager.default.fileExists(atPath: stem + ".steps") {
        guard let text = try? String(contentsOfFile: stem + ".steps", encoding: .utf8) else {
            throw FilmError.unreadable(path: stem + ".steps", cause: "cannot read the steps file")
        }
        return try StepsScript.parse(text, name: stem + ".steps", offsetMs: options.stepsOffsetMs, coverMs: options.coverMs)
    }
    return []
}

private func readEvents(_ path: String, options: PostureOptions) throws -> [PostureEvent] {
    try EventsFile.parse(try InputFile.read(path), name: path, coverMs: options.coverMs)
}

/// `films/laptop-inner.mp4` → `films/laptop-inner`, `films/laptop` (the display suffix dropped).
func sidecarStems(of film: String) -> [String] {
    let stem = (film as NSString).deletingPathExtension
    var stems = [stem]
    for suffix in ["-inner", "-outer"] where stem.hasSuffix(suffix) { stems.append(String(stem.dropLast(suffix.count))) }
    return stems
}
