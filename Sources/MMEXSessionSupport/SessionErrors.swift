import MMEXFiles
import MMEXModel
import PersistenceSession
import SQLiteCipher
import SQLiteEngine

/// The one place where what the engine, the page codec and the file checks report becomes a ``PersistenceError``,
/// and where the messages both drivers' sessions must word identically live.
///
/// The drivers map their own error types (the legacy driver's `LegacyError`, the reader/writer driver's
/// `DatabaseError`) to an SQLite result and message and come here, so a failure reads the same on every driver: the
/// differential suite compares error descriptions.
public enum SessionErrors {
    /// A stored value whose storage class the model cannot hold (TEXT expected, INTEGER found, ...).
    ///
    /// - Parameters:
    ///   - found: SQLite's `typeof()` name of what is stored (`integer`, `null`, ...).
    ///   - expected: what the model needs (`text`).
    public static func unreadableValue(table: String, column: String, found: String, expected: String) -> PersistenceError {
        .corrupt(path: nil, detail: "\(table).\(column) holds \(found), not \(expected)")
    }

    /// SQLite's extended code for a page the codec could not authenticate (`SQLITE_IOERR_DATA`).
    static let ioErrorData: Int32 = 10 | (32 << 8)

    /// The app-level error for an SQLite result, with the codec's authentication failure reported as corruption.
    public static func persistenceError(
        sqliteExtendedCode: Int32, message: String, path: String?, keyGiven: Bool
    ) -> PersistenceError {
        if sqliteExtendedCode == ioErrorData {
            return .corrupt(path: path, detail: "a page failed authentication: \(message)")
        }
        return PersistenceError(sqliteExtendedCode: sqliteExtendedCode, message: message, path: path, keyGiven: keyGiven)
    }

    /// Maps what the engine, codec, file checks or the model's value mapping (records, typed `INFOTABLE_V1` values)
    /// threw; anything else (already a ``PersistenceError``, or an error of the app's own) is returned unchanged.
    public static func mapped(_ error: any Error, path: String?, keyGiven: Bool) -> any Error {
        switch error {
        case let error as PersistenceError: error
        case let error as RecordMappingError: RecordReadErrors.unreadable(error)
        case let error as InfoValueError: PersistenceError.corrupt(path: nil, detail: error.description)
        case is SQLiteError, is CipherError, is DatabaseFileError:
            persistenceError(for: error, path: path, keyGiven: keyGiven)
        default: error
        }
    }

    static func persistenceError(for error: any Error, path: String?, keyGiven: Bool) -> PersistenceError {
        switch error {
        case let error as PersistenceError:
            return error
        case let error as RecordMappingError:
            return RecordReadErrors.unreadable(error)
        case let error as InfoValueError:
            return .corrupt(path: nil, detail: error.description)
        case let error as SQLiteError:
            return persistenceError(
                sqliteExtendedCode: error.extendedCode, message: error.message, path: path, keyGiven: keyGiven
            )
        case let error as CipherError:
            return cipherError(error, path: path, keyGiven: keyGiven)
        case let error as DatabaseFileError:
            return fileError(error)
        default:
            return .io(path: path, detail: "\(error)")
        }
    }

    private static func cipherError(_ error: CipherError, path: String?, keyGiven: Bool) -> PersistenceError {
        let file = path ?? "database"
        switch error {
        case .wrongKey: return .wrongKey(path: file)
        case .keyRequired, .notADatabase: return .notADatabase(path: file)
        case .authenticationFailed, .foreignHotJournal, .verificationFailed:
            return .corrupt(path: path, detail: error.description)
        case .io(let detail), .crypto(let detail): return .io(path: path, detail: detail)
        case .outputExists(let existing): return .alreadyExists(path: existing)
        case .databaseInUse: return .busy(path: path)
        case .sqlite(let sqliteError):
            return persistenceError(
                sqliteExtendedCode: sqliteError.extendedCode, message: sqliteError.message, path: path,
                keyGiven: keyGiven
            )
        case .emptyPassphrase, .invalidRawKey, .rawKeyUnsupported, .notEncrypted, .keyWithoutCipher,
            .notThroughCodec, .unsupportedLayout, .misuse, .cancelled, .engineUnsupported:
            return .invalidUse(error.description)
        }
    }

    private static func fileError(_ error: DatabaseFileError) -> PersistenceError {
        switch error {
        case .missing(let path): .notFound(path: path)
        case .notRegularFile(let path, _), .empty(let path): .notADatabase(path: path)
        case .unreadable(let path): .io(path: path, detail: "the file cannot be read (check its permissions)")
        case .exists(let path): .alreadyExists(path: path)
        case .cannotCreate(let path, let reason): .io(path: path, detail: "cannot create the file (\(reason))")
        case .truncated(let path, _, _), .badHeader(let path, _): .corrupt(path: path, detail: error.description)
        }
    }
}
