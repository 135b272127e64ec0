import Foundation
import Testing

@testable import FrameDiff

/// Verdicts are decided once, by `GateRules.judged`, with the baseline and the settle limit as
/// part of it; `GateResult` and the audit row only read them.
@Suite("Judging a report once")
struct JudgementTests {
    /// A flash after a bend (fails by the standard rules) and a cut after it (passes), the picture
    /// settling 1200 ms after the bend.
    func report() -> Report {
        let events = [PostureEvent(index: 0, kind: .bend, startMs: 0, endMs: 1000, source: .steps)]
        var findings = [
            Finding(kind: .cut, startMs: 1500, endMs: 1500, firstFrame: 90, lastFrame: 90, peakRMSE: 0.3, region: Rect(x: 0, y: 0, w: 360, h: 780)),
            Finding(kind: .flash, startMs: 2000, endMs: 2200, firstFrame: 120, lastFrame: 132, peakRMSE: 0.2, region: Rect(x: 8, y: 8, w: 64, h: 64)),
        ]
        let summaries = tie(&findings, to: events, settleMs: 3000)
        var r = Report(film: "films/a.mp4", video: VideoInfo(width: 360, height: 780, codec: "h264", pixelFormat: "yuv420p",
                                                               frames: 300, durationMs: 5000), findings: findings, topDeltas: [])
        r.events = summaries
        return r
    }

    @Test func theBaselineIsPartOfTheVerdict() {
        let r = report()
        let baseline = Baseline(reports: [r])
        let judged = GateRules().judged(r, baseline: baseline)
        #expect(judged.findings.map(\.verdict) == [.pass, .pass])
        #expect(judged.findings[1].acceptedByBaseline && judged.findings[1].why?.hasPrefix("accepted by the baseline") == true)
        let gate = GateResult(report: r, rules: GateRules(), baseline: baseline)
        #expect(gate.failures.isEmpty && gate.accepted == [1] && !gate.failed)
        #expect(gate.report.findings == judged.findings)
        let without = GateResult(report: r, rules: GateRules(), baseline: nil)
        #expect(Array(without.failures.keys) == [1] && without.accepted.isEmpty)
    }

    @Test func aLateSettleFailsTheReportTheGateAndTheAuditRowAlike() {
        var rules = GateRules()
        rules.rules = Rules(verdicts: [:])
        rules.settleMaxMs = 500
        let judged = rules.judged(report())
        #expect(judged.eventFailures[0]?.contains("over settle_max_ms 500") == true)
        #expect(GateResult(report: report(), rules: rules, baseline: nil).failed)
        #expect(FilmSummary(report: judged).status == "fail")
        #expect(junitXML([judged]).contains("over settle_max_ms 500"))
        #expect(FilmSummary(report: GateRules().judged(report())).status == "fail")
        rules.settleMaxMs = 5000
        #expect(FilmSummary(report: rules.judged(report())).status == "ok")
    }
}
