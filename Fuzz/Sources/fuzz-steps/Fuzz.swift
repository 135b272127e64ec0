@testable import FrameDiff

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let s = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? StepsScript.parse(s)
    return 0
}
