import Foundation
import PackagePlugin

/// Embeds every file of the package's top-level `Shaders/` folder into the target as Swift string
/// constants, so an application embedding Plume needs no resource folder at run time, and generates
/// both sides of the Swift–GLSL contract declared in `Shaders/plume.contract`.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { [".glsl", ".vert", ".geom", ".frag", ".contract"].contains(where: $0.hasSuffix) }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let shaders = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        let contract = context.pluginWorkDirectoryURL.appending(path: "ShaderContract.swift")
        return [.buildCommand(
            displayName: "Embedding \(names.count) shader files and generating the shader contract",
            executable: try context.tool(named: "embed-shaders").url,
            arguments: [shaders.path, contract.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [shaders, contract])]
    }
}
