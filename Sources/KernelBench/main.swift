// framediff-kernel-bench: the RMSE kernel alone, fast against the plain reference, in GB/s
// (bytes of both pictures read). Two cases: a whole 1206x2622 frame pair (memory-bound: 19 MB
// streamed from DRAM) and a 64-row band that stays in the L2 cache, as a changed tile does in the
// meter (converted just before it is measured). Medians of many runs.
import Foundation
import FrameDiff

let width = 1206, tile = 16
let stride = (width * 3 + 63) & ~63
var state: UInt64 = 42
func bytes(_ n: Int) -> [UInt8] {
    (0..<n).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

func measure(height: Int, repeats: Int, runs: Int, kernel: SquaredDifference.Kernel, a: [UInt8], b: [UInt8]) -> (ms: Double, sum: UInt64) {
    var times: [Double] = []
    var sum: UInt64 = 0
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<repeats {
            sum = SquaredDifference.frameTileSums(a, b, width: width, height: height, stride: stride, tile: tile,
                                                  kernel: kernel).reduce(0, +)
        }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 / Double(repeats))
    }
    times.sort()
    return (times[times.count / 2], sum)
}

for (name, height, repeats) in [("frame 1206x2622", 2622, 1), ("band 1206x64 in L2", 64, 200)] {
    let a = bytes(stride * height), b = bytes(stride * height)
    let fast = measure(height: height, repeats: repeats, runs: 41, kernel: .fast, a: a, b: b)
    let reference = measure(height: height, repeats: repeats, runs: 11, kernel: .reference, a: a, b: b)
    precondition(fast.sum == reference.sum, "kernels disagree")
    let gb = Double(2 * width * 3 * height)
    print(String(format: "%@: %@ %.3f ms %.1f GB/s, reference %.3f ms %.1f GB/s, %.2fx", name,
                 SquaredDifference.fastKernelName, fast.ms, gb / fast.ms / 1e6, reference.ms, gb / reference.ms / 1e6,
                 reference.ms / fast.ms))
}
