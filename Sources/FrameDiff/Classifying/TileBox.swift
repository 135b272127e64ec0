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
    /// Whether the box's longer side of stored pixels is at most `share` of the frame's shorter side.
    func fits(_ share: Double, of grid: TileGrid) -> Bool {
        let rect = pixels(in: grid)
        return Double(max(rect.w, rect.h)) <= share * Double(min(grid.storedWidth, grid.storedHeight))
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

    /// The box with rows and columns along its edges that `tiles` fill less than `least` of
    /// trimmed away, and the share of it they fill.
    func trimmed(to tiles: [Int], columns cols: Int, edgeTrim least: Double) -> (box: TileBox, solid: Double) {
        guard !isEmpty else { return (self, 0) }
        let width = self.width
        var inBox = [Bool](repeating: false, count: width * height)
        for t in tiles where contains(tile: t, columns: cols) { inBox[(t / cols - y0) * width + t % cols - x0] = true }
        var a = 0, b = width - 1, c = 0, d = height - 1  // the trimmed columns a...b and rows c...d
        func rowFill(_ y: Int) -> Double { Double((a...b).filter { inBox[y * width + $0] }.count) / Double(b - a + 1) }
        func colFill(_ x: Int) -> Double { Double((c...d).filter { inBox[$0 * width + x] }.count) / Double(d - c + 1) }
        var trimming = true
        while trimming && a < b && c < d {
            trimming = false
            if rowFill(c) < least { c += 1; trimming = true }
            if d > c, rowFill(d) < least { d -= 1; trimming = true }
            if colFill(a) < least { a += 1; trimming = true }
            if b > a, colFill(b) < least { b -= 1; trimming = true }
        }
        let filled = (c...d).reduce(0) { n, y in n + (a...b).filter { inBox[y * width + $0] }.count }
        var box = self
        (box.x0, box.x1, box.y0, box.y1) = (x0 + a, x0 + b, y0 + c, y0 + d)
        return (box, Double(filled) / Double((b - a + 1) * (d - c + 1)))
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
