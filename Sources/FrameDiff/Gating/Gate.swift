/// The CI gate's judgement of one film, as lists: what fails, what warns, what the baseline
/// already had, and what the baseline had that is gone. The verdicts themselves are
/// `GateRules.judged`'s (the baseline included); this only sorts them.
///
///     let result = GateResult(report: r, rules: rules.forFilm(r.film), baseline: baseline)
public struct GateResult: Sendable {
    /// The film's report, judged.
    public var report: Report
    /// Finding index → why it fails (new findings only, when there is a baseline).
    public var failures: [Int: String] = [:]
    public var warnings: [Int: String] = [:]
    /// Failing findings the baseline accepts.
    public var accepted: [Int] = []
    /// Baseline entries no longer found.
    public var fixed: [Baseline.Entry] = []

    /// Events whose picture settled later than the limit: event index → why.
    public var eventFailures: [Int: String] { report.eventFailures }

    public var failed: Bool { !failures.isEmpty || !eventFailures.isEmpty }

    /// The film's verdict: it fails when a finding or an event does (warnings do not fail it).
    public var verdict: Verdict { failed ? .fail : .pass }

    public init(report: Report, rules: GateRules, baseline: Baseline?) {
        self.report = rules.judged(report, baseline: baseline)
        if let baseline { fixed = baseline.compare(film: report.film, findings: report.findings).fixed }
        for (i, f) in self.report.findings.enumerated() {
            switch f.verdict ?? .pass {
            case .fail: failures[i] = f.why ?? ""
            case .warn: warnings[i] = f.why ?? ""
            case .pass: if f.acceptedByBaseline { accepted.append(i) }
            }
        }
    }
}
