import CFrameDiff
import Foundation

/// Where one run's CPU time and bytes went, stage by stage: decoding, comparing each frame's planes
/// with the previous frame's, converting the changed spans to RGB, measuring the changed tiles,
/// listing them for the classifier, classifying, posture inference, and the threads' glue
/// (hand-offs, waiting, bookkeeping). `FRAMEDIFF_STAGES=1` makes the CLI print it after a film,
/// so a regression shows which stage grew without a profiler.
///
/// Set `ScanOptions.stages` and read the account once the run returned. Each stage's thread
/// writes only its own fields, and the caller reads them after those threads finished (the scan
/// returned, the classifying thread was joined): the class is shared, never raced.
///
///     let account = StageAccount(); var o = AnalysisOptions(); o.scan.stages = account
///     _ = try analyseFilm(path, options: o); print(account.table(film: path))
public final class StageAccount: @unchecked Sendable {
    public enum Stage: String, CaseIterable, Sendable {
        case decode, compare, convert, measure, lists, classify, posture, glue
    }

    /// CPU seconds of each stage. `decode` is the process's CPU outside the measuring and
    /// classifying threads' runs (the decoder's threads, start-up, the report); `glue` what those
    /// two threads used outside their stages.
    public private(set) var seconds: [Stage: Double] = [:]
    /// Bytes each stage read or wrote: compare the new frame's plane rows read, convert the RGB
    /// swscale wrote, measure the RGB of the tiles measured, lists the tile entries handed over.
    public private(set) var bytes: [Stage: UInt64] = [:]

    // Ticks (fd_ticks) of the measuring thread's stages, and its CPU and clock at its start.
    private var meterCounts = fd_stage_counts()
    private var listTicks: UInt64 = 0
    private var scanStart: (cpu: UInt64, ticks: UInt64, ns: UInt64) = (0, 0, 0)
    private var measuringCPU: UInt64 = 0
    private var ticksPerNs = 1.0
    // The classifying thread's.
    private var classifyTicks: UInt64 = 0, postureTicks: UInt64 = 0
    private var classifyingCPU: UInt64 = 0
    /// The last window's decision, on the caller's thread after both others finished.
    private var finishTicks: UInt64 = 0

    /// The process's CPU when the account was opened: what ran before (an earlier film of the
    /// same run) is not this film's.
    private let processStart = fd_process_cpu_ns()

    public init() {}

    static func monotonicNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    // MARK: the measuring thread

    func scanStarted() { scanStart = (fd_thread_cpu_ns(), fd_ticks(), Self.monotonicNs()) }

    /// What a meter counted, before it is replaced (a new frame size) or at the end.
    func add(_ c: fd_stage_counts) {
        meterCounts.compare_ticks += c.compare_ticks
        meterCounts.convert_ticks += c.convert_ticks
        meterCounts.measure_ticks += c.measure_ticks
        meterCounts.compare_bytes += c.compare_bytes
        meterCounts.convert_bytes += c.convert_bytes
        meterCounts.measure_bytes += c.measure_bytes
    }

    func listed(ticks: UInt64, entries: Int, entryBytes: Int) {
        listTicks += ticks
        bytes[.lists, default: 0] += UInt64(entries * entryBytes)
    }

    func scanEnded() {
        measuringCPU = fd_thread_cpu_ns() - scanStart.cpu
        let ns = Self.monotonicNs() - scanStart.ns
        if ns > 0 { ticksPerNs = Double(fd_ticks() - scanStart.ticks) / Double(ns) }
    }

    // MARK: the classifying thread

    func classified(ticks: UInt64) { classifyTicks += ticks }
    func inferred(ticks: UInt64) { postureTicks += ticks }
    /// Called last on the classifying thread.
    func classifyingEnded(cpuNs: UInt64) { classifyingCPU = cpuNs }
    /// The classifier's last decisions, made on the caller's thread once the others ended.
    func finished(ticks: UInt64) { finishTicks += ticks }

    // MARK: the result

    /// Turns the counts into seconds; call once, after the run (the process's CPU is read now).
    public func close() {
        let s = { (ticks: UInt64) in Double(ticks) / self.ticksPerNs / 1e9 }
        seconds[.compare] = s(meterCounts.compare_ticks)
        seconds[.convert] = s(meterCounts.convert_ticks)
        seconds[.measure] = s(meterCounts.measure_ticks)
        seconds[.lists] = s(listTicks)
        seconds[.posture] = s(postureTicks)
        let inside = [Stage.compare, .convert, .measure, .lists, .posture].reduce(s(classifyTicks)) { $0 + seconds[$1]! }
        let threads = Double(measuringCPU + classifyingCPU) / 1e9
        seconds[.classify] = s(classifyTicks) + s(finishTicks)
        // (a preempted stage counts the time it waited: on a loaded machine the stages can add up to
        // more than their threads' CPU, and the glue is then 0)
        seconds[.glue] = max(0, threads - inside)
        seconds[.decode] = max(0, Double(fd_process_cpu_ns() - processStart) / 1e9 - max(threads, inside) - s(finishTicks))
        bytes[.compare] = meterCounts.compare_bytes
        bytes[.convert] = meterCounts.convert_bytes
        bytes[.measure] = meterCounts.measure_bytes
    }

    /// A Markdown table: each stage's CPU seconds, its share of the process's, and its MB.
    public func table(film: String) -> String {
        let total = seconds.values.reduce(0, +)
        var lines = ["framediff: stages of \(film) (CPU s; decode is the process's CPU outside the measuring and classifying threads)",
                     "| stage | CPU s | share | MB |", "|---|---:|---:|---:|"]
        for stage in Stage.allCases {
            let sec = seconds[stage] ?? 0
            let mb = bytes[stage].map { JSON.fixed(Double($0) / 1_048_576, decimals: 1) } ?? "-"
            let share = JSON.fixed(total > 0 ? 100 * sec / total : 0, decimals: 1)
            lines.append("| \(stage.rawValue) | \(JSON.fixed(sec, decimals: 3)) | \(share)% | \(mb) |")
        }
        lines.append("| all | \(JSON.fixed(total, decimals: 3)) | 100% | - |")
        return lines.joined(separator: "\n") + "\n"
    }
}
