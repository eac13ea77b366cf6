import CPageCodec

/// An encrypted SQLite format the page codec reads and writes.
///
/// The raw values are the names the command line uses (`--cipher sqlcipher4`). See `cipher-formats.md` for the
/// exact layouts; every format here was checked against the library that writes it.
public enum CipherFormat: String, Sendable, CaseIterable, Codable {
    /// SQLCipher 4 (for example MMEX desktop >= 1.8.1, iOS and Android files): PBKDF2-HMAC-SHA512 256000, HMAC-SHA512 per page.
    case sqlcipher4
    /// SQLCipher 3: PBKDF2-HMAC-SHA1 64000, HMAC-SHA1 per page.
    case sqlcipher3
    /// SQLCipher 2: PBKDF2-HMAC-SHA1 4000, HMAC-SHA1 per page.
    case sqlcipher2
    /// SQLCipher 1: PBKDF2-HMAC-SHA1 4000, no page MAC.
    case sqlcipher1
    /// wxSQLite3 AES-128-CBC (for example MMEX desktop files before 1.8.1): no salt, no MAC, deterministic.
    case aes128
    /// wxSQLite3 AES-256-CBC: no salt, no MAC, deterministic.
    case aes256
    /// ChaCha20-Poly1305, SQLite3 Multiple Ciphers' default.
    case chacha20
    /// ChaCha20-Poly1305 as the original sqleet wrote it (fewer KDF iterations, page 1 fully encrypted).
    case sqleet
    /// SQLite3 Multiple Ciphers' RC4 (System.Data.SQLite's legacy encryption): SHA-1 key, no salt, no MAC.
    case rc4
    /// SQLite3 Multiple Ciphers' Ascon-128 (v1.2): Ascon PBKDF2 64007, an Ascon-128 tag per page.
    case ascon128
    /// SQLite3 Multiple Ciphers' AEGIS with AEGIS-128L: Argon2id key, a 32-byte AEGIS tag per page.
    case aegis128l = "aegis-128l"
    /// AEGIS with AEGIS-128X2.
    case aegis128x2 = "aegis-128x2"
    /// AEGIS with AEGIS-128X4.
    case aegis128x4 = "aegis-128x4"
    /// AEGIS with AEGIS-256, SQLite3 Multiple Ciphers' default AEGIS algorithm (`--cipher aegis`).
    case aegis256 = "aegis-256"
    /// AEGIS with AEGIS-256X2.
    case aegis256x2 = "aegis-256x2"
    /// AEGIS with AEGIS-256X4.
    case aegis256x4 = "aegis-256x4"

    /// The order `auto` tries: the most widely written formats first (SQLCipher v4, then wxSQLite3 AES-128), then
    /// the older SQLCipher versions and the rest.
    ///
    /// The codec moves formats whose page 1 cannot look the way the file's does (SQLCipher never shows a clear
    /// header; ChaCha20 always does) behind the others, which saves their key derivations without changing which
    /// format opens a file. SQLite3 Multiple Ciphers' other ciphers come last.
    public static let detectionOrder: [CipherFormat] = [
        .sqlcipher4, .aes128, .sqlcipher3, .sqlcipher2, .sqlcipher1, .chacha20, .sqleet, .aes256,
        .rc4, .ascon128, .aegis256, .aegis256x2, .aegis256x4, .aegis128l, .aegis128x2, .aegis128x4,
    ]

    /// The names `--cipher` accepts besides the raw values: `aegis` is SQLite3 Multiple Ciphers' default AEGIS.
    public static let aliases: [String: CipherFormat] = ["aegis": .aegis256]

    /// Whether this is one of the AEGIS algorithms (the file does not record which: each is its own format).
    public var isAEGIS: Bool {
        switch self {
        case .aegis128l, .aegis128x2, .aegis128x4, .aegis256, .aegis256x2, .aegis256x4: true
        default: false
        }
    }

    /// Bytes at the end of every page the format needs for its IV, nonce or MAC.
    public var reservedBytes: Int {
        switch self {
        case .sqlcipher4: 80
        case .sqlcipher3, .sqlcipher2: 48
        case .sqlcipher1: 16
        case .aes128, .aes256, .rc4: 0
        case .chacha20, .sqleet, .ascon128: 32
        case .aegis128l, .aegis128x2, .aegis128x4: 48
        case .aegis256, .aegis256x2, .aegis256x4: 64
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
        case .sqlcipher1, .aes128, .aes256, .rc4: false
        default: true
        }
    }

    /// Whether `x'<hex>'` raw keys are defined for the format (SQLCipher, the ChaCha20 formats, Ascon and the
    /// AEGIS-256 family: a 32-byte key, optionally followed by the salt).
    public var acceptsRawKey: Bool {
        switch self {
        case .aes128, .aes256, .rc4, .aegis128l, .aegis128x2, .aegis128x4: false
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
        case .rc4: Int32(DP_FORMAT_RC4)
        case .ascon128: Int32(DP_FORMAT_ASCON128)
        case .aegis128l: Int32(DP_FORMAT_AEGIS128L)
        case .aegis128x2: Int32(DP_FORMAT_AEGIS128X2)
        case .aegis128x4: Int32(DP_FORMAT_AEGIS128X4)
        case .aegis256: Int32(DP_FORMAT_AEGIS256)
        case .aegis256x2: Int32(DP_FORMAT_AEGIS256X2)
        case .aegis256x4: Int32(DP_FORMAT_AEGIS256X4)
        }
    }

    init?(codecID: Int32) {
        guard let format = CipherFormat.allCases.first(where: { $0.codecID == codecID }) else { return nil }
        self = format
    }
}
