import Foundation

/// Writes files and folders so that a reader never sees half of one: into a temporary name in the
/// same folder, then renamed over the old one (an earlier report or baseline survives a full disk).
/// Only a regular file (or nothing) is ever replaced: a device (`/dev/null`, `/dev/full`), a FIFO
/// or a terminal is written through, a symbolic link is followed to what it names, and a folder of
/// the user's is never replaced by a report folder.
///
///     try OutputFile.write(Data(json.utf8), to: "audit.json")
///     try OutputFile.folder("report") { tmp in try page.write(toFile: tmp + "/index.html", ...) }
public enum OutputFile {
    /// The file framediff puts in every report folder it writes, so that it can tell its own folder
    /// (which a new report may replace) from a user's (which it never touches).
    public static let folderMarker = ".framediff-report"
    /// The file `frames` puts in its folders: another than a report's, so that neither command
    /// takes the other's folder for its own.
    public static let framesMarker = ".framediff-frames"

    /// Replaces `path` with `data` in one step, creating its folder when needed; writes through a
    /// device, a FIFO or a terminal instead, and through a symbolic link to the file it names.
    public static func write(_ data: Data, to path: String) throws {
        // /dev/stdout, /dev/fd/1, /proc/self/fd/1 name this process's own descriptor: written to as
        // it is (the file behind it may be opened for appending, or be a pipe), never replaced
        if let fd = ownDescriptor(path) {
            let failure = writeAll(data, to: fd)
            if failure != 0 { throw WriteError.posix(path, failure) }
            return
        }
        let (target, found) = try resolved(path)
        switch found {
        case .missing, .regular, .link:
            try replace(target, with: data, named: path)
        case .stream:
            try writeThrough(data, to: target, named: path)
        case .directory:
            throw WriteError(path: path, cause: "it is a folder; name a file")
        case .other(let what):
            throw WriteError(path: path, cause: "it is \(what); name a regular file")
        }
    }

    /// Fails now, before any work, where a write to `path` would fail at the end: a folder (unless
    /// `folder`: an HTML report's `--out`), a block device or a socket in the way, or no folder
    /// there (or above it, where the rest would be made) that takes a new file. An audit of an hour
    /// of films to an unwritable `--json` failed only after analysing them all.
    public static func checkWritable(_ path: String, folder: Bool = false) throws {
        if path == "-" || ownDescriptor(path) != nil { return }
        let (target, found) = try resolved(path)
        switch found {
        case .stream: return
        case .directory:
            if folder { return }
            throw WriteError(path: path, cause: "it is a folder; name a file")
        case .other(let what): throw WriteError(path: path, cause: "it is \(what); name a regular file")
        case .missing, .regular, .link: break
        }
        if target.hasSuffix("/") { throw WriteError(path: path, cause: "it names a folder; name a file") }
        var dir = parentFolder(of: target)
        while !FileManager.default.fileExists(atPath: dir) {
            // (a link that leads nowhere is no folder the writer can make)
            var st = stat()
            if lstat(dir, &st) == 0 { throw WriteError(path: path, cause: "\(dir) is in the way of the folder it goes in") }
            dir = parentFolder(of: dir)
        }
        // (a file made and removed: permissions, a read-only mount and a filesystem that refuses
        // new files (/sys) all say no as the write would; access(2) says yes to root. Named per
        // call, not per process: a container's framediff is often PID 1 every time)
        let probe = (dir as NSString).appendingPathComponent(".framediff-probe-\(UUID().uuidString)")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw WriteError.posix(path, errno) }
        close(fd)
        // (a folder that takes new files but lets none go, append-only, refuses the rename the
        // write ends with as well)
        if unlink(probe) != 0 { throw WriteError.posix(path, errno) }
    }

    /// The folder holding `path` ("." for a bare name, "/" at the root). NB: NSString's
    /// deletingLastPathComponent traps (SIGILL) on a one-character path in this Foundation.
    static func parentFolder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    /// The descriptor a path names when it is one of this process's own (`/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/PID/fd/N` of this process), else nil.
    static func ownDescriptor(_ path: String) -> Int32? {
        let named: [String: Int32] = ["/dev/stdout": 1, "/dev/stderr": 2]
        if let fd = named[path] { return fd }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            if let fd = Int32(path.dropFirst(prefix.count)), fd >= 0, fcntl(fd, F_GETFD) != -1 { return fd }
        }
        return nil
    }

    /// What is at a path an output is to go to.
    enum PathKind: Equatable {
        case missing, regular, directory
        /// a character device or a FIFO: written through, never replaced
        case stream
        /// a symbolic link to `resolved`, the end of its chain of links (which may not exist yet)
        case link(resolved: String)
        /// a block device or a socket: neither replaced nor written to
        case other(String)
    }

    /// What `path` names once its symbolic links are followed: the path written to, and its kind.
    static func resolved(_ path: String) throws -> (target: String, kind: PathKind) {
        let found = try kind(of: path)
        guard case .link(let end) = found else { return (path, found) }
        return (end, try kind(of: end))
    }

    static func kind(of path: String) throws -> PathKind {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { return .missing }
            throw WriteError.posix(path, errno)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFCHR, S_IFIFO: return .stream
        case S_IFBLK: return .other("a block device")
        case S_IFSOCK: return .other("a socket")
        case S_IFLNK:
            guard let resolved = resolveLink(path) else {
                throw WriteError(path: path, cause: "a symbolic link that loops or names an unreachable place")
            }
            return .link(resolved: resolved)
        default: return .other("not a regular file")
        }
    }

    /// Where a symbolic link leads: the final path of a chain of links (missing at the end is
    /// fine: the report will be created there), nil for a loop.
    private static func resolveLink(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {  // the kernel's own limit on links followed (ELOOP)
            var st = stat()
            guard lstat(current, &st) == 0 else { return errno == ENOENT ? current : nil }
            guard st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buf, buf.count - 1)
            guard n > 0 else { return nil }
            let dest = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = dest.hasPrefix("/") ? dest : (parentFolder(of: current) as NSString).appendingPathComponent(dest)
        }
        return nil
    }

    /// The atomic path: a temporary file beside `target`, renamed over it (keeping its mode).
    private static func replace(_ target: String, with data: Data, named path: String) throws {
        let url = URL(fileURLWithPath: target)
        let dir = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, cause: "cannot create the folder \(dir)")
        }
        var old = stat()
        let mode: mode_t = lstat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o644
        let tmp = (dir as NSString).appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw WriteError.posix(path, errno) }
        var failure = writeAll(data, to: fd)
        if failure == 0, fchmod(fd, mode) != 0 { failure = errno }
        if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(tmp, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(tmp)
            throw WriteError.posix(path, failure)
        }
    }

    /// A device or a FIFO: opened as it is and written to (a full device says ENOSPC). A FIFO
    /// that nobody reads is an error at once, not a wait.
    private static func writeThrough(_ data: Data, to target: String, named path: String) throws {
        let fd = open(target, O_WRONLY | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENXIO { throw WriteError(path: path, cause: "a FIFO that nothing reads") }
            throw WriteError.posix(path, errno)
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var failure = writeAll(data, to: fd)
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw WriteError.posix(path, failure) }
    }

    /// Writes every byte (a short write is continued, EINTR retried): 0, or the errno that stopped it.
    private static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32 in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    /// Makes `path` a report folder framediff may fill (an index page and a report folder per
    /// film): created when missing; an existing folder only when it is empty, marked by framediff
    /// or holds only a report. Nothing in it is removed (a film's report folder inside it is
    /// replaced only as `folder` allows). Marks it, so a later report may fill it again.
    @discardableResult
    public static func claimFolder(_ path: String) throws -> Claim {
        try claim(path, marker: folderMarker, refusal: reportRefusal) { mayHoldReport($0, several: true) }
    }

    /// Makes `path` a folder `frames --out` may write into (`isFramesFolder`): created when
    /// missing, refused when it is a file or a folder of anything else; marks it.
    public static func claimFramesFolder(_ path: String) throws -> Claim {
        try claim(path, marker: framesMarker, refusal: "the folder holds other files; name a new folder or one frames wrote",
                  allowed: isFramesFolder)
    }

    /// Refuses, before any film is analysed, an HTML `--out` that `claimFolder` (several films) or
    /// `folder` (one film) would refuse at the end.
    public static func checkReportFolder(_ path: String, several: Bool) throws {
        if (try? kind(of: path)) == .directory, !mayHoldReport(path, several: several) {
            throw WriteError(path: path, cause: reportRefusal)
        }
    }

    private static let reportRefusal = "the folder holds other files; name a new or a report folder"

    /// One film's report replaces its folder, so only a report's may go; a report of several only
    /// adds to its folder, which may then also be one framediff marked.
    private static func mayHoldReport(_ path: String, several: Bool) -> Bool {
        isReportFolder(path) || several && marked(path)
    }

    /// What a claim made, so that a command that then fails can take it back: the folders it
    /// created (innermost first), or the marker it put in a folder of the user's that was empty.
    public struct Claim {
        fileprivate var created: [String] = []
        fileprivate var markerInEmpty: String?

        /// Removes what the claim made (a created folder with whatever was put in it since).
        public func undo() {
            if let first = created.first { try? FileManager.default.removeItem(atPath: first) }
            for folder in created.dropFirst() { rmdir(folder) }
            if let marker = markerInEmpty { unlink(marker) }
        }
    }

    private static func claim(_ path: String, marker: String, refusal: String, allowed: (String) -> Bool) throws -> Claim {
        let found = try resolved(path).kind
        guard found == .missing || found == .directory else {
            throw WriteError(path: path, cause: "a file of that name is in the way")
        }
        if found == .directory, !allowed(path) { throw WriteError(path: path, cause: refusal) }
        var claim = Claim()
        var missing = URL(fileURLWithPath: path).standardizedFileURL.path
        while missing != "/", !FileManager.default.fileExists(atPath: missing) {
            claim.created.append(missing)
            missing = parentFolder(of: missing)
        }
        let markerPath = (path as NSString).appendingPathComponent(marker)
        if found == .directory, (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true { claim.markerInEmpty = markerPath }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: markerPath))
        } catch {
            throw WriteError(path: path, cause: "cannot create the folder")
        }
        return claim
    }

    private static func marked(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(folderMarker))
    }

    /// What a file manager leaves in any folder it shows (Finder, Explorer): no file of the user's.
    static let osLitter: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini"]

    /// Whether a folder may be replaced by a report: empty, or holding only what framediff's reports
    /// hold (its marker, index.html, img/ and the report folders of a report of several films), with
    /// the marker or an index.html (a report of an earlier version, before the marker). A file or a
    /// folder of anything else (notes added to a report folder, a user's empty `photos/`) makes it
    /// the user's: the marker alone does not.
    static func isReportFolder(_ path: String) -> Bool {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return items.allSatisfy(osLitter.contains) || holdsOnlyReport(path, items)
    }

    private static func holdsOnlyReport(_ path: String, _ items: [String]) -> Bool {
        guard items.contains(folderMarker) || items.contains("index.html") else { return false }
        return items.allSatisfy { name in
            if osLitter.contains(name) { return true }
            let sub = (path as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sub, isDirectory: &isDir) else { return false }
            if name == folderMarker || name == "index.html" { return !isDir.boolValue }
            if name == "img" { return isDir.boolValue && isPictureFolder(sub) }
            // (a film's report inside a report of several: itself a report, never an empty folder)
            guard isDir.boolValue, let inner = try? FileManager.default.contentsOfDirectory(atPath: sub) else { return false }
            return holdsOnlyReport(sub, inner)
        }
    }

    /// img/ of a report: the key frames, heat maps and clips it names.
    private static func isPictureFolder(_ path: String) -> Bool {
        let items = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return items.allSatisfy { n in
            osLitter.contains(n) || (n.hasPrefix("frame-") || n.hasPrefix("heat-")) && n.hasSuffix(".png") || n.hasPrefix("clip-") && n.hasSuffix(".webp")
        }
    }

    /// The hidden folder a `frames` run makes its pictures in, inside `--out`: left behind only by
    /// a run that was killed, and no file of the user's.
    public static let framesStagingPrefix = ".framediff-frames-"

    /// Whether `frames --out` may write into a folder: missing, empty, or one `frames` wrote: only
    /// frames named by their time and contact sheets, with its marker or (written before the
    /// marker) a contact sheet. A user's folder (an ffmpeg extraction named the same way has no
    /// contact sheet), or a film that is a folder of PNG frames, is never written into.
    public static func isFramesFolder(_ path: String) -> Bool {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        guard items.contains(framesMarker) || items.contains(where: isContactSheet) || items.allSatisfy(osLitter.contains) else {
            return false
        }
        return items.allSatisfy { name in
            if osLitter.contains(name) || name == framesMarker { return true }
            var isDir: ObjCBool = false
            let sub = (path as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: sub, isDirectory: &isDir) else { return false }
            if isDir.boolValue { return name.hasPrefix(framesStagingPrefix) }
            return isContactSheet(name) || isFrameName(name)
        }
    }

    /// `contact-sheet-2000.png`, as `frames` names them (a user's `contact-sheet-mine.png` is not).
    private static func isContactSheet(_ name: String) -> Bool {
        guard name.hasPrefix("contact-sheet-"), name.hasSuffix(".png") else { return false }
        let ms = name.dropFirst("contact-sheet-".count).dropLast(4)
        return !ms.isEmpty && ms.allSatisfy { ("0"..."9").contains($0) }
    }

    /// `002000.png` or `002000-2.png`, as `frames` names its frames.
    private static func isFrameName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        return (parts.count == 1 || parts.count == 2) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// Builds a folder under a temporary name and puts it in place of `path` when `fill` succeeds;
    /// on failure the temporary folder is removed and an earlier `path` is left as it was. Only an
    /// empty folder or a report folder (isReportFolder) is replaced; the new one carries the marker.
    public static func folder(_ path: String, fill: (String) throws -> Void) throws {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let tmp = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let old = (parent as NSString).appendingPathComponent(".\(url.lastPathComponent).old-\(getpid())")
        let existing = try kind(of: url.path)
        switch existing {
        case .missing, .directory:
            break
        case .link:
            throw WriteError(path: path, cause: "a symbolic link is in the way; name the folder itself")
        default:
            throw WriteError(path: path, cause: "a file of that name is in the way")
        }
        // refused before any work: a user's folder is never replaced
        if existing == .directory, !isReportFolder(url.path) {
            throw WriteError(path: path, cause: "the folder holds other files; name a new or a report folder")
        }
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? fm.removeItem(atPath: tmp)
            try fm.createDirectory(atPath: tmp, withIntermediateDirectories: false)
            try Data().write(to: URL(fileURLWithPath: (tmp as NSString).appendingPathComponent(folderMarker)))
        } catch {
            throw WriteError(path: path, cause: "cannot create the folder")
        }
        do {
            try fill(tmp)
        } catch {
            try? fm.removeItem(atPath: tmp)
            throw error
        }
        let existed = existing == .directory
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
