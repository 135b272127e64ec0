/// One frame delta: frame `frame` against frame `frame - 1`.
///
///     FrameDelta(frame: 120, ptsMs: 2043.3, rmse: 0.31)
public struct FrameDelta: Equatable, Sendable {
    public var frame: Int
    public var ptsMs: Double
    /// 0-1 RMSE (1 when the frame size changed).
    public var rmse: Double
    /// The frame size differs from the previous frame's.
    public var resized: Bool = false

    public init(frame: Int, ptsMs: Double, rmse: Double, resized: Bool = false) {
        self.frame = frame
        self.ptsMs = ptsMs
        self.rmse = rmse
        self.resized = resized
    }

    public var json: JSON {
        var members: [(String, JSON)] = [("frame", .int(frame)), ("pts_ms", .number(ptsMs, decimals: 3)),
                                         ("rmse", .number(rmse, decimals: 6))]
        if resized { members.append(("resized", .bool(true))) }
        return .object(members)
    }
}

/// Every frame delta of a film, largest first: the shell loop of DESIGN.md in one pass.
///
///     let ranking = try Ranking.measure(film: "a.mp4", options: options)
///     print(ranking.text(top: 10))
public struct Ranking: Sendable {
    public var film: String
    public var info: VideoInfo
    /// Largest RMSE first; ties in frame order.
    public var deltas: [FrameDelta]

    public init(film: String, info: VideoInfo, deltas: [FrameDelta]) {
        self.film = film
        self.info = info
        self.deltas = deltas.sorted { $0.rmse != $1.rmse ? $0.rmse > $1.rmse : $0.frame < $1.frame }
    }

    /// Decodes and measures a film (no per-tile detail is kept). `onProgress` gets (frames so far,
    /// pts ms, the container's duration ms) after every frame.
    public static func measure(film: String, options: ScanOptions,
                               onProgress: ((Int, Double, Double) -> Void)? = nil) throws -> Ranking {
        var options = options
        options.collectTiles = false
        let source = try openFilm(film, scan: options)
        var deltas: [FrameDelta] = []
        let info = try scanFilm(source, options: options) { m in
            onProgress?(m.index + 1, m.ptsMs, source.info.durationMs)
            if m.index > 0 {
                deltas.append(FrameDelta(frame: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, resized: m.resized))
            }
        }
        return Ranking(film: film, info: info, deltas: deltas)
    }

    public func json(top: Int?) -> JSON {
        let kept = top.map { Array(deltas.prefix($0)) } ?? deltas
        // (a film read short says so, as the main job's report does; a whole one carries no such field)
        let short: [(String, JSON)] = info.readShort ? [("read_short", .bool(true)), ("read_short_cause", .string(info.shortfall ?? "read short"))] : []
        return .object([("schema", .string("framediff/1")), ("tool", .string(FrameDiffVersion.string)), ("film", .string(film))] + short
                        + [("deltas", .array(kept.map(\.json)))])
    }

    public func text(top: Int?) -> String {
        let kept = top.map { Array(deltas.prefix($0)) } ?? deltas
        var out = "\(oneLine(film)): \(info.frames) frames, \(info.width)x\(info.height) \(info.codec), largest deltas first\n"
        if let short = info.shortfall { out += "  \(short)\n" }
        out += " frame      pts_ms      rmse\n"
        for d in kept {
            out += pad(String(d.frame), 6) + pad(JSON.format(d.ptsMs, decimals: 3), 12) + "  "
                + JSON.format(d.rmse, decimals: 6) + (d.resized ? "  (frame size changed)" : "") + "\n"
        }
        return out
    }
}

/// Right-aligns `s` in `width` columns.
func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}
