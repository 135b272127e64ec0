/// A flat patch decided in a window, a blank page or a placeholder: window positions `start...end`
/// (the first frame after it), the tiles that went flat, their box and colour, and why (`Why`:
/// the detector's typed evidence).
///
///     let f = blank.finding(.blank, in: window, evidence: blank.evidence.listed)
struct FlatEvent<Why> {
    var start: Int
    var end: Int
    var tiles: [Int]
    var box: TileBox
    var colour: SIMD3<Float>
    var evidence: Why

    /// As a finding of `kind` over the window, with its colour.
    func finding(_ kind: FindingKind, in window: DecisionWindow, evidence listed: [Evidence]) -> Detection {
        var f = window.finding(kind, from: start, to: end, tiles: tiles, evidence: listed)
        f.colour = FillGroups.shown(colour)
        return f
    }
}

/// The fills that came and went in a window being decided (`FillTracker`'s ended intervals),
/// grouped once for the two detectors that read them: neighbouring tiles that turned into a fill
/// together, left it together and share one colour are one group, largest first. Blank pages are
/// decided in BlankDetector.swift, placeholders in FlashDetector.swift; the measures both judge a
/// group on (its timing, colour, uniformity, contrast, visible steps) are here.
///
///     let fills = FillGroups(board.fills.ended, window: w, options: o, grid: g, tiles: n, pauseMs: 50)
///     for group in fills.all { if let t = fills.timing(group) { ... } }
struct FillGroups {
    let options: ClassifierOptions
    let grid: TileGrid
    /// Unmasked tiles of the frame.
    let tiles: Int
    /// How long a picture must hold still before a placeholder shows on it (ms): a few frames.
    let pauseMs: Double
    /// The smallest placeholder in this grid's tiles (`flashMinAreaPx`).
    var flashMinTiles: Int { ClassifierOptions.tiles(atLeast: options.flashMinAreaPx, tile: grid.tile) }

    /// The window's first frame index.
    let first: Int
    /// The groups big enough for a placeholder or a blank, largest first.
    private(set) var all: [IntervalGroup] = []
    /// Per window position: how many of the frames up to it changed visibly.
    private var visibleSteps: [Int32] = []
    /// The window's frames (their times and pictures: every group is judged on them).
    let window: ClassifierWindow

    /// Groups the fills of `intervals` that lie inside the window (intervals that end after its
    /// last frame belong to a later window; longer ones are no blank and no placeholder).
    /// `visible(shift, rmse)`: whether a tile's change is past the threshold (asked of each frame's
    /// largest shift and RMSE: one of its tiles is past it when those are).
    init(_ intervals: EndedFills, window: ClassifierWindow, options: ClassifierOptions, grid: TileGrid, tiles: Int, pauseMs: Double,
         visible: (Float, Float) -> Bool) {
        (self.options, self.grid, self.tiles, self.pauseMs) = (options, grid, tiles, pauseMs)
        self.window = window
        first = window.first?.index ?? 0
        var steps = [Int32](repeating: 0, count: window.count), n: Int32 = 0
        for k in 1..<max(1, window.count) {
            if visible(window[k].peakShift, window[k].peakRMSE) { n += 1 }
            steps[k] = n
        }
        visibleSteps = steps
        let last = window.last?.index ?? 0
        // (indices, not copies: a window can hold 100,000+ intervals of 64 bytes)
        var candidates: [Int32] = []
        for i in 0..<intervals.count {
            let v = intervals[i]
            if v.end <= last && v.start > first && window.ms(v.end - first) - window.ms(v.start - first) <= options.longestBlankMs {
                candidates.append(Int32(i))
            }
        }
        // (groups too small for a placeholder or a blank are judged by nothing)
        let smallest = min(flashMinTiles, Int((options.blankGroupShare * Double(tiles)).rounded(.up)))
        all = groups(candidates, of: intervals, atLeast: smallest).sorted { $0.count > $1.count }
    }

    /// Neighbouring intervals that began and ended within a step of each other in one colour:
    /// the groups of at least `atLeast` of the `chosen` intervals, in the order of their first.
    /// NB: the chosen are indices into `all` and the work arrays are Int32: a window can hold
    /// 100,000+ intervals, and copies of them were the largest block the classifier allocated.
    func groups(_ chosen: [Int32], of all: EndedFills, atLeast: Int) -> [IntervalGroup] {
        let n = chosen.count
        func interval(_ i: Int32) -> FillTracker.Interval { all[Int(chosen[Int(i)])] }
        // intervals by tile, as linked lists in two arrays
        var head = [Int32](repeating: -1, count: grid.count), next = [Int32](repeating: -1, count: n)
        for i in 0..<Int32(n) {
            let t = interval(i).tile
            next[Int(i)] = head[t]
            head[t] = i
        }
        var sets = DisjointSets(count: n)
        func find(_ i: Int32) -> Int32 { Int32(sets.find(Int(i))) }
        let cols = grid.columns, tolerance = Float(options.colourTolerance)
        // (the right and the lower neighbour, in that order, without an array an interval)
        func join(_ i: Int32, _ v: FillTracker.Interval, withTile nb: Int) {
            var j = head[nb]
            while j >= 0 {
                let w = interval(j)
                if oneStep(w.start, v.start), oneStep(w.end, v.end), maxAbs(w.colour - v.colour) <= tolerance {
                    sets.union(Int(i), Int(j))
                }
                j = next[Int(j)]
            }
        }
        for i in 0..<Int32(n) {
            let v = interval(i)
            if v.tile % cols + 1 < cols { join(i, v, withTile: v.tile + 1) }
            if v.tile + cols < grid.count { join(i, v, withTile: v.tile + cols) }
        }
        // NB: most groups are a tile or two of smooth content; counting first builds only the big ones
        var size = [Int32](repeating: 0, count: n)
        for i in 0..<Int32(n) { size[Int(find(i))] += 1 }
        var slot = [Int32](repeating: -1, count: n)
        var members: [[Int32]] = []
        for i in 0..<Int32(n) {
            let r = Int(find(i))
            guard size[r] >= atLeast else { continue }
            if slot[r] < 0 {
                slot[r] = Int32(members.count)
                members.append([])
                members[members.count - 1].reserveCapacity(Int(size[r]))
            }
            members[Int(slot[r])].append(chosen[Int(i)])
        }
        return members.map { IntervalGroup(all: all, members: $0) }
    }

    /// Whether frames `a` and `b` of the window are one step of the picture apart: next to each
    /// other, or less than `stableMs` apart with at most one frame in (a, b] that changed visibly
    /// anywhere in the frame (so a busy region elsewhere, a spinner, turns this off).
    /// NB: a capture that repeats frames (a 12-fps animation in a 60-fps CFR film, a GIF's repeated
    /// frame) puts frames between one step and the next that show nothing new. A pane's highlight
    /// whose corners went flat one GIF frame after the rest was one group in the GIF and two in
    /// its 60-fps copy, where the corners alone were a placeholder (duo_sdk_twopane_nav_span,
    /// 2500 and 3833 ms).
    private func oneStep(_ a: Int, _ b: Int) -> Bool {
        if abs(a - b) <= 1 { return true }
        let (i, j) = (a - first, b - first)
        return abs(visibleSteps[i] - visibleSteps[j]) <= 1 && abs(window.ms(i) - window.ms(j)) < options.stableMs
    }

    /// One group of a window's ended fills, in the order they were found: indices into the
    /// window's fills rather than copies (a window's groups held 65,000 copies of 64 bytes, 4 MB,
    /// at the peak of the 60 s bench film).
    struct IntervalGroup: RandomAccessCollection {
        let all: EndedFills
        let members: [Int32]
        var startIndex: Int { 0 }
        var endIndex: Int { members.count }
        subscript(i: Int) -> FillTracker.Interval { all[Int(members[i])] }
    }

    /// Window positions of a fill's first frame and of the first frame after it, the most common
    /// among its tiles (unchecked: `timing` judges them).
    func positions(_ group: IntervalGroup) -> (start: Int, end: Int) {
        (mode(group.map(\.start)) - first, mode(group.map(\.end)) - first)
    }

    /// The timing both kinds are judged on: window positions of the fill's first frame and of the
    /// first frame after it (the most common among its tiles), and how long it showed (ms).
    func timing(_ group: IntervalGroup) -> (start: Int, end: Int, duration: Double)? {
        let (start, end) = positions(group)
        guard start >= 1, end > start else { return rejected(group, start, end, "timing") }
        return (start, end, window.ms(end) - window.ms(start))
    }

    /// What a fill is judged on as a blank or as a placeholder: its colour and how uniform it is,
    /// how visibly it came and went, and how far the pictures around it stand out from it.
    struct Measures {
        var colour: SIMD3<Float>
        /// How far the group's most different tile is from its colour (levels).
        var uniformity: Double
        /// Shares of its tiles that turned into the fill, and out of it, in a visible step.
        var visibleIn: Double, visibleOut: Double
        /// How far the looks before and after stand out from the fill (levels).
        var contrastIn: Double, contrastOut: Double

        /// As a report lists them, first among both kinds' evidence.
        var listed: [Evidence] {
            [Evidence("uniformity", uniformity), Evidence("contrast_in", contrastIn), Evidence("contrast_out", contrastOut),
             Evidence("visible_in", visibleIn), Evidence("visible_out", visibleOut)]
        }
    }

    /// The measures of a fill shown from `start` to `end`; nil when it is not one colour.
    func measures(_ group: IntervalGroup, start: Int, end: Int) -> Measures? {
        let n = Float(group.count)
        let colour = group.map(\.colour).reduce(.zero, +) / n
        let uniformity = group.map { maxAbs($0.colour - colour) }.max() ?? 0
        guard Double(uniformity) <= options.uniformTolerance else { return rejected(group, start, end, "uniformity") }
        let visibleIn = Double(group.filter(\.visibleIn).count) / Double(n)
        let visibleOut = Double(group.filter(\.visibleOut).count) / Double(n)
        // How far a look stands out from the fill: in colour, or in detail (grey over a grey photo)
        func contrast(_ l: FillTracker.Look) -> Double { Double(max(maxAbs(l.mean - colour), l.variance.squareRoot())) }
        let contrastIn = group.map { contrast($0.before) }.reduce(0, +) / Double(n)
        let contrastOut = group.map { contrast($0.after) }.reduce(0, +) / Double(n)
        return Measures(colour: colour, uniformity: Double(uniformity), visibleIn: visibleIn, visibleOut: visibleOut,
                        contrastIn: contrastIn, contrastOut: contrastOut)
    }

    /// A fill's colour as a finding reports it (whole levels).
    static func shown(_ colour: SIMD3<Float>) -> SIMD3<UInt8> {
        let c = colour.rounded(.toNearestOrAwayFromZero)
        return SIMD3(UInt8(clamping: Int(c.x)), UInt8(clamping: Int(c.y)), UInt8(clamping: Int(c.z)))
    }

    /// Says (with FRAMEDIFF_DEBUG) why a fill big enough to matter is no finding; always nil.
    func rejected<T>(_ group: IntervalGroup, _ start: Int, _ end: Int, _ why: String) -> T? {
        if debugClassifier, group.count >= flashMinTiles {
            let c = group[0].colour
            debugLine("fill \(group.count) tiles at \(window.ms(max(0, start)))-\(window.ms(max(0, end))) colour \(Int(c.x)),\(Int(c.y)),\(Int(c.z)) rejected: \(why)")
        }
        return nil
    }

    /// The most common value (the smallest of equals); the values of one group lie within a frame
    /// or two of each other.
    func mode(_ values: [Int]) -> Int {
        let lo = values.min()!, hi = values.max()!
        var counts = [Int](repeating: 0, count: hi - lo + 1)
        for v in values { counts[v - lo] += 1 }
        return lo + counts.indices.max { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : $0 > $1 }!
    }
}

