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

    public var area: Int { w * h }
    public var isEmpty: Bool { w <= 0 || h <= 0 }

    /// The smallest rectangle holding both (an empty one is ignored).
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x: x0, y: y0, w: max(x + w, o.x + o.w) - x0, h: max(y + h, o.y + o.h) - y0)
    }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + w, o.x + o.w), y1 = min(y + h, o.y + o.h)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : Rect(x: 0, y: 0, w: 0, h: 0)
    }

    public func intersects(_ o: Rect) -> Bool { !intersection(o).isEmpty }

    /// "x,y w×h", the form the text report uses.
    public var description: String { "\(x),\(y) \(w)×\(h)" }

    /// Parses "x,y,w,h" (the `--mask` syntax).
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              x >= 0, y >= 0, w > 0, h > 0 else { return nil }
        self.init(x: x, y: y, w: w, h: h)
    }
}
