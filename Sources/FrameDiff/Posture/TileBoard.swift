/// The current picture at tile resolution (mean colour and variance of every tile), kept up to
/// date from each frame's changed tiles, for the trackers that read posture from the film.
///
///     var board = TileBoard(); board.update(m)   // m: FrameMeasure
struct TileBoard: Sendable {
    private(set) var variance: [Float] = []
    private(set) var mean: [SIMD3<Float>] = []
    private(set) var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    /// Unmasked tiles of the frame.
    private(set) var tiles = 1

    /// Applies a frame; returns the mean absolute shift of the changed tiles' colour (levels).
    @discardableResult
    mutating func update(_ m: FrameMeasure) -> Float {
        if m.complete {
            grid = m.grid
            variance = [Float](repeating: 0, count: m.grid.count)
            mean = [SIMD3<Float>](repeating: .zero, count: m.grid.count)
            tiles = max(1, m.changes.count)
        }
        var shift: Float = 0
        for c in m.changes {
            let d = c.mean - mean[c.index]
            shift += abs(d.x) + abs(d.y) + abs(d.z)
            variance[c.index] = c.variance
            mean[c.index] = c.mean
        }
        return m.changes.isEmpty ? 0 : shift / Float(3 * m.changes.count)
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
