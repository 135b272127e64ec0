import Foundation
import Testing
import TestSupport

@testable import FrameDiff

/// `--shard auto`: each engine's variables, as the engine sets them, and the shard they name.
@Suite("Shard from the engine")
struct ShardEngineTests {
    func choice(_ env: [String: String]) throws -> ShardChoice { try ShardChoice(spec: "auto", environment: env) }

    /// The refusal's text, or nil when the environment was accepted.
    func refusal(_ env: [String: String]) -> String? {
        do { _ = try choice(env); return nil } catch { return "\(error)" }
    }

    @Test("each engine's variables name the shard, 1-based", arguments: [
        // Kubernetes: JOB_COMPLETION_INDEX from 0, the count from the manifest
        (["JOB_COMPLETION_INDEX": "2", "FRAMEDIFF_SHARD_COUNT": "4"], ShardEngine.kubernetes, 3, 4),
        (["JOB_COMPLETION_INDEX": "0", "FRAMEDIFF_SHARD_COUNT": "1"], .kubernetes, 1, 1),
        // GitLab parallel: CI_NODE_INDEX from 1
        (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"], .gitlab, 2, 4),
        (["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"], .gitlab, 4, 4),
        // GitLab without parallel: sets CI_NODE_TOTAL=1 only
        (["CI_NODE_TOTAL": "1"], .gitlab, 1, 1),
        // CircleCI: from 0
        (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"], .circleci, 1, 3),
        (["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"], .circleci, 3, 3),
        // Buildkite: from 0
        (["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "5"], .buildkite, 5, 5),
        // Slurm --array=0-3, --array=1-4 (ids from TASK_MIN), --array=4-7, --array=0-15:4
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"], .slurm, 1, 4),
        (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"], .slurm, 4, 4),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "4"], .slurm, 2, 4),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "4",
          "SLURM_ARRAY_TASK_MAX": "12"], .slurm, 3, 4),
        // Slurm without TASK_MIN: ids from 0
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"], .slurm, 4, 4),
    ])
    func engineNamesTheShard(env: [String: String], engine: ShardEngine, index: Int, count: Int) throws {
        let c = try choice(env)
        #expect(c.engine == engine && c.index == index && c.count == count, "\(c)")
        // the variables it was read from are kept, for the report
        #expect(c.settings.allSatisfy { env[$0.name] == $0.value } && c.settings.count >= 1)
    }

    @Test func noEngineSetIsRefusedNamingTheVariablesLookedFor() {
        let r = refusal(["PATH": "/usr/bin", "CI_NODE_INDEX": ""])  // (an empty value is not set)
        #expect(r == ShardError.noEngine.description)
        for name in ["JOB_COMPLETION_INDEX", "FRAMEDIFF_SHARD_COUNT", "CI_NODE_INDEX", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB",
                     "SLURM_ARRAY_TASK_ID"] {
            #expect(r?.contains(name) == true, "\(name)")
        }
    }

    @Test func twoEnginesThatDisagreeAreRefusedNamingBoth() {
        let r = refusal(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4", "CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2"])
        #expect(r == "--shard auto: GitLab parallel says shard 2 of 4 (CI_NODE_INDEX=2, CI_NODE_TOTAL=4) but CircleCI parallelism "
                + "says 1 of 2 (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=2)")
        // the same shard with another count disagrees too
        #expect(refusal(["JOB_COMPLETION_INDEX": "0", "FRAMEDIFF_SHARD_COUNT": "2", "BUILDKITE_PARALLEL_JOB": "0",
                         "BUILDKITE_PARALLEL_JOB_COUNT": "3"])?.contains("but Buildkite parallelism says 1 of 3") == true)
    }

    @Test func twoEnginesThatAgreeGiveTheFirstInTheTable() throws {
        let c = try choice(["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])
        #expect(c.engine == .gitlab && c.index == 2 && c.count == 2)
    }

    @Test("a bad value is refused in one line naming the variable", arguments: [
        (["CI_NODE_INDEX": "5", "CI_NODE_TOTAL": "4"], "CI_NODE_INDEX=5 is out of range for CI_NODE_TOTAL=4 (GitLab parallel: 1 to 4)"),
        (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], "CI_NODE_INDEX=0 is out of range for CI_NODE_TOTAL=4 (GitLab parallel: 1 to 4)"),
        (["JOB_COMPLETION_INDEX": "4", "FRAMEDIFF_SHARD_COUNT": "4"],
         "JOB_COMPLETION_INDEX=4 is out of range for FRAMEDIFF_SHARD_COUNT=4 (Kubernetes Indexed Job: 0 to 3)"),
        (["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"], "CIRCLE_NODE_INDEX=3 is out of range for CIRCLE_NODE_TOTAL=3 (CircleCI parallelism: 0 to 2)"),
        (["BUILDKITE_PARALLEL_JOB": "-1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], "BUILDKITE_PARALLEL_JOB='-1' is not a whole number"),
        (["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "0"],
         "BUILDKITE_PARALLEL_JOB_COUNT=0 is not a shard count from 1 to 100000"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4 "], "CI_NODE_TOTAL='4 ' is not a whole number"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "100001"], "CI_NODE_TOTAL=100001 is not a shard count from 1 to 100000"),
        (["JOB_COMPLETION_INDEX": "1"], "JOB_COMPLETION_INDEX=1 is set but FRAMEDIFF_SHARD_COUNT is not (set it to the Job's completions in the manifest)"),
        (["FRAMEDIFF_SHARD_COUNT": "4"], "FRAMEDIFF_SHARD_COUNT=4 is set but JOB_COMPLETION_INDEX is not (is the Job's completionMode Indexed?)"),
        (["CI_NODE_TOTAL": "3"], "CI_NODE_TOTAL=3 is set but CI_NODE_INDEX is not"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"],
         "SLURM_ARRAY_TASK_ID=0 is out of range for SLURM_ARRAY_TASK_COUNT=4 (Slurm job array: 1 to 4)"),
        (["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "4"],
         "SLURM_ARRAY_TASK_ID=6 is out of range for SLURM_ARRAY_TASK_COUNT=4 (Slurm job array: 0 to 12 in steps of 4)"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "100000", "SLURM_ARRAY_TASK_STEP": "999999999999999999"],
         "SLURM_ARRAY_TASK_STEP=999999999999999999 takes the array's ids past any job's"),
        // --array=1,2,9: three tasks, ids that are no range
        (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9"],
         "the array is no even range (SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=3, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_MAX=9): "
            + "some of its tasks would take no shard; give --array a range such as 0-2"),
    ])
    func badValue(env: [String: String], reason: String) {
        let r = refusal(env)
        #expect(r == "--shard auto: " + reason)
        #expect(r?.contains("\n") == false)
    }

    @Test func manualSpecIsOneBasedAndBounded() throws {
        let c = try ShardChoice(spec: "3/4", environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"])  // (not read)
        #expect(c == ShardChoice(index: 3, count: 4, engine: .manual))
        #expect(c.settingsText == "--shard 3/4")
        for bad in ["0/4", "5/4", "1/0", "a/b", "1/2/3", "1/", "/2", "+1/2", "1/100001", "Auto", ""] {
            #expect(throws: ShardError.badSpec(bad)) { try ShardChoice(spec: bad, environment: [:]) }
        }
        #expect(try ShardChoice(spec: "100000/100000", environment: [:]).index == 100_000)
    }
}

/// How films are dealt to shards: by size, the same everywhere, balanced.
@Suite("Shard plan")
struct ShardPlanTests {
    /// A release's captures: 12 pages in 4 postures each, sorted by name, where the `book`
    /// captures (the hinge bent and held: 30-50 MB) are long and the others short (2-10 MB), sizes
    /// from a fixed seed. Every 4th film of the sorted list is a book capture.
    static func mixedFolder(seed: UInt64 = 24) -> (films: [String], bytes: [Int]) {
        var rng = SplitMix64(seed: seed)
        var films: [String] = [], bytes: [Int] = []
        for page in 1...12 {
            for posture in ["book", "flat", "fold", "tent"] {
                films.append(String(format: "captures/page-%02d-", page) + posture + ".mp4")
                bytes.append(posture == "book" ? 30_000_000 + Int(rng.next() % 20_000_000) : 2_000_000 + Int(rng.next() % 8_000_000))
            }
        }
        return (films, bytes)
    }

    /// The largest shard's bytes over the mean's.
    static func imbalance(_ loads: [Int]) -> Double {
        Double(loads.max()!) / (Double(loads.reduce(0, +)) / Double(loads.count))
    }

    @Test func everyFilmInExactlyOneShard() {
        let (films, bytes) = Self.mixedFolder()
        for n in [1, 2, 3, 4, 7, 48, 60] {
            let plan = ShardPlan(films: films, bytes: bytes, count: n)
            let dealt = (1...n).flatMap { plan.positions(ofShard: $0) }
            #expect(dealt.sorted() == Array(films.indices), "n = \(n)")
            #expect((1...n).map { plan.bytes(ofShard: $0) }.reduce(0, +) == plan.totalBytes)
        }
    }

    @Test func largestShardWithinAQuarterOfTheMeanWhereEveryNthIsNot() {
        let (films, bytes) = Self.mixedFolder()
        for n in [2, 3, 4, 6, 8] {
            let plan = ShardPlan(films: films, bytes: bytes, count: n)
            let loads = (1...n).map { plan.bytes(ofShard: $0) }
            #expect(Self.imbalance(loads) <= 1.25, "n = \(n): \(loads)")
        }
        // the folder is one the old split (every Nth film of the sorted list) gets wrong: of 4
        // shards, the first takes every book capture
        let roundRobin = (0..<4).map { k in films.indices.filter { $0 % 4 == k }.reduce(0) { $0 + bytes[$1] } }
        #expect(Self.imbalance(roundRobin) > 2, "\(roundRobin)")
    }

    @Test func theSameSplitWhateverTheOrderTheFilmsWereFoundIn() {
        let (films, bytes) = Self.mixedFolder()
        let plan = ShardPlan(films: films, bytes: bytes, count: 5)
        var rng = SplitMix64(seed: 7)
        let order = films.indices.shuffled(using: &rng)
        let shuffled = ShardPlan(films: order.map { films[$0] }, bytes: order.map { bytes[$0] }, count: 5)
        #expect(shuffled.digest == plan.digest)
        for (j, i) in order.enumerated() { #expect(shuffled.shardOf[j] == plan.shardOf[i], "\(films[i])") }
        // a shard's films keep the audit's order
        #expect(shuffled.positions(ofShard: 2) == shuffled.positions(ofShard: 2).sorted())
    }

    @Test func largestFirstOntoTheLightestShardTiesToTheLowestIndexThenByPath() {
        // 9 and 7 open the two shards, 5 goes onto 7 (12), 4 onto 9 (13), then the 1s by path: a
        // onto 12 (shard 2), b onto 13 against 13 (the lower index, shard 1), g onto shard 2
        let films = ["f", "e", "d", "c", "b", "a", "g"]
        let bytes = [9, 7, 5, 4, 1, 1, 1]
        let plan = ShardPlan(films: films, bytes: bytes, count: 2)
        #expect(plan.shardOf == [1, 2, 2, 1, 1, 2, 2])
        #expect(plan.bytes(ofShard: 1) == 14 && plan.bytes(ofShard: 2) == 14)
        // equal sizes: by path, alternating from shard 1
        let even = ShardPlan(films: ["d", "c", "b", "a"], bytes: [5, 5, 5, 5], count: 2)
        #expect(even.shardOf == [2, 1, 2, 1])
    }

    @Test func theDigestNamesTheListAndItsSizes() {
        let (films, bytes) = Self.mixedFolder()
        let digest = ShardPlan(films: films, bytes: bytes, count: 4).digest
        #expect(digest.count == 64 && digest.allSatisfy { $0.isHexDigit })
        // the count is not part of it: shards of 3 and of 4 are told apart by their count
        #expect(ShardPlan(films: films, bytes: bytes, count: 3).digest == digest)
        var resized = bytes
        resized[5] += 1
        #expect(ShardPlan(films: films, bytes: resized, count: 4).digest != digest)
        #expect(ShardPlan(films: Array(films.dropLast()), bytes: Array(bytes.dropLast()), count: 4).digest != digest)
        var renamed = films
        renamed[0] = "captures/a-long-00.mov"
        #expect(ShardPlan(films: renamed, bytes: bytes, count: 4).digest != digest)
        // what it hashes, written out: path NUL size NUL, sorted by path
        #expect(ShardPlan(films: ["b", "a"], bytes: [2, 10], count: 1).digest == sha256Hex(Array("a\u{0}10\u{0}b\u{0}2\u{0}".utf8)))
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(sha256Hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(sha256Hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(sha256Hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sizesOnDiskOfFilesLinksAndFrameFolders() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("framediff-sizes-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        try Data(count: 1234).write(to: dir.appendingPathComponent("a.mp4"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: dir.appendingPathComponent("a.mp4").path)
        try Data(count: 100).write(to: dir.appendingPathComponent("frames/000000.png"))
        try Data(count: 250).write(to: dir.appendingPathComponent("frames/000033.PNG"))
        try Data(count: 999).write(to: dir.appendingPathComponent("frames/notes.txt"))
        #expect(ShardPlan.bytesOnDisk(dir.appendingPathComponent("a.mp4").path) == 1234)
        #expect(ShardPlan.bytesOnDisk(dir.appendingPathComponent("link.mp4").path) == 1234)
        #expect(ShardPlan.bytesOnDisk(dir.appendingPathComponent("frames").path) == 350)
        #expect(ShardPlan.bytesOnDisk(dir.appendingPathComponent("gone.mp4").path) == 0)
    }

    /// The sample films are a folder of mixed films (25 kB to 372 kB): the split of 4 and of 3,
    /// measured on them.
    @Test func theSampleFilmsSplitWithinAQuarterOfTheMean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let films = try findFilms([root.appendingPathComponent("samples").path]).films
        #expect(films.count >= 20)
        for n in [2, 3, 4] {
            let plan = ShardPlan(films: films, count: n)
            let loads = (1...n).map { plan.bytes(ofShard: $0) }
            #expect(Self.imbalance(loads) <= 1.25, "n = \(n): \(loads)")
        }
    }
}

/// merge's check that its shards are one whole split.
@Suite("Shard sets")
struct ShardSetTests {
    func manifest(_ index: Int, of count: Int, digest: String = "d1", total: Int = 10, films: Int = 3, method: String = ShardPlan.method) -> ShardManifest {
        var m = ShardManifest(plan: ShardPlan(films: [], bytes: [], count: count), choice: ShardChoice(index: index, count: count, engine: .manual),
                              positions: [])
        m.filmsSHA256 = digest
        m.filmsTotal = total
        m.films = films
        m.method = method
        return m
    }

    func refusal(_ inputs: [(String, ShardManifest?)], allowPartial: Bool = false) -> String? {
        do { _ = try ShardSet.check(inputs.map { (file: $0.0, manifest: $0.1) }, allowPartial: allowPartial); return nil } catch { return "\(error)" }
    }

    @Test func aCompleteSetIsAccepted() throws {
        let set = try #require(try ShardSet.check([("c", manifest(3, of: 3, films: 4)), ("a", manifest(1, of: 3)), ("b", manifest(2, of: 3))],
                                                  allowPartial: false))
        #expect(set.isComplete && set.merged == [1, 2, 3] && set.missingFilms == 0 && set.summary == nil)
    }

    @Test func reportsThatAreNoShardsMergeAsBefore() throws {
        #expect(try ShardSet.check([(file: "a", manifest: nil), (file: "b", manifest: nil)], allowPartial: false) == nil)
        #expect(refusal([("a", manifest(1, of: 2)), ("whole.json", nil)])
                == "merge: whole.json is no audit shard (no \"shard\" member) but a is shard 1 of 2")
    }

    @Test func missingAndDoubledShardsAreNamed() {
        #expect(refusal([("a", manifest(1, of: 4)), ("c", manifest(3, of: 4))])
                == "merge: shards of 4: missing 2, 4; --allow-partial merges without the missing ones")
        #expect(refusal([("a", manifest(1, of: 3)), ("b", manifest(2, of: 3)), ("b2", manifest(2, of: 3)), ("c", manifest(3, of: 3))])
                == "merge: shards of 3: shard 2 given twice (b, b2)")
        // both at once, and doubled shards are refused even with --allow-partial
        #expect(refusal([("a", manifest(1, of: 9)), ("a", manifest(1, of: 9)), ("e", manifest(5, of: 9))], allowPartial: true)
                == "merge: shards of 9: missing 2-4, 6-9; shard 1 given twice (a, a)")
    }

    @Test func shardsOfAnotherSplitAreRefused() {
        #expect(refusal([("a", manifest(1, of: 2)), ("b", manifest(2, of: 3))]) == "merge: b is a shard of 3 but a a shard of 2")
        #expect(refusal([("a", manifest(1, of: 2)), ("b", manifest(2, of: 2, digest: "0123456789abcdef"))])
                == "merge: b and a split different film lists (10 films, films_sha256 0123456789ab against 10, d1): run every shard on the same files")
        #expect(refusal([("a", manifest(1, of: 2)), ("b", manifest(2, of: 2, total: 11))])?.contains("split different film lists (11 films") == true)
        #expect(refusal([("a", manifest(1, of: 2)), ("b", manifest(2, of: 2, method: "every-nth"))])
                == "merge: b and a split different film lists (dealt every-nth, not largest-first-by-bytes): run every shard on the same files")
    }

    @Test func twoShardsListingAFilmAtOnePlaceAreRefused() {
        var a = manifest(1, of: 2), b = manifest(2, of: 2)
        (a.positions, b.positions) = ([0, 3, 7], [1, 3])
        #expect(refusal([("a", a), ("b", b)]) == "merge: b and a both list a film at place 3 of the whole list: run every shard on the same files")
        b.positions = [1, 2]
        #expect(refusal([("a", a), ("b", b)]) == nil)
    }

    @Test func filmCountsNearTheLargestWholeNumberDoNotOverflow() throws {
        let set = try #require(try ShardSet.check([("a", manifest(1, of: 3, total: .max, films: .max)), ("b", manifest(2, of: 3, total: .max, films: .max))],
                                                  allowPartial: true))
        #expect(set.missingFilms == 0)
    }

    @Test func aPartialSetWithAllowPartialSaysWhatIsMissing() throws {
        let set = try #require(try ShardSet.check([("a", manifest(1, of: 4, total: 20, films: 5)), ("d", manifest(4, of: 4, total: 20, films: 6))],
                                                  allowPartial: true))
        #expect(set.missing == [2, 3] && set.missingFilms == 9)
        #expect(set.summary == "incomplete: shards 2-3 of 4 missing: 9 of 20 films not in this report\n")
        #expect(set.json.rendered(pretty: false).contains("\"missing\": [2, 3], \"missing_films\": 9"))
    }

    @Test func aManifestThatIsNoManifestNamesTheKey() {
        func reason(_ text: String) -> String {
            do { _ = try ShardManifest(json: try JSON.parse(Data(text.utf8)), file: "s.json"); return "" } catch { return "\(error)" }
        }
        let good = manifest(2, of: 4).json.rendered(pretty: false)
        #expect(reason(good) == "")
        #expect(reason(good.replacingOccurrences(of: "\"count\": 4", with: "\"count\": \"4\"")) == "s.json: shard.count: expected a whole number")
        #expect(reason(good.replacingOccurrences(of: "\"index\": 2", with: "\"index\": 5")).hasPrefix("s.json: shard.index: shard 5 of 4 is no shard"))
        #expect(reason(good.replacingOccurrences(of: "\"films\": 3", with: "\"films\": 11")) == "s.json: shard.films: 11 films of 10 in all")
        #expect(reason(good.replacingOccurrences(of: "\"films\": 3", with: "\"films\": -1")) == "s.json: shard.films: -1 films of 10 in all")
        #expect(reason(#"{"index": 1}"#) == "s.json: shard.count: missing")
        #expect(reason("[]") == "s.json: shard: expected an object")
        // (a negative total trapped in 0...total: found by a fuzz campaign of merge)
        #expect(reason(good.replacingOccurrences(of: "\"films_total\": 10", with: "\"films_total\": -1"))
                == "s.json: shard.films_total: -1 is no total")
        #expect(reason(good.replacingOccurrences(of: "\"bytes_total\": 0", with: "\"bytes_total\": -5"))
                == "s.json: shard.bytes_total: -5 is no total")
    }

    @Test func placesOutsideTheListOrListedTwiceAreRefused() {
        func reason(_ positions: [Int], films: Int = 3) -> String {
            var m = manifest(1, of: 2, films: films)
            m.positions = positions
            do { _ = try ShardManifest(json: try JSON.parse(Data(m.json.rendered(pretty: false).utf8)), file: "s.json"); return "" } catch { return "\(error)" }
        }
        #expect(reason([0, 4, 9]) == "")
        #expect(reason([0, 10]) == "s.json: shard.positions: 10 is no place in a list of 10 films")
        #expect(reason([-1]) == "s.json: shard.positions: -1 is no place in a list of 10 films")
        #expect(reason([4, 4]) == "s.json: shard.positions: 4 is listed twice")
        #expect(reason([1, 2, 3, 5]) == "s.json: shard.positions: 4 places for a shard of 3 films")
    }
}
