import Foundation
import FrameDiff
import Testing
import TestSupport

/// `audit --shard` and `merge` across machines, run as the engines run them: the engines'
/// variables set in the environment, shards written to one folder, merged at the end.
@Suite("Shards across machines")
struct ShardEndToEndTests {
    /// Every variable of every engine, taken out of each run (the suite may itself run on one).
    static let engineVariables = ShardEngine.engines.flatMap(\.variables)

    static func run(_ args: [String], env: [String: String] = [:], cwd: String? = nil) throws -> Harness.Result {
        try Harness.run(args, cwd: cwd, environment: env, unset: engineVariables.filter { env[$0] == nil })
    }

    /// Five small films whose walk order is not their sorted order (`a-c.mp4` sorts before
    /// `a/b.mp4`, the folder `a` is walked first), so a merge that sorted by name would differ
    /// from the unsharded audit.
    static func films() throws -> URL {
        let dir = try Harness.scratch()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("captures/a"), withIntermediateDirectories: true)
        for (sample, name) in [("rotated-90.mp4", "a/b.mp4"), ("static-crf30.mp4", "a-c.mp4"), ("noise-only.mp4", "d.mp4"),
                               ("odd-size-444.mkv", "e.mkv"), ("h18-24fps-large-small-flash.mp4", "f.mp4")] {
            try fm.copyItem(atPath: Harness.path("samples/" + sample), toPath: dir.appendingPathComponent("captures/" + name).path)
        }
        return dir
    }

    static func document(_ path: String) throws -> [String: Any] { try Harness.json(try String(contentsOfFile: path, encoding: .utf8)) }

    @Test("--shard auto takes the engine's shard and says which", arguments: [
        (["JOB_COMPLETION_INDEX": "2", "FRAMEDIFF_SHARD_COUNT": "3"], "kubernetes", 3, 3,
         "shard 3 of 3 (Kubernetes Indexed Job: JOB_COMPLETION_INDEX=2, FRAMEDIFF_SHARD_COUNT=3)"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"], "gitlab", 1, 2, "shard 1 of 2 (GitLab parallel: CI_NODE_INDEX=1, CI_NODE_TOTAL=2)"),
        (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"], "circleci", 2, 2,
         "shard 2 of 2 (CircleCI parallelism: CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=2)"),
        (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], "buildkite", 1, 4,
         "shard 1 of 4 (Buildkite parallelism: BUILDKITE_PARALLEL_JOB=0, BUILDKITE_PARALLEL_JOB_COUNT=4)"),
        (["SLURM_ARRAY_TASK_ID": "11", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_MAX": "12"], "slurm", 2, 3,
         "shard 2 of 3 (Slurm job array: SLURM_ARRAY_TASK_ID=11, SLURM_ARRAY_TASK_COUNT=3, SLURM_ARRAY_TASK_MIN=10, SLURM_ARRAY_TASK_MAX=12)"),
    ])
    func autoTakesTheEnginesShard(env: [String: String], engine: String, index: Int, count: Int, line: String) throws {
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("shard.json").path
        let r = try Self.run(["audit", "captures", "--shard", "auto", "--json", json, "--quiet"], env: env, cwd: dir.path)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").last?.hasPrefix(line + ": ") == true, "\(r.stdout)")
        let shard = try #require(try Self.document(json)["shard"] as? [String: Any])
        #expect(shard["engine"] as? String == engine && shard["index"] as? Int == index && shard["count"] as? Int == count, "\(shard)")
        #expect(shard["variables"] as? [String: String] == env)
        // the same films as --shard K/N takes, the report naming no engine
        let manual = try Self.run(["audit", "captures", "--shard", "\(index)/\(count)", "--quiet"], cwd: dir.path)
        #expect(manual.stdout.split(separator: "\n").dropLast() == r.stdout.split(separator: "\n").dropLast())
        #expect(manual.stdout.split(separator: "\n").last?.hasPrefix("shard \(index) of \(count) (--shard \(index)/\(count)): ") == true)
    }

    @Test func autoWithoutAnEngineOrWithTwoThatDisagreeIsRefusedInOneLine() throws {
        for (env, cause) in [([String: String](), "no engine's shard variables are set"),
                             (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "1", "FRAMEDIFF_SHARD_COUNT": "2"],
                              "Kubernetes Indexed Job says shard 2 of 2"),
                             (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "2"], "CI_NODE_INDEX=3 is out of range")] {
            let r = try Self.run(["audit", "samples/rotated-90.mp4", "--shard", "auto"], env: env)
            #expect(r.code == 2 && r.stdout.isEmpty, "\(env)")
            #expect(r.stderr.hasPrefix("framediff: error: --shard auto: ") && r.stderr.contains(cause), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
    }

    /// Shards 1...n of the films folder as --json files in it (optionally by --shard auto with
    /// GitLab's variables).
    static func shards(_ dir: URL, _ n: Int, paths: [String] = ["captures"], prefix: String = "shard") throws -> [String] {
        try (1...n).map { k in
            let out = dir.appendingPathComponent("\(prefix)-\(k).json").path
            let r = try run(["audit"] + paths + ["--shard", "\(k)/\(n)", "--json", out, "--quiet"], cwd: dir.path)
            #expect(r.code == 0, "\(r.stderr)")
            return out
        }
    }

    @Test func aCompleteMergeIsTheUnshardedAuditByteForByte() throws {
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        // two paths, not in sorted order: the audit lists e.mkv, then the folder's films as walked
        let paths = ["captures/e.mkv", "captures"]
        let whole = dir.appendingPathComponent("whole.json").path
        let one = try Self.run(["audit"] + paths + ["--json", whole, "--quiet"], cwd: dir.path)
        #expect(one.code == 0)
        let order = (try Self.document(whole)["films"] as? [[String: Any]] ?? []).compactMap { $0["film"] as? String }
        #expect(order.first == "captures/e.mkv" && order != order.sorted(), "the fixture must test the order: \(order)")
        let parts = try Self.shards(dir, 3, paths: paths)
        let merged = dir.appendingPathComponent("merged.json").path
        let m = try Self.run(["merge"] + parts.reversed() + ["--json", merged])
        #expect(m.code == 0, "\(m.stderr)")
        #expect(m.stdout == one.stdout, "\(m.stdout)\nvs\n\(one.stdout)")
        // the JSON too, but for the one member that describes the sharding: "shards"
        let text = try String(contentsOfFile: merged, encoding: .utf8)
        let shards = try #require(text.range(of: #""shards": \{[^{}]*\}, "#, options: .regularExpression))
        #expect(text[shards].contains("\"merged\": [1, 2, 3], \"missing\": [], \"missing_films\": 0"), "\(text[shards])")
        var without = text
        without.removeSubrange(shards)
        #expect(without == (try String(contentsOfFile: whole, encoding: .utf8)))
    }

    @Test func mergeRefusesMissingDoubledAndMismatchedShardsAndAcceptsTheCompleteSet() throws {
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.shards(dir, 3)
        func refused(_ inputs: [String], _ line: String) throws {
            let r = try Self.run(["merge"] + inputs)
            #expect(r.code == 2 && r.stdout.isEmpty, "\(inputs)")
            #expect(r.stderr == "framediff: error: merge: " + line + "\n")
        }
        try refused([s[0], s[2]], "shards of 3: missing 2; --allow-partial merges without the missing ones")
        try refused([s[0]], "shards of 3: missing 2-3; --allow-partial merges without the missing ones")
        let copy = dir.appendingPathComponent("copy-of-2.json").path
        try FileManager.default.copyItem(atPath: s[1], toPath: copy)
        try refused([s[0], s[1], copy, s[2]], "shards of 3: shard 2 given twice (\(s[1]), \(copy))")
        try refused([s[0], s[1], s[1]], "shards of 3: missing 3; shard 2 given twice (\(s[1]), \(s[1]))")
        // a shard of a split into 4
        let four = try Self.shards(dir, 4, prefix: "four")
        try refused([s[0], four[1], s[2]], "\(four[1]) is a shard of 4 but \(s[0]) a shard of 3")
        // a shard run on another copy of the captures (a film more): another list
        try FileManager.default.copyItem(atPath: Harness.path("samples/rotated-90.mp4"), toPath: dir.appendingPathComponent("captures/g.mp4").path)
        let other = try Self.shards(dir, 3, prefix: "other")
        let r = try Self.run(["merge", s[0], other[1], s[2]])
        #expect(r.code == 2 && r.stderr.hasPrefix("framediff: error: merge: \(other[1]) and \(s[0]) split different film lists (6 films, films_sha256 "),
                "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        // an unsharded audit among shards
        let whole = dir.appendingPathComponent("whole.json").path
        _ = try Self.run(["audit", "captures", "--json", whole, "--quiet"], cwd: dir.path)
        try refused([s[0], whole], "\(whole) is no audit shard (no \"shard\" member) but \(s[0]) is shard 1 of 3")
        // the complete set, in any order
        #expect(try Self.run(["merge", s[2], s[0], s[1]]).code == 0)
        #expect(try Self.run(["merge"] + other).code == 0)
    }

    @Test func twoShardsThatClaimOneFilmsPlaceAreRefusedNamingBoth() throws {
        // (a hand-edited or mixed-up shard: merge took it and reordered the table; fuzz campaign)
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.shards(dir, 2)
        var doc = try Self.document(s[1])
        var shard = try #require(doc["shard"] as? [String: Any])
        let taken = try #require((try Self.document(s[0])["shard"] as? [String: Any])?["positions"] as? [Int])
        var mine = try #require(shard["positions"] as? [Int])
        mine[0] = taken[0]
        shard["positions"] = mine
        doc["shard"] = shard
        let edited = dir.appendingPathComponent("edited.json").path
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: edited))
        let r = try Self.run(["merge", s[0], edited])
        #expect(r.code == 2 && r.stdout.isEmpty)
        #expect(r.stderr == "framediff: error: merge: \(edited) and \(s[0]) both list a film at place \(taken[0]) of the whole list: "
                + "run every shard on the same files\n", "\(r.stderr)")
    }

    @Test func anotherSchemaOrARowWithNeitherReportNorErrorIsRefused() throws {
        // (both were merged: the row as a 0-frame "ok"; fuzz campaign)
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.shards(dir, 2)
        func edited(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var doc = try Self.document(s[0])
            change(&doc)
            let path = dir.appendingPathComponent(name).path
            try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: path))
            return path
        }
        let other = try edited("schema2.json") { $0["schema"] = "framediff/2" }
        var r = try Self.run(["merge", other, s[1]])
        #expect(r.code == 2 && r.stdout.isEmpty && r.stderr == "framediff: error: \(other): schema \"framediff/2\", not \"framediff/1\"\n", "\(r.stderr)")
        var film = ""
        let bare = try edited("bare.json") { doc in
            var films = doc["films"] as? [[String: Any]] ?? []
            film = films[0]["film"] as? String ?? ""
            films[0] = ["film": film, "video": NSNull()]
            doc["films"] = films
        }
        r = try Self.run(["merge", bare, s[1]])
        #expect(r.code == 2 && r.stdout.isEmpty && r.stderr == "framediff: error: \(bare): \(film) has neither a report (\"video\") nor an \"error\"\n",
                "\(r.stderr)")
    }

    @Test func allowPartialMergesWhatIsThereAndSaysWhatIsMissing() throws {
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.shards(dir, 3)
        let missing = try #require(try Self.document(s[1])["shard"] as? [String: Any])["films"] as? Int
        let json = dir.appendingPathComponent("partial.json").path
        let r = try Self.run(["merge", s[0], s[2], "--allow-partial", "--json", json])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("incomplete: shard 2 of 3 missing: \(missing!) of 5 films not in this report\n"), "\(r.stdout)")
        #expect(r.stdout.contains("\(5 - missing!) films: "))
        let doc = try Self.document(json)
        #expect(doc["complete"] as? Bool == false)
        let shards = try #require(doc["shards"] as? [String: Any])
        #expect(shards["missing"] as? [Int] == [2] && shards["merged"] as? [Int] == [1, 3] && shards["missing_films"] as? Int == missing)
        #expect((doc["films"] as? [Any])?.count == 5 - missing!)
        // doubled shards are never merged
        #expect(try Self.run(["merge", s[0], s[0], "--allow-partial"]).code == 2)
    }

    @Test func aStoppedShardFailsTheMergeUnlessPartialMergesAreAllowed() throws {
        let dir = try Self.films()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try Self.shards(dir, 2)
        // shard 2 as a stop leaves it: what it finished, then the films it did not run
        let text = try String(contentsOfFile: s[1], encoding: .utf8)
        let stopped = text.replacingOccurrences(of: #""tool": "\#(FrameDiffVersion.string)", "#,
                                                with: #""tool": "\#(FrameDiffVersion.string)", "complete": false, "not_run": ["captures/x.mp4"], "#)
        #expect(stopped != text)
        try stopped.write(toFile: s[1], atomically: true, encoding: .utf8)
        let json = dir.appendingPathComponent("merged.json").path
        let refused = try Self.run(["merge"] + s + ["--json", json])
        #expect(refused.code == 2 && refused.stderr.contains("error: \(s[1]): the audit was stopped before its end (1 films not run)"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty && !FileManager.default.fileExists(atPath: json), "a refused merge writes nothing")
        let allowed = try Self.run(["merge"] + s + ["--allow-partial", "--json", json])
        #expect(allowed.code == 0 && allowed.stderr.contains("warning: \(s[1]): the audit was stopped"), "\(allowed.stderr)")
        let doc = try Self.document(json)
        #expect(doc["complete"] as? Bool == false && doc["not_run"] as? [String] == ["captures/x.mp4"])
        #expect((doc["shards"] as? [String: Any])?["missing"] as? [Int] == [])
    }

    /// A release's captures as files of mixed sizes (they are no films: each is a row with its
    /// error, which is all dealing needs): 10 pages in 4 postures, the `book` ones 10x larger, so
    /// every 4th name is a large one.
    static func mixedCaptures(in root: URL, reversed: Bool = false) throws {
        let captures = root.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        var rng = SplitMix64(seed: 2024)
        var files: [(String, Int)] = []
        for page in 1...10 {
            for posture in ["book", "flat", "fold", "tent"] {
                let kb = posture == "book" ? 300 + Int(rng.next() % 200) : 20 + Int(rng.next() % 80)
                files.append((String(format: "page-%02d-", page) + posture + ".mp4", kb * 1000))
            }
        }
        for (name, bytes) in reversed ? files.reversed() : files {
            try Data(repeating: 0x5A, count: bytes).write(to: captures.appendingPathComponent(name))
        }
    }

    @Test func theSizeSplitIsBalancedAndTheSameOnEveryMachine() throws {
        let a = try Harness.scratch(), b = try Harness.scratch()
        defer { for d in [a, b] { try? FileManager.default.removeItem(at: d) } }
        try Self.mixedCaptures(in: a)
        try Self.mixedCaptures(in: b, reversed: true)  // another machine: the files written in another order
        var loads: [Int] = [], places: [Int] = []
        for k in 1...4 {
            var members: [String] = []
            for root in [a, b] {
                let json = root.appendingPathComponent("s\(k).json").path
                let r = try Self.run(["audit", "captures", "--shard", "\(k)/4", "--json", json, "--quiet"], cwd: root.path)
                #expect(r.code == 2, "\(r.stderr)")  // (every row an error)
                let shard = try #require(try JSON.parse(Data(contentsOf: URL(fileURLWithPath: json)))["shard"])
                members.append(shard.rendered(pretty: false))
            }
            #expect(members[0] == members[1], "shard \(k) differs between the two machines")
            let shard = try #require(try Self.document(a.appendingPathComponent("s\(k).json").path)["shard"] as? [String: Any])
            loads.append(shard["bytes"] as? Int ?? 0)
            places += shard["positions"] as? [Int] ?? []
        }
        #expect(places.sorted() == Array(0..<40), "every film in exactly one shard")
        let mean = Double(loads.reduce(0, +)) / 4
        #expect(Double(loads.max()!) <= 1.25 * mean, "\(loads), mean \(mean)")
    }
}
