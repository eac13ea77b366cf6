import SQLiteEngine

/// A new database file's cipher: what `create` and the fixture generator write.
extension CipherTarget {
    /// The target for a new file from a cipher choice and an optional key, with the rules `PageCodec` applies to
    /// an empty file: a named format needs a key; ``CipherChoice/detect(_:)`` with a key means the detection's
    /// ``CipherDetection/newFileFormat`` (SQLCipher 4 for ``CipherChoice/auto``), without one a plain file;
    /// ``CipherChoice/none`` is a plain file and takes no key.
    ///
    /// - Throws: ``CipherError/keyRequired`` for a named format without a key, ``CipherError/keyWithoutCipher`` for
    ///   `none` with a key.
    public init(newFile choice: CipherChoice, key: CipherKey?, pageSize: Int? = nil) throws(CipherError) {
        switch choice {
        case .none:
            if key != nil { throw .keyWithoutCipher }
            self.init(format: nil, key: nil, pageSize: pageSize)
        case .detect(let detection):
            self.init(format: key == nil ? nil : detection.newFileFormat, key: key, pageSize: pageSize)
        case .format(let format):
            guard let key else { throw .keyRequired }
            self.init(format: format, key: key, pageSize: pageSize)
        }
    }

    /// Makes the empty file of a connection opened through ``PageCodec/vfsName`` this target, before its first
    /// statement: an encrypted target gets its format, key, page size and reserved bytes (every page SQLite then
    /// writes is encrypted); a plain target is left plain.
    ///
    /// This is the `prepare` hook an app's new-file code passes to the connection that creates the file.
    ///
    /// - Throws: ``CipherError/misuse(detail:)`` when the file is not empty (this never opens an existing
    ///   database), and the errors of ``PageCodec/apply(_:key:to:schema:pageSize:)``.
    @discardableResult
    public func applyToNewFile(_ connection: EngineConnection, schema: String = "main") throws(CipherError) -> AppliedCipher {
        let status = try PageCodec.status(of: connection, schema: schema)
        guard status.isEmpty else {
            throw .misuse(detail: "a new file's cipher can only be applied to an empty file; this one has content")
        }
        return try PageCodec.apply(choice, key: key, to: connection, schema: schema, pageSize: pageSize)
    }
}
