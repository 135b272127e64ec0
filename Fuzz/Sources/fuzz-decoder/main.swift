// Fuzz target: the decoder layer (video.c: libavformat + libavcodec on a thread of its own) fed
// real container bytes, then the meter (meter.c: each frame's planes compared tile by tile and
// converted to RGB with swscale, the locality probe, the premultiplied and grey paths) over every
// frame as `scanFilm` runs it, the end-of-film checks (`endState`: lost frames, a cut GIF, TS or
// Matroska), and on a film read to its end `analyseFilm` (classifier, posture inference) and its
// reports. Seeds: small films of every pixel-format family and container (make-corpus.py);
// Mutator.swift keeps their containers' checksums right and mutates fields and payloads in place.
//
// What must hold whatever the bytes: every refusal is a thrown error with a cause; frames are of
// positive size within FD_MAX_PIXELS (8192x8192); timestamps are finite and never go backwards;
// every RMSE (the frame's and each tile's) is within 0...1; a film read to its end counts as many
// frames in endState as the scan measured; nothing stalls (a few KB that take STALL_SECONDS for
// one frame are refused within the bound: FFmpeg's own loops are FFmpeg's, the bound is ours).
//
// FUZZ_PARSE_ONLY=1: open the film and decode its frames without the meter.
@testable import FrameDiff
import CFrameDiff
import Foundation
import FuzzSupport

/// Frames measured at most (a mutated header can make a few KB into thousands of tiny frames).
let maxFrames = 24
/// Frames larger than this are decoded but not measured: 8192x8192 through the meter takes
/// ~1.2 GB and seconds even without ASan (the test suite covers it); the fuzzer would spend its
/// time and its 2 GB RSS limit there.
let maxMeasuredPixels = 1 << 20
let stallSeconds = 3.0

/// A precondition that says which in a release build too (precondition drops its message at -O).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// Why the harness stopped a scan early (not an error of the film's).
enum HarnessStop: Error { case enoughFrames, tooLargeToMeasure }

/// The one line the CLI would print; it must say something.
func checkedMessage(_ error: any Error) -> String {
    let message = "\(error)"
    if let e = error as? FilmError {
        require(!e.cause.isEmpty, "an error without a cause: \(message)")
        // A stall is a refusal, not a finding of framediff's: FFmpeg 5.1's NUT demuxer spins for
        // ever on some inputs (crashers/decoder/crash-3f1ef253..., ffprobe ran 9 CPU minutes on
        // it); what must hold is that the scan gave up within its bound, with a cause.
        if e.cause.contains("stalled") {
            require(Date().timeIntervalSince(started) < stallSeconds * 3 + 5, "a stall reported after \(Date().timeIntervalSince(started)) s: \(message)")
        }
        require(!e.cause.contains("differs from the meter"), "meter and frame disagree: \(message)")
    }
    require(!message.isEmpty, "an error with no message")
    return message
}

nonisolated(unsafe) var inputSize = 0
/// When the current input began (a stall must be reported within its bound).
nonisolated(unsafe) var started = Date()

/// FUZZ_VERBOSE=1: one line an input on stderr (what it opened as, how far it got).
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"].map { $0 != "0" && !$0.isEmpty } ?? false
func say(_ line: @autoclosure () -> String) { if verbose { FileHandle.standardError.write(Data((line() + "\n").utf8)) } }

/// A box the `isCancelled` closure (Sendable) reads the film through.
final class Watch: @unchecked Sendable {
    var film: VideoFile?
    var frames = 0
    var tooLarge = false
}

func checkSize(_ w: Int, _ h: Int, _ what: String) {
    require(w > 0 && h > 0 && w * h <= Int(FD_MAX_PIXELS), "\(what): a frame of \(w)x\(h)")
}

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    inputSize = size
    started = Date()
    let path = scratchFile("film", bytes(data, size))
    let film: VideoFile
    do { film = try VideoFile(path: path, threads: 1, stallSeconds: stallSeconds) } catch {
        let message = checkedMessage(error)
        say("refused: \(message)")
        return 0
    }
    let opened = film.info
    checkSize(opened.width, opened.height, "VideoInfo")
    require(opened.durationMs.isFinite && opened.durationMs >= 0 && opened.startMs.isFinite, "VideoInfo: duration \(opened.durationMs), start \(opened.startMs)")
    require([0, 90, 180, 270].contains(opened.rotation), "VideoInfo: rotation \(opened.rotation)")

    if parseOnly {
        do {
            var n = 0
            while n < maxFrames, let frame = try film.next() {
                checkSize(frame.storedWidth, frame.storedHeight, "DecodedFrame")
                n += 1
            }
        } catch { _ = checkedMessage(error) }
        return 0
    }

    let watch = Watch()
    watch.film = film
    var options = ScanOptions()
    options.threads = 1
    options.stallSeconds = stallSeconds
    // asked after each frame is decoded and before it is measured
    options.isCancelled = { [watch] in
        guard let film = watch.film else { return false }
        let w = Int(fd_video_frame_width(film.handle)), h = Int(fd_video_frame_height(film.handle))
        checkSize(w, h, "fd_video_frame_width/height")
        if w * h > maxMeasuredPixels { watch.tooLarge = true; return true }
        return false
    }
    var frames = 0
    var lastMs = -Double.infinity
    let info: VideoInfo
    do {
        info = try scanFilm(film, options: options) { m in
            require(m.index == frames, "frame \(frames) measured as \(m.index)")
            checkSize(m.grid.storedWidth, m.grid.storedHeight, "FrameMeasure.grid")
            require(m.ptsMs.isFinite, "frame \(m.index): pts \(m.ptsMs)")
            require(m.ptsMs >= lastMs, "frame \(m.index): pts \(m.ptsMs) after \(lastMs)")
            lastMs = m.ptsMs
            let rmse = m.rmse.normalized
            require(rmse >= 0 && rmse <= 1, "frame \(m.index): RMSE \(rmse) (sse \(m.rmse.sse), samples \(m.rmse.samples), max \(m.rmse.maxValue))")
            require(m.rmse.maxValue == 255 || m.rmse.maxValue == 65535, "frame \(m.index): max value \(m.rmse.maxValue)")
            for t in m.changes {
                require(t.rmse >= 0 && t.rmse <= 1, "frame \(m.index), tile \(t.index): RMSE \(t.rmse)")
                require(t.variance.isFinite && t.variance >= 0, "frame \(m.index), tile \(t.index): variance \(t.variance)")
                require(t.index >= 0 && t.index < m.grid.count, "frame \(m.index): tile \(t.index) of \(m.grid.count)")
            }
            if m.complete { require(m.index == 0 || m.resized, "frame \(m.index): complete but not the first of its size") }
            frames += 1
            if frames >= maxFrames { throw HarnessStop.enoughFrames }
        }
    } catch HarnessStop.enoughFrames {
        say("\(opened.codec) \(opened.pixelFormat) \(opened.width)x\(opened.height): stopped after \(frames) frames")
        return 0
    } catch FilmError.cancelled(_) where watch.tooLarge {
        // the rest of a film too large to measure: decoded only
        say("\(opened.codec) \(opened.pixelFormat) \(opened.width)x\(opened.height): too large to measure after \(frames) frames")
        do { var n = 0; while n < maxFrames, try film.next() != nil { n += 1 } } catch { _ = checkedMessage(error) }
        return 0
    } catch {
        let message = checkedMessage(error)
        say("\(opened.codec) \(opened.pixelFormat) \(opened.width)x\(opened.height): \(frames) frames, then \(message)")
        return 0
    }
    watch.film = nil
    require(info.frames == frames && frames > 0, "scanFilm counted \(info.frames) frames, the closure \(frames)")
    require(info.decodedMs.isFinite && info.durationMs.isFinite, "VideoInfo: decoded \(info.decodedMs) ms, duration \(info.durationMs) ms")
    if let end = film.endState {
        require(end.frames == frames && end.lost >= 0, "endState: \(end.frames) frames (\(end.lost) lost), scanFilm \(frames)")
        if let cut = end.cut { require(!cut.isEmpty, "endState: cut short with no cause") }
    }
    if info.readShort { require(!(info.missing ?? "x").isEmpty, "readShort with an empty cause") }

    // the whole pipeline on a film that read cleanly and briefly: classifier, posture, reports
    var analysis = AnalysisOptions()
    analysis.scan.threads = 1
    analysis.scan.stallSeconds = stallSeconds
    do {
        let report = try analyseFilm(path, options: analysis)
        require(report.video.frames == frames, "analyseFilm read \(report.video.frames) frames, scanFilm \(frames)")
        for f in report.findings {
            require(f.peakRMSE >= 0 && f.peakRMSE <= 1 && f.startMs <= f.endMs && f.firstFrame <= f.lastFrame,
                         "finding \(f.kind): \(f.startMs)-\(f.endMs) ms, frames \(f.firstFrame)-\(f.lastFrame), RMSE \(f.peakRMSE)")
        }
        _ = report.json.rendered(pretty: true)
        _ = report.text(colour: false)
        _ = report.markdown()
        say("\(opened.codec) \(opened.pixelFormat) \(opened.width)x\(opened.height): \(frames) frames\(info.readShort ? " (read short: \(info.missing ?? "-"))" : ""), analysed: \(report.findings.count) findings")
    } catch {
        // the same bytes read a second time: whatever failed must fail with a message
        let message = checkedMessage(error)
        say("\(opened.codec) \(opened.pixelFormat) \(opened.width)x\(opened.height): \(frames) frames, analyseFilm: \(message)")
    }
    return 0
}

if let rounds = ProcessInfo.processInfo.environment["FUZZ_MUTATOR_SELFTEST"].flatMap({ Int($0) }) {
    mutatorSelfTestRun(rounds: rounds, files: Array(CommandLine.arguments.dropFirst()))
}
runFuzzer(target)
