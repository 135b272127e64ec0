// Fuzz target: posture events as JSON (`--events FILE`, NAME.events.json), EventsFile.parse,
// then what the analysis does with the events (tie, gate, every report format).
@testable import FrameDiff
import Foundation
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(bytes(data, size))
    let events: [PostureEvent]
    do { events = try EventsFile.parse(input, name: "fuzz.events.json", coverMs: 500) } catch {
        _ = "\(error)"
        return 0
    }
    if !parseOnly { exerciseReport(events: events) }
    return 0
}

runFuzzer(target)
