import Foundation

/// What a walk of some paths found: the films, in the order found (each path's entries sorted),
/// the entries among them that cannot be analysed and why (a FIFO named like a film, a name that
/// is not UTF-8), and notes on what was walked once only (a link back up the tree).
///
///     let found = try findFilms(["captures/"])
///     for film in found.films { if let why = found.unreadable[film] { print(film, why) } }
public struct FilmSearch: Equatable, Sendable {
    /// Films and unreadable entries, each once, in the order found.
    public var films: [String] = []
    /// Why an entry of `films` cannot be analysed; it is reported as that film's error.
    public var unreadable: [String: String] = [:]
    /// One line each: a directory reached again through a link and not walked twice.
    public var notes: [String] = []
}

/// Every film under some paths: video files (by extension, and by their first bytes when the
/// extension says nothing), and folders of PNG frames named by ms (not searched further).
/// Zero-byte files and files that only claim to be films are listed too, so they are reported.
/// Each real directory and file is visited once (device and inode), however many links lead to
/// it, so a link up the tree is no loop; a FIFO, socket or device is never opened, so it cannot
/// stall the walk: one named like a film is listed as unreadable.
///
///     let films = try findFilms(["captures/"]).films
public func findFilms(_ paths: [String]) throws -> FilmSearch {
    var found = FilmSearch()
    var seen = Set<FileID>()
    var walking: [(id: FileID, path: String)] = []  // the directories from the top to here

    func add(_ path: String, cause: String? = nil) {
        found.films.append(path)
        if let cause { found.unreadable[path] = cause }
    }
    func visit(_ path: String, top: Bool) throws {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let e = errno
            var link = stat()
            let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
            if top && !isLink && e == ENOENT { throw FilmError.notFound(path: path) }
            if e != ENOENT && e != ELOOP && (top || looksLikeFilm(path, sniff: false)) {
                // (a path too long, a folder on the way that cannot be searched: said, not dropped)
                return add(path, cause: String(cString: strerror(e)))
            }
            // a link that leads nowhere is reported when it is named like a film (or named at all)
            if top || looksLikeFilm(path, sniff: false) {
                add(path, cause: e == ELOOP ? "a symbolic link that loops back on itself" : "a symbolic link to a file that does not exist")
            }
            return
        }
        let id = FileID(st)
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            if let ancestor = walking.first(where: { $0.id == id }) {
                found.notes.append("\(path): a link back to \(ancestor.path) (walked once)")
                return
            }
            guard seen.insert(id).inserted else {
                found.notes.append("\(path): a folder already walked through another path")
                return
            }
            guard let entries = directoryEntries(path) else {
                // (an unreadable folder may hold films: said, not skipped)
                return add(path, cause: "cannot read the folder: \(String(cString: strerror(errno)))")
            }
            if isFrameFolder(path, entries) { return add(path) }
            walking.append((id, path))
            defer { walking.removeLast() }
            for entry in entries where !entry.hasPrefix(".") {
                guard let name = entry.name else {
                    // a path framediff cannot hold as text: said (escaped) instead of dropped
                    let shown = (path as NSString).appendingPathComponent(entry.escaped)
                    var sub = stat()
                    let isDir = stat(Array(path.utf8CString.dropLast()).map { UInt8(bitPattern: $0) } + [0x2F] + entry.bytes + [0],
                                     &sub) == 0 && sub.st_mode & S_IFMT == S_IFDIR
                    if isDir {
                        add(shown, cause: "a folder whose name is not valid UTF-8 (not searched); rename it")
                    } else if looksLikeFilm(shown, sniff: false) {
                        add(shown, cause: "its name is not valid UTF-8; rename it to analyse it")
                    }
                    continue
                }
                try visit((path as NSString).appendingPathComponent(name), top: false)
            }
        case S_IFREG:
            guard top || looksLikeFilm(path) else { return }
            guard seen.insert(id).inserted else {
                found.notes.append("\(path): a film already found through another path")
                return
            }
            add(path)
        default:
            // never opened: a FIFO blocks its reader until something writes, a device never ends
            guard top || looksLikeFilm(path, sniff: false) else { return }
            add(path, cause: "not a regular file (\(fileKind(st.st_mode)))")
        }
    }
    for p in paths { try visit(p, top: true) }
    return found
}

/// A file or directory as the system knows it, whatever path leads to it.
private struct FileID: Hashable {
    let device: UInt64, inode: UInt64
    init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

private func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "not a file"
    }
}

/// A folder of PNG frames named by their ms (what the ffmpeg extraction writes): PNGs named by
/// ASCII digits and no films or folders beside them. A folder of captures with a stray numbered
/// PNG (or the frames `framediff frames` wrote beside a film) is searched for its films instead.
private func isFrameFolder(_ dir: String, _ entries: [DirectoryEntry]) -> Bool {
    var frames = 0
    for entry in entries where !entry.hasPrefix(".") {
        guard let n = entry.name else { continue }
        let path = (dir as NSString).appendingPathComponent(n)
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { return false }
        let stem = n.lowercased().hasSuffix(".png") ? n.dropLast(4) : ""
        if !stem.isEmpty, stem.allSatisfy({ $0.isASCII && $0.isNumber }) { frames += 1 } else if looksLikeFilm(path, sniff: false) { return false }
    }
    return frames > 0
}

/// A directory entry's name as the system stores it (bytes): `name` when it is valid UTF-8,
/// `escaped` (invalid bytes as \xNN) to show it either way.
private struct DirectoryEntry {
    let bytes: [UInt8]
    var name: String? { String(validating: bytes, as: UTF8.self) }
    var escaped: String {
        var out = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            var prefix = rest.count
            while prefix > 0, String(validating: rest.prefix(prefix), as: UTF8.self) == nil { prefix -= 1 }
            if prefix > 0 {
                out += String(decoding: rest.prefix(prefix), as: UTF8.self)
                rest = rest.dropFirst(prefix)
            } else {
                out += String(format: "\\x%02X", rest.first!)
                rest = rest.dropFirst()
            }
        }
        return out
    }
    func hasPrefix(_ p: String) -> Bool { bytes.starts(with: Array(p.utf8)) }
}

/// The entries of a directory, sorted by their bytes, without "." and "..": read with readdir,
/// because Foundation drops names that are not valid UTF-8.
private func directoryEntries(_ dir: String) -> [DirectoryEntry]? {
    guard let d = opendir(dir) else { return nil }
    defer { closedir(d) }
    var out: [DirectoryEntry] = []
    while let e = readdir(d) {
        let bytes = withUnsafeBytes(of: e.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
        if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
        out.append(DirectoryEntry(bytes: bytes))
    }
    return out.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
}

let filmExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "gif", "avi", "ts", "mts", "m2ts", "3gp", "hevc",
                                   "h264", "264", "265", "flv", "wmv", "mpg", "mpeg", "ogv", "mxf"]
let otherExtensions: Set<String> = ["json", "txt", "md", "steps", "png", "jpg", "jpeg", "csv", "html", "xml", "log", "swift", "py",
                                    // sound alone (an MP4 container of audio is no film)
                                    "m4a", "m4b", "mp3", "aac", "wav", "flac", "opus", "oga"]

/// By extension, or (with `sniff`, for a regular file) by a container's signature when the
/// extension is not a known one.
func looksLikeFilm(_ path: String, sniff: Bool = true) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    // (.ts is TypeScript as often as MPEG-TS: its bytes decide, when they can be read)
    if ext == "ts", sniff { return hasFilmSignature(path) }
    if filmExtensions.contains(ext) { return true }
    if otherExtensions.contains(ext) || !sniff { return false }
    return hasFilmSignature(path)
}

/// Whether an existing file is footage a report must never be written over: a film by its bytes
/// or by its extension (FLV, MPEG-PS, Ogg, WMV and raw H.264/HEVC streams have no signature
/// `hasFilmSignature` knows), or a PNG (a frame of a film that is a folder of PNG frames).
public func isFootage(_ path: String) -> Bool {
    (path as NSString).pathExtension.lowercased() == "png" || looksLikeFilm(path)
}

/// Whether a regular file starts like a film container (MP4/MOV, Matroska, GIF, AVI, MPEG-TS).
public func hasFilmSignature(_ path: String) -> Bool {
    guard let h = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? h.close() }
    let b = [UInt8](h.readData(ofLength: 189))
    guard b.count >= 12 else { return false }
    if b[4...7].elementsEqual("ftyp".utf8) { return true }                  // MP4, MOV
    if b[0...3].elementsEqual([0x1A, 0x45, 0xDF, 0xA3]) { return true }       // Matroska, WebM
    if b[0...3].elementsEqual("GIF8".utf8) { return true }
    if b[0...3].elementsEqual("RIFF".utf8) && b[8...11].elementsEqual("AVI ".utf8) { return true }
    return b.count == 189 && b[0] == 0x47 && b[188] == 0x47                    // MPEG-TS: a sync byte every 188
}
