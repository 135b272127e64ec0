import Foundation
import Testing

/// The JSON contract as a file: every verb's real output validates against
/// schema/framediff-1.schema.json (JSON Schema 2020-12), with Debian's python3-jsonschema, which
/// scripts/test installs; skipped, visibly, where it is missing.
@Suite("JSON schema")
struct SchemaTests {
    static let python = "/usr/bin/python3"
    static var validatorAvailable: Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", "import jsonschema"]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// Validates each file; returns the validator's complaints (empty when all hold).
    func validate(_ files: [String]) throws -> String {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            v = jsonschema.Draft202012Validator(schema)
            for f in sys.argv[2:]:
                for e in v.iter_errors(json.load(open(f))):
                    print(f, list(e.absolute_path), e.message[:300])
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.python)
        p.arguments = ["-c", script, Harness.path("schema/framediff-1.schema.json")] + files
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? text : "validator failed: \(text)"
    }

    @Test("every verb's JSON follows the schema", .enabled(if: SchemaTests.validatorAvailable, "needs /usr/bin/python3 with jsonschema (apt-get install python3-jsonschema)"))
    func everyVerbFollowsTheSchema() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        func save(_ name: String, _ args: [String]) throws {
            let r = try Harness.run(args)
            let path = dir.appendingPathComponent(name).path
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        try save("one.json", ["samples/laptop-inner.mp4", "--format", "json"])
        try save("inferred.json", ["samples/rotate-sideways.mp4", "--format", "json"])
        try save("flashes.json", ["samples/h01-smooth-flashes.mp4", "--format", "json"])
        try save("several.json", ["samples/rotated-90.mp4", "missing.mp4", "--format", "json"])
        try save("rank.json", ["rank", "samples/rotated-90.mp4", "--format", "json"])
        try save("check.json", ["check", "samples/laptop-inner.mp4", "--format", "json"])
        let audit = dir.appendingPathComponent("audit.json").path
        _ = try Harness.run(["audit", "samples/rotated-90.mp4", "samples/h10-busy-counter.mp4", "--json", audit, "--quiet"])
        files.append(audit)
        let merged = dir.appendingPathComponent("merge.json").path
        _ = try Harness.run(["merge", audit, "--json", merged])
        files.append(merged)
        // shards (by an engine's variables and by hand) and their merges, whole and partial
        var shards: [String] = []
        for k in 1...2 {
            let shard = dir.appendingPathComponent("shard-\(k).json").path
            _ = try Harness.run(["audit", "samples/rotated-90.mp4", "samples/h10-busy-counter.mp4", "samples/static-crf30.mp4", "--shard", "auto",
                                 "--json", shard, "--quiet"], environment: ["CI_NODE_INDEX": "\(k)", "CI_NODE_TOTAL": "2"],
                                unset: ShardEndToEndTests.engineVariables.filter { !$0.hasPrefix("CI_NODE_") })
            shards.append(shard)
        }
        let mergedShards = dir.appendingPathComponent("merge-shards.json").path, partial = dir.appendingPathComponent("partial.json").path
        _ = try Harness.run(["merge"] + shards + ["--json", mergedShards])
        _ = try Harness.run(["merge", shards[1], "--allow-partial", "--json", partial])
        files += shards + [mergedShards, partial]
        for f in files.suffix(4) { #expect(FileManager.default.fileExists(atPath: f), "\(f)") }
        let complaints = try validate(files)
        #expect(complaints.isEmpty, "\(complaints)")
    }

    @Test(.enabled(if: SchemaTests.validatorAvailable, "needs /usr/bin/python3 with jsonschema"))
    func theSchemaRejectsARenamedField() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Harness.run(["samples/rotated-90.mp4", "--format", "json"])
        let path = dir.appendingPathComponent("renamed.json").path
        try r.stdout.replacingOccurrences(of: "\"start_ms\"", with: "\"begin_ms\"").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!(try validate([path])).isEmpty)
    }
}
