import Foundation
import FrameDiff
import Testing

/// The hostile campaign's cases (issues 23 and 25): outputs that are devices, FIFOs, links or a
/// user's folder; films that stall, lose frames, end mid-element, run backwards, start late, are
/// mirrored or too large; folders with loops and odd names. Each failed before its fix.
@Suite("Hostile input: nothing destroyed, nothing misreported, nothing hangs")
struct HostileInputTests {
    static let film = "samples/laptop-inner.mp4"  // a cut, a fade and a flash; 360x780, 390 frames
    static let isRoot = getuid() == 0

    func scratch() throws -> (URL, () -> Void) {
        let dir = try Harness.scratch()
        return (dir, { try? FileManager.default.removeItem(at: dir) })
    }

    func kind(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    // MARK: outputs

    @Test("a device node named as --out is written through, never replaced", .enabled(if: isRoot, "mknod needs root (CI runs as root)"))
    func deviceNodeIsWrittenThrough() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let null = dir.appendingPathComponent("null").path, full = dir.appendingPathComponent("full").path
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 && mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
        for args in [[Self.film, "--out", null], [Self.film, "--stats", null], ["rank", Self.film, "--out", null],
                     ["check", Self.film, "--update-baseline", "--baseline", null], ["audit", Self.film, "--json", null, "--quiet"]] {
            let r = try Harness.run(args)
            #expect(kind(null) == S_IFCHR, "\(args) replaced the device node: \(r.stderr)")
            #expect(r.code != 2 || !r.stderr.contains(null), "\(args): \(r.stderr)")
        }
        let r = try Harness.run([Self.film, "--out", full])
        #expect(r.code == 2 && r.stderr.contains("No space left on device"), "\(r.code) \(r.stderr)")
        #expect(kind(full) == S_IFCHR)
    }

    @Test func fifoAndSymlinkOutputsAreWrittenThroughNotReplaced() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let fifo = dir.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // nobody reads: refused at once (no wait)
        let lonely = try Harness.run([Self.film, "--out", fifo])
        #expect(lonely.code == 2 && lonely.stderr.contains("a FIFO that nothing reads"), "\(lonely.stderr)")
        // a reader: the report arrives through the FIFO, which stays a FIFO
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let got = Pipe()
        reader.standardOutput = got
        try reader.run()
        usleep(200_000)
        let r = try Harness.run([Self.film, "--format", "json", "--out", fifo])
        let text = String(decoding: got.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(r.code == 0 && text.contains("\"schema\": \"framediff/1\""), "\(r.stderr)")
        #expect(kind(fifo) == S_IFIFO)
        // a link to a regular file: the file gets the report, the link stays a link
        let target = dir.appendingPathComponent("report.json").path, link = dir.appendingPathComponent("link.json").path
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0 && symlink("report.json", link) == 0)
        #expect(try Harness.run([Self.film, "--format", "json", "--out", link]).code == 0)
        #expect(kind(link) == S_IFLNK && kind(target) == S_IFREG)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("framediff/1"))
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_mode & 0o777 == 0o600, "the file's mode is kept")
        // `-` is standard output, not a file named "-"
        let stdout = try Harness.run([Harness.path(Self.film), "--format", "json", "--out", "-"], cwd: dir.path)
        #expect(stdout.code == 0 && stdout.stdout.contains("framediff/1"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }

    @Test func aUsersFolderIsNeverReplacedByAReport() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let site = dir.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try "x".write(toFile: site + "/index.html", atomically: true, encoding: .utf8)
        try "keep".write(toFile: site + "/notes.txt", atomically: true, encoding: .utf8)
        for args in [[Self.film, "--format", "html", "--out", site], [Self.film, Self.film, "--format", "html", "--out", site],
                     ["audit", Self.film, "--html", site, "--quiet"]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && r.stderr.contains("the folder holds other files"), "\(args): \(r.stderr)")
            #expect(try String(contentsOfFile: site + "/notes.txt", encoding: .utf8) == "keep")
            #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "x")
        }
        // a folder framediff wrote is replaced, again and again
        let report = dir.appendingPathComponent("report").path
        for _ in 0..<2 { #expect(try Harness.run([Self.film, "--format", "html", "--out", report]).code == 0) }
        #expect(FileManager.default.fileExists(atPath: report + "/.framediff-report"))
    }

    /// A report folder the user added to, or a folder of the user's that only looks like a report
    /// (an index.html beside an empty folder), is the user's: the marker or an index.html alone
    /// made either one replaceable, and the user's files went with it.
    @Test func aReportFolderTheUserAddedToIsTheUsers() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let report = dir.appendingPathComponent("report").path
        #expect(try Harness.run([Self.film, "--format", "html", "--out", report]).code == 0)
        try "keep".write(toFile: report + "/notes.txt", atomically: true, encoding: .utf8)
        let look = dir.appendingPathComponent("look").path
        try FileManager.default.createDirectory(atPath: look + "/photos", withIntermediateDirectories: true)
        try "x".write(toFile: look + "/index.html", atomically: true, encoding: .utf8)
        // (a report of one film replaces its folder: refused; a report of several only adds to a
        // folder framediff marked, and refuses an unmarked one)
        for args in [[Self.film, "--format", "html", "--out", report], [Self.film, "--format", "html", "--out", look],
                     [Self.film, Self.film, "--format", "html", "--out", look]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && r.stderr.contains("the folder holds other files"), "\(args): \(r.stderr)")
        }
        #expect(try Harness.run([Self.film, Self.film, "--format", "html", "--out", report]).code == 0)
        #expect(try String(contentsOfFile: report + "/notes.txt", encoding: .utf8) == "keep")
        #expect(FileManager.default.fileExists(atPath: look + "/photos"))
        // an audit's folder holding its own --json is filled again (nothing in it is removed), and a
        // report folder with a file manager's litter is still a report's
        let audit = dir.appendingPathComponent("audit").path
        for _ in 0..<2 {
            let a = try Harness.run(["audit", Self.film, "--html", audit, "--json", audit + "/audit.json", "--quiet"])
            #expect(a.code != 2, "\(a.stderr)")
        }
        let again = dir.appendingPathComponent("again").path
        #expect(try Harness.run([Self.film, "--format", "html", "--out", again]).code == 0)
        try "".write(toFile: again + "/.DS_Store", atomically: true, encoding: .utf8)
        #expect(try Harness.run([Self.film, "--format", "html", "--out", again]).code == 0)
    }

    /// `frames --out` writes only into a new or empty folder or one it wrote: a user's folder (an
    /// ffmpeg extraction named like its frames) and a film that is a folder of PNG frames keep
    /// their files; recordings without a signature (FLV, raw H.264) and PNG frames are never a
    /// report's `--out`.
    @Test func framesAndReportsNeverWriteOverFootage() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let mine = dir.appendingPathComponent("mine").path
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try "mine".write(toFile: mine + "/000100.png", atomically: true, encoding: .utf8)
        let r = try Harness.run(["frames", Self.film, "--at", "100", "--out", mine])
        #expect(r.code == 2 && r.stderr.contains("holds other files"), "\(r.stderr)")
        #expect(try String(contentsOfFile: mine + "/000100.png", encoding: .utf8) == "mine")
        let own = dir.appendingPathComponent("frames").path
        for at in ["100", "300"] { #expect(try Harness.run(["frames", Self.film, "--at", at, "--out", own]).code == 0, "a folder frames wrote takes more") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: own).contains("contact-sheet-300.png"))
        // ...and still does with a killed run's staging folder and a file manager's litter in it,
        // or (written before the marker) with only its frames and contact sheets
        try FileManager.default.createDirectory(atPath: own + "/.framediff-frames-killed", withIntermediateDirectories: true)
        try "".write(toFile: own + "/.DS_Store", atomically: true, encoding: .utf8)
        #expect(try Harness.run(["frames", Self.film, "--at", "500", "--out", own]).code == 0)
        try FileManager.default.removeItem(atPath: own + "/.framediff-frames")
        #expect(try Harness.run(["frames", Self.film, "--at", "700", "--out", own]).code == 0)
        // a frames folder is no report's, and a contact sheet `frames` did not name marks nothing
        for args in [["audit", own, "--html", own, "--quiet"], [Self.film, Self.film, "--format", "html", "--out", own]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && !FileManager.default.fileExists(atPath: own + "/index.html"), "\(args): \(r.stderr)")
        }
        let sheet = dir.appendingPathComponent("sheet").path
        try FileManager.default.createDirectory(atPath: sheet, withIntermediateDirectories: true)
        try "mine".write(toFile: sheet + "/000100.png", atomically: true, encoding: .utf8)
        try "mine".write(toFile: sheet + "/contact-sheet-mine.png", atomically: true, encoding: .utf8)
        #expect(try Harness.run(["frames", Self.film, "--at", "100", "--out", sheet]).code == 2)
        #expect(try String(contentsOfFile: sheet + "/000100.png", encoding: .utf8) == "mine")
        // a user's empty folder is left empty by a run that fails
        let empty = dir.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(try Harness.run(["frames", Self.film, "--at", "99999", "--out", empty]).code == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
        // ...and the folders it made above --out go again too
        #expect(try Harness.run(["frames", Self.film, "--at", "99999", "--out", empty + "/deep/er/new"]).code == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
        // a table inside the folder a report replaces whole is refused before the work
        let stats = try Harness.run([Self.film, "--format", "html", "--out", dir.appendingPathComponent("R").path,
                                     "--stats", dir.appendingPathComponent("R/stats.csv").path])
        #expect(stats.code == 2 && stats.stderr.contains("inside the report folder"), "\(stats.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("R").path))
        // ...but never the frames it reads
        let r2 = try Harness.run(["frames", own, "--at", "100", "--out", own])
        #expect(r2.code == 2 && r2.stderr.contains("one of the files being read"), "\(r2.stderr)")
        for name in ["old.flv", "raw.h264", "000033.png"] {
            let path = dir.appendingPathComponent(name).path
            try "footage".write(toFile: path, atomically: true, encoding: .utf8)
            let w = try Harness.run([Self.film, "--format", "json", "--out", path])
            #expect(w.code == 2 && w.stderr.contains("it is a film or a frame of one"), "\(name): \(w.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "footage")
        }
    }

    // MARK: stalls and folders

    @Test func aFilmThatYieldsNothingIsAnErrorNotAHang() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let fifo = dir.appendingPathComponent("hang.mp4").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = Date()
        let r = try Harness.run([fifo, "--stall-timeout", "1"])
        #expect(r.code == 2 && r.stderr.contains("stalled"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func auditWalksEachFolderOnceAndNeverOpensAFIFO() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let fm = FileManager.default
        let tree = dir.appendingPathComponent("tree").path
        for sub in ["a/b", "c", "trunc"] { try fm.createDirectory(atPath: tree + "/" + sub, withIntermediateDirectories: true) }
        try fm.copyItem(atPath: Harness.path(Self.film), toPath: tree + "/a/one.mp4")
        try fm.copyItem(atPath: Harness.path("samples/rotated-90.mp4"), toPath: tree + "/c/two.mp4")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Harness.path(Self.film))).prefix(40_000)).write(to: URL(fileURLWithPath: tree + "/trunc/cut.mp4"))
        // links up the tree, across, and to a folder of broken films; a FIFO named like a film
        #expect(symlink("../..", tree + "/a/b/up") == 0 && symlink("../c", tree + "/a/toc") == 0)
        #expect(symlink("../trunc", tree + "/c/totrunc") == 0 && symlink("../a", tree + "/c/toa") == 0)
        #expect(symlink("one.mp4", tree + "/a/same.mp4") == 0 && mkfifo(tree + "/hang.mp4", 0o644) == 0)
        // a name that is not UTF-8
        let bad = Array(tree.utf8) + Array("/bad".utf8) + [0xFF] + Array(".mp4".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(fd >= 0)
        close(fd)
        let json = dir.appendingPathComponent("audit.json").path
        let r = try Harness.run(["audit", tree, "--json", json, "--stall-timeout", "5"])
        #expect(r.code == 2, "\(r.stderr)")
        let films = try #require(Harness.json(try String(contentsOfFile: json, encoding: .utf8))["films"] as? [[String: Any]])
        let names = films.compactMap { $0["film"] as? String }.map { String($0.dropFirst(tree.count + 1)) }
        #expect(names.sorted() == ["a/one.mp4", "a/toc/totrunc/cut.mp4", "a/toc/two.mp4", "bad\\xFF.mp4", "hang.mp4"], "\(names)")
        let errors = Dictionary(uniqueKeysWithValues: films.compactMap { f in (f["error"] as? String).map { ((f["film"] as! String), $0) } })
        #expect(errors[tree + "/hang.mp4"] == "not a regular file (a FIFO)")
        #expect(errors[tree + "/bad\\xFF.mp4"]?.contains("not valid UTF-8") == true)
        #expect(r.stderr.contains("a link back to \(tree) (walked once)"), "\(r.stderr)")
    }

    @Test func symbolicLinksThatLeadNowhereSaySo() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let loop = dir.appendingPathComponent("loop.mp4").path, dangling = dir.appendingPathComponent("gone.mp4").path
        #expect(symlink("loop.mp4", loop) == 0 && symlink("nothere.mp4", dangling) == 0)
        let a = try Harness.run([loop])
        #expect(a.code == 2 && a.stderr.contains("a symbolic link that loops back on itself"), "\(a.stderr)")
        let b = try Harness.run([dangling])
        #expect(b.code == 2 && b.stderr.contains("a symbolic link to a file that does not exist"), "\(b.stderr)")
    }

    // MARK: films that do not hold what they announce

    @Test func framesLostToDamageMakeTheFilmReadShort() throws {
        let (dir, done) = try scratch()
        defer { done() }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Harness.path(Self.film))))
        let mdat = try #require(firstIndex(of: "mdat", in: bytes))
        let size = bytes[mdat - 4..<mdat].reduce(0) { $0 << 8 | Int($1) }
        let from = mdat + (size - 4) / 2, to = mdat - 4 + size
        for i in from..<to { bytes[i] = 0 }
        let zeroed = dir.appendingPathComponent("zeroed.mp4").path
        try Data(bytes).write(to: URL(fileURLWithPath: zeroed))
        let r = try Harness.run(["check", zeroed])
        #expect(r.code == 2 && r.stdout.contains("of the 390 frames could not be decoded"), "\(r.stdout) \(r.stderr)")
        // every report says so in its body, not only the warning on stderr (a report kept in a file)
        for format in ["text", "markdown", "junit", "json"] {
            let out = try Harness.run([zeroed, "--format", format, "--quiet"])
            #expect(out.stdout.contains("read short: ") && out.stdout.contains("of the 390 frames could not be decoded"),
                    "\(format): \(out.stdout.prefix(400))")
        }
        let site = dir.appendingPathComponent("site").path
        #expect(try Harness.run([zeroed, "--format", "html", "--out", site, "--quiet"]).code == 0)
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8).contains("of the 390 frames could not be decoded"))
    }

    @Test func anMPEGTSCutMidPacketIsReadShort() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/rotate-settle.ts")))
        let cut = dir.appendingPathComponent("cut.ts").path
        try whole.prefix(whole.count * 6 / 10 + 77).write(to: URL(fileURLWithPath: cut))
        let r = try Harness.run(["check", cut])
        #expect(r.code == 2 && r.stdout.contains("inside an MPEG-TS packet"), "\(r.stdout) \(r.stderr)")
        #expect(try Harness.run(["check", "samples/rotate-settle.ts"]).code != 2)
    }

    @Test("a GIF without its trailer and a live WebM cut mid-cluster are read short",
          .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func truncatedGIFAndWebM() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let gif = dir.appendingPathComponent("a.gif").path, webm = dir.appendingPathComponent("live.webm").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=10:d=2", gif])
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=10:d=2", "-c:v", "libvpx", "-deadline", "realtime", "-f", "webm",
                             "-live", "1", webm])
        for (film, cause) in [(gif, "the GIF has no trailer"), (webm, "the file ends inside a Matroska element")] {
            #expect(try Harness.run(["check", film]).code != 2, "\(film) whole")
            let data = try Data(contentsOf: URL(fileURLWithPath: film))
            let cut = film + ".cut" + (film.hasSuffix("gif") ? ".gif" : ".webm")
            try data.prefix(data.count * 6 / 10).write(to: URL(fileURLWithPath: cut))
            let r = try Harness.run(["check", cut])
            #expect(r.code == 2 && r.stdout.contains(cause), "\(cut): \(r.stdout) \(r.stderr)")
        }
    }

    @Test("timestamps that go backwards are refused; a start offset is no shortfall", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func oddTimestamps() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let back = dir.appendingPathComponent("back.mkv").path, offset = dir.appendingPathComponent("offset.mkv").path
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", "-bsf:v",
                             "setts=pts=if(gte(N\\,200)\\,PTS-1536*6\\,PTS):dts=if(gte(N\\,200)\\,DTS-1536*6\\,DTS)", back])
        let r = try Harness.run([back])
        #expect(r.code == 2 && r.stderr.contains("its timestamps go backwards at frame"), "\(r.stderr)")
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", "-output_ts_offset", "5", offset])
        let o = try Harness.run(["check", offset])
        #expect(o.code == 1 && !o.stdout.contains("read short"), "\(o.stdout) \(o.stderr)")
        // the duration is the film's, not the shifted timestamps' (1e6 s of offset, MP4 and Matroska)
        for ext in ["mkv", "mp4"] {
            let far = dir.appendingPathComponent("far.\(ext)").path
            try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", "-output_ts_offset", "1000000", far])
            let j = try Harness.run([far, "--format", "json"])
            let video = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])["video"] as? [String: Any]
            let ms = try #require(video?["duration_ms"] as? Double)
            #expect(ms > 0 && ms < 60_000, "\(ext): duration \(ms) ms")
        }
    }

    @Test("causes named as they are", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func causesNamedAsTheyAre() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let empty = dir.appendingPathComponent("empty.mkv").path, start = dir.appendingPathComponent("faststart.mp4").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc=s=64x64", "-frames:v", "0", empty])
        let e = try Harness.run([empty])
        #expect(e.code == 2 && e.stderr.contains("the file ends before its first frame"), "\(e.stderr)")
        // an MP4 cut inside its index: "truncated", not "no video stream"
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", "-movflags", "+faststart", start])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: start)))
        let moov = try #require(firstIndex(of: "moov", in: bytes))
        let size = bytes[moov - 4..<moov].reduce(0) { $0 << 8 | Int($1) }
        let cut = dir.appendingPathComponent("moovcut.mp4").path
        try Data(bytes.prefix(moov - 4 + size / 2)).write(to: URL(fileURLWithPath: cut))
        let c = try Harness.run([cut])
        #expect(c.code == 2 && c.stderr.contains("truncated MP4/MOV: the file ends inside its index"), "\(c.stderr)")
    }

    @Test("an attached picture is no video stream", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func coverArtIsNoFilm() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let cover = dir.appendingPathComponent("cover-only.m4a").path, both = dir.appendingPathComponent("with-cover.mp4").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "sine=d=1", "-f", "lavfi", "-i", "testsrc2=s=64x64:d=0.04", "-map", "0", "-map", "1",
                             "-c:a", "aac", "-c:v", "png", "-disposition:v", "attached_pic", cover])
        for args in [[cover], ["rank", cover]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && r.stderr.contains("no video stream (only an attached picture)"), "\(args): \(r.stderr)")
        }
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=10:d=1", "-f", "lavfi", "-i", "testsrc=s=32x32:d=0.1",
                             "-map", "0", "-map", "1", "-c:v:0", "libx264", "-c:v:1", "png", "-disposition:v:1", "attached_pic", both])
        let r = try Harness.run(["rank", both, "--format", "json"])
        let deltas = try Harness.json(r.stdout)["deltas"] as? [Any]
        #expect(r.code == 0 && deltas?.count == 9, "\(r.stderr)")
    }

    @Test("frames larger than 8192x8192 are refused from the header", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func hugeFramesAreRefused() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let huge = dir.appendingPathComponent("huge.mkv").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "color=s=9000x8000:d=0.04", "-pix_fmt", "gray", "-c:v", "ffv1", huge])
        let r = try Harness.run([huge])
        #expect(r.code == 2 && r.stderr.contains("larger than framediff reads"), "\(r.stderr)")
    }

    // MARK: seeking, mirrors, masks

    @Test("frames near the end start at a keyframe and match the extraction", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func framesSeekToAKeyframe() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let film = dir.appendingPathComponent("gop.mp4").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=12", "-c:v", "libx264", "-g", "30", "-pix_fmt", "yuv420p", film])
        let out = dir.appendingPathComponent("f").path
        let r = try Harness.run(["frames", film, "--at", "10000", "--around", "2", "--out", out])
        #expect(r.code == 0 && r.stdout.contains("5 frames (9933.333, 9966.667, 10000, 10033.333, 10066.667 ms)"), "\(r.stdout) \(r.stderr)")
        let pngs = try FFmpegTool.extract(film, into: dir.appendingPathComponent("x").path)
        for name in ["009933.png", "010000.png", "010067.png"] {
            let ours = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            let compare = try Harness.run(["compare", out + "/" + name, try #require(pngs.first { $0.hasSuffix("/" + name) })])
            #expect(!ours.isEmpty && compare.stdout.hasPrefix("0 (0)"), "\(name): \(compare.stdout)")
        }
    }

    @Test("a mirrored display matrix is turned as ffmpeg turns it", arguments: [
        ("hflip", [-1, 0, 0, 1]), ("vflip", [1, 0, 0, -1]), ("transpose", [0, 1, 1, 0]), ("antitranspose", [0, -1, -1, 0]),
    ])
    func mirroredDisplayMatrix(_ name: String, _ m: [Int32]) throws {
        let (dir, done) = try scratch()
        defer { done() }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Harness.path(Self.film))))
        let tkhd = try #require(firstIndex(of: "tkhd", in: bytes))
        let v1 = bytes[tkhd + 4] == 1
        let matrix = tkhd + 4 + 4 + (v1 ? 16 : 8) + 4 + 4 + (v1 ? 8 : 4) + 8 + 8
        for (k, value) in [m[0], m[1], 0, m[2], m[3], 0, 0, 0, 0x4000_0000].enumerated() {
            let u = UInt32(bitPattern: value * (k == 8 ? 1 : 65536))
            for b in 0..<4 { bytes[matrix + 4 * k + b] = UInt8(truncatingIfNeeded: u >> (24 - 8 * b)) }
        }
        let mirrored = dir.appendingPathComponent("\(name).mp4").path
        try Data(bytes).write(to: URL(fileURLWithPath: mirrored))
        let plain = dir.appendingPathComponent("plain").path, turned = dir.appendingPathComponent("turned").path
        #expect(try Harness.run(["frames", Self.film, "--at", "0", "--around", "0", "--out", plain]).code == 0)
        #expect(try Harness.run(["frames", mirrored, "--at", "0", "--around", "0", "--out", turned]).code == 0)
        let a = try PNGImage(contentsOf: plain + "/000000.png"), b = try PNGImage(contentsOf: turned + "/000000.png")
        // where ffmpeg's autorotation puts stored pixel (x, y) of a w x h picture
        let (w, h) = (a.width, a.height)
        func place(_ x: Int, _ y: Int) -> (Int, Int) {
            switch name {
            case "hflip": return (w - 1 - x, y)
            case "vflip": return (x, h - 1 - y)
            case "transpose": return (y, x)
            default: return (h - 1 - y, w - 1 - x)
            }
        }
        #expect(b.width == (name.hasSuffix("transpose") ? h : w))
        var wrong = 0
        for y in stride(from: 0, to: h, by: 7) {
            for x in stride(from: 0, to: w, by: 5) {
                let p = place(x, y), s = a[x, y], t = b[p.0, p.1]
                if s != t { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(name): \(wrong) pixels misplaced")
        let json = try Harness.json(try Harness.run([mirrored, "--format", "json"]).stdout)
        #expect((json["video"] as? [String: Any])?["mirrored"] as? Bool == true)
    }

    @Test("a display orientation SEI inside the H.264 stream turns the picture as ffmpeg turns it",
          .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func orientationInTheBitstream() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let sei = dir.appendingPathComponent("sei.mp4").path, theirs = dir.appendingPathComponent("theirs.png").path
        let ours = dir.appendingPathComponent("ours").path
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", "-bsf:v",
                             "h264_metadata=display_orientation=insert:rotate=90", sei])
        try FFmpegTool.make(["-i", sei, "-frames:v", "1", theirs])
        let json = try Harness.json(try Harness.run([sei, "--format", "json"]).stdout)
        let video = try #require(json["video"] as? [String: Any])
        #expect(video["rotation"] as? Int == 270 && video["width"] as? Int == 780 && video["height"] as? Int == 360, "\(video)")
        #expect(try Harness.run(["frames", sei, "--at", "0", "--around", "0", "--out", ours]).code == 0)
        let c = try Harness.run(["compare", ours + "/000000.png", theirs])
        #expect(c.stdout.hasPrefix("0 (0)"), "framediff's first frame against ffmpeg's autorotated one: \(c.stdout)")
    }

    /// A 64 KB tmpfs, mounted for the test (root, and a system that lets the test mount).
    static let canMount: Bool = {
        guard isRoot else { return false }
        let dir = NSTemporaryDirectory() + "framediff-mount-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard (try? Harness.run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], executable: "/bin/mount"))?.code == 0 else { return false }
        _ = try? Harness.run([dir], executable: "/bin/umount")
        return true
    }()

    @Test("frames onto a full disk: the folder named and the system's cause", .enabled(if: canMount, "needs root and a system that lets it mount a tmpfs"))
    func framesOntoAFullDisk() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let tiny = dir.appendingPathComponent("tiny").path
        try FileManager.default.createDirectory(atPath: tiny, withIntermediateDirectories: true)
        #expect(try Harness.run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", tiny], executable: "/bin/mount").code == 0)
        defer { _ = try? Harness.run([tiny], executable: "/bin/umount") }
        let out = tiny + "/frames"
        let r = try Harness.run(["frames", Self.film, "--at", "2000", "--out", out])
        #expect(r.code == 2 && r.stderr.contains("\(out): cannot write: No space left on device"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aFolderNamedLikeAVerbIsNamedInTheUsageError() throws {
        let (dir, done) = try scratch()
        defer { done() }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: true)
        let r = try Harness.run(["frames"], cwd: dir.path)
        #expect(r.code == 2 && r.stderr.contains("frames takes one FILM (to analyse ./frames, write: framediff ./frames)"), "\(r.stderr)")
        let elsewhere = try Harness.run(["frames"])
        #expect(elsewhere.code == 2 && !elsewhere.stderr.contains("to analyse"), "\(elsewhere.stderr)")
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedByName() throws {
        // (through the shell: a Swift String cannot hold the byte 0xff)
        let r = try Harness.run(["-c", #"exec "$0" "$(printf 'bad\377name.mp4')""#, Harness.binary], executable: "/bin/sh")
        #expect(r.code == 2 && r.stderr == "framediff: error: bad\\xffname.mp4: the name is not valid UTF-8, which framediff cannot open; rename the file\n", "\(r.stderr)")
    }

    @Test func moreThan64MasksAreRefused() throws {
        let masks = (0..<65).flatMap { ["--mask", "\($0),0,4,4"] }
        let r = try Harness.run([Self.film] + masks)
        #expect(r.code == 2 && r.stderr.contains("at most 64"), "\(r.stderr)")
        let ok = try Harness.run(["rank", "samples/unfold-vfr.mp4", "--top", "1"] + (0..<64).flatMap { ["--mask", "\($0 * 3),\($0 * 5),40,30"] })
        #expect(ok.code == 0, "\(ok.stderr)")
    }

    @Test func rgbaPicturesAreComparedAsImageMagickDoes() throws {
        // numbers from ImageMagick 6.9.11 `compare -metric RMSE` (premultiplied alpha)
        let dir = Harness.path("Tests/Fixtures/alpha")
        // (within DESIGN.md's 1e-4 of the normalised value: the premultiplied 16-bit integers are
        // within 0.5/65535 a sample of ImageMagick's floating-point products)
        for (a, b, want) in [("a.png", "b.png", 0.312673), ("a.png", "c.png", 0.231309), ("a.png", "a-opaque-rgb.png", 0.330759)] {
            let r = try Harness.run(["compare", dir + "/" + a, dir + "/" + b])
            let got = Double(r.stdout.split(separator: "(").last?.split(separator: ")").first ?? "")
            #expect(got.map { abs($0 - want) < 1e-4 } == true, "\(a) \(b): \(r.stdout) \(r.stderr)")
        }
    }
    // MARK: the second hostile pass

    @Test func dashDevStdoutAppendsWhereStandardOutputGoes() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let log = dir.appendingPathComponent("log.txt").path
        try "EARLIER LINE\n".write(toFile: log, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Harness.binary)
        p.arguments = [Harness.path(Self.film), "--out", "/dev/stdout", "--quiet"]
        let h = try #require(FileHandle(forWritingAtPath: log))
        h.seekToEndOfFile()
        p.standardOutput = h
        try p.run()
        p.waitUntilExit()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(p.terminationStatus == 0 && text.hasPrefix("EARLIER LINE\n") && text.contains("laptop-inner.mp4"), "\(text)")
    }

    @Test func fifosAmongInputsAreRefusedNotWaitedFor() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let frames = dir.appendingPathComponent("frames").path
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.path("Tests/Fixtures/compare/000000.png"), toPath: frames + "/000000.png")
        #expect(mkfifo(frames + "/000200.png", 0o644) == 0 && mkfifo(dir.appendingPathComponent("rules.json").path, 0o644) == 0)
        let started = Date()
        let a = try Harness.run([frames])
        #expect(a.code == 2 && a.stderr.contains("not a regular file"), "\(a.stderr)")
        let b = try Harness.run(["compare", frames + "/000000.png", frames + "/000200.png"])
        #expect(b.code == 2 && b.stderr.contains("not a regular file"), "\(b.stderr)")
        let c = try Harness.run(["check", Self.film, "--rules", dir.appendingPathComponent("rules.json").path])
        #expect(c.code == 2, "\(c.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("a pixel-format change at a cut is measured, not taken as no change", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func pixelFormatChangeMidStream() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let a = dir.appendingPathComponent("a.h264").path, b = dir.appendingPathComponent("b.h264").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "color=c=white:s=320x240:r=30:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-bf", "0", a])
        try FFmpegTool.make(["-f", "lavfi", "-i", "color=c=black:s=320x240:r=30:d=1", "-c:v", "libx264", "-pix_fmt", "yuv444p", "-bf", "0", b])
        var both = try Data(contentsOf: URL(fileURLWithPath: a))
        both.append(try Data(contentsOf: URL(fileURLWithPath: b)))
        let raw = dir.appendingPathComponent("ab.h264").path, film = dir.appendingPathComponent("ab.mkv").path
        try both.write(to: URL(fileURLWithPath: raw))
        try FFmpegTool.make(["-r", "30", "-i", raw, "-c", "copy", film])
        let r = try Harness.run(["rank", film, "--format", "json", "--top", "1"])
        let top = try #require((Harness.json(r.stdout)["deltas"] as? [[String: Any]])?.first)
        #expect(top["frame"] as? Int == 30 && top["rmse"] as? Double == 1, "\(r.stdout)")
    }

    @Test("a GIF frame whose picture data is damaged is counted and said, as ffmpeg logs it", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func damagedGIFPictureData() throws {
        // (the GIF decoder logs "LZW decode failed" and returns what it rebuilt, unflagged: the
        // report said nothing of it; a fuzz campaign's find)
        let (dir, done) = try scratch()
        defer { done() }
        let gif = dir.appendingPathComponent("c.gif").path, damaged = dir.appendingPathComponent("c.damaged.gif").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=10:d=2", gif])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: gif)))
        for i in bytes.count / 2..<(bytes.count / 2 + 8) { bytes[i] = 0 }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        // a frame placed outside the picture (left 5000): the decoder refuses its packet, logging
        // why; one damaged frame, not one more charged to the next (healthy) frame
        var misplaced = [UInt8](try Data(contentsOf: URL(fileURLWithPath: gif)))
        let descriptors = (1..<(misplaced.count - 10)).filter { misplaced[$0] == 0x2C && misplaced[$0 - 1] == 0 }
        try #require(descriptors.count > 5)
        (misplaced[descriptors[5] + 1], misplaced[descriptors[5] + 2]) = (0x88, 0x13)  // 5000, little-endian
        let refused = dir.appendingPathComponent("c.misplaced.gif").path
        try Data(misplaced).write(to: URL(fileURLWithPath: refused))
        for (film, count) in [(gif, 0), (damaged, 1), (refused, 1)] {
            let r = try Harness.run([film, "--format", "json"])
            let video = try Harness.json(r.stdout)["video"] as? [String: Any]
            #expect(r.code == 0 && video?["corrupt_packets"] as? Int == count, "\(film): \(r.stderr)")
            #expect(r.stderr.contains("\(count) damaged packets or frames") == (count > 0), "\(film): \(r.stderr)")
        }
    }

    @Test("a fragmented MP4 is whole when it ends with its fragment index, else cannot say", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func fragmentedMP4IsCheckedByItsFragmentIndex() throws {
        // (cut between two fragments it read as a whole film: a fuzz campaign's find; so did one
        // fragmented after a first fragment kept in its moov, cut before the first moof)
        let (dir, done) = try scratch()
        defer { done() }
        var films: [(String, Bool)] = [(Harness.path(Self.film), true)]
        for flags in ["frag_keyframe+empty_moov", "frag_keyframe"] {
            let frag = dir.appendingPathComponent("\(flags).mp4").path
            try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=96x64:r=30:d=4", "-c:v", "libx264", "-g", "15", "-movflags", flags, frag])
            // cut at the start of its third fragment (a live recording stopped there): no mfra at the end
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: frag)))
            var at = 0, moofs: [Int] = []
            while at + 8 <= bytes.count {
                let size = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                if bytes[(at + 4)..<(at + 8)].elementsEqual("moof".utf8) { moofs.append(at) }
                guard size >= 8 else { break }
                at += size
            }
            try #require(moofs.count > 3)
            let cut = frag + ".cut.mp4"
            try Data(bytes[..<moofs[2]]).write(to: URL(fileURLWithPath: cut))
            films += [(frag, true), (cut, false)]
        }
        for (film, whole) in films {
            let r = try Harness.run([film, "--format", "json"])
            let video = try Harness.json(r.stdout)["video"] as? [String: Any]
            #expect(r.code == 0 && (video?["length_checked"] as? Bool) == (whole ? nil : false), "\(film): \(r.stdout.prefix(300))")
            #expect(r.stderr.contains("does not say whether the file is whole") == !whole, "\(film): \(r.stderr)")
        }
    }

    @Test("damage the demuxer skips, and an AVI cut short, make a film read short", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func damagedMatroskaAndTruncatedAVI() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let mkv = dir.appendingPathComponent("b.mkv").path, avi = dir.appendingPathComponent("b.avi").path
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c", "copy", mkv])
        try FFmpegTool.make(["-i", Harness.path(Self.film), "-c:v", "mpeg4", avi])
        var m = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mkv)))
        for i in m.count / 4..<m.count * 45 / 100 { m[i] = 0 }
        try Data(m).write(to: URL(fileURLWithPath: mkv + ".zeroed.mkv"))
        let a = try Data(contentsOf: URL(fileURLWithPath: avi))
        try a.prefix(a.count / 4).write(to: URL(fileURLWithPath: avi + ".cut.avi"))
        for (film, cause) in [(mkv + ".zeroed.mkv", "its container is damaged"), (avi + ".cut.avi", "the film is truncated")] {
            let r = try Harness.run(["check", film])
            #expect(r.code == 2 && (r.stdout + r.stderr).contains(cause), "\(film): \(r.stdout) \(r.stderr)")
        }
    }

    @Test func aStrayNumberedPNGDoesNotHideTheFilmsOfAFolder() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let caps = dir.appendingPathComponent("caps").path
        try FileManager.default.createDirectory(atPath: caps + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Harness.path(Self.film), toPath: caps + "/a.mp4")
        try FileManager.default.copyItem(atPath: Harness.path("samples/rotated-90.mp4"), toPath: caps + "/sub/b.mp4")
        try FileManager.default.copyItem(atPath: Harness.path("Tests/Fixtures/compare/000000.png"), toPath: caps + "/20231201.png")
        let json = dir.appendingPathComponent("a.json").path
        _ = try Harness.run(["audit", caps, "--json", json, "--quiet"])
        let films = try #require(Harness.json(try String(contentsOfFile: json, encoding: .utf8))["films"] as? [[String: Any]])
        #expect(films.compactMap { $0["film"] as? String } == [caps + "/a.mp4", caps + "/sub/b.mp4"])
    }

    @Test func aReportIsNeverWrittenOverAFilm() throws {
        let (dir, done) = try scratch()
        defer { done() }
        let a = dir.appendingPathComponent("a.mp4").path
        try FileManager.default.copyItem(atPath: Harness.path(Self.film), toPath: a)
        for args in [["check", "--update-baseline", "--baseline", a, Self.film], [a, "--out", a], ["rank", Self.film, "--out", a]] {
            let r = try Harness.run(args)
            #expect(r.code == 2 && r.stderr.contains("cannot write"), "\(args): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: Harness.path(Self.film))))
    }
}

/// Where a four-letter box type first occurs in a file's bytes (its size is the 4 bytes before).
func firstIndex(of type: String, in bytes: [UInt8]) -> Int? {
    let t = Array(type.utf8)
    return (4..<(bytes.count - 4)).first { bytes[$0] == t[0] && Array(bytes[$0..<$0 + 4]) == t }
}

