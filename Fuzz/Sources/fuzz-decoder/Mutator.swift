// A container-aware mutator for libFuzzer (LLVMFuzzerCustomMutator). Blind byte mutations of a
// film mostly break its container: NUT checks a CRC on every header packet, MPEG-TS on its PAT and
// PMT, and a byte inserted into an MP4 shifts every sample offset after it. So besides libFuzzer's
// own mutations (after which the checksums are put right again, now and then left wrong, as a
// damaged file has them), a mutant is made by walking the container (MP4/MOV boxes, Matroska
// elements, MPEG-TS packets, NUT packets, GIF blocks, PNG/APNG chunks, JPEG segments, H.264/HEVC
// NAL units, also inside MP4 samples and Matroska blocks) and changing one region in place:
// - a field (a header, a box or element that is no payload: sizes, dimensions, codec tags, pixel
//   formats, sample tables, PMT stream types, colour properties): an integer of 1, 2 or 4 bytes
//   set to an interesting value, or a byte set, as a damaged or hand-made file has them;
// - a payload (codec data: mdat, SimpleBlock, PES, NUT frames, LZW, IDAT, entropy-coded JPEG, NAL
//   units): bits flipped, a run randomised, filled or copied from elsewhere, libFuzzer's mutation
//   of the slice, all keeping its length so the container still finds it;
// or the file cut inside a region, or (MPEG-TS) a packet dropped, repeated or moved.
import Foundation
import FuzzShim
import FuzzSupport

// MARK: - checksums

/// CRC-32 with the polynomial 0x04C11DB7, most significant bit first, no final xor: NUT's
/// checksum from 0, MPEG-TS sections' from 0xFFFFFFFF.
let crcTable: [UInt32] = (0..<256).map { i -> UInt32 in
    var c = UInt32(i) << 24
    for _ in 0..<8 { c = c & 0x8000_0000 != 0 ? (c << 1) ^ 0x04C1_1DB7 : c << 1 }
    return c
}

func crc32msb(_ b: [UInt8], _ range: Range<Int>, from start: UInt32) -> UInt32 {
    var c = start
    for i in range { c = (c << 8) ^ crcTable[Int((c >> 24) ^ UInt32(b[i]))] }
    return c
}

func be(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { (at..<at + n).reduce(0) { $0 << 8 | Int(b[$1]) } }
func putBE(_ b: inout [UInt8], _ at: Int, _ n: Int, _ v: UInt64) {
    for k in 0..<n { b[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(n - 1 - k))) }
}

// MARK: - regions

enum Kind { case field, payload }

struct Regions {
    var fields: [Range<Int>] = []
    var payloads: [Range<Int>] = []
    mutating func add(_ kind: Kind, _ r: Range<Int>) {
        guard !r.isEmpty else { return }
        if kind == .field { fields.append(r) } else { payloads.append(r) }
    }
    var isEmpty: Bool { fields.isEmpty && payloads.isEmpty }
}

enum Container { case mov, matroska, mpegts, nut, gif, png, jpeg, annexB, unknown }

let nutID = Array("nut/multimedia container".utf8) + [0]
let nutStartcodes: [UInt64] = [0x4E4D_7A56_1F5F_04AD, 0x4E53_1140_5BF2_F9DB, 0x4E4B_E4AD_EECA_4569,
                               0x4E58_DD67_2F23_E64E, 0x4E49_AB68_B596_BA78]
let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

func container(_ b: [UInt8]) -> Container {
    if b.count >= 25, Array(b[0..<25]) == nutID { return .nut }
    if b.count >= 4, b[0] == 0x1A, b[1] == 0x45, b[2] == 0xDF, b[3] == 0xA3 { return .matroska }
    if b.count >= 8, Array(b[0..<8]) == pngSignature { return .png }
    if b.count >= 6, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46, b[3] == 0x38 { return .gif }
    if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
    if b.count >= 188 * 2, b[0] == 0x47, b[188] == 0x47 { return .mpegts }
    if b.count >= 8 {
        let type = String(decoding: b[4..<8], as: UTF8.self)
        if ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].contains(type) { return .mov }
    }
    if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 1 || (b[2] == 0 && b[3] == 1) { return .annexB }
    return .unknown
}

// --- MP4/MOV

let movContainers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "dinf", "edts", "udta", "mvex", "moof", "traf",
                                   "tref", "gmhd", "meta", "ilst"]

func movBoxes(_ b: [UInt8], _ range: Range<Int>, depth: Int, _ out: inout Regions) {
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
        var size = be(b, i, 4), header = 8
        if size == 1 {
            guard i + 16 <= range.upperBound else { return }
            size = be(b, i + 8, 8) & Int.max
            header = 16
        } else if size == 0 {
            size = range.upperBound - i
        }
        guard size >= header, size <= range.upperBound - i else {
            out.add(.field, i..<i + header)  // a box that runs past its parent: its size is the thing to vary
            return
        }
        let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
        let body = i + header..<i + size
        out.add(.field, i..<i + header)
        if depth < 10 && movContainers.contains(type) {
            movBoxes(b, type == "meta" ? min(body.lowerBound + 4, body.upperBound)..<body.upperBound : body, depth: depth + 1, &out)
        } else if type == "stsd", body.count >= 8 {
            // version and flags, the entry count, then sample entries: a box whose first 78 bytes
            // are the visual sample entry's fields (size, depth, colour table), then boxes
            out.add(.field, body.lowerBound..<body.lowerBound + 8)
            var e = body.lowerBound + 8
            while e + 8 <= body.upperBound {
                let n = be(b, e, 4)
                guard n >= 8, n <= body.upperBound - e else { out.add(.field, e..<body.upperBound); break }
                out.add(.field, e..<min(e + 86, e + n))
                if n > 86 { movBoxes(b, e + 86..<e + n, depth: depth + 1, &out) }
                e += n
            }
        } else if type == "mdat" {
            samples(b, body, &out)
        } else {
            out.add(.field, body)
        }
        i += size
    }
}

/// Codec data (an mdat, a Matroska block): PNG, JPEG and length-prefixed NAL units walked inside,
/// anything else one payload.
func samples(_ b: [UInt8], _ range: Range<Int>, _ out: inout Regions) {
    var i = range.lowerBound
    var walked = false
    // PNG or JPEG frames one after another (PNG-in-MOV, MJPEG)
    while i + 8 <= range.upperBound {
        if Array(b[i..<i + 8]) == pngSignature {
            i = pngChunks(b, i..<range.upperBound, &out)
            walked = true
        } else if b[i] == 0xFF, b[i + 1] == 0xD8 {
            i = jpegSegments(b, i..<range.upperBound, &out)
            walked = true
        } else {
            break
        }
    }
    if walked {
        out.add(.payload, i..<range.upperBound)
        return
    }
    // AVCC/HVCC: 4-byte big-endian lengths that cover the range exactly
    var nals: [Range<Int>] = []
    i = range.lowerBound
    while i + 4 <= range.upperBound {
        let n = be(b, i, 4)
        guard n > 0, n <= range.upperBound - i - 4 else { break }
        nals.append(i + 4..<i + 4 + n)
        i += 4 + n
    }
    if i == range.upperBound && !nals.isEmpty {
        for n in nals { nal(n, &out) }
        var at = range.lowerBound
        for n in nals { out.add(.field, at..<n.lowerBound); at = n.upperBound }
        return
    }
    // a stretch of frames: mutate it in parts, so that one mutation is not always in the first frame
    var at = range.lowerBound
    while at < range.upperBound {
        let end = min(range.upperBound, at + 512)
        out.add(.payload, at..<end)
        at = end
    }
}

/// A NAL unit: its header (2 bytes covers H.264's extensions and HEVC's header) and its body.
func nal(_ r: Range<Int>, _ out: inout Regions) {
    let h = min(r.upperBound, r.lowerBound + 2)
    out.add(.field, r.lowerBound..<h)
    // the parameter sets and slice headers are in the first bytes
    out.add(.field, h..<min(r.upperBound, h + 16))
    out.add(.payload, h..<r.upperBound)
}

// --- Matroska

let ebmlMasters: Set<Int> = [0x1A45_DFA3, 0x1853_8067, 0x114D_9B74, 0x4DBB, 0x1549_A966, 0x1654_AE6B, 0xAE, 0xE0, 0x55B0,
                             0x55D0, 0x7670, 0x1F43_B675, 0xA0, 0x1C53_BB6B, 0xBB, 0xB7, 0x1254_C367, 0x7373, 0x67C8, 0x63C0,
                             0x6D80, 0x6240, 0x5034, 0x5035, 0x1043_A770, 0x45B9, 0xB6, 0x80, 0x75A1, 0xA6]

/// An EBML variable-length integer at `at`: (value, length), the marker kept for an ID.
func vint(_ b: [UInt8], _ at: Int, _ end: Int, keepMarker: Bool) -> (Int, Int, Bool)? {
    guard at < end, b[at] != 0 else { return nil }
    let first = Int(b[at])
    var len = 1
    while first & (0x80 >> (len - 1)) == 0 { len += 1 }
    guard at + len <= end else { return nil }
    var v = keepMarker ? first : first & (0xFF >> len)
    var ones = first & (0xFF >> len) == 0xFF >> len
    for k in 1..<len {
        v = v << 8 | Int(b[at + k])
        ones = ones && b[at + k] == 0xFF
    }
    return (v, len, ones)
}

func ebml(_ b: [UInt8], _ range: Range<Int>, depth: Int, _ out: inout Regions) {
    var i = range.lowerBound
    while i < range.upperBound {
        guard let (id, a, _) = vint(b, i, range.upperBound, keepMarker: true),
              let (size, c, unknown) = vint(b, i + a, range.upperBound, keepMarker: false) else {
            out.add(.field, i..<min(range.upperBound, i + 8))
            return
        }
        let body = i + a + c
        let end = unknown ? range.upperBound : body + size
        out.add(.field, i..<body)
        guard end <= range.upperBound else { return }
        if ebmlMasters.contains(id) && depth < 10 {
            ebml(b, body..<end, depth: depth + 1, &out)
        } else if id == 0xA3 || id == 0xA1 {
            // SimpleBlock or Block: track number, timecode, flags, then the frame
            if let (_, t, _) = vint(b, body, end, keepMarker: false), body + t + 3 <= end {
                out.add(.field, body..<body + t + 3)
                samples(b, body + t + 3..<end, &out)
            }
        } else {
            out.add(.field, body..<end)
        }
        if unknown && !ebmlMasters.contains(id) { return }
        i = end
    }
}

// --- MPEG-TS

/// The PIDs that carry sections (PAT, the PMTs the PAT names, SDT) in a transport stream.
func sectionPIDs(_ b: [UInt8]) -> Set<Int> {
    var pids: Set<Int> = [0, 0x11]
    var p = 0
    while p + 188 <= b.count {
        defer { p += 188 }
        guard b[p] == 0x47 else { continue }
        let pid = (Int(b[p + 1]) & 0x1F) << 8 | Int(b[p + 2])
        guard pid == 0, b[p + 1] & 0x40 != 0, let s = section(b, p) else { continue }
        // program entries: number (2), PID (2), until the CRC
        var e = s.lowerBound + 8
        while e + 4 <= s.upperBound - 4 {
            if be(b, e, 2) != 0 { pids.insert(be(b, e + 2, 2) & 0x1FFF) }
            e += 4
        }
    }
    return pids
}

/// The payload of a packet at `p`: after the header and the adaptation field.
func tsPayload(_ b: [UInt8], _ p: Int) -> Int? {
    let afc = (b[p + 3] >> 4) & 3
    var at = p + 4
    if afc & 2 != 0 { at += 1 + Int(b[p + 4]) }
    return afc & 1 != 0 && at < p + 188 ? at : nil
}

/// The section that starts in the packet at `p` (CRC included), when it ends in the packet too.
func section(_ b: [UInt8], _ p: Int) -> Range<Int>? {
    guard let at = tsPayload(b, p) else { return nil }
    let s = at + 1 + Int(b[at])
    guard s + 3 <= p + 188 else { return nil }
    let n = (Int(b[s + 1]) & 0x0F) << 8 | Int(b[s + 2])
    guard n >= 5, s + 3 + n <= p + 188 else { return nil }
    return s..<s + 3 + n
}

func tsPackets(_ b: [UInt8], _ out: inout Regions) {
    let psi = sectionPIDs(b)
    var p = 0
    while p + 188 <= b.count {
        defer { p += 188 }
        guard b[p] == 0x47 else { out.add(.payload, p..<p + 188); continue }
        let pid = (Int(b[p + 1]) & 0x1F) << 8 | Int(b[p + 2])
        guard let at = tsPayload(b, p) else { out.add(.field, p..<p + 188); continue }
        out.add(.field, p..<at)
        if psi.contains(pid) {
            if b[p + 1] & 0x40 != 0, let s = section(b, p) { out.add(.field, s.lowerBound..<s.upperBound - 4) }
        } else if b[p + 1] & 0x40 != 0, at + 9 <= p + 188, b[at] == 0, b[at + 1] == 0, b[at + 2] == 1 {
            // a PES header: stream id, length, flags, header length and the timestamps
            let h = min(p + 188, at + 9 + Int(b[at + 8]))
            out.add(.field, at..<h)
            out.add(.payload, h..<p + 188)
        } else {
            out.add(.payload, at..<p + 188)
        }
    }
}

/// Puts the CRC of every section that fits in its packet right.
func fixTSCRCs(_ b: inout [UInt8]) {
    let psi = sectionPIDs(b)
    var p = 0
    while p + 188 <= b.count {
        defer { p += 188 }
        guard b[p] == 0x47, b[p + 1] & 0x40 != 0, psi.contains((Int(b[p + 1]) & 0x1F) << 8 | Int(b[p + 2])),
              let s = section(b, p) else { continue }
        putBE(&b, s.upperBound - 4, 4, UInt64(crc32msb(b, s.lowerBound..<s.upperBound - 4, from: 0xFFFF_FFFF)))
    }
}

// --- NUT

/// NUT's packets: (start of the startcode, body range incl. the checksum, whether it has a header checksum).
func nutPackets(_ b: [UInt8]) -> [(start: Int, body: Range<Int>, headerCRC: Bool)] {
    var out: [(Int, Range<Int>, Bool)] = []
    var i = 0
    while i + 9 <= b.count {
        guard b[i] == 0x4E, nutStartcodes.contains(UInt64(be(b, i, 8))) else { i += 1; continue }
        var at = i + 8, v = 0
        while at < b.count && at < i + 17 {
            v = v << 7 | Int(b[at] & 0x7F)
            at += 1
            if b[at - 1] & 0x80 == 0 { break }
        }
        let headerCRC = v > 4096
        if headerCRC { at += 4 }
        guard v >= 4, v <= b.count - at else { i += 8; continue }
        out.append((i, at..<at + v, headerCRC))
        i = at + v
    }
    return out
}

func nutRegions(_ b: [UInt8], _ out: inout Regions) {
    var last = 25
    out.add(.field, 0..<25)
    for p in nutPackets(b) {
        // between packets: frames (their headers and data)
        if p.start > last { out.add(.payload, last..<p.start) }
        out.add(.field, p.start..<p.body.lowerBound)
        out.add(.field, p.body.lowerBound..<p.body.upperBound - 4)
        last = p.body.upperBound
    }
    if last < b.count { out.add(.payload, last..<b.count) }
}

func fixNUTChecksums(_ b: inout [UInt8]) {
    for p in nutPackets(b) {
        if p.headerCRC {
            putBE(&b, p.body.lowerBound - 4, 4, UInt64(crc32msb(b, p.start..<p.body.lowerBound - 4, from: 0)))
        }
        putBE(&b, p.body.upperBound - 4, 4, UInt64(crc32msb(b, p.body.lowerBound..<p.body.upperBound - 4, from: 0)))
    }
}

// --- GIF, PNG, JPEG, Annex B

func gifBlocks(_ b: [UInt8], _ out: inout Regions) {
    guard b.count >= 13 else { return }
    out.add(.field, 0..<13)
    var i = 13
    func table(_ flags: UInt8) {
        if flags & 0x80 != 0 {
            let n = 3 << (Int(flags & 7) + 1)
            out.add(.payload, i..<min(b.count, i + n))
            i += n
        }
    }
    func subBlocks(_ kind: Kind) {
        while i < b.count {
            let n = Int(b[i])
            out.add(.field, i..<i + 1)
            i += 1
            if n == 0 { return }
            out.add(kind, i..<min(b.count, i + n))
            i += n
        }
    }
    table(b[10])
    while i < b.count {
        switch b[i] {
        case 0x21:
            out.add(.field, i..<min(b.count, i + 2))
            i += 2
            subBlocks(.field)
        case 0x2C:
            guard i + 10 <= b.count else { out.add(.field, i..<b.count); return }
            out.add(.field, i..<i + 10)
            let flags = b[i + 9]
            i += 10
            table(flags)
            if i < b.count { out.add(.field, i..<i + 1) }  // LZW minimum code size
            i += 1
            subBlocks(.payload)
        default:
            return
        }
    }
}

/// The chunks of a PNG at range.lowerBound; returns where it ends (after IEND).
func pngChunks(_ b: [UInt8], _ range: Range<Int>, _ out: inout Regions) -> Int {
    var i = range.lowerBound + 8
    out.add(.field, range.lowerBound..<i)
    while i + 12 <= range.upperBound {
        let n = be(b, i, 4)
        guard n <= range.upperBound - i - 12 else { out.add(.field, i..<i + 8); return range.upperBound }
        let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
        out.add(.field, i..<i + 8)
        let data = i + 8..<i + 8 + n
        if type == "IDAT" || type == "fdAT" {
            if type == "fdAT" { out.add(.field, data.lowerBound..<min(data.upperBound, data.lowerBound + 4)) }
            out.add(.payload, type == "fdAT" ? min(data.upperBound, data.lowerBound + 4)..<data.upperBound : data)
        } else {
            out.add(.field, data)
        }
        i += 12 + n
        if type == "IEND" { break }
    }
    return i
}

/// The segments of a JPEG at range.lowerBound; returns where it ends (after EOI).
func jpegSegments(_ b: [UInt8], _ range: Range<Int>, _ out: inout Regions) -> Int {
    var i = range.lowerBound + 2
    out.add(.field, range.lowerBound..<i)
    while i + 4 <= range.upperBound, b[i] == 0xFF {
        let marker = b[i + 1]
        if marker == 0xD9 { out.add(.field, i..<i + 2); return i + 2 }
        if marker == 0xFF { i += 1; continue }
        let n = be(b, i + 2, 2)
        guard n >= 2, i + 2 + n <= range.upperBound else { out.add(.field, i..<min(range.upperBound, i + 4)); return range.upperBound }
        out.add(.field, i..<i + 2 + n)
        i += 2 + n
        if marker == 0xDA {
            // entropy-coded data, up to the next marker that is no stuffing or restart
            let start = i
            while i + 1 < range.upperBound && !(b[i] == 0xFF && b[i + 1] != 0 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
            out.add(.payload, start..<i)
        }
    }
    return i
}

func annexB(_ b: [UInt8], _ out: inout Regions) {
    var starts: [Int] = []
    var i = 0
    while i + 3 <= b.count {
        if b[i] == 0, b[i + 1] == 0, b[i + 2] == 1 { starts.append(i + 3); i += 3 } else { i += 1 }
    }
    for (k, s) in starts.enumerated() {
        let e = k + 1 < starts.count ? starts[k + 1] - 3 : b.count
        if e > s { nal(s..<e, &out) }
    }
}

func regions(_ b: [UInt8], _ kind: Container) -> Regions {
    var out = Regions()
    switch kind {
    case .mov: movBoxes(b, 0..<b.count, depth: 0, &out)
    case .matroska: ebml(b, 0..<b.count, depth: 0, &out)
    case .mpegts: tsPackets(b, &out)
    case .nut: nutRegions(b, &out)
    case .gif: gifBlocks(b, &out)
    case .png: _ = pngChunks(b, 0..<b.count, &out)
    case .jpeg: samples(b, 0..<b.count, &out)
    case .annexB: annexB(b, &out)
    case .unknown: break
    }
    return out
}

func fixChecksums(_ b: inout [UInt8], _ kind: Container) {
    switch kind {
    case .nut: fixNUTChecksums(&b)
    case .mpegts: fixTSCRCs(&b)
    default: break
    }
}

// MARK: - the mutations

let interesting: [UInt64] = [0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 100, 127, 128, 255, 256, 1000, 1023,
                             1024, 4095, 4096, 8191, 8192, 8193, 16384, 32767, 32768, 65535, 65536, 0x7fff_ffff,
                             0x8000_0000, 0xffff_fffe, 0xffff_ffff]

/// An integer (or a byte) of a field set to an interesting value.
func mutateField(_ b: inout [UInt8], _ r: Range<Int>, _ g: inout Rng) {
    let width = [1, 1, 2, 4][g.below(4)]
    guard r.count >= width else { if !r.isEmpty { b[r.lowerBound + g.below(r.count)] = g.byte() }; return }
    let at = r.lowerBound + g.below(r.count - width + 1)
    let old = UInt64(be(b, at, width))
    var v: UInt64
    switch g.below(6) {
    case 0: v = old &+ UInt64(1 + g.below(4))
    case 1: v = old &- UInt64(1 + g.below(4))
    case 2: v = UInt64(g.byte())
    case 3: v = old ^ (1 << UInt64(g.below(8 * width)))
    default: v = interesting[g.below(interesting.count)]
    }
    if g.chance(4) {
        // little-endian (NUT's and Matroska's neighbours, BITMAPINFOHEADER, FFV1)
        var swapped: UInt64 = 0
        for k in 0..<width { swapped = swapped << 8 | (v >> (8 * UInt64(k)) & 0xff) }
        v = swapped
    }
    putBE(&b, at, width, v)
}

/// Bytes of a payload changed in place (its length kept).
func mutatePayload(_ b: inout [UInt8], _ r: Range<Int>, _ g: inout Rng, all: [Range<Int>]) {
    guard !r.isEmpty else { return }
    let n = r.count
    switch g.below(6) {
    case 0:
        for _ in 0..<1 + g.below(4) { b[r.lowerBound + g.below(n)] ^= 1 << UInt8(g.below(8)) }
    case 1:
        let at = r.lowerBound + g.below(n), len = min(r.upperBound - at, 1 + g.below(32))
        for k in at..<at + len { b[k] = g.byte() }
    case 2:
        let at = r.lowerBound + g.below(n), len = min(r.upperBound - at, 1 + g.below(g.chance(4) ? n : 64))
        let v: UInt8 = [0, 0xFF, 0x80, g.byte()][g.below(4)]
        for k in at..<at + len { b[k] = v }
    case 3:
        // a run from another region (another frame's data, a header in a payload)
        let src = all[g.below(all.count)]
        guard !src.isEmpty else { return }
        let from = src.lowerBound + g.below(src.count), to = r.lowerBound + g.below(n)
        let len = min(src.upperBound - from, r.upperBound - to, 1 + g.below(128))
        let run = Array(b[from..<from + len])
        b.replaceSubrange(to..<to + len, with: run)
    default:
        // libFuzzer's own mutation of the slice (its dictionary too), fitted back to the length
        var slice = Array(b[r])
        let size = slice.withUnsafeMutableBufferPointer { libFuzzerMutate($0.baseAddress!, n, n, &g) }
        if size < n { slice.replaceSubrange(size..<n, with: b[r.lowerBound + size..<r.upperBound]) }
        b.replaceSubrange(r, with: slice[0..<n])
    }
}

/// A packet of a transport stream dropped, repeated or moved (a lossy broadcast, a bad splice).
func mutateTSPackets(_ b: inout [UInt8], _ g: inout Rng, maxSize: Int) {
    let count = b.count / 188
    guard count > 1 else { return }
    let k = g.below(count)
    let packet = Array(b[k * 188..<k * 188 + 188])
    switch g.below(3) {
    case 0: b.removeSubrange(k * 188..<k * 188 + 188)
    case 1 where b.count + 188 <= maxSize: b.insert(contentsOf: packet, at: g.below(count + 1) * 188)
    default:
        b.removeSubrange(k * 188..<k * 188 + 188)
        b.insert(contentsOf: packet, at: g.below(count) * 188)
    }
}

/// libFuzzer's own mutation (LLVMFuzzerMutate), or in the mutator's self-test (no libFuzzer
/// driver running) a byte changed and the size moved by up to 16.
nonisolated(unsafe) var mutatorSelfTest = false
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ g: inout Rng) -> Int {
    if !mutatorSelfTest { return fuzzshim_mutate(data, size, maxSize) }
    if size > 0 { data[g.below(size)] = g.byte() }
    return max(0, min(maxSize, size + g.below(33) - 16))
}

/// FUZZ_MUTATOR_SELFTEST=N: N mutations in a chain from each seed named on the command line, no
/// target run (the mutator's own bugs show here with their stack, not as an empty crash input).
func mutatorSelfTestRun(rounds: Int, files: [String]) -> Never {
    mutatorSelfTest = true
    let maxSize = 16384
    var buffer = [UInt8](repeating: 0, count: maxSize)
    var total = 0
    for (k, file) in files.enumerated() {
        guard let fp = fopen(file, "rb") else { continue }
        let n = buffer.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, maxSize, fp) }
        fclose(fp)
        let seed = Array(buffer[0..<n])
        guard !seed.isEmpty else { continue }
        var size = seed.count
        buffer.replaceSubrange(0..<size, with: seed)
        for round in 0..<rounds {
            size = buffer.withUnsafeMutableBufferPointer {
                customMutator($0.baseAddress!, size, maxSize, UInt32(truncatingIfNeeded: round &* 2654435761 &+ k))
            }
            precondition(size > 0 && size <= maxSize, "mutator: size \(size)")
            if round % 64 == 63 { size = seed.count; buffer.replaceSubrange(0..<size, with: seed) }
            total += 1
        }
    }
    print("mutator self-test: \(total) mutations of \(files.count) seeds")
    exit(0)
}

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var g = Rng(state: UInt64(seed) | UInt64(size) << 32)
    var b = Array(UnsafeBufferPointer(start: data, count: size))
    let kind = container(b)
    let found = kind == .unknown ? Regions() : regions(b, kind)
    let mode = g.below(10)
    if mode < 3 || found.isEmpty {
        b += [UInt8](repeating: 0, count: max(0, maxSize - b.count))
        let n = b.withUnsafeMutableBufferPointer { libFuzzerMutate($0.baseAddress!, size, maxSize, &g) }
        b = Array(b[..<n])
    } else if mode == 3 && kind == .mpegts {
        mutateTSPackets(&b, &g, maxSize: maxSize)
    } else if mode == 3 && g.chance(2) {
        // cut short inside a region (a recording stopped mid-write)
        let all = found.fields + found.payloads
        let r = all[g.below(all.count)]
        b = Array(b[..<max(1, r.lowerBound + g.below(r.count + 1))])
    } else {
        let all = found.fields + found.payloads
        for _ in 0..<1 + (g.chance(3) ? g.below(4) : 0) {
            let useField = found.payloads.isEmpty || (!found.fields.isEmpty && g.chance(2))
            let r = useField ? found.fields[g.below(found.fields.count)] : found.payloads[g.below(found.payloads.count)]
            if useField != g.chance(5) { mutateField(&b, r, &g) } else { mutatePayload(&b, r, &g, all: all) }
        }
    }
    if g.below(8) != 0 { fixChecksums(&b, container(b)) }  // now and then a wrong one, as a damaged file has
    guard b.count <= maxSize, !b.isEmpty else { return size }
    b.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return b.count
}
