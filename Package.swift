// swift-tools-version: 6.0
//
// Plume — a GPU particle engine for Swift on Linux with Core Animation's emitter API.
//
// Layout: `Plume` is the model and the CPU reference simulator (no OpenGL anywhere in it);
// the GPU backend depends on it, never the reverse; `plume` is the command-line front end.

import PackageDescription

let package = Package(
    name: "Plume",
    products: [
        // MARK: - Public API
        .library(name: "Plume", targets: ["Plume"]),
        .executable(name: "plume", targets: ["plume"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Model and reference simulator
        .target(
            name: "Plume",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Command-line front end
        .executableTarget(
            name: "plume",
            dependencies: [
                "Plume",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Tests
        .testTarget(
            name: "PlumeTests",
            dependencies: ["Plume"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
