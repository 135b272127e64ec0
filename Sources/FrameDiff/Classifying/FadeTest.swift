/// The fade test: whether every frame between two states is a blend of them, α·old + (1−α)·new,
/// with α falling from frame to frame (by at most `slack` back, and at most `slack` outside 0-1:
/// rounding, an eased curve overshooting by a level). A crossfade, a fade to or from a colour and
/// a dimming backdrop pass; a slide, a zoom or content arriving piece by piece do not.
/// `residualThroughGround` also lets the two pages' opacities sum under 1 over one ground colour.
///
///     let r = FadeTest(slack: 0.1).residual(frames, old: a, new: b, over: tiles)   // nil: no blend fits
struct FadeTest {
    let slack: Double
    /// Levels the ground's share of a frame may stray outside 0-255, and the ground colours
    /// read off the frames from one another (`residualThroughGround`; `groundMargin` option).
    var groundMargin = 4.0
    /// The through-ground fit solves α, β and a colour per frame: on fewer tiles than this it fits
    /// content arriving piece by piece exactly (3 grey tiles always do).
    static let groundTiles = 8

    /// The largest share of the change between the states that a frame's blend α·old + (1−α)·new
    /// (α falling from frame to frame) leaves unexplained, or nil when no blend fits at all.
    func residual(_ frames: [Thumbnail], old: Thumbnail, new: Thumbnail, over tiles: [Int]) -> Double? {
        guard !frames.isEmpty, !tiles.isEmpty else { return nil }
        var previousAlpha = 1 + slack
        var worst = 0.0
        for f in frames {
            var num = 0.0, den = 0.0
            for t in tiles {
                let d = old.mean(t) - new.mean(t), e = f.mean(t) - new.mean(t)
                num += Double((e * d).sum())
                den += Double((d * d).sum())
            }
            guard den > 0 else { return nil }
            let alpha = num / den
            guard alpha > -slack, alpha < 1 + slack, alpha <= previousAlpha + slack else { return nil }
            var residual = 0.0
            for t in tiles {
                let blend = Float(alpha) * old.mean(t) + Float(1 - alpha) * new.mean(t)
                let r = f.mean(t) - blend
                residual += Double((r * r).sum())
            }
            worst = max(worst, (residual / den).squareRoot())
            previousAlpha = alpha
        }
        return worst
    }

    /// Like `residual`, for a fade through a ground: every frame between is α·old + β·new +
    /// (1−α−β)·ground, α falling and β rising, at most half ground, the ground a colour (the
    /// dark window background an app's pages fade out to and in from, each page's opacity
    /// under 1 halfway: Surface Duo's two-pane navigation at 0.18 old + 0.58 new), the same ground
    /// on every frame where it shows (a tenth or more) within `groundMargin` levels per tenth.
    /// α + β = 1 is the plain crossfade, so this is never larger than `residual` when both fit.
    /// nil when no such blend fits, on fewer than `groundTiles` tiles, or when the two states are
    /// nearly one picture brightened or dimmed (then α and β cannot be told apart).
    func residualThroughGround(_ frames: [Thumbnail], old: Thumbnail, new: Thumbnail, over tiles: [Int]) -> Double? {
        guard !frames.isEmpty, tiles.count >= Self.groundTiles else { return nil }
        let n = Float(tiles.count)
        let olds = tiles.map { old.mean($0) }, news = tiles.map { new.mean($0) }
        let meanOld = olds.reduce(SIMD3<Float>()) { $0 + $1 / n }, meanNew = news.reduce(SIMD3<Float>()) { $0 + $1 / n }
        // (the ground's per-channel offset is solved away by centring each channel over the tiles)
        let o = olds.map { $0 - meanOld }, w = news.map { $0 - meanNew }
        var den = 0.0, oo = 0.0, nn = 0.0, on = 0.0
        for i in tiles.indices {
            den += Double(((olds[i] - news[i]) * (olds[i] - news[i])).sum())
            oo += Double((o[i] * o[i]).sum())
            nn += Double((w[i] * w[i]).sum())
            on += Double((o[i] * w[i]).sum())
        }
        // (states correlated 0.99 or more are one picture brightened or dimmed: no fit to trust)
        guard den > 0, oo > 0, nn > 0, on * on <= 0.99 * oo * nn else { return nil }
        let det = oo * nn - on * on
        var previous = (alpha: 1 + slack, beta: -slack)
        var ground: SIMD3<Float>?
        var worst = 0.0
        for f in frames {
            let values = tiles.map { f.mean($0) }
            let meanFrame = values.reduce(SIMD3<Float>()) { $0 + $1 / n }
            var fo = 0.0, fn = 0.0
            for i in tiles.indices {
                let e = values[i] - meanFrame
                fo += Double((e * o[i]).sum())
                fn += Double((e * w[i]).sum())
            }
            let alpha = (fo * nn - fn * on) / det, beta = (fn * oo - fo * on) / det
            // (at most half ground: a frame all ground is a blank between two cuts, not a blend)
            guard alpha > -slack, beta > -slack, alpha + beta < 1 + slack, alpha + beta >= 0.5,
                  alpha <= previous.alpha + slack, beta >= previous.beta - slack else { return nil }
            // the offset left is (1−α−β)·ground: a colour, within `groundMargin` levels (a
            // highlight spreading over the whole region is an offset where α + β is 1: no fade)
            let rest = Float(1 - alpha - beta), offset = meanFrame - Float(alpha) * meanOld - Float(beta) * meanNew
            let low = min(0, rest) * 255 - Float(groundMargin), high = max(0, rest) * 255 + Float(groundMargin)
            guard (0..<3).allSatisfy({ offset[$0] >= low && offset[$0] <= high }) else { return nil }
            if rest >= 0.1 {
                let g = offset / rest
                // (one ground: a tenth of a frame strays from it by at most `groundMargin` levels)
                if let ground, (0..<3).contains(where: { abs(g[$0] - ground[$0]) * rest > Float(groundMargin) }) { return nil }
                ground = ground ?? g
            }
            var residual = 0.0
            for i in tiles.indices {
                let r = values[i] - (Float(alpha) * olds[i] + Float(beta) * news[i] + offset)
                residual += Double((r * r).sum())
            }
            worst = max(worst, (residual / den).squareRoot())
            previous = (alpha, beta)
        }
        return worst
    }
}
