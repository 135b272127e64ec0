import FrameDiff

/// One option a command accepts: its name, what its value may be, what applies when it is not
/// given. The same table parses the command line (ranges and choices are checked there, once) and
/// prints the help (which shows them), so a default or a range is written in one place.
///
///     OptionSpec.number("--stable-ms", "MS", "changes closer than this are one transition",
///                       in: 1...60_000, default: ClassifierOptions().stableMs)
struct OptionSpec {
    /// "--top"
    var name: String
    /// "N" for an option with a value, nil for a flag.
    var value: String?
    var help: String
    var repeatable = false
    /// A number within this range (a whole number when `integer`).
    var range: ClosedRange<Double>?
    var integer = false
    /// One of these words.
    var choices: [String] = []
    /// What applies when the option is not given, as the help says it ("150", "one per core").
    var defaultText: String?

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, value: nil, help: help) }

    static func text(_ name: String, _ value: String, _ help: String, default d: String? = nil, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable, defaultText: d)
    }

    static func number(_ name: String, _ value: String, _ help: String, in range: ClosedRange<Double>, default d: Double? = nil,
                       repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable, range: range, defaultText: d.map(format))
    }

    static func integer(_ name: String, _ value: String, _ help: String, in range: ClosedRange<Int>, default d: String? = nil) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, range: Double(range.lowerBound)...Double(range.upperBound), integer: true, defaultText: d)
    }

    static func choice(_ name: String, _ value: String, _ help: String, _ choices: [String], default d: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, choices: choices, defaultText: d)
    }

    /// The help line: what it does, then what its value may be and its default.
    var helpLine: String {
        var notes: [String] = []
        if !choices.isEmpty { notes.append(choices.joined(separator: "|")) }
        if let range, bounded { notes.append("\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))") }
        if let defaultText { notes.append("default \(defaultText)") }
        return help + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
    }

    static func format(_ v: Double) -> String { JSON.format(v, decimals: 3) }

    /// The range has an upper end worth naming (`--top` takes any count).
    private var bounded: Bool { (range?.upperBound ?? 0) < Double(Int.max) }

    /// The value checked against the range or the choices, or the usage error that names them.
    func check(_ text: String) throws {
        if let range {
            let what = integer ? "a whole number" : "a number"
            let bounds = bounded ? " from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
                : range.lowerBound > 0 ? " of at least \(Self.format(range.lowerBound))" : range.lowerBound == 0 ? " of 0 or more" : ""
            let ok = integer ? Int(text).map { range.contains(Double($0)) } ?? false
                : InputFile.decimal(text).map(range.contains) ?? false
            guard ok else { throw UsageError("\(name) takes \(what)\(bounds), not '\(text)'") }
        }
        if !choices.isEmpty, !choices.contains(text) {
            throw UsageError("\(name) takes \(choices.joined(separator: "|")), not '\(text)'")
        }
    }
}

/// A command line parsed against a command's option table: every value already checked against
/// its option's range or choices.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// A whole-number option (its range was checked when parsed).
    func int(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

    /// A number option (its range was checked when parsed).
    func double(_ name: String) -> Double? { value(name).flatMap(InputFile.decimal) }

    /// Parses `args` (`--name value`, `--name=value`, flags, positionals; `--` ends options).
    /// A value out of its option's range is refused, unless `--help` is given too.
    init(_ args: [String], options: [OptionSpec]) throws {
        var refused: UsageError?
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
            do { try spec.check(v) } catch let e as UsageError { refused = refused ?? e }
            values[name, default: []].append(v)
        }
        if let refused, !flags.contains("--help") { throw refused }
    }
}

/// A mistake on the command line: printed with a pointer to --help, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Options that every analysing command shares (DESIGN.md, "Common options").
enum CommonOptions {
    /// `--format` with the formats a verb prints (text first: the default).
    static func format(_ formats: [ReportFormat], _ help: String = "the report's format") -> OptionSpec {
        .choice("--format", "FORMAT", help, formats.map(\.rawValue), default: formats[0].rawValue)
    }
    static let out = OptionSpec.text("--out", "PATH", "write the report to PATH instead of stdout (- is stdout)")
    static let mask = OptionSpec.text("--mask", "X,Y,W,H", "exclude a region (displayed pixels) from every measure; repeatable",
                                      repeatable: true)
    static let threads = OptionSpec.integer("--threads", "N", "decoder threads, 0 for one per core", in: 0...64,
                                            default: String(ScanOptions().threads))
    static let stallTimeout = OptionSpec.number("--stall-timeout", "S",
                                                "a film that yields no frame this long is an error, not a hang; 0 waits forever",
                                                in: 0...86_400, default: ScanOptions().stallSeconds)
    static let quiet = OptionSpec.flag("--quiet", "no progress or notes on stderr")
    static let help = OptionSpec.flag("--help", "show this help")

    /// Masks and decoder threads from the parsed options.
    static func scanOptions(_ p: ParsedArguments) throws -> ScanOptions {
        var o = ScanOptions()
        for text in p.all("--mask") {
            guard let r = Rect(parsing: text) else {
                throw UsageError("--mask takes X,Y,W,H in pixels (whole numbers up to \(Rect.limit), W and H above 0), not '\(text)'")
            }
            o.masks.append(r)
        }
        if o.masks.count > Rect.maxMasks { throw UsageError("--mask given \(o.masks.count) times: at most \(Rect.maxMasks)") }
        if let n = p.int("--threads") { o.threads = n }
        if let s = p.double("--stall-timeout") { o.stallSeconds = s }
        return o
    }

    /// The --format value (checked against the verb's formats when parsed).
    static func format(_ p: ParsedArguments) -> ReportFormat { p.value("--format").flatMap(ReportFormat.init) ?? .text }
}
