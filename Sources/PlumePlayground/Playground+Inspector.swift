import Foundation
import Plume

/// What the inspector remembers between frames.
struct InspectorState {
    /// The selected cell (index path), if any.
    var selected: [Int]?
    /// The path Save writes (the effect's own file, or ``PlaygroundOptions/saveDirectory``'s
    /// `<preset>.json`); Save As… and Open… start from its folder.
    var filePath = "effect.json"
    /// The Open… / Save As… window, while it is open.
    var browser: FileBrowser?
    /// A PNG path for the selected cell's contents.
    var imagePath = ""
    /// What the contents picker shows for each cell whose image the inspector set.
    var imageLabels: [ObjectIdentifier: String] = [:]
}

/// The inspector, as in Particle Playground: presets and files, the layer's properties, the
/// cell tree with add / duplicate / remove of cells and sub-cells, the behaviours (added from the
/// Add menu, removed, their numbers edited: Playground+BehaviorInspector.swift), and every property of the
/// selected cell with a fitting control (angles in degrees, colour pickers, pickers for
/// shapes, modes and render modes, images from the built-ins or a PNG file).
extension Playground {
    func drawInspector() {
        let sizes = input.sizes
        let width: Float = 390
        ImGui.nextWindow(x: Float(sizes.window.x) - width - 8, y: 8, width: width,
                         height: max(Float(sizes.window.y) - 88, 200), always: false)
        ImGui.nextWindowAlpha(0.85)
        ImGui.window("Inspector", options: [.menuBar]) {
            mark("Inspector window", ImGui.windowRect)
            ImGui.itemWidths(-175) { drawInspectorContents() }
        }
    }

    private func drawInspectorContents() {
            ImGui.menuBar {
                ImGui.menu("Presets") {
                    for preset in Preset.allCases where ImGui.menuItem(preset.rawValue) {
                        perform { try open(preset) }
                    }
                }
                ImGui.menu("Effect") {
                    if ImGui.menuItem("Restart", shortcut: "R") { perform { try restart() } }
                    if ImGui.menuItem("Save", shortcut: "Ctrl+S") { saveFile(inspector.filePath) }
                    if ImGui.menuItem("Save As…") { showFileBrowser(.save) }
                    if ImGui.menuItem("Open…") { showFileBrowser(.open) }
                }
                drawAddBehaviorMenu()
            }
            drawFileSection()
            if ImGui.header("Layer", open: false) { drawLayerSection() }
            if ImGui.header("Cells", open: true) { drawCellTree() }
            let behaviorsOpen = ImGui.header("Behaviors", open: false)
            mark("Behaviors")
            if behaviorsOpen { drawBehaviorsSection() }
            if let path = inspector.selected, let cell = CellPath.cell(at: path, in: layer) {
                if ImGui.header("Cell \(CellPath.name(of: path, in: layer))###cell", open: true) {
                    ImGui.id("cell-\(path)") { drawCell(cell) }
                }
            }
    }

    private func drawFileSection() {
        ImGui.itemWidth(-1)
        _ = ImGui.input("##file", &inspector.filePath)
        mark("Save path")
        if ImGui.button("Save") { saveFile(inspector.filePath) }
        mark("Save")
        ImGui.sameLine()
        if ImGui.button("Save As…") { showFileBrowser(.save) }
        mark("Save As")
        ImGui.sameLine()
        if ImGui.button("Open…") { showFileBrowser(.open) }
        mark("Open")
        if let file = effectFilePath {
            ImGui.text("playing \((file as NSString).lastPathComponent) (reloads on change)")
        } else if let file = state.effectFile {
            ImGui.text("imported \((file as NSString).lastPathComponent) (Save writes Plume JSON)")
        }
        if !state.warnings.isEmpty && ImGui.header("Warnings (\(state.warnings.count))") {
            for warning in state.warnings.prefix(20) { ImGui.wrapped(warning) }
        }
    }

    private func drawLayerSection() {
        let l = layer
        edit(l, \.birthRate, "birthRate ×", speed: 0.01, range: 0...1000)
        edit(l, \.lifetime, "lifetime ×", speed: 0.01, range: 0...1000)
        edit(l, \.velocity, "velocity ×", speed: 0.01)
        edit(l, \.scale, "scale ×", speed: 0.01)
        edit(l, \.spin, "spin ×", speed: 0.01)
        var position = SIMD2<Float>(Float(l.emitterPosition.x), Float(l.emitterPosition.y))
        if ImGui.drag2("emitterPosition", &position) {
            l.removeAnimation(forKey: "position")
            l.emitterPosition = CGPoint(x: CGFloat(position.x), y: CGFloat(position.y))
        }
        edit(l, \.emitterZPosition, "emitterZPosition", speed: 1)
        var size = SIMD2<Float>(Float(l.emitterSize.width), Float(l.emitterSize.height))
        if ImGui.drag2("emitterSize", &size) {
            l.emitterSize = CGSize(width: CGFloat(max(size.x, 0)), height: CGFloat(max(size.y, 0)))
        }
        edit(l, \.emitterDepth, "emitterDepth", speed: 1, range: 0...100_000)
        _ = ImGui.picker("emitterShape", &l.emitterShape)
        _ = ImGui.picker("emitterMode", &l.emitterMode)
        _ = ImGui.picker("renderMode", &l.renderMode)
        _ = ImGui.checkbox("preservesDepth", &l.preservesDepth)
        _ = ImGui.checkbox("interpolatesEmitterMotion", &l.interpolatesEmitterMotion)
        edit(l, \.emitterTeleportDistance, "emitterTeleportDistance pt", speed: 5, range: 0...1_000_000)
        var seed = Int32(bitPattern: l.seed)
        if ImGui.dragInt("seed", &seed, speed: 0.2, range: 0...Int32.max) {
            l.seed = UInt32(bitPattern: seed)
            perform { try restart() }
        }
        timing(l)
        ImGui.text("Playground")
        _ = ImGui.color("background", &background)
        var capacity = Int32(clamping: simulator.limits.maxParticlesPerCell)
        if ImGui.dragInt("maxParticlesPerCell", &capacity, speed: 100, range: 1...Int32(1 << 24)) {
            perform { try rebuild(limits: SimulationLimits(maxParticlesPerCell: Int(capacity))) }
        }
    }

    private func drawCellTree() {
        func nodes(_ cells: [EmitterCell], _ prefix: [Int], depth: Int) {
            guard depth < 16 else { return }
            for (i, cell) in cells.enumerated() {
                let path = prefix + [i]
                let subs = cell.emitterCells ?? []
                let label = "\(cell.name ?? "#\(i)")\(cell.isEnabled ? "" : " (off)")  " + String(format: "%g/s", cell.birthRate)
                let node = ImGui.treeNode(id: "node\(path)", label: label, selected: inspector.selected == path,
                                          leaf: subs.isEmpty) {
                    nodes(subs, path, depth: depth + 1)
                }
                mark("cell \(CellPath.name(of: path, in: layer))", node.rect)
                if node.clicked { inspector.selected = path }
            }
        }
        nodes(layer.emitterCells ?? [], [], depth: 0)
        if ImGui.button("Add cell") { addCell(under: nil) }
        mark("Add cell")
        if let selected = inspector.selected, CellPath.cell(at: selected, in: layer) != nil {
            ImGui.sameLine()
            if ImGui.button("Add sub-cell") { addCell(under: selected) }
            mark("Add sub-cell")
            ImGui.sameLine()
            if ImGui.button("Duplicate") { duplicateCell(selected) }
            mark("Duplicate")
            ImGui.sameLine()
            if ImGui.button("Remove") { removeCell(selected) }
            mark("Remove")
        }
    }

    private func drawCell(_ c: EmitterCell) {
        var name = c.name ?? ""
        if ImGui.input("name", &name, capacity: 128) {
            c.name = name.isEmpty ? nil : name
            state.rateCell = rateCellPath.map { CellPath.name(of: $0, in: layer) }
        }
        _ = ImGui.checkbox("isEnabled", &c.isEnabled)
        ImGui.text("Emission")
        edit(c, \.birthRate, "birthRate /s", speed: 0.5, range: 0...100_000)
        edit(c, \.lifetime, "lifetime s", speed: 0.05, range: 0...10_000)
        edit(c, \.lifetimeRange, "lifetimeRange s", speed: 0.05, range: 0...10_000)
        drawBursts(c)
        _ = ImGui.picker("emissionEvent", &c.emissionEvent)   // sub-cells: over life, or on birth / death (Semantics §14)
        degrees(c, \.emissionLongitude, "emissionLongitude °")
        degrees(c, \.emissionLatitude, "emissionLatitude °")
        degrees(c, \.emissionRange, "emissionRange °")
        ImGui.text("Motion")
        edit(c, \.velocity, "velocity pt/s", speed: 1)
        edit(c, \.velocityRange, "velocityRange pt/s", speed: 1)
        edit(c, \.xAcceleration, "xAcceleration pt/s²", speed: 1)
        edit(c, \.yAcceleration, "yAcceleration pt/s²", speed: 1)
        edit(c, \.zAcceleration, "zAcceleration pt/s²", speed: 1)
        ImGui.text("Size and rotation")
        edit(c, \.scale, "scale", speed: 0.01)
        edit(c, \.scaleRange, "scaleRange", speed: 0.01)
        edit(c, \.scaleSpeed, "scaleSpeed /s", speed: 0.01)
        degrees(c, \.spin, "spin °/s")
        degrees(c, \.spinRange, "spinRange °/s")
        degrees(c, \.rotation, "rotation °")
        degrees(c, \.rotationRange, "rotationRange °")
        ImGui.text("Colour")
        var rgba = c.color.simd
        if ImGui.color("color", &rgba) { c.color = Color(rgba) }
        var ranges = SIMD4<Float>(c.redRange, c.greenRange, c.blueRange, c.alphaRange)
        if ImGui.drag4("RGBA ranges", &ranges) {
            (c.redRange, c.greenRange, c.blueRange, c.alphaRange) = (ranges.x, ranges.y, ranges.z, ranges.w)
        }
        var speeds = SIMD4<Float>(c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed)
        if ImGui.drag4("RGBA speeds /s", &speeds) {
            (c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed) = (speeds.x, speeds.y, speeds.z, speeds.w)
        }
        drawTrail(c)
        moreNumbers(c, EmitterCell.declaredNumbers, shown: Self.cellNumbersLaidOut)
        ImGui.text("Contents")
        drawContents(c)
        timing(c)
    }

    /// The cell's bursts (Semantics §13): each editable, removable, and one more added.
    private func drawBursts(_ c: EmitterCell) {
        var bursts = c.bursts
        var changed = false
        var removed: Int?
        for i in bursts.indices {
            ImGui.id("burst\(i)") {
                ImGui.text("burst \(i)")
                ImGui.sameLine()
                if ImGui.button("remove") { removed = i }
                var time = Float(bursts[i].time), interval = Float(bursts[i].interval)
                var probability = Float(bursts[i].probability)
                var count = Int32(clamping: bursts[i].count), cycles = Int32(clamping: bursts[i].cycles)
                if ImGui.drag("time s", &time, speed: 0.01, range: 0...100_000) { bursts[i].time = Double(time); changed = true }
                if ImGui.dragInt("count", &count, range: 0...1_000_000) { bursts[i].count = Int(count); changed = true }
                if ImGui.dragInt("cycles (0: forever)", &cycles, range: 0...1_000_000) { bursts[i].cycles = Int(cycles); changed = true }
                if ImGui.drag("interval s", &interval, speed: 0.01, range: 0.001...100_000) {
                    bursts[i].interval = Double(interval)
                    changed = true
                }
                if ImGui.slider("probability", &probability, 0...1) { bursts[i].probability = Double(probability); changed = true }
            }
        }
        if let removed {
            bursts.remove(at: removed)
            changed = true
        }
        if ImGui.button("Add burst") {
            bursts.append(EmitterBurst(count: 20))
            changed = true
        }
        if changed { c.bursts = bursts }
    }

    /// The cell's trail (Semantics §10 "Trails"): its points and span, and the width and colour at
    /// the particle and at the trail's end (the curves' first and last values; one value edits
    /// into two, evenly spaced).
    private func drawTrail(_ c: EmitterCell) {
        ImGui.text("Trail")
        var points = Int32(clamping: Int(c.trailPointCount.isFinite ? c.trailPointCount : 0))
        if ImGui.dragInt("trailPointCount", &points, range: 0...Int32(Trail.maxCount)) { c.trailPointCount = Float(points) }
        var duration = Float(c.trailDuration)
        if ImGui.drag("trailDuration s (0: 1/64 s apart)", &duration, speed: 0.01, range: 0...60) { c.trailDuration = Double(duration) }
        guard c.trailPointCount >= 1 else { return }
        var widths = SIMD2<Float>(Float(c.trailWidths.first ?? 1), Float(c.trailWidths.last ?? 1))
        if ImGui.drag2("trailWidths head, end", &widths, speed: 0.01, format: "%.2f") {
            var list = c.trailWidths.count >= 2 ? c.trailWidths : [1, 1]
            list[0] = CGFloat(widths.x)
            list[list.count - 1] = CGFloat(widths.y)
            c.trailWidths = list
            if c.trailWidthLocations?.count != list.count { c.trailWidthLocations = nil }
        }
        var colors = c.trailColors.count >= 2 ? c.trailColors : [.white, .white]
        var head = colors[0].simd, end = colors[colors.count - 1].simd
        var changed = false
        if ImGui.color("trail colour at head", &head) { colors[0] = Color(head); changed = true }
        if ImGui.color("trail colour at end", &end) { colors[colors.count - 1] = Color(end); changed = true }
        if changed {
            c.trailColors = colors
            if c.trailColorLocations?.count != colors.count { c.trailColorLocations = nil }
        }
    }

    /// The cell numbers laid out above (or in ``drawContents(_:)`` and ``timing(_:)``); every other
    /// declared number is listed under "More", so a new property is editable here by itself.
    static let cellNumbersLaidOut: Set<String> = [
        "birthRate", "lifetime", "lifetimeRange", "emissionLongitude", "emissionLatitude", "emissionRange",
        "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange",
        "scaleSpeed", "spin", "spinRange", "rotation", "rotationRange", "redRange", "greenRange", "blueRange",
        "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contentsScale", "minificationFilterBias",
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "trailPointCount", "trailDuration",
    ]

    /// Every declared number of `object` not in `shown`, edited by key path (angles in degrees).
    private func moreNumbers(_ object: EmitterCell, _ numbers: [DeclaredNumber], shown: Set<String>) {
        let rest = numbers.filter { !shown.contains($0.key) }
        guard !rest.isEmpty else { return }
        ImGui.text("More")
        for n in rest {
            let stored = object.value(forKeyPath: n.key)
            let radians = (stored as? CGFloat).map(Double.init) ?? (stored as? Float).map(Double.init)
                ?? (stored as? Double) ?? 0
            var v = Float(n.isAngle ? radians * 180 / .pi : radians)
            let label = n.unit.isEmpty ? n.key : "\(n.key) \(n.unit)"
            let range = n.minimum.map { Float($0)...Float.greatestFiniteMagnitude }
            if ImGui.drag(label, &v, speed: n.isAngle ? 0.5 : 0.01, range: range) {
                object.setValue(n.isAngle ? Double(v) * .pi / 180 : Double(v), forKeyPath: n.key)
            }
        }
    }

    private func drawContents(_ c: EmitterCell) {
        let builtins = SpriteImage.Builtin.allCases
        let current = inspector.imageLabels[ObjectIdentifier(c)]
            ?? c.contents.map { "image \($0.width)×\($0.height)" } ?? "none"
        var items = [current, "none"] + builtins.map { "built-in \($0.rawValue)" }
        var index = 0
        if ImGui.combo("contents", &index, items) && index > 0 {
            if index == 1 {
                c.contents = nil
                inspector.imageLabels[ObjectIdentifier(c)] = "none"
            } else {
                let kind = builtins[index - 2]
                c.contents = .builtin(kind, size: 64)
                inspector.imageLabels[ObjectIdentifier(c)] = "built-in \(kind.rawValue)"
            }
        }
        items = []
        ImGui.itemWidth(230)
        _ = ImGui.input("##png", &inspector.imagePath)
        ImGui.sameLine()
        if ImGui.button("Load PNG") {
            do {
                c.contents = try SpriteImage(contentsOfPNGFile: inspector.imagePath)
                inspector.imageLabels[ObjectIdentifier(c)] = (inspector.imagePath as NSString).lastPathComponent
                state.error = nil
            } catch {
                state.error = "\(error)"
            }
        }
        var rect = SIMD4<Float>(Float(c.contentsRect.origin.x), Float(c.contentsRect.origin.y),
                                Float(c.contentsRect.size.width), Float(c.contentsRect.size.height))
        if ImGui.drag4("contentsRect", &rect) {
            c.contentsRect = CGRect(x: CGFloat(rect.x), y: CGFloat(rect.y), width: CGFloat(rect.z), height: CGFloat(rect.w))
        }
        edit(c, \.contentsScale, "contentsScale", speed: 0.01, range: 0.01...100)
        _ = ImGui.picker("magnificationFilter", &c.magnificationFilter)
        _ = ImGui.picker("minificationFilter", &c.minificationFilter)
        edit(c, \.minificationFilterBias, "minificationFilterBias", speed: 0.01)
    }

    /// The MediaTiming properties of the layer or a cell.
    private func timing<T: MediaTiming>(_ object: T) {
        ImGui.text("Timing")
        edit(object, \.beginTime, "beginTime s", speed: 0.05)
        var forever = !object.duration.isFinite || object.duration == 0
        if ImGui.checkbox("unbounded duration", &forever) { object.duration = forever ? .infinity : 1 }
        if !forever { edit(object, \.duration, "duration s", speed: 0.05, range: 0.001...100_000) }
        edit(object, \.speed, "speed", speed: 0.01, range: 0...100)
        edit(object, \.timeOffset, "timeOffset s", speed: 0.05)
        edit(object, \.repeatCount, "repeatCount", speed: 0.05, range: 0...100_000)
        edit(object, \.repeatDuration, "repeatDuration s", speed: 0.05, range: 0...100_000)
        _ = ImGui.checkbox("autoreverses", &object.autoreverses)
        var fill = object.fillMode
        if ImGui.picker("fillMode", &fill) { object.fillMode = fill }
    }

    /// Records where the last widget is, under `name`, in the state.
    func mark(_ name: String, _ rect: ImGui.Rect = ImGui.lastItemRect) {
        state.controls[name] = [rect.x, rect.y, rect.width, rect.height]
    }

    // MARK: Controls over key paths

    private func edit<T: AnyObject>(_ o: T, _ kp: ReferenceWritableKeyPath<T, Float>, _ label: String,
                                    speed: Float, range: ClosedRange<Float>? = nil) {
        var v = o[keyPath: kp]
        if ImGui.drag(label, &v, speed: speed, range: range) { o[keyPath: kp] = v }
    }

    private func edit<T: AnyObject>(_ o: T, _ kp: ReferenceWritableKeyPath<T, CGFloat>, _ label: String,
                                    speed: Float, range: ClosedRange<Float>? = nil) {
        var v = Float(o[keyPath: kp])
        if ImGui.drag(label, &v, speed: speed, range: range) { o[keyPath: kp] = CGFloat(v) }
    }

    private func edit<T: AnyObject>(_ o: T, _ kp: ReferenceWritableKeyPath<T, Double>, _ label: String,
                                    speed: Float, range: ClosedRange<Float>? = nil) {
        var v = Float(o[keyPath: kp])
        if ImGui.drag(label, &v, speed: speed, range: range) { o[keyPath: kp] = Double(v) }
    }

    /// An angle stored in radians, shown and edited in degrees.
    private func degrees<T: AnyObject>(_ o: T, _ kp: ReferenceWritableKeyPath<T, CGFloat>, _ label: String) {
        var v = Float(o[keyPath: kp] * 180 / .pi)
        if ImGui.drag(label, &v, speed: 0.5, format: "%.1f°") { o[keyPath: kp] = CGFloat(v) * .pi / 180 }
    }
}
