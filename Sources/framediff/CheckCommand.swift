import Foundation
import FrameDiff

/// `framediff check FILM... [--rules F] [--baseline F]`: the CI gate. Exit 0 when nothing fails,
/// 1 when a rule or the baseline fails, 2 when a film or the rules cannot be read.
struct CheckCommand: Command {
    static let name = "check"
    static let synopsis = "framediff check FILM... [--rules FILE] [--baseline FILE] [--update-baseline] [--format text|junit|markdown|json|github]"
    static let summary = """
        Analyses films and fails (exit 1) when a finding breaks the rules (.framediff.json in the
        working directory unless --rules says otherwise; without one, a flash or a blank in view
        fails). With --baseline only findings that are new fail, and findings that are gone are
        listed as fixed; --update-baseline writes the current findings as the baseline.
        """
    static let defaultBaseline = ".framediff-baseline.json"
    static var epilogue: String { AnalysisArguments.settingsHelp }
    static let options = [
        OptionSpec.text("--rules", "FILE", "rules file", default: GateRules.defaultFile + " when present"),
        OptionSpec.text("--baseline", "FILE", "accepted findings; only new ones fail"),
        OptionSpec.flag("--update-baseline", "write the current findings to the baseline file (default \(defaultBaseline)) and pass"),
        CommonOptions.format([.text, .junit, .markdown, .json, .github], "the verdict's format: text fits one screen, github writes Actions annotations"),
        CommonOptions.out,
    ] + AnalysisArguments.options + [CommonOptions.quiet, CommonOptions.help]

    let films: [String]
    let rules: GateRules
    let baselinePath: String?
    let update: Bool
    let format: ReportFormat
    let out: String?
    let quiet: Bool
    let options: AnalysisOptions

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("check takes one or more FILMs") }
        films = p.positionals
        options = try AnalysisArguments.parse(p)
        format = CommonOptions.format(p)
        out = p.value("--out")
        quiet = p.has("--quiet")
        update = p.has("--update-baseline")
        baselinePath = p.value("--baseline") ?? (update ? Self.defaultBaseline : nil)
        rules = try GateRules.load(p.value("--rules"))
    }

    func run() throws -> Int32 {
        try refuseOutputs([out, update ? baselinePath : nil], overwriting: films)
        let baseline = try update ? nil : baselinePath.map(Baseline.read)
        var results: [GateResult] = []
        var errors: [(film: String, cause: String)] = []
        for film in films {
            let filmRules = rules.forFilm(film)
            let o = rules.analysisOptions(options, for: film)
            do {
                let progress = ProgressLine(quiet: quiet)
                defer { progress.done() }
                let report = try analyseFilm(film, options: o,
                                             onProgress: { progress.update(film: film, frames: $0, ptsMs: $1, durationMs: $2) })
                // a film not read to its end never passes
                if let short = report.video.shortfall { throw FilmError.unreadable(path: film, cause: short) }
                results.append(GateResult(report: report, rules: filmRules, baseline: baseline))
            } catch {
                // a film that cannot be read never passes, and the others are still judged
                let e = FilmError(film: film, error: error)
                Console.err(Console.errorLine(e))
                errors.append((film, e.cause(in: film)))
            }
        }
        if update, let path = baselinePath {
            try emit(Baseline(reports: results.map(\.report)).json.rendered() + "\n", to: path)
            if !quiet {
                Console.err("framediff: wrote \(results.reduce(0) { $0 + $1.report.findings.count }) findings of "
                            + "\(results.count) films to \(path)\n")
            }
            return errors.isEmpty ? 0 : 2
        }
        try emit(GateResult.render(results, errors: errors, as: format), to: out)
        if !errors.isEmpty { return 2 }
        return results.contains(where: \.failed) ? 1 : 0
    }
}
