/// Decodes a film frame by frame, keeping the RGB picture of each as a player shows it, and hands
/// `body` (index, pts ms, the meter holding the picture) every frame until it returns false.
/// A second decode: reports and `framediff frames` need a handful of frames, the analysis none.
private func walkPictures(_ path: String, scan: ScanOptions,
                          _ body: (_ index: Int, _ ptsMs: Double, _ meter: Meter) throws -> Bool) throws {
    let source = try openFilm(path, threads: scan.threads)
    var meter: Meter?
    var index = 0
    while let frame = try source.next() {
        let m = try Meter.fitting(frame, current: meter, rotation: source.info.rotation, scan: scan, keepStatistics: false)
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
/// it), `around` frames before and after it. Returns (frame index, pts, picture), in order.
public func framesAround(_ path: String, atMs: Double, around: Int, scan: ScanOptions = ScanOptions()) throws
    -> [(index: Int, ptsMs: Double, image: PNGImage)] {
    var ring: [(index: Int, ptsMs: Double, image: PNGImage)] = []
    var moment: Int?
    try walkPictures(path, scan: scan) { index, ptsMs, meter in
        if moment == nil, ptsMs > atMs, let last = ring.last { moment = last.index }
        ring.append((index, ptsMs, meter.picture()))
        if let m = moment { return index < m + around }
        if ring.count > around + 1 { ring.removeFirst() }
        return true
    }
    // a moment past the film's end is an error, not the last frames
    guard let m = moment ?? ring.last.flatMap({ atMs <= $0.ptsMs + 1000 ? $0.index : nil }) else {
        throw FilmError.unreadable(path: path, cause: "no frame at \(JSON.format(atMs, decimals: 3)) ms: the film ends at "
                                   + "\(JSON.format(ring.last?.ptsMs ?? 0, decimals: 3)) ms")
    }
    return ring.filter { $0.index >= m - around && $0.index <= m + around }
}
