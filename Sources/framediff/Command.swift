import Foundation
import FrameDiff

/// A verb of the command line: its option table, help, and what it does.
protocol Command {
    /// "rank"; empty for the main job (`framediff FILM...`).
    static var name: String { get }
    static var synopsis: String { get }
    static var summary: String { get }
    static var options: [OptionSpec] { get }
    /// What the help shows after the options (the analysing verbs: every analysis setting).
    static var epilogue: String { get }
    /// Validates the parsed arguments (usage errors are thrown here, before any work).
    init(_ arguments: ParsedArguments) throws
    /// Does the work and returns the exit code.
    func run() throws -> Int32
}

extension Command {
    static var epilogue: String { "" }

    static var help: String {
        var out = "usage: \(synopsis)\n\n\(summary)\n\noptions:\n"
        let width = options.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for o in options {
            let left = o.name + (o.value.map { " " + $0 } ?? "")
            out += "  " + left + String(repeating: " ", count: width - left.count + 2) + o.helpLine + "\n"
        }
        return out + epilogue
    }
}

/// Standard output and error without Glibc's shared `stdout`/`stderr` globals. Writing to stdout
/// can fail (a full disk, a closed pipe): that is an error the caller reports, not a crash.
enum Console {
    static func out(_ text: String) throws {
        var data = Array(text.utf8)[...]
        while !data.isEmpty {
            let n = data.withUnsafeBytes { Foundation.write(1, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError.posix("standard output", errno)
            }
            data = data.dropFirst(n)
        }
    }
    static func err(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }
    /// The one line an error is: `framediff: error: PATH: CAUSE`, control characters escaped.
    static func errorLine(_ error: Any) -> String { "framediff: error: \(oneLine("\(error)"))\n" }
    static var stderrIsTerminal: Bool { isatty(2) != 0 }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }
}

/// Refuses, before any work, an output that is one of the files being read (`--out a.mp4`
/// beside `a.mp4`, `--baseline` before its film by a slip of order, `frames --out` naming the
/// folder of frames it reads): it would replace a recording; or that could not be written at the
/// end (`OutputFile.checkWritable`). `folder` is the output that is a folder (an HTML report's).
func refuseOutputs(_ outputs: [String?], overwriting inputs: [String], folder: String? = nil) throws {
    func id(_ path: String, folders: Bool = false) -> [UInt64]? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG || folders && st.st_mode & S_IFMT == S_IFDIR else { return nil }
        return [UInt64(st.st_dev), UInt64(st.st_ino)]
    }
    let read = Set(inputs.compactMap { id($0, folders: true) })
    for case let out? in outputs where out != "-" {
        if let i = id(out, folders: out == folder), read.contains(i) { throw WriteError(path: out, cause: "it is one of the files being read; name another") }
        // (a report is never written over a recording, even one not being read)
        if id(out) != nil, isFootage(out) { throw WriteError(path: out, cause: "it is a film or a frame of one; name another file") }
        try OutputFile.checkWritable(out, folder: out == folder)
    }
}

/// Writes a report to `--out` (in one step: an earlier file survives a failed write) or to stdout
/// (no path, or `-` as every Unix tool reads it).
func emit(_ text: String, to path: String?) throws {
    guard let path, path != "-" else { return try Console.out(text) }
    try OutputFile.write(Data(text.utf8), to: path)
}

/// A one-line progress display on stderr, only on a terminal (and not with --quiet): redrawn at
/// most five times a second, erased when done.
final class ProgressLine {
    private let enabled: Bool
    private var last = Date.distantPast
    private var shown = false

    init(quiet: Bool) { enabled = !quiet && Console.stderrIsTerminal }

    func update(film: String, frames: Int, ptsMs: Double, durationMs: Double) {
        guard enabled, Date().timeIntervalSince(last) > 0.2 else { return }
        last = Date()
        shown = true
        let of = durationMs > 0 ? " of \(JSON.format(durationMs / 1000, decimals: 1)) s" : ""
        Console.err("\r\u{1B}[K\(oneLine(film)): \(frames) frames, \(JSON.format(ptsMs / 1000, decimals: 1)) s\(of)")
    }

    func done() {
        if shown { Console.err("\r\u{1B}[K") }
        shown = false
    }
}
