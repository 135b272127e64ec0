import Testing
@testable import FrameDiff

@Suite("Tile grid and orientation")
struct GeometryTests {
    @Test("display and stored rectangles round-trip", arguments: [0, 90, 180, 270])
    func roundTrip(rotation: Int) {
        let grid = TileGrid(storedWidth: 780, storedHeight: 360, tile: 16, rotation: rotation)
        let r = Rect(x: 10, y: 20, w: 30, h: 40)
        #expect(grid.toStored(grid.toDisplay(r)) == r)
        let d = grid.toDisplay(Rect(x: 0, y: 0, w: 780, h: 360))
        #expect(d == Rect(x: 0, y: 0, w: grid.displayWidth, h: grid.displayHeight))
    }

    @Test func quarterTurnMovesTheTopLeftCornerToTheRight() {
        // Turned 90° clockwise, the stored top-left corner is shown at the top right.
        let grid = TileGrid(storedWidth: 780, storedHeight: 360, tile: 16, rotation: 90)
        #expect(grid.toDisplay(Rect(x: 0, y: 0, w: 10, h: 20)) == Rect(x: 340, y: 0, w: 20, h: 10))
    }

    @Test func edgeTilesAreClipped() {
        let grid = TileGrid(storedWidth: 361, storedHeight: 721, tile: 16)
        #expect(grid.columns == 23 && grid.rows == 46)
        #expect(grid.tileRect(grid.count - 1) == Rect(x: 352, y: 720, w: 9, h: 1))
    }

    @Test("mask syntax", arguments: [("0,0,10,20", true), ("1,2,3", false), ("a,b,c,d", false), ("0,0,0,5", false),
                                    ("-1,0,5,5", false), (" 4, 5, 6, 7", true)])
    func maskParsing(text: String, valid: Bool) {
        #expect((Rect(parsing: text) != nil) == valid)
    }

    @Test func unionAndIntersection() {
        let a = Rect(x: 0, y: 0, w: 10, h: 10), b = Rect(x: 5, y: 5, w: 10, h: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, w: 15, h: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 5, w: 5, h: 5))
        #expect(!a.intersects(Rect(x: 10, y: 0, w: 5, h: 5)))
    }
}

@Suite("JSON rendering")
struct JSONTests {
    @Test func numbersDropTrailingZeros() {
        #expect(JSON.number(2043.3, decimals: 3).rendered() == "2043.3")
        #expect(JSON.number(16.6666666, decimals: 3).rendered() == "16.667")
        #expect(JSON.number(0, decimals: 6).rendered() == "0")
        #expect(JSON.number(-0.0000001, decimals: 3).rendered() == "0")
        #expect(JSON.number(.nan, decimals: 3).rendered() == "null")
    }

    @Test func keysKeepTheirOrderAndStringsAreEscaped() {
        let j = JSON.object([("b", .int(1)), ("a", .string("x\"y\n\u{1}"))])
        #expect(j.rendered(pretty: false) == #"{"b": 1, "a": "x\"y\n\u0001"}"#)
    }

    @Test func flatContainersStayOnOneLine() {
        let j = JSON.object([("deltas", .array([.object([("frame", .int(1))]), .object([("frame", .int(2))])]))])
        #expect(j.rendered() == "{\n  \"deltas\": [\n    {\"frame\": 1},\n    {\"frame\": 2}\n  ]\n}")
    }
}

/// The one union-find the classifier's groupings share (fills of a placeholder, pieces of a
/// transition, lineages of a busy region).
@Suite("Disjoint sets")
struct DisjointSetsTests {
    @Test func unionJoinsGroupsUnderTheSecondsRoot() {
        var s = DisjointSets(count: 6)
        s.union(0, 2)
        s.union(2, 4)
        s.union(1, 3)
        #expect(s.find(0) == s.find(4) && s.find(4) == 4)
        #expect(s.find(1) == 3 && s.find(5) == 5 && s.find(0) != s.find(1))
        s.union(4, 3)
        #expect(Set((0..<5).map { s.find($0) }) == [3])
    }
}
