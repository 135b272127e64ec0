/// The current picture at tile resolution (each tile's mean colour, variance and flatness) and
/// each tile's flat fills as they come and go (`fills`), kept up to date from each frame's changed
/// tiles, fed once a frame: the per-tile state every detector and posture inference reads. (Each
/// window frame keeps the picture as it was, a `Thumbnail`; the busy detector keeps only its own
/// lineages, which are its decision.)
///
/// Each update also lists the frame's changed tiles with what they looked like before
/// (`deltas`), so a reader can tell a tile that went flat from one that changed colour.
///
///     var board = TileBoard(options: ClassifierOptions()); board.update(m)   // m: FrameMeasure
public struct TileBoard: Sendable {
    /// One changed tile of the last frame: what it is now, what it was, how far it moved.
    public struct Delta: Sendable {
        public var tile: Int
        /// 0-1 RMSE of the tile against the previous frame.
        public var rmse: Float
        /// Largest change of a channel's mean (levels).
        public var shift: Float
        public var mean: SIMD3<Float>
        public var variance: Float
        public var oldMean: SIMD3<Float>
        public var oldVariance: Float
    }

    /// A tile has detail (text, an image) above this variance: `detailStd` squared.
    public let detailVariance: Float

    /// A tile is a flat fill at or below this variance (levels squared): `flatStd` squared.
    public let flatVariance: Float
    private(set) var picture = Thumbnail(tiles: 0)
    /// Each tile's flat fills: the ones that came and went, for the blank and placeholder detectors.
    private(set) var fills: FillTracker
    private let options: ClassifierOptions
    private(set) var variance: [Float] = []
    private(set) var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    /// The last frame's changed tiles (every unmasked tile on the first frame of a size).
    public private(set) var deltas: [Delta] = []
    /// The last frame began a new picture (the first frame, or a new frame size).
    public private(set) var fresh = true
    /// Unmasked tiles of the frame.
    public private(set) var tiles = 1
    /// Tiles with detail now, and flat fills now.
    private(set) var detailed = 0
    public private(set) var flat = 0
    /// Mean absolute shift of the last frame's changed tiles' colour (levels a channel).
    private(set) var lastShift: Float = 0

    public init(options: ClassifierOptions = ClassifierOptions()) {
        flatVariance = Float(options.flatStd * options.flatStd)
        detailVariance = Float(options.detailStd * options.detailStd)
        self.options = options
        fills = FillTracker(tiles: 0, options: options)
    }

    public mutating func update(_ m: FrameMeasure) {
        fresh = m.complete
        if m.complete {
            grid = m.grid
            picture = Thumbnail(tiles: m.grid.count)
            variance = [Float](repeating: 0, count: m.grid.count)
            fills = FillTracker(tiles: m.grid.count, options: options)
            tiles = max(1, m.changes.count)
            detailed = 0
            flat = 0
        }
        deltas.removeAll(keepingCapacity: true)
        var shiftSum: Float = 0
        for c in m.changes {
            let i = c.index
            let oldMean = picture.mean(i), oldVariance = variance[i]
            let d = c.mean - oldMean
            shiftSum += abs(d.x) + abs(d.y) + abs(d.z)
            deltas.append(Delta(tile: i, rmse: c.rmse, shift: maxAbs(d), mean: c.mean, variance: c.variance,
                                oldMean: oldMean, oldVariance: oldVariance))
            detailed += (c.variance > detailVariance ? 1 : 0) - (oldVariance > detailVariance ? 1 : 0)
            flat += (c.variance <= flatVariance ? 1 : 0) - (picture.isFlat(i) ? 1 : 0)
            variance[i] = c.variance
            picture.set(i, mean: c.mean, flat: c.variance <= flatVariance)
        }
        lastShift = m.changes.isEmpty ? 0 : shiftSum / Float(3 * m.changes.count)
    }

    /// Follows the last frame's tiles into and out of flat fills; `isActive(shift, rmse)` tells a
    /// visible step (the change threshold, learned from this frame).
    mutating func followFills(frame: Int, ptsMs: Double, isActive: (Float, Float) -> Bool) {
        fills.update(frame: frame, ptsMs: ptsMs, deltas: deltas, fresh: fresh, isActive: isActive)
    }

    /// Forgets the fills that ended at or before `frame` (a window decided them).
    mutating func dropFills(through frame: Int) { fills.drop(through: frame) }

    func mean(_ i: Int) -> SIMD3<Float> { picture.mean(i) }

    /// The content of the picture inside uniform bars along its edges (a letterboxed or
    /// pillarboxed picture, a simulator's window on a flat desktop).
    struct ContentShape: Sendable, Equatable {
        /// Width over height, in displayed orientation.
        var aspect: Double
        /// Bars lie across both axes: cards on a page's margin, a window on a desktop, or a
        /// pillarbox whose status bar is the bars' colour; a shape no letterbox has.
        var boxed: Bool
        /// The box inside the bars, in whole tiles of the stored grid.
        var x = 0, y = 0, width = 1, height = 1
        /// Bars lie along some edge (a letterbox, a pillarbox, or `boxed`); false when the content
        /// fills the frame.
        var barred: Bool { x > 0 || y > 0 || width < columns || height < rows }
        /// The grid's size in tiles.
        var columns = 1, rows = 1
        /// Share of the box's tiles that are not of the bars' colour, when `boxed` (a window is a
        /// solid rectangle; a dialog's text on a page of its own colour is not); 1 otherwise.
        var solid = 1.0
    }

    /// The content inside uniform bars along the picture's edges (see `ContentShape`).
    func contentShape(colourTolerance: Float) -> ContentShape {
        let cols = grid.columns, rows = grid.rows
        guard cols > 0, rows > 0 else { return ContentShape(aspect: 1, boxed: false) }
        func like(_ c: SIMD3<Float>) -> (Int) -> Bool {
            { i in picture.isFlat(i) && maxAbs(picture.mean(i) - c) <= colourTolerance }
        }
        let tl = like(picture.mean(0)), br = like(picture.mean(rows * cols - 1))
        let top = barLength(from: .top, limit: rows / 2, where: tl), bottom = barLength(from: .bottom, limit: rows / 2, where: br)
        let left = barLength(from: .left, limit: cols / 2, where: tl), right = barLength(from: .right, limit: cols / 2, where: br)
        let wide = max(1, cols - left - right), high = max(1, rows - top - bottom)
        let w = Double(wide * grid.tile), h = Double(high * grid.tile)
        var shape = ContentShape(aspect: grid.rotation % 180 == 0 ? w / h : h / w, boxed: top + bottom > 0 && left + right > 0,
                                 x: left, y: top, width: wide, height: high, columns: cols, rows: rows)
        if shape.boxed {
            var bars = 0
            for y in top..<(top + high) { for x in left..<(left + wide) where tl(y * cols + x) { bars += 1 } }
            shape.solid = 1 - Double(bars) / Double(wide * high)
        }
        return shape
    }

    /// The least share of bar-coloured tiles (flat, within `colourTolerance` of the top-left
    /// corner's colour) along the sides of `box` that lie inside the frame (nil with fewer than two):
    /// a rectangle turned part way touches each side of its bounding box at one corner only. And
    /// about its centre: where it touches two opposite sides lies on either side of their middles
    /// (within a quarter of a side), so content along two opposite sides at one end (a photo
    /// sliding out beside the one sliding in) gives 0.
    func barShareAlongSides(of box: ContentShape, colourTolerance: Float) -> Double? {
        let cols = grid.columns, rows = grid.rows
        guard cols > 0, rows > 0 else { return nil }
        let c = picture.mean(0)
        func bar(_ i: Int) -> Bool { picture.isFlat(i) && maxAbs(picture.mean(i) - c) <= colourTolerance }
        let x0 = box.x, y0 = box.y, x1 = box.x + box.width - 1, y1 = box.y + box.height - 1
        let top = y0 > 0 ? (x0...x1).map { y0 * cols + $0 } : nil, bottom = y1 < rows - 1 ? (x0...x1).map { y1 * cols + $0 } : nil
        let left = x0 > 0 ? (y0...y1).map { $0 * cols + x0 } : nil, right = x1 < cols - 1 ? (y0...y1).map { $0 * cols + x1 } : nil
        let sides = [top, bottom, left, right].compactMap { $0 }
        guard sides.count >= 2 else { return nil }
        // where the content touches a side, from its middle, as a share of its length (-0.5-0.5)
        func offset(_ side: [Int]) -> Double? {
            let touched = side.indices.filter { !bar(side[$0]) }
            guard !touched.isEmpty else { return nil }
            return (Double(touched.reduce(0, +)) / Double(touched.count) - Double(side.count - 1) / 2) / Double(side.count)
        }
        for pair in [(top, bottom), (left, right)] {
            if let a = pair.0, let b = pair.1, let p = offset(a), let q = offset(b), abs(p + q) > 0.25 { return 0 }
        }
        return sides.map { side in Double(side.filter(bar).count) / Double(side.count) }.min()
    }

    /// An edge of the stored picture's tile grid.
    enum Edge { case left, right, top, bottom }

    /// How many whole columns (from the left or right edge) or rows (from the top or bottom) have
    /// every tile `alike`, at most `limit`: the bar along that edge. Tiles are asked line by line
    /// from the edge inwards, each line from its first row or column.
    func barLength(from edge: Edge, limit: Int, where alike: (Int) -> Bool) -> Int {
        var n = 0
        while n < limit && line(n, from: edge).allSatisfy(alike) { n += 1 }
        return n
    }

    /// The tiles of the `k`th line of tiles in from `edge` (a column from the left or right, a row
    /// from the top or bottom).
    func line(_ k: Int, from edge: Edge) -> [Int] {
        let cols = grid.columns, rows = grid.rows
        switch edge {
        case .left: return (0..<rows).map { $0 * cols + k }
        case .right: return (0..<rows).map { $0 * cols + cols - 1 - k }
        case .top: return (0..<cols).map { k * cols + $0 }
        case .bottom: return (0..<cols).map { (rows - 1 - k) * cols + $0 }
        }
    }
}
