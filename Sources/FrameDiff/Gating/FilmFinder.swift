import Foundation

/// Every film under some paths: video files (by extension, and by their first bytes when the
/// extension says nothing), and folders of PNG frames named by ms (not searched further).
/// Zero-byte files and files that only claim to be films are listed too, so they are reported.
///
///     let films = try findFilms(["captures/"])
public func findFilms(_ paths: [String]) throws -> [String] {
    let fm = FileManager.default
    var out: [String] = []
    func isFrameFolder(_ dir: String) -> Bool {
        guard let names = try? fm.contentsOfDirectory(atPath: dir) else { return false }
        return names.contains { n in n.lowercased().hasSuffix(".png") && !n.dropLast(4).isEmpty && n.dropLast(4).allSatisfy(\.isNumber) }
    }
    func visit(_ path: String, top: Bool) throws {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
            if top { throw FilmError.notFound(path: path) }
            return
        }
        if isDir.boolValue {
            if isFrameFolder(path) { out.append(path); return }
            for name in (try? fm.contentsOfDirectory(atPath: path))?.sorted() ?? [] where !name.hasPrefix(".") {
                try visit((path as NSString).appendingPathComponent(name), top: false)
            }
        } else if top || looksLikeFilm(path) {
            out.append(path)
        }
    }
    for p in paths { try visit(p, top: true) }
    return out
}

let filmExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm", "gif", "avi", "ts", "mts", "m2ts", "3gp", "hevc",
                                   "h264", "264", "265", "flv", "wmv", "mpg", "mpeg", "ogv", "mxf"]
let otherExtensions: Set<String> = ["json", "txt", "md", "steps", "png", "jpg", "jpeg", "csv", "html", "xml", "log", "swift", "py"]

/// By extension, or by a container's signature when the extension is not a known one.
func looksLikeFilm(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    if filmExtensions.contains(ext) { return true }
    if otherExtensions.contains(ext) { return false }
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
