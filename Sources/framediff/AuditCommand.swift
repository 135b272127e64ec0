import Foundation
import FrameDiff

/// `framediff audit PATH... [--jobs N]`: every film under the paths, analysed in parallel, one table.
struct AuditCommand: Command {
    static let name = "audit"
    static let synopsis = "framediff audit PATH... [--jobs N] [--json FILE] [--html DIR] [--shard K/N|auto] [--rules FILE]"
    static let summary = """
        Finds every film under the paths (video files by extension and by their first bytes, folders
        of PNG frames), analyses them in parallel and prints a table: film, duration, frames, findings
        per kind, worst finding, status. A film that cannot be read is listed with its error and the
        others are still analysed (exit 2 then). Ctrl-C stops and still writes what was finished.
        """
    static var epilogue: String { AnalysisArguments.settingsHelp }
    static let options = [
        OptionSpec.integer("--jobs", "N", "films analysed at once; decoder threads are shared out", in: 1...256, default: "one per core"),
        OptionSpec.text("--json", "FILE", "write the combined report ({\"schema\", \"films\": [...]})"),
        OptionSpec.text("--html", "DIR", "write an index page and a report folder per film"),
        OptionSpec.text("--shard", "K/N|auto", "the K-th of N shares of the films, dealt by size; auto: the one the engine gives (Kubernetes, GitLab, CircleCI, Buildkite, Slurm)"),
        OptionSpec.text("--rules", "FILE", "rules for the status column", default: GateRules.defaultFile + " when present"),
    ] + AnalysisArguments.options.map { $0.name == "--threads" ? threads : $0 } + [CommonOptions.quiet, CommonOptions.help]
    /// (the cores are shared out among the jobs when --threads is not given)
    static let threads = OptionSpec.integer("--threads", "N", "decoder threads of each job, 0 for one per core", in: 0...64,
                                            default: "cores / jobs")

    let paths: [String]
    let jobs: Int
    let json: String?
    let html: String?
    let shardChoice: ShardChoice?
    let rules: GateRules
    let quiet: Bool
    let options: AnalysisOptions

    init(_ p: ParsedArguments) throws {
        guard !p.positionals.isEmpty else { throw UsageError("audit takes one or more PATHs") }
        paths = p.positionals
        let cores = ProcessInfo.processInfo.activeProcessorCount
        jobs = p.int("--jobs") ?? cores
        json = p.value("--json")
        html = p.value("--html")
        quiet = p.has("--quiet")
        shardChoice = try p.value("--shard").map { try ShardChoice(spec: $0, environment: ProcessInfo.processInfo.environment) }
        var o = try AnalysisArguments.parse(p)
        // jobs x decoder threads fit the machine
        if p.value("--threads") == nil { o.scan.threads = max(1, cores / jobs) }
        options = o
        rules = try GateRules.load(p.value("--rules"))
    }

    func run() throws -> Int32 {
        let found = try findFilms(paths)
        var films = found.films
        try refuseOutputs([json, html], overwriting: films, folder: html)
        guard !films.isEmpty else {
            throw FilmError.noFilms(path: paths.joined(separator: ", "))
        }
        if !quiet { found.notes.forEach { Console.err("framediff: note: \(oneLine($0))\n") } }
        // (each film's place in the whole list: a shard's JSON records them, for merge's order)
        var places = Array(films.indices)
        let shard = shardChoice.map { (choice: $0, plan: ShardPlan(films: films, count: $0.count)) }
        if let shard {
            places = shard.plan.positions(ofShard: shard.choice.index)
            films = places.map { shard.plan.films[$0] }
        }
        let state = AuditState(total: films.count, quiet: quiet)
        let stop = StopFlag()
        let interrupt = stop.onInterrupt()
        defer { interrupt.forEach { $0.cancel() } }
        var o = options
        o.scan.isCancelled = { stop.isSet }
        let analysis = o
        if let html {
            // (before any film is analysed: a folder that cannot be made fails the audit at once)
            try OutputFile.claimFolder(html)
        }

        let filmList = films
        let workers = DispatchGroup()
        for _ in 0..<max(1, min(jobs, films.count)) {
            DispatchQueue.global().async(group: workers) {
                while !stop.isSet, let i = state.next() {
                    self.audit(filmList[i], index: i, found: found, options: analysis, state: state)
                    releaseFreeMemory()  // (what the film freed: see FreeMemory.swift)
                }
            }
        }
        // The main thread waits for the workers or for a stop, whichever comes first: a worker held
        // up inside a film (within the stall limit) does not hold back the rows already finished.
        while workers.wait(timeout: .now() + 0.2) == .timedOut {
            if stop.isSet {
                _ = workers.wait(timeout: .now() + 2)  // the others stop at their next frame
                break
            }
        }
        // From here a signal stops the process as it would any tool: the rows are decided, and a
        // write that blocks (a FIFO nobody reads) must not outlive a SIGTERM.
        interrupt.forEach { $0.cancel() }
        let (rows, jsonItems) = state.close()
        state.endProgress()
        let done = rows.compactMap { $0 }
        if stop.isSet { Console.err("framediff: stopped: \(done.count) of \(films.count) films finished\n") }
        let manifest = shard.map {
            ShardManifest(plan: $0.plan, choice: $0.choice, positions: films.indices.filter { jsonItems[$0] != nil }.map { places[$0] })
        }
        try Console.out(FilmSummary.table(done) + (manifest?.summary ?? ""))
        if let json {
            // after an interruption the report says so, and names the films it did not run
            let notRun = films.indices.filter { rows[$0] == nil }.map { films[$0] }
            try emit(batchDocument(jsonItems.compactMap { $0 }, notRun: stop.isSet ? notRun : nil,
                                   extra: manifest.map { [("shard", $0.json)] } ?? []), to: json)
        }
        if let html {
            let linked = rows.enumerated().compactMap { i, r in
                r.map { (summary: $0, folder: $0.isError ? nil : FilmSummary.reportFolder(i, $0.film)) }
            }
            let page = FilmSummary.htmlIndex(linked, title: "framediff audit")
            try emit(page, to: (html as NSString).appendingPathComponent("index.html"))
        }
        if stop.isSet { return 130 }
        return done.contains(where: \.isError) || done.count < films.count || state.writeFailed ? 2 : 0
    }


    /// Analyses one film of the audit and hands its row to `state` (an error row when the film
    /// cannot be read; nothing when the audit was stopped while it ran).
    private func audit(_ film: String, index i: Int, found: FilmSearch, options: AnalysisOptions, state: AuditState) {
        if let cause = found.unreadable[film] {
            return state.finish(i, row: FilmSummary(film: film, error: cause), json: filmError(film, cause).rendered(pretty: false),
                                frames: 0)
        }
        let filmOptions = rules.analysisOptions(options, for: film)
        do {
            let report = rules.judged(try analyseFilm(film, options: filmOptions))
            if let short = report.video.shortfall { throw FilmError.unreadable(path: film, cause: short) }
            let row = FilmSummary(report: report)
            var item = report.json
            if case .object(var members) = item {
                members.append(("status", .string(row.status)))
                if let w = row.worst { members.append(("worst", .string(w))) }
                item = .object(members)
            }
            if let html {
                do {
                    try writeHTMLReport(report, to: (html as NSString).appendingPathComponent(FilmSummary.reportFolder(i, film)),
                                        scan: filmOptions.scan)
                } catch {
                    state.noteWriteFailure(Console.errorLine(error))
                }
            }
            state.finish(i, row: row, json: item.rendered(pretty: false), frames: report.video.frames)
        } catch FilmError.cancelled {
            return
        } catch {
            let cause = FilmError(film: film, error: error).cause(in: film)
            state.finish(i, row: FilmSummary(film: film, error: cause), json: filmError(film, cause).rendered(pretty: false), frames: 0)
        }
    }
}

/// The films handed out to workers, their results, and the progress shown on stderr.
final class AuditState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var rows: [FilmSummary?]
    private var json: [String?]
    private var finished = 0, frames = 0
    private let started = Date()
    private let total: Int
    private let quiet: Bool
    private let terminal = isatty(2) != 0

    init(total: Int, quiet: Bool) {
        self.total = total
        self.quiet = quiet
        rows = Array(repeating: nil, count: total)
        json = Array(repeating: nil, count: total)
    }

    /// A report folder could not be written: said at once, and the audit exits 2.
    private(set) var writeFailed = false
    func noteWriteFailure(_ line: String) {
        lock.lock()
        writeFailed = true
        lock.unlock()
        Console.err(line)
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < total else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// The rows finished so far; a worker that finishes later (one still inside a film when the
    /// audit was stopped) is not counted.
    func close() -> (rows: [FilmSummary?], json: [String?]) {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        return (rows, json)
    }
    private var closed = false

    func finish(_ i: Int, row: FilmSummary, json item: String?, frames n: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        rows[i] = row
        json[i] = item
        finished += 1
        frames += n
        guard !quiet else { return }
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let fps = Double(frames) / elapsed
        let eta = Double(total - finished) * elapsed / Double(finished)
        if terminal {
            let width = 30, filled = width * finished / max(1, total)
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            Console.err("\r[\(bar)] \(finished)/\(total) films, \(Int(fps)) frames/s, ETA \(Int(eta.rounded())) s ")
        } else {
            Console.err("audit: \(finished)/\(total) \(oneLine(row.film)): \(oneLine(row.status))\n")
        }
    }

    func endProgress() {
        if terminal && !quiet && finished > 0 { Console.err("\n") }
    }
}

/// Set once by Ctrl-C; read by every worker before each frame.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return set
    }

    func raise() {
        lock.lock()
        set = true
        lock.unlock()
    }

    /// Catches SIGINT (Ctrl-C) and SIGTERM (what `timeout`, CI cancellation and container stops
    /// send) while the audit runs; cancel the returned sources to restore the defaults.
    func onInterrupt() -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in self?.raise() }
            source.setCancelHandler { signal(sig, SIG_DFL) }
            source.resume()
            return source
        }
    }
}
