import Foundation

/// Reads a small input file (rules, events, baseline, a merge input) with the cause of a failure
/// in the system's words: a folder, an empty file, a symlink loop, a permission, a file too large
/// to be a configuration. The one place these files are opened.
///
///     let data = try InputFile.read(".framediff.json")
public enum InputFile {
    /// The largest configuration file read (bytes): a rules file with thousands of overrides is
    /// far below; a runaway generated file is refused before it takes memory.
    public static let maxBytes = 4 << 20

    public static func read(_ path: String, maxBytes: Int = InputFile.maxBytes) throws -> Data {
        var st = stat()
        if stat(path, &st) != 0 {
            if errno == ENOENT { throw FilmError.notFound(path: path) }
            throw FilmError.unreadable(path: path, cause: String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FilmError.unreadable(path: path, cause: "is a folder, not a file") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FilmError.unreadable(path: path, cause: String(cString: strerror(errno))) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FilmError.unreadable(path: path, cause: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            data.append(buffer, count: n)
            if data.count > maxBytes { throw FilmError.unreadable(path: path, cause: "larger than \(maxBytes >> 20) MiB: not a configuration file") }
        }
        if data.isEmpty { throw FilmError.empty(path: path) }
        return data
    }

    /// A number as people write it in a script or on the command line: decimal digits, a point, an
    /// exponent — not `0x10`, `nan` or `inf`, which Swift's `Double(_:)` also takes.
    public static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789.+-eE".contains($0) }), text.contains(where: \.isNumber),
              let v = Double(text), v.isFinite else { return nil }
        return v
    }
}
