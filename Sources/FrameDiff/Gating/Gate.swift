/// The CI gate's judgement of one film: what fails, what warns, what the baseline already had,
/// and what the baseline had that is gone.
///
///     let result = GateResult(report: r, rules: rules.forFilm(r.film), baseline: baseline)
public struct GateResult: Sendable {
    public var report: Report
    /// Finding index → why it fails (new findings only, when there is a baseline).
    public var failures: [Int: String] = [:]
    public var warnings: [Int: String] = [:]
    /// Events whose picture settled later than the limit: event index → why.
    public var eventFailures: [Int: String] = [:]
    /// Failing findings the baseline accepts.
    public var accepted: [Int] = []
    /// Baseline entries no longer found.
    public var fixed: [Baseline.Entry] = []

    public var failed: Bool { !failures.isEmpty || !eventFailures.isEmpty }

    public init(report: Report, rules: GateRules, baseline: Baseline?) {
        // judged once, here; the renderers show the verdicts
        self.report = rules.judged(report)
        let new = baseline.map { Set($0.compare(film: report.film, findings: report.findings).new) }
        if let baseline { fixed = baseline.compare(film: report.film, findings: report.findings).fixed }
        for (i, f) in self.report.findings.enumerated() {
            let why = f.why ?? ""
            switch f.verdict ?? .pass {
            case .fail:
                if new == nil || new!.contains(i) {
                    failures[i] = why
                } else {
                    accepted.append(i)
                    self.report.findings[i].verdict = .pass
                    self.report.findings[i].why = "accepted by the baseline (\(why))"
                }
            case .warn: warnings[i] = why
            case .pass: break
            }
        }
        if let limit = rules.settleMaxMs {
            for s in report.events {
                if let settled = s.settledAfterMs, settled > limit {
                    eventFailures[s.event.index] = "settled \(JSON.format(settled, decimals: 0)) ms after the event, over settle_max_ms \(JSON.format(limit, decimals: 0))"
                }
            }
        }
    }
}
