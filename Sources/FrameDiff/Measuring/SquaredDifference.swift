import CFrameDiff

/// Sums of squared byte differences: the SIMD kernel chosen for this CPU and its plain reference.
///
/// The two must give identical integer sums on any buffers (tests check random ones with odd
/// widths and padded strides); the reference is kept forever for that.
///
///     let sums = SquaredDifference.bandSums(a, b, rowBytes: 30, rows: 2, stride: 32, tileBytes: 12)
public enum SquaredDifference {
    public enum Kernel: Sendable { case fast, reference }

    /// Name of the fast kernel on this CPU: "avx2", "sse2" or "scalar".
    public static var fastKernelName: String { String(cString: fd_band_sse_kernel()) }

    /// Per-tile sums for a band of `rows` rows of `rowBytes` bytes at `stride`, cut in tiles of
    /// `tileBytes` bytes (the last tile may be narrower). The corresponding C function is `fd_band_sse`.
    public static func bandSums(_ a: [UInt8], _ b: [UInt8], rowBytes: Int, rows: Int, stride: Int,
                                tileBytes: Int, kernel: Kernel = .fast) -> [UInt64] {
        precondition(rows == 0 || (a.count >= stride * (rows - 1) + rowBytes && b.count >= stride * (rows - 1) + rowBytes))
        precondition(tileBytes > 0 && tileBytes * rows <= 512 * 1024)
        var out = [UInt64](repeating: 0, count: (rowBytes + tileBytes - 1) / tileBytes)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                out.withUnsafeMutableBufferPointer { po in
                    let f = kernel == .fast ? fd_band_sse : fd_band_sse_scalar
                    f(pa.baseAddress, stride, pb.baseAddress, stride, Int32(rowBytes), Int32(rows),
                      Int32(tileBytes), po.baseAddress)
                }
            }
        }
        return out
    }

    /// RMSE of two pictures of the same size. The corresponding C function is `fd_image_sse`.
    public static func rmse(_ a: PNGImage, _ b: PNGImage) -> RMSE {
        precondition(a.width == b.width && a.height == b.height)
        // A 16-bit picture against an 8-bit one: compare both at 16 bits (v * 257 maps 255 to 65535).
        let (x, y) = a.bits == b.bits ? (a, b) : (a.widened(), b.widened())
        let sse = x.pixels.withUnsafeBufferPointer { pa in
            y.pixels.withUnsafeBufferPointer { pb in
                fd_image_sse(pa.baseAddress, x.stride, pb.baseAddress, y.stride, Int32(x.width), Int32(x.height),
                             Int32(x.bits))
            }
        }
        return RMSE(sse: sse, samples: UInt64(a.width * a.height * 3), maxValue: x.bits > 8 ? 65535 : 255)
    }
}

extension SquaredDifference {
    /// Per-tile sums over two whole RGB frames (tiles of `tile` x `tile` pixels), the way the meter
    /// measures a frame in which every band changed. Used by the kernel benchmark.
    public static func frameTileSums(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, stride: Int,
                                     tile: Int, kernel: Kernel = .fast) -> [UInt64] {
        precondition(a.count >= stride * height && b.count >= stride * height)
        let columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile
        var out = [UInt64](repeating: 0, count: columns * rows)
        let f = kernel == .fast ? fd_band_sse : fd_band_sse_scalar
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                out.withUnsafeMutableBufferPointer { po in
                    for band in 0..<rows {
                        let y0 = band * tile
                        f(pa.baseAddress! + y0 * stride, stride, pb.baseAddress! + y0 * stride, stride,
                          Int32(width * 3), Int32(min(tile, height - y0)), Int32(tile * 3), po.baseAddress! + band * columns)
                    }
                }
            }
        }
        return out
    }
}
