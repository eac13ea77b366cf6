import SQLiteEngine
import Synchronization

/// A hook through which a test plants one change into the SQL this driver prepares (rendered from the query builder (and raw SQL)), to measure what
/// the differential suite catches (the planted-bug run). Off in production: nothing installs it outside tests and
/// `make mutants`, and while it is off, preparing a statement costs one relaxed atomic load more.
///
/// The rewrite only sees statements of connections whose path starts with the installed prefix, so a planted change
/// stays in the working copies of the run that planted it while other tests use the driver beside it.
package enum StatementRewriting {
    /// A rewrite of one statement's text; returns the text unchanged when it does not apply.
    package typealias Rewrite = @Sendable (_ sql: String) -> String

    private static let isInstalled = Atomic<Bool>(false)
    private static let installed = Mutex<(prefix: String, rewrite: Rewrite)?>(nil)

    /// The statement text to prepare on `connection`: `sql` itself unless a rewrite is installed for its path.
    @inline(__always)
    package static func apply(_ sql: String, on connection: EngineConnection) -> String {
        guard isInstalled.load(ordering: .relaxed) else { return sql }
        return rewritten(sql, path: connection.path)
    }

    private static func rewritten(_ sql: String, path: String) -> String {
        guard let (prefix, rewrite) = installed.withLock({ $0 }), path.hasPrefix(prefix) else { return sql }
        return rewrite(sql)
    }

    /// Installs `rewrite` for connections on paths under `prefix` (replacing any installed one).
    package static func install(under prefix: String, _ rewrite: @escaping Rewrite) {
        installed.withLock { $0 = (prefix, rewrite) }
        isInstalled.store(true, ordering: .sequentiallyConsistent)
    }

    /// Removes the installed rewrite: statements are prepared as written again.
    package static func remove() {
        isInstalled.store(false, ordering: .sequentiallyConsistent)
        installed.withLock { $0 = nil }
    }
}
