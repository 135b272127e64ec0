/// Why a film (or a PNG, or a folder of frames) could not be read.
///
/// Every case carries the path, and `description` is the one line the CLI prints before exiting
/// with code 2: `error: films/a.mp4: no video stream`.
///
///     do { _ = try openFilm("a.mp4") } catch let e as FilmError { print(e) }
public enum FilmError: Error, CustomStringConvertible, Equatable {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The file exists but is empty.
    case empty(path: String)
    /// A folder holds no PNG frame named by its millisecond timestamp.
    case noFrames(path: String)
    /// The paths given to a batch hold no film at all.
    case noFilms(path: String)
    /// The decoder or demuxer refused the file; `cause` is the library's own words.
    case unreadable(path: String, cause: String)
    /// The analysis was stopped before the film's end (Ctrl-C).
    case cancelled(path: String)
    /// Two images that must be compared have different sizes.
    case sizeMismatch(path: String, other: String, size: String, otherSize: String)

    public var path: String {
        switch self {
        case .notFound(let p), .empty(let p), .noFrames(let p), .noFilms(let p), .unreadable(let p, _), .sizeMismatch(let p, _, _, _),
             .cancelled(let p):
            return p
        }
    }

    /// The cause alone, without the path (what a batch report puts in its `error` field).
    public var cause: String {
        switch self {
        case .notFound: return "no such file or folder"
        case .empty: return "empty file (0 bytes)"
        case .cancelled: return "stopped before the end"
        case .noFrames: return "no PNG frames named by millisecond timestamp (e.g. 000016.png) in the folder"
        case .noFilms: return "no film found (video files, or folders of PNG frames named by timestamp)"
        case .unreadable(_, let cause): return cause
        case .sizeMismatch(_, let other, let size, let otherSize):
            return "image size \(size) differs from \(other) (\(otherSize))"
        }
    }

    public var description: String { "\(path): \(cause)" }

    /// The cause as a batch's row for `film` shows it: naming the file inside the film that failed
    /// when that is not the film itself (a frame of a folder of frames: `33.png: not a regular
    /// file`, where the row said only `not a regular file`).
    public func cause(in film: String) -> String {
        guard path != film, path.hasPrefix(film) else { return cause }
        let inside = path.dropFirst(film.count).drop { $0 == "/" }
        return inside.isEmpty ? cause : "\(inside): \(cause)"
    }
}

extension FilmError {
    /// Whatever went wrong while analysing `film`, as that film's error (a batch reports it and goes
    /// on): a FilmError as it is, a configuration file's error (a sidecar's events or steps) as the
    /// film's, naming that file (`a.mp4: a.events.json: [0].start_ms: expected a number`), anything
    /// else in its own words.
    ///
    ///     catch { failures.append(FilmError(film: film, error: error)) }
    public init(film: String, error: any Error) {
        switch error {
        case let e as FilmError: self = e
        case let e as ConfigError: self = .unreadable(path: film, cause: e.description)
        default: self = .unreadable(path: film, cause: "\(error)")
        }
    }
}
