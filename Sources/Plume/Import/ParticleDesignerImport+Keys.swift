/// The documented key set and how each key maps (the *Particle Designer Import* article prints
/// this table; a test keeps the two in step).
extension ParticleDesignerImport {
    public static let keys: [KeyMapping] = {
        func k(_ key: String, _ mapping: Mapping, _ note: String) -> KeyMapping { KeyMapping(key: key, mapping: mapping, note: note) }
        var list: [KeyMapping] = [
            k("configName", .exact, "Metadata; not used."),
            k("maxParticles", .exact, "The cell's capacity (`SimulationLimits.maxParticlesPerCell`): births over it are dropped, as in cocos2d."),
            k("emissionRate", .exact, "`birthRate` where given and positive; otherwise `maxParticles / particleLifespan` as cocos2d computes it. Births lie on a regular grid in both."),
            k("duration", .exact, "`-1` (or absent): forever; positive: the cell's `duration` (emission stops, particles live on). 0 or other negative values: no emission (approximate, warned)."),
            k("particleLifespan", .exact, "`lifetime`."),
            k("particleLifespanVariance", .exact, "`lifetimeRange = 2 × variance` (cocos2d's ± is the half width)."),
            k("sourcePositionx", .exact, "`emitterPosition.x`."),
            k("sourcePositiony", .exact, "`emitterPosition.y = sceneHeight − y` (cocos2d is y-up)."),
            k("sourcePositionVariancex", .exact, "`emitterShape = .rectangle`, `emitterSize.width = 2 × variance` (uniform in the rectangle, as cocos2d)."),
            k("sourcePositionVariancey", .exact, "`emitterSize.height = 2 × variance`."),
            k("emitterType", .exact, "0 (gravity): exact. 1 (radius): approximate, see the radius keys."),
            k("particleType", .exact, "Old name of `emitterType`."),
            k("angle", .exact, "`emissionLongitude = −angle` in radians (cocos2d: degrees counter-clockwise from +x, y-up)."),
            k("angleVariance", .approximate, "`emissionRange = 2 × variance`: Plume spreads over a 3-D cone (SPEC §4), so off-axis particles move slower on screen than in cocos2d's flat fan. Exact when 0."),
            k("speed", .exact, "`velocity`."),
            k("speedVariance", .exact, "`velocityRange = 2 × variance`."),
            k("gravityx", .exact, "`xAcceleration`. (Plume integrates motion exactly; cocos2d's Euler step drifts by g·t·dt/2.)"),
            k("gravityy", .exact, "`yAcceleration = −gravityy` (y-up to y-down)."),
            k("radialAcceleration", .unsupported, "Needs a per-particle behaviour; warned and dropped when not 0."),
            k("radialAccelVariance", .unsupported, "As radialAcceleration."),
            k("tangentialAcceleration", .unsupported, "Needs a per-particle behaviour; warned and dropped when not 0."),
            k("tangentialAccelVariance", .unsupported, "As tangentialAcceleration."),
            k("rotationIsDir", .unsupported, "Turning particles to their flight direction needs a behaviour; warned when true."),
            k("maxRadius", .approximate, "Radius mode: `emitterShape = .circle`, `emitterMode = .outline`, `emitterSize = 2 × maxRadius`, births uniform on the circle (cocos2d: at angle ± angleVariance), emitted inwards."),
            k("maxRadiusVariance", .approximate, "A speed spread `2 × variance / particleLifespan`; births stay on the circle."),
            k("minRadius", .approximate, "Inward speed `(maxRadius − minRadius) / particleLifespan` (radial motion exact; the orbit is dropped). −1: no radial motion."),
            k("minRadiusVariance", .approximate, "Added to the speed spread as maxRadiusVariance."),
            k("rotatePerSecond", .unsupported, "Orbits need a behaviour; warned and dropped when not 0."),
            k("rotatePerSecondVariance", .unsupported, "As rotatePerSecond."),
            k("startParticleSize", .exact, "`scale = size / image width` (cocos2d sizes are points across the quad)."),
            k("startParticleSizeVariance", .exact, "`scaleRange = 2 × variance / image width`. Sizes below 0 (cocos2d clamps to 0) are warned."),
            k("finishParticleSize", .approximate, "`scaleSpeed = (finish − start) / particleLifespan / image width`: exact when no size or lifespan variance; otherwise one rate for all particles (size over life needs behaviours). −1: constant size (exact)."),
            k("finishParticleSizeVariance", .approximate, "Not expressible per particle; the mean rate is used (warned)."),
            k("rotationStart", .exact, "`rotation` in radians (clockwise on screen in both)."),
            k("rotationStartVariance", .exact, "`rotationRange = 2 × variance`."),
            k("rotationEnd", .approximate, "`spin = (end − start) / particleLifespan`: exact without rotation or lifespan variance; otherwise one spin for all (warned)."),
            k("rotationEndVariance", .approximate, "Not expressible per particle; the mean spin is used (warned)."),
        ]
        for c in ["Red", "Green", "Blue", "Alpha"] {
            list.append(k("startColor\(c)", .exact, "`color.\(c.lowercased())` (clamped to 0…1 as cocos2d does)."))
            list.append(k("startColorVariance\(c)", .exact, "`\(c.lowercased())Range = 2 × variance`; where start ± variance leaves 0…1 cocos2d clamps at birth and Plume when drawing (warned)."))
            list.append(k("finishColor\(c)", .approximate, "`\(c.lowercased())Speed = (finish − start) / particleLifespan`: exact without colour or lifespan variance; otherwise one speed for all (colour over life needs behaviours, warned)."))
            list.append(k("finishColorVariance\(c)", .approximate, "Not expressible per particle; the mean speed is used (warned)."))
        }
        list += [
            k("blendFuncSource", .exact, "With blendFuncDestination: (1, 1) → `.additive`; (1, 771) and (770, 771) → premultiplied source-over, `.oldestFirst` (newest on top, cocos2d's append order). (770, 1) → `.additive`, approximate (cocos2d weighs texture alpha twice). Others: source-over, approximate (warned)."),
            k("blendFuncDestination", .exact, "See blendFuncSource."),
            k("blendAdditive", .exact, "Old key: true means (770, 1), i.e. additive."),
            k("yCoordFlipped", .exact, "1 (the default): the file's y axis points up (cocos2d), so positions, angles and gravity are mirrored into the y-down layer; other values (0, −1): the file is already y-down (as Sparrow/Starling read it) and nothing is mirrored. Images are upright either way."),
            k("textureFileName", .exact, "A PNG or TIFF next to the file (the plist's folder, then the bare file name there)."),
            k("textureImageData", .exact, "Used when textureFileName does not load: base64 of gzip or zlib data (or of the bare file) holding a PNG or a TIFF (libtiff). Sizes are checked before decoding: 48 MiB of base64, 80 MiB inflated, 4096 × 4096 pixels."),
            k("positionType", .approximate, "Particles stay where they are born (free); relative and grouped differ only while the emitter moves."),
            k("absolutePosition", .exact, "Metadata of some exporters; not used."),
        ]
        return list
    }()
}
