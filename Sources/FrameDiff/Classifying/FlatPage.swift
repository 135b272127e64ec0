/// The flat page a picture shows: the colour most of its flat tiles share, the share of the
/// frame's tiles filled with it, how solidly they fill their box, and how much of the picture on
/// the cut's other side that colour filled. A cut carries the pages on either side of it
/// (`CutPages`), so that a page entered by one cut and left by the next, held longer than fills
/// are followed (`longestBlankMs`), can still be judged a blank when the film is finished
/// (`LongBlanks`).
///
///     let page = FlatPage(window[k].thumb, other: window[k - 1].thumb, grid: g, tiles: n, options: o)
struct FlatPage: Sendable, Equatable {
    var colour: SIMD3<Float>
    /// Share of the frame's unmasked tiles filled with `colour` (within `uniformTolerance`).
    var coverage: Double
    /// Share of the filled tiles' box they fill, edges trimmed (`TileBox.solidity`).
    var solid: Double
    /// Share of the picture on the cut's other side filled with `colour`.
    var otherCoverage: Double
    /// The filled tiles' box (displayed pixels).
    var region: Rect
    var area: Double

    /// nil when the picture has no flat tile.
    init?(_ thumb: Thumbnail, other: Thumbnail, grid: TileGrid, tiles: Int, options: ClassifierOptions) {
        guard let colour = thumb.dominantFill(), tiles > 0 else { return nil }
        let tolerance = Float(options.uniformTolerance)
        let filled = thumb.tilesFilled(with: colour, tolerance: tolerance)
        self.colour = colour
        coverage = Double(filled.count) / Double(tiles)
        solid = TileBox(filled, columns: grid.columns).solidity(of: filled, columns: grid.columns, edgeTrim: options.edgeTrimFill)
        otherCoverage = Double(other.tilesFilled(with: colour, tolerance: tolerance).count) / Double(tiles)
        (region, area) = grid.extent(of: filled)
    }
}

/// The flat pages on either side of a cut (nil where the picture has no flat tile).
struct CutPages: Sendable, Equatable {
    var before: FlatPage?
    var after: FlatPage?
}
