/// Decodes a `Decodable` from a parsed `JSON` value, so every file framediff reads goes through one
/// strict JSON reader (`JSON.parse`: no key given twice, no trailing comma) and one set of rules
/// for its values: a number is never a boolean nor a boolean a number, a whole-number field
/// refuses a fraction, and an object's keys come in the order the file has them.
///
/// Failures are `DecodingError`s whose `codingPath` is where in the file the value is; the
/// description says what was expected ("expected a number"). `ConfigError(file:decoding:)` turns
/// them into the one-line error the CLI prints.
///
///     let rules = try JSON.parse(data).decode(RulesFile.self)
extension JSON {
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try ValueDecoder(value: self, codingPath: []).unbox(type)
    }
}

extension JSON: Decodable {
    /// Only through `JSON.decode` (a value already parsed is handed over as it is).
    public init(from decoder: any Decoder) throws {
        guard let d = decoder as? ValueDecoder else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "JSON decodes only from JSON.decode"))
        }
        self = d.value
    }
}

/// A key read from a file: any member name, or an array index.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

fileprivate struct ValueDecoder: Decoder {
    let value: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch<T>(_ type: T.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: expected))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSON].self, "expected an object") }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSON].self, "expected an array") }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// The value as `T`: the scalar types read here, everything else by its own `init(from:)`.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSON.self { return value as! T }
        if type == Bool.self {
            guard case .bool(let b) = value else { throw mismatch(type, "expected true or false") }
            return b as! T
        }
        if type == String.self {
            guard case .string(let s) = value else { throw mismatch(type, "expected a string") }
            return s as! T
        }
        if type == Double.self {
            guard let d = value.doubleValue else { throw mismatch(type, "expected a number") }
            return d as! T
        }
        if type == Float.self {
            guard let d = value.doubleValue, let f = Float(exactly: d) ?? (abs(d) <= Double(Float.greatestFiniteMagnitude) ? Float(d) : nil) else {
                throw mismatch(type, "expected a number")
            }
            return f as! T
        }
        if let integer = type as? any FixedWidthInteger.Type {
            if case .int(let n) = value {
                guard let i = integer.init(exactly: n) else { throw mismatch(type, "a whole number out of range") }
                return i as! T
            }
            guard let d = value.doubleValue, d == d.rounded() else { throw mismatch(type, "expected a whole number") }
            guard let i = integer.init(exactly: d) else { throw mismatch(type, "a whole number out of range") }
            return i as! T
        }
        return try T(from: self)
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, JSON)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }
    func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }

    private func decoder(for key: Key) throws -> ValueDecoder {
        guard let v = members.first(where: { $0.0 == key.stringValue })?.1 else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return ValueDecoder(value: v, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).unbox(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).unbox(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).unbox(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).unbox(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).unbox(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).unbox(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).unbox(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).unbox(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).unbox(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).unbox(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).unbox(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).unbox(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).unbox(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).unbox(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(for: key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let items: [JSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSON], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The next item's decoder; the index moves on only when the item decoded (as Foundation's).
    private func next() throws -> ValueDecoder {
        let key = AnyKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSON.self, .init(codingPath: codingPath + [key], debugDescription: "missing"))
        }
        return ValueDecoder(value: items[currentIndex], codingPath: codingPath + [key])
    }

    private mutating func take<T: Decodable>(_ type: T.Type) throws -> T {
        let v = try next().unbox(type)
        currentIndex += 1
        return v
    }

    mutating func decodeNil() throws -> Bool {
        guard try next().value == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try take(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type) }
    mutating func decode(_ type: String.Type) throws -> String { try take(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try take(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try take(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try take(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try take(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try take(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let c = try next().container(keyedBy: type)
        currentIndex += 1
        return c
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let c = try next().unkeyedContainer()
        currentIndex += 1
        return c
    }
    mutating func superDecoder() throws -> any Decoder {
        let d = try next()
        currentIndex += 1
        return d
    }
}

private struct Single: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unbox(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.unbox(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unbox(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unbox(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unbox(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unbox(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unbox(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unbox(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unbox(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unbox(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unbox(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unbox(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unbox(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unbox(type) }
}
