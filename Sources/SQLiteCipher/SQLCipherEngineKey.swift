import SQLiteEngine

/// Keys a connection of Debian's SQLCipher 3.4.1 engine (`SQLiteLibrary.sqlcipher()`), which keeps its own codec.
///
/// That engine opens SQLCipher v1-v3 files itself, given `PRAGMA key` and, for older generations, the settings
/// that differ from its v3 defaults. The format and page size come from ``CipherProbe`` (SQLCipher itself does not
/// probe), so the same file can be read by both engines in one process.
public enum SQLCipherEngineKey {
    /// Applies `key` for a file of `format` with `pageSize`, before the first statement, and checks it opens.
    ///
    /// - Throws: ``CipherError/engineUnsupported(detail:)`` for a format the engine cannot read, or a passphrase
    ///   that cannot travel as SQL text (a NUL byte, invalid UTF-8); ``CipherError/wrongKey(format:)`` when the
    ///   engine does not accept it.
    public static func apply(key: CipherKey, format: CipherFormat, pageSize: Int, to connection: EngineConnection) throws(CipherError) {
        let settings: [String]
        switch format {
        case .sqlcipher3: settings = []
        case .sqlcipher2: settings = ["PRAGMA kdf_iter = 4000"]
        case .sqlcipher1: settings = ["PRAGMA kdf_iter = 4000", "PRAGMA cipher_use_hmac = OFF"]
        default:
            throw .engineUnsupported(detail: "engine sqlcipher (SQLCipher 3.4.1) opens SQLCipher v1-v3 only, not "
                + "\(format.rawValue); use the system engine")
        }
        let keyStatement = try key.withSecret { (secret) throws(CipherError) -> String in
            if key.kind == .raw { return "PRAGMA key = \"x'\(secret.hexString)'\"" }
            guard !secret.contains(0), let text = String(validating: secret, as: UTF8.self) else {
                throw .engineUnsupported(detail: "engine sqlcipher takes passphrases as SQL text; this one is not "
                    + "UTF-8 text (use the system engine)")
            }
            return "PRAGMA key = '" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }
        do {
            try connection.execute(keyStatement)
        } catch {
            // The failing SQL holds the key: report the error without it.
            throw .sqlite(SQLiteError(extendedCode: error.extendedCode, message: error.message, sql: nil))
        }
        do {
            for statement in settings { try connection.execute(statement) }
            if pageSize != 1024 { try connection.execute("PRAGMA cipher_page_size = \(pageSize)") }
            _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
        } catch {
            if error.code == ResultCode.notadb { throw .wrongKey(format: format) }
            throw .sqlite(error)
        }
    }
}
