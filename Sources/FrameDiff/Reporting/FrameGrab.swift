/// Pictures of chosen frames of a film, as a player shows them (a second decode; reports and
/// `framediff frames` need a handful of frames, the analysis none).
///
///     let shots = try grabFrames("a.mp4", indices: [119, 120, 125])
public func grabFrames(_ path: String, indices: Set<Int>, scan: ScanOptions = ScanOptions()) throws
    -> [Int: (ptsMs: Double, image: PNGImage)] {
    guard let last = indices.max() else { return [:] }
    let source = try openFilm(path, threads: scan.threads)
    var out: [Int: (ptsMs: Double, image: PNGImage)] = [:]
    var meter: Meter?
    var index = 0
    while index <= last, let frame = try source.next() {
        meter = try Meter.fitting(frame, current: meter, rotation: source.info.rotation, scan: scan, keepStatistics: false)
        _ = try meter!.push(frame)
        if indices.contains(index) { out[index] = (frame.ptsMs, meter!.picture()) }
        index += 1
    }
    return out
}

/// The frames around a moment: the frame shown at `atMs` (the last one presented at or before
/// it), `around` frames before and after it. Returns (frame index, pts, picture), in order.
public func framesAround(_ path: String, atMs: Double, around: Int, scan: ScanOptions = ScanOptions()) throws
    -> [(index: Int, ptsMs: Double, image: PNGImage)] {
    let source = try openFilm(path, threads: scan.threads)
    var ring: [(index: Int, ptsMs: Double, image: PNGImage)] = []
    var meter: Meter?
    var index = 0
    var moment: Int?
    while let frame = try source.next() {
        meter = try Meter.fitting(frame, current: meter, rotation: source.info.rotation, scan: scan, keepStatistics: false)
        _ = try meter!.push(frame)
        if moment == nil, frame.ptsMs > atMs, let last = ring.last { moment = last.index }
        ring.append((index, frame.ptsMs, meter!.picture()))
        if let m = moment {
            if index >= m + around { break }
        } else if ring.count > around + 1 {
            ring.removeFirst()
        }
        index += 1
    }
    let m = moment ?? ring.last?.index ?? 0
    return ring.filter { $0.index >= m - around && $0.index <= m + around }
}
