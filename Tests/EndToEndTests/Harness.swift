import Foundation
import Testing

/// Runs the built `framediff` binary the way a user does and captures what it prints.
enum Harness {
    /// The package root (this file is Tests/EndToEndTests/Harness.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The binary next to the test bundle (same build configuration), or FRAMEDIFF_BIN.
    static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["FRAMEDIFF_BIN"] { return explicit }
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent(), root.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent("framediff").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/framediff").path
    }

    struct Result {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    /// `environment` is added to this process's; the variables named in `unset` are taken out
    /// (a test of `--shard auto` must not see the CI engine it runs on). `executable` runs another
    /// program than framediff (a system tool the test needs) the same way.
    static func run(_ args: [String], cwd: String? = nil, environment: [String: String] = [:], unset: [String] = [],
                    executable: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable ?? binary)
        p.arguments = args
        if !environment.isEmpty || !unset.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter { !unset.contains($0.key) }
        }
        p.currentDirectoryURL = URL(fileURLWithPath: cwd ?? root.path)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting, so a large report cannot fill the pipe and stall the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A fresh scratch folder, removed by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("framediff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
