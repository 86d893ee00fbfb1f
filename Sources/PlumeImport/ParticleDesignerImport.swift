import Foundation
import Plume

/// Imports Particle Designer / cocos2d particle files (`.plist`, XML or binary property lists) as
/// a Plume layer with one cell. See the *Particle Designer Import* article for the key-by-key
/// mapping (exact, approximate, unsupported).
///
/// ```swift
/// let imported = try ParticleDesignerImport.read(from: URL(fileURLWithPath: "fire.plist"))
/// imported.warnings.forEach { print($0) }     // what could not be expressed exactly
/// let sim = ReferenceSimulator(layer: imported.layer, limits: imported.limits)
/// ```
///
/// cocos2d's space is y-up with the emitter at `sourcePosition`; the layer is y-down, so the
/// importer places the emitter at `(x, sceneSize.height − y)` and mirrors angles and gravity.
public enum ParticleDesignerImport {
    /// How a key maps onto Plume.
    public enum Mapping: String, Sendable, CaseIterable {
        /// Same meaning (same particles up to the simulators' exact integration).
        case exact
        /// Mapped to the nearest Plume property; the note says how it differs.
        case approximate
        /// Needs behaviours Plume does not have yet; reported as a warning and dropped.
        case unsupported
    }

    /// One documented key: its mapping and how.
    public struct KeyMapping: Sendable {
        /// The property-list key, as Particle Designer writes it (`"maxParticles"`).
        public let key: String
        /// Whether the key maps exactly, approximately or not at all.
        public let mapping: Mapping
        /// What the key becomes in Plume, and how it differs where it does.
        public let note: String
    }

    /// What an import produced.
    public struct Result {
        /// The layer: one cell named after the file (or "particles").
        public var layer: EmitterLayer
        /// What was approximated or dropped, key by key.
        public var warnings: [EffectIssue]
        /// `maxParticles` as the simulators' capacity.
        public var limits: SimulationLimits
    }

    /// The largest file accepted (64 MiB; embedded textures are limited separately).
    public static let maxFileSize = 64 << 20

    /// Imports a file; `textureFileName` is looked up next to it, within what `imageAccess` allows
    /// (default: the file's own folder and the bundled resources; see `ImageAccess`).
    public static func read(from url: URL, sceneSize: CGSize = Preset.defaultSize,
                            imageAccess: ImageAccess = .effectFolder) throws(EffectFileError) -> Result {
        let data: Data
        switch BoundedFile.read(url.path, limit: maxFileSize) {
        case let .success(bytes): data = bytes
        case let .failure(failure):
            throw EffectFileError(issues: [EffectIssue(severity: .error, file: url.path, path: "", position: nil,
                                                       message: "the file \(failure)")])
        }
        return try decode(data, file: url.path, baseDirectory: url.deletingLastPathComponent(), sceneSize: sceneSize,
                          name: url.deletingPathExtension().lastPathComponent, imageAccess: imageAccess)
    }

    /// Imports property-list bytes.
    public static func decode(_ data: Data, file: String = "<plist>", baseDirectory: URL? = nil,
                              sceneSize: CGSize = Preset.defaultSize, name: String = "particles",
                              imageAccess: ImageAccess = .effectFolder) throws(EffectFileError) -> Result {
        var reader = PlistReader(file: file, baseDirectory: baseDirectory, sceneSize: sceneSize, imageAccess: imageAccess)
        let result = reader.read(data, name: name)
        guard let result, !reader.log.hasErrors else { throw EffectFileError(issues: reader.log.sorted) }
        return result
    }
}

/// The import itself: reads keys with their types, maps them, logs what is not exact.
struct PlistReader {
    var log: IssueLog
    let baseDirectory: URL?
    let sceneSize: CGSize
    /// Which image files `textureFileName` may name.
    let imageAccess: ImageAccess
    private var dictionary: [String: Any] = [:]

    init(file: String, baseDirectory: URL?, sceneSize: CGSize, imageAccess: ImageAccess = .effectFolder) {
        log = IssueLog(file: file)
        self.baseDirectory = baseDirectory
        self.imageAccess = imageAccess
        self.sceneSize = sceneSize
    }

    mutating func read(_ data: Data, name: String) -> ParticleDesignerImport.Result? {
        guard data.count <= ParticleDesignerImport.maxFileSize else {
            log.error("$", nil, "the file is larger than \(ParticleDesignerImport.maxFileSize >> 20) MiB")
            return nil
        }
        // XML or binary property lists only: Particle Designer writes XML; the old OpenStep text
        // format is no particle format (and Foundation's parser for it logs to stderr).
        let head = data.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard head.first == UInt8(ascii: "<") || data.starts(with: Array("bplist".utf8)) else {
            log.error("$", nil, "not a property list (an XML or binary plist starts with '<' or 'bplist')")
            return nil
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            log.error("$", nil, "not a property list (\((error as NSError).localizedDescription))")
            return nil
        }
        guard let d = object as? [String: Any] else {
            log.error("$", nil, "a particle file is a dictionary at the top level, got \(type(of: object))")
            return nil
        }
        dictionary = d
        let known = ParticleDesignerImport.keys.map(\.key)
        let knownSet = Set(known)
        for key in d.keys.sorted() where !knownSet.contains(key) {
            if log.isFull { log.skip(); continue }   // past the issues kept: no suggestion to work out
            if let near = nearestKey(to: key, in: known) {
                log.warning("$.\(key)", nil, "unknown key (did you mean \"\(near)\"?), ignored")
            } else {
                log.warning("$.\(key)", nil, "unknown key, ignored")
            }
        }
        return map(name: name)
    }

    // MARK: Typed access

    /// A number (integer or real, or a numeric string); nil when absent. Wrong types and
    /// non-finite values are errors.
    mutating func number(_ key: String) -> Double? {
        guard let value = dictionary[key] else { return nil }
        let d: Double?
        switch value {
        case let n as NSNumber: d = n.doubleValue
        case let s as String: d = Double(s.trimmingCharacters(in: .whitespaces))
        default: d = nil
        }
        guard let d else {
            log.error("$.\(key)", nil, "must be a number (<integer> or <real>), got \(Self.describe(value))")
            return nil
        }
        guard d.isFinite else {
            log.error("$.\(key)", nil, "must be finite, got \(d)")
            return nil
        }
        return d
    }

    mutating func string(_ key: String) -> String? {
        guard let value = dictionary[key] else { return nil }
        guard let s = value as? String else {
            log.error("$.\(key)", nil, "must be a string, got \(Self.describe(value))")
            return nil
        }
        return s
    }

    static func describe(_ value: Any) -> String {
        let text = "\(value)"
        return "\(type(of: value)) \(text.count > 40 ? text.prefix(40) + "…" : text)"
    }

    mutating func approximate(_ key: String, _ how: String) { log.warning("$.\(key)", nil, "approximate: \(how)") }
    mutating func unsupported(_ key: String, _ what: String) { log.warning("$.\(key)", nil, "unsupported: \(what); ignored") }

    // MARK: Mapping

    mutating func map(name: String) -> ParticleDesignerImport.Result? {
        let cell = EmitterCell(name: name)
        let layer = EmitterLayer()
        layer.emitterCells = [cell]
        let degrees = Double.pi / 180

        // Life and emission.
        let life = number("particleLifespan") ?? 0
        let lifeVariance = abs(number("particleLifespanVariance") ?? 0)
        // cocos2d gives each particle max(0, life + lifeVariance·rand(−1, 1)) and never draws one
        // of lifetime 0; Plume creates no particle whose lifetime L ≤ 0 (Semantics §4), so the
        // particles drawn have cocos2d's lifetimes exactly. Plume's lifetime cannot be negative:
        // a negative life keeps its positive part, uniform on (0, life + variance), as 0 ± (life +
        // variance) (the rate below is scaled to the share of draws that live).
        cell.lifetime = Float(max(life, 0))
        cell.lifetimeRange = Float(2 * (life < 0 ? max(life + lifeVariance, 0) : lifeVariance))
        if life + lifeVariance <= 0 {
            log.warning("$.particleLifespan", nil, "is \(life) with a variance of \(lifeVariance): particles live 0 s and nothing is drawn")
        }
        var limits = SimulationLimits.default
        let maxParticles = number("maxParticles") ?? 0
        if maxParticles < 0 || maxParticles > Double(1 << 24) {
            log.error("$.maxParticles", nil, "must be in 0…\(1 << 24), got \(maxParticles)")
        } else {
            limits = SimulationLimits(maxParticlesPerCell: Int(maxParticles))
        }
        if let rate = number("emissionRate"), rate > 0 {
            cell.birthRate = Float(life < 0 && life + lifeVariance > 0 ? rate * (life + lifeVariance) / lifeVariance : rate)
        } else if life > 0 {
            cell.birthRate = Float(maxParticles / life)
        } else if life == 0 && lifeVariance > 0 {
            // cocos2d's rate maxParticles / 0 is infinite: every frame it emits up to the capacity.
            // The rate that keeps the capacity full on average (Little's law): half the draws
            // create a particle, living lifeVariance / 2 s on average.
            cell.birthRate = Float(4 * maxParticles / lifeVariance)
            approximate("particleLifespan", "0 with a variance: cocos2d refills to maxParticles every frame (rate maxParticles / 0); imported as birthRate 4 × maxParticles / particleLifespanVariance = \(cell.birthRate)/s, which keeps maxParticles alive on average (the count ramps up over particleLifespanVariance s instead of filling at the first frame, and dips below the capacity where cocos2d holds it)")
        } else if life < 0 && life + lifeVariance > 0 {
            log.warning("$.particleLifespan", nil, "is \(life): cocos2d's rate maxParticles / particleLifespan is negative and nothing is emitted (give emissionRate)")
        }
        if let duration = number("duration"), duration != -1 {
            if duration > 0 {
                cell.duration = duration
            } else {
                approximate("duration", "\(duration) stops the emitter at its first update; imported as no emission")
                cell.birthRate = 0
            }
        }

        // Position: cocos2d is y-up with the emitter at sourcePosition (yCoordFlipped 1, the
        // default); other yCoordFlipped values mean the file's y axis already points down.
        let flip = (number("yCoordFlipped") ?? 1) == 1
        let x = number("sourcePositionx") ?? 0, y = number("sourcePositiony") ?? 0
        layer.emitterPosition = CGPoint(x: x, y: flip ? Double(sceneSize.height) - y : y)
        let vx = abs(number("sourcePositionVariancex") ?? 0), vy = abs(number("sourcePositionVariancey") ?? 0)
        if vx > 0 || vy > 0 {
            layer.emitterShape = .rectangle
            layer.emitterSize = CGSize(width: 2 * vx, height: 2 * vy)
        }

        // Direction and motion.
        let type = number("emitterType") ?? number("particleType") ?? 0
        let angle = number("angle") ?? 0
        let angleVariance = abs(number("angleVariance") ?? 0)
        cell.emissionLongitude = CGFloat((flip ? -angle : angle) * degrees)
        switch type {
        case 0:
            if angleVariance > 0 {
                cell.emissionRange = CGFloat(min(2 * angleVariance, 360) * degrees)
                approximate("angleVariance", "Plume spreads directions over a 3-D cone (Semantics §4), cocos2d over a flat fan: the same directions on screen, shorter on-screen speeds away from the axis")
            }
            mapGravityMode(cell, layer: layer, flip: flip)
        case 1:
            mapRadiusMode(cell, layer: layer, flip: flip, angle: angle, angleVariance: angleVariance)
        default:
            log.error("$.emitterType", nil, "must be 0 (gravity) or 1 (radius), got \(type)")
        }

        // Appearance.
        let image = texture()
        cell.contents = image
        // One speed for all particles needs one lifetime: the mean of those drawn where life is 0.
        let meanLife = life > 0 ? life : (life == 0 ? lifeVariance / 2 : 0)
        mapSize(cell, layer: layer, imageWidth: Double(image?.width ?? 64), life: meanLife, lifeVariance: lifeVariance)
        mapRotation(cell, life: meanLife, lifeVariance: lifeVariance)
        mapColor(cell, life: meanLife, lifeVariance: lifeVariance)
        mapBlend(layer)
        if let position = number("positionType"), position != 0 {
            approximate("positionType", "particles stay where they were born (free); relative and grouped differ only when the emitter moves")
        }
        return ParticleDesignerImport.Result(layer: layer, warnings: log.issues.filter { $0.severity == .warning }, limits: limits)
    }

    mutating func mapGravityMode(_ cell: EmitterCell, layer: EmitterLayer, flip: Bool) {
        let speed = number("speed") ?? 0
        cell.velocity = CGFloat(speed)
        cell.velocityRange = CGFloat(2 * abs(number("speedVariance") ?? 0))
        cell.xAcceleration = CGFloat(number("gravityx") ?? 0)
        cell.yAcceleration = CGFloat((flip ? -1 : 1) * (number("gravityy") ?? 0))
        // Radial and tangential accelerations about the emitter position: Plume's behaviours of
        // the same names. cocos2d's tangential direction is counter-clockwise in its y-up space;
        // Plume's is clockwise on the y-down layer, so mirroring y keeps the sign's meaning only
        // when the file is not flipped.
        let radial = number("radialAcceleration") ?? 0, radialVariance = abs(number("radialAccelVariance") ?? 0)
        if radial != 0 || radialVariance != 0 {
            let b = behavior(.radialAcceleration, for: cell, layer: layer)
            b.acceleration = CGFloat(radial)
            b.accelerationRange = CGFloat(2 * radialVariance)
        }
        let tangential = number("tangentialAcceleration") ?? 0, tangentialVariance = abs(number("tangentialAccelVariance") ?? 0)
        if tangential != 0 || tangentialVariance != 0 {
            let b = behavior(.tangentialAcceleration, for: cell, layer: layer)
            b.acceleration = CGFloat((flip ? -1 : 1) * tangential)
            b.accelerationRange = CGFloat(2 * tangentialVariance)
        }
        if let v = dictionary["rotationIsDir"], (v as? NSNumber)?.boolValue == true || (v as? String) == "true" {
            _ = behavior(.alignToMotion, for: cell, layer: layer)
        }
    }

    /// A behaviour acting on the imported cell only, added to the layer.
    func behavior(_ kind: EmitterBehavior.Kind, for cell: EmitterCell, layer: EmitterLayer) -> EmitterBehavior {
        let b = EmitterBehavior(type: kind, name: kind.rawValue)
        b.cellNames = cell.name.map { [$0] }
        layer.emitterBehaviors = (layer.emitterBehaviors ?? []) + [b]
        return b
    }

    /// Radius mode: each particle circles the emitter position at a radius going linearly from
    /// `maxRadius` to `minRadius` over its life, turning `rotatePerSecond` degrees a second,
    /// starting at `angle ± angleVariance` on the far side (cocos2d places it at −(cos a, sin a)·r):
    /// Plume's `orbit` behaviour about the birth point, whose start angle is the birth direction,
    /// so the cell emits from a point at `angle + 180°` (any speed: the orbit replaces the motion).
    mutating func mapRadiusMode(_ cell: EmitterCell, layer: EmitterLayer, flip: Bool, angle: Double, angleVariance: Double) {
        let degrees = Double.pi / 180
        let start = number("maxRadius") ?? 0, startVariance = abs(number("maxRadiusVariance") ?? 0)
        var end = number("minRadius") ?? 0, endVariance = abs(number("minRadiusVariance") ?? 0)
        if end == -1 {
            // cocos2d: the radius stays at each particle's start radius.
            end = start
            endVariance = 0
            if startVariance > 0 {
                approximate("minRadius", "-1 keeps each particle's start radius in cocos2d; Plume ends every orbit at maxRadius, so radii drift by up to maxRadiusVariance over a life")
            }
        }
        cell.emissionLongitude = CGFloat(((flip ? -angle : angle) + 180) * degrees)
        cell.emissionRange = CGFloat(min(2 * angleVariance, 360) * degrees)
        if angleVariance > 0 {
            approximate("angleVariance", "Plume spreads directions over a 3-D cone (Semantics §4), cocos2d over a flat fan: start angles around the circle are spread differently")
        }
        cell.velocity = 1
        cell.velocityRange = 0
        let orbit = behavior(.orbit, for: cell, layer: layer)
        orbit.startRadius = CGFloat(start)
        orbit.startRadiusRange = CGFloat(2 * startVariance)
        orbit.endRadius = CGFloat(end)
        orbit.endRadiusRange = CGFloat(2 * endVariance)
        // Degrees counter-clockwise in cocos2d's y-up space; Plume turns clockwise on the y-down layer.
        let turns = (number("rotatePerSecond") ?? 0) / 360, turnsVariance = abs(number("rotatePerSecondVariance") ?? 0) / 360
        orbit.turnsPerSecond = CGFloat(flip ? -turns : turns)
        orbit.turnsPerSecondRange = CGFloat(2 * turnsVariance)
        for key in ["gravityx", "gravityy", "speed", "speedVariance", "radialAcceleration", "radialAccelVariance",
                    "tangentialAcceleration", "tangentialAccelVariance"] where number(key).map({ $0 != 0 }) == true {
            log.warning("$.\(key)", nil, "not used in radius mode (emitterType 1), as in cocos2d; ignored")
        }
    }

    mutating func mapSize(_ cell: EmitterCell, layer: EmitterLayer, imageWidth w: Double, life: Double, lifeVariance: Double) {
        let start = number("startParticleSize") ?? 0
        let startVariance = abs(number("startParticleSizeVariance") ?? 0)
        let finish = number("finishParticleSize") ?? -1
        let finishVariance = abs(number("finishParticleSizeVariance") ?? 0)
        cell.scale = CGFloat(max(start, 0) / w)
        cell.scaleRange = CGFloat(2 * startVariance / w)
        if start - startVariance < 0 {
            approximate("startParticleSizeVariance", "cocos2d clamps sizes below 0 to 0; Plume draws nothing for them")
        }
        guard finish != -1, life > 0, finish != start else { return }
        if lifeVariance > 0 {
            // Each particle reaches the finish size at the end of its own life: a curve over
            // normalised age added to the scale (exact without size variances).
            let grow = EmitterBehavior(type: .valueOverLife, name: "size")
            grow.keyPath = "scale"
            grow.values = [0, CGFloat((max(finish, 0) - max(start, 0)) / w)]
            grow.additive = true
            grow.cellNames = cell.name.map { [$0] }
            layer.emitterBehaviors = (layer.emitterBehaviors ?? []) + [grow]
        } else {
            cell.scaleSpeed = CGFloat((max(finish, 0) - max(start, 0)) / life / w)
        }
        if startVariance > 0 || finishVariance > 0 {
            approximate(finishVariance > 0 ? "finishParticleSizeVariance" : "finishParticleSize",
                        "one size change for all particles, finish − start; cocos2d gives each particle its own from its sampled sizes")
        }
    }

    mutating func mapRotation(_ cell: EmitterCell, life: Double, lifeVariance: Double) {
        let degrees = Double.pi / 180
        let start = number("rotationStart") ?? 0, startVariance = abs(number("rotationStartVariance") ?? 0)
        let end = number("rotationEnd") ?? 0, endVariance = abs(number("rotationEndVariance") ?? 0)
        cell.rotation = CGFloat(start * degrees)
        cell.rotationRange = CGFloat(2 * startVariance * degrees)
        if life > 0 { cell.spin = CGFloat((end - start) / life * degrees) }
        if endVariance > 0 || (startVariance > 0 && end != start) || (lifeVariance > 0 && end != start) {
            approximate(endVariance > 0 ? "rotationEndVariance" : "rotationEnd",
                        "one spin for all particles, (rotationEnd − rotationStart) / particleLifespan; cocos2d gives each particle its own")
        }
    }

    mutating func mapColor(_ cell: EmitterCell, life: Double, lifeVariance: Double) {
        let channels = ["Red", "Green", "Blue", "Alpha"]
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        var start: [Double] = [], variance: [Double] = [], finish: [Double] = [], finishVariance: [Double] = []
        for c in channels {
            start.append(clamp(number("startColor\(c)") ?? 0))
            variance.append(abs(number("startColorVariance\(c)") ?? 0))
            finish.append(clamp(number("finishColor\(c)") ?? 0))
            finishVariance.append(abs(number("finishColorVariance\(c)") ?? 0))
        }
        cell.color = Color(red: Float(start[0]), green: Float(start[1]), blue: Float(start[2]), alpha: Float(start[3]))
        cell.redRange = Float(2 * variance[0]); cell.greenRange = Float(2 * variance[1])
        cell.blueRange = Float(2 * variance[2]); cell.alphaRange = Float(2 * variance[3])
        for i in 0..<4 where variance[i] > 0 && (start[i] - variance[i] < 0 || start[i] + variance[i] > 1) {
            approximate("startColorVariance\(channels[i])", "cocos2d clamps each sampled start colour to 0…1; Plume clamps only when drawing")
        }
        guard life > 0 else { return }
        let speeds = (0..<4).map { Float((finish[$0] - start[$0]) / life) }
        cell.redSpeed = speeds[0]; cell.greenSpeed = speeds[1]; cell.blueSpeed = speeds[2]; cell.alphaSpeed = speeds[3]
        let varies = variance.contains { $0 > 0 } || finishVariance.contains { $0 > 0 } || lifeVariance > 0
        if varies && speeds.contains(where: { $0 != 0 }) {
            let key = finishVariance.contains { $0 > 0 } ? "finishColorVarianceRed" : "finishColorRed"
            approximate(key, "one colour speed for all particles, (finish − start) / particleLifespan; cocos2d gives each particle its own (colour over life needs behaviours)")
        }
    }

    mutating func mapBlend(_ layer: EmitterLayer) {
        let one = 1.0, srcAlpha = 770.0, oneMinusSrcAlpha = 771.0
        var source = number("blendFuncSource") ?? one
        var destination = number("blendFuncDestination") ?? oneMinusSrcAlpha
        if let additive = dictionary["blendAdditive"] {
            if (additive as? NSNumber)?.boolValue == true { source = srcAlpha; destination = one }
        }
        switch (source, destination) {
        case (one, one):
            layer.renderMode = .additive
        case (srcAlpha, one):
            layer.renderMode = .additive
            approximate("blendFuncSource", "GL_SRC_ALPHA, GL_ONE on cocos2d's premultiplied textures weighs texture alpha twice; Plume's additive mode once (soft edges a little brighter)")
        case (one, oneMinusSrcAlpha), (srcAlpha, oneMinusSrcAlpha):
            layer.renderMode = .oldestFirst
        default:
            layer.renderMode = .oldestFirst
            approximate("blendFuncSource", "blend functions \(JSONOut.formatNumber(source)), \(JSONOut.formatNumber(destination)) have no Plume equivalent; drawn with premultiplied source-over")
        }
    }

    /// `textureFileName` next to the file, else `textureImageData`, else a soft dot (warned).
    mutating func texture() -> SpriteImage? {
        var problems: [String] = []
        if let name = string("textureFileName"), !name.isEmpty, let base = baseDirectory {
            // The name as written, then its last component next to the file (cocos2d's fallback).
            let names = [name, (name as NSString).lastPathComponent]
            var refused = false
            for candidate in names {
                guard let url = imageAccess.resolve(candidate, base: base) else {
                    refused = true
                    continue
                }
                guard case let .success(data) = BoundedFile.read(url.path, limit: BoundedFile.imageLimit) else { continue }
                do {
                    return try ParticleDesignerTexture.image(from: data, name: url.path)
                } catch {
                    problems.append("\(error)")
                    break
                }
            }
            if problems.isEmpty {
                // A refused name gets the refusal whether or not it exists (nothing is revealed).
                problems.append(refused ? ImageAccess.refusal(name) : "\(base.appendingPathComponent(name).path) does not exist")
            }
        }
        if let text = string("textureImageData"), !text.isEmpty {
            do {
                return try ParticleDesignerTexture.decode(base64: text)
            } catch where error.overLimit {
                log.error("$.textureImageData", nil, "\(error); refused before decoding")
                return nil
            } catch {
                problems.append("\(error)")
            }
        }
        let reason = problems.isEmpty ? "the file has no texture" : problems.joined(separator: "; ")
        log.warning("$.textureFileName", nil, "\(reason): using the built-in soft dot (64 px)")
        return .builtin(.softDot)
    }
}
