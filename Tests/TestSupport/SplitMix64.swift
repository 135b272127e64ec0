/// A small deterministic random generator (Steele, Lea and Flood's SplitMix64) for tests that
/// want varied but repeatable inputs: random pixels for the kernels, mutants of a film.
///
///     var rng = SplitMix64(seed: 2026); let bytes = rng.bytes(64)
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `n` random bytes.
    public mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
