/// Which findings fail, warn or pass, by kind and phase.
///
/// The standard rules follow DESIGN.md: what happens under the system's cover is not a defect; a
/// placeholder flash or a blank page in view is; cuts, fades and motion are the app's animation
/// and pass unless a rules file says otherwise.
///
///     Rules.standard.verdict(for: finding)   // .fail for a flash after a bend
public struct Rules: Sendable, Equatable {
    public typealias Verdict = FrameDiff.Verdict

    /// Verdict per kind and phase; a missing entry passes.
    public var verdicts: [FindingKind: [Phase: Verdict]]

    public init(verdicts: [FindingKind: [Phase: Verdict]]) { self.verdicts = verdicts }

    /// Each kind's `standardVerdicts` from its descriptor.
    public static let standard = Rules(verdicts: Dictionary(uniqueKeysWithValues: FindingKind.allCases.compactMap { k in
        k.descriptor.standardVerdicts.isEmpty ? nil : (k, k.descriptor.standardVerdicts)
    }))

    public func verdict(for f: Finding) -> Verdict { verdicts[f.kind]?[f.phase] ?? .pass }
}
