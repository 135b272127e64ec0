import Foundation

/// ImageMagick's RMSE over R, G and B: sqrt(mean over pixels and channels of ((a-b)/255)^2).
///
/// Built from the exact integer sum of squared differences and the number of samples (pixels x 3),
/// so every stage keeps the integers and derives the same double. Frames of more than 8 bits are
/// measured on 16-bit values (`maxValue` 65535), as ImageMagick measures ffmpeg's 16-bit PNGs.
///
///     RMSE(sse: 1_000, samples: 300).normalized   // 0.0071...
public struct RMSE: Equatable, Sendable {
    /// Sum of squared differences of channel values.
    public var sse: UInt64
    /// Values summed over: pixels x 3 channels.
    public var samples: UInt64
    /// Largest channel value: 255 for 8-bit pictures, 65535 for 16-bit.
    public var maxValue: UInt64

    public init(sse: UInt64, samples: UInt64, maxValue: UInt64 = 255) {
        self.sse = sse
        self.samples = samples
        self.maxValue = maxValue
    }

    /// The largest possible delta (every value from 0 to the maximum).
    public static func maximal(samples: UInt64, maxValue: UInt64) -> RMSE {
        RMSE(sse: samples * maxValue * maxValue, samples: samples, maxValue: maxValue)
    }

    /// 0-1 (what `compare` prints in parentheses).
    public var normalized: Double {
        samples == 0 ? 0 : (Double(sse) / Double(samples)).squareRoot() / Double(maxValue)
    }

    /// On ImageMagick's 0-65535 quantum scale (what `compare` prints first).
    public var absolute: Double { normalized * 65535 }

    /// `compare -metric RMSE` formatting: "ABS (NORM)" with ImageMagick's %g-style precision.
    public var compareText: String {
        "\(formatSignificant(absolute, digits: 6)) (\(formatSignificant(normalized, digits: 6)))"
    }
}

/// printf("%.*g") without Foundation's locale: `digits` significant digits, no trailing zeros.
func formatSignificant(_ value: Double, digits: Int) -> String {
    if value == 0 { return "0" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([Int32(digits), value]) { vsnprintf(&buffer, 64, "%.*g", $0) }
    return String(cString: buffer)
}
