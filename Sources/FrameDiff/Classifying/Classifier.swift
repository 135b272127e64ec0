/// Turns the stream of frame measures into findings: cut, fade, flash, blank, motion.
///
/// Frames are kept in a window (tile thumbnails, changed tiles) from the last stable picture until
/// the film has been still for `max(stableMs, blankMaxMs)`; then the window is classified:
/// 1. a tile is active in a frame when its delta exceeds the noise-relative threshold;
/// 2. flat intervals (from FlatTracker) become blanks (most of the frame) or flashes (a compact
///    region of at least 2x2 tiles whose surroundings hold still), and explain the changes at
///    their start and end;
/// 3. the remaining active frames, grouped when less than `stableMs` apart, are transitions; each
///    is timed against the old and new states (tile means within `stateTolerance`), and is a cut
///    (one frame), a fade (every intermediate frame a blend of old and new) or motion.
///
///     let c = Classifier(options: ClassifierOptions())
///     try scanFilm(source) { c.add($0) }
///     let findings = c.finish()
public final class Classifier {
    public let options: ClassifierOptions
    private var findings: [Finding] = []
    private var shiftNoise = NoiseFloor()
    private var rmseNoise = NoiseFloor()
    private var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    private var thumb = Thumbnail(tiles: 0)
    private var flat = FlatTracker(tiles: 0, options: ClassifierOptions())
    private var window: [Record] = []
    private var lastActiveMs: Double?
    private var unmaskedTiles = 0
    private var lastShift = 0.0
    /// Called for every frame with what the classifier saw (the `--stats` CSV).
    public var onStats: ((FrameStats) -> Void)?

    /// One frame of the window.
    struct Record {
        var index: Int
        var ptsMs: Double
        var rmse: Double
        /// Tiles whose delta is above zero: 0-1 RMSE and shift of the mean colour (levels).
        var changes: [(tile: Int, rmse: Float, shift: Float)]
        var thumb: Thumbnail
        /// Share of unmasked tiles that are flat.
        var flatShare: Double
    }

    public init(options: ClassifierOptions = ClassifierOptions()) {
        self.options = options
    }

    /// Levels of mean-colour shift above which a tile counts as changed, from the noise floor so far.
    public var shiftThreshold: Double { max(options.minTileShift, options.noiseFactor * shiftNoise.floor) }
    /// 0-1 tile RMSE above which a tile counts as changed, from the noise floor so far.
    public var tileThreshold: Double { max(options.minTileRMSE, options.noiseFactor * rmseNoise.floor) }

    /// The film's noise floor: typical tile RMSE (0-1) of frames where nothing happens.
    public var noiseFloor: Double { rmseNoise.floor }

    public func add(_ m: FrameMeasure) {
        if window.isEmpty || m.complete {
            flush()
            if m.resized {
                let full = Rect(x: 0, y: 0, w: m.grid.displayWidth, h: m.grid.displayHeight)
                findings.append(Finding(kind: .cut, startMs: m.ptsMs, endMs: m.ptsMs, firstFrame: m.index,
                                        lastFrame: m.index, peakRMSE: m.rmse.normalized, region: full, area: 1))
            }
            grid = m.grid
            thumb = Thumbnail(tiles: grid.count)
            thumb.update(m.changes)
            flat = FlatTracker(tiles: grid.count, options: options)
            flat.update(frame: m.index, changes: m.changes, first: true)
            unmaskedTiles = max(1, m.changes.count)
            window = [Record(index: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, changes: [], thumb: thumb,
                             flatShare: Double(flat.flatCount) / Double(unmaskedTiles))]
            lastActiveMs = nil
            report(m, active: 0)
            return
        }
        let changes = m.changes.map { c -> (tile: Int, rmse: Float, shift: Float) in
            let d = c.mean - thumb.mean(c.index)
            return (c.index, c.rmse, max(abs(d.x), abs(d.y), abs(d.z)))
        }
        lastShift = Double(changes.lazy.map(\.shift).max() ?? 0)
        thumb.update(m.changes)
        shiftNoise.add(frameValues: changes.lazy.map(\.shift), tiles: unmaskedTiles)
        rmseNoise.add(frameValues: changes.lazy.map(\.rmse), tiles: unmaskedTiles)
        flat.update(frame: m.index, changes: m.changes, first: false)
        let isActive = activity()
        let active = changes.reduce(0) { $0 + (isActive($1) ? 1 : 0) }
        let still = max(options.stableMs, options.blankMaxMs)
        if active > 0, let last = lastActiveMs, m.ptsMs - last >= still { flush() }
        window.append(Record(index: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized,
                             changes: changes, thumb: thumb,
                             flatShare: Double(flat.flatCount) / Double(unmaskedTiles)))
        if active > 0 {
            lastActiveMs = m.ptsMs
        } else if let last = lastActiveMs, m.ptsMs - last >= still {
            flush()
        } else if lastActiveMs == nil, window.count > 1 {
            // Nothing is happening: keep only the recent frames, where the eased start of a slow
            // crossfade (each step under the threshold) may already be under way.
            let keepFrom = window.firstIndex { m.ptsMs - $0.ptsMs <= 2 * options.stableMs } ?? window.count - 1
            if keepFrom > 0 { window.removeFirst(keepFrom) }
        }
        if let first = window.first, m.ptsMs - first.ptsMs > options.maxTransitionMs || window.count > options.maxTransitionFrames {
            flush()
        }
        report(m, active: active)
    }

    /// Classifies what is left and returns every finding in time order.
    public func finish() -> [Finding] {
        flush()
        return findings.sorted { ($0.startMs, $0.kind.rawValue) < ($1.startMs, $1.kind.rawValue) }
    }

    private func report(_ m: FrameMeasure, active: Int) {
        guard let onStats else { return }
        onStats(FrameStats(frame: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized,
                           changedShare: Double(active) / Double(max(1, unmaskedTiles)),
                           flatShare: Double(flat.flatCount) / Double(max(1, unmaskedTiles)),
                           maxTileRMSE: Double(m.changes.map(\.rmse).max() ?? 0), maxMeanShift: lastShift,
                           noiseFloor: rmseNoise.floor, threshold: tileThreshold))
    }

    /// Whether a tile change counts, with the thresholds as of now.
    private func activity() -> ((tile: Int, rmse: Float, shift: Float)) -> Bool {
        let shift = Float(shiftThreshold), rmse = Float(tileThreshold)
        return { $0.shift > shift || $0.rmse > rmse }
    }

    // MARK: - classifying a window

    private func flush() {
        defer {
            if let last = window.last { window = [last] }
            lastActiveMs = nil
        }
        guard window.count > 1 else { return }
        let first = window[0].index, last = window[window.count - 1].index
        let isActive = activity()
        var active: [[Int]] = window.map { r in r.changes.filter(isActive).map(\.tile) }
        active[0] = []
        let raw = active  // before flat intervals explain part of it: bounds the states around a transition

        let intervals = flat.ended.filter { $0.start > first && $0.end <= last }
        var explained: [(from: Int, to: Int, box: TileBox)] = []  // flashes: window positions, tiles
        var blanks: [(from: Int, to: Int)] = []  // a blank separates the states around it
        flat.ended.removeAll { $0.end <= last }
        for event in flatEvents(intervals, active: active) {
            let a = event.start - first, b = event.end - first
            if event.kind == .blank {
                for k in a...b { active[k] = [] }
                blanks.append((a, b))
            } else {
                let around = event.box.grown(by: 1, columns: grid.columns, rows: grid.rows)
                for k in a...b { active[k].removeAll { around.contains(tile: $0, columns: grid.columns) } }
                explained.append((a, b, around))
            }
            findings.append(finding(event.kind, from: a, to: b, tiles: event.tiles, colour: event.colour))
        }

        var clusters: [(a: Int, b: Int)] = []
        for k in 1..<window.count where !active[k].isEmpty {
            if let c = clusters.last, window[k].ptsMs - window[c.b].ptsMs < options.stableMs {
                clusters[clusters.count - 1].b = k
            } else {
                clusters.append((k, k))
            }
        }
        clusters = clusters.flatMap(splitAtJumps)
        var previousEnd = 0
        for (n, c) in clusters.enumerated() {
            // The old state is the picture before the cluster, the new one the picture held after it,
            // up to whatever changes next (another transition, a flash, a blank).
            var lo = previousEnd, hi = window.count - 1
            for k in stride(from: c.a - 1, to: previousEnd, by: -1)
            where !raw[k].isEmpty && window[c.a].ptsMs - window[k].ptsMs >= options.stableMs {
                lo = k
                break
            }
            for k in (c.b + 1)..<window.count where !raw[k].isEmpty && window[k].ptsMs - window[c.b].ptsMs >= options.stableMs {
                hi = k - 1
                break
            }
            if n + 1 < clusters.count { hi = min(hi, clusters[n + 1].a - 1) }
            for blank in blanks {
                if blank.to <= c.a { lo = max(lo, blank.to) }
                if blank.from > c.b { hi = min(hi, blank.from - 1) }
            }
            let old = window[lo].thumb, new = window[hi].thumb
            var member = [Bool](repeating: false, count: grid.count)
            for k in c.a...c.b { for t in active[k] { member[t] = true } }
            // what differs between the two states belongs to the transition too (a fade moves each
            // tile a little a frame, often under the threshold)
            let shift = Float(shiftThreshold)
            for t in 0..<grid.count where !member[t] {
                let d = old.mean(t) - new.mean(t)
                if max(abs(d.x), abs(d.y), abs(d.z)) > shift { member[t] = true }
            }
            // A placeholder's tiles belong to its flash, not to the cut that showed it.
            for e in explained where e.from <= hi && e.to >= c.a {
                for t in 0..<grid.count where member[t] && e.box.contains(tile: t, columns: grid.columns) { member[t] = false }
            }
            let region = member.indices.filter { member[$0] }
            // Codec flicker moves a few tiles by a few levels and back; a UI change moves its region
            // away from the old state by more than a tile threshold on average.
            let excursion = (c.a...c.b).map { window[$0].thumb.distance(to: old, over: region) }.max() ?? 0
            guard !region.isEmpty, excursion >= shiftThreshold,
                  region.count >= 2 || excursion >= 3 * shiftThreshold else { continue }
            // Same state: within the absolute tolerance, or within a small share of the whole change
            // (codec quality keeps settling for a few frames after a large change).
            let tolerance = max(options.stateTolerance, options.stateShare * old.distance(to: new, over: region))
            // The transition began at the earliest frame of the unbroken run, ending at the cluster,
            // of frames that already differ from the old state and lead towards the new one (an eased
            // start is under the threshold; a placeholder pulsing before a cut leads nowhere).
            let span = old.distance(to: new, over: region)
            // (codec flicker can make the cluster's first frames active while they still show the old state)
            var start = c.a
            while start < c.b, window[start].thumb.distance(to: old, over: region) <= tolerance { start += 1 }
            while start - 1 > lo {
                let t = window[start - 1].thumb
                let moved = t.distance(to: old, over: region)
                guard moved > tolerance, span - t.distance(to: new, over: region) >= 0.5 * moved else { break }
                start -= 1
            }
            var end = c.b
            for k in start...hi where window[k].thumb.distance(to: new, over: region) <= tolerance {
                end = k
                break
            }
            // One step that lands within a few percent of the new state is a cut, whatever the
            // encoder refines over the next frames.
            if window[start].thumb.distance(to: new, over: region) <= max(tolerance, options.cutShare * span) { end = start }
            end = max(end, start)
            let kind: FindingKind
            if start == end {
                kind = .cut
            } else {
                let blends = (start..<end).map { window[$0].thumb }
                kind = isFade(blends, old: old, new: new, over: region) ? .fade : .motion
            }
            findings.append(finding(kind, from: start, to: end, tiles: region, colour: nil))
            previousEnd = end
        }
    }

    /// Splits a run of changed frames around a frame whose change dwarfs its neighbours': a cut
    /// while a progress bar moves, or inside a fade, is a transition of its own.
    private func splitAtJumps(_ c: (a: Int, b: Int)) -> [(a: Int, b: Int)] {
        guard c.b > c.a else { return [c] }
        var parts: [(a: Int, b: Int)] = []
        var from = c.a
        for k in c.a...c.b {
            let r = window[k].rmse
            let before = k > c.a ? window[k - 1].rmse : 0, after = k < c.b ? window[k + 1].rmse : 0
            guard r >= options.jumpRMSE, r >= options.jumpRatio * max(before, after) else { continue }
            if k > from { parts.append((from, k - 1)) }
            parts.append((k, k))
            from = k + 1
        }
        if from <= c.b { parts.append((from, c.b)) }
        return parts
    }

    /// A finding from window positions `a` to `b`.
    private func finding(_ kind: FindingKind, from a: Int, to b: Int, tiles: [Int], colour: SIMD3<Float>?) -> Finding {
        var box = Rect(x: 0, y: 0, w: 0, h: 0)
        var pixels = 0
        for t in tiles {
            let r = grid.tileRect(t)
            box = box.union(r)
            pixels += r.area
        }
        let peak = window[a...b].map(\.rmse).max() ?? 0
        var f = Finding(kind: kind, startMs: window[a].ptsMs, endMs: window[b].ptsMs,
                        firstFrame: window[a].index, lastFrame: window[b].index, peakRMSE: peak,
                        region: grid.toDisplay(box),
                        area: Double(pixels) / Double(max(1, grid.storedWidth * grid.storedHeight)))
        if let colour {
            let c = colour.rounded(.toNearestOrAwayFromZero)
            f.colour = SIMD3(UInt8(clamping: Int(c.x)), UInt8(clamping: Int(c.y)), UInt8(clamping: Int(c.z)))
        }
        return f
    }

    /// Every intermediate frame is α·old + (1−α)·new over the changing tiles, with α falling.
    private func isFade(_ frames: [Thumbnail], old: Thumbnail, new: Thumbnail, over tiles: [Int]) -> Bool {
        guard !frames.isEmpty, !tiles.isEmpty else { return false }
        var previousAlpha = 1.1
        for f in frames {
            var num = 0.0, den = 0.0
            for t in tiles {
                let d = old.mean(t) - new.mean(t), e = f.mean(t) - new.mean(t)
                num += Double((e * d).sum())
                den += Double((d * d).sum())
            }
            guard den > 0 else { return false }
            let alpha = num / den
            var residual = 0.0
            for t in tiles {
                let blend = Float(alpha) * old.mean(t) + Float(1 - alpha) * new.mean(t)
                let r = f.mean(t) - blend
                residual += Double((r * r).sum())
            }
            guard (residual / den).squareRoot() <= options.fadeResidual,
                  alpha > -0.1, alpha < 1.1, alpha <= previousAlpha + 0.1 else { return false }
            previousAlpha = alpha
        }
        return true
    }

    // MARK: - flat intervals

    struct FlatEvent {
        var kind: FindingKind
        var start: Int
        var end: Int
        var tiles: [Int]
        var box: TileBox
        var colour: SIMD3<Float>
    }

    /// Blanks and flashes from the flat intervals that ended in this window.
    private func flatEvents(_ intervals: [FlatTracker.Interval], active: [[Int]]) -> [FlatEvent] {
        guard let first = window.first?.index else { return [] }
        var events: [FlatEvent] = []
        // Intervals that begin and end together (within a frame) are one placeholder or one blank.
        var groups: [[FlatTracker.Interval]] = []
        for i in intervals.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            if let g = groups.last?.first, abs(g.start - i.start) <= 1, abs(g.end - i.end) <= 1 {
                groups[groups.count - 1].append(i)
            } else {
                groups.append([i])
            }
        }
        for group in groups {
            let start = group.map(\.start).min()!, end = group.map(\.end).max()!
            let duration = window[end - first].ptsMs - window[start - first].ptsMs
            let colour = group.map(\.colour).reduce(.zero, +) / Float(group.count)
            let tiles = group.map(\.tile)
            // A blank: the frame goes mostly flat and comes back with clearly more detail; before it
            // either had more detail too, or was a page of another flat colour (a quarter of the
            // frame or more turned into this fill together).
            let before = window[start - first - 1].flatShare, during = window[start - first].flatShare
            let after = window[end - first].flatShare
            if duration <= options.blankMaxMs, during >= options.blankFraction, during - after >= 0.2,
               during - before >= 0.2 || Double(tiles.count) >= 0.25 * Double(unmaskedTiles) {
                let all = Array(0..<grid.count)
                events.append(FlatEvent(kind: .blank, start: start, end: end, tiles: all,
                                        box: TileBox(all, columns: grid.columns), colour: colour))
                continue
            }
            guard duration <= options.flashMaxMs else { continue }
            for component in TileBox.components(of: tiles, columns: grid.columns, rows: grid.rows) {
                let box = TileBox(component, columns: grid.columns)
                guard component.count >= options.flashMinTiles, box.width >= 2, box.height >= 2,
                      Double(component.count) >= 0.5 * Double(box.width * box.height) else { continue }
                // A placeholder sits still while it shows and its content arrives on its own: nothing
                // around it changes meanwhile, nor when the content comes (a crossfade or a scroll
                // passing through flat fills changes everything around).
                let around = box.grown(by: 1, columns: grid.columns, rows: grid.rows)
                let still = ((start - first + 1)...(end - first)).allSatisfy { k in
                    active[k].allSatisfy { around.contains(tile: $0, columns: grid.columns) }
                }
                guard still else { continue }
                let c = component.map { t in group.first { $0.tile == t }!.colour }.reduce(.zero, +) / Float(component.count)
                events.append(FlatEvent(kind: .flash, start: start, end: end, tiles: component, box: box, colour: c))
            }
        }
        return events
    }
}

/// A rectangle of tiles (column/row ranges).
struct TileBox {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min

    init(_ tiles: [Int], columns: Int) {
        for t in tiles {
            x0 = min(x0, t % columns)
            x1 = max(x1, t % columns)
            y0 = min(y0, t / columns)
            y1 = max(y1, t / columns)
        }
    }

    var width: Int { x1 - x0 + 1 }

    /// The box with `n` more tiles on every side, within the grid.
    func grown(by n: Int, columns: Int, rows: Int) -> TileBox {
        var b = self
        b.x0 = max(0, x0 - n)
        b.y0 = max(0, y0 - n)
        b.x1 = min(columns - 1, x1 + n)
        b.y1 = min(rows - 1, y1 + n)
        return b
    }
    var height: Int { y1 - y0 + 1 }

    func contains(tile t: Int, columns: Int) -> Bool {
        let x = t % columns, y = t / columns
        return x >= x0 && x <= x1 && y >= y0 && y <= y1
    }

    /// 4-connected groups of tiles.
    static func components(of tiles: [Int], columns: Int, rows: Int) -> [[Int]] {
        var left = Set(tiles)
        var out: [[Int]] = []
        while let seed = left.first {
            var component: [Int] = []
            var stack = [seed]
            left.remove(seed)
            while let t = stack.popLast() {
                component.append(t)
                let x = t % columns
                for n in [x > 0 ? t - 1 : -1, x + 1 < columns ? t + 1 : -1, t - columns, t + columns]
                where n >= 0 && n < columns * rows && left.contains(n) {
                    left.remove(n)
                    stack.append(n)
                }
            }
            out.append(component.sorted())
        }
        return out.sorted { $0[0] < $1[0] }
    }
}

/// What the classifier saw in one frame, for `--stats` (one CSV row).
public struct FrameStats: Sendable {
    public var frame: Int
    public var ptsMs: Double
    /// 0-1 RMSE against the previous frame.
    public var rmse: Double
    /// Share of the frame's tiles whose change is above the threshold.
    public var changedShare: Double
    /// Share of the frame's tiles that are flat fills.
    public var flatShare: Double
    /// Largest 0-1 tile RMSE.
    public var maxTileRMSE: Double
    /// Largest change of a tile's mean colour, levels.
    public var maxMeanShift: Double
    /// The film's noise floor so far, and the tile threshold derived from it (0-1 RMSE).
    public var noiseFloor: Double
    public var threshold: Double

    public static let csvHeader = "frame,pts_ms,rmse,changed_share,flat_share,max_tile_rmse,max_mean_shift,noise_floor,threshold"

    public var csvRow: String {
        [String(frame), JSON.format(ptsMs, decimals: 3), JSON.format(rmse, decimals: 6),
         JSON.format(changedShare, decimals: 4), JSON.format(flatShare, decimals: 4),
         JSON.format(maxTileRMSE, decimals: 6), JSON.format(maxMeanShift, decimals: 2), JSON.format(noiseFloor, decimals: 6),
         JSON.format(threshold, decimals: 6)].joined(separator: ",")
    }
}
