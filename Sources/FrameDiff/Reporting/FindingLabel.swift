extension Finding {
    /// "flash 83 ms" (a cut has no duration): how every report names a finding.
    public var label: String {
        let d = kind.descriptor
        return d.hasDuration ? "\(d.label) \(JSON.format(durationMs, decimals: 0)) ms" : d.label
    }

    /// "flash 83 ms at 2.000 s": the label and when it starts.
    public var short: String { label + " at " + JSON.fixed(startMs / 1000, decimals: 3) + " s" }
}
