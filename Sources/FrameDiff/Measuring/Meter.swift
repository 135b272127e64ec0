import CFrameDiff

/// Measures each frame against the one before in one pass, exactly as `compare -metric RMSE`
/// would on the frames extracted as PNG.
///
/// Owns the C meter: the previous frame's RGB, the converter and the tile grid. Only bands whose
/// decoded planes changed are converted and measured (see meter.c for why and what it saves).
/// Masks are in displayed pixels.
///
///     let meter = try Meter(grid: grid, masks: [Rect(x: 0, y: 0, w: 200, h: 60)])
///     let m = try meter.push(frame)   // RMSE against the previous push
public final class Meter {
    public let grid: TileGrid
    private let handle: OpaquePointer

    /// The corresponding C function is `fd_meter_create`.
    public init(grid: TileGrid, masks: [Rect] = [], keepStatistics: Bool = true, countStages: Bool = false) throws {
        guard let h = fd_meter_create(Int32(grid.storedWidth), Int32(grid.storedHeight), Int32(grid.tile)) else {
            throw MeterError.cannotCreate(width: grid.storedWidth, height: grid.storedHeight)
        }
        self.grid = grid
        handle = h
        fd_meter_keep_stats(h, keepStatistics ? 1 : 0)
        fd_meter_count_stages(h, countStages ? 1 : 0)
        for mask in masks {
            // (a mask beyond the frame masks nothing; clipping first keeps the numbers in C's range)
            let r = grid.toStored(mask).intersection(Rect(x: 0, y: 0, w: grid.storedWidth, h: grid.storedHeight))
            if r.isEmpty { continue }
            fd_meter_add_mask(h, Int32(r.x), Int32(r.y), Int32(r.w), Int32(r.h))
        }
    }

    deinit { fd_meter_free(handle) }

    /// `current` when it measures frames of this frame's size, else a new meter for that size
    /// (a film whose frame size changes gets one meter per size).
    public static func fitting(_ frame: DecodedFrame, current: Meter?, rotation: Int, mirrored: Bool = false,
                               scan: ScanOptions, keepStatistics: Bool) throws -> Meter {
        if let current, current.grid.storedWidth == frame.storedWidth, current.grid.storedHeight == frame.storedHeight {
            return current
        }
        let grid = TileGrid(storedWidth: frame.storedWidth, storedHeight: frame.storedHeight, tile: scan.tile, rotation: rotation,
                            mirrored: mirrored)
        return try Meter(grid: grid, masks: scan.masks, keepStatistics: keepStatistics, countStages: scan.stages != nil)
    }

    /// What the meter's pushes cost so far, stage by stage (counted when made with `countStages`).
    var stageCounts: fd_stage_counts { fd_meter_stage_counts(handle) }

    /// Measures a frame against the previous push. The corresponding C functions are
    /// `fd_meter_push_video` and `fd_meter_push_rgb`.
    public func push(_ frame: DecodedFrame) throws -> RMSE {
        switch frame.pixels {
        case .video(let video):
            var err = [CChar](repeating: 0, count: 256)
            if fd_meter_push_video(handle, video.handle, &err, err.count) != 0 {
                throw FilmError.unreadable(path: video.path, cause: String(cString: err))
            }
        case .rgb(let image):
            let status = image.pixels.withUnsafeBufferPointer {
                fd_meter_push_rgb(handle, $0.baseAddress, image.stride, Int32(image.bits))
            }
            if status != 0 { throw MeterError.outOfMemory(width: grid.storedWidth, height: grid.storedHeight) }
        }
        return RMSE(sse: fd_meter_sse(handle), samples: fd_meter_samples(handle),
                    maxValue: UInt64(fd_meter_max_value(handle)))
    }

    /// Bands (rows of tiles) whose pixels changed in the last push.
    public var changedBands: Int { Int(fd_meter_changed_bands(handle)) }

    /// Largest channel value of what was measured: 255, or 65535 for frames of more than 8 bits.
    public var maxValue: Int { Int(fd_meter_max_value(handle)) }

    /// The tiles that changed in the last push (or every unmasked tile when `all`), with their
    /// statistics. The corresponding C functions are `fd_meter_tile_sse` and `fd_meter_tile_stats`.
    public func changedTiles(all: Bool = false) -> [TileChange] {
        let n = grid.count
        let sse = UnsafeBufferPointer(start: fd_meter_tile_sse(handle), count: n)
        let pixels = UnsafeBufferPointer(start: fd_meter_tile_pixels(handle), count: n)
        let stats = UnsafeBufferPointer(start: fd_meter_tile_stats(handle), count: n)
        let scale = Double(maxValue)
        var out: [TileChange] = []
        for i in 0..<n where (all || sse[i] != 0) && pixels[i] > 0 {
            let s = stats[i]
            let p = Float(pixels[i])
            let m = SIMD3<Float>(Float(s.sum_r), Float(s.sum_g), Float(s.sum_b)) / p
            let variance = max(0, (Float(s.sum_sq) / p - (m * m).sum()) / 3)
            let rmse = (Double(sse[i]) / Double(pixels[i] * 3)).squareRoot() / scale
            out.append(TileChange(index: i, rmse: Float(rmse), mean: m, variance: variance))
        }
        return out
    }

    /// The 8-bit RGB picture of the last push, as displayed (mirror and rotation applied), masks
    /// blacked out.
    /// The corresponding C function is `fd_meter_copy_rgb`.
    public func picture() -> PNGImage {
        let w = grid.storedWidth, h = grid.storedHeight
        let step = Int(fd_meter_bits(handle)) / 8  // bytes a channel
        var stored = [UInt8](repeating: 0, count: w * h * 3 * step)
        stored.withUnsafeMutableBufferPointer { fd_meter_copy_rgb(handle, $0.baseAddress, w * 3 * step) }
        var out = PNGImage(width: grid.displayWidth, height: grid.displayHeight)
        if grid.rotation == 0 && !grid.mirrored && step == 1 {
            out.pixels = stored
            return out
        }
        let dw = grid.displayWidth
        let high = step - 1  // the high byte of a little-endian 16-bit sample
        for y in 0..<h {
            for sx in 0..<w {
                let x = grid.mirrored ? w - 1 - sx : sx  // where the stored pixel lands after the mirror
                let (dx, dy): (Int, Int)
                switch grid.rotation {
                case 90: (dx, dy) = (h - 1 - y, x)
                case 180: (dx, dy) = (w - 1 - x, h - 1 - y)
                case 270: (dx, dy) = (y, w - 1 - x)
                default: (dx, dy) = (x, y)
                }
                let s = (y * w + sx) * 3 * step + high, d = (dy * dw + dx) * 3
                out.pixels[d] = stored[s]
                out.pixels[d + 1] = stored[s + step]
                out.pixels[d + 2] = stored[s + 2 * step]
            }
        }
        return out
    }
}

/// Why a meter could not be made: the analysis turns it into the film's one-line error.
///
///     do { meter = try Meter(grid: grid) } catch let e as MeterError { print(e) }
public enum MeterError: Error, CustomStringConvertible {
    /// The frame size is zero or too large for the tile arithmetic.
    case cannotCreate(width: Int, height: Int)
    /// The picture buffers for frames of this size could not be allocated.
    case outOfMemory(width: Int, height: Int)

    public var description: String {
        switch self {
        case .cannotCreate(let w, let h): return "cannot measure frames of \(w)x\(h) pixels"
        case .outOfMemory(let w, let h): return "out of memory for frames of \(w)x\(h) pixels"
        }
    }
}
