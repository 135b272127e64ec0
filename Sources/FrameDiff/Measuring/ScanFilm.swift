import CFrameDiff

/// How a film is measured: tile size, masks, decoder threads, and whether per-tile detail is kept.
///
///     var options = ScanOptions(); options.masks = [Rect(x: 0, y: 0, w: 300, h: 80)]
public struct ScanOptions: Sendable {
    /// Tile side in pixels (even). 16 keeps a placeholder of 48x48 px visible as whole tiles.
    public var tile: Int = 16
    /// Regions (displayed pixels) excluded from every measure: a status-bar clock, a recording dot.
    public var masks: [Rect] = []
    /// Decoder threads; 0 is one per core.
    public var threads: Int = 0
    /// List the changed tiles in each FrameMeasure (the classifier needs them; rank does not).
    public var collectTiles: Bool = true
    /// Asked before every frame; true stops the scan with FilmError.cancelled (Ctrl-C in a batch).
    public var isCancelled: (@Sendable () -> Bool)?
    /// A film that yields no frame for this long (s) is an error, not a wait: a FIFO nobody writes,
    /// a stalled network file system, a decoder caught in a loop. 0 waits forever.
    /// NB: the slowest frame measured, 8192x8192 H.264, took 2.6 s with the other core busy; a
    /// minute is generous.
    public var stallSeconds: Double = 60
    /// Where the run's CPU and bytes go, stage by stage, when set (FRAMEDIFF_STAGES=1); nil counts nothing.
    public var stages: StageAccount?

    public init() {}
}

/// Runs a film through the meter: one decode and one pass over the changed pixels a frame.
///
/// Calls `onFrame` once per frame in presentation order and returns what the film turned out to
/// be (frame count and duration known only at the end). Memory does not depend on the length.
///
///     let info = try scanFilm(source) { m in deltas.append(m.rmse.normalized) }
@discardableResult
public func scanFilm(_ source: FrameSource, options: ScanOptions = ScanOptions(),
                     onFrame: (FrameMeasure) throws -> Void) throws -> VideoInfo {
    var info = source.info
    var meter: Meter?
    var index = 0
    var firstMs = 0.0, lastMs = 0.0
    let stages = options.stages
    stages?.scanStarted()
    defer {
        if let stages, let meter { stages.add(meter.stageCounts) }
        stages?.scanEnded()
    }
    while let frame = try source.next() {
        if options.isCancelled?() == true { throw FilmError.cancelled(path: source.path) }
        let fitting = try Meter.fitting(frame, current: meter, rotation: info.rotation, mirrored: info.mirrored, scan: options,
                                        keepStatistics: options.collectTiles)
        let resized = meter != nil && fitting !== meter
        if resized, let stages, let meter { stages.add(meter.stageCounts) }
        meter = fitting
        var rmse = try meter!.push(frame)
        if resized { rmse = .maximal(samples: rmse.samples, maxValue: rmse.maxValue) }
        if index == 0 { firstMs = frame.ptsMs }
        lastMs = frame.ptsMs
        let complete = index == 0 || resized
        let listing = stages == nil ? 0 : fd_ticks()
        let changes = options.collectTiles ? meter!.changedTiles(all: complete) : []
        stages?.listed(ticks: fd_ticks() - listing, entries: changes.count, entryBytes: MemoryLayout<TileChange>.stride)
        try onFrame(FrameMeasure(index: index, ptsMs: frame.ptsMs, rmse: rmse, resized: resized,
                                 grid: meter!.grid, changes: changes, complete: complete))
        index += 1
    }
    let declaredFrames = info.frames
    info.frames = index
    if let video = source as? VideoFile { info.corruptPackets = video.corruptPackets }
    let period = index > 1 ? (lastMs - firstMs) / Double(index - 1) : 0
    info.decodedMs = lastMs + period
    if info.durationMs <= 0 { info.durationMs = info.decodedMs }
    // A muxer that shifted every timestamp (`-output_ts_offset`, an MP4's empty edit) declares the
    // duration up to the last timestamp; the film is as long as it is from its first frame.
    if info.startMs > 0, info.durationMs > info.startMs,
       abs(info.durationMs - info.startMs - info.decodedMs) < abs(info.durationMs - info.decodedMs) {
        info.durationMs -= info.startMs
    }
    // A container without a frame index (Matroska, WebM) that stops well before the duration it
    // declares was cut short; one with an index is checked frame by frame in the decoder. A muxer
    // that shifted every timestamp (`-output_ts_offset`) may declare the duration up to the last
    // timestamp, so the start time is taken off before comparing. A Matroska sealed by its muxer
    // (its segment's size reaching the end of its elements) would show any cut: a duration past
    // its last frame is that frame held (a muxer writes no duration for the last block).
    // (walked once: it reads the file's element headers)
    let endState = (source as? VideoFile)?.endState
    if declaredFrames <= 0, endState?.sealed != true, let declared = info.declaredDurationMs {
        let end = info.startMs > 0 ? declared - info.startMs : declared
        info.readShort = end - info.decodedMs > max(250, 3 * period, 0.1 * end)
    }
    if let end = endState {
        if end.lost > 0 {
            info.readShort = true
            info.missing = "\(end.lost) of the \(end.frames + end.lost) frames could not be decoded (damaged)"
        } else if let cut = end.cut {
            info.readShort = true
            info.missing = cut
        }
        // (the container's own check, or the declared duration compared above; a frame count is
        // checked in the decoder only where the index lists every frame, which end.checked says)
        info.lengthChecked = end.checked || (declaredFrames <= 0 && info.declaredDurationMs != nil)
    }
    return info
}
