import Foundation

/// The ffmpeg command-line tool, for tests that make their own films (every pixel format, broken
/// containers). `scripts/test` installs it; a test that needs it is skipped, visibly, without it.
///
///     @Test(.enabled(if: FFmpegTool.available)) func ...
///     try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=202x66:d=0.3", out])
enum FFmpegTool {
    static let path: String? = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { path != nil }

    /// Runs ffmpeg quietly with `args` (overwriting outputs); throws with its stderr when it fails.
    static func make(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/ffmpeg")
        p.arguments = ["-v", "error", "-nostdin", "-y"] + args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw FFmpegFailure(args: args, stderr: e) }
    }

    /// Every frame of `film` as PNG named by its pts in ms, as DESIGN.md's shell loop extracts them.
    static func extract(_ film: String, into dir: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try make(["-i", film, "-fps_mode", "passthrough", "-enc_time_base", "1/1000", "-frame_pts", "1", dir + "/%06d.png"])
        return try FileManager.default.contentsOfDirectory(atPath: dir).sorted().map { dir + "/" + $0 }
    }

    struct FFmpegFailure: Error, CustomStringConvertible {
        var args: [String]
        var stderr: String
        var description: String { "ffmpeg \(args.joined(separator: " ")): \(stderr)" }
    }
}
