import Foundation

/// Plume effect files: a whole layer (every layer and cell property, sub-cells at any depth,
/// animations) as a versioned, human-editable JSON document. See the *Effect Files* article.
///
/// ```swift
/// let layer = try EffectFile.load(from: URL(fileURLWithPath: "fire.json"))
/// try EffectFile.write(layer, to: URL(fileURLWithPath: "copy.json"))
/// ```
///
/// ```json
/// {
///   "$schema": "../../Schemas/plume-effect.schema.json",
///   "format": "plume-effect",
///   "version": 1,
///   "angleUnit": "degrees",
///   "layer": {
///     "emitterPosition": [400, 300],
///     "renderMode": "additive",
///     "emitterCells": [
///       { "name": "fire", "birthRate": 30, "lifetime": 3, "velocity": 120,
///         "emissionLongitude": -90, "contents": "softDot", "color": "#ff331a80" }
///     ]
///   }
/// }
/// ```
///
/// Loading is strict: any error (malformed JSON, a wrong type, an out-of-range or non-finite
/// value, a missing image) refuses the whole file and reports every problem with the file, the
/// JSON path, line:column and the rule. Unknown keys are warnings (with the nearest known key)
/// and are ignored.
public enum EffectFile {
    /// The value of the document's `"format"` field.
    public static let format = "plume-effect"
    /// The format version this Plume reads and writes.
    public static let version = 1
    /// The largest image side accepted from a file (embedded or by path), in pixels. Checked from
    /// the image header before any pixel is decoded.
    public static let maxImageSide = 4096

    /// Angles in the file: radians (the default, exact) or degrees.
    public enum AngleUnit: String, CaseIterable, Sendable {
        /// Radians, as the model keeps them (the default: written exactly).
        case radians
        /// Degrees, as designers think of them (`"angleUnit": "degrees"` in the file).
        case degrees
    }

    /// How images that are not built-in sprites are written.
    public struct WriteOptions: Sendable {
        /// Unit of the angles written (the document says which). Degrees are written exactly:
        /// a value that does not read back to the same radians is written as a `"…rad"` string.
        public var angleUnit: AngleUnit
        /// The `"$schema"` reference written, if any (e.g. a path to `plume-effect.schema.json`).
        public var schema: String?
        /// Images to write as paths (relative to the file) instead of embedded base64 PNG; the
        /// files are not written, they are expected to exist. ``EffectDocument/imagePaths``
        /// carries the paths an opened file used.
        public var imagePaths: [SpriteImage: String]
        /// Written as `"maxParticlesPerCell"` (the simulators' capacity, ``SimulationLimits``).
        public var maxParticlesPerCell: Int?
        /// A free-text `"description"`.
        public var description: String?

        /// Options with every default: radians, no schema, images embedded, no capacity, no
        /// description.
        public init(angleUnit: AngleUnit = .radians, schema: String? = nil, imagePaths: [SpriteImage: String] = [:],
                    maxParticlesPerCell: Int? = nil, description: String? = nil) {
            self.angleUnit = angleUnit
            self.schema = schema
            self.imagePaths = imagePaths
            self.maxParticlesPerCell = maxParticlesPerCell
            self.description = description
        }
    }

    /// Loads the layer an effect file describes.
    /// - Parameters:
    ///   - url: the effect file (JSON, at most 64 MiB, a regular file).
    ///   - imageAccess: which image files the effect may name (default: its own folder and the
    ///     bundled resources; see ``ImageAccess``).
    /// - Throws: ``EffectFileError`` with every problem when the file is unreadable or invalid.
    public static func load(from url: URL, imageAccess: ImageAccess = .effectFolder) throws(EffectFileError) -> EmitterLayer {
        try read(from: url, imageAccess: imageAccess).layer
    }

    /// Reads an effect file with everything it holds besides the layer (warnings, image paths,
    /// capacity), for tools that open, edit and save files.
    public static func read(from url: URL, imageAccess: ImageAccess = .effectFolder) throws(EffectFileError) -> EffectDocument {
        let data: Data
        switch BoundedFile.read(url.path, limit: BoundedFile.documentLimit) {
        case let .success(bytes): data = bytes
        case let .failure(failure):
            throw EffectFileError(issues: [EffectIssue(severity: .error, file: url.path, path: "", position: nil,
                                                       message: "the file \(failure)")])
        }
        return try decode(data, file: url.path, baseDirectory: url.deletingLastPathComponent(), imageAccess: imageAccess)
    }

    /// Decodes effect-file bytes. `file` names the source in issues; images given by path are
    /// looked up relative to `baseDirectory` (none: paths are errors), within what `imageAccess`
    /// allows.
    public static func decode(_ data: Data, file: String = "<data>", baseDirectory: URL? = nil,
                              imageAccess: ImageAccess = .effectFolder) throws(EffectFileError) -> EffectDocument {
        let (document, issues) = check(data, file: file, baseDirectory: baseDirectory, imageAccess: imageAccess)
        guard let document else { throw EffectFileError(issues: issues) }
        return document
    }

    /// Every problem in a file (errors and warnings, demands beyond the simulation budget among
    /// them: ``EffectIssue/budget(of:limits:file:)``), and the document when there is no error.
    public static func check(_ data: Data, file: String = "<data>", baseDirectory: URL? = nil,
                             imageAccess: ImageAccess = .effectFolder) -> (EffectDocument?, [EffectIssue]) {
        var decoder = EffectDecoder(file: file, baseDirectory: baseDirectory, imageAccess: imageAccess)
        var document = decoder.decodeDocument(data)
        var issues = decoder.log.sorted
        if !decoder.log.hasErrors, let loaded = document {
            // Demands beyond the budget: a warning, the layer loads (SimulationLimits).
            let budget = EffectIssue.budget(of: loaded.layer, limits: loaded.limits, file: file)
            document?.warnings += budget
            issues += budget
        }
        return (decoder.log.hasErrors ? nil : document, issues)
    }

    /// Every problem in the file at `url` (an unreadable file is one error), then, when it loads,
    /// a warning for each cell that can never show (``EffectIssue/silentCells(of:file:)``).
    public static func validate(contentsOf url: URL, imageAccess: ImageAccess = .effectFolder) -> [EffectIssue] {
        switch BoundedFile.read(url.path, limit: BoundedFile.documentLimit) {
        case let .success(data):
            let (document, issues) = check(data, file: url.path, baseDirectory: url.deletingLastPathComponent(),
                                           imageAccess: imageAccess)
            return issues + (document.map { EffectIssue.silentCells(of: $0.layer, file: url.path) } ?? [])
        case let .failure(failure):
            return [EffectIssue(severity: .error, file: url.path, path: "", position: nil, message: "the file \(failure)")]
        }
    }

    /// Writes `layer` (cells, sub-cells and animations) as an effect file. Defaults are omitted.
    /// - Throws: ``EffectFileError`` for values JSON cannot hold (NaN), cells that contain
    ///   themselves, or an unwritable file.
    public static func write(_ layer: EmitterLayer, to url: URL, options: WriteOptions = WriteOptions()) throws(EffectFileError) {
        let data = try encode(layer, options: options, file: url.path)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw EffectFileError(issues: [EffectIssue(severity: .error, file: url.path, path: "", position: nil,
                                                       message: "cannot write the file (\(error.localizedDescription))")])
        }
    }

    /// Writes a document read with ``read(from:imageAccess:)`` back, keeping its image paths, angle unit and
    /// capacity.
    public static func write(_ document: EffectDocument, to url: URL) throws(EffectFileError) {
        try write(document.layer, to: url, options: document.writeOptions)
    }

    /// The effect-file bytes for `layer`.
    public static func encode(_ layer: EmitterLayer, options: WriteOptions = WriteOptions(), file: String = "<data>") throws(EffectFileError) -> Data {
        var encoder = EffectEncoder(options: options, file: file)
        let json = encoder.encodeDocument(layer)
        guard !encoder.log.hasErrors else { throw EffectFileError(issues: encoder.log.sorted) }
        return Data(json.text().utf8)
    }
}

/// An effect file as read: the layer and what else the file said.
public struct EffectDocument {
    /// The layer, cells and animations.
    public var layer: EmitterLayer
    /// Warnings found while reading (unknown keys, …); loading succeeded despite them.
    public var warnings: [EffectIssue]
    /// The unit the file wrote angles in.
    public var angleUnit: EffectFile.AngleUnit
    /// Images the file named by path (relative to the file), so saving keeps them as paths.
    public var imagePaths: [SpriteImage: String]
    /// The `"maxParticlesPerCell"` the file asks for, if any.
    public var maxParticlesPerCell: Int?
    /// The file's `"$schema"` reference, if any.
    public var schema: String?
    /// The file's `"description"`, if any.
    public var description: String?

    /// The simulation limits the file asks for (the default where it names none).
    public var limits: SimulationLimits {
        maxParticlesPerCell.map { SimulationLimits(maxParticlesPerCell: $0) } ?? .default
    }

    /// Options that write the document back as it was read.
    public var writeOptions: EffectFile.WriteOptions {
        EffectFile.WriteOptions(angleUnit: angleUnit, schema: schema, imagePaths: imagePaths,
                                maxParticlesPerCell: maxParticlesPerCell, description: description)
    }
}

extension EmitterLayer {
    /// Loads an effect file (see ``EffectFile``).
    public convenience init(contentsOf url: URL) throws(EffectFileError) {
        self.init()
        apply(try EffectFile.load(from: url))
    }

    /// Writes the layer as an effect file (see ``EffectFile/write(_:to:options:)``).
    public func write(to url: URL, options: EffectFile.WriteOptions = .init()) throws(EffectFileError) {
        try EffectFile.write(self, to: url, options: options)
    }
}
