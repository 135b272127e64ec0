import Testing
@testable import FrameDiff

/// The report pictures' scaling, on pictures made in the test.
@Suite("Report pictures")
struct PicturesTests {
    @Test func aBoxAverageOfWholeBoxes() {
        var p = PNGImage(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { p[x, y] = (UInt8(x < 2 ? 10 : 30), 0, UInt8(y * 100)) } }
        let s = p.scaledDown(by: 2)
        #expect(s.width == 2 && s.height == 1)
        #expect(s[0, 0] == (10, 0, 50) && s[1, 0] == (30, 0, 50))
    }

    @Test func aSideShorterThanTheFactorBecomesOnePixelOfWhatThereIs() {
        // a 4000x16 film's frame fitted to a contact sheet's width (factor 20) read rows past its
        // last: a fuzz campaign's crash of `frames` and the HTML report
        var wide = PNGImage(width: 40, height: 3)
        for y in 0..<3 { for x in 0..<40 { wide[x, y] = (UInt8(y * 30), UInt8(x < 20 ? 0 : 90), 7) } }
        let s = wide.scaledDown(by: 20)
        #expect(s.width == 2 && s.height == 1)
        #expect(s[0, 0] == (30, 0, 7) && s[1, 0] == (30, 90, 7))
        var tall = PNGImage(width: 1, height: 9)
        for y in 0..<9 { tall[0, y] = (UInt8(y), 0, 0) }
        let t = tall.scaledDown(by: 4)
        #expect(t.width == 1 && t.height == 2)
        #expect(t[0, 0] == (1, 0, 0) && t[0, 1] == (5, 0, 0))  // (0+1+2+3)/4, (4+5+6+7)/4
    }
}
