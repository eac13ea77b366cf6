import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver

/// The reader/writer driver's errors in the session's terms.
enum ReaderWriterErrors {
    /// `error` as the session reports it: a nested access as ``SessionErrors/nestedUnitOfWork``, a closed database
    /// as ``PersistenceError/closed``, SQLite failures through the shared mapping; ``PersistenceError``s and the app's
    /// own errors unchanged.
    static func mapped(_ error: any Error, path: String?, keyGiven: Bool) -> any Error {
        guard let database = error as? DatabaseError else {
            return SessionErrors.mapped(error, path: path, keyGiven: keyGiven)
        }
        switch database.kind {
        case .reentrantAccess:
            return UnitOfWorkRules.nestedUnitOfWork
        case .closed:
            return PersistenceError.closed
        case .writeInReadAccess:
            return PersistenceError.readOnly(path: path, detail: database.message)
        case .sqlite, .invalidConfiguration, .transactionLeftOpen:
            return SessionErrors.persistenceError(
                sqliteExtendedCode: database.extendedResultCode, message: database.message, path: path,
                keyGiven: keyGiven
            )
        case .valueConversion, .columnNotFound, .invalidArguments, .foreignKeyViolation:
            return PersistenceError.database(
                code: database.resultCode, extendedCode: database.extendedResultCode, message: database.description
            )
        }
    }
}
