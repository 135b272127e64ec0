/// Finds tiles that blink: a text caret (or a terminal's cursor) switching on and off at a steady
/// rate, each time alone in its place. Their blinks take no part in the transitions around them:
/// a caret blinking on 70 ms after a keyboard rests is no step of the keyboard's motion, and each
/// blink on its own is no cut. A badge, a tick or a clock's minute changes once, not on a beat.
///
/// A tile blinks when it changes alone (no change of its own within `stableMs` either side, and
/// no more than a caret's 2x2 tiles changing around it) at least twice, `blinkMinMs` to
/// `blinkMaxMs` apart, and a third change of it keeps the beat (each gap within `blinkSlack` of
/// the first), coming back to the same picture every second change (on, off, on); the beat then
/// also takes in its changes that fall on it while something moves
/// beside it, and each blink the tiles beside the tile that change with it (a caret across a
/// tile edge).
///
///     let (active, blinking) = Blinkers(options: o, grid: g).removed(from: claims.free, window: window)
struct Blinkers {
    let options: ClassifierOptions
    let grid: TileGrid

    /// `active` with every blink of a blinking tile taken out, and the window positions each
    /// blinking tile blinks over (first blink to last): no state is judged by it there.
    func removed(from active: [[Int]], window: ClassifierWindow) -> (active: [[Int]], blinking: [Int: ClosedRange<Int>]) {
        var events: [Int: [Int]] = [:]
        for (k, tiles) in active.enumerated() { for t in tiles { events[t, default: []].append(k) } }
        var out = active
        var blinking: [Int: ClosedRange<Int>] = [:]
        let cols = grid.columns
        for (tile, frames) in events.sorted(by: { $0.key < $1.key }) where frames.count >= 3 {
            let beats = blinks(of: tile, at: frames, active: active, window: window)
            guard let first = beats.first, let last = beats.last else { continue }
            // (with the tiles beside it that change on its beats: a caret across a tile edge)
            let (x, y) = (tile % cols, tile / cols)
            var beside: Set<Int> = [tile]
            for k in beats {
                for t in out[k] where abs(t % cols - x) <= 1 && abs(t / cols - y) <= 1 { beside.insert(t) }
                out[k].removeAll { beside.contains($0) }
            }
            for t in beside {
                let span = blinking[t].map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
                blinking[t] = span
            }
        }
        return (out, blinking)
    }

    /// The positions of `tile`'s changes that keep its beat (empty unless it blinks).
    private func blinks(of tile: Int, at frames: [Int], active: [[Int]], window: ClassifierWindow) -> [Int] {
        let ms = frames.map { window.ms($0) }
        func alone(_ i: Int) -> Bool {
            if i > 0, ms[i] - ms[i - 1] < options.stableMs { return false }
            if i + 1 < frames.count, ms[i + 1] - ms[i] < options.stableMs { return false }
            let cols = grid.columns, (x, y) = (tile % cols, tile / cols)
            var around = 0
            for t in active[frames[i]] {
                let (tx, ty) = (t % cols, t / cols)
                if abs(tx - x) <= 2, abs(ty - y) <= 2 { around += 1 }
            }
            return around <= 4
        }
        let lone = frames.indices.filter(alone)
        // (a beat from two lone changes in a row; the changes on it, lone or not, either side)
        for (a, b) in zip(lone, lone.dropFirst()) {
            let beat = ms[b] - ms[a]
            guard beat >= options.blinkMinMs, beat <= options.blinkMaxMs else { continue }
            func onBeat(_ from: Int, step: Int) -> [Int] {
                var found: [Int] = [], last = from
                var i = from + step
                while i >= 0, i < frames.count {
                    let gap = abs(ms[i] - ms[last])
                    if gap > beat * (1 + options.blinkSlack) { break }
                    if gap >= beat * (1 - options.blinkSlack) { found.append(i); last = i }
                    i += step
                }
                return found
            }
            let series = (onBeat(a, step: -1).reversed() + [a, b] + onBeat(b, step: 1)).map { frames[$0] }
            // (on and off: every second blink shows the tile as it was two blinks before, within the
            // change threshold; a drag moving on at a steady rate never comes back)
            let toggles = series.count >= 3 && (2..<series.count).allSatisfy {
                Double(maxAbs(window[series[$0]].thumb.mean(tile) - window[series[$0 - 2]].thumb.mean(tile))) < options.minTileShift
            }
            guard toggles else { continue }
            return series
        }
        return []
    }
}
