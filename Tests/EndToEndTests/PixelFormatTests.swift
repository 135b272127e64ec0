import Foundation
import Testing

/// Every family of pixel format FFmpeg decodes, through the encoders screen recorders and
/// exports use (raw video, PNG-in-MOV, QuickTime Animation, FFV1, APNG, GIF): each film is made
/// here from lavfi's testsrc2 at a size of several tiles that is no multiple of 16, analysed
/// without a crash, and its RMSE on two frames checked against `framediff compare` on the frames
/// ffmpeg extracts (compare is ImageMagick's, Tests/Fixtures/compare), within DESIGN.md's tolerance.
@Suite("Pixel formats: every family decodes, measures and matches the extraction")
struct PixelFormatTests {
    /// (pixel format, encoder, container) per family.
    static let families: [(String, String, String)] = [
        ("yuv420p", "rawvideo", "nut"), ("yuvj420p", "rawvideo", "nut"), ("yuv420p10le", "rawvideo", "nut"),
        ("yuv422p12le", "rawvideo", "nut"), ("yuv444p16le", "ffv1", "mkv"), ("nv12", "rawvideo", "nut"),
        ("p010le", "rawvideo", "nut"), ("rgb24", "rawvideo", "nut"), ("bgr24", "rawvideo", "nut"),
        ("rgb24", "png", "mov"), ("rgb24", "qtrle", "mov"), ("bgr0", "ffv1", "mkv"), ("argb", "qtrle", "mov"),
        ("rgba", "png", "mov"), ("rgba", "apng", "apng"), ("yuva420p", "ffv1", "mkv"), ("rgb48le", "rawvideo", "nut"),
        ("rgb48be", "png", "mov"), ("gray", "png", "mov"), ("gray16le", "ffv1", "mkv"), ("gray10le", "rawvideo", "nut"),
        ("pal8", "png", "mov"), ("pal8", "gif", "gif"), ("xyz12le", "rawvideo", "nut"), ("monob", "png", "mov"),
    ]

    @Test("a film of every pixel-format family", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool (scripts/test installs it)"),
          arguments: families.indices)
    func family(_ i: Int) throws {
        let (pixfmt, codec, container) = Self.families[i]
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("\(pixfmt)-\(codec).\(container)").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=202x66:r=10:d=0.3", "-c:v", codec, "-pix_fmt", pixfmt, film])
        let rank = try Harness.run(["rank", film, "--format", "json"])
        #expect(rank.code == 0, "\(film): \(rank.stderr)")
        let deltas = try #require(Harness.json(rank.stdout)["deltas"] as? [[String: Any]])
        let main = try Harness.run([film, "--format", "json", "--quiet"])
        #expect(main.code == 0, "\(film): \(main.stderr)")
        let pngs = try FFmpegTool.extract(film, into: dir.appendingPathComponent("png").path)
        try #require(pngs.count >= 3, "\(film): \(pngs)")
        for frame in [1, 2] {
            let compare = try Harness.run(["compare", pngs[frame - 1], pngs[frame]])
            let want = try #require(Double(compare.stdout.split(separator: "(")[1].split(separator: ")")[0]), "\(compare.stdout)")
            let got = try #require(deltas.first { $0["frame"] as? Int == frame }?["rmse"] as? Double)
            #expect(abs(got - want) <= max(0.01 * want, 0.0005), "\(pixfmt) \(codec): frame \(frame): rank \(got), compare \(want)")
        }
    }

    /// A raw H.264 or HEVC stream (`adb screenrecord --output-format=h264`) has no timestamps: its
    /// frames are timed as ffmpeg times them, one frame of the stream's rate apart (they were one
    /// tick of a 1/1200000 base apart: a 2-s film lasted 0.05 ms).
    @Test("a raw stream's frames are timed by its rate", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool (scripts/test installs it)"),
          arguments: ["h264", "hevc"])
    func rawStream(_ ext: String) throws {
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("screen.\(ext)").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=4", "-c:v", ext == "h264" ? "libx264" : "libx265", "-g", "30", film])
        let rank = try Harness.run(["rank", film, "--format", "json", "--top", "100"])
        #expect(rank.code == 0, "\(rank.stderr)")
        let deltas = try #require(Harness.json(rank.stdout)["deltas"] as? [[String: Any]])
        #expect(deltas.count >= 50)
        // (and `frames` finds a moment in it: a seek into a stream without timestamps found no
        // frame, so it reads from the start)
        let frames = try Harness.run(["frames", film, "--at", "3000", "--around", "1", "--out", dir.appendingPathComponent("f").path])
        #expect(frames.code == 0 && frames.stdout.contains("2966.667, 3000, 3033.333"), "\(frames.stdout) \(frames.stderr)")
        for d in deltas {
            let frame = try #require(d["frame"] as? Int), ms = try #require(d["pts_ms"] as? Double)
            #expect(abs(ms - Double(frame) * 1000 / 30) < 0.01, "frame \(frame) at \(ms) ms")
        }
    }
}
