// What every fuzz target shares: the libFuzzer driver, a scratch folder on tmpfs for the parsers
// that read files, and the "downstream" stage: what framediff does with a parse result (ties
// events to findings, gates findings, renders every report format, builds meters with the masks),
// on a small synthetic report, so that a value that parses but breaks its consumers is found too.
//
// FUZZ_PARSE_ONLY=1 (environment) skips the downstream stage: only the parser runs.
@testable import FrameDiff
import Foundation
import FuzzShim

/// Hands control to libFuzzer (its flags come from the command line); never returns.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    exit(fuzzshim_run(CommandLine.argc, CommandLine.unsafeArgv, target))
}

/// The input as bytes (libFuzzer may pass a null pointer for an empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0)
}

public let parseOnly = ProcessInfo.processInfo.environment["FUZZ_PARSE_ONLY"].map { $0 != "0" && !$0.isEmpty } ?? false

/// A folder of this process's own on tmpfs (FUZZ_SCRATCH when set, which scripts/fuzz removes).
public let scratch: String = {
    let base = ProcessInfo.processInfo.environment["FUZZ_SCRATCH"]
        ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory())
    let dir = (base as NSString).appendingPathComponent("framediff-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratch) }
    return dir
}()

/// Writes bytes to a file (replacing it); traps if it cannot, since then nothing is tested.
public func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "fuzz harness: cannot write \(path)")
    var done = 0
    while done < bytes.count {
        let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
        precondition(n > 0, "fuzz harness: cannot write \(path)")
        done += n
    }
    close(fd)
}

/// Writes the input to `scratch/name` and returns its path.
public func scratchFile(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let path = (scratch as NSString).appendingPathComponent(name)
    write(bytes, to: path)
    return path
}

/// Writes the input to `scratch/name` and reads it with `read` (a file parser); nil when the
/// parser refuses it, after its error message has been made (the CLI prints it).
public func readScratch<T>(_ name: String, _ data: UnsafePointer<UInt8>?, _ size: Int, _ read: (String) throws -> T) -> T? {
    let path = scratchFile(name, bytes(data, size))
    do { return try read(path) } catch {
        _ = "\(error)"
        return nil
    }
}

// MARK: - the downstream stage

/// The video of the synthetic report (laptop-inner.mp4's size).
public let sampleVideo = VideoInfo(width: 360, height: 780, codec: "h264", pixelFormat: "yuv420p", frames: 540, durationMs: 9000)

/// One finding of each kind, with ordinary regions, at times that tie them to the sample events
/// (see sampleEvents): cut and flash after event 0, blank after event 0, fade and motion after
/// event 1, the first paint during event 0, a motion tied to none.
public func sampleFindings() -> [Finding] {
    var flash = Finding(kind: .flash, startMs: 1050, endMs: 1133, firstFrame: 63, lastFrame: 68, peakRMSE: 0.456,
                        region: Rect(x: 192, y: 80, w: 160, h: 112), area: 0.06, colour: SIMD3(158, 158, 158))
    flash.evidence = [Evidence("uniformity", 1.4), Evidence("contrast_in", 40)]
    return [
        Finding(kind: .cut, startMs: 1050, endMs: 1050, firstFrame: 63, lastFrame: 63, peakRMSE: 0.456,
                region: Rect(x: 0, y: 0, w: 360, h: 780), area: 1),
        flash,
        Finding(kind: .fade, startMs: 4600, endMs: 4700, firstFrame: 276, lastFrame: 282, peakRMSE: 0.09,
                region: Rect(x: 0, y: 0, w: 360, h: 780), area: 1),
        Finding(kind: .blank, startMs: 2000, endMs: 2500, firstFrame: 120, lastFrame: 150, peakRMSE: 0.7,
                region: Rect(x: 0, y: 64, w: 360, h: 700), area: 0.9, colour: SIMD3(255, 255, 255)),
        Finding(kind: .motion, startMs: 5200, endMs: 6100, firstFrame: 312, lastFrame: 366, peakRMSE: 0.2,
                region: Rect(x: 16, y: 400, w: 320, h: 200), area: 0.2),
        Finding(kind: .cut, startMs: 0, endMs: 0, firstFrame: 0, lastFrame: 0, peakRMSE: 1,
                region: Rect(x: 0, y: 0, w: 360, h: 780), area: 1),
        Finding(kind: .motion, startMs: 7800, endMs: 8000, firstFrame: 468, lastFrame: 480, peakRMSE: 0.05,
                region: Rect(x: 300, y: 0, w: 60, h: 40), area: 0.01),
    ]
}

/// The posture events of samples/laptop.steps.
public let sampleEvents: [PostureEvent] = (try? StepsScript.parse("path:1.0:180:110 wait:2.5 path:1.0:110:180")) ?? []

/// What the CLI does with events, findings, rules and a baseline once they are read: ties the
/// findings to the events, gates them, and renders every report format (text, JSON, markdown,
/// JUnit, the gate's verdict and JUnit, the audit row and table, the baseline written back).
public func exerciseReport(film: String = "films/laptop-inner.mp4", events: [PostureEvent] = sampleEvents,
                           findings: [Finding] = sampleFindings(), rules: GateRules = GateRules(),
                           baseline: Baseline? = nil, settleMs: Double = 3000) {
    var findings = findings
    let summaries = tie(&findings, to: events, settleMs: settleMs)
    var report = Report(film: film, video: sampleVideo, findings: findings,
                        topDeltas: [FrameDelta(frame: 60, ptsMs: 1000, rmse: 0.456), FrameDelta(frame: 1, ptsMs: 16.7, rmse: 0.01)],
                        noiseFloor: 0.002, threshold: 0.1)
    report.events = summaries
    report.series = [SIMD2(0, 0), SIMD2(16.7, 0.01), SIMD2(1000, 0.456)]
    let filmRules = rules.forFilm(film)
    // judged once by the rules, as the CLI does; the renderers show the verdicts
    let judged = rules.judged(report)
    _ = judged.json.rendered(pretty: true)
    _ = judged.json.rendered(pretty: false)
    _ = judged.text(colour: true)
    _ = judged.markdown()
    _ = junitXML([judged], errors: [(film: "films/bad.mp4", cause: "not a film")])
    let gate = GateResult(report: report, rules: filmRules, baseline: baseline)
    _ = GateResult.verdictText([gate], errors: [])
    _ = GateResult.junit([gate], errors: [])
    _ = FilmSummary.table([FilmSummary(report: judged), FilmSummary(film: "films/bad.mp4", error: "not a film")])
    _ = Baseline(reports: [report]).json.rendered()
}

/// What measuring does with masks (the rules' `masks`, `--mask`): a meter per frame size and
/// rotation, the masks turned to stored pixels, two frames pushed and the changed tiles read.
public func exerciseMasks(_ masks: [Rect]) {
    guard !masks.isEmpty else { return }
    for rotation in [0, 90] {
        let grid = TileGrid(storedWidth: 40, storedHeight: 24, tile: 16, rotation: rotation)
        guard let meter = try? Meter(grid: grid, masks: masks, keepStatistics: true) else { continue }
        var image = PNGImage(width: 40, height: 24)
        for round in 0..<2 {
            if round == 1 { for i in stride(from: 0, to: image.pixels.count, by: 7) { image.pixels[i] = 200 } }
            let frame = DecodedFrame(ptsMs: Double(round) * 16.7, storedWidth: 40, storedHeight: 24, pixels: .rgb(image))
            _ = try? meter.push(frame)
        }
        _ = meter.changedTiles()
        _ = meter.changedTiles(all: true)
        _ = meter.picture()
    }
}

/// The mutators' deterministic random numbers, seeded from libFuzzer's seed and the input's size
/// (the same SplitMix64 as Tests/TestSupport: this package cannot use a test target of the main one).
///
///     var r = Rng(state: UInt64(seed)); let n = r.below(10)
public struct Rng {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    public mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in byte() } }
    public mutating func chance(_ n: Int) -> Bool { below(n) == 0 }
}
