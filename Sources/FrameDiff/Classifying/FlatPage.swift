/// The flat page a picture shows: the colour most of its flat tiles share, the share of the
/// frame's tiles filled with it, how solidly they fill their box (edges trimmed), and how much of
/// the picture on the cut's other side that colour filled. A cut carries the pages on either side
/// of it (`CutPages`), built when its window is decided, because the pictures (thumbnails) are
/// gone once the film is finished, and that is when a page entered by one cut and left by a later
/// one, held longer than fills are followed (`longestBlankMs`), is judged (`LongBlanks`).
///
///     let page = FlatPage(window[k].thumb, other: window[k - 1].thumb, grid: g, tiles: n, options: o)
struct FlatPage: Sendable, Equatable {
    var colour: SIMD3<Float>
    /// Share of the frame's unmasked tiles filled with `colour` (within `uniformTolerance`).
    var coverage: Double
    /// Share of `core` the filled tiles fill.
    var solid: Double
    /// Share of the picture on the cut's other side filled with `colour`.
    var otherCoverage: Double
    /// The filled tiles' box (displayed pixels), as a blank reports it, and their share of the frame.
    var region: Rect
    var area: Double
    /// That box with edges the page fills less than `edgeTrimFill` of trimmed away (a browser's
    /// address bar of the page's colour around its text): the page itself.
    var core: Rect

    /// nil when the picture has no flat tile.
    init?(_ thumb: Thumbnail, other: Thumbnail, grid: TileGrid, tiles: Int, options: ClassifierOptions) {
        guard let colour = thumb.dominantFill(), tiles > 0 else { return nil }
        let tolerance = Float(options.uniformTolerance)
        let filled = thumb.tilesFilled(with: colour, tolerance: tolerance)
        let trimmed = TileBox(filled, columns: grid.columns).trimmed(to: filled, columns: grid.columns, edgeTrim: options.edgeTrimFill)
        self.colour = colour
        coverage = Double(filled.count) / Double(tiles)
        solid = trimmed.solid
        otherCoverage = Double(other.tilesFilled(with: colour, tolerance: tolerance).count) / Double(tiles)
        (region, area) = grid.extent(of: filled)
        core = grid.toDisplay(trimmed.box.pixels(in: grid))
    }
}

extension FlatPage {
    /// Most of the frame (`blankFraction`) with nothing inside it (`longBlankSolid` of its box):
    /// a page held long could be a blank (`LongBlanks`), and what fills it is its first paint, not
    /// a slot's content (`SlotFlashes`).
    func isEmptyPage(_ options: ClassifierOptions) -> Bool { coverage >= options.blankFraction && solid >= options.longBlankSolid }
}

/// What a cut carries for `LongBlanks`: the flat pages on either side of it (nil where the
/// picture has no flat tile) and how far its two states stand apart (its `change`, levels).
///
///     f.pages = CutPages(before: FlatPage(old, other: new, ...), after: FlatPage(new, other: old, ...), change: 42)
struct CutPages: Sendable, Equatable {
    var before: FlatPage?
    var after: FlatPage?
    var change: Double
}
