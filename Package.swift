// swift-tools-version: 6.0
//
// Plume — a GPU particle engine for Swift on Linux with Core Animation's emitter API.
//
// Layout, by what each product links (a game takes only what it uses):
//
//   Plume          model, CPU reference simulator, effect files, presets    libpng, zlib (its macros,
//                  PlumeMacros, run in the compiler: never linked)
//   PlumeDrawing   sprites drawn in code (ImageRenderer, Cairo)            + Plume, cairo
//   PlumeImport    Particle Designer `.plist` import                       + Plume, libtiff, zlib
//   PlumeGL        GPU backend: simulation, rendering, headless/host       + Plume, libepoxy (EGL
//                  contexts (no OpenGL anywhere in Plume; PlumeGL never       through it)
//                  links a window toolkit)
//   PlumeWindow    GLContext.window(…): a GLFW window and its event loop   + PlumeGL, GLFW
//   PlumePlayground  the live window, inspector and HUD (`plume play`)     + the above, Dear ImGui
//   plume          the command-line front end
//
// The driver's ceilings and floors the benchmarks measure against (PlumeGL/Measure) are SPI, not
// public API: `@_spi(Benchmarks) import PlumeGL` (Benchmarks/, MeasureTests). They stay in PlumeGL
// beside the shaders they run, which the EmbedShaders plugin builds into PlumeGL alone.
//
// Dependencies point down this list, never up. `.ci/check-ldd` checks that an example linking
// only Plume and PlumeGL loads no GLFW, Cairo or libtiff.

import CompilerPluginSupport
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Plume",
    products: [
        // MARK: - Public API
        .library(name: "Plume", targets: ["Plume"]),
        .library(name: "PlumeGL", targets: ["PlumeGL"]),
        .library(name: "PlumeDrawing", targets: ["PlumeDrawing"]),
        .library(name: "PlumeImport", targets: ["PlumeImport"]),
        .library(name: "PlumeWindow", targets: ["PlumeWindow"]),
        .library(name: "PlumePlayground", targets: ["PlumePlayground"]),
        .executable(name: "plume", targets: ["plume"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target Plume` (and each product): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `@Property` / `@DeclaredProperties` (PlumeMacros): each property declared once.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // MARK: - Model and reference simulator
        .target(name: "Plume", dependencies: ["CPNG", "CZlib", "PlumeMacros"], resources: [.copy("Resources/Effects")],
                swiftSettings: strict),

        // MARK: - Drawing sprites in code (Cairo) and the Particle Designer importer (libtiff)
        .target(name: "PlumeDrawing", dependencies: ["Plume", "CCairo"], swiftSettings: strict),
        .target(name: "PlumeImport", dependencies: ["Plume", "CTIFF", "CZlib"], swiftSettings: strict),

        // MARK: - GPU backend
        .target(
            name: "PlumeGL",
            dependencies: ["Plume", "CEpoxy"],
            swiftSettings: strict,
            plugins: ["EmbedShaders"]
        ),

        // MARK: - GLFW windows (`GLContext.window(…)`, keys, the swap)
        .target(name: "PlumeWindow", dependencies: ["Plume", "PlumeGL", "CGLFW"], swiftSettings: strict),

        // MARK: - Playground: the live window, inspector and HUD (`plume play`)
        .target(name: "PlumePlayground", dependencies: ["Plume", "PlumeGL", "PlumeWindow", "PlumeImport", "CImGuiShim",
                                                       "CEpoxy", "CGLFW"],
                swiftSettings: strict),

        // MARK: - Fuzzing (random layer trees and PNG files, shared by the suite and `plume fuzz`)
        .target(name: "PlumeFuzz", dependencies: ["Plume", "PlumeImport", "CZlib"], swiftSettings: strict),

        // MARK: - Command-line front end
        .executableTarget(
            name: "plume",
            dependencies: ["Plume", "PlumeGL", "PlumeImport", "PlumeFuzz", "PlumePlayground",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),

        // MARK: - Examples (built by `swift build`, run by PlumePlaygroundTests)
        .target(name: "ShipEffects", dependencies: ["Plume"], path: "Examples/ShipEffects", swiftSettings: strict),
        // An example depends on Plume's products and on targets under Examples/ only (its own
        // modules, as a game's package has them): ExampleImportsTests checks the imports.
        .executableTarget(name: "ShipGame", dependencies: ["Plume", "PlumeGL", "PlumeWindow", "ShipEffects"],
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
        // Helpers the test targets share (private X servers, frame times, vector errors).
        .target(name: "PlumeTestSupport", path: "Tests/PlumeTestSupport", swiftSettings: strict),
        .testTarget(name: "PlumeTests", dependencies: ["Plume", "PlumeDrawing", "PlumeImport", "CPNG", "CZlib", "CTIFF", "PlumeFuzz",
                                                      "PlumeTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "PlumeGLTests", dependencies: ["Plume", "PlumeGL", "PlumeDrawing", "PlumeWindow", "PlumeFuzz",
                                                        "PlumeTestSupport", "CSDL2"], exclude: ["Goldens"],
                    swiftSettings: strict),
        .testTarget(name: "PlumePlaygroundTests", dependencies: ["Plume", "PlumeGL", "PlumeWindow", "PlumePlayground", "CEpoxy",
                                                                "PlumeTestSupport"],
                    swiftSettings: strict),
    ]
)
