/// Small picture operations for reports: scaling down, contact sheets, difference heat maps.
extension PNGImage {
    /// Box-averaged down by an integer factor (1 returns the picture). A side shorter than the
    /// factor (a 4000x16 film's frame scaled to fit a sheet's width) becomes one pixel, the average
    /// of the rows or columns there are.
    public func scaledDown(by factor: Int) -> PNGImage {
        guard factor > 1, width > 0, height > 0 else { return self }
        let w = max(1, width / factor), h = max(1, height / factor)
        var out = PNGImage(width: w, height: h)
        for y in 0..<h {
            let rows = min(factor, height - y * factor)
            for x in 0..<w {
                let columns = min(factor, width - x * factor), n = rows * columns
                var r = 0, g = 0, b = 0
                for dy in 0..<rows {
                    let row = (y * factor + dy) * stride
                    for dx in 0..<columns {
                        let i = row + (x * factor + dx) * 3
                        r += Int(pixels[i]); g += Int(pixels[i + 1]); b += Int(pixels[i + 2])
                    }
                }
                out[x, y] = (UInt8(r / n), UInt8(g / n), UInt8(b / n))
            }
        }
        return out
    }

    /// The factor that brings the width to at most `maxWidth`.
    public func factor(toFit maxWidth: Int) -> Int { max(1, (width + maxWidth - 1) / maxWidth) }

    /// Copies `p` into this picture at (x, y), clipped.
    mutating func draw(_ p: PNGImage, x: Int, y: Int) {
        for py in 0..<p.height where y + py >= 0 && y + py < height {
            for px in 0..<p.width where x + px >= 0 && x + px < width { self[x + px, y + py] = p[px, py] }
        }
    }

    mutating func frame(_ r: Rect, colour: (UInt8, UInt8, UInt8), thickness: Int) {
        for t in 0..<thickness {
            for x in r.x..<(r.x + r.w) where x >= 0 && x < width {
                if r.y + t >= 0 && r.y + t < height { self[x, r.y + t] = colour }
                if r.y + r.h - 1 - t >= 0 && r.y + r.h - 1 - t < height { self[x, r.y + r.h - 1 - t] = colour }
            }
            for y in r.y..<(r.y + r.h) where y >= 0 && y < height {
                if r.x + t >= 0 && r.x + t < width { self[r.x + t, y] = colour }
                if r.x + r.w - 1 - t >= 0 && r.x + r.w - 1 - t < width { self[r.x + r.w - 1 - t, y] = colour }
            }
        }
    }
}

/// Thumbnails side by side in rows, each at most `cell` pixels wide; `highlight` gets a red frame.
public func contactSheet(_ pictures: [PNGImage], columns: Int = 5, cell: Int = 240, highlight: Int? = nil) -> PNGImage {
    guard let first = pictures.first else { return PNGImage(width: 1, height: 1) }
    let factor = first.factor(toFit: cell)
    let thumbs = pictures.map { $0.scaledDown(by: factor) }
    let tw = thumbs.map(\.width).max()!, th = thumbs.map(\.height).max()!
    let gap = 8, cols = min(columns, thumbs.count), rows = (thumbs.count + cols - 1) / cols
    var sheet = PNGImage(width: cols * (tw + gap) + gap, height: rows * (th + gap) + gap)
    for i in 0..<sheet.pixels.count { sheet.pixels[i] = 40 }
    for (i, t) in thumbs.enumerated() {
        let x = gap + (i % cols) * (tw + gap), y = gap + (i / cols) * (th + gap)
        sheet.draw(t, x: x, y: y)
        if i == highlight { sheet.frame(Rect(x: x - 4, y: y - 4, w: t.width + 8, h: t.height + 8), colour: (230, 40, 40), thickness: 3) }
    }
    return sheet
}

/// Where two pictures differ: the new picture dimmed to grey, with the difference on top in a
/// heat ramp (nothing below 8 levels, then dark red through orange to yellow for the largest).
public func heatMap(from a: PNGImage, to b: PNGImage) -> PNGImage {
    guard a.width == b.width, a.height == b.height else { return b }
    var out = PNGImage(width: b.width, height: b.height)
    for y in 0..<b.height {
        for x in 0..<b.width {
            let p = a[x, y], q = b[x, y]
            let d = max(abs(Int(p.0) - Int(q.0)), abs(Int(p.1) - Int(q.1)), abs(Int(p.2) - Int(q.2)))
            let grey = UInt8((Int(q.0) + Int(q.1) + Int(q.2)) / 3 / 4 + 24)
            if d < 8 {
                out[x, y] = (grey, grey, grey)
            } else {
                let t = Double(min(d, 160) - 8) / 152  // 0...1
                out[x, y] = (UInt8(140 + 115 * t), UInt8(40 + 180 * t * t), UInt8(30 * (1 - t)))
            }
        }
    }
    return out
}
