/// Where a finding stands against a posture event (DESIGN.md, "Posture events"): decided when
/// findings are tied to events, read by the gate and the renderers.
///
///     Phase(rawValue: "after")   // .after
public enum Phase: String, Sendable, Codable, CaseIterable {
    /// Inside the event or under the system's cover.
    case during
    /// Within the settle window after the event.
    case after
    /// Tied to no event.
    case none
}
