import FrameDiff

/// `framediff FILM... [options]`: the main job, a report of findings per film.
struct AnalyzeCommand: Command {
    static let name = ""
    static let synopsis = "framediff FILM... [--format text|json] [--mask X,Y,W,H]..."
    static let summary = "Analyses films and prints a report of what happens between frames."
    static let options = [CommonOptions.format, CommonOptions.out, CommonOptions.mask, CommonOptions.threads,
                          CommonOptions.quiet, CommonOptions.help]

    let films: [String]

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("no FILM given") }
        films = p.positionals
    }

    func run() throws -> Int32 {
        throw UsageError("the analysis report is not built yet; use 'framediff rank FILM'")
    }
}
