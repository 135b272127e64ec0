import Foundation
import Testing

/// The HTML report: a folder that works offline, every image present, small.
@Suite("HTML report")
struct HTMLReportTests {
    func write(_ films: [String]) throws -> URL {
        let dir = try Harness.scratch()
        let r = try Harness.run(films + ["--format", "html", "--out", dir.path])
        #expect(r.code == 0, "\(r.stderr)")
        return dir
    }

    @Test func selfContainedFolderWithEveryImage() throws {
        let dir = try write(["samples/laptop-inner.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("<polyline"))
        // offline: no link but the SVG namespace (a name, never fetched)
        let links = page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        #expect(!links.contains("http://") && !links.contains("https://") && !links.contains("//cdn"))
        #expect(!page.contains("<script"))
        let sources = page.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources.count == 15)  // 3 findings x (3 frames + 1 heat map + 1 clip)
        #expect(sources.filter { $0.hasSuffix(".webp") }.count == 3)
        #expect(page.contains("4× slower, looping"))
        var bytes = 0
        for s in sources {
            let url = dir.appendingPathComponent(String(s))
            #expect(FileManager.default.fileExists(atPath: url.path), "\(s)")
            bytes += (try? Data(contentsOf: url).count) ?? 0
        }
        #expect(bytes < 10_000_000 / 10)  // 3 findings; a 30-finding report stays under 10 MB
        // every clip is an animated WebP that loops for ever: RIFF, WEBP, an ANIM chunk, frames
        for s in sources where s.hasSuffix(".webp") {
            let d = try Data(contentsOf: dir.appendingPathComponent(String(s)))
            #expect(d.prefix(4) == Data("RIFF".utf8) && d[8..<12] == Data("WEBP".utf8), "\(s)")
            let text = String(decoding: d, as: UTF8.self)
            #expect(text.contains("ANIM") && text.components(separatedBy: "ANMF").count > 2, "\(s)")
        }
    }

    /// A film that is a folder of PNG frames opens no video, and FFmpeg's log handler was installed
    /// only when one was opened: the WebP clip encoder's notice reached stderr past --quiet.
    @Test(.enabled(if: FFmpegTool.available, "needs the ffmpeg tool (scripts/test installs it)"))
    func quietMeansQuietForAFolderOfFrames() throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("film").path
        _ = try FFmpegTool.extract(Harness.path("samples/laptop-inner.mp4"), into: frames)
        let r = try Harness.run([frames, "--format", "html", "--out", dir.appendingPathComponent("report").path, "--quiet"])
        #expect(r.code == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let clips = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("report/img").path).filter { $0.hasSuffix(".webp") }
        #expect(!clips.isEmpty, "the report has clips, so the encoder ran")
    }

    @Test func severalFilmsGetAnIndex() throws {
        let dir = try write(["samples/laptop-inner.mp4", "samples/rotated-90.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("001-laptop-inner/index.html") && page.contains("002-rotated-90/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("002-rotated-90/index.html").path))
    }

    /// Opens the page in headless Chromium (Debian's `chromium`) when it is installed and checks that
    /// every image loaded.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: HTMLReportTests.chromium != nil, "needs headless Chromium (apt-get install chromium)"))
    func everyImageAndClipLoadsInChromium() throws {
        let chromium = try #require(Self.chromium)
        let dir = try write(["samples/fold-inner.mp4"])
        defer { try? FileManager.default.removeItem(at: dir) }
        var page = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        page = page.replacingOccurrences(of: "</body>", with: """
            <script>addEventListener("load",()=>{document.body.setAttribute("data-broken",
            [...document.images].filter(i=>!i.complete||i.naturalWidth===0).length+"/"+document.images.length)})</script></body>
            """)
        let check = dir.appendingPathComponent("check.html")
        try page.write(to: check, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "--virtual-time-budget=5000", check.absoluteString]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(dom.contains("data-broken=\"0/"), "\(dom.prefix(300))")
        #expect(!dom.contains("data-broken=\"0/0\""), "no image on the page")
    }
}
