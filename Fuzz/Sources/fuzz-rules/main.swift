// Fuzz target: the gate's rules file (`--rules FILE`, .framediff.json), GateRules.read, then what
// check and audit do with the rules: per-film overrides, verdicts, the gate's reports, and meters
// built with the rules' masks.
@testable import FrameDiff
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let rules = readScratch(".framediff.json", data, size, GateRules.read) else { return 0 }
    if parseOnly { return 0 }
    // every report rendered for one film; for others (films the globs may match, and the globs
    // themselves as names) the per-film rules, the gate's verdicts and the masks
    exerciseReport(film: "films/laptop-inner.mp4", rules: rules)
    exerciseMasks(rules.forFilm("films/laptop-inner.mp4").masks)
    for film in ["captures/a-outer.mp4", "x.mov"] + rules.films.prefix(3).map(\.glob) {
        let filmRules = rules.forFilm(film)
        var report = Report(film: film, video: sampleVideo, findings: sampleFindings(), topDeltas: [])
        report.events = tie(&report.findings, to: sampleEvents, settleMs: 3000)
        _ = GateResult.verdictText([GateResult(report: report, rules: filmRules, baseline: nil)], errors: [])
        _ = FilmSummary(report: rules.judged(report))
        exerciseMasks(filmRules.masks)
    }
    return 0
}

runFuzzer(target)
