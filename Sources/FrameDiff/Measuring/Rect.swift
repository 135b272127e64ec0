import Foundation

/// A rectangle in pixels: a region of a frame, a mask, a tile.
///
///     Rect(x: 0, y: 980, w: 1240, h: 400).area   // 496000
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, w: Int, h: Int

    public init(x: Int, y: Int, w: Int, h: Int) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    /// The largest coordinate or size a rectangle from outside (a mask, a baseline) may have:
    /// far beyond any frame, far below where the arithmetic overflows.
    public static let limit = 1_000_000
    /// The most masks a film is measured with (each is checked against every pixel once).
    public static let maxMasks = 64

    /// A rectangle from numbers a user wrote (JSON, `--mask`), or nil when one is not a whole
    /// number, is negative, or exceeds `limit` (sizes must be at least `minSize`).
    public static func checked(_ values: [Double], minSize: Int = 1) -> Rect? {
        guard values.count == 4, values.allSatisfy({ $0.isFinite && $0 == $0.rounded() && $0 >= 0 && $0 <= Double(limit) }) else {
            return nil
        }
        let v = values.map { Int($0) }
        guard v[2] >= minSize, v[3] >= minSize else { return nil }
        return Rect(x: v[0], y: v[1], w: v[2], h: v[3])
    }

    public var area: Int { let (a, o) = w.multipliedReportingOverflow(by: h); return o ? Int.max : a }
    public var isEmpty: Bool { w <= 0 || h <= 0 }

    // NB: saturating ends, so a rectangle read from a hostile file cannot trap the arithmetic
    private var right: Int { let (r, o) = x.addingReportingOverflow(w); return o ? (w > 0 ? Int.max : Int.min) : r }
    private var bottom: Int { let (b, o) = y.addingReportingOverflow(h); return o ? (h > 0 ? Int.max : Int.min) : b }

    /// The smallest rectangle holding both (an empty one is ignored).
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        let (w, ow) = max(right, o.right).subtractingReportingOverflow(x0)
        let (h, oh) = max(bottom, o.bottom).subtractingReportingOverflow(y0)
        return Rect(x: x0, y: y0, w: ow ? Int.max : w, h: oh ? Int.max : h)
    }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(right, o.right), y1 = min(bottom, o.bottom)
        guard x1 > x0, y1 > y0 else { return Rect(x: 0, y: 0, w: 0, h: 0) }
        let (w, ow) = x1.subtractingReportingOverflow(x0), (h, oh) = y1.subtractingReportingOverflow(y0)
        return Rect(x: x0, y: y0, w: ow ? Int.max : w, h: oh ? Int.max : h)
    }

    public func intersects(_ o: Rect) -> Bool { !intersection(o).isEmpty }

    /// "x,y w×h", the form the text report uses.
    public var description: String { "\(x),\(y) \(w)×\(h)" }

    /// Parses "x,y,w,h" (the `--mask` syntax): whole numbers, sizes at least 1, none beyond `limit`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }),
              let r = Rect.checked(parts.map { Double($0!) }) else { return nil }
        self = r
    }
}

extension Rect {
    /// `{"x", "y", "w", "h"}` as reports and baselines write a region.
    var json: JSON { .object([("x", .int(x)), ("y", .int(y)), ("w", .int(w)), ("h", .int(h))]) }
}
