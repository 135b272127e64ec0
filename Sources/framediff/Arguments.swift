import FrameDiff

/// One option a command accepts; the same table parses the command line and prints the help.
struct OptionSpec {
    /// "--top"
    var name: String
    /// "N" for an option with a value, nil for a flag.
    var value: String?
    var help: String
    var repeatable = false
}

/// A command line parsed against a command's option table.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option within a range, or a usage error that names it.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    /// A number option within a range, or a usage error that names it.
    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw UsageError("\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    /// Parses `args` (`--name value`, `--name=value`, flags, positionals; `--` ends options).
    init(_ args: [String], options: [OptionSpec]) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1, Double(arg) == nil {
                    throw UsageError("unknown option '\(arg)'")
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            if spec.value == nil {
                if inline != nil { throw UsageError("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let v: String
            if let inline { v = inline } else {
                guard i < args.count else { throw UsageError("\(name) needs a value (\(spec.value!))") }
                v = args[i]
                i += 1
            }
            if !spec.repeatable, values[name] != nil { throw UsageError("\(name) given twice") }
            values[name, default: []].append(v)
        }
    }
}

/// A mistake on the command line: printed with a pointer to --help, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Options that every analysing command shares (DESIGN.md, "Common options").
enum CommonOptions {
    static let format = OptionSpec(name: "--format", value: "FORMAT", help: "text or json (default text)")
    static let out = OptionSpec(name: "--out", value: "PATH", help: "write the report to PATH instead of stdout")
    static let mask = OptionSpec(name: "--mask", value: "X,Y,W,H",
                                 help: "exclude a region (displayed pixels) from every measure; repeatable",
                                 repeatable: true)
    static let threads = OptionSpec(name: "--threads", value: "N", help: "decoder threads (default: one per core)")
    static let quiet = OptionSpec(name: "--quiet", value: nil, help: "no progress or notes on stderr")
    static let help = OptionSpec(name: "--help", value: nil, help: "show this help")

    /// Masks and decoder threads from the parsed options.
    static func scanOptions(_ p: ParsedArguments) throws -> ScanOptions {
        var o = ScanOptions()
        for text in p.all("--mask") {
            guard let r = Rect(parsing: text) else {
                throw UsageError("--mask takes X,Y,W,H in pixels (whole numbers up to \(Rect.limit), W and H above 0), not '\(text)'")
            }
            o.masks.append(r)
        }
        o.threads = try p.int("--threads", in: 0...64) ?? 0
        return o
    }

    /// The --format value among `allowed`.
    static func format(_ p: ParsedArguments, allowed: [ReportFormat]) throws -> ReportFormat {
        let given = p.value("--format") ?? "text"
        guard let f = ReportFormat(rawValue: given), allowed.contains(f) else {
            throw UsageError("--format takes \(allowed.map(\.rawValue).joined(separator: "|")), not '\(given)'")
        }
        return f
    }
}

/// What a verb prints: the values of `--format`. Each verb allows some of them.
///
///     let f = try CommonOptions.format(p, allowed: [.text, .json])
enum ReportFormat: String {
    case text, json, markdown, junit, html, github
}
