// swift-tools-version: 6.0
//
// Plume — a GPU particle engine for Swift on Linux with Core Animation's emitter API.
//
// Layout: `Plume` is the model and the CPU reference simulator (no OpenGL anywhere in it; images
// load through libpng);
// `PlumeGL` is the GPU backend (transform-feedback simulation, contexts) and depends on it, never
// the reverse; `plume` is the command-line front end.

import CompilerPluginSupport
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Plume",
    products: [
        // MARK: - Public API
        .library(name: "Plume", targets: ["Plume"]),
        .library(name: "PlumeGL", targets: ["PlumeGL"]),
        .library(name: "PlumePlayground", targets: ["PlumePlayground"]),
        .executable(name: "plume", targets: ["plume"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `@Property` / `@DeclaredProperties` (PlumeMacros): each property declared once.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // MARK: - Model and reference simulator
        .target(name: "Plume", dependencies: ["CPNG", "CZlib", "CTIFF", "CCairo", "PlumeMacros"], resources: [.copy("Resources/Effects")],
                swiftSettings: strict),

        // MARK: - GPU backend
        .target(
            name: "PlumeGL",
            dependencies: ["Plume", "CEpoxy", "CGLFW"],
            swiftSettings: strict,
            plugins: ["EmbedShaders"]
        ),

        // MARK: - Playground: the live window, inspector and HUD (`plume play`)
        .target(name: "PlumePlayground", dependencies: ["Plume", "PlumeGL", "CImGuiShim", "CEpoxy", "CGLFW"],
                swiftSettings: strict),

        // MARK: - Fuzzing (random layer trees and PNG files, shared by the suite and `plume fuzz`)
        .target(name: "PlumeFuzz", dependencies: ["Plume", "CZlib"], swiftSettings: strict),

        // MARK: - Command-line front end
        .executableTarget(
            name: "plume",
            dependencies: ["Plume", "PlumeGL", "PlumeFuzz", "PlumePlayground",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),

        // MARK: - Examples (built by `swift build`, run by PlumePlaygroundTests)
        .target(name: "ShipEffects", dependencies: ["Plume"], path: "Examples/ShipEffects", swiftSettings: strict),
        // An example depends on Plume's products and on targets under Examples/ only (its own
        // modules, as a game's package has them): ExampleImportsTests checks the imports.
        .executableTarget(name: "ShipGame", dependencies: ["Plume", "PlumeGL", "ShipEffects"],
                          path: "Examples/ShipGame", swiftSettings: strict),
        .executableTarget(name: "SDLEmbed", dependencies: ["Plume", "PlumeGL", "ShipEffects", "CSDL2"],
                          path: "Examples/SDLEmbed", swiftSettings: strict),
        // SDL2 for SDLEmbed: the game's own library, not Plume's. Without its pkg-config file,
        // whose -D_REENTRANT SwiftPM refuses (glibc needs no such flag).
        .systemLibrary(name: "CSDL2", path: "Examples/CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .executableTarget(name: "ExportFrames", dependencies: ["Plume", "PlumeGL"],
                          path: "Examples/ExportFrames", swiftSettings: strict),
        .executableTarget(name: "MovingEmitter", dependencies: ["Plume", "PlumeGL"],
                          path: "Examples/MovingEmitter", swiftSettings: strict),
        .executableTarget(name: "ReadmeSnippets", dependencies: ["Plume", "PlumeGL"],
                          path: "Examples/ReadmeSnippets", swiftSettings: strict),

        // MARK: - Implementation details: C modules (no Swift API of their own) and build tools
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev", "libegl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libharfbuzz-dev"])]),
        .systemLibrary(name: "CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),
        .target(name: "CImGuiShim", dependencies: ["CImGui", "CGLFW"]),
        .executableTarget(name: "embed-shaders", swiftSettings: strict),
        // The property-declaration macros (a compiler plug-in; Plume's build runs it, users never link it).
        .macro(name: "PlumeMacros", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ], swiftSettings: strict),
        .plugin(
            name: "EmbedShaders",
            capability: .buildTool(),
            dependencies: ["embed-shaders"],
            path: "Sources/EmbedShadersPlugin"
        ),

        // MARK: - Tests
        .testTarget(name: "PlumeTests", dependencies: ["Plume", "CPNG", "CZlib", "CTIFF", "PlumeFuzz"], swiftSettings: strict),
        .testTarget(name: "PlumeGLTests", dependencies: ["Plume", "PlumeGL", "PlumeFuzz", "CSDL2"], exclude: ["Goldens"],
                    swiftSettings: strict),
        .testTarget(name: "PlumePlaygroundTests", dependencies: ["Plume", "PlumeGL", "PlumePlayground", "CEpoxy"],
                    swiftSettings: strict),
    ]
)
