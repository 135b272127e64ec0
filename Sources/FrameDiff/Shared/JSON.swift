import Foundation

/// A JSON value with ordered keys, rendered the same way every time (reports are contracts, and
/// baselines are reviewed in diffs, so field order and number formatting never drift).
///
///     JSON.object([("frame", .int(3)), ("rmse", .number(0.25, decimals: 6))]).rendered()
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number printed with at most `decimals` decimals, trailing zeros dropped.
    case number(Double, decimals: Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.rendered(pretty: false) == b.rendered(pretty: false) }

    /// Pretty output puts each member of a nested container on its own line and keeps
    /// containers of plain values on one line (one finding, one delta per line).
    public func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private var isFlat: Bool {
        switch self {
        case .array(let items): return items.allSatisfy { $0.isScalar }
        case .object(let members): return members.allSatisfy { $0.1.isScalar || ($0.1.isFlat && $0.1.isSmall) }
        default: return true
        }
    }

    private var isSmall: Bool {
        switch self {
        case .array(let items): return items.count <= 8
        case .object(let members): return members.count <= 10
        default: return true
        }
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d, let decimals): out += JSON.format(d, decimals: decimals)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, indent: indent, into: &out) { i, ind, out in
                items[i].write(into: &out, indent: ind)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, indent: indent, into: &out) { i, ind, out in
                JSON.quote(members[i].0, into: &out)
                out += ": "
                members[i].1.write(into: &out, indent: ind)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, indent: Int?, into out: inout String,
                                item: (Int, Int?, inout String) -> Void) {
        out += open
        if count == 0 { out += close; return }
        guard let indent, !isFlat else {
            for i in 0..<count {
                if i > 0 { out += ", " }
                item(i, nil, &out)
            }
            out += close
            return
        }
        let pad = String(repeating: "  ", count: indent + 1)
        for i in 0..<count {
            out += i == 0 ? "\n" : ",\n"
            out += pad
            item(i, indent + 1, &out)
        }
        out += "\n" + String(repeating: "  ", count: indent) + close
    }

    public static func format(_ d: Double, decimals: Int) -> String {
        guard d.isFinite else { return "null" }
        var s = fixed(d, decimals: decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// Exactly `decimals` decimals ("2.040"): times in text, tables and pages. The one fixed-point
    /// formatter of the reports (`format` drops trailing zeros from it).
    public static func fixed(_ d: Double, decimals: Int) -> String { String(format: "%.\(decimals)f", d) }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
