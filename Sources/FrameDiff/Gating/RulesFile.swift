/// The shape of a rules file (`.framediff.json`), checked as it is decoded: the base rules at the
/// top, then per-film overrides under `films`. Every key is known (a misspelt key in a CI gate's
/// rules must not be ignored); every error names its JSON path.
///
///     let file = try ConfigError.decode(RulesFile.self, from: data, file: ".framediff.json")
struct RulesFile: Decodable {
    var base: GateRules.Override
    var films: [(glob: String, rules: GateRules.Override)] = []

    /// The keys of the top level, and of an override (which adds its `glob`).
    static let keys = ["kinds", "limits", "masks", "analysis", "films", "$comment"]
    static let overrideKeys = ["glob", "kinds", "limits", "masks", "analysis", "$comment"]
    /// The limits on a motion's or fade's hitch time ratio (ms of hitch a second): warn, fail.
    static let hitchRatioWarnLimit = "hitch_ratio_warn_ms_per_s", hitchRatioMaxLimit = "hitch_ratio_max_ms_per_s"
    /// Those limits in general, then for each kind a hitch lies in (`motion_hitch_ratio_max_ms_per_s`).
    static let hitchRatioKeys: [String] = ([""] + [FindingKind.motion, .fade].map { $0.descriptor.name + "_" })
        .flatMap { [$0 + hitchRatioWarnLimit, $0 + hitchRatioMaxLimit] }
    /// Every limit a rules file may set, for messages.
    static var limitNames: [String] {
        GateRules.Override.durationLimits.map(\.name) + [GateRules.Override.settleLimit] + hitchRatioKeys
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try Self.refuseUnknown(c, known: Self.keys)
        base = try GateRules.Override(from: decoder)
        let filmsKey = AnyKey(stringValue: "films")
        guard c.contains(filmsKey) else { return }
        var list = try c.nestedUnkeyedContainer(forKey: filmsKey)
        guard (list.count ?? 0) <= GateRules.maxOverrides else {
            throw DecodingError.dataCorruptedError(forKey: filmsKey, in: c, debugDescription: "more than \(GateRules.maxOverrides) overrides")
        }
        while !list.isAtEnd { films.append(try list.decode(FilmOverride.self).entry) }
    }

    static func refuseUnknown(_ c: KeyedDecodingContainer<AnyKey>, known: [String]) throws {
        if let unknown = c.allKeys.first(where: { !known.contains($0.stringValue) }) {
            let names = known.filter { $0 != "$comment" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(forKey: unknown, in: c, debugDescription: "unknown key (\(names))")
        }
    }

    /// One entry of `films`: a glob and the rules it changes.
    private struct FilmOverride: Decodable {
        var entry: (glob: String, rules: GateRules.Override)

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            try RulesFile.refuseUnknown(c, known: RulesFile.overrideKeys)
            entry = (try c.decode(String.self, forKey: AnyKey(stringValue: "glob")), try GateRules.Override(from: decoder))
        }
    }
}

extension GateRules.Override: Decodable {
    /// `kinds`, `limits` and `masks` of one object (the base rules or a film's override).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let kinds = AnyKey(stringValue: "kinds"), limits = AnyKey(stringValue: "limits"), masks = AnyKey(stringValue: "masks")
        let analysis = AnyKey(stringValue: "analysis")
        if c.contains(kinds) {
            let k = try c.nestedContainer(keyedBy: AnyKey.self, forKey: kinds)
            for key in k.allKeys {
                guard let kind = FindingKind(name: key.stringValue) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: k, debugDescription: "unknown kind (\(FindingKind.names()))")
                }
                verdicts[kind] = try k.decode(PhaseVerdicts.self, forKey: key).phases
            }
        }
        if c.contains(limits) {
            let l = try c.nestedContainer(keyedBy: AnyKey.self, forKey: limits)
            for key in l.allKeys {
                guard let ms = try? l.decode(Double.self, forKey: key), ms >= 0 else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: l, debugDescription: "expected a number of ms ≥ 0")
                }
                if key.stringValue == Self.settleLimit {
                    settleMaxMs = ms
                } else if RulesFile.hitchRatioKeys.contains(key.stringValue) {
                    hitchRatioLimits[key.stringValue] = ms
                } else if let kind = Self.durationLimits.first(where: { $0.name == key.stringValue })?.kind {
                    maxDurationMs[kind] = ms
                } else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: l, debugDescription:
                        "unknown limit (\(RulesFile.limitNames.joined(separator: ", ")))")
                }
            }
        }
        if c.contains(analysis) {
            let a = try c.nestedContainer(keyedBy: AnyKey.self, forKey: analysis)
            for key in a.allKeys {
                guard let setting = AnalysisSetting.named(key.stringValue) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: a, debugDescription:
                        "unknown analysis setting (framediff --help lists them)")
                }
                guard let value = try? a.decode(Double.self, forKey: key) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: a, debugDescription: "expected a number (\(setting.unit))")
                }
                if let why = setting.refusal(value) { throw DecodingError.dataCorruptedError(forKey: key, in: a, debugDescription: why) }
                self.analysis[key.stringValue] = value
            }
        }
        if c.contains(masks) {
            var list = try c.nestedUnkeyedContainer(forKey: masks)
            guard (list.count ?? 0) <= Rect.maxMasks else {
                throw DecodingError.dataCorruptedError(forKey: masks, in: c, debugDescription: "more than \(Rect.maxMasks) masks")
            }
            while !list.isAtEnd { self.masks.append(try list.decode(Mask.self).rect) }
        }
    }

    /// The kinds with a limit on their duration, and the limit's key, in the kinds' order.
    static var durationLimits: [(kind: FindingKind, name: String)] {
        FindingKind.allCases.compactMap { k in k.descriptor.durationLimit.map { (k, $0) } }
    }

    /// The key of the limit on how late a picture settles after an event.
    static let settleLimit = "settle_max_ms"

    /// A verdict for every phase (`"fail"`), or one per phase (`{"after": "fail"}`).
    private struct PhaseVerdicts: Decodable {
        var phases: [Phase: Rules.Verdict] = [:]

        init(from decoder: any Decoder) throws {
            let expected = "expected pass, warn or fail"
            if let all = try? decoder.singleValueContainer().decode(String.self) {
                guard let v = Rules.Verdict(rawValue: all) else { throw ConfigError.invalid(decoder, expected) }
                phases = [.during: v, .after: v, .none: v]
            } else if let map = try? decoder.container(keyedBy: AnyKey.self) {
                for key in map.allKeys {
                    guard let phase = Phase(rawValue: key.stringValue) else {
                        throw DecodingError.dataCorruptedError(forKey: key, in: map, debugDescription: "unknown phase (during, after, none)")
                    }
                    guard let v = (try? map.decode(String.self, forKey: key)).flatMap(Rules.Verdict.init) else {
                        throw DecodingError.dataCorruptedError(forKey: key, in: map, debugDescription: expected)
                    }
                    phases[phase] = v
                }
            } else {
                throw ConfigError.invalid(decoder, "expected a verdict or an object of phases")
            }
        }
    }

    /// `[x, y, w, h]` in displayed pixels.
    private struct Mask: Decodable {
        var rect: Rect

        init(from decoder: any Decoder) throws {
            guard let values = try? decoder.singleValueContainer().decode([Double].self), let r = Rect.checked(values) else {
                throw ConfigError.invalid(decoder, "expected [x, y, w, h]: whole numbers, sizes at least 1, at most \(Rect.limit)")
            }
            rect = r
        }
    }
}
