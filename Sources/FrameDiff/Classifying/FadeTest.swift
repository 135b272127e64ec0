/// The fade test: whether every frame between two states is a blend of them, α·old + (1−α)·new,
/// with α falling from frame to frame (by at most `slack` back, and at most `slack` outside 0-1:
/// rounding, an eased curve overshooting by a level). A crossfade, a fade to or from a colour and
/// a dimming backdrop pass; a slide, a zoom or content arriving piece by piece do not.
///
///     let r = FadeTest(slack: 0.1).residual(frames, old: a, new: b, over: tiles)   // nil: no blend fits
struct FadeTest {
    let slack: Double

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
}
