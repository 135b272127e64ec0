import Foundation

/// A folder of PNG frames named by their presentation time in ms (`000016.png`), as written by
/// `ffmpeg -i F -fps_mode passthrough -enc_time_base 1/1000 -frame_pts 1 frames/%06d.png`.
///
/// Files whose names are not a number are ignored; frames are read in timestamp order, one at a time.
///
///     let frames = try PNGFolder(path: "frames")
public final class PNGFolder: FrameSource {
    public let path: String
    public private(set) var info: VideoInfo
    /// (pts in ms, file name), in time order.
    let frames: [(ms: Double, name: String)]
    private var position = 0

    public init(path: String) throws {
        self.path = path
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw FilmError.unreadable(path: path, cause: "cannot list the folder")
        }
        frames = names.compactMap { name -> (Double, String)? in
            guard name.lowercased().hasSuffix(".png") else { return nil }
            let stem = name.dropLast(4)
            // digits only, at most a day of ms (a 23-digit name is no timestamp)
            guard !stem.isEmpty, stem.count <= 12, stem.allSatisfy(\.isASCII), stem.allSatisfy(\.isNumber),
                  let ms = Double(stem), ms <= 86_400_000 else { return nil }
            return (ms, name)
        }.sorted { $0.0 < $1.0 }
        guard let first = frames.first else { throw FilmError.noFrames(path: path) }
        let image = try PNGImage(contentsOf: (path as NSString).appendingPathComponent(first.name))
        let last = frames[frames.count - 1].ms
        let period = frames.count > 1 ? (last - first.ms) / Double(frames.count - 1) : 0
        info = VideoInfo(width: image.width, height: image.height, codec: "png", pixelFormat: "rgb24",
                         frames: frames.count, durationMs: last - first.ms + period)
    }

    public func next() throws -> DecodedFrame? {
        guard position < frames.count else { return nil }
        let frame = frames[position]
        position += 1
        let image = try PNGImage(contentsOf: (path as NSString).appendingPathComponent(frame.name))
        return DecodedFrame(ptsMs: frame.ms, storedWidth: image.width, storedHeight: image.height,
                            pixels: .rgb(image))
    }
}
