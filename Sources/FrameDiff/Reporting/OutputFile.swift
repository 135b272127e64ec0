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

/// Writes files and folders so that a reader never sees half of one: into a temporary name in the
/// same folder, then renamed over the old one (an earlier report or baseline survives a full disk).
///
///     try OutputFile.write(Data(json.utf8), to: "audit.json")
///     try OutputFile.folder("report") { tmp in try page.write(toFile: tmp + "/index.html", ...) }
public enum OutputFile {
    /// Replaces `path` with `data` in one step, creating its folder when needed.
    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, cause: "cannot create the folder \(dir)")
        }
        let tmp = (dir as NSString).appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WriteError.posix(path, errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(tmp, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(tmp)
            throw WriteError.posix(path, failure)
        }
    }

    /// Builds a folder under a temporary name and puts it in place of `path` when `fill` succeeds;
    /// on failure the temporary folder is removed and an earlier `path` is left as it was. Only an
    /// empty folder or one holding an index.html (an earlier report) is replaced.
    public static func folder(_ path: String, fill: (String) throws -> Void) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let tmp = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let old = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).old-\(getpid())")
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? fm.removeItem(atPath: tmp)
            try fm.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        } catch {
            throw WriteError(path: path, cause: "cannot create the folder")
        }
        do {
            try fill(tmp)
        } catch {
            try? fm.removeItem(atPath: tmp)
            throw error
        }
        var isDir: ObjCBool = false
        let existed = fm.fileExists(atPath: url.path, isDirectory: &isDir)
        if existed, !isDir.boolValue {
            try? fm.removeItem(atPath: tmp)
            throw WriteError(path: path, cause: "a file of that name is in the way")
        }
        // only a folder framediff wrote (or an empty one) is replaced; a user's folder is not
        if existed, let items = try? fm.contentsOfDirectory(atPath: url.path), !items.isEmpty, !items.contains("index.html") {
            try? fm.removeItem(atPath: tmp)
            throw WriteError(path: path, cause: "the folder holds other files; name a new or a report folder")
        }
        if existed, rename(url.path, old) != 0 {
            let e = errno
            try? fm.removeItem(atPath: tmp)
            throw WriteError.posix(path, e)
        }
        if rename(tmp, url.path) != 0 {
            let e = errno
            if existed { _ = rename(old, url.path) }
            try? fm.removeItem(atPath: tmp)
            throw WriteError.posix(path, e)
        }
        if existed { try? fm.removeItem(atPath: old) }
    }
}

extension OutputFile {
    /// Moves every file of folder `from` into folder `to` (created when needed), each in one step,
    /// then removes `from`: the files a command made land only when all of them were made.
    public static func moveFiles(from: String, into to: String) throws {
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: to, withIntermediateDirectories: true) } catch {
            throw WriteError(path: to, cause: "cannot create the folder")
        }
        for name in (try? fm.contentsOfDirectory(atPath: from)) ?? [] {
            let target = (to as NSString).appendingPathComponent(name)
            if rename((from as NSString).appendingPathComponent(name), target) != 0 { throw WriteError.posix(target, errno) }
        }
        try? fm.removeItem(atPath: from)
    }
}
