// swift-tools-version: 6.0
//
// Plume's benchmarks: a nested package, so the library never depends on benchmark tooling.
// Run from this folder: swift run -c release plume-bench [--quick] (--help: every option)

import PackageDescription

let package = Package(
    name: "PlumeBenchmarks",
    dependencies: [
        .package(name: "Plume", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "plume-bench",
            dependencies: [
                .product(name: "Plume", package: "Plume"),
                .product(name: "PlumeGL", package: "Plume"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
