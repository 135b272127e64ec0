import Foundation

/// `s` as one line of a terminal: control characters (a newline or an escape sequence in a film's
/// name) shown as escapes (`nl\nname.mp4`), so a row of a table or a progress line stays one line
/// and the terminal is not driven by a file name. (XML and HTML escape for their own readers:
/// `xml`, `html`.)
public func oneLine(_ s: String) -> String {
    func control(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F..<0xA0).contains(u.value) }
    guard s.unicodeScalars.contains(where: control) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case _ where control(u): out += String(format: "\\x%02x", u.value)
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}
