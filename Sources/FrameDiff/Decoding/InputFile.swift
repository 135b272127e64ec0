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
    /// How long a read of a FIFO or a device waits for data (ms): a generator behind
    /// `<(...)` writes within moments.
    static let streamWaitMs = 10_000

    public static func read(_ path: String, maxBytes: Int = InputFile.maxBytes) throws -> Data {
        var st = stat()
        if stat(path, &st) != 0 {
            if errno == ENOENT { throw FilmError.notFound(path: path) }
            throw FilmError.unreadable(path: path, cause: String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FilmError.unreadable(path: path, cause: "is a folder, not a file") }
        // A FIFO or a device is read without blocking on its open and with a bound on each wait:
        // `--rules <(generate)` works, a FIFO nobody writes is an error, not a hang.
        let stream = (st.st_mode & S_IFMT) != S_IFREG
        let fd = open(path, O_RDONLY | (stream ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw FilmError.unreadable(path: path, cause: String(cString: strerror(errno))) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN, stream {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if poll(&p, 1, Int32(streamWaitMs)) == 0 {
                        throw FilmError.unreadable(path: path, cause: "no data for \(streamWaitMs / 1000) s (a FIFO nothing writes)")
                    }
                    continue
                }
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
