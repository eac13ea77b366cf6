import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver
import ReaderWriterSessions

/// The reader/writer driver's errors in the session's terms.
enum ReaderWriterErrors {
    /// `error` as the session reports it: SQLite failures through MMEX's wording (a page that fails authentication is
    /// corruption, "not a database" with a key a wrong key), everything else as every reader/writer session reports
    /// it (``ReaderWriterSessionErrors/mapped(_:path:)``); errors that are not the driver's through
    /// ``SessionErrors/mapped(_:path:keyGiven:)``.
    static func mapped(_ error: any Error, path: String?, keyGiven: Bool) -> any Error {
        guard let database = error as? DatabaseError else {
            return SessionErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
        switch database.kind {
        case .sqlite, .invalidConfiguration, .transactionLeftOpen:
            return SessionErrors.persistenceError(
                sqliteExtendedCode: database.extendedResultCode.rawValue, message: database.message, path: path,
                keyGiven: keyGiven
            )
        default:
            return ReaderWriterSessionErrors.mapped(database, path: path)
        }
    }
}
