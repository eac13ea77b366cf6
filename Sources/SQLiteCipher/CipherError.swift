import SQLiteEngine

/// Why the page codec could not open, read, write or convert an encrypted database.
///
/// Every message is safe to show and log: none contains a passphrase or key bytes.
public enum CipherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No candidate format opens the file with this key (or the file is not an encrypted database at all).
    case wrongKey(format: CipherFormat?)
    /// The file is not plain SQLite and no key was given (it is encrypted, or not a database).
    case keyRequired
    /// The file cannot be a database (for example too short to hold one page).
    case notADatabase(reason: String)
    /// A page's MAC does not match: the file (or its WAL) was modified or damaged after it was written.
    case authenticationFailed(page: Int, detail: String)
    /// A hot journal beside the database was not written with this key and cipher; it was not rolled back.
    case foreignHotJournal(detail: String)
    /// An empty passphrase.
    case emptyPassphrase
    /// `x'...'` that is not a 64- or 96-digit hex key.
    case invalidRawKey(reason: String)
    /// A raw key for a format that has no raw keys (wxSQLite3 AES).
    case rawKeyUnsupported(format: CipherFormat?)
    /// A named cipher for a file that is plain SQLite.
    case notEncrypted(requested: CipherFormat)
    /// `none` with a key, or a key where the cipher is plain.
    case keyWithoutCipher
    /// The connection was not opened through ``PageCodec/vfsName``.
    case notThroughCodec
    /// The page reserve or page size cannot carry the cipher (for example a page size change of an encrypted file).
    case unsupportedLayout(detail: String)
    /// The API was used out of order (a key applied twice, or after the first read).
    case misuse(detail: String)
    /// OpenSSL failed.
    case crypto(detail: String)
    /// The file system refused (a path that cannot be read, created or renamed).
    case io(detail: String)
    /// The output of an export already exists.
    case outputExists(path: String)
    /// Another connection uses the database, so it cannot be replaced now.
    case databaseInUse(detail: String)
    /// A copy did not read back as written (user_version, integrity check).
    case verificationFailed(detail: String)
    /// The caller's progress handler asked to stop; nothing was changed.
    case cancelled
    /// The chosen SQLite engine cannot open this format (Debian's SQLCipher 3.4.1 opens SQLCipher v1-v3 only).
    case engineUnsupported(detail: String)
    /// SQLite failed for a reason that is not the codec's.
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .wrongKey(let format):
            let tried = format.map { " (as \($0.rawValue))" } ?? ""
            return "wrong key or not an encrypted database\(tried)"
        case .keyRequired:
            return "not a plain SQLite database: it is encrypted (give its key) or not a database"
        case .notADatabase(let reason): return "not a database: \(reason)"
        case .authenticationFailed(let page, let detail):
            return detail.isEmpty ? "page \(page) failed authentication" : detail
        case .foreignHotJournal(let detail): return detail
        case .emptyPassphrase: return "empty passphrase: an encrypted database needs a non-empty key"
        case .invalidRawKey(let reason): return "invalid raw key: \(reason)"
        case .rawKeyUnsupported(let format):
            return "raw keys are not defined for \(format?.rawValue ?? "this format"); give a passphrase"
        case .notEncrypted(let requested):
            return "the file is plain SQLite, not \(requested.rawValue); open it with cipher auto or none"
        case .keyWithoutCipher: return "a key was given for a plain (cipher none) database"
        case .notThroughCodec: return "the connection was not opened through the page codec VFS (PageCodec.vfsName)"
        case .unsupportedLayout(let detail): return detail
        case .misuse(let detail): return detail
        case .crypto(let detail): return "OpenSSL: \(detail)"
        case .io(let detail): return detail
        case .outputExists(let path): return "\(path): already exists; choose another path or remove it first"
        case .databaseInUse(let detail): return "the database is in use by another connection (\(detail)); close it and try again"
        case .verificationFailed(let detail): return "the new file did not verify: \(detail)"
        case .cancelled: return "cancelled; the database was not changed"
        case .engineUnsupported(let detail): return detail
        case .sqlite(let error): return error.description
        }
    }
}
