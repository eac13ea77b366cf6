import GRDB
import PersistenceSession

/// GRDB's errors in the session's terms, as the project's own engines report them.
public enum GRDBErrorMapping {
    /// A GRDB `DatabaseError` as a `PersistenceError`, its constraint kind read from GRDB's extended result code;
    /// an error that maps to no kind is kept whole (`PersistenceError.database(code:extendedCode:message:)` with
    /// GRDB's primary and extended codes and its message). Anything else (the app's own errors) unchanged.
    public static func mapped(_ error: any Error, path: String?) -> any Error {
        guard let database = error as? DatabaseError else { return error }
        return SessionError(
            sqliteExtendedCode: database.extendedResultCode.rawValue, message: database.message ?? "\(database)",
            path: path
        )
    }
}
