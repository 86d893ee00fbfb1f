import ArgumentParser
import Foundation
import Plume
import PlumeImport

/// `plume convert IN.plist OUT.json`: a Particle Designer / cocos2d file as a Plume effect file.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a Particle Designer / cocos2d .plist into a Plume effect file (.json).",
        discussion: "Keys Plume cannot express exactly are listed as warnings (see the Particle Designer Import article).")

    @Argument(help: "The .plist file.")
    var input: String

    @Argument(help: "The effect file to write (.json).")
    var output: String

    @Option(help: "Scene width and height in points (cocos2d's y-up positions are mirrored in this height), as WxH.")
    var size: String = "800x600"

    @Flag(help: "Write the texture as a file next to the output (NAME.png) instead of embedding it.")
    var externalTexture = false

    @OptionGroup var images: ImageAccessOptions

    func run() throws {
        let scene = try sceneSize(size)
        let inURL = URL(fileURLWithPath: input), outURL = URL(fileURLWithPath: output)
        let imported = try ParticleDesignerImport.read(from: inURL, sceneSize: scene, imageAccess: images.access)
        try IOFailure.requireFolder(of: output)
        imported.warnings.forEach { print($0) }
        var options = EffectFile.WriteOptions(angleUnit: .degrees,
                                              maxParticlesPerCell: imported.limits.maxParticlesPerCell,
                                              description: "Imported from \(inURL.lastPathComponent) by plume convert.")
        if externalTexture, let image = imported.layer.emitterCells?.first?.contents {
            let name = outURL.deletingPathExtension().lastPathComponent + ".png"
            do {
                try image.writePNG(to: outURL.deletingLastPathComponent().appendingPathComponent(name).path)
            } catch {
                throw IOFailure.exit("\(error)")
            }
            options.imagePaths = [image: name]
        }
        let data = try EffectFile.encode(imported.layer, options: options, file: outURL.path)
        do {
            try data.write(to: outURL, options: .atomic)
        } catch {
            throw IOFailure.exit("cannot write \(output): \(error.localizedDescription)")
        }
        print("wrote \(output) (\(imported.warnings.count) warning\(imported.warnings.count == 1 ? "" : "s"))")
    }
}
