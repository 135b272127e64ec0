import CFrameDiff
import Foundation

/// An RGB picture (8 or 16 bits a channel) read from or written to PNG through libpng.
///
/// Palette and grey PNGs are converted to RGB; 16-bit PNGs stay 16-bit (native byte order in
/// `pixels`), since ImageMagick measures them at that precision; alpha is dropped (ffmpeg's frame
/// extraction writes opaque RGB).
///
///     let a = try PNGImage(contentsOf: "frames/000016.png")
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next in `pixels` (at least width * 3).
    public let stride: Int
    /// 8 or 16.
    public let bits: Int
    /// Row-major RGB triplets (bytes; two per channel when `bits` is 16).
    public var pixels: [UInt8]

    /// A black picture of the given size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = width * 3
        self.bits = 8
        self.pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// The corresponding C function is `fd_png_read`.
    public init(contentsOf path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw FilmError.notFound(path: path) }
        // (a FIFO named like a frame would block its reader until something writes)
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw FilmError.unreadable(path: path, cause: st.st_mode & S_IFMT == S_IFDIR ? "a folder, not a PNG file" : "not a regular file")
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var s = 0
        var b: Int32 = 8
        var err = [CChar](repeating: 0, count: 256)
        guard fd_png_read(path, &buffer, &w, &h, &s, &b, &err, err.count) == 0, let buffer else {
            throw FilmError.unreadable(path: path, cause: String(cString: err))
        }
        defer { fd_free(buffer) }
        width = Int(w)
        height = Int(h)
        stride = s
        bits = Int(b)
        pixels = Array(UnsafeBufferPointer(start: buffer, count: s * Int(h)))
    }

    /// Writes the picture as PNG (`compression` 0-9: 1 is fast and fine for frames).
    /// The corresponding C function is `fd_png_write`.
    public func write(to path: String, compression: Int = 1) throws {
        precondition(bits == 8, "only 8-bit pictures are written")
        var err = [CChar](repeating: 0, count: 256)
        let rc = pixels.withUnsafeBufferPointer {
            fd_png_write(path, $0.baseAddress, Int32(width), Int32(height), stride, Int32(compression), &err, err.count)
        }
        if rc != 0 { throw WriteError(path: path, cause: String(cString: err)) }
    }

    /// The RGB triplet at (x, y) of an 8-bit picture.
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        get {
            let i = y * stride + x * 3
            return (pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = y * stride + x * 3
            (pixels[i], pixels[i + 1], pixels[i + 2]) = newValue
        }
    }
}

extension PNGImage {
    /// The same picture at 16 bits a channel (v * 257, so 255 becomes 65535).
    func widened() -> PNGImage {
        guard bits == 8 else { return self }
        var out = [UInt8](repeating: 0, count: width * height * 6)
        for y in 0..<height {
            for i in 0..<(width * 3) {
                let v = UInt16(pixels[y * stride + i]) &* 257
                out[(y * width * 3 + i) * 2] = UInt8(v & 0xff)
                out[(y * width * 3 + i) * 2 + 1] = UInt8(v >> 8)
            }
        }
        return PNGImage(width: width, height: height, stride: width * 6, bits: 16, pixels: out)
    }

    init(width: Int, height: Int, stride: Int, bits: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bits = bits
        self.pixels = pixels
    }
}
