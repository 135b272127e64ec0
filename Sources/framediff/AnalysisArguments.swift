import FrameDiff

/// The options every analysing verb shares (the main job, check, audit): masks, posture events,
/// thresholds, decoder threads; one table that parses and prints help.
enum AnalysisArguments {
    static let options = [
        CommonOptions.mask,
        OptionSpec(name: "--events", value: "FILE", help: "posture events as JSON (else a NAME.events.json sidecar)"),
        OptionSpec(name: "--steps", value: "SCRIPT", help: "the recording script: path:DUR:FROM:TO wait:SEC orient:NAME (else a NAME.steps sidecar)"),
        OptionSpec(name: "--steps-offset", value: "MS", help: "when the script's first step began, ms into the film (default 0)"),
        OptionSpec(name: "--no-infer", value: nil, help: "do not infer posture events from the film when none are given"),
        OptionSpec(name: "--settle", value: "MS", help: "how long after an event a finding is still its consequence (default 3000)"),
        OptionSpec(name: "--cover-ms", value: "MS", help: "how long the system's cover outlasts a fold, unfold or rotation (default 500)"),
        OptionSpec(name: "--stable-ms", value: "MS", help: "changes closer than this are one transition (default 150)"),
        OptionSpec(name: "--flash-max-ms", value: "MS", help: "longest flat interval reported as a flash (default 400)"),
        OptionSpec(name: "--blank-max-ms", value: "MS", help: "longest flat interval reported as a blank (default 1000)"),
        OptionSpec(name: "--min-tile-rmse", value: "R", help: "smallest texture change of a tile that counts, 0-1 RMSE (default 0.1)"),
        CommonOptions.threads,
    ]

    static func parse(_ p: ParsedArguments) throws -> AnalysisOptions {
        var o = AnalysisOptions()
        o.scan = try CommonOptions.scanOptions(p)
        if let v = try p.double("--stable-ms", in: 1...60_000) { o.classifier.stableMs = v }
        if let v = try p.double("--flash-max-ms", in: 1...60_000) { o.classifier.flashMaxMs = v }
        if let v = try p.double("--blank-max-ms", in: 1...60_000) { o.classifier.blankMaxMs = v }
        if let v = try p.double("--min-tile-rmse", in: 0...1) { o.classifier.minTileRMSE = v }
        o.posture.eventsFile = p.value("--events")
        o.posture.steps = p.value("--steps")
        if let steps = o.posture.steps {
            do { _ = try StepsScript.parse(steps) } catch let e as StepsScript.ParseError { throw UsageError("--steps: \(e)") }
        }
        if let v = try p.double("--steps-offset", in: -3_600_000...3_600_000) { o.posture.stepsOffsetMs = v }
        if let v = try p.double("--settle", in: 0...3_600_000) { o.posture.settleMs = v }
        o.posture.infer = !p.has("--no-infer")
        if let v = try p.double("--cover-ms", in: 0...60_000) { o.posture.coverMs = v }
        return o
    }
}
