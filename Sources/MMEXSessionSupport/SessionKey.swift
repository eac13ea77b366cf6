import MMEXModel
import PersistenceSession
import SQLiteCipher
import SQLiteEngine

/// A session's key, turned from the model's ``DatabaseKey`` into what the page codec needs, and applied to each new
/// connection before its first read.
///
/// Both drivers' sessions use it in their per-connection set-up hook (the legacy `Connection`'s `prepare:`, the
/// reader/writer `Configuration.prepareDatabase`), and open their connections through ``vfsName`` whenever a key is
/// given, so an encrypted file opens the same way on every driver. The passphrase is read the way `PRAGMA key`
/// reads it: `x'<64 or 96 hex digits>'` is a raw key, anything else passphrase bytes.
public struct SessionKey: Sendable {
    /// The cipher choice for the codec (MMEX's detection, `SQLiteCipher.CipherChoice.mmex`, for
    /// ``MMEXModel/CipherChoice/automatic``).
    public let choice: SQLiteCipher.CipherChoice
    /// The key material (wiped when the last copy of the session key goes away).
    public let key: CipherKey
    /// The page codec's VFS instance the session opens the file through: the default one, or one over the key's
    /// ``MMEXModel/DatabaseKey/codecBaseVFS``.
    public let codecVFS: String

    /// Resolves a model key.
    ///
    /// - Throws: ``PersistenceError/invalidUse(_:)`` for an empty passphrase, a malformed raw key or a cipher name this
    ///   build does not know (never quoting the passphrase).
    public init(_ databaseKey: DatabaseKey) throws(PersistenceError) {
        choice = try Self.choice(for: databaseKey.cipher)
        do {
            codecVFS = try databaseKey.codecBaseVFS.map { (base) throws(CipherError) -> String in
                try PageCodec.vfsName(over: base)
            } ?? PageCodec.vfsName
            key = try databaseKey.withPassphrase { (bytes) throws(CipherError) -> CipherKey in
                try CipherKey.parsing(buffer: bytes)
            }.reusingDerivedKeys(databaseKey.reusesDerivedKeys)
        } catch {
            throw SessionErrors.persistenceError(for: error, path: nil, keyGiven: true)
        }
    }

    /// The codec's cipher choice for a model cipher choice.
    static func choice(for cipher: MMEXModel.CipherChoice) throws(PersistenceError) -> SQLiteCipher.CipherChoice {
        switch cipher {
        case .automatic: return .mmex
        case .sqlcipher4: return .format(.sqlcipher4)
        case .sqlcipher3: return .format(.sqlcipher3)
        case .sqlcipher2: return .format(.sqlcipher2)
        case .sqlcipher1: return .format(.sqlcipher1)
        case .aes128cbc: return .format(.aes128)
        case .aes256cbc: return .format(.aes256)
        case .chacha20: return .format(.chacha20)
        case .unknown(let name):
            if let format = CipherFormat(rawValue: name) { return .format(format) }
            throw .invalidUse("unknown cipher '\(name)'; known: \(CipherFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The VFS a session opens its connections through: the page codec's with a key (``codecVFS``), the default
    /// one without.
    public static func vfsName(for key: SessionKey?) -> String? {
        key?.codecVFS
    }

    /// Applies the key to a connection opened through ``vfsName(for:)``, before its first statement.
    ///
    /// - Throws: ``PersistenceError/wrongKey(path:)`` when the key does not open the file, and the other cipher
    ///   failures mapped by ``SessionErrors``.
    public func apply(to connection: EngineConnection, path: String) throws(PersistenceError) {
        do {
            try PageCodec.apply(choice, key: key, to: connection)
        } catch {
            throw SessionErrors.persistenceError(for: error, path: path, keyGiven: true)
        }
    }

    /// Opens a finished copy read-only with this key (or plain without one): how the differential suite reads what
    /// a session left behind.
    public static func openForInspection(_ path: String, key: SessionKey?) throws -> EngineConnection {
        let connection = try EngineConnection(
            path: path, options: OpenOptions(access: .readOnly, vfs: vfsName(for: key))
        )
        if let key { try key.apply(to: connection, path: path) }
        return connection
    }
}
