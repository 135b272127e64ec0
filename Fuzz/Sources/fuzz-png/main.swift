// Fuzz target: the PNG reader (PNGImage(contentsOf:) over fd_png_read in png.c, through libpng),
// then what the program does with a picture: a frame pushed through the meter twice, `compare`'s
// RMSE against itself and a black picture (at 16 bits when deep), and the picture written back
// (fd_png_write) and read again. Mutator.swift keeps mutated PNGs past libpng's CRC checks and
// rebuilds image data that fits a mutated header.
@testable import FrameDiff
import Foundation
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = scratchFile("frame.png", bytes(data, size))
    let image: PNGImage
    do { image = try PNGImage(contentsOf: path) } catch {
        _ = "\(error)"
        return 0
    }
    precondition(image.width > 0 && image.height > 0 && image.stride >= image.width * 3 * image.bits / 8
                 && image.pixels.count == image.stride * image.height, "PNGImage: inconsistent layout")
    if parseOnly { return 0 }
    let grid = TileGrid(storedWidth: image.width, storedHeight: image.height, tile: 16)
    if let meter = try? Meter(grid: grid, masks: [Rect(x: 0, y: 0, w: 8, h: 8)]) {
        let frame = DecodedFrame(ptsMs: 0, storedWidth: image.width, storedHeight: image.height, pixels: .rgb(image))
        _ = try? meter.push(frame)
        _ = try? meter.push(frame)
        _ = meter.changedTiles()
        _ = meter.picture()
    }
    _ = SquaredDifference.rmse(image, image).compareText
    _ = SquaredDifference.rmse(image, PNGImage(width: image.width, height: image.height)).compareText
    if image.bits == 8 {
        let copy = (scratch as NSString).appendingPathComponent("copy.png")
        if (try? image.write(to: copy)) != nil, let back = try? PNGImage(contentsOf: copy) {
            precondition(back.width == image.width && back.height == image.height, "PNG round trip changed the size")
        }
    }
    return 0
}

runFuzzer(target)
