// swift-tools-version:5.9
import PackageDescription

// FRAMEDIFF_ROOT: fuzz another checkout of framediff (a snapshot) instead of the one around this folder.
let root = Context.environment["FRAMEDIFF_ROOT"] ?? ".."

// Fuzz targets for framediff's parsers, built with libFuzzer. Kept out of the main package so its
// `swift build` / `swift test` never see them. Build and run with scripts/fuzz (see Fuzz/README.md).
let package = Package(
    name: "framediff-fuzz",
    dependencies: [.package(name: "framediff", path: root)],
    targets: [
        .target(name: "FuzzShim", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "FuzzSupport", dependencies: ["FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-steps", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-events", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-rules", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-baseline", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-pngfolder", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-merge", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
        .executableTarget(name: "fuzz-decoder", dependencies: ["FuzzSupport", "FuzzShim", .product(name: "FrameDiff", package: "framediff")]),
    ]
)
