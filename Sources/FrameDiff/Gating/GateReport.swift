/// The CI gate's verdicts as text: the one-screen verdict, JUnit and GitHub Actions annotations.
/// The judging is GateResult's; these only show it.
///
///     print(GateResult.verdictText(results, errors: []))
extension GateResult {
    /// The gate's verdict in one format: text (one screen), JUnit, GitHub annotations, Markdown
    /// (the verdict, then each film's findings) or JSON (each film's report with its verdict and
    /// failures, in a `filmsDocument`).
    public static func render(_ results: [GateResult], errors: [(film: String, cause: String)], as format: ReportFormat) -> String {
        switch format {
        case .junit: return junit(results, errors: errors)
        case .github: return githubAnnotations(results, errors: errors)
        case .markdown:
            return verdictText(results, errors: errors).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
                + "\n\n" + results.map { $0.report.markdown() }.joined(separator: "\n")
        case .json:
            let items = results.map { r -> JSON in
                guard case .object(var members) = r.report.json else { return r.report.json }
                members.append(("verdict", .string(r.verdict.rawValue)))
                members.append(("failures", .array(r.failures.keys.sorted().map { i in
                    .object([("finding", .int(i)), ("why", .string(r.failures[i]!))]) })))
                return .object(members)
            }
            return filmsDocument(items + errors.map { filmError($0.film, $0.cause) }).rendered() + "\n"
        case .text, .html: return verdictText(results, errors: errors)
        }
    }

    /// The gate's JUnit: a testcase per event (fails with its failing findings or a late settle)
    /// and per kind the rules can fail.
    public static func junit(_ results: [GateResult], errors: [(film: String, cause: String)]) -> String {
        junitXML(results.map(\.report), errors: errors)
    }

    /// One screen of text: a line per film, then each failure, warning and fixed finding.
    public static func verdictText(_ results: [GateResult], errors: [(film: String, cause: String)]) -> String {
        let failedFilms = results.filter(\.failed).count + errors.count
        var out = "framediff check: \(results.count + errors.count) film\(results.count + errors.count == 1 ? "" : "s"), "
            + (failedFilms == 0 ? "all passed\n" : "\(failedFilms) failed\n")
        for r in results {
            out += "  \(r.failed ? "FAIL" : "pass") \(r.report.film): \(r.report.findings.count) findings"
            if !r.accepted.isEmpty { out += ", \(r.accepted.count) accepted by the baseline" }
            out += "\n"
            for (i, why) in r.failures.sorted(by: { $0.key < $1.key }) {
                out += "       fail  \(r.report.findings[i].sentence(events: r.report.events)): \(why)\n"
            }
            for (e, why) in r.eventFailures.sorted(by: { $0.key < $1.key }) {
                let title = r.report.events.first { $0.event.index == e }?.event.title ?? "event \(e)"
                out += "       fail  \(title): \(why)\n"
            }
            for (i, why) in r.warnings.sorted(by: { $0.key < $1.key }) {
                out += "       warn  \(r.report.findings[i].sentence(events: r.report.events)): \(why)\n"
            }
            for e in r.fixed {
                out += "       fixed \(e.kind.descriptor.label) at \(JSON.format(e.startMs / 1000, decimals: 3)) s (\(e.region)) is gone\n"
            }
        }
        for e in errors { out += "  FAIL \(e.film): cannot be analysed: \(e.cause)\n" }
        return out
    }

    /// GitHub Actions workflow commands: one `::error` per failing finding (and late-settling
    /// event, and film that could not be analysed), one `::warning` per warned finding. The title
    /// is the kind and phase, the message the text report's sentence with the film and why.
    ///
    ///     ::error file=films/a.mp4,title=flash after::films/a.mp4: flash 83 ms at 2.000 s (...): flash after an event is fail
    public static func githubAnnotations(_ results: [GateResult], errors: [(film: String, cause: String)]) -> String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        func line(_ level: String, film: String, title: String, message: String) -> String {
            "::\(level) file=\(escapeProperty(film)),title=\(escapeProperty(title))::\(escapeData(film + ": " + message))\n"
        }
        var out = ""
        for r in results {
            let events = r.report.events
            for (i, why) in r.failures.sorted(by: { $0.key < $1.key }) {
                let f = r.report.findings[i]
                out += line("error", film: r.report.film, title: "\(f.kind.descriptor.name) \(f.phase.rawValue)",
                            message: f.sentence(events: events) + ": " + why)
            }
            for (e, why) in r.eventFailures.sorted(by: { $0.key < $1.key }) {
                let title = events.first { $0.event.index == e }?.event.title ?? "event \(e)"
                out += line("error", film: r.report.film, title: "settle", message: title + ": " + why)
            }
            for (i, why) in r.warnings.sorted(by: { $0.key < $1.key }) {
                let f = r.report.findings[i]
                out += line("warning", film: r.report.film, title: "\(f.kind.descriptor.name) \(f.phase.rawValue)",
                            message: f.sentence(events: events) + ": " + why)
            }
        }
        for e in errors { out += line("error", film: e.film, title: "unreadable film", message: "cannot be analysed: " + e.cause) }
        return out
    }
}
