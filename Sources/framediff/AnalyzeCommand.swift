import FrameDiff
import Foundation

/// `framediff FILM... [options]`: the main job, a report of findings per film.
struct AnalyzeCommand: Command {
    static let name = ""
    static let synopsis = "framediff FILM... [--format text|json|markdown|junit] [--events FILE | --steps \"...\"] [--mask X,Y,W,H]..." 
    static let summary = """
        Analyses films and reports what happens between frames: cuts, fades, placeholder flashes,
        blank frames and motion, with DESIGN.md's timing (ms of presentation time).
        """
    static var epilogue: String { AnalysisArguments.settingsHelp }
    static let options = [
        CommonOptions.format([.text, .json, .markdown, .junit, .html], "the report's format; html needs --out DIR"),
        CommonOptions.out,
    ] + AnalysisArguments.options + [OptionSpec.text("--stats", "FILE", "write per-frame measurements as CSV (one film)"),
                                     CommonOptions.quiet, CommonOptions.help]

    let films: [String]
    let format: ReportFormat
    let out: String?
    let stats: String?
    let quiet: Bool
    let options: AnalysisOptions
    /// The gate's rules (.framediff.json when present): the verdicts junit, markdown and html show
    /// are the ones `check` gives.
    let rules: GateRules

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("no FILM given") }
        films = p.positionals
        format = CommonOptions.format(p)
        if format == .html, p.value("--out") == nil || p.value("--out") == "-" { throw UsageError("--format html needs --out DIR") }
        out = p.value("--out")
        stats = p.value("--stats")
        quiet = p.has("--quiet")
        if stats != nil, films.count > 1 { throw UsageError("--stats takes one FILM") }
        options = try AnalysisArguments.parse(p)
        rules = try GateRules.load(nil)
    }

    func run() throws -> Int32 {
        try refuseOutputs([out, stats], overwriting: films, folder: format == .html ? out : nil)
        if format == .html, let out {
            try OutputFile.checkReportFolder(out, several: films.count > 1)
            // (the report replaces its folder whole: a table written into it first is in its way)
            let folder = URL(fileURLWithPath: out).standardizedFileURL.path
            if let stats, URL(fileURLWithPath: stats).standardizedFileURL.path.hasPrefix(folder + "/") {
                throw WriteError(path: stats, cause: "it is inside the report folder \(out); name a place outside it")
            }
        }
        var reports: [Report] = []
        var failures: [(String, FilmError)] = []
        for film in films {
            do {
                var rows: [String] = []
                let progress = ProgressLine(quiet: quiet)
                defer { progress.done() }
                // judged once, as check judges (its masks too): markdown, junit and html mark what fails
                var filmOptions = rules.analysisOptions(options, for: film)
                filmOptions.scan.stages = StageReport.account()
                let report = try rules.judged(analyseFilm(film, options: filmOptions, onStats: stats == nil ? nil : { rows.append($0.csvRow) },
                                                  onProgress: { progress.update(film: film, frames: $0, ptsMs: $1, durationMs: $2) }))
                StageReport.print(filmOptions.scan.stages, film: film)
                if let stats {
                    try emit(([FrameStats.csvHeader] + rows).joined(separator: "\n") + "\n", to: stats)
                }
                if let short = report.video.shortfall, !quiet { Console.err("framediff: warning: \(oneLine(film)): \(short)\n") }
                if report.video.corruptPackets > 0 && !quiet {
                    Console.err("framediff: note: \(oneLine(film)): \(report.video.corruptPackets) damaged packets or frames (decoded past, as ffmpeg does)\n")
                }
                if !report.video.lengthChecked, !quiet {
                    Console.err("framediff: note: \(oneLine(film)): its container does not say whether the file is whole (a file cut short would look whole)\n")
                }
                reports.append(report)
            } catch {
                // one bad film is named and the others are still analysed (whatever went wrong)
                let e = FilmError(film: film, error: error)
                if films.count == 1 { throw e }
                Console.err(Console.errorLine(e))
                failures.append((film, e))
            }
        }
        if format == .html, let out {
            try writeHTML(reports, failures: failures, to: out)
            return failures.isEmpty ? 0 : 2
        }
        let colour = out == nil && Console.stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let text = render(reports, errors: failures.map { ($0.0, $0.1.cause(in: $0.0)) }, as: format, colour: colour)
        try emit(text, to: out)
        return failures.isEmpty ? 0 : 2
    }

    /// One film: its report in `folder`; several: an index page linking a folder per film.
    func writeHTML(_ reports: [Report], failures: [(String, FilmError)], to folder: String) throws {
        if reports.count == 1 && failures.isEmpty {
            try writeHTMLReport(reports[0], to: folder, scan: rules.analysisOptions(options, for: reports[0].film).scan)
            return
        }
        // (a user's folder is refused before any report is written into it)
        try OutputFile.claimFolder(folder)
        var rows: [(summary: FilmSummary, folder: String?)] = []
        for (i, r) in reports.enumerated() {
            let sub = FilmSummary.reportFolder(i, r.film)
            try writeHTMLReport(r, to: (folder as NSString).appendingPathComponent(sub), scan: rules.analysisOptions(options, for: r.film).scan)
            rows.append((FilmSummary(report: r), sub))
        }
        rows += failures.map { (FilmSummary(film: $0.0, error: $0.1.cause(in: $0.0)), nil) }
        let page = FilmSummary.htmlIndex(rows, title: "framediff")
        try emit(page, to: (folder as NSString).appendingPathComponent("index.html"))
    }
}

