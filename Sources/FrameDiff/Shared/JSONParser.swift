import Foundation

extension JSON {
    /// Why text is not JSON: the byte offset and what was expected there.
    public struct ParseError: Error, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "at byte \(offset): \(reason)" }
    }

    /// Parses JSON (RFC 8259, strictly: its number grammar, its escapes, UTF-8, no control
    /// characters in strings) keeping the order of object members (so `merge` writes films as the
    /// audit wrote them). Numbers keep up to 12 decimals; nesting deeper than 512 is refused, and so is
    /// an object naming a key twice (which of the two a reader takes is up to the reader: merge
    /// once wrote one film in its table and the other in its JSON). A UTF-8 byte-order mark before
    /// the value is skipped (RFC 8259 lets a parser ignore it; editors on Windows write one).
    ///
    ///     let j = try JSON.parse(Data(#"{"b": 1, "a": [true, null]}"#.utf8))
    public static func parse(_ data: Data) throws -> JSON {
        var p = Parser(bytes: [UInt8](data))
        if p.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.at = 3 }
        let value = try p.value(depth: 0)
        p.skipSpace()
        guard p.at == p.bytes.count else { throw ParseError(offset: p.at, reason: "text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        func fail(_ reason: String) -> ParseError { ParseError(offset: at, reason: reason) }

        mutating func literal(_ word: String, _ value: JSON) throws -> JSON {
            let w = Array(word.utf8)
            guard at + w.count <= bytes.count, Array(bytes[at..<at + w.count]) == w else { throw fail("expected \(word)") }
            at += w.count
            return value
        }

        mutating func value(depth: Int) throws -> JSON {
            guard depth < 512 else { throw fail("nested too deep") }
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var members: [(String, JSON)] = []
                var keys = Set<String>()
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                while true {
                    skipSpace()
                    let keyAt = at
                    let key = try string()
                    guard keys.insert(key).inserted else { throw ParseError(offset: keyAt, reason: "the key \"\(key)\" a second time") }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    at += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard at < bytes.count else { throw fail("unexpected end") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                at += 1
                var items: [JSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard at < bytes.count else { throw fail("unexpected end") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        /// RFC 8259's number: `-`, then 0 or digits not starting with 0, then `.digits`, then an
        /// exponent (no `+1`, `01`, `1.` or `.5`).
        mutating func number() throws -> JSON {
            let start = at
            func digits() -> Int {
                let from = at
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
                return at - from
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            let leadingZero = at < bytes.count && bytes[at] == UInt8(ascii: "0")
            let whole = digits()
            guard whole > 0, !(leadingZero && whole > 1) else { throw ParseError(offset: start, reason: "expected a value") }
            var integral = true
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                integral = false
                guard digits() > 0 else { throw fail("expected a digit after '.'") }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                integral = false
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("expected a digit in the exponent") }
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            guard let v = Double(text), v.isFinite else { throw ParseError(offset: start, reason: "a number too large") }
            if integral, let i = Int(text) { return .int(i) }
            return .number(v, decimals: 12)
        }

        mutating func string() throws -> String {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a string") }
            at += 1
            var out = [UInt8]()
            while at < bytes.count {
                let b = bytes[at]
                at += 1
                if b == UInt8(ascii: "\"") {
                    guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string that is not UTF-8") }
                    return text
                }
                guard b >= 0x20 else { throw ParseError(offset: at - 1, reason: "a control character in a string") }
                guard b == UInt8(ascii: "\\") else { out.append(b); continue }
                guard at < bytes.count else { break }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard at + 4 <= bytes.count, var code = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
                        throw fail("bad \\u escape")
                    }
                    at += 4
                    // a surrogate pair
                    if (0xD800..<0xDC00).contains(code), at + 6 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[at + 2..<at + 6], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        at += 6
                    }
                    out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                default: throw ParseError(offset: at - 2, reason: "an unknown escape")
                }
            }
            throw fail("unterminated string")
        }
    }
}

extension JSON {
    /// The member `key` of an object (nil for anything else, or no such member).
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var arrayValue: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// An integer or a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .number(let d, _): return d
        default: return nil
        }
    }
}
