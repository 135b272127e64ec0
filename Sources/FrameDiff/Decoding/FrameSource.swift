import Foundation

/// A stream of decoded frames in presentation order: a video file or a folder of PNG frames.
///
/// Sources decode one frame at a time and keep at most the current and previous frame, so memory
/// does not grow with a film's length.
///
///     let source = try openFilm("films/laptop-inner.mp4", scan: options.scan)
///     while let frame = try source.next() { meter.push(frame) }
public protocol FrameSource: AnyObject {
    /// The path the source was opened with (as the user wrote it).
    var path: String { get }
    /// What the film is, as known when it was opened.
    var info: VideoInfo { get }
    /// Decodes the next frame; nil at the end of the film.
    func next() throws -> DecodedFrame?
}

/// One decoded frame, valid until the source's next call to `next()`: measure it (or copy its
/// pixels) before asking for the next.
///
///     while let frame = try source.next() { let rmse = try meter.push(frame) }
public struct DecodedFrame {
    /// Presentation time in ms from the start of the film (what a player shows).
    public var ptsMs: Double
    /// Size as stored (before rotation).
    public var storedWidth: Int
    public var storedHeight: Int
    /// Where the pixels are.
    enum Pixels {
        case video(VideoFile)
        case rgb(PNGImage)
    }
    var pixels: Pixels
}

/// Opens a film: a directory is read as PNG frames named by ms, anything else through FFmpeg
/// with the scan's decoder threads and stall limit. With `seekMs`, a video starts at the keyframe
/// at or before that moment (frames before it are not decoded).
public func openFilm(_ path: String, scan: ScanOptions = ScanOptions(), seekMs: Double? = nil) throws -> FrameSource {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        // a link is there but leads nowhere: say which way, not "no such file"
        var st = stat()
        if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK {
            let loops = stat(path, &st) != 0 && errno == ELOOP
            throw FilmError.unreadable(path: path, cause: loops ? "a symbolic link that loops back on itself"
                                                             : "a symbolic link to a file that does not exist")
        }
        throw FilmError.notFound(path: path)
    }
    if isDirectory.boolValue { return try PNGFolder(path: path) }
    return try VideoFile(path: path, threads: scan.threads, stallSeconds: scan.stallSeconds, seekMs: seekMs)
}
