/// The tool's name and version, as `framediff --version` prints it and every JSON report carries
/// it (`"tool"`), so a CI artefact says what made it.
///
///     print(FrameDiffVersion.string)   // framediff 0.2.0
public enum FrameDiffVersion {
    public static let number = "0.2.0"
    public static let string = "framediff \(number)"
}
