// swift-tools-version:5.9
import PackageDescription

// CFrameDiff is the only target that includes libav* or png.h; the libraries come as system-library
// targets (pkg-config flags, Debian packages named). No unsafe flags, so the FrameDiff library can be
// a dependency of another package.
// NB: the C pixel kernels run 10-40x slower at -O0 and the debug test suite decodes real films:
// scripts/test builds the tests with `-Xcc -O2`.
let package = Package(
    name: "framediff",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "framediff", targets: ["framediff"]),
        .library(name: "FrameDiff", targets: ["FrameDiff"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libswscale libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CFrameDiff", dependencies: ["CFFmpeg", "CPNG"]),
        .target(name: "FrameDiff", dependencies: ["CFrameDiff"]),
        .executableTarget(name: "framediff", dependencies: ["FrameDiff"]),
        .executableTarget(name: "framediff-kernel-bench", dependencies: ["FrameDiff"], path: "Sources/KernelBench"),
        // what both test targets share (not a product: nothing outside the tests sees it)
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FrameDiffTests", dependencies: ["FrameDiff", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FrameDiff", "TestSupport"]),
    ],
    cLanguageStandard: .gnu11
)
