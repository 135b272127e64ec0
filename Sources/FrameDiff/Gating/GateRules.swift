import Foundation

/// The CI gate's rules (`.framediff.json`): verdicts per kind and phase, limits, masks, and
/// overrides for films matching a glob. Documented with an example in the README.
///
///     {"kinds": {"flash": {"after": "fail", "none": "warn"}},
///      "limits": {"fade_max_ms": 300, "flash_max_ms": 0, "settle_max_ms": 2000},
///      "masks": [[0, 0, 1240, 80]],
///      "films": [{"glob": "*-outer.mp4", "kinds": {"cut": {"after": "warn"}}}]}
public struct GateRules: Sendable, Equatable {
    public var rules: Rules = .standard
    /// A fade longer than this fails (ms).
    public var fadeMaxMs: Double?
    /// A flash longer than this fails, whatever its kind verdict (ms; 0: every flash).
    public var flashMaxMs: Double?
    /// A blank longer than this fails (ms).
    public var blankMaxMs: Double?
    /// An event after which the picture settles later than this fails (ms after the event's end).
    public var settleMaxMs: Double?
    /// Regions excluded from every measure (displayed pixels).
    public var masks: [Rect] = []
    /// Overrides for films whose path or name matches a glob, applied in order.
    public var films: [(glob: String, rules: Override)] = []

    public struct Override: Sendable, Equatable {
        var verdicts: [FindingKind: [Phase: Rules.Verdict]] = [:]
        var fadeMaxMs: Double?, flashMaxMs: Double?, blankMaxMs: Double?, settleMaxMs: Double?
        var masks: [Rect] = []
    }

    public init() {}

    public static func == (a: GateRules, b: GateRules) -> Bool {
        a.rules == b.rules && a.fadeMaxMs == b.fadeMaxMs && a.flashMaxMs == b.flashMaxMs && a.blankMaxMs == b.blankMaxMs
            && a.settleMaxMs == b.settleMaxMs && a.masks == b.masks
            && a.films.count == b.films.count && zip(a.films, b.films).allSatisfy { $0.glob == $1.glob && $0.rules == $1.rules }
    }

    /// The rules for one film: the base, then every override whose glob matches its path or name.
    public func forFilm(_ film: String) -> GateRules {
        var r = self
        r.films = []
        for (glob, o) in films where globMatches(glob, film) || globMatches(glob, (film as NSString).lastPathComponent) {
            for (kind, phases) in o.verdicts { r.rules.verdicts[kind, default: [:]].merge(phases) { $1 } }
            r.fadeMaxMs = o.fadeMaxMs ?? r.fadeMaxMs
            r.flashMaxMs = o.flashMaxMs ?? r.flashMaxMs
            r.blankMaxMs = o.blankMaxMs ?? r.blankMaxMs
            r.settleMaxMs = o.settleMaxMs ?? r.settleMaxMs
            r.masks += o.masks
        }
        return r
    }

    /// The report with every finding judged by these rules (limits included): the one place a
    /// verdict is decided; renderers show `Finding.verdict`.
    public func judged(_ report: Report) -> Report {
        var r = report
        let rules = forFilm(report.film)
        for i in r.findings.indices {
            let (v, why) = rules.verdict(for: r.findings[i])
            r.findings[i].verdict = v
            r.findings[i].why = why.isEmpty ? nil : why
        }
        return r
    }

    /// The verdict for one finding, with the reason when it is not a pass.
    public func verdict(for f: Finding) -> (Rules.Verdict, String) {
        var v = rules.verdict(for: f)
        var why = v == .pass ? "" : "\(f.kind.rawValue) \(f.phase == .none ? "not tied to an event" : f.phase.rawValue + " an event") is \(v.rawValue)"
        let limits: [(FindingKind, Double?, String)] = [(.fade, fadeMaxMs, "fade_max_ms"), (.flash, flashMaxMs, "flash_max_ms"),
                                                         (.blank, blankMaxMs, "blank_max_ms")]
        for (kind, limit, name) in limits where f.kind == kind {
            if let limit, f.durationMs > limit, f.phase != .during {
                v = .fail
                why = "\(kind.rawValue) of \(JSON.format(f.durationMs, decimals: 0)) ms is over \(name) \(JSON.format(limit, decimals: 0))"
            }
        }
        return (v, why)
    }

    // MARK: - reading

    /// What is wrong in a rules file: `.framediff.json: kinds.flash.after: expected pass, warn or fail`.
    public struct ParseError: Error, CustomStringConvertible {
        public var file: String, path: String, reason: String
        public var description: String { "\(file): \(path): \(reason)" }
    }

    /// The most per-film overrides a rules file may hold.
    public static let maxOverrides = 1_000

    public static func read(_ path: String) throws -> GateRules {
        let data = try InputFile.read(path)
        let name = (path as NSString).lastPathComponent
        let parsed: Any
        switch InputFile.json(data) {
        case .success(let r): parsed = r
        case .failure(let f): throw ParseError(file: name, path: "$", reason: f.reason)
        }
        guard let root = parsed as? [String: Any] else { throw ParseError(file: name, path: "$", reason: "expected a JSON object") }
        var g = GateRules()
        let base = try parseOverride(root, at: "", file: name)
        for (kind, phases) in base.verdicts { g.rules.verdicts[kind, default: [:]].merge(phases) { $1 } }
        g.fadeMaxMs = base.fadeMaxMs
        g.flashMaxMs = base.flashMaxMs
        g.blankMaxMs = base.blankMaxMs
        g.settleMaxMs = base.settleMaxMs
        g.masks = base.masks
        if let films = root["films"] {
            guard let list = films as? [[String: Any]] else { throw ParseError(file: name, path: "films", reason: "expected an array of objects") }
            guard list.count <= maxOverrides else { throw ParseError(file: name, path: "films", reason: "more than \(maxOverrides) overrides") }
            for (i, f) in list.enumerated() {
                guard let glob = f["glob"] as? String else { throw ParseError(file: name, path: "films[\(i)].glob", reason: "expected a string") }
                g.films.append((glob, try parseOverride(f, at: "films[\(i)].", file: name)))
            }
        }
        let known: Set<String> = ["kinds", "limits", "masks", "films", "glob", "$comment"]
        if let unknown = root.keys.first(where: { !known.contains($0) }) {
            throw ParseError(file: name, path: unknown, reason: "unknown key (kinds, limits, masks, films)")
        }
        return g
    }

    private static func parseOverride(_ o: [String: Any], at prefix: String, file: String) throws -> Override {
        var r = Override()
        if let kinds = o["kinds"] {
            guard let k = kinds as? [String: Any] else { throw ParseError(file: file, path: prefix + "kinds", reason: "expected an object") }
            for (kindName, value) in k {
                guard let kind = FindingKind(rawValue: kindName) else {
                    throw ParseError(file: file, path: prefix + "kinds." + kindName, reason: "unknown kind (cut, fade, flash, blank, motion)")
                }
                var phases: [Phase: Rules.Verdict] = [:]
                if let all = value as? String {
                    guard let v = Rules.Verdict(rawValue: all) else { throw ParseError(file: file, path: prefix + "kinds." + kindName, reason: "expected pass, warn or fail") }
                    phases = [.during: v, .after: v, .none: v]
                } else if let map = value as? [String: Any] {
                    for (phaseName, verdict) in map {
                        guard let phase = Phase(rawValue: phaseName) else {
                            throw ParseError(file: file, path: prefix + "kinds.\(kindName).\(phaseName)", reason: "unknown phase (during, after, none)")
                        }
                        guard let s = verdict as? String, let v = Rules.Verdict(rawValue: s) else {
                            throw ParseError(file: file, path: prefix + "kinds.\(kindName).\(phaseName)", reason: "expected pass, warn or fail")
                        }
                        phases[phase] = v
                    }
                } else {
                    throw ParseError(file: file, path: prefix + "kinds." + kindName, reason: "expected a verdict or an object of phases")
                }
                r.verdicts[kind] = phases
            }
        }
        if let limits = o["limits"] {
            guard let l = limits as? [String: Any] else { throw ParseError(file: file, path: prefix + "limits", reason: "expected an object") }
            for (key, value) in l {
                guard let n = value as? NSNumber, String(cString: n.objCType) != "c", n.doubleValue >= 0 else {
                    throw ParseError(file: file, path: prefix + "limits." + key, reason: "expected a number of ms ≥ 0")
                }
                switch key {
                case "fade_max_ms": r.fadeMaxMs = n.doubleValue
                case "flash_max_ms": r.flashMaxMs = n.doubleValue
                case "blank_max_ms": r.blankMaxMs = n.doubleValue
                case "settle_max_ms": r.settleMaxMs = n.doubleValue
                default: throw ParseError(file: file, path: prefix + "limits." + key, reason: "unknown limit (fade_max_ms, flash_max_ms, blank_max_ms, settle_max_ms)")
                }
            }
        }
        if let masks = o["masks"] {
            guard let list = masks as? [Any] else { throw ParseError(file: file, path: prefix + "masks", reason: "expected an array") }
            guard list.count <= Rect.maxMasks else {
                throw ParseError(file: file, path: prefix + "masks", reason: "more than \(Rect.maxMasks) masks")
            }
            for (i, m) in list.enumerated() {
                guard let a = m as? [NSNumber], a.allSatisfy({ String(cString: $0.objCType) != "c" }),
                      let rect = Rect.checked(a.map(\.doubleValue)) else {
                    throw ParseError(file: file, path: prefix + "masks[\(i)]",
                                     reason: "expected [x, y, w, h]: whole numbers, sizes at least 1, at most \(Rect.limit)")
                }
                r.masks.append(rect)
            }
        }
        return r
    }
}

/// fnmatch-style glob: `*` any run (also across `/`), `?` one character.
func globMatches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern), t = Array(text)
    var pi = 0, ti = 0, star = -1, mark = 0
    while ti < t.count {
        if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
            pi += 1; ti += 1
        } else if pi < p.count && p[pi] == "*" {
            star = pi; mark = ti; pi += 1
        } else if star >= 0 {
            pi = star + 1; mark += 1; ti = mark
        } else {
            return false
        }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
}
