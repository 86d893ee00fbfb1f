import Foundation

/// The Open… and Save As… windows: a ``FileBrowser`` drawn with Dear ImGui. Folders navigate,
/// a file fills the name field, the button opens or saves; a failure shows in the error banner
/// and leaves the browser open.
extension Playground {
    /// Opens the browser in the folder of the effect file (Open) or of the save path (Save).
    func showFileBrowser(_ mode: FileBrowser.Mode) {
        let start = mode == .open ? (effectFilePath ?? state.effectFile ?? inspector.filePath) : inspector.filePath
        let absolute = start.hasPrefix("/") ? start
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(start)
        inspector.browser = FileBrowser(mode: mode, path: absolute)
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
        let verb = browser.mode == .open ? "Open" : "Save"
        ImGui.window("\(verb) effect###file-browser", options: [.noResize, .noMove]) {
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
                    ImGui.text(browser.mode == .open ? "(no folders, .json or .plist files)" : "(no folders or .json files)")
                }
            }
            if let next { browser.go(to: next) }
            ImGui.itemWidth(max(width - 170, 100))
            _ = ImGui.input("##browser-name", &browser.name)
            mark("Browser name")
            ImGui.sameLine()
            if ImGui.button(verb), let path = browser.chosenPath {
                if browser.mode == .open { openFile(path) } else { saveFile(path) }
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
}
