// Fuzz target: a folder of PNG frames, where each frame's file name is its timestamp in ms
// (PNGFolder: which names are frames, their order, pts and the film's duration), then what the
// program does with such a folder: every frame read, audit's film finder, and the whole analysis
// (decode -> measure -> classify -> infer posture -> tie) with its reports.
//
// Input: one file name a line (at most 12; '/' and NUL, which no name can hold, become '_'; names
// are cut to 200 bytes). Every file is a valid 32x32 PNG, one of three pictures in turn, so only
// the names vary.
@testable import FrameDiff
import Foundation
import FuzzSupport

/// Three 32x32 pictures (black, white, a white square on black) as PNG bytes.
let pictures: [[UInt8]] = (0..<3).map { k in
    var image = PNGImage(width: 32, height: 32)
    for y in 0..<32 {
        for x in 0..<32 where k == 1 || (k == 2 && x >= 8 && x < 24 && y >= 8 && y < 24) { image[x, y] = (255, 255, 255) }
    }
    let path = (scratch as NSString).appendingPathComponent("picture\(k).png")
    try! image.write(to: path)
    return Array(FileManager.default.contents(atPath: path)!)
}

var round = 0

/// The file names of an input, as raw bytes (invalid UTF-8 included: a name is bytes to the file system).
func names(_ input: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
    var out: [[UInt8]] = []
    for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(12) {
        var b = line.map { $0 == UInt8(ascii: "/") || $0 == 0 ? UInt8(ascii: "_") : $0 }
        if b.count > 200 { b = Array(b.prefix(200)) }
        if b == [46] || b == [46, 46] || out.contains(b) { continue }
        out.append(b)
    }
    return out
}

/// Writes one picture to dir/name, the name's bytes as they are.
func writeFrame(_ picture: [UInt8], dir: String, name: [UInt8]) {
    let path = Array(dir.utf8) + [UInt8(ascii: "/")] + name + [0]
    let fd = path.withUnsafeBufferPointer { p in
        p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    precondition(fd >= 0, "fuzz harness: cannot write a frame")
    picture.withUnsafeBytes { precondition(Foundation.write(fd, $0.baseAddress, $0.count) == $0.count) }
    close(fd)
}

/// Removes dir and the files in it, whatever bytes their names hold (FileManager would skip some).
func removeFolder(_ dir: String) {
    guard let d = opendir(dir) else { return }
    let fd = dirfd(d)
    while let entry = readdir(d) {
        withUnsafePointer(to: entry.pointee.d_name) { p in
            p.withMemoryRebound(to: CChar.self, capacity: 256) { name in
                if strcmp(name, ".") != 0 && strcmp(name, "..") != 0 { unlinkat(fd, name, 0) }
            }
        }
    }
    closedir(d)
    rmdir(dir)
}

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    round += 1
    let dir = (scratch as NSString).appendingPathComponent("frames\(round)")
    mkdir(dir, 0o755)
    defer { removeFolder(dir) }
    for (i, name) in names(bytes(data, size)).enumerated() {
        writeFrame(pictures[i % 3], dir: dir, name: name)
    }
    do {
        let folder = try PNGFolder(path: dir)
        _ = folder.info
        while let frame = try folder.next() { _ = frame.ptsMs }
    } catch {
        _ = "\(error)"
        return 0
    }
    if parseOnly { return 0 }
    _ = try? findFilms([dir])
    var options = AnalysisOptions()
    options.scan.threads = 1
    if let report = try? analyseFilm(dir, options: options) {
        _ = report.json.rendered()
        _ = report.text()
        _ = GateRules().judged(report).markdown()
        _ = junitXML([report])
        _ = FilmSummary.table([FilmSummary(report: GateRules().judged(report))])
    }
    return 0
}

runFuzzer(target)
