// A PNG-aware mutator for libFuzzer (LLVMFuzzerCustomMutator). libpng checks every chunk's CRC and
// inflates the image data, so most blind byte mutations die at the first chunk. Here every mutant
// gets its CRCs recomputed, and besides libFuzzer's own mutations there are header edits (size,
// bit depth, colour type, interlace), image data rebuilt to fit the header (zlib stored blocks,
// random filter bytes, sometimes a little short or long), and chunk edits (drop, duplicate, move,
// insert PLTE, tRNS, gAMA, sBIT, bKGD, IEND or a random chunk).
import FuzzShim
import FuzzSupport

let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

struct Chunk {
    var type: [UInt8]
    var data: [UInt8]
}

func be32(_ b: ArraySlice<UInt8>) -> UInt32 { b.reduce(0) { $0 << 8 | UInt32($1) } }
func put32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

/// The chunks of a PNG, as far as they can be followed; nil when it does not start with the signature.
func chunks(_ b: [UInt8]) -> [Chunk]? {
    guard b.count >= 8, Array(b[0..<8]) == signature else { return nil }
    var out: [Chunk] = []
    var i = 8
    while i + 12 <= b.count {
        let n = Int(be32(b[i..<i + 4]))
        guard n <= b.count - i - 12 else { break }
        out.append(Chunk(type: Array(b[i + 4..<i + 8]), data: Array(b[i + 8..<i + 8 + n])))
        i += 12 + n
    }
    return out
}

func serialise(_ cs: [Chunk]) -> [UInt8] {
    var out = signature
    for c in cs {
        out += put32(UInt32(c.data.count)) + c.type + c.data
        let crc = (c.type + c.data).withUnsafeBufferPointer { fuzzshim_crc32(0, $0.baseAddress, $0.count) }
        out += put32(crc)
    }
    return out
}

/// Recomputes the CRC of every whole chunk in place.
func fixCRCs(_ b: inout [UInt8]) {
    guard b.count >= 8, Array(b[0..<8]) == signature else { return }
    var i = 8
    while i + 12 <= b.count {
        let n = Int(be32(b[i..<i + 4]))
        guard n <= b.count - i - 12 else { break }
        let crc = b.withUnsafeBufferPointer { fuzzshim_crc32(0, $0.baseAddress! + i + 4, n + 4) }
        b.replaceSubrange(i + 8 + n..<i + 12 + n, with: put32(crc))
        i += 12 + n
    }
}

/// zlib stream of stored (uncompressed) blocks.
func zlibStored(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var i = 0
    repeat {
        let n = min(65535, raw.count - i)
        let last: UInt8 = i + n >= raw.count ? 1 : 0
        out += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
        out += raw[i..<i + n]
        i += n
    } while i < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for v in raw {
        a = (a + UInt32(v)) % 65521
        b = (b + a) % 65521
    }
    return out + put32(b << 16 | a)
}

/// Bytes of filtered image data a header asks for (nil when it is not a valid header or too big).
func rawSize(width w: Int, height h: Int, depth: Int, colour: Int, interlace: Int) -> Int? {
    let channels: Int
    switch colour {
    case 0: channels = 1
    case 2: channels = 3
    case 3: channels = 1
    case 4: channels = 2
    case 6: channels = 4
    default: return nil
    }
    guard [1, 2, 4, 8, 16].contains(depth), w > 0, h > 0, w <= 4096, h <= 4096 else { return nil }
    func rows(_ pw: Int, _ ph: Int) -> Int { pw == 0 || ph == 0 ? 0 : ph * (1 + (pw * channels * depth + 7) / 8) }
    if interlace == 0 { return rows(w, h) }
    // Adam7: (x0, y0, dx, dy) of each pass
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    return passes.reduce(0) { sum, p in
        sum + rows((w - p.0 + p.2 - 1) / p.2, (h - p.1 + p.3 - 1) / p.3)
    }
}

let interestingSizes: [UInt32] = [0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 257, 1000, 4096,
                                  21845, 21846, 65535, 65536, 65537, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff]

func mutateHeader(_ cs: inout [Chunk], _ r: inout Rng) {
    guard let i = cs.firstIndex(where: { $0.type == Array("IHDR".utf8) }), cs[i].data.count >= 13 else { return }
    var d = cs[i].data
    switch r.below(6) {
    case 0, 1:
        let v = r.below(3) == 0 ? UInt32(r.below(300)) : interestingSizes[r.below(interestingSizes.count)]
        d.replaceSubrange(r.below(2) == 0 ? 0..<4 : 4..<8, with: put32(v))
    case 2: d[8] = r.below(8) == 0 ? r.byte() : [1, 2, 4, 8, 16][r.below(5)]
    case 3: d[9] = r.below(8) == 0 ? r.byte() : [0, 2, 3, 4, 6][r.below(5)]
    case 4: d[12] = r.below(8) == 0 ? r.byte() : UInt8(r.below(2))
    default: d[10 + r.below(2)] = r.below(2) == 0 ? 0 : r.byte()
    }
    cs[i].data = d
}

func rebuildImageData(_ cs: inout [Chunk], _ r: inout Rng, limit: Int) {
    guard let h = cs.first(where: { $0.type == Array("IHDR".utf8) }), h.data.count >= 13 else { return }
    let d = h.data
    guard var n = rawSize(width: Int(be32(d[0..<4])), height: Int(be32(d[4..<8])), depth: Int(d[8]), colour: Int(d[9]),
                          interlace: Int(d[12])), n <= limit else { return }
    switch r.below(8) {
    case 0: n = max(0, n - 1 - r.below(8))  // short
    case 1: n += 1 + r.below(8)  // long
    default: break
    }
    var raw = r.below(3) == 0 ? r.bytes(n) : [UInt8](repeating: r.byte(), count: n)
    // filter bytes: mostly valid (0-4), sometimes not; where they fall is only exact for a
    // non-interlaced image, which is enough to reach the filters
    let rowBytes = 1 + (Int(be32(d[0..<4])) * [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(d[9]), default: 1] * Int(d[8]) + 7) / 8
    var at = 0
    while at < raw.count {
        raw[at] = r.below(16) == 0 ? r.byte() : UInt8(r.below(5))
        at += rowBytes
    }
    let z = zlibStored(raw)
    var idat: [Chunk] = []
    if r.below(3) == 0 && z.count > 2 {
        let cut = 1 + r.below(z.count - 1)
        idat = [Chunk(type: Array("IDAT".utf8), data: Array(z[..<cut])), Chunk(type: Array("IDAT".utf8), data: Array(z[cut...]))]
    } else {
        idat = [Chunk(type: Array("IDAT".utf8), data: z)]
    }
    let first = cs.firstIndex(where: { $0.type == Array("IDAT".utf8) })
    cs.removeAll { $0.type == Array("IDAT".utf8) }
    let at2 = first.map { min($0, cs.count) } ?? cs.firstIndex(where: { $0.type == Array("IEND".utf8) }) ?? cs.count
    cs.insert(contentsOf: idat, at: at2)
}

func mutateChunks(_ cs: inout [Chunk], _ r: inout Rng) {
    switch r.below(5) {
    case 0 where !cs.isEmpty: cs.remove(at: r.below(cs.count))
    case 1 where !cs.isEmpty: let i = r.below(cs.count); cs.insert(cs[i], at: r.below(cs.count + 1))
    case 2 where cs.count > 1: let c = cs.remove(at: r.below(cs.count)); cs.insert(c, at: r.below(cs.count + 1))
    default:
        let types = ["PLTE", "tRNS", "gAMA", "sBIT", "bKGD", "IEND", "IHDR", "zzZz"]
        let type = types[r.below(types.count)]
        let data: [UInt8]
        switch type {
        case "PLTE": data = r.bytes(3 * (1 + r.below(r.below(2) == 0 ? 4 : 300)))
        case "tRNS": data = r.bytes(r.below(r.below(2) == 0 ? 8 : 300))
        case "gAMA": data = r.bytes(4)
        case "sBIT": data = r.bytes(1 + r.below(4))
        case "bKGD": data = r.bytes(1 + r.below(6))
        case "IEND": data = []
        case "IHDR": data = r.bytes(13)
        default: data = r.bytes(r.below(40))
        }
        let c = Chunk(type: Array(type.utf8), data: data)
        // most chunks belong before the image data
        let idat = cs.firstIndex(where: { $0.type == Array("IDAT".utf8) }) ?? cs.count
        cs.insert(c, at: r.below(2) == 0 ? r.below(idat + 1) : r.below(cs.count + 1))
    }
}

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var r = Rng(state: UInt64(seed) | UInt64(size) << 32)
    var b = Array(UnsafeBufferPointer(start: data, count: size))
    let mode = r.below(10)
    if mode >= 4, var cs = chunks(b) {
        switch mode {
        case 4, 5: mutateHeader(&cs, &r); if r.below(2) == 0 { rebuildImageData(&cs, &r, limit: maxSize / 2) }
        case 6, 7: rebuildImageData(&cs, &r, limit: maxSize / 2)
        default: mutateChunks(&cs, &r)
        }
        b = serialise(cs)
    } else {
        b += [UInt8](repeating: 0, count: max(0, maxSize - b.count))
        let n = b.withUnsafeMutableBufferPointer { fuzzshim_mutate($0.baseAddress!, size, maxSize) }
        b = Array(b[..<n])
        if r.below(8) != 0 { fixCRCs(&b) }  // now and then a wrong CRC, as a damaged file has
    }
    guard b.count <= maxSize, !b.isEmpty else { return size }
    b.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return b.count
}
