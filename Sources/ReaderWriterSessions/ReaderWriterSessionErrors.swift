import PersistenceSession
import ReaderWriterDriver

/// The reader/writer driver's errors in the session's terms, as every ``ReaderWriterSessionEngine`` reports them
/// unless its setup maps them itself (an app that adds wording of its own maps SQLite failures first and hands the
/// rest here).
public enum ReaderWriterSessionErrors {
    /// A nested access as `UnitOfWorkRules.nestedUnitOfWork`, a closed database as `PersistenceError.closed`, a
    /// write in a read as `PersistenceError.readOnly(path:detail:)`, SQLite failures through
    /// `PersistenceError.init(sqliteExtendedCode:message:path:keyGiven:)`, the driver's own checks as
    /// `PersistenceError.database(code:extendedCode:message:)`; anything else (a `PersistenceError`, the app's own
    /// errors) unchanged.
    public static func mapped(_ error: any Error, path: String?) -> any Error {
        guard let database = error as? DatabaseError else { return error }
        switch database.kind {
        case .reentrantAccess:
            return UnitOfWorkRules.nestedUnitOfWork
        case .closed:
            return PersistenceError.closed
        case .writeInReadAccess:
            return PersistenceError.readOnly(path: path, detail: database.message)
        case .sqlite, .invalidConfiguration, .transactionLeftOpen:
            return PersistenceError(sqliteExtendedCode: database.extendedResultCode.rawValue, message: database.message, path: path)
        default:
            return PersistenceError.database(
                code: database.resultCode.rawValue, extendedCode: database.extendedResultCode.rawValue, message: database.description
            )
        }
    }
}
