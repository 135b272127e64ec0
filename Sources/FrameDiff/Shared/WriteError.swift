import Foundation

/// Why a report, a baseline or a folder of pictures could not be written (a full disk, a
/// read-only folder, a closed pipe): the path and the system's own words.
///
///     throw WriteError(path: "report.json", cause: "No space left on device")
public struct WriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var cause: String
    /// The reader of standard output went away (`| head`): nothing to say, nobody to say it to.
    public var closedPipe = false

    public init(path: String, cause: String, closedPipe: Bool = false) {
        self.path = path
        self.cause = cause
        self.closedPipe = closedPipe
    }

    public var description: String { "\(path): cannot write: \(cause)" }

    /// From a POSIX error number (strerror's words).
    public static func posix(_ path: String, _ code: Int32) -> WriteError {
        WriteError(path: path, cause: String(cString: strerror(code)), closedPipe: code == EPIPE)
    }
}
