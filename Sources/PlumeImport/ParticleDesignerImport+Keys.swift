import Plume

extension ParticleDesignerImport {
    /// The documented key set and how each key maps, in the file's usual order (the *Particle
    /// Designer Import* article prints this table; a test keeps the two in step). A key not in it
    /// is reported as unknown, with the nearest known key when one is close.
    public static let keys: [KeyMapping] = {
        func k(_ key: String, _ mapping: Mapping, _ note: String) -> KeyMapping { KeyMapping(key: key, mapping: mapping, note: note) }
        var list: [KeyMapping] = [
            k("configName", .exact, "Metadata; not used."),
            k("maxParticles", .exact, "The cell's capacity (`SimulationLimits.maxParticlesPerCell`): births over it are dropped, as in cocos2d."),
            k("emissionRate", .exact, "`birthRate` where given and positive; otherwise `maxParticles / particleLifespan` as cocos2d computes it. Births lie on a regular grid in both. With `particleLifespan` 0 (cocos2d's rate is infinite: it refills to `maxParticles` every frame) `4 × maxParticles / particleLifespanVariance`, the rate that keeps `maxParticles` alive on average (approximate, warned: the count ramps up over the variance instead of filling at the first frame)."),
            k("duration", .approximate, "`-1` (or absent): forever; positive: the cell's `duration` (emission stops, particles live on): exact. 0 or other negative values: no emission (warned)."),
            k("particleLifespan", .exact, "`lifetime`. A particle whose drawn lifetime is ≤ 0 is not created, and cocos2d draws none of them (`max(0, life + variance·rand(−1, 1))` dies at its first update), so 0 or a negative life with a variance gives the same particles. Speeds over life (spin, colour, size without variance) use the mean drawn lifetime, `variance / 2`, where it is 0."),
            k("particleLifespanVariance", .exact, "`lifetimeRange = 2 × variance` (cocos2d's ± is the half width)."),
            k("sourcePositionx", .exact, "`emitterPosition.x`."),
            k("sourcePositiony", .exact, "`emitterPosition.y = sceneHeight − y` (cocos2d is y-up)."),
            k("sourcePositionVariancex", .exact, "`emitterShape = .rectangle`, `emitterSize.width = 2 × variance` (uniform in the rectangle, as cocos2d)."),
            k("sourcePositionVariancey", .exact, "`emitterSize.height = 2 × variance`."),
            k("emitterType", .exact, "0: gravity mode (the cell's velocity and acceleration plus radial and tangential acceleration behaviours). 1: radius mode, an `orbit` behaviour (see the radius keys)."),
            k("particleType", .exact, "Old name of `emitterType`."),
            k("angle", .exact, "`emissionLongitude = −angle` in radians (cocos2d: degrees counter-clockwise from +x, y-up)."),
            k("angleVariance", .approximate, "`emissionRange = 2 × variance`: Plume spreads over a 3-D cone (Semantics §4), so off-axis particles move slower on screen than in cocos2d's flat fan. Exact when 0."),
            k("speed", .exact, "`velocity`."),
            k("speedVariance", .exact, "`velocityRange = 2 × variance`."),
            k("gravityx", .exact, "`xAcceleration`. (Plume integrates motion exactly; cocos2d's Euler step drifts by g·t·dt/2.)"),
            k("gravityy", .exact, "`yAcceleration = −gravityy` (y-up to y-down)."),
            k("radialAcceleration", .exact, "A `radialAcceleration` behaviour limited to the cell: `acceleration`, points/s² away from the emitter position. (Plume integrates it on a fixed 1/64 s grid; cocos2d's Euler step per frame drifts with the frame rate.)"),
            k("radialAccelVariance", .exact, "`accelerationRange = 2 × variance` (one value per particle, as cocos2d)."),
            k("tangentialAcceleration", .exact, "A `tangentialAcceleration` behaviour limited to the cell, `acceleration = −tangentialAcceleration` when yCoordFlipped is 1 (cocos2d turns counter-clockwise in y-up, Plume clockwise on the y-down layer)."),
            k("tangentialAccelVariance", .exact, "`accelerationRange = 2 × variance`."),
            k("rotationIsDir", .exact, "True: an `alignToMotion` behaviour limited to the cell (the angle follows the velocity, as cocos2d's rotation = direction)."),
            k("maxRadius", .exact, "Radius mode: an `orbit` behaviour about the emitter position with `startRadius = maxRadius`; the cell emits at `angle + 180°` (cocos2d starts a particle at −(cos a, sin a)·radius), which the orbit takes as its start angle."),
            k("maxRadiusVariance", .exact, "`startRadiusRange = 2 × variance`."),
            k("minRadius", .approximate, "`endRadius`: the radius changes linearly over each particle's life, as in cocos2d. −1 (the radius stays): `endRadius = maxRadius`, exact without maxRadiusVariance, else each radius drifts to the mean (warned)."),
            k("minRadiusVariance", .exact, "`endRadiusRange = 2 × variance`."),
            k("rotatePerSecond", .exact, "The orbit's `turnsPerSecond = rotatePerSecond / 360`, negated when yCoordFlipped is 1 (counter-clockwise in y-up is anticlockwise on screen; Plume's positive turns are clockwise on the y-down layer)."),
            k("rotatePerSecondVariance", .exact, "`turnsPerSecondRange = 2 × variance / 360`."),
            k("startParticleSize", .exact, "`scale = size / image width` (cocos2d sizes are points across the quad)."),
            k("startParticleSizeVariance", .approximate, "`scaleRange = 2 × variance / image width`: exact while start − variance ≥ 0; sizes below 0 (cocos2d clamps to 0) are warned."),
            k("finishParticleSize", .approximate, "Without lifespan variance `scaleSpeed = (finish − start) / particleLifespan / image width`; with it a `valueOverLife` behaviour adding `[0, (finish − start) / image width]` to the scale over normalised age, so each particle reaches the finish size at the end of its own life. Exact without size variances; with them one size change for all (warned). −1: constant size (exact)."),
            k("finishParticleSizeVariance", .approximate, "Not expressible per particle; the mean rate is used (warned)."),
            k("rotationStart", .exact, "`rotation` in radians (clockwise on screen in both)."),
            k("rotationStartVariance", .exact, "`rotationRange = 2 × variance`."),
            k("rotationEnd", .approximate, "`spin = (end − start) / particleLifespan`: exact without rotation or lifespan variance; otherwise one spin for all (warned)."),
            k("rotationEndVariance", .approximate, "Not expressible per particle; the mean spin is used (warned)."),
        ]
        for c in ["Red", "Green", "Blue", "Alpha"] {
            list.append(k("startColor\(c)", .exact, "`color.\(c.lowercased())` (clamped to 0…1 as cocos2d does)."))
            list.append(k("startColorVariance\(c)", .approximate, "`\(c.lowercased())Range = 2 × variance`: exact while start ± variance stays in 0…1; beyond, cocos2d clamps at birth and Plume when drawing (warned)."))
            list.append(k("finishColor\(c)", .approximate, "`\(c.lowercased())Speed = (finish − start) / particleLifespan`: exact without colour or lifespan variance; otherwise one speed for all (colour over life needs behaviours, warned)."))
            list.append(k("finishColorVariance\(c)", .approximate, "Not expressible per particle; the mean speed is used (warned)."))
        }
        list += [
            k("blendFuncSource", .approximate, "With blendFuncDestination: (1, 1) → `.additive`; (1, 771) and (770, 771) → premultiplied source-over, `.oldestFirst` (newest on top, cocos2d's append order): exact. (770, 1) → `.additive`, approximate (cocos2d weighs texture alpha twice). Others: source-over, approximate (warned)."),
            k("blendFuncDestination", .approximate, "See blendFuncSource."),
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
