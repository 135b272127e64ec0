import Foundation

/// Why a file that configures a run (rules, baseline, posture events) or a steps script is not
/// what framediff can read: the file as it was named, where in it, and what was expected there.
/// The one error every configuration reader throws; the CLI prints it as it is and exits with 2.
///
/// `path` is a JSON path (`$` for the whole file, `kinds.flash.after`, `[1].start_ms`,
/// `films.a.mp4[0].region.x`) or, in a steps script, the token (`token 2 'jump:3'`).
///
///     catch let e as ConfigError { print(e) }   // .framediff.json: kinds.flash.after: expected pass, warn or fail
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var reason: String

    public init(file: String, path: String, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(file): \(path): \(reason)" }

    /// From a decoding failure: the coding path as a JSON path, the decoder's words as the reason.
    public init(file: String, decoding error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            var out = ""
            for k in keys {
                if let i = k.intValue { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + k.stringValue }
            }
            return out.isEmpty ? "$" : out
        }
        switch error {
        case .keyNotFound(let key, let c): self.init(file: file, path: path(c.codingPath + [key]), reason: "missing")
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            self.init(file: file, path: path(c.codingPath), reason: c.debugDescription)
        @unknown default: self.init(file: file, path: "$", reason: "\(error)")
        }
    }

    /// Parses and decodes a configuration file's bytes; every failure is a ConfigError naming `file`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
        let json: JSON
        do { json = try JSON.parse(data) } catch let e as JSON.ParseError {
            throw ConfigError(file: file, path: "$", reason: "not valid JSON (\(e))")
        }
        do { return try json.decode(type) } catch let e as DecodingError { throw ConfigError(file: file, decoding: e) }
    }

    /// A reason raised inside `init(from:)`, at the decoder's place in the file.
    static func invalid(_ decoder: any Decoder, _ reason: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: reason))
    }
}
