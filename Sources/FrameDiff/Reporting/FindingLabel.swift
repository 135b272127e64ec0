extension Finding {
    /// "flash 83 ms" (a cut has no duration): how every report names a finding.
    public var label: String {
        let d = self.kind.descriptor
        return d.hasDuration ? "\(d.label) \(JSON.format(self.durationMs, decimals: 0)) ms" : d.label
    }

    /// "flash 83 ms at 2.000 s": the label and when it starts.
    public var short: String { label + " at " + JSON.fixed(self.startMs / 1000, decimals: 3) + " s" }
}
