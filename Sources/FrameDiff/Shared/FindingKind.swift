/// The kinds of finding DESIGN.md defines. Everything a stage needs to know about a kind (its
/// name in JSON and rules files, how reports show it, how the standard rules judge it) is in its
/// `descriptor`: adding a kind is one case here and one entry in `descriptor`, which the compiler
/// asks for.
///
///     FindingKind.flash.descriptor.temporary   // true: the picture comes back
public enum FindingKind: String, Sendable, CaseIterable, Codable {
    /// One frame-to-frame change from a stable state to a different stable state.
    case cut
    /// Two or more changed frames whose intermediate frames are blends of the old and the new state.
    case fade
    /// A region with detail before and after goes flat (a placeholder) for a short time.
    case flash
    /// Most of the frame goes flat between two states.
    case blank
    /// Any other run of changed frames: slides, springs, layout still shifting.
    case motion
    /// Inside a motion or fade, the picture stalls beyond its frame period and then resumes:
    /// frames the app never drew. Lies inside its animation (`parent`), which stays one finding.
    case hitch

    /// The one table of kinds: every renderer, reader and judge reads its facts from here.
    public var descriptor: FindingKindDescriptor {
        switch self {
        case .cut:
            FindingKindDescriptor(name: rawValue, label: "cut", htmlColour: "#e9a100", terminalColour: "33",
                                  temporary: false, hasDuration: false, durationLimit: nil, standardVerdicts: [:])
        case .fade:
            FindingKindDescriptor(name: rawValue, label: "fade", htmlColour: "#2a9d4a", terminalColour: "32",
                                  temporary: false, hasDuration: true, durationLimit: "fade_max_ms", standardVerdicts: [:])
        case .flash:
            // a defect DESIGN.md names: red, and failing in view
            FindingKindDescriptor(name: rawValue, label: "flash", htmlColour: "#d33", terminalColour: "31",
                                  temporary: true, hasDuration: true, durationLimit: "flash_max_ms",
                                  standardVerdicts: [.after: .fail, .none: .fail])
        case .blank:
            FindingKindDescriptor(name: rawValue, label: "blank", htmlColour: "#a0f", terminalColour: "31",
                                  temporary: true, hasDuration: true, durationLimit: "blank_max_ms",
                                  standardVerdicts: [.after: .fail, .none: .fail])
        case .motion:
            FindingKindDescriptor(name: rawValue, label: "motion", htmlColour: "#0aa", terminalColour: "36",
                                  temporary: false, hasDuration: true, durationLimit: nil, standardVerdicts: [:])
        case .hitch:
            // judged per animation by its hitch ratio, not one by one
            FindingKindDescriptor(name: rawValue, label: "hitch", htmlColour: "#e05a9c", terminalColour: "35",
                                  temporary: false, hasDuration: true, durationLimit: nil, standardVerdicts: [:])
        }
    }

    /// The kind a name stands for in JSON, a rules file or a baseline (nil: no such kind).
    public init?(name: String) { self.init(rawValue: name) }

    /// The kinds' names in order, for messages: `"cut, fade, flash, blank or motion"` with `last: " or "`.
    public static func names(separator: String = ", ", last: String? = nil) -> String {
        let all = allCases.map(\.descriptor.name)
        guard let last, all.count > 1 else { return all.joined(separator: separator) }
        return all.dropLast().joined(separator: separator) + last + all[all.count - 1]
    }
}

/// What every stage knows of one kind of finding (see `FindingKind.descriptor`).
///
///     let d = FindingKind.blank.descriptor   // d.name == "blank", d.durationLimit == "blank_max_ms"
public struct FindingKindDescriptor: Sendable {
    /// The kind's name in JSON reports, rules files, baselines and scripts (`"flash"`).
    public let name: String
    /// How reports name it in a sentence (`"flash"` in "flash 83 ms").
    public let label: String
    /// Its colour on the HTML timeline (CSS hex).
    public let htmlColour: String
    /// Its colour on a terminal (an ANSI SGR code).
    public let terminalColour: String
    /// Whether it is a temporary state the picture comes back from (flash, blank): what matters is
    /// what went flat, so pictures compare the frame before with its first frame.
    public let temporary: Bool
    /// Whether reports give its duration (a cut has none).
    public let hasDuration: Bool
    /// The rules file's limit on its duration (`limits.fade_max_ms`), if it has one.
    public let durationLimit: String?
    /// How the standard rules judge it in each phase; a missing phase passes.
    public let standardVerdicts: [Phase: Verdict]
}
