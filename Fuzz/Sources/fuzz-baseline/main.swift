// Fuzz target: a gate baseline (`--baseline FILE`), Baseline.read, then what check does with it:
// the sample findings matched against each film's entries, the gate's reports, the baseline
// written back.
@testable import FrameDiff
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let baseline = readScratch("baseline.json", data, size, Baseline.read) else { return 0 }
    if parseOnly { return 0 }
    _ = baseline.json.rendered()
    for film in baseline.films.keys.sorted().prefix(4) + ["films/laptop-inner.mp4"] {
        exerciseReport(film: film, baseline: baseline)
    }
    return 0
}

runFuzzer(target)
