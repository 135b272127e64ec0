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
        #expect(!page.contains("http://") || page.contains("http://www.w3.org/2000/svg"))
        #expect(!page.contains("<script"))
        let sources = page.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources.count == 12)  // 3 findings x (3 frames + 1 heat map)
        var bytes = 0
        for s in sources {
            let url = dir.appendingPathComponent(String(s))
            #expect(FileManager.default.fileExists(atPath: url.path), "\(s)")
            bytes += (try? Data(contentsOf: url).count) ?? 0
        }
        #expect(bytes < 10_000_000 / 10)  // 3 findings; a 30-finding report stays under 10 MB
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
    @Test func everyImageLoadsInChromium() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { return }  // not installed: nothing to open the page with
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
        #expect(dom.contains("data-broken=\"0/12\""), "\(dom.prefix(300))")
    }
}
