/// The current picture at tile resolution (mean colour and variance of every tile), kept up to
/// date from each frame's changed tiles, for the trackers that read posture from the film (one
/// board, updated once a frame, read by all of them).
///
///     var board = TileBoard(); board.update(m)   // m: FrameMeasure
struct TileBoard: Sendable {
    /// A tile has detail (text, an image) above this variance: a standard deviation of 8 levels.
    static let detailVariance: Float = 64

    private(set) var variance: [Float] = []
    private(set) var mean: [SIMD3<Float>] = []
    private(set) var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    /// Unmasked tiles of the frame.
    private(set) var tiles = 1
    /// Tiles with detail now.
    private(set) var detailed = 0
    /// Mean absolute shift of the last frame's changed tiles' colour (levels).
    private(set) var lastShift: Float = 0
    /// Tiles the last frame changed.
    private(set) var lastChanged = 0

    mutating func update(_ m: FrameMeasure) {
        if m.complete {
            grid = m.grid
            variance = [Float](repeating: 0, count: m.grid.count)
            mean = [SIMD3<Float>](repeating: .zero, count: m.grid.count)
            tiles = max(1, m.changes.count)
            detailed = 0
        }
        var shift: Float = 0
        for c in m.changes {
            let d = c.mean - mean[c.index]
            shift += abs(d.x) + abs(d.y) + abs(d.z)
            detailed += (c.variance > Self.detailVariance ? 1 : 0) - (variance[c.index] > Self.detailVariance ? 1 : 0)
            variance[c.index] = c.variance
            mean[c.index] = c.mean
        }
        lastShift = m.changes.isEmpty ? 0 : shift / Float(3 * m.changes.count)
        lastChanged = m.changes.count
    }

    /// Tiles of the displayed picture inside uniform bars along its edges (a letterboxed or
    /// pillarboxed picture): the content's width over its height, in displayed orientation.
    func contentAspect(flatVariance: Float = 6.25, colourTolerance: Float = 6) -> Double {
        let cols = grid.columns, rows = grid.rows
        guard cols > 0, rows > 0 else { return 1 }
        func flat(_ x: Int, _ y: Int, like c: SIMD3<Float>) -> Bool {
            let i = y * cols + x
            let d = mean[i] - c
            return variance[i] <= flatVariance && max(abs(d.x), abs(d.y), abs(d.z)) <= colourTolerance
        }
        func rowBar(_ y: Int, _ c: SIMD3<Float>) -> Bool { (0..<cols).allSatisfy { flat($0, y, like: c) } }
        func colBar(_ x: Int, _ c: SIMD3<Float>) -> Bool { (0..<rows).allSatisfy { flat(x, $0, like: c) } }
        var top = 0, bottom = 0, left = 0, right = 0
        let tl = mean[0], br = mean[rows * cols - 1]
        while top < rows / 2 && rowBar(top, tl) { top += 1 }
        while bottom < rows / 2 && rowBar(rows - 1 - bottom, br) { bottom += 1 }
        while left < cols / 2 && colBar(left, tl) { left += 1 }
        while right < cols / 2 && colBar(cols - 1 - right, br) { right += 1 }
        let w = Double(max(1, cols - left - right) * grid.tile), h = Double(max(1, rows - top - bottom) * grid.tile)
        return grid.rotation % 180 == 0 ? w / h : h / w
    }
}
