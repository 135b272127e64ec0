// framediff-kernel-bench: the RMSE kernel alone, fast against the plain reference, in GB/s.
// Prints one line per kernel: name, ms a frame pair, GB/s (both frames' bytes read), median of runs.
import Foundation
import FrameDiff

let width = 1206, height = 2622, tile = 16
let stride = (width * 3 + 63) & ~63
var state: UInt64 = 42
func byte() -> UInt8 {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return UInt8(truncatingIfNeeded: state >> 33)
}
let a = (0..<(stride * height)).map { _ in byte() }
let b = (0..<(stride * height)).map { _ in byte() }
let bytes = Double(2 * width * 3 * height)

func measure(_ kernel: SquaredDifference.Kernel, runs: Int) -> (ms: Double, sum: UInt64) {
    var times: [Double] = []
    var sum: UInt64 = 0
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        sum = SquaredDifference.frameTileSums(a, b, width: width, height: height, stride: stride, tile: tile,
                                              kernel: kernel).reduce(0, +)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    times.sort()
    return (times[times.count / 2], sum)
}

let fast = measure(.fast, runs: 41)
let reference = measure(.reference, runs: 11)
precondition(fast.sum == reference.sum, "kernels disagree")
print(String(format: "kernel %@ %.3f ms %.2f GB/s", SquaredDifference.fastKernelName, fast.ms, bytes / fast.ms / 1e6))
print(String(format: "kernel reference %.3f ms %.2f GB/s", reference.ms, bytes / reference.ms / 1e6))
print(String(format: "speedup %.2f", reference.ms / fast.ms))
