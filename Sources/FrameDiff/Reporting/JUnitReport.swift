/// A JUnit testcase of a film: one per posture event and one per kind the rules can fail.
///
///     let cases: [JUnitCase] = r.events.map { .event($0.event.index) } + FindingKind.allCases.map { .kind($0) }
public enum JUnitCase: Sendable {
    case event(Int)
    case kind(FindingKind)
}

/// JUnit XML for CI systems, of judged reports: one testsuite per film, one testcase per posture
/// event and one per rule that can fail. A finding judged failing (`Finding.verdict`) is a
/// failure of its event's testcase and its rule's, with its reason; an event that settled too
/// late (`Report.eventFailures`) fails its testcase. The main job and `check` both print this.
///
///     print(junitXML([GateRules().judged(report)]))
public func junitXML(_ reports: [Report], errors: [(film: String, cause: String)] = []) -> String {
    func failures(_ r: Report, _ testcase: JUnitCase) -> [String] {
        let failing = r.findings.indices.filter { i in
            guard r.findings[i].verdict == .fail else { return false }
            switch testcase {
            case .event(let e): return r.findings[i].event == e
            case .kind(let k): return r.findings[i].kind == k
            }
        }
        var out: [String] = []
        if case .event(let e) = testcase, let late = r.eventFailures[e] { out.append(late) }
        return out + failing.map { r.findings[$0].sentence(events: r.events) + ": " + (r.findings[$0].why ?? "") }
    }
    var suites = ""
    var total = 0, failed = 0
    for r in reports {
        var cases: [(name: String, failures: [String])] = []
        for s in r.events { cases.append((s.event.title, failures(r, .event(s.event.index)))) }
        for kind in FindingKind.allCases { cases.append(("rule: \(kind.descriptor.name)", failures(r, .kind(kind)))) }
        // a film that did not hold all it announced fails a case of its own (only such a film has it)
        if let short = r.video.shortfall { cases.append(("read to its end", [short])) }
        let f = cases.filter { !$0.failures.isEmpty }.count
        total += cases.count
        failed += f
        suites += "  <testsuite name=\"\(xml(r.film))\" tests=\"\(cases.count)\" failures=\"\(f)\" errors=\"0\" "
            + "time=\"\(JSON.format(r.video.durationMs / 1000, decimals: 3))\">\n"
        for c in cases {
            suites += "    <testcase classname=\"\(xml(r.film))\" name=\"\(xml(c.name))\""
            if c.failures.isEmpty {
                suites += "/>\n"
            } else {
                suites += ">\n      <failure message=\"\(xml(c.failures[0]))\">\(xml(c.failures.joined(separator: "\n")))</failure>\n    </testcase>\n"
            }
        }
        suites += "  </testsuite>\n"
    }
    for e in errors {
        total += 1
        suites += "  <testsuite name=\"\(xml(e.film))\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
            + "    <testcase classname=\"\(xml(e.film))\" name=\"analysis\">\n      <error message=\"\(xml(e.cause))\"/>\n    </testcase>\n  </testsuite>\n"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"framediff\" tests=\"\(total)\" "
        + "failures=\"\(failed)\" errors=\"\(errors.count)\">\n" + suites + "</testsuites>\n"
}

extension Finding {
    /// "flash 83 ms at 2.000 s (192,80 160×112, #9e9e9e), after bend 0"
    func sentence(events: [EventSummary]) -> String {
        var s = short + " (\(self.region)"
        if let c = self.colour { s += ", \(c.hex)" }
        s += ")"
        if let i = event, let e = events.first(where: { $0.event.index == i }) {
            s += ", \(phase == .during ? "during" : "after") \(e.event.kind.rawValue) \(i)"
        }
        return s
    }
}

/// Text escaped for an XML attribute or element.
func xml(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case _ where c.value < 0x20 && c != "\n" && c != "\t": out += " "
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}
