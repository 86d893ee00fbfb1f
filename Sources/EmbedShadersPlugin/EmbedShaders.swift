import Foundation
import PackagePlugin

/// Embeds every file of the package's top-level `Shaders/` folder into the target as Swift string
/// constants, so an application embedding Plume needs no resource folder at run time.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { [".glsl", ".vert", ".geom", ".frag"].contains(where: $0.hasSuffix) }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [.buildCommand(
            displayName: "Embedding \(names.count) shaders",
            executable: try context.tool(named: "embed-shaders").url,
            arguments: [output.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
