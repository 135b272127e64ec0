import CFrameDiff
import Foundation

/// Writes a looping animated WebP of `frames` (8-bit RGB of one size), each shown for its time
/// to the next frame multiplied by `slowdown`, so a 67 ms flash is seen moving. The corresponding
/// C function is `fd_clip_write`.
///
///     try writeClip(frames.map(\.image), ptsMs: frames.map(\.ptsMs), to: "img/clip-0.webp")
func writeClip(_ frames: [PNGImage], ptsMs: [Double], slowdown: Double = 4, to path: String) throws {
    guard let first = frames.first, frames.count == ptsMs.count,
          frames.allSatisfy({ $0.width == first.width && $0.height == first.height && $0.bits == 8 }) else {
        throw WriteError(path: path, cause: "clip frames differ in size")
    }
    // (a frame held for seconds in a VFR film would stall the clip: at most 250 ms of film a frame)
    var times: [Int64] = []
    var t = 0.0
    for (i, ms) in ptsMs.enumerated() {
        if i > 0 { t += min(250, max(1, ms - ptsMs[i - 1])) * slowdown }
        times.append(Int64(t.rounded()))
    }
    var err = [CChar](repeating: 0, count: 256)
    let strides = frames.map { $0.stride }
    // NB: the pixel buffers are borrowed for the length of the call only
    let status: Int32 = frames.withContiguousPixels { pointers in
        fd_clip_write(path, pointers, strides, times, Int32(frames.count), Int32(first.width), Int32(first.height), &err, err.count)
    }
    if status != 0 { throw WriteError(path: path, cause: String(cString: err)) }
}

extension Array where Element == PNGImage {
    /// Hands C a pointer to each picture's pixels, valid inside `body` only.
    fileprivate func withContiguousPixels<R>(_ body: ([UnsafePointer<UInt8>?]) -> R) -> R {
        func nest(_ i: Int, _ acc: [UnsafePointer<UInt8>?]) -> R {
            guard i < count else { return body(acc) }
            return self[i].pixels.withUnsafeBufferPointer { nest(i + 1, acc + [$0.baseAddress]) }
        }
        return nest(0, [])
    }
}
