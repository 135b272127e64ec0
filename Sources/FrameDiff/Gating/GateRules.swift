import Foundation

/// The CI gate's rules (`.framediff.json`): verdicts per kind and phase, limits, masks, and
/// overrides for films matching a glob. Documented with an example in the README.
///
///     {"kinds": {"flash": {"after": "fail", "none": "warn"}},
///      "limits": {"fade_max_ms": 300, "flash_max_ms": 0, "settle_max_ms": 2000, "hitch_ratio_max_ms_per_s": 10},
///      "masks": [[0, 0, 1240, 80]],
///      "analysis": {"stable_ms": 200, "longest_flash_ms": 500},
///      "films": [{"glob": "*-outer.mp4", "kinds": {"cut": {"after": "warn"}}, "analysis": {"busy_ms": 3000}}]}
public struct GateRules: Sendable, Equatable {
    public var rules: Rules = .standard
    /// A finding of a kind longer than this fails, whatever its kind verdict, unless it is under
    /// the system's cover (ms; 0: every one). Only kinds whose descriptor names a `durationLimit`
    /// (`fade_max_ms`, `flash_max_ms`, `blank_max_ms`) have one.
    public var maxDurationMs: [FindingKind: Double] = [:]
    /// An event after which the picture settles later than this fails (ms after the event's end).
    public var settleMaxMs: Double?
    /// Bounds on a motion's or fade's hitch time ratio (ms of hitch a second, `hitch_ratio_ms_per_s`)
    /// by their rules-file key: over `hitch_ratio_warn_ms_per_s` warns, over
    /// `hitch_ratio_max_ms_per_s` fails, unless under the system's cover (Apple's bounds: under 5
    /// good, 5-10 warning, over 10 critical); a kind's own key (`motion_hitch_ratio_max_ms_per_s`)
    /// takes over from the general one.
    public var hitchRatioLimits: [String: Double] = [RulesFile.hitchRatioWarnLimit: 5, RulesFile.hitchRatioMaxLimit: 10]
    /// Regions excluded from every measure (displayed pixels).
    public var masks: [Rect] = []
    /// Analysis settings by `AnalysisSetting` key (each checked against its range when read).
    public var analysis: [String: Double] = [:]
    /// Overrides for films whose path or name matches a glob, applied in order.
    public var films: [(glob: String, rules: Override)] = []

    public struct Override: Sendable, Equatable {
        var verdicts: [FindingKind: [Phase: Rules.Verdict]] = [:]
        var maxDurationMs: [FindingKind: Double] = [:]
        var settleMaxMs: Double?
        var hitchRatioLimits: [String: Double] = [:]
        var masks: [Rect] = []
        var analysis: [String: Double] = [:]
    }

    public init() {}

    public static func == (a: GateRules, b: GateRules) -> Bool {
        a.rules == b.rules && a.maxDurationMs == b.maxDurationMs && a.settleMaxMs == b.settleMaxMs && a.masks == b.masks
            && a.hitchRatioLimits == b.hitchRatioLimits && a.analysis == b.analysis
            && a.films.count == b.films.count && zip(a.films, b.films).allSatisfy { $0.glob == $1.glob && $0.rules == $1.rules }
    }

    /// The rules for one film: the base, then every override whose glob matches its path or name.
    public func forFilm(_ film: String) -> GateRules {
        var r = self
        r.films = []
        for (glob, o) in films where globMatches(glob, film) || globMatches(glob, (film as NSString).lastPathComponent) {
            for (kind, phases) in o.verdicts { r.rules.verdicts[kind, default: [:]].merge(phases) { $1 } }
            r.maxDurationMs.merge(o.maxDurationMs) { $1 }
            r.settleMaxMs = o.settleMaxMs ?? r.settleMaxMs
            r.hitchRatioLimits.merge(o.hitchRatioLimits) { $1 }
            r.masks += o.masks
            r.analysis.merge(o.analysis) { $1 }
        }
        return r
    }

    /// How to analyse `film` under these rules: `options` with the rules' masks for it added and
    /// their analysis settings, except those the command line gave (`options.pinned`).
    public func analysisOptions(_ options: AnalysisOptions, for film: String) -> AnalysisOptions {
        var o = options
        let rules = forFilm(film)
        o.scan.masks += rules.masks
        for (key, value) in rules.analysis where !o.pinned.contains(key) {
            // (keys and values were checked when the file was read)
            try? AnalysisSetting.named(key)?.set(value, in: &o)
        }
        return o
    }

    /// The report with every finding judged by these rules (limits included, and the baseline
    /// when given: a failing finding it already has passes, "accepted by the baseline"), and every
    /// event that settled too late: the one place a verdict is decided. The main job, `check` and
    /// `audit` all judge here; renderers show `Finding.verdict` and `Report.eventFailures`.
    public func judged(_ report: Report, baseline: Baseline? = nil) -> Report {
        var r = report
        let rules = forFilm(report.film)
        let new = baseline.map { Set($0.compare(film: report.film, findings: report.findings).new) }
        for i in r.findings.indices {
            var (v, why) = rules.verdict(for: r.findings[i])
            r.findings[i].acceptedByBaseline = v == .fail && new.map { !$0.contains(i) } ?? false
            if r.findings[i].acceptedByBaseline { (v, why) = (.pass, "accepted by the baseline (\(why))") }
            r.findings[i].verdict = v
            r.findings[i].why = why.isEmpty ? nil : why
        }
        r.eventFailures = [:]
        if let limit = rules.settleMaxMs {
            for s in report.events {
                if let settled = s.settledAfterMs, settled > limit {
                    r.eventFailures[s.event.index] = "settled \(JSON.format(settled, decimals: 0)) ms after the event, over settle_max_ms \(JSON.format(limit, decimals: 0))"
                }
            }
        }
        return r
    }

    /// The verdict for one finding, with the reason when it is not a pass.
    public func verdict(for f: Finding) -> (Rules.Verdict, String) {
        var v = rules.verdict(for: f)
        var why = v == .pass ? "" : "\(f.kind.descriptor.label) \(f.phase == .none ? "not tied to an event" : f.phase.rawValue + " an event") is \(v.rawValue)"
        if let name = f.kind.descriptor.durationLimit, let limit = maxDurationMs[f.kind], f.durationMs > limit, f.phase != .during {
            v = .fail
            why = "\(f.kind.descriptor.label) of \(JSON.format(f.durationMs, decimals: 0)) ms is over \(name) \(JSON.format(limit, decimals: 0))"
        }
        if let ratio = f.hitchRatioMsPerS, f.phase != .during, v != .fail {
            let shown = JSON.format(ratio, decimals: 1)
            // (the kind's own key, else the general one: the key that applies is the one named)
            func bound(_ general: String) -> (key: String, limit: Double)? {
                let own = f.kind.descriptor.name + "_" + general
                return hitchRatioLimits[own].map { (own, $0) } ?? hitchRatioLimits[general].map { (general, $0) }
            }
            if let max = bound(RulesFile.hitchRatioMaxLimit), ratio > max.limit {
                (v, why) = (.fail, "\(f.kind.descriptor.label) hitches \(shown) ms/s, over \(max.key) \(JSON.format(max.limit, decimals: 1))")
            } else if let warn = bound(RulesFile.hitchRatioWarnLimit), ratio > warn.limit, v == .pass {
                (v, why) = (.warn, "\(f.kind.descriptor.label) hitches \(shown) ms/s, over \(warn.key) \(JSON.format(warn.limit, decimals: 1))")
            }
        }
        return (v, why)
    }

    // MARK: - reading

    /// The most per-film overrides a rules file may hold.
    public static let maxOverrides = 1_000

    /// The rules file a run uses: `explicit` (`--rules FILE`), else `defaultFile` in the current
    /// folder when there is one, else the standard rules.
    public static func load(_ explicit: String?) throws -> GateRules {
        if let explicit { return try read(explicit) }
        return FileManager.default.fileExists(atPath: defaultFile) ? try read(defaultFile) : GateRules()
    }

    /// The rules file a run picks up by itself.
    public static let defaultFile = ".framediff.json"

    /// Reads a rules file; a file that is not valid rules is a `ConfigError` naming the path and
    /// where in it (`.framediff.json: kinds.flash.after: expected pass, warn or fail`).
    public static func read(_ path: String) throws -> GateRules {
        let file = try ConfigError.decode(RulesFile.self, from: try InputFile.read(path), file: path)
        var g = GateRules()
        for (kind, phases) in file.base.verdicts { g.rules.verdicts[kind, default: [:]].merge(phases) { $1 } }
        (g.maxDurationMs, g.settleMaxMs) = (file.base.maxDurationMs, file.base.settleMaxMs)
        g.hitchRatioLimits.merge(file.base.hitchRatioLimits) { $1 }
        g.masks = file.base.masks
        g.analysis = file.base.analysis
        g.films = file.films
        return g
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
