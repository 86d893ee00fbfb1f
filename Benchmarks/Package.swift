// swift-tools-version: 6.0
//
// Plume's benchmarks: a nested package, so the library never depends on benchmark tooling.
// Run from this folder: swift run -c release plume-bench

import PackageDescription

let package = Package(
    name: "PlumeBenchmarks",
    dependencies: [
        .package(name: "Plume", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "plume-bench",
            dependencies: [
                .product(name: "Plume", package: "Plume"),
                .product(name: "PlumeGL", package: "Plume"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
