import Foundation

/// What a verb prints: the values of `--format`. Each verb allows some of them.
///
///     let text = render(reports, errors: [], as: .markdown)
public enum ReportFormat: String, Sendable {
    case text, json, markdown, junit, html, github
}

/// The main job's reports of several films (and the films that could not be read) in one format:
/// text (coloured for a terminal when `colour`), JSON (one report, or a `filmsDocument` of
/// several), Markdown or JUnit. HTML is written as a folder instead (`writeHTMLReport`).
public func render(_ reports: [Report], errors: [(film: String, cause: String)], as format: ReportFormat,
                   colour: Bool = false) -> String {
    switch format {
    case .junit:
        return junitXML(reports, errors: errors)
    case .markdown:
        return (reports.map { $0.markdown() } + errors.map { "### `\($0.film)`\n\n❌ \($0.cause)\n" }).joined(separator: "\n")
    case .json:
        if reports.count == 1 && errors.isEmpty { return reports[0].json.rendered() + "\n" }
        return filmsDocument(reports.map(\.json) + errors.map { filmError($0.film, $0.cause) }).rendered() + "\n"
    case .text, .html, .github:
        return reports.map { $0.text(colour: colour) }.joined(separator: "\n")
    }
}
