/// The recording script's step syntax, turned into posture events timed from the first frame:
/// `path:DUR:FROM:TO` moves the hinge from FROM to TO degrees over DUR seconds, `wait:SEC` holds,
/// `orient:NAME` turns the device (`upright`, `landscape-left`, `landscape-right`, `upside-down`).
///
///     let events = try StepsScript.parse("path:1.0:180:110 wait:2.5 path:1.0:110:180", offsetMs: 0)
public enum StepsScript {
    /// The longest step (s) and the most steps a script may have: a day of recording, far more
    /// than any script, and times stay far from where the arithmetic fails.
    public static let maxSeconds = 86_400.0, maxSteps = 10_000

    /// The orientations `orient:` knows.
    public static let orientations = ["upright", "landscape-left", "landscape-right", "upside-down"]

    /// Parses a script; `offsetMs` is when its first step began in the film's time.
    /// `coverMs` is how long the system's cover outlasts a fold, unfold or rotation. A token that
    /// is not a step is a `ConfigError` naming `name` (the sidecar file, or `--steps`), the token
    /// and what was expected: `--steps: token 2 'jump:3': unknown step (...)`.
    public static func parse(_ script: String, name: String = "steps", offsetMs: Double = 0,
                             coverMs: Double = 500) throws -> [PostureEvent] {
        let tokens = script.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "," })
        var events: [PostureEvent] = []
        var t = offsetMs
        var orientation = "upright"
        guard tokens.count <= maxSteps else {
            throw ConfigError(file: name, path: "token \(maxSteps + 1) '\(tokens[maxSteps])'", reason: "more than \(maxSteps) steps")
        }
        for (i, raw) in tokens.enumerated() {
            let token = String(raw)
            let parts = token.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            func fail(_ reason: String) -> ConfigError { ConfigError(file: name, path: "token \(i + 1) '\(token)'", reason: reason) }
            func number(_ s: String, _ what: String) throws -> Double {
                guard let v = InputFile.decimal(s) else { throw fail("\(what) '\(s)' is not a number") }
                return v
            }
            switch parts[0] {
            case "path":
                guard parts.count == 4 else { throw fail("path takes DUR:FROM:TO (seconds, degrees, degrees)") }
                let dur = try number(parts[1], "duration"), from = try number(parts[2], "angle"), to = try number(parts[3], "angle")
                guard dur >= 0 else { throw fail("duration must not be negative") }
                guard dur <= maxSeconds else { throw fail("a duration is at most \(Int(maxSeconds)) seconds") }
                guard (0...360).contains(from), (0...360).contains(to) else { throw fail("angles are 0 to 360 degrees") }
                if let kind = Hinge.event(from: from, to: to) {
                    let end = t + dur * 1000
                    events.append(PostureEvent(index: events.count, kind: kind, startMs: t, endMs: end, fromDeg: from,
                                               toDeg: to, source: .steps,
                                               coverEndMs: PostureEvent.hasCover(kind) ? end + coverMs : end))
                }
                t += dur * 1000
            case "wait":
                guard parts.count == 2 else { throw fail("wait takes SEC") }
                let sec = try number(parts[1], "duration")
                guard sec >= 0 else { throw fail("duration must not be negative") }
                guard sec <= maxSeconds else { throw fail("a duration is at most \(Int(maxSeconds)) seconds") }
                t += sec * 1000
            case "orient":
                guard parts.count == 2, orientations.contains(parts[1]) else {
                    throw fail("orient takes one of \(orientations.joined(separator: ", "))")
                }
                if parts[1] != orientation {
                    events.append(PostureEvent(index: events.count, kind: .rotation, startMs: t, endMs: t,
                                               orientation: parts[1], source: .steps, coverEndMs: t + coverMs))
                    orientation = parts[1]
                }
            default:
                throw fail("unknown step (path:DUR:FROM:TO, wait:SEC or orient:NAME)")
            }
        }
        return events
    }
}
