import FrameDiff

/// The options every analysing verb shares (the main job, check, audit): masks, posture events,
/// thresholds, decoder threads; one table that parses and prints help.
enum AnalysisArguments {
    private static let posture = PostureOptions()

    /// The settings with a flag of their own, as options (their ranges and defaults from the table).
    private static var settingFlags: [OptionSpec] {
        AnalysisSetting.all.compactMap { s in
            s.flag.map { flag in
                OptionSpec.number(flag, s.unit == "ms" ? "MS" : s.unit == "0-1 RMSE" ? "R" : "V", "\(s.reason) [\(s.key)]", in: s.range,
                                  default: s.defaultValue)
            }
        }
    }

    static var options: [OptionSpec] {
        [
            CommonOptions.mask,
            OptionSpec.text("--events", "FILE", "posture events as JSON (else a NAME.events.json sidecar)"),
            OptionSpec.text("--steps", "SCRIPT", "the recording script: path:DUR:FROM:TO wait:SEC orient:NAME (else a NAME.steps sidecar)"),
            OptionSpec.number("--steps-offset", "MS", "when the script's first step began, ms into the film", in: -3_600_000...3_600_000,
                              default: posture.stepsOffsetMs),
            OptionSpec.flag("--no-infer", "do not infer posture events from the film when none are given"),
        ] + settingFlags + [
            OptionSpec.text("--set", "KEY=VALUE", "any analysis setting (listed below; a rules file's \"analysis\" sets them too, the command line wins); repeatable",
                            repeatable: true),
            CommonOptions.threads,
            CommonOptions.stallTimeout,
        ]
    }

    /// The help's list of every analysis setting: key, unit, default, range, reason, by detector.
    static var settingsHelp: String {
        var out = "\nanalysis settings (--set KEY=VALUE, or \"analysis\": {KEY: VALUE} in .framediff.json):\n"
        let width = AnalysisSetting.all.map(\.key.count).max() ?? 0
        var detector: AnalysisSetting.Detector?
        for s in AnalysisSetting.all {
            if s.detector != detector {
                out += "  \(s.detector.rawValue):\n"
                detector = s.detector
            }
            let range = "\(OptionSpec.format(s.range.lowerBound)) to \(OptionSpec.format(s.range.upperBound))"
            out += "    " + s.key + String(repeating: " ", count: width - s.key.count + 2)
                + "\(s.reason) (\(s.unit), \(range); default \(OptionSpec.format(s.defaultValue)))\n"
        }
        return out
    }

    static func parse(_ p: ParsedArguments) throws -> AnalysisOptions {
        var o = AnalysisOptions()
        o.scan = try CommonOptions.scanOptions(p)
        for s in AnalysisSetting.all {
            guard let flag = s.flag, let v = p.double(flag) else { continue }
            try s.set(v, in: &o)  // (its range was checked when parsed)
            o.pinned.insert(s.key)
        }
        for item in p.all("--set") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { throw UsageError("--set takes KEY=VALUE, not '\(item)'") }
            guard let setting = AnalysisSetting.named(parts[0]) else {
                throw UsageError("--set: unknown analysis setting '\(parts[0])' (framediff --help lists them)")
            }
            guard let v = InputFile.decimal(parts[1]) else { throw UsageError("--set \(setting.key): expected a number (\(setting.unit)), not '\(parts[1])'") }
            do { try setting.set(v, in: &o) } catch let e as SettingError { throw UsageError("--set \(e)") }
            o.pinned.insert(setting.key)
        }
        o.posture.eventsFile = p.value("--events")
        o.posture.steps = p.value("--steps")
        if let steps = o.posture.steps {
            do { _ = try StepsScript.parse(steps, name: "--steps") } catch let e as ConfigError { throw UsageError("\(e)") }
        }
        if let v = p.double("--steps-offset") { o.posture.stepsOffsetMs = v }
        o.posture.infer = !p.has("--no-infer")
        return o
    }
}
