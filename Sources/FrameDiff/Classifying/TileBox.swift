/// A rectangle of tiles (column and row ranges, inclusive) and the tile-set helpers the rules
/// share: growing a box, testing membership, connected groups.
///
///     let box = TileBox([3, 4, 13, 14], columns: 10); box.grown(by: 1, columns: 10, rows: 20)
struct TileBox: Sendable, Equatable {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min

    init<Tiles: Sequence>(_ tiles: Tiles, columns: Int) where Tiles.Element == Int {
        for t in tiles {
            x0 = min(x0, t % columns)
            x1 = max(x1, t % columns)
            y0 = min(y0, t / columns)
            y1 = max(y1, t / columns)
        }
    }

    var isEmpty: Bool { x1 < x0 }

    /// The smallest box holding both.
    func union(_ o: TileBox) -> TileBox {
        var b = self
        (b.x0, b.y0, b.x1, b.y1) = (min(x0, o.x0), min(y0, o.y0), max(x1, o.x1), max(y1, o.y1))
        return b
    }

    /// The box's stored pixels: the tiles at the frame's right and bottom edges count at their
    /// real, possibly partial, size.
    func pixels(in grid: TileGrid) -> Rect {
        guard !isEmpty else { return Rect(x: 0, y: 0, w: 0, h: 0) }
        return grid.tileRect(y0 * grid.columns + x0).union(grid.tileRect(y1 * grid.columns + x1))
    }
    var width: Int { isEmpty ? 0 : x1 - x0 + 1 }
    var height: Int { isEmpty ? 0 : y1 - y0 + 1 }

    /// The box with `n` more tiles on every side, within the grid.
    func grown(by n: Int, columns: Int, rows: Int) -> TileBox {
        guard !isEmpty else { return self }
        var b = self
        b.x0 = max(0, x0 - n)
        b.y0 = max(0, y0 - n)
        b.x1 = min(columns - 1, x1 + n)
        b.y1 = min(rows - 1, y1 + n)
        return b
    }

    func contains(tile t: Int, columns: Int) -> Bool {
        let x = t % columns, y = t / columns
        return x >= x0 && x <= x1 && y >= y0 && y <= y1
    }

    func contains(_ o: TileBox) -> Bool { !o.isEmpty && o.x0 >= x0 && o.x1 <= x1 && o.y0 >= y0 && o.y1 <= y1 }

    func intersects(_ o: TileBox) -> Bool { !isEmpty && !o.isEmpty && x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1 }

    /// Share of the box that `tiles` fill, after trimming rows and columns along its edges that they
    /// fill less than `least` of (a toolbar of the same colour around its icons).
    func solidity(of tiles: [Int], columns cols: Int, edgeTrim least: Double) -> Double {
        let box = self
        guard !box.isEmpty else { return 0 }
        var inBox = [Bool](repeating: false, count: box.width * box.height)
        for t in tiles where box.contains(tile: t, columns: cols) { inBox[(t / cols - box.y0) * box.width + t % cols - box.x0] = true }
        var x0 = 0, x1 = box.width - 1, y0 = 0, y1 = box.height - 1
        func rowFill(_ y: Int) -> Double { Double((x0...x1).filter { inBox[y * box.width + $0] }.count) / Double(x1 - x0 + 1) }
        func colFill(_ x: Int) -> Double { Double((y0...y1).filter { inBox[$0 * box.width + x] }.count) / Double(y1 - y0 + 1) }
        var trimmed = true
        while trimmed && x0 < x1 && y0 < y1 {
            trimmed = false
            if rowFill(y0) < least { y0 += 1; trimmed = true }
            if y1 > y0, rowFill(y1) < least { y1 -= 1; trimmed = true }
            if colFill(x0) < least { x0 += 1; trimmed = true }
            if x1 > x0, colFill(x1) < least { x1 -= 1; trimmed = true }
        }
        let filled = (y0...y1).reduce(0) { n, y in n + (x0...x1).filter { inBox[y * box.width + $0] }.count }
        return Double(filled) / Double((x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// Every tile of the box, row by row.
    func tiles(columns: Int) -> [Int] {
        guard !isEmpty else { return [] }
        return (y0...y1).flatMap { y in (x0...x1).map { y * columns + $0 } }
    }

    /// Groups of tiles in which each tile touches another (8-connected), largest gap `reach - 1`
    /// tiles: reach 1 is touching, reach 2 bridges a one-tile gap.
    static func components(of tiles: [Int], columns: Int, reach: Int = 1) -> [[Int]] {
        guard let top = tiles.max() else { return [] }
        // NB: a mark per tile of the grid, not a Set: hashing was 1.5% of a run of the main job
        var left = [Bool](repeating: false, count: top + 1)
        for t in tiles { left[t] = true }
        var out: [[Int]] = []
        for seed in tiles.sorted() where left[seed] {
            var component: [Int] = []
            var stack = [seed]
            left[seed] = false
            while let t = stack.popLast() {
                component.append(t)
                let x = t % columns, y = t / columns
                for dy in -reach...reach {
                    for dx in -reach...reach where (dx != 0 || dy != 0) && x + dx >= 0 && x + dx < columns && y + dy >= 0 {
                        let n = (y + dy) * columns + x + dx
                        if n <= top, left[n] {
                            left[n] = false
                            stack.append(n)
                        }
                    }
                }
            }
            out.append(component.sorted())
        }
        return out
    }
}
