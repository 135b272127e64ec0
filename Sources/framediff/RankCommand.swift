import FrameDiff

/// `framediff rank FILM [--top N]`: every frame delta, largest first.
struct RankCommand: Command {
    static let name = "rank"
    static let synopsis = "framediff rank FILM [--top N] [--format text|json] [--mask X,Y,W,H]..."
    static let summary = """
        Measures every frame against the one before (ImageMagick's RMSE over R, G, B, 0-1) and lists
        the deltas largest first, with frame index and presentation time in ms.
        """
    static let options = [
        OptionSpec.integer("--top", "N", "keep the N largest deltas", in: 0...Int.max, default: "all"),
        CommonOptions.format([.text, .json]), CommonOptions.out,
        // (only what measuring uses: posture and classifier options are refused, not ignored)
        CommonOptions.mask, CommonOptions.threads, CommonOptions.stallTimeout, CommonOptions.quiet, CommonOptions.help,
    ]

    let film: String
    let top: Int?
    let format: ReportFormat
    let out: String?
    let scan: ScanOptions
    let quiet: Bool

    init(_ p: ParsedArguments) throws {
        guard p.positionals.count == 1 else { throw UsageError("rank takes one FILM") }
        film = p.positionals[0]
        top = p.int("--top")
        format = CommonOptions.format(p)
        out = p.value("--out")
        scan = try CommonOptions.scanOptions(p)
        quiet = p.has("--quiet")
    }

    func run() throws -> Int32 {
        try refuseOutputs([out], overwriting: [film])
        let progress = ProgressLine(quiet: quiet)
        defer { progress.done() }
        var scan = scan
        scan.stages = StageReport.account()
        let ranking = try Ranking.measure(film: film, options: scan) {
            progress.update(film: film, frames: $0, ptsMs: $1, durationMs: $2)
        }
        StageReport.print(scan.stages, film: film)
        if let short = ranking.info.shortfall, !quiet { Console.err("framediff: warning: \(oneLine(film)): \(short)\n") }
        let text = format == .json ? ranking.json(top: top).rendered() + "\n" : ranking.text(top: top)
        try emit(text, to: out)
        return 0
    }
}
