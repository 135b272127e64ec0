/// The report for a terminal: a header line, then one line per finding.
extension Report {
    public func text() -> String {
        var out = "\(film): \(video.width)x\(video.height) \(video.codec), \(video.frames) frames, "
            + "\(JSON.format(video.durationMs / 1000, decimals: 2)) s\n"
        if findings.isEmpty {
            out += "  no findings\n"
            return out
        }
        for f in findings { out += "  " + f.textLine + "\n" }
        return out
    }
}

extension Finding {
    /// `2.043 s  cut              at 0,980 1240×400   rmse 0.310`
    public var textLine: String {
        let time = pad(JSON.format(startMs / 1000, decimals: 3), 8) + " s"
        var what = kind.rawValue
        if kind != .cut { what += " " + JSON.format(durationMs, decimals: 0) + " ms" }
        var line = time + "  " + what.padding(toLength: 14, withPad: " ", startingAt: 0)
        line += "  " + region.description.padding(toLength: 18, withPad: " ", startingAt: 0)
        line += "  rmse " + JSON.format(peakRMSE, decimals: 3)
        if let c = colour { line += "  " + c.hex }
        return line
    }
}
