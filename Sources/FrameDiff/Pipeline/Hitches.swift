/// Puts a film's hitches among its findings: `HitchFinder` over the frames' samples and the
/// motions and fades, outside every posture event's cover. Each hitch becomes a `hitch` finding
/// right after the animation it lies in (`parent` its index), that animation gets its `hitch_ms`
/// and `hitch_ratio_ms_per_s`, and the pieces a stall split it into (a motion cut in two by a
/// 167 ms stall; a fade, a cut and a fade) become one finding again, as DESIGN.md has it. A film
/// without hitches keeps its findings as they were, byte for byte.
///
///     let result = addHitches(to: &findings, samples: samples, events: events)
func addHitches(to findings: inout [Finding], samples: [HitchFinder.Sample], events: [PostureEvent],
                options: HitchOptions = HitchOptions()) -> HitchResult? {
    let animations = HitchFinder.Animation.of(findings, options: options)
    guard !animations.isEmpty, samples.count > 2 else { return nil }
    let covered = events.map { $0.startMs...max($0.endMs, $0.coverEndMs) }
    let result = HitchFinder(options: options).find(samples, animations: animations, covered: covered,
                                                    timing: .measured(samples, options: options))
    guard !result.hitches.isEmpty else { return nil }

    // each hitch's own finding: the piece of its animation that holds its last moving frame
    // (an animation joined over a quiet gap has several)
    let byParent = Dictionary(animations.map { ($0.parent, $0) }, uniquingKeysWith: { a, _ in a })
    var owner: [Int] = result.hitches.map { h in
        guard let a = byParent[h.parent] else { return h.parent }
        return findings.indices.first { j in
            let f = findings[j]
            return f.kind == a.kind && (f.firstFrame...f.lastFrame).contains(h.lastMovingFrame)
                && f.firstFrame >= a.firstFrame && f.lastFrame <= a.lastFrame
        } ?? h.parent
    }
    // a piece (or the cut between pieces) that begins where a hitch resumes is the same animation,
    // split by the stall: folded into the piece before it, its hitches with it
    var gone = Set<Int>()
    for j in findings.indices.sorted(by: { findings[$0].firstFrame < findings[$1].firstFrame }) {
        let f = findings[j]
        guard let k = result.hitches.indices.first(where: { i in
            let h = result.hitches[i], p = owner[i]
            return p != j && !gone.contains(p) && (f.kind == findings[p].kind || f.kind == .cut)
                && f.firstFrame >= h.lastMovingFrame && f.firstFrame <= h.resumeFrame + 1 && f.region.intersects(findings[p].region)
        }) else { continue }
        let p = owner[k]
        gone.insert(j)
        findings[p].endMs = max(findings[p].endMs, f.endMs)
        findings[p].lastFrame = max(findings[p].lastFrame, f.lastFrame)
        findings[p].peakRMSE = max(findings[p].peakRMSE, f.peakRMSE)
        findings[p].region = findings[p].region.union(f.region)
        for i in owner.indices where owner[i] == j { owner[i] = p }
    }
    for p in Set(owner) {
        let ms = owner.indices.filter { owner[$0] == p }.reduce(0) { $0 + result.hitches[$1].hitchMs }
        findings[p].hitchMs = ms
        findings[p].hitchRatioMsPerS = findings[p].durationMs > 0 ? ms / (findings[p].durationMs / 1000) : 0
    }
    var out: [Finding] = []
    for (i, f) in findings.enumerated() where !gone.contains(i) {
        out.append(f)
        let parentIndex = out.count - 1
        for (n, h) in result.hitches.enumerated() where owner[n] == i {
            var hitch = Finding(kind: .hitch, startMs: h.startMs, endMs: h.endMs,
                                firstFrame: h.stalledFrames.first ?? h.resumeFrame, lastFrame: h.resumeFrame,
                                peakRMSE: h.stepAfter, region: f.region)
            hitch.evidence = [Evidence("stalled_frames", Double(h.stalledFrames.count)), Evidence("step_before", h.stepBefore),
                              Evidence("step_after", h.stepAfter), Evidence("usual_step", h.usualStep),
                              Evidence("period_ms", h.periodMs)]
            hitch.parent = parentIndex
            out.append(hitch)
        }
    }
    findings = out
    return result
}
