/// What the CI gate makes of a finding: it passes, warns or fails the build. Ordered by severity,
/// so the worst of several verdicts is their `max()`.
///
///     [Verdict.warn, .fail].max()   // .fail
public enum Verdict: String, Sendable, Comparable, CaseIterable {
    case pass, warn, fail

    private var severity: Int {
        switch self {
        case .pass: 0
        case .warn: 1
        case .fail: 2
        }
    }

    public static func < (a: Verdict, b: Verdict) -> Bool { a.severity < b.severity }
}
