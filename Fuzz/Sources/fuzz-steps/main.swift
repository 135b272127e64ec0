// Fuzz target: the recording script's steps (`--steps "..."`, NAME.steps), StepsScript.parse,
// then what the analysis does with the events (tie, gate, every report format).
@testable import FrameDiff
import FuzzSupport

func target(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    // the extremes of --steps-offset and --cover-ms that the CLI accepts, then the defaults
    _ = try? StepsScript.parse(text, offsetMs: -3_600_000, coverMs: 60_000)
    _ = try? StepsScript.parse(text, offsetMs: 3_600_000, coverMs: 0)
    let events: [PostureEvent]
    do { events = try StepsScript.parse(text, offsetMs: 0, coverMs: 500) } catch {
        _ = "\(error)"  // the message the CLI prints
        return 0
    }
    if !parseOnly { exerciseReport(events: events) }
    return 0
}

runFuzzer(target)
