import Foundation
import Testing

/// The README's recipes for running an audit on several machines (examples/: a Kubernetes
/// Indexed Job and its merge Job, GitLab `parallel:`, a GitHub Actions matrix), tested as far as
/// this machine allows: each file parses as YAML (Debian's python3-yaml, which scripts/test
/// installs; skipped, visibly, where it is missing) and holds the fields its engine needs, and
/// its shell steps are run here as the engine would run them (its variables set, its volumes
/// folders), the merge's table checked against one unsharded audit's. The README shows each
/// file as it is.
@Suite("Recipes for several machines")
struct RecipeTests {
    static let python = "/usr/bin/python3"
    static var yamlAvailable: Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", "import yaml"]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// The YAML documents of an examples/ file, as JSON values.
    static func documents(_ file: String) throws -> [[String: Any]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))", Harness.path(file)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "\(file) does not parse as YAML")
        return try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// Runs shell text with /bin/sh, `framediff` on the PATH, in `cwd` with `env` added.
    static func shell(_ script: String, cwd: URL, env: [String: String]) throws -> Harness.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        let bin = URL(fileURLWithPath: Harness.binary).deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment.filter { !ShardEndToEndTests.engineVariables.contains($0.key) }
        environment.merge(env) { $1 }
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        p.environment = environment
        p.currentDirectoryURL = cwd
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Harness.Result(code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Three small films in `captures/` of a scratch folder (fewer than the recipes' 4 shards:
    /// one shard is empty, which a complete merge must take too), and the table of one unsharded
    /// audit of `path` (the recipe's own spelling of the folder) there.
    static func captures(as path: (URL) -> String) throws -> (dir: URL, table: String) {
        let dir = try Harness.scratch()
        let captures = dir.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        for name in ["rotated-90.mp4", "static-crf30.mp4", "noise-only.mp4"] {
            try FileManager.default.copyItem(atPath: Harness.path("samples/" + name), toPath: captures.appendingPathComponent(name).path)
        }
        let whole = try Harness.run(["audit", path(dir), "--quiet"], cwd: dir.path)
        return (dir, whole.stdout)
    }

    // MARK: Kubernetes

    typealias Object = [String: Any]

    /// What is wrong with an Indexed Job and its merge Job, for framediff: the fields a Job
    /// needs, the shard count equal to the completions, `--shard auto`, the volumes mounted, the
    /// merge reading the volume the shards are written to. Empty when nothing is.
    static func complaints(audit: Object, merge: Object) -> [String] {
        var out: [String] = []
        func container(_ job: Object) -> Object? {
            (((job["spec"] as? Object)?["template"] as? Object)?["spec"] as? Object).flatMap { ($0["containers"] as? [Object])?.first }
        }
        func podSpec(_ job: Object) -> Object? { ((job["spec"] as? Object)?["template"] as? Object)?["spec"] as? Object }
        for (name, job) in [("audit", audit), ("merge", merge)] {
            if job["apiVersion"] as? String != "batch/v1" || job["kind"] as? String != "Job" { out.append("\(name): not a batch/v1 Job") }
            if ((job["metadata"] as? Object)?["name"] as? String ?? "").isEmpty { out.append("\(name): no metadata.name") }
            guard let pod = podSpec(job), let c = container(job) else { out.append("\(name): no template.spec.containers"); continue }
            if !["Never", "OnFailure"].contains(pod["restartPolicy"] as? String ?? "") { out.append("\(name): restartPolicy must be Never or OnFailure") }
            if (c["image"] as? String ?? "").isEmpty { out.append("\(name): no image") }
            let volumes = Set((pod["volumes"] as? [Object] ?? []).compactMap { $0["name"] as? String })
            for m in c["volumeMounts"] as? [Object] ?? [] where !volumes.contains(m["name"] as? String ?? "") {
                out.append("\(name): mounts \(m["name"] ?? "?"), which is no volume")
            }
        }
        let spec = audit["spec"] as? Object ?? [:]
        if spec["completionMode"] as? String != "Indexed" { out.append("audit: completionMode is not Indexed") }
        let completions = spec["completions"] as? Int ?? 0
        if completions < 1 { out.append("audit: no completions") }
        if !(1...max(1, completions)).contains(spec["parallelism"] as? Int ?? 0) { out.append("audit: parallelism not 1...completions") }
        let c = container(audit) ?? [:]
        let count = (c["env"] as? [Object] ?? []).first { $0["name"] as? String == "FRAMEDIFF_SHARD_COUNT" }?["value"] as? String
        if count != String(completions) { out.append("audit: FRAMEDIFF_SHARD_COUNT is \(count ?? "not set"), completions \(completions)") }
        let script = ((c["command"] as? [String] ?? []) + (c["args"] as? [String] ?? [])).joined(separator: " ")
        if !script.contains("framediff audit") || !script.contains("--shard auto") { out.append("audit: does not run framediff audit --shard auto") }
        let mergeScript = ((container(merge)?["command"] as? [String] ?? []) + (container(merge)?["args"] as? [String] ?? [])).joined(separator: " ")
        if !mergeScript.contains("framediff merge") { out.append("merge: does not run framediff merge") }
        // the claim the audit writes to (its mount that is not read-only) is the one merge reads
        func writableClaim(_ job: Object) -> String? {
            let mounts = container(job)?["volumeMounts"] as? [Object] ?? []
            guard let m = mounts.first(where: { $0["readOnly"] as? Bool != true }) else { return nil }
            let volume = (podSpec(job)?["volumes"] as? [Object] ?? []).first { $0["name"] as? String == m["name"] as? String }
            return (volume?["persistentVolumeClaim"] as? Object)?["claimName"] as? String
        }
        if writableClaim(audit) == nil || writableClaim(audit) != writableClaim(merge) { out.append("merge: does not read the claim the audit writes") }
        return out
    }

    @Test(.enabled(if: RecipeTests.yamlAvailable, "needs /usr/bin/python3 with PyYAML (apt-get install python3-yaml)"))
    func theKubernetesJobsHaveWhatAJobNeedsAndRunHere() throws {
        let audit = try #require(try Self.documents("examples/kubernetes/audit-job.yaml").first)
        let merge = try #require(try Self.documents("examples/kubernetes/merge-job.yaml").first)
        #expect(Self.complaints(audit: audit, merge: merge) == [])
        // and ones that lack what framediff needs are told apart
        var notIndexed = audit, offByOne = audit
        var spec = audit["spec"] as! Object
        spec["completionMode"] = "NonIndexed"
        notIndexed["spec"] = spec
        spec = audit["spec"] as! Object
        spec["completions"] = 5
        offByOne["spec"] = spec
        #expect(Self.complaints(audit: notIndexed, merge: merge) == ["audit: completionMode is not Indexed"])
        #expect(Self.complaints(audit: offByOne, merge: merge) == ["audit: FRAMEDIFF_SHARD_COUNT is 4, completions 5"])

        // run here: each index's pod script, the volumes as folders, then the merge Job's
        let (dir, table) = try Self.captures { $0.appendingPathComponent("captures").path }
        defer { try? FileManager.default.removeItem(at: dir) }
        let results = dir.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        func script(_ job: Object) throws -> String {
            let c = try #require((((job["spec"] as? Object)?["template"] as? Object)?["spec"] as? Object)?["containers"] as? [Object]).first!
            return try #require((c["args"] as? [String])?.first)
                .replacingOccurrences(of: "/captures", with: dir.appendingPathComponent("captures").path)
                .replacingOccurrences(of: "/results", with: results.path)
        }
        let completions = (audit["spec"] as! Object)["completions"] as! Int
        // the container's env as the manifest sets it, and the index Kubernetes adds
        let c = ((((audit["spec"] as! Object)["template"] as! Object)["spec"] as! Object)["containers"] as! [Object])[0]
        var env: [String: String] = [:]
        for e in c["env"] as? [Object] ?? [] { env[e["name"] as? String ?? ""] = e["value"] as? String }
        for index in 0..<completions {
            env["JOB_COMPLETION_INDEX"] = "\(index)"
            let r = try Self.shell(try script(audit), cwd: dir, env: env)
            #expect(r.code == 0, "pod \(index): \(r.stderr)")
        }
        let merged = try Self.shell(try script(merge), cwd: dir, env: [:])
        #expect(merged.code == 0, "\(merged.stderr)")
        #expect(merged.stdout == table, "\(merged.stdout)\nvs\n\(table)")
        #expect(FileManager.default.fileExists(atPath: results.appendingPathComponent("audit.json").path))
        // a pod that was never run: the merge Job fails, naming it
        try FileManager.default.removeItem(at: results.appendingPathComponent("audit-2.json"))
        let partial = try Self.shell(try script(merge), cwd: dir, env: [:])
        #expect(partial.code == 2 && partial.stderr.contains("shards of \(completions): missing 3;"), "\(partial.stderr)")
    }

    // MARK: GitLab and GitHub

    @Test(.enabled(if: RecipeTests.yamlAvailable, "needs /usr/bin/python3 with PyYAML (apt-get install python3-yaml)"))
    func theGitLabPipelineRunsHere() throws {
        let pipeline = try #require(try Self.documents("examples/gitlab-ci.yml").first)
        let audit = try #require(pipeline["framediff-audit"] as? Object), merge = try #require(pipeline["framediff-merge"] as? Object)
        let n = try #require(audit["parallel"] as? Int)
        #expect(n >= 2)
        #expect((merge["needs"] as? [String]) == ["framediff-audit"])
        let auditScript = try #require(audit["script"] as? [String]), mergeScript = try #require(merge["script"] as? [String])
        #expect(auditScript.joined().contains("--shard auto") && mergeScript.joined().contains("framediff merge"))
        let (dir, table) = try Self.captures { _ in "captures/" }
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 1...n {  // GitLab's parallel jobs, as GitLab numbers them
            let r = try Self.shell(auditScript.joined(separator: "\n"), cwd: dir, env: ["CI_NODE_INDEX": "\(k)", "CI_NODE_TOTAL": "\(n)"])
            #expect(r.code == 0, "job \(k)/\(n): \(r.stderr)")
        }
        let merged = try Self.shell(mergeScript.joined(separator: "\n"), cwd: dir, env: [:])
        #expect(merged.code == 0 && merged.stdout == table, "\(merged.stderr)\n\(merged.stdout)")
    }

    @Test(.enabled(if: RecipeTests.yamlAvailable, "needs /usr/bin/python3 with PyYAML (apt-get install python3-yaml)"))
    func theGitHubMatrixRunsHere() throws {
        let workflow = try #require(try Self.documents("examples/github-audit.yml").first)
        let jobs = try #require(workflow["jobs"] as? Object)
        let audit = try #require(jobs["audit"] as? Object), merge = try #require(jobs["merge"] as? Object)
        #expect(merge["needs"] as? String == "audit" && merge["if"] as? String == "always()")
        let shards = try #require(((audit["strategy"] as? Object)?["matrix"] as? Object)?["shard"] as? [Int])
        #expect(shards == Array(1...shards.count), "the matrix must be 1...N")
        func runs(_ job: Object) -> [String] {
            (job["steps"] as? [Object] ?? []).compactMap { $0["run"] as? String }.filter { $0.contains("framediff") }
                .map { $0.replacingOccurrences(of: ".build/release/framediff", with: "framediff") }
        }
        let (dir, table) = try Self.captures { _ in "captures/" }
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in shards {  // the matrix's jobs, with GitHub's expressions as it would expand them
            let line = runs(audit).joined(separator: "\n").replacingOccurrences(of: "${{ matrix.shard }}", with: "\(k)")
                .replacingOccurrences(of: "${{ strategy.job-total }}", with: "\(shards.count)")
            #expect(!line.contains("${{"), "\(line)")
            let r = try Self.shell(line, cwd: dir, env: [:])
            #expect(r.code == 0, "job \(k): \(r.stderr)")
        }
        let merged = try Self.shell(runs(merge).joined(separator: "\n"), cwd: dir, env: [:])
        #expect(merged.code == 0 && merged.stdout == table, "\(merged.stderr)\n\(merged.stdout)")
    }

    @Test func theReadmeShowsEachRecipeAsItIs() throws {
        let readme = try String(contentsOfFile: Harness.path("README.md"), encoding: .utf8)
        for file in ["examples/kubernetes/audit-job.yaml", "examples/kubernetes/merge-job.yaml", "examples/gitlab-ci.yml", "examples/github-audit.yml"] {
            let text = try String(contentsOfFile: Harness.path(file), encoding: .utf8)
            // (an indented block, as the README's code is)
            let block = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(readme.contains(block.trimmingCharacters(in: .newlines)), "README.md does not show \(file) as it is")
        }
    }
}
