import Foundation
import FrameDiff
import Testing

/// Films a fuzz campaign (7 December, 17,672 runs) found mishandled: valid films refused, and
/// reports that `merge` itself refused. Each is made here with the ffmpeg tool.
@Suite("Fuzz campaign's findings")
struct FuzzFindingTests {
    /// A folder of PNG frames, one per size given (each a flat `colour(k)` with a small red box),
    /// named by their time in ms, 100 ms apart.
    /// The folder lies in a fresh scratch folder (`removeScratch` removes it).
    static func pngFolder(sizes: [(Int, Int)], colour: (Int) -> String) throws -> String {
        let dir = try Harness.scratch().appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (k, (w, h)) in sizes.enumerated() {
            try FFmpegTool.make(["-f", "lavfi", "-i", "color=\(colour(k)):s=\(w)x\(h):d=0.1,drawbox=x=2:y=2:w=8:h=8:c=red",
                                 "-frames:v", "1", dir.appendingPathComponent(String(format: "%06d.png", 100 * k)).path])
        }
        return dir.path
    }

    /// Removes the scratch folder `pngFolder` made its frames folder in.
    static func removeScratch(of frames: String) {
        try? FileManager.default.removeItem(atPath: (frames as NSString).deletingLastPathComponent)
    }

    /// The report parsed by framediff's own strict reader (a key twice is refused), and the
    /// audit's JSON merged.
    static func expectStrictJSON(_ film: String) throws {
        let r = try Harness.run([film, "--format", "json", "--quiet"])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(throws: Never.self) { try JSON.parse(Data(r.stdout.utf8)) }
        let scratch = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("audit.json").path
        let audit = try Harness.run(["audit", film, "--json", out, "--quiet"])
        #expect(audit.code == 0, "\(audit.stderr)")
        let merged = try Harness.run(["merge", out])
        #expect(merged.code == 0, "\(merged.stderr)")
    }

    @Test("a film whose frame size changes and changes back names each evidence once", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func sizeChangesJoinedIntoOneEventNameEachEvidenceOnce() throws {
        // (two size changes 100 ms apart are one inferred event: its evidence listed
        // from_width... twice, and merge refused the audit)
        let frames = try Self.pngFolder(sizes: [(32, 64), (64, 32), (32, 64)]) { _ in "gray" }
        defer { Self.removeScratch(of: frames) }
        try Self.expectStrictJSON(frames)
    }

    @Test("a film flickering between two flat colours names each evidence once", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func aFlickeringBlankNamesEachEvidenceOnce() throws {
        // (a blank giving way to a page of another colour again and again listed then_flat_ms
        // once per page)
        let frames = try Self.pngFolder(sizes: Array(repeating: (64, 64), count: 12)) { $0 % 2 == 0 ? "black" : "white" }
        defer { Self.removeScratch(of: frames) }
        try Self.expectStrictJSON(frames)
    }

    @Test("an AVI whose frames are several ticks apart is whole", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func anAVIWhoseIndexCountsTicksIsWhole() throws {
        // (an AVI's header counts ticks of its time base: a VFR stream copied in lists 3x the
        // frames it holds, and was refused as truncated; ffmpeg decodes all of it)
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkv = dir.appendingPathComponent("vfr.mkv").path, avi = dir.appendingPathComponent("vfr.avi").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=64x64:r=30:d=2", "-vf", "select='not(mod(n\\,3))'",
                             "-fps_mode", "vfr", "-c:v", "mpeg4", mkv])
        try FFmpegTool.make(["-i", mkv, "-c", "copy", avi])
        let r = try Harness.run(["check", avi])
        #expect(r.code == 0, "\(r.stderr)")
        // (an AVI cut short is still refused: HostileInputTests)
    }

    @Test("a finished Matroska film whose last frame is held past its frame period is whole", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func aFinishedMatroskaWithItsLastFrameHeldIsWhole() throws {
        // (a recorder that writes on change holds its last frame: the container declares 967 ms
        // past it and no block duration, and check refused it as read short; its segment's size,
        // written when the muxer finished, shows any cut: ReliabilityTests cuts one)
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cfr = dir.appendingPathComponent("cfr.mkv").path, held = dir.appendingPathComponent("held.mkv").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=64x64:r=30:d=1", "-c:v", "ffv1", cfr])
        try FFmpegTool.make(["-i", cfr, "-c", "copy", "-bsf:v", "setts=duration=if(eq(N\\,29)\\,1000\\,DURATION)", held])
        let r = try Harness.run(["check", held])
        #expect(r.code == 0, "\(r.stderr)")
    }

    @Test("a one-frame Matroska film shown for its frame's duration is whole", .enabled(if: FFmpegTool.available, "needs the ffmpeg tool"))
    func aOneFrameFilmHeldForItsDurationIsWhole() throws {
        // (its one frame at 1 fps lasts the 1000 ms the container declares: the frames read were
        // taken to end where the last began, and check refused it as read short; its muxer sealed
        // the segment with its size)
        let dir = try Harness.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mkv = dir.appendingPathComponent("one.mkv").path
        try FFmpegTool.make(["-f", "lavfi", "-i", "testsrc2=s=64x64:r=1:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", mkv])
        let r = try Harness.run(["check", mkv])
        #expect(r.code == 0, "\(r.stderr)")
    }
}
