import CPageCodec

/// An encrypted SQLite format the page codec reads and writes.
///
/// The raw values are the names the command line uses (`--cipher sqlcipher4`). See `cipher-formats.md` for the
/// exact layouts; every format here was checked against the library that writes it.
public enum CipherFormat: String, Sendable, CaseIterable, Codable {
    /// SQLCipher 4 (MMEX desktop >= 1.8.1, iOS, Android): PBKDF2-HMAC-SHA512 256000, HMAC-SHA512 per page.
    case sqlcipher4
    /// SQLCipher 3: PBKDF2-HMAC-SHA1 64000, HMAC-SHA1 per page.
    case sqlcipher3
    /// SQLCipher 2: PBKDF2-HMAC-SHA1 4000, HMAC-SHA1 per page.
    case sqlcipher2
    /// SQLCipher 1: PBKDF2-HMAC-SHA1 4000, no page MAC.
    case sqlcipher1
    /// wxSQLite3 AES-128-CBC (MMEX desktop before 1.8.1): no salt, no MAC, deterministic.
    case aes128
    /// wxSQLite3 AES-256-CBC: no salt, no MAC, deterministic.
    case aes256
    /// ChaCha20-Poly1305, SQLite3 Multiple Ciphers' default.
    case chacha20
    /// ChaCha20-Poly1305 as the original sqleet wrote it (fewer KDF iterations, page 1 fully encrypted).
    case sqleet

    /// The order `auto` tries: what MMEX tries (SQLCipher v4, then AES-128), then the rest.
    ///
    /// The codec moves formats whose page 1 cannot look the way the file's does (SQLCipher never shows a clear
    /// header; ChaCha20 always does) behind the others, which saves their key derivations without changing which
    /// format opens a file.
    public static let detectionOrder: [CipherFormat] = [
        .sqlcipher4, .aes128, .sqlcipher3, .sqlcipher2, .sqlcipher1, .chacha20, .sqleet, .aes256,
    ]

    /// Bytes at the end of every page the format needs for its IV, nonce or MAC.
    public var reservedBytes: Int {
        switch self {
        case .sqlcipher4: 80
        case .sqlcipher3, .sqlcipher2: 48
        case .sqlcipher1: 16
        case .aes128, .aes256: 0
        case .chacha20, .sqleet: 32
        }
    }

    /// The page size the format's own library uses for a new file (SQLCipher does not probe: it needs this size).
    public var defaultPageSize: Int {
        switch self {
        case .sqlcipher3, .sqlcipher2, .sqlcipher1: 1024
        default: 4096
        }
    }

    /// Whether every page carries a MAC, so a changed byte is detected.
    public var authenticatesPages: Bool {
        switch self {
        case .sqlcipher1, .aes128, .aes256: false
        default: true
        }
    }

    /// Whether `x'<hex>'` raw keys are defined for the format (SQLCipher and the ChaCha20 formats).
    public var acceptsRawKey: Bool {
        switch self {
        case .aes128, .aes256: false
        default: true
        }
    }

    /// Whether this is one of the SQLCipher generations.
    public var isSQLCipher: Bool {
        switch self {
        case .sqlcipher4, .sqlcipher3, .sqlcipher2, .sqlcipher1: true
        default: false
        }
    }

    /// The codec's number for the format.
    var codecID: Int32 {
        switch self {
        case .sqlcipher4: Int32(DP_FORMAT_SQLCIPHER4)
        case .sqlcipher3: Int32(DP_FORMAT_SQLCIPHER3)
        case .sqlcipher2: Int32(DP_FORMAT_SQLCIPHER2)
        case .sqlcipher1: Int32(DP_FORMAT_SQLCIPHER1)
        case .aes128: Int32(DP_FORMAT_AES128)
        case .aes256: Int32(DP_FORMAT_AES256)
        case .chacha20: Int32(DP_FORMAT_CHACHA20)
        case .sqleet: Int32(DP_FORMAT_SQLEET)
        }
    }

    init?(codecID: Int32) {
        guard let format = CipherFormat.allCases.first(where: { $0.codecID == codecID }) else { return nil }
        self = format
    }
}
