// swift-tools-version:5.9
import PackageDescription

// CFrameDiff is the only target that includes libav* or png.h. It is always compiled with
// optimisation: its pixel kernels run 10-40x slower at -O0 and the debug test suite decodes
// real films.
let package = Package(
    name: "framediff",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "framediff", targets: ["framediff"]),
        .library(name: "FrameDiff", targets: ["FrameDiff"]),
    ],
    targets: [
        .target(
            name: "CFrameDiff",
            cSettings: [.unsafeFlags(["-O2", "-std=gnu11", "-Wall", "-Wno-deprecated-declarations"])],
            linkerSettings: [
                .linkedLibrary("avformat"), .linkedLibrary("avcodec"),
                .linkedLibrary("swscale"), .linkedLibrary("avutil"), .linkedLibrary("png"),
            ]
        ),
        .target(name: "FrameDiff", dependencies: ["CFrameDiff"]),
        .executableTarget(name: "framediff", dependencies: ["FrameDiff"]),
        .executableTarget(name: "framediff-kernel-bench", dependencies: ["FrameDiff"], path: "Sources/KernelBench"),
        .testTarget(name: "FrameDiffTests", dependencies: ["FrameDiff"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FrameDiff"]),
    ]
)
