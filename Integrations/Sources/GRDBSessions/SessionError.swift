import PersistenceSession

/// DriverPort's `PersistenceError` under a name GRDB does not also define (GRDB has a `PersistenceError` of its own),
/// for the files that import both.
typealias SessionError = PersistenceError
