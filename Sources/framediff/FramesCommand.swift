import Foundation
import FrameDiff

/// `framediff frames FILM --at MS [--at MS...] [--around N] --out DIR`: the frames around moments as
/// PNG named by pts, and a contact sheet per moment.
struct FramesCommand: Command {
    static let name = "frames"
    static let synopsis = "framediff frames FILM --at MS [--at MS]... [--around N] [--out DIR]"
    static let summary = """
        Writes the frame shown at each moment and the N frames before and after it as PNG, named by
        their presentation time in ms (like the ffmpeg extraction), plus contact-sheet-MS.png with the
        moment framed in red.
        """
    static let options = [
        OptionSpec.number("--at", "MS", "a moment, ms of presentation time; repeatable", in: 0...1e9, repeatable: true),
        OptionSpec.integer("--around", "N", "frames before and after the moment", in: 0...100, default: String(defaultAround)),
        OptionSpec.text("--out", "DIR", "where to write", default: defaultOut),
        // (only what measuring uses: posture and classifier options are refused, not ignored)
        // (it prints nothing on stderr, so it has no --quiet)
        CommonOptions.mask, CommonOptions.threads, CommonOptions.stallTimeout, CommonOptions.help,
    ]
    static let defaultAround = 3, defaultOut = "frames"

    let film: String
    let moments: [Double]
    let around: Int
    let out: String
    let scan: ScanOptions

    init(_ p: ParsedArguments) throws {
        guard p.positionals.count == 1 else { throw UsageError("frames takes one FILM") }
        film = p.positionals[0]
        moments = p.all("--at").compactMap(InputFile.decimal)
        guard !moments.isEmpty else { throw UsageError("frames needs --at MS") }
        around = p.int("--around") ?? Self.defaultAround
        out = p.value("--out") ?? Self.defaultOut
        scan = try CommonOptions.scanOptions(p)
    }

    func run() throws -> Int32 {
        // (a user's folder, or the film itself when it is a folder of frames an earlier run wrote,
        // is refused before any work; what the claim made is taken back when the run fails)
        try refuseOutputs([out], overwriting: [film], folder: out)
        let claim = try OutputFile.claimFramesFolder(out)
        do { return try write() } catch {
            claim.undo()
            throw error
        }
    }

    private func write() throws -> Int32 {
        // the pictures are made aside, inside --out, and moved in together (no half folder on failure)
        let staging = (out as NSString).appendingPathComponent(OutputFile.framesStagingPrefix + UUID().uuidString)
        do { try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true) } catch {
            throw WriteError(path: out, cause: "cannot create the folder")
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        // a picture that cannot be written is the folder's failure (a full disk), named as --out
        func save(_ image: PNGImage, _ name: String) throws {
            do { try image.write(to: (staging as NSString).appendingPathComponent(name)) } catch let e as WriteError {
                throw WriteError(path: out, cause: e.cause)
            }
        }
        // frames whose times round to the same ms (a VFR film's repeated timestamp) keep a name
        // each; a frame around two moments is written once
        // (a frame is known by its number when decoding began at the start, else by its time)
        var used = Set<String>(), named = Set<String>()
        func name(_ ptsMs: Double, index: Int?) -> String? {
            guard named.insert("\(index ?? -1) \(ptsMs)").inserted else { return nil }
            let base = String(format: "%06d", Int(ptsMs.rounded()))
            var name = base + ".png", n = 1
            while !used.insert(name).inserted { n += 1; name = "\(base)-\(n).png" }
            return name
        }
        var lines = ""
        for ms in moments {
            let frames = try framesAround(film, atMs: ms, around: around, scan: scan)
            for f in frames {
                if let name = name(f.ptsMs, index: f.index) { try save(f.image, name) }
            }
            // the frame on screen at the moment: the last one shown at or before it
            let moment = frames.lastIndex { $0.ptsMs <= ms } ?? 0
            let sheet = contactSheet(frames.map(\.image), columns: min(7, 2 * around + 1), highlight: moment)
            let sheetName = "contact-sheet-\(Int(ms.rounded())).png"
            try save(sheet, sheetName)
            // (frame numbers are known when decoding began at the start of the film)
            let numbers = frames.first?.index.flatMap { a in frames.last?.index.map { b in "frames \(a)–\(b)" } }
                ?? "\(frames.count) frames"
            lines += "\(sheetName): \(numbers) (\(frames.map { JSON.format($0.ptsMs, decimals: 3) }.joined(separator: ", ")) ms)\n"
        }
        try OutputFile.moveFiles(from: staging, into: out)
        try Console.out(lines)
        return 0
    }
}
