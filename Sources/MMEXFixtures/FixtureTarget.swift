import SQLiteCipher
import SQLiteEngine

/// Where a generated fixture's bytes go: a plain file, or an encrypted one written page by page through the page
/// codec.
///
/// It hands the generator the VFS and the `prepare` hook of ``FixtureGenerator/generate(at:spec:options:library:vfs:prepare:)``:
/// for an encrypted target, the codec's VFS and ``SQLiteCipher/CipherTarget/applyToNewFile(_:schema:)``, which
/// applies the key to the new, empty file before the schema is written (as `driverport create` does).
public struct FixtureTarget: Sendable {
    /// The cipher and key (``SQLiteCipher/CipherTarget/plain`` for a plain file).
    public var cipher: CipherTarget

    public init(cipher: CipherTarget) { self.cipher = cipher }

    /// A plain SQLite file.
    public static var plain: FixtureTarget { FixtureTarget(cipher: .plain) }

    /// The VFS to write through: the codec's for an encrypted file, the default for a plain one (byte for byte
    /// what the codec would write too, without the pass-through).
    public var vfs: String? { cipher.format == nil ? nil : PageCodec.vfsName }

    /// Applies the key to the new connection before anything is written (nothing for a plain file).
    public func prepare(_ connection: EngineConnection) throws {
        guard cipher.format != nil else { return }
        try cipher.applyToNewFile(connection)
    }
}

extension FixtureGenerator {
    /// Creates a new MMEX file at `path` (never overwrites) written to `target`, and fills it.
    ///
    /// - Throws: as ``generate(at:spec:options:library:vfs:prepare:)``, and ``SQLiteCipher/CipherError`` when the
    ///   key cannot be applied.
    @discardableResult
    public static func generate(
        at path: String, spec: FixtureSpec, options: FixtureWriteOptions = FixtureWriteOptions(), target: FixtureTarget
    ) throws -> FixtureReport {
        try generate(at: path, spec: spec, options: options, vfs: target.vfs, prepare: target.prepare)
    }
}
