/// The key of an encrypted MMEX file (`.emb`), without any cipher library type.
///
/// Holds the passphrase bytes exactly as given to `PRAGMA key` (no trailing NUL) and which cipher format to read them
/// with. It lives in the model so every layer (sessions, import of another file) can carry it; the drivers turn it
/// into their codec configuration. Its description never shows the passphrase, so it is safe in logs and errors.
///
/// The bytes live in storage of their own that is overwritten with zeros when the last copy of the key goes away
/// (see ``withPassphrase(_:)`` to read them without making a copy). An array the key was made from, and one that
/// ``passphrase`` returns, are the caller's to forget.
public struct DatabaseKey: Sendable, Hashable {
    /// The passphrase bytes, shared by copies of the key and wiped with the last one.
    private let secret: SecretBytes
    /// The cipher format to use.
    public let cipher: CipherChoice
    /// The SQLite VFS the page codec reads and writes the file through (`nil`, the default: the system's own, the
    /// disk). Tests name a fault-injecting or power-loss VFS here, so the same session code runs encrypted over it;
    /// that VFS must stay registered while the process runs.
    public var codecBaseVFS: String?
    /// Whether opens with this key may take a key derived earlier (by another connection to a file with the same salt)
    /// from the process's derived-key cache, and leave theirs there (`true`, the default). `false` derives the key at
    /// every open: what `DRIVERPORT_KEY_CACHE=off` asks for when measuring the derivation.
    public var reusesDerivedKeys = true

    /// The raw passphrase bytes, as a new array (the caller's to forget; prefer ``withPassphrase(_:)``).
    public var passphrase: [UInt8] { secret.withBytes { Array($0) } }

    public init(passphrase: [UInt8], cipher: CipherChoice = .automatic) {
        self.secret = SecretBytes(passphrase)
        self.cipher = cipher
    }

    /// A key from a text passphrase (its UTF-8 bytes, copied straight into the key's storage).
    public init(passphrase: String, cipher: CipherChoice = .automatic) {
        self.secret = SecretBytes(passphrase.utf8)
        self.cipher = cipher
    }

    /// Calls `body` with the passphrase bytes, without copying them; they must not escape it.
    public func withPassphrase<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try secret.withBytes(body)
    }

    /// How many bytes the passphrase has.
    public var passphraseByteCount: Int { secret.count }

    /// Where the bytes are stored (tests: matched with what ``SecretBytes/wipeObserver`` sees).
    var storageAddress: UInt { secret.address }

    public static func == (lhs: DatabaseKey, rhs: DatabaseKey) -> Bool {
        lhs.cipher == rhs.cipher && lhs.codecBaseVFS == rhs.codecBaseVFS && lhs.reusesDerivedKeys == rhs.reusesDerivedKeys
            && lhs.withPassphrase { left in rhs.withPassphrase { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cipher)
        hasher.combine(codecBaseVFS)
        hasher.combine(reusesDerivedKeys)
        withPassphrase { hasher.combine(bytes: $0) }
    }
}

extension DatabaseKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `key(<redacted>, cipher: sqlcipher4)`: never the passphrase.
    public var description: String { "key(<redacted>, cipher: \(cipher.rawValue))" }
    public var debugDescription: String { description }
    /// Only the cipher: `dump()`, mirrors and debuggers would otherwise list the passphrase bytes.
    public var customMirror: Mirror { Mirror(self, children: ["cipher": cipher], displayStyle: .struct) }
}

/// Which encrypted format a key opens (see `cipher-formats.md`).
///
/// A string-backed open enum so the session layer needs no cipher library: `automatic` tries the formats in the order
/// MMEX does (SQLCipher v4, then wxSQLite3 AES-128-CBC, then the rest); a named format is used alone.
public enum CipherChoice: OpenTextEnum {
    /// Try every supported format, MMEX's order first.
    case automatic
    /// SQLCipher v4 (every current `.emb`: desktop >= 1.8.1, iOS, Android).
    case sqlcipher4
    /// SQLCipher v3.
    case sqlcipher3
    /// SQLCipher v2.
    case sqlcipher2
    /// SQLCipher v1.
    case sqlcipher1
    /// wxSQLite3 AES-128-CBC (desktop before 1.8.1).
    case aes128cbc
    /// wxSQLite3 AES-256-CBC.
    case aes256cbc
    /// SQLite3 Multiple Ciphers ChaCha20-Poly1305 (sqleet-derived).
    case chacha20
    /// A format name this build does not know.
    case unknown(String)

    public static let knownCases: [CipherChoice] = [
        .automatic, .sqlcipher4, .sqlcipher3, .sqlcipher2, .sqlcipher1, .aes128cbc, .aes256cbc, .chacha20,
    ]

    public init(rawValue: String) {
        self = Self.known(rawValue) ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .automatic: "automatic"
        case .sqlcipher4: "sqlcipher4"
        case .sqlcipher3: "sqlcipher3"
        case .sqlcipher2: "sqlcipher2"
        case .sqlcipher1: "sqlcipher1"
        case .aes128cbc: "aes128cbc"
        case .aes256cbc: "aes256cbc"
        case .chacha20: "chacha20"
        case .unknown(let name): name
        }
    }
}
