/// What a picture shows inside uniform bars along its edges, for posture inference's rotation
/// signs: the content's box and shape (a letterbox, a pillarbox, a window on a flat desktop), and
/// how a box part way through a turn meets its sides.
///
///     let shape = board.contentShape(colourTolerance: 6); if shape.boxed { ... }
extension TileBoard {
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

        /// A screen fitted into a square or landscape canvas: bars along two opposite edges only,
        /// the content spanning the canvas along its own longer side. (In a portrait phone's frame
        /// a landscape photo spanning the width is the app's picture: a rotate tool turning it to
        /// portrait was read as a rotation when its band counted.)
        var isLetterboxedScreen: Bool {
            columns >= rows && !boxed && barred && (aspect > 1 ? width == columns : height == rows)
        }

        /// Whether `other`'s centre lies within `slack` tiles of this box's on both axes.
        func isCentred(_ other: ContentShape, slack: Double) -> Bool {
            // (centres in half tiles, so odd and even sizes compare)
            Double(abs((2 * x + width) - (2 * other.x + other.width))) <= 2 * slack
                && Double(abs((2 * y + height) - (2 * other.y + other.height))) <= 2 * slack
        }
    }

    /// A tile is a flat fill within `tolerance` levels of `colour` (a bar, a desktop).
    func isFill(_ i: Int, like colour: SIMD3<Float>, tolerance: Float) -> Bool { picture.isFill(i, like: colour, tolerance: tolerance) }

    /// The content inside uniform bars along the picture's edges (see `ContentShape`); a picture
    /// all of the bars' colour has a 1x1 box at its middle.
    func contentShape(colourTolerance: Float) -> ContentShape {
        let cols = grid.columns, rows = grid.rows
        guard cols > 0, rows > 0 else { return ContentShape(aspect: 1, boxed: false) }
        let first = picture.mean(0), last = picture.mean(rows * cols - 1)
        let tl = { (i: Int) in isFill(i, like: first, tolerance: colourTolerance) }
        let br = { (i: Int) in isFill(i, like: last, tolerance: colourTolerance) }
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

    /// How a box part way through a turn meets the sides of its bounding box, or nil when that
    /// cannot be said (fewer than two sides inside the frame, or a side the content does not
    /// touch: a flat frame's 1x1 box). A rectangle turned part way touches each side at one point
    /// away from its middle, and about its centre: the points on two opposite sides lie on
    /// either side of their middles. Returns the least share of a side that is of the bars'
    /// colour (the top-left corner's) when the content touches each pair of opposite sides so,
    /// at least a tenth of a side from the middle on one pair at least; else 0 (a crossfade's
    /// cross touches the middles; photos swiped past one another touch two sides at one end).
    func barShareAlongSides(of box: ContentShape, colourTolerance: Float) -> Double? {
        let cols = grid.columns, rows = grid.rows
        guard cols > 0, rows > 0 else { return nil }
        let c = picture.mean(0)
        let bar = { (i: Int) in isFill(i, like: c, tolerance: colourTolerance) }
        let x0 = box.x, y0 = box.y, x1 = box.x + box.width - 1, y1 = box.y + box.height - 1
        let top = y0 > 0 ? (x0...x1).map { y0 * cols + $0 } : nil, bottom = y1 < rows - 1 ? (x0...x1).map { y1 * cols + $0 } : nil
        let left = x0 > 0 ? (y0...y1).map { $0 * cols + x0 } : nil, right = x1 < cols - 1 ? (y0...y1).map { $0 * cols + x1 } : nil
        // each side inside the frame, read once: where the content touches it, from its middle as
        // a share of its length (-0.5-0.5), and the share of it that is bar
        func read(_ side: [Int]?) -> (offset: Double, bar: Double)? {
            guard let side else { return nil }
            let touched = side.indices.filter { !bar(side[$0]) }
            guard !touched.isEmpty else { return (.nan, 1) }
            let n = Double(side.count)
            return ((Double(touched.reduce(0, +)) / Double(touched.count) - (n - 1) / 2) / n, 1 - Double(touched.count) / n)
        }
        let (t, b, l, r) = (read(top), read(bottom), read(left), read(right))
        let sides = [t, b, l, r].compactMap { $0 }
        guard sides.count >= 2, !sides.contains(where: { $0.offset.isNaN }) else { return nil }
        var offMiddle = false
        for case let (p?, q?) in [(t, b), (l, r)] {
            if abs(p.offset + q.offset) > 0.25 { return 0 }
            if abs(p.offset) >= 0.1 && abs(q.offset) >= 0.1 { offMiddle = true }
        }
        return offMiddle ? sides.map(\.bar).min() : 0
    }
}
