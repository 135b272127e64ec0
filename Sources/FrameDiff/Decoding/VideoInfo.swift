/// What a film is, as a player shows it: size after rotation, frame count, duration, codec.
///
/// `frames` and `durationMs` are filled in after a full pass (the container's own numbers are
/// often absent or wrong for screen recordings).
///
///     let info = source.info   // VideoInfo(width: 1206, height: 2622, rotation: 0, codec: "h264")
public struct VideoInfo: Equatable, Sendable {
    /// Width in pixels as displayed (after rotation metadata is applied).
    public var width: Int
    /// Height in pixels as displayed.
    public var height: Int
    /// Clockwise degrees a player turns the stored picture: 0, 90, 180 or 270.
    public var rotation: Int
    /// The stored picture is mirrored left to right before it is turned (a display matrix with a
    /// flip, as ffmpeg's autorotation reads it).
    public var mirrored = false
    /// Decoder name (`h264`, `hevc`, `gif`, ...) or `png` for a folder of frames.
    public var codec: String
    /// Pixel format of the decoded frames (`yuv420p`, `rgb24`, ...).
    public var pixelFormat: String
    /// Frames decoded, or the container's declaration before a pass (0 when unknown).
    public var frames: Int
    /// Duration in ms: the container's, or after a pass the pts of the last frame plus one frame period.
    public var durationMs: Double
    /// Damaged packets skipped and frames decoded with concealed errors, known after a pass.
    public var corruptPackets = 0
    /// The duration the container states in its header (not a guess from the bitrate), if any.
    public var declaredDurationMs: Double?
    /// After a pass: the frames decoded end well before the duration the container declares (a
    /// file cut short, or damage the decoder stopped at). Such a film is never reported as clean.
    public var readShort = false
    /// After a pass: the pts of the last frame decoded plus one frame period (ms).
    public var decodedMs: Double = 0
    /// The container's start time (ms): every pts is counted from it, and a muxer that shifted the
    /// timestamps (`-output_ts_offset`) may count the declared duration from 0.
    public var startMs: Double = 0
    /// After a pass: why the film did not hold all it announces (frames lost to damage, a file cut
    /// inside its last element), in words; nil when nothing is missing.
    public var missing: String?
    /// After a pass: whether anything in the film could tell that it is whole (a frame index, a
    /// declared duration, a GIF trailer, MPEG-TS packets, Matroska element sizes). False for a
    /// container that states none of these (a streamed WebM, raw H.264): the report says so.
    public var lengthChecked = true

    public init(width: Int, height: Int, rotation: Int = 0, codec: String, pixelFormat: String,
                frames: Int = 0, durationMs: Double = 0) {
        self.width = width
        self.height = height
        self.rotation = rotation
        self.codec = codec
        self.pixelFormat = pixelFormat
        self.frames = frames
        self.durationMs = durationMs
    }
}

extension VideoInfo {
    /// Why the film was not read to its end, in one line, or nil when it was.
    public var shortfall: String? {
        guard readShort else { return nil }
        if let missing { return "read short: \(missing)" }
        guard let declared = declaredDurationMs else { return "read short" }
        return "read short: the frames decoded end at \(Int(decodedMs.rounded())) ms of the \(Int(declared.rounded())) ms "
            + "the container declares (cut short or damaged)"
    }
}
