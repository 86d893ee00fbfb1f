import Plume

/// The model's properties declared for the GPU (`@Property(gpu: .cell)` on ``EmitterCell``): the
/// uniform structs of `Shaders/plume.contract` that say `declared float` get a float field per
/// property, named as it, and the host sets them from ``ResolvedCell/parameters``. So a new
/// parameter is written where it is stored and where the shader uses it; nothing lists it here.
enum DeclaredParameters {
    /// The declared fields of each uniform struct, in the order of ``values(of:)``.
    static let fields: [String: [String]] = ["CellParams": EmitterCell.GPUParameters.names]

    /// The field names of the uniform struct `name` (empty when it declares none).
    static func names(of name: String) -> [String] { fields[name] ?? [] }

    /// `#define PLUME_DECLARED_<struct> float a; float b;` for every struct: what the generated
    /// contract's structs expand.
    static var glslDefines: String {
        fields.keys.sorted().map { name in
            "#define PLUME_DECLARED_\(name) " + names(of: name).map { "float \($0);" }.joined(separator: " ") + "\n"
        }.joined()
    }
}

extension CellParamsUniforms {
    /// Sets the declared parameters from the cell's resolved values.
    func setDeclared(_ cell: ResolvedCell) {
        for (uniform, value) in zip(declared, cell.parameters.values) { uniform.set(Float(value)) }
    }
}
