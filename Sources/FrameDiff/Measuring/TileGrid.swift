/// The grid of square tiles the meter measures, and the map from stored pixels to what a player
/// shows (rotation metadata turns the picture; regions are reported as displayed).
///
///     let grid = TileGrid(storedWidth: 1080, storedHeight: 1920, tile: 16, rotation: 90)
///     grid.toDisplay(grid.tileRect(3))   // the tile's pixels, as displayed
public struct TileGrid: Equatable, Sendable {
    public let storedWidth: Int
    public let storedHeight: Int
    /// Tile side in pixels.
    public let tile: Int
    /// Clockwise degrees a player turns the stored picture: 0, 90, 180 or 270.
    public let rotation: Int
    /// The picture is mirrored left to right before it is turned (a display matrix with a flip).
    public let mirrored: Bool

    public init(storedWidth: Int, storedHeight: Int, tile: Int, rotation: Int = 0, mirrored: Bool = false) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.tile = tile
        self.rotation = rotation
        self.mirrored = mirrored
    }

    public var columns: Int { (storedWidth + tile - 1) / tile }
    public var rows: Int { (storedHeight + tile - 1) / tile }
    public var count: Int { columns * rows }
    public var displayWidth: Int { rotation % 180 == 0 ? storedWidth : storedHeight }
    public var displayHeight: Int { rotation % 180 == 0 ? storedHeight : storedWidth }

    /// Stored pixels of tile `index` (row-major), clipped to the frame.
    public func tileRect(_ index: Int) -> Rect {
        let tx = index % columns, ty = index / columns
        let x = tx * tile, y = ty * tile
        return Rect(x: x, y: y, w: min(tile, storedWidth - x), h: min(tile, storedHeight - y))
    }

    /// Bounding box (displayed pixels) of a set of tiles, and the share of the frame they cover.
    func extent<Tiles: Sequence>(of tiles: Tiles) -> (box: Rect, area: Double) where Tiles.Element == Int {
        var box = Rect(x: 0, y: 0, w: 0, h: 0)
        var pixels = 0
        for t in tiles {
            let r = tileRect(t)
            box = box.union(r)
            pixels += r.area
        }
        return (toDisplay(box), Double(pixels) / Double(max(1, storedWidth * storedHeight)))
    }

    /// A stored rectangle as the player shows it.
    public func toDisplay(_ stored: Rect) -> Rect {
        let r = mirrored ? mirror(stored) : stored
        switch rotation {
        case 90: return Rect(x: storedHeight - (r.y + r.h), y: r.x, w: r.h, h: r.w)
        case 180: return Rect(x: storedWidth - (r.x + r.w), y: storedHeight - (r.y + r.h), w: r.w, h: r.h)
        case 270: return Rect(x: r.y, y: storedWidth - (r.x + r.w), w: r.h, h: r.w)
        default: return r
        }
    }

    /// A displayed rectangle (a `--mask`) in stored pixels.
    public func toStored(_ r: Rect) -> Rect {
        let turned: Rect
        switch rotation {
        case 90: turned = Rect(x: r.y, y: storedHeight - (r.x + r.w), w: r.h, h: r.w)
        case 180: turned = Rect(x: storedWidth - (r.x + r.w), y: storedHeight - (r.y + r.h), w: r.w, h: r.h)
        case 270: turned = Rect(x: storedWidth - (r.y + r.h), y: r.x, w: r.h, h: r.w)
        default: turned = r
        }
        return mirrored ? mirror(turned) : turned
    }

    /// A stored rectangle mirrored left to right within the stored frame.
    private func mirror(_ r: Rect) -> Rect { Rect(x: storedWidth - (r.x + r.w), y: r.y, w: r.w, h: r.h) }
}
