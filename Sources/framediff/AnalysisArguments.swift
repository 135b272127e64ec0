import FrameDiff

/// The options every analysing verb shares (the main job, check, audit): masks, posture events,
/// thresholds, decoder threads; one table that parses and prints help.
enum AnalysisArguments {
    private static let classifier = ClassifierOptions(), posture = PostureOptions()

    static let options = [
        CommonOptions.mask,
        OptionSpec.text("--events", "FILE", "posture events as JSON (else a NAME.events.json sidecar)"),
        OptionSpec.text("--steps", "SCRIPT", "the recording script: path:DUR:FROM:TO wait:SEC orient:NAME (else a NAME.steps sidecar)"),
        OptionSpec.number("--steps-offset", "MS", "when the script's first step began, ms into the film", in: -3_600_000...3_600_000,
                          default: posture.stepsOffsetMs),
        OptionSpec.flag("--no-infer", "do not infer posture events from the film when none are given"),
        OptionSpec.number("--settle", "MS", "how long after an event a finding is still its consequence", in: 0...3_600_000,
                          default: posture.settleMs),
        OptionSpec.number("--cover-ms", "MS", "how long the system's cover outlasts a fold, unfold or rotation", in: 0...60_000,
                          default: posture.coverMs),
        OptionSpec.number("--stable-ms", "MS", "changes closer than this are one transition", in: 1...60_000, default: classifier.stableMs),
        OptionSpec.number("--flash-max-ms", "MS", "longest flat interval reported as a flash", in: 1...60_000, default: classifier.longestFlashMs),
        OptionSpec.number("--blank-max-ms", "MS", "longest flat interval reported as a blank", in: 1...60_000, default: classifier.longestBlankMs),
        OptionSpec.number("--min-tile-rmse", "R", "smallest texture change of a tile that counts, as 0-1 tile RMSE", in: 0...1,
                          default: classifier.minTileRMSE),
        CommonOptions.threads,
        CommonOptions.stallTimeout,
    ]

    static func parse(_ p: ParsedArguments) throws -> AnalysisOptions {
        var o = AnalysisOptions()
        o.scan = try CommonOptions.scanOptions(p)
        if let v = p.double("--stable-ms") { o.classifier.stableMs = v }
        if let v = p.double("--flash-max-ms") { o.classifier.longestFlashMs = v }
        if let v = p.double("--blank-max-ms") { o.classifier.longestBlankMs = v }
        if let v = p.double("--min-tile-rmse") { o.classifier.minTileRMSE = v }
        o.posture.eventsFile = p.value("--events")
        o.posture.steps = p.value("--steps")
        if let steps = o.posture.steps {
            do { _ = try StepsScript.parse(steps, name: "--steps") } catch let e as ConfigError { throw UsageError("\(e)") }
        }
        if let v = p.double("--steps-offset") { o.posture.stepsOffsetMs = v }
        if let v = p.double("--settle") { o.posture.settleMs = v }
        o.posture.infer = !p.has("--no-infer")
        if let v = p.double("--cover-ms") { o.posture.coverMs = v }
        return o
    }
}
