import Testing
@testable import FrameDiff

/// What the window's decisions hand each other: the changed cells, what busy regions hold, what
/// a blank and a placeholder claim, and the motions that take a flat patch inside them.
@Suite("Claims: each changed cell of a window explained once")
struct ClaimsTests {
    static let columns = 4  // a 4x4-tile picture
    static let changed = [0, 1, 5, 10, 15]

    /// Seven frames (index 100...106): frame 0 the picture before, each later one changing
    /// `changed` past the threshold and tile 3 below it.
    static func window() -> ClassifierWindow {
        var w = ClassifierWindow()
        let thumb = Thumbnail(tiles: 16)
        for k in 0..<7 {
            let changes = k == 0 ? [] : Self.changed.map { ClassifierWindow.Change(tile: $0, rmse: 0.3, shift: 40) }
                + [ClassifierWindow.Change(tile: 3, rmse: 0.01, shift: 1)]
            w.append(.init(index: 100 + k, ptsMs: Double(k) * 1000 / 60, rmse: 0.1, changes: changes, thumb: thumb))
        }
        return w
    }

    static let test: (Float, Float) -> Bool = { shift, rmse in shift > 6 || rmse > 0.1 }

    @Test("free cells: what changed past the threshold, none at the window's first frame, none a busy region holds")
    func freeCells() {
        let hold = BusyHold(ranges: [5: [102...103]])
        var claims = Claims(Self.window(), first: 100, test: Self.test, columns: Self.columns)
        #expect(claims.free[2] == Self.changed)
        claims.claimBusy(hold)
        #expect(claims.free[0].isEmpty)
        #expect(claims.free[1] == Self.changed)
        #expect(claims.free[2] == [0, 1, 10, 15] && claims.free[3] == [0, 1, 10, 15])
        #expect(claims.free[4] == Self.changed)
        #expect(claims.explains(tile: 5, at: 2) && !claims.explains(tile: 5, at: 1) && !claims.explains(tile: 0, at: 2))
    }

    @Test("a blank claims whole frames; a placeholder its box while it shows, and explains it to the transitions")
    func blankAndPlaceholder() {
        var claims = Claims(Self.window(), first: 100, test: Self.test, columns: Self.columns)
        claims.claimBlank(4...5, change: 80)
        #expect(claims.free[4].isEmpty && claims.free[5].isEmpty && claims.free[6] == Self.changed)
        #expect(claims.blanks.count == 1 && claims.blanks[0].from == 4 && claims.blanks[0].to == 5 && claims.blanks[0].change == 80)
        // (a blank bounds the transitions in time: it explains no cell to them)
        #expect(!claims.explains(tile: 0, at: 4))
        let box = TileBox([0, 1], columns: Self.columns).grown(by: 1, columns: Self.columns, rows: 4)  // tiles 0-2, 4-6
        claims.claim(box, frames: 1...2)
        #expect(claims.free[1] == [10, 15] && claims.free[2] == [10, 15] && claims.free[3] == Self.changed)
        #expect(claims.explains(tile: 5, at: 2) && claims.explains(tile: 1, at: 1) && !claims.explains(tile: 1, at: 3))
        #expect(!claims.explains(tile: 10, at: 1))
    }

    @Test("a motion or fade takes the flat patches it runs across on both sides, not one it starts or ends with")
    func movingTakesPatchesInside() {
        var claims = Claims(Self.window(), first: 100, test: Self.test, columns: Self.columns)
        let left = TileBox([0, 4], columns: Self.columns), right = TileBox([3, 7], columns: Self.columns)
        claims.claimMoving(left, frames: 1...6)
        #expect(claims.runsAcross(2...4, box: left))
        #expect(!claims.runsAcross(1...4, box: left) && !claims.runsAcross(2...6, box: left))
        #expect(!claims.runsAcross(2...4, box: right))
    }
}
