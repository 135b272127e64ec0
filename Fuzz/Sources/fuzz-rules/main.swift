// Fuzz target: the gate's rules file (`--rules FILE`, .framediff.json), GateRules.read, then what
// check and audit do with the rules: per-film overrides, verdicts, the gate's reports, and meters
// built with the rules' masks.
@testable import FrameDiff
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = scratchFile(".framediff.json", bytes(data, size))
    let rules: GateRules
    do { rules = try GateRules.read(path) } catch {
        _ = "\(error)"
        return 0
    }
    if parseOnly { return 0 }
    // films the globs may match, and the globs themselves as names
    let films = ["films/laptop-inner.mp4", "captures/a-outer.mp4", "x.mov"] + rules.films.prefix(3).map(\.glob)
    for film in films {
        exerciseReport(film: film, rules: rules)
        exerciseMasks(rules.forFilm(film).masks)
    }
    return 0
}

runFuzzer(target)
