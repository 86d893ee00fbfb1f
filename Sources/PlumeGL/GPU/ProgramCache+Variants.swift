import CEpoxy
import Plume

/// The typed uniform handles of one program, generated from `Shaders/plume.contract`.
protocol ProgramUniforms {
    static var kind: PassKind { get }
    init(_ linker: UniformLinker) throws
}

/// The programs of Plume's passes: variants keyed by ``ProgramKey``, assembled by
/// ``ShaderLibrary`` and linked by the GL layer's cache.
extension ProgramCache {
    /// The kinds of the programs linked so far.
    var linkedKinds: [PassKind] { keys.compactMap { ($0.base as? ProgramKey)?.kind } }

    /// The program of `Uniforms.kind` reading records with `sub` sub-cells (of a sub-cell's layout
    /// where `child`) and writing `csub` (of a sub-cell's layout where `cchild`, by default
    /// `child`), with the optional code of `features` and the grid force terms of `forces` (empty:
    /// all) compiled in.
    func program<U: ProgramUniforms>(_ type: U.Type, sub: Int = 0, csub: Int? = nil, child: Bool = false,
                                     cchild: Bool? = nil, features: ProgramFeatures = [],
                                     forces: MotionForces = []) throws -> ShaderProgram<U> {
        let key = ProgramKey(kind: U.kind, sub: sub, csub: csub ?? sub, child: child, cchild: cchild ?? child,
                             features: features, forces: forces)
        if let program = cached(key, U.self) { return program }
        // A stage file shared by two programs tells them apart by the `PROGRAM_<name>` define of
        // the uniform header the contract generates for each program.
        let defines = key.defines
        let stages = key.kind.stages.map { file, type in
            ShaderStageSource(file: file, type: type,
                              source: ShaderLibrary.assemble(program: key.kind.rawValue, stage: file, defines: defines,
                                                             glVersion: glVersion))
        }
        let capturing = key.kind.stages.last!.file
        let vecs = ParticleRecord.vectors(subCells: key.csub, child: key.cchild)
        return try link(key, name: key.description, stages: stages,
                        attributes: [(0, "a_rec"), (0, "a_input")],
                        varyings: ShaderLibrary.capturedOutputs(of: capturing, arrayCount: vecs),
                        subCells: key.sub, features: Set(key.featureNames)) { try U($0) }
    }
}
