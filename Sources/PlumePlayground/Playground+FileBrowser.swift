import Foundation
import Plume

/// The Open… and Save As… windows: a ``FileBrowser`` drawn with Dear ImGui. Folders navigate,
/// a file fills the name field, the button opens or saves; a failure shows in the error banner
/// and leaves the browser open.
extension Playground {
    /// Opens the browser in the folder of the effect file (Open, a mask) or of the save path (Save).
    func showFileBrowser(_ mode: FileBrowser.Mode) {
        let start = mode == .save ? inspector.filePath : (effectFilePath ?? state.effectFile ?? inspector.filePath)
        let absolute = start.hasPrefix("/") ? start
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(start)
        inspector.browser = FileBrowser(mode: mode, path: absolute)
        if case .mask = mode { inspector.browser?.name = "" }     // a mask is picked, not the effect
    }

    func drawFileBrowser() {
        guard var browser = inspector.browser else {
            state.fileBrowser = nil
            return
        }
        let sizes = input.sizes
        let width = min(560, Float(sizes.window.x) - 40), height = min(440, Float(sizes.window.y) - 120)
        ImGui.nextWindow(x: (Float(sizes.window.x) - width) / 2, y: 40, width: width, height: height, always: true)
        var keep = true
        let verb = switch browser.mode {
        case .open: "Open"
        case .save: "Save"
        case .mask: "Load"
        }
        ImGui.window("\(verb) \(browser.mode == .open || browser.mode == .save ? "effect" : "mask")###file-browser",
                     options: [.noResize, .noMove]) {
            mark("Browser window", ImGui.windowRect)
            ImGui.wrapped(browser.folder)
            if ImGui.button("Up") { browser.up() }
            mark("Browser up")
            ImGui.sameLine()
            if ImGui.button("Home") { browser.go(to: NSHomeDirectory()) }
            ImGui.sameLine()
            if ImGui.button("Working folder") { browser.go(to: FileManager.default.currentDirectoryPath) }
            if let problem = browser.problem { ImGui.text(problem, color: (1, 0.4, 0.3)) }
            // A folder clicked is shown from the next frame on, so one frame lists one folder.
            var next: String?
            ImGui.child("entries", height: max(height - 170, 60)) {
                for folder in browser.folders {
                    if ImGui.selectable("[folder] \(folder)/") { next = folder }
                    mark("Browser folder \(folder)")
                }
                for file in browser.files {
                    if ImGui.selectable(file, selected: browser.name == file) { browser.name = file }
                    mark("Browser file \(file)")
                }
                if browser.folders.isEmpty && browser.files.isEmpty {
                    ImGui.text("(no folders or \(browser.extensions.sorted().map { "." + $0 }.joined(separator: " or ")) files)")
                }
            }
            if let next { browser.go(to: next) }
            ImGui.itemWidth(max(width - 170, 100))
            _ = ImGui.input("##browser-name", &browser.name)
            mark("Browser name")
            ImGui.sameLine()
            if ImGui.button(verb), let path = browser.chosenPath {
                switch browser.mode {
                case .open: openFile(path)
                case .save: saveFile(path)
                case let .mask(index): loadMask(path, into: index)
                }
                if state.error == nil { keep = false } else { browser.list() }
            }
            mark("Browser \(verb)")
            ImGui.sameLine()
            if ImGui.button("Cancel") { keep = false }
            mark("Browser Cancel")
            ImGui.text(browser.chosenPath.map { "\(verb.lowercased())s \($0)" } ?? "type or pick a file name")
        }
        inspector.browser = keep ? browser : nil
        state.fileBrowser = keep ? browser.chosenPath ?? "" : nil
    }

    /// Loads the PNG at `path` as the distance field of the collider at `index`
    /// (``distanceField(fromMaskAt:into:)``); a failure shows in the error banner.
    func loadMask(_ path: String, into index: Int) {
        guard let behaviors = layer.emitterBehaviors, behaviors.indices.contains(index) else {
            state.error = "no behaviour #\(index) to load a mask into"
            return
        }
        do {
            try Self.distanceField(fromMaskAt: path, into: behaviors[index])
            state.error = nil
        } catch {
            state.error = "\((path as NSString).lastPathComponent): \(error)"
        }
    }

    /// Makes `behavior` a distance-field collider of the PNG mask at `path` (its alpha: pixels of
    /// at least 128 are inside), at its `sampleSpacing` points per pixel, as an effect file's
    /// `"distanceMask"` does. Throws where the file is not a PNG, or has more pixels than a field
    /// holds (`EmitterBehavior.maxColliderSamples`); the behaviour is then unchanged.
    static func distanceField(fromMaskAt path: String, into behavior: EmitterBehavior) throws {
        let mask = try SpriteImage(contentsOfPNGFile: path)
        if let problem = EmitterBehavior.maskTooLarge(width: mask.width, height: mask.height) {
            throw MaskTooLarge(description: problem)
        }
        behavior.setDistanceField(mask: mask, spacing: behavior.sampleSpacing)
    }

    struct MaskTooLarge: Error, CustomStringConvertible {
        let description: String
    }
}
