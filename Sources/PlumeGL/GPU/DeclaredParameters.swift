import Plume

/// The model's properties declared for the GPU (`@Property(gpu:)`): the uniform structs of
/// `Shaders/plume.contract` that say `declared float` get a float field per property declared
/// `gpu: .cell` on ``EmitterCell``, named as it, and the host sets them from
/// ``ResolvedCell/parameters``; the `BirthParams` table a float per property declared
/// `gpu: .births`, after its fields, written into each generation's row (`BirthParamsRow`'s
/// `declared`) and read by the generated `plume_row_BirthParams`; the behaviour-table layouts that say `declared float` get a float
/// per property declared `gpu: .wave` (`.attractor`, …) on ``EmitterBehavior``, after their other
/// fields, read by a generated `plume_LAYOUT_NAME(t, e)` and written from the resolved behaviour's
/// `parameters` (`CellBehaviors.motionSection`). So a new parameter is written where it is stored
/// and where the shader and the reference use it; nothing lists it here.
enum DeclaredParameters {
    /// The declared fields of each uniform struct, in the order of ``values(of:)``.
    static let fields: [String: [String]] = [
        "CellParams": EmitterCell.GPUParameters.tables[.cell] ?? [],
        "BirthParams": EmitterCell.GPUParameters.tables[.births] ?? [],
    ]

    /// The declared floats of each behaviour-table layout, in the order its entry holds them.
    static let layoutFields: [String: [String]] = Dictionary(uniqueKeysWithValues: GPUParameter.allCases
        .filter { $0 != .cell && $0 != .births }
        .map { ($0.contractName, EmitterBehavior.GPUParameters.tables[$0] ?? []) })

    /// The field names of the uniform struct `name` (empty when it declares none).
    static func names(of name: String) -> [String] { fields[name] ?? [] }

    /// The declared floats of the layout `name` (empty when it declares none).
    static func layoutNames(of name: String) -> [String] { layoutFields[name] ?? [] }

    /// `#define PLUME_DECLARED_<struct> float a; float b;` for every struct, and for every
    /// `declared float` layout its size `<LAYOUT>_VECS` and `#define PLUME_DECLARED_LAYOUT_<layout>`
    /// with a reader `float plume_<layout>_<name>(usamplerBuffer t, int e)` per declared float: what
    /// the generated contract expands.
    static var glslDefines: String {
        var s = fields.keys.sorted().map { name in
            "#define PLUME_DECLARED_\(name) " + names(of: name).map { "float \($0);" }.joined(separator: " ") + "\n"
        }.joined()
        for (table, first) in DeclaredTables.fieldWords.sorted(by: { $0.key < $1.key }) {
            let names = names(of: table)
            s += "#define \(table.uppercased())_VECS \((first + names.count + 3) / 4)\n"
            s += "#define PLUME_DECLARED_ROW_\(table) " + names.indices.map { ", plume_float(r, \(first + $0))" }.joined() + "\n"
        }
        let lanes = ["x", "y", "z", "w"]
        for (layout, first) in DeclaredLayouts.firstWord.sorted(by: { $0.key < $1.key }) {
            let names = layoutNames(of: layout)
            s += "#define \(layout.uppercased())_VECS \((first + names.count + 3) / 4)\n"
            s += "#define PLUME_DECLARED_LAYOUT_\(layout)"
            for (i, name) in names.enumerated() {
                let word = first + i
                s += " float plume_\(layout)_\(name)(usamplerBuffer t, int e) { return uintBitsToFloat(texelFetch(t, e + \(word / 4)).\(lanes[word % 4])); }"
            }
            s += "\n"
        }
        return s
    }
}

extension CellParamsUniforms {
    /// Sets the declared parameters from the cell's resolved values.
    func setDeclared(_ cell: ResolvedCell) {
        for (uniform, value) in zip(declared, cell.parameters.values(in: .cell)) { uniform.set(Float(value)) }
    }
}
