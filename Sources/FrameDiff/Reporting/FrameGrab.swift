/// Decodes a film frame by frame, keeping the RGB picture of each as a player shows it, and hands
/// `body` (index, pts ms, the meter holding the picture) every frame until it returns false.
/// A second decode: reports and `framediff frames` need a handful of frames, the analysis none.
/// With `seekMs`, decoding starts at the keyframe at or before that moment and `index` counts
/// from there.
private func walkPictures(_ path: String, scan: ScanOptions, seekMs: Double? = nil,
                          _ body: (_ index: Int, _ ptsMs: Double, _ meter: Meter) throws -> Bool) throws {
    let source = try openFilm(path, scan: scan, seekMs: seekMs)
    var meter: Meter?
    var index = 0
    while let frame = try source.next() {
        let m = try Meter.fitting(frame, current: meter, rotation: source.info.rotation, mirrored: source.info.mirrored, scan: scan, keepStatistics: false)
        meter = m
        _ = try m.push(frame)
        guard try body(index, frame.ptsMs, m) else { return }
        index += 1
    }
}

/// Pictures of chosen frames of a film, as a player shows them.
///
///     let shots = try grabFrames("a.mp4", indices: [119, 120, 125])
///
/// With `fit`, each picture is scaled down as it is decoded to at most that many pixels wide, so
/// a report on a phone film keeps kilobytes a frame, not megabytes.
public func grabFrames(_ path: String, indices: Set<Int>, scan: ScanOptions = ScanOptions(), fit: Int? = nil) throws
    -> [Int: (ptsMs: Double, image: PNGImage)] {
    guard let last = indices.max() else { return [:] }
    var out: [Int: (ptsMs: Double, image: PNGImage)] = [:]
    try walkPictures(path, scan: scan) { index, ptsMs, meter in
        if indices.contains(index) {
            let picture = meter.picture()
            out[index] = (ptsMs, fit.map { picture.scaledDown(by: picture.factor(toFit: $0)) } ?? picture)
        }
        return index < last
    }
    return out
}

/// The frames around a moment: the frame shown at `atMs` (the last one presented at or before
/// it), `around` frames before and after it. Returns (frame index, pts, picture), in order; the
/// index is nil when decoding started at a keyframe near the moment rather than at the start.
///
/// NB: a moment near the end of a 2-hour film took 295 s decoded from the start (the whole
/// analysis takes 31 s); decoding starts instead at the keyframe at or before a point a little
/// before the moment, moved back (x4 each time) until it holds `around` frames before the moment.
public func framesAround(_ path: String, atMs: Double, around: Int, scan: ScanOptions = ScanOptions()) throws
    -> [(index: Int?, ptsMs: Double, image: PNGImage)] {
    var lead = 2000.0 + 100.0 * Double(around)  // ms before the moment where decoding starts
    while true {
        var seek = atMs - lead > 0 ? atMs - lead : nil
        let got: (frames: [(index: Int, ptsMs: Double, image: PNGImage)], before: Int, fromStart: Bool)
        do {
            got = try framesAround(path, atMs: atMs, around: around, scan: scan, seekMs: seek)
        } catch is NothingAfterSeek {
            // a stream that cannot be sought (raw H.264 has no timestamps to seek by, and a seek
            // into it found no frame) is read from the start, as the analysis reads it; any other
            // error (a moment past the end, a damaged film) is the answer, not decoded twice
            seek = nil
            got = try framesAround(path, atMs: atMs, around: around, scan: scan, seekMs: nil)
        }
        // enough frames before the moment, or decoding began at the start of the film anyway
        if seek == nil || got.before >= around || got.fromStart { return got.frames.map { (seek == nil ? $0.index : nil, $0.ptsMs, $0.image) } }
        lead *= 4
    }
}

private func framesAround(_ path: String, atMs: Double, around: Int, scan: ScanOptions, seekMs: Double?) throws
    -> (frames: [(index: Int, ptsMs: Double, image: PNGImage)], before: Int, fromStart: Bool) {
    var ring: [(index: Int, ptsMs: Double, image: PNGImage)] = []
    var moment: Int?
    var firstMs: Double?
    do {
        try walkPictures(path, scan: scan, seekMs: seekMs) { index, ptsMs, meter in
            if firstMs == nil { firstMs = ptsMs }
            if moment == nil, ptsMs > atMs, let last = ring.last { moment = last.index }
            ring.append((index, ptsMs, meter.picture()))
            if let m = moment { return index < m + around }
            if ring.count > around + 1 { ring.removeFirst() }
            return true
        }
    } catch where seekMs != nil && firstMs == nil {
        // (the decoder refuses a sought stream that yields no frame: "the video stream has no frames")
        throw NothingAfterSeek()
    }
    if seekMs != nil, firstMs == nil { throw NothingAfterSeek() }
    // a moment before the first frame decoded from the film's start (a damaged start) shows no
    // frame: an error, not the frames of a second later under the moment's name
    // (a container's start time, rounded to microseconds, puts an intact film's first frame a
    // fraction of a ms after 0)
    if seekMs == nil, let first = firstMs, first > atMs + 1 {
        throw FilmError.unreadable(path: path, cause: "no frame at \(JSON.format(atMs, decimals: 3)) ms: the first frame decoded is at "
                                   + "\(JSON.format(first, decimals: 3)) ms")
    }
    // a moment past the film's end is an error, not the last frames
    guard let m = moment ?? ring.last.flatMap({ atMs <= $0.ptsMs + 1000 ? $0.index : nil }) else {
        throw FilmError.unreadable(path: path, cause: "no frame at \(JSON.format(atMs, decimals: 3)) ms: the film ends at "
                                   + "\(JSON.format(ring.last?.ptsMs ?? 0, decimals: 3)) ms")
    }
    let frames = ring.filter { $0.index >= m - around && $0.index <= m + around }
    let before = frames.filter { $0.index < m }.count
    // (a seek that landed at the first frame started where an unsought decode would)
    return (frames, before, (firstMs ?? 0) <= 0)
}

/// A seek that decoded no frame at all (a raw stream has no timestamps to seek by).
private struct NothingAfterSeek: Error {}
