import CFrameDiff
import Foundation

/// Decodes, measures and classifies a film in one pass, and ties the findings to its posture
/// events: the pipeline decode -> measure -> classify -> infer posture -> tie. `onStats` receives
/// every frame's numbers (the `--stats` CSV), on the classifying thread.
///
/// The decoder runs on a thread of its own (VideoFile), the meter on the caller's, and the
/// classifier with posture inference on a third, fed through a bounded queue, so classifying
/// overlaps decoding instead of following it. (The HTML report decodes the film a second time for
/// its pictures, in Reporting/FrameGrab.swift, which Pictures.swift calls: only for the frames it
/// shows.)
///
/// `onProgress` gets (frames so far, pts ms, the container's duration ms) after every frame.
///
///     let report = try analyseFilm("films/laptop-inner.mp4")
public func analyseFilm(_ path: String, options: AnalysisOptions = AnalysisOptions(),
                        onStats: ((FrameStats) -> Void)? = nil,
                        onProgress: ((Int, Double, Double) -> Void)? = nil) throws -> Report {
    // Events first: a bad events file or script is reported before any decoding.
    var events = try postureEvents(for: path, options: options.posture)
    let source = try openFilm(path, scan: options.scan)
    let infer = events.isEmpty && options.posture.infer
    let classifying = Classifying(options: options, infer: infer, onStats: onStats, stages: options.scan.stages)
    // NB: 8 frames of changed tiles in flight; the classifier's bursts (deciding a window) no
    // longer stall the decoder.
    let queue = Handoff<FrameMeasure>(capacity: 8, batch: 4)
    // NB: the allocator is left as glibc runs it. A fixed 256 KiB mmap threshold and malloc_trim
    // every 60 frames held peak RSS 4-6 MB lower but cost five times the page faults (60 s bench
    // film 183,699 -> 36,490 without them, system time 1.67 -> 0.88 s) and were no flatter in
    // film length (10 s -> 60 s: +6.0% with them, +4.9% without).
    let done = DispatchSemaphore(value: 0)
    let worker = Thread {
        while let m = queue.take() { classifying.add(m) }
        options.scan.stages?.classifyingEnded(cpuNs: fd_thread_cpu_ns())
        done.signal()
    }
    worker.stackSize = 8 << 20
    worker.start()
    var scan = options.scan
    scan.collectTiles = true
    let info: VideoInfo
    do {
        info = try scanFilm(source, options: scan) { m in
            queue.put(m)
            onProgress?(m.index + 1, m.ptsMs, source.info.durationMs)
        }
    } catch {
        queue.close()
        done.wait()
        throw error
    }
    queue.close()
    done.wait()
    if infer { events = classifying.seen.events(coverMs: options.posture.coverMs) }
    let finishing = fd_ticks()
    var findings = classifying.classifier.finish().map(Finding.init)
    options.scan.stages?.finished(ticks: fd_ticks() - finishing)
    let hitches = addHitches(to: &findings, samples: classifying.samples, events: events, options: options.hitches)
    let summaries = tie(&findings, to: events, settleMs: options.posture.settleMs)
    var report = Report(film: path, video: info, findings: findings, topDeltas: classifying.top.sorted,
                        noiseFloor: classifying.classifier.noiseFloor, threshold: classifying.classifier.tileThreshold)
    report.events = summaries
    report.series = classifying.series
    report.hitches = hitches
    return report
}

/// What the classifying thread owns: the classifier, posture inference, the largest deltas and
/// the timeline series. Touched by one thread at a time (the worker, then the caller after it
/// finished).
private final class Classifying: @unchecked Sendable {
    let classifier: Classifier
    var seen: PostureInference
    var top: TopDeltas
    var series: [SIMD2<Float>] = []
    let infer: Bool
    let stages: StageAccount?

    /// Every frame's step, for the hitch detector (40 bytes a frame, beside the timeline's 8).
    var samples: [HitchFinder.Sample] = []

    init(options: AnalysisOptions, infer: Bool, onStats: ((FrameStats) -> Void)?, stages: StageAccount?) {
        self.stages = stages
        classifier = Classifier(options: options.classifier)
        seen = PostureInference(options: options.posture.inference)
        top = TopDeltas(capacity: options.topDeltas)
        self.infer = infer
        classifier.onStats = onStats
        classifier.onStep = { [unowned self] in samples.append($0) }
    }

    func add(_ m: FrameMeasure) {
        let t0 = stages == nil ? 0 : fd_ticks()
        classifier.add(m)
        let t1 = stages == nil ? 0 : fd_ticks()
        if infer { seen.add(m, classifier.board, shift: classifier.shiftThreshold, noise: classifier.noiseThreshold, periodMs: classifier.periodMs) }
        if let stages {
            stages.classified(ticks: t1 - t0)
            stages.inferred(ticks: fd_ticks() - t1)
        }
        series.append(SIMD2(Float(m.ptsMs), Float(m.rmse.normalized)))
        if m.index > 0 { top.add(FrameDelta(frame: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, resized: m.resized)) }
    }
}

