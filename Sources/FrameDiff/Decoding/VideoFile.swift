import CFrameDiff
import Foundation

/// A video file decoded frame by frame through FFmpeg (any container and codec it reads).
///
/// Owns the C decoder and frees it in `deinit`. Decoding is frame-threaded over `threads` cores;
/// the first frame is decoded on open, so a film with nothing decodable fails here.
///
///     let film = try VideoFile(path: "a.mp4")
///     while let frame = try film.next() { print(frame.ptsMs) }
public final class VideoFile: FrameSource {
    public let path: String
    public private(set) var info: VideoInfo
    /// The C decoder; read by Meter, which measures its current frame against its previous one.
    let handle: OpaquePointer

    /// Opens `path` with `threads` decoder threads (0: one per core); a film that yields nothing
    /// for `stallSeconds` (0: no limit) fails instead of hanging; `seekMs` starts at the keyframe
    /// at or before that moment. The corresponding C function is `fd_video_open`.
    public init(path: String, threads: Int = 0, stallSeconds: Double = 60, seekMs: Double? = nil) throws {
        self.path = path
        // (only a regular file can be empty; a FIFO or /dev/zero reports 0 bytes and may hold a film)
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size == 0 { throw FilmError.empty(path: path) }
        var err = [CChar](repeating: 0, count: 256)
        let stallMs = Int32(min(max(0, stallSeconds * 1000), Double(Int32.max)).rounded())
        guard let h = fd_video_open(path, Int32(threads), stallMs, seekMs ?? -1, &err, err.count) else {
            throw FilmError.unreadable(path: path, cause: String(cString: err))
        }
        handle = h
        var raw = fd_video_info()
        fd_video_get_info(h, &raw)
        let rotation = Int(raw.rotation)
        let turned = rotation == 90 || rotation == 270
        info = VideoInfo(
            width: Int(turned ? raw.height : raw.width), height: Int(turned ? raw.width : raw.height),
            rotation: rotation, codec: cString(raw.codec), pixelFormat: cString(raw.pix_fmt),
            frames: Int(raw.frames_hint), durationMs: raw.duration_ms)
        if raw.duration_declared != 0 { info.declaredDurationMs = raw.duration_ms }
        info.startMs = raw.start_ms
        info.mirrored = raw.mirror != 0
    }

    deinit { fd_video_close(handle) }

    /// Frames the decoder could not rebuild so far (it goes on past them, like ffmpeg).
    public var corruptPackets: Int { Int(fd_video_corrupt_packets(handle)) }

    /// After the last frame of a film read from its start: frames decoded, frames lost to damage,
    /// and whether the container let framediff tell that the file is whole (nil otherwise).
    /// The corresponding C function is `fd_video_end_state`.
    /// `sealed`: a Matroska/WebM whose segment size, written when its muxer finished, ends where
    /// its elements do, so any cut would have shown.
    public var endState: (frames: Int, lost: Int, checked: Bool, cut: String?, sealed: Bool)? {
        var end = fd_video_end()
        guard fd_video_end_state(handle, &end) == 0 else { return nil }
        let cut = end.checked != 0 && end.whole == 0 ? cString(end.cause) : nil
        return (Int(end.frames), Int(end.lost), end.checked != 0, cut, end.sealed != 0)
    }

    /// The corresponding C function is `fd_video_next`.
    public func next() throws -> DecodedFrame? {
        var err = [CChar](repeating: 0, count: 256)
        switch fd_video_next(handle, &err, err.count) {
        case 1:
            return DecodedFrame(ptsMs: fd_video_pts_ms(handle),
                                storedWidth: Int(fd_video_frame_width(handle)),
                                storedHeight: Int(fd_video_frame_height(handle)),
                                pixels: .video(self))
        case 0:
            return nil
        default:
            throw FilmError.unreadable(path: path, cause: String(cString: err))
        }
    }
}

/// A fixed-size C char array (imported as a tuple) as a String.
func cString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
