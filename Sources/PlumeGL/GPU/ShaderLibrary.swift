import Foundation

/// The engine's GLSL, embedded in the binary from `Shaders/` by the EmbedShaders build plugin, and
/// how a program's stages are assembled from it: a version header, the variant's defines, the
/// library files (the generated contract first), the program's uniform declarations (generated
/// from `Shaders/plume.contract`), the program's own library files (the `.glsl` names of its
/// stage list, which may read its uniforms), then the stage file.
public enum ShaderLibrary {
    /// Library files every program includes, in dependency order.
    static let libraryFiles = ["plume_contract.glsl", "plume_record.glsl", "plume_hash.glsl", "plume_draws.glsl",
                               "plume_clock.glsl", "plume_motion.glsl", "plume_birth.glsl", "plume_behaviors.glsl",
                               "plume_motion_behaviors.glsl", "plume_collider_fields.glsl", "plume_colliders.glsl", "plume_motion_anchors.glsl"]

    /// The text of a file of `Shaders/` (or the generated `plume_contract.glsl`).
    public static func source(_ name: String) -> String? { EmbeddedShaders.files[name] }

    /// Every embedded file name.
    public static var fileNames: [String] { EmbeddedShaders.files.keys.sorted() }

    /// The names of every program.
    public static var programNames: [String] { PassKind.allCases.map(\.rawValue) }

    /// The stage files of the program `name`, nil for an unknown name.
    public static func stages(ofProgram name: String) -> [String]? {
        PassKind(rawValue: name)?.stages.map(\.file)
    }

    /// `#version 400 core`, or 3.3 core on older drivers (where `precise` does not exist: the
    /// shaders use no floating-point result whose rounding decides anything, so it only keeps
    /// the float motion closer to the reference where the driver honours it).
    static func versionHeader(glVersion: Int) -> String {
        glVersion >= 40 ? "#version 400 core\n" : "#version 330 core\n#define precise\n"
    }

    /// The full source of one stage of the program `program` (a name of ``programNames``).
    public static func assemble(program: String, stage: String, defines: [String: Int], glVersion: Int = 40) -> String {
        var text = versionHeader(glVersion: glVersion)
        for (name, value) in defines.sorted(by: { $0.key < $1.key }) { text += "#define \(name) \(value)\n" }
        text += DeclaredParameters.glslDefines
        for file in libraryFiles { text += "// ---- \(file)\n" + (source(file) ?? "") + "\n" }
        text += PassKind(rawValue: program)?.uniformDeclarations ?? ""
        for file in PassKind(rawValue: program)?.includes ?? [] { text += "// ---- \(file)\n" + (source(file) ?? "") + "\n" }
        text += "// ---- \(stage)\n" + (source(stage) ?? "")
        return text
    }

    /// Names of the transform-feedback outputs of a stage: the `out` declarations marked
    /// `// @capture`, in order; an array output expands to its elements: as many as the contract
    /// constant that sizes it, else `arrayCount`.
    static func capturedOutputs(of stage: String, arrayCount: Int) -> [String] {
        guard let text = source(stage) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") where line.contains("@capture") {
            // `out TYPE NAME;` or `out TYPE NAME[SIZE];` (SIZE may hold spaces: `REC_VECS(SUB, CHILD)`).
            let declaration = line.split(separator: ";")[0]
            let head = declaration.split(separator: "[", maxSplits: 1)
            guard let name = head[0].split(separator: " ").last else { continue }
            if head.count == 2 {
                // Sized by a contract constant (`xf_quad[QUAD_VECS]`), else by the records written.
                let size = head[1].split(separator: "]")[0].trimmingCharacters(in: .whitespaces)
                let count = ShaderConstant.byName[size] ?? arrayCount
                names += (0..<count).map { "\(name)[\($0)]" }
            } else {
                names.append(String(name))
            }
        }
        return names
    }
}

/// Identifies one compiled program variant.
struct ProgramKey: Hashable, CustomStringConvertible {
    var kind: PassKind
    /// Sub-cells of the records read.
    var sub: Int
    /// Sub-cells of the records written.
    var csub: Int
    /// The records read are a sub-cell's (the CHILD layout: `CHILD` 1).
    var child = false
    /// The records written are a sub-cell's (the layout the captured outputs are counted in).
    var cchild = false
    /// Optional code compiled into the variant (the draw programs' behaviours).
    var features: ProgramFeatures = []
    /// The grid's force terms compiled in (`MOTION_FORCES`; empty: all).
    var forces: MotionForces = []

    var description: String {
        "\(kind.rawValue) program (SUB \(sub), CSUB \(csub)\(child ? ", CHILD" : "")\(featureNames.isEmpty ? "" : ", " + featureNames.joined(separator: " "))"
            + "\(features.isDisjoint(with: .motionClasses) ? "" : ", motion classes \(defines["MOTION_CLASSES"]!)")"
            + "\(forces.isEmpty ? "" : ", forces \(forces.rawValue)")"
            + "\(features.gridSteps.map { ", \($0) grid steps" } ?? ""))"
    }

    /// The preprocessor defines of the variant: `SUB`, `CSUB`, `CHILD`, one 0/1 define per feature, and
    /// `MOTION_CLASSES`, the motion classes compiled in (a bit mask, all of them unless the
    /// variant names some), and `MOTION_FORCES`, the grid's force terms (``MotionForces``).
    var defines: [String: Int] {
        var d = ["SUB": sub, "CSUB": csub, "CHILD": child ? 1 : 0]
        let on = featureNames
        for name in ProgramFeatures.all.map(\.1) + ProgramFeatures.motionLists.map(\.1) { d[name] = on.contains(name) ? 1 : 0 }
        let classes = features.intersection(.motionClasses).rawValue / ProgramFeatures.closedFormMotion.rawValue
        d["MOTION_CLASSES"] = classes == 0 ? 7 : classes
        d["MOTION_FORCES"] = forces.define
        d["GRID_STEPS"] = features.gridSteps ?? -1
        return d
    }

    /// The names of the features that are on (``ProgramFeatures/names``; the contract's `if FEATURE`
    /// uniforms are those of these), less `MOTION_KEYED` where grid forces without radial or
    /// tangential accelerations draw nothing from the particle's key (and no orbit does), plus
    /// ``ProgramFeatures/motionLists``' names of the lists a grid variant compiles.
    var featureNames: [String] {
        var names = features.names
        if !forces.isEmpty, !forces.contains(.central), !features.contains(.orbitMotion) {
            names.removeAll { $0 == "MOTION_KEYED" }
        }
        if features.contains(.gridMotion) {
            names += ProgramFeatures.motionLists.filter { forces.isEmpty || forces.contains($0.0) }.map(\.1)
        }
        return names
    }
}

/// Code a draw program variant compiles in only for the cells that need it. A GPU without
/// per-lane branching (Mesa llvmpipe runs both sides of every `if` for all lanes, even on a
/// uniform condition) pays for code behind a uniform switch as if it ran: a variant per need
/// keeps the plain cell's draw at its own cost.
struct ProgramFeatures: OptionSet, Hashable {
    let rawValue: Int
    /// Over-life curves and alignment (`CURVES`, Semantics §12, `plume_behaviors.glsl`).
    static let curves = ProgramFeatures(rawValue: 1)
    /// Motion behaviours evaluated at draw time (`MOTION`, `plume_motion_behaviors.glsl`).
    static let motion = ProgramFeatures(rawValue: 2)
    /// The motion classes an update or spawn variant integrates (`MOTION_CLASSES` bits 1, 2, 4:
    /// closed form, grid, orbit); a variant naming none compiles all three.
    static let closedFormMotion = ProgramFeatures(rawValue: 4)
    static let gridMotion = ProgramFeatures(rawValue: 8)
    static let orbitMotion = ProgramFeatures(rawValue: 16)
    /// An update whose cell's motion behaviours and acceleration are those of the previous update
    /// and stay (`MOTION_STEADY`): the anchors only move on under the grid, so the code that
    /// restarts them after a change is not compiled (llvmpipe would run it for every lane).
    static let steadyMotion = ProgramFeatures(rawValue: 32)
    /// A grid cell with colliders (`COLLISIONS`, Semantics §12 "Collisions"): its update, spawn,
    /// overflow and events passes walk each record's grid motion over the update for its collision
    /// events and kills (`plume_contact_walk`); other cells do not pay for that code.
    static let collisions = ProgramFeatures(rawValue: 64)
    static let motionClasses: ProgramFeatures = [.closedFormMotion, .gridMotion, .orbitMotion]
    /// The grid steps a steady grid update without a contact walk takes, compiled in
    /// (`GRID_STEPS` 0 to 3, as 1 + k in bits 7–9; without it, `GRID_STEPS` −1: a loop over each
    /// record's steps). Every record of an update crosses the same grid points, the layer times in
    /// the update that are multiples of the grid step (Semantics §12), so the steps run written
    /// out, without a loop or a per-lane count.
    static func gridSteps(_ k: Int) -> ProgramFeatures {
        precondition((0...maxGridSteps).contains(k), "compiled grid steps: 0 to \(maxGridSteps)")
        return ProgramFeatures(rawValue: (k + 1) << 7)
    }
    /// The most grid steps ``gridSteps(_:)`` compiles: an update at 30 per second crosses 2 or 3.
    static let maxGridSteps = 3
    /// The bits of ``gridSteps(_:)``.
    static let gridStepBits = ProgramFeatures(rawValue: 7 << 7)
    /// The compiled grid steps; nil where none are (the loop).
    var gridSteps: Int? {
        let v = intersection(Self.gridStepBits).rawValue >> 7
        return v == 0 ? nil : v - 1
    }

    /// The defines of a grid variant that compiles a list of entries (its forces include them, or
    /// are all): the update then takes where the list starts from a uniform (`u_attractorStart`
    /// …, `MotionLists` in `plume_motion_behaviors.glsl`). Derived from the forces, not feature bits.
    static let motionLists: [(MotionForces, String)] = [(.attractors, "MOTION_ATTRACTORS"), (.turbulences, "MOTION_TURBULENCES"),
                                                        (.vortices, "MOTION_VORTICES"), (.colliders, "MOTION_COLLIDERS")]

    /// Each feature with its define; `BEHAVIORS` is 1 when either is on (the behaviour table's
    /// uniform is used exactly then: `if BEHAVIORS` in `Shaders/plume.contract`); the motion
    /// classes' names declare the uniforms only one class uses (`updateMotion`); `MOTION_KEYED` is 1
    /// with a class that draws per-particle values from the key (grid forces, orbits).
    static let all: [(ProgramFeatures, String)] = [(.curves, "CURVES"), (.motion, "MOTION"), ([.curves, .motion], "BEHAVIORS"),
                                                   (.closedFormMotion, "MOTION_CLASS_CLOSED"), (.gridMotion, "MOTION_CLASS_GRID"),
                                                   (.orbitMotion, "MOTION_CLASS_ORBIT"), ([.gridMotion, .orbitMotion], "MOTION_KEYED"),
                                                   (.steadyMotion, "MOTION_STEADY"), (.collisions, "COLLISIONS")]

    /// The names of the defines that are 1.
    var names: [String] { Self.all.filter { !intersection($0.0).isEmpty }.map(\.1) }
}
