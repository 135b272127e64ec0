import CFrameDiff

/// The SHA-256 of some bytes as 64 lowercase hex digits: how a shard names the film list it
/// split, so that merge can tell shards of one split from shards of two.
///
///     sha256Hex(Array("abc".utf8))   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// The corresponding C function is `fd_sha256` (libavutil's `av_sha`).
public func sha256Hex(_ bytes: [UInt8]) -> String {
    var out = [UInt8](repeating: 0, count: 32)
    let status = bytes.withUnsafeBufferPointer { b in fd_sha256(b.baseAddress, b.count, &out) }
    // (the only failure is av_sha_alloc's, out of memory, where nothing else would run either)
    precondition(status == 0, "fd_sha256: out of memory")
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(64)
    for byte in out {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
}
