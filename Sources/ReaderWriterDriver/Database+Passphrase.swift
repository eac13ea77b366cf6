import Foundation
import SQLiteCipher
import SQLiteEngine

extension Database {
    /// Applies the passphrase of an encrypted database (or makes a new, empty file encrypted), as GRDB's SQLCipher
    /// `usePassphrase(_:)`: call it in ``Configuration/prepareDatabase(_:)``.
    ///
    /// The key goes through DriverPort's page codec, which reads every MMEX cipher format (SQLCipher 1-4, AES-128/256,
    /// ChaCha20, sqleet) and creates SQLCipher 4 files; a plain file opens without using the key. The connection
    /// must go through the codec's VFS: when it does not (the configuration names no VFS, as GRDB code never does),
    /// the driver reopens it through the codec and runs `prepareDatabase` again, once per connection.
    ///
    /// - Throws: a `CipherError` for a wrong key (`wrongKey`), a file that needs one, or an invalid key.
    public func usePassphrase(_ passphrase: String) throws {
        try usePassphrase(Data(passphrase.utf8))
    }

    /// ``usePassphrase(_:)-(String)`` with the passphrase's bytes (`x'<hex>'` is a raw key, as in SQLCipher).
    public func usePassphrase(_ passphrase: Data) throws {
        preconditionAccessible()
        let key = try passphrase.withUnsafeBytes { buffer throws(CipherError) in try CipherKey.parsing(buffer: buffer) }
        do {
            try PageCodec.apply(.auto, key: key, to: core.engine)
        } catch CipherError.notThroughCodec {
            throw NeedsPageCodec()
        }
    }
}

/// Thrown by ``Database/usePassphrase(_:)-(String)`` on a connection that was not opened through the page codec:
/// the opener reopens it through the codec and prepares it again.
struct NeedsPageCodec: Error {}
